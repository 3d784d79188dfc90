//! Uniqueness: unique rectangles (types 1 to 4 and the hidden rectangle) and BUG+1.
//!
//! These techniques do not follow from the rules alone but from the promise that the puzzle
//! has exactly one solution: they find nothing unless [`Rater::assume_unique`] said so.
//!
//! **Unique rectangle.** Four empty cells at the corners of a rectangle, in two rows, two
//! columns and two boxes (or jigsaw regions), all holding candidates `a` and `b`. If the four
//! took only `a` and `b` (`a` `b` / `b` `a`), swapping the two values would give a second
//! solution, since every row, column and box the rectangle touches holds one `a` and one `b` of
//! it either way. So in a puzzle with one solution the corners cannot all end up `a` and `b`:
//!
//! * type 1: three corners hold only `ab`; the fourth loses `a` and `b`;
//! * type 2: two corners hold only `ab`, the other two `abx` with the same extra `x`; one of
//!   those two is `x`, so `x` goes from every cell that sees both;
//! * type 3: the two other corners share a unit and have extras `E` between them; one of them
//!   takes a value of `E`, so it acts as one cell with candidates `E`, which may complete a
//!   naked subset with other cells of that unit (whose values then go from the unit's rest);
//! * type 4: the two other corners share a unit in which `a` has no other place; one of them is
//!   `a`, so neither can be `b`;
//! * hidden rectangle: one corner holds only `ab`, and in the row and the column of the opposite
//!   corner `a` has no places off the rectangle; if that corner were `b` the two corners beside
//!   it would both be `a` and the first corner `b`: the deadly pattern, so it loses `b`.
//!
//! Where: square boards (classic, jigsaw, X and hyper, killer), on rectangles every unit of which
//! (a diagonal or a window too) holds none of the corners or two neighbouring ones, and every
//! killer cage the same (so swapping keeps the sums). Not on shapes or Mathdoku cages.
//!
//! **BUG+1** (bivalue universal grave). When every empty cell has two candidates but one that
//! has three, and every value missing from a unit has exactly two places in it but for one value
//! of that cell, which has three in each of its units: without that value in that cell, every
//! cell and every unit's value would have exactly two options, and the options a solution does
//! not take would make another solution. A puzzle with one solution cannot get there, so the
//! cell holds that value. Only on boards whose units are all full and that have no cages.

use super::peers::{Peers, cells_of};
use super::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

