//! A board of cells: parsing it from text, writing it back, finding clashes, checking solutions.

use std::fmt;
use std::sync::Arc;

use thiserror::Error;

use crate::sudoku::board::alphabet::{Alphabet, AlphabetError, is_layout};
use crate::sudoku::board::cage::can_still_make;
use crate::sudoku::board::geometry::{Geometry, GeometryError, Unit, cell_name};
use crate::sudoku::board::shape::{Layout, Shape};
use crate::sudoku::board::variant::Variant;

/// How a board is written: its shape and its symbols.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notation {
    /// The shape.
    pub geometry: Geometry,
    /// The symbols, shared between the many boards that use them.
    pub alphabet: Arc<Alphabet>,
}

impl Notation {
    /// A shape with its default symbols.
    pub fn default_for(geometry: Geometry) -> Result<Self, AlphabetError> {
        Ok(Notation {
            geometry,
            alphabet: Arc::new(Alphabet::default_for(geometry.side())?),
        })
    }

    /// The notation for a board of `cells` cells: `preferred` if it has that many cells, else the
    /// usual shape for that many cells with its default symbols.
    pub fn for_cells(cells: usize, preferred: Option<&Notation>) -> Result<Self, ParseErrorKind> {
        if let Some(p) = preferred.filter(|p| p.geometry.cells() == cells) {
            return Ok(p.clone());
        }
        let geometry = Geometry::for_cells(cells).map_err(ParseErrorKind::Shape)?;
        Notation::default_for(geometry).map_err(ParseErrorKind::Alphabet)
    }
}

impl Default for Notation {
    fn default() -> Self {
        Notation {
            geometry: Geometry::classic(),
            alphabet: Arc::new(
                Alphabet::new("123456789".chars().collect(), 9)
                    .unwrap_or_else(|_| unreachable!("the classic alphabet is valid")),
            ),
        }
    }
}

/// Where puzzle text went wrong: line and column from 1 (column 0 when it is about a whole line).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}{}: {kind}", if *column > 0 { format!(", column {column}") } else { String::new() })]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1; 0 when the error is about the whole line.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// The same error for text that starts at line `first_line` of a larger file.
    pub fn starting_at(mut self, first_line: usize) -> Self {
        self.line += first_line - 1;
        self
    }
}

/// What is wrong with puzzle text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// A character that is neither a symbol, an empty marker nor layout.
    #[error(
        "{found:?} is not a symbol of a {side}×{side} board (expected one of {symbols}, or '.' for an empty cell)"
    )]
    UnknownSymbol {
        /// The character found.
        found: char,
        /// The side of the board.
        side: usize,
        /// The board's symbols.
        symbols: String,
    },
    /// The cells counted make no board.
    #[error("{0}")]
    Shape(GeometryError),
    /// The board's size has no default symbols.
    #[error("{0}")]
    Alphabet(AlphabetError),
    /// A row of a block-format board has the wrong number of cells.
    #[error(
        "this row has {found} cells, but the board has {expected} rows, so each row needs {expected}"
    )]
    RowLength {
        /// Cells found in the row.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A block-format board ends before all its rows.
    #[error(
        "the grid stops after {found} rows, but its rows of {expected} cells need {expected} rows"
    )]
    TooFewRows {
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// A solution given with a puzzle that does not solve it.
    #[error("the solution does not solve the puzzle: {0}")]
    BadSolution(SolutionError),
    /// A CSV line without its puzzle column.
    #[error("expected a puzzle in field {field} of this line, found none")]
    MissingField {
        /// The field, from 1.
        field: usize,
    },
    /// Nothing but comments and blank lines.
    #[error("no puzzle found")]
    Empty,
    /// Something else, in words (a variant's file: its keys, regions, cages).
    #[error("{0}")]
    Invalid(String),
}

