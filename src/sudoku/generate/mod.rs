//! Making puzzles: classic boards of every size to a grade and symmetry, the variants', and
//! puzzles on any shape (Samurai, Roxdoku, killer, Mathdoku, ...).

pub mod classic;
pub mod shape;
pub mod variant;