impl Rater {
    /// Every unique rectangle step (types 1 to 4, hidden), up to `limit`; none unless the
    /// puzzle is assumed unique.
    pub(in crate::sudoku::logic) fn find_unique_rectangles(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if !self.unique || !self.math.is_empty() {
            return;
        }
        let Some(g) = self.geometry else {
            return;
        };
        let side = self.side;
        let peers = Peers::of(self);
        for r1 in 0..side {
            for r2 in r1 + 1..side {
                for c1 in 0..side {
                    let (a0, a3) = (g.cell(r1, c1), g.cell(r2, c1));
                    let first = self.cand[a0] & self.cand[a3];
                    if first.count_ones() < 2 {
                        continue;
                    }
                    for c2 in c1 + 1..side {
                        // Corners around the rectangle: 0 and 2 opposite, 1 and 3 opposite.
                        let corners = [a0, g.cell(r1, c2), g.cell(r2, c2), a3];
                        let common = first & self.cand[corners[1]] & self.cand[corners[2]];
                        if common.count_ones() < 2 || !self.rectangle_swaps(&corners) {
                            continue;
                        }
                        let values: Vec<u8> = bits(common).collect();
                        for (i, &a) in values.iter().enumerate() {
                            for &b in &values[i + 1..] {
                                self.rectangle_steps(&corners, a, b, &peers, out);
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

    /// Whether swapping two values over the corners keeps every unit and cage right: each
    /// holds none of them or two neighbouring ones (never two opposite ones, never one alone).
    fn rectangle_swaps(&self, corners: &[usize; 4]) -> bool {
        let pair_ok = |inside: [bool; 4]| {
            let count = inside.iter().filter(|&&x| x).count();
            count == 0 || (count == 2 && inside[0] != inside[2] && inside[1] != inside[3])
        };
        for &c in corners {
            for &u in self.units_of(c) {
                let cells = &self.units[u as usize];
                if !pair_ok(corners.map(|k| cells.contains(&(k as u32)))) {
                    return false;
                }
            }
            if let Some(k) = self.cage(c)
                && !pair_ok(corners.map(|x| self.cage(x) == Some(k)))
            {
                return false;
            }
        }
        true
    }

    /// The steps of one rectangle on values `a` and `b`.
    fn rectangle_steps(
        &self,
        corners: &[usize; 4],
        a: u8,
        b: u8,
        peers: &Peers,
        out: &mut Vec<Step>,
    ) {
        let ab = 1u64 << (a - 1) | 1u64 << (b - 1);
        let extra = corners.map(|c| self.cand[c] & !ab);
        let floor: Vec<usize> = (0..4).filter(|&i| extra[i] == 0).collect();
        let step = |eliminations: Vec<(u32, u8)>, units: Vec<u32>| {
            let mut step = Step::new(Technique::UniqueRectangle);
            for &c in corners {
                for v in [a, b] {
                    step.marks.push((c as u32, v, Role::Pattern));
                }
                for v in bits(self.cand[c] & !ab) {
                    step.marks.push((c as u32, v, Role::Fin));
                }
            }
            step.units = units;
            step.eliminations = eliminations;
            step
        };
        if floor.len() == 3 {
            // Type 1.
            let Some(roof) = (0..4).find(|&i| extra[i] != 0) else {
                return;
            };
            let c = corners[roof] as u32;
            out.push(step(vec![(c, a), (c, b)], Vec::new()));
            return;
        }
        // Hidden rectangle: a corner with only ab, its opposite corner with more.
        for &i in &floor {
            let far = (i + 2) % 4;
            if extra[far] == 0 {
                continue;
            }
            let (d, beside) = (corners[far], [corners[(i + 1) % 4], corners[(i + 3) % 4]]);
            for (v, w) in [(a, b), (b, a)] {
                let locked = beside
                    .iter()
                    .all(|&n| self.only_places(v, &[d, n]).is_some());
                if locked {
                    let units = beside
                        .iter()
                        .filter_map(|&n| self.only_places(v, &[d, n]))
                        .collect();
                    out.push(step(vec![(d as u32, w)], units));
                }
            }
        }
        if floor.len() != 2 {
            return;
        }
        let roof: Vec<usize> = (0..4).filter(|&i| extra[i] != 0).collect();
        let (p, q) = (corners[roof[0]], corners[roof[1]]);
        let extras = extra[roof[0]] | extra[roof[1]];
        // Type 2: the same single extra in both.
        if extra[roof[0]] == extra[roof[1]] && extras.count_ones() == 1 {
            let x = extras.trailing_zeros() as u8 + 1;
            let gone: Vec<(u32, u8)> = cells_of(&peers.common([p, q]))
                .filter(|&c| self.cand[c] & extras != 0)
                .map(|c| (c as u32, x))
                .collect();
            if !gone.is_empty() {
                out.push(step(gone, Vec::new()));
            }
        }
        let shared: Vec<u32> = self
            .units_of(p)
            .iter()
            .copied()
            .filter(|u| self.units_of(q).contains(u))
            .collect();
        for &u in &shared {
            // Type 4: a or b has no other place in the unit.
            for (v, w) in [(a, b), (b, a)] {
                let places = self.unit_places(u, v);
                if self.full[u as usize]
                    && places.len() == 2
                    && places.contains(&p)
                    && places.contains(&q)
                {
                    out.push(step(vec![(p as u32, w), (q as u32, w)], vec![u]));
                }
            }
            // Type 3: the two corners as one cell with candidates `extras`, in a naked subset.
            let others: Vec<usize> = self.units[u as usize]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| c != p && c != q && self.cand[c] != 0)
                .collect();
            let mut chosen = Vec::new();
            self.rectangle_subsets(u, &others, 0, extras, &mut chosen, out, &step);
        }
    }

    /// Type 3: cells of `others` from `from` on, added to `chosen`, whose candidates with
    /// `set` make a naked subset with the roof standing for one cell.
    #[allow(clippy::too_many_arguments)]
    fn rectangle_subsets(
        &self,
        unit: u32,
        others: &[usize],
        from: usize,
        set: u64,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Step>,
        step: &dyn Fn(Vec<(u32, u8)>, Vec<u32>) -> Step,
    ) {
        if !chosen.is_empty() && set.count_ones() as usize == chosen.len() + 1 {
            let gone: Vec<(u32, u8)> = others
                .iter()
                .filter(|&&c| !chosen.contains(&c))
                .flat_map(|&c| bits(self.cand[c] & set).map(move |v| (c as u32, v)))
                .collect();
            if !gone.is_empty() {
                let mut s = step(gone, vec![unit]);
                for &c in chosen.iter() {
                    for v in bits(self.cand[c]) {
                        s.marks.push((c as u32, v, Role::Colour(false)));
                    }
                }
                out.push(s);
            }
            return;
        }
        if chosen.len() >= 3 {
            return;
        }
        for i in from..others.len() {
            let next = set | self.cand[others[i]];
            if next.count_ones() > 4 {
                continue; // more than a quad with the roof
            }
            chosen.push(others[i]);
            self.rectangle_subsets(unit, others, i + 1, next, chosen, out, step);
            chosen.pop();
        }
    }

    /// The places of `value` in unit `u` (empty cells holding it as a candidate).
    fn unit_places(&self, u: u32, value: u8) -> Vec<usize> {
        self.units[u as usize]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.cand[c] & (1 << (value - 1)) != 0)
            .collect()
    }

    /// A full unit holding `cells` in which `value` has no other place.
    fn only_places(&self, value: u8, cells: &[usize]) -> Option<u32> {
        let first = *cells.first()?;
        self.units_of(first).iter().copied().find(|&u| {
            self.full[u as usize]
                && cells
                    .iter()
                    .all(|c| self.units[u as usize].contains(&(*c as u32)))
                && self.unit_places(u, value).len() == cells.len()
                && cells
                    .iter()
                    .all(|&c| self.cand[c] & (1 << (value - 1)) != 0)
        })
    }

    /// BUG+1: the one cell with three candidates in an otherwise bivalue board takes the value
    /// that has three places in its units; none unless the puzzle is assumed unique.
    pub(in crate::sudoku::logic) fn find_bug(&self, out: &mut Vec<Step>, limit: usize) {
        if !self.unique
            || limit == 0
            || !self.cages.is_empty()
            || !self.math.is_empty()
            || self.full.iter().any(|&f| !f)
        {
            return;
        }
        let mut three = None;
        for (c, &set) in self.cand.iter().enumerate() {
            match set.count_ones() {
                0 | 2 => {}
                3 if three.is_none() => three = Some(c),
                _ => return,
            }
        }
        let Some(t) = three else {
            return;
        };
        let mut value = None;
        for u in 0..self.units.len() {
            let here = self.units[u].contains(&(t as u32));
            for v in bits(self.all & !self.placed[u]) {
                let n = self.unit_places(u as u32, v).len();
                let extra = here && self.cand[t] & (1 << (v - 1)) != 0 && n == 3;
                if extra {
                    if value.is_some_and(|x| x != v) {
                        return;
                    }
                    value = Some(v);
                } else if n != 2 {
                    return;
                }
            }
        }
        let Some(v) = value else {
            return;
        };
        // The value must have three places in every unit of the cell.
        if self
            .units_of(t)
            .iter()
            .any(|&u| self.unit_places(u, v).len() != 3)
        {
            return;
        }
        let mut step = Step::new(Technique::BugPlusOne);
        for (c, &set) in self.cand.iter().enumerate() {
            for x in bits(set) {
                let role = if c == t && x == v {
                    Role::Fin
                } else {
                    Role::Pattern
                };
                step.marks.push((c as u32, x, role));
            }
        }
        step.placements.push((t as u32, v));
        out.push(step);
    }
}
