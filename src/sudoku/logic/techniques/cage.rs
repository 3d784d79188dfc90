//! Cage combinations: a killer cage's digits come from the sets that make its sum and fit its
//! cells.

use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// Cage combinations (see the module docs): a killer cage's digits come from the sets that
    /// make its sum and fit its cells.
    pub(in crate::sudoku::logic) fn cage_combinations(&mut self) -> Progress {
        let mut progress = Progress::None;
        for k in 0..self.cages.len() {
            let placed = self.cage_placed[k];
            let open: Vec<usize> = self.cages[k]
                .0
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.values[c] == 0)
                .collect();
            if open.is_empty() {
                continue;
            }
            let reach = open.iter().fold(0u64, |acc, &c| acc | self.cand[c]);
            let (mut allowed, mut needed) = (0u64, self.all);
            for &set in &self.cages[k].1 {
                let fits = set & placed == placed
                    && (set & !placed) & reach == set & !placed
                    && open.iter().all(|&c| self.cand[c] & set != 0);
                if fits {
                    allowed |= set;
                    needed &= set;
                }
            }
            if allowed == 0 {
                return Progress::Contradiction;
            }
            for &c in &open {
                if self.eliminate(c, !allowed) {
                    progress = Progress::Some;
                }
            }
            // A digit every set needs, with one place left in the cage, goes there.
            let mut must = needed & !placed;
            while must != 0 {
                let bit = must & must.wrapping_neg();
                must &= must - 1;
                let at: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| self.values[c] == 0 && self.cand[c] & bit != 0)
                    .collect();
                match at[..] {
                    [] => return Progress::Contradiction,
                    [c] => {
                        self.place(c, bit.trailing_zeros() as u8 + 1);
                        progress = Progress::Some;
                    }
                    _ => {}
                }
            }
            if progress == Progress::Some {
                return progress;
            }
        }
        progress
    }
}
