//! Variant puzzles in files: a TOML form to write by hand, and the jigsaw line the puzzle forums
//! exchange (SumoCue's killer line is [`sumocue_format`](super::sumocue_format)).
//! [`formats`](crate::sudoku::files::formats) detects them and reads them into boards that carry
//! their [`Variant`].
//!
//! **TOML** (`.toml`), one puzzle, or many as `[[puzzle]]` tables of the same keys:
//!
//! ```toml
//! title = "A killer X"            # optional
//! variant = "killer x"            # any of: x, hyper, jigsaw, killer (or classic)
//! box = "3"                       # box size, N or RxC; needed when there are no givens
//! givens = [                      # one row a string, '.' empty; optional for a killer
//!     "..3.2.6..",                # (and so on, a row a line)
//! ]
//! regions = [                     # jigsaw: a character a cell, one per region
//!     "AAABBBCCC",                # (and so on)
//! ]
//! cages = [                       # killer: a sum and its cells
//!     { sum = 15, cells = "r1c1 r1c2 r2c1" },
//! ]
//! entries = [                     # optional: a player's entries, as givens are written
//!     "1........",                # (and so on)
//! ]
//! ```
//!
//! The `variant` words must agree with the keys: `jigsaw` needs `regions`, `killer` needs
//! `cages`, and `regions` or `cages` need their word. Without `variant`, `regions` and `cages`
//! say it.
//!
//! **Jigsaw line** (`.txt`): one puzzle a line, the `side²` givens followed by `side²` region
//! characters (any character a region; 162 characters for 9×9). Written with letters `A`, `B`,
//! ... in the order of the regions' first cells.

use std::ops::Range;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::sudoku::board::alphabet::is_layout;
use crate::sudoku::board::cage::Cage;
use crate::sudoku::board::geometry::Geometry;
use crate::sudoku::board::grid::{Grid, Notation, ParseError, ParseErrorKind};
use crate::sudoku::board::units::UnitsError;
use crate::sudoku::board::variant::{Rules, Variant, VariantError};
use crate::sudoku::files::entry::Entry;

/// True if a line of `cells` characters (layout aside) is a jigsaw line: twice a square of a side
/// from 4 to 36 (a classic one-line puzzle has a square number of cells, never twice one).
pub(super) fn is_jigsaw_line(cells: usize) -> bool {
    let half = cells / 2;
    let side = half.isqrt();
    cells.is_multiple_of(2) && side * side == half && (4..=36).contains(&side)
}

/// True if the text's first line that is not blank or a `#` comment is a TOML key or table.
pub(super) fn is_toml(text: &str) -> bool {
    let Some(first) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    let key = first.split('=').next().unwrap_or("").trim();
    first.starts_with("[[puzzle]]")
        || (first.contains('=')
            && !key.is_empty()
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
}

/// A problem on a line, in words.
pub(super) fn invalid(line: usize, column: usize, what: String) -> ParseError {
    ParseError {
        line,
        column,
        kind: ParseErrorKind::Invalid(what),
    }
}

/// The lines of a one-puzzle-a-line file that hold puzzles (not blank, not a `#` comment), with
/// their numbers from 1.
pub(super) fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(k, line)| {
        let t = line.trim();
        (!t.is_empty() && !t.starts_with('#')).then_some((k + 1, line))
    })
}

/// Reads jigsaw lines (see the module docs).
pub(super) fn read_jigsaw_lines(
    text: &str,
    preferred: Option<&Notation>,
) -> Result<Vec<Entry>, ParseError> {
    let mut entries = Vec::new();
    for (n, line) in puzzle_lines(text) {
        let chars: Vec<(usize, char)> = line
            .chars()
            .enumerate()
            .filter(|(_, c)| !is_layout(*c))
            .collect();
        if !is_jigsaw_line(chars.len()) {
            return Err(invalid(
                n,
                0,
                format!(
                    "a jigsaw line holds the side² givens and then a region character a cell \
                     (162 characters for 9×9); this line has {}",
                    chars.len()
                ),
            ));
        }
        let half = chars.len() / 2;
        let givens: String = chars[..half].iter().map(|&(_, c)| c).collect();
        // A side with no box shape (5, 7, ...) is a board without boxes: the regions are all.
        let boxless = without_boxes(half.isqrt(), preferred).map_err(|what| invalid(n, 0, what))?;
        let grid =
            Grid::parse_line(&givens, boxless.as_ref().or(preferred)).map_err(|e| ParseError {
                line: n,
                column: if e.column > 0 {
                    chars[e.column - 1].0 + 1
                } else {
                    0
                },
                kind: e.kind,
            })?;
        let (labels, names) = labels_of(chars[half..].iter().map(|&(_, c)| c));
        let rules = Rules {
            regions: Some(labels),
            ..Rules::default()
        };
        let grid = with_rules(grid, rules, &names).map_err(|(what, _)| invalid(n, 0, what))?;
        entries.push(Entry::new(grid, n));
    }
    Ok(entries)
}

