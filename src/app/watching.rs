//! Watch mode's state in the window: the search of [`game::watch`](crate::game::watch) being
//! watched, how it plays, and what the board shows of it (drawn by [`watch_panel`](super::watch_panel)).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use egui::Color32;

use crate::game::watch::{Move, Pace, View, Watcher};
use crate::sudoku::Grid;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::cover::model::{CoverMatrix, ItemMeaning};

/// The colour of an option on the search's stack: its own, not the solver's green.
pub const TRIED: Color32 = Color32::from_rgb(146, 64, 214);
/// The colour of an option taken back, fading.
pub const UNDONE: Color32 = Color32::from_rgb(214, 52, 52);
/// The colour of an option removed by pruning.
pub const PRUNED: Color32 = Color32::from_rgb(224, 128, 0);
/// How long an option taken back stays visible, fading.
pub(super) const FADE: Duration = Duration::from_millis(500);
/// Lines of the move log in the panel.
pub(super) const LOG_LINES: usize = 10;
/// The largest side whose matrix the panel draws in full.
pub(super) const MATRIX_SIDE: usize = 6;

/// A search being watched, and how the window shows it.
pub struct Watching {
    pub(super) watcher: Watcher,
    pub(super) pace: Pace,
    /// Where the search stands, as last reported.
    pub(super) view: View,
    /// The last moves, newest last.
    pub(super) log: VecDeque<Move>,
    /// Options taken back lately, and when.
    pub(super) fades: Vec<(usize, Instant)>,
    /// When the last order was sent.
    pub(super) last: Instant,
    /// The board's full matrix, for drawing the matrix (small boards only).
    pub(super) full: Option<CoverMatrix>,
    /// Show the matrix.
    pub(super) matrix: bool,
    /// The board's revision when watching began.
    pub(super) revision: u64,
}

impl Watching {
    /// The view of the search as last reported (for tests).
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The last moves shown in the panel, newest last (for tests).
    pub fn log(&self) -> impl Iterator<Item = &Move> {
        self.log.iter()
    }

    /// The board's matrix, as the view numbers its items and options.
    pub fn cover(&self) -> &CoverMatrix {
        &self.watcher.cover
    }

    /// How it plays.
    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// Searching with pruning (else plain Algorithm X).
    pub fn pruning(&self) -> bool {
        self.watcher.pruning
    }

    /// The cells and values an option places: one for a placement, a Mathdoku cage's open
    /// cells for a filling, none for a killer cage's digit set.
    pub(super) fn places(&self, option: usize) -> Vec<(usize, u8)> {
        self.watcher.cover.places(option)
    }
}

/// The engine's view of a board, for the candidates view when nothing is watched: its matrix
/// and each item's number of options.
pub struct EngineView {
    /// The board's matrix.
    pub cover: CoverMatrix,
    /// Each item's options, in the matrix's order.
    pub left: Vec<Option<u32>>,
}

impl EngineView {
    /// The view of `board` as it stands (none for a board without a matrix: a Mathdoku cage of
    /// too many fillings). A killer cage of too many digit sets to list is counted as the search
    /// takes it: each of its cells' options is a placement its units allow.
    pub fn of(board: &Grid) -> Option<Self> {
        let cover = CoverMatrix::of_view(&Shape::of_grid(board), board.values()).ok()?;
        let mut count = vec![0u32; cover.items.len()];
        for o in &cover.options {
            for &i in &o.items {
                count[i] += 1;
            }
        }
        Some(EngineView {
            cover,
            left: count.into_iter().map(Some).collect(),
        })
    }
}

/// Describes an item for a person: `cell r3c4`, `row 5 · 7`.
pub fn describe_item(item: ItemMeaning, board: &Grid) -> String {
    match item {
        ItemMeaning::Cell(cell) => format!("cell {}", board.cell_name(cell)),
        ItemMeaning::Holds(unit, value) => {
            format!("{unit} · {}", board.alphabet().symbol(value))
        }
        ItemMeaning::Cage(k) | ItemMeaning::MathCage(k) => format!("cage {}", k + 1),
        ItemMeaning::CageDigit(k, value) => {
            format!("cage {} · {}", k + 1, board.alphabet().symbol(value))
        }
        ItemMeaning::Same(k, other, value) => format!(
            "cells alike {}{} · {}",
            k + 1,
            if other { "b" } else { "a" },
            board.alphabet().symbol(value)
        ),
    }
}
