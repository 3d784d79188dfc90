//! Naked and hidden subsets (pairs, triples, quads) within a unit.
//!
//! A *naked* subset is `n` cells of a unit whose candidates number `n` between them: those `n`
//! values must fill those `n` cells, so they go from the unit's other cells. It holds in any
//! unit, full or not (its cells need as many different values as they have candidates between
//! them). A *hidden* subset is `n` values whose places in a unit number `n` between them: those
//! cells must take those values, so every other candidate goes from them. It holds only in a
//! full unit, which must hold every value somewhere.

use crate::sudoku::logic::techniques::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

/// The naked subset's technique of a size.
fn naked(size: usize) -> Technique {
    match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

/// The hidden subset's technique of a size.
fn hidden(size: usize) -> Technique {
    match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

impl Rater {
    /// Naked subsets of `size` (2 to 4) that remove something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_naked_subsets(
        &self,
        size: usize,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        for u in 0..self.units.len() {
            let cells: Vec<usize> = self.units[u]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| (2..=size).contains(&(self.cand[c].count_ones() as usize)))
                .collect();
            for_each_subset(cells.len(), size, |pick| {
                let union = pick.iter().fold(0, |acc, &i| acc | self.cand[cells[i]]);
                if union.count_ones() as usize != size {
                    return false;
                }
                let chosen: Vec<usize> = pick.iter().map(|&i| cells[i]).collect();
                let mut step = Step::new(naked(size));
                for &c in &self.units[u] {
                    let c = c as usize;
                    if !chosen.contains(&c) {
                        for v in bits(self.cand[c] & union) {
                            step.eliminations.push((c as u32, v));
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    return false;
                }
                step.units.push(u as u32);
                for &c in &chosen {
                    for v in bits(self.cand[c]) {
                        step.marks.push((c as u32, v, Role::Pattern));
                    }
                }
                out.push(step);
                out.len() >= limit
            });
            if out.len() >= limit {
                return;
            }
        }
    }

    /// Hidden subsets of `size` (2 to 4) that remove something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_hidden_subsets(
        &self,
        size: usize,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        for u in (0..self.units.len()).filter(|&u| self.full[u]) {
            // Where each missing value can go, as a bit set over the unit's cells, read in one
            // pass over them.
            let mut at_of = [0u64; 64];
            for (k, &c) in self.units[u].iter().enumerate() {
                for v in bits(self.cand[c as usize]) {
                    at_of[usize::from(v - 1)] |= 1 << k;
                }
            }
            let places: Vec<(u64, u64)> = bits(self.all & !self.placed[u])
                .filter_map(|v| {
                    let (bit, at) = (1u64 << (v - 1), at_of[usize::from(v - 1)]);
                    (2..=size)
                        .contains(&(at.count_ones() as usize))
                        .then_some((bit, at))
                })
                .collect();
            for_each_subset(places.len(), size, |pick| {
                let cells = pick.iter().fold(0, |acc, &i| acc | places[i].1);
                if cells.count_ones() as usize != size {
                    return false;
                }
                let values = pick.iter().fold(0, |acc, &i| acc | places[i].0);
                let mut step = Step::new(hidden(size));
                for (k, &c) in self.units[u].iter().enumerate() {
                    if cells & (1 << k) != 0 {
                        for v in bits(self.cand[c as usize] & !values) {
                            step.eliminations.push((c, v));
                        }
                        for v in bits(self.cand[c as usize] & values) {
                            step.marks.push((c, v, Role::Pattern));
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    return false;
                }
                step.units.push(u as u32);
                out.push(step);
                out.len() >= limit
            });
            if out.len() >= limit {
                return;
            }
        }
    }
}

/// Calls `visit` with every `size`-element subset of `0..n` (as ascending indices, in
/// lexicographic order) until it returns true.
pub(in crate::sudoku::logic) fn for_each_subset(
    n: usize,
    size: usize,
    mut visit: impl FnMut(&[usize]) -> bool,
) {
    if size == 0 || size > n {
        return;
    }
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        if visit(&pick) {
            return;
        }
        // The next subset: the last index that can move up moves, the rest follow it.
        let Some(i) = (0..size).rev().find(|&i| pick[i] < n - size + i) else {
            return;
        };
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_in_order_each_once() {
        let mut seen = Vec::new();
        for_each_subset(5, 3, |p| {
            seen.push(p.to_vec());
            false
        });
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![0, 1, 2]);
        assert_eq!(seen[9], vec![2, 3, 4]);
        let mut n = 0;
        for_each_subset(9, 4, |_| {
            n += 1;
            n == 7
        });
        assert_eq!(n, 7, "stops when asked");
        for_each_subset(2, 3, |_| panic!("no subset of 3 from 2"));
    }
}
