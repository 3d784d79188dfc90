//! The game the window shows: the puzzle's givens, the player's entries, the solver's output, the
//! selection and the status line, changed only through [`Command`]s. No egui here: the window
//! draws a `&Game` and turns input into commands, so every rule is tested without a window.
//!
//! Solving is split in two so that it can run off the UI thread: [`Game::start_solve`] checks the
//! board and hands back the [`SolveJob`] to run (anywhere), and [`Game::finish_solve`] takes its
//! [`SolveOutcome`] back. A board with no solution, or a solve cancelled half way, leaves every
//! cell exactly as it was.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::sudoku::{DlxSolver, Geometry, Grid, Notation, Solver, cell_name};

/// Where the value in a cell came from; the window draws each differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Nothing in the cell.
    Empty,
    /// A given of the loaded puzzle: fixed.
    Given,
    /// Typed by the player.
    Entry,
    /// Filled in by the solver.
    Solver,
}

/// Something the player (or the window on the player's behalf) asks of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Select a cell (the pointer is over it).
    Select(usize),
    /// Move the selection by rows and columns (arrow keys); stops at the edges.
    Move {
        /// Rows down (negative: up).
        rows: isize,
        /// Columns right (negative: left).
        cols: isize,
    },
    /// Write a value (1..=side) into the selected cell.
    Enter(u8),
    /// Clear the selected cell.
    Clear,
    /// Remove the solver's output and the player's entries; the givens stay.
    Reset,
}

/// A line under the board saying what just happened, and how to show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// What to say.
    pub text: String,
    /// Whether it is bad news (drawn in the error colour).
    pub problem: bool,
}

impl Status {
    fn info(text: impl Into<String>) -> Self {
        Status {
            text: text.into(),
            problem: false,
        }
    }

    fn problem(text: impl Into<String>) -> Self {
        Status {
            text: text.into(),
            problem: true,
        }
    }
}

/// The work of one solve, to run on any thread: the board as the player left it.
#[derive(Debug, Clone)]
pub struct SolveJob {
    /// The givens and the player's entries (no earlier solver output).
    pub board: Grid,
    /// Which edit of the game it belongs to; a result for an older board is dropped.
    pub generation: u64,
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
}

impl SolveJob {
    /// Runs the job: counts up to two solutions with dancing links and keeps the first.
    pub fn run(&self, cancel: Option<&AtomicBool>) -> SolveOutcome {
        let start = Instant::now();
        let report = DlxSolver::new().solve(&self.board, 2, cancel);
        let elapsed = start.elapsed();
        match report {
            Ok(r) => SolveOutcome {
                generation: self.generation,
                solutions: r.solutions,
                first: r.first,
                cancelled: r.cancelled,
                nodes: r.work.nodes(),
                elapsed,
            },
            // Clashes are caught before a job is made; if one slipped through, it has no solution.
            Err(_) => SolveOutcome {
                generation: self.generation,
                solutions: 0,
                first: None,
                cancelled: false,
                nodes: 0,
                elapsed,
            },
        }
    }
}

/// The state of one game.
#[derive(Debug, Clone)]
pub struct Game {
    /// Every value on the board: givens, entries and solver output.
    board: Grid,
    /// Where each cell's value came from.
    origin: Vec<Origin>,
    /// The selected cell: the last one hovered or moved to.
    selected: Option<usize>,
    /// True when a puzzle (givens) was loaded.
    loaded: bool,
    /// A solve is under way.
    solving: bool,
    /// Counts changes of the board, so that a late solve result can tell it is stale.
    generation: u64,
    /// Cells in a clash, recomputed whenever the board changes.
    clashes: Vec<bool>,
    status: Status,
    /// How many solutions the givens and entries have, as far as known.
    uniqueness: Uniqueness,
    /// The position (givens and entries) that `uniqueness` is about, or is being counted for.
    counted: Option<Grid>,
}

