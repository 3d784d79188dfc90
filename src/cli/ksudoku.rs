//! `solve` on a board that is no grid: a KSudoku saved game or shape file given as FILE, or an
//! empty board named by `--shape` (a shape's name, or a KSudoku shape file).
//!
//! Such a board may have holes and more than one grid (a Samurai), or be a cube (a Roxdoku), so
//! it is no [`Grid`](crate::sudoku::Grid) and does not go through the line-by-line reader: it is
//! read whole (KSudoku files are recognised by content, their root element), searched with the
//! general exact-cover search ([`search_shape`]) within `--timeout`, and printed as one line, the
//! way KSudoku writes a solution (a character per KSudoku cell, `.` for a hole; see
//! [`solution_line`]), or with `--count` as the number of solutions up to `--limit`. The messages
//! and exit codes are those of every other `solve`: bad input names the file and the line and
//! exits 2, no solution exits 1, giving up exits 3.

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::time::Instant;

use crate::output::note;
use crate::sudoku::Work;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::cover::general::{BoardError, Budget, search_shape};
use crate::sudoku::files::formats::read_bounded;
use crate::sudoku::files::ksudoku::{self, KsudokuGame, MAX_BYTES, solution_line};

use super::args::{SolveArgs, SolverKind};
use super::exit::{EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVED, gave_up};

/// How much of a file is looked at to tell whether it is KSudoku's.
const PEEK_BYTES: u64 = 8 << 10;

/// Solves the board of `--shape` or of a KSudoku FILE and returns the exit code; `None` when
/// the input is neither (the usual `solve` then reads it).
pub(super) fn try_solve(args: &SolveArgs) -> io::Result<Option<u8>> {
    let order = args.order.map(usize::from);
    let (name, game) = if let Some(shape) = &args.shape {
        match board_named(shape, order)? {
            Ok(game) => (shape.clone(), KsudokuGame::empty(game.shape)),
            Err(Named::BadFile(why)) => {
                report_bad(shape, &why)?;
                return Ok(Some(EXIT_BAD_INPUT));
            }
            Err(Named::BadName(why)) => {
                note(format_args!("sudoku-dlx: --shape {shape}: {why}"));
                return Ok(Some(EXIT_BAD_INPUT));
            }
        }
    } else {
        let path = args.file.as_deref().filter(|p| p.as_os_str() != "-");
        match path {
            Some(p) if is_ksudoku_file(p) => {
                let Some(game) = read_file(p, order)? else {
                    return Ok(Some(EXIT_BAD_INPUT));
                };
                (p.display().to_string(), game)
            }
            _ => {
                if order.is_some() {
                    note("sudoku-dlx: --order is for --shape and KSudoku files");
                    return Ok(Some(EXIT_BAD_INPUT));
                }
                return Ok(None);
            }
        }
    };
    solve_board(args, &name, &game).map(Some)
}

/// Why `--shape` names no board.
pub(super) enum Named {
    /// The KSudoku file is no board (where and what).
    BadFile(String),
    /// No shape has the name, or not of the order asked for.
    BadName(String),
}

/// The board `--shape` names, as `solve` and `generate` read it: a KSudoku file (a path ending
/// in .xml or holding a /; a shape file, or a saved game with its givens) or a shape's name
/// ([`Shape::named`]), of `order` where it comes in several. A file that cannot be read is an
/// error naming it.
pub(super) fn board_named(
    shape: &str,
    order: Option<usize>,
) -> io::Result<Result<KsudokuGame, Named>> {
    let is_file = shape.to_ascii_lowercase().ends_with(".xml") || shape.contains(['/', '\\']);
    if is_file {
        Ok(read_or_why(Path::new(shape), order)?.map_err(Named::BadFile))
    } else {
        Ok(Shape::named(shape, order)
            .map(KsudokuGame::empty)
            .map_err(Named::BadName))
    }
}

/// True if `path` is a regular file whose content starts as a KSudoku file does.
fn is_ksudoku_file(path: &Path) -> bool {
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(PEEK_BYTES).read_to_end(&mut head));
    read.is_ok() && ksudoku::is_ksudoku(&String::from_utf8_lossy(&head))
}