/// The notation of a board of `side` without boxes, where the side has no box shape (5, 7,
/// ...); `None` where it has one (then the usual shape, or `preferred`, applies).
fn without_boxes(side: usize, preferred: Option<&Notation>) -> Result<Option<Notation>, String> {
    if Geometry::for_side(side).is_some() {
        return Ok(None);
    }
    if let Some(p) = preferred.filter(|p| p.geometry.side() == side) {
        return Ok(Some(p.clone()));
    }
    let geometry = Geometry::without_boxes(side).map_err(|e| e.to_string())?;
    Notation::default_for(geometry)
        .map(Some)
        .map_err(|e| e.to_string())
}

/// Region labels numbered in order of first appearance, and the character of each.
fn labels_of(chars: impl Iterator<Item = char>) -> (Vec<usize>, Vec<char>) {
    let mut names: Vec<char> = Vec::new();
    let labels = chars
        .map(|c| match names.iter().position(|&n| n == c) {
            Some(k) => k,
            None => {
                names.push(c);
                names.len() - 1
            }
        })
        .collect();
    (labels, names)
}

/// What a rule that [`with_rules`] refuses belongs to, for the line an error names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Culprit {
    /// The rules as a whole (windows on a board without square boxes, ...).
    Rules,
    /// A region, by its number, and the row (from 0) of a cell of it that is at fault.
    Region { region: usize, row: Option<usize> },
    /// A cage, by its place (from 0) in the order of [`cage_order`].
    Cage(usize),
}

/// The board with `rules`, or what is wrong with them in words (regions named by their
/// characters in `names`) and what it belongs to.
pub(super) fn with_rules(
    grid: Grid,
    rules: Rules,
    names: &[char],
) -> Result<Grid, (String, Culprit)> {
    if rules.is_classic() {
        return Ok(grid);
    }
    let name = |r: usize| {
        names
            .get(r)
            .map_or(format!("{}", r + 1), |c| format!("{c:?}"))
    };
    let variant = Variant::new(grid.geometry(), rules).map_err(|e| match e {
        VariantError::Units(UnitsError::RegionSize {
            region,
            cells,
            side,
        }) => (
            format!(
                "region {} has {cells} cells; each region of a {side}×{side} board has {side}",
                name(region)
            ),
            Culprit::Region { region, row: None },
        ),
        VariantError::Units(UnitsError::RegionNotConnected { region, row, col }) => (
            format!(
                "region {} is not connected: r{row}c{col} does not touch the rest of it",
                name(region)
            ),
            Culprit::Region {
                region,
                row: Some(row - 1),
            },
        ),
        VariantError::EmptyCage { cage }
        | VariantError::CellOffBoard { cage, .. }
        | VariantError::Sum { cage, .. }
        | VariantError::TwoCages { second: cage, .. } => (e.to_string(), Culprit::Cage(cage - 1)),
        other => (other.to_string(), Culprit::Rules),
    })?;
    // Clashing givens are read, as in the other formats: solving and the window report them.
    grid.with_variant(Some(Arc::new(variant))).map_err(|_| {
        (
            "the rules are for a board of another size".to_string(),
            Culprit::Rules,
        )
    })
}

/// The order [`Variant::new`] numbers cages in (by their first cells, ties kept in the order
/// given): the index in `cages` of each cage number, from 0.
fn cage_order(cages: &[Cage]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cages.len()).collect();
    order.sort_by_key(|&k| cages[k].cells.iter().min().copied());
    order
}

/// A TOML file of one puzzle, or of `[[puzzle]]` tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile<T> {
    puzzle: Vec<Spanned<T>>,
}

