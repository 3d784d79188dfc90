//! The boards people play, as [`Shape`]s: the classic board of every box shape and its variants
//! (X, hyper, jigsaw, killer), and the named shapes KSudoku ships, by the names of its files.
//!
//! | name | board |
//! |---|---|
//! | `Sudoku` (order 4, 9, 16, 25, 36), `4x4`, `6x6` | the classic board; `6x6` with boxes 3 rows tall and 2 wide, as KSudoku's |
//! | `XSudoku` | 9×9 with both main diagonals |
//! | `Jigsaw`, `Nonomino`, `Aztec` | 9×9 with irregular regions (each a layout of this project's own; `Aztec` stepped and symmetric under a half turn) |
//! | `Pentomino`, `Tetromino` | 5×5 and 4×4 with irregular regions |
//! | `Samurai` | five 9×9 grids, the centre one sharing a corner box with each of the others (21×21, 369 cells) |
//! | `TinySamurai` | five 4×4 grids sharing one corner cell each with the centre one (10×10, 76 cells) |
//! | `Windmill` | four 9×9 grids turned about a fifth, each sharing six boxes' worth of it (21×21, 333 cells) |
//! | `Sohei` | four 9×9 grids in a ring, each sharing a corner box with two others (21×21, 288 cells) |
//! | `Roxdoku` (order 9, 16, 25) | a cube of side 3, 4 or 5 whose planes in each direction are the units |
//! | `DoubleRoxdoku` | two order-9 cubes sharing a line of three cells (5×5×3, 51 cells) |
//! | `RoxdokuTwin` | two order-9 cubes sharing one corner cell (5×5×5, 53 cells) |
//! | `SamuraiRoxdoku` | eight order-9 cubes at the corners of a 7³ block and a ninth at its centre sharing a corner cell with each (235 cells) |
//! | `Killer` (order 4 or 9) | the classic board, to which the generator adds cages |
//! | `Mathdoku` (order 3 to 9) | a Latin square (rows and columns only), to which the generator adds cages |
//!
//! Names are matched without regard to case, spaces, `_` and `-`, so `samurai`, `Tiny Samurai`
//! and `Killer_9x9` all name a shape.

use super::cage::Cage;
use super::geometry::{Geometry, Unit};
use super::grid::Grid;
use super::shape::{Layout, Shape, ShapeBuilder, ShapeError};
use super::units::Units;

/// Every named shape, as [`Shape::named`] knows them, with their default order.
pub const NAMES: &[(&str, usize)] = &[
    ("Sudoku", 9),
    ("4x4", 4),
    ("6x6", 6),
    ("XSudoku", 9),
    ("Jigsaw", 9),
    ("Nonomino", 9),
    ("Aztec", 9),
    ("Pentomino", 5),
    ("Tetromino", 4),
    ("Samurai", 9),
    ("TinySamurai", 4),
    ("Windmill", 9),
    ("Sohei", 9),
    ("Roxdoku", 9),
    ("DoubleRoxdoku", 9),
    ("RoxdokuTwin", 9),
    ("SamuraiRoxdoku", 9),
    ("Killer", 9),
    ("Mathdoku", 6),
];

/// Regions of this project's own, a letter per cell in reading order.
const JIGSAW: &str =
    "ABBBBCCCCAAAABBCDCAAEEEBDDCAAEFDBBDCEEEFDDDDCEEGFFFFFFGGGHHHFIIGHHHHIIIIGGGGHHIII";
const NONOMINO: &str =
    "AABBBBCCCAADDDBBBCAEEEDBBCCAEEEDCCCFAEEDDDGGFAAEDGGGGFHHHHHGGGFHIIHIIIIFHHIIIFFFF";
const AZTEC: &str =
    "AABBBBCCCAAAABCCCCAAABBECCFDDDBEEEFFDDDBEHFFFDDEEEHFFFDGGEHHIIIGGGGHIIIIGGGHHHHII";
const PENTOMINO: &str = "AAABBACABBCCCDBEECDDEEEDD";
const TETROMINO: &str = "AAABCABBCCDBCDDD";

