//! `generate --shape`: puzzles on a named shape (a Samurai, a Roxdoku cube, a Mathdoku, ...) or
//! on the board of a KSudoku shape file, made by the shapes' generator
//! ([`generate/shape`](crate::sudoku::generate::shape)).
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

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::output::note;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::files::formats;
use crate::sudoku::generate::shape::{self as shape_generate, Options};
use crate::sudoku::{Format, Grid};

use super::args::{GenerateArgs, GenerateFormat, SymmetryArg};
use super::batches::{in_batches, pool_of, seed_of};
use super::exit::EXIT_BAD_INPUT;
use super::ksudoku::{Named, board_named};

/// The seed of puzzle `index` of a batch seeded with `seed`: the first number of stream `index`
/// of the seed's ChaCha8 generator.
fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng.next_u64()
}

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
    let symmetric = match args.symmetry {
        SymmetryArg::None => false,
        SymmetryArg::Rotational => true,
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
    let options = Options {
        symmetric,
        grade: args.grade,
        ..Options::default()
    };
    let empty = Grid::on_shape(Arc::new(shape.clone()), None).map_err(io::Error::other)?;
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
            let made = shape_generate::generate(&shape, &options, puzzle_seed(seed, index), None)
                .map_err(|e| e.to_string())?;
            let cages = made.shape.cages().len() + made.shape.math_cages().len();
            let board = Arc::new(made.shape);
            let grid = |values: Vec<u8>| {
                Grid::on_shape(Arc::clone(&board), None)
                    .ok()
                    .and_then(|g| g.with_values(values))
                    .ok_or_else(|| format!("the {} board could not hold its puzzle", board.name()))
            };
            let puzzle = grid(made.givens)?;
            let solution = grid(made.solution)?;
            let text = if format == Format::Toml {
                let header = if many { "[[puzzle]]\n" } else { "" };
                let title = format!("{} {}, {grade}", board.name(), index + 1);
                let body = formats::write(&puzzle, None, Format::Toml);
                let gap = if many { "\n" } else { "" };
                format!("{header}title = \"{title}\"\n{body}{gap}")
            } else {
                formats::write(&puzzle, Some(&solution), Format::Ksudoku)
            };
            let stats = format!(
                "{}, {} givens, {cages} cages, {} attempt(s), {} nodes, {:.1} ms",
                describe(&board),
                puzzle.filled(),
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
