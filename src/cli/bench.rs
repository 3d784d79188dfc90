//! `bench`: the solver timed over puzzle files, one puzzle after another on one thread.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use crate::config::Config;
use crate::sudoku::Grid;

use super::args::BenchArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED};
use super::input::open_input;

/// `bench`: per file, parses every puzzle first, then times counting up to 2 solutions of each,
/// one after another on this thread.
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
        let mut input = match open_input(Some(path)) {
            Ok(input) => input,
            Err(e) => {
                out.flush()?;
                crate::output::note(format_args!("sudoku-dlx: {e}"));
                worst = EXIT_BAD_INPUT;
                continue;
            }
        };
        let mut puzzles = Vec::new();
        let mut text = String::new();
        let mut line_no = 0;
        while input.read_line(&mut text)? > 0 {
            line_no += 1;
            let t = text.trim();
            if !t.is_empty() && !t.starts_with('#') {
                match Grid::parse_line(t, Some(&config.notation)) {
                    Ok(g) => puzzles.push(g),
                    Err(e) => {
                        crate::output::note(format_args!(
                            "{}: {}",
                            path.display(),
                            e.starting_at(line_no)
                        ));
                        worst = EXIT_BAD_INPUT;
                    }
                }
            }
            text.clear();
            if args.max.is_some_and(|m| puzzles.len() as u64 >= m) {
                break;
            }
        }
        let mut solver = args.solver.solver();
        let mut micros = Vec::with_capacity(puzzles.len());
        let (mut unique, mut multi, mut none, mut nodes) = (0u64, 0u64, 0u64, 0u64);
        let all = Instant::now();
        for grid in &puzzles {
            let start = Instant::now();
            let report = solver.count(grid, 2, None);
            micros.push(start.elapsed().as_secs_f64() * 1e6);
            match report {
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
        if none > 0 {
            // As solve and rate say: some puzzle has no solution.
            worst = worst.max(EXIT_UNSOLVED);
        }
        micros.sort_by(f64::total_cmp);
        let pick = |q: f64| {
            micros
                .get(((micros.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let n = puzzles.len().max(1) as f64;
        let rate = puzzles.len() as f64 / secs.max(1e-9);
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        writeln!(
            out,
            "{:<36} {:>8} {:>7} {:>6} {:>5} {:>12.*} {:>10.4} {:>10.1} {:>10.1} {:>12.1}",
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
            nodes as f64 / n
        )?;
    }
    Ok(worst)
}
