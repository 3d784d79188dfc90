//! The input of Knuth's `sudoku-general-dlx`: a board of any units, written as text, read into
//! [`Units`] and the givens for [`general::solve`](super::general::solve).
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
//! Errors are Knuth's, with the line: a first line of length 0 or over 36, a line of fewer or
//! more characters, a digit twice in a row, column or box, an invalid box character, a cell twice
//! in one box, a box of more than `n` cells, too few lines, an unfinished group of box lines.

use thiserror::Error;

use super::geometry::Unit;
use super::units::{Units, UnitsError};

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
    #[error("box {0} contains more than {1} cells")]
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
        let lines: Vec<&str> = text.lines().collect();
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
