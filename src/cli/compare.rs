//! `compare`: every puzzle of a file searched by each solver (DLX with pruning, plain DLX,
//! naive backtracking), a table a puzzle, as in [`crate::sudoku::compare`].

use std::io::{self, BufWriter, Write};

use crate::config::Config;
use crate::game::format_duration;
use crate::sudoku::compare::compare as run_all;

use super::args::CompareArgs;
use super::exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED, worse};
use super::input::Input;

pub(super) fn compare(args: &CompareArgs, config: &Config) -> io::Result<u8> {
    let mut input = Input::open(args.file.as_deref(), &config.notation)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = EXIT_OK;
    let mut done = 0u64;
    while args.max.is_none_or(|max| done < max) {
        let Some(piece) = input.next_piece()? else {
            break;
        };
        done += 1;
        let grid = match piece.grid(&config.notation) {
            Ok(grid) => grid,
            Err(why) => {
                out.flush()?;
                crate::output::note(format_args!("{}: {why}", input.name()));
                worst = worse(worst, EXIT_BAD_INPUT);
                continue;
            }
        };
        let side = grid.geometry().side();
        let board = match grid.shape() {
            Some(shape) => format!(
                "{}, {} cells, {} symbols",
                shape.name(),
                grid.cell_count(),
                shape.symbols()
            ),
            None => format!("{side}×{side}"),
        };
        if done > 1 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "puzzle {done} (line {}): {board}, {} givens",
            piece.line,
            grid.filled()
        )?;
        writeln!(
            out,
            "  {:<10} {:>16} {:>11}  solutions",
            "solver", "nodes", "time"
        )?;
        for run in run_all(&grid, args.timeout) {
            if run.gave_up {
                worst = worse(worst, EXIT_GAVE_UP);
            } else if run.solutions.unwrap_or(0) == 0 {
                worst = worse(worst, EXIT_UNSOLVED);
            }
            writeln!(
                out,
                "  {:<10} {:>16} {:>11}  {}",
                run.solver,
                format!("{} {}", run.nodes, run.unit),
                format_duration(run.time),
                run.verdict()
            )?;
        }
        out.flush()?;
    }
    Ok(worst)
}
