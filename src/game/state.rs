//! The [`Game`] type: the board and everything known about it (where each value came from,
//! pencil marks, clashes, the selection, the solution as far as worked out, the hint on show,
//! the history and the clock), with the game's constructors and read-only accessors, and the
//! edits every command is made of.

use std::time::{Duration, Instant};

use crate::sudoku::logic::hint;
use crate::sudoku::{Geometry, Grid, Notation, Unit};

use super::cell::Origin;
use super::colours::MarkColours;
use super::history::{CellState, Change, Clock, Edit, History, Snapshot, Step};
use super::status::{Status, counted};

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
    /// A technique's step ([`TechniqueHint`]), shown over three presses.
    pub step: Option<TechniqueHint>,
}

/// A hint of a technique beyond singles, as HoDoKu gives it in three presses: first the
/// technique's name and the units it reads, then its pattern on the board (its candidates,
/// links, the candidates it removes and the symbols it places), then the step applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TechniqueHint {
    /// The step.
    pub step: crate::sudoku::logic::Step,
    /// Shown so far: 1, the name and units; 2, the pattern too.
    pub stage: u8,
    /// The step in words.
    pub words: String,
}

/// The state of one game.
#[derive(Debug, Clone)]
pub struct Game {
    /// Every value on the board: givens, entries and solver output.
    pub(super) board: Grid,
    /// Where each cell's value came from.
    pub(super) origin: Vec<Origin>,
    /// Pencil marks of each cell, bit `v-1` for value `v`; drawn only while the cell is empty.
    pub(super) notes: Vec<u64>,
    /// Each cell's colour, 0 for none ([`colours`](super::colours)).
    pub(super) colours: Vec<u8>,
    /// The colours of each cell's candidates.
    pub(super) marks: Vec<MarkColours>,
    /// The selected cell: the last one hovered or moved to.
    pub(super) selected: Option<usize>,
    /// True when a puzzle (givens) was loaded.
    pub(super) loaded: bool,
    /// A solve is under way.
    pub(super) solving: bool,
    /// Counts changes of the board, so that a late solve result can tell it is stale.
    pub(super) generation: u64,
    /// Cells in a clash, recomputed whenever the board changes.
    pub(super) clashes: Vec<bool>,
    /// Entries found wrong by the last check, until they change.
    pub(super) wrong: Vec<bool>,
    pub(super) status: Status,
    /// How many solutions the givens and entries have, as far as known.
    pub(super) uniqueness: Uniqueness,
    /// The position (givens and entries) that `uniqueness` is about, or is being counted for.
    pub(super) counted: Option<Grid>,
    /// The puzzle's own solution, as far as known.
    pub(super) answer: Answer,
    /// The givens `answer` is about, or is being found for.
    pub(super) answered: Option<Grid>,
    /// Typed symbols write notes instead of values.
    pub(super) notes_mode: bool,
    /// The hint on show, until the board changes.
    pub(super) hint: Option<Hint>,
    pub(super) history: History,
    pub(super) clock: Clock,
    /// The collection the puzzle was picked from and its place there, as the window says it
    /// (kept in the save, so that the place survives a restart).
    pub(super) place: Option<super::place::CollectionPlace>,
    /// What happened to the game since the window last asked ([`take_events`](Game::take_events)).
    pub(super) events: Vec<Event>,
    /// The player has filled this puzzle in once: filling it again (after an undo) is no new
    /// solve.
    pub(super) completed: bool,
}

/// What the records count, as it happens ([`records`](super::records)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A puzzle was put on the board to play.
    Started,
    /// The player asked for a hint.
    Hint,
    /// The player filled the puzzle in, every cell right, in this time.
    Solved(std::time::Duration),
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
    /// The count was stopped before it finished (the board changed).
    Unknown,
    /// The count ran out of its time budget: the position is too open to tell quickly.
    Undecided,
}

impl Game {
    /// An empty board of the given notation (geometry and symbols).
    pub fn new(notation: Notation) -> Self {
        Game::on_board(Grid::empty(notation))
    }

    /// An empty game on `board`'s shape, symbols and variant (its cells are left empty).
    pub fn on_board(board: Grid) -> Self {
        let mut board = board;
        for cell in 0..board.positions() {
            board.set(cell, 0);
        }
        let cells = board.positions();
        let what = match board.shape() {
            Some(s) => s.name().to_string(),
            None => {
                let kind = board
                    .variant()
                    .map_or(String::new(), |v| format!("{} ", v.name()));
                format!("{kind}{}", board.geometry())
            }
        };
        Game {
            board,
            origin: vec![Origin::Empty; cells],
            notes: vec![0; cells],
            colours: vec![0; cells],
            marks: vec![MarkColours::NONE; cells],
            selected: None,
            loaded: false,
            solving: false,
            generation: 0,
            clashes: vec![false; cells],
            wrong: vec![false; cells],
            status: Status::info(format!(
                "Empty {what} board: hover a cell and type a symbol"
            )),
            uniqueness: Uniqueness::Checking,
            counted: None,
            answer: Answer::Pending,
            answered: None,
            notes_mode: false,
            hint: None,
            history: History::default(),
            clock: Clock::default(),
            events: Vec::new(),
            completed: false,
            place: None,
        }
    }