/// A name as compared: lower case, without spaces, `_` and `-`.
fn key(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Shape {
    /// The classic board of `geometry`: rows, columns and boxes.
    pub fn classic(geometry: Geometry) -> Shape {
        let s = geometry.side();
        let mut b = Shape::builder(&format!("{s}×{s}"), Layout::flat(s, s), s);
        add_units(&mut b, &Units::classic(geometry));
        // A checked geometry's units always make a valid shape.
        b.assemble()
    }

    /// The board a grid is played on: its shape, or the classic board with its variant's units
    /// and cages.
    pub fn of_grid(grid: &Grid) -> Shape {
        if let Some(shape) = grid.shape() {
            return shape.clone();
        }
        let g = grid.geometry();
        let Some(variant) = grid.variant() else {
            return Shape::classic(g);
        };
        let s = g.side();
        let mut b = Shape::builder(&variant.name(), Layout::flat(s, s), s);
        add_units(&mut b, variant.units());
        for cage in variant.cages() {
            b.cage(cage.clone());
        }
        // A variant is checked when it is made: its units and cages make a valid shape.
        b.assemble()
    }

    /// A board of `units` (given outright, as Knuth's general input does) and killer `cages`.
    pub fn of_units(units: &Units, cages: &[Cage]) -> Result<Shape, ShapeError> {
        let s = units.side();
        let mut b = Shape::builder(&format!("{s}×{s}"), Layout::flat(s, s), s);
        add_units(&mut b, units);
        for cage in cages {
            b.cage(cage.clone());
        }
        b.build()
    }

    /// A named shape (see the module docs), of `order` symbols where the shape comes in several
    /// (`Sudoku`, `Roxdoku`, `Killer`, `Mathdoku`; `None`: its usual order).
    pub fn named(name: &str, order: Option<usize>) -> Result<Shape, String> {
        let want = key(name);
        let Some(&(proper, usual)) = NAMES.iter().find(|(n, _)| key(n) == want).or_else(|| {
            // KSudoku's file names: `Killer_9x9`, `Mathdoku_4x4`, `Mathdoku_Settable`.
            NAMES.iter().find(|(n, _)| want.starts_with(&key(n)))
        }) else {
            let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "no shape is named '{name}'; the shapes are {}",
                names.join(", ")
            ));
        };
        // `Killer_4x4`, `Mathdoku_4x4`: the order in the name.
        let from_name = want
            .strip_prefix(&key(proper))
            .and_then(|rest| rest.split('x').next())
            .and_then(|n| n.parse::<usize>().ok());
        let order = order.or(from_name).unwrap_or(usual);
        let fixed = |o: usize| -> Result<(), String> {
            if order == o {
                Ok(())
            } else {
                Err(format!("{proper} is played with {o} symbols, not {order}"))
            }
        };
        let flat = |w: usize, h: usize| Shape::builder(proper, Layout::flat(w, h), order);
        let grid9 = Some((3, 3));
        let b = match proper {
            "Sudoku" | "Killer" | "4x4" => {
                let g = Geometry::for_side(order)
                    .filter(|g| g.box_rows() == g.box_cols() || proper != "Sudoku")
                    .ok_or_else(|| format!("{proper} is played with 4, 9, 16, 25 or 36 symbols"))?;
                if proper == "4x4" {
                    fixed(4)?;
                }
                let mut b = flat(order, order);
                b.grid((0, 0, 0), order, Some((g.box_rows(), g.box_cols())));
                b
            }
            "6x6" => {
                fixed(6)?;
                let mut b = flat(6, 6);
                b.grid((0, 0, 0), 6, Some((3, 2)));
                b
            }
            "XSudoku" => {
                fixed(9)?;
                let mut b = flat(9, 9);
                b.grid((0, 0, 0), 9, grid9);
                b.unit(Unit::Diagonal(0), (0..9).map(|k| k * 9 + k).collect());
                b.unit(Unit::Diagonal(1), (0..9).map(|k| k * 9 + 8 - k).collect());
                b
            }
            "Jigsaw" | "Nonomino" | "Aztec" | "Pentomino" | "Tetromino" => {
                let (side, regions) = match proper {
                    "Jigsaw" => (9, JIGSAW),
                    "Nonomino" => (9, NONOMINO),
                    "Aztec" => (9, AZTEC),
                    "Pentomino" => (5, PENTOMINO),
                    _ => (4, TETROMINO),
                };
                fixed(side)?;
                let mut b = flat(side, side);
                b.grid((0, 0, 0), side, None);
                for (k, letter) in ('A'..).take(side).enumerate() {
                    let cells = regions
                        .chars()
                        .enumerate()
                        .filter(|&(_, c)| c == letter)
                        .map(|(cell, _)| cell)
                        .collect();
                    b.unit(Unit::Region(k), cells);
                }
                b
            }
            "Samurai" => {
                fixed(9)?;
                let mut b = flat(21, 21);
                for at in [(0, 0), (12, 0), (6, 6), (0, 12), (12, 12)] {
                    b.grid((at.0, at.1, 0), 9, grid9);
                }
                b
            }
            "TinySamurai" => {
                fixed(4)?;
                let mut b = flat(10, 10);
                for at in [(0, 0), (6, 0), (3, 3), (0, 6), (6, 6)] {
                    b.grid((at.0, at.1, 0), 4, Some((2, 2)));
                }
                b
            }
            "Windmill" => {
                fixed(9)?;
                let mut b = flat(21, 21);
                for at in [(3, 0), (12, 3), (6, 6), (0, 9), (9, 12)] {
                    b.grid((at.0, at.1, 0), 9, grid9);
                }
                b
            }
            "Sohei" => {
                fixed(9)?;
                let mut b = flat(21, 21);
                for at in [(6, 0), (0, 6), (12, 6), (6, 12)] {
                    b.grid((at.0, at.1, 0), 9, grid9);
                }
                b
            }
            "Roxdoku" => {
                let base = (2..=6).find(|b| b * b == order).ok_or_else(|| {
                    format!("Roxdoku is played with 9, 16 or 25 symbols, not {order}")
                })?;
                let mut b = Shape::builder(proper, Layout::cube(base), order);
                b.cube((0, 0, 0), base);
                b
            }
            "DoubleRoxdoku" | "RoxdokuTwin" | "SamuraiRoxdoku" => {
                fixed(9)?;
                let (layout, corners): (Layout, Vec<(usize, usize, usize)>) = match proper {
                    "DoubleRoxdoku" => (
                        Layout {
                            width: 5,
                            height: 5,
                            depth: 3,
                        },
                        vec![(0, 0, 0), (2, 2, 0)],
                    ),
                    "RoxdokuTwin" => (Layout::cube(5), vec![(0, 0, 0), (2, 2, 2)]),
                    _ => {
                        let mut at: Vec<(usize, usize, usize)> = [0, 4]
                            .iter()
                            .flat_map(|&x| [0, 4].into_iter().map(move |y| (x, y)))
                            .flat_map(|(x, y)| [0, 4].into_iter().map(move |z| (x, y, z)))
                            .collect();
                        at.push((2, 2, 2));
                        (Layout::cube(7), at)
                    }
                };
                let mut b = Shape::builder(proper, layout, 9);
                for at in corners {
                    b.cube(at, 3);
                }
                b
            }
            _ => {
                // Mathdoku: rows and columns of an order × order square.
                if !(3..=9).contains(&order) {
                    return Err(format!(
                        "Mathdoku is played with 3 to 9 symbols, not {order}"
                    ));
                }
                let mut b = flat(order, order);
                b.grid((0, 0, 0), order, None);
                b
            }
        };
        b.build().map_err(|e| e.to_string())
    }
}

