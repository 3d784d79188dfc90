//! The input of Knuth's `sudoku-general-dlx`: a board of any units, written as text, read into
//! [`Units`] and the givens for [`general::solve`](crate::sudoku::cover::general::solve).
//!
//! ```text
//! 1...
//! ..2.
//! .3..
//! ...4
//! 0011
//! 0011
//! 2233
//! 2233
//! ```
//!
//! The first `n` lines are the board, `n` characters each (`n` is the first line's length): a
//! digit `1`–`9` or `a`–`z` then `A` (Knuth's encoding, 10 to 36) is a given, `#` a hole (a cell
//! that is not on the board: its row and column then have fewer than `n` cells), anything else
//! an empty cell. Then come any number of groups of `n` lines, each naming boxes: a character
//! `0`–`9`, `a`–`z` or `A`–`Z` puts the cell in that box, `.` in none. A cell may be in boxes of
//! several groups (overlapping units, as for X or hyper boards) but not twice in one box. Rows,
//! columns and boxes of `n` cells hold every digit once; smaller ones (rows and columns with
//! holes, boxes of fewer cells) each digit at most once, as secondary items. A hole is in no
//! unit: a box that names one has a cell fewer (Knuth's program counts it, which makes such a box
//! impossible to fill). Knuth's program takes boards up to 32×32; this one up to 36×36.
//!
//! A board without holes whose boxes are a tiling of the board, with perhaps the two main
//! diagonals and a hyper board's windows as more boxes, is a board this program plays: read
//! ([`GeneralPuzzle::to_grid`]) as a classic, jigsaw, X or hyper board, and written back
//! ([`write()`]) with the boxes (or regions) in the first group, each diagonal in a group of its
//! own and the windows in one more. Any other board (boxes of other shapes, holes) is read as a
//! board on a [`Shape`] of exactly its units, and played as such.
//!
//! Errors are Knuth's, with the line: a first line of length 0 or over 36, a line of fewer or
//! more characters, a digit twice in a row, column or box, an invalid box character, a cell twice
//! in one box, a box of more than `n` cells, too few lines, an unfinished group of box lines.
//! Blank lines at the end of the text, which an editor does not show, are no lines of it (where
//! Knuth's program counts them short lines).

use std::sync::Arc;

use thiserror::Error;

use crate::sudoku::board::geometry::{Geometry, Unit};
use crate::sudoku::board::grid::{Grid, Notation};
use crate::sudoku::board::shape::{Layout, Shape};
use crate::sudoku::board::units::{Units, UnitsError};
use crate::sudoku::board::variant::{Rules, Variant};

/// The largest board the format takes here.
pub const MAX_N: usize = 36;

/// A value of [`GeneralPuzzle::cells`] that is a hole, not a cell of the board.
pub const HOLE: u8 = u8::MAX;

/// A board read from `sudoku-general-dlx`'s input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralPuzzle {
    /// The units: rows, columns (without their holes) and boxes.
    pub units: Units,
    /// Each cell's given (1 to n), 0 if empty, [`HOLE`] if not on the board.
    pub cells: Vec<u8>,
}

/// What is wrong, and on which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct GeneralFormatError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: GeneralFormatErrorKind,
}

/// The kinds of [`GeneralFormatError`], in Knuth's words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeneralFormatErrorKind {
    /// The first line is empty.
    #[error("the length of the first line (n) is zero")]
    Empty,
    /// The first line is too long.
    #[error("the length of the first line ({0}) exceeds {MAX_N}")]
    TooLong(usize),
    /// A line of the wrong length.
    #[error("this line has {found} characters, not {n}")]
    Length {
        /// Characters found.
        found: usize,
        /// n.
        n: usize,
    },
    /// A digit twice in a row, column or box.
    #[error("digit {digit} appears twice in {unit}")]
    Twice {
        /// The digit as written.
        digit: char,
        /// `row 3`, `column 5`, `box b`.
        unit: String,
    },
    /// A character that names no box.
    #[error("the invalid character {0:?} in a box-definition line")]
    BadBox(char),
    /// A cell named twice in one box.
    #[error("box {0} already contains this row's cell in column {1}")]
    CellTwice(char, usize),
    /// A box of more than n cells.
    #[error("box {0} contains more than {1} cells (a label names one box in every group)")]
    BoxTooBig(char, usize),
    /// Fewer than n lines.
    #[error("there were fewer than {0} lines of input")]
    TooFewLines(usize),
    /// A group of box lines not finished.
    #[error("box-definition group {group} had fewer than {n} lines")]
    GroupUnfinished {
        /// The group, from 1.
        group: usize,
        /// n.
        n: usize,
    },
    /// The units do not make a board.
    #[error("{0}")]
    Units(UnitsError),
}

