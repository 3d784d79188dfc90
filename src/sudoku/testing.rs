//! Boards shared by the unit tests of the modules above the board model.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use crate::sudoku::board::cage::Cage;
use crate::sudoku::board::variant::{Rules, Variant};
use crate::sudoku::{Geometry, Grid, Notation};

/// A 36×36 killer with one cage too large to list: twelve cells of row 1 adding up to 222
/// (16,509,188 digit sets), its first eleven given 13 to 23, so that its sum leaves the
/// twelfth (r1c12, cell 11) only 24.
pub(crate) fn unlisted_cage_board() -> Grid {
    let rules = Rules {
        cages: vec![Cage {
            cells: (0..12).collect(),
            sum: 222,
        }],
        ..Rules::default()
    };
    let g = Grid::empty(Notation::default_for(Geometry::new(6, 6).unwrap()).unwrap());
    let variant = Variant::new(g.geometry(), rules).unwrap();
    let mut board = g.with_variant(Some(Arc::new(variant))).unwrap();
    for (cell, value) in (0..11).zip(13u8..) {
        board.set(cell, value);
    }
    board
}
