//! Undo and redo, and the game clock.
//!
//! Every change to the board is one [`Step`]: either the cells it changed, each with its state
//! before and after (an entry, a note, filling every candidate, a solve, a reset), or the whole
//! game it replaced (loading another puzzle, which may even change the board's size). Undo puts
//! the "before" side back and moves the step to the redo list; a new change empties that list.
//! A step of cells costs a few bytes per changed cell, so a long game on a 36×36 board stays small.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::sudoku::Grid;

use super::Origin;
use super::colours::MarkColours;

/// Steps kept for undo; older ones are forgotten.
pub const HISTORY_LIMIT: usize = 500;

/// Everything about one cell that undo puts back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellState {
    /// Its value (0 empty).
    pub value: u8,
    /// Where the value came from.
    pub origin: Origin,
    /// Its pencil marks, bit `v-1` for value `v`.
    pub notes: u64,
    /// The colour the player gave it (0 none, 1..=[`COLOURS`](super::colours::COLOURS)).
    pub colour: u8,
    /// The colours the player gave its candidates ([`MarkColours`]).
    pub marks: MarkColours,
}

/// One changed cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    /// The cell.
    pub cell: u32,
    /// Its state before the step.
    pub before: CellState,
    /// Its state after the step.
    pub after: CellState,
}

/// The whole of a game that loading another puzzle replaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// Every value.
    pub board: Grid,
    /// Where each value came from.
    pub origin: Vec<Origin>,
    /// Pencil marks.
    pub notes: Vec<u64>,
    /// Each cell's colour (0 none).
    pub colours: Vec<u8>,
    /// Each cell's candidates' colours.
    pub marks: Vec<MarkColours>,
    /// A puzzle was loaded (rather than the empty board).
    pub loaded: bool,
    /// Time played on it.
    pub elapsed: Duration,
}

/// What one step changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Some cells.
    Cells(Vec<Change>),
    /// The whole game, as it was on the other side of the step.
    Whole(Box<Snapshot>),
}

/// One undoable step, and what to call it in the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// "r1c1 = 4", "fill in every candidate", "load a puzzle".
    pub label: String,
    /// What changed.
    pub edit: Edit,
}

/// The undo and redo lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    /// Done steps, the latest last.
    pub undo: VecDeque<Step>,
    /// Undone steps, the latest undone last.
    pub redo: Vec<Step>,
}

impl History {
    /// Records a new step: the redo list is dropped, and the oldest step beyond the limit.
    pub fn push(&mut self, step: Step) {
        self.redo.clear();
        self.undo.push_back(step);
        while self.undo.len() > HISTORY_LIMIT {
            self.undo.pop_front();
        }
    }
}

/// Time played: what was banked, plus the running stretch if the clock runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    banked: Duration,
    since: Option<Instant>,
}

impl Clock {
    /// A stopped clock showing `elapsed`.
    pub fn stopped_at(elapsed: Duration) -> Self {
        Clock {
            banked: elapsed,
            since: None,
        }
    }

    /// Time played up to `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.banked
            + self
                .since
                .map_or(Duration::ZERO, |s| now.saturating_duration_since(s))
    }

    /// True while running.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Starts or stops the clock at `now`.
    pub fn run(&mut self, on: bool, now: Instant) {
        match (on, self.since) {
            (true, None) => self.since = Some(now),
            (false, Some(_)) => {
                self.banked = self.elapsed(now);
                self.since = None;
            }
            _ => {}
        }
    }
}

/// `0:07`, `4:32`, `1:02:03`.
pub fn format_clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_banks_time_only_while_running() {
        let t0 = Instant::now();
        let mut clock = Clock::default();
        clock.run(true, t0);
        clock.run(true, t0 + Duration::from_secs(5)); // already running: no restart
        assert_eq!(
            clock.elapsed(t0 + Duration::from_secs(10)),
            Duration::from_secs(10)
        );
        clock.run(false, t0 + Duration::from_secs(10));
        assert_eq!(
            clock.elapsed(t0 + Duration::from_secs(99)),
            Duration::from_secs(10)
        );
        clock.run(true, t0 + Duration::from_secs(100));
        assert_eq!(
            clock.elapsed(t0 + Duration::from_secs(102)),
            Duration::from_secs(12)
        );
        assert_eq!(format_clock(Duration::from_secs(272)), "4:32");
        assert_eq!(format_clock(Duration::from_secs(3723)), "1:02:03");
    }

    #[test]
    fn history_forgets_the_oldest_and_a_new_step_drops_redo() {
        let mut h = History::default();
        let step = |k: usize| Step {
            label: format!("{k}"),
            edit: Edit::Cells(Vec::new()),
        };
        for k in 0..HISTORY_LIMIT + 3 {
            h.push(step(k));
        }
        assert_eq!(h.undo.len(), HISTORY_LIMIT);
        assert_eq!(h.undo.front().map(|s| s.label.as_str()), Some("3"));
        h.redo.push(step(1));
        h.push(step(2));
        assert!(h.redo.is_empty());
    }
}