/// Knuth's digits: `1`–`9`, `a`–`z`, then `A` for 36.
fn digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        'A' => Some(36),
        _ => None,
    }
}

/// True if `c` names a box in a box-definition line.
pub fn is_label(c: char) -> bool {
    label(c).is_some()
}

/// The lines of a text in Knuth's form: blank lines at its end, which an editor does not show,
/// are no lines of the board.
pub fn lines_of(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines
}

/// A box label's number.
fn label(c: char) -> Option<usize> {
    match c {
        '0'..='9' => Some(usize::from(c as u8 - b'0')),
        'a'..='z' => Some(usize::from(c as u8 - b'a') + 10),
        'A'..='Z' => Some(usize::from(c as u8 - b'A') + 36),
        _ => None,
    }
}

impl GeneralPuzzle {
    /// Reads the text (see the module docs).
    pub fn parse(text: &str) -> Result<GeneralPuzzle, GeneralFormatError> {
        let lines = lines_of(text);
        let fail = |line, kind| GeneralFormatError { line, kind };
        let first = lines.first().copied().unwrap_or_default();
        let n = first.chars().count();
        if n == 0 {
            return Err(fail(1, GeneralFormatErrorKind::Empty));
        }
        if n > MAX_N {
            return Err(fail(1, GeneralFormatErrorKind::TooLong(n)));
        }
        if lines.len() < n {
            return Err(fail(lines.len(), GeneralFormatErrorKind::TooFewLines(n)));
        }
        let row_of = |k: usize| -> Result<Vec<char>, GeneralFormatError> {
            let chars: Vec<char> = lines[k].chars().collect();
            if chars.len() != n {
                return Err(fail(
                    k + 1,
                    GeneralFormatErrorKind::Length {
                        found: chars.len(),
                        n,
                    },
                ));
            }
            Ok(chars)
        };
        let mut cells = vec![0u8; n * n];
        for r in 0..n {
            for (c, ch) in row_of(r)?.into_iter().enumerate() {
                cells[r * n + c] = match ch {
                    '#' => HOLE,
                    _ => digit(ch).filter(|&d| usize::from(d) <= n).unwrap_or(0),
                };
            }
        }
        // Rows and columns, without their holes.
        let mut units: Vec<Vec<usize>> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| r * n + c)
                    .filter(|&x| cells[x] != HOLE)
                    .collect()
            })
            .collect();
        units.extend((0..n).map(|c| {
            (0..n)
                .map(|r| r * n + c)
                .filter(|&x| cells[x] != HOLE)
                .collect()
        }));
        // Boxes, by label, across every group.
        let mut boxes: Vec<(char, Vec<usize>)> = Vec::new();
        let body = &lines[n..];
        if !body.len().is_multiple_of(n) {
            return Err(fail(
                lines.len(),
                GeneralFormatErrorKind::GroupUnfinished {
                    group: body.len() / n + 1,
                    n,
                },
            ));
        }
        for k in n..lines.len() {
            let r = (k - n) % n;
            for (c, ch) in row_of(k)?.into_iter().enumerate() {
                if ch == '.' {
                    continue;
                }
                if label(ch).is_none() {
                    return Err(fail(k + 1, GeneralFormatErrorKind::BadBox(ch)));
                }
                let at = match boxes.iter().position(|(l, _)| *l == ch) {
                    Some(at) => at,
                    None => {
                        boxes.push((ch, Vec::new()));
                        boxes.len() - 1
                    }
                };
                let cell = r * n + c;
                let members = &mut boxes[at].1;
                if members.contains(&cell) {
                    return Err(fail(k + 1, GeneralFormatErrorKind::CellTwice(ch, c + 1)));
                }
                members.push(cell);
                if members.len() > n {
                    return Err(fail(k + 1, GeneralFormatErrorKind::BoxTooBig(ch, n)));
                }
            }
        }
        // A digit twice in a row, column or box.
        let names: Vec<String> = (0..n)
            .map(|r| format!("row {}", r + 1))
            .chain((0..n).map(|c| format!("column {}", c + 1)))
            .chain(boxes.iter().map(|(l, _)| format!("box {l}")))
            .collect();
        // A hole is not on the board: no unit holds it (a box that names one is a partial box).
        units.extend(
            boxes
                .into_iter()
                .map(|(_, members)| members.into_iter().filter(|&x| cells[x] != HOLE).collect()),
        );
        for (u, unit) in units.iter().enumerate() {
            let mut seen = vec![false; n + 1];
            for &x in unit {
                let v = cells[x];
                if v != 0 && v != HOLE && std::mem::replace(&mut seen[usize::from(v)], true) {
                    let digit = lines[x / n].chars().nth(x % n).unwrap_or('?');
                    return Err(fail(
                        x / n + 1,
                        GeneralFormatErrorKind::Twice {
                            digit,
                            unit: names[u].clone(),
                        },
                    ));
                }
            }
        }
        let named = units.into_iter().enumerate().map(|(u, cells)| {
            let name = match u {
                u if u < n => Unit::Row(u),
                u if u < 2 * n => Unit::Column(u - n),
                u => Unit::Box(u - 2 * n),
            };
            (name, cells)
        });
        let units = Units::from_cells(n, named.collect())
            .map_err(|e| fail(1, GeneralFormatErrorKind::Units(e)))?;
        Ok(GeneralPuzzle { units, cells })
    }
}

