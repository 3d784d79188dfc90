//! Solving the way people do, to rate how hard a puzzle is.
//!
//! The [`Rater`] keeps a candidate set for every empty cell and applies the techniques players
//! use, always the easiest one that makes progress, until the board is full or nothing applies:
//!
//! | grade    | techniques                                                              |
//! |----------|-------------------------------------------------------------------------|
//! | easy     | hidden single, naked single                                             |
//! | medium   | pointing, claiming (locked candidates), naked pair, hidden pair         |
//! | hard     | naked triple, hidden triple, X-wing, swordfish, XY-wing                 |
//! | expert   | killer: cage-unit overlaps, innies and outies of a unit or of several,   |
//! |          | the innie-outie difference; skyscraper, two-string kite, finned and      |
//! |          | sashimi fish, empty rectangle, XYZ-wing, W-wing, simple colouring,       |
//! |          | unique rectangles, quads, jellyfish, BUG+1, X-chains, XY-chains, nice    |
//! |          | loops (discontinuous, continuous), alternating inference chains, both    |
//! |          | with grouped nodes, almost locked sets (ALS-XZ singly and doubly linked, |
//! |          | ALS-XY-wing), forcing chains and nets; or none finishes it               |
//!
//! A puzzle's grade is that of the hardest technique it needed; an expert puzzle that logic
//! does not finish says so ([`Rating::solved`]): it needs search. Every technique is a sound
//! deduction, so a board the rater fills has exactly one solution; the generator leans on that
//! to skip most uniqueness searches. Unique rectangles and BUG+1 rest on the puzzle having one
//! solution, so they are used only after [`Rater::assume_unique`]. Forcing chains and nets
//! reason by cases (each candidate of a cell, each place of a value in a unit, followed through
//! singles) without ever guessing: they are the last resort before search.
//!
//! Each technique has a difficulty on the scale of Nicolas Juillerat's Sudoku Explainer, the
//! one players quote when they rate puzzles: hidden single 1.5 (Sudoku Explainer gives 1.2 in
//! a box, 1.5 in a line), naked single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing
//! 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden triple 4.0, XY-wing 4.2,
//! unique rectangle 4.5, naked quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG+1 5.6, as its
//! rules rate them; its chains run from 6.5 up with their length, here X-chain 6.5, XY-chain
//! 6.6, nice loop and AIC 7.0 (a continuous nice loop is its "bidirectional cycle", 7.0 too),
//! almost locked sets 7.5 (ALS-XZ, singly or doubly linked) and 7.8 (ALS-XY-wing), forcing
//! chains 8.3 and nets 9.0, the values its ratings give such steps of middling length. It has
//! no grouped nodes: grouped nice loops and AICs take 7.2, after the plain ones and before the
//! almost locked sets, as HoDoKu ranks them a step above the plain chains (`grouped.rs`
//! explains). The patterns it reads as
//! short chains take values between their neighbours': finned X-wing 3.4 (sashimi 3.5),
//! skyscraper and finned swordfish 4.0, two-string kite and sashimi swordfish 4.1, empty
//! rectangle 4.3, XYZ-wing and W-wing 4.4 (XYZ-wing is Sudoku Explainer's own), simple
//! colouring 4.5, finned jellyfish 5.4 (sashimi 5.5). Killer techniques have no rating there,
//! so they take the values of what they are like: cage combinations count 2.0, a little above
//! a single; the cage-unit overlaps, which read a cage against a unit as locked candidates read
//! a box against a line, those of locked candidates (a cage's digit locked in a unit 2.6 as
//! pointing, a unit's digit locked in a cage 2.8 as claiming); innies and outies of a unit 3.0,
//! about a pair, as killer players rank them; of two or three units 3.2, a step above, since
//! there are more cells to add up and digits may repeat; the innie-outie difference 3.4, above
//! both, since it reads a relation between two unknown cells. A puzzle's difficulty is its
//! hardest technique's
//! ([`Rating::difficulty`]); a puzzle logic does not finish has none.
//!
//! Techniques work by [`step`]s: each finds the instances of its pattern on the candidates
//! as they stand, and the rater applies all of them before it looks again from the easiest.
//! The same steps, taken one at a time ([`Rater::next_step`], [`Rater::steps`]), are what a
//! hint shows and `solve --steps` prints.
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
//!
//! A board on a [`Shape`] (a Samurai, a Roxdoku cube, a Nonomino, a Mathdoku) is rated the same
//! way over its units, which the tables take from the shape: a unit holds every symbol once (a
//! full unit) or, smaller, at most once. Every technique is written over units: hidden singles
//! and hidden subsets read full units only (a smaller unit need not hold a given symbol), naked
//! subsets any unit, locked candidates any full unit against any other, the XY-wing any two
//! cells that share a unit. Fish, which players know as rows against columns, become base units
//! against cover units ([`techniques`] explains why that holds). A Mathdoku cage, whose digits
//! may repeat, is read by its fillings as the exact-cover model lists them. A board the rater
//! fills is checked against its cages at the end.

