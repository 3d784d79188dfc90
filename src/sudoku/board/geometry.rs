//! The shape of a board: box size, side, and which cells form each row, column and box.

use std::fmt;

use thiserror::Error;

/// The smallest side of a board (2×2 boxes).
pub const MIN_SIDE: usize = 4;
/// The largest side of a board. Values are kept in a `u64` bit set by the naive solver, and the
/// default alphabet has 36 symbols; with a custom alphabet sides up to 64 work.
pub const MAX_SIDE: usize = 64;

/// What is wrong with a box size.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// A box must be at least 2 cells each way (a 1×n "box" is a Latin square, not a sudoku).
    #[error(
        "a box of {rows}×{cols} cells is too narrow: a box needs at least 2 rows and 2 columns"
    )]
    TooNarrow {
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
    },
    /// The side (`rows × cols`) is out of range.
    #[error(
        "a box of {rows}×{cols} cells makes a side of {side}; the side must be from {MIN_SIDE} to {MAX_SIDE}"
    )]
    SideOutOfRange {
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
        /// rows × cols.
        side: usize,
    },
    /// A box written as text is not `N` or `RxC`.
    #[error("'{0}' is not a box size: write N for N×N boxes or RxC (for example 2x3)")]
    Syntax(String),
    /// No box shape makes a board of this many cells.
    #[error("{cells} cells do not make a sudoku board (4×4 = 16, 6×6 = 36, 9×9 = 81, ... cells)")]
    NoShapeFor {
        /// The number of cells counted.
        cells: usize,
    },
}

/// The shape of a board: boxes of `box_rows × box_cols` cells; a side of `box_rows · box_cols`
/// cells and as many symbols; `side` boxes, stacked `box_cols` high and `box_rows` wide.
///
/// Cells are numbered row by row from 0; rows, columns, boxes and values are numbered from 0
/// here, and a value of a cell is stored from 1 (0 meaning empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    box_rows: u8,
    box_cols: u8,
}

