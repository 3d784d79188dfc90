//! `generate --shape`: puzzles on a named shape (a Samurai, a Roxdoku cube, a Mathdoku, ...) or
//! on the board of a KSudoku shape file, made by the generator
//! ([`generate`](crate::sudoku::generate), which hands them to
//! [`generate/shape`](crate::sudoku::generate::shape)).
//!
//! The shape is named as `solve --shape` names it ([`board_named`]). Puzzle `i` of a batch comes
//! from its own seed, the first number of stream `i` of `--seed`'s ChaCha8 generator, as the
//! classic and variant puzzles take stream `i`: the same seed, options and index give the same
//! puzzle, whatever the number of threads. They are written in the shape TOML form (one puzzle's
//! keys, or a `[[puzzle]]` table each for several), which every command and the window read
//! back, or as one KSudoku saved game, puzzle and solution, with `--format ksudoku`.
//!
//! Every grade is made on every shape (the rater reads a shape's units and cages). What the
//! generator cannot make is refused before anything is made, with the reason and exit code 2:
//! a mirror, a format other than toml and ksudoku, a board KSudoku cannot play with ksudoku.

use std::io;
use std::sync::Arc;

use crate::game::counted;
use crate::output::note;
use crate::sudoku::board::kind::Cages;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::files::formats;
use crate::sudoku::generate::{Request, generate as make};
use crate::sudoku::{BoardKind, Format, Grid, Symmetry};

use super::args::{GenerateArgs, GenerateFormat, SymmetryArg};
use super::batches::{in_batches, pool_of, seed_of};
use super::exit::EXIT_BAD_INPUT;
use super::ksudoku::{Named, board_named};

/// `generate --shape NAME|FILE.xml`: see the module docs.
pub(super) fn generate(args: &GenerateArgs, name: &str) -> io::Result<u8> {
    let refuse = |why: String| -> io::Result<u8> {
        note(format_args!("sudoku-dlx: generate --shape {name}: {why}"));
        Ok(EXIT_BAD_INPUT)
    };
    let format = match args.format {
        GenerateFormat::Toml => Format::Toml,
        GenerateFormat::Ksudoku => Format::Ksudoku,
        other @ (GenerateFormat::Jigsaw | GenerateFormat::Sumocue) => {
            let word = if other == GenerateFormat::Jigsaw {
                "jigsaw"
            } else {
                "sumocue"
            };
            return refuse(format!(
                "--format {word} is for --variant; a puzzle on a shape is written as toml or \
                 ksudoku"
            ));
        }
    };
    let symmetry = match args.symmetry {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Rotational => Symmetry::Rotational,
        SymmetryArg::Mirror => {
            return refuse(
                "a shape's givens are symmetric under a half turn of its layout (--symmetry \
                 rotational) or not at all (none); not mirrored"
                    .into(),
            );
        }
    };
    let shape = match board_named(name, args.order.map(usize::from))? {
        Ok(game) => game.shape,
        Err(Named::BadFile(why) | Named::BadName(why)) => return refuse(why),
    };
    let shape = Arc::new(shape);
    let board = BoardKind::Shape {
        shape: Arc::clone(&shape),
        cages: Cages::ByName,
    };
    let request = Request {
        symmetry,
        ..Request::new(board, args.grade)
    };
    let empty = Grid::on_shape(shape, None).map_err(io::Error::other)?;
    if format == Format::Ksudoku
        && let Err(why) = format.holds(&empty)
    {
        return refuse(why);
    }
    let seed = seed_of(args);
    let pool = pool_of(args)?;
    let many = args.count > 1;
    let grade = args
        .grade
        .map_or_else(|| "unique".to_string(), |g| g.to_string());
    in_batches(
        args,
        &pool,
        || (),
        |(), index, took| {
            let made = make(&request, seed, index, None).map_err(|e| e.to_string())?;
            let (puzzle, solution) = (&made.puzzle, &made.solution);
            let board = puzzle
                .shape()
                .ok_or_else(|| "the puzzle came without its shape".to_string())?;
            let cages = board.cages().len() + board.math_cages().len();
            let text = if format == Format::Toml {
                let header = if many { "[[puzzle]]\n" } else { "" };
                let title = format!("{} {}, {grade}", board.name(), index + 1);
                let body = formats::write(puzzle, None, Format::Toml);
                let gap = if many { "\n" } else { "" };
                format!("{header}title = \"{title}\"\n{body}{gap}")
            } else {
                formats::write(puzzle, Some(solution), Format::Ksudoku)
            };
            let stats = format!(
                "{}, {}, {}, {} attempt(s), {} nodes, {:.1} ms",
                describe(board),
                counted(puzzle.filled(), "given", "givens"),
                counted(cages, "cage", "cages"),
                made.attempts,
                made.nodes,
                took().as_secs_f64() * 1e3
            );
            Ok((text, stats))
        },
    )
}

/// A shape as `--stats` names it: its name and order.
fn describe(shape: &Shape) -> String {
    format!("{} (order {})", shape.name(), shape.symbols())
}
