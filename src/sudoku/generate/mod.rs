//! Making puzzles: one request, three ways of making.
//!
//! Whoever wants a new puzzle, the command line's `generate` or the window's New menu, says
//! what it wants in one [`Request`]: which board ([`BoardKind`](crate::sudoku::BoardKind):
//! classic, a variant, or a shape), the grade, the symmetry of the givens. It hands the request
//! to [`generate`] with a seed and the puzzle's index in its batch, and gets back one kind of
//! answer: a [`Generated`] puzzle (its givens and its solution as [`Grid`](crate::sudoku::Grid)s
//! carrying their variant or shape, its rating, what it took), or a [`GenerateError`] that says
//! why there is none (cancelled, given up, or something asked that the board is not made to).
//! Puzzle `index` of a seed is the same on every machine, so a batch made on many threads is
//! the same as one made on one.
//!
//! Behind the request, puzzles are made in three ways, because the three kinds of board offer
//! different tools:
//!
//! * **Classic boards** ([`classic`]) have the fastest tools of all: dancing links laid out for
//!   the square board (a random full grid, and a search for a second solution that differs in a
//!   cell just emptied), and the human [`Rater`](crate::sudoku::Rater), whose techniques both
//!   grade the puzzle and, by filling the board, prove it unique. Givens go one symmetry orbit
//!   at a time, and a full grid whose puzzle comes out at another grade is dropped for a new one.
//! * **Square variants** ([`variant`]) keep the rater, which reads their extra units, but not
//!   the classic fast path: their grids and counts go through the general exact-cover search.
//!   Each puzzle draws its own rules: jigsaw regions grown at random, killer cages cut from the
//!   full grid. A killer is made the other way round from the rest: it starts with no givens and
//!   takes the few its cages need.
//! * **Shapes** ([`shape`]): Samurai, Roxdoku cubes, Mathdoku and any board a KSudoku file
//!   describes. They have no rows, columns and boxes to lean on: a random solution is the
//!   engine's first cover of the shape's own matrix, and uniqueness a count to two over it; the
//!   rater reads the shape's units and cages as it reads a square board's. Killer and Mathdoku
//!   cages are cut from the solution until they make it unique, so their cages decide their
//!   grade. With no grade asked, a shape's puzzle is simply unique.
//!
//! The request is the one door, and [`generate`] picks the way by the board. The classic and
//! variant generators' entry points are this module's own; the shapes' stays public for its
//! tests, which check it against a brute force.

pub mod classic;
mod outcome;
mod request;
pub mod shape;
pub mod variant;

pub use classic::Symmetry;
pub use outcome::{GenerateError, Generated};
pub use request::{Request, generate};
