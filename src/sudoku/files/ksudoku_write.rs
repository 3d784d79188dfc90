//! KSudoku's saved games, written: a [`KsudokuGame`] as a file KSudoku opens (File ▸ Open), in
//! the form KSudoku itself saves: `<!DOCTYPE ksudoku>`, no XML declaration, one space of indent
//! per level, as Qt's DOM writes it.
//!
//! The board is written as KSudoku's built-in `type="sudoku"` when it is exactly KSudoku's plain
//! square of order 4, 9, 16 or 25 (the same cells and the same units), and as a
//! `type="custom"` graph otherwise: its size, its name, a `specific-type` (the cages decide it,
//! then the shape's name: one of KSudoku's nine types, `Plain` for any other), each unit as a
//! `<clique>` and each cage as a `<cage>`, cell numbers in KSudoku's column-by-column order
//! ([`ksudoku_index`]).
//!
//! KSudoku can play only some boards, and a board it cannot play is refused with the reason
//! ([`WriteError`]) rather than written for KSudoku to misread: every unit must hold the whole
//! alphabet (KSudoku reads `order` cells from every group), every cell must be in a unit (a cell
//! of a cage only is a hole to KSudoku), and cages go on a flat `order × order` board, all of one
//! kind (its cage solver assumes so).
//!
//! The givens go in `<values>`, the solution (if known) in `<solution>`, and the player's
//! entries and pencil marks in `<history>` as the events KSudoku replays when it opens the file
//! (an empty `<history/>` for a new game).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use thiserror::Error;

use crate::sudoku::board::cage::Operation;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::files::ksudoku::{
    KsudokuGame, SPECIFIC_TYPES, ksudoku_index, position_of, solution_line, sudoku_shape,
};
use crate::sudoku::files::xml::escape;

/// Why a game cannot be written for KSudoku.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("KSudoku cannot play this board: {message}")]
pub struct WriteError {
    /// What KSudoku cannot take, and why.
    pub message: String,
}

fn refuse(message: impl Into<String>) -> WriteError {
    WriteError {
        message: message.into(),
    }
}

/// The `specific-type` KSudoku gets for a shape: `KillerSudoku` or `Mathdoku` by its cages, else
/// by its name (KSudoku's nine names, any case; `Killer…` and `Mathdoku…` as KSudoku's files
/// name them), else `Plain`.
pub fn specific_type(shape: &Shape) -> &'static str {
    if !shape.cages().is_empty() {
        return "KillerSudoku";
    }
    if !shape.math_cages().is_empty() {
        return "Mathdoku";
    }
    let key: String = shape
        .name()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    // KSudoku's own file names: `Killer_9x9`, `Mathdoku_Settable`.
    let lower = key.to_ascii_lowercase();
    if lower.starts_with("killer") {
        return "KillerSudoku";
    }
    if lower.starts_with("mathdoku") {
        return "Mathdoku";
    }
    SPECIFIC_TYPES
        .iter()
        .find(|t| t.eq_ignore_ascii_case(&key))
        .copied()
        .unwrap_or("Plain")
}

/// True if the shape is KSudoku's plain square of its order (written `type="sudoku"`).
fn is_plain_sudoku(shape: &Shape) -> bool {
    let n = shape.symbols();
    let l = shape.layout();
    if ![4, 9, 16, 25].contains(&n)
        || (l.width, l.height, l.depth) != (n, n, 1)
        || !shape.cages().is_empty()
        || !shape.math_cages().is_empty()
    {
        return false;
    }
    let units =
        |s: &Shape| -> BTreeSet<Vec<usize>> { s.units().map(|(_, c)| c.to_vec()).collect() };
    sudoku_shape(n)
        .is_some_and(|plain| plain.cells().eq(shape.cells()) && units(&plain) == units(shape))
}

