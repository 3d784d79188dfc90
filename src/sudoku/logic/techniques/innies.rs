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
//! unless they see each other; a single outie is that digit, and several that all see one
//! another are read like innies.
//!
//! Both read any full unit (a row, a column, a box or jigsaw region, a diagonal, a shape's
//! full unit) and stop at five cells, the most a player counts by hand.

use crate::sudoku::logic::techniques::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

/// The most innies or outies read.
const MOST: usize = 5;

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
                && let Some(step) = self.sum_step(u, &innies, total.checked_sub(inside_sum), true)
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
            let apart = outside.iter().enumerate().all(|(i, &a)| {
                outside[i + 1..]
                    .iter()
                    .all(|&b| self.sees(a as usize, b as usize))
            });
            if !outside.is_empty()
                && outside.len() <= MOST
                && (outside.len() == 1 || apart)
                && let Some(step) = self.sum_step(u, &outside, sum.checked_sub(total), false)
            {
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// The step of `cells` (all seeing one another, or one cell) adding up to `sum`: each keeps
    /// the digits some set of distinct candidates making the sum gives it. `None` if nothing
    /// goes (or no set makes the sum: another technique finds the contradiction).
    fn sum_step(&self, unit: usize, cells: &[u32], sum: Option<u32>, inside: bool) -> Option<Step> {
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
        let mut keep = vec![0u64; open.len()];
        let mut chosen = vec![0u8; open.len()];
        self.fill_sums(&open, 0, left, 0, &mut chosen, &mut keep);
        if keep.contains(&0) {
            return None;
        }
        let technique = if inside {
            Technique::Innies
        } else {
            Technique::Outies
        };
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
        step.units.push(unit as u32);
        Some(step)
    }

    /// Depth first over `open[i..]`: digits from each cell's candidates, distinct, adding up
    /// to `left`; each cell's digits in some such filling go into `keep`.
    fn fill_sums(
        &self,
        open: &[u32],
        i: usize,
        left: u32,
        used: u64,
        chosen: &mut [u8],
        keep: &mut [u64],
    ) {
        if i == open.len() {
            if left == 0 {
                for (k, &v) in chosen.iter().enumerate() {
                    keep[k] |= 1 << (v - 1);
                }
            }
            return;
        }
        for v in bits(self.cand[open[i] as usize] & !used) {
            if u32::from(v) > left {
                break;
            }
            chosen[i] = v;
            self.fill_sums(
                open,
                i + 1,
                left - u32::from(v),
                used | 1 << (v - 1),
                chosen,
                keep,
            );
        }
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
