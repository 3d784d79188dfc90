//! Singles: a value with one place left in a unit (hidden single), a cell with one candidate
//! left (naked single).

use crate::sudoku::board::geometry::Unit;
use crate::sudoku::logic::techniques::wing::bits;
use crate::sudoku::logic::{Progress, Rater, Step, Technique};

impl Rater {
    /// One sweep over every full unit, placing each value that has one place left in it.
    pub(in crate::sudoku::logic) fn hidden_singles(&mut self) -> Progress {
        let mut progress = Progress::None;
        for u in 0..self.units.len() {
            if !self.full[u] {
                continue; // a unit smaller than the alphabet need not hold any given value
            }
            let (mut once, mut more) = (0u64, 0u64);
            for &c in &self.units[u] {
                let c = self.cand[c as usize];
                more |= once & c;
                once |= c;
            }
            let missing = self.all & !self.placed[u];
            if once & missing != missing {
                return Progress::Contradiction; // a value with no place left in the unit
            }
            let mut single = once & !more & missing;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single &= single - 1;
                let Some(cell) = self.units[u]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.cand[c] & bit != 0)
                else {
                    // Placed elsewhere in this sweep, or its cell took another value: the next
                    // sweep sees what that means.
                    continue;
                };
                if self.placed[u] & bit == 0 {
                    self.place(cell, bit.trailing_zeros() as u8 + 1);
                    progress = Progress::Some;
                }
            }
        }
        progress
    }

    /// One sweep over every cell, filling each cell with one candidate left.
    pub(in crate::sudoku::logic) fn naked_singles(&mut self) -> Progress {
        let mut progress = Progress::None;
        for cell in 0..self.cand.len() {
            if self.values[cell] != 0 || !self.is_cell[cell] {
                continue;
            }
            let c = self.cand[cell];
            if c == 0 {
                return Progress::Contradiction;
            }
            if c & (c - 1) == 0 {
                self.place(cell, c.trailing_zeros() as u8 + 1);
                progress = Progress::Some;
            }
        }
        progress
    }
}

impl Rater {
    /// Hidden singles as steps: a value with one place left in a full unit, the unit named.
    /// Boxes and jigsaw regions are read first, as a player scans a board, then the rows,
    /// columns and other units.
    pub(in crate::sudoku::logic) fn find_hidden_singles(&self, out: &mut Vec<Step>, limit: usize) {
        let is_box = |u: usize| {
            matches!(
                self.unit_kind(u as u32),
                Some(Unit::Box(_) | Unit::Region(_))
            )
        };
        let boxes = (0..self.units.len()).filter(|&u| is_box(u));
        let others = (0..self.units.len()).filter(|&u| !is_box(u));
        for u in boxes.chain(others) {
            if !self.full[u] {
                continue;
            }
            let (mut once, mut more) = (0u64, 0u64);
            for &c in &self.units[u] {
                let c = self.cand[c as usize];
                more |= once & c;
                once |= c;
            }
            let single = once & !more & self.all & !self.placed[u];
            for value in bits(single) {
                let bit = 1u64 << (value - 1);
                let Some(&cell) = self.units[u]
                    .iter()
                    .find(|&&c| self.cand[c as usize] & bit != 0)
                else {
                    continue;
                };
                let mut step = Step::new(Technique::HiddenSingle);
                step.units.push(u as u32);
                step.placements.push((cell, value));
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// Naked singles as steps: a cell with one candidate left.
    pub(in crate::sudoku::logic) fn find_naked_singles(&self, out: &mut Vec<Step>, limit: usize) {
        for (cell, &c) in self.cand.iter().enumerate() {
            if c != 0 && c & (c - 1) == 0 && self.values[cell] == 0 {
                let mut step = Step::new(Technique::NakedSingle);
                step.placements
                    .push((cell as u32, c.trailing_zeros() as u8 + 1));
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}
