//! Solving the way people do, to rate how hard a puzzle is.
//!
//! The [`Rater`] keeps a candidate set for every empty cell and applies the techniques players
//! use, always the easiest one that makes progress, until the board is full or nothing applies:
//!
//! | grade    | techniques                                                              |
//! |----------|-------------------------------------------------------------------------|
//! | easy     | hidden single, naked single                                             |
//! | medium   | locked candidates (pointing, claiming), naked pair, hidden pair         |
//! | hard     | naked triple, hidden triple, X-wing, swordfish, XY-wing                 |
//! | expert   | none of the above finishes it: the puzzle needs search (trial and error) |
//!
//! A puzzle's grade is that of the hardest technique it needed. Every technique is a sound
//! deduction, so a board the rater fills has exactly one solution; the generator leans on that
//! to skip most uniqueness searches.
//!
//! Candidates are bit sets (`u64`, bit `v - 1` for value `v`), so boards up to 64×64 work, and
//! singles are found a whole sweep at a time with bit operations: rating a 25×25 puzzle by
//! singles takes well under a millisecond.
//!
//! A variant's board is rated by its own rules. A jigsaw region stands in a box's place (locked
//! candidates between a region and a line, pairs and triples in it); an X board's diagonals and
//! a hyper board's windows are units like the others for singles, subsets and locked candidates
//! (a symbol whose places in one unit all lie in another goes from the rest of that other), and
//! cells see each other through them (for the XY-wing). A killer cage keeps its digits apart and
//! adds a technique of its own, **cage combinations** (easy, as players count it): of the sets of
//! digits that make the cage's sum, only those that fit the cage's cells stay; a cell keeps only
//! digits of the sets left, and a digit every set left needs, with one place in the cage, goes
//! there.

pub mod hint;

use std::fmt;

use std::sync::Arc;

use crate::sudoku::board::cage::digit_sets;
use crate::sudoku::board::geometry::{Geometry, Unit};
use crate::sudoku::board::grid::Grid;
use crate::sudoku::board::variant::Variant;

/// A solving technique, from the easiest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A value with one place left in a row, column or box.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A killer cage's digits come from the sets that make its sum and fit its cells.
    CageCombination,
    /// A value whose places in a box lie on one line (or in a line, in one box): it goes from
    /// the rest of that line (or box).
    LockedCandidates,
    /// Two cells of a unit with the same two candidates: those go from the unit's other cells.
    NakedPair,
    /// Two values with the same two places in a unit: other candidates go from those cells.
    HiddenPair,
    /// Three cells of a unit holding only three values between them.
    NakedTriple,
    /// Three values with only three places between them in a unit.
    HiddenTriple,
    /// A value with two places in each of two rows, in the same two columns (or the other way).
    XWing,
    /// The same with three rows and three columns.
    Swordfish,
    /// A cell with candidates `ab` seeing `ac` and `bc`: `c` goes from cells seeing both.
    XyWing,
}

impl Technique {
    /// Every technique, in the order the rater tries them.
    pub const ALL: [Technique; 11] = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::CageCombination,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
    ];

    /// The grade a puzzle needing this technique has.
    pub fn grade(self) -> Grade {
        match self {
            Technique::HiddenSingle | Technique::NakedSingle | Technique::CageCombination => {
                Grade::Easy
            }
            Technique::LockedCandidates | Technique::NakedPair | Technique::HiddenPair => {
                Grade::Medium
            }
            _ => Grade::Hard,
        }
    }

    /// The name players use.
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
            Technique::Swordfish => "swordfish",
            Technique::XyWing => "XY-wing",
            Technique::CageCombination => "cage combinations",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is: the grade of the hardest technique it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Singles only.
    Easy,
    /// Locked candidates and pairs.
    Medium,
    /// Triples, fish and wings.
    Hard,
    /// Logic (as far as the rater goes) stalls: the puzzle needs search.
    Expert,
}

impl Grade {
    /// Every grade, from the easiest.
    pub const ALL: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

    /// `easy`, `medium`, `hard`, `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }

    /// The grade of a name (as [`name`](Self::name) writes it, any case).
    pub fn parse(text: &str) -> Option<Grade> {
        Grade::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the rater found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// The grade: that of the hardest technique used, or [`Grade::Expert`] when logic stalled.
    pub grade: Grade,
    /// How often each technique made progress, easiest first (techniques never used left out):
    /// for singles, the cells they filled; for the others, the times they removed candidates.
    pub used: Vec<(Technique, u32)>,
    /// Logic filled the whole board (so the puzzle has exactly one solution).
    pub solved: bool,
    /// The board ran into a contradiction: the puzzle has no solution.
    pub contradiction: bool,
    /// Cells still empty when the rater stopped.
    pub left: usize,
}

impl Rating {
    /// The hardest technique used, if any.
    pub fn hardest(&self) -> Option<Technique> {
        self.used.last().map(|&(t, _)| t)
    }

    /// What the puzzle takes, as `sudoku-dlx rate` and the window both say it: the techniques
    /// with their counts when logic finishes it, else that it needs search and from where.
    pub fn describe(&self) -> String {
        if self.solved {
            self.techniques()
        } else if self.used.is_empty() {
            format!("needs search from the start ({} cells empty)", self.left)
        } else {
            format!(
                "needs search with {} cells left after {}",
                self.left,
                self.techniques()
            )
        }
    }