/// The puzzles of a TOML file, each with where it starts: one puzzle, or `[[puzzle]]` tables
/// of the same keys. Errors name the line and column.
pub(super) fn toml_puzzles<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Result<Vec<Spanned<T>>, ParseError> {
    let toml_error = |e: toml::de::Error| {
        let (line, column) = e.span().map_or((1, 0), |s| place(text, s.start));
        invalid(line, column, e.message().to_string())
    };
    let many = text
        .lines()
        .any(|l| l.trim_start().starts_with("[[puzzle]]"));
    if many {
        Ok(toml::from_str::<RawFile<T>>(text)
            .map_err(toml_error)?
            .puzzle)
    } else {
        Ok(vec![Spanned::new(
            0..0,
            toml::from_str(text).map_err(toml_error)?,
        )])
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    title: Option<String>,
    variant: Option<Spanned<String>>,
    #[serde(rename = "box")]
    shape: Option<Spanned<String>>,
    givens: Option<Spanned<Vec<Spanned<String>>>>,
    entries: Option<Spanned<Vec<Spanned<String>>>>,
    regions: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    cages: Vec<Spanned<RawCage>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    sum: Spanned<u32>,
    cells: Spanned<String>,
}

/// The line and column (from 1) of a byte offset.
pub(super) fn place(text: &str, offset: usize) -> (usize, usize) {
    Places::new(text).at(offset)
}

/// A text with where each of its lines starts, to find the line and column of many offsets
/// (a file of many puzzles asks for several a puzzle) in time that does not grow with the file.
pub(super) struct Places<'a> {
    text: &'a str,
    /// The byte offset of each line's start.
    starts: Vec<usize>,
}

impl<'a> Places<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(k, _)| k + 1))
            .collect();
        Places { text, starts }
    }

    /// The line and column (from 1) of a byte offset.
    pub(super) fn at(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        let column = self
            .text
            .get(start..offset)
            .map_or(0, |l| l.chars().count());
        (line, column + 1)
    }
}

/// Reads a TOML file of variant puzzles (see the module docs).
pub(super) fn read_toml(
    text: &str,
    preferred: Option<&Notation>,
) -> Result<Vec<Entry>, ParseError> {
    let puzzles: Vec<Spanned<RawPuzzle>> = toml_puzzles(text)?;
    let places = Places::new(text);
    puzzles
        .into_iter()
        .map(|p| {
            let start = p.span().start;
            read_puzzle(&places, p.into_inner(), start, preferred)
        })
        .collect()
}

