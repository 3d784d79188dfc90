//! Naked and hidden subsets (pairs, triples) within a unit.
//!
//! A naked subset holds in any unit, full or not (its cells need as many different values as
//! they have candidates between them); a hidden subset only in a full unit, which must hold
//! every value somewhere.

use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// `size` cells of a unit whose candidates together number `size`: those values go from
    /// the unit's other cells.
    pub(in crate::sudoku::logic) fn naked_subsets(&mut self, size: usize) -> Progress {
        for u in 0..self.units.len() {
            let cells: Vec<usize> = self.units[u]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| {
                    let n = self.cand[c].count_ones() as usize;
                    (2..=size).contains(&n)
                })
                .collect();
            let mut found = None;
            for_each_subset(cells.len(), size, |pick| {
                let union = pick.iter().fold(0, |acc, &i| acc | self.cand[cells[i]]);
                if union.count_ones() as usize == size {
                    let chosen: Vec<usize> = pick.iter().map(|&i| cells[i]).collect();
                    let useful = self.units[u].iter().any(|&c| {
                        !chosen.contains(&(c as usize)) && self.cand[c as usize] & union != 0
                    });
                    if useful {
                        found = Some((union, chosen));
                        return true;
                    }
                }
                false
            });
            if let Some((union, chosen)) = found {
                for k in 0..self.units[u].len() {
                    let c = self.units[u][k] as usize;
                    if !chosen.contains(&c) {
                        self.eliminate(c, union);
                    }
                }
                return Progress::Some;
            }
        }
        Progress::None
    }

    /// `size` values whose places in a unit number `size` together: the other candidates go
    /// from those cells.
    pub(in crate::sudoku::logic) fn hidden_subsets(&mut self, size: usize) -> Progress {
        for u in (0..self.units.len()).filter(|&u| self.full[u]) {
            // Where each missing value can go, as a bit set over the unit's cells.
            let mut places: Vec<(u64, u64)> = Vec::new();
            let mut missing = self.all & !self.placed[u];
            while missing != 0 {
                let bit = missing & missing.wrapping_neg();
                missing &= missing - 1;
                let mut at = 0u64;
                for (k, &c) in self.units[u].iter().enumerate() {
                    if self.cand[c as usize] & bit != 0 {
                        at |= 1 << k;
                    }
                }
                if (2..=size).contains(&(at.count_ones() as usize)) {
                    places.push((bit, at));
                }
            }
            let mut found = None;
            for_each_subset(places.len(), size, |pick| {
                let cells = pick.iter().fold(0, |acc, &i| acc | places[i].1);
                if cells.count_ones() as usize == size {
                    let values = pick.iter().fold(0, |acc, &i| acc | places[i].0);
                    let useful = (0..self.units[u].len()).any(|k| {
                        cells & (1 << k) != 0 && self.cand[self.units[u][k] as usize] & !values != 0
                    });
                    if useful {
                        found = Some((values, cells));
                        return true;
                    }
                }
                false
            });
            if let Some((values, cells)) = found {
                for k in 0..self.units[u].len() {
                    if cells & (1 << k) != 0 {
                        let c = self.units[u][k] as usize;
                        self.eliminate(c, !values);
                    }
                }
                return Progress::Some;
            }
        }
        Progress::None
    }
}

/// Calls `visit` with every `size`-element subset of `0..n` (as ascending indices) until it
/// returns true. Sizes 1 to 3 are all the rater needs.
pub(in crate::sudoku::logic) fn for_each_subset(
    n: usize,
    size: usize,
    mut visit: impl FnMut(&[usize]) -> bool,
) {
    match size {
        1 => {
            for a in 0..n {
                if visit(&[a]) {
                    return;
                }
            }
        }
        2 => {
            for a in 0..n {
                for b in a + 1..n {
                    if visit(&[a, b]) {
                        return;
                    }
                }
            }
        }
        3 => {
            for a in 0..n {
                for b in a + 1..n {
                    for c in b + 1..n {
                        if visit(&[a, b, c]) {
                            return;
                        }
                    }
                }
            }
        }
        _ => {}
    }
}
