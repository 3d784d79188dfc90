//! The game that survives a restart: written to the platform's data directory every few seconds
//! while playing, on quit, and when the window is told to go (a signal, a panic), read back at
//! start.
//!
//! Writes are atomic and durable, as SQLite's commit is: the game goes to a temporary file
//! beside the save file (`game.toml.PID-N.partial`), which is flushed to the disk (`sync_all`),
//! renamed over the save file, and then the directory itself is flushed (on Unix), so that after
//! a crash or a power cut the save file is the old game or the new one, whole, never a mixture
//! nor an empty file. A save file that cannot be read (damaged, truncated, of another version)
//! is renamed to `game.toml.unreadable-YYYYMMDD-HHMMSS` (UTC; `-2`, `-3`... if taken), never
//! over an earlier one, and the app starts afresh with a message; it never panics over one.
//!
//! One window at a time saves to a directory: [`lock`] takes `game.lock` there (an advisory
//! lock the system drops when the process ends, however it ends). A second window finds it
//! taken and does not autosave, rather than overwrite the first one's game.
//!
//! Where: `$SUDOKU_DLX_DATA_DIR` if set (tests use it), else the platform's data directory as
//! the `directories` crate gives it: `$XDG_DATA_HOME/sudoku-dlx` or `~/.local/share/sudoku-dlx`
//! on Linux and the BSDs, `~/Library/Application Support/sudoku-dlx` on macOS,
//! `%APPDATA%\sudoku-dlx\data` on Windows.

use std::path::{Path, PathBuf};

use crate::game::Game;
use crate::game::save::SavedGame;
use crate::sudoku::files::formats::{bad_utf8, read_bounded};

/// The environment variable that overrides the data directory.
pub const DATA_DIR_VAR: &str = "SUDOKU_DLX_DATA_DIR";

/// The save file's name in the data directory.
pub const FILE_NAME: &str = "game.toml";

/// The largest save file read: 32 MiB. The largest game of the default symbols saves well
/// under half of it: a 36×36 board whose undo history is full (500 steps) of every candidate
/// filled in and new boards loaded writes 12.2 MiB
/// (`a_full_history_of_the_largest_board_saves_well_under_the_limit`). A larger file is no game
/// this app wrote, and reading it whole would take its size in memory and more to parse.
pub const MAX_SAVE_BYTES: u64 = 32 << 20;

/// The directory the game is saved in, if the platform has one.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "sudoku-dlx").map(|p| p.data_dir().to_path_buf())
}

/// The lock file's name in the data directory.
pub const LOCK_NAME: &str = "game.lock";

/// The data directory taken by this process: held until dropped (or the process ends).
#[derive(Debug)]
pub struct Lock {
    _file: std::fs::File,
}

/// Why the data directory could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process (another window) holds it.
    Taken(PathBuf),
    /// The directory or its lock file could not be made or opened.
    Io(String),
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Taken(dir) => write!(
                f,
                "another sudoku-dlx window is saving its game in {}",
                dir.display()
            ),
            LockError::Io(why) => f.write_str(why),
        }
    }
}

/// Takes the data directory `dir` for this process (making it if need be), or says who has it.
/// Leftover temporary files of saves cut short are removed once it is taken.
pub fn lock(dir: &Path) -> Result<Lock, LockError> {
    std::fs::create_dir_all(dir).map_err(|e| LockError::Io(format!("{}: {e}", dir.display())))?;
    let path = dir.join(LOCK_NAME);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| LockError::Io(format!("{}: {e}", path.display())))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => return Err(LockError::Taken(dir.into())),
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(LockError::Io(format!("{}: {e}", path.display())));
        }
    }
    // Nobody else writes here now: what a killed save left is rubbish.
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().ends_with(".partial") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    Ok(Lock { _file: file })
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

/// Reads the game saved in `dir`. A file that cannot be read is renamed out of the way: a
/// damaged one, one larger than [`MAX_SAVE_BYTES`], and anything not a regular file (a named
/// pipe, which would wait for a writer; a link to `/dev/zero`, which never ends), which is
/// refused unopened.
pub fn restore(dir: &Path) -> Restored {
    let path = dir.join(FILE_NAME);
    let text = match read_text(&path, MAX_SAVE_BYTES) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Restored::Nothing,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            return set_aside(&path, &e.to_string());
        }
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

/// Reads one of the files kept in the data directory (the save, the settings, the records) as
/// text: a regular file of at most `limit` bytes ([`read_bounded`]), in UTF-8. Text that is not
/// UTF-8 is an [`InvalidData`](std::io::ErrorKind::InvalidData) error naming the line, the column
/// and the byte.
pub fn read_text(path: &Path, limit: u64) -> std::io::Result<String> {
    let bytes = read_bounded(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let (line, column, byte) = bad_utf8(e.as_bytes(), &e.utf8_error());
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("line {line}, column {column}: not UTF-8 text (byte 0x{byte:02X})"),
        )
    })
}

fn set_aside(path: &Path, why: &str) -> Restored {
    let stamp = utc_stamp(std::time::SystemTime::now());
    let name = |k: u32| {
        let suffix = if k == 1 {
            String::new()
        } else {
            format!("-{k}")
        };
        path.with_extension(format!("toml.unreadable-{stamp}{suffix}"))
    };
    // The first name not taken: an earlier set-aside game is never overwritten.
    let aside = (1..1000)
        .map(name)
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| name(1000));
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

