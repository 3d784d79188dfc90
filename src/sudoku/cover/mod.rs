//! Boards as exact cover: the items and options of a board, its matrix in Knuth's names, and
//! the solvers that search it with the [`dlx`](crate::dlx) engine.

pub(crate) mod classic;
pub mod general;
pub mod implied;
pub mod knuth;
pub mod leftovers;
pub mod model;
mod restarts;
pub(crate) mod stride;
pub mod sums;
pub mod symmetry;

/// A jigsaw of the regions pictured, a letter a cell, row by row (spaces and line breaks
/// ignored), for the tests.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) fn jigsaw(picture: &str) -> crate::sudoku::board::shape::Shape {
    use crate::sudoku::board::{shape::Shape, units::Units};
    let regions: Vec<usize> = picture
        .bytes()
        .filter(u8::is_ascii_alphabetic)
        .map(|b| usize::from(b - b'A'))
        .collect();
    let side = (1..=regions.len())
        .find(|s| s * s == regions.len())
        .unwrap();
    Shape::of_units(&Units::jigsaw(side, &regions).unwrap(), &[]).unwrap()
}
