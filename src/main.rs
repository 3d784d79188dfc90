//! The `sudoku-dlx` binary: a thin shell over the library's command line.

use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use sudoku_dlx::cli::{self, Cli, EXIT_BAD_INPUT};
use sudoku_dlx::config::Config;

fn main() -> ExitCode {
    let args = Cli::parse();
    let config = match Config::load(args.config.as_deref()) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("sudoku-dlx: {e}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    match &args.command {
        Some(command) => cli::run(command, &config),
        None => {
            // The window arrives with the next milestone; until then, say what there is.
            let mut help = Cli::command();
            match help.print_help() {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(EXIT_BAD_INPUT),
            }
        }
    }
}
