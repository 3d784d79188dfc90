//! Any board of [`Units`] as exact cover, solved with the [`dlx`](crate::dlx) engine: the
//! variants' solver (X, hyper, jigsaw, and units given outright as in Knuth's
//! `sudoku-general-dlx`).
//!
//! The mapping is the classic one of [`DlxSolver`](super::DlxSolver) (`cover.rs`) with the units
//! made a list: an item for each empty cell; an item for each unit and each symbol the unit still
//! lacks, primary for a unit of `side` cells (the symbol goes there exactly once) and secondary for
//! a smaller one (at most once); and an option for each empty cell and each symbol none of its
//! units holds yet, covering the cell's item and the symbol's item in each of the cell's units. As
//! there, the givens are applied while building: their items and the options that clash with
//! them are left out. An exact cover is then a filling of the empty cells in which no unit
//! repeats a symbol and every full unit holds them all. The classic solver stays the one for
//! plain boards: its options all have four items, which it lays out in blocks of four.

use std::time::{Duration, Instant};

use crate::dlx::{Matrix, OptionId, Stats};

use super::units::Units;

/// What a search of a board found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralReport {
    /// Solutions found, up to the limit asked for.
    pub solutions: u64,
    /// The first solution, every cell's value from 1.
    pub first: Option<Vec<u8>>,
    /// The time limit stopped the search; `solutions` is a lower bound.
    pub gave_up: bool,
    /// The search's statistics.
    pub stats: Stats,
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
) -> Result<GeneralReport, GivenClash> {
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
                });
            }
            held[u][usize::from(v)] = Some(cell);
        }
    }
    // Items: empty cells and full units' missing symbols (primary), then partial units'
    // missing symbols (secondary).
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
            primary = next;
        }
    }
    let Ok(mut m) = Matrix::new(primary, next - primary) else {
        return Ok(GeneralReport {
            solutions: 0,
            first: None,
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
        for v in 1..=side {
            if of_cell[cell].iter().any(|&u| held[u][v].is_some()) {
                continue;
            }
            items.clear();
            items.push(item);
            items.extend(of_cell[cell].iter().map(|&u| item_of_unit[u][v]));
            if m.add_option(items.iter().copied()).is_ok() {
                placements.push((cell, v as u8));
            }
        }
    }
    let mut search = m.search().with_pruning(true);
    if let Some(limit) = time_limit {
        search = search.with_deadline(Instant::now() + limit);
    }
    let mut first = None;
    let mut solutions = 0;
    if limit > 0 && search.next_solution().is_some() {
        solutions = 1;
        first = Some(filled(cells, &placements, search.solution()));
        solutions += search.count(limit - 1);
    }
    Ok(GeneralReport {
        solutions,
        first,
        gave_up: search.is_cancelled(),
        stats: search.stats(),
    })
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
