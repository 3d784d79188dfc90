//! The command line: batch solving, counting, benchmarking, generating and rating of puzzle
//! files. No GUI code here.
//!
//! Each subcommand is a file (`solve.rs`, `bench.rs`, `generate.rs`, `rate.rs`; boards that are
//! no grid in `ksudoku.rs` for `solve` and `generate_shape.rs` for `generate`, both kinds of
//! `generate` making their batches through `batches.rs`); they read puzzles through `input.rs`
//! (every format the window reads; one-line files streamed in flat memory, each bad line
//! reported by file, line and column and the next one read), show progress on a terminal
//! through `progress.rs`, and end with an exit code from `exit.rs`, the same for every
//! command: 0 every puzzle solved, 1 some had no solution, 3 some was given up on after
//! `--timeout`, 2 bad input, the worst of them winning. Output keeps the input order.

use std::io;
use std::process::ExitCode;

use crate::config::Config;

mod args;
mod batches;
mod bench;
mod compare;
mod drill;
mod exit;
mod generate;
mod generate_shape;
mod input;
mod ksudoku;
mod matrix;
mod print;
mod progress;
mod rate;
mod solve;
mod steps;
mod xc;

pub use args::{
    BenchArgs, Cli, Command, CompareArgs, GenerateArgs, MAX_THREADS, MatrixArgs, MatrixFormat,
    PaperArg, PrintArgs, RateArgs, SaveDrillArgs, SolveArgs, SolverKind, SymmetryArg, XcArgs,
};
pub use exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED};

/// Runs a subcommand with the loaded config.
pub fn run(command: &Command, config: &Config) -> ExitCode {
    let result = match command {
        Command::Solve(args) if args.steps => steps::steps(args, config),
        Command::Solve(args) => solve::solve(args, config),
        Command::Bench(args) => bench::bench(args, config),
        Command::Generate(args) => generate::generate(args, config),
        Command::Rate(args) => rate::rate(args, config),
        Command::Matrix(args) => matrix::matrix(args, config),
        Command::Xc(args) => xc::xc(args),
        Command::Compare(args) => compare::compare(args, config),
        Command::Print(args) => print::print(args, config),
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
