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
            let masks: Vec<u64> = cells.iter().map(|&c| self.cand[c]).collect();
            for_each_subset_within(&masks, size, |pick, union| {
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
            let masks: Vec<u64> = places.iter().map(|p| p.1).collect();
            for_each_subset_within(&masks, size, |pick, cells| {
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

/// Calls `visit` with every `size`-element subset of `0..n` that `grow` lets through, as
/// ascending indices in lexicographic order, until it returns true; with each goes what `grow`
/// made of it. A subset grows one index at a time from `start`: `grow(made, i)` gives what the
/// part with `i` added makes, or `None` to cut that part with every subset that holds it, so
/// it must refuse every set that holds one it refused. Size 0 visits the empty subset once.
pub(in crate::sudoku::logic) fn for_each_subset<A: Copy>(
    n: usize,
    size: usize,
    start: A,
    grow: impl Fn(A, usize) -> Option<A>,
    mut visit: impl FnMut(&[usize], A) -> bool,
) {
    fn go<A: Copy>(
        n: usize,
        size: usize,
        made: A,
        pick: &mut Vec<usize>,
        grow: &impl Fn(A, usize) -> Option<A>,
        visit: &mut impl FnMut(&[usize], A) -> bool,
    ) -> bool {
        if pick.len() == size {
            return visit(pick, made);
        }
        let from = pick.last().map_or(0, |&i| i + 1);
        for i in from..n {
            if n - i < size - pick.len() {
                break;
            }
            let Some(grown) = grow(made, i) else {
                continue;
            };
            pick.push(i);
            if go(n, size, grown, pick, grow, visit) {
                return true;
            }
            pick.pop();
        }
        false
    }
    if size > n {
        return;
    }
    go(
        n,
        size,
        start,
        &mut Vec::with_capacity(size),
        &grow,
        &mut visit,
    );
}

/// [`for_each_subset`] over `masks`, for subsets of one or more: those whose masks have at most
/// `size` bits between them, each visited with that union. A naked subset's cells, a hidden
/// subset's places and a fish's crossing lines all must fit in `size`, and a part that does
/// not is cut with every subset that holds it.
pub(in crate::sudoku::logic) fn for_each_subset_within(
    masks: &[u64],
    size: usize,
    visit: impl FnMut(&[usize], u64) -> bool,
) {
    if size == 0 {
        return;
    }
    let grow = |union: u64, i: usize| {
        let grown = union | masks[i];
        (grown.count_ones() as usize <= size).then_some(grown)
    };
    for_each_subset(masks.len(), size, 0, grow, visit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_in_order_each_once() {
        let mut seen = Vec::new();
        for_each_subset(
            5,
            3,
            (),
            |(), _| Some(()),
            |p, ()| {
                seen.push(p.to_vec());
                false
            },
        );
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![0, 1, 2]);
        assert_eq!(seen[9], vec![2, 3, 4]);
        let mut n = 0;
        for_each_subset(
            9,
            4,
            (),
            |(), _| Some(()),
            |_, ()| {
                n += 1;
                n == 7
            },
        );
        assert_eq!(n, 7, "stops when asked");
        for_each_subset(
            2,
            3,
            (),
            |(), _| Some(()),
            |_, ()| panic!("no subset of 3 from 2"),
        );
        let mut empty = Vec::new();
        for_each_subset(
            3,
            0,
            7,
            |_, _| None,
            |p, made| {
                empty.push((p.to_vec(), made));
                false
            },
        );
        assert_eq!(
            empty,
            vec![(vec![], 7)],
            "the empty subset once, as started"
        );
    }

    /// The cut subsets are exactly those of every subset, in order, whose masks fit, each
    /// with the union of its masks.
    #[test]
    fn the_cut_keeps_exactly_the_subsets_that_fit() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = (seed % 9) as usize;
            let size = (seed >> 8) as usize % 5;
            let masks: Vec<u64> = (0..n).map(|i| (seed >> (12 + 4 * i)) & 0b1_1111).collect();
            let mut cut = Vec::new();
            for_each_subset_within(&masks, size, |p, union| {
                assert_eq!(union, p.iter().fold(0, |u, &i| u | masks[i]));
                cut.push(p.to_vec());
                false
            });
            // Every subset of `size`, from the bit sets of 0..n in order of their indices.
            let mut every: Vec<Vec<usize>> = (0u32..1 << n)
                .filter(|set| set.count_ones() as usize == size && size > 0)
                .map(|set| (0..n).filter(|&i| set & 1 << i != 0).collect::<Vec<_>>())
                .filter(|p: &Vec<usize>| {
                    let union = p.iter().fold(0, |u, &i| u | masks[i]);
                    union.count_ones() as usize <= size
                })
                .collect();
            every.sort();
            assert_eq!(cut, every, "masks {masks:?}, size {size}");
        }
    }
}
