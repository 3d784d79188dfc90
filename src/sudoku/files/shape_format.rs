//! Puzzles on any shape in the TOML form: a board named by its shape, or given outright as
//! units, with its givens written as the rows of its layout.
//!
//! ```toml
//! title = "A Samurai"             # optional
//! shape = "Samurai"               # a named shape (any case; see board::shapes), or "custom"
//! order = 9                       # symbols, for a shape of several orders (Roxdoku, Mathdoku)
//! givens = [                      # one string a row of the layout, every character a position:
//!     "..3.2.6..###...2.4.1..",   # a symbol, '.' empty, '#' a hole (trailing holes may go);
//! ]                               # a cube's layers one after another, top layer first
//! cages = [                       # killer cages: a sum and its cells
//!     { sum = 15, cells = "r1c1 r1c2" },
//! ]
//! math = [                        # Mathdoku cages: a target, an operation (+ - * / =), cells
//!     { target = 12, op = "*", cells = "r1c1 r2c1" },
//! ]
//! entries = [ "..." ]             # optional: a player's entries, as givens are written
//! ```
//!
//! A `custom` shape gives its layout and units outright: `layout = [width, height, depth]` and
//! `units = ["r1c1 r1c2 ...", ...]`, each unit the cells it holds (a unit of `order` cells
//! holds every symbol once, a smaller one each at most once). Cells are named `r1c2`, or
//! `l1r1c2` in a cube (layer, row, column, from 1). A file is recognised by its `shape` key.

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::sudoku::board::alphabet::Alphabet;
use crate::sudoku::board::cage::{Cage, MathCage, Operation};
use crate::sudoku::board::geometry::Unit;
use crate::sudoku::board::grid::{Grid, ParseError, ParseErrorKind};
use crate::sudoku::board::shape::{Layout, Shape};
use crate::sudoku::files::entry::Entry;
use crate::sudoku::files::variant_format::{place, toml_puzzles};

