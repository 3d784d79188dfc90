//! Killer puzzles in SumoCue's form (`.txt`), one puzzle a line: `3x3::k:` (or `3x3:d:k:` for a
//! killer X; `2x3`, `4x4`, ... for other box sizes), then a number a cell, each followed by `:`,
//! the cell's cage sum times 256 plus a cage number. Cells of one cage share the number; a cell whose sum is 0 is in no cage.
//! The form holds no givens, and at most 255 cage numbers.
//!
//! [`formats`](crate::sudoku::files::formats) detects the form by its start and reads it into
//! boards that carry their [`Variant`](crate::sudoku::board::variant::Variant).

use crate::sudoku::board::cage::Cage;
use crate::sudoku::board::geometry::Geometry;
use crate::sudoku::board::grid::{Grid, Notation, ParseError};
use crate::sudoku::board::variant::Rules;
use crate::sudoku::files::entry::Entry;
use crate::sudoku::files::variant_format::{invalid, puzzle_lines, with_rules};

/// True if a line starts as SumoCue's killer form does: `3x3::k:`, `3x3:d:k:`.
pub(super) fn is_sumocue(line: &str) -> bool {
    let mut parts = line.trim().split(':');
    let shape = parts.next().unwrap_or("");
    let (_, kind) = (parts.next(), parts.next());
    kind == Some("k") && shape.contains(['x', 'X']) && Geometry::parse(shape).is_ok()
}

/// Reads SumoCue killer lines (see the module docs).
pub(super) fn read_sumocue(
    text: &str,
    preferred: Option<&Notation>,
) -> Result<Vec<Entry>, ParseError> {
    let mut entries = Vec::new();
    for (n, line) in puzzle_lines(text) {
        let t = line.trim();
        if !is_sumocue(t) {
            return Err(invalid(
                n,
                0,
                "a SumoCue killer line starts with the box size and k, as 3x3::k: or 3x3:d:k:"
                    .into(),
            ));
        }
        let offset = line.len() - line.trim_start().len();
        // Each field and the column (from 1) it starts at.
        let mut fields = Vec::new();
        let mut at = line[..offset].chars().count() + 1;
        for f in t.split(':') {
            fields.push((at, f));
            at += f.chars().count() + 1;
        }
        let geometry =
            Geometry::parse(fields[0].1).map_err(|e| invalid(n, fields[0].0, e.to_string()))?;
        let diagonals = match fields[1].1 {
            "" => false,
            "d" => true,
            other => {
                return Err(invalid(
                    n,
                    fields[1].0,
                    format!("{other:?} is not a SumoCue flag here (d, for diagonals, is)"),
                ));
            }
        };
        let mut numbers: Vec<(usize, &str)> = fields[3..].to_vec();
        if numbers.last().is_some_and(|(_, f)| f.is_empty()) {
            numbers.pop();
        }
        let cells = geometry.cells();
        if numbers.len() != cells {
            return Err(invalid(
                n,
                0,
                format!(
                    "a {}×{} board needs {cells} cell numbers; this line has {}",
                    geometry.side(),
                    geometry.side(),
                    numbers.len()
                ),
            ));
        }
        // Cage number to (sum, cells).
        let mut cages: Vec<(u32, u32, Vec<usize>)> = Vec::new();
        for (cell, &(column, field)) in numbers.iter().enumerate() {
            let value: u32 = field.trim().parse().map_err(|_| {
                invalid(
                    n,
                    column,
                    format!("{field:?} is not a number (a cage's sum × 256 + its number)"),
                )
            })?;
            let (sum, id) = (value / 256, value % 256);
            if sum == 0 {
                continue;
            }
            match cages.iter_mut().find(|c| c.0 == id) {
                Some((_, s, members)) if *s == sum => members.push(cell),
                Some((_, s, _)) => {
                    return Err(invalid(
                        n,
                        column,
                        format!("cage {id} has the sum {s} and here {sum}"),
                    ));
                }
                None => cages.push((id, sum, vec![cell])),
            }
        }
        let notation = match preferred.filter(|p| p.geometry == geometry) {
            Some(p) => p.clone(),
            None => Notation::default_for(geometry)
                .map_err(|e| invalid(n, fields[0].0, e.to_string()))?,
        };
        let rules = Rules {
            diagonals,
            cages: cages
                .into_iter()
                .map(|(_, sum, cells)| Cage { cells, sum })
                .collect(),
            ..Rules::default()
        };
        let grid = with_rules(Grid::empty(notation), rules, &[])
            .map_err(|(what, _)| invalid(n, 0, what))?;
        entries.push(Entry::new(grid, n));
    }
    Ok(entries)
}

