//! Colouring as the player does it: a colour on the selected cell or on one of its pencil marks,
//! each an undoable step like an entry or a note, kept by the save with the rest of the game
//! ([`colours`](super::colours) is what a colour is). Colouring again with the colour something
//! already has takes the colour off (as a key that toggles), and clearing the colours takes
//! every one off the board in one step.
//!
//! The window's one-symbol filter asks [`Game::could_hold`] which cells may still take a
//! symbol: an empty cell with pencil marks where the symbol is one of them, an empty cell
//! without marks where no cell of its units holds the symbol yet.

use super::colours::{COLOURS, MarkColours};
use super::history::CellState;
use super::state::Game;
use super::status::{Status, counted};

impl Game {
    /// A cell's colour (0 none).
    pub fn colour(&self, cell: usize) -> u8 {
        self.colours.get(cell).copied().unwrap_or(0)
    }

    /// The colours of a cell's candidates.
    pub fn mark_colours(&self, cell: usize) -> MarkColours {
        self.marks.get(cell).copied().unwrap_or_default()
    }

    /// True if any cell or candidate is coloured.
    pub fn has_colours(&self) -> bool {
        self.colours.iter().any(|&c| c != 0) || self.marks.iter().any(|m| !m.is_empty())
    }

    /// Gives the selected cell colour `colour`, or takes it off if the cell has it already.
    pub(super) fn colour_cell(&mut self, colour: u8) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first, then colour it");
            return;
        };
        if colour == 0 || colour > COLOURS {
            return;
        }
        let name = self.board.cell_name(cell);
        let mut s: CellState = self.state(cell);
        let off = s.colour == colour;
        s.colour = if off { 0 } else { colour };
        let label = format!("colour {colour} on {name}");
        self.commit(label, vec![(cell, s)]);
        self.status = Status::info(if off {
            format!("{name}: colour {colour} taken off")
        } else {
            format!("{name}: coloured {colour}")
        });
    }

    /// Gives candidate `value` of the selected cell colour `colour`, or takes it off if the
    /// candidate has it already. The candidate must be one of the cell's pencil marks.
    pub(super) fn colour_mark(&mut self, value: u8, colour: u8) {
        let Some(cell) = self.selected else {
            self.status = Status::info("Hover a cell first, then colour one of its notes");
            return;
        };
        if value == 0 || usize::from(value) > self.geometry().side() || colour > COLOURS {
            return;
        }
        let name = self.board.cell_name(cell);
        let symbol = self.board.alphabet().symbol(value);
        if self.board.get(cell) != 0 || self.notes(cell) & (1 << (value - 1)) == 0 {
            self.status = Status::problem(format!(
                "{name} has no note {symbol}: colour a candidate once it is a pencil mark"
            ));
            return;
        }
        let mut s = self.state(cell);
        let off = colour == 0 || s.marks.get(value) == colour;
        s.marks = s.marks.with(value, if off { 0 } else { colour });
        let label = format!("colour {colour} on note {symbol} of {name}");
        self.commit(label, vec![(cell, s)]);
        self.status = Status::info(if off {
            format!("{name}: note {symbol} uncoloured")
        } else {
            format!("{name}: note {symbol} coloured {colour}")
        });
    }

    /// Takes every colour off the board, cells and candidates, in one step.
    pub(super) fn clear_colours(&mut self) {
        let changes: Vec<(usize, CellState)> = (0..self.colours.len())
            .filter(|&cell| self.colour(cell) != 0 || !self.mark_colours(cell).is_empty())
            .map(|cell| {
                let mut s = self.state(cell);
                s.colour = 0;
                s.marks = MarkColours::NONE;
                (cell, s)
            })
            .collect();
        let n = changes.len();
        self.status = Status::info(if self.commit("clearing the colours".into(), changes) {
            format!(
                "Colours cleared from {} (undo brings them back)",
                counted(n, "cell", "cells")
            )
        } else {
            "No colours to clear".to_string()
        });
    }

    /// The cells that may still take `value`: empty cells whose pencil marks hold it, and empty
    /// cells without marks where no cell of their units holds it (what the one-symbol filter
    /// shows).
    pub fn could_hold(&self, value: u8) -> Vec<bool> {
        let positions = self.board.positions();
        let mut taken = vec![false; positions];
        if value == 0 || usize::from(value) > self.geometry().side() {
            return taken;
        }
        for (_, cells) in self.board.houses() {
            if cells.iter().any(|&c| self.board.get(c) == value) {
                for c in cells {
                    taken[c] = true;
                }
            }
        }
        (0..positions)
            .map(|c| {
                self.board.is_cell(c)
                    && self.board.get(c) == 0
                    && match self.notes(c) {
                        0 => !taken[c],
                        notes => notes & (1 << (value - 1)) != 0,
                    }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::{Command, save};
    use crate::sudoku::Grid;
    use std::time::Instant;

    fn game() -> Game {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        Game::with_puzzle(Grid::parse_line(line, None).unwrap())
    }

    #[test]
    fn a_cell_is_coloured_recoloured_and_uncoloured_each_an_undoable_step() {
        let mut g = game();
        g.apply(Command::ColourCell(2));
        assert_eq!(g.colour(0), 0, "no cell selected: nothing coloured");
        g.apply(Command::Select(2)); // a given can be coloured too
        g.apply(Command::ColourCell(2));
        assert_eq!(g.colour(2), 2);
        assert!(g.has_colours());
        g.apply(Command::ColourCell(4));
        assert_eq!(g.colour(2), 4);
        g.apply(Command::ColourCell(4));
        assert_eq!(g.colour(2), 0, "the same colour again takes it off");
        g.apply(Command::ColourCell(COLOURS + 1));
        assert_eq!(g.colour(2), 0, "no such colour");
        g.apply(Command::Undo);
        assert_eq!(g.colour(2), 4);
        g.apply(Command::Undo);
        assert_eq!(g.colour(2), 2);
        g.apply(Command::Redo);
        assert_eq!(g.colour(2), 4);
        assert_eq!(g.value(2), 3, "the given stays");
    }

    #[test]
    fn a_candidate_is_coloured_only_as_a_pencil_mark_and_clearing_takes_all_in_one_step() {
        let mut g = game();
        g.apply(Command::Select(0));
        g.apply(Command::ColourMark {
            value: 4,
            colour: 1,
        });
        assert!(g.status().problem, "no note 4 in r1c1 yet");
        assert!(g.mark_colours(0).is_empty());
        g.apply(Command::Note(4));
        g.apply(Command::Note(5));
        g.apply(Command::ColourMark {
            value: 4,
            colour: 1,
        });
        g.apply(Command::ColourMark {
            value: 5,
            colour: 3,
        });
        assert_eq!((g.mark_colours(0).get(4), g.mark_colours(0).get(5)), (1, 3));
        g.apply(Command::Select(1));
        g.apply(Command::ColourCell(5));
        let undo = g.can_undo();
        g.apply(Command::ClearColours);
        assert!(!g.has_colours());
        assert_eq!(g.notes(0), 0b11000, "the notes stay");
        assert_eq!(g.can_undo(), undo + 1, "one step");
        g.apply(Command::Undo);
        assert_eq!((g.mark_colours(0).get(5), g.colour(1)), (3, 5));
        g.apply(Command::ClearColours);
        g.apply(Command::ClearColours);
        assert_eq!(g.status().text, "No colours to clear");
    }

    #[test]
    fn colours_are_saved_with_the_game_and_its_history_and_reset_takes_them_off() {
        let mut g = game();
        g.apply(Command::Select(0));
        g.apply(Command::Note(7));
        g.apply(Command::ColourMark {
            value: 7,
            colour: 2,
        });
        g.apply(Command::Select(80));
        g.apply(Command::ColourCell(5));
        let text = toml::to_string(&g.to_saved(Instant::now())).unwrap();
        assert!(text.contains("colours = \""), "{text}");
        let back: save::SavedGame = toml::from_str(&text).unwrap();
        let mut back = Game::from_saved(&back).unwrap();
        assert_eq!((back.mark_colours(0).get(7), back.colour(80)), (2, 5));
        back.apply(Command::Undo);
        assert_eq!(back.colour(80), 0);
        back.apply(Command::Undo);
        assert!(back.mark_colours(0).is_empty());
        back.apply(Command::Redo);
        back.apply(Command::Redo);
        back.apply(Command::Reset);
        assert!(!back.has_colours());
        back.apply(Command::Undo);
        assert_eq!(back.colour(80), 5);
        // A game without colours writes no colour lines; a bad colour is refused.
        let plain = toml::to_string(&game().to_saved(Instant::now())).unwrap();
        assert!(
            !plain.contains("colours") && !plain.contains("marks"),
            "{plain}"
        );
        let mut bad = g.to_saved(Instant::now());
        bad.current.colours = bad.current.colours.replace('5', "8");
        assert!(Game::from_saved(&bad).unwrap_err().starts_with("colours:"));
    }

    #[test]
    fn the_filter_finds_the_cells_that_may_take_a_symbol() {
        let mut g = game();
        let could = g.could_hold(3);
        // r1c3 holds 3: nothing else in row 1, column 3 or box 1 may.
        assert!(!could[2] && !could[0] && !could[8] && !could[20] && !could[18]);
        assert!(
            could[35],
            "r4c9 is empty, and row 4, column 9 and box 6 have no 3"
        );
        // Pencil marks, where there are any, decide.
        g.apply(Command::Select(35));
        g.apply(Command::Note(5));
        assert!(!g.could_hold(3)[35]);
        assert!(g.could_hold(5)[35]);
        assert!(g.could_hold(0).iter().all(|&c| !c));
    }
}