pub mod hint;
pub mod step;
pub mod technique;
pub mod techniques;
mod walk;

pub use technique::Technique;

pub use step::{Finder, Link, Role, Step};

use std::fmt;

use std::sync::Arc;

use crate::sudoku::board::cage::{Cage, digit_sets, listed_cages};
use crate::sudoku::board::geometry::{Geometry, Unit};
use crate::sudoku::board::grid::Grid;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::board::variant::Variant;

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

    /// The puzzle's difficulty on the Sudoku Explainer scale: that of the hardest technique it
    /// needed (the most difficult, which the order of techniques mostly but not always
    /// follows), 0 for a board with nothing to do.
    pub fn difficulty(&self) -> f32 {
        self.used
            .iter()
            .map(|&(t, _)| t.difficulty())
            .fold(0.0, f32::max)
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

/// How a technique runs: applied over the whole board at once, or found as steps
/// ([`step`]) that the rater then applies, or both: a fast sweep for rating and a finder for
/// steps shown one at a time. A technique with no finder still gives a step, its changes
/// read off a trial application (without a pattern to draw).
#[derive(Clone, Copy)]
enum Kind {
    Apply(TechniqueFn),
    Find(Finder),
    Both(TechniqueFn, Finder),
}

/// Whether a step made progress, and whether the board broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Progress {
    None,
    Some,
    Contradiction,
}

/// A Mathdoku cage as the rater reads it: its cells, and its fillings (`None`: too many).
type MathTable = (Vec<u32>, Option<Vec<Vec<u8>>>);

/// Which board the tables are for.
#[derive(Debug, Clone)]
enum Board {
    /// A square board: its box shape and its variant (`None`: classic).
    Square(Geometry, Option<Arc<Variant>>),
    /// A board on a shape.
    Shape(Arc<Shape>),
}

impl Board {
    fn of(grid: &Grid) -> Board {
        match grid.shape_arc() {
            Some(shape) => Board::Shape(shape.clone()),
            None => Board::Square(grid.geometry(), grid.variant_arc().cloned()),
        }
    }

    fn same(&self, other: &Board) -> bool {
        match (self, other) {
            (Board::Square(g, v), Board::Square(h, w)) => g == h && v == w,
            (Board::Shape(a), Board::Shape(b)) => Arc::ptr_eq(a, b) || a == b,
            _ => false,
        }
    }
}

