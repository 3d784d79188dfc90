//! DLX against backtracking: one board searched by each solver in turn ([`compare`]), with the
//! size of each search tree and its time.
//!
//! Each solver counts up to two solutions, which decides whether the board has none, one or
//! several, and each has its own time limit, so that a hopeless backtracking run comes back as
//! "gave up after N calls" instead of never. A search over in under 10 ms is run a second time
//! and the better time kept: a first run pays for its allocations and cold caches, which on an
//! easy board is most of its time.

use std::time::{Duration, Instant};

use super::{Backtracker, DlxSolver, Grid, Solver, Work};

/// The solvers compared, in the order they run.
pub const SOLVERS: [&str; 3] = ["dlx", "dlx-plain", "naive"];

/// Searches quicker than this are timed twice, the better time kept.
const AGAIN_BELOW: Duration = Duration::from_millis(10);

/// One solver's run on one board.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// `dlx` (with pruning), `dlx-plain` (Algorithm X alone) or `naive` (backtracking).
    pub solver: &'static str,
    /// The search's size: options tried (DLX) or recursive calls (backtracking).
    pub nodes: u64,
    /// What `nodes` counts: `nodes` or `calls`.
    pub unit: &'static str,
    /// How long it ran.
    pub time: Duration,
    /// Solutions found, up to 2; `None` if the givens clash.
    pub solutions: Option<u64>,
    /// The time limit stopped it before it decided.
    pub gave_up: bool,
}

impl Run {
    /// What it found, in words: `1`, `2 or more`, `none`, `none (the givens clash)`, or `gave up after
    /// 123 calls`.
    pub fn verdict(&self) -> String {
        match self.solutions {
            _ if self.gave_up => format!("gave up after {} {}", self.nodes, self.unit),
            None => "none (the givens clash)".into(),
            Some(0) => "none".into(),
            Some(1) => "1".into(),
            Some(_) => "2 or more".into(),
        }
    }
}

/// Runs each solver of [`SOLVERS`] on `grid`, each for at most `limit`.
pub fn compare(grid: &Grid, limit: Duration) -> Vec<Run> {
    let solvers: [Box<dyn Solver>; 3] = [
        Box::new(DlxSolver::new()),
        Box::new(DlxSolver::plain()),
        Box::new(Backtracker::new()),
    ];
    SOLVERS
        .iter()
        .zip(solvers)
        .map(|(&name, mut solver)| {
            solver.set_time_limit(Some(limit));
            let start = Instant::now();
            let report = solver.count(grid, 2, None);
            let mut time = start.elapsed();
            if time < AGAIN_BELOW {
                let start = Instant::now();
                let _ = solver.count(grid, 2, None);
                time = time.min(start.elapsed());
            }
            let unit = if name == "naive" { "calls" } else { "nodes" };
            match report {
                Ok(r) => Run {
                    solver: name,
                    nodes: r.work.nodes(),
                    unit: match r.work {
                        Work::Dlx(_) => "nodes",
                        Work::Backtrack { .. } => "calls",
                    },
                    time,
                    solutions: Some(r.solutions),
                    gave_up: r.cancelled,
                },
                Err(_) => Run {
                    solver: name,
                    nodes: 0,
                    unit,
                    time,
                    solutions: None,
                    gave_up: false,
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_solver_agrees_on_an_easy_board() {
        let grid = Grid::parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            None,
        )
        .unwrap();
        let runs = compare(&grid, Duration::from_secs(10));
        assert_eq!(runs.len(), 3);
        for run in &runs {
            assert_eq!(run.solutions, Some(1), "{run:?}");
            assert!(!run.gave_up);
            assert!(run.nodes > 0);
            assert_eq!(run.verdict(), "1");
        }
        assert_eq!(runs[2].unit, "calls");
        // Pruning never grows the tree.
        assert!(runs[0].nodes <= runs[1].nodes);
    }

    /// A 25×25 board whose last cell has no symbol left: the 24 other symbols are in its row
    /// and column, and the last one in its box. DLX sees the empty cell at once; backtracking
    /// cell by cell reaches it only after filling the 599 cells before it, which it never will.
    pub(crate) fn hopeless_for_backtracking() -> Grid {
        let mut line = vec!['.'; 625];
        let symbols: Vec<char> = crate::sudoku::Alphabet::default_for(25)
            .unwrap()
            .symbols()
            .to_vec();
        for k in 0..12 {
            line[24 * 25 + k] = symbols[1 + k];
            line[k * 25 + 24] = symbols[13 + k];
        }
        line[20 * 25 + 20] = symbols[0];
        Grid::parse(&line.iter().collect::<String>(), None).unwrap()
    }

    #[test]
    fn backtracking_gives_up_where_dlx_does_not() {
        let runs = compare(&hopeless_for_backtracking(), Duration::from_millis(100));
        for dlx in &runs[..2] {
            assert_eq!((dlx.solutions, dlx.gave_up), (Some(0), false), "{dlx:?}");
        }
        let naive = &runs[2];
        assert!(naive.gave_up, "{naive:?}");
        assert!(naive.nodes > 0);
        assert!(
            naive.verdict().starts_with("gave up after "),
            "{}",
            naive.verdict()
        );
        assert!(naive.verdict().ends_with(" calls"));
    }
}
