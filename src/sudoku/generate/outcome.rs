//! What a request to the generator comes back with: a new puzzle ([`Generated`]), whichever of
//! the three ways made it, or why there is none ([`GenerateError`]).

use thiserror::Error;

use crate::sudoku::board::grid::Grid;
use crate::sudoku::logic::Rating;

/// A new puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: its givens, on a board that carries its variant (regions, cages) or its shape
    /// (with the cages it was given).
    pub puzzle: Grid,
    /// Its one solution, on the same board.
    pub solution: Grid,
    /// Its rating, with every technique (by its variant's or its shape's units and cages).
    pub rating: Rating,
    /// Starts (full grids) made before this one came out.
    pub attempts: u32,
    /// Nodes searched for it altogether, where its way of making counts them (variants and
    /// shapes); 0 for a classic board.
    pub nodes: u64,
    /// The seed of the batch it came from.
    pub seed: u64,
    /// Its index in the batch.
    pub index: u64,
}

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The cancel flag was set.
    #[error("generating was cancelled")]
    Cancelled,
    /// The board, or what was asked of it, is not one the generator makes: hyper windows on
    /// boxes that are not square, a square board without a grade, a symmetry on a variant, a
    /// mirror on a shape.
    #[error("{0}")]
    Unsupported(String),
    /// Every start allowed ended without the puzzle asked for: of another grade, or (on a
    /// shape) with more than one solution.
    #[error("no {wanted} puzzle found in {attempts} attempts; try another seed{hint}")]
    GaveUp {
        /// What was asked, as the message says it: `hard`, `unique Samurai`, `medium Killer`.
        wanted: String,
        /// Starts made.
        attempts: u32,
        /// What else to try, after another seed: ` or grade`, or nothing.
        hint: &'static str,
    },
}
