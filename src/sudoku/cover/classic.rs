//! The classic square board as exact cover, solved with the [`dlx`](crate::dlx) engine: the fast
//! path of the board model's one mapping ([`model`](super::model)). Its items and options are
//! the model's for [`Shape::classic`](crate::sudoku::board::shape::Shape) (cells, then each
//! row's, column's and box's missing symbols), numbered straight from the geometry instead of
//! through named units, and laid out in blocks of four nodes, which is what makes it fast;
//! `tests/sudoku.rs` checks that it builds the model's matrix (the same items and options) and
//! gives the model's answers.
//!
//! A board of side `s` has four families of `s²` items each, every one to be covered exactly once:
//!
//! | family        | item                                  | says                                |
//! |---------------|---------------------------------------|-------------------------------------|
//! | cell          | `(r, c)`                              | cell `r c` holds one symbol         |
//! | row·symbol    | `(r, v)`                              | row `r` holds `v` once              |
//! | column·symbol | `(c, v)`                              | column `c` holds `v` once           |
//! | box·symbol    | `(b, v)`                              | box `b` holds `v` once              |
//!
//! and one option "put `v` in cell `(r, c)`" = `{(r, c), (r, v), (c, v), (b, v)}` for each cell and
//! symbol. An exact cover is then exactly a filled board that obeys the rules.
//!
//! As in Knuth's `sudoku-dlx.w`, the givens are not options to be forced: the matrix is built
//! without the items the givens already cover, and without every option that would clash with a
//! given. A 17-clue 9×9 puzzle becomes about 256 items and some 300 options instead of 324 and
//! 729, and the search starts where the givens leave it. An option is decoded back to its
//! `(cell, value)` through its first two items: the cell item's place on the list of empty cells
//! gives the cell, and the row·symbol item's place among its row's entries the value. The matrix
//! and all tables are kept between puzzles, so solving a batch allocates nothing per puzzle once
//! warm.
//!
//! Any other board (a [`Variant`](crate::sudoku::Variant)'s: X, hyper, jigsaw, killer; or a board
//! on a shape) has other units or cages: the solver hands it to [`general`], which searches the
//! model's matrix.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use crate::dlx::{self, ItemTable, Matrix};

use crate::sudoku::board::geometry::Geometry;
use crate::sudoku::board::grid::Grid;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::cover::general;
use crate::sudoku::cover::model::CoverError;
use crate::sudoku::cover::stride::strided;
use crate::sudoku::{Report, SolveError, Solver, Work};

/// The smallest side on which the search prunes with pairs of pairs too.
const STRONG_FROM: usize = 25;

/// How often (one pass per this many nodes) the search prunes on boards of [`STRONG_FROM`] up.
const STRONG_SPACING: u64 = 8;

/// How often the search prunes by pairs on boards below 16×16: one pass per this many nodes.
/// The first pass, at the first branching, is the one that pays on 9×9 (locked candidates found
/// before the search commits); later ones cost more than the nodes they save there, unlike on
/// 16×16 (measured in benches/README.md).
const SMALL_SPACING: u64 = 256;

/// How often the search prunes by pairs on 16×16 boards.
const SPACING: u64 = 32;

/// The smallest side whose cells are numbered row by row; below it they are scattered (see
/// [`numbering_order`]).
const ROW_ORDER_FROM: usize = 16;

/// The step of the scattered order below [`ROW_ORDER_FROM`], in hundredths of the number of
/// cells (then raised to the next number prime to it).
const SCATTER_STEP_PERCENT: usize = 30;

/// Below [`STRONG_FROM`], a search that has tried this many options adds the strong rules too: a
/// safety net for a tree that conflict weights and pairs leave huge (no puzzle of the 9×9 and
/// 16×16 sets reaches it; measured in benches/README.md).
const ESCALATE_AFTER: u64 = 1_000_000;

/// How a search branches and prunes: ties broken by conflict weights, pruning by pairs every
/// [`SPACING`] nodes ([`SMALL_SPACING`] below 16×16); from [`STRONG_FROM`] up, with pairs of pairs and locked sets as wide as a box side too,
/// every [`STRONG_SPACING`] nodes; below it, those after [`ESCALATE_AFTER`] nodes (measurements in
/// the `dlx` module's docs).
#[derive(Debug, Clone, Copy)]
struct Tuning {
    /// Prune and weigh conflicts at all (off for `--solver dlx-plain`).
    pruning: bool,
    /// The strong rules from the start.
    strong: bool,
    /// The longer side of a box: the width of the wide rule.
    width: usize,
    /// Nodes after which the strong rules come in (0: never).
    escalate: u64,
    /// One pruning pass per this many nodes.
    spacing: u64,
}