    /// `hidden single ×40, naked single ×12, X-wing ×1`.
    pub fn techniques(&self) -> String {
        self.used
            .iter()
            .map(|(t, n)| format!("{t} ×{n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One technique's code: one application over the whole board.
type TechniqueFn = fn(&mut Rater) -> Progress;

/// Whether a step made progress, and whether the board broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Progress {
    None,
    Some,
    Contradiction,
}

/// The human-style solver. Keep one and reuse it: its unit tables are made once per geometry
/// (and variant).
#[derive(Debug, Clone, Default)]
pub struct Rater {
    geometry: Option<Geometry>,
    /// The variant the tables are for (`None`: classic).
    variant: Option<Arc<Variant>>,
    side: usize,
    all: u64,
    /// The cells of each unit: rows, then columns, then boxes (or jigsaw regions), then a
    /// variant's other units (diagonals, windows).
    units: Vec<Vec<u32>>,
    /// The row, column and box (or region) of each cell.
    units_of: Vec<[u32; 3]>,
    /// Each cell's box or region, from 0.
    box_of: Vec<u32>,
    /// Each cell's other units (diagonals, windows): empty on a classic board.
    extra_of: Vec<Vec<u32>>,
    /// Killer cages: their cells, and the digit sets (bit sets) that make their sums.
    cages: Vec<(Vec<u32>, Vec<u64>)>,
    /// Each cell's cage, `u32::MAX` for none.
    cage_of: Vec<u32>,
    values: Vec<u8>,
    /// Candidates of each empty cell (0 for a filled one).
    cand: Vec<u64>,
    /// Values placed in each unit.
    placed: Vec<u64>,
    /// Values placed in each cage.
    cage_placed: Vec<u64>,
    /// Uses of each technique in this rating.
    counts: [u32; 11],
    contradiction: bool,
}

impl Rater {
    /// A rater with nothing set up yet.
    pub fn new() -> Self {
        Rater::default()
    }

    fn prepare(&mut self, grid: &Grid) {
        let g = grid.geometry();
        let variant = grid.variant_arc();
        if self.geometry == Some(g) && self.variant.as_ref() == variant {
            return;
        }
        let side = g.side();
        self.side = side;
        self.all = if side == 64 {
            u64::MAX
        } else {
            (1u64 << side) - 1
        };
        self.box_of = (0..g.cells())
            .map(|c| {
                variant
                    .and_then(|v| v.region_of(c))
                    .unwrap_or_else(|| g.box_of(c)) as u32
            })
            .collect();
        self.units = (0..side)
            .map(|r| (0..side).map(|c| g.cell(r, c) as u32).collect())
            .chain((0..side).map(|c| (0..side).map(|r| g.cell(r, c) as u32).collect()))
            .collect();
        let mut boxes = vec![Vec::with_capacity(side); side];
        for (c, &b) in self.box_of.iter().enumerate() {
            boxes[b as usize].push(c as u32);
        }
        self.units.extend(boxes);
        self.units_of = (0..g.cells())
            .map(|c| {
                [
                    g.row_of(c) as u32,
                    (side + g.col_of(c)) as u32,
                    2 * side as u32 + self.box_of[c],
                ]
            })
            .collect();
        self.extra_of = vec![Vec::new(); g.cells()];
        self.cages.clear();
        self.cage_of = vec![u32::MAX; g.cells()];
        if let Some(v) = variant {
            for (unit, cells) in v.units().iter() {
                if matches!(unit, Unit::Diagonal(_) | Unit::Window(_)) {
                    let u = self.units.len() as u32;
                    for &c in cells {
                        self.extra_of[c].push(u);
                    }
                    self.units.push(cells.iter().map(|&c| c as u32).collect());
                }
            }
            for (k, cage) in v.cages().iter().enumerate() {
                let sets = digit_sets(side, cage.cells.len(), cage.sum, &[])
                    .iter()
                    .map(|set| set.iter().fold(0u64, |acc, &d| acc | 1 << (d - 1)))
                    .collect();
                for &c in &cage.cells {
                    self.cage_of[c] = k as u32;
                }
                self.cages
                    .push((cage.cells.iter().map(|&c| c as u32).collect(), sets));
            }
        }
        self.geometry = Some(g);
        self.variant = variant.cloned();
    }

    /// Rates a puzzle with every technique.
    pub fn rate(&mut self, grid: &Grid) -> Rating {
        self.rate_up_to(grid, Grade::Hard)
    }

    /// Rates a puzzle using only techniques up to `grade`: a puzzle that needs more comes out as
    /// [`Grade::Expert`] with `solved` false. Cheaper than [`rate`](Self::rate) when the caller
    /// only wants to know "is it at most this hard?", as the generator does.
    /// A board on a [`Shape`](crate::sudoku::board::shape::Shape) is not rated (the techniques
    /// know square boards): it comes out unsolved, as [`Grade::Expert`], with nothing used.
    pub fn rate_up_to(&mut self, grid: &Grid, grade: Grade) -> Rating {
        if grid.shape().is_some() {
            return Rating {
                grade: Grade::Expert,
                used: Vec::new(),
                solved: false,
                contradiction: false,
                left: grid.cell_count() - grid.filled(),
            };
        }
        self.load(grid);
        while !self.contradiction && self.cand.iter().any(|&c| c != 0) {
            match self.step(grade) {
                Progress::Some => {}
                Progress::None => break,
                Progress::Contradiction => self.contradiction = true,
            }
        }
        let left = self.values.iter().filter(|&&v| v == 0).count();
        let solved = left == 0 && !self.contradiction;
        let used: Vec<(Technique, u32)> = Technique::ALL
            .iter()
            .zip(self.counts)
            .filter(|&(_, n)| n > 0)
            .map(|(&t, n)| (t, n))
            .collect();
        let grade = if solved {
            used.last().map_or(Grade::Easy, |&(t, _)| t.grade())
        } else {
            Grade::Expert
        };
        Rating {
            grade,
            used,
            solved,
            contradiction: self.contradiction,
            left,
        }
    }

    /// The board as far as logic got in the last rating.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    fn load(&mut self, grid: &Grid) {
        self.prepare(grid);
        let n = grid.geometry().cells();
        self.values.clear();
        self.values.resize(n, 0);
        self.cand.clear();
        self.cand.resize(n, 0);
        self.placed.clear();
        self.placed.resize(self.units.len(), 0);
        self.cage_placed.clear();
        self.cage_placed.resize(self.cages.len(), 0);
        self.counts = [0; 11];
        self.contradiction = false;
        for (cell, &v) in grid.values().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1u64 << (v - 1);
            self.values[cell] = v;
            let units = self.units_of[cell].map(|u| u as usize);
            for u in units
                .into_iter()
                .chain(self.extra_of[cell].iter().map(|&u| u as usize))
            {
                if self.placed[u] & bit != 0 {
                    self.contradiction = true;
                }
                self.placed[u] |= bit;
            }
            if let Some(k) = self.cage(cell) {
                if self.cage_placed[k] & bit != 0 {
                    self.contradiction = true;
                }
                self.cage_placed[k] |= bit;
            }
        }
        for cell in 0..n {
            if self.values[cell] == 0 {
                let [r, c, b] = self.units_of[cell].map(|u| self.placed[u as usize]);
                let mut taken = r | c | b;
                for &u in &self.extra_of[cell] {
                    taken |= self.placed[u as usize];
                }
                if let Some(k) = self.cage(cell) {
                    taken |= self.cage_placed[k];
                }
                self.cand[cell] = self.all & !taken;
            }
        }
    }

    /// The `k`-th unit of a cell: its row, column and box (or region), then its other units.
    fn unit_of(&self, cell: usize, k: usize) -> usize {
        match self.units_of[cell].get(k) {
            Some(&u) => u as usize,
            None => self.extra_of[cell][k - 3] as usize,
        }
    }

    /// A cell's killer cage.
    fn cage(&self, cell: usize) -> Option<usize> {
        self.cage_of
            .get(cell)
            .filter(|&&k| k != u32::MAX)
            .map(|&k| k as usize)
    }

    /// Puts `value` in `cell` and takes it from the candidates of its peers.
    fn place(&mut self, cell: usize, value: u8) {
        let bit = 1u64 << (value - 1);
        self.values[cell] = value;
        self.cand[cell] = 0;
        for u in self.units_of[cell] {
            let u = u as usize;
            self.placed[u] |= bit;
            for &peer in &self.units[u] {
                self.cand[peer as usize] &= !bit;
            }
        }
        for k in 0..self.extra_of[cell].len() {
            let u = self.extra_of[cell][k] as usize;
            self.placed[u] |= bit;
            for &peer in &self.units[u] {
                self.cand[peer as usize] &= !bit;
            }
        }
        if let Some(k) = self.cage(cell) {
            self.cage_placed[k] |= bit;
            for &peer in &self.cages[k].0 {
                self.cand[peer as usize] &= !bit;
            }
        }
    }

    /// Applies the easiest technique (up to `grade`) that makes progress.
    fn step(&mut self, grade: Grade) -> Progress {
        let steps: [(Technique, TechniqueFn); 11] = [
            (Technique::HiddenSingle, Rater::hidden_singles),
            (Technique::NakedSingle, Rater::naked_singles),
            (Technique::CageCombination, Rater::cage_combinations),
            (Technique::LockedCandidates, Rater::locked_candidates),
            (Technique::NakedPair, |r| r.naked_subsets(2)),
            (Technique::HiddenPair, |r| r.hidden_subsets(2)),
            (Technique::NakedTriple, |r| r.naked_subsets(3)),
            (Technique::HiddenTriple, |r| r.hidden_subsets(3)),
            (Technique::XWing, |r| r.fish(2)),
            (Technique::Swordfish, |r| r.fish(3)),
            (Technique::XyWing, Rater::xy_wing),
        ];
        let empty_before = self.values.iter().filter(|&&v| v == 0).count();
        for (k, (technique, run)) in steps.into_iter().enumerate() {
            if technique.grade() > grade {
                break;
            }
            match run(self) {
                Progress::None => {}
                Progress::Some => {
                    // Singles count the cells they filled; the rest, the times they applied.
                    let filled = empty_before - self.values.iter().filter(|&&v| v == 0).count();
                    let single =
                        matches!(technique, Technique::HiddenSingle | Technique::NakedSingle);
                    self.counts[k] += if single { filled.max(1) as u32 } else { 1 };
                    return Progress::Some;
                }
                Progress::Contradiction => return Progress::Contradiction,
            }
        }
        Progress::None
    }

    /// One sweep over every unit, placing each value that has one place left in it.
    fn hidden_singles(&mut self) -> Progress {
        let mut progress = Progress::None;
        for u in 0..self.units.len() {
            let (mut once, mut more) = (0u64, 0u64);
            for &c in &self.units[u] {
                let c = self.cand[c as usize];
                more |= once & c;
                once |= c;
            }
            let missing = self.all & !self.placed[u];
            if once & missing != missing {
                return Progress::Contradiction; // a value with no place left in the unit
            }
            let mut single = once & !more & missing;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single &= single - 1;
                let Some(cell) = self.units[u]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.cand[c] & bit != 0)
                else {
                    // Placed elsewhere in this sweep, or its cell took another value: the next
                    // sweep sees what that means.
                    continue;
                };
                if self.placed[u] & bit == 0 {
                    self.place(cell, bit.trailing_zeros() as u8 + 1);
                    progress = Progress::Some;
                }
            }
        }
        progress
    }