/// One puzzle of a TOML file.
fn read_puzzle(
    text: &Places<'_>,
    raw: RawPuzzle,
    start: usize,
    preferred: Option<&Notation>,
) -> Result<Entry, ParseError> {
    let at = |span: Range<usize>, what: String| {
        let (line, column) = text.at(span.start);
        invalid(line, column, what)
    };
    let first_line = text.at(start).0;
    let geometry = match &raw.shape {
        Some(s) => {
            Some(Geometry::parse(s.get_ref()).map_err(|e| at(s.span(), format!("box: {e}")))?)
        }
        None => None,
    };
    // The notation: the box's, else the size the givens or regions show.
    let rows = raw.givens.as_ref().or(raw.regions.as_ref());
    let notation = match (geometry, rows) {
        (Some(g), _) => match preferred.filter(|p| p.geometry == g) {
            Some(p) => p.clone(),
            None => Notation::default_for(g).map_err(|e| invalid(first_line, 0, e.to_string()))?,
        },
        (None, Some(rows)) => {
            let side = rows.get_ref().len();
            // A jigsaw of a side with no box shape (5, 7, ...) has no boxes.
            let boxless = match raw.regions {
                Some(_) => {
                    without_boxes(side, preferred).map_err(|what| invalid(first_line, 0, what))?
                }
                None => None,
            };
            boxless
                .map_or_else(|| Notation::for_cells(side * side, preferred), Ok)
                .map_err(|kind| {
                    let (line, _) = text.at(rows.span().start);
                    ParseError {
                        line,
                        column: 0,
                        kind,
                    }
                })?
        }
        (None, None) => {
            return Err(invalid(
                first_line,
                0,
                "a puzzle needs its givens, or its box size".into(),
            ));
        }
    };
    let side = notation.geometry.side();
    let read_board = |rows: &Spanned<Vec<Spanned<String>>>, key: &str| {
        let (cells, starts) = read_rows(text, rows, side, key)?;
        Grid::parse_line(&cells, Some(&notation)).map_err(|e| {
            // The k-th cell (from 1) is in row (k - 1) / side; its column there is its place in
            // the row after the opening quote (layout characters aside).
            let k = e.column.max(1) - 1;
            let (line, column) = starts[(k / side).min(side - 1)];
            ParseError {
                line,
                column: if e.column > 0 {
                    column + 1 + k % side
                } else {
                    0
                },
                kind: e.kind,
            }
        })
    };
    let grid = match &raw.givens {
        Some(rows) => read_board(rows, "givens")?,
        None => Grid::empty(notation.clone()),
    };
    let entries = match &raw.entries {
        Some(rows) => Some(read_board(rows, "entries")?),
        None => None,
    };
    // The variant's words.
    let mut rules = Rules::default();
    let (mut jigsaw, mut killer) = (raw.regions.is_some(), !raw.cages.is_empty());
    if let Some(v) = &raw.variant {
        jigsaw = false;
        killer = false;
        for word in v
            .get_ref()
            .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
            .filter(|w| !w.is_empty())
        {
            match word.to_ascii_lowercase().as_str() {
                "x" | "diagonal" => rules.diagonals = true,
                "hyper" | "windoku" => rules.windows = true,
                "jigsaw" => jigsaw = true,
                "killer" => killer = true,
                "classic" | "sudoku" => {}
                _ => {
                    return Err(at(
                        v.span(),
                        format!(
                            "variant: {word:?} is not a variant (x, hyper, jigsaw, killer or classic)"
                        ),
                    ));
                }
            }
        }
        let agree = |word: &str, has: bool, key: &str, span: Range<usize>| match (
            v.get_ref().to_ascii_lowercase().contains(word),
            has,
        ) {
            (true, false) => Err(at(
                span,
                format!("variant says {word}, but there are no {key}"),
            )),
            (false, true) => Err(at(
                span,
                format!("there are {key}, but variant does not say {word}"),
            )),
            _ => Ok(()),
        };
        agree("jigsaw", raw.regions.is_some(), "regions", v.span())?;
        agree("killer", !raw.cages.is_empty(), "cages", v.span())?;
    }
    let mut names = Vec::new();
    if jigsaw && let Some(rows) = &raw.regions {
        let (chars, _) = read_rows(text, rows, side, "regions")?;
        let (labels, n) = labels_of(chars.chars());
        names = n;
        rules.regions = Some(labels);
    }
    if killer {
        for cage in &raw.cages {
            let c = cage.get_ref();
            let cells = cell_list(c.cells.get_ref(), side)
                .map_err(|what| at(c.cells.span(), format!("cells: {what}")))?;
            rules.cages.push(Cage {
                cells,
                sum: *c.sum.get_ref(),
            });
        }
    }
    let variant_line = raw
        .variant
        .as_ref()
        .map_or(first_line, |v| text.at(v.span().start).0);
    // A region's or a cage's error names the line where it is written.
    let order = cage_order(&rules.cages);
    let labels = rules.regions.clone();
    let grid = with_rules(grid, rules, &names).map_err(|(what, culprit)| {
        let line = match culprit {
            Culprit::Rules => None,
            Culprit::Region { region, row } => raw.regions.as_ref().and_then(|rows| {
                let row = row.or_else(|| {
                    let first = labels.as_ref()?.iter().position(|&l| l == region)?;
                    Some(first / side)
                })?;
                let cell = rows.get_ref().get(row)?;
                Some(text.at(cell.span().start).0)
            }),
            Culprit::Cage(k) => order
                .get(k)
                .and_then(|&k| raw.cages.get(k))
                .map(|cage| text.at(cage.span().start).0),
        };
        invalid(line.unwrap_or(variant_line), 0, what)
    })?;
    let mut entry = Entry::new(
        grid,
        raw.givens
            .as_ref()
            .map_or(first_line, |g| text.at(g.span().start).0),
    );
    entry.title = raw.title;
    entry.entries = entries;
    Ok(entry)
}

