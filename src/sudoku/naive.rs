//! A plain backtracking solver, for comparison with dancing links.
//!
//! It fills the first empty cell in reading order with each symbol its row, column and box still
//! allow (kept as bit sets), recursing to the next empty cell, and backs up when a cell has no
//! symbol left. No heuristic, no propagation: the method most people write first. Its statistic is
//! the number of recursive calls, the counterpart of the DLX search's nodes.
//!
//! A variant's board is searched by its own rules: a jigsaw's regions stand for the boxes, the
//! diagonals and windows are more bit sets, and a killer cage is one too (no digit twice), with
//! a symbol allowed only while the cage's other empty cells can still make up its sum. A board
//! on any other shape (a Samurai, a cube) keeps every unit as such a bit set, and allows a
//! symbol in a Mathdoku cage only while the cage can still make its target.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Report, SolveError, Solver, Work};
use crate::sudoku::board::cage::{MathCage, can_still_make};
use crate::sudoku::board::geometry::Unit;
use crate::sudoku::board::grid::Grid;

/// How many calls pass between two looks at the cancel flag and the clock.
const CANCEL_CHECK_INTERVAL: u64 = 4096;

/// The plain backtracking solver. Keep one and reuse it.
#[derive(Debug, Clone, Default)]
pub struct Backtracker {
    rows: Vec<u64>,
    cols: Vec<u64>,
    /// The boxes, or a jigsaw's regions.
    boxes: Vec<u64>,
    /// A variant's other units (diagonals, windows) and cages: the symbols each holds.
    extra: Vec<u64>,
    /// Each cell's other units and cage (indices into `extra`).
    extra_of: Vec<Vec<usize>>,
    /// For each cage: its `extra` index, its sum, its cells and the sum placed so far.
    cages: Vec<(usize, u32, usize, u32)>,
    /// Each cell's cage (an index into `cages`), `usize::MAX` for none.
    cage_of: Vec<usize>,
    /// A shape's Mathdoku cages, and each cell's (`usize::MAX` for none).
    math: Vec<MathCage>,
    math_of: Vec<usize>,
    /// The board is a shape's: every unit is in `extra`; rows, columns and boxes are unused.
    generic: bool,
    /// The number of symbols.
    symbols: usize,
    /// The empty cells, with their row, column and box.
    empties: Vec<(usize, usize, usize, usize)>,
    cells: Vec<u8>,
    calls: u64,
    max_depth: usize,
    found: u64,
    first: Option<Vec<u8>>,
    cancelled: bool,
    /// How long one search may take, and when the current one must stop.
    time_limit: Option<Duration>,
    deadline: Option<Instant>,
}

impl Backtracker {
    /// A solver with nothing allocated yet.
    pub fn new() -> Self {
        Backtracker::default()
    }

