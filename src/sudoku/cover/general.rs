//! Any board searched with the [`dlx`](crate::dlx) engine: a [`Shape`] and the values in its
//! cells become the matrix of [`model`](super::model) (the one exact-cover mapping of the board
//! model, whose docs explain the items and options and why an exact cover is a solution), and a
//! search of it counts the solutions, keeps the first two, and gives up within a [`Budget`].
//!
//! A killer board's full search gives the engine the sums the board keeps (see
//! [`sums`](super::sums)): each placement's value is its digit, and each sum is over the cells'
//! items, the givens' digits taken into its total. The engine keeps them by bounds before every
//! branching.
//!
//! Where a search must guess, it takes the item with the most conflicts per option (*dom/wdeg*
//! of constraint programming), each dead end blamed on the choice that led to it, with the
//! blame decaying (`Search::with_blame_on_choices`, as sigh's solver scores its cells): that
//! took jigsaw layouts with no filling from minutes to milliseconds, and a third off the nodes
//! of sigh's hard killers (benches/README.md). A killer board's search guesses only a cell;
//! other boards' guess any item.
//!
//! A board with no given and no cage, whose symbols are therefore interchangeable, is searched
//! with a full unit given as 1, 2, …, `n`, each solution then standing for its `n!`
//! relabellings, and each full unit fixed in turn in runs that double (see
//! [`symmetry`](super::symmetry)): the empty jigsaw layouts, and the proofs that a layout has
//! no filling.
//!
//! This is the solver of every board that is not a plain square sudoku: X, hyper, jigsaw and
//! killer boards, Knuth's `sudoku-general-dlx` input, KSudoku's shapes, Mathdoku. The givens are
//! checked first: two in one unit or killer cage with the same symbol are a [`GivenClash`],
//! named, with no search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::dlx::{ItemId, MAX_PRUNE_WIDTH, Matrix, OptionId, Stats, ValueGroup};
use crate::sudoku::board::cage::Cage;
use crate::sudoku::board::shape::{Shape, ShapeError};
use crate::sudoku::board::units::Units;

use super::leftovers::same_values;
use super::model::{CoverError, ItemMeaning, Sink, map};
use super::restarts::{
    LAST_RUN_PRUNE_SPACING, RANDOM_WEIGHT, RESEEDED_RUNS, RESTART_NODES, Run, never_unique,
    open_killer,
};
use super::sums::board_sums;
use super::symmetry::{exchanged, fixed, full_units, interchangeable, relabellings};

/// What a search of a board found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralReport {
    /// Solutions found, up to the limit asked for.
    pub solutions: u64,
    /// The first solution, every cell's value from 1.
    pub first: Option<Vec<u8>>,
    /// The second solution, when the limit asked for two or more.
    pub second: Option<Vec<u8>>,
    /// The time limit stopped the search; `solutions` is a lower bound.
    pub gave_up: bool,
    /// The search's statistics.
    pub stats: Stats,
}

/// Why a board cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Two givens of one unit (or cage) hold the same symbol.
    #[error(transparent)]
    Clash(#[from] GivenClash),
    /// A cell is in two cages.
    #[error("cell {cell} is in two cages")]
    TwoCages {
        /// The cell.
        cell: usize,
    },
    /// The board's units or cages do not make a board.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The board has no matrix.
    #[error(transparent)]
    Cover(#[from] CoverError),
}

/// Two givens of one unit hold the same symbol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cells {first} and {second} both hold {value} in unit {unit}")]
pub struct GivenClash {
    /// The unit (an index into [`Units::all`]).
    pub unit: usize,
    /// The two cells.
    pub first: usize,
    /// The second cell.
    pub second: usize,
    /// The value, from 1.
    pub value: u8,
}

/// Searches a board of `units` whose cells hold `cells` (0 for empty, else a value from 1 to the
/// side), for up to `limit` solutions, keeping the first; gives up after `time_limit`.
pub fn solve(
    units: &Units,
    cells: &[u8],
    limit: u64,
    time_limit: Option<Duration>,
) -> Result<GeneralReport, BoardError> {
    solve_with_cages(units, cells, &[], limit, time_limit)
}

/// [`solve`] with killer cages (see the module docs). A cage repeating a given is a clash in the
/// unit numbered after the board's units by the cage's place.
pub fn solve_with_cages(
    units: &Units,
    cells: &[u8],
    cages: &[Cage],
    limit: u64,
    time_limit: Option<Duration>,
) -> Result<GeneralReport, BoardError> {
    search(
        units,
        cells,
        cages,
        limit,
        &Budget {
            time_limit,
            ..Budget::default()
        },
    )
}

/// When a search gives up: after so long, so many nodes, or once a flag is set.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget<'a> {
    /// Time.
    pub time_limit: Option<Duration>,
    /// Nodes (the same on every machine, unlike time).
    pub node_limit: Option<u64>,
    /// Set by another thread to stop the search.
    pub cancel: Option<&'a AtomicBool>,
    /// Search as plain Algorithm X, without pruning (`--solver dlx-plain`).
    pub plain: bool,
    /// Search the board's own matrix with pruning by pairs only: no implied cages, no conflict
    /// weights. The generators count this way, so that a seed's puzzles stay what they are
    /// (their node budgets decide which clues stay); on killers it searches more nodes, each
    /// cheaper.
    pub pairs_only: bool,
}