/// The human-style solver. Keep one and reuse it: its unit tables are made once per board.
#[derive(Debug, Clone, Default)]
pub struct Rater {
    /// The board the tables are for.
    board: Option<Board>,
    /// A square board's geometry: its rows, columns and boxes (or regions) are then the units
    /// `0..side`, `side..2·side` and `2·side..3·side`, which the square passes of locked
    /// candidates and fish read. `None` on a shape.
    geometry: Option<Geometry>,
    /// The number of symbols.
    side: usize,
    all: u64,
    /// The cells of each unit. On a square board: rows, then columns, then boxes (or jigsaw
    /// regions), then a variant's other units (diagonals, windows); on a shape, its units.
    units: Vec<Vec<u32>>,
    /// What each unit is (its name: `row 3`, `region 2`, `diagonal 1`).
    unit_kinds: Vec<Unit>,
    /// Whether each unit holds every symbol (else at most once each).
    full: Vec<bool>,
    /// Each cell's units are `unit_list[unit_start[c]..unit_start[c + 1]]`: on a square board
    /// its row, column and box (or region) first, then its other units.
    unit_start: Vec<u32>,
    unit_list: Vec<u32>,
    /// Each square board cell's box or region, from 0.
    box_of: Vec<u32>,
    /// On a square board, each box's span for base rows and for base columns: the crossing
    /// lines that meet it (see `finned.rs`, whose finned fish read them). Empty on a shape.
    box_spans: [Vec<u64>; 2],
    /// Whether each position is a cell (false for a shape's holes).
    is_cell: Vec<bool>,
    /// Killer cages: their cells, and the digit sets (bit sets) that make their sums (`None`:
    /// too many to list, see [`listed_cages`], and the sum is left to the final check).
    cages: Vec<(Vec<u32>, Option<Vec<u64>>)>,
    /// Each killer cage's sum.
    cage_sums: Vec<u32>,
    /// Each cell's cage, `u32::MAX` for none.
    cage_of: Vec<u32>,
    /// Mathdoku cages: their cells, and every filling that makes the target (`None`: more
    /// than the cage arithmetic lists, and the cage is left to the final check).
    math: Vec<MathTable>,
    values: Vec<u8>,
    /// Candidates of each empty cell (0 for a filled one, and for a hole).
    cand: Vec<u64>,
    /// Values placed in each unit.
    placed: Vec<u64>,
    /// Values placed in each cage.
    cage_placed: Vec<u64>,
    /// Each killer cage's state when cage combinations last found nothing in it (see
    /// `Rater::cage_unchanged`); empty where it has not looked since the board was loaded.
    cage_quiet: Vec<Vec<u64>>,
    /// Uses of each technique in this rating, as [`Technique::ALL`] orders them.
    counts: Vec<u32>,
    contradiction: bool,
    /// The puzzle is known to have exactly one solution, which the uniqueness techniques
    /// (unique rectangles, BUG+1) lean on.
    unique: bool,
    /// How long one step of the walk may look (see [`Rater::limit_each_step`]), the time the
    /// step in hand must end by, and whether a step ran out of it.
    per_step: Option<std::time::Duration>,
    deadline: Option<std::time::Instant>,
    ran_out: std::cell::Cell<bool>,
    /// The chain graphs and almost locked sets of the current candidates, which several
    /// finders read.
    cache: techniques::Cache,
}

impl Rater {
    /// A rater with nothing set up yet.
    pub fn new() -> Self {
        Rater::default()
    }

    /// Bounds the time one step of the walk ([`next_step`](Self::next_step),
    /// [`steps`](Self::steps) and their marked forms) may take looking for a step: past it,
    /// the harder techniques are not tried and the walk ends as if logic saw nothing
    /// ([`ran_out`](Self::ran_out) then says so). On a 9×9 board no step comes near a tenth
    /// of a second; on an open 25×25 or 36×36 board the finned fish and forcing nets could
    /// take seconds, which a window cannot wait for. `None`, the default, never stops; the
    /// rating's own loop is never bounded.
    pub fn limit_each_step(&mut self, limit: Option<std::time::Duration>) {
        self.per_step = limit;
    }

    /// True if the last step looked for ran out of the time
    /// [`limit_each_step`](Self::limit_each_step) gave it.
    pub fn ran_out(&self) -> bool {
        self.ran_out.get()
    }