impl GeneralPuzzle {
    /// The board as this program plays it: a square board with its boxes (the standard ones,
    /// or a jigsaw's regions) and any diagonals and hyper windows among the other boxes, where
    /// it is one; otherwise (holes, boxes of other shapes) a board on a [`Shape`] of exactly
    /// these units.
    pub fn to_grid(&self, preferred: Option<&Notation>) -> Result<Grid, String> {
        self.to_square_grid(preferred)
            .or_else(|_| self.to_shape_grid())
    }

    /// The board on a shape of its units: rows and columns without their holes, and its boxes.
    fn to_shape_grid(&self) -> Result<Grid, String> {
        let n = self.units.side();
        let mut b = Shape::builder("sudoku-general", Layout::flat(n, n), n);
        for (name, cells) in self.units.iter() {
            b.unit(name, cells.to_vec());
        }
        let shape = b.build().map_err(|e| e.to_string())?;
        let values = self
            .cells
            .iter()
            .map(|&v| if v == HOLE { 0 } else { v })
            .collect();
        Grid::on_shape(Arc::new(shape), None)?
            .with_values(values)
            .ok_or_else(|| "a given on a cell of no unit".to_string())
    }

    /// The board as a square board with a variant's rules, or what stands in the way.
    fn to_square_grid(&self, preferred: Option<&Notation>) -> Result<Grid, String> {
        let n = self.units.side();
        if let Some(hole) = self.cells.iter().position(|&v| v == HOLE) {
            return Err(format!(
                "r{}c{} is a hole: boards with holes are solved, not played",
                hole / n + 1,
                hole % n + 1
            ));
        }
        // A side with no box shape (5, 7, ...) makes a board without boxes: a jigsaw.
        let geometry = Geometry::for_side_or_without_boxes(n).map_err(|e| e.to_string())?;
        let diagonals: [Vec<usize>; 2] = [
            (0..n).map(|k| k * n + k).collect(),
            (0..n).map(|k| k * n + n - 1 - k).collect(),
        ];
        let windows: Vec<Vec<usize>> = Units::classic(geometry)
            .with_hyper(geometry)
            .map(|u| {
                u.iter()
                    .filter(|(name, _)| matches!(name, Unit::Window(_)))
                    .map(|(_, cells)| cells.to_vec())
                    .collect()
            })
            .unwrap_or_default();
        let (mut on_diagonals, mut in_windows, mut regions) = (0, 0, Vec::new());
        for (name, cells) in self.units.iter() {
            if !matches!(name, Unit::Box(_)) {
                continue;
            }
            if diagonals.iter().any(|d| d == cells) {
                on_diagonals += 1;
            } else if windows.iter().any(|w| w == cells) {
                in_windows += 1;
            } else {
                regions.push(cells.to_vec());
            }
        }
        let box_name = |k: usize| format!("box {}", k + 1);
        if on_diagonals == 1 {
            return Err("one main diagonal is a box, the other not: an X board has both".into());
        }
        if in_windows > 0 && in_windows < windows.len() {
            return Err(format!(
                "{in_windows} of the {} hyper windows are boxes: a hyper board has them all",
                windows.len()
            ));
        }
        if regions.len() != n || regions.iter().any(|r| r.len() != n) {
            let odd = regions.iter().position(|r| r.len() != n).map_or_else(
                || format!("{} boxes", regions.len()),
                |k| format!("{} of {} cells", box_name(k), regions[k].len()),
            );
            return Err(format!(
                "the boxes other than diagonals and windows must tile the board with {n} boxes \
                 of {n} cells; here {odd}"
            ));
        }
        let mut label = vec![usize::MAX; n * n];
        for (k, region) in regions.iter().enumerate() {
            for &c in region {
                label[c] = k;
            }
        }
        if label.contains(&usize::MAX) {
            return Err(format!(
                "the {n} boxes of {n} cells overlap, so they leave a cell out"
            ));
        }
        // n cells all in one standard box are that box.
        let standard = geometry.has_boxes()
            && regions.iter().all(|r| {
                r.iter()
                    .all(|&c| geometry.box_of(c) == geometry.box_of(r[0]))
            });
        let rules = Rules {
            diagonals: on_diagonals == 2,
            windows: in_windows > 0,
            regions: (!standard).then_some(label),
            cages: Vec::new(),
        };
        let notation = match preferred.filter(|p| p.geometry == geometry) {
            Some(p) => p.clone(),
            None => Notation::default_for(geometry).map_err(|e| e.to_string())?,
        };
        let grid = Grid::from_values(notation, self.cells.clone())
            .ok_or_else(|| "a digit beyond the board's side".to_string())?;
        if rules.is_classic() {
            return Ok(grid);
        }
        let variant = Variant::new(geometry, rules).map_err(|e| e.to_string())?;
        grid.with_variant(Some(Arc::new(variant)))
            .map_err(|_| "the rules do not fit the board".to_string())
    }
}