/// True if a TOML text names a shape: a line that starts with the `shape` key.
pub(super) fn is_shape_toml(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        t.strip_prefix("shape")
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    title: Option<String>,
    shape: Spanned<String>,
    order: Option<Spanned<usize>>,
    layout: Option<Spanned<[usize; 3]>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    givens: Option<Spanned<Vec<Spanned<String>>>>,
    entries: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    cages: Vec<Spanned<RawCage>>,
    #[serde(default)]
    math: Vec<Spanned<RawMath>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    sum: u32,
    cells: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMath {
    target: u64,
    op: Spanned<String>,
    cells: Spanned<String>,
}

/// Reads a TOML file of puzzles on shapes (see the module docs).
pub(super) fn read_toml(text: &str) -> Result<Vec<Entry>, ParseError> {
    let error = |offset: usize, what: String| {
        let (line, column) = place(text, offset);
        ParseError {
            line,
            column,
            kind: ParseErrorKind::Invalid(what),
        }
    };
    let puzzles: Vec<Spanned<RawPuzzle>> = toml_puzzles(text)?;
    let mut entries = Vec::new();
    for p in puzzles {
        let start = p.span().start;
        let raw = p.into_inner();
        let mut entry = read_puzzle(&raw).map_err(|(offset, what)| error(offset, what))?;
        entry.line = place(text, start).0;
        entries.push(entry);
    }
    Ok(entries)
}

/// A problem at a byte offset, in words.
type Problem = (usize, String);

/// One puzzle.
fn read_puzzle(raw: &RawPuzzle) -> Result<Entry, Problem> {
    let shape_at = raw.shape.span().start;
    let order = raw.order.as_ref().map(|o| *o.get_ref());
    let mut builder = if raw.shape.get_ref().eq_ignore_ascii_case("custom") {
        let layout = raw.layout.as_ref().ok_or((
            shape_at,
            "a custom shape needs layout = [width, height, depth]".to_string(),
        ))?;
        let [width, height, depth] = *layout.get_ref();
        let order = order.ok_or((shape_at, "a custom shape needs its order".to_string()))?;
        let l = Layout {
            width,
            height,
            depth,
        };
        let mut b = Shape::builder("custom", l, order);
        for unit in &raw.units {
            let cells = cells_of(unit.get_ref(), l).map_err(|w| (unit.span().start, w))?;
            b.group(cells);
        }
        b
    } else {
        if raw.layout.is_some() || !raw.units.is_empty() {
            return Err((
                shape_at,
                "layout and units are for shape = \"custom\"; a named shape has its own".into(),
            ));
        }
        let named = Shape::named(raw.shape.get_ref(), order).map_err(|w| (shape_at, w))?;
        rebuild(&named)
    };
    let layout = builder.layout();
    for cage in &raw.cages {
        let cells = cells_of(cage.get_ref().cells.get_ref(), layout)
            .map_err(|w| (cage.get_ref().cells.span().start, w))?;
        builder.cage(Cage {
            cells,
            sum: cage.get_ref().sum,
        });
    }
    for cage in &raw.math {
        let c = cage.get_ref();
        let cells = cells_of(c.cells.get_ref(), layout).map_err(|w| (c.cells.span().start, w))?;
        let op = Operation::parse(c.op.get_ref()).ok_or((
            c.op.span().start,
            format!("'{}' is no operation: + - * / or =", c.op.get_ref()),
        ))?;
        builder.math_cage(MathCage {
            cells,
            op,
            target: c.target,
        });
    }
    let shape = builder.build().map_err(|e| (shape_at, e.to_string()))?;
    let empty = Grid::on_shape(Arc::new(shape), None).map_err(|w| (shape_at, w))?;
    let puzzle = match &raw.givens {
        Some(rows) => with_rows(&empty, rows)?,
        None => empty.clone(),
    };
    let mut entry = Entry::new(puzzle, 1);
    entry.title.clone_from(&raw.title);
    if let Some(rows) = &raw.entries {
        entry.entries = Some(with_rows(&empty, rows)?);
    }
    Ok(entry)
}

/// A builder holding `shape`'s units, for cages to be added to it.
fn rebuild(shape: &Shape) -> crate::sudoku::board::shape::ShapeBuilder {
    let mut b = Shape::builder(shape.name(), shape.layout(), shape.symbols());
    for (name, cells) in shape.units() {
        b.unit(name, cells.to_vec());
    }
    b
}

/// The positions named by `text`: `r1c2` cells, or `l1r1c2` in a cube, separated by spaces.
fn cells_of(text: &str, layout: Layout) -> Result<Vec<usize>, String> {
    text.split_whitespace()
        .map(|name| {
            let number = |s: &str| s.parse::<usize>().ok().filter(|&n| n > 0);
            let (z, rest) = match name.strip_prefix(['l', 'L']) {
                Some(rest) => {
                    let (z, rest) = rest.split_once(['r', 'R']).unwrap_or(("", rest));
                    (number(z), rest)
                }
                None => (Some(1), name.strip_prefix(['r', 'R']).unwrap_or("")),
            };
            let (y, x) = rest.split_once(['c', 'C']).unwrap_or(("", ""));
            match (z, number(y), number(x)) {
                (Some(z), Some(y), Some(x))
                    if x <= layout.width && y <= layout.height && z <= layout.depth =>
                {
                    Ok(layout.position(x - 1, y - 1, z - 1))
                }
                _ => Err(format!(
                    "'{name}' is not a cell of a {}×{}×{} layout (r1c1, or l1r1c1 in a cube)",
                    layout.width, layout.height, layout.depth
                )),
            }
        })
        .collect()
}

/// `empty` with the values of `rows` (see the module docs).
fn with_rows(empty: &Grid, rows: &Spanned<Vec<Spanned<String>>>) -> Result<Grid, Problem> {
    let layout = empty.layout();
    let lines = layout.height * layout.depth;
    if rows.get_ref().len() != lines {
        return Err((
            rows.span().start,
            format!(
                "the board's layout has {lines} rows ({} a layer), these are {}",
                layout.height,
                rows.get_ref().len()
            ),
        ));
    }
    let alphabet: &Alphabet = empty.alphabet();
    let mut values = vec![0u8; empty.positions()];
    for (k, row) in rows.get_ref().iter().enumerate() {
        let chars: Vec<char> = row.get_ref().chars().collect();
        if chars.len() > layout.width {
            return Err((
                row.span().start,
                format!(
                    "a row of the layout has {} positions, this one {}",
                    layout.width,
                    chars.len()
                ),
            ));
        }
        let (y, z) = (k % layout.height, k / layout.height);
        for (x, &c) in chars.iter().enumerate() {
            let p = layout.position(x, y, z);
            let hole = matches!(c, '#' | ' ');
            if hole == empty.is_cell(p) {
                let what = if hole {
                    format!("r{}c{} is a cell, not a hole", y + 1, x + 1)
                } else {
                    format!("r{}c{} is a hole: write '#' there", y + 1, x + 1)
                };
                return Err((row.span().start, what));
            }
            if hole || alphabet.is_empty_marker(c) {
                continue;
            }
            values[p] = alphabet.value(c).ok_or_else(|| {
                (
                    row.span().start,
                    format!(
                        "'{c}' is not one of the symbols {alphabet} (nor '.' for empty, '#' for a hole)"
                    ),
                )
            })?;
        }
    }
    empty
        .with_values(values)
        .ok_or((rows.span().start, "a value off the board".to_string()))
}

/// The rows of `grid`'s layout, a string each (see the module docs).
fn rows_of(grid: &Grid) -> Vec<String> {
    let l = grid.layout();
    let mut rows = Vec::with_capacity(l.height * l.depth);
    for z in 0..l.depth {
        for y in 0..l.height {
            let row: String = (0..l.width)
                .map(|x| {
                    let p = l.position(x, y, z);
                    if grid.is_cell(p) {
                        grid.alphabet().symbol(grid.get(p))
                    } else {
                        '#'
                    }
                })
                .collect();
            rows.push(row.trim_end_matches('#').to_string());
        }
    }
    rows
}

/// Writes a puzzle on a shape (with the player's `entries`, if any) in the TOML form. A named
/// shape is written by its name, with its cages; any other with its layout and units.
pub(super) fn write_toml(puzzle: &Grid, entries: Option<&Grid>) -> String {
    let Some(shape) = puzzle.shape() else {
        return String::new();
    };
    let quote = |rows: Vec<String>| -> String {
        let lines: Vec<String> = rows.iter().map(|r| format!("    \"{r}\",")).collect();
        format!("[\n{}\n]", lines.join("\n"))
    };
    let names = |cells: &[usize]| -> String {
        cells
            .iter()
            .map(|&c| shape.cell_name(c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = String::new();
    // A named shape whose units are the name's: written by name.
    let named = Shape::named(shape.name(), Some(shape.symbols()))
        .ok()
        .filter(|n| n.layout() == shape.layout() && n.units().eq(shape.units()));
    match named {
        Some(n) => {
            out.push_str(&format!(
                "shape = \"{}\"\norder = {}\n",
                n.name(),
                n.symbols()
            ));
        }
        None => {
            let l = shape.layout();
            out.push_str(&format!(
                "shape = \"custom\"\norder = {}\nlayout = [{}, {}, {}]\nunits = [\n",
                shape.symbols(),
                l.width,
                l.height,
                l.depth
            ));
            for (unit, cells) in shape.units() {
                if !matches!(unit, Unit::Cage(_)) {
                    out.push_str(&format!("    \"{}\",\n", names(cells)));
                }
            }
            out.push_str("]\n");
        }
    }
    out.push_str(&format!("givens = {}\n", quote(rows_of(puzzle))));
    if !shape.cages().is_empty() {
        out.push_str("cages = [\n");
        for c in shape.cages() {
            out.push_str(&format!(
                "    {{ sum = {}, cells = \"{}\" }},\n",
                c.sum,
                names(&c.cells)
            ));
        }
        out.push_str("]\n");
    }
    if !shape.math_cages().is_empty() {
        out.push_str("math = [\n");
        for c in shape.math_cages() {
            out.push_str(&format!(
                "    {{ target = {}, op = \"{}\", cells = \"{}\" }},\n",
                c.target,
                c.op.ascii(),
                names(&c.cells)
            ));
        }
        out.push_str("]\n");
    }
    if let Some(e) = entries.filter(|e| e.filled() > 0) {
        out.push_str(&format!("entries = {}\n", quote(rows_of(e))));
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_named_shape_reads_and_writes_back() {
        let text = "shape = \"tinysamurai\"\n";
        let entries = read_toml(text).unwrap();
        let grid = &entries[0].puzzle;
        assert_eq!(grid.shape().unwrap().name(), "TinySamurai");
        assert_eq!(grid.positions(), 100);
        let mut filled = grid.clone();
        filled.set(0, 3);
        let written = write_toml(&filled, None);
        assert!(
            written.starts_with("shape = \"TinySamurai\"\norder = 4\n"),
            "{written}"
        );
        let again = read_toml(&written).unwrap();
        assert_eq!(again[0].puzzle, filled);
    }

    #[test]
    fn a_custom_shape_with_math_cages_round_trips() {
        let text = r#"
shape = "custom"
order = 3
layout = [3, 3, 1]
units = ["r1c1 r1c2 r1c3", "r2c1 r2c2 r2c3", "r3c1 r3c2 r3c3",
         "r1c1 r2c1 r3c1", "r1c2 r2c2 r3c2", "r1c3 r2c3 r3c3"]
math = [ { target = 3, op = "+", cells = "r1c1 r1c2" },
         { target = 3, op = "=", cells = "r1c3" } ]
givens = ["...", "...", "..."]
"#;
        let grid = read_toml(text).unwrap().remove(0).puzzle;
        assert_eq!(grid.shape().unwrap().math_cages().len(), 2);
        let back = read_toml(&write_toml(&grid, None))
            .unwrap()
            .remove(0)
            .puzzle;
        assert_eq!(
            back.shape().unwrap().math_cages(),
            grid.shape().unwrap().math_cages()
        );
        assert_eq!(back.positions(), 9);
    }

    #[test]
    fn errors_name_the_line() {
        let bad = "shape = \"samurai\"\ngivens = [\"..\"]\n";
        let e = read_toml(bad).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.to_string().contains("21 rows"), "{e}");
        let e = read_toml("shape = \"hexagon\"\n").unwrap_err();
        assert!(e.to_string().contains("no shape is named"), "{e}");
        let e = read_toml("shape = \"Mathdoku\"\norder = 4\nmath = [ { target = 3, op = \"%\", cells = \"r1c1\" } ]\n")
            .unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        let e = read_toml("shape = \"Sohei\"\ncages = [ { sum = 3, cells = \"r1c1 r1c2\" } ]\n")
            .unwrap_err();
        assert!(e.to_string().contains("r1c1, a hole"), "{e}");
        let e = read_toml("shape = \"Sohei\"\nentries = []\n").unwrap_err();
        assert!(e.to_string().contains("21 rows"), "{e}");
        // A hole written as a cell.
        let mut rows = vec!["#".repeat(21); 21];
        rows[0] = "1".to_string() + &"#".repeat(20);
        let text = format!(
            "shape = \"Sohei\"\ngivens = [{}]\n",
            rows.iter()
                .map(|r| format!("\"{r}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let e = read_toml(&text).unwrap_err();
        assert!(e.to_string().contains("is a hole"), "{e}");
    }
}
