//! The game the window shows: the puzzle's givens, the player's entries and pencil marks, the
//! solver's output, the selection, the undo history, the clock and the status line, changed only
//! through [`Command`]s. No egui here: the window draws a `&Game` and turns input into commands,
//! so every rule is tested without a window.
//!
//! Solving is split in two so that it can run off the UI thread: [`Game::start_solve`] checks the
//! board and hands back the [`SolveJob`] to run (anywhere), and [`Game::finish_solve`] takes its
//! [`SolveOutcome`] back. A board with no solution, or a solve cancelled half way, leaves every
//! cell exactly as it was. The same goes for counting the solutions of the position
//! ([`CountJob`]) and for finding the puzzle's own solution ([`AnswerJob`]), which checking and
//! hints compare the player's entries with.
//!
//! Every change to the cells is one undoable step ([`history`]); loading another puzzle is one
//! too. [`save`] turns a game, history included, into the file that survives a restart.

pub mod history;
pub mod save;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::sudoku::hint::{self, Finding};
use crate::sudoku::{DlxSolver, Geometry, Grid, Notation, Solver, Unit, cell_name};

use history::{CellState, Change, Clock, Edit, History, Snapshot, Step, format_clock};

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
    /// Move the selection in a direction to the nearest empty cell (Ctrl+arrow); stays put if
    /// there is none that way.
    Jump {
        /// Rows down per step (-1, 0 or 1).
        rows: isize,
        /// Columns right per step (-1, 0 or 1).
        cols: isize,
    },
    /// Select the next (or previous) empty cell in reading order, wrapping round (Tab).
    NextEmpty {
        /// Forwards (Tab) or backwards (Shift+Tab).
        forward: bool,
    },
    /// Write a value (1..=side) into the selected cell; in notes mode, toggle it as a note.
    Enter(u8),
    /// Toggle a pencil mark in the selected cell.
    Note(u8),
    /// Write every cell's candidates as its pencil marks.
    FillNotes,
    /// Switch between writing values and writing notes.
    ToggleNotesMode,
    /// Clear the selected cell: its value, or its notes when it has no value.
    Clear,
    /// Remove the solver's output, the player's entries and notes; the givens stay.
    Reset,
    /// Take back the last change.
    Undo,
    /// Do again the last change taken back.
    Redo,
    /// Show the next forced move and why; a second press fills it in.
    Hint,
    /// Mark the entries that differ from the solution.
    Check,
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

