//! A board as a drawing: lines, shaded squares and text in cell units, from the board model
//! alone, so that every size, shape and variant prints as the window draws it. The PDF writer
//! ([`pdf`](super::pdf)) scales it onto the page.
//!
//! The board is read through its [`Shape`] (a square board's is made by `Shape::of_grid`): each
//! position of the layout that is a cell gets a thin outline; a side between a cell and a hole
//! or the edge, or between two cells of different blocks (boxes, jigsaw regions, a shape file's
//! groups), is thick. A cube's layers lie side by side, a cell apart. A variant's diagonals are
//! thin lines corner to corner, its windows shaded; a cage's outline is dashed just inside its
//! cells, with its sum (or a Mathdoku target and operation) in the corner of its first cell.
//!
//! Each text says what it is ([`Ink`]): a given, a player's entry, a value the solver filled
//! in, a pencil mark or a cage's label. The PDF prints puzzles and solutions, all in black; an
//! image ([`svg`](super::svg), [`png`](super::png)) shows the board as the player sees it, so
//! [`draw_progress`] also takes where each value came from and the empty cells' pencil marks,
//! which sit in a small grid in the cell shaped like a box, as the window lays them out. The
//! colours, line widths, cell size and margin of an image are here too ([`Ink::rgb`],
//! [`Stroke::look`], [`CELL`], [`margin`]), so that the two image writers draw alike.

use crate::sudoku::Grid;
use crate::sudoku::board::cage::Operation;
use crate::sudoku::board::geometry::Unit;
use crate::sudoku::board::shape::Shape;

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stroke {
    /// A cell's side.
    Thin,
    /// A block's side, and the board's edge.
    Thick,
    /// A cage's outline.
    Dashed,
    /// A diagonal of an X board.
    Diagonal,
}

impl Stroke {
    /// How an image draws the line: its width in cell units, its colour, and the length of its
    /// dashes and gaps in cell units if it is dashed. Close to the window's light theme: grey
    /// cell sides, near-black blocks, dark dashed cages, grey diagonals.
    pub fn look(self) -> (f32, [u8; 3], Option<f32>) {
        match self {
            Stroke::Thin => (1.0 / 64.0, [160, 160, 160], None),
            Stroke::Thick => (3.0 / 64.0, [30, 30, 30], None),
            Stroke::Dashed => (1.25 / 64.0, [50, 50, 50], Some(4.0 / 64.0)),
            Stroke::Diagonal => (1.25 / 64.0, [150, 150, 150], None),
        }
    }
}

/// The default size of a cell in an image, in pixels: a 9×9 board is then 600 pixels square.
pub const CELL: f32 = 64.0;

/// The margin around the board in an image `cell` pixels a cell, in pixels.
pub fn margin(cell: f32) -> f32 {
    cell * 3.0 / 16.0
}

/// The colour of an image's shaded squares (a hyper board's windows): the window's tint for
/// them, over white.
pub const SHADE_RGB: [u8; 3] = [226, 231, 246];

/// What a text is, and so how it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ink {
    /// A given of the puzzle, or a solution's digit.
    #[default]
    Given,
    /// A value the player typed.
    Entry,
    /// A value the solver filled in.
    Solver,
    /// A pencil mark, small, in its place in the cell.
    Note,
    /// A cage's sum or target, small, from the top left corner of its first cell.
    Label,
}

impl Ink {
    /// The colour an image draws it in: the window's colours in its light theme (the PDF
    /// prints every text in black).
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Ink::Given => [20, 20, 20],
            Ink::Entry => [25, 85, 200],
            Ink::Solver => [20, 125, 60],
            Ink::Note => [90, 90, 110],
            Ink::Label => [50, 50, 50],
        }
    }
}

/// A point in cell units from the board's top left corner.
pub type Point = (f32, f32);

/// Text: a given, a solution's digit, an entry, a pencil mark or a cage's label.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// Its centre (for a label, its top left corner), in cell units from the top left.
    pub at: (f32, f32),
    /// Its size (the font's em) in cell units.
    pub size: f32,
    /// What it says.
    pub text: String,
    /// What it is: a label is drawn from its top left corner, the rest centred.
    pub ink: Ink,
}

/// What the player has done on a board, by position, as the window shows it: where each value
/// came from (a given, an entry, the solver's) and each empty cell's pencil marks (bit `v - 1`
/// for symbol `v`). A position past the end of either list is a given without marks, so the
/// default is a printed puzzle.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Progress {
    /// Where each position's value came from ([`Ink::Given`], [`Ink::Entry`] or
    /// [`Ink::Solver`]).
    pub inks: Vec<Ink>,
    /// Each position's pencil marks, drawn where it holds no value.
    pub notes: Vec<u64>,
}

/// A board drawn in cell units, `(0, 0)` its top left corner.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Drawing {
    /// Its width and height in cells.
    pub size: (f32, f32),
    /// Lines from one point to another.
    pub lines: Vec<(Point, Point, Stroke)>,
    /// Shaded unit squares, by their top left corner.
    pub shaded: Vec<(f32, f32)>,
    /// The text.
    pub texts: Vec<Text>,
}