impl Tuning {
    fn apply(self, search: dlx::Search<'_>) -> dlx::Search<'_> {
        search
            .with_pruning(self.pruning)
            .with_conflict_weights(self.pruning)
            .with_pairs_of_pairs(self.strong)
            .with_pruning_width(if self.strong { self.width } else { 2 })
            .with_prune_spacing(self.spacing)
            .with_escalation(self.escalate, self.width, STRONG_SPACING)
    }
}

/// The dancing-links sudoku solver. Keep one and reuse it: it keeps its allocations.
#[derive(Debug, Clone)]
pub struct DlxSolver {
    matrix: Matrix,
    /// What the givens leave open, worked out per puzzle.
    tables: Tables,
    /// How many of `options` the last gathering wrote.
    count: usize,
    /// Search with pruning by pairs (the default).
    pruning: bool,
    /// The options of a matrix to be shuffled or filtered before they are linked.
    options: Vec<[u32; 4]>,
    /// How long one search may take before it gives up (see [`Solver::set_time_limit`]).
    time_limit: Option<Duration>,
    /// Where a search reports the nodes tried so far (see [`report_progress`](Self::report_progress)).
    progress: Option<Arc<AtomicU64>>,
}

/// The open items of a puzzle and how to find them (see [`DlxSolver::number`]).
#[derive(Debug, Clone, Default)]
struct Tables {
    /// The geometry `cells` was made for.
    geometry: Option<Geometry>,
    /// For each cell, its row, column and box and where their items start in `item_of`:
    /// worked out once per geometry, because integer division per candidate cost more than the
    /// whole search on easy puzzles.
    cells: Vec<CellUnits>,
    /// Symbols already placed in each row, column and box, as bit sets (bit v-1 for value v).
    used: [Vec<u64>; 3],
    /// Matrix item number of each open item, family by family: cell, row·symbol, column·symbol,
    /// box·symbol (the first `4·s²` entries, the rest left from a bigger board; those of covered
    /// items are never read, and each holds some item's number or 0).
    item_of: Vec<u32>,
    /// The empty cells in the order of [`order`](Self::order) (the first `open`; the rest
    /// stale): the cell of each cell item, which decoding needs too.
    empty: Vec<u32>,
    /// The given cells in the order of [`order`](Self::order) (as many as are given; the rest
    /// stale).
    givens: Vec<u32>,
    /// The number of empty cells, which is that of cell items.
    open: usize,
    /// The cells in the order their items are numbered (see [`numbering_order`]).
    order: Vec<u32>,
}

/// A cell's units, for [`Tables`].
#[derive(Debug, Clone, Copy)]
struct CellUnits {
    /// Its row, column and box.
    units: [u32; 3],
    /// Where the row·symbol, column·symbol and box·symbol items of those units start in
    /// `item_of` (symbol `v` is `v - 1` further).
    bases: [u32; 3],
}

impl Default for DlxSolver {
    fn default() -> Self {
        DlxSolver::new()
    }
}

impl DlxSolver {
    /// A solver with nothing allocated yet.
    pub fn new() -> Self {
        DlxSolver {
            matrix: Matrix::new(0, 0).unwrap_or_else(|_| unreachable!("an empty matrix fits")),
            tables: Tables::default(),
            options: Vec::new(),
            pruning: true,
            count: 0,
            time_limit: None,
            progress: None,
        }
    }

    /// A solver that searches without pruning: Algorithm X exactly as Knuth wrote it, for
    /// comparing search trees (`sudoku-dlx bench --solver dlx-plain`).
    pub fn plain() -> Self {
        DlxSolver {
            pruning: false,
            ..DlxSolver::new()
        }
    }

    /// Makes every later search store the nodes it has tried so far in `counter`, every few
    /// hundred levels, so that another thread can show a long search going on.
    pub fn report_progress(&mut self, counter: Arc<AtomicU64>) {
        self.progress = Some(counter);
    }

    /// Builds the exact-cover matrix of a board (see the module docs). Fails with the clashes if
    /// two givens clash, which no search could repair.
    pub fn build(&mut self, grid: &Grid) -> Result<&Matrix, SolveError> {
        self.link_all(grid).map_err(SolveError::from)?;
        Ok(&self.matrix)
    }

    /// [`build`](Self::build), failing with the clashes (none if the engine refused the
    /// matrix, which it never does for a board the tables numbered).
    fn link_all(&mut self, grid: &Grid) -> Result<(), Clashes> {
        let most = self.number(grid)?;
        // Each option is linked as soon as it is found (see the `dlx` docs on building).
        let tables = &self.tables;
        self.matrix
            .link_with::<4, _>(most, |sink| {
                tables.each_cell(grid, |own, units, free| sink.push_each(own, units, free));
            })
            .map_err(|_| Clashes(Vec::new()))
    }

