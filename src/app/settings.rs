//! What the player chooses in the View menu: what the window shows and its theme; and the New
//! game dialog's last choice. Kept beside the saved game
//! (`settings.toml` in the data directory) and read back at start; config.toml is never
//! written. A settings file that cannot be read gives the defaults and a message.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::autosave;
use crate::sudoku::Format;

/// The settings file's name in the data directory.
pub const FILE_NAME: &str = "settings.toml";

/// The largest settings file read: 1 MiB. The app writes a few hundred bytes; anything larger
/// (or not a regular file: a named pipe, a device) is refused unread, and the defaults are used.
pub const MAX_BYTES: u64 = 1 << 20;

/// What the window shows. The defaults are what it showed before there were settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The live count of the solutions of the givens and entries, under the board.
    pub solution_count: bool,
    /// Two equal symbols in a row, column or box marked red.
    pub clashes: bool,
    /// Every cell and pencil mark holding the selected (or picked) symbol highlighted.
    pub same_symbol: bool,
    /// The clock under the board.
    pub clock: bool,
    /// The symbol picker under the board.
    pub picker: bool,
    /// Each empty cell's number of options left, as the engine counts them.
    pub candidates: bool,
    /// The form Ctrl+C copies the board in (File → Copy as).
    pub copy: CopyForm,
    /// The theme picked in the View menu (none: config.toml's `theme`).
    pub theme: Option<crate::config::Theme>,
    /// The last choice of the New game dialog, which it opens on (none yet: it opens on the
    /// board on show).
    pub new_game: Option<super::new_game::NewGame>,
}

/// The forms the board can be copied in: the puzzle files' forms that hold one board, each
/// read back by Ctrl+V here and by the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CopyForm {
    /// One line, `.` for empty (square boards).
    #[default]
    Line,
    /// One row a line (square boards).
    Block,
    /// The TOML form, which holds every board: variants, shapes, cages.
    Toml,
    /// A jigsaw's givens and regions on one line.
    Jigsaw,
    /// SumoCue's killer form.
    Sumocue,
    /// Knuth's `sudoku-general-dlx` input.
    Knuth,
    /// A KSudoku saved game.
    Ksudoku,
}

impl CopyForm {
    /// Every form, in the menu's order.
    pub const ALL: [CopyForm; 7] = [
        CopyForm::Line,
        CopyForm::Block,
        CopyForm::Toml,
        CopyForm::Jigsaw,
        CopyForm::Sumocue,
        CopyForm::Knuth,
        CopyForm::Ksudoku,
    ];

    /// The file format it writes.
    pub fn format(self) -> Format {
        match self {
            CopyForm::Line => Format::Line,
            CopyForm::Block => Format::Block,
            CopyForm::Toml => Format::Toml,
            CopyForm::Jigsaw => Format::Jigsaw,
            CopyForm::Sumocue => Format::SumoCue,
            CopyForm::Knuth => Format::Knuth,
            CopyForm::Ksudoku => Format::Ksudoku,
        }
    }

    /// The menu's words for it.
    pub fn label(self) -> &'static str {
        match self {
            CopyForm::Line => "One line",
            CopyForm::Block => "A block of rows",
            CopyForm::Toml => "TOML (any board, its variant or shape)",
            CopyForm::Jigsaw => "Jigsaw line (givens, then regions)",
            CopyForm::Sumocue => "SumoCue killer",
            CopyForm::Knuth => "Knuth's sudoku-general-dlx",
            CopyForm::Ksudoku => "KSudoku saved game",
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            solution_count: true,
            clashes: true,
            same_symbol: true,
            clock: true,
            picker: true,
            candidates: false,
            copy: CopyForm::Line,
            theme: None,
            new_game: None,
        }
    }
}

impl Settings {
    /// Every setting with its name in the View menu, to draw the menu from.
    pub fn entries(&mut self) -> [(&'static str, &mut bool); 6] {
        [
            ("Symbol picker", &mut self.picker),
            ("Highlight the same symbol", &mut self.same_symbol),
            ("Mark clashes", &mut self.clashes),
            ("Solution count", &mut self.solution_count),
            ("Clock", &mut self.clock),
            ("Candidates as the engine sees them", &mut self.candidates),
        ]
    }

    /// The settings saved in `dir`: the defaults if there are none, and with them a message if
    /// the file could not be read.
    pub fn load(dir: &Path) -> (Settings, Option<String>) {
        let path = dir.join(FILE_NAME);
        let text = match autosave::read_text(&path, MAX_BYTES) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Settings::default(), None);
            }
            Err(e) => {
                let why = format!(
                    "{}: {e}; the View menu starts from its defaults",
                    path.display()
                );
                return (Settings::default(), Some(why));
            }
        };
        match toml::from_str(&text) {
            Ok(settings) => (settings, None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{}: {}; the View menu starts from its defaults",
                    path.display(),
                    e.message().trim()
                )),
            ),
        }
    }

    /// Writes the settings to `dir` (a temporary file, then a rename).
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        autosave::write_atomically(dir, FILE_NAME, &text).map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_a_bad_file_gives_the_defaults_with_a_reason() {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(Settings::load(&dir), (Settings::default(), None));
        let settings = Settings {
            solution_count: false,
            picker: false,
            copy: CopyForm::Ksudoku,
            theme: Some(crate::config::Theme::Dark),
            new_game: Some(super::super::new_game::NewGame {
                side: 16,
                boxes: "4x4".into(),
                killer: true,
                ..Default::default()
            }),
            ..Settings::default()
        };
        settings.save(&dir).unwrap();
        assert_eq!(Settings::load(&dir), (settings, None));
        // A file written before the New game dialog reads as it did.
        std::fs::write(dir.join(FILE_NAME), "clock = false\ncopy = \"toml\"\n").unwrap();
        let (old, why) = Settings::load(&dir);
        assert_eq!(
            (old.clock, old.copy, old.new_game, why),
            (false, CopyForm::Toml, None, None)
        );
        std::fs::write(dir.join(FILE_NAME), "clock = 3\n").unwrap();
        let (loaded, why) = Settings::load(&dir);
        assert_eq!(loaded, Settings::default());
        assert!(why.unwrap().contains("settings.toml"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
