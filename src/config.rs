//! `config.toml`: the board's shape and symbols, and the command keys.
//!
//! [`Config::from_toml_str`] is pure; only [`Config::load`] touches the disk. Every error names
//! the file, the line and the key, and says what would be right.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::sudoku::board::kind::variant_words;
use crate::sudoku::files::formats::{bad_utf8, read_bounded};
use crate::sudoku::{Alphabet, EMPTY, Geometry, Grid, Notation, Rules, Variant};

/// The largest config file read: 1 MiB, far more than any config needs.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The file looked for in the working directory when no `--config` is given.
pub const DEFAULT_PATH: &str = "config.toml";

/// The settings of the app and the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The board's shape and symbols.
    pub notation: Notation,
    /// The empty board's variant (X, hyper, or both), if not classic.
    pub variant: Option<Arc<Variant>>,
    /// The command keys.
    pub keys: Keys,
    /// Light, dark, or as the system says.
    pub theme: Theme,
    /// The board's colours in the light theme.
    pub light: Colors,
    /// The board's colours in the dark theme.
    pub dark: Colors,
}

impl Default for Config {
    fn default() -> Self {
        let notation = Notation::default();
        let keys = Keys::defaults_for(&notation.alphabet);
        Config {
            notation,
            variant: None,
            keys,
            theme: Theme::System,
            light: Colors::LIGHT,
            dark: Colors::DARK,
        }
    }
}

/// Which theme the window uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Follow the system's light or dark setting.
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

/// A colour: red, green, blue and alpha (opacity), 0 to 255 each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgba(pub [u8; 4]);

impl Rgba {
    const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Rgba([r, g, b, 255])
    }

    /// Parses `#rrggbb` or `#rrggbbaa` (hexadecimal, either case).
    pub fn parse(text: &str) -> Option<Self> {
        let hex = text.trim().strip_prefix('#')?;
        if !(hex.len() == 6 || hex.len() == 8) || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |k: usize| u8::from_str_radix(&hex[k..k + 2], 16).ok();
        Some(Rgba([
            byte(0)?,
            byte(2)?,
            byte(4)?,
            if hex.len() == 8 { byte(6)? } else { 255 },
        ]))
    }
}

/// The colours of the board in one theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colors {
    /// The givens' symbols.
    pub given: Rgba,
    /// The player's entries.
    pub entry: Rgba,
    /// The solver's output.
    pub solver: Rgba,
    /// Pencil marks.
    pub note: Rgba,
    /// The selected cell's background.
    pub selection: Rgba,
    /// The background of the selected cell's row, column and box.
    pub peer: Rgba,
    /// Clashing symbols and wrong entries.
    pub clash: Rgba,
    /// The background of the cells a hint is about.
    pub hint: Rgba,
}

impl Colors {
    /// The light theme's defaults.
    pub const LIGHT: Colors = Colors {
        given: Rgba::rgb(20, 20, 20),
        entry: Rgba::rgb(25, 85, 200),
        solver: Rgba::rgb(20, 125, 60),
        note: Rgba::rgb(90, 90, 110),
        selection: Rgba::rgb(190, 215, 250),
        peer: Rgba::rgb(234, 240, 250),
        clash: Rgba::rgb(200, 20, 20),
        hint: Rgba::rgb(255, 236, 160),
    };

    /// The dark theme's defaults.
    pub const DARK: Colors = Colors {
        given: Rgba::rgb(235, 235, 235),
        entry: Rgba::rgb(120, 175, 255),
        solver: Rgba::rgb(110, 205, 135),
        note: Rgba::rgb(170, 170, 190),
        selection: Rgba::rgb(60, 80, 120),
        peer: Rgba::rgb(40, 46, 58),
        clash: Rgba::rgb(255, 110, 110),
        hint: Rgba::rgb(95, 80, 25),
    };

