//! Puzzle files: the formats other sudoku tools read and write, detected and parsed with errors
//! that say where and what.
//!
//! | format | extension | layout |
//! |--------|-----------|--------|
//! | one-line | `.txt` | one puzzle a line, `side²` cells; `.`, `-`, `_`, `*` (and `0` where it is no symbol) are empty; `#` comments |
//! | block | `.txt` | one row a line; `|`, `+`, spaces and rule lines (`---+---`) ignored; several grids one after another, titles such as `Grid 01` allowed |
//! | SadMan `.sdk` | `.sdk` | a block grid after `#` header lines (`#A` author, `#D` description...) and an optional `[Puzzle]` section |
//! | `.sdm` | `.sdm` | one 81-digit puzzle a line, `0` empty |
//! | Simple Sudoku `.ss` | `.ss` | a block grid with `|` between boxes and `-----------` (or `*-----------*`) rules |
//! | CSV | `.csv` | `puzzle,solution` a line (more columns are fine: `puzzle`/`quizzes` and `solution`/`solutions` are found by their header) |
//! | variant TOML | `.toml` | `variant`, `box`, `givens`, `regions`, `cages` keys, one puzzle or `[[puzzle]]` tables (X, hyper, jigsaw, killer and their mixtures) |
//! | jigsaw line | `.txt` | one puzzle a line: `side²` givens, then `side²` region characters |
//! | SumoCue killer | `.txt` | one puzzle a line: `3x3::k:` (`3x3:d:k:` killer X), then `sum·256 + cage:` a cell |
//! | Knuth's general | `.txt` | `n` lines of givens, then groups of `n` lines naming boxes (`sudoku-general-dlx`'s input; see [`general_format`]) |
//! | KSudoku | `.ksudoku` | KSudoku's saved game or shape file (XML, told by its root element, whatever its name: `.ksudoku.xml`, `.xml`) |
//!
//! The last four carry a puzzle's [`Variant`](crate::sudoku::Variant) (see [`variant_format`],
//! [`sumocue_format`] and [`general_format`] for their details); the others hold classic puzzles,
//! and writing a variant's puzzle in one of them keeps only its givens ([`Format::holds`] says
//! which can hold a puzzle).
//!
//! KSudoku's saved games and shape files hold boards that may have holes, several grids or
//! layers: [`read`] gives such a board on its shape ([`Grid::on_shape`]), with the givens, the
//! player's entries and the solution the file holds (see [`ksudoku_format`]), and KSudoku's files
//! are told by content whatever [`Format`] the caller names.
//!
//! A saved game (Ctrl+S in the window) is a one-line file whose puzzle line follows a
//! `# entries: ...` comment holding the player's entries; other tools read it as a plain puzzle.

use std::fmt;
use std::path::Path;

use thiserror::Error;

use crate::sudoku::board::alphabet::is_layout;
use crate::sudoku::board::geometry::Geometry;
use crate::sudoku::board::grid::{Grid, Notation, ParseError, ParseErrorKind, is_rule};
use crate::sudoku::files::general_format;
use crate::sudoku::files::ksudoku;
use crate::sudoku::files::ksudoku_format;
use crate::sudoku::files::shape_format;
use crate::sudoku::files::sumocue_format;
use crate::sudoku::files::variant_format;

pub use crate::sudoku::files::entry::Entry;