/// Knuth's box labels, in order: `0`–`9`, `a`–`z`, `A`–`Z`.
const LABELS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Why a board cannot be written in Knuth's general form, if it cannot: killer cages, a side
/// over 36, more than 62 boxes, givens that clash (which his program refuses).
pub fn holds(puzzle: &Grid) -> Result<(), String> {
    let side = puzzle.geometry().side();
    if side > MAX_N {
        return Err(format!(
            "Knuth's general form takes boards up to {MAX_N}×{MAX_N}"
        ));
    }
    let v = puzzle.variant();
    if v.is_some_and(|v| !v.cages().is_empty()) {
        return Err("Knuth's general form has no killer cages".into());
    }
    if let Some(clash) = puzzle.clashes().first() {
        return Err(format!(
            "Knuth's program refuses clashing givens: {}",
            puzzle.describe(clash)
        ));
    }
    let boxes = v.map_or(side, |v| v.units().all().len() - 2 * side);
    if boxes > LABELS.len() {
        return Err(format!(
            "Knuth's general form names at most 62 boxes, not {boxes}"
        ));
    }
    Ok(())
}

/// The board in Knuth's general form (check [`holds`] first): the givens, then the boxes or
/// regions, each diagonal in a group of its own, and the windows in one more.
pub fn write(puzzle: &Grid) -> String {
    let g = puzzle.geometry();
    let side = g.side();
    let digit = |v: u8| match v {
        0 => '.',
        1..=9 => char::from(b'0' + v),
        10..=35 => char::from(b'a' + v - 10),
        _ => 'A',
    };
    let mut out = String::new();
    for r in 0..side {
        out.extend((0..side).map(|c| digit(puzzle.get(r * side + c))));
        out.push('\n');
    }
    // Each group: a label for each cell, or none; the labels run on across groups.
    let mut groups: Vec<Vec<Option<usize>>> = Vec::new();
    let mut next = 0;
    let mut boxes = vec![None; side * side];
    let mut diagonals = vec![vec![None; side * side]; 2];
    let mut windows = vec![None; side * side];
    let units: Vec<(Unit, Vec<usize>)> = match puzzle.variant() {
        Some(v) => v.units().iter().map(|(u, c)| (u, c.to_vec())).collect(),
        None => puzzle.houses(),
    };
    for (unit, cells) in &units {
        let target = match unit {
            Unit::Box(_) | Unit::Region(_) => &mut boxes,
            Unit::Diagonal(d) => &mut diagonals[*d],
            Unit::Window(_) => &mut windows,
            _ => continue,
        };
        for &c in cells {
            target[c] = Some(next);
        }
        next += 1;
    }
    groups.push(boxes);
    groups.extend(
        diagonals
            .into_iter()
            .filter(|d| d.iter().any(Option::is_some)),
    );
    if windows.iter().any(Option::is_some) {
        groups.push(windows);
    }
    for group in groups {
        for r in 0..side {
            out.extend((0..side).map(|c| {
                group[r * side + c].map_or('.', |l| char::from(LABELS[l % LABELS.len()]))
            }));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const FOUR: &str = "1...\n..2.\n.3..\n...4\n0011\n0011\n2233\n2233\n";

    #[test]
    fn a_4x4_board_with_its_boxes_in_one_group() {
        let p = GeneralPuzzle::parse(FOUR).unwrap();
        assert_eq!(p.units.all().len(), 12);
        assert_eq!(p.cells[0], 1);
        assert_eq!(p.cells[6], 2);
        assert!(p.units.all().iter().all(|u| u.len() == 4));
    }

    #[test]
    fn knuths_errors_with_the_line() {
        let kind = |t: &str| {
            let e = GeneralPuzzle::parse(t).unwrap_err();
            (e.line, e.kind)
        };
        assert_eq!(kind(""), (1, GeneralFormatErrorKind::Empty));
        assert_eq!(
            kind("1...\n..2\n"),
            (2, GeneralFormatErrorKind::TooFewLines(4))
        );
        assert_eq!(
            kind("1...\n..2\n....\n....\n"),
            (2, GeneralFormatErrorKind::Length { found: 3, n: 4 })
        );
        assert!(matches!(
            kind("1..1\n....\n....\n....\n"),
            (1, GeneralFormatErrorKind::Twice { digit: '1', .. })
        ));
        assert_eq!(
            kind("1...\n....\n....\n....\n00-1\n0011\n2233\n2233\n"),
            (5, GeneralFormatErrorKind::BadBox('-'))
        );
        assert_eq!(
            kind("1...\n....\n....\n....\n0011\n0011\n"),
            (
                6,
                GeneralFormatErrorKind::GroupUnfinished { group: 1, n: 4 }
            )
        );
        assert_eq!(
            kind("1...\n....\n....\n....\n0000\n0...\n....\n....\n"),
            (6, GeneralFormatErrorKind::BoxTooBig('0', 4))
        );
        assert!(matches!(
            kind("1...\n....\n....\n1...\n"),
            (4, GeneralFormatErrorKind::Twice { .. })
        ));
        assert!(matches!(
            kind("1...\n....\n....\n....\n0...\n....\n....\n....\n0...\n....\n....\n....\n"),
            (9, GeneralFormatErrorKind::CellTwice('0', 1))
        ));
    }

    #[test]
    fn holes_make_rows_and_columns_partial() {
        let p = GeneralPuzzle::parse("#...\n....\n....\n....\n").unwrap();
        assert_eq!(p.cells[0], HOLE);
        assert_eq!(p.units.all()[0].len(), 3);
        assert!(!p.units.is_full(0) && p.units.is_full(1));
    }
}

#[cfg(test)]
mod playing {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::files::formats::{Format, detect, read};

    fn variant(text: &str) -> Option<String> {
        let grid = GeneralPuzzle::parse(text).unwrap().to_grid(None).unwrap();
        grid.variant().map(|v| v.name())
    }

    #[test]
    fn boards_of_boxes_diagonals_and_windows_are_played_as_their_variant() {
        let givens = "1...\n....\n....\n...2\n";
        let boxes = "0011\n0011\n2233\n2233\n";
        let main = "a...\n.a..\n..a.\n...a\n";
        let anti = "...b\n..b.\n.b..\nb...\n";
        let window = "....\n.ww.\n.ww.\n....\n";
        assert_eq!(variant(&format!("{givens}{boxes}")), None);
        assert_eq!(
            variant(&format!("{givens}{boxes}{main}{anti}")).as_deref(),
            Some("X")
        );
        assert_eq!(
            variant(&format!("{givens}{boxes}{window}")).as_deref(),
            Some("hyper")
        );
        let jigsaw = "0001\n0211\n2231\n2333\n";
        assert_eq!(
            variant(&format!("{givens}{jigsaw}")).as_deref(),
            Some("jigsaw")
        );
        // What is no square board says why, and is played on a shape of its units instead.
        let why = |text: &str| {
            GeneralPuzzle::parse(text)
                .unwrap()
                .to_square_grid(None)
                .unwrap_err()
        };
        let shaped = |text: &str| {
            let grid = GeneralPuzzle::parse(text).unwrap().to_grid(None).unwrap();
            let shape = grid.shape().unwrap().clone();
            (grid, shape)
        };
        assert!(why(&format!("{givens}{boxes}{main}")).contains("an X board has both"));
        let (grid, shape) = shaped(&format!("{givens}{boxes}{main}"));
        assert_eq!(shape.unit_count(), 13);
        assert!(grid.solve().unwrap().verify_solution_of(&grid).is_ok());
        let holes = format!("#...\n....\n....\n...2\n{boxes}");
        assert!(why(&holes).contains("r1c1 is a hole"));
        let (grid, shape) = shaped(&holes);
        assert!(!grid.is_cell(0) && shape.cell_count() == 15);
        // Row 1 and column 1 lose their hole: 3 cells, each digit at most once.
        assert!(!shape.is_full(0) && !shape.is_full(4));
        assert!(grid.count_solutions(100) > 1);
        assert!(why(&format!("{givens}0011\n0011\n2233\n223.\n")).contains("tile the board"));
        let (_, shape) = shaped(&format!("{givens}0011\n0011\n2233\n223.\n"));
        assert_eq!(shape.unit(11).len(), 3);
    }

    #[test]
    fn every_playable_variant_is_written_and_read_back_the_same() {
        let texts = [
            "variant = \"x hyper\"\nbox = \"3\"\ngivens = [\"1........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \"........2\"]\n",
            "variant = \"jigsaw\"\ngivens = [\"1...\", \"....\", \"....\", \"...2\"]\nregions = [\"AAAB\", \"ACBB\", \"CCDB\", \"CDDD\"]\n",
        ];
        for text in texts {
            let (_, entries) = read(text, None, None).unwrap();
            let puzzle = &entries[0].puzzle;
            holds(puzzle).unwrap();
            let written = write(puzzle);
            assert_eq!(detect(&written), Format::Knuth, "{written}");
            let (_, back) = read(&written, None, None).unwrap();
            assert_eq!(back[0].puzzle.values(), puzzle.values(), "{written}");
            assert_eq!(
                back[0].puzzle.variant().map(|v| v.rules()),
                puzzle.variant().map(|v| v.rules()),
                "{written}"
            );
        }
        let (_, killer) = read(
            "box = \"2\"\ncages = [ { sum = 3, cells = \"r1c1 r1c2\" } ]\n",
            None,
            None,
        )
        .unwrap();
        assert!(
            holds(&killer[0].puzzle)
                .unwrap_err()
                .contains("no killer cages")
        );
    }
}