    fn slots(&mut self) -> [(&'static str, &mut Rgba); 8] {
        [
            ("given", &mut self.given),
            ("entry", &mut self.entry),
            ("solver", &mut self.solver),
            ("note", &mut self.note),
            ("selection", &mut self.selection),
            ("peer", &mut self.peer),
            ("clash", &mut self.clash),
            ("hint", &mut self.hint),
        ]
    }
}

/// A key, optionally with Ctrl, as written in the config: `"space"`, `"r"`, `"ctrl+q"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeySpec {
    /// Ctrl (Cmd on macOS) must be held.
    pub ctrl: bool,
    /// The key.
    pub key: KeyName,
}

/// The keys a command can be bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyName {
    /// A letter (stored lower case), a digit or a punctuation key.
    Char(char),
    /// The space bar.
    Space,
    /// Enter / Return.
    Enter,
    /// Escape.
    Escape,
    /// Tab.
    Tab,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// A function key, F1 to F12.
    F(u8),
}

impl KeySpec {
    /// A key without Ctrl.
    pub const fn plain(key: KeyName) -> Self {
        KeySpec { ctrl: false, key }
    }

    /// Parses `"space"`, `"r"`, `"ctrl+q"`, `"Ctrl+Space"`, `"f1"` (case does not matter).
    pub fn parse(text: &str) -> Option<Self> {
        let lower = text.trim().to_ascii_lowercase();
        let (ctrl, name) = match lower.split_once('+') {
            Some((m, rest)) if matches!(m.trim(), "ctrl" | "control" | "cmd") => {
                (true, rest.trim())
            }
            _ => (false, lower.as_str()),
        };
        let key = match name {
            "space" => KeyName::Space,
            "enter" | "return" => KeyName::Enter,
            "escape" | "esc" => KeyName::Escape,
            "tab" => KeyName::Tab,
            "backspace" => KeyName::Backspace,
            "delete" | "del" => KeyName::Delete,
            f if f.len() >= 2 && f.starts_with('f') => match f[1..].parse::<u8>() {
                Ok(n @ 1..=12) => KeyName::F(n),
                _ => return None,
            },
            other => {
                let mut chars = other.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_graphic() => KeyName::Char(c),
                    _ => return None,
                }
            }
        };
        Some(KeySpec { ctrl, key })
    }
}

impl fmt::Display for KeySpec {
    /// `Space`, `R`, `Ctrl+Q`, `F1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl+")?;
        }
        match self.key {
            KeyName::Char(c) => write!(f, "{}", c.to_ascii_uppercase()),
            KeyName::Space => f.write_str("Space"),
            KeyName::Enter => f.write_str("Enter"),
            KeyName::Escape => f.write_str("Esc"),
            KeyName::Tab => f.write_str("Tab"),
            KeyName::Backspace => f.write_str("Backspace"),
            KeyName::Delete => f.write_str("Delete"),
            KeyName::F(n) => write!(f, "F{n}"),
        }
    }
}

/// The command keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keys {
    /// Solve the board (default Space).
    pub solve: KeySpec,
    /// Clear entries and solver output (default R).
    pub reset: KeySpec,
    /// Quit (default Q).
    pub quit: KeySpec,
    /// The next puzzle of the collection (default N).
    pub next: KeySpec,
    /// The previous puzzle of the collection (default P).
    pub previous: KeySpec,
    /// Switch typing between values and pencil marks (default M).
    pub notes: KeySpec,
    /// Write every candidate as pencil marks (default F).
    pub fill_notes: KeySpec,
    /// Show the next forced move; again, fill it in (default H).
    pub hint: KeySpec,
    /// Mark the entries that differ from the solution (default E, for errors).
    pub check: KeySpec,
    /// Watch the search move by move (default W).
    pub watch: KeySpec,
    /// Pause: hide the board and stop the clock; again, resume (default B, for a break).
    pub pause: KeySpec,
}

