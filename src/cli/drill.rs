//! `save-drill`: a player without a window who moves and saves as fast as it can, for the test
//! that kills it (`tests/kill.rs`).
//!
//! It takes the data directory as the window does ([`autosave::lock`]), restores the game saved
//! there (or starts on a fixed puzzle), then, move after move, writes a symbol into a cell and
//! saves the game through [`autosave::save`], the window's own path. Around each save it prints
//! the board: `saving LINE` before, `saved LINE` after, so that whoever kills it knows which
//! two games the save file may hold.

use std::io::{self, Write};
use std::time::Instant;

use crate::autosave::{self, Restored};
use crate::game::{Command, Game, Origin};
use crate::sudoku::Grid;

use super::args::SaveDrillArgs;
use super::exit::EXIT_OK;

/// The game when the directory holds none.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

pub(super) fn drill(args: &SaveDrillArgs) -> io::Result<u8> {
    let _lock = autosave::lock(&args.dir).map_err(|e| io::Error::other(e.to_string()))?;
    let mut game = match autosave::restore(&args.dir) {
        Restored::Game(game) => *game,
        Restored::Nothing => Game::with_puzzle(
            Grid::parse_line(PUZZLE, None).map_err(|e| io::Error::other(e.to_string()))?,
        ),
        Restored::Unreadable(why) => return Err(io::Error::other(why)),
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "restored {}", game.board().to_line())?;
    out.flush()?;
    let cells = game.geometry().cells();
    let side = game.geometry().side() as u8;
    let open: Vec<usize> = (0..cells)
        .filter(|&c| game.origin(c) != Origin::Given)
        .collect();
    if open.is_empty() {
        return Ok(EXIT_OK);
    }
    for k in 0..args.moves {
        // Round the open cells, each time with the next symbol: every move changes the board.
        let cell = open[(k as usize).wrapping_mul(7) % open.len()];
        game.apply(Command::Select(cell));
        game.apply(Command::Enter(game.value(cell) % side + 1));
        let line = game.board().to_line();
        writeln!(out, "saving {line}")?;
        out.flush()?;
        autosave::save(&args.dir, &game.to_saved(Instant::now())).map_err(io::Error::other)?;
        writeln!(out, "saved {line}")?;
        out.flush()?;
    }
    Ok(EXIT_OK)
}
