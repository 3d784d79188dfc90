//! `print`: the puzzles of a file as a PDF to print, one to six a page, each drawn from its board
//! (every size, shape and variant), with its solutions after them if asked
//! ([`print`](crate::print) lays them out); or, for an output named `.svg` or `.png`, a picture
//! of each puzzle (of its solution with `--solutions`).
//!
//! Each puzzle is titled with its file's title for it, or the file's name and its number (a
//! picture has no title). A solution comes from the file where it gives one (CSV), else from
//! the solver; a puzzle with no single solution gets none, and says so on standard error (as a
//! picture it is then not written, and the exit code is 1). At most [`MOST`] puzzles are
//! printed: a bigger file is cut there, with a note.
//!
//! A file of one puzzle makes one picture, at the name given; a file of several makes one a
//! puzzle, numbered from 1 before the extension (`out.png`: `out-1.png`, `out-2.png`, ...).
//! `--per-page` and `--paper` lay out PDF pages: with a picture they are refused, as a bad
//! command line (exit code 2).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::output::note;
use crate::print::drawing::draw;
use crate::print::{ImageFormat, Layout, Paper, Sheet, pdf};
use crate::sudoku::files::formats;

use super::args::{PaperArg, PrintArgs};
use super::exit::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED};

/// The most puzzles one PDF takes: a thousand pages at one a page.
pub const MOST: usize = 1000;

/// `print FILE -o OUT.pdf`: see the module docs.
pub(super) fn print(args: &PrintArgs, config: &Config) -> io::Result<u8> {
    let image = image_format(&args.output);
    if let Some(format) = image
        && (args.per_page.is_some() || args.paper.is_some())
    {
        note(format_args!(
            "sudoku-dlx: --per-page and --paper lay out the pages of a PDF; {} is a {} picture, \
             one a puzzle",
            args.output.display(),
            format.name()
        ));
        return Ok(EXIT_BAD_INPUT);
    }
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
    if let Some(format) = image {
        return pictures(&sheets, format, args);
    }
    let layout = Layout {
        per_page: usize::from(args.per_page.unwrap_or(1)),
        paper: match args.paper.unwrap_or(PaperArg::A4) {
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

/// The picture format `out` asks for: `.svg` or `.png` (in any case); `None` for a PDF.
fn image_format(out: &Path) -> Option<ImageFormat> {
    let ext = out.extension()?.to_str()?;
    (ext.eq_ignore_ascii_case("svg") || ext.eq_ignore_ascii_case("png"))
        .then(|| ImageFormat::of_path(out))
}

/// Where picture `k` (from 0) of `count` goes: `out` itself for one, else `out` with `-k+1`
/// before its extension.
fn numbered(out: &Path, k: usize, count: usize) -> PathBuf {
    if count == 1 {
        return out.to_path_buf();
    }
    let stem = out
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match out.extension() {
        Some(ext) => format!("{stem}-{}.{}", k + 1, ext.to_string_lossy()),
        None => format!("{stem}-{}", k + 1),
    };
    out.with_file_name(name)
}

/// Writes each sheet's puzzle (its solution with `--solutions`) as a picture in `format`.
fn pictures(sheets: &[Sheet], format: ImageFormat, args: &PrintArgs) -> io::Result<u8> {
    let mut code = EXIT_OK;
    for (k, sheet) in sheets.iter().enumerate() {
        let grid = if args.solutions {
            match &sheet.solution {
                Some(solution) => solution,
                None => {
                    // Said already, where the solution was looked for.
                    code = EXIT_UNSOLVED;
                    continue;
                }
            }
        } else {
            &sheet.puzzle
        };
        let path = numbered(&args.output, k, sheets.len());
        let bytes = format
            .write(&draw(grid))
            .map_err(|e| io::Error::other(format!("{}: {e}", path.display())))?;
        std::fs::write(&path, &bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_named_after_the_output_and_numbered_when_many() {
        let out = Path::new("dir/board.png");
        assert_eq!(numbered(out, 0, 1), PathBuf::from("dir/board.png"));
        assert_eq!(numbered(out, 1, 3), PathBuf::from("dir/board-2.png"));
        assert_eq!(
            numbered(Path::new("b.v.SVG"), 0, 2),
            PathBuf::from("b.v-1.SVG")
        );
        assert_eq!(image_format(Path::new("a.SVG")), Some(ImageFormat::Svg));
        assert_eq!(image_format(Path::new("a.png")), Some(ImageFormat::Png));
        assert_eq!(image_format(Path::new("a.pdf")), None);
        assert_eq!(image_format(Path::new("-")), None);
    }
}