/// Checks that `rows` are `side` rows of `side` characters each (layout aside), naming the
/// row's line if not, and gives back their characters, joined, and where each row starts.
fn read_rows(
    text: &Places<'_>,
    rows: &Spanned<Vec<Spanned<String>>>,
    side: usize,
    key: &str,
) -> Result<(String, Vec<(usize, usize)>), ParseError> {
    if rows.get_ref().len() != side {
        let (line, _) = text.at(rows.span().start);
        return Err(invalid(
            line,
            0,
            format!(
                "{key}: a {side}×{side} board has {side} rows; here are {}",
                rows.get_ref().len()
            ),
        ));
    }
    let mut joined = String::new();
    let mut starts = Vec::new();
    for row in rows.get_ref() {
        let (line, column) = text.at(row.span().start);
        let cells: String = row.get_ref().chars().filter(|c| !is_layout(*c)).collect();
        let count = cells.chars().count();
        if count != side {
            return Err(invalid(
                line,
                0,
                format!("{key}: this row has {count} cells; the board's rows have {side}"),
            ));
        }
        joined.push_str(&cells);
        starts.push((line, column));
    }
    Ok((joined, starts))
}

/// `r1c1 r1c2, r2c1` as cells of a board of `side`, each once.
fn cell_list(text: &str, side: usize) -> Result<Vec<usize>, String> {
    let mut seen = vec![false; side * side];
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let bad = || format!("{w:?} is not a cell such as r1c2");
            let rest = w.strip_prefix(['r', 'R']).ok_or_else(bad)?;
            let (r, c) = rest.split_once(['c', 'C']).ok_or_else(bad)?;
            let (r, c): (usize, usize) =
                (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
            if !(1..=side).contains(&r) || !(1..=side).contains(&c) {
                return Err(format!("{w} is off a {side}×{side} board"));
            }
            let cell = (r - 1) * side + c - 1;
            if std::mem::replace(&mut seen[cell], true) {
                return Err(format!(
                    "r{r}c{c} is listed twice; a cage holds each cell once"
                ));
            }
            Ok(cell)
        })
        .collect()
}

/// Why a board cannot be written in a form, if it cannot.
pub(super) fn jigsaw_line_holds(puzzle: &Grid) -> Result<(), String> {
    match puzzle.variant() {
        Some(v) if v.rules().regions.is_some() && v.name() == "jigsaw" => Ok(()),
        Some(v) => Err(format!(
            "a jigsaw line holds givens and regions only, not a {} sudoku",
            v.name()
        )),
        // A classic board is a jigsaw whose regions are its boxes.
        None => Ok(()),
    }
}

/// A jigsaw puzzle as one line: givens, then region letters (a classic board's boxes).
pub(super) fn write_jigsaw_line(puzzle: &Grid) -> String {
    let g = puzzle.geometry();
    let regions: String = (0..g.cells())
        .map(|c| {
            let r = puzzle
                .variant()
                .map_or(Some(g.box_of(c)), |v| v.region_of(c));
            region_letter(r.unwrap_or(0))
        })
        .collect();
    format!("{}{regions}\n", puzzle.to_line())
}

/// `A`–`Z`, then `a`–`z`: a letter for each region of a board up to 52×52.
fn region_letter(r: usize) -> char {
    let r = r as u8;
    char::from(if r < 26 {
        b'A' + r
    } else {
        b'a' + (r - 26) % 26
    })
}