/// The drawing of `grid`: its board, and its values (givens, or a solution's digits).
pub fn draw(grid: &Grid) -> Drawing {
    draw_progress(grid, &Progress::default())
}

/// The drawing of `grid` as the player sees it: its values in the ink of where each came from,
/// and the empty cells' pencil marks, as `progress` says.
pub fn draw_progress(grid: &Grid, progress: &Progress) -> Drawing {
    let shape = Shape::of_grid(grid);
    let layout = shape.layout();
    let (w, h, d) = (layout.width, layout.height, layout.depth);
    // Where position (x, y, z) is drawn: layers side by side, a cell apart.
    let origin = |x: usize, y: usize, z: usize| ((z * (w + 1) + x) as f32, y as f32);
    let mut out = Drawing {
        size: ((d * (w + 1) - 1) as f32, h as f32),
        ..Drawing::default()
    };
    let block = blocks(&shape);
    let cage_of = cages(&shape);
    // Each cage's label and the position of its first cell, whose corner holds it.
    let labels: Vec<(usize, String)> = shape
        .cages()
        .iter()
        .map(|c| (&c.cells, c.sum.to_string()))
        .chain(shape.math_cages().iter().map(|c| {
            let sign = match c.op {
                Operation::Given => String::new(),
                Operation::Add => "+".into(),
                Operation::Subtract => "-".into(),
                Operation::Multiply => "x".into(),
                Operation::Divide => "/".into(),
            };
            (&c.cells, format!("{}{sign}", c.target))
        }))
        .filter_map(|(cells, text)| {
            let first = cells.iter().copied().min_by_key(|&c| {
                let (x, y, z) = layout.coordinates(c);
                (z, y, x)
            })?;
            Some((first, text))
        })
        .collect();
    let mut label_of: Vec<Option<&str>> = vec![None; shape.positions()];
    for (first, text) in &labels {
        if let Some(slot) = label_of.get_mut(*first) {
            *slot = Some(text);
        }
    }
    let caged = cage_of.iter().any(Option::is_some);
    let note_grid = note_grid(grid);
    let at = |x: isize, y: isize, z: usize| {
        (x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h)
            .then(|| layout.position(x as usize, y as usize, z))
            .filter(|&p| shape.is_cell(p))
    };
    for p in shape.cells() {
        let (x, y, z) = layout.coordinates(p);
        let (ox, oy) = origin(x, y, z);
        let (xi, yi) = (x as isize, y as isize);
        // The four sides: left, right, top, bottom, each with its neighbour.
        let sides = [
            ((ox, oy), (ox, oy + 1.0), at(xi - 1, yi, z)),
            ((ox + 1.0, oy), (ox + 1.0, oy + 1.0), at(xi + 1, yi, z)),
            ((ox, oy), (ox + 1.0, oy), at(xi, yi - 1, z)),
            ((ox, oy + 1.0), (ox + 1.0, oy + 1.0), at(xi, yi + 1, z)),
        ];
        for (k, (a, b, next)) in sides.into_iter().enumerate() {
            let thick = next.is_none_or(|q| block[q] != block[p]);
            // Each inner side once (from its left or top cell); edges always.
            if next.is_none() || k % 2 == 1 {
                out.lines
                    .push((a, b, if thick { Stroke::Thick } else { Stroke::Thin }));
            }
            // A cage's side: dashed, just inside the cell.
            if let Some(k_p) = cage_of[p]
                && next.is_none_or(|q| cage_of[q] != Some(k_p))
            {
                let inset = 0.08;
                let (ia, ib) = inset_side(k, (ox, oy), inset);
                out.lines.push((ia, ib, Stroke::Dashed));
            }
        }
        let v = grid.values().get(p).copied().unwrap_or(0);
        if v != 0 {
            out.texts.push(Text {
                at: (ox + 0.5, oy + 0.5),
                size: 0.6,
                text: grid.alphabet().symbol(v).to_string(),
                ink: progress.inks.get(p).copied().unwrap_or_default(),
            });
        } else if let Some(&marks) = progress.notes.get(p).filter(|&&m| m != 0) {
            let label = label_of.get(p).copied().flatten();
            notes(&mut out, grid, (ox, oy), marks, note_grid, caged, label);
        }
    }
    for (unit, cells) in shape.units() {
        match unit {
            Unit::Window(_) => {
                for &c in cells {
                    let (x, y, z) = layout.coordinates(c);
                    out.shaded.push(origin(x, y, z));
                }
            }
            Unit::Diagonal(k) => {
                let s = w as f32;
                let line = if k == 0 {
                    ((0.0, 0.0), (s, h as f32))
                } else {
                    ((s, 0.0), (0.0, h as f32))
                };
                out.lines.push((line.0, line.1, Stroke::Diagonal));
            }
            _ => {}
        }
    }
    for (first, text) in labels {
        let (x, y, z) = layout.coordinates(first);
        let (ox, oy) = origin(x, y, z);
        out.texts.push(Text {
            at: (ox + LABEL_AT, oy + LABEL_AT),
            size: LABEL_SIZE,
            text,
            ink: Ink::Label,
        });
    }
    out
}