    /// True once the step in hand has run out of time (and notes that it did). The slow
    /// finders ask every so often.
    fn out_of_time(&self) -> bool {
        let late = self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d);
        if late {
            self.ran_out.set(true);
        }
        late
    }

    /// Whether the puzzles rated from now on are known to have exactly one solution. Unique
    /// rectangles and BUG+1 read that promise, not the rules: on a puzzle with several
    /// solutions they could remove a candidate some solution needs, so they find nothing
    /// unless this is set. Off by default; `sudoku-dlx rate` counts the solutions first and
    /// sets it for the puzzles it finds unique.
    pub fn assume_unique(&mut self, yes: bool) {
        self.unique = yes;
    }

    fn prepare(&mut self, grid: &Grid) {
        let board = Board::of(grid);
        if self.board.as_ref().is_some_and(|b| b.same(&board)) {
            return;
        }
        let mut cell_units: Vec<Vec<u32>> = Vec::new();
        self.cages.clear();
        self.cage_sums.clear();
        self.math.clear();
        match &board {
            Board::Square(g, variant) => {
                self.prepare_square(*g, variant.as_deref(), &mut cell_units);
            }
            Board::Shape(shape) => self.prepare_shape(shape, &mut cell_units),
        }
        self.all = if self.side >= 64 {
            u64::MAX
        } else {
            (1u64 << self.side) - 1
        };
        self.unit_start = Vec::with_capacity(cell_units.len() + 1);
        self.unit_list.clear();
        self.unit_start.push(0);
        for list in cell_units {
            self.unit_list.extend(list);
            self.unit_start.push(self.unit_list.len() as u32);
        }
        self.board = Some(board);
    }

    /// The tables of a square board: rows, columns, boxes (or regions), a variant's other
    /// units and its killer cages.
    fn prepare_square(&mut self, g: Geometry, variant: Option<&Variant>, of: &mut Vec<Vec<u32>>) {
        let side = g.side();
        self.side = side;
        self.geometry = Some(g);
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
        let regions = variant.is_some_and(|v| v.region_of(0).is_some());
        self.unit_kinds = (0..side)
            .map(Unit::Row)
            .chain((0..side).map(Unit::Column))
            .chain((0..side).map(|k| {
                if regions {
                    Unit::Region(k)
                } else {
                    Unit::Box(k)
                }
            }))
            .collect();
        *of = (0..g.cells())
            .map(|c| {
                vec![
                    g.row_of(c) as u32,
                    (side + g.col_of(c)) as u32,
                    2 * side as u32 + self.box_of[c],
                ]
            })
            .collect();
        self.is_cell = vec![true; g.cells()];
        self.cage_of = vec![u32::MAX; g.cells()];
        if let Some(v) = variant {
            for (unit, cells) in v.units().iter() {
                if matches!(unit, Unit::Diagonal(_) | Unit::Window(_)) {
                    let u = self.units.len() as u32;
                    self.unit_kinds.push(unit);
                    for &c in cells {
                        of[c].push(u);
                    }
                    self.units.push(cells.iter().map(|&c| c as u32).collect());
                }
            }
            self.add_cages(v.cages());
        }
        self.full = vec![true; self.units.len()];
        self.box_spans = [self.read_box_spans(0), self.read_box_spans(side)];
    }

    /// The tables of a board on a shape: its units, full or not, its killer cages and its
    /// Mathdoku cages with their fillings.
    fn prepare_shape(&mut self, shape: &Shape, of: &mut Vec<Vec<u32>>) {
        self.side = shape.symbols();
        self.geometry = None;
        self.box_of.clear();
        self.box_spans = Default::default();
        self.units = shape
            .units()
            .map(|(_, cells)| cells.iter().map(|&c| c as u32).collect())
            .collect();
        self.full = (0..shape.unit_count()).map(|u| shape.is_full(u)).collect();
        self.unit_kinds = shape.units().map(|(unit, _)| unit).collect();
        *of = (0..shape.positions())
            .map(|p| shape.units_of(p).to_vec())
            .collect();
        self.is_cell = (0..shape.positions()).map(|p| shape.is_cell(p)).collect();
        self.cage_of = vec![u32::MAX; shape.positions()];
        self.add_cages(shape.cages());
        for cage in shape.math_cages() {
            let fixed = vec![0; cage.cells.len()];
            let fillings = cage.fillings(shape.symbols(), &fixed, |i, j| {
                shape.see(cage.cells[i], cage.cells[j])
            });
            let cells = cage.cells.iter().map(|&c| c as u32).collect();
            self.math.push((cells, fillings));
        }
    }

    /// Killer cages, with the digit sets that make each sum where they are listed.
    fn add_cages(&mut self, cages: &[Cage]) {
        let listed = listed_cages(self.side, cages);
        for ((k, cage), listed) in cages.iter().enumerate().zip(listed) {
            let sets = listed.then(|| {
                digit_sets(self.side, cage.cells.len(), cage.sum, &[])
                    .iter()
                    .map(|set| set.iter().fold(0u64, |acc, &d| acc | 1 << (d - 1)))
                    .collect()
            });
            for &c in &cage.cells {
                self.cage_of[c] = k as u32;
            }
            self.cages
                .push((cage.cells.iter().map(|&c| c as u32).collect(), sets));
            self.cage_sums.push(cage.sum);
        }
    }

    /// Rates a puzzle with every technique.
    pub fn rate(&mut self, grid: &Grid) -> Rating {
        self.rate_up_to(grid, Grade::Expert)
    }

    /// Rates a puzzle using only techniques up to `grade`: a puzzle that needs more comes out as
    /// [`Grade::Expert`] with `solved` false. Cheaper than [`rate`](Self::rate) when the caller
    /// only wants to know "is it at most this hard?", as the generator does.
    pub fn rate_up_to(&mut self, grid: &Grid, grade: Grade) -> Rating {
        self.load(grid);
        while !self.contradiction && self.cand.iter().any(|&c| c != 0) {
            match self.step(grade) {
                Progress::Some => {}
                Progress::None => break,
                Progress::Contradiction => self.contradiction = true,
            }
        }
        let left = self.left();
        if left == 0 && !self.cages_hold() {
            self.contradiction = true;
        }
        let solved = left == 0 && !self.contradiction;
        let used: Vec<(Technique, u32)> = Technique::ALL
            .iter()
            .zip(self.counts.iter().copied())
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

    /// The board as far as logic got in the last rating (one value per position; 0 where
    /// empty and in holes).
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidates of each position as far as logic got in the last rating, as bit sets
    /// (bit `v - 1` for value `v`; 0 where filled and in holes).
    pub fn candidates(&self) -> &[u64] {
        &self.cand
    }

    /// Cells still empty.
    fn left(&self) -> usize {
        self.values
            .iter()
            .zip(&self.is_cell)
            .filter(|&(&v, &cell)| v == 0 && cell)
            .count()
    }

    /// On a full board: whether every cage makes its sum or target. (The techniques keep the
    /// cages' digits right while cells are open; this catches a cage that singles filled
    /// before its combinations were read, and a Mathdoku cage too big to list.)
    fn cages_hold(&self) -> bool {
        let digits =
            |cells: &[u32]| -> Vec<u8> { cells.iter().map(|&c| self.values[c as usize]).collect() };
        let cages = match &self.board {
            Some(Board::Square(_, Some(v))) => v.cages(),
            Some(Board::Shape(shape)) => shape.cages(),
            _ => &[],
        };
        let sums = cages.iter().all(|cage| {
            let sum: u32 = cage.cells.iter().map(|&c| u32::from(self.values[c])).sum();
            sum == cage.sum
        });
        let targets = match &self.board {
            Some(Board::Shape(shape)) => shape
                .math_cages()
                .iter()
                .zip(&self.math)
                .all(|(cage, (cells, _))| cage.makes(&digits(cells))),
            _ => true,
        };
        sums && targets
    }

    fn load(&mut self, grid: &Grid) {
        self.prepare(grid);
        self.cache.clear();
        let n = self.is_cell.len();
        self.values.clear();
        self.values.resize(n, 0);
        self.cand.clear();
        self.cand.resize(n, 0);
        self.placed.clear();
        self.placed.resize(self.units.len(), 0);
        self.cage_placed.clear();
        self.cage_placed.resize(self.cages.len(), 0);
        self.cage_quiet.clear();
        self.cage_quiet.resize(self.cages.len(), Vec::new());
        self.counts.clear();
        self.counts.resize(Technique::ALL.len(), 0);
        self.contradiction = false;
        for (cell, &v) in grid.values().iter().enumerate().take(n) {
            if v == 0 || !self.is_cell[cell] {
                continue;
            }
            let bit = 1u64 << (v - 1);
            self.values[cell] = v;
            for k in self.unit_range(cell) {
                let u = self.unit_list[k] as usize;
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
            if self.values[cell] == 0 && self.is_cell[cell] {
                let mut taken = 0;
                for &u in self.units_of(cell) {
                    taken |= self.placed[u as usize];
                }
                if let Some(k) = self.cage(cell) {
                    taken |= self.cage_placed[k];
                }
                self.cand[cell] = self.all & !taken;
            }
        }
    }

    /// Where a cell's units are in `unit_list`.
    fn unit_range(&self, cell: usize) -> std::ops::Range<usize> {
        self.unit_start[cell] as usize..self.unit_start[cell + 1] as usize
    }

    /// A cell's units: on a square board its row, column and box (or region) first, then its
    /// other units.
    fn units_of(&self, cell: usize) -> &[u32] {
        &self.unit_list[self.unit_range(cell)]
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
        for k in self.unit_range(cell) {
            let u = self.unit_list[k] as usize;
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

    /// Every technique with its code, in the order of [`Technique::ALL`].
    fn kinds() -> [(Technique, Kind); 49] {
        [
            (
                Technique::HiddenSingle,
                Kind::Both(Rater::hidden_singles, |r, out, limit| {
                    r.find_hidden_singles(out, limit);
                }),
            ),
            (
                Technique::NakedSingle,
                Kind::Both(Rater::naked_singles, |r, out, limit| {
                    r.find_naked_singles(out, limit);
                }),
            ),
            (
                Technique::CageCombination,
                Kind::Apply(Rater::cage_combinations),
            ),
            (Technique::Pointing, Kind::Find(Rater::find_pointing)),
            (Technique::Claiming, Kind::Find(Rater::find_claiming)),
            (
                Technique::LockedCandidates,
                Kind::Find(Rater::find_locked_in_other_units),
            ),
            (
                Technique::NakedPair,
                Kind::Find(|r, out, limit| r.find_naked_subsets(2, out, limit)),
            ),
            (
                Technique::HiddenPair,
                Kind::Find(|r, out, limit| r.find_hidden_subsets(2, out, limit)),
            ),
            (
                Technique::NakedTriple,
                Kind::Find(|r, out, limit| r.find_naked_subsets(3, out, limit)),
            ),
            (
                Technique::HiddenTriple,
                Kind::Find(|r, out, limit| r.find_hidden_subsets(3, out, limit)),
            ),
            (
                Technique::XWing,
                Kind::Find(|r, out, limit| r.find_fish(2, out, limit)),
            ),
            (
                Technique::Swordfish,
                Kind::Find(|r, out, limit| r.find_fish(3, out, limit)),
            ),
            (
                Technique::XyWing,
                Kind::Find(|r, out, limit| r.find_xy_wings(out, limit)),
            ),
            (
                Technique::CageUnitOverlap,
                Kind::Find(Rater::find_cage_unit_overlaps),
            ),
            (
                Technique::UnitCageOverlap,
                Kind::Find(Rater::find_unit_cage_overlaps),
            ),
            (
                Technique::Innies,
                Kind::Find(|r, out, limit| r.find_unit_sums(false, out, limit)),
            ),
            (
                Technique::Outies,
                Kind::Find(|r, out, limit| r.find_unit_sums(true, out, limit)),
            ),
            (
                Technique::InniesOverUnits,
                Kind::Find(|r, out, limit| r.find_union_sums(false, out, limit)),
            ),
            (
                Technique::OutiesOverUnits,
                Kind::Find(|r, out, limit| r.find_union_sums(true, out, limit)),
            ),
            (
                Technique::InnieOutieDifference,
                Kind::Find(Rater::find_innie_outie_differences),
            ),
            (
                Technique::Skyscraper,
                Kind::Find(|r, out, limit| r.find_turbots(false, out, limit)),
            ),
            (
                Technique::TwoStringKite,
                Kind::Find(|r, out, limit| r.find_turbots(true, out, limit)),
            ),
            (
                Technique::FinnedXWing,
                Kind::Find(|r, out, limit| r.find_finned_fish(2, false, out, limit)),
            ),
            (
                Technique::SashimiXWing,
                Kind::Find(|r, out, limit| r.find_finned_fish(2, true, out, limit)),
            ),
            (
                Technique::FinnedSwordfish,
                Kind::Find(|r, out, limit| r.find_finned_fish(3, false, out, limit)),
            ),
            (
                Technique::SashimiSwordfish,
                Kind::Find(|r, out, limit| r.find_finned_fish(3, true, out, limit)),
            ),
            (
                Technique::EmptyRectangle,
                Kind::Find(|r, out, limit| r.find_empty_rectangles(out, limit)),
            ),
            (
                Technique::XyzWing,
                Kind::Find(|r, out, limit| r.find_xyz_wings(out, limit)),
            ),
            (
                Technique::WWing,
                Kind::Find(|r, out, limit| r.find_w_wings(out, limit)),
            ),
            (
                Technique::SimpleColouring,
                Kind::Find(|r, out, limit| r.find_simple_colouring(out, limit)),
            ),
            (
                Technique::UniqueRectangle,
                Kind::Find(|r, out, limit| r.find_unique_rectangles(out, limit)),
            ),
            (
                Technique::NakedQuad,
                Kind::Find(|r, out, limit| r.find_naked_subsets(4, out, limit)),
            ),
            (
                Technique::Jellyfish,
                Kind::Find(|r, out, limit| r.find_fish(4, out, limit)),
            ),
            (
                Technique::FinnedJellyfish,
                Kind::Find(|r, out, limit| r.find_finned_fish(4, false, out, limit)),
            ),
            (
                Technique::SashimiJellyfish,
                Kind::Find(|r, out, limit| r.find_finned_fish(4, true, out, limit)),
            ),
            (
                Technique::HiddenQuad,
                Kind::Find(|r, out, limit| r.find_hidden_subsets(4, out, limit)),
            ),
            (
                Technique::BugPlusOne,
                Kind::Find(|r, out, limit| r.find_bug(out, limit)),
            ),
            (
                Technique::XChain,
                Kind::Find(|r, out, limit| r.find_x_chains(out, limit)),
            ),
            (
                Technique::XyChain,
                Kind::Find(|r, out, limit| r.find_xy_chains(out, limit)),
            ),
            (
                Technique::NiceLoop,
                Kind::Find(|r, out, limit| r.find_nice_loops(out, limit)),
            ),
            (
                Technique::ContinuousNiceLoop,
                Kind::Find(|r, out, limit| r.find_continuous_nice_loops(out, limit)),
            ),
            (
                Technique::Aic,
                Kind::Find(|r, out, limit| r.find_aics(out, limit)),
            ),
            (
                Technique::GroupedNiceLoop,
                Kind::Find(|r, out, limit| r.find_grouped_nice_loops(out, limit)),
            ),
            (
                Technique::GroupedAic,
                Kind::Find(|r, out, limit| r.find_grouped_aics(out, limit)),
            ),
            (
                Technique::AlsXz,
                Kind::Find(|r, out, limit| r.find_als_xz(out, limit, false)),
            ),
            (
                Technique::DoublyLinkedAlsXz,
                Kind::Find(|r, out, limit| r.find_als_xz(out, limit, true)),
            ),
            (
                Technique::AlsXyWing,
                Kind::Find(|r, out, limit| r.find_als_xy_wings(out, limit)),
            ),
            (
                Technique::ForcingChain,
                Kind::Find(|r, out, limit| r.find_forcing(out, limit, false)),
            ),
            (
                Technique::ForcingNet,
                Kind::Find(|r, out, limit| r.find_forcing(out, limit, true)),
            ),
        ]
    }

    /// Applies the easiest technique (up to `grade`) that makes progress.
    fn step(&mut self, grade: Grade) -> Progress {
        let empty_before = self.values.iter().filter(|&&v| v == 0).count();
        let mut found = Vec::new();
        for (k, (technique, kind)) in Rater::kinds().into_iter().enumerate() {
            if technique.grade() > grade {
                break;
            }
            let progress = match kind {
                Kind::Apply(run) | Kind::Both(run, _) => run(self),
                Kind::Find(find) => {
                    found.clear();
                    find(self, &mut found, usize::MAX);
                    self.apply_steps(&found)
                }
            };
            match progress {
                Progress::None => {}
                Progress::Some => {
                    // Singles count the cells they filled; steps, the steps applied; the rest,
                    // the times they applied.
                    let filled = empty_before - self.values.iter().filter(|&&v| v == 0).count();
                    let single =
                        matches!(technique, Technique::HiddenSingle | Technique::NakedSingle);
                    self.counts[k] += match kind {
                        _ if single => filled.max(1) as u32,
                        Kind::Find(_) => found.len() as u32,
                        Kind::Apply(_) | Kind::Both(..) => 1,
                    };
                    return Progress::Some;
                }
                Progress::Contradiction => return Progress::Contradiction,
            }
        }
        Progress::None
    }

    /// Applies steps found on the same candidates: their placements, then their
    /// eliminations. A placement of a value the cell no longer has, or a cell left with no
    /// candidate, is a contradiction (the puzzle has no solution).
    fn apply_steps(&mut self, steps: &[Step]) -> Progress {
        let mut progress = Progress::None;
        for step in steps {
            for &(cell, value) in &step.placements {
                let cell = cell as usize;
                if self.values[cell] == value {
                    continue;
                }
                if self.values[cell] != 0 || self.cand[cell] & (1 << (value - 1)) == 0 {
                    return Progress::Contradiction;
                }
                self.place(cell, value);
                progress = Progress::Some;
            }
            for &(cell, value) in &step.eliminations {
                let cell = cell as usize;
                if self.eliminate(cell, 1 << (value - 1)) {
                    progress = Progress::Some;
                    if self.cand[cell] == 0 && self.values[cell] == 0 {
                        return Progress::Contradiction;
                    }
                }
            }
        }
        progress
    }

    /// A unit's cells (positions), as the rater numbers its units.
    pub fn unit_cells(&self, unit: u32) -> Vec<usize> {
        self.units
            .get(unit as usize)
            .map_or_else(Vec::new, |cells| {
                cells.iter().map(|&c| c as usize).collect()
            })
    }

    /// What a unit is (a row, a box, a cage, ...), as the rater numbers its units.
    pub fn unit_kind(&self, unit: u32) -> Option<Unit> {
        self.unit_kinds.get(unit as usize).copied()
    }

    /// A unit's name, as a step names it: `row 3`, `column 5`, `box 1`, `region 2`.
    pub fn unit_name(&self, unit: u32) -> String {
        self.unit_kinds
            .get(unit as usize)
            .map_or_else(|| format!("unit {}", unit + 1), |u| u.to_string())
    }

    /// Removes `bits` from a cell's candidates; true if that changed anything.
    fn eliminate(&mut self, cell: usize, bits: u64) -> bool {
        let before = self.cand[cell];
        self.cand[cell] &= !bits;
        before != self.cand[cell]
    }

    /// Whether two cells share a unit or a killer cage (so cannot hold the same value).
    fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && (self
                .units_of(a)
                .iter()
                .any(|u| self.units_of(b).contains(u))
                || self.cage(a).is_some_and(|k| self.cage(b) == Some(k)))
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_chains;
