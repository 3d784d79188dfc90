//! The board model: the shape of a board (its box shape and side, its units and a variant's
//! rules), the symbols it is written in, a board's values with their clashes, and which board a
//! player or a command asks for.

pub(crate) mod alphabet;
pub mod cage;
pub(crate) mod geometry;
pub(crate) mod grid;
pub mod kind;
pub mod shape;
pub mod shapes;
pub mod units;
pub mod variant;