    /// Links the options gathered in `options` (the first `count`) into the (reset) matrix.
    fn link(&mut self) -> Result<(), Clashes> {
        // Four open items of four different families: distinct and in range, so this cannot
        // fail; if it ever did, the board would be reported as having no consistent matrix.
        self.matrix
            .add_options_trusted(&self.options[..self.count])
            .map_err(|_| Clashes(Vec::new()))
    }

    /// Numbers the open items and resets the matrix to them, then writes the options down (the
    /// first `count` entries of `options`) without linking them yet: those of `candidates`
    /// only, if given (see [`has_solution_avoiding`](Self::has_solution_avoiding)).
    fn gather(&mut self, grid: &Grid, candidates: Option<&[u64]>) -> Result<(), Clashes> {
        let most = self.number(grid)?;
        if self.options.len() < most {
            self.options.resize(most, [0; 4]);
        }
        let options = &mut self.options;
        let mut count = 0;
        self.tables.each_option(grid, candidates, |items| {
            options[count] = items;
            count += 1;
        });
        self.count = count;
        Ok(())
    }

    /// Numbers the open items (see [`Tables::number`]) and resets the matrix to them. Returns
    /// the most options the board can have.
    fn number(&mut self, grid: &Grid) -> Result<usize, Clashes> {
        let (items, most) = self.tables.number(grid)?;
        self.matrix
            .reset(items, 0)
            .map_err(|_| Clashes(Vec::new()))?;
        // The cell items come first, one per empty cell (`most` is that many times the side):
        // two digits of one cell share no other item, so pairs never come from them.
        self.matrix
            .set_pairless_items(most / grid.geometry().side().max(1));
        Ok(most)
    }

    /// A solution of the board found by a randomised search: the options are linked in a random
    /// order, so the first solution is a random one (the generator's full grids come from here).
    /// `None` if the board has no solution, or none was found within `node_limit` nodes.
    pub fn random_solution<R: rand::Rng>(
        &mut self,
        grid: &Grid,
        rng: &mut R,
        node_limit: u64,
    ) -> Option<Grid> {
        self.gather(grid, None).ok()?;
        // Fisher–Yates over the options.
        for i in (1..self.count).rev() {
            let j = rng.random_range(0..=i);
            self.options.swap(i, j);
        }
        self.link().ok()?;
        let tuning = self.tuning(grid);
        let mut search = tuning
            .apply(self.matrix.search().restore_lazily())
            .with_node_limit(node_limit);
        search.next_solution()?;
        Some(self.tables.solved(grid, search.matrix(), search.solution()))
    }

