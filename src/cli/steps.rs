//! `solve --steps`: the steps a person would take on each puzzle of a file, one a line, in the
//! words of the window's hints, the rater's [`Step`](crate::sudoku::logic::Step)s taken one at
//! a time; then how the puzzle ends. Puzzles are read and printed in order, one thread (a
//! person's steps are a story, told once). Each puzzle's solutions are counted first (up to
//! two, within `--timeout`), so that unique rectangles and BUG+1 are used exactly where the
//! puzzle has one solution, as in `rate` and the window.

use std::io::{self, BufWriter, Write};

use crate::config::Config;
use crate::sudoku::{DlxSolver, Grade, Rater, Solver};

use super::args::SolveArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED, worse};
use super::input::Input;

/// `solve --steps`: for each puzzle a block of numbered steps and a closing line (`solved in
/// N steps`, or `stalls with K cells left: needs search`), blocks apart by a blank line.
pub(super) fn steps(args: &SolveArgs, config: &Config) -> io::Result<u8> {
    let mut input = Input::open(args.file.as_deref(), &config.notation)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    solver.set_time_limit(args.timeout);
    let mut worst = EXIT_OK;
    let mut first = true;
    while let Some(piece) = input.next_piece()? {
        if !first {
            writeln!(out)?;
        }
        first = false;
        let grid = match piece.grid(&config.notation) {
            Ok(grid) => grid,
            Err(why) => {
                worst = worse(worst, EXIT_BAD_INPUT);
                writeln!(out, "error: {why}")?;
                continue;
            }
        };
        let unique = solver
            .count(&grid, 2, None)
            .is_ok_and(|r| !r.cancelled && r.solutions == 1);
        rater.assume_unique(unique);
        let steps = rater.steps(&grid, Grade::Expert);
        for (k, step) in steps.iter().enumerate() {
            writeln!(out, "{}. {}", k + 1, step.describe(&rater, &grid))?;
        }
        let rating = rater.rate(&grid);
        let end = if rating.contradiction {
            worst = worse(worst, EXIT_UNSOLVED);
            "no solution: the steps reach a contradiction".to_string()
        } else if rating.solved {
            format!(
                "solved in {} steps ({}: {})",
                steps.len(),
                rating.grade,
                rating.techniques()
            )
        } else {
            format!(
                "stalls with {} cells left after {} steps: needs search",
                rating.left,
                steps.len()
            )
        };
        writeln!(out, "{end}")?;
    }
    out.flush()?;
    Ok(worst)
}
