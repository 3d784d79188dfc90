//! # sudoku-dlx
//!
//! Sudoku of every size (4×4 up to 36×36 and beyond, square or rectangular boxes), solved by
//! dancing links: Knuth's Algorithm X over an exact-cover matrix, written here from scratch.
//!
//! The crate is a library with a thin binary on top:
//!
//! * [`dlx`] is a generic exact-cover engine. Nothing in it knows about sudoku: items, options,
//!   a flat node arena, minimum-remaining-values branching, an iterative search that can count,
//!   enumerate, be cancelled from another thread, or be driven one move at a time. Its module
//!   docs explain the algorithm and the layout.
//! * [`sudoku`] is the board: geometry, symbols, parsing and formatting, clashes, the mapping to
//!   exact cover, and two solvers with one API (dancing links, and plain backtracking for
//!   comparison).
//!   [`sudoku::logic`] rates puzzles the way people solve them, [`sudoku::generate`] makes new
//!   ones of a grade and symmetry from a seed, and [`sudoku::formats`] reads and writes the
//!   puzzle files other tools use.
//! * [`library`] is the bundled puzzle library: collections of every size and grade.
//! * [`config`] reads `config.toml`: the board's shape, its symbols and the command keys.
//! * [`game`] is the state of a game (entries, pencil marks, undo history, hints, the clock),
//!   changed only by commands; [`ui`] draws it and reads the keyboard; [`app`] is the window
//!   that ties them to worker threads; [`autosave`] keeps the game across restarts.
//! * [`cli`] is the command line: `solve`, `bench`, `generate` and `rate` over puzzle files.
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
pub mod sudoku;
