//! The units of a board: the sets of cells in which each symbol goes at most once, and, for a
//! full unit, exactly once. A classic sudoku's units are its rows, columns and boxes; its
//! variants change or add units:
//!
//! | variant | units |
//! |---|---|
//! | classic | rows, columns, boxes |
//! | X | also the two main diagonals |
//! | hyper (windoku) | also the boxes between the boxes |
//! | jigsaw | rows, columns and irregular regions instead of the boxes |
//!
//! **Hyper** is defined here for square boxes of side `b` (so for 4×4, 9×9, 16×16, 25×25 and
//! 36×36): the `(b − 1)²` extra windows are `b × b` squares starting one cell in from the top
//! and left edge, with one cell between neighbouring windows, so that on 9×9 they are the four
//! shaded boxes of the newspaper puzzle (rows and columns 2–4 and 6–8, counting from 1), and on
//! 4×4 the one 2×2 window in the middle. Rectangular boxes have no such pattern and are refused.
//!
//! **Jigsaw** regions are given cell by cell; they must be `side` in number, each of `side` cells,
//! each connected (cells meeting along an edge), which together is a tiling of the board. A unit
//! of fewer than `side` cells (as in Knuth's `sudoku-general-dlx` input) holds each symbol at most
//! once: in exact-cover terms its items are secondary.
//!
//! A board with these units is an exact-cover problem of the same shape as a classic one: an item
//! per cell, an item per full unit and symbol (primary) or partial unit and symbol (secondary),
//! and an option per cell and symbol covering the cell and its units' items for the symbol
//! ([`general`](crate::sudoku::cover::general) builds and solves it).

use thiserror::Error;

use crate::sudoku::board::geometry::{Geometry, Unit};

/// A board's units (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Units {
    side: usize,
    /// Each unit's cells, in reading order.
    units: Vec<Vec<usize>>,
    /// Each unit's name.
    names: Vec<Unit>,
}

/// What is wrong with a board's units.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UnitsError {
    /// Hyper windows need square boxes.
    #[error("hyper sudoku is defined for square boxes only (this board's boxes are {rows}×{cols})")]
    HyperNeedsSquareBoxes {
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
    },
    /// The side is out of range.
    #[error("a side of {side} is not from 4 to 64")]
    Side {
        /// The side.
        side: usize,
    },
    /// The regions are not given for every cell.
    #[error("{found} cells have a region; a {side}×{side} board has {cells}")]
    RegionCells {
        /// Cells with a region.
        found: usize,
        /// The side.
        side: usize,
        /// side².
        cells: usize,
    },
    /// A region has too few or too many cells.
    #[error("region {region} has {cells} cells; each region of a {side}×{side} board has {side}")]
    RegionSize {
        /// The region, as labelled.
        region: usize,
        /// Its cells.
        cells: usize,
        /// The side.
        side: usize,
    },
    /// A region falls apart.
    #[error("region {region} is not connected: r{row}c{col} does not touch the rest of it")]
    RegionNotConnected {
        /// The region, as labelled.
        region: usize,
        /// A cell cut off from the region's first cell (from 1).
        row: usize,
        /// Its column (from 1).
        col: usize,
    },
}

impl Units {
    /// The rows, columns and boxes of a board of `geometry`.
    pub fn classic(geometry: Geometry) -> Self {
        let names: Vec<Unit> = geometry.units().collect();
        let units = names
            .iter()
            .map(|&u| geometry.unit_cells(u).collect())
            .collect();
        Units {
            side: geometry.side(),
            units,
            names,
        }
    }

    /// These units and the two main diagonals (X sudoku).
    pub fn with_diagonals(mut self) -> Self {
        let s = self.side;
        self.units.push((0..s).map(|k| k * s + k).collect());
        self.units
            .push((0..s).map(|k| k * s + (s - 1 - k)).collect());
        self.names.extend([Unit::Diagonal(0), Unit::Diagonal(1)]);
        self
    }

    /// These units and the hyper windows of `geometry` (see the module docs).
    pub fn with_hyper(mut self, geometry: Geometry) -> Result<Self, UnitsError> {
        let (rows, cols) = (geometry.box_rows(), geometry.box_cols());
        if rows != cols {
            return Err(UnitsError::HyperNeedsSquareBoxes { rows, cols });
        }
        let (b, s) = (rows, self.side);
        for top in (0..b - 1).map(|k| 1 + k * (b + 1)) {
            for left in (0..b - 1).map(|k| 1 + k * (b + 1)) {
                let k = self
                    .names
                    .iter()
                    .filter(|n| matches!(n, Unit::Window(_)))
                    .count();
                self.names.push(Unit::Window(k));
                self.units.push(
                    (0..b * b)
                        .map(|k| (top + k / b) * s + left + k % b)
                        .collect(),
                );
            }
        }
        Ok(self)
    }

