//! The rule of 45 over several units at once, and the innie-outie difference.
//!
//! Full units that share no cell hold every digit once each, so together `k` of them add up to
//! `k` times a unit's total (on a 9×9 board two rows make 90, three boxes 135). Innies and
//! outies (`innies.rs`) read over such a union just as over one unit:
//!
//! **Innies over units.** The cages wholly inside the union are taken off its total; the
//! union's other cells (the innies) add up to what is left.
//!
//! **Outies over units.** When every cell of the union is in a cage, the cages meeting it add
//! up to the union's total plus what they hold outside it (the outies).
//!
//! Innies of one unit share it, so their digits differ; innies of a union may lie in different
//! units and repeat a digit (r1c1 and r2c5 of rows 1 and 2 can both be 7). So a candidate of an
//! innie or outie stays when some filling of them makes the sum, two cells that see each other
//! holding different digits and the others free to repeat (the search `innies.rs` explains):
//! exact for what the step reads, so sound. Both stop at five cells, as a player counts.
//!
//! **Innie-outie difference.** Count the union by the cages wholly inside it and one cage `Y`
//! that sticks out of it by a single cell (the outie `o`), when that leaves a single cell `i`
//! of the union uncounted (the innie, alone inside a cage `X` that reaches out of the union, or
//! in no cage). Then the cages counted hold the union less `i`, plus `o`: their sums less the
//! union's total is `o − i`. Neither cell is known, but their difference is: `i` keeps a digit
//! `v` only if `o` can be `v` plus that difference, and the other way round (and when the two
//! see each other, a difference of 0 is impossible). This reads single units as well as unions.
//!
//! **Which unions.** A player looks at neighbours, and so does the rater: on a square board two
//! or three consecutive rows, or columns, and two or three boxes of one band or stack; on a
//! jigsaw, two or three regions each touching another (sharing an edge); on a shape, two or
//! three of its full units that share no cell, of one kind and listed one after another. A
//! union that covers the same cells as another (a band's three boxes are its three rows) is
//! read once.

use crate::sudoku::board::geometry::Unit;
use crate::sudoku::logic::techniques::innies::MOST;
use crate::sudoku::logic::techniques::wing::bits;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

/// A union of units: the units, and its cells (sorted).
pub(super) type Union = (Vec<u32>, Vec<u32>);

/// How a union meets the cages: the sum of the cages wholly inside it, its innies (cells in no
/// such cage), its cells in no cage, and the cages partly inside it.
struct Reading {
    inside_sum: u32,
    innies: Vec<u32>,
    uncaged: Vec<u32>,
    partial: Vec<usize>,
}