    /// One sweep over every cell, filling each cell with one candidate left.
    fn naked_singles(&mut self) -> Progress {
        let mut progress = Progress::None;
        for cell in 0..self.cand.len() {
            if self.values[cell] != 0 {
                continue;
            }
            let c = self.cand[cell];
            if c == 0 {
                return Progress::Contradiction;
            }
            if c & (c - 1) == 0 {
                self.place(cell, c.trailing_zeros() as u8 + 1);
                progress = Progress::Some;
            }
        }
        progress
    }

    /// Removes `bits` from a cell's candidates; true if that changed anything.
    fn eliminate(&mut self, cell: usize, bits: u64) -> bool {
        let before = self.cand[cell];
        self.cand[cell] &= !bits;
        before != self.cand[cell]
    }

    /// Pointing (a box's places for a value on one line) and claiming (a line's places for a
    /// value in one box).
    fn locked_candidates(&mut self) -> Progress {
        let g = self.geometry.unwrap_or_default();
        let side = self.side;
        let box_of = |rater: &Rater, c: usize| rater.box_of[c] as usize;
        let mut changed = false;
        for b in 0..side {
            let boxed = 2 * side + b;
            let missing = self.all & !self.placed[boxed];
            let mut values = missing;
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values &= values - 1;
                let (mut rows, mut cols) = (0u64, 0u64);
                for &c in &self.units[boxed] {
                    if self.cand[c as usize] & bit != 0 {
                        rows |= 1 << g.row_of(c as usize);
                        cols |= 1 << g.col_of(c as usize);
                    }
                }
                if rows.count_ones() == 1 {
                    let r = rows.trailing_zeros() as usize;
                    for k in 0..side {
                        let c = self.units[r][k] as usize;
                        if box_of(self, c) != b {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                }
                if cols.count_ones() == 1 {
                    let col = cols.trailing_zeros() as usize;
                    for k in 0..side {
                        let c = self.units[side + col][k] as usize;
                        if box_of(self, c) != b {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                }
                if changed {
                    return Progress::Some;
                }
            }
        }
        for line in 0..2 * side {
            let missing = self.all & !self.placed[line];
            let mut values = missing;
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values &= values - 1;
                let mut boxes = 0u64;
                for &c in &self.units[line] {
                    if self.cand[c as usize] & bit != 0 {
                        boxes |= 1 << box_of(self, c as usize);
                    }
                }
                if boxes.count_ones() == 1 {
                    let b = boxes.trailing_zeros() as usize;
                    for k in 0..side {
                        let c = self.units[2 * side + b][k] as usize;
                        if self.units_of[c][0] as usize != line
                            && self.units_of[c][1] as usize != line
                        {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                }
                if changed {
                    return Progress::Some;
                }
            }
        }
        if self.units.len() > 3 * side {
            return self.locked_in_other_units();
        }
        Progress::None
    }

    /// Locked candidates with a variant's other units (diagonals, windows): a value whose places
    /// in one unit all lie in another unit goes from the rest of that other one.
    fn locked_in_other_units(&mut self) -> Progress {
        for a in 0..self.units.len() {
            let mut values = self.all & !self.placed[a];
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values &= values - 1;
                let places: Vec<usize> = self.units[a]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.cand[c] & bit != 0)
                    .collect();
                let Some(&first) = places.first() else {
                    continue;
                };
                // Units holding every place (other than `a`), at least one of them a variant's
                // own when `a` is a row, column or box (those pairs the classic pass covers).
                for k in 0..3 + self.extra_of[first].len() {
                    let b = self.unit_of(first, k);
                    if b == a || (a < 3 * self.side && b < 3 * self.side) {
                        continue;
                    }
                    let all_in = places
                        .iter()
                        .all(|&c| (0..3 + self.extra_of[c].len()).any(|j| self.unit_of(c, j) == b));
                    if !all_in {
                        continue;
                    }
                    let mut changed = false;
                    for i in 0..self.units[b].len() {
                        let c = self.units[b][i] as usize;
                        if !self.units[a].contains(&(c as u32)) {
                            changed |= self.eliminate(c, bit);
                        }
                    }
                    if changed {
                        return Progress::Some;
                    }
                }
            }
        }
        Progress::None
    }

    /// Cage combinations (see the module docs): a killer cage's digits come from the sets that
    /// make its sum and fit its cells.
    fn cage_combinations(&mut self) -> Progress {
        let mut progress = Progress::None;
        for k in 0..self.cages.len() {
            let placed = self.cage_placed[k];
            let open: Vec<usize> = self.cages[k]
                .0
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.values[c] == 0)
                .collect();
            if open.is_empty() {
                continue;
            }
            let reach = open.iter().fold(0u64, |acc, &c| acc | self.cand[c]);
            let (mut allowed, mut needed) = (0u64, self.all);
            for &set in &self.cages[k].1 {
                let fits = set & placed == placed
                    && (set & !placed) & reach == set & !placed
                    && open.iter().all(|&c| self.cand[c] & set != 0);
                if fits {
                    allowed |= set;
                    needed &= set;
                }
            }
            if allowed == 0 {
                return Progress::Contradiction;
            }
            for &c in &open {
                if self.eliminate(c, !allowed) {
                    progress = Progress::Some;
                }
            }
            // A digit every set needs, with one place left in the cage, goes there.
            let mut must = needed & !placed;
            while must != 0 {
                let bit = must & must.wrapping_neg();
                must &= must - 1;
                let at: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| self.values[c] == 0 && self.cand[c] & bit != 0)
                    .collect();
                match at[..] {
                    [] => return Progress::Contradiction,
                    [c] => {
                        self.place(c, bit.trailing_zeros() as u8 + 1);
                        progress = Progress::Some;
                    }
                    _ => {}
                }
            }
            if progress == Progress::Some {
                return progress;
            }
        }
        progress
    }