impl Budget<'_> {
    /// Whether the caller has stopped a search that runs until `deadline`: its flag is set, or
    /// the deadline has passed. A run cut at its own node limit while neither holds settled
    /// nothing, and the next run follows.
    fn caller_stopped(&self, deadline: Option<Instant>) -> bool {
        self.cancel.is_some_and(|f| f.load(Ordering::Relaxed))
            || deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// [`solve_with_cages`] within a [`Budget`]; `gave_up` says whether it ran out.
pub fn search(
    units: &Units,
    cells: &[u8],
    cages: &[Cage],
    limit: u64,
    budget: &Budget<'_>,
) -> Result<GeneralReport, BoardError> {
    let mut seen = vec![false; cells.len()];
    for &cell in cages.iter().flat_map(|c| &c.cells) {
        match seen.get_mut(cell) {
            Some(true) => return Err(BoardError::TwoCages { cell }),
            Some(slot) => *slot = true,
            None => {}
        }
    }
    let shape = Shape::of_units(units, cages)?;
    search_shape(&shape, cells, limit, budget)
}

/// Searches `shape` with `values` in its positions (0 for empty, else a digit from 1) for up to
/// `limit` solutions, within `budget`.
pub fn search_shape(
    shape: &Shape,
    values: &[u8],
    limit: u64,
    budget: &Budget<'_>,
) -> Result<GeneralReport, BoardError> {
    search_restarting(shape, values, limit, budget, RESTART_NODES)
}

/// [`search_shape`] whose first run, where it restarts, stops at `first_run` nodes.
fn search_restarting(
    shape: &Shape,
    values: &[u8],
    limit: u64,
    budget: &Budget<'_>,
    first_run: u64,
) -> Result<GeneralReport, BoardError> {
    check_givens(shape, values)?;
    // The full search: implied cages, and on killers conflict weights and the wide rule.
    let full = !budget.plain && !budget.pairs_only;
    if full && interchangeable(shape, values) {
        let units = full_units(shape);
        if !units.is_empty() {
            return search_relabelled(shape, &units, limit, budget);
        }
    }
    // A full search for one or two solutions of a board that cannot be unique, or of a killer
    // that is mostly open, restarts from new random weights when a run goes on too long (see
    // `RESTART_NODES`).
    let restarts =
        full && limit <= 2 && (never_unique(shape, values) || open_killer(shape, values));
    search_runs(shape, values, limit, budget, first_run, restarts)
}

/// [`search_restarting`] of a board whose symbols are interchangeable, through the board with
/// a full unit given, each of its solutions standing for `n!` (see [`symmetry`](super::symmetry)).
/// A search for one or two solutions (one of the fixed board's, or a proof there is none) runs
/// in turn with each unit of `units` fixed, the first run cut at [`RELABELLED_RUN_NODES`] nodes
/// and each run after it at twice the nodes of the one before, until a run ends by itself;
/// a longer count is one run, with the first unit fixed.
fn search_relabelled(
    shape: &Shape,
    units: &[usize],
    limit: u64,
    budget: &Budget<'_>,
) -> Result<GeneralReport, BoardError> {
    let each = relabellings(shape.symbols());
    let wanted = limit.div_ceil(each);
    // The time limit counts every run's time, the caller's node limit every run's nodes.
    let deadline = budget.time_limit.map(|limit| Instant::now() + limit);
    let mut stats = Stats::default();
    let mut run_nodes = RELABELLED_RUN_NODES;
    for &unit in units.iter().cycle() {
        let left = budget.node_limit.map(|n| n.saturating_sub(stats.nodes));
        let cut = wanted <= 1 && left.is_none_or(|n| n > run_nodes);
        let run_budget = Budget {
            time_limit: deadline.map(|d| d.saturating_duration_since(Instant::now())),
            node_limit: if cut { Some(run_nodes) } else { left },
            ..*budget
        };
        let mut report = search_runs(
            shape,
            &fixed(shape, unit),
            wanted,
            &run_budget,
            RESTART_NODES,
            false,
        )?;
        stats.add_run(&report.stats);
        // A run that ended by its own node limit (not by the caller's flag, deadline or node
        // limit) settles nothing, and the next unit's run follows.
        let own_limit = cut && report.gave_up && !budget.caller_stopped(deadline);
        if !own_limit {
            report.solutions = report.solutions.saturating_mul(each).min(limit);
            stats.solutions = report.solutions;
            report.stats = stats;
            if report.solutions >= 2 && report.second.is_none() {
                report.second = report.first.as_deref().map(exchanged);
            }
            return Ok(report);
        }
        run_nodes = run_nodes.saturating_mul(2);
    }
    // `units` is not empty, so the loop above returns.
    Ok(GeneralReport {
        solutions: 0,
        first: None,
        second: None,
        gave_up: true,
        stats,
    })
}

/// The runs of [`search_restarting`]'s search of `shape` with `values` (checked), restarting
/// where `restarts` says so.
fn search_runs(
    shape: &Shape,
    values: &[u8],
    limit: u64,
    budget: &Budget<'_>,
    first_run: u64,
    restarts: bool,
) -> Result<GeneralReport, BoardError> {
    // The time limit counts from here: building a large matrix takes some of it.
    let deadline = budget.time_limit.map(|limit| Instant::now() + limit);
    let full = !budget.plain && !budget.pairs_only;
    let mut direct = Direct {
        deadline,
        cancel: budget.cancel,
        implies: full,
        ..Direct::default()
    };
    let nothing = |gave_up| GeneralReport {
        solutions: 0,
        first: None,
        second: None,
        gave_up,
        stats: Stats::default(),
    };
    match map(shape, values, false, &mut direct) {
        Err(CoverError::Stopped) => return Ok(nothing(true)),
        found => found?,
    }
    let Some(mut m) = direct.matrix.take() else {
        // No matrix the engine takes (a full board has no items): nothing to search.
        return Ok(nothing(false));
    };
    if !direct.fills {
        // No two options of a cell item share another item (see `Matrix::set_pairless_items`):
        // true while every cell's options are placements, which a Mathdoku cage's are not.
        m.set_pairless_items(direct.cell_items);
    }
    direct.starts.push(direct.placed.len() as u32);
    if full {
        add_sums(&mut m, shape, values, &direct.cell_item)?;
        add_same_values(&mut m, shape, values, &direct.cell_item)?;
    }
    // A killer board's search weighs conflicts and prunes by the wide rule as well: its cages'
    // digit sets make many items of a few options each, where a branch's failure tells the
    // most (benches/README.md has the figures). Other boards weigh conflicts their own way
    // (below).
    let killer = full && !shape.cages().is_empty();
    let filled = |solution: &[OptionId]| {
        let mut out = values.to_vec();
        out.resize(shape.positions(), 0);
        for o in solution {
            for &(cell, v) in direct.places(o.index()) {
                out[cell] = v;
            }
        }
        out
    };
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut stats = Stats::default();
    // Where it restarts, the first run goes in the search's own order, cut at `first_run`
    // nodes; then up to `RESEEDED_RUNS` runs from random starting weights, each with twice the
    // nodes of the one before; the last run, in the own order again, is never cut (see
    // `RESTART_NODES`).
    let mut run = if restarts { Run::First } else { Run::Last };
    let mut run_nodes = first_run;
    let (gave_up, solutions) = loop {
        let mut search = m
            .search()
            .with_pruning(!budget.plain)
            .with_conflict_weights(killer)
            .with_pruning_width(if killer { MAX_PRUNE_WIDTH } else { 2 });
        if killer {
            // Prunes every few nodes (see `KILLER_PRUNE_SPACING`), and guesses a cell's digit
            // only, never where a unit's digit goes or which digit set a cage takes: those
            // follow from the cells soon enough, and guessing on them took three times the
            // nodes on sigh's hard killers (benches/README.md). The cells are the first items.
            // Dead ends are blamed on the choices, as on other boards (below): on sigh's hard
            // killers that took a third off the nodes.
            search = search
                .with_prune_spacing(KILLER_PRUNE_SPACING)
                .with_guesses_among(direct.cell_items)
                .with_blame_on_choices(true);
            if let Run::Reseeded(seed) = run {
                search = search.with_random_weights(seed, RANDOM_WEIGHT);
            }
        }
        if full && !killer {
            // Branches where the choices that failed lately were made, few options first (see
            // `Search::with_blame_on_choices`): sigh's unsolvable jigsaw layouts that took
            // minutes are proved in milliseconds, and puzzles that need no guess search as before
            // (benches/README.md).
            search = search
                .with_conflict_weights(true)
                .with_guesses_among(usize::MAX)
                .with_blame_on_choices(true);
            if let Run::Reseeded(seed) = run {
                search = search.with_random_weights(seed, RANDOM_WEIGHT);
            }
            if restarts && run == Run::Last {
                // What the cut runs did not settle is a long search: pruning at every
                // branching pays there (see `LAST_RUN_PRUNE_SPACING`).
                search = search.with_prune_spacing(LAST_RUN_PRUNE_SPACING);
            }
        }
        if let Some(deadline) = deadline {
            search = search.with_deadline(deadline);
        }
        // The caller's node limit counts every run's nodes.
        let left = budget.node_limit.map(|n| n.saturating_sub(stats.nodes));
        let cut = run != Run::Last && left.is_none_or(|n| n > run_nodes);
        match (cut, left) {
            (true, _) => search = search.with_node_limit(run_nodes),
            (false, Some(nodes)) => search = search.with_node_limit(nodes),
            (false, None) => {}
        }
        if let Some(flag) = budget.cancel {
            search = search.with_cancel(flag);
        }
        // The solutions this run finds that no earlier run did, up to `limit` in all.
        let before = found.len();
        while (found.len() as u64) < limit.min(2) && search.next_solution().is_some() {
            let grid = filled(search.solution());
            if !found.contains(&grid) {
                found.push(grid);
            }
        }
        let mut solutions = found.len() as u64;
        if solutions == 2 && limit > 2 {
            solutions += search.count(limit - 2);
        }
        let run_stats = search.stats();
        stats.add_run(&run_stats);
        stats.solutions = solutions;
        let stopped = search.is_cancelled();
        drop(search);
        // A run that ended by its own node limit (not by the caller's flag, deadline or limit)
        // settles nothing, and another follows.
        let own_limit = cut && stopped && solutions < limit && !budget.caller_stopped(deadline);
        if !own_limit {
            break (stopped, solutions);
        }
        run_nodes = run_nodes.saturating_mul(2);
        run = match run {
            // New draws while no solution has been found, or each run finds new ones (an empty
            // layout's two fillings); a solution found in the own order means that order is
            // not lost, and a complete search (a unique puzzle's) is best left to it.
            Run::First if found.is_empty() => Run::Reseeded(1),
            Run::Reseeded(k) if k < RESEEDED_RUNS && (found.is_empty() || found.len() > before) => {
                Run::Reseeded(k + 1)
            }
            _ => Run::Last,
        };
    };
    let mut found = found.into_iter();
    Ok(GeneralReport {
        solutions,
        first: found.next(),
        second: found.next(),
        gave_up,
        stats,
    })
}

/// The nodes of the first run of a search of a board whose symbols are interchangeable, for
/// one solution or a proof there is none (see [`search_relabelled`]). Which unit is fixed
/// changes the tree a thousandfold on some jigsaw layouts with no filling: sigh's 5,341st took
/// over 20 s with its first row fixed, 2 ms with its fifth row (benches/README.md). Each run
/// is a complete search, so one that ends by itself settles the board, and the doubling keeps
/// what the runs cut cost to within the last run's nodes.
const RELABELLED_RUN_NODES: u64 = 2_000;

/// A killer board's search prunes once per this many nodes on average, not once per
/// 32 as others do (the engine's default). Its cages' digit sets make many items of a few
/// options whose narrowing by the rules brings more digits and sets down to one, and the sums'
/// bounds see what the rules removed only at the next branching: on sigh's hard killers a
/// pass every four nodes takes a third of the nodes and half the time (benches/README.md has
/// the figures).
const KILLER_PRUNE_SPACING: u64 = 4;

/// The engine's matrix built straight from the mapping ([`map`]), with no names and nothing kept
/// per option but the cells and values it places. It stops the mapping once `deadline` passes
/// or `cancel` is set.
#[derive(Default)]
struct Direct<'a> {
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    matrix: Option<Matrix>,
    /// How many items are cells (they come first).
    cell_items: usize,
    /// Each cell's item, by position (`u32::MAX` for none; positions past the end have none).
    cell_item: Vec<u32>,
    /// Items given so far.
    items: u32,
    /// Some option is a Mathdoku cage's filling.
    fills: bool,
    /// Add the cages the board implies (not for a plain search: Algorithm X as Knuth wrote it
    /// searches the board's own matrix).
    implies: bool,
    /// Where each option's placed cells start in `placed` (and, once built, where they end).
    starts: Vec<u32>,
    placed: Vec<(usize, u8)>,
}