/// Keys that are not configurable, with what they do: commands may not take them.
pub const FIXED_KEYS: [(&str, &str); 15] = [
    ("ctrl+z", "undo"),
    ("ctrl+y", "redo"),
    ("ctrl+o", "open"),
    ("ctrl+s", "save"),
    ("ctrl+c", "copy"),
    ("ctrl+v", "paste"),
    ("f1", "the keys overlay"),
    ("f2", "colour 1"),
    ("f3", "colour 2"),
    ("f4", "colour 3"),
    ("f5", "colour 4"),
    ("f6", "colour 5"),
    ("f7", "the one-symbol filter"),
    ("f8", "clearing the colours"),
    ("?", "the keys overlay"),
];

impl Keys {
    /// The default keys for an alphabet: Space, and the letters R, Q, N, P, M, F, H, E, W and B,
    /// where a default letter that is also a symbol takes Ctrl (16×16's `1-9A-G` holds B, E and
    /// F, 25×25's `1-9A-P` B, E, F, H, M, N and P, 36×36's `0-9A-Z` all ten), so typing a symbol
    /// never runs a command.
    pub fn defaults_for(alphabet: &Alphabet) -> Self {
        let letter = |c: char| KeySpec {
            ctrl: alphabet.holds_letter(c),
            key: KeyName::Char(c),
        };
        Keys {
            solve: KeySpec::plain(KeyName::Space),
            reset: letter('r'),
            quit: letter('q'),
            next: letter('n'),
            previous: letter('p'),
            notes: letter('m'),
            fill_notes: letter('f'),
            hint: letter('h'),
            check: letter('e'),
            watch: letter('w'),
            pause: letter('b'),
        }
    }

    /// The keys for a board with another alphabet (a puzzle file of another size than the
    /// config's): a plain letter that is a symbol there takes Ctrl, so typing never runs a command.
    pub fn adapted_to(self, alphabet: &Alphabet) -> Self {
        let adapt = |spec: KeySpec| match spec.key {
            KeyName::Char(c) if !spec.ctrl && alphabet.value(c).is_some() => {
                KeySpec { ctrl: true, ..spec }
            }
            _ => spec,
        };
        Keys {
            solve: adapt(self.solve),
            reset: adapt(self.reset),
            quit: adapt(self.quit),
            next: adapt(self.next),
            previous: adapt(self.previous),
            notes: adapt(self.notes),
            fill_notes: adapt(self.fill_notes),
            hint: adapt(self.hint),
            check: adapt(self.check),
            watch: adapt(self.watch),
            pause: adapt(self.pause),
        }
    }

    /// Every command with its config key name.
    pub fn all(&self) -> [(&'static str, KeySpec); 11] {
        [
            ("solve", self.solve),
            ("reset", self.reset),
            ("quit", self.quit),
            ("next", self.next),
            ("previous", self.previous),
            ("notes", self.notes),
            ("fill_notes", self.fill_notes),
            ("hint", self.hint),
            ("check", self.check),
            ("watch", self.watch),
            ("pause", self.pause),
        ]
    }
}

/// A problem with the configuration: where it is, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file, when the text came from one.
    pub path: Option<PathBuf>,
    /// The line (from 1), when known.
    pub line: Option<usize>,
    /// The key, when the problem is with one.
    pub key: Option<String>,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl fmt::Display for ConfigError {
    /// `config.toml: line 3: symbols: 8 symbols given, but a side of 9 needs exactly 9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The file as written, with the span of every value for error messages.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawConfig {
    box_size: Option<Spanned<i64>>,
    #[serde(rename = "box")]
    box_shape: Option<Spanned<String>>,
    symbols: Option<Spanned<String>>,
    variant: Option<Spanned<String>>,
    theme: Option<Spanned<String>>,
    keys: RawKeys,
    colors: RawColors,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawColors {
    light: RawColorSet,
    dark: RawColorSet,
}

/// One theme's colours as written: name to value, checked against [`Colors`]'s names.
type RawColorSet = std::collections::BTreeMap<String, Spanned<String>>;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawKeys {
    solve: Option<Spanned<String>>,
    reset: Option<Spanned<String>>,
    quit: Option<Spanned<String>>,
    next: Option<Spanned<String>>,
    previous: Option<Spanned<String>>,
    notes: Option<Spanned<String>>,
    fill_notes: Option<Spanned<String>>,
    hint: Option<Spanned<String>>,
    check: Option<Spanned<String>>,
    watch: Option<Spanned<String>>,
    pause: Option<Spanned<String>>,
}

/// The key (with its table: `keys.solve`) written on the line of `text` holding byte `at`, for
/// the errors of the TOML reader, which say what is wrong (a string where a number belongs, a
/// key given twice) but not of which key. A table's header names the table. `None` on a line
/// that is neither (the middle of a list).
fn key_at(text: &str, at: usize) -> Option<String> {
    let start = text[..at.min(text.len())].rfind('\n').map_or(0, |k| k + 1);
    let line = text[start..].lines().next().unwrap_or("").trim();
    let is_key = |k: &str| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '"' | ' '))
    };
    let name = |k: &str| k.replace(['"', ' '], "");
    if let Some(header) = line.strip_prefix('[') {
        let header = header.trim_start_matches('[');
        let header = header.split(']').next().unwrap_or("");
        return is_key(header).then(|| name(header));
    }
    let (key, _) = line.split_once('=')?;
    if !is_key(key.trim()) {
        return None;
    }
    // The table the line is in: the last header above it.
    let table = text[..start]
        .lines()
        .rev()
        .map(str::trim)
        .find_map(|l| l.strip_prefix('['))
        .map(|h| name(h.trim_start_matches('[').split(']').next().unwrap_or("")));
    Some(match table {
        Some(table) if !table.is_empty() => format!("{table}.{}", name(key.trim())),
        _ => name(key.trim()),
    })
}