    /// `size` cells of a unit whose candidates together number `size`: those values go from
    /// the unit's other cells.
    fn naked_subsets(&mut self, size: usize) -> Progress {
        for u in 0..self.units.len() {
            let cells: Vec<usize> = self.units[u]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| {
                    let n = self.cand[c].count_ones() as usize;
                    (2..=size).contains(&n)
                })
                .collect();
            let mut found = None;
            for_each_subset(cells.len(), size, |pick| {
                let union = pick.iter().fold(0, |acc, &i| acc | self.cand[cells[i]]);
                if union.count_ones() as usize == size {
                    let chosen: Vec<usize> = pick.iter().map(|&i| cells[i]).collect();
                    let useful = self.units[u].iter().any(|&c| {
                        !chosen.contains(&(c as usize)) && self.cand[c as usize] & union != 0
                    });
                    if useful {
                        found = Some((union, chosen));
                        return true;
                    }
                }
                false
            });
            if let Some((union, chosen)) = found {
                for k in 0..self.side {
                    let c = self.units[u][k] as usize;
                    if !chosen.contains(&c) {
                        self.eliminate(c, union);
                    }
                }
                return Progress::Some;
            }
        }
        Progress::None
    }

    /// `size` values whose places in a unit number `size` together: the other candidates go
    /// from those cells.
    fn hidden_subsets(&mut self, size: usize) -> Progress {
        for u in 0..self.units.len() {
            // Where each missing value can go, as a bit set over the unit's cells.
            let mut places: Vec<(u64, u64)> = Vec::new();
            let mut missing = self.all & !self.placed[u];
            while missing != 0 {
                let bit = missing & missing.wrapping_neg();
                missing &= missing - 1;
                let mut at = 0u64;
                for (k, &c) in self.units[u].iter().enumerate() {
                    if self.cand[c as usize] & bit != 0 {
                        at |= 1 << k;
                    }
                }
                if (2..=size).contains(&(at.count_ones() as usize)) {
                    places.push((bit, at));
                }
            }
            let mut found = None;
            for_each_subset(places.len(), size, |pick| {
                let cells = pick.iter().fold(0, |acc, &i| acc | places[i].1);
                if cells.count_ones() as usize == size {
                    let values = pick.iter().fold(0, |acc, &i| acc | places[i].0);
                    let useful = (0..self.side).any(|k| {
                        cells & (1 << k) != 0 && self.cand[self.units[u][k] as usize] & !values != 0
                    });
                    if useful {
                        found = Some((values, cells));
                        return true;
                    }
                }
                false
            });
            if let Some((values, cells)) = found {
                for k in 0..self.side {
                    if cells & (1 << k) != 0 {
                        let c = self.units[u][k] as usize;
                        self.eliminate(c, !values);
                    }
                }
                return Progress::Some;
            }
        }
        Progress::None
    }

    /// X-wing (`size` 2) and swordfish (3): `size` rows where a value's places lie in `size`
    /// columns between them; the value goes from the rest of those columns (and rows for
    /// columns).
    fn fish(&mut self, size: usize) -> Progress {
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

    fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.units_of[a], self.units_of[b]);
        a != b
            && (x[0] == y[0]
                || x[1] == y[1]
                || x[2] == y[2]
                || self.extra_of[a]
                    .iter()
                    .any(|u| self.extra_of[b].contains(u))
                || self.cage(a).is_some_and(|k| self.cage(b) == Some(k)))
    }

    /// A pivot with candidates `ab` seeing pincers `ac` and `bc`: no cell seeing both pincers
    /// can hold `c` (one pincer or the other is `c`).
    fn xy_wing(&mut self) -> Progress {
        let n = self.cand.len();
        let pairs: Vec<usize> = (0..n).filter(|&c| self.cand[c].count_ones() == 2).collect();
        for &pivot in &pairs {
            let ab = self.cand[pivot];
            let pincers: Vec<usize> = pairs
                .iter()
                .copied()
                .filter(|&p| {
                    let x = self.cand[p];
                    self.sees(pivot, p) && x != ab && (x & ab).count_ones() == 1
                })
                .collect();
            for (i, &p) in pincers.iter().enumerate() {
                for &q in &pincers[i + 1..] {
                    let (x, y) = (self.cand[p], self.cand[q]);
                    let c = x & y & !ab;
                    // The pincers share c and split a and b between them.
                    if c.count_ones() != 1 || (x | y) & ab != ab || x & y & ab != 0 {
                        continue;
                    }
                    let mut changed = false;
                    for cell in 0..n {
                        if cell != p
                            && cell != q
                            && self.cand[cell] & c != 0
                            && self.sees(cell, p)
                            && self.sees(cell, q)
                        {
                            changed |= self.eliminate(cell, c);
                        }
                    }
                    if changed {
                        return Progress::Some;
                    }
                }
            }
        }
        Progress::None
    }
}

/// Calls `visit` with every `size`-element subset of `0..n` (as ascending indices) until it
/// returns true. Sizes 1 to 3 are all the rater needs.
fn for_each_subset(n: usize, size: usize, mut visit: impl FnMut(&[usize]) -> bool) {
    match size {
        1 => {
            for a in 0..n {
                if visit(&[a]) {
                    return;
                }
            }
        }
        2 => {
            for a in 0..n {
                for b in a + 1..n {
                    if visit(&[a, b]) {
                        return;
                    }
                }
            }
        }
        3 => {
            for a in 0..n {
                for b in a + 1..n {
                    for c in b + 1..n {
                        if visit(&[a, b, c]) {
                            return;
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests;
