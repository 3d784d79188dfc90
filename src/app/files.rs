//! Puzzles in and out of the window: picking from a collection, opening and pasting puzzle
//! files, saving the game as a file.
//!
//! Opening reads any format [`formats`] reads, KSudoku's saved games and shape files among them
//! (a board of any shape, with the givens and the player's entries). Saving writes the format
//! the file's extension names: KSudoku's saved game for `.ksudoku` and `.ksudoku.xml` (the
//! entries, pencil marks and time as KSudoku keeps them; a board KSudoku cannot play is refused
//! with the reason and nothing written), this program's own game file for any other name.
//! Exporting writes the puzzle as a PDF to print, or a picture of the board as the player sees
//! it (givens, entries, the solver's values, pencil marks): SVG for a name ending in `.svg`,
//! PNG for any other (a name without an extension gets `.png`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::autosave;
use crate::game::CollectionPlace;
use crate::game::{Origin, counted};
use crate::library::Collection;
use crate::print::ImageFormat;
use crate::print::drawing::{Ink, Progress, draw_progress};
use crate::sudoku::files::formats::{self, Entry, FileError};
use crate::sudoku::files::{ksudoku_format, ksudoku_write};
use crate::sudoku::{Format, Grid, Notation};

use super::action::Place;
use super::settings::CopyForm;
use super::window::App;

/// Where a pasted collection comes from: it cannot be read again after a restart.
const CLIPBOARD: &str = "the clipboard";

/// The most pasted text read: 4 MiB.
pub const MAX_PASTE_BYTES: usize = 4 << 20;

impl App {
    /// Puts a puzzle on the board, in place of whatever was there (a solve or count under way
    /// is stopped; its answer would be for the old board).
    pub(super) fn load(&mut self, puzzle: Grid, entries: Option<&Grid>, note: String) {
        if let Some(worker) = self.worker.take() {
            worker.stop();
        }
        self.game.load(puzzle, entries);
        self.keys = self.config.keys.adapted_to(self.game.board().alphabet());
        self.game.set_status(note, false);
    }

    pub(super) fn pick(&mut self, place: Place) {
        let Some(collection) = self.collections.get(place.collection) else {
            return;
        };
        let Some(entry) = collection.puzzles.get(place.puzzle) else {
            return;
        };
        let note = format!(
            "{}: puzzle {} of {} ({})",
            collection.name,
            place.puzzle + 1,
            collection.puzzles.len(),
            summary(&entry.puzzle)
        );
        let (puzzle, entries) = (entry.puzzle.clone(), entry.entries.clone());
        self.load(puzzle, entries.as_ref(), note);
        self.set_place(Some(place));
    }

    /// Says where in a collection the puzzle on the board stands, here and in the game (whose
    /// save keeps it for the next start).
    pub(super) fn set_place(&mut self, place: Option<Place>) {
        self.place = place;
        let saved = place.and_then(|p| {
            let collection = self.collections.get(p.collection)?;
            let file = collection
                .file
                .as_ref()
                .map(|f| f.to_string_lossy().into_owned());
            // A pasted collection cannot be read again.
            if file.is_none() && collection.source == CLIPBOARD {
                return None;
            }
            Some(CollectionPlace {
                bundled: file.is_none().then(|| collection.name.clone()),
                file,
                puzzle: p.puzzle,
            })
        });
        self.game.set_place(saved);
    }

