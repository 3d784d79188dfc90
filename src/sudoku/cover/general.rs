//! Any board of [`Units`] as exact cover, solved with the [`dlx`](crate::dlx) engine: the
//! variants' solver (X, hyper, jigsaw, and units given outright as in Knuth's
//! `sudoku-general-dlx`).
//!
//! The mapping is the classic one of [`DlxSolver`](crate::sudoku::DlxSolver) (`cover.rs`) with the units
//! made a list: an item for each empty cell; an item for each unit and each symbol the unit still
//! lacks, primary for a unit of `side` cells (the symbol goes there exactly once) and secondary for
//! a smaller one (at most once); and an option for each empty cell and each symbol none of its
//! units holds yet, covering the cell's item and the symbol's item in each of the cell's units. As
//! there, the givens are applied while building: their items and the options that clash with
//! them are left out. An exact cover is then a filling of the empty cells in which no unit
//! repeats a symbol and every full unit holds them all. The classic solver stays the one for
//! plain boards: its options all have four items, which it lays out in blocks of four.
//!
//! # Killer cages
//!
//! A cage (cells whose values differ and add up to its sum) is no unit: which symbols it holds
//! depends on the sum. It becomes exact cover without colours this way. Each cage `k` has a
//! primary item `K`, and a secondary item `(k, d)` for each digit `d` (a symbol's place in the
//! alphabet, 1 to the side). Each cell option "`d` in cell `c`" of a cell in cage `k` also covers
//! `(k, d)`. For each *admissible set* `S` of the cage (as many distinct digits as the cage has
//! cells, adding up to its sum, holding its givens' digits) one more option covers `K` and every
//! `(k, d)` with `d` not in `S` (and not given). Sound and complete:
//!
//! * In an exact cover, `K` is covered by exactly one set option, for some `S`. It covers `(k, d)`
//!   for every `d` outside `S`, so no cell option of the cage may use such a `d` (a secondary item
//!   is covered at most once): the cage's cells take digits of `S`. Each `(k, d)` is covered at
//!   most once, so they take distinct digits; there are `|S|` cells (givens included, whose digits
//!   are in `S`), so they take exactly the digits of `S`, whose sum is the cage's.
//! * Conversely, in a filling that respects the cage, its cells' digits form an admissible set
//!   `S`; choosing that set's option with the cell options covers `K` once and each `(k, d)` at
//!   most once (by the set option if `d ∉ S`, by the one cell holding `d` if `d ∈ S`).
//!
//! A cage of `k` cells on a board of side `n` has at most `C(n, k)` sets (126 for nine cells of
//! 9×9), far fewer for a sum near either end.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::dlx::{Matrix, OptionId, Stats};

use crate::sudoku::board::units::Units;

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

/// A killer cage: cells whose values differ and add up to `sum`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// Its cells.
    pub cells: Vec<usize>,
    /// What they add up to.
    pub sum: u32,
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
}