/// A puzzle file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle a line.
    Line,
    /// One row a line, grids one after another.
    Block,
    /// SadMan Software's `.sdk`: `#` headers, then a block grid.
    Sdk,
    /// `.sdm`: one-line puzzles with `0` for empty.
    Sdm,
    /// Simple Sudoku's `.ss`: a block grid with rules.
    SimpleSudoku,
    /// `puzzle,solution` lines.
    Csv,
    /// Variant puzzles as TOML.
    Toml,
    /// Jigsaw puzzles a line: givens, then regions.
    Jigsaw,
    /// Killer puzzles a line in SumoCue's form.
    SumoCue,
    /// Knuth's `sudoku-general-dlx` input: one board, its boxes in groups.
    Knuth,
    /// KSudoku's saved game (or shape file): XML, one board of any shape.
    Ksudoku,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 11] = [
        Format::Line,
        Format::Block,
        Format::Sdk,
        Format::Sdm,
        Format::SimpleSudoku,
        Format::Csv,
        Format::Toml,
        Format::Jigsaw,
        Format::SumoCue,
        Format::Knuth,
        Format::Ksudoku,
    ];

    /// The format a file's extension names, if it names one (`.txt` names none: it may hold
    /// one-line or block puzzles, which [`read`] tells apart; nor does `.xml`, whose content
    /// tells a KSudoku file).
    pub fn from_path(path: &Path) -> Option<Format> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        if name.ends_with(".ksudoku.xml") {
            return Some(Format::Ksudoku);
        }
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "ksudoku" => Some(Format::Ksudoku),
            "sdk" => Some(Format::Sdk),
            "sdm" => Some(Format::Sdm),
            "ss" => Some(Format::SimpleSudoku),
            "csv" => Some(Format::Csv),
            "toml" => Some(Format::Toml),
            _ => None,
        }
    }

    /// The usual extension of files of this format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Line | Format::Block | Format::Jigsaw | Format::SumoCue | Format::Knuth => {
                "txt"
            }
            Format::Sdk => "sdk",
            Format::Sdm => "sdm",
            Format::SimpleSudoku => "ss",
            Format::Csv => "csv",
            Format::Toml => "toml",
            Format::Ksudoku => "ksudoku",
        }
    }

    /// True if a file of this format can hold many puzzles.
    pub fn holds_many(self) -> bool {
        !matches!(
            self,
            Format::Sdk | Format::SimpleSudoku | Format::Knuth | Format::Ksudoku
        )
    }

    /// Whether a file of this format can hold `puzzle` with its rules, and why not if not: the
    /// classic formats hold classic puzzles, the TOML form any, the jigsaw line jigsaw puzzles,
    /// SumoCue's form killer puzzles without givens, KSudoku's any board KSudoku plays (every
    /// unit holding every symbol, every cell in a unit, cages on a flat square board).
    pub fn holds(self, puzzle: &Grid) -> Result<(), String> {
        match (self, puzzle.variant()) {
            (Format::Toml, _) => Ok(()),
            (Format::Ksudoku, _) => ksudoku_format::holds(puzzle),
            _ if puzzle.shape().is_some() => Err(format!(
                "the {self} format holds square boards, not a {} (the TOML form holds it)",
                puzzle.shape().map_or("", |s| s.name())
            )),
            (Format::Jigsaw, _) => variant_format::jigsaw_line_holds(puzzle),
            (Format::SumoCue, _) => sumocue_format::sumocue_holds(puzzle),
            (Format::Knuth, _) => general_format::holds(puzzle),
            (_, None) => Ok(()),
            (_, Some(v)) => Err(format!(
                "the {self} format holds classic puzzles, not a {} sudoku (the TOML form holds it)",
                v.name()
            )),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Line => "one-line",
            Format::Block => "block",
            Format::Sdk => "SadMan .sdk",
            Format::Sdm => ".sdm",
            Format::SimpleSudoku => "Simple Sudoku .ss",
            Format::Csv => "CSV",
            Format::Toml => "variant TOML",
            Format::Jigsaw => "jigsaw line",
            Format::SumoCue => "SumoCue killer",
            Format::Knuth => "Knuth's sudoku-general-dlx",
            Format::Ksudoku => "KSudoku",
        })
    }
}

/// Why a puzzle file could not be read: the file, and where and what.
#[derive(Debug, Error)]
pub enum FileError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file holds something that is not a puzzle.
    #[error("{path}: {source}")]
    Parse {
        /// The file.
        path: String,
        /// Where and what.
        source: ParseError,
    },
}

/// The largest puzzle file read whole: 64 MiB, over a hundred thousand 36×36 puzzles. A bigger
/// file is refused with its size named (the command line streams one-line files of any size).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Reads every puzzle of a file, in the format its extension names or, for `.txt` and others,
/// the one its content shows. Only regular files (and pipes) of at most [`MAX_FILE_BYTES`] are
/// read: a directory or a device such as `/dev/zero` is refused, not read forever.
pub fn read_path(
    path: &Path,
    preferred: Option<&Notation>,
) -> Result<(Format, Vec<Entry>), FileError> {
    let name = path.display().to_string();
    let fail = |source: std::io::Error| FileError::Read {
        path: name.clone(),
        source,
    };
    let bytes = read_bounded(path, MAX_FILE_BYTES).map_err(fail)?;
    let text = String::from_utf8_lossy(&bytes);
    read(&text, Format::from_path(path), preferred)
        .map_err(|source| FileError::Parse { path: name, source })
}

