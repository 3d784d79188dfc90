//! The board model: the shape of a board (its box shape and side, its units and a variant's
//! rules), the symbols it is written in, and a board's values with their clashes.

pub(crate) mod alphabet;
pub mod cage;
pub(crate) mod geometry;
pub(crate) mod grid;
pub mod shape;
pub mod shapes;
pub mod units;
pub mod variant;
