//! Cage combinations: a killer cage's digits come from the sets that make its sum and fit its
//! cells; a Mathdoku cage's, from the fillings that make its target and fit its cells.
//!
//! A Mathdoku cage may repeat a digit (in cells that share no unit), so it is read by its
//! fillings, one digit per cell, as the exact-cover model's options list them: a filling stays
//! while each of its digits is placed in, or still a candidate of, its cell, and each open cell
//! keeps the digits some filling left gives it. A one-cell cage is a given.

use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// Cage combinations (see the module docs): a killer cage's digits come from the sets that
    /// make its sum and fit its cells.
    pub(in crate::sudoku::logic) fn cage_combinations(&mut self) -> Progress {
        let mut progress = Progress::None;
        for k in 0..self.cages.len() {
            if self.cage_unchanged(k) {
                continue;
            }
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
            let Some(sets) = &self.cages[k].1 else {
                continue; // too many to list: the final check reads the sum
            };
            let reach = open.iter().fold(0u64, |acc, &c| acc | self.cand[c]);
            let (mut allowed, mut needed) = (0u64, self.all);
            for &set in sets {
                if self.set_fits(set, placed, reach, &open) {
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
            self.note_quiet(k);
        }
        if progress == Progress::None {
            return self.math_fillings();
        }
        progress
    }

    /// What cage combinations reads of cage `k`: the digits placed in it, then for each of its
    /// cells its value (with the top bit set) or, while it is open, its candidates.
    fn cage_state(&self, k: usize) -> impl Iterator<Item = u64> + '_ {
        let cells = self.cages[k]
            .0
            .iter()
            .map(|&c| match self.values[c as usize] {
                0 => self.cand[c as usize],
                v => 1 << 63 | u64::from(v),
            });
        std::iter::once(self.cage_placed[k]).chain(cells)
    }

    /// Whether cage `k` is as it was when cage combinations last found nothing in it: then it
    /// would find nothing again (what it finds depends on that state alone), and the cage's
    /// digit sets, hundreds on a big board, are not read again.
    fn cage_unchanged(&self, k: usize) -> bool {
        let quiet = &self.cage_quiet[k];
        !quiet.is_empty() && self.cage_state(k).eq(quiet.iter().copied())
    }

    /// Notes cage `k`'s state: cage combinations found nothing in it.
    fn note_quiet(&mut self, k: usize) {
        let mut quiet = std::mem::take(&mut self.cage_quiet[k]);
        quiet.clear();
        quiet.extend(self.cage_state(k));
        self.cage_quiet[k] = quiet;
    }

    /// Whether a cage's digit set still fits: it holds the digits `placed` in the cage, its
    /// other digits are candidates of the `open` cells (whose candidates together are
    /// `reach`), and every open cell has a candidate in it.
    fn set_fits(&self, set: u64, placed: u64, reach: u64, open: &[usize]) -> bool {
        set & placed == placed
            && (set & !placed) & reach == set & !placed
            && open.iter().all(|&c| self.cand[c] & set != 0)
    }

    /// The digit sets of cage `k` that still fit its cells (as cage combinations reads them;
    /// none for a cage whose sets are not listed), and its open cells.
    pub(super) fn fitting_sets(&self, k: usize) -> (Vec<u64>, Vec<usize>) {
        let placed = self.cage_placed[k];
        let open: Vec<usize> = self.cages[k]
            .0
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.values[c] == 0)
            .collect();
        let reach = open.iter().fold(0u64, |acc, &c| acc | self.cand[c]);
        let sets = self.cages[k]
            .1
            .iter()
            .flatten()
            .copied()
            .filter(|&set| self.set_fits(set, placed, reach, &open))
            .collect();
        (sets, open)
    }

    /// Mathdoku cages: each open cell keeps the digits of the fillings that still fit.
    fn math_fillings(&mut self) -> Progress {
        for k in 0..self.math.len() {
            let Some(fillings) = &self.math[k].1 else {
                continue; // too many to list: the final check reads the cage
            };
            let cells = &self.math[k].0;
            let mut allowed = vec![0u64; cells.len()];
            let mut fits_any = false;
            for filling in fillings {
                let fits = cells.iter().zip(filling).all(|(&c, &d)| {
                    let c = c as usize;
                    match self.values[c] {
                        0 => self.cand[c] & 1 << (d - 1) != 0,
                        v => v == d,
                    }
                });
                if fits {
                    fits_any = true;
                    for (a, &d) in allowed.iter_mut().zip(filling) {
                        *a |= 1 << (d - 1);
                    }
                }
            }
            if !fits_any {
                return Progress::Contradiction;
            }
            let mut changed = false;
            for (i, a) in allowed.into_iter().enumerate() {
                let c = self.math[k].0[i] as usize;
                if self.values[c] == 0 {
                    changed |= self.eliminate(c, !a);
                }
            }
            if changed {
                return Progress::Some;
            }
        }
        Progress::None
    }
}
