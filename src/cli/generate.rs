//! `generate`: new puzzles with one solution, made in parallel, the same for any thread count.

use std::io;

use crate::config::Config;
use crate::game::counted;
use crate::sudoku::files::formats;
use crate::sudoku::generate::{Request, generate as make};
use crate::sudoku::{BoardKind, Format, Grade, Notation};

use super::args::{GenerateArgs, GenerateFormat};
use super::batches::{in_batches, pool_of, seed_of};

/// `generate`: puzzle `i` of the batch comes from stream `i` of the seed, so the output is the
/// same whatever the number of threads; puzzles are made in parallel and printed in order.
/// `--shape` goes to [`generate_shape`](super::generate_shape).
pub(super) fn generate(args: &GenerateArgs, config: &Config) -> io::Result<u8> {
    if args.format == GenerateFormat::Ksudoku && args.count > 1 {
        return Err(io::Error::other(format!(
            "--format ksudoku writes one KSudoku saved game, which holds one puzzle: ask for \
             --count 1, or write {} puzzles with --format toml",
            args.count
        )));
    }
    if let Some(name) = &args.shape {
        return super::generate_shape::generate(args, name);
    }
    if args.format == GenerateFormat::Ksudoku && args.variant.is_none() {
        return Err(io::Error::other(
            "--format ksudoku is for --variant and --shape; classic puzzles are written one a line",
        ));
    }
    let grade = args.grade.unwrap_or(Grade::Medium);
    let notation = match args.box_size.or(args.side) {
        None => config.notation.clone(),
        Some(g) if g == config.notation.geometry => config.notation.clone(),
        Some(g) => Notation::default_for(g).map_err(|e| io::Error::other(e.to_string()))?,
    };
    let jigsaw = matches!(args.variant, Some(BoardKind::Variant { jigsaw: true, .. }));
    if !notation.geometry.has_boxes() && !jigsaw {
        let side = notation.geometry.side();
        return Err(io::Error::other(format!(
            "a {side}×{side} board has no boxes: --variant jigsaw makes puzzles for it"
        )));
    }
    let seed = seed_of(args);
    let pool = pool_of(args)?;
    match &args.variant {
        None => {
            let request = Request {
                symmetry: args.symmetry.into(),
                ..Request::new(BoardKind::Classic(notation), Some(grade))
            };
            in_batches(
                args,
                &pool,
                || (),
                |(), index, took| {
                    let g = make(&request, seed, index, None).map_err(|e| e.to_string())?;
                    let rating = &g.rating;
                    let stats = format!(
                        "{} givens, {}, {} attempt(s), {:.1} ms, {}",
                        g.puzzle.filled(),
                        rating.grade,
                        g.attempts,
                        took().as_secs_f64() * 1e3,
                        rating.techniques()
                    );
                    Ok((format!("{}\n", g.puzzle.to_line()), stats))
                },
            )
        }
        Some(kind) => {
            let format = match args.format {
                GenerateFormat::Toml => Format::Toml,
                GenerateFormat::Jigsaw => Format::Jigsaw,
                GenerateFormat::Sumocue => Format::SumoCue,
                GenerateFormat::Ksudoku => Format::Ksudoku,
            };
            // SumoCue's form holds no givens: its killers get none. --symmetry is for classic
            // puzzles.
            let request = Request {
                killer_givens: format != Format::SumoCue,
                ..Request::new(kind.clone().with_notation(notation), Some(grade))
            };
            in_batches(
                args,
                &pool,
                || (),
                |(), index, took| {
                    let m = make(&request, seed, index, None).map_err(|e| e.to_string())?;
                    let rating = &m.rating;
                    format.holds(&m.puzzle)?;
                    let mut text = String::new();
                    if format == Format::Toml {
                        let name = m.puzzle.variant().map_or(String::new(), |v| v.name());
                        text.push_str(&format!(
                            "[[puzzle]]\ntitle = \"{name} {}, {}\"\n",
                            index + 1,
                            rating.grade
                        ));
                    }
                    text.push_str(&formats::write(&m.puzzle, None, format));
                    if format == Format::Toml {
                        text.push('\n');
                    }
                    let stats = format!(
                        "{}, {}, {}, {} attempt(s), {} nodes, {:.1} ms, {}",
                        counted(m.puzzle.filled(), "given", "givens"),
                        counted(
                            m.puzzle.variant().map_or(0, |v| v.cages().len()),
                            "cage",
                            "cages"
                        ),
                        rating.grade,
                        m.attempts,
                        m.nodes,
                        took().as_secs_f64() * 1e3,
                        rating.techniques()
                    );
                    Ok((text, stats))
                },
            )
        }
    }
}