/// Where text that is not UTF-8 first goes wrong: the line and column (from 1, counting
/// characters) of the bad byte, and the byte.
pub fn bad_utf8(bytes: &[u8], error: &std::str::Utf8Error) -> (usize, usize, u8) {
    let good = String::from_utf8_lossy(&bytes[..error.valid_up_to()]);
    let line = good.matches('\n').count() + 1;
    let column = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column, bytes[error.valid_up_to()])
}

/// Reads a whole regular file of at most `limit` bytes. Anything else is refused before it is
/// opened (a directory; a device such as `/dev/zero`, which never ends; a named pipe, whose
/// opening waits for a writer). The errors say what is wrong, for a message after the file's
/// name.
///
/// The file is opened without waiting (`O_NONBLOCK` on Unix) and looked at again once open, so
/// that a file swapped for a named pipe between the look and the opening is refused too, never
/// waited on.
pub fn read_bounded(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let regular = |meta: &std::fs::Metadata| {
        if meta.is_dir() {
            return Err(std::io::Error::other("is a folder, not a file"));
        }
        if !meta.is_file() {
            return Err(std::io::Error::other(
                "is a device, pipe or socket, not a regular file",
            ));
        }
        if meta.len() > limit {
            return Err(too_big(meta.len(), limit));
        }
        Ok(())
    };
    regular(&std::fs::metadata(path)?)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    regular(&file.metadata()?)?;
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64, limit));
    }
    Ok(bytes)
}

fn too_big(size: u64, limit: u64) -> std::io::Error {
    let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
    std::io::Error::other(format!(
        "is {:.1} MiB or more; files of at most {:.0} MiB are read",
        mib(size),
        mib(limit)
    ))
}

/// Reads every puzzle of a text in `format`, or in the format its content shows when `None`.
/// Fails, naming the line and column, at the first thing that is not a puzzle, or when there is
/// no puzzle at all.
pub fn read(
    text: &str,
    format: Option<Format>,
    preferred: Option<&Notation>,
) -> Result<(Format, Vec<Entry>), ParseError> {
    // A byte order mark (Windows editors write one) is no cell.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // KSudoku's files are told by their root element, whatever their name says.
    if ksudoku::is_ksudoku(text) {
        return Ok((
            Format::Ksudoku,
            ksudoku_format::read_entries(text, preferred)?,
        ));
    }
    let format = format.unwrap_or_else(|| detect(text));
    let entries = match format {
        Format::Line | Format::Sdm => read_lines(text, preferred)?,
        Format::Block | Format::SimpleSudoku => read_blocks(text, 1, preferred)?,
        Format::Sdk => read_sdk(text, preferred)?,
        Format::Csv => read_csv(text, preferred)?,
        Format::Toml if shape_format::is_shape_toml(text) => shape_format::read_toml(text)?,
        Format::Toml => variant_format::read_toml(text, preferred)?,
        Format::Jigsaw => variant_format::read_jigsaw_lines(text, preferred)?,
        Format::SumoCue => sumocue_format::read_sumocue(text, preferred)?,
        Format::Knuth => vec![read_knuth(text, preferred)?],
        Format::Ksudoku => {
            return Err(ParseError {
                line: 1,
                column: 0,
                kind: ParseErrorKind::Invalid(
                    "no KSudoku file: KSudoku's start with <ksudoku> (a saved game) or \
                     <ksudoku-graph> (a shape file)"
                        .to_string(),
                ),
            });
        }
    };
    if entries.is_empty() {
        return Err(ParseError {
            line: 1,
            column: 0,
            kind: ParseErrorKind::Empty,
        });
    }
    Ok((format, entries))
}

/// Lines that hold data: not blank, not `#` comments, not rules, not `[Section]` headers.
fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(k, l)| {
        let t = l.trim();
        let skip = t.is_empty() || t.starts_with('#') || is_rule(t) || is_section(t);
        (!skip).then_some((k + 1, l))
    })
}

fn is_section(t: &str) -> bool {
    t.starts_with('[') && t.ends_with(']')
}

/// The number of cells a line holds (characters that are not layout).
fn cells_in(line: &str) -> usize {
    line.chars().filter(|&c| !is_layout(c)).count()
}

/// True when the first puzzle line of `text` (which must end with a complete line) already shows
/// a one-line file: more cells than any row of a block grid has. A reader of a stream can then
/// stop looking ahead and start on the puzzles.
pub fn surely_lines(text: &str) -> bool {
    data_lines(text)
        .find(|(_, l)| !is_title(l))
        .is_some_and(|(_, l)| {
            !l.contains(',') && cells_in(l) > crate::sudoku::board::geometry::MAX_SIDE
        })
}