/// A board: its notation, its variant's rules if it has any, and the value of each cell, row by
/// row (0 empty, 1 to side a symbol).
///
/// A square board of rows, columns and boxes (with a variant's rules or without) is all most
/// puzzles need. Any other board ([`Shape`]: a Samurai, a Roxdoku cube, a Mathdoku) is a grid
/// *on a shape* ([`on_shape`](Self::on_shape)): its values are then one per position of the
/// shape's layout, holes included (always 0), and its units and cages are the shape's; its
/// notation's geometry says only how many symbols there are and how pencil marks sit in a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    notation: Notation,
    variant: Option<Arc<Variant>>,
    shape: Option<Arc<Shape>>,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty board.
    pub fn empty(notation: Notation) -> Self {
        let cells = vec![0; notation.geometry.cells()];
        Grid {
            notation,
            variant: None,
            shape: None,
            cells,
        }
    }

    /// A board from cell values (0 empty, 1 to side). Fails if the count or a value is wrong.
    pub fn from_values(notation: Notation, cells: Vec<u8>) -> Option<Self> {
        let side = notation.geometry.side();
        (cells.len() == notation.geometry.cells() && cells.iter().all(|&v| v as usize <= side))
            .then_some(Grid {
                notation,
                variant: None,
                shape: None,
                cells,
            })
    }

    /// Parses one puzzle on one line: every character that is not layout (`|`, `+`, spaces) is a
    /// cell. The board's size comes from the number of cells; `preferred` supplies the shape and
    /// symbols when it has that size, otherwise the defaults are used. Errors say line 1.
    pub fn parse_line(line: &str, preferred: Option<&Notation>) -> Result<Self, ParseError> {
        let count = line.chars().filter(|&c| !is_layout(c)).count();
        let notation = Notation::for_cells(count, preferred).map_err(|kind| ParseError {
            line: 1,
            column: 0,
            kind,
        })?;
        let mut cells = Vec::with_capacity(count);
        for (k, c) in line.chars().enumerate() {
            if !is_layout(c) {
                cells.push(read_cell(&notation.alphabet, c).ok_or_else(|| ParseError {
                    line: 1,
                    column: k + 1,
                    kind: unknown(&notation, c),
                })?);
            }
        }
        Ok(Grid {
            notation,
            variant: None,
            shape: None,
            cells,
        })
    }

    /// Parses one puzzle in block format: one row a line, with `|`, `+` and spaces ignored, rule
    /// lines (made of `-`, `=`, `+`, `|` and spaces) and `#` comment lines skipped. The side is the
    /// number of rows.
    pub fn parse_block(text: &str, preferred: Option<&Notation>) -> Result<Self, ParseError> {
        let rows: Vec<(usize, &str)> = data_lines(text).collect();
        let Some(&(first_line, _)) = rows.first() else {
            return Err(ParseError {
                line: 1,
                column: 0,
                kind: ParseErrorKind::Empty,
            });
        };
        let side = rows.len();
        let notation = Notation::for_cells(side * side, preferred).map_err(|kind| ParseError {
            line: first_line,
            column: 0,
            kind,
        })?;
        let mut cells = Vec::with_capacity(side * side);
        for &(line, text) in &rows {
            let before = cells.len();
            for (k, c) in text.chars().enumerate() {
                if !is_layout(c) {
                    cells.push(read_cell(&notation.alphabet, c).ok_or_else(|| ParseError {
                        line,
                        column: k + 1,
                        kind: unknown(&notation, c),
                    })?);
                }
            }
            if cells.len() - before != side {
                return Err(ParseError {
                    line,
                    column: 0,
                    kind: ParseErrorKind::RowLength {
                        found: cells.len() - before,
                        expected: side,
                    },
                });
            }
        }
        Ok(Grid {
            notation,
            variant: None,
            shape: None,
            cells,
        })
    }

    /// Parses one puzzle in either format: one line, or a block of rows.
    pub fn parse(text: &str, preferred: Option<&Notation>) -> Result<Self, ParseError> {
        let mut lines = data_lines(text);
        match (lines.next(), lines.next()) {
            (None, _) => Err(ParseError {
                line: 1,
                column: 0,
                kind: ParseErrorKind::Empty,
            }),
            (Some((line, only)), None) => {
                Grid::parse_line(only, preferred).map_err(|e| e.starting_at(line))
            }
            _ => Grid::parse_block(text, preferred),
        }
    }

    /// The board with a variant's rules (`None`: the classic ones). Fails, leaving the board as
    /// it was, if the variant is of another side.
    pub fn with_variant(mut self, variant: Option<Arc<Variant>>) -> Result<Self, Self> {
        if variant
            .as_ref()
            .is_some_and(|v| v.units().side() != self.geometry().side())
        {
            return Err(self);
        }
        self.variant = variant;
        Ok(self)
    }

    /// An empty board on `shape`, written in `alphabet` (`None`: the default symbols for so
    /// many). Fails if the alphabet has another number of symbols, or there is no notation for
    /// so many.
    pub fn on_shape(shape: Arc<Shape>, alphabet: Option<Arc<Alphabet>>) -> Result<Self, String> {
        let n = shape.symbols();
        let geometry = Geometry::for_symbols(n).map_err(|e| e.to_string())?;
        let alphabet = match alphabet {
            Some(a) if a.len() == n => a,
            Some(a) => {
                return Err(format!(
                    "the symbols {a} are {}, the board {} takes {n}",
                    a.len(),
                    shape.name()
                ));
            }
            None => Arc::new(Alphabet::default_for(n).map_err(|e| e.to_string())?),
        };
        let cells = vec![0; shape.positions()];
        Ok(Grid {
            notation: Notation { geometry, alphabet },
            variant: None,
            shape: Some(shape),
            cells,
        })
    }

    /// This board with other values (one per position, each 0 or a symbol's number): its
    /// notation, variant and shape kept. `None` if the count or a value is wrong, or a hole is
    /// filled.
    pub fn with_values(&self, cells: Vec<u8>) -> Option<Grid> {
        let side = self.notation.geometry.side();
        let fits = cells.len() == self.cells.len()
            && cells
                .iter()
                .enumerate()
                .all(|(c, &v)| usize::from(v) <= side && (v == 0 || self.is_cell(c)));
        fits.then(|| Grid {
            notation: self.notation.clone(),
            variant: self.variant.clone(),
            shape: self.shape.clone(),
            cells,
        })
    }

    /// The shape of a board that is not a plain square one (see [`on_shape`](Self::on_shape)).
    pub fn shape(&self) -> Option<&Shape> {
        self.shape.as_deref()
    }

    /// The shape, shared.
    pub fn shape_arc(&self) -> Option<&Arc<Shape>> {
        self.shape.as_ref()
    }

    /// The board's positions: its shape's layout, or `side × side`.
    pub fn layout(&self) -> Layout {
        match &self.shape {
            Some(s) => s.layout(),
            None => {
                let s = self.geometry().side();
                Layout::flat(s, s)
            }
        }
    }

    /// How many positions the board has (holes included): the length of [`values`](Self::values).
    pub fn positions(&self) -> usize {
        self.cells.len()
    }

    /// True if a position is a cell of the board (not a hole, not off the board).
    pub fn is_cell(&self, position: usize) -> bool {
        match &self.shape {
            Some(s) => s.is_cell(position),
            None => position < self.cells.len(),
        }
    }

    /// A cell's name for players: `r1c2` (`l1r1c2` in a cube).
    pub fn cell_name(&self, cell: usize) -> String {
        match &self.shape {
            Some(s) => s.cell_name(cell),
            None => cell_name(self.geometry(), cell),
        }
    }

    /// The variant's rules, unless the board is classic.
    pub fn variant(&self) -> Option<&Variant> {
        self.variant.as_deref()
    }

    /// The variant, shared.
    pub fn variant_arc(&self) -> Option<&Arc<Variant>> {
        self.variant.as_ref()
    }

    /// The cells of a unit of this board (a row, column, box, or a unit or cage of its variant).
    pub fn unit_cells(&self, unit: Unit) -> Vec<usize> {
        if let Some(s) = &self.shape {
            if let Unit::Cage(k) = unit {
                let math = s.math_cages().iter().map(|c| &c.cells);
                return s
                    .cages()
                    .iter()
                    .map(|c| &c.cells)
                    .chain(math)
                    .nth(k)
                    .cloned()
                    .unwrap_or_default();
            }
            return s
                .units()
                .find(|(n, _)| *n == unit)
                .map(|(_, c)| c.to_vec())
                .unwrap_or_default();
        }
        match (&self.variant, unit) {
            (_, Unit::Row(_) | Unit::Column(_)) | (None, _) => {
                self.geometry().unit_cells(unit).collect()
            }
            (Some(v), _) => v.unit_cells(unit),
        }
    }

    /// Every unit (and cage) of the board with its cells: each holds a symbol at most once.
    pub fn houses(&self) -> Vec<(Unit, Vec<usize>)> {
        if let Some(s) = &self.shape {
            let cages = s
                .cages()
                .iter()
                .enumerate()
                .map(|(k, c)| (Unit::Cage(k), c.cells.clone()));
            return s
                .units()
                .map(|(u, c)| (u, c.to_vec()))
                .chain(cages)
                .collect();
        }
        match &self.variant {
            Some(v) => v.houses().map(|(u, c)| (u, c.to_vec())).collect(),
            None => {
                let g = self.geometry();
                g.units().map(|u| (u, g.unit_cells(u).collect())).collect()
            }
        }
    }

    /// The board's notation.
    pub fn notation(&self) -> &Notation {
        &self.notation
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.notation.geometry
    }

    /// The board's symbols.
    pub fn alphabet(&self) -> &Alphabet {
        &self.notation.alphabet
    }

    /// The cell values, row by row (0 empty).
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The value of a cell (0 empty).
    pub fn get(&self, cell: usize) -> u8 {
        self.cells.get(cell).copied().unwrap_or(0)
    }

    /// Sets a cell (0 clears it). Values above the side and cells off the board are ignored.
    pub fn set(&mut self, cell: usize, value: u8) {
        if value as usize <= self.notation.geometry.side()
            && self.is_cell(cell)
            && let Some(v) = self.cells.get_mut(cell)
        {
            *v = value;
        }
    }

    /// The number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// How many cells the board has (holes not counted).
    pub fn cell_count(&self) -> usize {
        match &self.shape {
            Some(s) => s.cell_count(),
            None => self.cells.len(),
        }
    }

    /// True if every cell holds a symbol.
    pub fn is_full(&self) -> bool {
        self.filled() == self.cell_count()
    }

    /// The board on one line, `.` for empty cells (and `#` for the holes of a shape).
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .enumerate()
            .map(|(p, &v)| {
                if self.is_cell(p) {
                    self.alphabet().symbol(v)
                } else {
                    '#'
                }
            })
            .collect()
    }

    /// The board in block format: one row a line, `|` between boxes, rule lines between bands.
    pub fn to_block(&self) -> String {
        let g = self.geometry();
        let side = g.side();
        let rule = vec!["-".repeat(g.box_cols() * 2 - 1); g.box_rows()].join("-+-");
        let mut out = String::new();
        for r in 0..side {
            if r > 0 && r % g.box_rows() == 0 && g.has_boxes() {
                out.push_str(&rule);
                out.push('\n');
            }
            for c in 0..side {
                if c > 0 {
                    out.push_str(if c % g.box_cols() == 0 { " | " } else { " " });
                }
                out.push(self.alphabet().symbol(self.cells[g.cell(r, c)]));
            }
            out.push('\n');
        }
        out
    }

    /// Every pair of cells holding the same symbol in the same row, column, box, or unit or cage
    /// of the variant.
    pub fn clashes(&self) -> Vec<Clash> {
        let g = self.geometry();
        let mut first = vec![usize::MAX; g.side() + 1];
        let mut found = Vec::new();
        for (unit, cells) in self.houses() {
            first.fill(usize::MAX);
            for cell in cells {
                let v = self.get(cell);
                if v == 0 {
                    continue;
                }
                match first[v as usize] {
                    usize::MAX => first[v as usize] = cell,
                    earlier => found.push(Clash {
                        unit,
                        value: v,
                        cells: [earlier, cell],
                    }),
                }
            }
        }
        found
    }

    /// The cages that can no longer be made (see [`Variant::broken_cages`]): killer cages,
    /// then, numbered after them, Mathdoku cages.
    pub fn broken_cages(&self) -> Vec<usize> {
        if let Some(s) = &self.shape {
            return broken_shape_cages(s, &self.cells);
        }
        self.variant
            .as_ref()
            .map(|v| v.broken_cages(&self.cells))
            .unwrap_or_default()
    }

    /// True for each cell that clashes with another (see [`clashes`](Self::clashes)) or is in a
    /// cage that can no longer make its sum (see [`broken_cages`](Self::broken_cages)).
    pub fn clash_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.cells.len()];
        for clash in self.clashes() {
            for cell in clash.cells {
                mask[cell] = true;
            }
        }
        if let Some(v) = &self.variant {
            for k in v.broken_cages(&self.cells) {
                for &cell in &v.cages()[k].cells {
                    mask[cell] = true;
                }
            }
        }
        if self.shape.is_some() {
            for k in self.broken_cages() {
                for cell in self.unit_cells(Unit::Cage(k)) {
                    mask[cell] = true;
                }
            }
        }
        mask
    }

    /// Says what a clash is in players' words: `r1c2 and r1c7 both hold 5 (row 1)`.
    pub fn describe(&self, clash: &Clash) -> String {
        format!(
            "{} and {} both hold {} ({})",
            self.cell_name(clash.cells[0]),
            self.cell_name(clash.cells[1]),
            self.alphabet().symbol(clash.value),
            clash.unit
        )
    }

    /// Checks, without any solver, that `self` is a solution of `puzzle`: the same shape, every
    /// cell filled, every given kept, every row, column and box (and unit of the puzzle's
    /// variant) holding each symbol once, and every cage its sum.
    pub fn verify_solution_of(&self, puzzle: &Grid) -> Result<(), SolutionError> {
        let g = self.geometry();
        if puzzle.geometry() != g || puzzle.shape() != self.shape() {
            return Err(SolutionError::Shape);
        }
        if let Some(cell) = (0..self.positions()).find(|&c| self.is_cell(c) && self.get(c) == 0) {
            return Err(SolutionError::Empty(self.cell_name(cell)));
        }
        if let Some(cell) =
            (0..self.positions()).find(|&c| puzzle.get(c) != 0 && puzzle.get(c) != self.get(c))
        {
            return Err(SolutionError::GivenChanged(self.cell_name(cell)));
        }
        for (unit, cells) in puzzle.houses() {
            let mut seen = 0u64;
            for &cell in &cells {
                seen |= 1 << (self.cells[cell] - 1);
            }
            if seen.count_ones() as usize != cells.len() {
                return Err(SolutionError::Repeated(unit.to_string()));
            }
        }
        if let Some(v) = puzzle.variant()
            && let Some(&k) = v.broken_cages(&self.cells).first()
        {
            return Err(SolutionError::CageSum(k + 1, v.cages()[k].sum));
        }
        if let Some(&k) = self.broken_cages().first() {
            return Err(SolutionError::Cage(k + 1));
        }
        Ok(())
    }
}