    /// Rows and columns of a `side × side` board with the regions `region[cell]` (any labels,
    /// numbered as they first appear) in place of boxes, checked: `side` regions of `side`
    /// connected cells.
    pub fn jigsaw(side: usize, region: &[usize]) -> Result<Self, UnitsError> {
        if !(4..=64).contains(&side) {
            return Err(UnitsError::Side { side });
        }
        let cells = side * side;
        if region.len() != cells {
            return Err(UnitsError::RegionCells {
                found: region.len(),
                side,
                cells,
            });
        }
        // Labels in order of first appearance.
        let mut labels: Vec<usize> = Vec::new();
        let mut members: Vec<Vec<usize>> = Vec::new();
        for (cell, &label) in region.iter().enumerate() {
            let k = match labels.iter().position(|&l| l == label) {
                Some(k) => k,
                None => {
                    labels.push(label);
                    members.push(Vec::new());
                    labels.len() - 1
                }
            };
            members[k].push(cell);
        }
        for (k, cells_of) in members.iter().enumerate() {
            if cells_of.len() != side {
                return Err(UnitsError::RegionSize {
                    region: labels[k],
                    cells: cells_of.len(),
                    side,
                });
            }
            if let Some(cut) = cut_off(cells_of, side) {
                return Err(UnitsError::RegionNotConnected {
                    region: labels[k],
                    row: cut / side + 1,
                    col: cut % side + 1,
                });
            }
        }
        // `side` regions of `side` cells each cover the board once: a tiling.
        let mut units: Vec<Vec<usize>> = (0..side)
            .map(|r| (0..side).map(|c| r * side + c).collect())
            .collect();
        units.extend((0..side).map(|c| (0..side).map(|r| r * side + c).collect()));
        let names = (0..side)
            .map(Unit::Row)
            .chain((0..side).map(Unit::Column))
            .chain((0..side).map(Unit::Region))
            .collect();
        units.extend(members);
        Ok(Units { side, units, names })
    }

    /// Units given outright, each named and a set of distinct cells of a `side × side` board (a
    /// unit of `side` cells holds every symbol once, a smaller one each at most once).
    pub fn from_cells(side: usize, units: Vec<(Unit, Vec<usize>)>) -> Result<Self, UnitsError> {
        if !(4..=64).contains(&side) {
            return Err(UnitsError::Side { side });
        }
        let (names, units) = units
            .into_iter()
            .map(|(name, mut u)| {
                u.retain(|&c| c < side * side);
                u.sort_unstable();
                u.dedup();
                (name, u)
            })
            .filter(|(_, u)| !u.is_empty())
            .unzip();
        Ok(Units { side, units, names })
    }

    /// The side of the board.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Every unit's cells.
    pub fn all(&self) -> &[Vec<usize>] {
        &self.units
    }

    /// Every unit's name and cells.
    pub fn iter(&self) -> impl Iterator<Item = (Unit, &[usize])> {
        self.names
            .iter()
            .zip(&self.units)
            .map(|(&n, u)| (n, u.as_slice()))
    }

    /// A unit's name.
    pub fn name(&self, unit: usize) -> Option<Unit> {
        self.names.get(unit).copied()
    }

    /// True if the unit of `side` cells must hold every symbol (else each at most once).
    pub fn is_full(&self, unit: usize) -> bool {
        self.units.get(unit).is_some_and(|u| u.len() == self.side)
    }
}

/// A cell of `cells` that cannot be reached from the first along edges within `cells`, if any.
fn cut_off(cells: &[usize], side: usize) -> Option<usize> {
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(k) = stack.pop() {
        let (r, c) = (cells[k] / side, cells[k] % side);
        for (j, &other) in cells.iter().enumerate() {
            let (r2, c2) = (other / side, other % side);
            if !reached[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().position(|&r| !r).map(|k| cells[k])
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn classic_x_and_hyper_units() {
        let g = Geometry::classic();
        let u = Units::classic(g);
        assert_eq!(u.all().len(), 27);
        let x = u.clone().with_diagonals();
        assert_eq!(x.all().len(), 29);
        assert_eq!(x.all()[27], [0, 10, 20, 30, 40, 50, 60, 70, 80]);
        assert_eq!(x.all()[28], [8, 16, 24, 32, 40, 48, 56, 64, 72]);
        let h = u.with_hyper(g).unwrap();
        assert_eq!(h.all().len(), 31);
        // The first window: rows 2–4, columns 2–4 (from 1).
        assert_eq!(h.all()[27], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        // The last: rows 6–8, columns 6–8.
        assert_eq!(h.all()[30], [50, 51, 52, 59, 60, 61, 68, 69, 70]);
        for side in [2, 4, 5, 6] {
            let g = Geometry::square(side).unwrap();
            let h = Units::classic(g).with_hyper(g).unwrap();
            let windows = &h.all()[3 * g.side()..];
            assert_eq!(windows.len(), (side - 1) * (side - 1));
            assert!(windows.iter().all(|w| w.len() == g.side()));
            assert!(windows.iter().flatten().all(|&c| c < g.cells()));
        }
        let rect = Geometry::new(2, 3).unwrap();
        assert_eq!(
            Units::classic(rect).with_hyper(rect),
            Err(UnitsError::HyperNeedsSquareBoxes { rows: 2, cols: 3 })
        );
    }

    #[test]
    fn jigsaw_regions_are_checked() {
        // 4×4: four L-free bands.
        let ok = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        assert_eq!(Units::jigsaw(4, &ok).unwrap().all().len(), 12);
        let small = [0, 0, 1, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        assert_eq!(
            Units::jigsaw(4, &small),
            Err(UnitsError::RegionSize {
                region: 0,
                cells: 3,
                side: 4
            })
        );
        let apart = [0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3];
        assert_eq!(
            Units::jigsaw(4, &apart),
            Err(UnitsError::RegionNotConnected {
                region: 0,
                row: 1,
                col: 4
            })
        );
        assert!(matches!(
            Units::jigsaw(4, &ok[..15]),
            Err(UnitsError::RegionCells { found: 15, .. })
        ));
        // A 5×5 jigsaw has no boxes at all: rows of five.
        let five: Vec<usize> = (0..25).map(|c| c / 5).collect();
        assert_eq!(Units::jigsaw(5, &five).unwrap().side(), 5);
    }
}
