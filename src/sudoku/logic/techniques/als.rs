//! Almost locked sets: ALS-XZ and the ALS-XY-wing.
//!
//! An **almost locked set** (ALS) is N cells of one unit with N+1 candidates between them (a
//! cell with two candidates is the smallest). Take one value away and the rest are locked: the
//! N cells hold exactly the N values left.
//!
//! Two ALSs `A` and `B` with no cell in common have a **restricted common** value `x` when both
//! hold `x` and every place of `x` in `A` sees every place of `x` in `B`: at most one of them
//! takes `x`.
//!
//! * **ALS-XZ**: `A` and `B` with a restricted common `x` and another common value `z`. One of
//!   them, say `A`, lacks `x`, so `A` is locked and holds all its other values, `z` among them.
//!   Either way `z` is in `A` or in `B`: it goes from every cell that sees all its places in
//!   both.
//! * **ALS-XY-wing**: `A` and `B` each tied to a third ALS `C` by a restricted common, `x` and
//!   `y` (different). If `A` lacks `z` it is locked and holds `x`, so `C` lacks `x` and holds
//!   `y`, so `B` lacks `y` and holds `z`: `z` is in `A` or `B` and goes as in ALS-XZ.
//!
//! Sets are read in every unit, so this works on every board. The search is bounded: sets of
//! up to five cells, at most [`MAX_SETS`] of them.

use super::peers::{Peers, cells_of};
use super::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

/// The most cells an ALS is looked for with.
const MAX_CELLS: usize = 5;
/// The most ALSs read on one board.
const MAX_SETS: usize = 2000;

/// An almost locked set.
pub(in crate::sudoku::logic) struct Als {
    unit: u32,
    cells: Vec<usize>,
    /// The cells as a set over the board.
    members: Vec<u64>,
    /// Its candidates.
    values: u64,
    /// For each value: the cells that see every place of the value in the set (empty for a
    /// value the set lacks).
    seeing: Vec<Vec<u64>>,
    /// For each value: its places in the set, as a set over the board.
    places: Vec<Vec<u64>>,
}

impl Als {
    /// Whether two sets have no cell in common.
    fn apart(&self, other: &Als) -> bool {
        self.members
            .iter()
            .zip(&other.members)
            .all(|(a, b)| a & b == 0)
    }

    /// The restricted commons of two sets: values both hold, whose places in one all see their
    /// places in the other.
    fn restricted(&self, other: &Als) -> u64 {
        let mut rcc = 0;
        for v in bits(self.values & other.values) {
            let i = usize::from(v - 1);
            let covered = other.places[i]
                .iter()
                .zip(&self.seeing[i])
                .all(|(p, s)| p & !s == 0);
            if covered {
                rcc |= 1 << i;
            }
        }
        rcc
    }
}