/// [`solve_with_cages`] within a [`Budget`]; `gave_up` says whether it ran out.
pub fn search(
    units: &Units,
    cells: &[u8],
    cages: &[Cage],
    limit: u64,
    budget: &Budget<'_>,
) -> Result<GeneralReport, BoardError> {
    let side = units.side();
    let of_cell = units_of_cells(units);
    // Which symbols each unit holds already, and where.
    let mut held: Vec<Vec<Option<usize>>> = vec![vec![None; side + 1]; units.all().len()];
    for (cell, &v) in cells.iter().enumerate() {
        if v == 0 || usize::from(v) > side {
            continue;
        }
        for &u in &of_cell[cell] {
            if let Some(first) = held[u][usize::from(v)] {
                return Err(GivenClash {
                    unit: u,
                    first,
                    second: cell,
                    value: v,
                }
                .into());
            }
            held[u][usize::from(v)] = Some(cell);
        }
    }
    // Each cell's cage, and the digits each cage's givens hold.
    let mut cage_of = vec![usize::MAX; cells.len()];
    let mut in_cage: Vec<Vec<Option<usize>>> = vec![vec![None; side + 1]; cages.len()];
    for (k, cage) in cages.iter().enumerate() {
        let unit = units.all().len() + k;
        for &cell in &cage.cells {
            let Some(slot) = cage_of.get_mut(cell) else {
                continue;
            };
            if *slot != usize::MAX {
                return Err(BoardError::TwoCages { cell });
            }
            *slot = k;
            let v = usize::from(cells[cell]);
            if v > 0 && v <= side {
                if let Some(first) = in_cage[k][v] {
                    return Err(GivenClash {
                        unit,
                        first,
                        second: cell,
                        value: v as u8,
                    }
                    .into());
                }
                in_cage[k][v] = Some(cell);
            }
        }
    }
    // Items: empty cells, full units' missing symbols and cages (primary), then partial units'
    // missing symbols and cages' digits (secondary).
    let mut next = 0;
    let mut item_of_cell = vec![usize::MAX; cells.len()];
    for (slot, &v) in item_of_cell.iter_mut().zip(cells) {
        if v == 0 {
            *slot = next;
            next += 1;
        }
    }
    let mut item_of_unit = vec![vec![usize::MAX; side + 1]; units.all().len()];
    let mut primary = 0;
    let mut cage_items = 0..0;
    for full in [true, false] {
        for (u, slots) in item_of_unit.iter_mut().enumerate() {
            if units.is_full(u) == full {
                for v in 1..=side {
                    if held[u][v].is_none() {
                        slots[v] = next;
                        next += 1;
                    }
                }
            }
        }
        if full {
            let first_cage = next;
            next += cages.len();
            primary = next;
            cage_items = first_cage..next;
        }
    }
    let mut item_of_cage_digit = vec![vec![usize::MAX; side + 1]; cages.len()];
    for (k, slots) in item_of_cage_digit.iter_mut().enumerate() {
        for v in 1..=side {
            if in_cage[k][v].is_none() {
                slots[v] = next;
                next += 1;
            }
        }
    }
    let Ok(mut m) = Matrix::new(primary, next - primary) else {
        return Ok(GeneralReport {
            solutions: 0,
            first: None,
            second: None,
            gave_up: false,
            stats: Stats::default(),
        });
    };
    let mut placements: Vec<(usize, u8)> = Vec::new();
    let mut items = Vec::new();
    for (cell, &item) in item_of_cell.iter().enumerate() {
        if item == usize::MAX {
            continue;
        }
        let cage = cage_of[cell];
        for v in 1..=side {
            if of_cell[cell].iter().any(|&u| held[u][v].is_some())
                || (cage != usize::MAX && in_cage[cage][v].is_some())
            {
                continue;
            }
            items.clear();
            items.push(item);
            items.extend(of_cell[cell].iter().map(|&u| item_of_unit[u][v]));
            if cage != usize::MAX {
                items.push(item_of_cage_digit[cage][v]);
            }
            if m.add_option(items.iter().copied()).is_ok() {
                placements.push((cell, v as u8));
            }
        }
    }
    // Each cage's digit sets: the cage's item, and the digits the set leaves out, so that the
    // cage's cells must take exactly the set's digits.
    for ((k, cage), item) in cages.iter().enumerate().zip(cage_items) {
        let given: Vec<usize> = (1..=side).filter(|&v| in_cage[k][v].is_some()).collect();
        for set in digit_sets(side, cage.cells.len(), cage.sum, &given) {
            items.clear();
            items.push(item);
            items.extend(
                (1..=side)
                    .filter(|v| !set.contains(v) && in_cage[k][*v].is_none())
                    .map(|v| item_of_cage_digit[k][v]),
            );
            // Not a placement: decoding skips options past the placements.
            let _ = m.add_option(items.iter().copied());
        }
    }
    let mut search = m.search().with_pruning(!budget.plain);
    if let Some(limit) = budget.time_limit {
        search = search.with_deadline(Instant::now() + limit);
    }
    if let Some(nodes) = budget.node_limit {
        search = search.with_node_limit(nodes);
    }
    if let Some(flag) = budget.cancel {
        search = search.with_cancel(flag);
    }
    let (mut first, mut second) = (None, None);
    let mut solutions = 0;
    if limit > 0 && search.next_solution().is_some() {
        solutions = 1;
        first = Some(filled(cells, &placements, search.solution()));
        if limit > 1 && search.next_solution().is_some() {
            solutions = 2;
            second = Some(filled(cells, &placements, search.solution()));
            solutions += search.count(limit - 2);
        }
    }
    Ok(GeneralReport {
        solutions,
        first,
        second,
        gave_up: search.is_cancelled(),
        stats: search.stats(),
    })
}

/// The sets of `size` distinct digits from 1 to `side` that add up to `sum` and hold every digit
/// of `given`, in increasing order.
pub(crate) fn digit_sets(side: usize, size: usize, sum: u32, given: &[usize]) -> Vec<Vec<usize>> {
    fn go(
        from: usize,
        side: usize,
        left: usize,
        sum: u64,
        set: &mut Vec<usize>,
        given: &[usize],
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            if sum == 0 && given.iter().all(|g| set.contains(g)) {
                out.push(set.clone());
            }
            return;
        }
        for d in from..=side {
            // The smallest and largest sums the rest could still make.
            let low: u64 = (d..d + left).map(|x| x as u64).sum();
            let high: u64 = (side + 1 - left..=side).map(|x| x.max(d) as u64).sum();
            if low > sum {
                break;
            }
            if high < sum {
                continue;
            }
            set.push(d);
            go(d + 1, side, left - 1, sum - d as u64, set, given, out);
            set.pop();
        }
    }
    let mut out = Vec::new();
    if size > 0 && size <= side {
        go(
            1,
            side,
            size,
            u64::from(sum),
            &mut Vec::new(),
            given,
            &mut out,
        );
    }
    out
}

/// For each cell, the units it is in.
fn units_of_cells(units: &Units) -> Vec<Vec<usize>> {
    let mut of_cell = vec![Vec::new(); units.side() * units.side()];
    for (u, cells) in units.all().iter().enumerate() {
        for &c in cells {
            of_cell[c].push(u);
        }
    }
    of_cell
}

/// `cells` with the placements of `solution` filled in.
fn filled(cells: &[u8], placements: &[(usize, u8)], solution: &[OptionId]) -> Vec<u8> {
    let mut out = cells.to_vec();
    for o in solution {
        if let Some(&(cell, v)) = placements.get(o.index()) {
            out[cell] = v;
        }
    }
    out
}