impl Rater {
    /// The unions of two or three units the rule of 45 reads (see the module docs).
    pub(super) fn unions(&self) -> Vec<Union> {
        let mut groups: Vec<Vec<u32>> = Vec::new();
        let side = self.side;
        let runs = |first: usize, count: usize, groups: &mut Vec<Vec<u32>>| {
            for start in 0..count {
                for len in 2..=3 {
                    if start + len <= count {
                        groups.push(
                            (first + start..first + start + len)
                                .map(|u| u as u32)
                                .collect(),
                        );
                    }
                }
            }
        };
        if let Some(g) = self.geometry {
            runs(0, side, &mut groups);
            runs(side, side, &mut groups);
            let jigsaw = matches!(self.unit_kinds.get(2 * side), Some(Unit::Region(_)));
            // Which boxes (or regions) go together: boxes of one band or stack (the same rows or
            // the same columns); regions that share an edge.
            let mut near = vec![vec![false; side]; side];
            if jigsaw {
                for c in 0..g.cells() {
                    let (r, col) = (g.row_of(c), g.col_of(c));
                    let next = [
                        (col + 1 < side).then(|| g.cell(r, col + 1)),
                        (r + 1 < side).then(|| g.cell(r + 1, col)),
                    ];
                    for d in next.into_iter().flatten() {
                        let (a, b) = (self.box_of[c] as usize, self.box_of[d] as usize);
                        near[a][b] |= a != b;
                        near[b][a] |= a != b;
                    }
                }
            } else {
                // Each box's rows and columns, as bit sets.
                let lines: Vec<(u64, u64)> = self.units[2 * side..3 * side]
                    .iter()
                    .map(|cells| {
                        cells.iter().fold((0u64, 0u64), |(r, c), &x| {
                            let x = x as usize;
                            (r | 1 << g.row_of(x), c | 1 << g.col_of(x))
                        })
                    })
                    .collect();
                for (a, row) in near.iter_mut().enumerate() {
                    for (b, near) in row.iter_mut().enumerate() {
                        *near = a != b && (lines[a].0 == lines[b].0 || lines[a].1 == lines[b].1);
                    }
                }
            }
            for a in 0..side {
                for b in a + 1..side {
                    if near[a][b] {
                        groups.push(vec![(2 * side + a) as u32, (2 * side + b) as u32]);
                    }
                    for c in b + 1..side {
                        let links = [near[a][b], near[a][c], near[b][c]];
                        // Boxes: all three in one band or stack; regions: connected.
                        let together = if jigsaw {
                            links.iter().filter(|&&l| l).count() >= 2
                        } else {
                            links.iter().all(|&l| l)
                        };
                        if together {
                            groups.push([a, b, c].map(|x| (2 * side + x) as u32).to_vec());
                        }
                    }
                }
            }
        } else {
            for start in 0..self.units.len() {
                for len in 2..=3 {
                    let run = start..start + len;
                    if run.end > self.units.len() {
                        break;
                    }
                    let kind = std::mem::discriminant(&self.unit_kinds[start]);
                    let alike = run.clone().all(|u| {
                        self.full[u] && std::mem::discriminant(&self.unit_kinds[u]) == kind
                    });
                    if alike {
                        groups.push(run.map(|u| u as u32).collect());
                    }
                }
            }
        }
        let mut unions: Vec<Union> = Vec::new();
        for units in groups {
            let mut cells: Vec<u32> = units
                .iter()
                .flat_map(|&u| self.units[u as usize].iter().copied())
                .collect();
            cells.sort_unstable();
            let count = cells.len();
            cells.dedup();
            let disjoint = cells.len() == count;
            if disjoint
                && units.iter().all(|&u| self.full[u as usize])
                && !unions.iter().any(|(_, c)| *c == cells)
            {
                unions.push((units, cells));
            }
        }
        unions
    }

    /// How the union of `cells` (marked in `inside`) meets the cages.
    fn read_union(&self, cells: &[u32], inside: &[bool]) -> Reading {
        let mut reading = Reading {
            inside_sum: 0,
            innies: Vec::new(),
            uncaged: Vec::new(),
            partial: Vec::new(),
        };
        let mut whole: Vec<usize> = Vec::new();
        for &c in cells {
            let Some(k) = self.cage(c as usize) else {
                reading.uncaged.push(c);
                reading.innies.push(c);
                continue;
            };
            if whole.contains(&k) {
                continue;
            }
            if !reading.partial.contains(&k) {
                if self.cages[k].0.iter().all(|&x| inside[x as usize]) {
                    whole.push(k);
                    reading.inside_sum += self.cage_sums[k];
                    continue;
                }
                reading.partial.push(k);
            }
            reading.innies.push(c);
        }
        reading
    }