impl Direct<'_> {
    /// The cells and values an option places.
    fn places(&self, option: usize) -> &[(usize, u8)] {
        let at = |k: usize| self.starts.get(k).map_or(0, |&s| s as usize);
        self.placed.get(at(option)..at(option + 1)).unwrap_or(&[])
    }

    /// Adds an option (none without a matrix), and returns it.
    fn add(
        &mut self,
        items: &[usize],
        places: &[(usize, u8)],
    ) -> Result<Option<OptionId>, CoverError> {
        let Some(m) = self.matrix.as_mut() else {
            return Ok(None);
        };
        let option = m.add_option(items.iter().copied())?;
        self.starts.push(self.placed.len() as u32);
        self.placed.extend_from_slice(places);
        Ok(Some(option))
    }
}

impl Sink for Direct<'_> {
    fn item(&mut self, meaning: ItemMeaning, _name: &dyn Fn() -> String) {
        if let ItemMeaning::Cell(cell) = meaning {
            self.cell_items += 1;
            if self.cell_item.len() <= cell {
                self.cell_item.resize(cell + 1, u32::MAX);
            }
            self.cell_item[cell] = self.items;
        }
        self.items += 1;
    }

    fn items_done(&mut self, primary: usize, total: usize) -> Result<(), CoverError> {
        // A board with nothing open makes no matrix: the search then finds nothing to do.
        self.matrix = Matrix::new(primary, total - primary).ok();
        Ok(())
    }

    fn placement(&mut self, cell: usize, value: u8, items: &[usize]) -> Result<(), CoverError> {
        // The placement's value is its digit: what it adds to a sum over its cell.
        if let Some(option) = self.add(items, &[(cell, value)])?
            && let Some(m) = self.matrix.as_mut()
        {
            m.set_value(option, i32::from(value))?;
        }
        Ok(())
    }

    fn set(&mut self, _cage: usize, _digits: &[u8], items: &[usize]) -> Result<(), CoverError> {
        self.add(items, &[]).map(drop)
    }

    fn neither(&mut self, items: &[usize]) -> Result<(), CoverError> {
        self.add(items, &[]).map(drop)
    }

    fn stopped(&self) -> bool {
        self.cancel
            .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn implies(&self) -> bool {
        self.implies
    }

    fn keeps_sums(&self) -> bool {
        // The full search is given the board's sums (`add_sums`), the cages' own among them.
        self.implies
    }

    fn fill(
        &mut self,
        _cage: usize,
        cells: &[(usize, u8)],
        items: &[usize],
    ) -> Result<(), CoverError> {
        self.fills = true;
        self.add(items, cells).map(drop)
    }
}

