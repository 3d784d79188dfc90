//! Finned fish: X-wing, swordfish and jellyfish with fins, and their sashimi forms.
//!
//! A fish (see `fish.rs`) takes `size` *base* lines (rows, say) whose places for a value all
//! lie in `size` *cover* lines (columns): each base row puts the value in a different cover
//! column, so the value goes from the rest of those columns. A *finned* fish is one that almost
//! fits: some base rows also have places outside the cover columns, all of them in one box (or
//! jigsaw region). Those extra places are the *fins*. Either a fin holds the value, or none does
//! and the fish is a real one. A cover cell (outside the base rows) that sees every fin loses
//! the value either way: in the first case the fin rules it out, in the second the fish does.
//! On a classic board those are the cover cells in the fins' box.
//!
//! The fish is *sashimi* when some base row, leaving its fins aside, has only one place left in
//! the cover (the fish would be missing a corner); the argument is the same, and players count
//! it apart because it is harder to spot.
//!
//! Square boards only (rows against columns, and columns against rows), with any boxes or
//! jigsaw regions for the fins and any variant's units for seeing them.

use crate::sudoku::logic::{Rater, Role, Step, Technique};

impl Rater {
    /// Every finned (`sashimi` false) or sashimi fish of `size` base lines (2: X-wing, 3:
    /// swordfish, 4: jellyfish) that removes something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_finned_fish(
        &self,
        size: usize,
        sashimi: bool,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if self.geometry.is_none() {
            return;
        }
        let side = self.side;
        let technique = match (size, sashimi) {
            (2, false) => Technique::FinnedXWing,
            (2, true) => Technique::SashimiXWing,
            (3, false) => Technique::FinnedSwordfish,
            (3, true) => Technique::SashimiSwordfish,
            (_, false) => Technique::FinnedJellyfish,
            (_, true) => Technique::SashimiJellyfish,
        };
        for value in 1..=side as u8 {
            if self.out_of_time() {
                return;
            }
            let bit = 1u64 << (value - 1);
            for (base, cross) in [(0, side), (side, 0)] {
                // Each base line's places, as a set of crossing lines: only lines whose
                // places fit in `size` cover lines and one box's worth of fins.
                let lines: Vec<(usize, u64)> = (0..side)
                    .filter_map(|l| {
                        let places: Vec<usize> = (0..side)
                            .filter(|&k| self.cand[self.units[base + l][k] as usize] & bit != 0)
                            .collect();
                        let at = places.iter().fold(0u64, |m, &k| m | 1 << k);
                        (at != 0 && places.len() <= size + self.most_in_one_box(base + l, &places))
                            .then_some((l, at))
                    })
                    .collect();
                let mut stop = false;
                combinations(lines.len(), size, &mut |pick| {
                    let chosen: Vec<(usize, u64)> = pick.iter().map(|&i| lines[i]).collect();
                    let fish = Fish {
                        bit,
                        value,
                        base,
                        cross,
                        lines: &chosen,
                    };
                    stop = self.finned_with_bases(&fish, technique, sashimi, out, limit);
                    stop
                });
                if stop {
                    return;
                }
            }
        }
    }

    /// The most of `places` (positions along line `line`) that lie in one box or region: the
    /// most fins the line can have.
    fn most_in_one_box(&self, line: usize, places: &[usize]) -> usize {
        let mut boxes: Vec<(u32, usize)> = Vec::new();
        for &k in places {
            let b = self.box_of[self.units[line][k] as usize];
            match boxes.iter_mut().find(|(x, _)| *x == b) {
                Some((_, n)) => *n += 1,
                None => boxes.push((b, 1)),
            }
        }
        boxes.iter().map(|&(_, n)| n).max().unwrap_or(0)
    }

    /// The finned fish on these base lines: for each box the fins may lie in, the covers that
    /// leave every place outside them in that box. True once `out` is full.
    fn finned_with_bases(
        &self,
        fish: &Fish,
        technique: Technique,
        sashimi: bool,
        out: &mut Vec<Step>,
        limit: usize,
    ) -> bool {
        let (size, side) = (fish.lines.len(), self.side);
        let union = fish.lines.iter().fold(0u64, |m, l| m | l.1);
        if (union.count_ones() as usize) <= size {
            return false;
        }
        let cell = |line: usize, k: usize| self.units[fish.base + line][k] as usize;
        let mut boxes: Vec<u32> = Vec::new();
        for &(l, at) in fish.lines {
            for k in (0..side).filter(|&k| at & 1 << k != 0) {
                let b = self.box_of[cell(l, k)];
                if !boxes.contains(&b) {
                    boxes.push(b);
                }
            }
        }
        for b in boxes {
            // Crossing lines with a place in the box, and those outside it that the cover
            // must take.
            let mut inside = 0u64;
            for &(l, at) in fish.lines {
                for k in (0..side).filter(|&k| at & 1 << k != 0) {
                    if self.box_of[cell(l, k)] == b {
                        inside |= 1 << k;
                    }
                }
            }
            let forced = union & !inside;
            let free = forced.count_ones() as usize;
            if free > size {
                continue;
            }
            let open: Vec<usize> = (0..side).filter(|&k| inside & 1 << k != 0).collect();
            let mut full = false;
            combinations(open.len(), size - free, &mut |pick| {
                let cover = pick.iter().fold(forced, |m, &i| m | 1 << open[i]);
                full = self.finned_with_cover(fish, cover, b, technique, sashimi, out, limit);
                full
            });
            if full {
                return true;
            }
        }
        false
    }

    /// The fish on `cover` (a set of crossing lines), if its fins lie in box `b`, it is of the
    /// kind asked for and it removes something. True once `out` is full.
    #[allow(clippy::too_many_arguments)]
    fn finned_with_cover(
        &self,
        fish: &Fish,
        cover: u64,
        b: u32,
        technique: Technique,
        sashimi: bool,
        out: &mut Vec<Step>,
        limit: usize,
    ) -> bool {
        let side = self.side;
        let cell = |line: usize, k: usize| self.units[fish.base + line][k] as usize;
        let mut fins: Vec<usize> = Vec::new();
        let mut corners: Vec<usize> = Vec::new();
        let mut thin = false;
        let mut reached = 0u64;
        for &(l, at) in fish.lines {
            let mine = at & cover;
            reached |= mine;
            thin |= mine.count_ones() <= 1;
            for k in (0..side).filter(|&k| at & 1 << k != 0) {
                if cover & 1 << k != 0 {
                    corners.push(cell(l, k));
                } else {
                    fins.push(cell(l, k));
                }
            }
        }
        let one_box = fins.iter().all(|&f| self.box_of[f] == b);
        if fins.is_empty() || !one_box || reached != cover || thin != sashimi {
            return false;
        }
        let bases: Vec<usize> = fish.lines.iter().map(|l| l.0).collect();
        let mut gone: Vec<(u32, u8)> = Vec::new();
        for x in (0..side).filter(|&x| cover & 1 << x != 0) {
            for (k, &c) in self.units[fish.cross + x].iter().enumerate() {
                let c = c as usize;
                if !bases.contains(&k)
                    && self.cand[c] & fish.bit != 0
                    && fins.iter().all(|&f| self.sees(c, f))
                {
                    gone.push((c as u32, fish.value));
                }
            }
        }
        if gone.is_empty() {
            return false;
        }
        let mut step = Step::new(technique);
        step.units = bases.iter().map(|&l| (fish.base + l) as u32).collect();
        step.units.extend(
            (0..side)
                .filter(|&x| cover & 1 << x != 0)
                .map(|x| (fish.cross + x) as u32),
        );
        for c in corners {
            step.marks.push((c as u32, fish.value, Role::Pattern));
        }
        for &f in &fins {
            step.marks.push((f as u32, fish.value, Role::Fin));
        }
        step.eliminations = gone;
        out.push(step);
        out.len() >= limit
    }
}

/// A fish's value and base lines as the search holds them.
struct Fish<'a> {
    bit: u64,
    value: u8,
    /// The first unit of the base lines (rows 0, columns `side`) and of the crossing lines.
    base: usize,
    cross: usize,
    /// The base lines, each with its places as a set of crossing lines.
    lines: &'a [(usize, u64)],
}

/// Calls `visit` with every `size`-element subset of `0..n` (ascending indices; the empty one
/// for size 0) until it returns true.
fn combinations(n: usize, size: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
    fn go(
        n: usize,
        size: usize,
        from: usize,
        pick: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if pick.len() == size {
            return visit(pick);
        }
        for i in from..n {
            if n - i < size - pick.len() {
                break;
            }
            pick.push(i);
            if go(n, size, i + 1, pick, visit) {
                return true;
            }
            pick.pop();
        }
        false
    }
    let mut pick = Vec::with_capacity(size);
    go(n, size, 0, &mut pick, visit);
}
