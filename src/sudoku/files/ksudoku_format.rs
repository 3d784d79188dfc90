//! KSudoku's files as puzzle files: the bridge between KSudoku's games ([`KsudokuGame`], read by
//! [`ksudoku`] and written by [`ksudoku_write`]) and the boards everything else plays
//! ([`Grid`], [`Entry`]).
//!
//! A saved game read gives one [`Entry`]: its puzzle the givens on the game's board (a
//! [`Grid::on_shape`]), its entries the player's, its solution the file's `<solution>` (checked
//! against the puzzle); a shape file gives its empty board. KSudoku's plain square of order 4, 9,
//! 16 or 25 is exactly the classic board of that size, and is read as one (a [`Grid`] with no
//! shape), so that a KSudoku 9×9 game is rated, generated from and saved as any classic puzzle.
//! The pencil marks, time and help of a saved game are not carried by an [`Entry`]; the window
//! writes its own (see [`game_of`]).
//!
//! Writing goes the other way: a square board is put on its [`Shape`] ([`Shape::of_grid`]: X,
//! jigsaw and killer boards are KSudoku's too), and a board KSudoku cannot play is refused with
//! [`ksudoku_write`]'s reason.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::sudoku::board::geometry::Geometry;
use crate::sudoku::board::grid::{Grid, Notation, ParseError, ParseErrorKind};
use crate::sudoku::board::shape::Shape;
use crate::sudoku::files::entry::Entry;
use crate::sudoku::files::ksudoku::{self, KsudokuGame};
use crate::sudoku::files::ksudoku_write;

/// An error at `line` of the file, for a person to act on.
fn error(line: usize, what: impl Into<String>) -> ParseError {
    ParseError {
        line,
        column: 0,
        kind: ParseErrorKind::Invalid(what.into()),
    }
}

/// The line (from 1) on which `needle` first appears in `text`, or 1.
fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle)
        .map_or(1, |at| text[..at].matches('\n').count() + 1)
}

/// The units of a shape, each as its sorted cells, for comparing boards.
fn unit_set(shape: &Shape) -> BTreeSet<Vec<usize>> {
    shape
        .units()
        .map(|(_, cells)| {
            let mut cells = cells.to_vec();
            cells.sort_unstable();
            cells
        })
        .collect()
}

/// The classic geometry of a shape that is exactly a classic square board (the same cells, rows,
/// columns and boxes, no cages), if it is one.
fn classic_geometry(shape: &Shape) -> Option<Geometry> {
    let n = shape.symbols();
    let layout = shape.layout();
    let flat = (layout.width, layout.height, layout.depth) == (n, n, 1);
    if !flat || !shape.cages().is_empty() || !shape.math_cages().is_empty() {
        return None;
    }
    let geometry = Geometry::for_side(n)?;
    let classic = Shape::classic(geometry);
    (classic.cells().eq(shape.cells()) && unit_set(&classic) == unit_set(shape)).then_some(geometry)
}

/// The empty board a KSudoku game is played on: a classic [`Grid`] for KSudoku's plain square,
/// else a board on the game's shape. Symbols are `preferred`'s where it has as many, else the
/// default ones for so many.
fn board_of(shape: Shape, preferred: Option<&Notation>) -> Result<Grid, String> {
    let n = shape.symbols();
    if let Some(geometry) = classic_geometry(&shape) {
        let notation = match preferred {
            Some(p) if p.geometry == geometry => p.clone(),
            _ => Notation::default_for(geometry).map_err(|e| e.to_string())?,
        };
        return Ok(Grid::empty(notation));
    }
    let alphabet = preferred
        .map(|p| Arc::clone(&p.alphabet))
        .filter(|a| a.len() == n);
    Grid::on_shape(Arc::new(shape), alphabet)
}

/// Reads a KSudoku saved game or shape file as one [`Entry`] (see the module docs). Errors name
/// the line and what is wrong.
pub(super) fn read_entries(
    text: &str,
    preferred: Option<&Notation>,
) -> Result<Vec<Entry>, ParseError> {
    let game = ksudoku::read(text, None).map_err(|e| error(e.line, e.message))?;
    let name = game.shape.name().to_string();
    let first = line_of(text, "<graph");
    let board = board_of(game.shape, preferred).map_err(|why| error(first, why))?;
    let values = |what: &str, values: Vec<u8>, line: usize| {
        board.with_values(values).ok_or_else(|| {
            error(
                line,
                format!("the {what} do not fit the board {name} (a value on a hole, or too big)"),
            )
        })
    };
    let givens_line = line_of(text, "<values");
    let puzzle = values("givens", game.givens, givens_line)?;
    let mut entry = Entry::new(puzzle, givens_line.min(first));
    if game.entries.iter().any(|&v| v != 0) {
        let line = line_of(text, "<history");
        entry.entries = Some(values("entries", game.entries, line)?);
    }
    if let Some(solution) = game.solution {
        let line = line_of(text, "<solution");
        let solution = values("solution's values", solution, line)?;
        solution
            .verify_solution_of(&entry.puzzle)
            .map_err(|why| ParseError {
                line,
                column: 0,
                kind: ParseErrorKind::BadSolution(why),
            })?;
        entry.solution = Some(solution);
    }
    Ok(vec![entry])
}