/// Adds `units` (each named) to a board being built.
fn add_units(b: &mut ShapeBuilder, units: &Units) {
    for (name, cells) in units.iter() {
        b.unit(name, cells.to_vec());
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_named_shape_builds_with_its_cells_and_units() {
        // (name, cells, units after shared ones are merged)
        let want = [
            ("Sudoku", 81, 27),
            ("4x4", 16, 12),
            ("6x6", 36, 18),
            ("XSudoku", 81, 29),
            ("Jigsaw", 81, 27),
            ("Nonomino", 81, 27),
            ("Aztec", 81, 27),
            ("Pentomino", 25, 15),
            ("Tetromino", 16, 12),
            ("Samurai", 369, 131),
            ("TinySamurai", 76, 60),
            ("Windmill", 333, 127),
            ("Sohei", 288, 104),
            ("Roxdoku", 27, 9),
            ("DoubleRoxdoku", 51, 18),
            ("RoxdokuTwin", 53, 18),
            ("SamuraiRoxdoku", 235, 81),
            ("Killer", 81, 27),
            ("Mathdoku", 36, 12),
        ];
        assert_eq!(want.len(), NAMES.len());
        for (name, cells, units) in want {
            let s = Shape::named(name, None).unwrap();
            assert_eq!((s.cell_count(), s.unit_count()), (cells, units), "{name}");
            assert!(
                s.units().all(|(_, c)| c.len() == s.symbols()),
                "{name}: every unit full"
            );
        }
    }

    #[test]
    fn every_named_shape_has_solutions() {
        use crate::sudoku::cover::general::{Budget, search_shape};
        for &(name, _) in NAMES {
            let s = Shape::named(name, None).unwrap();
            let empty = vec![0; s.positions()];
            let found = search_shape(&s, &empty, 1, &Budget::default()).unwrap();
            assert_eq!(found.solutions, 1, "{name}");
        }
    }

    #[test]
    fn names_are_matched_loosely_and_orders_checked() {
        assert_eq!(
            Shape::named("tiny samurai", None).unwrap().name(),
            "TinySamurai"
        );
        assert_eq!(Shape::named("Killer_4x4", None).unwrap().symbols(), 4);
        assert_eq!(Shape::named("Mathdoku_4x4", None).unwrap().symbols(), 4);
        assert_eq!(Shape::named("roxdoku", Some(16)).unwrap().cell_count(), 64);
        assert_eq!(Shape::named("roxdoku", Some(25)).unwrap().unit_count(), 15);
        assert!(Shape::named("Samurai", Some(16)).is_err());
        assert!(Shape::named("Mathdoku", Some(12)).is_err());
        let e = Shape::named("Hexagon", None).unwrap_err();
        assert!(e.contains("Samurai") && e.contains("Hexagon"), "{e}");
    }

    #[test]
    fn a_classic_grid_is_its_shape() {
        let g = Geometry::new(2, 3).unwrap();
        let s = Shape::classic(g);
        assert_eq!((s.cell_count(), s.unit_count(), s.symbols()), (36, 18, 6));
        assert_eq!(s.unit_name(12), Some(Unit::Box(0)));
        assert_eq!(s.unit(12), [0, 1, 2, 6, 7, 8]);
    }
}