/// Why a board cannot be written in SumoCue's killer form, if it cannot.
pub(super) fn sumocue_holds(puzzle: &Grid) -> Result<(), String> {
    let Some(v) = puzzle.variant() else {
        return Err("SumoCue's form is for killer puzzles".into());
    };
    let r = v.rules();
    if r.cages.is_empty() || r.windows || r.regions.is_some() {
        return Err(format!(
            "SumoCue's form holds killer and killer X puzzles, not a {} sudoku",
            v.name()
        ));
    }
    if puzzle.filled() > 0 {
        return Err("SumoCue's form holds no givens".into());
    }
    let free = (0..puzzle.geometry().cells())
        .filter(|&c| v.cage_of(c).is_none())
        .count();
    if r.cages.len() + free > 255 {
        return Err("SumoCue's form numbers at most 255 cages and free cells".into());
    }
    Ok(())
}

/// A killer puzzle in SumoCue's form (check [`sumocue_holds`] first).
pub(super) fn write_sumocue(puzzle: &Grid) -> String {
    let g = puzzle.geometry();
    let variant = puzzle.variant();
    let diagonals = variant.is_some_and(|v| v.rules().diagonals);
    let mut out = format!(
        "{}x{}:{}:k:",
        g.box_rows(),
        g.box_cols(),
        if diagonals { "d" } else { "" }
    );
    let cages = variant.map_or(0, |v| v.cages().len());
    let mut free = 0;
    for cell in 0..g.cells() {
        let value = match variant.and_then(|v| v.cage_of(cell).map(|k| (k, v.cages()[k].sum))) {
            Some((k, sum)) => sum * 256 + k as u32 + 1,
            None => {
                free += 1;
                (cages + free) as u32
            }
        };
        out.push_str(&format!("{value}:"));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::files::formats::{Format, detect, read, write};

    fn one(text: &str) -> Grid {
        let (_, entries) = read(text, None, None).unwrap();
        entries.into_iter().next().unwrap().puzzle
    }

    fn error(text: &str) -> (usize, usize, String) {
        let e = read(text, None, None).unwrap_err();
        (e.line, e.column, e.kind.to_string())
    }

    /// Written as a SumoCue line and read back: the same board and rules.
    fn round_trip(puzzle: &Grid) {
        Format::SumoCue.holds(puzzle).unwrap();
        let text = write(puzzle, None, Format::SumoCue);
        assert_eq!(detect(&text), Format::SumoCue, "{text}");
        let back = one(&text);
        assert_eq!(back.values(), puzzle.values(), "{text}");
        assert_eq!(
            back.variant().map(|v| v.rules()),
            puzzle.variant().map(|v| v.rules())
        );
    }

    #[test]
    fn sumocue_lines() {
        // Cages of a 4×4 board: {r1c1, r1c2} = 3 and {r1c3, r1c4} = 7; the rest free.
        let mut line = String::from("2x2::k:");
        for (k, cell) in (0..16).enumerate() {
            let value = match cell {
                0 | 1 => 3 * 256 + 1,
                2 | 3 => 7 * 256 + 2,
                _ => k as u32 + 1,
            };
            line.push_str(&format!("{value}:"));
        }
        let g = one(&line);
        let v = g.variant().unwrap();
        assert_eq!(v.cages().len(), 2);
        assert_eq!(
            (v.cages()[0].sum, v.cages()[1].cells.clone()),
            (3, vec![2, 3])
        );
        assert!(!v.rules().diagonals);
        let x = one(&line.replace("::k:", ":d:k:"));
        assert!(x.variant().unwrap().rules().diagonals);
        round_trip(&g);
        let e = error(&line.replace("2x2::k:", "2x2:q:k:"));
        assert_eq!((e.0, e.1), (1, 5), "{}", e.2);
        let e = error(&line.replacen("769:", "1025:", 1));
        assert!(e.2.contains("cage 1 has the sum 4 and here 3"), "{}", e.2);
        let e = error(&line.replacen("769:", "7x9:", 1));
        assert_eq!(e.1, 8, "{}", e.2);
        let e = error(&line[..line.len() - 3]);
        assert!(e.2.contains("needs 16 cell numbers"), "{}", e.2);
        let mut with_given = g.clone();
        with_given.set(5, 1);
        assert!(Format::SumoCue.holds(&with_given).is_err());
    }
}