/// The KSudoku game of a board: its shape ([`Shape::of_grid`] for a square one), its givens, the
/// player's `entries` and the `solution` where known; no pencil marks, no time.
pub fn game_of(puzzle: &Grid, entries: Option<&Grid>, solution: Option<&Grid>) -> KsudokuGame {
    let mut game = KsudokuGame::empty(Shape::of_grid(puzzle));
    game.givens = puzzle.values().to_vec();
    if let Some(entries) = entries {
        game.entries = entries.values().to_vec();
    }
    game.solution = solution.map(|s| s.values().to_vec());
    game
}

/// Whether KSudoku can play `puzzle`, and why not if not.
pub(super) fn holds(puzzle: &Grid) -> Result<(), String> {
    write(puzzle, None, None).map(|_| ())
}

/// The board as a KSudoku saved game, with the player's `entries` as the moves KSudoku replays,
/// or why KSudoku cannot play it.
pub(super) fn write(
    puzzle: &Grid,
    entries: Option<&Grid>,
    solution: Option<&Grid>,
) -> Result<String, String> {
    ksudoku_write::write_game(&game_of(puzzle, entries, solution)).map_err(|e| e.to_string())
}

/// The board as a KSudoku saved game where KSudoku plays it; else what KSudoku can have: a square
/// board's givens on the plain square of its size, and for a board on a shape KSudoku cannot
/// play, a comment saying why (no board: check [`Format::holds`](super::formats::Format::holds)
/// first).
pub(super) fn write_what_it_can(puzzle: &Grid, solution: Option<&Grid>) -> String {
    let why = match write(puzzle, None, solution) {
        Ok(text) => return text,
        Err(why) => why,
    };
    if puzzle.shape().is_none()
        && let Some(plain) = Grid::from_values(puzzle.notation().clone(), puzzle.values().to_vec())
        && let Ok(text) = write(&plain, None, None)
    {
        return text;
    }
    format!("<!-- {} -->\n", why.replace("--", "- -"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::board::geometry::Unit;
    use crate::sudoku::board::shape::Layout;
    use crate::sudoku::board::shapes::NAMES;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn a_classic_puzzle_goes_and_comes_back_classic() {
        let puzzle = Grid::parse_line(EASY, None).unwrap();
        let solution = puzzle.solution().unwrap();
        let mut entries = Grid::empty(puzzle.notation().clone());
        entries.set(0, 4);
        let text = write(&puzzle, Some(&entries), Some(&solution)).unwrap();
        assert!(text.contains("type=\"sudoku\""), "{text}");
        let back = read_entries(&text, None).unwrap();
        assert_eq!(back[0].puzzle, puzzle);
        assert_eq!(back[0].entries.as_ref(), Some(&entries));
        assert_eq!(back[0].solution.as_ref(), Some(&solution));
    }

    #[test]
    fn every_named_shape_reads_back_as_its_board() {
        for &(name, _) in NAMES {
            let shape = Shape::named(name, None).unwrap();
            let empty = Grid::on_shape(Arc::new(shape), None).unwrap();
            let Ok(text) = write(&empty, None, None) else {
                continue;
            };
            let back = read_entries(&text, None).unwrap();
            let board = &back[0].puzzle;
            assert_eq!(board.positions(), empty.positions(), "{name}");
            let cells = |g: &Grid| (0..g.positions()).filter(|&p| g.is_cell(p)).count();
            assert_eq!(cells(board), cells(&empty), "{name}");
        }
    }

    #[test]
    fn a_wrong_solution_is_refused_at_its_line() {
        let puzzle = Grid::parse_line(EASY, None).unwrap();
        let mut wrong = puzzle.solution().unwrap();
        let (a, b) = (wrong.get(1), wrong.get(0));
        wrong.set(0, a);
        wrong.set(1, b);
        let text = write(&puzzle, None, Some(&wrong)).unwrap();
        let e = read_entries(&text, None).unwrap_err();
        assert_eq!(e.line, line_of(&text, "<solution"), "{e}");
    }

    #[test]
    fn a_board_ksudoku_cannot_play_is_refused_with_the_reason() {
        // A unit of fewer cells than symbols.
        let mut b = Shape::builder("short", Layout::flat(4, 4), 4);
        b.grid((0, 0, 0), 4, None);
        b.unit(Unit::Diagonal(0), vec![0, 5, 10]);
        let board = Grid::on_shape(Arc::new(b.build().unwrap()), None).unwrap();
        let why = holds(&board).unwrap_err();
        assert!(why.contains("all 4 symbols"), "{why}");
    }
}
