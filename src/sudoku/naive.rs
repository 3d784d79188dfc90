//! A plain backtracking solver, for comparison with dancing links.
//!
//! It fills the first empty cell in reading order with each symbol its row, column and box still
//! allow (kept as bit sets), recursing to the next empty cell, and backs up when a cell has no
//! symbol left. No heuristic, no propagation: the method most people write first. Its statistic is
//! the number of recursive calls, the counterpart of the DLX search's nodes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::grid::Grid;
use super::{Clashes, Report, Solver, Work};

/// How many calls pass between two looks at the cancel flag and the clock.
const CANCEL_CHECK_INTERVAL: u64 = 4096;

/// The plain backtracking solver. Keep one and reuse it.
#[derive(Debug, Clone, Default)]
pub struct Backtracker {
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
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
    ) -> Result<Report, Clashes> {
        let clashes = grid.clashes();
        if !clashes.is_empty() {
            return Err(Clashes(clashes));
        }
        let g = grid.geometry();
        let s = g.side();
        self.rows = vec![0; s];
        self.cols = vec![0; s];
        self.boxes = vec![0; s];
        self.empties.clear();
        self.cells = grid.values().to_vec();
        for (cell, &v) in grid.values().iter().enumerate() {
            let (r, c) = (g.row_of(cell), g.col_of(cell));
            let b = g.box_at(r, c);
            if v == 0 {
                self.empties.push((cell, r, c, b));
            } else {
                let bit = 1u64 << (v - 1);
                self.rows[r] |= bit;
                self.cols[c] |= bit;
                self.boxes[b] |= bit;
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
            .and_then(|values| Grid::from_values(grid.notation().clone(), values));
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
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxes[b] |= bit;
            self.cells[cell] = bit.trailing_zeros() as u8 + 1;
            let stop = self.fill(k + 1, side, limit, keep_first, cancel);
            self.rows[r] &= !bit;
            self.cols[c] &= !bit;
            self.boxes[b] &= !bit;
            self.cells[cell] = 0;
            if stop {
                return true;
            }
        }
        false
    }
}

impl Solver for Backtracker {
    fn solve(
        &mut self,
        grid: &Grid,
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, Clashes> {
        self.run(grid, limit, true, cancel)
    }

    fn count(
        &mut self,
        grid: &Grid,
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, Clashes> {
        self.run(grid, limit, false, cancel)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.time_limit = limit;
    }
}