/// What is known of the puzzle's own solution (of the givens alone), which checking and hints
/// compare the player's entries with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Not found yet, or being found.
    Pending,
    /// The puzzle has exactly this solution.
    Unique(Grid),
    /// The givens admit no solution.
    NoSolution,
    /// The givens admit several solutions (the empty board, for one).
    Many,
    /// The search was stopped before it finished.
    Unknown,
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
    /// Solves the givens with dancing links, up to two solutions.
    pub fn run(&self, cancel: Option<&AtomicBool>) -> AnswerOutcome {
        let answer = match DlxSolver::new().solve(&self.givens, 2, cancel) {
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

/// A hint on show: the cells to highlight, and the move a second press makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The cells of the item the hint is about (a cell, or a whole row, column or box).
    pub cells: Vec<usize>,
    /// The unit, when the hint is about one.
    pub unit: Option<Unit>,
    /// The cell the hint is about most: the forced cell, or the wrong entry.
    pub focus: Option<usize>,
    /// The forced move, `(cell, value)`, that pressing hint again fills in.
    pub fill: Option<(usize, u8)>,
}

/// The state of one game.
#[derive(Debug, Clone)]
pub struct Game {
    /// Every value on the board: givens, entries and solver output.
    board: Grid,
    /// Where each cell's value came from.
    origin: Vec<Origin>,
    /// Pencil marks of each cell, bit `v-1` for value `v`; drawn only while the cell is empty.
    notes: Vec<u64>,
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
    /// Entries found wrong by the last check, until they change.
    wrong: Vec<bool>,
    status: Status,
    /// How many solutions the givens and entries have, as far as known.
    uniqueness: Uniqueness,
    /// The position (givens and entries) that `uniqueness` is about, or is being counted for.
    counted: Option<Grid>,
    /// The puzzle's own solution, as far as known.
    answer: Answer,
    /// The givens `answer` is about, or is being found for.
    answered: Option<Grid>,
    /// Typed symbols write notes instead of values.
    notes_mode: bool,
    /// The hint on show, until the board changes.
    hint: Option<Hint>,
    history: History,
    clock: Clock,
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
            notes: vec![0; cells],
            selected: None,
            loaded: false,
            solving: false,
            generation: 0,
            clashes: vec![false; cells],
            wrong: vec![false; cells],
            status: Status::info(format!(
                "Empty {geometry} board: hover a cell and type a symbol"
            )),
            uniqueness: Uniqueness::Checking,
            counted: None,
            answer: Answer::Pending,
            answered: None,
            notes_mode: false,
            hint: None,
            history: History::default(),
            clock: Clock::default(),
        }
    }

    /// A game of `puzzle` with the player's saved `entries` written in (where the puzzle's cells
    /// are empty; entries of another size are ignored).
    pub fn with_entries(puzzle: Grid, entries: Option<&Grid>) -> Self {
        let mut game = Game::new(puzzle.notation().clone());
        game.restore(Self::snapshot_of(puzzle, entries));
        game.status = Status::info(format!(
            "Puzzle with {} givens: hover a cell and type a symbol",
            game.givens().filled()
        ));
        game
    }

    /// A game whose givens are the filled cells of `puzzle`.
    pub fn with_puzzle(puzzle: Grid) -> Self {
        Game::with_entries(puzzle, None)
    }

    /// Puts another puzzle (and saved entries) on the board, as one undoable step: undo brings
    /// back the game that was there, entries, notes and time included.
    pub fn load(&mut self, puzzle: Grid, entries: Option<&Grid>) {
        let next = Self::snapshot_of(puzzle, entries);
        let before = self.snapshot();
        // A solve under way was for the old board; the window stops its worker.
        self.solving = false;
        self.restore(next);
        self.history.push(Step {
            label: "loading a puzzle".into(),
            edit: Edit::Whole(Box::new(before)),
        });
    }

    fn snapshot_of(puzzle: Grid, entries: Option<&Grid>) -> Snapshot {
        let cells = puzzle.geometry().cells();
        let mut origin: Vec<Origin> = puzzle
            .values()
            .iter()
            .map(|&v| if v == 0 { Origin::Empty } else { Origin::Given })
            .collect();
        let mut board = puzzle;
        if let Some(entries) = entries.filter(|e| e.geometry() == board.geometry()) {
            for (cell, &v) in entries.values().iter().enumerate() {
                if v != 0 && origin[cell] == Origin::Empty {
                    board.set(cell, v);
                    origin[cell] = Origin::Entry;
                }
            }
        }
        Snapshot {
            board,
            origin,
            notes: vec![0; cells],
            loaded: true,
            elapsed: Duration::ZERO,
        }
    }

    /// The whole game as undo of a load would bring it back.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board.clone(),
            origin: self.origin.clone(),
            notes: self.notes.clone(),
            loaded: self.loaded,
            elapsed: self.clock.elapsed(Instant::now()),
        }
    }

    /// Replaces the whole game by a snapshot (keeping the history, the notes mode and the
    /// selection where it still fits).
    fn restore(&mut self, s: Snapshot) {
        let cells = s.board.geometry().cells();
        self.board = s.board;
        self.origin = s.origin;
        self.notes = s.notes;
        self.origin.resize(cells, Origin::Empty);
        self.notes.resize(cells, 0);
        self.loaded = s.loaded;
        self.clock = Clock::stopped_at(s.elapsed);
        self.wrong = vec![false; cells];
        self.selected = self.selected.filter(|&c| c < cells);
        self.refresh();
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

    /// What is known of the puzzle's own solution.
    pub fn answer(&self) -> &Answer {
        &self.answer
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

    /// The pencil marks of a cell, bit `v-1` for value `v`.
    pub fn notes(&self, cell: usize) -> u64 {
        self.notes.get(cell).copied().unwrap_or(0)
    }

    /// True if the cell's value equals another in its row, column or box.
    pub fn is_clash(&self, cell: usize) -> bool {
        self.clashes.get(cell).copied().unwrap_or(false)
    }

    /// True if the last check found this entry different from the solution (until it changes).
    pub fn is_wrong(&self, cell: usize) -> bool {
        self.wrong.get(cell).copied().unwrap_or(false)
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

    /// True while typed symbols write notes.
    pub fn notes_mode(&self) -> bool {
        self.notes_mode
    }

    /// The hint on show.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// Steps that undo can take back.
    pub fn can_undo(&self) -> usize {
        self.history.undo.len()
    }

    /// Steps that redo can do again.
    pub fn can_redo(&self) -> usize {
        self.history.redo.len()
    }

    /// The status line.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Time played on this puzzle up to `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// True while the clock runs.
    pub fn clock_running(&self) -> bool {
        self.clock.is_running()
    }

    /// True when every cell is filled by the player (and the givens) without a clash: the
    /// puzzle is done.
    pub fn is_complete(&self) -> bool {
        self.board.is_full()
            && !self.clashes.contains(&true)
            && !self.origin.contains(&Origin::Solver)
    }

    /// Runs or pauses the clock: it runs while the window has focus and a loaded puzzle is
    /// still being played (not full, not solved by the solver).
    pub fn tick(&mut self, focused: bool, now: Instant) {
        let playing = self.loaded && !self.board.is_full() && !self.solving;
        self.clock.run(focused && playing, now);
    }

    /// The name and state of a cell for screen readers: "row 3, column 4: 5, given".
    pub fn cell_label(&self, cell: usize) -> String {
        let g = self.geometry();
        let place = format!("row {}, column {}", g.row_of(cell) + 1, g.col_of(cell) + 1);
        let value = self.value(cell);
        if value == 0 {
            let notes = self.notes(cell);
            if notes != 0 {
                let marks: String = hint::values_of(notes)
                    .map(|v| self.board.alphabet().symbol(v))
                    .collect();
                return format!("{place}: empty, notes {marks}");
            }
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
        let wrong = if self.is_wrong(cell) { ", wrong" } else { "" };
        format!("{place}: {symbol}, {how}{clash}{wrong}")
    }

    /// Carries out a command.
    pub fn apply(&mut self, command: Command) {
        let cells = self.geometry().cells();
        match command {
            Command::Select(cell) if cell < cells => self.selected = Some(cell),
            Command::Select(_) => {}
            Command::Move { rows, cols } => self.move_selection(rows, cols),
            Command::Jump { rows, cols } => self.jump(rows, cols),
            Command::NextEmpty { forward } => self.next_empty(forward),
            Command::Enter(value) if self.notes_mode => self.toggle_note(value),
            Command::Enter(value) => self.write(value),
            Command::Note(value) => self.toggle_note(value),
            Command::FillNotes => self.fill_notes(),
            Command::ToggleNotesMode => {
                self.notes_mode = !self.notes_mode;
                self.status = Status::info(if self.notes_mode {
                    "Notes mode: typing a symbol toggles it as a pencil mark"
                } else {
                    "Values mode: typing a symbol writes it in the cell"
                });
            }
            Command::Clear => self.clear(),
            Command::Reset => self.reset(),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Hint => self.give_hint(),
            Command::Check => self.check(),
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

    fn jump(&mut self, rows: isize, cols: isize) {
        let g = self.geometry();
        let side = g.side() as isize;
        let Some(cell) = self.selected else {
            self.selected = Some(0);
            return;
        };
        let (mut r, mut c) = (g.row_of(cell) as isize, g.col_of(cell) as isize);
        if rows == 0 && cols == 0 {
            return;
        }
        loop {
            r += rows.signum();
            c += cols.signum();
            if !(0..side).contains(&r) || !(0..side).contains(&c) {
                return;
            }
            let next = g.cell(r as usize, c as usize);
            if self.board.get(next) == 0 {
                self.selected = Some(next);
                return;
            }
        }
    }

    fn next_empty(&mut self, forward: bool) {
        let cells = self.geometry().cells();
        let start = self.selected.unwrap_or(if forward { cells - 1 } else { 0 });
        for k in 1..=cells {
            let cell = if forward {
                (start + k) % cells
            } else {
                (start + cells - k % cells) % cells
            };
            if self.board.get(cell) == 0 {
                self.selected = Some(cell);
                return;
            }
        }
        self.status = Status::info("No empty cell left");
    }

    fn state(&self, cell: usize) -> CellState {
        CellState {
            value: self.board.get(cell),
            origin: self.origin(cell),
            notes: self.notes(cell),
        }
    }

    fn set_state(&mut self, cell: usize, s: CellState) {
        if cell < self.origin.len() {
            self.board.set(cell, s.value);
            self.origin[cell] = s.origin;
            self.notes[cell] = s.notes;
            self.wrong[cell] = false;
        }
    }

    /// Makes the changes as one undoable step called `label`. Returns false if nothing changed.
    fn commit(&mut self, label: String, changes: Vec<(usize, CellState)>) -> bool {
        let changes: Vec<Change> = changes
            .into_iter()
            .filter(|&(cell, after)| cell < self.origin.len() && self.state(cell) != after)
            .map(|(cell, after)| Change {
                cell: cell as u32,
                before: self.state(cell),
                after,
            })
            .collect();
        if changes.is_empty() {
            return false;
        }
        for c in &changes {
            self.set_state(c.cell as usize, c.after);
        }
        self.history.push(Step {
            label,
            edit: Edit::Cells(changes),
        });
        self.refresh();
        true
    }

    /// The changes that put `value` in `cell` as an entry, and take it out of the notes of the
    /// cell's row, column and box.
    fn placing(&self, cell: usize, value: u8) -> Vec<(usize, CellState)> {
        let mut changes = vec![(
            cell,
            CellState {
                value,
                origin: if value == 0 {
                    Origin::Empty
                } else {
                    Origin::Entry
                },
                notes: self.notes(cell),
            },
        )];
        if value != 0 {
            let g = self.geometry();
            let bit = 1u64 << (value - 1);
            for unit in [
                Unit::Row(g.row_of(cell)),
                Unit::Column(g.col_of(cell)),
                Unit::Box(g.box_of(cell)),
            ] {
                for peer in g.unit_cells(unit) {
                    if peer != cell && self.notes(peer) & bit != 0 {
                        let mut s = self.state(peer);
                        s.notes &= !bit;
                        changes.push((peer, s));
                    }
                }
            }
        }
        changes
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
        let symbol = self.board.alphabet().symbol(value);
        let label = format!("{name} = {symbol}");
        self.commit(label, self.placing(cell, value));
        self.status = if self.clashes[cell] {
            Status::problem(format!(
                "{name}: {symbol} clashes with its row, column or box"
            ))
        } else {
            Status::info(String::new())
        };
        self.announce_completion();
    }

    fn clear(&mut self) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first");
            return;
        };
        let name = cell_name(self.geometry(), cell);
        match self.origin[cell] {
            Origin::Given => {
                self.status = Status::problem(format!("{name} is a given of the puzzle"));
            }
            Origin::Empty if self.notes[cell] != 0 => {
                let mut s = self.state(cell);
                s.notes = 0;
                self.commit(format!("clearing the notes of {name}"), vec![(cell, s)]);
                self.status = Status::info(format!("{name}: notes cleared"));
            }
            Origin::Empty => {}
            Origin::Entry | Origin::Solver => {
                self.commit(format!("clearing {name}"), self.placing(cell, 0));
                self.status = Status::info(format!("{name} cleared"));
            }
        }
    }

    fn toggle_note(&mut self, value: u8) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first, then type a note");
            return;
        };
        if value == 0 || usize::from(value) > self.geometry().side() {
            return;
        }
        let name = cell_name(self.geometry(), cell);
        if self.board.get(cell) != 0 {
            self.status = Status::problem(format!("{name} holds a value: notes go in empty cells"));
            return;
        }
        let symbol = self.board.alphabet().symbol(value);
        let mut s = self.state(cell);
        s.notes ^= 1 << (value - 1);
        let on = s.notes & (1 << (value - 1)) != 0;
        let label = format!("note {symbol} in {name}");
        self.commit(label, vec![(cell, s)]);
        self.status = Status::info(format!(
            "{name}: note {symbol} {}",
            if on { "added" } else { "removed" }
        ));
    }

    fn fill_notes(&mut self) {
        let cand = hint::candidates(&self.board);
        let changes: Vec<(usize, CellState)> = (0..cand.len())
            .filter(|&cell| self.board.get(cell) == 0)
            .map(|cell| {
                let mut s = self.state(cell);
                s.notes = cand[cell];
                (cell, s)
            })
            .collect();
        let empty = changes.len();
        if self.commit("filling in every candidate".into(), changes) {
            self.status = Status::info(format!(
                "Filled in the candidates of {empty} empty cells as notes"
            ));
        } else {
            self.status = Status::info("The notes already hold every candidate");
        }
    }

    fn reset(&mut self) {
        let changes: Vec<(usize, CellState)> = (0..self.origin.len())
            .filter(|&cell| self.origin[cell] != Origin::Given)
            .map(|cell| {
                (
                    cell,
                    CellState {
                        value: 0,
                        origin: Origin::Empty,
                        notes: 0,
                    },
                )
            })
            .collect();
        self.commit("reset".into(), changes);
        self.status = Status::info(if self.loaded {
            "Reset: back to the puzzle's givens (undo brings your entries back)"
        } else {
            "Reset: the board is empty"
        });
    }

    fn undo(&mut self) {
        let Some(step) = self.history.undo.pop_back() else {
            self.status = Status::info("Nothing to undo");
            return;
        };
        self.status = Status::info(format!("Undid {}", step.label));
        let step = self.reverse(step, true);
        self.history.redo.push(step);
    }

    fn redo(&mut self) {
        let Some(step) = self.history.redo.pop() else {
            self.status = Status::info("Nothing to redo");
            return;
        };
        self.status = Status::info(format!("Redid {}", step.label));
        let step = self.reverse(step, false);
        self.history.undo.push_back(step);
    }

    /// Takes a step back (`back`) or forward, and returns it ready for the other list.
    fn reverse(&mut self, step: Step, back: bool) -> Step {
        let edit = match step.edit {
            Edit::Cells(changes) => {
                for c in &changes {
                    self.set_state(c.cell as usize, if back { c.before } else { c.after });
                }
                self.refresh();
                Edit::Cells(changes)
            }
            Edit::Whole(other) => {
                let here = self.snapshot();
                self.restore(*other);
                Edit::Whole(Box::new(here))
            }
        };
        Step {
            label: step.label,
            edit,
        }
    }

    /// Says so when the player has just filled the board without a clash.
    fn announce_completion(&mut self) {
        if self.is_complete() {
            let now = Instant::now();
            self.clock.run(false, now);
            let time = format_clock(self.clock.elapsed(now));
            self.status =
                Status::info(format!("Solved! Every cell is filled and right, in {time}"));
        }
    }

    fn give_hint(&mut self) {
        // A second press on a hint with a move fills it in.
        if let Some(Hint {
            fill: Some((cell, value)),
            ..
        }) = self.hint
        {
            let name = cell_name(self.geometry(), cell);
            let symbol = self.board.alphabet().symbol(value);
            self.commit(format!("hint {name} = {symbol}"), self.placing(cell, value));
            self.selected = Some(cell);
            self.status = Status::info(format!("{name} = {symbol}"));
            self.announce_completion();
            return;
        }
        let g = self.geometry();
        if let Some(clash) = self.board.clashes().first() {
            self.hint = Some(Hint {
                cells: clash.cells.to_vec(),
                unit: Some(clash.unit),
                focus: None,
                fill: None,
            });
            self.status = Status::problem(format!(
                "{}: clear one of them first",
                self.board.describe(clash)
            ));
            return;
        }
        if let Answer::Unique(solution) = &self.answer {
            let wrong = (0..self.origin.len()).find(|&cell| {
                self.origin[cell] == Origin::Entry && self.board.get(cell) != solution.get(cell)
            });
            if let Some(cell) = wrong {
                let symbol = self.board.alphabet().symbol(self.board.get(cell));
                self.hint = Some(Hint {
                    cells: vec![cell],
                    unit: None,
                    focus: Some(cell),
                    fill: None,
                });
                self.status = Status::problem(format!(
                    "{}: your {symbol} is not in the solution; clear it before going on",
                    cell_name(g, cell)
                ));
                return;
            }
        }
        let finding = hint::forced_move(&self.board);
        let fill = match finding {
            Finding::Forced { cell, value, .. } => Some((cell, value)),
            _ => None,
        };
        let text = finding.explain(&self.board);
        let problem = matches!(finding, Finding::DeadEnd(_));
        let text = match fill {
            Some(_) => format!("{text}. Hint again fills it in"),
            None => text,
        };
        self.hint = (finding != Finding::Full).then(|| Hint {
            cells: finding.cells(g),
            unit: finding.unit(),
            focus: fill.map(|(cell, _)| cell).or(match finding {
                Finding::DeadEnd(hint::Item::Cell(cell))
                | Finding::Fewest {
                    item: hint::Item::Cell(cell),
                    ..
                } => Some(cell),
                _ => None,
            }),
            fill,
        });
        self.status = Status { text, problem };
    }

    fn check(&mut self) {
        let entries = self.origin.iter().filter(|&&o| o == Origin::Entry).count();
        let solution = match &self.answer {
            Answer::Unique(solution) => solution.clone(),
            Answer::Pending => {
                self.status =
                    Status::info("Still working out the solution to check against: try again");
                return;
            }
            Answer::Many => {
                self.status = Status::info(match self.uniqueness {
                    Uniqueness::None => {
                        "The puzzle has several solutions, and your entries fit none of them"
                    }
                    _ => "The puzzle has several solutions: no single answer to check against",
                });
                return;
            }
            Answer::NoSolution => {
                self.status = Status::problem("The puzzle has no solution to check against");
                return;
            }
            Answer::Unknown => {
                self.status =
                    Status::problem("The solution could not be worked out, so nothing to check");
                return;
            }
        };
        let wrong: Vec<usize> = (0..self.origin.len())
            .filter(|&c| self.origin[c] == Origin::Entry && self.board.get(c) != solution.get(c))
            .collect();
        for &cell in &wrong {
            self.wrong[cell] = true;
        }
        let g = self.geometry();
        self.status = match wrong.len() {
            0 if entries == 0 => Status::info("No entries to check yet"),
            0 => Status::info(format!(
                "All {entries} of your entries agree with the solution"
            )),
            n => {
                let names: Vec<String> = wrong.iter().take(6).map(|&c| cell_name(g, c)).collect();
                let more = if n > 6 { ", …" } else { "" };
                Status::problem(format!(
                    "{n} of your {entries} entries differ from the solution: {}{more}",
                    names.join(", ")
                ))
            }
        };
    }

    /// Recomputes what depends on the board, and marks it changed.
    fn refresh(&mut self) {
        self.generation += 1;
        self.clashes = self.board.clash_mask();
        self.hint = None;
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
        let changes: Vec<(usize, CellState)> = (0..self.origin.len())
            .filter(|&cell| matches!(self.origin[cell], Origin::Empty | Origin::Solver))
            .map(|cell| {
                (
                    cell,
                    CellState {
                        value: solution.get(cell),
                        origin: Origin::Solver,
                        notes: self.notes(cell),
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

    fn answered(puzzle: Grid) -> Game {
        let mut game = Game::with_puzzle(puzzle);
        let job = game.start_answer().unwrap();
        game.finish_answer(job.run(None));
        assert!(matches!(game.answer(), Answer::Unique(_)));
        game
    }

    /// The board, origins and notes: what undo must put back exactly.
    fn cells(game: &Game) -> Vec<(u8, Origin, u64)> {
        (0..game.geometry().cells())
            .map(|c| (game.value(c), game.origin(c), game.notes(c)))
            .collect()
    }

    #[test]
    fn notes_toggle_fill_and_give_way_to_a_placed_symbol() {
        let mut game = Game::with_puzzle(classic());
        game.apply(Command::Select(0));
        game.apply(Command::Note(4));
        game.apply(Command::Note(5));
        assert_eq!(game.notes(0), 0b11000);
        assert_eq!(game.cell_label(0), "row 1, column 1: empty, notes 45");
        game.apply(Command::Note(5));
        assert_eq!(game.notes(0), 0b01000);
        // Notes mode: typing writes notes.
        game.apply(Command::ToggleNotesMode);
        game.apply(Command::Enter(7));
        assert_eq!((game.value(0), game.notes(0)), (0, 0b1001000));
        game.apply(Command::ToggleNotesMode);
        // A cell with a value takes no notes.
        game.apply(Command::Select(2));
        game.apply(Command::Note(1));
        assert!(game.status().problem && game.notes(2) == 0);
        // Fill every candidate, then place a 4 at r1c1: 4 leaves the notes of its peers.
        game.apply(Command::FillNotes);
        assert_eq!(game.notes(0), 0b11000); // r1c1 can be 4 or 5
        assert!(game.notes(1) & 0b1000 != 0); // r1c2 had a 4 candidate
        let far = (0..81)
            .find(|&c| c / 9 > 2 && c % 9 > 2 && game.notes(c) & 0b1000 != 0)
            .unwrap();
        game.apply(Command::Select(0));
        game.apply(Command::Enter(4));
        assert_eq!(game.notes(1) & 0b1000, 0);
        assert_eq!(game.notes(9) & 0b1000, 0); // r2c1, same column
        assert_ne!(game.notes(far) & 0b1000, 0); // not a peer: kept
        // Clearing an empty cell clears its notes.
        game.apply(Command::Select(1));
        game.apply(Command::Clear);
        assert_eq!(game.notes(1), 0);
    }

    #[test]
    fn every_command_undoes_and_redoes_exactly() {
        let mut game = Game::with_puzzle(classic());
        let mut states = vec![cells(&game)];
        let steps = [
            Command::Select(0),
            Command::Enter(4),
            Command::Select(1),
            Command::Note(5),
            Command::Note(8),
            Command::FillNotes,
            Command::Select(3),
            Command::Enter(9),
            Command::Clear,
            Command::Reset,
        ];
        for command in steps {
            let before = game.can_undo();
            game.apply(command);
            if game.can_undo() > before {
                states.push(cells(&game));
            }
        }
        // A solve is a step too.
        solve_now(&mut game);
        states.push(cells(&game));
        // Loading another puzzle is a step, and may change the size.
        let small = Grid::parse_line("1...........4...", None).unwrap();
        game.load(small.clone(), None);
        assert_eq!(game.geometry().side(), 4);
        let last = cells(&game);
        assert_eq!(game.can_undo(), states.len());
        for want in states.iter().rev() {
            game.apply(Command::Undo);
            assert_eq!(&cells(&game), want, "{}", game.status().text);
        }
        assert_eq!(game.status().text, "Undid r1c1 = 4");
        game.apply(Command::Undo);
        assert_eq!(game.status().text, "Nothing to undo");
        for want in states.iter().skip(1) {
            game.apply(Command::Redo);
            assert_eq!(&cells(&game), want);
        }
        game.apply(Command::Redo);
        assert_eq!(cells(&game), last);
        assert_eq!(game.givens(), small);
        game.apply(Command::Redo);
        assert_eq!(game.status().text, "Nothing to redo");
        // A new change after an undo drops what could be redone.
        game.apply(Command::Undo);
        game.apply(Command::Undo);
        assert_eq!(game.can_redo(), 2);
        game.apply(Command::Select(1));
        game.apply(Command::Enter(5));
        assert_eq!(game.can_redo(), 0);
    }

    #[test]
    fn a_hint_names_the_forced_move_and_a_second_press_fills_it() {
        let mut game = answered(classic());
        game.apply(Command::Hint);
        let hint = game.hint().unwrap().clone();
        let (cell, value) = hint.fill.unwrap();
        assert!(hint.cells.contains(&cell));
        assert_eq!(hint.focus, Some(cell));
        assert!(game.status().text.ends_with("Hint again fills it in"));
        let Answer::Unique(solution) = game.answer().clone() else {
            unreachable!()
        };
        assert_eq!(solution.get(cell), value);
        game.apply(Command::Hint);
        assert_eq!(
            (game.value(cell), game.origin(cell)),
            (value, Origin::Entry)
        );
        assert!(game.hint().is_none());
        // Undo takes the filled hint back.
        game.apply(Command::Undo);
        assert_eq!(game.value(cell), 0);
    }

    #[test]
    fn hints_for_a_naked_single_a_hidden_single_and_no_single() {
        // Naked single: r5c5 sees 1-4 in its row and 5-8 in its column.
        let mut cells = vec![b'.'; 81];
        for (k, c) in [0, 1, 7, 8].iter().enumerate() {
            cells[4 * 9 + c] = b'1' + k as u8;
        }
        for (k, r) in [0, 1, 7, 8].iter().enumerate() {
            cells[r * 9 + 4] = b'5' + k as u8;
        }
        let mut game = Game::with_puzzle(
            Grid::parse_line(std::str::from_utf8(&cells).unwrap(), None).unwrap(),
        );
        game.apply(Command::Hint);
        assert!(game.status().text.starts_with("r5c5 can only be 9"));
        assert_eq!(game.hint().unwrap().fill, Some((40, 9)));

        // Hidden single: row 1 holds 1 to 8.
        let mut game = Game::with_puzzle(
            Grid::parse_line(&format!("12345678.{}", ".".repeat(72)), None).unwrap(),
        );
        game.apply(Command::Hint);
        assert!(
            game.status()
                .text
                .starts_with("In row 1, 9 fits only at r1c9")
        );
        assert_eq!(game.hint().unwrap().unit, Some(Unit::Row(0)));
        assert_eq!(game.hint().unwrap().cells.len(), 9);

        // No single on an empty board: the tightest item is named.
        let mut game = Game::new(Notation::default());
        game.apply(Command::Hint);
        assert!(
            game.status().text.starts_with("No forced move."),
            "{}",
            game.status().text
        );
        assert!(game.hint().unwrap().fill.is_none());
        // Hint again does not fill anything.
        game.apply(Command::Hint);
        assert_eq!(game.board().filled(), 0);
    }

    #[test]
    fn a_wrong_entry_is_named_before_any_hint_and_check_marks_it() {
        let mut game = answered(classic());
        // r1c1 may hold 4 or 5 by the rules; the solution has 4.
        game.apply(Command::Select(0));
        game.apply(Command::Enter(5));
        game.apply(Command::Select(1));
        game.apply(Command::Enter(8));
        game.apply(Command::Hint);
        assert_eq!(
            game.status().text,
            "r1c1: your 5 is not in the solution; clear it before going on"
        );
        assert_eq!(game.hint().unwrap().focus, Some(0));
        assert!(game.hint().unwrap().fill.is_none());
        game.apply(Command::Check);
        assert!(game.is_wrong(0) && !game.is_wrong(1));
        assert_eq!(
            game.status().text,
            "1 of your 2 entries differ from the solution: r1c1"
        );
        assert!(game.cell_label(0).ends_with(", wrong"));
        // Changing the entry lifts the mark.
        game.apply(Command::Select(0));
        game.apply(Command::Enter(4));
        assert!(!game.is_wrong(0));
        game.apply(Command::Check);
        assert_eq!(
            game.status().text,
            "All 2 of your entries agree with the solution"
        );
        // A clash comes first of all.
        game.apply(Command::Select(3));
        game.apply(Command::Enter(3));
        game.apply(Command::Hint);
        assert!(
            game.status().text.contains("both hold 3"),
            "{}",
            game.status().text
        );
    }

    #[test]
    fn check_needs_a_single_solution() {
        let mut game = Game::with_puzzle(classic());
        let job = game.start_answer().unwrap();
        game.apply(Command::Check);
        assert!(game.status().text.starts_with("Still working out"));
        game.finish_answer(job.run(None));
        assert!(game.start_answer().is_none());
        let mut empty = Game::new(Notation::default());
        assert!(empty.start_answer().is_none());
        empty.apply(Command::Check);
        assert!(empty.status().text.contains("several solutions"));
    }

    #[test]
    fn filling_the_board_says_solved_with_the_time_and_stops_the_clock() {
        let mut game = answered(classic());
        let Answer::Unique(solution) = game.answer().clone() else {
            unreachable!()
        };
        let t0 = Instant::now();
        game.tick(true, t0);
        assert!(game.clock_running());
        game.tick(false, t0 + Duration::from_secs(3));
        assert!(!game.clock_running());
        assert_eq!(
            game.elapsed(t0 + Duration::from_secs(60)),
            Duration::from_secs(3)
        );
        game.tick(true, Instant::now());
        for cell in 0..81 {
            if game.value(cell) == 0 {
                game.apply(Command::Select(cell));
                game.apply(Command::Enter(solution.get(cell)));
            }
        }
        assert!(game.is_complete());
        assert!(
            game.status()
                .text
                .starts_with("Solved! Every cell is filled and right, in 0:0")
        );
        assert!(!game.clock_running());
        game.tick(true, Instant::now());
        assert!(!game.clock_running());
    }

    #[test]
    fn keyboard_moves_jump_to_empty_cells() {
        let mut game = Game::with_puzzle(classic());
        game.apply(Command::Select(0));
        // r1: . . 3 . 2 . 6 . .
        game.apply(Command::Jump { rows: 0, cols: 1 });
        assert_eq!(game.selected(), Some(1));
        game.apply(Command::Jump { rows: 0, cols: 1 });
        assert_eq!(game.selected(), Some(3));
        game.apply(Command::NextEmpty { forward: true });
        assert_eq!(game.selected(), Some(5));
        game.apply(Command::NextEmpty { forward: false });
        assert_eq!(game.selected(), Some(3));
        game.apply(Command::Select(0));
        game.apply(Command::NextEmpty { forward: false });
        assert_eq!(game.selected(), Some(80)); // wraps round
        game.apply(Command::Select(8));
        game.apply(Command::Jump { rows: 0, cols: 1 }); // nothing to the right
        assert_eq!(game.selected(), Some(8));
    }

    #[test]
    fn a_saved_game_comes_back_whole() {
        let mut game = Game::with_puzzle(classic());
        game.apply(Command::Select(0));
        game.apply(Command::Enter(4));
        game.apply(Command::Select(1));
        game.apply(Command::Note(5));
        game.apply(Command::FillNotes);
        game.apply(Command::ToggleNotesMode);
        game.load(Grid::parse_line("1...........4...", None).unwrap(), None);
        game.apply(Command::Select(1));
        game.apply(Command::Enter(2));
        game.apply(Command::Undo);
        let now = Instant::now();
        let saved = game.to_saved(now);
        let text = toml::to_string(&saved).unwrap();
        let back: save::SavedGame = toml::from_str(&text).unwrap();
        assert_eq!(back, saved);
        let mut restored = Game::from_saved(&back).unwrap();
        assert_eq!(cells(&restored), cells(&game));
        assert_eq!(restored.givens(), game.givens());
        assert!(restored.notes_mode());
        assert_eq!(
            (restored.can_undo(), restored.can_redo()),
            (game.can_undo(), game.can_redo())
        );
        assert!(restored.status().text.starts_with("Welcome back"));
        // The history works across the load, back to the 9×9 game with its notes.
        restored.apply(Command::Redo);
        assert_eq!(restored.notes(1), 0b10); // notes mode: the 2 went in as a note
        restored.apply(Command::Undo);
        restored.apply(Command::Undo);
        assert_eq!(restored.geometry().side(), 9);
        assert_eq!((restored.value(0), restored.origin(0)), (4, Origin::Entry));
        assert_ne!(restored.notes(3), 0);
    }

    #[test]
    fn a_damaged_save_is_refused_with_a_reason() {
        let game = Game::with_puzzle(classic());
        let good = game.to_saved(Instant::now());
        let mut bad = good.clone();
        bad.current.board.pop();
        assert!(Game::from_saved(&bad).unwrap_err().starts_with("board:"));
        let mut bad = good.clone();
        bad.current.origins = bad.current.origins.replace('g', "e");
        assert!(Game::from_saved(&bad).is_ok()); // givens as entries: odd but whole
        bad.current.origins = bad.current.origins.replacen('.', "e", 1);
        assert!(Game::from_saved(&bad).unwrap_err().starts_with("origins:"));
        let mut bad = good.clone();
        bad.current.notes = "zz".into();
        assert!(Game::from_saved(&bad).unwrap_err().starts_with("notes:"));
        let mut bad = good.clone();
        bad.undo.push(save::SavedStep {
            label: "x".into(),
            cells: vec!["81:0:.:0>1:e:0".into()],
            whole: None,
        });
        assert!(Game::from_saved(&bad).unwrap_err().contains("bad cell"));
        let mut bad = good;
        bad.version = 99;
        assert!(
            Game::from_saved(&bad)
                .unwrap_err()
                .starts_with("version 99")
        );
    }
}