impl Rater {
    /// The almost locked sets of the board, up to the bounds.
    pub(super) fn almost_locked_sets(&self, peers: &Peers) -> Vec<Als> {
        let mut found: Vec<Als> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for u in 0..self.units.len() {
            let empty: Vec<usize> = self.units[u]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.cand[c] != 0)
                .collect();
            let mut chosen = Vec::new();
            self.grow_sets(
                u as u32,
                &empty,
                0,
                0,
                &mut chosen,
                peers,
                &mut seen,
                &mut found,
            );
        }
        found
    }

    /// Subsets of `empty` from `from` on added to `chosen` that make an ALS.
    #[allow(clippy::too_many_arguments)]
    fn grow_sets(
        &self,
        unit: u32,
        empty: &[usize],
        from: usize,
        values: u64,
        chosen: &mut Vec<usize>,
        peers: &Peers,
        seen: &mut std::collections::HashSet<Vec<usize>>,
        found: &mut Vec<Als>,
    ) {
        if found.len() >= MAX_SETS {
            return;
        }
        let n = chosen.len();
        if n > 0 && n < empty.len() && values.count_ones() as usize == n + 1 {
            let mut cells = chosen.clone();
            cells.sort_unstable();
            if seen.insert(cells.clone()) {
                found.push(self.als(unit, cells, values, peers));
            }
        }
        if n >= MAX_CELLS || n + 1 >= empty.len() {
            return;
        }
        for i in from..empty.len() {
            let next = values | self.cand[empty[i]];
            if next.count_ones() as usize > MAX_CELLS + 1 {
                continue;
            }
            chosen.push(empty[i]);
            self.grow_sets(unit, empty, i + 1, next, chosen, peers, seen, found);
            chosen.pop();
        }
    }

    fn als(&self, unit: u32, cells: Vec<usize>, values: u64, peers: &Peers) -> Als {
        let mut members = peers.none();
        for &c in &cells {
            members[c / 64] |= 1 << (c % 64);
        }
        let mut seeing = vec![Vec::new(); self.side];
        let mut places = vec![Vec::new(); self.side];
        for v in bits(values) {
            let bit = 1u64 << (v - 1);
            let at: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| self.cand[c] & bit != 0)
                .collect();
            let mut set = peers.none();
            for &c in &at {
                set[c / 64] |= 1 << (c % 64);
            }
            places[usize::from(v - 1)] = set;
            seeing[usize::from(v - 1)] = peers.common(at);
        }
        Als {
            unit,
            cells,
            members,
            values,
            seeing,
            places,
        }
    }

    /// The candidates `z` that see every place of `z` in both sets.
    fn als_eliminations(&self, a: &Als, b: &Als, z: u8) -> Vec<(u32, u8)> {
        let i = usize::from(z - 1);
        let both: Vec<u64> = a.seeing[i]
            .iter()
            .zip(&b.seeing[i])
            .map(|(x, y)| x & y)
            .collect();
        cells_of(&both)
            .filter(|&c| self.cand[c] & (1 << i) != 0)
            .map(|c| (c as u32, z))
            .collect()
    }

    /// A step over some sets, each marked in turn with alternating colours.
    fn als_step(&self, technique: Technique, sets: &[&Als], gone: Vec<(u32, u8)>) -> Step {
        let mut step = Step::new(technique);
        for (k, set) in sets.iter().enumerate() {
            step.units.push(set.unit);
            for &c in &set.cells {
                for v in bits(self.cand[c]) {
                    step.marks.push((c as u32, v, Role::Colour(k % 2 == 1)));
                }
            }
        }
        step.eliminations = gone;
        step
    }

    /// Every ALS-XZ that removes something, up to `limit`: pairs of sets with one restricted
    /// common (singly linked), or (`doubly`) with two.
    pub(in crate::sudoku::logic) fn find_als_xz(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
        doubly: bool,
    ) {
        if out.len() >= limit {
            return;
        }
        let (sets, pairs) = (self.sets(), self.linked_sets());
        for &(i, j, rcc) in pairs.iter() {
            let (a, b) = (&sets[i], &sets[j]);
            // A restricted common and another value (singly), or two restricted commons.
            let gone = match (rcc.count_ones(), doubly) {
                (1, false) if (a.values & b.values).count_ones() >= 2 => {
                    self.singly_linked(a, b, rcc)
                }
                (2, true) => self.doubly_linked(a, b, rcc),
                _ => continue,
            };
            if !gone.is_empty() {
                let technique = if doubly {
                    Technique::DoublyLinkedAlsXz
                } else {
                    Technique::AlsXz
                };
                out.push(self.als_step(technique, &[a, b], gone));
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// The pairs of sets, apart, with a restricted common: `(i, j, restricted commons)` with
    /// `i < j`, in order.
    pub(super) fn restricted_pairs(sets: &[Als]) -> Vec<(usize, usize, u64)> {
        let mut pairs = Vec::new();
        for (i, a) in sets.iter().enumerate() {
            for (j, b) in sets.iter().enumerate().skip(i + 1) {
                if a.values & b.values == 0 || !a.apart(b) {
                    continue;
                }
                let rcc = a.restricted(b);
                if rcc != 0 {
                    pairs.push((i, j, rcc));
                }
            }
        }
        pairs
    }

    /// What a singly linked pair removes: each common value but the restricted one `rcc`, from
    /// the cells seeing all its places in both.
    fn singly_linked(&self, a: &Als, b: &Als, rcc: u64) -> Vec<(u32, u8)> {
        bits(a.values & b.values & !rcc)
            .flat_map(|z| self.als_eliminations(a, b, z))
            .collect()
    }

    /// What a doubly linked pair removes: each restricted common from the cells seeing all its
    /// places in both sets, and each other value of either set from the cells seeing all its
    /// places in that set.
    ///
    /// Why both sets are locked: each lacks one value, and each restricted common is missing
    /// from one of them at least (it cannot be in both), so the two missing values are the two
    /// restricted commons, one from each set; every other value is in its set.
    fn doubly_linked(&self, a: &Als, b: &Als, rcc: u64) -> Vec<(u32, u8)> {
        let mut gone: Vec<(u32, u8)> = bits(rcc)
            .flat_map(|x| self.als_eliminations(a, b, x))
            .collect();
        for set in [a, b] {
            for z in bits(set.values & !rcc) {
                let i = usize::from(z - 1);
                for c in cells_of(&set.seeing[i]) {
                    if self.cand[c] & (1 << i) != 0 && !gone.contains(&(c as u32, z)) {
                        gone.push((c as u32, z));
                    }
                }
            }
        }
        gone
    }

    /// Every ALS-XY-wing that removes something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_als_xy_wings(&self, out: &mut Vec<Step>, limit: usize) {
        if out.len() >= limit {
            return;
        }
        let (sets, pairs) = (self.sets(), self.linked_sets());
        // Each set's partners: the sets apart from it that share a restricted common with it.
        let mut partners: Vec<Vec<(usize, u64)>> = vec![Vec::new(); sets.len()];
        for &(i, j, rcc) in pairs.iter() {
            partners[i].push((j, rcc));
            partners[j].push((i, rcc));
        }
        for (c, tied) in partners.iter().enumerate() {
            for (k, &(ia, xs)) in tied.iter().enumerate() {
                for &(ib, ys) in &tied[k + 1..] {
                    let (a, b) = (&sets[ia], &sets[ib]);
                    if a.values & b.values == 0 || !a.apart(b) {
                        continue;
                    }
                    // Two different restricted commons, and a value z of both sets other than
                    // the two.
                    for x in bits(xs) {
                        for y in bits(ys & !(1 << (x - 1))) {
                            let zs = a.values & b.values & !(1 << (x - 1)) & !(1 << (y - 1));
                            let gone: Vec<(u32, u8)> = bits(zs)
                                .flat_map(|z| self.als_eliminations(a, b, z))
                                .filter(|&(cell, _)| {
                                    let cell = cell as usize;
                                    sets[c].members[cell / 64] & (1 << (cell % 64)) == 0
                                })
                                .collect();
                            if gone.is_empty() {
                                continue;
                            }
                            let step = self.als_step(Technique::AlsXyWing, &[a, &sets[c], b], gone);
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
}
