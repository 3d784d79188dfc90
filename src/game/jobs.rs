//! The game's work that runs off the UI thread: solving the board, counting the solutions of the
//! position, and finding the puzzle's own solution. Each is a job made by the game
//! (`start_…`), run anywhere (`run`), and taken back (`finish_…`); a result for a board that
//! has changed since is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use crate::sudoku::{DlxSolver, Grid, SolveError, Solver};

use super::cell::Origin;
use super::history::CellState;
use super::state::{Answer, Game, Uniqueness};
use super::status::{Status, format_duration};

/// How long the window's own searches (the solution count and the puzzle's answer, which run
/// whenever the board changes) may take before they give up and say "not decided". A solve
/// the player asks for has no such limit: it runs until it ends or Esc stops it.
pub const BACKGROUND_BUDGET: Duration = Duration::from_secs(10);

/// The work of one solve, to run on any thread: the board as the player left it.
#[derive(Debug, Clone)]
pub struct SolveJob {
    /// The givens and the player's entries (no earlier solver output).
    pub board: Grid,
    /// Which edit of the game it belongs to; a result for an older board is dropped.
    pub generation: u64,
    /// The nodes tried so far, updated while the search runs (the window shows them).
    pub nodes: Arc<AtomicU64>,
}

/// What a solve found.
#[derive(Debug, Clone)]
pub struct SolveOutcome {
    /// The job's generation.
    pub generation: u64,
    /// Solutions found, counted up to 2.
    pub solutions: u64,
    /// The first solution, if any.
    pub first: Option<Grid>,
    /// The cancel flag stopped it.
    pub cancelled: bool,
    /// Options tried by the search.
    pub nodes: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Why the solver took no search of the board (a matrix too big to build), if so.
    pub refused: Option<String>,
}

impl SolveJob {
    /// Runs the job: counts up to two solutions with dancing links and keeps the first.
    pub fn run(&self, cancel: Option<&AtomicBool>) -> SolveOutcome {
        let start = Instant::now();
        let mut solver = DlxSolver::new();
        solver.report_progress(Arc::clone(&self.nodes));
        let report = solver.solve(&self.board, 2, cancel);
        let elapsed = start.elapsed();
        match report {
            Ok(r) => SolveOutcome {
                generation: self.generation,
                solutions: r.solutions,
                first: r.first,
                cancelled: r.cancelled,
                nodes: r.work.nodes(),
                elapsed,
                refused: None,
            },
            // Clashes are caught before a job is made; if one slipped through, it has no solution.
            // A board the search cannot take (a matrix too big to build) decides nothing, and
            // says why.
            Err(e) => SolveOutcome {
                generation: self.generation,
                solutions: 0,
                first: None,
                cancelled: false,
                nodes: 0,
                elapsed,
                refused: match e {
                    SolveError::Unsearchable(why) => Some(why),
                    SolveError::Clashes(_) => None,
                },
            },
        }
    }
}

/// The work of finding the puzzle's solution, to run on any thread.
#[derive(Debug, Clone)]
pub struct AnswerJob {
    /// The givens.
    pub givens: Grid,
}

/// What the search for the puzzle's solution found.
#[derive(Debug, Clone)]
pub struct AnswerOutcome {
    /// The givens searched.
    pub givens: Grid,
    /// The answer.
    pub answer: Answer,
}

impl AnswerJob {
    /// Solves the givens with dancing links, up to two solutions, within
    /// [`BACKGROUND_BUDGET`].
    pub fn run(&self, cancel: Option<&AtomicBool>) -> AnswerOutcome {
        let mut solver = DlxSolver::new();
        solver.set_time_limit(Some(BACKGROUND_BUDGET));
        let answer = match solver.solve(&self.givens, 2, cancel) {
            Ok(r) if r.cancelled => Answer::Unknown,
            Ok(r) => match (r.solutions, r.first) {
                (1, Some(solution)) => Answer::Unique(solution),
                (0, _) => Answer::NoSolution,
                _ => Answer::Many,
            },
            Err(_) => Answer::NoSolution,
        };
        AnswerOutcome {
            givens: self.givens.clone(),
            answer,
        }
    }
}

/// The work of one count, to run on any thread: the givens and entries.
#[derive(Debug, Clone)]
pub struct CountJob {
    /// The position to count.
    pub position: Grid,
}

/// What a count found.
#[derive(Debug, Clone)]
pub struct CountOutcome {
    /// The position counted.
    pub position: Grid,
    /// Solutions, up to 2; `None` when cancelled or out of time.
    pub solutions: Option<u64>,
    /// The count ran out of time (not cancelled).
    pub gave_up: bool,
}

impl CountJob {
    /// Counts up to two solutions with dancing links, within [`BACKGROUND_BUDGET`].
    pub fn run(&self, cancel: Option<&AtomicBool>) -> CountOutcome {
        self.run_within(BACKGROUND_BUDGET, cancel)
    }

    /// Counts up to two solutions, giving up after `budget`.
    pub fn run_within(&self, budget: Duration, cancel: Option<&AtomicBool>) -> CountOutcome {
        let mut solver = DlxSolver::new();
        solver.set_time_limit(Some(budget));
        let report = solver.count(&self.position, 2, cancel);
        let stopped = cancel.is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
        let (solutions, gave_up) = match report {
            Ok(r) if r.cancelled => (None, !stopped),
            Ok(r) => (Some(r.solutions), false),
            Err(_) => (Some(0), false),
        };
        CountOutcome {
            position: self.position.clone(),
            solutions,
            gave_up,
        }
    }
}