/// How many solutions the givens and entries allow, counted in the background up to 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uniqueness {
    /// Not counted yet, or being counted.
    Checking,
    /// Two values clash, or the search found no completion.
    None,
    /// Exactly one solution.
    One,
    /// More than one solution.
    Many,
    /// The count was stopped before it finished (the board changed, or it took too long).
    Unknown,
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
    /// Solutions, up to 2; `None` when cancelled.
    pub solutions: Option<u64>,
}

impl CountJob {
    /// Counts up to two solutions with dancing links.
    pub fn run(&self, cancel: Option<&AtomicBool>) -> CountOutcome {
        let solutions = match DlxSolver::new().count(&self.position, 2, cancel) {
            Ok(r) if r.cancelled => None,
            Ok(r) => Some(r.solutions),
            Err(_) => Some(0),
        };
        CountOutcome {
            position: self.position.clone(),
            solutions,
        }
    }
}

impl Game {
    /// An empty board of the given notation (geometry and symbols).
    pub fn new(notation: Notation) -> Self {
        let board = Grid::empty(notation);
        let cells = board.geometry().cells();
        let geometry = board.geometry();
        Game {
            board,
            origin: vec![Origin::Empty; cells],
            selected: None,
            loaded: false,
            solving: false,
            generation: 0,
            clashes: vec![false; cells],
            status: Status::info(format!(
                "Empty {geometry} board: hover a cell and type a symbol"
            )),
            uniqueness: Uniqueness::Checking,
            counted: None,
        }
    }

    /// A game of `puzzle` with the player's saved `entries` written in (where the puzzle's cells
    /// are empty; entries of another size are ignored).
    pub fn with_entries(puzzle: Grid, entries: Option<&Grid>) -> Self {
        let mut game = Game::with_puzzle(puzzle);
        if let Some(entries) = entries.filter(|e| e.geometry() == game.geometry()) {
            for (cell, &v) in entries.values().iter().enumerate() {
                if v != 0 && game.origin[cell] == Origin::Empty {
                    game.board.set(cell, v);
                    game.origin[cell] = Origin::Entry;
                }
            }
            game.refresh();
        }
        game
    }

    /// The givens alone.
    pub fn givens(&self) -> Grid {
        self.only(Origin::Given)
    }

    /// The player's entries alone.
    pub fn entries(&self) -> Grid {
        self.only(Origin::Entry)
    }

    fn only(&self, origin: Origin) -> Grid {
        let mut grid = self.board.clone();
        for (cell, &o) in self.origin.iter().enumerate() {
            if o != origin {
                grid.set(cell, 0);
            }
        }
        grid
    }

    /// How many solutions the givens and entries have, as far as counted.
    pub fn uniqueness(&self) -> Uniqueness {
        self.uniqueness
    }

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

    /// A game whose givens are the filled cells of `puzzle`.
    pub fn with_puzzle(puzzle: Grid) -> Self {
        let mut game = Game::new(puzzle.notation().clone());
        game.origin = puzzle
            .values()
            .iter()
            .map(|&v| if v == 0 { Origin::Empty } else { Origin::Given })
            .collect();
        game.board = puzzle;
        game.loaded = true;
        game.refresh();
        game.status = Status::info(format!(
            "Puzzle with {} givens: hover a cell and type a symbol",
            game.board.filled()
        ));
        game
    }

    /// Replaces the status line (the window uses it for messages such as a file that failed).
    pub fn set_status(&mut self, text: impl Into<String>, problem: bool) {
        self.status = Status {
            text: text.into(),
            problem,
        };
    }

    /// The board, every value on it.
    pub fn board(&self) -> &Grid {
        &self.board
    }

    /// The geometry of the board.
    pub fn geometry(&self) -> Geometry {
        self.board.geometry()
    }

    /// The value in a cell (0 when empty).
    pub fn value(&self, cell: usize) -> u8 {
        self.board.get(cell)
    }

    /// Where a cell's value came from.
    pub fn origin(&self, cell: usize) -> Origin {
        self.origin.get(cell).copied().unwrap_or(Origin::Empty)
    }