    /// Whether the board has a solution that does not put `value` in `cell`: the question a
    /// generator asks after taking the clue `value` out of `cell` from a puzzle with one solution
    /// (any other solution must differ there). A search for one solution, usually far quicker
    /// than counting two. `None` when `node_limit` nodes did not settle it, or the cancel flag
    /// was set.
    ///
    /// `candidates`, if given, holds a bit set for each cell (bit `v - 1` for symbol `v`, as
    /// the [`Rater`](crate::sudoku::Rater) keeps them): only those options are linked. They
    /// must be a superset of every solution's, as what logic has not ruled out is, so that the
    /// answer is the board's; a cell past the end of the slice keeps all its symbols. A filled
    /// `cell` answers at once: whether it holds another value.
    pub fn has_solution_avoiding(
        &mut self,
        grid: &Grid,
        candidates: Option<&[u64]>,
        cell: usize,
        value: u8,
        node_limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Option<bool> {
        let given = grid.values().get(cell).copied().unwrap_or(0);
        if given != 0 {
            return Some(given != value);
        }
        self.gather(grid, candidates).ok()?;
        // Drop the one option that places `value` in `cell` (the only one with its cell item
        // and row·symbol item), keeping the others in order.
        let dropped = self.tables.items_of(grid, cell, value);
        let count = self.count;
        let mut kept = 0;
        for i in 0..count {
            let items = self.options[i];
            if dropped != Some((items[0], items[1])) {
                self.options[kept] = items;
                kept += 1;
            }
        }
        self.count = kept;
        self.link().ok()?;
        let tuning = self.tuning(grid);
        let mut search = tuning
            .apply(self.matrix.search().restore_lazily())
            .with_node_limit(node_limit);
        if let Some(flag) = cancel {
            search = search.with_cancel(flag);
        }
        let found = search.count(1) == 1;
        if found {
            Some(true)
        } else if search.is_cancelled() {
            None
        } else {
            Some(false)
        }
    }

    /// How the search of `grid` prunes (see [`Tuning`]).
    fn tuning(&self, grid: &Grid) -> Tuning {
        let g = grid.geometry();
        // A nearly empty board has solutions everywhere: there the extra removals only steer
        // the search (see the docs), so they wait for a quarter of the cells to be filled.
        let strong = self.pruning && g.side() >= STRONG_FROM && grid.filled() * 4 >= g.cells();
        Tuning {
            pruning: self.pruning,
            strong,
            width: g.box_rows().max(g.box_cols()),
            escalate: if self.pruning && !strong {
                ESCALATE_AFTER
            } else {
                0
            },
            spacing: if strong {
                STRONG_SPACING
            } else if g.side() < 16 {
                SMALL_SPACING
            } else {
                SPACING
            },
        }
    }

    /// The `(cell, value)` an option of the last built matrix places (`None` for a number
    /// that is no option of it).
    pub fn decode(&self, option: dlx::OptionId) -> Option<(usize, u8)> {
        self.tables.decode(&self.matrix, option)
    }

    /// Searches the board, stopping after `limit` solutions, and decodes the first solution if
    /// `keep_first`.
    fn run(
        &mut self,
        grid: &Grid,
        limit: u64,
        keep_first: bool,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, SolveError> {
        if grid.variant().is_some() || grid.shape().is_some() {
            return self.run_general(grid, limit, cancel);
        }
        self.build(grid)?;
        let tuning = self.tuning(grid);
        let tables = &self.tables;
        // The matrix is rebuilt for the next puzzle, so the search need not restore it.
        let mut search = tuning.apply(self.matrix.search().restore_lazily());
        if let Some(flag) = cancel {
            search = search.with_cancel(flag);
        }
        if let Some(limit) = self.time_limit {
            search = search.with_deadline(Instant::now() + limit);
        }
        if let Some(counter) = &self.progress {
            search = search.with_progress(counter);
        }
        let mut first = None;
        let mut solutions = 0;
        if keep_first && limit > 0 {
            if search.next_solution().is_some() {
                first = Some(tables.solved(grid, search.matrix(), search.solution()));
                solutions = 1;
            }
            if solutions == 1 {
                solutions += search.count(limit - 1);
            }
        } else {
            solutions = search.count(limit);
        }
        Ok(Report {
            solutions,
            first,
            cancelled: search.is_cancelled(),
            work: Work::Dlx(search.stats()),
        })
    }
}

/// Why the classic board's matrix was not built: its givens' clashes, or none if the engine
/// refused the matrix (which it never does for a board the tables numbered). Small, so that the
/// build's loop keeps its registers: a [`SolveError`] here cost the 17-clue build some 800
/// instructions a puzzle.
#[derive(Debug)]
struct Clashes(Vec<crate::sudoku::Clash>);

impl From<Clashes> for SolveError {
    fn from(Clashes(clashes): Clashes) -> Self {
        if clashes.is_empty() {
            SolveError::Unsearchable("the engine refused the board's matrix".into())
        } else {
            SolveError::Clashes(clashes)
        }
    }
}

impl DlxSolver {
    /// Searches a board of a variant with [`general`]'s matrix of its units and cages.
    /// Searches a board that is not a plain square one (a variant's, or any shape's) through the
    /// board model's one mapping ([`general::search_shape`]).
    fn run_general(
        &self,
        grid: &Grid,
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, SolveError> {
        let budget = general::Budget {
            time_limit: self.time_limit,
            node_limit: None,
            cancel,
            plain: !self.pruning,
            pairs_only: false,
        };
        let shape = Shape::of_grid(grid);
        let found = match general::search_shape(&shape, grid.values(), limit, &budget) {
            Ok(found) => found,
            // A matrix stopped while it was built decides nothing: the search gave up, it did
            // not find none.
            Err(general::BoardError::Cover(CoverError::Stopped)) => {
                return Ok(Report {
                    solutions: 0,
                    first: None,
                    cancelled: true,
                    work: Work::Dlx(Default::default()),
                });
            }
            Err(general::BoardError::Clash(_)) => {
                return Err(SolveError::Clashes(grid.clashes()));
            }
            // A matrix too big to build (a Mathdoku cage of too many fillings, or a killer cage
            // of too many digit sets for a search without sums), or no board at all.
            Err(e) => return Err(SolveError::Unsearchable(e.to_string())),
        };
        let first = found.first.and_then(|cells| grid.with_values(cells));
        Ok(Report {
            solutions: found.solutions,
            first,
            cancelled: found.gave_up,
            work: Work::Dlx(found.stats),
        })
    }
}

impl Tables {
    /// Works out which symbols each unit holds and numbers the open items: empty cells (in the
    /// order of [`numbering_order`]), then each unit's missing symbols, family by family. Returns
    /// the number of items and the most options the board can have (one per empty cell and symbol).
    /// Fails with the clashes if a symbol is given twice in a unit.
    fn number(&mut self, grid: &Grid) -> Result<(usize, usize), Clashes> {
        let g = grid.geometry();
        let s = g.side();
        let n = s * s;
        if self.geometry != Some(g) {
            self.cells = (0..n)
                .map(|cell| {
                    let units = [g.row_of(cell), g.col_of(cell), g.box_of(cell)];
                    CellUnits {
                        units: units.map(|u| u as u32),
                        bases: [0, 1, 2].map(|f| ((f + 1) * n + units[f] * s) as u32),
                    }
                })
                .collect();
            self.order = numbering_order(s);
            self.geometry = Some(g);
        }
        let all = all_symbols(s);

        // Only entries of open items are read, but the largest entry is worked out for the
        // options' links to be written unchecked (see `each_cell`), so every entry is written
        // below, a given cell's as 0.
        if self.item_of.len() < 4 * n {
            self.item_of.resize(4 * n, 0);
        }
        if self.empty.len() < n {
            self.empty.resize(n, 0);
            self.givens.resize(n, 0);
        }

        // One pass over the cells in their numbering order: an empty cell gets the next item
        // number and goes on the list of empty cells, a given on the list of givens. Without a
        // branch on which cells are given, whose places no predictor knows: every cell writes
        // its entries (a given's are overwritten by the next empty cell, a given's item number
        // is 0) and is written on both lists, only one of which moves on.
        let mut items = 0u32;
        let mut given = 0usize;
        // The slices in locals, so that the loop's stores are seen not to move them.
        let values = grid.values();
        let (item_of, empty, givens) = (
            &mut self.item_of[..],
            &mut self.empty[..],
            &mut self.givens[..],
        );
        for &cell in &self.order {
            let (Some(&value), Some(own)) =
                (values.get(cell as usize), item_of.get_mut(cell as usize))
            else {
                continue;
            };
            let open = u32::from(value == 0);
            *own = items * open;
            if let (Some(empty), Some(placed)) =
                (empty.get_mut(items as usize), givens.get_mut(given))
            {
                *empty = cell;
                *placed = cell;
            }
            items += open;
            given += 1 - open as usize;
        }
        // Then each given marks its symbol used in its row, column and box. A symbol twice in a
        // unit is a clash (checked once, after the pass).
        for used in &mut self.used {
            if used.len() == s {
                used.fill(0);
            } else {
                used.clear();
                used.resize(s, 0);
            }
        }
        let mut clash = 0u64;
        for &cell in self.givens.get(..given).unwrap_or_default() {
            let (Some(&value), Some(info)) = (
                grid.values().get(cell as usize),
                self.cells.get(cell as usize),
            ) else {
                continue;
            };
            let bit = 1u64.wrapping_shl(u32::from(value)) >> 1;
            for (used, &unit) in self.used.iter_mut().zip(&info.units) {
                if let Some(used) = used.get_mut(unit as usize) {
                    clash |= *used & bit;
                    *used |= bit;
                }
            }
        }
        if clash != 0 {
            return Err(Clashes(grid.clashes()));
        }
        let cells = items as usize;
        self.open = cells;

        // Then each unit's missing symbols, family by family. Every entry of a unit is written,
        // a given symbol's too (with the number the unit's next missing symbol gets: never
        // read), eight symbols at a time from their counts (see `number_eight`), with no branch
        // on which symbols are missing.
        for (family, used) in self.used.iter().enumerate() {
            let base = (family + 1) * n;
            let item_of = self.item_of.get_mut(base..base + n).unwrap_or_default();
            for (&mask, unit_items) in used.iter().zip(item_of.chunks_exact_mut(s)) {
                let mut free = all & !mask;
                let mut eights = unit_items.chunks_exact_mut(8);
                for eight in &mut eights {
                    items = number_eight(items, free as u8, eight);
                    free >>= 8;
                }
                items = number_eight(items, free as u8, eights.into_remainder());
            }
        }
        // The given symbols after the last missing one hold `items`, which is no item: keep
        // every entry below it (the options are linked unchecked up to the largest entry).
        for item in self.item_of.iter_mut().take(4 * n).rev() {
            if *item < items {
                break;
            }
            *item = 0;
        }
        Ok((items as usize, cells * s))
    }

    /// Calls `each(items)` for every option of the board [`number`](Self::number) was last given,
    /// in the order of the cell items: one per empty cell and symbol its row, column and box still
    /// allow (and `candidates` too, if given: a bit set a cell), with its four items (cell,
    /// row·symbol, column·symbol, box·symbol, in that order, which [`decode`](Self::decode)
    /// relies on).
    fn each_option(&self, grid: &Grid, candidates: Option<&[u64]>, mut each: impl FnMut([u32; 4])) {
        self.each_cell(grid, |own, [row, col, bx], mut free| {
            if let Some(candidates) = candidates {
                let cell = self.empty.get(own as usize).map(|&c| c as usize);
                free &= cell.and_then(|c| candidates.get(c)).map_or(!0, |&c| c);
            }
            while free != 0 {
                let v = free.trailing_zeros() as usize;
                free &= free - 1;
                if let (Some(row), Some(col), Some(bx)) = (row.get(v), col.get(v), bx.get(v)) {
                    each([own, row, col, bx]);
                }
            }
        });
    }

    /// The options of [`each_option`](Self::each_option) a cell at a time: calls `each(cell item,
    /// units, free)` for every empty cell, in the order of their items, where bit `v` of `free`
    /// stands for the option of symbol `v + 1` and entry `v` of each of `units` (row·symbol,
    /// column·symbol, box·symbol) for its other items. The tables know their largest entry, so a
    /// cell's options are linked with one check per table (see [`dlx::ItemTable`]).
    #[inline(always)]
    fn each_cell(&self, grid: &Grid, mut each: impl FnMut(u32, [ItemTable<'_>; 3], u64)) {
        let s = grid.geometry().side();
        let all = all_symbols(s);
        let [rows, cols, boxes] = &self.used;
        let table = ItemTable::new(self.item_of.get(..4 * s * s).unwrap_or_default());
        for &cell in self.empty.get(..self.open).unwrap_or_default() {
            let (Some(info), Some(&own)) = (
                self.cells.get(cell as usize),
                self.item_of.get(cell as usize),
            ) else {
                continue;
            };
            let [r, c, b] = info.units.map(|u| u as usize);
            let free = all & !(rows[r] | cols[c] | boxes[b]);
            if let [Some(row), Some(col), Some(bx)] =
                info.bases.map(|base| table.part(base as usize, s))
            {
                each(own, [row, col, bx], free);
            }
        }
    }

    /// The `(cell, value)` of the option of the last numbered board whose first two items are
    /// `cell_item` and `row_item`: the cell is on the list of empty cells, and the value is the
    /// one missing symbol of its row numbered `row_item` (entries of given symbols repeat the
    /// next missing one's number, so only missing symbols are compared).
    fn decode_items(&self, cell_item: u32, row_item: u32) -> Option<(usize, u8)> {
        let cell = *self.empty.get(..self.open)?.get(cell_item as usize)?;
        let info = self.cells.get(cell as usize)?;
        let s = self.geometry?.side();
        let used = *self.used[0].get(info.units[0] as usize)?;
        let base = info.bases[0] as usize;
        let entries = self.item_of.get(base..base + s)?;
        let mut missing = all_symbols(s) & !used;
        while missing != 0 {
            let v = missing.trailing_zeros() as usize;
            missing &= missing - 1;
            if entries.get(v) == Some(&row_item) {
                return Some((cell as usize, u8::try_from(v + 1).ok()?));
            }
        }
        None
    }

    /// The cell item and row·symbol item of the option of the last numbered board that puts
    /// `value` in `cell` (`None` if the cell is given or its row holds `value`; the option may
    /// still be missing, if its column or box holds `value`).
    fn items_of(&self, grid: &Grid, cell: usize, value: u8) -> Option<(u32, u32)> {
        let v = usize::from(value).checked_sub(1)?;
        if *grid.values().get(cell)? != 0 || v >= grid.geometry().side() {
            return None;
        }
        let info = self.cells.get(cell)?;
        let used = *self.used[0].get(info.units[0] as usize)?;
        if (used >> v) & 1 != 0 {
            return None;
        }
        Some((
            *self.item_of.get(cell)?,
            *self.item_of.get(info.bases[0] as usize + v)?,
        ))
    }

    /// The `(cell, value)` option `option` of `m` (built from the last numbered board) places.
    fn decode(&self, m: &Matrix, option: dlx::OptionId) -> Option<(usize, u8)> {
        let mut items = m.option_items(option);
        let (cell_item, row_item) = (items.next()?, items.next()?);
        self.decode_items(cell_item.index() as u32, row_item.index() as u32)
    }

    /// `grid` with the options of `solution` (of `m`) filled in.
    fn solved(&self, grid: &Grid, m: &Matrix, solution: &[dlx::OptionId]) -> Grid {
        let mut solved = grid.clone();
        for &o in solution {
            if let Some((cell, value)) = self.decode(m, o) {
                solved.set(cell, value);
            }
        }
        solved
    }
}

/// The cells of a board of side `s` in the order their items are numbered, which is the order
/// in which the search meets them when it breaks a tie: of equally short items (and equal
/// conflict weights) it takes the one numbered first.
///
/// From [`ROW_ORDER_FROM`] up, row by row. Below it, scattered: cell `k·p mod s²` gets the
/// `k`-th number, for a step `p` of about [`SCATTER_STEP_PERCENT`] hundredths of `s²` that is
/// prime to `s²` (so every cell comes once). Numbered row by row, the ties between cells go to
/// the top rows first, one after another, and on every set of 9×9 puzzles measured the trees
/// were larger than in the scattered order; any step from a fifth to three fifths of the cells,
/// or a random order, did about as well. On 16×16 boards the scattered order was as often worse
/// as better, so they keep the rows (the figures are in benches/README.md, "The order of the
/// cells").
fn numbering_order(s: usize) -> Vec<u32> {
    let n = s * s;
    if s >= ROW_ORDER_FROM {
        return (0..n as u32).collect();
    }
    strided(n, n * SCATTER_STEP_PERCENT / 100)
        .map(|cell| cell as u32)
        .collect()
}

/// Numbers up to eight symbols of a unit (bit `b` of `missing` set if the `b`-th of them is
/// missing): entry `b` of `entries` gets `items` plus the number of missing symbols before the
/// `b`-th, and the count after all eight is returned.
///
/// The counts come from two multiplications instead of a loop over the bits: `missing` copied
/// into every byte of a word keeps in byte `b` only its own bit `b`, which adding `0x7F` to
/// every byte raises to the byte's top bit (no byte carries into the next: the most is
/// `0x80 + 0x7F`), and shifting down leaves bit `b` as byte `b`, 0 or 1. Multiplied by a 1 in
/// every byte, byte `b` of the product is the sum of bytes `0..=b`: the running counts, at most
/// 8, so no byte carries either. One byte up, byte `b` counts the bits before `b`.
#[inline(always)]
fn number_eight(items: u32, missing: u8, entries: &mut [u32]) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let own_bits = (u64::from(missing) * ONES) & 0x8040_2010_0804_0201;
    let spread = ((own_bits + 0x7F * ONES) >> 7) & ONES;
    let counts = spread.wrapping_mul(ONES);
    let before = counts << 8;
    for (b, entry) in entries.iter_mut().take(8).enumerate() {
        *entry = items + ((before >> (8 * b)) & 0xFF) as u32;
    }
    items + (counts >> 56) as u32
}

/// The bit set of every symbol of a board of side `s` (bit v-1 for value v).
fn all_symbols(s: usize) -> u64 {
    if s >= 64 { u64::MAX } else { (1 << s) - 1 }
}

impl Solver for DlxSolver {
    fn solve(
        &mut self,
        grid: &Grid,
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, SolveError> {
        self.run(grid, limit, true, cancel)
    }

    fn count(
        &mut self,
        grid: &Grid,
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, SolveError> {
        self.run(grid, limit, false, cancel)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.time_limit = limit;
    }
}

/// Items of one family that the clash-free givens leave open, for tests and teaching.
#[cfg(test)]
fn open_items(grid: &Grid) -> usize {
    let mut s = DlxSolver::new();
    s.build(grid).map(Matrix::primary_items).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_board_has_every_item_and_option() {
        let g = Grid::parse_line(&".".repeat(81), None).unwrap();
        let mut s = DlxSolver::new();
        let m = s.build(&g).unwrap();
        assert_eq!((m.primary_items(), m.option_count()), (324, 729));
        assert_eq!(open_items(&g), 324);
    }

    /// Every cell is numbered once, whatever the side: scattered below 16×16, row by row from
    /// there.
    #[test]
    fn every_cell_is_numbered_once() {
        for s in [4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36] {
            let order = numbering_order(s);
            let mut seen = vec![0; s * s];
            for &cell in &order {
                seen[cell as usize] += 1;
            }
            assert!(seen.iter().all(|&k| k == 1), "{s}");
            let by_rows = order.iter().copied().eq(0..(s * s) as u32);
            assert_eq!(by_rows, s >= ROW_ORDER_FROM, "{s}");
        }
        // 9×9: a step of 25 (24 shares the factor 3 with 81).
        assert_eq!(numbering_order(9)[..4], [0, 25, 50, 75]);
    }

    /// The counts from the multiplications are those of a loop over the bits, for every byte
    /// and every length of a unit's last eight symbols.
    #[test]
    fn eight_symbols_are_numbered_as_a_loop_numbers_them() {
        for missing in 0..=u8::MAX {
            for len in 0..=8 {
                let mut entries = [u32::MAX; 8];
                let end = number_eight(100, missing, &mut entries[..len]);
                let mut items = 100;
                for (b, &entry) in entries.iter().enumerate() {
                    if b < len {
                        assert_eq!(entry, items, "{missing:#010b}, entry {b} of {len}");
                    } else {
                        assert_eq!(entry, u32::MAX, "{missing:#010b}: entry {b} written");
                    }
                    items += u32::from((missing >> b) & 1);
                }
                assert_eq!(end, 100 + missing.count_ones(), "{missing:#010b}");
            }
        }
    }

    /// Every option decodes to an empty cell and a symbol its row, column and box lack, no two
    /// to the same, and the items the generator drops an option by are that option's.
    #[test]
    fn every_option_decodes_to_its_cell_and_value() {
        let lines = [
            include_str!("../../../tests/data/17clue_sample.txt"),
            include_str!("../../../tests/data/16x16_sample.txt"),
            include_str!("../../../tests/data/sizes.txt"),
        ];
        for line in lines
            .iter()
            .flat_map(|text| text.lines())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(40)
        {
            let g = Grid::parse_line(line, None).unwrap();
            let mut s = DlxSolver::new();
            let count = s.build(&g).unwrap().option_count();
            let mut seen = std::collections::HashSet::new();
            for o in 0..count {
                let option = dlx::OptionId(o as u32);
                let (cell, value) = s.decode(option).unwrap();
                assert_eq!(g.values()[cell], 0, "{line}");
                let mut probe = g.clone();
                probe.set(cell, value);
                assert!(probe.clashes().is_empty(), "{line}: {value} in {cell}");
                assert!(
                    seen.insert((cell, value)),
                    "{line}: {value} in {cell} twice"
                );
                let items: Vec<u32> = s
                    .matrix
                    .option_items(option)
                    .map(|i| i.index() as u32)
                    .collect();
                assert_eq!(
                    s.tables.items_of(&g, cell, value),
                    Some((items[0], items[1])),
                    "{line}"
                );
            }
            // A given cell, and a value its row holds, have no option.
            if let Some(given) = (0..g.values().len()).find(|&c| g.values()[c] != 0) {
                assert_eq!(s.tables.items_of(&g, given, 1), None);
            }
        }
    }

    #[test]
    fn givens_shrink_the_matrix() {
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "5");
        let g = Grid::parse_line(&line, None).unwrap();
        let mut s = DlxSolver::new();
        let m = s.build(&g).unwrap();
        // One given covers 4 items; it removes its cell's 9 options and the 5s of its row,
        // column and box outside that cell (8 + 8 + 4 more cells).
        assert_eq!(m.primary_items(), 320);
        assert_eq!(m.option_count(), 729 - 9 - 20);
        for o in 0..m.option_count() {
            let (cell, value) = s.decode(dlx::OptionId(o as u32)).unwrap();
            assert!(cell != 0 && (1..=9).contains(&value));
        }
    }

    /// Every open item gets one number, all of them below the count, and every entry of the
    /// tables (a given symbol's too, which the numbering writes without a branch) is below it:
    /// the fixtures of every size, the empty and a full board, and boards whose last box holds
    /// its last symbols (the entries after the last open item).
    #[test]
    fn open_items_are_numbered_once_and_every_entry_is_an_item() {
        let mut lines: Vec<String> = [
            include_str!("../../../tests/data/17clue_sample.txt"),
            include_str!("../../../tests/data/16x16_sample.txt"),
            include_str!("../../../tests/data/sizes.txt"),
            include_str!("../../../tests/data/25x25_medium.txt"),
        ]
        .iter()
        .flat_map(|text| text.lines())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
        let full =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut last_box = ".".repeat(81);
        last_box.replace_range(80..81, "9");
        let mut last_two = ".".repeat(81);
        last_two.replace_range(70..71, "8");
        last_two.replace_range(80..81, "9");
        lines.extend([".".repeat(81), full.to_string(), last_box, last_two]);
        for line in &lines {
            let g = Grid::parse_line(line, None).unwrap();
            let geometry = g.geometry();
            let (n, side) = (geometry.cells(), geometry.side());
            let mut t = Tables::default();
            let (items, most) = t.number(&g).unwrap();
            assert_eq!(items, open_items(&g), "{line}");
            let empty: Vec<usize> = (0..n).filter(|&c| g.values()[c] == 0).collect();
            assert_eq!(most, empty.len() * side);
            assert!(
                t.item_of[..4 * n]
                    .iter()
                    .all(|&e| (e as usize) < items.max(1))
            );
            let mut numbered = vec![0; items];
            for &cell in &empty {
                numbered[t.item_of[cell] as usize] += 1;
            }
            let unit_of = [Geometry::row_of, Geometry::col_of, Geometry::box_of];
            for (family, unit_of) in unit_of.iter().enumerate() {
                for unit in 0..side {
                    for v in 1..=side as u8 {
                        let given =
                            (0..n).any(|c| unit_of(geometry, c) == unit && g.values()[c] == v);
                        if !given {
                            let entry = (family + 1) * n + unit * side + usize::from(v) - 1;
                            numbered[t.item_of[entry] as usize] += 1;
                        }
                    }
                }
            }
            assert!(numbered.iter().all(|&k| k == 1), "{line}");
        }
    }
}
