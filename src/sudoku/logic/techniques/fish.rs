//! Fish: X-wing, swordfish and jellyfish.
//!
//! On a square board the fish are the ones players know: `size` rows in which a value's places
//! all lie in `size` columns (or the other way round) clear the value from the rest of those
//! columns. On a shape the same argument runs over any units. Take `size` full units (the
//! *base*) whose places for a value are disjoint, and `size` units (the *cover*) that together
//! hold every one of those places. The base units put the value in `size` different cells,
//! each in some cover unit; a cover unit holds the value at most once, so each cover unit holds
//! exactly one of them, and the value goes from every other cell of the cover.

use crate::sudoku::logic::techniques::cache::FishKind;
use crate::sudoku::logic::techniques::subsets::for_each_subset_within;
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
        let Some(x) = self.crossings() else {
            return;
        };
        let side = self.side;
        for value in 1..=side as u8 {
            let bit = 1u64 << (value - 1);
            for (base, cross) in [(0, side), (side, 0)] {
                // For each line, the crossing lines where the value can go.
                let lines: Vec<(usize, u64)> = (0..side)
                    .filter_map(|l| {
                        let at = x.line_at(base + l, value);
                        (2..=size)
                            .contains(&(at.count_ones() as usize))
                            .then_some((l, at))
                    })
                    .collect();
                let masks: Vec<u64> = lines.iter().map(|l| l.1).collect();
                for_each_subset_within(&masks, size, |pick, crossing| {
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
    ///
    /// The base sets come in lexicographic order, grown one unit at a time, and a set is cut as
    /// soon as its places cannot be covered by `size` units: no larger set can be, since a cover
    /// of all its places covers those of any part. On a Samurai a value has some eighty units
    /// that could be bases, so the cut is what keeps jellyfish from visiting every one of the
    /// million and a half sets of four.
    fn fish_over_units(&self, size: usize, out: &mut Vec<Step>, limit: usize) {
        for value in 1..=self.side as u8 {
            let bit = 1u64 << (value - 1);
            // Nothing to look for where nothing was found on the same places.
            let key = self.fish_places(bit);
            if self.cache.fishless(FishKind::OverUnits, size, value, &key) {
                continue;
            }
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
            let near = self.fish_near(&bases, &places, bit);
            let fish = Fish {
                value,
                size,
                bases: &bases,
                places: &places,
                near: &near,
            };
            let mut walk = Walk {
                chosen: Vec::with_capacity(size),
                picked: Vec::with_capacity(size),
                slot: vec![0; self.units.len()],
                left: vec![0; near.words],
            };
            let before = out.len();
            if self.grow_fish(&fish, 0, &mut walk, out, limit) {
                return;
            }
            if out.len() == before {
                self.cache
                    .note_fishless(FishKind::OverUnits, size, value, key);
            }
        }
    }

    /// All that a fish of the value `bit` reads: the cells where it may go, then (past a
    /// `u32::MAX`) the units that hold it.
    pub(in crate::sudoku::logic) fn fish_places(&self, bit: u64) -> Vec<u32> {
        let cells = (0..self.cand.len()).filter(|&c| self.cand[c] & bit != 0);
        let units = (0..self.units.len()).filter(|&u| self.placed[u] & bit != 0);
        let cells = cells.map(|c| c as u32).chain([u32::MAX]);
        cells.chain(units.map(|u| u as u32)).collect()
    }

    /// For each base and each of its places, the places that share a unit other than the base
    /// with it (see [`Near`]).
    fn fish_near(&self, bases: &[usize], places: &[Vec<u32>], bit: u64) -> Near {
        let mut index = vec![u32::MAX; self.cand.len()];
        let mut n = 0;
        for (c, &cand) in self.cand.iter().enumerate() {
            if cand & bit != 0 {
                index[c] = n;
                n += 1;
            }
        }
        let words = (n as usize).div_ceil(64).max(1);
        let mut near = Near {
            words,
            own: vec![0; bases.len() * words],
            at: vec![[u32::MAX; 4]; bases.len()],
            reach: vec![0; bases.len() * 4 * words],
        };
        for (i, &b) in bases.iter().enumerate() {
            for (k, &c) in places[b].iter().enumerate().take(4) {
                let at = index[c as usize] as usize;
                near.at[i][k] = at as u32;
                near.own[i * words + at / 64] |= 1 << (at % 64);
                let reach = &mut near.reach[(i * 4 + k) * words..][..words];
                for &u in self.units_of(c as usize) {
                    if u as usize == b {
                        continue;
                    }
                    for &d in &places[u as usize] {
                        let at = index[d as usize] as usize;
                        reach[at / 64] |= 1 << (at % 64);
                    }
                }
            }
        }
        near
    }

    /// Whether the places of the bases `walk.picked` (indices into `fish.bases`) may have a
    /// cover of `fish.size` units: false when more places than that share no unit other than
    /// their bases two by two, each then needing a unit of its own (taken greedily, lowest
    /// first, as [`Rater::cover_places`] bounds its search).
    fn may_cover(fish: &Fish, walk: &mut Walk) -> bool {
        let near = fish.near;
        let words = near.words;
        let left = &mut walk.left;
        left.fill(0);
        for &i in &walk.picked {
            for (l, &w) in left.iter_mut().zip(&near.own[i * words..][..words]) {
                *l |= w;
            }
        }
        for _ in 0..fish.size {
            let Some(word) = left.iter().position(|&w| w != 0) else {
                return true;
            };
            let at = word * 64 + left[word].trailing_zeros() as usize;
            left[word] &= left[word] - 1;
            let found = walk.picked.iter().find_map(|&i| {
                let k = near.at[i].iter().position(|&a| a as usize == at)?;
                Some(i * 4 + k)
            });
            // (Every place of a base is listed: bases have at most four.)
            let Some(place) = found else {
                return true;
            };
            for (l, &w) in left.iter_mut().zip(&near.reach[place * words..][..words]) {
                *l &= !w;
            }
        }
        left.iter().all(|&w| w == 0)
    }

    /// Base sets extending `chosen` by units of `fish.bases` from index `from` on, depth
    /// first; a full set with a cover that clears something is a step. True when `out` is
    /// full.
    fn grow_fish(
        &self,
        fish: &Fish,
        from: usize,
        walk: &mut Walk,
        out: &mut Vec<Step>,
        limit: usize,
    ) -> bool {
        if walk.chosen.len() == fish.size {
            let mut cover = Cover::new(fish.size, true);
            if !self.fish_cover(fish, walk, &mut cover) {
                return false;
            }
            let base_cells = &cover.cells[..cover.n_cells];
            let units: Vec<usize> = cover.found.iter().map(|&t| cover.units[t].0).collect();
            let bit = 1u64 << (fish.value - 1);
            let mut step = Step::new(fish_of(fish.size));
            for &c in base_cells {
                step.marks.push((c, fish.value, Role::Pattern));
            }
            for &u in &units {
                for &c in &self.units[u] {
                    let gone = (c, fish.value);
                    if self.cand[c as usize] & bit != 0
                        && !base_cells.contains(&c)
                        && !step.eliminations.contains(&gone)
                    {
                        step.eliminations.push(gone);
                    }
                }
            }
            step.units = walk
                .chosen
                .iter()
                .chain(&units)
                .map(|&u| u as u32)
                .collect();
            out.push(step);
            return out.len() >= limit;
        }
        let words = fish.near.words;
        let own = |i: usize| &fish.near.own[i * words..][..words];
        let disjoint = |i: usize, j: usize| own(i).iter().zip(own(j)).all(|(a, b)| a & b == 0);
        let last = (fish.bases.len() + walk.chosen.len() + 1).saturating_sub(fish.size);
        for i in from..last {
            let b = fish.bases[i];
            if !walk.picked.iter().all(|&j| disjoint(i, j)) {
                continue;
            }
            walk.chosen.push(b);
            walk.picked.push(i);
            // A part of a set needs no clearing cover, only some cover (the full set's
            // clearing is checked when it is whole); the bound first, as it costs less.
            let coverable = walk.chosen.len() < 2
                || Self::may_cover(fish, walk)
                    && (walk.chosen.len() == fish.size
                        || self.fish_cover(fish, walk, &mut Cover::new(fish.size, false)));
            if coverable && self.grow_fish(fish, i + 1, walk, out, limit) {
                return true;
            }
            walk.chosen.pop();
            walk.picked.pop();
        }
        false
    }

    /// Whether the places of the bases `walk.chosen` have a cover (see [`Cover`]), which is
    /// left in `cover`.
    fn fish_cover(&self, fish: &Fish, walk: &mut Walk, cover: &mut Cover) -> bool {
        let listed = self.list_cover_units(fish, walk, cover);
        // Leave the slots clear for the next set.
        for &(u, _) in &cover.units[..cover.n_units] {
            walk.slot[u] = 0;
        }
        match listed {
            // Too many units to look through: no fish, but a part is not cut for it.
            None => !cover.clears,
            Some(()) => {
                for &(_, mask) in &cover.units[..cover.n_units] {
                    let mut bits = mask;
                    while bits != 0 {
                        cover.reach[bits.trailing_zeros() as usize] |= mask;
                        bits &= bits - 1;
                    }
                }
                let all = (1u32 << cover.n_cells) - 1;
                self.cover_places(fish, cover, all, 0)
            }
        }
    }

    /// Fills `cover` with the base places, every other unit through them (with the places it
    /// holds as a bit set) and each place's units; `None` past the room it has.
    fn list_cover_units(&self, fish: &Fish, walk: &mut Walk, cover: &mut Cover) -> Option<()> {
        for &b in &walk.chosen {
            for &c in &fish.places[b] {
                let k = cover.n_cells;
                *cover.cells.get_mut(k)? = c;
                cover.n_cells += 1;
                for &u in self.units_of(c as usize) {
                    let u = u as usize;
                    if walk.chosen.contains(&u) {
                        continue;
                    }
                    if walk.slot[u] == 0 {
                        *cover.units.get_mut(cover.n_units)? = (u, 0);
                        cover.n_units += 1;
                        walk.slot[u] = cover.n_units as u8;
                    }
                    let t = walk.slot[u] - 1;
                    cover.units[t as usize].1 |= 1 << k;
                    let n = cover.n_by_place[k] as usize;
                    *cover.by_place[k].get_mut(n)? = t;
                    cover.n_by_place[k] += 1;
                }
                // In the order the units were first met, as a scan of them would try them.
                let n = cover.n_by_place[k] as usize;
                cover.by_place[k][..n].sort_unstable();
            }
        }
        Some(())
    }

    /// Depth first: units through the first place not yet `covered`, until every place (`all`)
    /// is, at most `cover.size` units (left in `cover.found`); true when a cover is found (that
    /// clears something, if `cover.clears`).
    fn cover_places(&self, fish: &Fish, cover: &mut Cover, all: u32, covered: u32) -> bool {
        if covered == all {
            // Something to clear: a cover unit with a place outside the bases.
            return !cover.clears
                || cover.found.iter().any(|&t| {
                    let (u, mask) = cover.units[t];
                    fish.places[u].len() > mask.count_ones() as usize
                });
        }
        // Places no two of which share a unit need a unit each: taken greedily, they bound
        // the units still needed from below.
        let room = cover.size - cover.found.len();
        let mut left = !covered & all;
        for _ in 0..room {
            left &= !cover.reach[left.trailing_zeros() as usize];
            if left == 0 {
                break;
            }
        }
        if left != 0 {
            return false;
        }
        let open = (!covered & all).trailing_zeros() as usize;
        for i in 0..cover.n_by_place[open] as usize {
            // (No unit chosen holds the open place, so none is chosen twice.)
            let t = cover.by_place[open][i] as usize;
            cover.found.push(t);
            if self.cover_places(fish, cover, all, covered | cover.units[t].1) {
                return true;
            }
            cover.found.pop();
        }
        false
    }
}

/// One value's fish search: the fish's size, the units that may be bases and every unit's
/// places of the value.
struct Fish<'a> {
    value: u8,
    size: usize,
    bases: &'a [usize],
    places: &'a [Vec<u32>],
    near: &'a Near,
}

/// Which of a value's places share a unit, for a quick bound on the units a set of bases
/// needs to cover its places. The value's candidate cells are numbered from 0, and a set of
/// them is a bit set of `words` words. For base `i` (an index into the bases) `own` holds its
/// places, `at[i]` their numbers (`u32::MAX` past the last), and for its `k`-th place
/// `reach[i·4 + k]` every place that shares a unit with it other than the base itself. Bases
/// are disjoint, so no other base of a set is a unit through the place.
struct Near {
    words: usize,
    own: Vec<u64>,
    at: Vec<[u32; 4]>,
    reach: Vec<u64>,
}

/// Where the search of base sets stands: the bases chosen, and for each unit its place in a
/// [`Cover`]'s list plus one (0 when not listed), cleared after each cover search.
struct Walk {
    chosen: Vec<usize>,
    /// The same bases as indices into [`Fish::bases`].
    picked: Vec<usize>,
    slot: Vec<u8>,
    /// Scratch for [`Rater::may_cover`]: the places not yet bounded.
    left: Vec<u64>,
}

/// A cover for a set of bases: at most `size` units, none a base, holding every base place
/// between them, and when `clears`, one at least with a place elsewhere to clear. At most
/// sixteen places (four bases of four), each in at most eight units, and 64 units in all.
struct Cover {
    size: usize,
    clears: bool,
    cells: [u32; 16],
    n_cells: usize,
    /// Every unit through a base place, with the places it holds as a bit set.
    units: [(usize, u32); 64],
    n_units: usize,
    /// The units through each place (indices into `units`).
    by_place: [[u8; 8]; 16],
    n_by_place: [u8; 16],
    /// For each place, the places that share a unit with it, itself among them.
    reach: [u32; 16],
    /// The cover found (indices into `units`).
    found: Vec<usize>,
}

impl Cover {
    fn new(size: usize, clears: bool) -> Self {
        Cover {
            size,
            clears,
            cells: [0; 16],
            n_cells: 0,
            units: [(0, 0); 64],
            n_units: 0,
            by_place: [[0; 8]; 16],
            n_by_place: [0; 16],
            reach: std::array::from_fn(|k| 1 << k),
            found: Vec::with_capacity(size),
        }
    }
}