/// A puzzle (and a player's entries) as a TOML table's keys (no `[[puzzle]]` header).
pub(super) fn write_toml(puzzle: &Grid, title: Option<&str>, entries: Option<&Grid>) -> String {
    let g = puzzle.geometry();
    let side = g.side();
    let mut out = String::new();
    if let Some(t) = title {
        out.push_str(&format!("title = {}\n", toml_string(t)));
    }
    let variant = puzzle.variant();
    let name = variant.map_or("classic".to_string(), |v| v.name().to_lowercase());
    out.push_str(&format!("variant = \"{name}\"\n"));
    // A board without boxes has no box size: its rows say its side.
    if g.has_boxes() {
        out.push_str(&format!("box = \"{}x{}\"\n", g.box_rows(), g.box_cols()));
    }
    let rows = |key: &str, board: &Grid, out: &mut String| {
        let line: Vec<char> = board.to_line().chars().collect();
        out.push_str(&format!("{key} = [\n"));
        for row in line.chunks(side) {
            let row: String = row.iter().collect();
            out.push_str(&format!("    {},\n", toml_string(&row)));
        }
        out.push_str("]\n");
    };
    if puzzle.filled() > 0 || variant.is_none_or(|v| v.cages().is_empty()) {
        rows("givens", puzzle, &mut out);
    }
    if let Some(e) = entries {
        rows("entries", e, &mut out);
    }
    if let Some(v) = variant {
        if v.rules().regions.is_some() {
            out.push_str("regions = [\n");
            for r in 0..side {
                let row: String = (0..side)
                    .map(|c| region_letter(v.region_of(r * side + c).unwrap_or(0)))
                    .collect();
                out.push_str(&format!("    \"{row}\",\n"));
            }
            out.push_str("]\n");
        }
        if !v.cages().is_empty() {
            out.push_str("cages = [\n");
            for cage in v.cages() {
                let cells: Vec<String> = cage
                    .cells
                    .iter()
                    .map(|&c| format!("r{}c{}", c / side + 1, c % side + 1))
                    .collect();
                out.push_str(&format!(
                    "    {{ sum = {}, cells = \"{}\" }},\n",
                    cage.sum,
                    cells.join(" ")
                ));
            }
            out.push_str("]\n");
        }
    }
    out
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::files::formats::{Format, detect, read, write};

    /// A 9×9 jigsaw layout: the boxes with r1c3 and r2c4 swapped.
    const REGIONS: [&str; 9] = [
        "AABBBBCCC",
        "AAAABBCCC",
        "AAABBBCCC",
        "DDDEEEFFF",
        "DDDEEEFFF",
        "DDDEEEFFF",
        "GGGHHHIII",
        "GGGHHHIII",
        "GGGHHHIII",
    ];

    fn one(text: &str) -> Grid {
        let (_, entries) = read(text, None, None).unwrap();
        assert_eq!(entries.len(), 1);
        entries.into_iter().next().unwrap().puzzle
    }

    fn error(text: &str) -> (usize, usize, String) {
        let e = read(text, None, None).unwrap_err();
        (e.line, e.column, e.kind.to_string())
    }

    /// Written in `format` and read back: the same board and rules.
    fn round_trip(puzzle: &Grid, format: Format) {
        format.holds(puzzle).unwrap();
        let text = write(puzzle, None, format);
        assert_eq!(detect(&text), format, "{text}");
        let back = one(&text);
        assert_eq!(back.values(), puzzle.values(), "{text}");
        assert_eq!(
            back.variant().map(|v| v.rules()),
            puzzle.variant().map(|v| v.rules()),
            "{text}"
        );
    }

    #[test]
    fn toml_puzzles_of_each_variant() {
        let x = one(
            "# an X\nvariant = \"X\"\ngivens = [\n  \"1...\",\n  \"....\",\n  \"....\",\n  \"...2\",\n]\n",
        );
        assert_eq!(x.variant().unwrap().name(), "X");
        assert_eq!((x.get(0), x.get(15)), (1, 2));
        round_trip(&x, Format::Toml);

        let rows: Vec<String> = REGIONS.iter().map(|r| format!("  \"{r}\",\n")).collect();
        let jigsaw = one(&format!(
            "title = \"J\"\nbox = \"3\"\nregions = [\n{}]\n",
            rows.concat()
        ));
        let v = jigsaw.variant().unwrap();
        assert_eq!(v.name(), "jigsaw");
        assert_eq!((v.region_of(2), v.region_of(12)), (Some(1), Some(0)));
        round_trip(&jigsaw, Format::Toml);
        round_trip(&jigsaw, Format::Jigsaw);

        let killer = one(
            "variant = \"killer x\"\nbox = \"2\"\ncages = [\n  { sum = 3, cells = \"r1c1 r1c2\" },\n  { sum = 7, cells = \"r1c3, r1c4\" },\n]\n",
        );
        let v = killer.variant().unwrap();
        assert_eq!(v.name(), "killer X");
        assert_eq!(v.cages()[1].cells, [2, 3]);
        round_trip(&killer, Format::Toml);
        round_trip(&killer, Format::SumoCue);

        let (_, both) = read(
            "[[puzzle]]\nvariant = \"hyper\"\nbox = \"3\"\n\n[[puzzle]]\nbox = \"2\"\n",
            None,
            None,
        )
        .unwrap();
        assert_eq!(both.len(), 2);
        assert_eq!(both[0].puzzle.variant().unwrap().name(), "hyper");
        assert_eq!(both[0].line, 1);
        assert!(both[1].puzzle.variant().is_none());
    }

    #[test]
    fn places_are_lines_and_columns_from_one() {
        let text = "ab\n\nçd\nlast";
        let places = Places::new(text);
        // (ç is two bytes: offset 5 is inside it, and no span starts there.)
        let expected = [
            (0, (1, 1)),
            (1, (1, 2)),
            (2, (1, 3)),
            (3, (2, 1)),
            (4, (3, 1)),
            (6, (3, 2)),
            (7, (3, 3)),
            (8, (4, 1)),
        ];
        for (offset, want) in expected {
            assert_eq!(places.at(offset), want, "offset {offset}");
            assert_eq!(place(text, offset), want, "offset {offset}");
        }
        assert_eq!(places.at(text.len()), (4, 5));
        assert_eq!(places.at(text.len() + 10), (4, 5));
        assert_eq!(Places::new("").at(0), (1, 1));
    }

    #[test]
    fn toml_errors_name_the_line() {
        let e = error(
            "variant = \"x\"\ngivens = [\n  \"1...\",\n  \"..z.\",\n  \"....\",\n  \"....\",\n]\n",
        );
        assert_eq!((e.0, e.1), (4, 6), "{}", e.2);
        assert!(e.2.contains("'z'"), "{}", e.2);
        let e = error(
            "variant = \"x\"\ngivens = [\n  \"1...\",\n  \"...\",\n  \"....\",\n  \"....\",\n]\n",
        );
        assert_eq!(e.0, 4);
        assert!(e.2.contains("3 cells"), "{}", e.2);
        let e = error("variant = \"sideways\"\nbox = \"2\"\n");
        assert_eq!(e.0, 1);
        assert!(e.2.contains("\"sideways\" is not a variant"), "{}", e.2);
        let e = error("variant = \"jigsaw\"\nbox = \"2\"\n");
        assert!(e.2.contains("no regions"), "{}", e.2);
        let e = error("box = \"2\"\ncolour = \"red\"\n");
        assert_eq!(e.0, 2, "{}", e.2);
        assert!(e.2.contains("colour"), "{}", e.2);
        let e = error("box = \"2\"\ncages = [\n  { sum = 3, cells = \"r1c1 r9c2\" },\n]\n");
        assert_eq!(e.0, 3);
        assert!(e.2.contains("r9c2 is off a 4×4 board"), "{}", e.2);
        let e = error("box = \"2\"\ncages = [\n  { sum = 30, cells = \"r1c1 r1c2\" },\n]\n");
        assert!(e.2.contains("cannot add up to 30"), "{}", e.2);
        let clash = one("variant = \"x\"\ngivens = [\"1...\", \"....\", \"....\", \"...1\"]\n");
        let c = clash.clashes();
        assert_eq!(
            clash.describe(&c[0]),
            "r1c1 and r4c4 both hold 1 (the main diagonal)"
        );
        let mut bad: Vec<String> = REGIONS.iter().map(|r| format!("\"{r}\"")).collect();
        bad[0] = "\"AABBBBCCA\"".into();
        let e = error(&format!("box = \"3\"\nregions = [{}]\n", bad.join(", ")));
        assert!(e.2.contains("region 'A' has 10 cells"), "{}", e.2);
    }

    #[test]
    fn jigsaw_lines() {
        let givens = format!("1{}", ".".repeat(80));
        let line = format!("{givens}{}", REGIONS.concat());
        assert_eq!(line.len(), 162);
        let g = one(&line);
        assert_eq!(g.get(0), 1);
        assert_eq!(g.variant().unwrap().region_of(3), Some(1));
        assert_eq!(write(&g, None, Format::Jigsaw), format!("{line}\n"));
        // r1c1 and r5c5 swapped: E's r1c1 is far from the rest of E.
        let mut cut = REGIONS.concat().into_bytes();
        cut.swap(0, 40);
        let cut = format!("{givens}{}", String::from_utf8(cut).unwrap());
        let e = error(&format!("# jigsaw\n{cut}\n"));
        assert_eq!(e.0, 2);
        assert!(e.2.contains("region 'E' is not connected"), "{}", e.2);
        let e = error(&format!("{givens}{}Q\n", &REGIONS.concat()[1..]));
        assert!(e.2.contains("region"), "{}", e.2);
        let e = error(&format!("1{}x{}", ".".repeat(79), REGIONS.concat()));
        assert_eq!((e.0, e.1), (1, 81), "{}", e.2);
        assert!(Format::Jigsaw.holds(&one(&".".repeat(81))).is_ok());
        let x = one("variant = \"x\"\nbox = \"3\"\n");
        assert!(Format::Jigsaw.holds(&x).is_err());
        assert!(Format::Line.holds(&x).is_err());
    }
}
