//! `print`: the puzzles of a file as a PDF to print, one to six a page, each drawn from its board
//! (every size, shape and variant), with its solutions after them if asked
//! ([`print`](crate::print) lays them out).
//!
//! Each puzzle is titled with its file's title for it, or the file's name and its number. A
//! solution comes from the file where it gives one (CSV), else from the solver; a puzzle with no
//! single solution gets none, and says so on standard error. At most [`MOST`] puzzles are
//! printed: a bigger file is cut there, with a note.

use std::io::{self, Write};

use crate::config::Config;
use crate::output::note;
use crate::print::{Layout, Paper, Sheet, pdf};
use crate::sudoku::files::formats;

use super::args::{PaperArg, PrintArgs};
use super::exit::{EXIT_BAD_INPUT, EXIT_OK};

/// The most puzzles one PDF takes: a thousand pages at one a page.
pub const MOST: usize = 1000;

/// `print FILE -o OUT.pdf`: see the module docs.
pub(super) fn print(args: &PrintArgs, config: &Config) -> io::Result<u8> {
    let (_, entries) = match formats::read_path(&args.file, Some(&config.notation)) {
        Ok(read) => read,
        Err(e) => {
            note(format_args!("sudoku-dlx: {e}"));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    if entries.len() > MOST {
        note(format_args!(
            "sudoku-dlx: {} holds {} puzzles; printing the first {MOST}",
            args.file.display(),
            entries.len()
        ));
    }
    let name = args.file.file_name().map_or_else(
        || "puzzle".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let count = entries.len().min(MOST);
    let sheets: Vec<Sheet> = entries
        .into_iter()
        .take(MOST)
        .enumerate()
        .map(|(k, entry)| {
            let title = entry
                .title
                .clone()
                .unwrap_or_else(|| format!("{name}, {} of {count}", k + 1));
            let solution = if args.solutions {
                let found = entry.solution.clone().or_else(|| entry.puzzle.solution());
                if found.is_none() {
                    note(format_args!(
                        "sudoku-dlx: {}: line {}: no single solution to print",
                        args.file.display(),
                        entry.line
                    ));
                }
                found
            } else {
                None
            };
            Sheet {
                title,
                puzzle: entry.puzzle,
                solution,
            }
        })
        .collect();
    let layout = Layout {
        per_page: usize::from(args.per_page),
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        solutions: args.solutions,
    };
    let bytes = pdf::write(&sheets, &layout);
    if args.output.as_os_str() == "-" {
        io::stdout().lock().write_all(&bytes)?;
    } else {
        std::fs::write(&args.output, &bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", args.output.display())))?;
    }
    Ok(EXIT_OK)
}