/// What [`write_game`] refuses (see the module docs).
fn check(game: &KsudokuGame) -> Result<(), WriteError> {
    let shape = &game.shape;
    let (n, l) = (shape.symbols(), shape.layout());
    let size = shape.positions();
    for (what, len) in [
        ("givens", game.givens.len()),
        ("entries", game.entries.len()),
        ("notes", game.notes.len()),
    ] {
        if len != size {
            return Err(refuse(format!(
                "{len} {what} for a board of {size} positions"
            )));
        }
    }
    if let Some(s) = &game.solution
        && s.len() != size
    {
        return Err(refuse(format!(
            "a solution of {} values for a board of {size} positions",
            s.len()
        )));
    }
    if let Some((name, cells)) = shape.units().find(|(_, c)| c.len() != n) {
        return Err(refuse(format!(
            "{name} has {} cells, and KSudoku needs every group to hold all {n} symbols",
            cells.len()
        )));
    }
    if let Some(p) = shape.cells().find(|&p| shape.units_of(p).is_empty()) {
        return Err(refuse(format!(
            "{} is in no unit, and KSudoku's cells are those of its groups",
            shape.cell_name(p)
        )));
    }
    let caged = !shape.cages().is_empty() || !shape.math_cages().is_empty();
    if caged && (l.width, l.height, l.depth) != (n, n, 1) {
        return Err(refuse(format!(
            "cages on a {}×{}×{} board; KSudoku plays cages on a flat {n}×{n} board only",
            l.width, l.height, l.depth
        )));
    }
    if !shape.cages().is_empty() && !shape.math_cages().is_empty() {
        return Err(refuse(
            "killer and Mathdoku cages on one board; KSudoku plays one kind at a time",
        ));
    }
    let values = [&game.givens, &game.entries]
        .into_iter()
        .chain(game.solution.as_ref());
    for v in values.flatten() {
        if usize::from(*v) > n {
            return Err(refuse(format!("a value of {v} on a board of {n} symbols")));
        }
    }
    Ok(())
}

/// KSudoku's cell numbers of `cells`, increasing, each followed by a space.
fn indices(shape: &Shape, cells: &[usize]) -> String {
    let mut k: Vec<usize> = cells
        .iter()
        .map(|&p| ksudoku_index(shape.layout(), p))
        .collect();
    k.sort_unstable();
    k.iter().fold(String::new(), |mut s, i| {
        let _ = write!(s, "{i} ");
        s
    })
}

/// The `<graph>` element, indented three spaces.
fn graph(shape: &Shape) -> String {
    let n = shape.symbols();
    let specific = specific_type(shape);
    if is_plain_sudoku(shape) {
        return format!("   <graph order=\"{n}\" type=\"sudoku\" specific-type=\"{specific}\"/>\n");
    }
    let l = shape.layout();
    let mut out = format!(
        "   <graph order=\"{n}\" type=\"custom\" specific-type=\"{specific}\" name=\"{}\" \
         sizeX=\"{}\" sizeY=\"{}\" sizeZ=\"{}\">\n",
        escape(shape.name()),
        l.width,
        l.height,
        l.depth
    );
    for (_, cells) in shape.units() {
        let _ = writeln!(
            out,
            "    <clique size=\"{}\">{}</clique>",
            cells.len(),
            indices(shape, cells)
        );
    }
    let mut cage = |op: u8, value: u64, cells: &[usize]| {
        let _ = writeln!(
            out,
            "    <cage operator=\"{op}\" value=\"{value}\" size=\"{}\"> {}</cage>",
            cells.len(),
            indices(shape, cells)
        );
    };
    for c in shape.cages() {
        let op = if c.cells.len() == 1 { 0 } else { 4 };
        cage(op, u64::from(c.sum), &c.cells);
    }
    for c in shape.math_cages() {
        let op = match c.op {
            Operation::Given => 0,
            Operation::Divide => 1,
            Operation::Subtract => 2,
            Operation::Multiply => 3,
            Operation::Add => 4,
        };
        cage(op, c.target, &c.cells);
    }
    out.push_str("   </graph>\n");
    out
}

