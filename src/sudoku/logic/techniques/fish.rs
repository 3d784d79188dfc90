//! Fish: X-wing, swordfish and jellyfish.
//!
//! On a square board the fish are the ones players know: `size` rows in which a value's places
//! all lie in `size` columns (or the other way round) clear the value from the rest of those
//! columns. On a shape the same argument runs over any units. Take `size` full units (the
//! *base*) whose places for a value are disjoint, and `size` units (the *cover*) that together
//! hold every one of those places. The base units put the value in `size` different cells,
//! each in some cover unit; a cover unit holds the value at most once, so each cover unit holds
//! exactly one of them, and the value goes from every other cell of the cover.

use crate::sudoku::logic::techniques::subsets::for_each_subset;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

/// The fish of a size.
fn fish_of(size: usize) -> Technique {
    match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

impl Rater {
    /// Fish of `size` (2: X-wing, 3: swordfish, 4: jellyfish) that remove something, up to
    /// `limit`: `size` rows where a value's places lie in `size` columns between them; the
    /// value goes from the rest of those columns (and rows for columns).
    pub(in crate::sudoku::logic) fn find_fish(
        &self,
        size: usize,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if self.geometry.is_none() {
            self.fish_over_units(size, out, limit);
            return;
        }
        let side = self.side;
        for value in 1..=side as u8 {
            let bit = 1u64 << (value - 1);
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
                for_each_subset(lines.len(), size, |pick| {
                    let crossing = pick.iter().fold(0, |acc, &i| acc | lines[i].1);
                    if crossing.count_ones() as usize != size {
                        return false;
                    }
                    let bases: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                    let mut step = Step::new(fish_of(size));
                    for x in (0..side).filter(|&x| crossing & (1 << x) != 0) {
                        for (k, &c) in self.units[cross + x].iter().enumerate() {
                            if self.cand[c as usize] & bit == 0 {
                                continue;
                            }
                            if bases.contains(&k) {
                                step.marks.push((c, value, Role::Pattern));
                            } else {
                                step.eliminations.push((c, value));
                            }
                        }
                    }
                    if step.eliminations.is_empty() {
                        return false;
                    }
                    step.units = bases.iter().map(|&l| (base + l) as u32).collect();
                    step.units.extend(
                        (0..side)
                            .filter(|&x| crossing & (1 << x) != 0)
                            .map(|x| (cross + x) as u32),
                    );
                    out.push(step);
                    out.len() >= limit
                });
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// The fish of a shape (see the module docs): for each value, base units taken `size` at a
    /// time with disjoint places, then covers for their places.
    fn fish_over_units(&self, size: usize, out: &mut Vec<Step>, limit: usize) {
        for value in 1..=self.side as u8 {
            let bit = 1u64 << (value - 1);
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
            for_each_subset(bases.len(), size, |pick| {
                let chosen: Vec<usize> = pick.iter().map(|&i| bases[i]).collect();
                let apart = chosen.iter().enumerate().all(|(i, &a)| {
                    chosen[i + 1..]
                        .iter()
                        .all(|&b| disjoint(&places[a], &places[b]))
                });
                if !apart {
                    return false;
                }
                let Some((base_cells, cover)) = self.fish_cover(&chosen, &places, size) else {
                    return false;
                };
                let mut step = Step::new(fish_of(size));
                for &c in &base_cells {
                    step.marks.push((c, value, Role::Pattern));
                }
                for &u in &cover {
                    for &c in &self.units[u] {
                        let gone = (c, value);
                        if self.cand[c as usize] & bit != 0
                            && !base_cells.contains(&c)
                            && !step.eliminations.contains(&gone)
                        {
                            step.eliminations.push(gone);
                        }
                    }
                }
                step.units = chosen.iter().chain(&cover).map(|&u| u as u32).collect();
                out.push(step);
                out.len() >= limit
            });
            if out.len() >= limit {
                return;
            }
        }
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
        // most sixteen places, each in a few units).
        let mut touching = [(0usize, 0u32); 64];
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
        let all: u32 = (1u32 << base_cells.len()) - 1;
        let mut chosen = Vec::with_capacity(size);
        self.cover_places(touching, places, all, 0, size, &mut chosen)
            .then(|| (base_cells, chosen.iter().map(|&t| touching[t].0).collect()))
    }

    /// Depth first: units of `touching` (by index, into `chosen`) until `covered` is `all`,
    /// at most `size` of them; true when the cover found clears something.
    fn cover_places(
        &self,
        touching: &[(usize, u32)],
        places: &[Vec<u32>],
        all: u32,
        covered: u32,
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