    /// True if the cell's value equals another in its row, column or box.
    pub fn is_clash(&self, cell: usize) -> bool {
        self.clashes.get(cell).copied().unwrap_or(false)
    }

    /// The selected cell.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// True when a puzzle was loaded (its givens survive a reset).
    pub fn has_puzzle(&self) -> bool {
        self.loaded
    }

    /// True while a solve is under way.
    pub fn is_solving(&self) -> bool {
        self.solving
    }

    /// The status line.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The name and state of a cell for screen readers: "row 3, column 4: 5, given".
    pub fn cell_label(&self, cell: usize) -> String {
        let g = self.geometry();
        let place = format!("row {}, column {}", g.row_of(cell) + 1, g.col_of(cell) + 1);
        let value = self.value(cell);
        if value == 0 {
            return format!("{place}: empty");
        }
        let symbol = self.board.alphabet().symbol(value);
        let how = match self.origin(cell) {
            Origin::Given => "given",
            Origin::Entry => "your entry",
            Origin::Solver => "solved",
            Origin::Empty => "empty",
        };
        let clash = if self.is_clash(cell) { ", clash" } else { "" };
        format!("{place}: {symbol}, {how}{clash}")
    }

    /// Carries out a command.
    pub fn apply(&mut self, command: Command) {
        let cells = self.geometry().cells();
        match command {
            Command::Select(cell) if cell < cells => self.selected = Some(cell),
            Command::Select(_) => {}
            Command::Move { rows, cols } => self.move_selection(rows, cols),
            Command::Enter(value) => self.write(value),
            Command::Clear => self.write(0),
            Command::Reset => self.reset(),
        }
    }

    fn move_selection(&mut self, rows: isize, cols: isize) {
        let g = self.geometry();
        let side = g.side() as isize;
        let Some(cell) = self.selected else {
            self.selected = Some(0);
            return;
        };
        let r = (g.row_of(cell) as isize + rows).clamp(0, side - 1);
        let c = (g.col_of(cell) as isize + cols).clamp(0, side - 1);
        self.selected = Some(g.cell(r as usize, c as usize));
    }

