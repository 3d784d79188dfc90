//! Cage-unit overlaps: a killer cage read against a unit, the way locked candidates read a box
//! against a line.
//!
//! **Cage-unit overlap.** Of the digit sets that make a cage's sum, only those that still fit
//! its cells count (as cage combinations reads them). A digit that every one of them holds is
//! in the cage for sure. When the cage's cells that can still take that digit all lie in one
//! unit (a 3-cell cage along a row with its only places for the 9 in two of them, say), the
//! unit's digit is in the cage, so it goes from the unit's other cells: the cage's required
//! digits act as a locked candidate. This reads any unit, full or not, since each holds a
//! digit at most once.
//!
//! **Unit-cage overlap.** The other way round: when a full unit's only places for a digit all
//! lie in one cage, the unit's digit is in that cage. So the cage holds it: its digit sets
//! without it go (its cells keep only digits of the sets left), and the digit goes from the
//! cage's cells outside the unit (a cage holds a digit once, and this one is in the unit).

use crate::sudoku::logic::techniques::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

impl Rater {
    /// Cage-unit overlaps (see the module docs): a digit every set of a cage needs, its places
    /// in the cage in one unit, goes from the rest of the unit.
    pub(in crate::sudoku::logic) fn find_cage_unit_overlaps(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        for k in 0..self.cages.len() {
            let (sets, open) = self.fitting_sets(k);
            if sets.is_empty() || open.len() < 2 {
                continue;
            }
            let needed = sets.iter().fold(self.all, |acc, &set| acc & set) & !self.cage_placed[k];
            for d in bits(needed) {
                let bit = 1u64 << (d - 1);
                let places: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| self.cand[c] & bit != 0)
                    .collect();
                // One place is the cage combinations' own (the digit goes there).
                if places.len() < 2 {
                    continue;
                }
                for &u in self.units_of(places[0]) {
                    if !places[1..].iter().all(|&c| self.units_of(c).contains(&u)) {
                        continue;
                    }
                    let mut step = Step::new(Technique::CageUnitOverlap);
                    for &c in &self.units[u as usize] {
                        if self.cand[c as usize] & bit != 0 && self.cage(c as usize) != Some(k) {
                            step.eliminations.push((c, d));
                        }
                    }
                    if step.eliminations.is_empty() {
                        continue;
                    }
                    step.marks = places
                        .iter()
                        .map(|&c| (c as u32, d, Role::Pattern))
                        .collect();
                    step.units.push(u);
                    out.push(step);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }

    /// Unit-cage overlaps (see the module docs): a full unit's places for a digit all in one
    /// cage put the digit in the cage.
    pub(in crate::sudoku::logic) fn find_unit_cage_overlaps(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if self.cages.is_empty() {
            return;
        }
        for u in (0..self.units.len()).filter(|&u| self.full[u]) {
            for d in bits(self.all & !self.placed[u]) {
                let bit = 1u64 << (d - 1);
                let places: Vec<u32> = self.units[u]
                    .iter()
                    .copied()
                    .filter(|&c| self.cand[c as usize] & bit != 0)
                    .collect();
                // One place is a hidden single.
                if places.len() < 2 {
                    continue;
                }
                let Some(k) = self.cage(places[0] as usize) else {
                    continue;
                };
                if self.cage_placed[k] & bit != 0
                    || !places.iter().all(|&c| self.cage(c as usize) == Some(k))
                {
                    continue;
                }
                let (sets, open) = self.fitting_sets(k);
                let allowed = sets
                    .iter()
                    .filter(|&&set| set & bit != 0)
                    .fold(0u64, |acc, &set| acc | set);
                if allowed == 0 {
                    continue; // no set fits: another technique finds the contradiction
                }
                let mut step = Step::new(Technique::UnitCageOverlap);
                for &c in &open {
                    let mut gone = self.cand[c] & !allowed;
                    if !self.units[u].contains(&(c as u32)) {
                        gone |= self.cand[c] & bit;
                    }
                    for v in bits(gone) {
                        step.eliminations.push((c as u32, v));
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.marks = places.iter().map(|&c| (c, d, Role::Pattern)).collect();
                step.units.push(u as u32);
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}
