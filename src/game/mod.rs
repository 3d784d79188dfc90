//! The game the window shows: the puzzle's givens, the player's entries and pencil marks, the
//! solver's output, the selection, the undo history, the clock and the status line, changed only
//! through [`Command`]s. No egui here: the window draws a `&Game` and turns input into commands,
//! so every rule is tested without a window.
//!
//! * [`state`] is the [`Game`] type and what can be read off it;
//! * [`commands`] carries out the player's [`Command`]s;
//! * [`hints`] works out hints and checks the entries;
//! * [`steps_log`] lists the whole path of steps a person would take, to read and show one by
//!   one ("solve step by step");
//! * [`jobs`] is the work that runs off the UI thread: a solve, a count of solutions, the
//!   puzzle's own solution;
//! * [`watch`] runs the search step by step for watch mode, off the UI thread;
//! * [`history`] is the undo history and the clock, [`save`] the file that survives a restart
//!   ([`place`] the collection the puzzle came from, kept in it), [`status`] the line under the
//!   board, [`cell`] where a value came from, [`colours`] the colours a player gives cells and
//!   candidates ([`colouring`] gives them), [`records`] the player's records (best times,
//!   games started and solved, hints).
//!
//! Solving is split in two so that it can run off the UI thread: [`Game::start_solve`] checks the
//! board and hands back the [`SolveJob`] to run (anywhere), and [`Game::finish_solve`] takes its
//! [`SolveOutcome`] back. A board with no solution, or a solve cancelled half way, leaves every
//! cell exactly as it was. The same goes for counting the solutions of the position
//! ([`CountJob`]) and for finding the puzzle's own solution ([`AnswerJob`]), which checking and
//! hints compare the player's entries with.
//!
//! Every change to the cells is one undoable step ([`history`]); loading another puzzle is one
//! too. [`save`] turns a game, history included, into the file that survives a restart.

pub mod cell;
pub mod colouring;
pub mod colours;
pub mod commands;
pub mod hints;
pub mod history;
pub mod jobs;
pub mod place;
pub mod records;
pub mod save;
pub mod state;
pub mod status;
pub mod steps_log;
#[cfg(test)]
mod tests;
pub mod watch;

pub use cell::Origin;
pub use colours::{COLOURS, MarkColours};
pub use commands::Command;
pub use jobs::{
    AnswerJob, AnswerOutcome, BACKGROUND_BUDGET, CountJob, CountOutcome, SolveJob, SolveOutcome,
};
pub use place::CollectionPlace;
pub use state::Event;
pub use state::{Answer, Game, Hint, TechniqueHint, Uniqueness};
pub use status::{Status, counted, format_duration};
pub use steps_log::{LoggedStep, StepsJob, StepsLog};