/// The format a text's content shows: TOML by its keys, SumoCue's by its start, CSV by its
/// commas, a jigsaw line by its length (twice a square), else one-line or block.
pub fn detect(text: &str) -> Format {
    if ksudoku::is_ksudoku(text) {
        return Format::Ksudoku;
    }
    if variant_format::is_toml(text) {
        return Format::Toml;
    }
    // SumoCue's lines end in ':', as titles do.
    if data_lines(text)
        .next()
        .is_some_and(|(_, l)| sumocue_format::is_sumocue(l))
    {
        return Format::SumoCue;
    }
    let lines: Vec<(usize, &str)> = data_lines(text).filter(|(_, l)| !is_title(l)).collect();
    let Some(&(_, first)) = lines.first() else {
        return Format::Line;
    };
    if first.contains(',') {
        return Format::Csv;
    }
    let count = cells_in(first);
    if variant_format::is_jigsaw_line(count) {
        return Format::Jigsaw;
    }
    // Knuth's general input: a board and its groups of box lines that read as one.
    if is_knuth(text) {
        return Format::Knuth;
    }
    // A grid of side rows of side cells is a block, even where side is a square (a 16×16
    // block's first row would also make a 4×4 one-line puzzle).
    let square = Geometry::for_side(count).is_some()
        && lines.len() >= count
        && lines[..count].iter().all(|(_, l)| cells_in(l) == count);
    // One line alone is a one-line puzzle, right or wrong: its error is then about its cells.
    if square || (lines.len() > 1 && Notation::for_cells(count, None).is_err()) {
        Format::Block
    } else {
        Format::Line
    }
}

/// True if `text` is Knuth's general input: `n` lines of `n` characters, then at least one group
/// of `n` box lines more (blank lines at the end aside), and either all of it read as a board
/// (so a block file of a puzzle and its solution, whose "boxes" would fall apart, is not taken)
/// or something no block grid holds that Knuth's form does: a hole (`#`) among the givens, or a
/// box label that is no symbol of a board of side `n` (`a`, `b`, ... on a 9×9). A file of
/// Knuth's form that this program cannot read is then told by Knuth's error, at its line,
/// rather than by a block grid's.
fn is_knuth(text: &str) -> bool {
    let lines = general_format::lines_of(text);
    let n = lines.first().map_or(0, |l| l.chars().count());
    let shaped = (4..=general_format::MAX_N).contains(&n)
        && lines.len() >= 2 * n
        && lines.len().is_multiple_of(n)
        && lines.iter().all(|l| l.chars().count() == n);
    if !shaped {
        return false;
    }
    if read_knuth(text, None).is_ok() || lines[..n].iter().any(|l| l.contains('#')) {
        return true;
    }
    let Ok(notation) = Notation::for_cells(n * n, None) else {
        return false;
    };
    lines[n..].iter().flat_map(|l| l.chars()).any(|c| {
        general_format::is_label(c)
            && notation.alphabet.value(c).is_none()
            && !notation.alphabet.is_empty_marker(c)
    })
}

/// Reads Knuth's general input as a board this program plays.
fn read_knuth(text: &str, preferred: Option<&Notation>) -> Result<Entry, ParseError> {
    let general = general_format::GeneralPuzzle::parse(text).map_err(|e| ParseError {
        line: e.line,
        column: 0,
        kind: ParseErrorKind::Invalid(e.kind.to_string()),
    })?;
    let grid = general.to_grid(preferred).map_err(|what| ParseError {
        line: 1,
        column: 0,
        kind: ParseErrorKind::Invalid(what),
    })?;
    Ok(Entry::new(grid, 1))
}

/// `Grid 01`, `Puzzle 3:`: a word, then a number, or anything ending in `:`.
fn is_title(line: &str) -> bool {
    let t = line.trim();
    let mut words = t.split_whitespace();
    let (Some(word), Some(number), None) = (words.next(), words.next(), words.next()) else {
        return t.ends_with(':') && t.len() > 1;
    };
    word.len() > 1
        && word.chars().all(|c| c.is_alphabetic())
        && number
            .trim_end_matches(':')
            .chars()
            .all(|c| c.is_ascii_digit())
        || t.ends_with(':')
}