    fn write(&mut self, value: u8) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first, then type");
            return;
        };
        let side = self.geometry().side();
        if usize::from(value) > side {
            return;
        }
        let name = cell_name(self.geometry(), cell);
        if self.origin[cell] == Origin::Given {
            self.status = Status::problem(format!("{name} is a given of the puzzle"));
            return;
        }
        if self.board.get(cell) == value {
            return;
        }
        self.board.set(cell, value);
        self.origin[cell] = if value == 0 {
            Origin::Empty
        } else {
            Origin::Entry
        };
        self.refresh();
        self.status = if value == 0 {
            Status::info(format!("{name} cleared"))
        } else if self.clashes[cell] {
            let symbol = self.board.alphabet().symbol(value);
            Status::problem(format!(
                "{name}: {symbol} clashes with its row, column or box"
            ))
        } else {
            Status::info(String::new())
        };
    }

    fn reset(&mut self) {
        for (cell, origin) in self.origin.iter_mut().enumerate() {
            if matches!(origin, Origin::Entry | Origin::Solver) {
                *origin = Origin::Empty;
                self.board.set(cell, 0);
            }
        }
        self.refresh();
        self.status = Status::info(if self.loaded {
            "Reset: back to the puzzle's givens"
        } else {
            "Reset: the board is empty"
        });
    }

    /// Recomputes what depends on the board, and marks it changed.
    fn refresh(&mut self) {
        self.generation += 1;
        self.clashes = self.board.clash_mask();
    }

    /// The board the solver should see: givens and entries, without earlier solver output.
    pub fn puzzle(&self) -> Grid {
        let mut grid = self.board.clone();
        for (cell, &origin) in self.origin.iter().enumerate() {
            if origin == Origin::Solver {
                grid.set(cell, 0);
            }
        }
        grid
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
        let Some(solution) = outcome.first.filter(|_| outcome.solutions > 0) else {
            let why = if self.origin.contains(&Origin::Entry) {
                "the entries admit no completion"
            } else {
                "the puzzle admits no completion"
            };
            self.status = Status::problem(format!("No solution: {why} · {took} · {nodes}"));
            return;
        };
        for (cell, origin) in self.origin.iter_mut().enumerate() {
            if matches!(origin, Origin::Empty | Origin::Solver) {
                *origin = Origin::Solver;
                self.board.set(cell, solution.get(cell));
            }
        }
        self.refresh();
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

/// `0.21 ms`, `12.4 ms`, `3.20 s`.
fn format_duration(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1e3)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn classic() -> Grid {
        Grid::parse_line(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            None,
        )
        .unwrap()
    }

    fn solve_now(game: &mut Game) {
        let job = game.start_solve().unwrap();
        let outcome = job.run(None);
        game.finish_solve(outcome);
    }

    #[test]
    fn entries_go_where_selected_and_givens_stay() {
        let mut game = Game::with_puzzle(classic());
        game.apply(Command::Enter(5));
        assert!(game.status().text.contains("Hover"));
        game.apply(Command::Select(0));
        game.apply(Command::Enter(4));
        assert_eq!((game.value(0), game.origin(0)), (4, Origin::Entry));
        game.apply(Command::Select(2));
        game.apply(Command::Enter(9));
        assert_eq!((game.value(2), game.origin(2)), (3, Origin::Given));
        assert!(game.status().problem && game.status().text.contains("r1c3"));
        game.apply(Command::Select(0));
        game.apply(Command::Clear);
        assert_eq!((game.value(0), game.origin(0)), (0, Origin::Empty));
        assert_eq!(game.cell_label(2), "row 1, column 3: 3, given");
        assert_eq!(game.cell_label(0), "row 1, column 1: empty");
    }

    #[test]
    fn clashes_are_marked_while_they_stand() {
        let mut game = Game::with_puzzle(classic());
        game.apply(Command::Select(0));
        game.apply(Command::Enter(3)); // row 1 has a given 3 at r1c3
        assert!(game.is_clash(0) && game.is_clash(2));
        assert!(game.status().problem);
        assert!(game.cell_label(0).ends_with("your entry, clash"));
        game.apply(Command::Clear);
        assert!(!game.is_clash(0) && !game.is_clash(2));
    }

    #[test]
    fn the_selection_moves_and_stops_at_the_edges() {
        let mut game = Game::new(Notation::default());
        game.apply(Command::Move { rows: 1, cols: 0 });
        assert_eq!(game.selected(), Some(0));
        game.apply(Command::Move { rows: -1, cols: -1 });
        assert_eq!(game.selected(), Some(0));
        game.apply(Command::Move { rows: 2, cols: 3 });
        assert_eq!(game.selected(), Some(21));
        game.apply(Command::Select(80));
        game.apply(Command::Move { rows: 1, cols: 1 });
        assert_eq!(game.selected(), Some(80));
        game.apply(Command::Select(81));
        assert_eq!(game.selected(), Some(80));
    }

    #[test]
    fn solving_fills_the_empty_cells_and_reset_takes_it_back() {
        let mut game = Game::with_puzzle(classic());
        game.apply(Command::Select(0));
        game.apply(Command::Enter(4));
        solve_now(&mut game);
        assert!(game.status().text.starts_with("Solved: unique solution"));
        assert!(game.board().is_full());
        assert_eq!(game.origin(0), Origin::Entry);
        assert_eq!(game.origin(1), Origin::Solver);
        game.board().verify_solution_of(&classic()).unwrap();
        game.apply(Command::Reset);
        assert_eq!(game.board(), &classic());
        assert!(!game.is_solving());
    }

    #[test]
    fn no_solution_leaves_the_board_as_it_was() {
        let mut game = Game::with_puzzle(classic());
        // r1c1 may hold 4 or 5 by the rules; 5 clashes with nothing but admits no completion.
        game.apply(Command::Select(0));
        game.apply(Command::Enter(5));
        let before = game.board().clone();
        solve_now(&mut game);
        assert_eq!(
            game.status().text.split(" · ").next(),
            Some("No solution: the entries admit no completion")
        );
        assert_eq!(game.board(), &before);
        assert_eq!(game.origin(0), Origin::Entry);

        game.apply(Command::Enter(3));
        assert!(game.start_solve().is_none());
        assert_eq!(
            game.status().text,
            "No solution: r1c1 and r1c3 both hold 3 (row 1)"
        );
        assert!(!game.is_solving());
    }

    #[test]
    fn an_empty_board_has_many_solutions_and_a_stale_result_is_dropped() {
        let mut game = Game::new(Notation::default());
        solve_now(&mut game);
        assert!(
            game.status()
                .text
                .starts_with("Solved: more than one solution, showing one")
        );
        assert!(game.board().is_full());
        game.apply(Command::Reset);
        assert_eq!(game.board().filled(), 0);
        assert_eq!(game.status().text, "Reset: the board is empty");

        let job = game.start_solve().unwrap();
        assert!(game.start_solve().is_none());
        game.apply(Command::Select(0));
        game.apply(Command::Enter(1));
        game.finish_solve(job.run(None));
        assert_eq!(game.board().filled(), 1);
        assert!(game.status().text.contains("changed while solving"));
    }

    #[test]
    fn uniqueness_is_counted_when_givens_or_entries_change() {
        let mut game = Game::with_puzzle(classic());
        let job = game.start_count().unwrap();
        assert_eq!(game.uniqueness(), Uniqueness::Checking);
        assert!(game.start_count().is_none()); // nothing changed
        game.finish_count(&job.run(None));
        assert_eq!(game.uniqueness(), Uniqueness::One);
        // Solving adds solver output only: no new count.
        solve_now(&mut game);
        assert!(game.start_count().is_none());
        game.apply(Command::Reset);
        // An entry with no completion: counted as none.
        game.apply(Command::Select(0));
        game.apply(Command::Enter(5));
        let job = game.start_count().unwrap();
        game.finish_count(&job.run(None));
        assert_eq!(game.uniqueness(), Uniqueness::None);
        // A clash needs no count.
        game.apply(Command::Enter(3));
        assert!(game.start_count().is_none());
        assert_eq!(game.uniqueness(), Uniqueness::None);
        // A stale answer is dropped; the empty board has many.
        let mut empty = Game::new(Notation::default());
        let job = empty.start_count().unwrap();
        empty.apply(Command::Select(0));
        empty.apply(Command::Enter(1));
        empty.finish_count(&job.run(None));
        assert_eq!(empty.uniqueness(), Uniqueness::Checking);
        let job = empty.start_count().unwrap();
        empty.finish_count(&job.run(None));
        assert_eq!(empty.uniqueness(), Uniqueness::Many);
        // A cancelled count says unknown.
        empty.apply(Command::Enter(2));
        let job = empty.start_count().unwrap();
        empty.finish_count(&job.run(Some(&AtomicBool::new(true))));
        assert_eq!(empty.uniqueness(), Uniqueness::Unknown);
    }

    #[test]
    fn saved_entries_come_back_and_givens_and_entries_split() {
        let mut entries = Grid::empty(Notation::default());
        entries.set(0, 4); // r1c1 is empty in the puzzle
        entries.set(2, 9); // r1c3 is a given: ignored
        let game = Game::with_entries(classic(), Some(&entries));
        assert_eq!((game.value(0), game.origin(0)), (4, Origin::Entry));
        assert_eq!((game.value(2), game.origin(2)), (3, Origin::Given));
        assert_eq!(game.givens(), classic());
        assert_eq!(game.entries().filled(), 1);
        assert_eq!(game.entries().get(0), 4);
    }

    #[test]
    fn a_cancelled_solve_changes_nothing() {
        let mut game = Game::new(Notation::default());
        let job = game.start_solve().unwrap();
        let flag = AtomicBool::new(true);
        game.finish_solve(job.run(Some(&flag)));
        assert_eq!(game.board().filled(), 0);
        assert!(game.status().text.starts_with("Solving cancelled"));
    }
}
