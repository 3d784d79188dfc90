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
//!
//! The search takes base lines `size` at a time, and a rating that finds nothing easier runs
//! it at every step, so two things keep it short on big boards. The sets of base lines grow
//! one line at a time, and a set is cut with every set that holds it once no box leaves its
//! places within `size` cover lines: the fins lie in one box, so every place outside that
//! box's *span* (the crossing lines that meet it) needs a cover line of its own, and adding a
//! line only adds places. And the rater remembers each value this search found nothing for,
//! with the value's places then (`cache.rs`): a step changes few values' places, and the next
//! search skips the others.

use crate::sudoku::logic::techniques::cache::FishKind;
use crate::sudoku::logic::techniques::subsets::for_each_subset;
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
        self.finned_fish_cut(size, sashimi, out, limit, true);
    }

    /// [`Rater::find_finned_fish`], with the sets of base lines cut by the boxes' spans
    /// (`cut`) or all visited: the two find the same fish, which the tests check.
    pub(in crate::sudoku::logic) fn finned_fish_cut(
        &self,
        size: usize,
        sashimi: bool,
        out: &mut Vec<Step>,
        limit: usize,
        cut: bool,
    ) {
        let Some(crossings) = self.crossings() else {
            return;
        };
        let side = self.side;
        let technique = match (size, sashimi) {
            (2, false) => Technique::FinnedXWing,
            (2, true) => Technique::SashimiXWing,
            (3, false) => Technique::FinnedSwordfish,
            (3, true) => Technique::SashimiSwordfish,
            (_, false) => Technique::FinnedJellyfish,
            (_, true) => Technique::SashimiJellyfish,
        };
        let kind = if sashimi {
            FishKind::Sashimi
        } else {
            FishKind::Finned
        };
        for value in 1..=side as u8 {
            if self.out_of_time() {
                return;
            }
            let bit = 1u64 << (value - 1);
            // Nothing to look for where nothing was found on the same places.
            let key = self.fish_places(bit);
            if self.cache.fishless(kind, size, value, &key) {
                continue;
            }
            let before = out.len();
            let bases = [(0, side), (side, 0)];
            for ((base, cross), spans) in bases.into_iter().zip(&self.box_spans) {
                // Each base line's places, as a set of crossing lines: only lines whose
                // places fit in `size` cover lines and one box's worth of fins.
                let lines: Vec<(usize, u64)> = (0..side)
                    .filter_map(|l| {
                        let at = crossings.line_at(base + l, value);
                        let places = at.count_ones() as usize;
                        (at != 0 && places <= size + self.most_in_one_box(base + l, at))
                            .then_some((l, at))
                    })
                    .collect();
                // A set of base lines whose places outside every box's span take more than
                // `size` cover lines has no finned fish, nor has any set that holds it.
                let grow = |union: u64, i: usize| {
                    let grown = union | lines[i].1;
                    let fits = |&span: &u64| (grown & !span).count_ones() as usize <= size;
                    (!cut || spans.iter().any(fits)).then_some(grown)
                };
                let mut stop = false;
                for_each_subset(lines.len(), size, 0, grow, |pick, union| {
                    let chosen: Vec<(usize, u64)> = pick.iter().map(|&i| lines[i]).collect();
                    let fish = Fish {
                        bit,
                        value,
                        base,
                        cross,
                        lines: &chosen,
                        union,
                    };
                    stop = self.finned_with_bases(&fish, technique, sashimi, out, limit);
                    stop
                });
                if stop {
                    return;
                }
            }
            if out.len() == before && !self.out_of_time() {
                self.cache.note_fishless(kind, size, value, key);
            }
        }
    }

    /// For base lines from unit `base` on (rows 0, columns `side`) of a square board, each
    /// box's span: the set of crossing lines that meet it, without repeats. The fins lie in one
    /// box, so their crossing lines lie in its span. Read once a board, into the rater's
    /// tables.
    pub(in crate::sudoku::logic) fn read_box_spans(&self, base: usize) -> Vec<u64> {
        let mut spans = vec![0u64; self.side];
        for l in 0..self.side {
            for (k, &c) in self.units[base + l].iter().enumerate() {
                let b = self.box_of[c as usize] as usize;
                if b >= spans.len() {
                    spans.resize(b + 1, 0);
                }
                spans[b] |= 1 << k;
            }
        }
        spans.sort_unstable();
        spans.dedup();
        spans
    }

    /// The most of `places` (a set of positions along line `line`) that lie in one box or
    /// region: the most fins the line can have.
    fn most_in_one_box(&self, line: usize, places: u64) -> usize {
        let mut boxes = [0u8; 64];
        let mut most = 0;
        let mut left = places;
        while left != 0 {
            let k = left.trailing_zeros() as usize;
            left &= left - 1;
            let n = &mut boxes[self.box_of[self.units[line][k] as usize] as usize];
            *n += 1;
            most = most.max(*n);
        }
        usize::from(most)
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
        let (size, side, union) = (fish.lines.len(), self.side, fish.union);
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
            let take = |cover: u64, i: usize| Some(cover | 1 << open[i]);
            for_each_subset(open.len(), size - free, forced, take, |_, cover| {
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
    /// The base lines, each with its places as a set of crossing lines, and all their places.
    lines: &'a [(usize, u64)],
    union: u64,
}