/// The `<history>` events that set the player's entries and pencil marks, cell by cell in
/// KSudoku's order.
fn history(game: &KsudokuGame) -> String {
    let shape = &game.shape;
    let n = shape.symbols();
    let mut out = String::new();
    for k in 0..shape.positions() {
        let p = position_of(shape.layout(), k);
        if !shape.is_cell(p) || game.givens[p] != 0 {
            continue;
        }
        if game.entries[p] != 0 {
            let _ = writeln!(
                out,
                "   <simple-event index=\"{k}\" value=\"{}\"/>",
                game.entries[p]
            );
        } else if game.notes[p] != 0 {
            let marks: String = (0..n)
                .map(|d| {
                    if game.notes[p] >> d & 1 == 1 {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect();
            let _ = writeln!(out, "   <simple-event index=\"{k}\" markers=\"{marks}\"/>");
        }
    }
    if out.is_empty() {
        "  <history/>\n".to_string()
    } else {
        format!("  <history>\n{out}  </history>\n")
    }
}

/// The game as a KSudoku saved game (see the module docs), or why KSudoku cannot play it.
pub fn write_game(game: &KsudokuGame) -> Result<String, WriteError> {
    check(game)?;
    let shape = &game.shape;
    let mut out = String::from("<!DOCTYPE ksudoku>\n<ksudoku>\n");
    let _ = writeln!(
        out,
        " <game had-help=\"{}\" msecs-elapsed=\"{}\">",
        u8::from(game.had_help),
        game.elapsed_ms
    );
    out.push_str("  <puzzle>\n");
    out.push_str(&graph(shape));
    let line = |values: &[u8]| solution_line(shape, values);
    let _ = writeln!(out, "   <values>{}</values>", escape(&line(&game.givens)));
    if let Some(solution) = &game.solution {
        let _ = writeln!(out, "   <solution>{}</solution>", escape(&line(solution)));
    }
    out.push_str("  </puzzle>\n");
    out.push_str(&history(game));
    out.push_str(" </game>\n</ksudoku>\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::collections::BTreeSet;

    use super::*;
    use crate::sudoku::board::cage::{Cage, MathCage};
    use crate::sudoku::board::geometry::Unit;
    use crate::sudoku::board::shape::Layout;
    use crate::sudoku::board::shapes::NAMES;
    use crate::sudoku::cover::general::{Budget, search_shape};
    use crate::sudoku::files::ksudoku::read_game;

    fn units(s: &Shape) -> BTreeSet<Vec<usize>> {
        s.units().map(|(_, c)| c.to_vec()).collect()
    }

    /// A game of `shape`: every third cell of a solution given, a few entries and marks (only
    /// marks on a board with no solution).
    fn game_of(shape: Shape) -> KsudokuGame {
        let n = shape.positions();
        let report = search_shape(&shape, &vec![0; n], 1, &Budget::default()).unwrap();
        let solution = report.first.unwrap_or_else(|| vec![0; n]);
        let mut g = KsudokuGame::empty(shape);
        for (k, p) in g.shape.cells().collect::<Vec<_>>().into_iter().enumerate() {
            match k % 6 {
                0 | 3 => g.givens[p] = solution[p],
                1 => g.entries[p] = solution[p],
                2 => g.notes[p] = 0b101,
                _ => {}
            }
        }
        g.solution = report.solutions.eq(&1).then_some(solution);
        g.elapsed_ms = 98_765;
        g.had_help = true;
        g
    }

    fn round_trip(game: &KsudokuGame) -> KsudokuGame {
        let text = write_game(game).unwrap();
        read_game(&text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    #[test]
    fn every_named_shape_goes_to_ksudoku_and_back() {
        for &(name, _) in NAMES {
            let shape = Shape::named(name, None).unwrap();
            let game = game_of(shape.clone());
            let back = round_trip(&game);
            let s = &back.shape;
            assert_eq!((s.layout(), s.symbols()), (shape.layout(), shape.symbols()));
            assert!(s.cells().eq(shape.cells()), "{name}: cells");
            assert_eq!(units(s), units(&shape), "{name}: units");
            assert_eq!(back.givens, game.givens, "{name}: givens");
            assert_eq!(back.entries, game.entries, "{name}: entries");
            assert_eq!(back.notes, game.notes, "{name}: marks");
            assert_eq!(back.solution, game.solution, "{name}: solution");
            assert_eq!((back.elapsed_ms, back.had_help), (98_765, true));
        }
    }

    #[test]
    fn cages_go_to_ksudoku_and_back() {
        let mut b = Shape::builder("Killer", Layout::flat(4, 4), 4);
        b.grid((0, 0, 0), 4, Some((2, 2)));
        b.cage(Cage {
            cells: vec![0, 1],
            sum: 3,
        })
        .cage(Cage {
            cells: vec![15],
            sum: 1,
        });
        let killer = b.build().unwrap();
        let mut b = Shape::builder("Mathdoku", Layout::flat(4, 4), 4);
        b.grid((0, 0, 0), 4, None);
        for (cells, op, target) in [
            (vec![0], Operation::Given, 1),
            (vec![1, 2], Operation::Divide, 2),
            (vec![3, 7], Operation::Subtract, 1),
            (vec![4, 8, 12], Operation::Multiply, 6),
            (vec![5, 6], Operation::Add, 7),
        ] {
            b.math_cage(MathCage { cells, op, target });
        }
        let math = b.build().unwrap();
        for shape in [killer, math] {
            let text = write_game(&KsudokuGame::empty(shape.clone())).unwrap();
            let back = read_game(&text, None).unwrap().shape;
            assert_eq!(back.cages(), shape.cages(), "{text}");
            assert_eq!(back.math_cages(), shape.math_cages(), "{text}");
            assert_eq!(units(&back), units(&shape));
        }
    }

    #[test]
    fn the_file_is_as_ksudoku_writes_it() {
        let plain = Shape::named("Sudoku", Some(9)).unwrap();
        let text = write_game(&KsudokuGame::empty(plain)).unwrap();
        let want = format!(
            "<!DOCTYPE ksudoku>\n<ksudoku>\n <game had-help=\"0\" msecs-elapsed=\"0\">\n  <puzzle>\n   \
             <graph order=\"9\" type=\"sudoku\" specific-type=\"Plain\"/>\n   <values>{}</values>\n  \
             </puzzle>\n  <history/>\n </game>\n</ksudoku>\n",
            "_".repeat(81)
        );
        assert_eq!(text, want);
        // Samurai is custom: its size, name, type and cliques, holes as dots.
        let samurai = Shape::named("Samurai", None).unwrap();
        let text = write_game(&KsudokuGame::empty(samurai)).unwrap();
        assert!(text.contains(
            "<graph order=\"9\" type=\"custom\" specific-type=\"Samurai\" name=\"Samurai\" \
             sizeX=\"21\" sizeY=\"21\" sizeZ=\"1\">"
        ));
        assert_eq!(text.matches("<clique size=\"9\">").count(), 131);
        assert!(text.contains("<values>_________..._________"), "{text}");
    }

    #[test]
    fn specific_types_follow_cages_then_names() {
        let named = |n: &str| specific_type(&Shape::named(n, None).unwrap());
        assert_eq!(named("Samurai"), "Samurai");
        assert_eq!(named("TinySamurai"), "TinySamurai");
        assert_eq!(named("XSudoku"), "XSudoku");
        assert_eq!(named("Roxdoku"), "Roxdoku");
        assert_eq!(named("Killer"), "KillerSudoku");
        assert_eq!(named("Mathdoku"), "Mathdoku");
        assert_eq!(named("Sohei"), "Plain");
        assert_eq!(named("DoubleRoxdoku"), "Plain");
    }

    #[test]
    fn boards_ksudoku_cannot_play_are_refused_with_the_reason() {
        // A unit smaller than the alphabet.
        let mut b = Shape::builder("short", Layout::flat(4, 4), 4);
        b.grid((0, 0, 0), 4, None);
        b.unit(Unit::Diagonal(0), vec![0, 5, 10]);
        let e = write_game(&KsudokuGame::empty(b.build().unwrap())).unwrap_err();
        assert!(e.to_string().contains("all 4 symbols"), "{e}");
        // A cell in a cage only is no shape at all.
        let mut b = Shape::builder("loose", Layout::flat(5, 4), 4);
        b.grid((0, 0, 0), 4, Some((2, 2)));
        b.cage(Cage {
            cells: vec![4],
            sum: 1,
        });
        assert!(b.build().is_err());
        // Values out of range.
        let mut g = KsudokuGame::empty(Shape::named("4x4", None).unwrap());
        g.givens[0] = 5;
        assert!(write_game(&g).is_err());
    }
}
