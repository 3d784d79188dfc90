//! Innies and outies, the killer player's "rule of 45": a full unit of a 9×9 board holds 1 to
//! 9 once each, so its cells add up to 45 (on a board of `n` symbols, `n(n+1)/2`).
//!
//! **Innies.** Take the cages that lie wholly inside a unit: their sums are known, so the
//! unit's other cells (the *innies*) add up to what is left. Those cells share the unit, so
//! their digits differ: they are a cage of their own, and only the digits of some set of
//! distinct candidates that makes the sum stay in them (a single innie is that digit).
//!
//! **Outies.** Take the cages that meet a unit: together they cover it (on a board cut into
//! cages, as killer boards are), and whatever they hold outside it (the *outies*) adds up to
//! their sums less the unit's total. Outies need not share a unit, so their digits may repeat
//! where two do not see each other; a single outie is that digit.
//!
//! Both read any full unit (a row, a column, a box or jigsaw region, a diagonal, a shape's
//! full unit) and stop at five cells, the most a player counts by hand. Several units read
//! together, and the difference of an innie and an outie, are in `unions.rs`.
//!
//! **Which digits stay.** Cells adding up to a sum keep the digits of their *fillings*: a
//! digit from each cell's candidates, two cells that see each other (share a unit or a cage)
//! holding different digits, cells that do not free to repeat one, all adding up to the sum.
//! A candidate in no filling goes. That is exact for what the step reads (the candidates, the
//! sum and who sees whom), so it is sound: the solution is one of the fillings. The search is
//! depth first, cut off wherever the cells left could not make what is left even with their
//! smallest or largest candidates, and it stops once every candidate is in some filling.

use crate::sudoku::logic::techniques::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

/// The most innies or outies read.
pub(super) const MOST: usize = 5;

