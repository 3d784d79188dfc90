//! One puzzle as a file gives it: the board, and what came with it (a solution, saved entries,
//! its line and title).

use crate::sudoku::board::grid::Grid;

/// One puzzle read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle: its givens.
    pub puzzle: Grid,
    /// Its solution, where the file gives one (CSV).
    pub solution: Option<Grid>,
    /// The player's entries saved with it (a game saved by sudoku-dlx): a board holding only
    /// the entries.
    pub entries: Option<Grid>,
    /// The line the puzzle starts on, from 1.
    pub line: usize,
    /// Its title, where the file gives one (`Grid 01`, an `.sdk` description).
    pub title: Option<String>,
}

impl Entry {
    pub(super) fn new(puzzle: Grid, line: usize) -> Self {
        Entry {
            puzzle,
            solution: None,
            entries: None,
            line,
            title: None,
        }
    }
}