impl fmt::Display for Grid {
    /// The block format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_block())
    }
}

/// Two cells of one unit holding the same symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clash {
    /// The row, column, box, or unit or cage of the variant.
    pub unit: Unit,
    /// The value both hold.
    pub value: u8,
    /// The two cells, in reading order within the unit.
    pub cells: [usize; 2],
}

/// Why a board is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolutionError {
    /// The two boards differ in shape.
    #[error("the boards have different shapes")]
    Shape,
    /// A cell is empty.
    #[error("{0} is empty")]
    Empty(String),
    /// A given was changed.
    #[error("the given at {0} was changed")]
    GivenChanged(String),
    /// A unit misses a symbol (and so repeats another).
    #[error("{0} repeats a symbol")]
    Repeated(String),
    /// A killer cage does not add up.
    #[error("cage {0} does not add up to {1}")]
    CageSum(usize, u32),
    /// A cage of a shape does not make its target.
    #[error("cage {0} does not make its target")]
    Cage(usize),
}

/// The cages of `shape` that `values` can no longer make: killer cages whose sum is out of
/// reach, then (numbered after them) Mathdoku cages.
fn broken_shape_cages(shape: &Shape, values: &[u8]) -> Vec<usize> {
    let n = shape.symbols();
    let digits = |cells: &[usize]| -> Vec<u8> {
        cells
            .iter()
            .map(|&c| values.get(c).copied().unwrap_or(0))
            .collect()
    };
    let mut broken = Vec::new();
    for (k, cage) in shape.cages().iter().enumerate() {
        let d = digits(&cage.cells);
        let used = d
            .iter()
            .filter(|&&x| x != 0)
            .fold(0u64, |acc, &x| acc | 1 << (x - 1));
        let got: u64 = d.iter().map(|&x| u64::from(x)).sum();
        let open = d.iter().filter(|&&x| x == 0).count();
        let makes = u64::from(cage.sum)
            .checked_sub(got)
            .is_some_and(|left| can_still_make(n, used, open, left));
        if !makes {
            broken.push(k);
        }
    }
    let first = shape.cages().len();
    for (k, cage) in shape.math_cages().iter().enumerate() {
        if !cage.can_still_make(&digits(&cage.cells), n) {
            broken.push(first + k);
        }
    }
    broken
}