impl Rater {
    /// Innies (or with `outies`, outies) of every full unit of a killer board that remove
    /// something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_unit_sums(
        &self,
        outies: bool,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if self.cages.is_empty() {
            return;
        }
        let total: u32 = (1..=self.side as u32).sum();
        for u in (0..self.units.len()).filter(|&u| self.full[u]) {
            let cells = &self.units[u];
            let mut inside_sum = 0u32;
            let mut touching: Vec<usize> = Vec::new();
            for &c in cells {
                if let Some(k) = self.cage(c as usize)
                    && !touching.contains(&k)
                {
                    touching.push(k);
                }
            }
            let mut innies: Vec<u32> = Vec::new();
            for &c in cells {
                match self.cage(c as usize) {
                    Some(k) if self.cages[k].0.iter().all(|x| cells.contains(x)) => {}
                    _ => innies.push(c),
                }
            }
            for &k in &touching {
                if self.cages[k].0.iter().all(|x| cells.contains(x)) {
                    inside_sum += self.cage_sums[k];
                }
            }
            if !outies
                && !innies.is_empty()
                && innies.len() <= MOST
                && let Some(step) = self.sum_step(
                    Technique::Innies,
                    &[u as u32],
                    &innies,
                    total.checked_sub(inside_sum),
                )
            {
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
            // Outies: only when the touching cages cover the unit.
            let covered = cells.iter().all(|&c| self.cage(c as usize).is_some());
            if !outies || !covered {
                continue;
            }
            let outside: Vec<u32> = touching
                .iter()
                .flat_map(|&k| self.cages[k].0.iter().copied())
                .filter(|c| !cells.contains(c))
                .collect();
            let sum: u32 = touching.iter().map(|&k| self.cage_sums[k]).sum();
            if !outside.is_empty()
                && outside.len() <= MOST
                && let Some(step) = self.sum_step(
                    Technique::Outies,
                    &[u as u32],
                    &outside,
                    sum.checked_sub(total),
                )
            {
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// The step of `technique` reading `units`: `cells` add up to `sum`, and each keeps the
    /// digits its fillings give it (see the module docs). `None` if nothing goes, or if no
    /// filling makes the sum (another technique finds the contradiction).
    pub(super) fn sum_step(
        &self,
        technique: Technique,
        units: &[u32],
        cells: &[u32],
        sum: Option<u32>,
    ) -> Option<Step> {
        let mut left = sum?;
        let mut open: Vec<u32> = Vec::new();
        for &c in cells {
            match self.values[c as usize] {
                0 => open.push(c),
                v => left = left.checked_sub(u32::from(v))?,
            }
        }
        if open.is_empty() {
            return None;
        }
        let keep = self.sum_keeps(&open, left);
        if keep.contains(&0) {
            return None;
        }
        let mut step = Step::new(technique);
        for (i, &c) in open.iter().enumerate() {
            let kept = keep[i];
            let gone = self.cand[c as usize] & !kept;
            if kept.count_ones() == 1 && open.len() == 1 {
                step.placements.push((c, kept.trailing_zeros() as u8 + 1));
                continue;
            }
            for v in bits(gone) {
                step.eliminations.push((c, v));
            }
            for v in bits(self.cand[c as usize] & kept) {
                step.marks.push((c, v, Role::Pattern));
            }
        }
        if step.eliminations.is_empty() && step.placements.is_empty() {
            return None;
        }
        step.units = units.to_vec();
        Some(step)
    }

    /// Each of the `open` cells' digits in some filling adding up to `left` (see the module
    /// docs): a bit set a cell, 0 for each when there is none.
    fn sum_keeps(&self, open: &[u32], left: u32) -> Vec<u64> {
        let n = open.len();
        let cand: Vec<u64> = open.iter().map(|&c| self.cand[c as usize]).collect();
        if cand.contains(&0) {
            return vec![0; n];
        }
        // The smallest and largest sums of the cells from `i` on.
        let (mut low, mut high) = (vec![0u32; n + 1], vec![0u32; n + 1]);
        for i in (0..n).rev() {
            low[i] = low[i + 1] + cand[i].trailing_zeros() + 1;
            high[i] = high[i + 1] + 64 - cand[i].leading_zeros();
        }
        let mut filling = Filling {
            clash: (0..n)
                .map(|i| {
                    (0..i)
                        .filter(|&j| self.sees(open[i] as usize, open[j] as usize))
                        .fold(0u32, |m, j| m | 1 << j)
                })
                .collect(),
            keep: vec![0; n],
            chosen: vec![0; n],
            cand,
            low,
            high,
        };
        filling.go(0, left);
        filling.keep
    }
}

/// The search of [`Rater::sum_keeps`]: the cells' candidates, which earlier cells each sees
/// (a bit set of their places), the bounds of what the cells from each place on can make, the
/// digits chosen so far and the digits found in fillings.
struct Filling {
    cand: Vec<u64>,
    clash: Vec<u32>,
    low: Vec<u32>,
    high: Vec<u32>,
    chosen: Vec<u8>,
    keep: Vec<u64>,
}

impl Filling {
    /// Fills the cells from `i` on with digits adding up to `left`; false once every candidate
    /// is known to be in a filling (nothing more to learn).
    fn go(&mut self, i: usize, left: u32) -> bool {
        if i == self.cand.len() {
            if left == 0 {
                for (k, &v) in self.chosen.iter().enumerate() {
                    self.keep[k] |= 1 << (v - 1);
                }
                return self.keep != self.cand;
            }
            return true;
        }
        if left < self.low[i] || left > self.high[i] {
            return true;
        }
        let mut taken = 0u64;
        for j in bits(u64::from(self.clash[i])) {
            taken |= 1 << (self.chosen[usize::from(j) - 1] - 1);
        }
        for v in bits(self.cand[i] & !taken) {
            if u32::from(v) > left {
                break;
            }
            self.chosen[i] = v;
            if !self.go(i + 1, left - u32::from(v)) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::files::formats;
    use crate::sudoku::logic::Grade;

    /// A killer board with only the cages given (its other cells free).
    fn killer(cages: &str) -> crate::sudoku::Grid {
        let text = format!(
            "[[puzzle]]\nvariant = \"killer\"\nbox = \"3x3\"\ngivens = [{}]\ncages = [{cages}]\n",
            ["\".........\""; 9].join(", ")
        );
        let (_, entries) = formats::read(&text, None, None).unwrap();
        entries[0].puzzle.clone()
    }

    #[test]
    fn a_single_innie_is_the_rest_of_45() {
        // Row 1: 17 + 6 + 15 in cages wholly inside it leave 7 for r1c9.
        let grid = killer(
            "{ sum = 17, cells = \"r1c1 r1c2\" }, { sum = 6, cells = \"r1c3 r1c4 r1c5\" }, \
             { sum = 15, cells = \"r1c6 r1c7 r1c8\" }",
        );
        let mut r = Rater::new();
        r.load(&grid);
        let mut steps = Vec::new();
        r.find_unit_sums(false, &mut steps, usize::MAX);
        let row = steps.iter().find(|s| s.units == [0]).unwrap();
        assert_eq!(row.technique, Technique::Innies);
        assert_eq!(row.placements, vec![(8, 7)]);
        // No outies: row 1's cages do not leave it (and the rest of the board is uncaged).
        steps.clear();
        r.find_unit_sums(true, &mut steps, usize::MAX);
        assert!(steps.iter().all(|s| s.units != [0]));
    }

    #[test]
    fn two_innies_keep_the_digits_that_make_their_sum_and_an_outie_is_found() {
        // Row 1: 17 + 6 + 11 inside leave 11 for r1c8 and r1c9: 1 cannot be there (10 is no
        // digit); row 2 is covered by cages, one of which reaches r3c1: it is 3.
        let grid = killer(
            "{ sum = 17, cells = \"r1c1 r1c2\" }, { sum = 6, cells = \"r1c3 r1c4 r1c5\" }, \
             { sum = 11, cells = \"r1c6 r1c7\" }, \
             { sum = 12, cells = \"r2c1 r2c2 r3c1\" }, { sum = 36, cells = \"r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9\" }",
        );
        let mut r = Rater::new();
        r.load(&grid);
        let mut steps = Vec::new();
        r.find_unit_sums(false, &mut steps, usize::MAX);
        let row = steps.iter().find(|s| s.units == [0]).unwrap();
        assert!(row.eliminations.contains(&(7, 1)) && row.eliminations.contains(&(8, 1)));
        steps.clear();
        r.find_unit_sums(true, &mut steps, usize::MAX);
        let row2 = steps.iter().find(|s| s.units == [1]).unwrap();
        assert_eq!(row2.technique, Technique::Outies);
        // 12 + 36 = 48 over row 2's 45: r3c1 is 3.
        assert_eq!(row2.placements, vec![(18, 3)]);
    }

    #[test]
    fn every_step_on_the_library_killers_agrees_with_the_solution() {
        let mut rater = Rater::new();
        let mut sums = 0;
        for text in [
            include_str!("../../../../assets/puzzles/library/9x9-killer-easy.toml"),
            include_str!("../../../../assets/puzzles/library/9x9-killer-medium.toml"),
        ] {
            let (_, entries) = formats::read(text, None, None).unwrap();
            for entry in entries {
                let grid = entry.puzzle;
                let solution = grid.solution().unwrap();
                // From the empty killer board too: innies and outies then do most of the work.
                let empty = grid.clone().with_values(vec![0; 81]).unwrap();
                for board in [&grid, &empty] {
                    rater.load(board);
                    let mut steps = Vec::new();
                    rater.find_unit_sums(false, &mut steps, usize::MAX);
                    rater.find_unit_sums(true, &mut steps, usize::MAX);
                    sums += steps.len();
                    for step in steps.iter().chain(&rater.steps(board, Grade::Expert)) {
                        for &(c, v) in &step.placements {
                            assert_eq!(solution.get(c as usize), v, "{step:?}");
                        }
                        for &(c, v) in &step.eliminations {
                            assert_ne!(solution.get(c as usize), v, "{step:?}");
                        }
                    }
                }
            }
        }
        assert!(sums > 20, "{sums} innie and outie steps");
    }
}