/// Reads a KSudoku file whole; a file that is no KSudoku board is reported (`None`), one that
/// cannot be read is an error naming it.
fn read_file(path: &Path, order: Option<usize>) -> io::Result<Option<KsudokuGame>> {
    match read_or_why(path, order)? {
        Ok(game) => Ok(Some(game)),
        Err(why) => {
            report_bad(&path.display().to_string(), &why)?;
            Ok(None)
        }
    }
}

/// Reads a KSudoku file whole: its game, or why it is no KSudoku board (where and what); a file
/// that cannot be read is an error naming it.
fn read_or_why(path: &Path, order: Option<usize>) -> io::Result<Result<KsudokuGame, String>> {
    let name = path.display().to_string();
    let bytes = read_bounded(path, MAX_BYTES as u64)
        .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let bytes = e.as_bytes();
            let (line, column, byte) =
                crate::sudoku::files::formats::bad_utf8(bytes, &e.utf8_error());
            return Ok(Err(format!(
                "line {line}, column {column}: not UTF-8 text (byte 0x{byte:02X})"
            )));
        }
    };
    Ok(ksudoku::read(&text, order).map_err(|e| e.to_string()))
}

/// Bad input, as `solve` reports it: `error: …` on standard output, the file and what on
/// standard error.
fn report_bad(name: &str, why: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "error: {why}")?;
    out.flush()?;
    note(format_args!("{name}: {why}"));
    Ok(())
}

/// Searches the game's board from its givens and prints the one line.
fn solve_board(args: &SolveArgs, name: &str, game: &KsudokuGame) -> io::Result<u8> {
    if args.solver == SolverKind::Naive {
        note(format_args!(
            "{name}: the naive solver plays square grids; this board is searched with dlx or \
             dlx-plain"
        ));
        return Ok(EXIT_BAD_INPUT);
    }
    let shape = &game.shape;
    let budget = Budget {
        time_limit: args.timeout,
        plain: args.solver == SolverKind::DlxPlain,
        ..Budget::default()
    };
    let limit = if args.count { args.limit } else { 1 };
    let start = Instant::now();
    let result = search_shape(shape, &game.givens, limit, &budget);
    let micros = start.elapsed().as_secs_f64() * 1e6;
    let mut out = BufWriter::new(io::stdout().lock());
    let unsolved = if args.count { "0" } else { "no solution" };
    let code = match result {
        Err(BoardError::Clash(c)) => {
            writeln!(out, "{unsolved}")?;
            out.flush()?;
            let unit = shape.unit_name(c.unit).map_or_else(
                || format!("cage {}", c.unit.saturating_sub(shape.unit_count()) + 1),
                |u| u.to_string(),
            );
            note(format_args!(
                "{name}: no solution: {} and {} both hold {} in {unit}",
                shape.cell_name(c.first),
                shape.cell_name(c.second),
                c.value
            ));
            EXIT_UNSOLVED
        }
        Err(e) => {
            drop(out);
            report_bad(name, &e.to_string())?;
            return Ok(EXIT_BAD_INPUT);
        }
        Ok(report) if report.gave_up => {
            let line = gave_up(&Work::Dlx(report.stats), start.elapsed());
            writeln!(out, "{line}")?;
            out.flush()?;
            note(format_args!("{name}: {line}"));
            EXIT_GAVE_UP
        }
        Ok(report) => {
            match (&report.first, args.count) {
                (_, true) => writeln!(out, "{}", report.solutions)?,
                (Some(first), false) => writeln!(out, "{}", solution_line(shape, first))?,
                (None, false) => writeln!(out, "{unsolved}")?,
            }
            out.flush()?;
            if args.stats {
                note(format_args!(
                    "{name}: {} time={micros:.1}us",
                    Work::Dlx(report.stats)
                ));
            }
            if report.solutions > 0 {
                EXIT_OK
            } else {
                EXIT_UNSOLVED
            }
        }
    };
    Ok(code)
}