/// `YYYYMMDD-HHMMSS` in UTC, for file names.
fn utc_stamp(time: std::time::SystemTime) -> String {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_date(days);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The date `days` days after 1970-01-01 as (year, month, day), in the proleptic Gregorian
/// calendar (Howard Hinnant's `civil_from_days`).
pub fn civil_date(days: u64) -> (i64, i64, i64) {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Writes the game to `dir` atomically (a temporary file, then a rename), making the directory
/// if need be.
pub fn save(dir: &Path, saved: &SavedGame) -> Result<PathBuf, String> {
    let text = toml::to_string(saved).map_err(|e| format!("cannot write the game: {e}"))?;
    write_atomically(dir, FILE_NAME, &text)
}

/// Writes `text` to the file `name` in `dir` atomically and durably, making the directory if
/// need be: to `NAME.PID-N.partial` beside it, flushed to the disk, renamed over it, and the
/// directory flushed, so that a crash or a power cut at any moment leaves the old file or the
/// new one, whole. The error names the file.
pub fn write_atomically(dir: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    use std::io::Write;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(name);
    // A temporary file of this write's own: two writers (two processes, or the autosave and
    // the lifeboat of one) never share one.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let k = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let partial = dir.join(format!("{name}.{}-{k}.partial", std::process::id()));
    let written = std::fs::File::create(&partial)
        .and_then(|mut file| {
            file.write_all(text.as_bytes())?;
            file.sync_all()
        })
        .and_then(|()| std::fs::rename(&partial, &path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(format!("{}: {e}", path.display()));
    }
    // The rename is an entry of the directory: flushed with it. Windows has no such flush (its
    // rename is journalled with the file).
    #[cfg(unix)]
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(path)
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
        let aside = |dir: &Path| -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("game.toml.unreadable-"))
                .collect();
            names.sort();
            names
        };
        assert_eq!(aside(&dir).len(), 1, "{:?}", aside(&dir));
        // The next start is a fresh one.
        assert!(matches!(restore(&dir), Restored::Nothing));
        // Garbage of the right shape is refused too, with the line.
        std::fs::write(&path, "version = 1\nnotes_mode = 3\n").unwrap();
        let Restored::Unreadable(message) = restore(&dir) else {
            panic!("garbage was read")
        };
        assert!(message.contains("line 2"), "{message}");
        // The second file set aside did not replace the first, though set aside in the same
        // second.
        assert_eq!(aside(&dir).len(), 2, "{:?}", aside(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writers_in_one_process_at_once_leave_one_whole_file() {
        let dir = temp_dir("writers");
        let texts: Vec<String> = (0..8)
            .map(|k| format!("{k}").repeat(1000 + 300 * k))
            .collect();
        std::thread::scope(|s| {
            for text in &texts {
                let dir = &dir;
                s.spawn(move || {
                    for _ in 0..20 {
                        write_atomically(dir, "x.toml", text).unwrap();
                    }
                });
            }
        });
        let last = std::fs::read_to_string(dir.join("x.toml")).unwrap();
        assert!(texts.contains(&last), "a mixture of {} bytes", last.len());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_full_history_of_the_largest_board_saves_well_under_the_limit() {
        use crate::sudoku::{Geometry, Notation};
        // A 36×36 board (the largest with default symbols), a full history of the largest
        // steps: every candidate filled in, then another board loaded (the whole game kept for
        // undo), over and over.
        let notation = Notation::default_for(Geometry::square(6).unwrap()).unwrap();
        let empty = Grid::empty(notation);
        let mut game = Game::on_board(empty.clone());
        for k in 0..crate::game::history::HISTORY_LIMIT {
            if k % 2 == 0 {
                game.apply(Command::FillNotes);
            } else {
                game.load(empty.clone(), None);
            }
        }
        let dir = temp_dir("largest");
        let path = save(&dir, &game.to_saved(Instant::now())).unwrap();
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(matches!(restore(&dir), Restored::Game(_)));
        assert!(size < MAX_SAVE_BYTES / 2, "{size} bytes");
        std::fs::remove_dir_all(&dir).unwrap();
        // (The figure for the docs of MAX_SAVE_BYTES.)
        crate::output::note(format_args!("largest save: {size} bytes"));
    }

    #[test]
    fn dates_in_names_are_utc_calendar_dates() {
        let at = |secs| utc_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs));
        assert_eq!(at(0), "19700101-000000");
        assert_eq!(at(951_782_400), "20000229-000000");
        assert_eq!(at(1_795_651_199), "20261125-235959");
    }

    #[test]
    fn one_process_at_a_time_takes_the_directory_and_leftovers_go() {
        let dir = temp_dir("lock");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.toml.999999.partial"), "half a ga").unwrap();
        let first = lock(&dir).unwrap();
        assert!(!dir.join("game.toml.999999.partial").exists());
        // Another open file description conflicts as another process would.
        let second = lock(&dir);
        assert!(
            matches!(&second, Err(LockError::Taken(d)) if d == &dir),
            "{second:?}"
        );
        assert!(
            second
                .unwrap_err()
                .to_string()
                .contains("another sudoku-dlx window")
        );
        drop(first);
        assert!(lock(&dir).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