    fn run(
        &mut self,
        grid: &Grid,
        limit: u64,
        keep_first: bool,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, SolveError> {
        let clashes = grid.clashes();
        if !clashes.is_empty() {
            return Err(SolveError::Clashes(clashes));
        }
        let g = grid.geometry();
        let s = g.side();
        self.generic = grid.shape().is_some();
        self.symbols = s;
        let lines = if self.generic { 1 } else { s };
        self.rows = vec![0; lines];
        self.cols = vec![0; lines];
        self.boxes = vec![0; lines];
        self.prepare_variant(grid);
        self.empties.clear();
        self.cells = grid.values().to_vec();
        for (cell, &v) in grid.values().iter().enumerate() {
            if !grid.is_cell(cell) {
                continue;
            }
            let (r, c, b) = if self.generic {
                (0, 0, 0)
            } else {
                let (r, c) = (g.row_of(cell), g.col_of(cell));
                let b = grid
                    .variant()
                    .and_then(|v| v.region_of(cell))
                    .unwrap_or_else(|| g.box_at(r, c));
                (r, c, b)
            };
            if v == 0 {
                self.empties.push((cell, r, c, b));
            } else {
                let bit = 1u64 << (v - 1);
                if !self.generic {
                    self.rows[r] |= bit;
                    self.cols[c] |= bit;
                    self.boxes[b] |= bit;
                }
                for &u in &self.extra_of[cell] {
                    self.extra[u] |= bit;
                }
                if let Some(k) = self.cage_of.get(cell).filter(|&&k| k != usize::MAX) {
                    self.cages[*k].3 += u32::from(v);
                }
            }
        }
        self.calls = 0;
        self.max_depth = 0;
        self.found = 0;
        self.first = None;
        self.cancelled = false;
        self.deadline = self.time_limit.map(|t| Instant::now() + t);
        if limit > 0 {
            self.fill(0, s, limit, keep_first, cancel);
        }
        let first = self
            .first
            .take()
            .and_then(|values| grid.with_values(values));
        Ok(Report {
            solutions: self.found,
            first,
            cancelled: self.cancelled,
            work: Work::Backtrack {
                calls: self.calls,
                max_depth: self.max_depth,
            },
        })
    }

    /// Fills empty cell `k` and the ones after it. Returns true to stop the whole search.
    fn fill(
        &mut self,
        k: usize,
        side: usize,
        limit: u64,
        keep_first: bool,
        cancel: Option<&AtomicBool>,
    ) -> bool {
        self.calls += 1;
        self.max_depth = self.max_depth.max(k);
        if self.calls.is_multiple_of(CANCEL_CHECK_INTERVAL)
            && (cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.cancelled = true;
            return true;
        }
        let Some(&(cell, r, c, b)) = self.empties.get(k) else {
            self.found += 1;
            if keep_first && self.first.is_none() {
                self.first = Some(self.cells.clone());
            }
            return self.found >= limit;
        };
        let all = if side == 64 {
            u64::MAX
        } else {
            (1u64 << side) - 1
        };
        let mut free = all & !(self.rows[r] | self.cols[c] | self.boxes[b]);
        for &u in &self.extra_of[cell] {
            free &= !self.extra[u];
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            let value = bit.trailing_zeros() as u8 + 1;
            if !self.cage_allows(cell, value) || !self.math_allows(cell, value) {
                continue;
            }
            if !self.generic {
                self.rows[r] |= bit;
                self.cols[c] |= bit;
                self.boxes[b] |= bit;
            }
            self.place_extra(cell, value, true);
            self.cells[cell] = value;
            let stop = self.fill(k + 1, side, limit, keep_first, cancel);
            if !self.generic {
                self.rows[r] &= !bit;
                self.cols[c] &= !bit;
                self.boxes[b] &= !bit;
            }
            self.place_extra(cell, value, false);
            self.cells[cell] = 0;
            if stop {
                return true;
            }
        }
        false
    }

    /// Sets up a variant's other units and cages (none on a classic board).
    fn prepare_variant(&mut self, grid: &Grid) {
        let n = grid.positions();
        self.extra.clear();
        self.extra_of = vec![Vec::new(); n];
        self.cages.clear();
        self.cage_of = vec![usize::MAX; n];
        self.math.clear();
        self.math_of = vec![usize::MAX; n];
        if let Some(shape) = grid.shape() {
            for (_, cells) in shape.units() {
                for &c in cells {
                    self.extra_of[c].push(self.extra.len());
                }
                self.extra.push(0);
            }
            self.add_cages(shape.cages());
            for (k, cage) in shape.math_cages().iter().enumerate() {
                for &c in &cage.cells {
                    self.math_of[c] = k;
                }
                self.math.push(cage.clone());
            }
            return;
        }
        let Some(v) = grid.variant() else {
            return;
        };
        for (unit, cells) in v.units().iter() {
            if matches!(unit, Unit::Diagonal(_) | Unit::Window(_)) {
                for &c in cells {
                    self.extra_of[c].push(self.extra.len());
                }
                self.extra.push(0);
            }
        }
        self.add_cages(v.cages());
    }

    /// Sets up killer cages: each a unit of its own, with its sum.
    fn add_cages(&mut self, cages: &[crate::sudoku::board::cage::Cage]) {
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                self.extra_of[c].push(self.extra.len());
                self.cage_of[c] = k;
            }
            self.cages
                .push((self.extra.len(), cage.sum, cage.cells.len(), 0));
            self.extra.push(0);
        }
    }

    /// Whether `value` in `cell` leaves its Mathdoku cage able to make its target.
    fn math_allows(&self, cell: usize, value: u8) -> bool {
        let Some(cage) = self.math_of.get(cell).and_then(|&k| self.math.get(k)) else {
            return true;
        };
        let digits: Vec<u8> = cage
            .cells
            .iter()
            .map(|&c| if c == cell { value } else { self.cells[c] })
            .collect();
        cage.can_still_make(&digits, self.symbols)
    }

    /// Whether `value` in `cell` leaves its cage able to make its sum: the cage's other empty
    /// cells can still take distinct unused digits adding up to what is left.
    fn cage_allows(&self, cell: usize, value: u8) -> bool {
        let Some(&(unit, sum, size, placed)) =
            self.cage_of.get(cell).and_then(|&k| self.cages.get(k))
        else {
            return true;
        };
        let used = self.extra[unit] | 1 << (value - 1);
        let open = size - used.count_ones() as usize;
        u64::from(sum)
            .checked_sub(u64::from(placed) + u64::from(value))
            .is_some_and(|left| can_still_make(self.symbols, used, open, left))
    }

    /// Marks `value` as placed in (or taken from) `cell`'s other units and cage.
    fn place_extra(&mut self, cell: usize, value: u8, on: bool) {
        let bit = 1u64 << (value - 1);
        for &u in &self.extra_of[cell] {
            if on {
                self.extra[u] |= bit;
            } else {
                self.extra[u] &= !bit;
            }
        }
        if let Some(k) = self.cage_of.get(cell).filter(|&&k| k != usize::MAX) {
            if on {
                self.cages[*k].3 += u32::from(value);
            } else {
                self.cages[*k].3 -= u32::from(value);
            }
        }
    }
}

impl Solver for Backtracker {
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
