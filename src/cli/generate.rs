//! `generate`: new puzzles with one solution, made in parallel, the same for any thread count.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use rayon::prelude::*;

use crate::config::Config;
use crate::sudoku::variant_generate::{self, Kind};
use crate::sudoku::{Format, Generator, Notation, formats};

use super::args::{GenerateArgs, VariantFormat};
use super::exit::{EXIT_OK, EXIT_UNSOLVED};
use super::progress::Progress;

/// `generate`: puzzle `i` of the batch comes from stream `i` of the seed, so the output is the
/// same whatever the number of threads; puzzles are made in parallel and printed in order.
pub(super) fn generate(args: &GenerateArgs, config: &Config) -> io::Result<u8> {
    let notation = match args.box_size {
        None => config.notation.clone(),
        Some(g) if g == config.notation.geometry => config.notation.clone(),
        Some(g) => Notation::default_for(g).map_err(|e| io::Error::other(e.to_string()))?,
    };
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        crate::output::note(format_args!(
            "sudoku-dlx: seed {now} (pass --seed {now} to make these puzzles again)"
        ));
        now
    });
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|k| format!("generate-{k}"))
        .build()
        .map_err(io::Error::other)?;
    if let Some(kind) = args.variant {
        return generate_variants(args, kind, &notation, seed, &pool);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = EXIT_OK;
    // In chunks, so the first puzzles show while the rest are made.
    let chunk = (threads as u64 * 4).max(1);
    let progress = Progress::start("puzzles made");
    let mut start = 0;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let made: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || Generator::new(notation.clone(), args.grade, args.symmetry.into()),
                    |generator, index| {
                        let t = Instant::now();
                        let made = generator.generate(seed, index, None);
                        progress.add(1);
                        (made, t.elapsed())
                    },
                )
                .collect()
        });
        for (k, (result, took)) in made.into_iter().enumerate() {
            let index = start + k as u64;
            match result {
                Ok(g) => {
                    writeln!(out, "{}", g.puzzle.to_line())?;
                    if args.stats {
                        out.flush()?;
                        progress.note(format_args!(
                            "puzzle {}: {} givens, {}, {} attempt(s), {:.1} ms, {}",
                            index + 1,
                            g.puzzle.filled(),
                            g.rating.grade,
                            g.attempts,
                            took.as_secs_f64() * 1e3,
                            g.rating.techniques()
                        ));
                    }
                }
                Err(e) => {
                    out.flush()?;
                    progress.note(format_args!("sudoku-dlx: puzzle {}: {e}", index + 1));
                    worst = EXIT_UNSOLVED;
                }
            }
        }
        out.flush()?;
        start = end;
    }
    Ok(worst)
}

/// `generate --variant`: as [`generate`], each puzzle a TOML `[[puzzle]]` table.
fn generate_variants(
    args: &GenerateArgs,
    kind: Kind,
    notation: &Notation,
    seed: u64,
    pool: &rayon::ThreadPool,
) -> io::Result<u8> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = EXIT_OK;
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    let progress = Progress::start("puzzles made");
    let mut start = 0;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let made: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|index| {
                    let t = Instant::now();
                    let made = variant_generate::generate_with(
                        notation,
                        kind,
                        args.grade,
                        args.format != VariantFormat::Sumocue,
                        seed,
                        index,
                        None,
                    );
                    progress.add(1);
                    (made, t.elapsed())
                })
                .collect()
        });
        for (k, (result, took)) in made.into_iter().enumerate() {
            let index = start + k as u64;
            match result {
                Ok(m) => {
                    let format = match args.format {
                        VariantFormat::Toml => Format::Toml,
                        VariantFormat::Jigsaw => Format::Jigsaw,
                        VariantFormat::Sumocue => Format::SumoCue,
                    };
                    if let Err(why) = format.holds(&m.puzzle) {
                        out.flush()?;
                        progress.note(format_args!("sudoku-dlx: puzzle {}: {why}", index + 1));
                        worst = EXIT_UNSOLVED;
                        continue;
                    }
                    if format == Format::Toml {
                        let name = m.puzzle.variant().map_or(String::new(), |v| v.name());
                        writeln!(out, "[[puzzle]]")?;
                        writeln!(out, "title = \"{name} {}, {}\"", index + 1, m.rating.grade)?;
                    }
                    write!(out, "{}", formats::write(&m.puzzle, None, format))?;
                    if format == Format::Toml {
                        writeln!(out)?;
                    }
                    if args.stats {
                        out.flush()?;
                        progress.note(format_args!(
                            "puzzle {}: {} givens, {} cages, {}, {} attempt(s), {} nodes, {:.1} ms, {}",
                            index + 1,
                            m.puzzle.filled(),
                            m.puzzle.variant().map_or(0, |v| v.cages().len()),
                            m.rating.grade,
                            m.attempts,
                            m.nodes,
                            took.as_secs_f64() * 1e3,
                            m.rating.techniques()
                        ));
                    }
                }
                Err(e) => {
                    out.flush()?;
                    progress.note(format_args!("sudoku-dlx: puzzle {}: {e}", index + 1));
                    worst = EXIT_UNSOLVED;
                }
            }
        }
        out.flush()?;
        start = end;
    }
    Ok(worst)
}
