//! `matrix`: the exact-cover matrix of a puzzle, in Knuth's `dlx1` format or as a 0/1 table
//! (see [`CoverMatrix`]).
//!
//! A board on a shape (a Samurai, a Roxdoku, a Mathdoku, a KSudoku game's board) is written
//! here: its cells named by the board (`r1c9`, `l1r1c1` in a cube), its units' items (`gKD`,
//! `lKD`...) and cages named in the opening comment, and a Mathdoku's cage fillings among the
//! options. A board whose matrix cannot be made (a Mathdoku cage of too many fillings) is
//! refused with the reason, exit 2.

use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};

use crate::config::Config;
use crate::sudoku::Grid;
use crate::sudoku::board::shape::Shape;
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
    let text = if let Some(shape) = grid.shape() {
        let m = match CoverMatrix::of_shape(shape, grid.values(), args.full) {
            Ok(m) => m,
            Err(why) => {
                crate::output::note(format_args!(
                    "{}: line {}: no matrix for this {} board: {why}",
                    input.name(),
                    piece.line,
                    shape.name()
                ));
                return Ok(EXIT_BAD_INPUT);
            }
        };
        match args.format {
            MatrixFormat::Dlx => shape_dlx(&m, &grid, shape),
            MatrixFormat::Dense => shape_dense(&m),
        }
    } else {
        let m = CoverMatrix::of(&grid, args.full);
        match args.format {
            MatrixFormat::Dlx => m.to_dlx(&grid),
            MatrixFormat::Dense => m.to_dense(),
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(EXIT_OK)
}

/// Every option's items: the placements, the killer cages' digit sets, the Mathdoku cages'
/// fillings, in the engine's order.
fn all_options(m: &CoverMatrix) -> impl Iterator<Item = &[usize]> {
    let placements = m.options.iter().map(|o| o.items.as_slice());
    let sets = m.sets.iter().map(|s| s.items.as_slice());
    let fills = m.fills.iter().map(|f| f.items.as_slice());
    placements.chain(sets).chain(fills)
}

/// The item names of `items`, a line.
fn names(m: &CoverMatrix, items: &[usize]) -> String {
    let names: Vec<&str> = items
        .iter()
        .filter_map(|&i| m.items.get(i).map(String::as_str))
        .collect();
    names.join(" ")
}

/// A shape board's matrix in `dlx1`'s format, each option after a comment saying what it means
/// on the board.
fn shape_dlx(m: &CoverMatrix, grid: &Grid, shape: &Shape) -> String {
    let symbol = |v: u8| grid.alphabet().symbol(v);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| sudoku-dlx: the exact cover of this {} puzzle ({} cells, {} symbols; # a hole):",
        shape.name(),
        grid.cell_count(),
        shape.symbols()
    );
    let _ = writeln!(out, "| {}", grid.to_line());
    let _ = writeln!(
        out,
        "| {} items (pRC cell, pLRC in a cube; rKD cKD bKD dKD wKD lKD gKD row, column, box, \
         diagonal, window, plane or group K holds digit D; kNN killer cage NN, kNND its digit D; \
         mNN Mathdoku cage NN), {} options",
        m.items.len(),
        m.options.len() + m.sets.len() + m.fills.len()
    );
    out.push_str(&m.items[..m.primary.min(m.items.len())].join(" "));
    if m.primary < m.items.len() {
        out.push_str(" | ");
        out.push_str(&m.items[m.primary..].join(" "));
    }
    out.push('\n');
    for o in &m.options {
        let _ = writeln!(out, "| {}={}", grid.cell_name(o.cell), symbol(o.value));
        let _ = writeln!(out, "{}", names(m, &o.items));
    }
    for set in &m.sets {
        let digits: String = set.digits.iter().map(|&d| symbol(d)).collect();
        let sum = shape.cages().get(set.cage).map_or(0, |c| c.sum);
        let _ = writeln!(out, "| cage {} (sum {sum}) takes {digits}", set.cage + 1);
        let _ = writeln!(out, "{}", names(m, &set.items));
    }
    for fill in &m.fills {
        let cells: Vec<String> = fill
            .cells
            .iter()
            .map(|&(p, d)| format!("{}={}", grid.cell_name(p), symbol(d)))
            .collect();
        let _ = writeln!(
            out,
            "| Mathdoku cage {}: {}",
            fill.cage + 1,
            cells.join(" ")
        );
        let _ = writeln!(out, "{}", names(m, &fill.items));
    }
    out
}

/// A shape board's matrix as a 0/1 table: the item names, then a row an option.
fn shape_dense(m: &CoverMatrix) -> String {
    let mut out = m.items.join(" ");
    out.push('\n');
    let mut row = vec![b'0'; m.items.len()];
    for items in all_options(m) {
        row.fill(b'0');
        for &i in items {
            if let Some(bit) = row.get_mut(i) {
                *bit = b'1';
            }
        }
        out.push_str(&String::from_utf8_lossy(&row));
        out.push('\n');
    }
    out
}
