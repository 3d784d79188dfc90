//! `rate`: the grade of every puzzle of a file and the techniques a person needs for it, on
//! every board: square ones, their variants, and shapes (a Samurai, a Roxdoku, a Mathdoku, a
//! KSudoku game's board), whose units the techniques read as they read rows and boxes.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use crate::config::Config;
use crate::sudoku::{DlxSolver, Rater, SolveError, Solver};

use super::args::RateArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED, gave_up, worse};
use super::input::Input;
use super::progress::Progress;

/// `rate`: one line per puzzle: the grade, its difficulty on the Sudoku Explainer scale (`-`
/// when logic does not finish it), the DLX search's size and the solution count, and the
/// techniques used. The count comes first, so the uniqueness techniques (unique rectangles,
/// BUG+1) are used exactly on the puzzles found to have one solution.
pub(super) fn rate(args: &RateArgs, config: &Config) -> io::Result<u8> {
    let mut input = Input::open(args.file.as_deref(), &config.notation)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    solver.set_time_limit(args.timeout);
    let mut worst = EXIT_OK;
    let progress = Progress::start("puzzles rated");
    while let Some(piece) = input.next_piece()? {
        progress.add(1);
        let parsed = piece.grid(&config.notation);
        let line = match parsed {
            Err(why) => {
                worst = worse(worst, EXIT_BAD_INPUT);
                out.flush()?;
                progress.note(format_args!("{}: {why}", input.name()));
                format!("error: {why}")
            }
            Ok(grid) => {
                let start = Instant::now();
                let mut refused = None;
                let (solutions, nodes, gave) = match solver.count(&grid, 2, None) {
                    Ok(r) if r.cancelled => (0, 0, Some(gave_up(&r.work, start.elapsed()))),
                    Ok(r) => (r.solutions, r.work.nodes(), None),
                    Err(SolveError::Clashes(_)) => (0, 0, None),
                    Err(SolveError::Unsearchable(why)) => {
                        refused = Some(why);
                        (0, 0, None)
                    }
                };
                if let Some(why) = refused {
                    worst = worse(worst, EXIT_BAD_INPUT);
                    out.flush()?;
                    let line = piece.line;
                    progress.note(format_args!("{}: line {line}: {why}", input.name()));
                    format!("error: line {line}: {why}")
                } else if let Some(line) = gave {
                    worst = worse(worst, EXIT_GAVE_UP);
                    line
                } else if solutions == 0 {
                    worst = worse(worst, EXIT_UNSOLVED);
                    "no solution".to_string()
                } else {
                    // Unique rectangles and BUG+1 need the promise of one solution, which the
                    // count just gave (or denied).
                    rater.assume_unique(solutions == 1);
                    let rating = rater.rate(&grid);
                    let count = if solutions == 1 { "unique" } else { "multiple" };
                    // The difficulty only when logic finishes the puzzle: one that needs
                    // search has none on the scale.
                    let value = if rating.solved {
                        format!("{:.1}", rating.difficulty())
                    } else {
                        "-".to_string()
                    };
                    format!(
                        "{}\t{value}\tnodes={nodes}\t{count}\t{}",
                        rating.grade,
                        rating.describe()
                    )
                }
            }
        };
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(worst)
}