    /// A game of `puzzle` with the player's saved `entries` written in (where the puzzle's cells
    /// are empty; entries of another size are ignored).
    pub fn with_entries(puzzle: Grid, entries: Option<&Grid>) -> Self {
        let mut game = Game::new(puzzle.notation().clone());
        game.restore(Self::snapshot_of(puzzle, entries));
        game.status = Status::info(format!(
            "Puzzle with {}: hover a cell and type a symbol",
            counted(game.givens().filled(), "given", "givens")
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
        self.completed = false;
        if self.has_puzzle() {
            self.events.push(Event::Started);
        }
    }

    /// What happened since the last call: puzzles started, hints, solves.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Puts an empty board of `notation` in place of a game whose board has another shape or
    /// other symbols, as one undoable step, and says so: config.toml chooses the board, so it
    /// wins over a saved game, which undo brings back whole. Returns whether it changed anything.
    pub fn adopt_notation(&mut self, notation: &Notation) -> bool {
        self.adopt_board(&Grid::empty(notation.clone()))
    }

    /// [`adopt_notation`](Self::adopt_notation) for config.toml's whole empty board: its shape
    /// and symbols, and its variant (X, hyper) where the game on the board is no loaded puzzle
    /// (a puzzle keeps its own rules).
    pub fn adopt_board(&mut self, empty: &Grid) -> bool {
        let old = self.board.notation().clone();
        let notation = empty.notation();
        let other_rules = !self.loaded && self.board.variant() != empty.variant();
        if &old == notation && !other_rules {
            return false;
        }
        let cells = notation.geometry.cells();
        let before = self.snapshot();
        self.solving = false;
        self.restore(Snapshot {
            board: Grid::empty(notation.clone())
                .with_variant(empty.variant_arc().cloned())
                .unwrap_or_else(|plain| plain),
            origin: vec![Origin::Empty; cells],
            notes: vec![0; cells],
            colours: vec![0; cells],
            marks: vec![MarkColours::NONE; cells],
            loaded: false,
            elapsed: Duration::ZERO,
        });
        let (new_side, old_side) = (notation.geometry.side(), old.geometry.side());
        let kind = |board: Option<&crate::sudoku::Variant>| {
            board.map_or("classic".to_string(), |v| v.name())
        };
        let (asked, saved) = if &old == notation {
            (
                format!("an empty {} board", kind(empty.variant())),
                format!("{} board", kind(before.board.variant())),
            )
        } else if notation.geometry == old.geometry {
            (
                format!("the symbols {}", notation.alphabet),
                format!("game (symbols {})", old.alphabet),
            )
        } else {
            (
                format!("a {new_side}×{new_side} board"),
                format!("{old_side}×{old_side} game"),
            )
        };
        self.history.push(Step {
            label: format!("switching to {asked}"),
            edit: Edit::Whole(Box::new(before)),
        });
        self.status = Status::info(format!(
            "config.toml asks for {asked}; your saved {saved} is one undo away (Ctrl+Z)"
        ));
        true
    }

    pub(super) fn snapshot_of(puzzle: Grid, entries: Option<&Grid>) -> Snapshot {
        let cells = puzzle.positions();
        let mut origin: Vec<Origin> = puzzle
            .values()
            .iter()
            .map(|&v| if v == 0 { Origin::Empty } else { Origin::Given })
            .collect();
        let mut board = puzzle;
        if let Some(entries) = entries
            .filter(|e| e.geometry() == board.geometry() && e.positions() == board.positions())
        {
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
            colours: vec![0; cells],
            marks: vec![MarkColours::NONE; cells],
            loaded: true,
            elapsed: Duration::ZERO,
        }
    }

    /// The whole game as undo of a load would bring it back.
    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board.clone(),
            origin: self.origin.clone(),
            notes: self.notes.clone(),
            colours: self.colours.clone(),
            marks: self.marks.clone(),
            loaded: self.loaded,
            elapsed: self.clock.elapsed(Instant::now()),
        }
    }

