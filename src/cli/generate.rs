//! `generate`: new puzzles with one solution, made in parallel, the same for any thread count.

use std::io;

use crate::config::Config;
use crate::game::counted;
use crate::sudoku::files::formats;
use crate::sudoku::generate::{Request, generate as make};
use crate::sudoku::{BoardKind, Format, Grade, Notation, Symmetry};

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
    // What to make, checked before the seed is printed or a puzzle begun: options that do not
    // go together are bad input (exit 2), named here.
    let format = match args.format {
        GenerateFormat::Toml => Format::Toml,
        GenerateFormat::Jigsaw => Format::Jigsaw,
        GenerateFormat::Sumocue => Format::SumoCue,
        GenerateFormat::Ksudoku => Format::Ksudoku,
    };
    let request = match &args.variant {
        None => Request {
            symmetry: args.symmetry.into(),
            ..Request::new(BoardKind::Classic(notation), Some(grade))
        },
        // SumoCue's form holds no givens: its killers get none.
        Some(kind) => Request {
            symmetry: args.symmetry.into(),
            killer_givens: format != Format::SumoCue,
            ..Request::new(kind.clone().with_notation(notation), Some(grade))
        },
    };
    refuse_mismatches(args, &request, format)?;
    let seed = seed_of(args);
    let pool = pool_of(args)?;
    match &args.variant {
        None => in_batches(
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
        ),
        Some(_) => in_batches(
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
        ),
    }
}

/// Refuses, naming the options, a request no puzzle can answer: rules the board cannot take
/// (`--variant hyper --box 2x3`), symmetry with `--variant`, a grade a small board never
/// reaches, a `--format` that cannot hold the variant (`--variant jigsaw --format sumocue`).
fn refuse_mismatches(args: &GenerateArgs, request: &Request, format: Format) -> io::Result<()> {
    // The options that made the request, as they were written.
    let mut named = Vec::new();
    if let BoardKind::Variant {
        x,
        hyper,
        jigsaw,
        killer,
        ..
    } = request.board
    {
        let words = [
            (x, "x"),
            (hyper, "hyper"),
            (jigsaw, "jigsaw"),
            (killer, "killer"),
        ];
        let words: Vec<&str> = words.iter().filter(|w| w.0).map(|w| w.1).collect();
        named.push(format!("--variant {}", words.join("+")));
    }
    match (args.box_size, args.side) {
        (Some(g), _) => named.push(format!("--box {}x{}", g.box_rows(), g.box_cols())),
        (None, Some(g)) => named.push(format!("--side {}", g.side())),
        (None, None) => {}
    }
    let variant = named.first().filter(|_| args.variant.is_some()).cloned();
    let fail = |what: String| Err(io::Error::other(what));
    if let Some(variant) = variant
        .as_ref()
        .filter(|_| request.symmetry != Symmetry::None)
    {
        return fail(format!(
            "--symmetry {} with {variant}: a variant's givens are taken out one cell at a time, \
             so only classic puzzles (no --variant) are made symmetric",
            request.symmetry
        ));
    }
    // The board and rules first, at the grade every board takes; then the grade asked for.
    let easy = Request {
        grade: Some(Grade::Easy),
        ..request.clone()
    };
    if let Err(e) = easy.check() {
        return fail(format!("{}: {e}", named.join(" ")));
    }
    if let Err(e) = request.check() {
        named.push(match args.grade {
            Some(g) => format!("--grade {g}"),
            None => "--grade medium (the default)".to_string(),
        });
        return fail(format!("{}: {e}", named.join(" ")));
    }
    if let (
        Some(variant),
        BoardKind::Variant {
            x,
            hyper,
            jigsaw,
            killer,
            ..
        },
    ) = (&variant, &request.board)
    {
        let (x, hyper, jigsaw, killer) = (*x, *hyper, *jigsaw, *killer);
        let why = match format {
            Format::Jigsaw if x || hyper || killer || !jigsaw => {
                Some("a jigsaw line holds givens and regions only: a plain --variant jigsaw")
            }
            Format::SumoCue if !killer || hyper || jigsaw => {
                Some("SumoCue's form holds killer and killer X puzzles only")
            }
            _ => None,
        };
        if let Some(why) = why {
            let name = match args.format {
                GenerateFormat::Jigsaw => "jigsaw",
                GenerateFormat::Sumocue => "sumocue",
                GenerateFormat::Toml => "toml",
                GenerateFormat::Ksudoku => "ksudoku",
            };
            return fail(format!(
                "{variant} --format {name}: {why}; --format toml holds any variant"
            ));
        }
    }
    Ok(())
}
