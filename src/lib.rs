//! sudoku-dlx
pub mod dlx;