/// The data lines of puzzle text with their line numbers (from 1): not blank, not a `#` comment,
/// not a rule line.
fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l))
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#') && !is_rule(t)
        })
}

/// A rule line of a block grid: only `-`, `=`, `+`, `|`, `*` (Simple Sudoku's corners) and
/// spaces, with a run of rule characters (`--`, `+` or `=`) so that a row of `-` empty cells
/// written `- - -` is not mistaken for one.
pub(crate) fn is_rule(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '-' | '=' | '+' | '|' | '*') || c.is_whitespace())
        && (line.contains("--") || line.contains('+') || line.contains('='))
}

fn read_cell(alphabet: &Alphabet, c: char) -> Option<u8> {
    alphabet
        .value(c)
        .or_else(|| alphabet.is_empty_marker(c).then_some(0))
}

fn unknown(notation: &Notation, found: char) -> ParseErrorKind {
    ParseErrorKind::UnknownSymbol {
        found,
        side: notation.geometry.side(),
        symbols: notation.alphabet.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    #[test]
    fn one_line_round_trip_and_layout() {
        let g = Grid::parse_line(P, None).unwrap();
        assert_eq!(g.geometry(), Geometry::classic());
        assert_eq!(g.filled(), 30);
        assert_eq!(g.to_line(), P.replace('0', "."));
        let spaced = "5 3 . | . 7 .".to_string() + &".".repeat(75);
        assert_eq!(Grid::parse_line(&spaced, None).unwrap().get(4), 7);
    }

    #[test]
    fn block_round_trip() {
        let g = Grid::parse_line(P, None).unwrap();
        let block = g.to_block();
        assert!(block.contains("5 3 . | . 7 . | . . ."));
        assert!(block.contains("------+-------+------"));
        assert_eq!(Grid::parse_block(&block, None).unwrap(), g);
        assert_eq!(Grid::parse(&block, None).unwrap(), g);
        assert_eq!(
            Grid::parse(&format!("# a comment\n\n{P}\n"), None).unwrap(),
            g
        );
    }

    #[test]
    fn rectangular_and_large_boards() {
        let six = Grid::parse_line(&".".repeat(36), None).unwrap();
        assert_eq!(
            (six.geometry().box_rows(), six.geometry().box_cols()),
            (2, 3)
        );
        let big = Grid::parse_line(&"0".repeat(1296), None).unwrap();
        // For 36×36, 0 is a symbol, so this board is full of 0s.
        assert_eq!(big.geometry().side(), 36);
        assert_eq!(big.filled(), 1296);
        let g16 = Grid::parse_line(&format!("g{}", ".".repeat(255)), None).unwrap();
        assert_eq!(g16.get(0), 16);
    }

    #[test]
    fn parse_errors_name_line_and_column() {
        let bad = format!("53x{}", &P[3..]);
        let e = Grid::parse_line(&bad, None).unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert_eq!(
            e.to_string(),
            "line 1, column 3: 'x' is not a symbol of a 9×9 board (expected one of 123456789, or '.' for an empty cell)"
        );
        let e = Grid::parse_line(&P[1..], None).unwrap_err();
        assert!(
            e.to_string()
                .contains("80 cells do not make a sudoku board"),
            "{e}"
        );
        let e = Grid::parse("# only a comment\n", None).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::Empty);
        let block = "1 2 | 3 4\n3 4 | 1\n--+--\n. . | . .\n. . | . .\n";
        let e = Grid::parse_block(block, None).unwrap_err();
        assert_eq!(
            (e.line, e.kind),
            (
                2,
                ParseErrorKind::RowLength {
                    found: 3,
                    expected: 4
                }
            )
        );
    }

    #[test]
    fn clashes_name_cells_and_unit() {
        let mut line = ".".repeat(81);
        line.replace_range(1..2, "5");
        line.replace_range(6..7, "5");
        let g = Grid::parse_line(&line, None).unwrap();
        let clashes = g.clashes();
        assert_eq!(clashes.len(), 1);
        assert_eq!(g.describe(&clashes[0]), "r1c2 and r1c7 both hold 5 (row 1)");
        let mask = g.clash_mask();
        assert!(mask[1] && mask[6] && mask.iter().filter(|&&m| m).count() == 2);
    }

    #[test]
    fn verify_catches_every_fault() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let p = Grid::parse_line(P, None).unwrap();
        let s = Grid::parse_line(solved, None).unwrap();
        assert_eq!(s.verify_solution_of(&p), Ok(()));
        let mut e = s.clone();
        e.set(0, 0);
        assert_eq!(
            e.verify_solution_of(&p),
            Err(SolutionError::Empty("r1c1".into()))
        );
        let mut swapped = s.clone();
        swapped.set(0, 3);
        swapped.set(1, 5);
        assert_eq!(
            swapped.verify_solution_of(&p),
            Err(SolutionError::GivenChanged("r1c1".into()))
        );
        let mut rep = s.clone();
        rep.set(2, 5); // r1c3 was 4; the puzzle leaves it empty
        assert!(matches!(
            rep.verify_solution_of(&p),
            Err(SolutionError::Repeated(_))
        ));
    }
}