    /// Replaces the whole game by a snapshot (keeping the history, the notes mode and the
    /// selection where it still fits).
    pub(super) fn restore(&mut self, s: Snapshot) {
        let cells = s.board.positions();
        self.board = s.board;
        self.origin = s.origin;
        self.notes = s.notes;
        self.colours = s.colours;
        self.marks = s.marks;
        self.origin.resize(cells, Origin::Empty);
        self.notes.resize(cells, 0);
        self.colours.resize(cells, 0);
        self.marks.resize(cells, MarkColours::NONE);
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

    pub(super) fn only(&self, origin: Origin) -> Grid {
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

    /// What is known of the puzzle's own solution.
    pub fn answer(&self) -> &Answer {
        &self.answer
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

    /// The collection the puzzle on the board was picked from, and its place there.
    pub fn place(&self) -> Option<&super::place::CollectionPlace> {
        self.place.as_ref()
    }

    /// Says where in a collection the puzzle on the board stands (none: in no collection).
    pub fn set_place(&mut self, place: Option<super::place::CollectionPlace>) {
        self.place = place;
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

    /// Runs or pauses the clock: it runs while the window has focus (and nothing covers the
    /// board) and a loaded puzzle is still being played (not full, not solved by the solver, not
    /// a puzzle with no solution).
    pub fn tick(&mut self, focused: bool, now: Instant) {
        // A puzzle whose givens admit no solution cannot be played to the end: no clock.
        let playing = self.loaded
            && !self.board.is_full()
            && !self.solving
            && self.answer != Answer::NoSolution;
        self.clock.run(focused && playing, now);
    }

    /// The name and state of a cell for screen readers: "row 3, column 4: 5, given".
    pub fn cell_label(&self, cell: usize) -> String {
        let (x, y, z) = self.board.layout().coordinates(cell);
        let mut place = format!("row {}, column {}", y + 1, x + 1);
        if self.board.layout().is_solid() {
            place = format!("layer {}, {place}", z + 1);
        }
        // A variant's own units, as a player of it would want them said.
        if let Some(v) = self.board.variant() {
            let mut what = Vec::new();
            if let Some(r) = v.region_of(cell) {
                what.push(format!("region {}", r + 1));
            }
            if let Some(k) = v.cage_of(cell) {
                let cage = &v.cages()[k];
                what.push(format!(
                    "cage of {} adding up to {}",
                    counted(cage.cells.len(), "cell", "cells"),
                    cage.sum
                ));
            }
            for (unit, cells) in v.units().iter() {
                if matches!(unit, Unit::Diagonal(_) | Unit::Window(_)) && cells.contains(&cell) {
                    what.push(unit.to_string());
                }
            }
            if !what.is_empty() {
                place = format!("{place} ({})", what.join(", "));
            }
        }
        // A shape's cage, as its corner reads.
        if let Some(s) = self.board.shape()
            && let Some(k) = s.cage_of(cell)
        {
            let killers = s.cages().len();
            let cage = match s.cages().get(k) {
                Some(c) => format!(
                    "cage of {} adding up to {}",
                    counted(c.cells.len(), "cell", "cells"),
                    c.sum
                ),
                None => s.math_cages().get(k - killers).map_or(String::new(), |c| {
                    let cells = counted(c.cells.len(), "cell", "cells");
                    format!("cage of {cells}, {}{}", c.target, c.op)
                }),
            };
            place = format!("{place} ({cage})");
        }
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

    pub(super) fn state(&self, cell: usize) -> CellState {
        CellState {
            value: self.board.get(cell),
            origin: self.origin(cell),
            notes: self.notes(cell),
            colour: self.colour(cell),
            marks: self.mark_colours(cell),
        }
    }

    pub(super) fn set_state(&mut self, cell: usize, s: CellState) {
        if cell < self.origin.len() {
            self.board.set(cell, s.value);
            self.origin[cell] = s.origin;
            self.notes[cell] = s.notes;
            self.colours[cell] = s.colour;
            self.marks[cell] = s.marks;
            self.wrong[cell] = false;
        }
    }

    /// Makes the changes as one undoable step called `label`. Returns false if nothing changed.
    pub(super) fn commit(&mut self, label: String, changes: Vec<(usize, CellState)>) -> bool {
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
    pub(super) fn placing(&self, cell: usize, value: u8) -> Vec<(usize, CellState)> {
        let mut changes = vec![(
            cell,
            CellState {
                value,
                origin: if value == 0 {
                    Origin::Empty
                } else {
                    Origin::Entry
                },
                ..self.state(cell)
            },
        )];
        if value != 0 {
            let bit = 1u64 << (value - 1);
            // Every unit of the cell (and its cage): a note of the value there goes.
            let mut peers: Vec<usize> = self
                .board
                .houses()
                .into_iter()
                .filter(|(_, cells)| cells.contains(&cell))
                .flat_map(|(_, cells)| cells)
                .filter(|&peer| peer != cell)
                .collect();
            peers.sort_unstable();
            peers.dedup();
            for peer in peers {
                if self.notes(peer) & bit != 0 {
                    let mut s = self.state(peer);
                    s.notes &= !bit;
                    changes.push((peer, s));
                }
            }
        }
        changes
    }

    /// Recomputes what depends on the board, and marks it changed.
    pub(super) fn refresh(&mut self) {
        self.generation += 1;
        self.clashes = self.board.clash_mask();
        self.hint = None;
    }

    /// A number that changes whenever the board, the notes or the history change (not the
    /// selection or the clock): what a copy of the game kept elsewhere compares to.
    pub fn revision(&self) -> u64 {
        self.generation
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
}