    /// Innies (or with `outies`, outies) over unions of units (see the module docs), up to
    /// `limit` steps.
    pub(in crate::sudoku::logic) fn find_union_sums(
        &self,
        outies: bool,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if self.cages.is_empty() {
            return;
        }
        let total: u32 = (1..=self.side as u32).sum();
        let mut inside = vec![false; self.cand.len()];
        for (units, cells) in self.unions() {
            for &c in &cells {
                inside[c as usize] = true;
            }
            let reading = self.read_union(&cells, &inside);
            let whole = total * units.len() as u32;
            let step = if !outies {
                (1..=MOST).contains(&reading.innies.len()).then(|| {
                    self.sum_step(
                        Technique::InniesOverUnits,
                        &units,
                        &reading.innies,
                        whole.checked_sub(reading.inside_sum),
                    )
                })
            } else {
                let outside: Vec<u32> = reading
                    .partial
                    .iter()
                    .flat_map(|&k| self.cages[k].0.iter().copied())
                    .filter(|&c| !inside[c as usize])
                    .collect();
                let sum = reading.inside_sum
                    + reading
                        .partial
                        .iter()
                        .map(|&k| self.cage_sums[k])
                        .sum::<u32>();
                (reading.uncaged.is_empty() && (1..=MOST).contains(&outside.len())).then(|| {
                    self.sum_step(
                        Technique::OutiesOverUnits,
                        &units,
                        &outside,
                        sum.checked_sub(whole),
                    )
                })
            };
            for &c in &cells {
                inside[c as usize] = false;
            }
            if let Some(step) = step.flatten() {
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// Innie-outie differences (see the module docs) over single full units and unions, up to
    /// `limit` steps.
    pub(in crate::sudoku::logic) fn find_innie_outie_differences(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if self.cages.is_empty() {
            return;
        }
        let total: u32 = (1..=self.side as u32).sum();
        let mut inside = vec![false; self.cand.len()];
        let singles = (0..self.units.len()).filter(|&u| self.full[u]).map(|u| {
            let mut cells = self.units[u].clone();
            cells.sort_unstable();
            (vec![u as u32], cells)
        });
        for (units, cells) in singles.chain(self.unions()) {
            for &c in &cells {
                inside[c as usize] = true;
            }
            let reading = self.read_union(&cells, &inside);
            let inner = |k: usize| -> Vec<u32> {
                self.cages[k]
                    .0
                    .iter()
                    .copied()
                    .filter(|&c| inside[c as usize])
                    .collect()
            };
            let outer = |k: usize| -> Vec<u32> {
                self.cages[k]
                    .0
                    .iter()
                    .copied()
                    .filter(|&c| !inside[c as usize])
                    .collect()
            };
            // (the innie, the outie, the cage counted that holds the outie)
            let mut pairs: Vec<(u32, u32, usize)> = Vec::new();
            match (&reading.partial[..], &reading.uncaged[..]) {
                (&[x, y], []) => {
                    for (x, y) in [(x, y), (y, x)] {
                        if let ([i], [o]) = (&inner(x)[..], &outer(y)[..]) {
                            pairs.push((*i, *o, y));
                        }
                    }
                }
                (&[y], &[i]) => {
                    if let [o] = outer(y)[..] {
                        pairs.push((i, o, y));
                    }
                }
                _ => {}
            }
            for &c in &cells {
                inside[c as usize] = false;
            }
            let whole = i64::from(total) * units.len() as i64;
            for (i, o, y) in pairs {
                let counted = i64::from(reading.inside_sum) + i64::from(self.cage_sums[y]);
                if let Some(step) = self.difference_step(&units, i, o, counted - whole) {
                    out.push(step);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }

    /// The step of an innie `i` and an outie `o` with `o − i = difference`; `None` if nothing
    /// goes (or nothing fits: another technique finds the contradiction).
    fn difference_step(&self, units: &[u32], i: u32, o: u32, difference: i64) -> Option<Step> {
        let digits = |c: u32| match self.values[c as usize] {
            0 => self.cand[c as usize],
            v => 1u64 << (v - 1),
        };
        let (from, to) = (digits(i), digits(o));
        let see = self.sees(i as usize, o as usize);
        let (mut keep_i, mut keep_o) = (0u64, 0u64);
        for v in bits(from) {
            let w = i64::from(v) + difference;
            if (1..=self.side as i64).contains(&w)
                && to & 1 << (w - 1) != 0
                && !(see && w == i64::from(v))
            {
                keep_i |= 1 << (v - 1);
                keep_o |= 1 << (w - 1);
            }
        }
        if keep_i == 0 {
            return None;
        }
        let mut step = Step::new(Technique::InnieOutieDifference);
        let open = [(i, keep_i), (o, keep_o)];
        let open: Vec<(u32, u64)> = open
            .into_iter()
            .filter(|&(c, _)| self.values[c as usize] == 0)
            .collect();
        match open[..] {
            [] => return None,
            // The other is placed: this one is known.
            [(c, kept)] => {
                if kept.count_ones() == 1 {
                    step.placements.push((c, kept.trailing_zeros() as u8 + 1));
                }
            }
            _ => {
                for &(c, kept) in &open {
                    for v in bits(self.cand[c as usize] & !kept) {
                        step.eliminations.push((c, v));
                    }
                    for v in bits(self.cand[c as usize] & kept) {
                        step.marks.push((c, v, Role::Pattern));
                    }
                }
            }
        }
        if step.eliminations.is_empty() && step.placements.is_empty() {
            return None;
        }
        step.units = units.to_vec();
        Some(step)
    }
}
