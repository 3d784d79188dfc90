//! What the player can ask of the game ([`Command`]) and how each is carried out: moving the
//! selection, writing and clearing values, pencil marks, reset, undo and redo.

use std::time::Instant;

use crate::sudoku::logic::hint;

use super::cell::Origin;
use super::colours::MarkColours;
use super::history::{CellState, Edit, Step, format_clock};
use super::state::Game;
use super::status::{Status, counted};

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
    /// Remove the solver's output, the player's entries, notes and colours; the givens stay.
    Reset,
    /// Take back the last change.
    Undo,
    /// Do again the last change taken back.
    Redo,
    /// Show the next forced move and why; a second press fills it in.
    Hint,
    /// Mark the entries that differ from the solution.
    Check,
    /// Give the selected cell this colour (1..=[`COLOURS`](super::colours::COLOURS)), or take
    /// it off if the cell has it.
    ColourCell(u8),
    /// Give a pencil mark of the selected cell a colour, or take it off.
    ColourMark {
        /// The mark's symbol.
        value: u8,
        /// The colour (1..=`COLOURS`; 0 takes the mark's colour off).
        colour: u8,
    },
    /// Take every colour off the board.
    ClearColours,
}

impl Game {
    /// Carries out a command.
    pub fn apply(&mut self, command: Command) {
        let cells = self.board.positions();
        match command {
            Command::Select(cell) if cell < cells && self.board.is_cell(cell) => {
                self.selected = Some(cell);
            }
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
            Command::ColourCell(colour) => self.colour_cell(colour),
            Command::ColourMark { value, colour } => self.colour_mark(value, colour),
            Command::ClearColours => self.clear_colours(),
        }
    }

    /// The first cell in reading order: where the selection starts.
    fn first_cell(&self) -> usize {
        (0..self.board.positions())
            .find(|&c| self.board.is_cell(c))
            .unwrap_or(0)
    }

    /// Moves the selection by rows and columns within its layer, stopping at the layout's edge
    /// and passing over holes to the next cell beyond them (staying put if there is none).
    pub(super) fn move_selection(&mut self, rows: isize, cols: isize) {
        let Some(cell) = self.selected else {
            self.selected = Some(self.first_cell());
            return;
        };
        let layout = self.board.layout();
        let (w, h) = (layout.width as isize, layout.height as isize);
        let (x, y, z) = layout.coordinates(cell);
        let (tx, ty) = (
            (x as isize + cols).clamp(0, w - 1),
            (y as isize + rows).clamp(0, h - 1),
        );
        let (sx, sy) = ((tx - x as isize).signum(), (ty - y as isize).signum());
        let (mut cx, mut cy) = (tx, ty);
        loop {
            let at = layout.position(cx as usize, cy as usize, z);
            if self.board.is_cell(at) {
                self.selected = Some(at);
                return;
            }
            cx += sx;
            cy += sy;
            if (sx == 0 && sy == 0) || !(0..w).contains(&cx) || !(0..h).contains(&cy) {
                return;
            }
        }
    }

    pub(super) fn jump(&mut self, rows: isize, cols: isize) {
        let Some(cell) = self.selected else {
            self.selected = Some(self.first_cell());
            return;
        };
        let layout = self.board.layout();
        let (w, h) = (layout.width as isize, layout.height as isize);
        let (x, y, z) = layout.coordinates(cell);
        let (mut c, mut r) = (x as isize, y as isize);
        if rows == 0 && cols == 0 {
            return;
        }
        loop {
            r += rows.signum();
            c += cols.signum();
            if !(0..h).contains(&r) || !(0..w).contains(&c) {
                return;
            }
            let next = layout.position(c as usize, r as usize, z);
            if self.board.is_cell(next) && self.board.get(next) == 0 {
                self.selected = Some(next);
                return;
            }
        }
    }

    pub(super) fn next_empty(&mut self, forward: bool) {
        let cells = self.board.positions();
        let start = self.selected.unwrap_or(if forward { cells - 1 } else { 0 });
        for k in 1..=cells {
            let cell = if forward {
                (start + k) % cells
            } else {
                (start + cells - k % cells) % cells
            };
            if self.board.get(cell) == 0 && self.board.is_cell(cell) {
                self.selected = Some(cell);
                return;
            }
        }
        self.status = Status::info("No empty cell left");
    }

    pub(super) fn write(&mut self, value: u8) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first, then type");
            return;
        };
        let side = self.geometry().side();
        if usize::from(value) > side {
            return;
        }
        let name = self.board.cell_name(cell);
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

    pub(super) fn clear(&mut self) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first");
            return;
        };
        let name = self.board.cell_name(cell);
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

    pub(super) fn toggle_note(&mut self, value: u8) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first, then type a note");
            return;
        };
        if value == 0 || usize::from(value) > self.geometry().side() {
            return;
        }
        let name = self.board.cell_name(cell);
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

    pub(super) fn fill_notes(&mut self) {
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
                "Filled in the candidates of {} as notes",
                counted(empty, "empty cell", "empty cells")
            ));
        } else {
            self.status = Status::info("The notes already hold every candidate");
        }
    }

    pub(super) fn reset(&mut self) {
        // Entries, notes and colours go; the givens stay (their colours go too).
        let changes: Vec<(usize, CellState)> = (0..self.origin.len())
            .map(|cell| {
                let mut s = CellState {
                    value: 0,
                    origin: Origin::Empty,
                    notes: 0,
                    colour: 0,
                    marks: MarkColours::NONE,
                };
                if self.origin[cell] == Origin::Given {
                    s.value = self.board.get(cell);
                    s.origin = Origin::Given;
                    s.notes = self.notes(cell);
                }
                (cell, s)
            })
            .collect();
        self.commit("reset".into(), changes);
        self.status = Status::info(if self.loaded {
            "Reset: back to the puzzle's givens (undo brings your entries back)"
        } else {
            "Reset: the board is empty"
        });
    }

    pub(super) fn undo(&mut self) {
        let Some(step) = self.history.undo.pop_back() else {
            self.status = Status::info("Nothing to undo");
            return;
        };
        self.status = Status::info(format!("Undid {}", step.label));
        let step = self.reverse(step, true);
        self.history.redo.push(step);
    }

    pub(super) fn redo(&mut self) {
        let Some(step) = self.history.redo.pop() else {
            self.status = Status::info("Nothing to redo");
            return;
        };
        self.status = Status::info(format!("Redid {}", step.label));
        let step = self.reverse(step, false);
        self.history.undo.push_back(step);
    }

    /// Takes a step back (`back`) or forward, and returns it ready for the other list.
    pub(super) fn reverse(&mut self, step: Step, back: bool) -> Step {
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
    pub(super) fn announce_completion(&mut self) {
        if self.is_complete() {
            let now = Instant::now();
            self.clock.run(false, now);
            let elapsed = self.clock.elapsed(now);
            if !self.completed {
                self.completed = true;
                self.events.push(super::state::Event::Solved(elapsed));
            }
            let time = format_clock(elapsed);
            self.status =
                Status::info(format!("Solved! Every cell is filled and right, in {time}"));
        }
    }
}
