//! Boards and their solving. A board is cells and units ([`board`]: the model, every shape
//! people play built on it); it becomes exact cover in one place ([`cover`]), which every solver
//! searches; [`files`] reads and writes it, [`logic`] solves it as a person would, [`generate`]
//! makes new ones. Two solvers share one API: dancing links ([`DlxSolver`]) and plain
//! backtracking ([`Backtracker`]).
//!
//! ```
//! use sudoku_dlx::sudoku::{DlxSolver, Grid, Solver};
//!
//! let puzzle = Grid::parse(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     None,
//! )?;
//! let report = DlxSolver::new().solve(&puzzle, 2, None).expect("no clashing givens");
//! assert_eq!(report.solutions, 1);
//! let solution = report.first.unwrap();
//! assert!(solution.verify_solution_of(&puzzle).is_ok());
//! assert!(solution.to_line().starts_with("483921657"));
//! # Ok::<(), sudoku_dlx::sudoku::ParseError>(())
//! ```

pub mod board;
pub mod compare;
pub mod cover;
pub mod files;
pub mod generate;
pub mod logic;
mod naive;
#[cfg(test)]
pub(crate) mod testing;

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use thiserror::Error;

pub use board::alphabet::{Alphabet, AlphabetError, EMPTY};
pub use board::geometry::{Geometry, GeometryError, MAX_SIDE, MIN_SIDE, Unit, cell_name};
pub use board::grid::{Clash, Grid, Notation, ParseError, ParseErrorKind, SolutionError};
pub use board::kind::BoardKind;
pub use board::variant::{Rules, Variant, VariantError};
pub use cover::classic::DlxSolver;
pub use files::formats::{Entry, FileError, Format};
pub use generate::{GenerateError, Generated, Symmetry};
pub use logic::{Grade, Rater, Rating, Technique};
pub use naive::Backtracker;

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Solutions found, at most the limit asked for (so with limit 2: none, one, more than one).
    pub solutions: u64,
    /// The first solution found, when asked for with [`Solver::solve`].
    pub first: Option<Grid>,
    /// True if the cancel flag or the time limit stopped the search; `solutions` is then a lower
    /// bound.
    pub cancelled: bool,
    /// The solver's own statistics.
    pub work: Work,
}

/// A solver's statistics for one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Dancing links: options tried, links updated, deepest level.
    Dlx(crate::dlx::Stats),
    /// Plain backtracking: recursive calls and deepest level.
    Backtrack {
        /// Recursive calls made.
        calls: u64,
        /// Empty cells filled at the deepest point.
        max_depth: usize,
    },
}

impl Work {
    /// The size of the search tree: DLX nodes, or backtracking calls.
    pub fn nodes(&self) -> u64 {
        match *self {
            Work::Dlx(s) => s.nodes,
            Work::Backtrack { calls, .. } => calls,
        }
    }
}

impl fmt::Display for Work {
    /// `nodes=47 updates=1203 depth=64` or `calls=3110 depth=64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Work::Dlx(s) => write!(
                f,
                "nodes={} updates={} depth={}",
                s.nodes, s.updates, s.max_depth
            ),
            Work::Backtrack { calls, max_depth } => {
                write!(f, "calls={calls} depth={max_depth}")
            }
        }
    }
}

/// Why a solver gives no report of a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The givens clash, so the board has no solution (no search needed).
    #[error("{} clashing pair(s) of givens", .0.len())]
    Clashes(Vec<Clash>),
    /// This solver has no search of the board, for the reason given: a matrix it would need
    /// is more than it builds (a Mathdoku cage of too many fillings; a killer cage of too many
    /// digit sets, for a search that does not keep the sums), or the board is no board.
    #[error("{0}")]
    Unsearchable(String),
}

/// A sudoku solver: [`DlxSolver`] or [`Backtracker`].
pub trait Solver {
    /// Searches for up to `limit` solutions and keeps the first. Stops early when `cancel` is
    /// set. Fails at once if the givens clash, or if this solver cannot search the board.
    fn solve(
        &mut self,
        grid: &Grid,
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, SolveError>;

    /// Counts up to `limit` solutions without keeping any: the fastest way to ask "how many".
    fn count(
        &mut self,
        grid: &Grid,
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Report, SolveError>;

    /// Makes every later search give up, as if cancelled, once it has run for `limit` (`None`:
    /// no limit, the default). The solver looks at the clock every few thousand steps, so a
    /// search stops within a millisecond or so of its budget.
    fn set_time_limit(&mut self, limit: Option<Duration>);
}

impl Grid {
    /// The first solution found by dancing links, if any (the board may have others).
    pub fn solve(&self) -> Option<Grid> {
        DlxSolver::new()
            .solve(self, 1, None)
            .ok()
            .and_then(|r| r.first)
    }

    /// The solution, only if it is the only one.
    pub fn solution(&self) -> Option<Grid> {
        DlxSolver::new()
            .solve(self, 2, None)
            .ok()
            .filter(|r| r.solutions == 1)
            .and_then(|r| r.first)
    }

    /// The number of solutions, counted up to `limit`.
    pub fn count_solutions(&self, limit: u64) -> u64 {
        DlxSolver::new()
            .count(self, limit, None)
            .map_or(0, |r| r.solutions)
    }

    /// True if the board has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count_solutions(2) == 1
    }
}