impl Game {
    /// A count to run when the givens or entries changed since the last one (solver output does
    /// not count). Clashing values need no search: the answer is none at once.
    pub fn start_count(&mut self) -> Option<CountJob> {
        let position = self.puzzle();
        if self.counted.as_ref() == Some(&position) {
            return None;
        }
        self.counted = Some(position.clone());
        if !position.clashes().is_empty() {
            self.uniqueness = Uniqueness::None;
            return None;
        }
        self.uniqueness = Uniqueness::Checking;
        Some(CountJob { position })
    }

    /// Takes back a count; one for a position that is no longer on the board is dropped.
    pub fn finish_count(&mut self, outcome: &CountOutcome) {
        if self.counted.as_ref() != Some(&outcome.position) || self.puzzle() != outcome.position {
            return;
        }
        self.uniqueness = match outcome.solutions {
            None if outcome.gave_up => Uniqueness::Undecided,
            None => Uniqueness::Unknown,
            Some(0) => Uniqueness::None,
            Some(1) => Uniqueness::One,
            Some(_) => Uniqueness::Many,
        };
    }

    /// Marks the count under way as given up (its worker was stopped).
    pub fn abandon_count(&mut self) {
        if self.uniqueness == Uniqueness::Checking {
            self.uniqueness = Uniqueness::Unknown;
            // Count again next time anyone asks.
            self.counted = None;
        }
    }

    /// A search for the puzzle's solution, when the givens changed since the last one. No
    /// givens (the empty board) or clashing givens need no search.
    pub fn start_answer(&mut self) -> Option<AnswerJob> {
        let givens = self.givens();
        if self.answered.as_ref() == Some(&givens) {
            return None;
        }
        self.answered = Some(givens.clone());
        self.answer = if givens.filled() == 0 {
            Answer::Many
        } else if !givens.clashes().is_empty() {
            Answer::NoSolution
        } else {
            Answer::Pending
        };
        (self.answer == Answer::Pending).then_some(AnswerJob { givens })
    }

    /// Takes back the puzzle's solution; one for other givens is dropped.
    pub fn finish_answer(&mut self, outcome: AnswerOutcome) {
        if self.answered.as_ref() == Some(&outcome.givens) && self.givens() == outcome.givens {
            self.answer = outcome.answer;
        }
    }

    /// Marks the search for the solution as given up; it is tried again when next asked.
    pub fn abandon_answer(&mut self) {
        if self.answer == Answer::Pending {
            self.answer = Answer::Unknown;
            self.answered = None;
        }
    }

    /// Starts a solve: returns the job to run, or `None` when there is nothing to search (a solve
    /// already under way, or clashes on the board, which the status line then names).
    pub fn start_solve(&mut self) -> Option<SolveJob> {
        if self.solving {
            return None;
        }
        let puzzle = self.puzzle();
        if let Some(clash) = puzzle.clashes().first() {
            self.status = Status::problem(format!("No solution: {}", puzzle.describe(clash)));
            return None;
        }
        self.solving = true;
        self.status = Status::info("Solving… (Esc cancels)");
        Some(SolveJob {
            board: puzzle,
            generation: self.generation,
            nodes: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Takes back the result of the job [`start_solve`](Self::start_solve) gave out. The board
    /// changes only when a solution was found and the board is still the one that was solved.
    pub fn finish_solve(&mut self, outcome: SolveOutcome) {
        self.solving = false;
        let took = format_duration(outcome.elapsed);
        let nodes = format!("{} nodes", outcome.nodes);
        if outcome.generation != self.generation {
            self.status = Status::info("The board changed while solving: press solve again");
            return;
        }
        if outcome.cancelled {
            self.status = Status::info(format!("Solving cancelled after {took} · {nodes}"));
            return;
        }
        if let Some(why) = outcome.refused {
            self.status = Status::problem(format!("No search of this board: {why}"));
            return;
        }
        let Some(solution) = outcome.first.filter(|_| outcome.solutions > 0) else {
            let why = if self.origin.contains(&Origin::Entry) {
                "the entries admit no completion"
            } else {
                "the puzzle admits no completion"
            };
            self.status = Status::problem(format!("No solution: {why} · {took} · {nodes}"));
            return;
        };
        let changes: Vec<(usize, CellState)> = (0..self.origin.len())
            // (The holes of a shape are no cells: nothing is written there.)
            .filter(|&cell| {
                matches!(self.origin[cell], Origin::Empty | Origin::Solver)
                    && self.board.is_cell(cell)
            })
            .map(|cell| {
                (
                    cell,
                    CellState {
                        value: solution.get(cell),
                        origin: Origin::Solver,
                        ..self.state(cell)
                    },
                )
            })
            .collect();
        self.commit("solving".into(), changes);
        self.clock.run(false, Instant::now());
        self.status = Status::info(if outcome.solutions == 1 {
            format!("Solved: unique solution · {took} · {nodes}")
        } else {
            format!("Solved: more than one solution, showing one · {took} · {nodes}")
        });
    }

    /// Marks a solve as abandoned (its worker went away without an answer).
    pub fn abandon_solve(&mut self, why: &str) {
        if self.solving {
            self.solving = false;
            self.status = Status::problem(why.to_string());
        }
    }
}
