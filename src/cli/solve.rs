//! `solve`: every puzzle of a file solved (or its solutions counted), in parallel, in order.

use std::io::{self, BufRead, BufWriter, Write};
use std::time::Instant;

use rayon::prelude::*;

use crate::config::Config;
use crate::sudoku::{Grid, Notation, Report, Solver};

use super::args::SolveArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED};
use super::input::{CHUNK_LINES, open_input};

/// What became of one puzzle line.
enum Outcome {
    Solved,
    Unsolved,
    Malformed,
}

/// Solves one line; returns the stdout line, the stderr line (if any) and the outcome.
fn solve_line(
    solver: &mut dyn Solver,
    args: &SolveArgs,
    preferred: &Notation,
    line_no: usize,
    text: &str,
) -> (String, Option<String>, Outcome) {
    let grid = match Grid::parse_line(text, Some(preferred)) {
        Ok(g) => g,
        Err(e) => {
            let why = e.kind.to_string();
            let at = if e.column > 0 {
                format!(", column {}", e.column)
            } else {
                String::new()
            };
            return (
                format!("error: line {line_no}{at}: {why}"),
                None,
                Outcome::Malformed,
            );
        }
    };
    let start = Instant::now();
    let result = if args.count {
        solver.count(&grid, args.limit, None)
    } else {
        solver.solve(&grid, 1, None)
    };
    let micros = start.elapsed().as_secs_f64() * 1e6;
    match result {
        Err(clashes) => {
            let why = clashes
                .0
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
                (false, Some(solution)) => solution.to_line(),
                (false, None) => "no solution".into(),
            };
            (out, stats, outcome)
        }
    }
}

/// `solve`: streams the file in chunks; each chunk is solved in parallel and printed in order.
pub(super) fn solve(args: &SolveArgs, config: &Config) -> io::Result<u8> {
    let mut input = open_input(args.file.as_deref())?;
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
    let mut chunk: Vec<(usize, String)> = Vec::with_capacity(CHUNK_LINES);
    let mut buf = Vec::new();
    let mut line_no = 0;
    let mut serial = None;
    loop {
        chunk.clear();
        let mut eof = false;
        while chunk.len() < CHUNK_LINES {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                eof = true;
                break;
            }
            line_no += 1;
            let text = String::from_utf8_lossy(&buf);
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            chunk.push((line_no, text.to_string()));
        }
        let results: Vec<(String, Option<String>, Outcome)> = match &pool {
            None => {
                let solver = serial.get_or_insert_with(|| args.solver.solver());
                chunk
                    .iter()
                    .map(|(n, t)| solve_line(solver.as_mut(), args, &config.notation, *n, t))
                    .collect()
            }
            Some(pool) => pool.install(|| {
                chunk
                    .par_iter()
                    .map_init(
                        || args.solver.solver(),
                        |solver, (n, t)| solve_line(solver.as_mut(), args, &config.notation, *n, t),
                    )
                    .collect()
            }),
        };
        for (line, note, outcome) in results {
            writeln!(out, "{line}")?;
            if let Some(note) = note {
                out.flush()?;
                crate::output::note(format_args!("{note}"));
            }
            worst = worst.max(match outcome {
                Outcome::Solved => EXIT_OK,
                Outcome::Unsolved => EXIT_UNSOLVED,
                Outcome::Malformed => EXIT_BAD_INPUT,
            });
        }
        if eof {
            break;
        }
    }
    out.flush()?;
    Ok(worst)
}
