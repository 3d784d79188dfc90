//! The window: an [`eframe::App`] that draws the [`Game`](crate::game::Game), turns input into
//! commands, and runs the long work (solving, counting solutions, generating) on worker threads
//! so the window never waits for it.
//!
//! * [`window`] is the [`App`] type and its frame: what happens, in order, every time egui
//!   draws;
//! * [`board`] draws the board and reads the pointer over it, [`keys`] reads the keyboard,
//!   [`panels`] draws the menu bar and the status line, [`loupe`] a cell's pencil marks large
//!   where the board's are too small, [`colouring`] the colours' menus and keys: each of them
//!   returns [`Action`]s and changes nothing itself; [`filter`] is the one-symbol filter,
//!   [`hint_paint`] a technique's hint drawn on the board;
//! * [`watching`] is watch mode's state and [`watch_panel`] shows it: the search move by move,
//!   the matrix ([`matrix_view`]) and the engine's candidates; [`comparison`] runs DLX against
//!   backtracking;
//! * [`files`] puts puzzles on the board and saves them, [`background`] runs the long work on
//!   [`worker`] threads, [`dialog`] is the file dialog, [`new_dialog`] the New game dialog (its
//!   choice is [`new_game`]'s), [`launch`] opens the window, and [`lifeboat`] saves the
//!   game when the window goes without a quit (a signal, a panic).

pub mod action;
pub mod background;
pub mod board;
pub mod colouring;
pub mod comparison;
pub mod dialog;
pub mod files;
pub mod filter;
pub mod fit;
pub mod hint_paint;
pub mod keys;
pub mod launch;
pub mod layout;
pub mod lifeboat;
pub mod loupe;
pub mod matrix_view;
pub mod new_dialog;
pub mod new_game;
mod new_preview;
pub mod panels;
pub mod pause;
pub mod picker;
pub mod settings;
pub mod shape_files;
mod shape_paint;
pub mod statistics;
pub mod steps_list;
pub mod steps_panel;
mod variant_paint;
pub mod watch_panel;
pub mod watching;
pub mod window;
pub mod worker;

pub use action::{Action, Place};
pub use board::{BoardLayout, BoardView, Hover, Palette};
pub use files::{OpenError, open_first_puzzle};
pub use launch::{run, start};
pub use window::App;
