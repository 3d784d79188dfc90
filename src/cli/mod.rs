//! The command line: batch solving and benchmarking of puzzle files. No GUI code here.
//!
//! Puzzle files hold one puzzle a line (any size the line's length allows); `#` comment lines and
//! blank lines are skipped. Output keeps the input order. Exit codes: 0 when every puzzle was
//! solved, 1 when some had no solution, 2 for bad input (a malformed line, an unreadable file, a
//! bad config).

use std::io;
use std::process::ExitCode;

use crate::config::Config;

mod args;
mod bench;
mod drill;
mod exit;
mod generate;
mod input;
mod progress;
mod rate;
mod solve;

pub use args::{
    BenchArgs, Cli, Command, GenerateArgs, MAX_THREADS, RateArgs, SaveDrillArgs, SolveArgs,
    SolverKind, SymmetryArg,
};
pub use exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED};

/// Runs a subcommand with the loaded config.
pub fn run(command: &Command, config: &Config) -> ExitCode {
    let result = match command {
        Command::Solve(args) => solve::solve(args, config),
        Command::Bench(args) => bench::bench(args, config),
        Command::Generate(args) => generate::generate(args, config),
        Command::Rate(args) => rate::rate(args, config),
        Command::SaveDrill(args) => drill::drill(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
        Err(e) => {
            crate::output::note(format_args!("sudoku-dlx: {e}"));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
