//! The game that survives a restart: written to the platform's data directory every few seconds
//! while playing and on quit, read back at start.
//!
//! Writes are atomic: the game goes to `game.toml.partial` beside the save file, then is renamed
//! over it, so a crash mid-write leaves the previous save whole. A save file that cannot be read
//! (damaged, truncated, of another version) is renamed to `game.toml.unreadable` and the app
//! starts afresh with a message; it never panics over one.
//!
//! Where: `$SUDOKU_DLX_DATA_DIR` if set (tests use it), else `$XDG_DATA_HOME/sudoku-dlx`, else
//! `~/.local/share/sudoku-dlx` on Linux and the BSDs, `~/Library/Application Support/sudoku-dlx`
//! on macOS, `%APPDATA%\sudoku-dlx` on Windows.

use std::path::{Path, PathBuf};

use crate::game::Game;
use crate::game::save::SavedGame;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_VAR: &str = "SUDOKU_DLX_DATA_DIR";

/// The save file's name in the data directory.
pub const FILE_NAME: &str = "game.toml";

/// The directory the game is saved in, if the platform has one.
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var(DATA_DIR_VAR) {
        return Some(dir);
    }
    let base = if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library").join("Application Support"))
    } else {
        var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local").join("share")))
    };
    base.map(|b| b.join("sudoku-dlx"))
}

/// What reading the save file gave.
#[derive(Debug)]
pub enum Restored {
    /// No save file: a first start.
    Nothing,
    /// The saved game.
    Game(Box<Game>),
    /// The file could not be read; it was set aside (or could not be), as the message says.
    Unreadable(String),
}

/// Reads the game saved in `dir`. A file that cannot be read is renamed out of the way.
pub fn restore(dir: &Path) -> Restored {
    let path = dir.join(FILE_NAME);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Restored::Nothing,
        Err(e) => return set_aside(&path, &format!("cannot be read: {e}")),
    };
    let parsed = toml::from_str::<SavedGame>(&text)
        .map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            match line {
                Some(line) => format!("line {line}: {}", e.message().trim()),
                None => e.message().trim().to_string(),
            }
        })
        .and_then(|saved| Game::from_saved(&saved));
    match parsed {
        Ok(game) => Restored::Game(Box::new(game)),
        Err(why) => set_aside(&path, &why),
    }
}

fn set_aside(path: &Path, why: &str) -> Restored {
    let aside = path.with_extension("toml.unreadable");
    let message = match std::fs::rename(path, &aside) {
        Ok(()) => format!(
            "The saved game {} could not be restored ({why}); it was set aside as {}",
            path.display(),
            aside.display()
        ),
        Err(e) => format!(
            "The saved game {} could not be restored ({why}), nor set aside ({e})",
            path.display()
        ),
    };
    Restored::Unreadable(message)
}

/// Writes the game to `dir` atomically (a temporary file, then a rename), making the directory
/// if need be.
pub fn save(dir: &Path, saved: &SavedGame) -> Result<PathBuf, String> {
    let text = toml::to_string(saved).map_err(|e| format!("cannot write the game: {e}"))?;
    write_atomically(dir, FILE_NAME, &text)
}

/// Writes `text` to the file `name` in `dir` atomically, making the directory if need be: to
/// `NAME.partial` beside it, then renamed over it, so that a crash mid-write leaves the old file
/// whole. The error names the file.
pub fn write_atomically(dir: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(name);
    let partial = dir.join(format!("{name}.partial"));
    let result = std::fs::write(&partial, text).and_then(|()| std::fs::rename(&partial, &path));
    match result {
        Ok(()) => Ok(path),
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(format!("{}: {e}", path.display()))
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::Command;
    use crate::sudoku::Grid;
    use std::time::Instant;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn game() -> Game {
        let puzzle = Grid::parse_line(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            None,
        )
        .unwrap();
        let mut game = Game::with_puzzle(puzzle);
        game.apply(Command::Select(0));
        game.apply(Command::Enter(4));
        game.apply(Command::Select(1));
        game.apply(Command::Note(5));
        game
    }

    #[test]
    fn a_saved_game_is_restored_and_nothing_is_left_beside_it() {
        let dir = temp_dir("roundtrip");
        assert!(matches!(restore(&dir), Restored::Nothing));
        let path = save(&dir, &game().to_saved(Instant::now())).unwrap();
        assert_eq!(path, dir.join(FILE_NAME));
        let Restored::Game(back) = restore(&dir) else {
            panic!("not restored")
        };
        assert_eq!(back.value(0), 4);
        assert_eq!(back.notes(1), 0b10000);
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from(FILE_NAME)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_truncated_save_is_set_aside_with_a_message() {
        let dir = temp_dir("truncated");
        let path = save(&dir, &game().to_saved(Instant::now())).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, &text[..text.len() / 2]).unwrap();
        let Restored::Unreadable(message) = restore(&dir) else {
            panic!("a truncated file was read")
        };
        assert!(message.contains("could not be restored"), "{message}");
        assert!(message.contains("set aside as"), "{message}");
        assert!(!path.exists());
        assert!(dir.join("game.toml.unreadable").exists());
        // The next start is a fresh one.
        assert!(matches!(restore(&dir), Restored::Nothing));
        // Garbage of the right shape is refused too, with the line.
        std::fs::write(&path, "version = 1\nnotes_mode = 3\n").unwrap();
        let Restored::Unreadable(message) = restore(&dir) else {
            panic!("garbage was read")
        };
        assert!(message.contains("line 2"), "{message}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
