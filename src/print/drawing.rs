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

/// A point in cell units from the board's top left corner.
pub type Point = (f32, f32);

/// Text: a given, a solution's digit, or a cage's label.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// Its centre (for a label, its top left corner), in cell units from the top left.
    pub at: (f32, f32),
    /// Its height in cell units.
    pub size: f32,
    /// What it says.
    pub text: String,
    /// A cage's label (drawn from its top left corner, small).
    pub label: bool,
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
                label: false,
            });
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
    let labels = shape
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
        }));
    for (cells, text) in labels {
        let Some(&first) = cells.iter().min_by_key(|&&c| {
            let (x, y, z) = layout.coordinates(c);
            (z, y, x)
        }) else {
            continue;
        };
        let (x, y, z) = layout.coordinates(first);
        let (ox, oy) = origin(x, y, z);
        out.texts.push(Text {
            at: (ox + 0.1, oy + 0.1),
            size: 0.24,
            text,
            label: true,
        });
    }
    out
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