impl Geometry {
    /// Boxes of `box_rows × box_cols` cells.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Self, GeometryError> {
        if box_rows < 2 || box_cols < 2 {
            return Err(GeometryError::TooNarrow {
                rows: box_rows,
                cols: box_cols,
            });
        }
        let side = box_rows.saturating_mul(box_cols);
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(GeometryError::SideOutOfRange {
                rows: box_rows,
                cols: box_cols,
                side,
            });
        }
        Ok(Geometry {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// Square boxes of `n × n` cells (n = 3 is the classic 9×9 board).
    pub fn square(n: usize) -> Result<Self, GeometryError> {
        Geometry::new(n, n)
    }

    /// A board of `side` cells a row with no boxes, for a jigsaw whose regions take their place
    /// on a side that has no box shape (5, 7, 11, ...). Its "boxes" are its rows: a board of this
    /// shape is played with a variant's regions (see [`Variant`](crate::sudoku::Variant)).
    pub fn without_boxes(side: usize) -> Result<Self, GeometryError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(GeometryError::SideOutOfRange {
                rows: 1,
                cols: side,
                side,
            });
        }
        Ok(Geometry {
            box_rows: 1,
            box_cols: side as u8,
        })
    }

    /// The notation of a board on a [`Shape`](crate::sudoku::board::shape::Shape) of `symbols`
    /// symbols: the usual boxes for so many (which shape its pencil marks), or none; any number
    /// from 1 up, since such a board's cells are its shape's, not `symbols²`.
    pub fn for_symbols(symbols: usize) -> Result<Self, GeometryError> {
        if let Some(g) = Geometry::for_side(symbols) {
            return Ok(g);
        }
        if !(1..=MAX_SIDE).contains(&symbols) {
            return Err(GeometryError::SideOutOfRange {
                rows: 1,
                cols: symbols,
                side: symbols,
            });
        }
        Ok(Geometry {
            box_rows: 1,
            box_cols: symbols as u8,
        })
    }

    /// The usual shape for a side (see [`for_side`](Self::for_side)), or none with no boxes.
    pub fn for_side_or_without_boxes(side: usize) -> Result<Self, GeometryError> {
        Geometry::for_side(side).map_or_else(|| Geometry::without_boxes(side), Ok)
    }

    /// False for a board [`without_boxes`](Self::without_boxes).
    pub fn has_boxes(self) -> bool {
        self.box_rows >= 2
    }

    /// The classic 9×9 board.
    pub fn classic() -> Self {
        Geometry {
            box_rows: 3,
            box_cols: 3,
        }
    }

    /// The usual shape for a side: square boxes where the side is a square, otherwise the most
    /// nearly square boxes, wider than high (6 → 2×3, 12 → 3×4). `None` where no shape fits.
    pub fn for_side(side: usize) -> Option<Self> {
        (2..=side)
            .take_while(|r| r * r <= side)
            .filter(|r| side.is_multiple_of(*r))
            .last()
            .and_then(|r| Geometry::new(r, side / r).ok())
    }

    /// The shape of a board of `cells` cells (see [`for_side`](Self::for_side)).
    pub fn for_cells(cells: usize) -> Result<Self, GeometryError> {
        let side = cells.isqrt();
        if side * side != cells {
            return Err(GeometryError::NoShapeFor { cells });
        }
        Geometry::for_side(side).ok_or(GeometryError::NoShapeFor { cells })
    }

    /// Parses `"3"` (3×3 boxes) or `"2x3"` (boxes of 2 rows and 3 columns; `×` works too).
    pub fn parse(text: &str) -> Result<Self, GeometryError> {
        let t = text.trim();
        let bad = || GeometryError::Syntax(t.to_string());
        let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        match t.split_once(['x', 'X', '×']) {
            Some((r, c)) => Geometry::new(num(r)?, num(c)?),
            None => Geometry::square(num(t)?),
        }
    }

    /// Rows of a box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of a box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Cells in a row, column or box; also the number of symbols.
    pub fn side(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// Cells on the board.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The cell at `row`, `col`.
    pub fn cell(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The row of a cell.
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.side()
    }

    /// The column of a cell.
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.side()
    }

    /// The box of the cell at `row`, `col`, numbered row by row.
    pub fn box_at(self, row: usize, col: usize) -> usize {
        (row / self.box_rows()) * self.box_rows() + col / self.box_cols()
    }

    /// The box of a cell.
    pub fn box_of(self, cell: usize) -> usize {
        self.box_at(self.row_of(cell), self.col_of(cell))
    }

    /// The cells of a row, column or box, in reading order. The other units belong to a
    /// variant, which knows their cells ([`Variant::unit_cells`](crate::sudoku::Variant::unit_cells));
    /// here they have none.
    pub fn unit_cells(self, unit: Unit) -> impl Iterator<Item = usize> {
        let side = match unit {
            Unit::Row(_) | Unit::Column(_) | Unit::Box(_) => self.side(),
            _ => 0,
        };
        (0..side).map(move |k| match unit {
            Unit::Row(r) => self.cell(r, k),
            Unit::Column(c) => self.cell(k, c),
            Unit::Box(b) => {
                let top = (b / self.box_rows()) * self.box_rows();
                let left = (b % self.box_rows()) * self.box_cols();
                self.cell(top + k / self.box_cols(), left + k % self.box_cols())
            }
            // None: the count above is 0.
            _ => 0,
        })
    }

    /// Every row, column and box.
    pub fn units(self) -> impl Iterator<Item = Unit> {
        let side = self.side();
        (0..side)
            .map(Unit::Row)
            .chain((0..side).map(Unit::Column))
            .chain((0..side).map(Unit::Box))
    }
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::classic()
    }
}

