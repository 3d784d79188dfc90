//! Locked candidates: a value whose places in one unit all lie in another goes from the rest of
//! that other unit. Players name two cases apart: **pointing**, a box whose places for a value
//! lie on one line (the value goes from the rest of the line), and **claiming**, a line whose
//! places for a value lie in one box (the value goes from the rest of the box).
//!
//! The first unit must be full (it must hold the value somewhere); the other may be any unit,
//! since it holds the value at most once. On a square board pointing and claiming read its
//! boxes (or jigsaw regions) against its rows and columns; a variant's diagonals and windows,
//! and every unit of a shape (a Samurai's overlapping grids, a cube's planes), are read by the
//! general pass over pairs of units, as plain locked candidates.

use crate::sudoku::logic::techniques::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

impl Rater {
    /// The step of locked candidates: `value`'s places in unit `a` all lie in unit `b`, so it
    /// goes from `b`'s other cells; `None` if that removes nothing.
    fn locked_step(&self, technique: Technique, a: usize, b: usize, value: u8) -> Option<Step> {
        let bit = 1u64 << (value - 1);
        let inside = |c: u32| self.units_of(c as usize).contains(&(a as u32));
        let mut step = Step::new(technique);
        for &c in &self.units[b] {
            if self.cand[c as usize] & bit != 0 {
                if inside(c) {
                    step.marks.push((c, value, Role::Pattern));
                } else {
                    step.eliminations.push((c, value));
                }
            }
        }
        if step.eliminations.is_empty() {
            return None;
        }
        step.units = vec![a as u32, b as u32];
        Some(step)
    }

    /// Pointing on a square board: a box's (or region's) places for a value on one row or
    /// column, where that line has places outside the box.
    pub(in crate::sudoku::logic) fn find_pointing(&self, out: &mut Vec<Step>, limit: usize) {
        let Some(x) = self.crossings() else {
            return;
        };
        let side = self.side;
        for b in 0..side {
            let boxed = 2 * side + b;
            for value in bits(self.all & !self.placed[boxed]) {
                let (rows, cols) = (x.box_rows(b, value), x.box_cols(b, value));
                let lines = [
                    (rows.count_ones() == 1).then(|| rows.trailing_zeros() as usize),
                    (cols.count_ones() == 1).then(|| side + cols.trailing_zeros() as usize),
                ];
                for line in lines.into_iter().flatten() {
                    if x.line_boxes(line, value) & !(1 << b) == 0 {
                        continue;
                    }
                    if let Some(step) = self.locked_step(Technique::Pointing, boxed, line, value) {
                        out.push(step);
                        if out.len() >= limit {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Claiming on a square board: a row's or column's places for a value in one box (or
    /// region), where that box has places off the line.
    pub(in crate::sudoku::logic) fn find_claiming(&self, out: &mut Vec<Step>, limit: usize) {
        let Some(x) = self.crossings() else {
            return;
        };
        let side = self.side;
        for line in 0..2 * side {
            for value in bits(self.all & !self.placed[line]) {
                let boxes = x.line_boxes(line, value);
                if boxes.count_ones() != 1 {
                    continue;
                }
                let b = boxes.trailing_zeros() as usize;
                let off_line = if line < side {
                    x.box_rows(b, value) & !(1 << line)
                } else {
                    x.box_cols(b, value) & !(1 << (line - side))
                };
                if off_line == 0 {
                    continue;
                }
                if let Some(step) = self.locked_step(Technique::Claiming, line, 2 * side + b, value)
                {
                    out.push(step);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }

    /// Locked candidates between any two units (a variant's diagonals and windows, a shape's
    /// units): a value whose places in a full unit all lie in another unit goes from the rest
    /// of that other one. On a square board the pairs of rows, columns and boxes are left to
    /// pointing and claiming.
    pub(in crate::sudoku::logic) fn find_locked_in_other_units(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        let square = self.geometry.is_some();
        // A square board's rows, columns and boxes are its first `3 * side` units; with no
        // unit of a variant's beside them, every pair is pointing's or claiming's.
        if square && self.units.len() <= 3 * self.side {
            return;
        }
        for a in 0..self.units.len() {
            if !self.full[a] {
                continue;
            }
            for value in bits(self.all & !self.placed[a]) {
                let bit = 1u64 << (value - 1);
                let places: Vec<usize> = self.units[a]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.cand[c] & bit != 0)
                    .collect();
                let Some(&first) = places.first() else {
                    continue;
                };
                // Units holding every place (other than `a`); on a square board, at least one of
                // them a variant's own when `a` is a row, column or box.
                for &b in self.units_of(first) {
                    let b = b as usize;
                    if b == a || (square && a < 3 * self.side && b < 3 * self.side) {
                        continue;
                    }
                    let all_in = places
                        .iter()
                        .all(|&c| self.units_of(c).contains(&(b as u32)));
                    if !all_in {
                        continue;
                    }
                    if let Some(step) = self.locked_step(Technique::LockedCandidates, a, b, value) {
                        out.push(step);
                        if out.len() >= limit {
                            return;
                        }
                    }
                }
            }
        }
    }
}