/// Where a cage's label starts, from its cell's top left corner, in cell units.
const LABEL_AT: f32 = 0.1;
/// A cage's label's size in cell units.
const LABEL_SIZE: f32 = 0.24;

/// How pencil marks sit in a cell, as the window lays them out: a grid (rows, columns) shaped
/// like a box (3×3 for 9×9, 2×3 for 6×6); on a board without boxes, the most nearly square
/// grid that holds them.
fn note_grid(grid: &Grid) -> (usize, usize) {
    let g = grid.geometry();
    if g.has_boxes() {
        return (g.box_rows().max(1), g.box_cols().max(1));
    }
    let side = g.side().max(1);
    let cols = side.isqrt() + usize::from(side.isqrt().pow(2) < side);
    (side.div_ceil(cols), cols)
}

/// The pencil marks `marks` of the empty cell whose top left corner is `(ox, oy)`: symbol `v`
/// centred in slot `v - 1` of a `(rows, cols)` grid over the cell, inside the cage lines on a
/// board with cages; a row that reaches down beside a cage's `label` is laid out in what the
/// label leaves to its right.
fn notes(
    out: &mut Drawing,
    grid: &Grid,
    (ox, oy): (f32, f32),
    marks: u64,
    (rows, cols): (usize, usize),
    caged: bool,
    label: Option<&str>,
) {
    let pad = if caged { 0.13 } else { 0.04 };
    let room = 1.0 - 2.0 * pad;
    let (cw, ch) = (room / cols as f32, room / rows as f32);
    let size = 0.8 * cw.min(ch);
    // The label's right and bottom edges (a monospace digit is 0.6 of an em wide).
    let label_end = label.map(|t| {
        let right = LABEL_AT + 0.6 * LABEL_SIZE * t.chars().count() as f32 + 0.03;
        (right, LABEL_AT + LABEL_SIZE)
    });
    for v in 1..=64u8 {
        if marks & (1u64 << (v - 1)) == 0 {
            continue;
        }
        let k = usize::from(v - 1);
        let (row, col) = (k / cols, k % cols);
        if row >= rows {
            break;
        }
        let top = pad + row as f32 * ch;
        let (left, width) = match label_end {
            Some((right, bottom)) if top < bottom => {
                let left = right.clamp(pad, 1.0 - pad);
                (left, (1.0 - pad - left) / cols as f32)
            }
            _ => (pad, cw),
        };
        out.texts.push(Text {
            at: (ox + left + (col as f32 + 0.5) * width, oy + top + 0.5 * ch),
            size,
            text: grid.alphabet().symbol(v).to_string(),
            ink: Ink::Note,
        });
    }
}

/// Side `k` (left, right, top, bottom) of the cell at `o`, moved `inset` into the cell.
fn inset_side(k: usize, (x, y): (f32, f32), inset: f32) -> ((f32, f32), (f32, f32)) {
    let (lo, hi) = (inset, 1.0 - inset);
    match k {
        0 => ((x + lo, y + lo), (x + lo, y + hi)),
        1 => ((x + hi, y + lo), (x + hi, y + hi)),
        2 => ((x + lo, y + lo), (x + hi, y + lo)),
        _ => ((x + lo, y + hi), (x + hi, y + hi)),
    }
}

/// Each position's block: the first box, region or group holding it (`usize::MAX`: none, as
/// on a Latin square or in a cube, where only the board's edge is thick).
fn blocks(shape: &Shape) -> Vec<usize> {
    let mut block = vec![usize::MAX; shape.positions()];
    for (k, (unit, cells)) in shape.units().enumerate() {
        if matches!(unit, Unit::Box(_) | Unit::Region(_) | Unit::Group(_)) {
            for &c in cells {
                if block[c] == usize::MAX {
                    block[c] = k;
                }
            }
        }
    }
    block
}

/// Each position's cage (killer or Mathdoku), if any.
fn cages(shape: &Shape) -> Vec<Option<usize>> {
    let mut of = vec![None; shape.positions()];
    let all = shape
        .cages()
        .iter()
        .map(|c| &c.cells)
        .chain(shape.math_cages().iter().map(|c| &c.cells));
    for (k, cells) in all.enumerate() {
        for &c in cells {
            of[c] = Some(k);
        }
    }
    of
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_classic_board_has_its_boxes_thick_and_its_givens_centred() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let d = draw(&Grid::parse_line(line, None).unwrap());
        assert_eq!(d.size, (9.0, 9.0));
        assert_eq!(d.texts.len(), line.chars().filter(|&c| c != '.').count());
        assert_eq!(d.texts[0].text, "3");
        assert_eq!(d.texts[0].at, (2.5, 0.5));
        // Every vertical line at x = 3 is thick (a box's side), at x = 1 thin.
        let at = |x: f32| d.lines.iter().filter(move |l| l.0.0 == x && l.1.0 == x);
        assert!(at(3.0).all(|l| l.2 == Stroke::Thick) && at(3.0).count() == 9);
        assert!(at(1.0).all(|l| l.2 == Stroke::Thin) && at(1.0).count() == 9);
        assert!(d.shaded.is_empty());
    }
}
