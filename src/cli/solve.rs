//! `solve`: every puzzle of a file solved (or its solutions counted), in parallel, in order;
//! KSudoku's files and `--shape` go to [`ksudoku`](super::ksudoku). A KSudoku file piped in on
//! standard input is read here, and its solution printed as that path prints it: KSudoku's line
//! ([`solution_line`]).

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use rayon::prelude::*;

use crate::config::Config;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::files::ksudoku::solution_line;
use crate::sudoku::{Format, Notation, Report, SolveError, Solver};

use super::args::SolveArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED, gave_up, worse};
use super::input::{CHUNK_LINES, Input, Piece};
use super::progress::Progress;

/// What became of one puzzle line.
enum Outcome {
    Solved,
    Unsolved,
    Malformed,
    GaveUp,
}

/// Solves one puzzle of `input` (read in `format`); returns the stdout line, the stderr line
/// (if any) and the outcome.
fn solve_piece(
    solver: &mut dyn Solver,
    args: &SolveArgs,
    preferred: &Notation,
    (input, format): (&str, Format),
    piece: &Piece,
) -> (String, Option<String>, Outcome) {
    let line_no = piece.line;
    let grid = match piece.grid(preferred) {
        Ok(grid) => grid,
        Err(why) => {
            return (
                format!("error: {why}"),
                Some(format!("{input}: {why}")),
                Outcome::Malformed,
            );
        }
    };
    let grid = grid.as_ref();
    let start = Instant::now();
    let result = if args.count {
        solver.count(grid, args.limit, None)
    } else {
        solver.solve(grid, 1, None)
    };
    let micros = start.elapsed().as_secs_f64() * 1e6;
    match result {
        Err(SolveError::Unsearchable(why)) => (
            format!("error: line {line_no}: {why}"),
            Some(format!("{input}: line {line_no}: {why}")),
            Outcome::Malformed,
        ),
        Err(SolveError::Clashes(clashes)) => {
            let why = clashes
                .first()
                .map(|c| grid.describe(c))
                .unwrap_or_default();
            let out = if args.count {
                "0".into()
            } else {
                "no solution".into()
            };
            (
                out,
                Some(format!("line {line_no}: no solution: {why}")),
                Outcome::Unsolved,
            )
        }
        Ok(Report {
            cancelled: true,
            work,
            ..
        }) => {
            let line = gave_up(&work, start.elapsed());
            let note = format!("line {line_no}: {line}");
            (line, Some(note), Outcome::GaveUp)
        }
        Ok(Report {
            solutions,
            first,
            work,
            ..
        }) => {
            let stats = args
                .stats
                .then(|| format!("line {line_no}: {work} time={micros:.1}us"));
            let outcome = if solutions > 0 {
                Outcome::Solved
            } else {
                Outcome::Unsolved
            };
            let out = match (args.count, first) {
                (true, _) => solutions.to_string(),
                (false, Some(solution)) if format == Format::Ksudoku => {
                    solution_line(&Shape::of_grid(&solution), solution.values())
                }
                (false, Some(solution)) => solution.to_line(),
                (false, None) => "no solution".into(),
            };
            (out, stats, outcome)
        }
    }
}

/// `solve`: streams the file in chunks; each chunk is solved in parallel and printed in order.
pub(super) fn solve(args: &SolveArgs, config: &Config) -> io::Result<u8> {
    // A board that is no grid (`--shape`, a KSudoku file) has its own path.
    if let Some(code) = super::ksudoku::try_solve(args)? {
        return Ok(code);
    }
    let mut input = Input::open(args.file.as_deref(), &config.notation)?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let pool = if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|k| format!("solve-{k}"))
            .build()
            .map_err(io::Error::other)?;
        Some(pool)
    } else {
        None
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut worst = EXIT_OK;
    let progress = Progress::start("puzzles");
    let mut chunk: Vec<Piece> = Vec::with_capacity(CHUNK_LINES);
    let mut serial = None;
    loop {
        chunk.clear();
        let mut eof = false;
        while chunk.len() < CHUNK_LINES {
            match input.next_piece()? {
                Some(piece) => chunk.push(piece),
                None => {
                    eof = true;
                    break;
                }
            }
        }
        let name = (input.name(), input.format());
        let results: Vec<(String, Option<String>, Outcome)> = match &pool {
            None => {
                let solver = serial.get_or_insert_with(|| {
                    let mut solver = args.solver.solver();
                    solver.set_time_limit(args.timeout);
                    solver
                });
                chunk
                    .iter()
                    .map(|p| {
                        let done = solve_piece(solver.as_mut(), args, &config.notation, name, p);
                        progress.add(1);
                        done
                    })
                    .collect()
            }
            Some(pool) => pool.install(|| {
                chunk
                    .par_iter()
                    .map_init(
                        || {
                            let mut solver = args.solver.solver();
                            solver.set_time_limit(args.timeout);
                            solver
                        },
                        |solver, p| {
                            let done =
                                solve_piece(solver.as_mut(), args, &config.notation, name, p);
                            progress.add(1);
                            done
                        },
                    )
                    .collect()
            }),
        };
        for (line, note, outcome) in results {
            writeln!(out, "{line}")?;
            if let Some(note) = note {
                out.flush()?;
                progress.note(note);
            }
            worst = worse(
                worst,
                match outcome {
                    Outcome::Solved => EXIT_OK,
                    Outcome::Unsolved => EXIT_UNSOLVED,
                    Outcome::Malformed => EXIT_BAD_INPUT,
                    Outcome::GaveUp => EXIT_GAVE_UP,
                },
            );
        }
        if eof {
            break;
        }
    }
    out.flush()?;
    Ok(worst)
}