/// One puzzle a line; a `# entries: ...` comment just before a puzzle holds saved entries.
fn read_lines(text: &str, preferred: Option<&Notation>) -> Result<Vec<Entry>, ParseError> {
    let mut entries = Vec::new();
    let mut saved: Option<(usize, &str)> = None;
    for (k, line) in text.lines().enumerate() {
        let n = k + 1;
        let t = line.trim();
        if let Some(rest) = t.strip_prefix(ENTRIES_PREFIX) {
            saved = Some((n, rest.trim()));
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let offset = line.len() - line.trim_start().len();
        let puzzle = Grid::parse_line(t, preferred)
            .map_err(|e| shift(e, n, line[..offset].chars().count()))?;
        let mut entry = Entry::new(puzzle, n);
        if let Some((at, text)) = saved.take() {
            let notation = entry.puzzle.notation().clone();
            let board = Grid::parse_line(text, Some(&notation))
                .map_err(|e| shift(e, at, ENTRIES_PREFIX.len() + 1))?;
            if board.geometry() != notation.geometry {
                return Err(ParseError {
                    line: at,
                    column: 0,
                    kind: ParseErrorKind::RowLength {
                        found: board.geometry().cells(),
                        expected: notation.geometry.cells(),
                    },
                });
            }
            entry.entries = Some(board);
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// An error found in text that starts at `line`, `columns` characters in.
fn shift(e: ParseError, line: usize, columns: usize) -> ParseError {
    ParseError {
        line: line + e.line - 1,
        column: if e.column > 0 { e.column + columns } else { 0 },
        kind: e.kind,
    }
}

/// Block grids one after another, each `side` rows of `side` cells (the side is its first row's
/// length); a title line before a grid names it. `first` is the line number of `text`'s first line.
fn read_blocks(
    text: &str,
    first: usize,
    preferred: Option<&Notation>,
) -> Result<Vec<Entry>, ParseError> {
    let mut entries = Vec::new();
    let mut title: Option<String> = None;
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut side = 0;
    for (n, line) in data_lines(text) {
        let n = n + first - 1;
        if rows.is_empty() && is_title(line) {
            title = Some(line.trim().trim_end_matches(':').to_string());
            continue;
        }
        if rows.is_empty() {
            side = cells_in(line);
        }
        rows.push((n, line));
        if rows.len() == side {
            let body: String = rows.iter().map(|(_, l)| format!("{l}\n")).collect();
            let start = rows[0].0;
            let puzzle = Grid::parse_block(&body, preferred).map_err(|e| e.starting_at(start))?;
            let mut entry = Entry::new(puzzle, start);
            entry.title = title.take();
            entries.push(entry);
            rows.clear();
        }
    }
    if let Some(&(last, _)) = rows.last() {
        // A grid cut short. A bad character in its rows says more than "too few rows".
        if let Ok(notation) = Notation::for_cells(side * side, preferred) {
            for &(n, line) in &rows {
                for (k, c) in line.chars().enumerate() {
                    let known = is_layout(c)
                        || notation.alphabet.value(c).is_some()
                        || notation.alphabet.is_empty_marker(c);
                    if !known {
                        return Err(ParseError {
                            line: n,
                            column: k + 1,
                            kind: ParseErrorKind::UnknownSymbol {
                                found: c,
                                side,
                                symbols: notation.alphabet.to_string(),
                            },
                        });
                    }
                }
            }
        }
        return Err(ParseError {
            line: last,
            column: 0,
            kind: ParseErrorKind::TooFewRows {
                found: rows.len(),
                expected: side,
            },
        });
    }
    Ok(entries)
}

/// `#` headers (`#D` gives the title), an optional `[Puzzle]` section, a block grid. Other
/// sections (`[State]`...) are skipped.
fn read_sdk(text: &str, preferred: Option<&Notation>) -> Result<Vec<Entry>, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let title = lines
        .iter()
        .find_map(|l| l.trim().strip_prefix("#D"))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty());
    let start = lines
        .iter()
        .position(|l| l.trim().eq_ignore_ascii_case("[Puzzle]"))
        .map_or(0, |k| k + 1);
    let end = lines[start..]
        .iter()
        .position(|l| is_section(l.trim()))
        .map_or(lines.len(), |k| start + k);
    let body = lines[start..end].join("\n");
    let mut entries = read_blocks(&body, start + 1, preferred)?;
    entries.truncate(1);
    if let Some(entry) = entries.first_mut() {
        entry.title = entry.title.take().or(title);
    }
    Ok(entries)
}

/// `puzzle,solution` lines. A first line that is no puzzle is a header, whose column names
/// (`puzzle` or `quizzes`, `solution` or `solutions`) say where the puzzle and solution are.
fn read_csv(text: &str, preferred: Option<&Notation>) -> Result<Vec<Entry>, ParseError> {
    let mut entries = Vec::new();
    let (mut puzzle_col, mut solution_col) = (0, Some(1));
    let mut seen_data = false;
    for (k, line) in text.lines().enumerate() {
        let n = k + 1;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        if !seen_data {
            seen_data = true;
            let names: Vec<String> = fields
                .iter()
                .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
                .collect();
            let find = |wanted: &[&str]| names.iter().position(|f| wanted.contains(&f.as_str()));
            if let Some(p) = find(&["puzzle", "puzzles", "quiz", "quizzes", "question"]) {
                puzzle_col = p;
                solution_col = find(&["solution", "solutions", "answer"]);
                continue;
            }
        }
        // Where each field starts, in characters, for error columns.
        let mut starts = Vec::with_capacity(fields.len());
        let mut at = 0;
        for f in &fields {
            starts.push(at);
            at += f.chars().count() + 1;
        }
        let field = |col: usize| -> Result<Option<Grid>, ParseError> {
            let Some(raw) = fields.get(col) else {
                return Ok(None);
            };
            let lead = raw.len() - raw.trim_start().len();
            let value = raw.trim().trim_matches('"');
            if value.is_empty() {
                return Ok(None);
            }
            let quote = usize::from(raw.trim_start().starts_with('"'));
            Grid::parse_line(value, preferred)
                .map(Some)
                .map_err(|e| shift(e, n, starts[col] + lead + quote))
        };
        let Some(puzzle) = field(puzzle_col)? else {
            return Err(ParseError {
                line: n,
                column: 0,
                kind: ParseErrorKind::MissingField {
                    field: puzzle_col + 1,
                },
            });
        };
        let mut entry = Entry::new(puzzle, n);
        if let Some(col) = solution_col {
            entry.solution = field(col)?;
            if let Some(solution) = &entry.solution
                && let Err(why) = solution.verify_solution_of(&entry.puzzle)
            {
                return Err(ParseError {
                    line: n,
                    column: starts[col] + 1,
                    kind: ParseErrorKind::BadSolution(why),
                });
            }
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// The comment that holds saved entries, before the puzzle line of a saved game.
pub const ENTRIES_PREFIX: &str = "# entries:";

/// Writes one puzzle (and its solution, where the format has room for it). A format that cannot
/// hold the puzzle's rules ([`Format::holds`]) gets what it can: the givens, or for a jigsaw line
/// or SumoCue's form the regions or cages the puzzle has, for KSudoku's the givens on the plain
/// square (a board on a shape KSudoku cannot play gets only a comment saying why).
pub fn write(puzzle: &Grid, solution: Option<&Grid>, format: Format) -> String {
    match format {
        Format::Ksudoku => ksudoku_format::write_what_it_can(puzzle, solution),
        Format::Toml if puzzle.shape().is_some() => shape_format::write_toml(puzzle, None),
        Format::Toml => variant_format::write_toml(puzzle, None, None),
        Format::Jigsaw => variant_format::write_jigsaw_line(puzzle),
        Format::SumoCue => sumocue_format::write_sumocue(puzzle),
        Format::Knuth => general_format::write(puzzle),
        Format::Line => format!("{}\n", puzzle.to_line()),
        Format::Block => puzzle.to_block(),
        Format::Sdk => {
            let mut out = String::from("#Asudoku-dlx\n[Puzzle]\n");
            let side = puzzle.geometry().side();
            for row in puzzle.to_line().as_bytes().chunks(side) {
                out.push_str(&String::from_utf8_lossy(row));
                out.push('\n');
            }
            out
        }
        Format::Sdm => {
            let zero = puzzle.alphabet().value('0').is_none();
            let line: String = puzzle
                .to_line()
                .chars()
                .map(|c| if c == '.' && zero { '0' } else { c })
                .collect();
            format!("{line}\n")
        }
        Format::SimpleSudoku => {
            let g = puzzle.geometry();
            let line: Vec<char> = puzzle.to_line().chars().collect();
            let width = g.side() + g.box_rows() - 1;
            let mut out = String::new();
            for r in 0..g.side() {
                if r > 0 && r % g.box_rows() == 0 {
                    out.push_str(&"-".repeat(width));
                    out.push('\n');
                }
                for c in 0..g.side() {
                    if c > 0 && c % g.box_cols() == 0 {
                        out.push('|');
                    }
                    out.push(line[g.cell(r, c)]);
                }
                out.push('\n');
            }
            out
        }
        Format::Csv => format!(
            "puzzle,solution\n{},{}\n",
            puzzle.to_line(),
            solution.map(Grid::to_line).unwrap_or_default()
        ),
    }
}

/// Writes a saved game in `format`: KSudoku's saved game for [`Format::Ksudoku`] (the entries as
/// the moves KSudoku replays; an error saying why for a board KSudoku cannot play), else this
/// program's own ([`write_game`]), whatever the format.
pub fn write_game_as(puzzle: &Grid, entries: &Grid, format: Format) -> Result<String, String> {
    match format {
        Format::Ksudoku => ksudoku_format::write(puzzle, Some(entries), None),
        _ => Ok(write_game(puzzle, entries)),
    }
}

/// Writes a saved game: the puzzle, with the player's entries in the comment before it; a
/// variant's puzzle in the TOML form, with an `entries` key.
pub fn write_game(puzzle: &Grid, entries: &Grid) -> String {
    if puzzle.shape().is_some() {
        return format!(
            "# sudoku-dlx game: the puzzle, its shape, and your entries\n{}",
            shape_format::write_toml(puzzle, Some(entries))
        );
    }
    if puzzle.variant().is_some() {
        return format!(
            "# sudoku-dlx game: the puzzle, its rules, and your entries\n{}",
            variant_format::write_toml(puzzle, None, Some(entries))
        );
    }
    format!(
        "# sudoku-dlx game: the puzzle's givens, and your entries in the comment above them\n{ENTRIES_PREFIX} {}\n{}\n",
        entries.to_line(),
        puzzle.to_line()
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn easy() -> Grid {
        Grid::parse_line(EASY, None).unwrap()
    }

    #[test]
    fn every_format_round_trips() {
        let puzzle = easy();
        let solution = puzzle.solution().unwrap();
        for format in Format::ALL.into_iter().filter(|f| f.holds(&puzzle).is_ok()) {
            let text = write(&puzzle, Some(&solution), format);
            let (found, entries) = read(&text, Some(format), None).unwrap();
            assert_eq!(found, format);
            assert_eq!(entries.len(), 1, "{format}:\n{text}");
            // A jigsaw line writes the boxes as regions: the same rules.
            let cells = |g: &Grid| g.houses().into_iter().map(|h| h.1).collect::<Vec<_>>();
            let same = |g: &Grid| g.values() == puzzle.values() && cells(g) == cells(&puzzle);
            assert!(same(&entries[0].puzzle), "{format}:\n{text}");
            if format == Format::Csv {
                assert_eq!(entries[0].solution.as_ref(), Some(&solution));
            }
            // And the content alone tells the format family.
            let (_, again) = read(&text, None, None).unwrap();
            assert!(same(&again[0].puzzle), "{format} detected:\n{text}");
        }
    }

    #[test]
    fn other_sizes_round_trip_too() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 4), (4, 4), (5, 5)] {
            let g = Geometry::new(rows, cols).unwrap();
            let mut grid = Grid::empty(Notation::default_for(g).unwrap());
            for cell in (0..g.cells()).step_by(3) {
                grid.set(cell, (cell % g.side()) as u8 + 1);
            }
            for format in Format::ALL.into_iter().filter(|f| f.holds(&grid).is_ok()) {
                let text = write(&grid, None, format);
                let (_, entries) = read(&text, Some(format), None).unwrap();
                let back = &entries[0].puzzle;
                assert_eq!(
                    (back.notation(), back.values()),
                    (grid.notation(), grid.values()),
                    "{rows}x{cols} {format}:\n{text}"
                );
                let (_, entries) = read(&text, None, None).unwrap();
                let back = &entries[0].puzzle;
                assert_eq!(
                    (back.notation(), back.values()),
                    (grid.notation(), grid.values()),
                    "{rows}x{cols} {format} detected:\n{text}"
                );
            }
        }
    }

    #[test]
    fn files_of_many_puzzles_give_all_of_them() {
        let text = format!("# two\n{EASY}\n\n{}\n", EASY.replace('.', "0"));
        let (format, entries) = read(&text, None, None).unwrap();
        assert_eq!((format, entries.len()), (Format::Line, 2));
        assert_eq!(entries[1].line, 4);
        assert_eq!(entries[0].puzzle, entries[1].puzzle);

        // Project Euler's layout: titled grids, one after another.
        let block = easy().to_line();
        let rows: Vec<&str> = (0..9).map(|r| &block[r * 9..r * 9 + 9]).collect();
        let text = format!(
            "Grid 01\n{}\nGrid 02\n{}\n",
            rows.join("\n"),
            rows.join("\n")
        );
        let (format, entries) = read(&text, None, None).unwrap();
        assert_eq!((format, entries.len()), (Format::Block, 2));
        assert_eq!(entries[1].title.as_deref(), Some("Grid 02"));
        assert_eq!(entries[1].line, 12);
    }

    #[test]
    fn simple_sudoku_and_sdk_files_as_other_tools_write_them() {
        let ss = "*-----------*\n|..3|.2.|6..|\n|9..|3.5|..1|\n|..1|8.6|4..|\n|---+---+---|\n|..8|1.2|9..|\n|7..|...|..8|\n|..6|7.8|2..|\n|---+---+---|\n|..2|6.9|5..|\n|8..|2.3|..9|\n|..5|.1.|3..|\n*-----------*\n";
        let (_, e) = read(ss, Some(Format::SimpleSudoku), None).unwrap();
        assert_eq!(e[0].puzzle, easy());
        let (_, e) = read(ss, None, None).unwrap();
        assert_eq!(e[0].puzzle, easy());

        let sdk = "#AFrank\n#DA classic\n#L1\n[Puzzle]\n..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n[State]\n123456789\n";
        let (_, e) = read(sdk, Some(Format::Sdk), None).unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].puzzle, easy());
        assert_eq!(e[0].title.as_deref(), Some("A classic"));
        assert_eq!(e[0].line, 5);
    }

    #[test]
    fn csv_with_a_header_finds_its_columns() {
        let solution = easy().solution().unwrap().to_line();
        let text = format!("id,quizzes,solutions\n1,{EASY},{solution}\n2,\"{EASY}\",\n");
        let (format, e) = read(&text, None, None).unwrap();
        assert_eq!((format, e.len()), (Format::Csv, 2));
        assert_eq!(e[0].solution.as_ref().map(Grid::to_line), Some(solution));
        assert_eq!(e[1].solution, None);
        assert_eq!(e[1].puzzle, easy());
    }

    #[test]
    fn malformed_files_say_line_column_and_what_was_expected() {
        let text = format!("{EASY}\n{}x{}\n", &EASY[..10], &EASY[11..]);
        let e = read(&text, None, None).unwrap_err();
        assert_eq!((e.line, e.column), (2, 11));
        assert!(e.to_string().contains("'x' is not a symbol"), "{e}");

        let text = format!("  {}\n", &EASY[..80]);
        let e = read(&text, None, None).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().contains("80 cells"), "{e}");

        let text = format!("puzzle,solution\n{EASY},{}\n", "1".repeat(81));
        let e = read(&text, Some(Format::Csv), None).unwrap_err();
        assert_eq!((e.line, e.column), (2, 83), "{e}");
        assert!(e.to_string().contains("does not solve"), "{e}");
        let solution = easy().solution().unwrap().to_line();
        let text = format!(
            "puzzle,solution\n{EASY},{}x{}\n",
            &solution[..2],
            &solution[3..]
        );
        let e = read(&text, Some(Format::Csv), None).unwrap_err();
        assert_eq!((e.line, e.column), (2, 85), "{e}");

        // A block grid with a short row, and one cut short.
        let block = easy().to_block();
        let short = block.replacen("9 . . | 3", "9 . | 3", 1);
        let e = read(&short, None, None).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.to_string().contains("needs 9"), "{e}");
        let cut: String = block.lines().take(6).map(|l| format!("{l}\n")).collect();
        let e = read(&cut, Some(Format::Block), None).unwrap_err();
        assert!(e.to_string().contains("5 rows"), "{e}");

        let e = read("# nothing\n\n", None, None).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::Empty);
    }

    #[test]
    fn a_long_file_of_one_line_puzzles_is_not_taken_for_a_block() {
        let text = format!("{EASY}\n").repeat(100);
        let (format, entries) = read(&text, None, None).unwrap();
        assert_eq!((format, entries.len()), (Format::Line, 100));
    }

    #[test]
    fn a_saved_game_keeps_the_entries() {
        let puzzle = easy();
        let mut entries = Grid::empty(puzzle.notation().clone());
        entries.set(0, 4);
        entries.set(1, 8);
        let text = write_game(&puzzle, &entries);
        let (format, e) = read(&text, None, None).unwrap();
        assert_eq!(format, Format::Line);
        assert_eq!(e[0].puzzle, puzzle);
        assert_eq!(e[0].entries.as_ref(), Some(&entries));
        assert_eq!(e[0].line, 3);
    }
}
