//! Snapshots along the search's path: what a pruning rule worked out at a level, kept while the
//! search stays below that level.
//!
//! The sums and the same-values constraints (`bounds.rs`, `same_values.rs`) narrow at every
//! branching, and much of what they work out there holds all the way down: which of them were
//! settled (nothing to remove) with which lengths of their items, and what the options on the
//! stack already fix. Each keeps a copy of it at every level where it narrowed, and the next
//! branching below starts from the newest copy instead of from nothing.
//!
//! A copy taken at level `l` depends only on the options chosen at levels `0..l`, so it holds
//! exactly as long as those options are still on the stack. The search tells the rules nothing
//! when it backs up (its loop stays as lean as Algorithm X's), so a rule finds out which of its
//! copies still hold when it next narrows, at level `level` below the options `chosen`: a copy
//! holds if it was taken above `level`, and below the same options as `chosen` starts with. The
//! copies held always lie along one path, the newest's, so [`Snapshots`] records their levels
//! and the options chosen above the newest, and compares those with `chosen` once.

/// The levels at which a rule kept copies (see the module docs), oldest first, and the options
/// chosen above the newest; the copies themselves are the rule's, a fixed width of entries a
/// level in arrays of its own.
#[derive(Debug, Clone, Default)]
pub(super) struct Snapshots {
    levels: Vec<u32>,
    path: Vec<u32>,
}

impl Snapshots {
    /// No copies (a new search).
    pub(super) fn clear(&mut self) {
        self.levels.clear();
        self.path.clear();
    }

    /// At a branching at `level` below the options `chosen` (`chosen.len() == level`): forgets
    /// the copies that no longer hold, and returns how many still do, with the level of the
    /// newest of them (0 if none). The caller keeps that many copies and drops the rest.
    pub(super) fn holding(&mut self, level: usize, chosen: &[u32]) -> (usize, usize) {
        debug_assert_eq!(chosen.len(), level);
        let same = self
            .path
            .iter()
            .zip(chosen)
            .take_while(|(a, b)| a == b)
            .count();
        while self
            .levels
            .last()
            .is_some_and(|&l| l as usize >= level || l as usize > same)
        {
            self.levels.pop();
        }
        (
            self.levels.len(),
            self.levels.last().map_or(0, |&l| l as usize),
        )
    }

    /// Records a copy taken at `level` below the options `chosen`, after
    /// [`holding`](Self::holding) at the same level and path.
    pub(super) fn push(&mut self, level: usize, chosen: &[u32]) {
        self.levels.push(level as u32);
        self.path.clear();
        self.path.extend_from_slice(chosen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_hold_while_the_options_above_them_stay() {
        let mut s = Snapshots::default();
        assert_eq!(s.holding(0, &[]), (0, 0));
        s.push(0, &[]);
        assert_eq!(s.holding(2, &[10, 20]), (1, 0));
        s.push(2, &[10, 20]);
        assert_eq!(s.holding(3, &[10, 20, 30]), (2, 2));
        s.push(3, &[10, 20, 30]);
        // Backed up to level 2 and took its next option: the copy at 3 was taken below 30.
        assert_eq!(s.holding(5, &[10, 20, 31, 40, 50]), (2, 2));
        s.push(5, &[10, 20, 31, 40, 50]);
        // Backed up to level 1 and took its next option, then forced moves down to level 6:
        // the copies at 2 and 5 were taken below 20, so only the one at 0 holds.
        assert_eq!(s.holding(6, &[10, 21, 30, 40, 50, 60]), (1, 0));
        s.push(6, &[10, 21, 30, 40, 50, 60]);
        // Narrowing again at a level no deeper than a copy's drops it.
        assert_eq!(s.holding(6, &[10, 21, 30, 40, 50, 60]), (1, 0));
        assert_eq!(s.holding(0, &[]), (0, 0));
        s.clear();
        assert_eq!(s.holding(4, &[1, 2, 3, 4]), (0, 0));
    }
}