    /// Finds again the collection and the place in it that the restored game was picked from:
    /// a bundled collection by its name, a file by its path (read again). If it is gone, or no
    /// longer holds the puzzle on the board at that place, the board is in no collection.
    pub(super) fn restore_place(&mut self) {
        let Some(saved) = self.game.place().cloned() else {
            return;
        };
        let found = match (&saved.bundled, &saved.file) {
            (Some(name), None) => self
                .collections
                .iter()
                .position(|c| c.file.is_none() && c.name == *name),
            (None, Some(file)) => {
                let path = PathBuf::from(file);
                match formats::read_path(&path, Some(&self.config.notation)) {
                    Ok((format, entries)) if entries.len() > 1 => {
                        let name = path.file_name().map_or_else(
                            || path.display().to_string(),
                            |n| n.to_string_lossy().into_owned(),
                        );
                        self.collections.push(Collection {
                            name,
                            grade: None,
                            shape: None,
                            source: format!("{} ({format})", path.display()),
                            file: Some(path),
                            puzzles: entries,
                        });
                        Some(self.collections.len() - 1)
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let givens = self.game.givens();
        let place = found
            .filter(|&c| {
                self.collections
                    .get(c)
                    .and_then(|c| c.puzzles.get(saved.puzzle))
                    .is_some_and(|e| e.puzzle == givens)
            })
            .map(|collection| Place {
                collection,
                puzzle: saved.puzzle,
            });
        self.place = place;
        if place.is_none() {
            self.game.set_place(None);
        }
    }

    /// The next (`by` 1) or previous (-1) puzzle of the collection, wrapping round.
    pub(super) fn step(&mut self, by: isize) {
        let Some(place) = self.place else {
            self.game.set_status(
                "No collection to step through: pick a puzzle from the Puzzles menu, or open a file",
                false,
            );
            return;
        };
        let Some(count) = self
            .collections
            .get(place.collection)
            .map(|c| c.puzzles.len())
        else {
            return;
        };
        let next = (place.puzzle as isize + by).rem_euclid(count.max(1) as isize) as usize;
        self.pick(Place {
            collection: place.collection,
            puzzle: next,
        });
    }

    /// Opens a puzzle file: its first puzzle goes on the board, and a file of several puzzles
    /// becomes a collection to step through. On failure the board stays as it was.
    pub fn open_path(&mut self, path: &Path) {
        match formats::read_path(path, Some(&self.config.notation)) {
            Ok((format, entries)) => {
                if let Some(dir) = path.parent() {
                    self.folder = dir.to_path_buf();
                }
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                let source = format!("{} ({format})", path.display());
                // The path from anywhere: the place in the file survives a restart elsewhere.
                let file = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
                self.offer(entries, name, source, Some(file));
            }
            Err(e) => {
                crate::output::note(format_args!("sudoku-dlx: {e}"));
                self.game
                    .set_status(format!("Could not open the file: {e}"), true);
            }
        }
    }

    /// Shows the first of `entries`; several become a collection named `name` (read from
    /// `file`, if from a file).
    pub(super) fn offer(
        &mut self,
        entries: Vec<Entry>,
        name: String,
        source: String,
        file: Option<PathBuf>,
    ) {
        let Some(first) = entries.first() else {
            return;
        };
        let configured = self.config.notation.geometry;
        let size = first.puzzle.geometry();
        let mut note = if entries.len() > 1 {
            format!(
                "{name}: puzzle 1 of {} ({})",
                entries.len(),
                summary(&first.puzzle)
            )
        } else {
            format!("Opened {name} ({})", summary(&first.puzzle))
        };
        if size != configured && first.puzzle.shape().is_none() {
            // A board other than the default one comes from a config file.
            let whose = if configured == Notation::default().geometry {
                "the default board is"
            } else {
                "config.toml says"
            };
            note.push_str(&format!(": a {size} board, where {whose} {configured}"));
        }
        if first.entries.is_some() {
            note.push_str(", with your saved entries");
        }
        let (puzzle, saved) = (first.puzzle.clone(), first.entries.clone());
        let many = entries.len() > 1;
        // The puzzle already on the board (a restored game, opened again from the command line):
        // keep the player's entries, notes and time rather than starting it over.
        let same = self.game.has_puzzle() && saved.is_none() && self.game.givens() == puzzle;
        let kept = format!("{name}: the puzzle on the board, as you left it (r starts it over)");
        if many {
            self.collections.push(Collection {
                name,
                grade: None,
                shape: None,
                source,
                file,
                puzzles: entries,
            });
        }
        if same {
            self.game.set_status(kept, false);
        } else {
            self.load(puzzle, saved.as_ref(), note);
        }
        self.set_place(many.then(|| Place {
            collection: self.collections.len() - 1,
            puzzle: 0,
        }));
    }

    /// Writes the puzzle on the board to `path` as a PDF to print: the givens (with the title
    /// of its collection's place, if any) on the first page, its solution on the second when
    /// it has a single one.
    pub fn export_pdf(&mut self, path: &Path) {
        let puzzle = self.game.givens();
        let title = match self.place.and_then(|p| {
            let c = self.collections.get(p.collection)?;
            Some(format!(
                "{}, {} of {}",
                c.name,
                p.puzzle + 1,
                c.puzzles.len()
            ))
        }) {
            Some(title) => title,
            None => "sudoku-dlx".to_string(),
        };
        let solution = puzzle.solution();
        let sheet = crate::print::Sheet {
            title,
            puzzle,
            solution,
        };
        let layout = crate::print::Layout {
            solutions: true,
            ..crate::print::Layout::default()
        };
        let bytes = crate::print::pdf::write(std::slice::from_ref(&sheet), &layout);
        match std::fs::write(path, bytes) {
            Ok(()) => self.game.set_status(
                format!("Exported the puzzle as a PDF to print: {}", path.display()),
                false,
            ),
            Err(e) => self
                .game
                .set_status(format!("Could not write {}: {e}", path.display()), true),
        }
    }

    /// Writes a picture of the board as the player sees it to `path` (with `.png` added when it
    /// has no extension): SVG for a name ending in `.svg`, else PNG. The status line says what
    /// was written, or why nothing was.
    pub fn export_image(&mut self, path: &Path) {
        let path = if path.extension().is_none() {
            path.with_extension("png")
        } else {
            path.to_path_buf()
        };
        let format = ImageFormat::of_path(&path);
        let positions = self.game.board().positions();
        let progress = Progress {
            inks: (0..positions)
                .map(|cell| match self.game.origin(cell) {
                    Origin::Entry => Ink::Entry,
                    Origin::Solver => Ink::Solver,
                    Origin::Given | Origin::Empty => Ink::Given,
                })
                .collect(),
            notes: (0..positions).map(|cell| self.game.notes(cell)).collect(),
        };
        let drawing = draw_progress(self.game.board(), &progress);
        let written = format
            .write(&drawing)
            .map_err(|e| e.to_string())
            .and_then(|bytes| std::fs::write(&path, bytes).map_err(|e| e.to_string()));
        match written {
            Ok(()) => self.game.set_status(
                format!(
                    "Exported the board as {}: {}",
                    format.name(),
                    path.display()
                ),
                false,
            ),
            Err(e) => self
                .game
                .set_status(format!("Could not write {}: {e}", path.display()), true),
        }
    }

    /// Copies the board to the system clipboard in `form`, or in the TOML form (which holds
    /// every board) when `form` cannot hold it, and says which.
    pub(super) fn copy(&mut self, ctx: &egui::Context, form: CopyForm) {
        let board = self.game.board();
        let (format, why) = match form.format().holds(board) {
            Ok(()) => (form.format(), None),
            Err(why) => (Format::Toml, Some(why)),
        };
        let mut text = formats::write(board, None, format);
        let lines = text.lines().count();
        if lines == 1 && text.ends_with('\n') {
            text.pop(); // one line copies as a line, ready to paste into a field
        }
        ctx.copy_text(text);
        let what = match lines {
            1 => format!("Copied the board in the {format} form"),
            n => format!("Copied the board in the {format} form ({n} lines)"),
        };
        let status = match why {
            Some(why) => format!("{what}: {why}"),
            None => what,
        };
        self.game.set_status(status, false);
    }

    /// A puzzle pasted as text (one line, a block, CSV...).
    pub(super) fn paste(&mut self, text: &str) {
        // Read on this thread, so not without bound: a few MiB is thousands of puzzles.
        if text.len() > MAX_PASTE_BYTES {
            self.game.set_status(
                format!(
                    "The pasted text is {:.1} MiB, more than the {} MiB read from the clipboard; \
                     save it to a file and open that. The board is unchanged",
                    text.len() as f64 / f64::from(1u32 << 20),
                    MAX_PASTE_BYTES >> 20
                ),
                true,
            );
            return;
        }
        match formats::read(text, None, Some(&self.config.notation)) {
            Ok((_, entries)) => {
                let count = entries.len();
                let name = format!("Pasted ({count})");
                self.offer(entries, name, CLIPBOARD.into(), None);
                if count == 1 {
                    let givens = counted(self.game.board().filled(), "given", "givens");
                    self.game
                        .set_status(format!("Pasted a puzzle ({givens})"), false);
                }
            }
            Err(e) => self.game.set_status(
                format!("The pasted text is not a puzzle: {e}; the board is unchanged"),
                true,
            ),
        }
    }

    /// The game as KSudoku's saved game: givens, entries, pencil marks and time, or why KSudoku
    /// cannot play the board.
    fn ksudoku_text(&self) -> Result<String, String> {
        let (givens, entries) = (self.game.givens(), self.game.entries());
        let mut game = ksudoku_format::game_of(&givens, Some(&entries), None);
        for (p, note) in game.notes.iter_mut().enumerate() {
            if givens.get(p) == 0 && entries.get(p) == 0 && givens.is_cell(p) {
                *note = self.game.notes(p);
            }
        }
        let elapsed = self.game.elapsed(Instant::now()).as_millis();
        game.elapsed_ms = u64::try_from(elapsed).unwrap_or(u64::MAX);
        ksudoku_write::write_game(&game).map_err(|e| e.to_string())
    }

    /// Saves the givens and the player's entries, in the format the name's extension chooses
    /// (see the module docs).
    pub fn save_to(&mut self, path: &Path) {
        let ksudoku = Format::from_path(path) == Some(Format::Ksudoku);
        let text = if ksudoku {
            match self.ksudoku_text() {
                Ok(text) => text,
                Err(why) => {
                    self.game.set_status(
                        format!(
                            "Could not save {} for KSudoku: {why}. Nothing was written; save \
                             it under a .txt name to keep it in sudoku-dlx's own form",
                            path.display()
                        ),
                        true,
                    );
                    return;
                }
            }
        } else {
            formats::write_game(&self.game.givens(), &self.game.entries())
        };
        // As the autosave writes: beside, flushed, renamed over, so that a failed write or a
        // crash never leaves half a file where a good one was.
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            self.game.set_status(
                format!("Could not save to {}: not a file name", path.display()),
                true,
            );
            return;
        };
        match autosave::write_atomically(dir, name, &text) {
            Ok(_) => {
                if let Some(dir) = path.parent() {
                    self.folder = dir.to_path_buf();
                }
                let how = if ksudoku { " for KSudoku" } else { "" };
                self.game
                    .set_status(format!("Saved the game to {}{how}", path.display()), false);
            }
            Err(e) => {
                crate::output::note(format_args!("sudoku-dlx: could not save: {e}"));
                self.game.set_status(format!("Could not save: {e}"), true);
            }
        }
    }
}

/// A puzzle in a few words: `23 givens`; `killer sudoku, 31 cages, 1 given`.
fn summary(puzzle: &Grid) -> String {
    let givens = counted(puzzle.filled(), "given", "givens");
    if let Some(shape) = puzzle.shape() {
        return format!("{}, {givens}", shape.name());
    }
    match puzzle.variant() {
        None => givens,
        Some(v) if v.cages().is_empty() => format!("{} sudoku, {givens}", v.name()),
        Some(v) => {
            let cages = counted(v.cages().len(), "cage", "cages");
            format!("{} sudoku, {cages}, {givens}", v.name())
        }
    }
}

/// Why a puzzle file could not be opened: the file, and where and what.
pub type OpenError = FileError;

/// Reads the first puzzle of a puzzle file, in any format [`formats`] reads. Symbols are read
/// with `preferred` when the size matches it, or with the default symbols of the puzzle's size.
pub fn open_first_puzzle(path: &Path, preferred: &Notation) -> Result<Grid, OpenError> {
    let (_, mut entries) = formats::read_path(path, Some(preferred))?;
    Ok(entries.swap_remove(0).puzzle)
}
