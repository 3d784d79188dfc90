//! Locked candidates: a value whose places in one unit all lie in another goes from the rest of
//! that other unit (pointing from a box to a line, claiming from a line to a box).
//!
//! The first unit must be full (it must hold the value somewhere); the other may be any unit,
//! since it holds the value at most once. On a square board the box and line pairs players
//! look for come first, in that order; a variant's diagonals and windows, and every unit of a
//! shape (a Samurai's overlapping grids, a cube's planes, a jigsaw's regions), are read by the
//! general pass over pairs of units.

use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// Pointing (a box's places for a value on one line) and claiming (a line's places for a
    /// value in one box).
    pub(in crate::sudoku::logic) fn locked_candidates(&mut self) -> Progress {
        let Some(g) = self.geometry else {
            return self.locked_in_other_units();
        };
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
                        if !self.units_of(c)[..2].contains(&(line as u32)) {
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

    /// Locked candidates between any two units (a variant's diagonals and windows, a shape's
    /// units): a value whose places in a full unit all lie in another unit goes from the rest
    /// of that other one. On a square board the pairs of rows, columns and boxes are left to
    /// the square pass.
    pub(in crate::sudoku::logic) fn locked_in_other_units(&mut self) -> Progress {
        let square = self.geometry.is_some();
        for a in 0..self.units.len() {
            if !self.full[a] {
                continue;
            }
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
                // Units holding every place (other than `a`); on a square board, at least one of
                // them a variant's own when `a` is a row, column or box (those pairs the square
                // pass covers).
                for k in self.unit_range(first) {
                    let b = self.unit_list[k] as usize;
                    if b == a || (square && a < 3 * self.side && b < 3 * self.side) {
                        continue;
                    }
                    let all_in = places
                        .iter()
                        .all(|&c| self.units_of(c).contains(&(b as u32)));
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
