//! `matrix`: the exact-cover matrix of a puzzle, in Knuth's `dlx1` format or as a 0/1 table
//! (see [`CoverMatrix`]).
//! A board of any shape is written, its cells named by the board (`r1c9`, `l1r1c1` in a
//! cube); a board whose matrix cannot be made (a Mathdoku cage of too many fillings) is refused
//! with the reason, exit 2.

use std::io::{self, BufWriter, Write};

use crate::config::Config;
use crate::sudoku::cover::model::CoverMatrix;

use super::args::{MatrixArgs, MatrixFormat};
use super::exit::{EXIT_BAD_INPUT, EXIT_OK};
use super::input::Input;

pub(super) fn matrix(args: &MatrixArgs, config: &Config) -> io::Result<u8> {
    let mut input = Input::open(args.file.as_deref(), &config.notation)?;
    let Some(piece) = input.next_piece()? else {
        crate::output::note(format_args!("{}: no puzzle", input.name()));
        return Ok(EXIT_BAD_INPUT);
    };
    let grid = match piece.grid(&config.notation) {
        Ok(grid) => grid.into_owned(),
        Err(why) => {
            crate::output::note(format_args!("{}: {why}", input.name()));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    if input.next_piece()?.is_some() {
        crate::output::note(format_args!(
            "{}: more than one puzzle; the matrix is the first one's (line {})",
            input.name(),
            piece.line
        ));
    }
    let m = match CoverMatrix::of(&grid, args.full) {
        Ok(m) => m,
        Err(why) => {
            crate::output::note(format_args!(
                "{}: line {}: no matrix for this board: {why}",
                input.name(),
                piece.line,
            ));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let text = match args.format {
        MatrixFormat::Dlx => m.to_dlx(&grid),
        MatrixFormat::Dense => m.to_dense(),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(EXIT_OK)
}