/// Gives `m` the sums of a killer board (see [`board_sums`]) over its cells' items, the givens'
/// digits taken into the totals. A sum with an open cell of a Mathdoku cage is left out, and so
/// is one with every cell given.
fn add_sums(
    m: &mut Matrix,
    shape: &Shape,
    values: &[u8],
    cell_item: &[u32],
) -> Result<(), CoverError> {
    // A cell of a Mathdoku cage is filled by the cage's fillings, which carry no value.
    let mut terms = Vec::new();
    'sum: for sum in board_sums(shape) {
        terms.clear();
        let mut target = sum.target;
        for &(cell, c) in &sum.cells {
            if shape.in_math_cage(cell) && values.get(cell).is_none_or(|&v| v == 0) {
                continue 'sum;
            }
            match cell_item.get(cell).copied().filter(|&i| i != u32::MAX) {
                Some(item) => terms.push((ItemId::new(item as usize), c)),
                None => match values.get(cell).copied().filter(|&v| v != 0) {
                    Some(v) => target -= i64::from(c) * i64::from(v),
                    None => continue 'sum,
                },
            }
        }
        if !terms.is_empty() {
            m.add_sum(target, &terms)?;
        }
    }
    Ok(())
}

/// Gives `m` the groups of cells alike that are not [distinct](super::leftovers::SameValues::distinct) (those are
/// in the model's items) as same-values constraints over their cells' items, the givens' digits
/// held. A pair with a cell of a Mathdoku cage is left out: its fillings carry no value.
fn add_same_values(
    m: &mut Matrix,
    shape: &Shape,
    values: &[u8],
    cell_item: &[u32],
) -> Result<(), CoverError> {
    let (mut items, mut held) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
    'pair: for pair in same_values(shape).iter().filter(|p| !p.distinct) {
        for (side, cells) in [&pair.one, &pair.other].into_iter().enumerate() {
            items[side].clear();
            held[side].clear();
            for &cell in cells {
                if shape.in_math_cage(cell) {
                    continue 'pair;
                }
                match cell_item.get(cell).copied().filter(|&i| i != u32::MAX) {
                    Some(item) => items[side].push(ItemId::new(item as usize)),
                    None => match values.get(cell).copied().filter(|&v| v != 0) {
                        Some(v) => held[side].push(i32::from(v)),
                        None => continue 'pair,
                    },
                }
            }
        }
        let group = |side: usize| ValueGroup {
            items: &items[side],
            held: &held[side],
        };
        m.add_same_values(group(0), group(1))?;
    }
    Ok(())
}