impl fmt::Display for Geometry {
    /// `9×9 (3×3 boxes)`, `5×5 (no boxes)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.side();
        if !self.has_boxes() {
            return write!(f, "{s}×{s} (no boxes)");
        }
        write!(f, "{s}×{s} ({}×{} boxes)", self.box_rows, self.box_cols)
    }
}

/// A set of cells that holds each symbol at most once (a row, column or box, or a variant's
/// diagonal, window, region or cage), numbered from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row by row.
    Box(usize),
    /// A main diagonal of an X board: 0 from the top left, 1 from the top right.
    Diagonal(usize),
    /// A hyper board's extra window, numbered row by row.
    Window(usize),
    /// A jigsaw region, numbered in the order of its first cell.
    Region(usize),
    /// A killer cage, numbered in the order of its first cell.
    Cage(usize),
    /// A plane of a 3-D cube (Roxdoku), numbered as the shape lists them.
    Plane(usize),
    /// A group of cells given by a shape file, numbered as the file lists them.
    Group(usize),
}

impl fmt::Display for Unit {
    /// `row 1`, `column 7`, `box 5`, `the main diagonal`, `cage 3`, numbered from 1 as people
    /// count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
            Unit::Diagonal(0) => write!(f, "the main diagonal"),
            Unit::Diagonal(_) => write!(f, "the anti-diagonal"),
            Unit::Window(w) => write!(f, "window {}", w + 1),
            Unit::Region(r) => write!(f, "region {}", r + 1),
            Unit::Cage(k) => write!(f, "cage {}", k + 1),
            Unit::Plane(k) => write!(f, "plane {}", k + 1),
            Unit::Group(k) => write!(f, "group {}", k + 1),
        }
    }
}

/// A cell's name as players write it: `r1c2` (from 1).
pub fn cell_name(geometry: Geometry, cell: usize) -> String {
    format!(
        "r{}c{}",
        geometry.row_of(cell) + 1,
        geometry.col_of(cell) + 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_for_sides() {
        let shape = |s| Geometry::for_side(s).map(|g| (g.box_rows(), g.box_cols()));
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(36), Some((6, 6)));
        assert_eq!(shape(7), None);
        assert_eq!(shape(3), None);
        assert_eq!(Geometry::for_cells(81), Ok(Geometry::classic()));
        assert!(Geometry::for_cells(80).is_err());
    }

    #[test]
    fn parse_box_sizes() {
        assert_eq!(Geometry::parse("3"), Ok(Geometry::classic()));
        let g = Geometry::parse("2x3").unwrap();
        assert_eq!((g.box_rows(), g.box_cols(), g.side()), (2, 3, 6));
        assert!(Geometry::parse("3×4").is_ok());
        assert!(matches!(
            Geometry::parse("1"),
            Err(GeometryError::TooNarrow { .. })
        ));
        assert!(matches!(
            Geometry::parse("9"),
            Err(GeometryError::SideOutOfRange { .. })
        ));
        assert!(matches!(
            Geometry::parse("big"),
            Err(GeometryError::Syntax(_))
        ));
    }

    #[test]
    fn units_partition_the_board() {
        for g in [
            Geometry::new(2, 3).unwrap(),
            Geometry::classic(),
            Geometry::new(3, 4).unwrap(),
        ] {
            let mut seen = vec![[0u8; 3]; g.cells()];
            for unit in g.units() {
                for cell in g.unit_cells(unit) {
                    let k = match unit {
                        Unit::Row(r) => {
                            assert_eq!(g.row_of(cell), r);
                            0
                        }
                        Unit::Column(c) => {
                            assert_eq!(g.col_of(cell), c);
                            1
                        }
                        Unit::Box(b) => {
                            assert_eq!(g.box_of(cell), b);
                            2
                        }
                        other => panic!("{other} is not a classic unit"),
                    };
                    seen[cell][k] += 1;
                }
            }
            assert!(seen.iter().all(|s| *s == [1, 1, 1]));
        }
    }
}
