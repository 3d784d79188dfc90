//! `bench`: the solver timed over puzzle files, one puzzle after another on one thread.

use std::io::{self, Write};
use std::time::Instant;

use crate::config::Config;
use crate::sudoku::{Report, SolveError};

use super::args::BenchArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED, worse};
use super::input::Input;
use super::progress::Progress;

/// `bench`: per file, parses every puzzle first, then times counting up to 2 solutions of each,
/// one after another on this thread. Nodes a puzzle are over the puzzles decided: `-` when
/// every one was given up on after `--timeout`.
pub(super) fn bench(args: &BenchArgs, config: &Config) -> io::Result<u8> {
    let mut worst = EXIT_OK;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "{:<36} {:>8} {:>7} {:>6} {:>5} {:>12} {:>10} {:>10} {:>10} {:>12}",
        "file",
        "puzzles",
        "unique",
        "multi",
        "none",
        "puzzles/s",
        "secs",
        "median_us",
        "p99_us",
        "nodes/puzzle"
    )?;
    for path in &args.files {
        // A file that cannot be opened is reported and the next one timed.
        let mut input = match Input::open(Some(path), &config.notation) {
            Ok(input) => input,
            Err(e) => {
                out.flush()?;
                crate::output::note(format_args!("sudoku-dlx: {e}"));
                worst = worse(worst, EXIT_BAD_INPUT);
                continue;
            }
        };
        let mut puzzles = Vec::new();
        while args.max.is_none_or(|m| (puzzles.len() as u64) < m) {
            let Some(piece) = input.next_piece()? else {
                break;
            };
            let bad = match piece.grid(&config.notation) {
                Ok(grid) => {
                    puzzles.push(grid.into_owned());
                    continue;
                }
                Err(why) => why,
            };
            crate::output::note(format_args!("{}: {bad}", input.name()));
            worst = worse(worst, EXIT_BAD_INPUT);
        }
        let mut solver = args.solver.solver();
        solver.set_time_limit(args.timeout);
        let mut gave_up_on = 0u64;
        let mut micros = Vec::with_capacity(puzzles.len());
        let (mut unique, mut multi, mut none, mut nodes) = (0u64, 0u64, 0u64, 0u64);
        // (on a terminal only, from its own thread: one atomic add a puzzle here)
        let progress = Progress::start("puzzles timed");
        let all = Instant::now();
        // Each puzzle's time runs from the end of the one before: one clock read a puzzle.
        let mut lap = all;
        for grid in &puzzles {
            progress.add(1);
            let report = solver.count(grid, 2, None);
            let now = Instant::now();
            micros.push((now - lap).as_secs_f64() * 1e6);
            lap = now;
            match report {
                // A board the solver takes no search of decides nothing, as a timeout.
                Ok(Report {
                    cancelled: true, ..
                })
                | Err(SolveError::Unsearchable(_)) => gave_up_on += 1,
                Ok(r) => {
                    nodes += r.work.nodes();
                    match r.solutions {
                        0 => none += 1,
                        1 => unique += 1,
                        _ => multi += 1,
                    }
                }
                Err(_) => none += 1,
            }
        }
        let secs = all.elapsed().as_secs_f64();
        drop(progress);
        if none > 0 {
            // As solve and rate say: some puzzle has no solution.
            worst = worse(worst, EXIT_UNSOLVED);
        }
        if gave_up_on > 0 {
            out.flush()?;
            crate::output::note(format_args!(
                "{}: gave up on {gave_up_on} puzzle(s) after {:.2} s each (--timeout); they are \
                 not among unique, multi and none",
                path.display(),
                args.timeout.unwrap_or_default().as_secs_f64()
            ));
            worst = worse(worst, EXIT_GAVE_UP);
        }
        micros.sort_by(f64::total_cmp);
        let pick = |q: f64| {
            micros
                .get(((micros.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        // Nodes are known for the puzzles decided; one given up on after --timeout has none.
        let decided = puzzles.len() as u64 - gave_up_on;
        let per_puzzle = if decided == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", nodes as f64 / decided as f64)
        };
        let rate = puzzles.len() as f64 / secs.max(1e-9);
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        writeln!(
            out,
            "{:<36} {:>8} {:>7} {:>6} {:>5} {:>12.*} {:>10.4} {:>10.1} {:>10.1} {:>12}",
            name,
            puzzles.len(),
            unique,
            multi,
            none,
            usize::from(rate < 100.0),
            rate,
            secs,
            pick(0.5),
            pick(0.99),
            per_puzzle
        )?;
    }
    Ok(worst)
}