/// Two givens of one unit or killer cage with the same value, or a value out of range.
fn check_givens(shape: &Shape, values: &[u8]) -> Result<(), BoardError> {
    let n = shape.symbols();
    let houses = (0..shape.unit_count())
        .map(|u| shape.unit(u))
        .chain(shape.cages().iter().map(|c| c.cells.as_slice()));
    let mut at = vec![usize::MAX; n + 1];
    for (u, cells) in houses.enumerate() {
        at.fill(usize::MAX);
        for &cell in cells {
            let v = usize::from(values.get(cell).copied().unwrap_or(0));
            if v == 0 || v > n {
                continue;
            }
            if at[v] != usize::MAX {
                return Err(GivenClash {
                    unit: u,
                    first: at[v],
                    second: cell,
                    value: v as u8,
                }
                .into());
            }
            at[v] = cell;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::board::geometry::Geometry;
    use crate::sudoku::cover::jigsaw;

    /// A 36×36 killer whose matrix is large: two cages of seven cells in rows 1 and 2 with
    /// 130,053 digit sets each.
    fn large_killer() -> Shape {
        let units = Units::classic(Geometry::new(6, 6).unwrap());
        let cages: Vec<Cage> = (0..2)
            .map(|r| Cage {
                cells: (r * 36..r * 36 + 7).collect(),
                sum: 130,
            })
            .collect();
        Shape::of_units(&units, &cages).unwrap()
    }

    /// A 36×36 killer with cages of too many digit sets to list (see `listed_cages`): twelve
    /// cells of row 1 adding up to 222 (16,509,188 sets) and twelve of column 36 below it
    /// adding up to 200; and one whose sets are listed, ten cells of row 3 adding up to 300.
    fn unlisted_killer() -> Shape {
        let units = Units::classic(Geometry::new(6, 6).unwrap());
        let cages = vec![
            Cage {
                cells: (0..12).collect(),
                sum: 222,
            },
            Cage {
                cells: (1..13).map(|r| r * 36 + 35).collect(),
                sum: 200,
            },
            Cage {
                cells: (72..82).collect(),
                sum: 300,
            },
        ];
        Shape::of_units(&units, &cages).unwrap()
    }

    /// Whether `values` fill every cell of `shape` with its units and cages kept.
    fn keeps_everything(shape: &Shape, values: &[u8]) -> bool {
        let sums = shape.cages().iter().all(|cage| {
            cage.cells
                .iter()
                .map(|&c| u32::from(values[c]))
                .sum::<u32>()
                == cage.sum
        });
        sums && check_givens(shape, values).is_ok() && values.iter().all(|&v| v != 0)
    }

    #[test]
    fn a_cage_of_too_many_sets_to_list_is_kept_by_its_sum() {
        let shape = unlisted_killer();
        assert_eq!(
            crate::sudoku::board::cage::listed_cages(36, shape.cages()),
            [false, false, true]
        );
        let found = search_shape(&shape, &[0; 1296], 2, &Budget::default()).unwrap();
        assert!(!found.gave_up && found.solutions == 2, "{found:?}");
        for grid in [found.first.unwrap(), found.second.unwrap()] {
            assert!(keeps_everything(&shape, &grid));
        }
    }

    #[test]
    fn a_cage_of_too_many_sets_to_list_that_cannot_be_made_has_no_solution() {
        let shape = unlisted_killer();
        // Eleven cells of the first cage given 1 to 11 leave 156 for the twelfth.
        let mut values = vec![0u8; 1296];
        for (c, v) in values.iter_mut().take(11).zip(1..) {
            *c = v;
        }
        let found = search_shape(&shape, &values, 2, &Budget::default()).unwrap();
        assert!(!found.gave_up && found.solutions == 0, "{found:?}");
        // All twelve given: 1 to 12 break the sum; a board whose cage they make solves.
        values[11] = 12;
        let found = search_shape(&shape, &values, 2, &Budget::default()).unwrap();
        assert!(!found.gave_up && found.solutions == 0, "{found:?}");
        let units = Units::classic(Geometry::new(6, 6).unwrap());
        let made = Shape::of_units(
            &units,
            &[Cage {
                cells: (0..12).collect(),
                sum: 78,
            }],
        )
        .unwrap();
        let found = search_shape(&made, &values, 1, &Budget::default()).unwrap();
        assert!(found.solutions == 1 && keeps_everything(&made, &found.first.unwrap()));
    }

    #[test]
    fn only_a_search_that_keeps_sums_takes_a_cage_of_too_many_sets() {
        let shape = unlisted_killer();
        let shown = super::super::model::CoverMatrix::of_shape(&shape, &[0; 1296], false);
        assert!(matches!(shown, Err(CoverError::Sets(_))), "{shown:?}");
        for budget in [
            Budget {
                plain: true,
                ..Budget::default()
            },
            Budget {
                pairs_only: true,
                ..Budget::default()
            },
        ] {
            let found = search_shape(&shape, &[0; 1296], 1, &budget);
            assert!(
                matches!(found, Err(BoardError::Cover(CoverError::Sets(_)))),
                "{found:?}"
            );
        }
    }

    /// A jigsaw layout of sigh's `VALID_JIGSAW_LAYOUTS` (its 36th; MIT licence) on which the
    /// search's own order ran into millions of nodes before a first filling, while it blamed
    /// its dead ends on the items found empty, and which restarts from other orders filled.
    const HEAVY_TAILED: &str = "AAAAAAAAB CACDDDDDB CCCDEDBDB CCFEEDBBB CCFEEEBGG \
                                FFFHEEBGG FHFHEHGGG FHHHHHGIG FIIIIIIII";

    #[test]
    fn a_layout_that_was_heavy_tailed_is_filled_within_the_first_run() {
        let shape = jigsaw(HEAVY_TAILED);
        let budget = Budget {
            node_limit: Some(RELABELLED_RUN_NODES),
            ..Budget::default()
        };
        // The empty board, its first row given (see `search_relabelled`): a filling within
        // the nodes of a first run, and a second one from it with two digits exchanged.
        let found = search_shape(&shape, &[0; 81], 2, &budget).unwrap();
        assert!(!found.gave_up && found.solutions == 2, "{found:?}");
        let (first, second) = (found.first.unwrap(), found.second.unwrap());
        assert_ne!(first, second);
        for grid in [&first, &second] {
            check_givens(&shape, grid).unwrap();
            assert!(grid.iter().all(|&v| (1..=9).contains(&v)));
        }
        assert_eq!(first[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    /// Two layouts of sigh's `INVALID_JIGSAW_LAYOUTS` (its 529th and 938th; MIT licence) that
    /// have no filling, which a search blaming its dead ends on the items found empty did not
    /// prove within millions of nodes.
    const NO_FILLING: [&str; 2] = [
        "AAAAAAAAB ACCCCDDDB CCCCDDDDB CEEEFDFDB EEFFFFFBB \
         EGFGFBBBH EGGGGHHHH EGGGHHHHI EIIIIIIII",
        "AAAAAAAAB CCCCCDABB CCCCDDBBB EEEEDBBFF EEEGDBFFF \
         EEGGDFFFF GGGDDHHHH GGIDHHHHH GIIIIIIII",
    ];

    #[test]
    fn a_layout_with_no_filling_is_proved_so_by_blaming_the_choices() {
        // Within a million nodes: 769 and 914 are needed, with a row given (see
        // `search_relabelled`), where the empty board took 73,047 and 778.
        let budget = Budget {
            node_limit: Some(1_000_000),
            ..Budget::default()
        };
        for layout in NO_FILLING {
            let found = search_shape(&jigsaw(layout), &[0; 81], 2, &budget).unwrap();
            assert!(!found.gave_up && found.solutions == 0, "{found:?}");
        }
    }

    /// sigh's 4,360th unsolvable layout, whose proof rests on groups of cells that may repeat a
    /// digit: the search with none of them decided nothing within a minute.
    const NEEDS_SAME_VALUES: &str = "AAAAAAABC ADDDBBBBC AEDDDBBBC EEEDDDBFC EFFFFFFFC \
         EFGHHHCCC EGGGHHHCI EGGGGHHHI EGIIIIIII";

    #[test]
    fn a_layout_with_no_filling_is_proved_so_by_groups_that_may_repeat_a_digit() {
        let shape = jigsaw(NEEDS_SAME_VALUES);
        let found = same_values(&shape);
        assert_eq!(found.iter().filter(|p| !p.distinct).count(), 10);
        let budget = Budget {
            node_limit: Some(2_000_000),
            ..Budget::default()
        };
        let found = search_shape(&shape, &[0; 81], 2, &budget).unwrap();
        assert!(!found.gave_up && found.solutions == 0, "{found:?}");
    }

    #[test]
    fn restarted_runs_count_as_one_search() {
        // Runs cut at a few nodes and restarted in new orders find what one uncut run finds,
        // on the same jigsaw with random givens that leave out 8 and 9 (so that it restarts):
        // no filling or two different ones, never one filling counted twice.
        let shape = jigsaw(HEAVY_TAILED);
        let full = search_shape(&shape, &[0; 81], 1, &Budget::default())
            .unwrap()
            .first
            .unwrap();
        let mut state = 38u64;
        let mut next = |k: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % k
        };
        let mut seen = [0; 3];
        for round in 0..60 {
            let mut cells = vec![0u8; 81];
            for _ in 0..20 + next(40) {
                let c = next(81) as usize;
                cells[c] = full[c];
            }
            if round % 4 == 3 {
                let c = next(81) as usize;
                cells[c] = full[c] % 7 + 1;
            }
            cells.iter_mut().filter(|v| **v > 7).for_each(|v| *v = 0);
            assert!(never_unique(&shape, &cells));
            let Ok(plain) = search_restarting(&shape, &cells, 2, &Budget::default(), u64::MAX)
            else {
                continue;
            };
            for first_run in [1, 10, 100] {
                let restarted =
                    search_restarting(&shape, &cells, 2, &Budget::default(), first_run).unwrap();
                assert_eq!(restarted.solutions, plain.solutions, "round {round}");
                assert!(!restarted.gave_up);
                if let (Some(a), Some(b)) = (&restarted.first, &restarted.second) {
                    assert_ne!(a, b, "round {round}");
                    for grid in [a, b] {
                        check_givens(&shape, grid).unwrap();
                        assert!(cells.iter().zip(grid).all(|(&c, &g)| c == 0 || c == g));
                    }
                }
            }
            seen[plain.solutions as usize] += 1;
        }
        assert!(seen[0] > 0 && seen[1] == 0 && seen[2] > 0, "{seen:?}");
    }

    #[test]
    fn a_board_with_all_but_one_symbol_given_may_be_unique() {
        let mut cells = [0u8; 81];
        for (k, v) in (1..=8).enumerate() {
            cells[k * 10] = v;
        }
        let shape = jigsaw(HEAVY_TAILED);
        assert!(!never_unique(&shape, &cells));
        cells[70] = 0;
        assert!(never_unique(&shape, &cells));
    }

    #[test]
    fn a_cancelled_search_stops_while_the_matrix_is_built() {
        let shape = large_killer();
        let flag = AtomicBool::new(true);
        let budget = Budget {
            cancel: Some(&flag),
            ..Budget::default()
        };
        let started = Instant::now();
        let found = search_shape(&shape, &[0; 1296], 1, &budget).unwrap();
        assert!(found.gave_up && found.solutions == 0);
        assert_eq!(found.stats.nodes, 0, "stopped before the search");
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_time_limit_counts_the_building_of_the_matrix() {
        let shape = large_killer();
        let budget = Budget {
            time_limit: Some(Duration::from_millis(1)),
            ..Budget::default()
        };
        let found = search_shape(&shape, &[0; 1296], 1, &budget).unwrap();
        assert!(found.gave_up && found.solutions == 0);
    }
}
