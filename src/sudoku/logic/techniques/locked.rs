//! Locked candidates: a value whose places in one unit all lie in another goes from the rest of
//! that other unit (pointing from a box to a line, claiming from a line to a box).

use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// Pointing (a box's places for a value on one line) and claiming (a line's places for a
    /// value in one box).
    pub(in crate::sudoku::logic) fn locked_candidates(&mut self) -> Progress {
        let g = self.geometry.unwrap_or_default();
        let side = self.side;
        let box_of = |rater: &Rater, c: usize| rater.box_of[c] as usize;
        let mut changed = false;
        for b in 0..side {
            let boxed = 2 * side + b;
            let missing = self.all & !self.placed[boxed];
            let mut values = missing;
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values &= values - 1;
                let (mut rows, mut cols) = (0u64, 0u64);
                for &c in &self.units[boxed] {
                    if self.cand[c as usize] & bit != 0 {
                        rows |= 1 << g.row_of(c as usize);
                        cols |= 1 << g.col_of(c as usize);
                    }
                }
                if rows.count_ones() == 1 {
                    let r = rows.trailing_zeros() as usize;
                    for k in 0..side {
                        let c = self.units[r][k] as usize;
                        if box_of(self, c) != b {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                }
                if cols.count_ones() == 1 {
                    let col = cols.trailing_zeros() as usize;
                    for k in 0..side {
                        let c = self.units[side + col][k] as usize;
                        if box_of(self, c) != b {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                }
                if changed {
                    return Progress::Some;
                }
            }
        }
        for line in 0..2 * side {
            let missing = self.all & !self.placed[line];
            let mut values = missing;
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values &= values - 1;
                let mut boxes = 0u64;
                for &c in &self.units[line] {
                    if self.cand[c as usize] & bit != 0 {
                        boxes |= 1 << box_of(self, c as usize);
                    }
                }
                if boxes.count_ones() == 1 {
                    let b = boxes.trailing_zeros() as usize;
                    for k in 0..side {
                        let c = self.units[2 * side + b][k] as usize;
                        if self.units_of[c][0] as usize != line
                            && self.units_of[c][1] as usize != line
                        {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                }
                if changed {
                    return Progress::Some;
                }
            }
        }
        if self.units.len() > 3 * side {
            return self.locked_in_other_units();
        }
        Progress::None
    }

    /// Locked candidates with a variant's other units (diagonals, windows): a value whose places
    /// in one unit all lie in another unit goes from the rest of that other one.
    pub(in crate::sudoku::logic) fn locked_in_other_units(&mut self) -> Progress {
        for a in 0..self.units.len() {
            let mut values = self.all & !self.placed[a];
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values &= values - 1;
                let places: Vec<usize> = self.units[a]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.cand[c] & bit != 0)
                    .collect();
                let Some(&first) = places.first() else {
                    continue;
                };
                // Units holding every place (other than `a`), at least one of them a variant's
                // own when `a` is a row, column or box (those pairs the classic pass covers).
                for k in 0..3 + self.extra_of[first].len() {
                    let b = self.unit_of(first, k);
                    if b == a || (a < 3 * self.side && b < 3 * self.side) {
                        continue;
                    }
                    let all_in = places
                        .iter()
                        .all(|&c| (0..3 + self.extra_of[c].len()).any(|j| self.unit_of(c, j) == b));
                    if !all_in {
                        continue;
                    }
                    let mut changed = false;
                    for i in 0..self.units[b].len() {
                        let c = self.units[b][i] as usize;
                        if !self.units[a].contains(&(c as u32)) {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                    if changed {
                        return Progress::Some;
                    }
                }
            }
        }
        Progress::None
    }
}
