//! `rate`: the grade of every puzzle of a file and the techniques a person needs for it.

use std::io::{self, BufRead, BufWriter, Write};

use crate::config::Config;
use crate::sudoku::{DlxSolver, Grid, Rater, Solver};

use super::args::RateArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED};
use super::input::open_input;

/// `rate`: one line per puzzle: the grade, the DLX search's size and the solution count, and
/// the techniques used.
pub(super) fn rate(args: &RateArgs, config: &Config) -> io::Result<u8> {
    let mut input = open_input(args.file.as_deref())?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    let mut worst = EXIT_OK;
    let mut text = String::new();
    let mut line_no = 0;
    while input.read_line(&mut text)? > 0 {
        line_no += 1;
        let t = text.trim();
        if t.is_empty() || t.starts_with('#') {
            text.clear();
            continue;
        }
        let line = match Grid::parse_line(t, Some(&config.notation)) {
            Err(e) => {
                worst = EXIT_BAD_INPUT;
                format!("error: {}", e.starting_at(line_no))
            }
            Ok(grid) => {
                let (solutions, nodes) = match solver.count(&grid, 2, None) {
                    Ok(r) => (r.solutions, r.work.nodes()),
                    Err(_) => (0, 0),
                };
                if solutions == 0 {
                    worst = worst.max(EXIT_UNSOLVED);
                    "no solution".to_string()
                } else {
                    let rating = rater.rate(&grid);
                    let count = if solutions == 1 { "unique" } else { "multiple" };
                    format!(
                        "{}\tnodes={nodes}\t{count}\t{}",
                        rating.grade,
                        rating.describe()
                    )
                }
            }
        };
        writeln!(out, "{line}")?;
        text.clear();
    }
    out.flush()?;
    Ok(worst)
}
