//! The player's records: games started and solved, hints taken, and the best time for each kind
//! of board and grade with the day it was set, as GNOME Sudoku keeps them. They live in
//! `records.toml` beside the saved game, and the window shows them when a puzzle is solved and in
//! View → Statistics.
//!
//! A kind of board is its size and box shape (or its shape's name and order), its variant and
//! its grade as the rater gives it ([`kind_of`]): `9×9 (3×3 boxes), killer, medium`. A puzzle
//! solved with the solver's help never reaches here (the game counts a puzzle solved only when
//! the player filled every cell); one solved with hints counts, and its hints are counted too.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::autosave;
use crate::sudoku::{Grade, Grid};

/// The records file's name in the data directory.
pub const FILE_NAME: &str = "records.toml";

/// The largest records file read: 1 MiB. A best time for every kind of board there is (sizes,
/// shapes, variants, grades: a few thousand) is a few hundred kilobytes; anything larger (or not
/// a regular file: a named pipe, a device) is refused unread, and the records start afresh.
pub const MAX_BYTES: u64 = 1 << 20;

/// Everything kept.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Records {
    /// Puzzles put on the board to play (opened, pasted, picked, made).
    pub started: u64,
    /// Puzzles the player filled in, every cell right.
    pub solved: u64,
    /// Hints asked for.
    pub hints: u64,
    /// The best time of each kind of board ([`kind_of`]).
    pub best: BTreeMap<String, Best>,
}

/// A best time and the day it was set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    /// Whole seconds.
    pub seconds: u64,
    /// `YYYY-MM-DD`, in UTC.
    pub date: String,
}

/// What a solve did to the records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The best time of its kind, and the one it beat, if any.
    NewBest(Option<Best>),
    /// Not better than the best, which stands.
    Slower(Best),
}

impl Records {
    /// The records saved in `dir`: none yet if there is no file, and with them a message if
    /// the file could not be read (it is then left alone until the next record is written).
    pub fn load(dir: &Path) -> (Records, Option<String>) {
        let path = dir.join(FILE_NAME);
        let text = match autosave::read_text(&path, MAX_BYTES) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Records::default(), None);
            }
            Err(e) => {
                return (
                    Records::default(),
                    Some(format!("{}: {e}; the records start afresh", path.display())),
                );
            }
        };
        match toml::from_str(&text) {
            Ok(records) => (records, None),
            Err(e) => (
                Records::default(),
                Some(format!(
                    "{}: {}; the records start afresh",
                    path.display(),
                    e.message().trim()
                )),
            ),
        }
    }

    /// Writes the records to `dir` (a temporary file, then a rename).
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        autosave::write_atomically(dir, FILE_NAME, &text).map(drop)
    }

    /// Counts a puzzle solved in `time` on a board of `kind`, on `date`, and says whether it is
    /// the best of its kind.
    pub fn solved(&mut self, kind: &str, time: Duration, date: &str) -> Outcome {
        self.solved += 1;
        let seconds = time.as_secs();
        let new = Best {
            seconds,
            date: date.to_string(),
        };
        match self.best.get(kind) {
            Some(best) if best.seconds <= seconds => Outcome::Slower(best.clone()),
            previous => {
                let previous = previous.cloned();
                self.best.insert(kind.to_string(), new);
                Outcome::NewBest(previous)
            }
        }
    }
}

/// The kind of board a puzzle is, for its records: its size and box shape or its shape, its
/// variant, its grade.
pub fn kind_of(puzzle: &Grid, grade: Grade) -> String {
    let board = match (puzzle.shape(), puzzle.variant()) {
        (Some(shape), _) => format!("{} ({} symbols)", shape.name(), shape.symbols()),
        (None, Some(variant)) => format!("{}, {}", puzzle.geometry(), variant.name()),
        (None, None) => puzzle.geometry().to_string(),
    };
    format!("{board}, {grade}")
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    date_of(days)
}

/// The date `days` days after 1970-01-01, `YYYY-MM-DD`.
pub fn date_of(days: u64) -> String {
    let (year, month, day) = autosave::civil_date(days);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn dates_come_out_as_the_calendar_has_them() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(59), "1970-03-01");
        assert_eq!(date_of(11_016), "2000-02-29");
        assert_eq!(date_of(20_783), "2026-11-26");
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn a_faster_solve_is_the_new_best_and_a_slower_one_leaves_it() {
        let mut r = Records::default();
        let kind = "9×9 (3×3 boxes), easy";
        let first = r.solved(kind, Duration::from_secs(300), "2026-11-01");
        assert_eq!(first, Outcome::NewBest(None));
        let slower = r.solved(kind, Duration::from_secs(301), "2026-11-02");
        assert!(matches!(slower, Outcome::Slower(Best { seconds: 300, .. })));
        let faster = r.solved(kind, Duration::from_secs(200), "2026-11-03");
        assert!(matches!(
            faster,
            Outcome::NewBest(Some(Best { seconds: 300, .. }))
        ));
        assert_eq!(r.best[kind].date, "2026-11-03");
        assert_eq!(r.solved, 3);
        // Another kind has its own best.
        let other = r.solved(
            "9×9 (3×3 boxes), hard",
            Duration::from_secs(900),
            "2026-11-03",
        );
        assert_eq!(other, Outcome::NewBest(None));
    }

    #[test]
    fn records_round_trip_and_a_bad_file_starts_afresh_with_a_reason() {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-records-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(Records::load(&dir), (Records::default(), None));
        let mut r = Records {
            started: 4,
            hints: 2,
            ..Records::default()
        };
        r.solved(
            "Samurai (9 symbols), medium",
            Duration::from_secs(1234),
            "2026-11-26",
        );
        r.save(&dir).unwrap();
        assert_eq!(Records::load(&dir), (r, None));
        std::fs::write(dir.join(FILE_NAME), "solved = \"many\"\n").unwrap();
        let (loaded, why) = Records::load(&dir);
        assert_eq!(loaded, Records::default());
        assert!(why.unwrap().contains("records.toml"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_kind_names_the_board_its_variant_and_its_grade() {
        let g = Grid::parse_line(&".".repeat(81), None).unwrap();
        assert_eq!(kind_of(&g, Grade::Hard), "9×9 (3×3 boxes), hard");
    }
}
