//! "Solve step by step": the whole path a person would take from the board as it stands to the
//! end, one technique a step, as a list the player reads at leisure, as HoDoKu's solution path
//! is.
//!
//! The path is the rater's ([`Rater::steps_marked`]): from the givens and entries, read with
//! the player's pencil marks, the easiest step each time, its removals and placements carried
//! into the next, until the board is full or logic stalls. It is the same path the hints walk
//! press by press and `solve --steps` prints, in the same words. On a big board the rater can
//! take a while, so the path is worked out by a [`StepsJob`], which runs anywhere (the window
//! runs it on a thread of its own) and stops when asked; the path it gives back records the
//! board it starts from, and [`Game::is_current`] says whether the board still stands there.
//!
//! A step of the log is shown on the board as a hint at its second press is
//! ([`Game::show_logged_step`]): its pattern, links, removals and placements. A step further
//! down the path builds on those before it, so the player can also take every step up to it
//! ([`Game::take_logged_steps`]), one undoable change, and the board then stands where that
//! step begins.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::sudoku::logic::{Step, Technique};
use crate::sudoku::{Grade, Grid, Rater};

use super::state::{Answer, Game, Hint, TechniqueHint};
use super::status::Status;

/// How long logic may look for one step of the path: every step of a 9×9 path takes
/// milliseconds, but on an open 25×25 or 36×36 board the hardest techniques could look for
/// seconds at each step.
const STEP_TIME: Duration = Duration::from_secs(2);

/// The work of one path: the board and pencil marks as they stand.
#[derive(Debug, Clone)]
pub struct StepsJob {
    board: Grid,
    marks: Vec<u64>,
    unique: bool,
    generation: u64,
}

/// One step of the path, with its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedStep {
    /// The step.
    pub step: Step,
    /// The step in words, as the hints and `solve --steps` say it.
    pub words: String,
}

/// The path from a board: its steps and how it ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepsLog {
    /// The steps, in order.
    pub steps: Vec<LoggedStep>,
    /// How the path ends: solved, stalled (search needed), a contradiction, or stopped.
    pub end: String,
    /// The game's revision the path starts from.
    pub generation: u64,
}

impl StepsJob {
    /// Works out the path; `cancel` stops it between two steps (the steps so far are kept).
    pub fn run(&self, cancel: &AtomicBool) -> StepsLog {
        let mut rater = Rater::new();
        rater.assume_unique(self.unique);
        rater.limit_each_step(Some(STEP_TIME));
        let stop = || cancel.load(Ordering::Relaxed);
        let steps = rater.steps_marked(&self.board, &self.marks, Grade::Expert, &stop);
        let mut board = self.board.clone();
        let mut logged = Vec::with_capacity(steps.len());
        for step in steps {
            // Each step in the words of the board it is taken on (a single's unit and cell).
            let words = step.describe(&rater, &board);
            for &(cell, value) in &step.placements {
                board.set(cell as usize, value);
            }
            logged.push(LoggedStep { step, words });
        }
        let left = board.cell_count() - board.filled();
        let count = logged.len();
        let steps_word = if count == 1 { "step" } else { "steps" };
        let end = if cancel.load(Ordering::Relaxed) {
            format!("Stopped after {count} {steps_word}")
        } else if left == 0 {
            format!("Solved in {count} {steps_word}")
        } else if rater.ran_out() {
            format!(
                "{count} {steps_word}; then no step found within {} s with {left} cells left: the board is too open for logic",
                STEP_TIME.as_secs()
            )
        } else {
            format!(
                "{count} {steps_word}; then logic stalls with {left} cells left: the rest needs search"
            )
        };
        StepsLog {
            steps: logged,
            end,
            generation: self.generation,
        }
    }
}

impl Game {
    /// The job that works out the path from the board and pencil marks as they stand.
    pub fn start_steps(&self) -> StepsJob {
        StepsJob {
            board: self.board.clone(),
            marks: (0..self.origin.len()).map(|c| self.notes(c)).collect(),
            unique: matches!(self.answer, Answer::Unique(_)),
            generation: self.revision(),
        }
    }

    /// True if `log` was worked out from the board as it stands.
    pub fn is_current(&self, log: &StepsLog) -> bool {
        log.generation == self.revision()
    }

    /// Shows step `k` (from 0) of `log` on the board, as a hint's second press shows it, and
    /// the next press of hint takes that step alone, whichever it is: its placements and
    /// removals hold for the board's solution, since every step before it does. A log from
    /// another board shows nothing and says why.
    pub fn show_logged_step(&mut self, log: &StepsLog, k: usize) {
        let Some(logged) = log.steps.get(k) else {
            return;
        };
        if !self.is_current(log) {
            self.status =
                Status::info("The board has changed since the steps were listed: list them again");
            return;
        }
        let step = &logged.step;
        let mut cells: Vec<usize> = step.cells().iter().map(|&c| c as usize).collect();
        cells.extend(step.eliminations.iter().map(|&(c, _)| c as usize));
        cells.sort_unstable();
        cells.dedup();
        let before = if k == 0 {
            String::new()
        } else {
            format!(" (after steps 1 to {k})")
        };
        self.status = Status::info(format!(
            "Step {} of {}{before}: {}",
            k + 1,
            log.steps.len(),
            logged.words
        ));
        // The first step is the hint's own: the next press of hint takes it. A step further
        // down shows its pattern the same way, and hint takes that step alone (it is a sound
        // deduction from the board as it stands, the steps before it being so too).
        self.hint = Some(match (step.technique, step.placements.as_slice()) {
            (Technique::HiddenSingle | Technique::NakedSingle, &[(c, v)]) => Hint {
                cells,
                unit: None,
                focus: Some(c as usize),
                fill: Some((c as usize, v)),
                step: None,
            },
            _ => Hint {
                cells,
                unit: None,
                focus: None,
                fill: None,
                step: Some(TechniqueHint {
                    step: step.clone(),
                    stage: 2,
                    words: logged.words.clone(),
                }),
            },
        });
    }

    /// Takes steps 1 to `k` of `log` (every one before step `k + 1`), their placements and
    /// removals as one undoable change, and shows step `k + 1` if there is one. Nothing
    /// happens on a log from another board.
    pub fn take_logged_steps(&mut self, log: &StepsLog, k: usize) {
        if !self.is_current(log) || k == 0 {
            return;
        }
        let steps: Vec<&Step> = log.steps.iter().take(k).map(|s| &s.step).collect();
        let changes = self.step_changes(&steps);
        let label = format!("steps 1 to {}", steps.len());
        if self.commit(label, changes) {
            self.status = Status::info(format!(
                "Took steps 1 to {} (Ctrl+Z takes them back)",
                steps.len()
            ));
        }
        self.announce_completion();
    }
}
