//! The one-symbol filter: which symbol's candidates the board shows alone, and the shade on
//! every cell that may still take it ([`Game::could_hold`](crate::game::Game::could_hold)). It
//! is the window's way of looking, kept in the [`App`] and neither undone nor saved; F7, the
//! Colour menu and a right click's menu turn it on and off, and picking another symbol in the
//! picker moves it there ([`colouring`](super::colouring) has the keys and menus).

use crate::game::Command;

use super::window::App;

impl App {
    /// The symbol the filter shows alone, if it is on.
    pub fn filter(&self) -> Option<u8> {
        self.filter
    }

    /// Shows one symbol's candidates alone, or every symbol's again, and says so.
    pub(super) fn set_filter(&mut self, filter: Option<u8>) {
        let side = self.game.geometry().side();
        self.filter = filter.filter(|&v| v != 0 && usize::from(v) <= side);
        let text = match self.filter {
            Some(v) => {
                let cells = self.game.could_hold(v).iter().filter(|&&c| c).count();
                let symbol = self.game.board().alphabet().symbol(v);
                format!(
                    "Showing {symbol}'s candidates alone: {} may take it (F7 shows every symbol)",
                    crate::game::counted(cells, "cell", "cells")
                )
            }
            None => "Showing every symbol's pencil marks".to_string(),
        };
        self.game.set_status(text, false);
    }

    /// F7: the filter on for the highlighted symbol, or off.
    pub(super) fn toggle_filter(&mut self) {
        if self.filter.is_some() {
            self.set_filter(None);
        } else if let Some(v) = self.chosen.or_else(|| self.highlighted()) {
            self.set_filter(Some(v));
        } else {
            self.game.set_status(
                "Pick a symbol in the picker (or select a cell holding it), then F7 shows its \
                 candidates alone",
                false,
            );
        }
    }

    /// Shift+F2–F6: colours the selected cell's pencil mark of the highlighted symbol.
    pub(super) fn colour_mark(&mut self, colour: u8) {
        match self.filter.or(self.chosen).or_else(|| self.highlighted()) {
            Some(value) => self.game.apply(Command::ColourMark { value, colour }),
            None => self.game.set_status(
                "Pick a symbol in the picker first: Shift+F2–F6 colour its pencil mark",
                false,
            ),
        }
    }
}
