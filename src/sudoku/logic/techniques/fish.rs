//! Fish: X-wing and swordfish.
//!
//! On a square board the fish are the ones players know: `size` rows in which a value's places
//! all lie in `size` columns (or the other way round) clear the value from the rest of those
//! columns. On a shape the same argument runs over any units. Take `size` full units (the
//! *base*) whose places for a value are disjoint, and `size` units (the *cover*) that together
//! hold every one of those places. The base units put the value in `size` different cells,
//! each in some cover unit; a cover unit holds the value at most once, so each cover unit holds
//! exactly one of them, and the value goes from every other cell of the cover.

use crate::sudoku::logic::techniques::subsets::for_each_subset;
use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// X-wing (`size` 2) and swordfish (3): `size` rows where a value's places lie in `size`
    /// columns between them; the value goes from the rest of those columns (and rows for
    /// columns).
    pub(in crate::sudoku::logic) fn fish(&mut self, size: usize) -> Progress {
        if self.geometry.is_none() {
            return self.fish_over_units(size);
        }
        let side = self.side;
        for value in 0..side {
            let bit = 1u64 << value;
            for (base, cross) in [(0, side), (side, 0)] {
                // For each line, the crossing lines where the value can go.
                let lines: Vec<(usize, u64)> = (0..side)
                    .filter_map(|l| {
                        let mut at = 0u64;
                        for (k, &c) in self.units[base + l].iter().enumerate() {
                            if self.cand[c as usize] & bit != 0 {
                                at |= 1 << k;
                            }
                        }
                        (2..=size)
                            .contains(&(at.count_ones() as usize))
                            .then_some((l, at))
                    })
                    .collect();
                let mut found = None;
                for_each_subset(lines.len(), size, |pick| {
                    let crossing = pick.iter().fold(0, |acc, &i| acc | lines[i].1);
                    if crossing.count_ones() as usize != size {
                        return false;
                    }
                    let fins: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                    let useful = (0..side).any(|x| {
                        crossing & (1 << x) != 0
                            && self.units[cross + x].iter().enumerate().any(|(k, &c)| {
                                !fins.contains(&k) && self.cand[c as usize] & bit != 0
                            })
                    });
                    if useful {
                        found = Some((crossing, fins));
                    }
                    useful
                });
                if let Some((crossing, fins)) = found {
                    for x in 0..side {
                        if crossing & (1 << x) == 0 {
                            continue;
                        }
                        for k in 0..side {
                            if !fins.contains(&k) {
                                let c = self.units[cross + x][k] as usize;
                                self.eliminate(c, bit);
                            }
                        }
                    }
                    return Progress::Some;
                }
            }
        }
        Progress::None
    }

    /// The fish of a shape (see the module docs): for each value, base units taken two or
    /// three at a time with disjoint places, then covers for their places.
    fn fish_over_units(&mut self, size: usize) -> Progress {
        for value in 0..self.side {
            let bit = 1u64 << value;
            // The value's places in each unit, and the units with 2 to `size` of them that
            // must hold it (the bases).
            let places: Vec<Vec<u32>> = self
                .units
                .iter()
                .map(|cells| {
                    let at = cells.iter().filter(|&&c| self.cand[c as usize] & bit != 0);
                    at.copied().collect()
                })
                .collect();
            let bases: Vec<usize> = (0..self.units.len())
                .filter(|&u| self.full[u] && self.placed[u] & bit == 0)
                .filter(|&u| (2..=size).contains(&places[u].len()))
                .collect();
            let disjoint = |a: &[u32], b: &[u32]| a.iter().all(|c| !b.contains(c));
            let mut found = None;
            'search: for (i, &a) in bases.iter().enumerate() {
                for (j, &b) in bases.iter().enumerate().skip(i + 1) {
                    if !disjoint(&places[a], &places[b]) {
                        continue;
                    }
                    if size == 2 {
                        if let Some(f) = self.fish_cover(&[a, b], &places, size) {
                            found = Some(f);
                            break 'search;
                        }
                        continue;
                    }
                    for &c in &bases[j + 1..] {
                        if disjoint(&places[a], &places[c])
                            && disjoint(&places[b], &places[c])
                            && let Some(f) = self.fish_cover(&[a, b, c], &places, size)
                        {
                            found = Some(f);
                            break 'search;
                        }
                    }
                }
            }
            if let Some((base_cells, cover)) = found {
                for u in cover {
                    for k in 0..self.units[u].len() {
                        let c = self.units[u][k] as usize;
                        if !base_cells.contains(&(c as u32)) {
                            self.eliminate(c, bit);
                        }
                    }
                }
                return Progress::Some;
            }
        }
        Progress::None
    }

    /// Covers for the places of `bases` (each unit's places of the value in `places`): at most
    /// `size` units holding every one of them, one at least with a place elsewhere to clear.
    /// Returns the base places and the cover.
    fn fish_cover(
        &self,
        bases: &[usize],
        places: &[Vec<u32>],
        size: usize,
    ) -> Option<(Vec<u32>, Vec<usize>)> {
        let base_cells: Vec<u32> = bases
            .iter()
            .flat_map(|&b| places[b].iter().copied())
            .collect();
        // Every unit through a base place, with the base places it holds as a bit set (at
        // most nine places, each in a few units).
        let mut touching = [(0usize, 0u16); 64];
        let mut n = 0;
        for (k, &c) in base_cells.iter().enumerate() {
            for &u in self.units_of(c as usize) {
                let u = u as usize;
                if bases.contains(&u) {
                    continue;
                }
                if let Some((_, mask)) = touching[..n].iter_mut().find(|(t, _)| *t == u) {
                    *mask |= 1 << k;
                } else if n < touching.len() {
                    touching[n] = (u, 1 << k);
                    n += 1;
                } else {
                    return None;
                }
            }
        }
        let touching = &touching[..n];
        let all: u16 = (1 << base_cells.len()) - 1;
        let mut chosen = Vec::with_capacity(size);
        self.cover_places(touching, places, all, 0, size, &mut chosen)
            .then(|| (base_cells, chosen.iter().map(|&t| touching[t].0).collect()))
    }

    /// Depth first: units of `touching` (by index, into `chosen`) until `covered` is `all`,
    /// at most `size` of them; true when the cover found clears something.
    fn cover_places(
        &self,
        touching: &[(usize, u16)],
        places: &[Vec<u32>],
        all: u16,
        covered: u16,
        size: usize,
        chosen: &mut Vec<usize>,
    ) -> bool {
        if covered == all {
            // Something to clear: a cover unit with a place outside the bases.
            return chosen.iter().any(|&t| {
                let (u, mask) = touching[t];
                places[u].len() > mask.count_ones() as usize
            });
        }
        if chosen.len() == size {
            return false;
        }
        let open = (!covered & all).trailing_zeros();
        for t in 0..touching.len() {
            if touching[t].1 & 1 << open == 0 || chosen.contains(&t) {
                continue;
            }
            chosen.push(t);
            if self.cover_places(touching, places, all, covered | touching[t].1, size, chosen) {
                return true;
            }
            chosen.pop();
        }
        false
    }
}
