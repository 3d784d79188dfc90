//! sudoku-dlx
#![doc = "x"]
pub mod cli;
pub mod config;
pub mod dlx;
pub mod sudoku;
