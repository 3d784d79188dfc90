//! The `sudoku-dlx` binary: a thin shell over the library: the window, or the command line.

use std::process::ExitCode;

use clap::Parser;
use sudoku_dlx::app;
use sudoku_dlx::cli::{self, Cli, EXIT_BAD_INPUT};
use sudoku_dlx::config::Config;

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let args = match Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return usage_or_help(&e),
    };
    // A word that is neither a subcommand nor a file: a usage error, not a window that cannot
    // open it.
    if let (None, Some(puzzle)) = (&args.command, &args.puzzle)
        && puzzle.as_os_str() != "-"
        && !puzzle.exists()
    {
        sudoku_dlx::output::note(format_args!(
            "sudoku-dlx: '{}' is neither a subcommand nor a puzzle file. The subcommands are \
             solve, bench, generate, rate, matrix, xc and compare; with a puzzle file, or nothing, the window opens \
             (sudoku-dlx --help)",
            puzzle.display()
        ));
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    let (config, problem) = match Config::load(args.config.as_deref()) {
        Ok(config) => (config, None),
        // The command line stops at a bad config; the window opens on the defaults and shows
        // the error where someone who started it from a desktop sees it.
        Err(e) if args.command.is_none() => {
            sudoku_dlx::output::note(format_args!("sudoku-dlx: {e}"));
            (Config::default(), Some(e.to_string()))
        }
        Err(e) => {
            sudoku_dlx::output::note(format_args!("sudoku-dlx: {e}"));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    match &args.command {
        Some(command) => cli::run(command, &config),
        None => match app::run(
            config,
            problem,
            args.puzzle.as_deref(),
            args.frame_stats.then_some(started),
        ) {
            // After SIGTERM, SIGHUP or SIGINT (the game saved), as a shell reports it.
            Ok(()) => match app::lifeboat::current().and_then(|b| b.signal()) {
                Some(signal) => ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)),
                None => ExitCode::SUCCESS,
            },
            Err(e) => {
                let no_display = std::env::var_os("DISPLAY").is_none()
                    && std::env::var_os("WAYLAND_DISPLAY").is_none();
                if no_display && cfg!(all(unix, not(target_os = "macos"))) {
                    sudoku_dlx::output::note(format_args!(
                        "sudoku-dlx: there is no display to open the window on (neither DISPLAY \
                         nor WAYLAND_DISPLAY is set). The command line works without one: \
                         sudoku-dlx --help"
                    ));
                } else {
                    sudoku_dlx::output::note(format_args!(
                        "sudoku-dlx: the window could not open: {}.",
                        plain_reason(&e.to_string())
                    ));
                }
                ExitCode::FAILURE
            }
        },
    }
}

/// Prints what clap has to say instead of running (the help, the version, a usage error) and
/// gives its exit code, or, when it cannot be written (`--help > /dev/full`), says so on
/// standard error and exits 2, as any other command whose output fails does. A closed pipe
/// (`--help | head -1`) is no failure.
fn usage_or_help(e: &clap::Error) -> ExitCode {
    use std::io::Write;
    let printed = e.print().and_then(|()| std::io::stdout().flush());
    match printed {
        Err(why) if why.kind() != std::io::ErrorKind::BrokenPipe && !e.use_stderr() => {
            sudoku_dlx::output::note(format_args!("sudoku-dlx: cannot write the help: {why}"));
            ExitCode::from(EXIT_BAD_INPUT)
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(EXIT_BAD_INPUT)),
    }
}

/// The reason in a windowing library's error, without the source file and line it came from
/// ("winit EventLoopError: os error at /…/mod.rs:788: Failed to open connection to X server"
/// gives "Failed to open connection to X server").
fn plain_reason(error: &str) -> &str {
    match error.find(".rs:") {
        Some(at) => {
            let rest = &error[at + 4..];
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            rest.strip_prefix(':').unwrap_or(rest).trim()
        }
        None => error.trim(),
    }
}
