//! # sudoku-dlx
//!
//! Sudoku of every size (4×4 up to 36×36 and beyond, square or rectangular boxes), solved by
//! dancing links: Knuth's Algorithm X over an exact-cover matrix, written here from scratch.
//! A desktop app, a command line for puzzle files, and this library underneath both.
//!
//! # Bird's-eye view
//!
//! At the bottom is a generic exact-cover engine that knows nothing of grids. Above it, a sudoku
//! board is turned into an exact-cover problem (four families of items, one option per symbol
//! per cell) and solved, rated, generated and read from files. Above that, a game: a board the
//! player changes through commands, with undo, notes, hints and a clock, and no window. At the
//! top, the window draws the game, turns input into commands and runs the long work on worker
//! threads; beside it, the command line runs the same solver over puzzle files.
//!
//! ```text
//!   main.rs ──> app (egui) ──> game ──> sudoku ──> dlx
//!          └──> cli ──────────────┘
//!   config, library, autosave, print: beside, used by app and cli
//! ```
//!
//! Arrows point one way. `tests/architecture.rs` reads the source and fails if they do not: no
//! egui below [`app`], nothing of [`sudoku`] or [`game`] in [`dlx`], no two files that import
//! each other, no unsafe code outside the engine's `unchecked` module.
//!
//! # Code map
//!
//! * [`dlx`]: the exact-cover engine: items, options, the matrix in one flat node array, the
//!   iterative search (count, enumerate, cancel, step one move at a time) and the pruning that
//!   runs inside it. Its module docs explain the design. *Never* names a cell, a grid or a
//!   symbol, and depends on nothing above it.
//! * [`sudoku`]: boards and their solving, a folder a part. Knows no game and no window.
//!   - [`sudoku::board`], the board model (`board/mod.rs`). A board is cells and units: a
//!     [`Shape`](sudoku::board::shape::Shape) (`board/shape.rs`: a 2-D or 3-D layout with holes,
//!     symbols, units, cages), built for every board people play in `board/shapes.rs` (classic,
//!     X, jigsaw, killer, Samurai, Roxdoku, Mathdoku, ... by KSudoku's names); cage arithmetic
//!     in `board/cage.rs`; a board's values in [`Grid`](sudoku::Grid) (`board/grid.rs`: parse,
//!     format, clashes); a square board's box shape in [`Geometry`](sudoku::Geometry)
//!     (`board/geometry.rs`), its symbols in [`Alphabet`](sudoku::Alphabet)
//!     (`board/alphabet.rs`), its units in `board/units.rs`, a square variant's rules in
//!     [`Variant`](sudoku::Variant) (`board/variant.rs`); which board a player or a command
//!     asks for, classic, variant or shape, in [`BoardKind`](sudoku::BoardKind)
//!     (`board/kind.rs`).
//!   - [`sudoku::cover`], boards as exact cover (`cover/mod.rs`): the one mapping of the model
//!     ([`CoverMatrix`](sudoku::cover::model::CoverMatrix), `cover/model.rs`: items and options
//!     named as Knuth names them), the search of any board through it (`cover/general.rs`)
//!     and when it restarts (`cover/restarts.rs`),
//!     the cages a killer board implies, added to a search's matrix (`cover/implied.rs`),
//!     the groups of cells a board makes hold the same symbols (`cover/leftovers.rs`),
//!     the sums a killer board keeps, for the search to keep by bounds (`cover/sums.rs`),
//!     a board with interchangeable symbols searched once for all their relabellings
//!     (`cover/symmetry.rs`), a list walked by a stride prime to its length
//!     (`cover/stride.rs`),
//!     the classic board's fast path ([`DlxSolver`](sudoku::DlxSolver), `cover/classic.rs`: the
//!     same items laid out for speed) and the matrix in Knuth's format
//!     ([`sudoku::cover::knuth`]). Nothing else builds a board's items or options.
//!   - [`sudoku::files`], puzzle files (`files/mod.rs`): formats detected, read and written
//!     ([`sudoku::files::formats`]), the variants' forms (`files/variant_format.rs`: TOML and
//!     the jigsaw line; `files/sumocue_format.rs`: SumoCue's killer line), Knuth's general input (`files/general_format.rs`), shapes in TOML (`files/shape_format.rs`),
//!     KSudoku's shape files and saved games (`files/ksudoku.rs` reads, `files/ksudoku_write.rs`
//!     writes, `files/ksudoku_format.rs` joins them to the other formats), one puzzle as read
//!     (`files/entry.rs`), text escaped for XML (`files/xml.rs`).
//!   - [`sudoku::logic`], the human solver: the rater (`logic/mod.rs`: grades, the loop that
//!     applies the easiest technique that helps), the techniques by name with their grades and
//!     difficulties (`logic/technique.rs`), the steps they find and a hint shows
//!     (`logic/step.rs`), the walk that takes them one at a time (`logic/walk.rs`), the techniques themselves a family a file
//!     (`logic/techniques/mod.rs`: `logic/techniques/singles.rs`, `logic/techniques/locked.rs`,
//!     `logic/techniques/subsets.rs`, `logic/techniques/fish.rs`,
//!     `logic/techniques/finned.rs`, `logic/techniques/single_digit.rs`,
//!     `logic/techniques/colouring.rs`, `logic/techniques/x_chain.rs`,
//!     `logic/techniques/wing.rs`, `logic/techniques/cage.rs`, `logic/techniques/overlap.rs`,
//!     `logic/techniques/innies.rs`, `logic/techniques/unions.rs`,
//!     `logic/techniques/uniqueness.rs`, `logic/techniques/chains.rs`,
//!     `logic/techniques/grouped.rs`, `logic/techniques/als.rs`,
//!     `logic/techniques/forcing.rs`, `logic/techniques/cache.rs` the reads several finders
//!     share, `logic/techniques/peers.rs` the table of who sees whom they share,
//!     `logic/techniques/crossings.rs` where each value's places lie on a square board; tests in
//!     `logic/tests.rs`, `logic/tests_chains.rs`, `logic/techniques/patterns_tests.rs` and
//!     `logic/techniques/killer_tests.rs`), and hints in
//!     exact-cover terms ([`sudoku::logic::hint`]).
//!   - [`sudoku::generate`], making puzzles (`generate/mod.rs`): one entry for every board,
//!     a [`Request`](sudoku::generate::Request) handed to
//!     [`generate`](sudoku::generate::generate) (`generate/request.rs`), which answers with a
//!     [`Generated`](sudoku::Generated) puzzle or a [`GenerateError`](sudoku::GenerateError)
//!     (`generate/outcome.rs`); behind it the three ways of making: classic boards to a grade
//!     ([`sudoku::generate::classic`]), the square variants (`generate/variant.rs`), any
//!     shape: Samurai, cubes, killers, Mathdoku (`generate/shape.rs`).
//!   - a plain [`Backtracker`](sudoku::Backtracker) to compare with (`sudoku/naive.rs`),
//!     DLX against backtracking ([`sudoku::compare`]), and boards the unit tests of the
//!     modules above share (`sudoku/testing.rs`).
//! * [`game`]: the state of one game ([`Game`](game::Game), in [`game::state`]), changed only
//!   through [`Command`](game::Command)s ([`game::commands`]); hints and checking
//!   ([`game::hints`]); the solve, count and answer jobs that run off the UI thread
//!   ([`game::jobs`]); undo history and clock ([`game::history`]); the save file
//!   ([`game::save`]); the search stepped for watch mode ([`game::watch`]). *Never* uses egui:
//!   every rule is tested without a window.
//! * [`app`]: the window. [`App`](app::App) ([`app::window`]) runs each frame;
//!   [`app::board`], [`app::keys`] and [`app::panels`] draw and read input and return
//!   [`Action`](app::Action)s without changing anything; [`app::files`] opens and saves
//!   puzzles; [`app::background`] runs the long work on [`app::worker`] threads (a named
//!   thread, a channel back, a cancel flag); [`app::launch`] opens the window, and
//!   [`app::lifeboat`] saves the game on a signal or a panic; [`app::watch_panel`] shows watch
//!   mode ([`app::watching`]). The only module that uses egui.
//! * [`cli`]: `solve` (or count, with `--count`), `bench`, `generate` (square boards, variants
//!   and shapes) and `rate` over puzzle files of every format, on as many threads as asked,
//!   with a time budget per puzzle;
//!   `matrix` (a puzzle's matrix in Knuth's format), `xc` (any problem in that format),
//!   `compare` and `print`. Uses [`sudoku`] and [`dlx`], [`print`](mod@print) for `print`,
//!   and [`game`] with [`autosave`] for the save drill (a player without a window that the
//!   kill test stops mid-save) and the durations `compare` prints; never the window.
//! * [`print`](mod@print): puzzles laid out as a PDF to print, and one board as a picture
//!   ([`print::drawing`] a board as lines and text, with the player's entries and pencil marks
//!   if given; [`print::pdf`] the pages; [`print::svg`] an SVG document; [`print::png`] a PNG),
//!   for `sudoku-dlx print` and the window's Export PDF and Export image. Uses [`sudoku`],
//!   never the window or the game.
//! * [`config`]: `config.toml` parsed from a string ([`Config::from_toml_str`](config::Config::from_toml_str))
//!   and read from disk ([`Config::load`](config::Config::load)), every error naming file,
//!   line and key. [`library`]: the bundled puzzle collections. [`autosave`]: where the game is
//!   kept between runs, written atomically and durably, one window at a time.
//!   [`output`]: standard output and error that never panic.
//!
//! # A key press, end to end
//!
//! The player holds the pointer over a cell and presses `space`:
//!
//! 1. [`App::show`](app::App::show) runs the frame; [`app::keys::keyboard`] turns the key into
//!    [`Action::Solve`](app::Action::Solve) (a symbol key would give
//!    `Action::Game(Command::Enter(v))`, applied at once by [`Game::apply`](game::Game::apply)).
//! 2. The window's `act` hands it to [`app::background`], which asks
//!    [`Game::start_solve`](game::Game::start_solve) for a [`SolveJob`](game::SolveJob): the
//!    game checks the board for clashes (naming them in the status line) and marks itself
//!    solving.
//! 3. The job runs on a thread named `sudoku-solver` ([`app::worker::Worker`]).
//!    [`SolveJob::run`](game::SolveJob::run) calls [`DlxSolver`](sudoku::DlxSolver), which
//!    builds a [`dlx::Matrix`] of the open cells' options and runs a [`dlx::Search`] to count up
//!    to two solutions, looking at the cancel flag (Esc sets it) as it goes.
//! 4. The outcome comes back on a channel. On a later frame the window polls it and hands it to
//!    [`Game::finish_solve`](game::Game::finish_solve), which fills the empty cells as one
//!    undoable step, or leaves the board exactly as it was if there is no solution or the board
//!    changed meanwhile. [`app::board`] draws the result.
//!
//! # A puzzle file, end to end
//!
//! `sudoku-dlx solve puzzles.txt` goes through `main.rs` (clap) to [`cli::run`], which reads the
//! file line by line with [`sudoku::files::formats`] (a bad line is reported with its file, line and
//! column, and the run goes on), solves each puzzle with a [`DlxSolver`](sudoku::DlxSolver) per
//! thread (each keeps its matrix and reuses its memory from puzzle to puzzle), and prints the
//! solutions in input order. `sudoku-dlx puzzles.txt` opens the window instead:
//! [`app::launch::run`] restores the saved game, then [`App::open_path`](app::App::open_path)
//! reads the file with the same [`sudoku::files::formats`], puts its first puzzle on the board with
//! [`Game::load`](game::Game::load) (one undoable step) and keeps the rest as a collection to
//! step through.
//!
//! # Example
//!
//! ```
//! use sudoku_dlx::sudoku::{DlxSolver, Grid, Solver, Work};
//!
//! // One line, 81 cells; `.` or `0` is empty. The side is inferred from the number of cells.
//! let puzzle = Grid::parse(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     None,
//! )?;
//! let mut solver = DlxSolver::new(); // keep it: it reuses its memory from puzzle to puzzle
//! let report = solver.solve(&puzzle, 2, None).expect("the givens do not clash");
//! assert_eq!(report.solutions, 1); // limit 2: one solution, so the puzzle is unique
//! let solution = report.first.expect("a solution");
//! assert!(solution.verify_solution_of(&puzzle).is_ok()); // checked without the solver
//! println!("{}", solution.to_block());
//! if let Work::Dlx(stats) = report.work {
//!     println!("{} options tried, {} link updates", stats.nodes, stats.updates);
//! }
//! # Ok::<(), sudoku_dlx::sudoku::ParseError>(())
//! ```

pub mod app;
pub mod autosave;
pub mod cli;
pub mod config;
pub mod dlx;
pub mod game;
pub mod library;
pub mod output;
pub mod print;
pub mod sudoku;
