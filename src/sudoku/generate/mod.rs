//! Making puzzles: classic boards of every size to a grade and symmetry, and the variants'.

pub mod classic;
pub mod variant;