impl Config {
    /// The empty board this config asks for: its shape, symbols and variant.
    pub fn empty_board(&self) -> Grid {
        let empty = Grid::empty(self.notation.clone());
        empty
            .with_variant(self.variant.clone())
            .unwrap_or_else(|classic| classic)
    }

    /// Parses config text. Errors carry the line and key but no path (see [`load`](Self::load)).
    pub fn from_toml_str(text: &str) -> Result<Self, ConfigError> {
        // A span's line: the newlines before its start, plus one.
        let line_at =
            |span: Range<usize>| Some(text[..span.start.min(text.len())].matches('\n').count() + 1);
        let err = |span: Range<usize>, key: &str, message: String| ConfigError {
            path: None,
            line: line_at(span),
            key: Some(key.to_string()),
            message,
        };

        let raw: RawConfig = toml::from_str(text).map_err(|e| ConfigError {
            path: None,
            line: e.span().and_then(line_at),
            key: e.span().and_then(|span| key_at(text, span.start)),
            message: e.message().trim().to_string(),
        })?;

        let geometry = match (&raw.box_size, &raw.box_shape) {
            (Some(_), Some(shape)) => {
                return Err(err(
                    shape.span(),
                    "box",
                    "give either box_size or box, not both".into(),
                ));
            }
            (Some(n), None) => {
                // Named as written: -3 is not "0", nor 10^14 a wrapped-round number.
                let written = *n.get_ref();
                let size = usize::try_from(written)
                    .ok()
                    .filter(|&s| (1..=64).contains(&s));
                let fail = |why: String| {
                    err(
                        n.span(),
                        "box_size",
                        format!(
                            "{written}: {why} (box_size is 2 to 8; 2 to 6 with the default \
                             symbols)"
                        ),
                    )
                };
                match size {
                    Some(size) => Geometry::square(size).map_err(|e| fail(e.to_string()))?,
                    None => return Err(fail("not a box size".into())),
                }
            }
            (None, Some(shape)) => Geometry::parse(shape.get_ref())
                .map_err(|e| err(shape.span(), "box", e.to_string()))?,
            (None, None) => Geometry::classic(),
        };

        let alphabet = match &raw.symbols {
            Some(symbols) => Alphabet::new(symbols.get_ref().chars().collect(), geometry.side())
                .map_err(|e| err(symbols.span(), "symbols", e.to_string()))?,
            None => Alphabet::default_for(geometry.side()).map_err(|e| {
                // The size was set by box_size or box; name the one the user wrote.
                let (span, key) = match (&raw.box_size, &raw.box_shape) {
                    (Some(n), _) => (n.span(), "box_size"),
                    (None, Some(shape)) => (shape.span(), "box"),
                    (None, None) => (0..0, "symbols"),
                };
                err(span, key, e.to_string())
            })?,
        };

        let mut keys = Keys::defaults_for(&alphabet);
        let raw_keys = [
            ("keys.solve", &raw.keys.solve),
            ("keys.reset", &raw.keys.reset),
            ("keys.quit", &raw.keys.quit),
            ("keys.next", &raw.keys.next),
            ("keys.previous", &raw.keys.previous),
            ("keys.notes", &raw.keys.notes),
            ("keys.fill_notes", &raw.keys.fill_notes),
            ("keys.hint", &raw.keys.hint),
            ("keys.check", &raw.keys.check),
            ("keys.watch", &raw.keys.watch),
            ("keys.pause", &raw.keys.pause),
        ];
        // Each key on its own, then the final set: a swap (solve = "r", reset = "space") is fine.
        let mut chosen = keys.all().map(|(_, spec)| spec);
        for (k, &(name, raw_key)) in raw_keys.iter().enumerate() {
            let Some(raw_key) = raw_key else { continue };
            let text = raw_key.get_ref();
            let bad = |message: String| err(raw_key.span(), name, message);
            let spec = KeySpec::parse(text).ok_or_else(|| {
                bad(format!(
                    "{text:?} is not a key: write a letter, digit or punctuation key, space, \
                     enter, escape, tab, backspace, delete or f1 to f12, optionally as ctrl+KEY"
                ))
            })?;
            let clears = matches!(spec.key, KeyName::Backspace | KeyName::Delete)
                || matches!(spec.key, KeyName::Char(c) if c == EMPTY || alphabet.is_empty_marker(c));
            if !spec.ctrl && clears {
                return Err(bad(format!("{text:?} clears a cell; choose another key")));
            }
            if let (false, KeyName::Char(c)) = (spec.ctrl, spec.key)
                && (alphabet.value(c).is_some() || alphabet.holds_letter(c))
            {
                return Err(bad(format!(
                    "{text:?} is also a symbol of the board, so typing it could not fill a \
                     cell; use \"ctrl+{c}\" or another key"
                )));
            }
            if let Some((_, what)) = FIXED_KEYS
                .iter()
                .find(|(fixed, _)| KeySpec::parse(fixed) == Some(spec))
            {
                return Err(bad(format!(
                    "{spec} is the fixed key for {what}; choose another"
                )));
            }
            chosen[k] = spec;
        }
        for k in 0..chosen.len() {
            if let Some(j) = (0..k).find(|&j| chosen[j] == chosen[k]) {
                // Name the one the file set (or the later one, if it set both).
                let (at, other) = if raw_keys[k].1.is_some() {
                    (k, j)
                } else {
                    (j, k)
                };
                let span = raw_keys[at].1.as_ref().map_or(0..0, Spanned::span);
                return Err(err(
                    span,
                    raw_keys[at].0,
                    format!(
                        "{} is also the key for {}{}; give each command its own key",
                        chosen[k],
                        raw_keys[other].0,
                        if raw_keys[other].1.is_some() {
                            ""
                        } else {
                            " (its default)"
                        }
                    ),
                ));
            }
        }
        [
            keys.solve,
            keys.reset,
            keys.quit,
            keys.next,
            keys.previous,
            keys.notes,
            keys.fill_notes,
            keys.hint,
            keys.check,
            keys.watch,
            keys.pause,
        ] = chosen;

        let theme = match &raw.theme {
            None => Theme::System,
            Some(t) => match t.get_ref().trim().to_ascii_lowercase().as_str() {
                "system" => Theme::System,
                "light" => Theme::Light,
                "dark" => Theme::Dark,
                other => {
                    return Err(err(
                        t.span(),
                        "theme",
                        format!(
                            "\"{other}\" is not a theme: write \"system\", \"light\" or \"dark\""
                        ),
                    ));
                }
            },
        };
        let mut light = Colors::LIGHT;
        let mut dark = Colors::DARK;
        for (set, raw_set, table) in [
            (&mut light, &raw.colors.light, "colors.light"),
            (&mut dark, &raw.colors.dark, "colors.dark"),
        ] {
            for (name, value) in raw_set {
                let mut slots = set.slots();
                let names: Vec<&str> = slots.iter().map(|(n, _)| *n).collect();
                let Some((_, slot)) = slots.iter_mut().find(|(n, _)| n == name) else {
                    return Err(err(
                        value.span(),
                        &format!("{table}.{name}"),
                        format!("not a colour of the board; these are: {}", names.join(", ")),
                    ));
                };
                **slot = Rgba::parse(value.get_ref()).ok_or_else(|| {
                    err(
                        value.span(),
                        &format!("{table}.{name}"),
                        format!(
                            "\"{}\" is not a colour: write \"#rrggbb\" or \"#rrggbbaa\" in hexadecimal",
                            value.get_ref()
                        ),
                    )
                })?;
            }
        }

        // The empty board's variant: X and hyper are rules of the board alone; a jigsaw's regions
        // and a killer's cages come with a puzzle.
        let variant = match &raw.variant {
            None => None,
            Some(v) => {
                let mut rules = Rules::default();
                let words = variant_words(v.get_ref()).map_err(|e| err(v.span(), "variant", e))?;
                if words.is_empty() {
                    return Err(err(
                        v.span(),
                        "variant",
                        "no variant named: write x, hyper, both (\"x hyper\") or classic".into(),
                    ));
                }
                for word in words {
                    match word.as_str() {
                        "x" => rules.diagonals = true,
                        "hyper" | "windoku" => rules.windows = true,
                        "classic" => {}
                        "jigsaw" | "killer" => {
                            return Err(err(
                                v.span(),
                                "variant",
                                format!(
                                    "\"{word}\": a {word} board comes with its puzzle (open one, \
                                     or make one with New); the empty board can be x, hyper or both"
                                ),
                            ));
                        }
                        _ => {
                            return Err(err(
                                v.span(),
                                "variant",
                                format!(
                                    "\"{word}\" is not a variant of the empty board: x, hyper, \
                                     both (\"x hyper\") or classic"
                                ),
                            ));
                        }
                    }
                }
                if rules.is_classic() {
                    None
                } else {
                    let variant = Variant::new(geometry, rules)
                        .map_err(|e| err(v.span(), "variant", e.to_string()))?;
                    Some(Arc::new(variant))
                }
            }
        };

        Ok(Config {
            notation: Notation {
                geometry,
                alphabet: Arc::new(alphabet),
            },
            variant,
            keys,
            theme,
            light,
            dark,
        })
    }

    /// Loads the config: from `path` if given (it must exist), otherwise from `./config.toml` if
    /// there is one, otherwise the defaults.
    pub fn load(path: Option<&Path>) -> Result<Self, ConfigError> {
        let (path, required) = match path {
            Some(p) => (p.to_path_buf(), true),
            None => (PathBuf::from(DEFAULT_PATH), false),
        };
        let fail = |line: Option<usize>, message: String| ConfigError {
            path: Some(path.clone()),
            line,
            key: None,
            message,
        };
        // Only a regular file, and not a huge one: a FIFO would wait for a writer and /dev/zero
        // never end.
        let bytes = match read_bounded(&path, MAX_CONFIG_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Config::default());
            }
            Err(e) => return Err(fail(None, format!("cannot read the file: {e}"))),
        };
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let (line, column, byte) = bad_utf8(bytes, &e);
            fail(
                Some(line),
                format!("column {column}: not UTF-8 text (byte 0x{byte:02X})"),
            )
        })?;
        Config::from_toml_str(text).map_err(|e| ConfigError {
            path: Some(path),
            ..e
        })
    }
}
