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

/// Escapes text for an attribute or element.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("&#10;"),
            c => out.push(c),
        }
    }
    out
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
