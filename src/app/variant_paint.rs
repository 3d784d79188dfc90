//! A variant's marks on the board, drawn as players know them from paper: an X board's diagonals
//! and a hyper board's windows shaded, a jigsaw's regions bounded by thick lines where boxes
//! would be, and each killer cage outlined by a dashed line just inside its cells with its sum in
//! its first cell's corner.

use std::sync::Arc;

use egui::{Align2, Color32, FontId, Galley, Painter, Pos2, Rect, Shape, Stroke, Vec2};

use super::layout::BoardLayout;

use crate::sudoku::{Grid, Unit};

/// A step from a cell: rows, columns.
type Step = (isize, isize);

/// The cells to shade: those of a diagonal or a window.
pub(super) fn shaded(board: &Grid) -> Vec<bool> {
    let mut marks = vec![false; board.positions()];
    if let Some(v) = board.variant() {
        for (unit, cells) in v.units().iter() {
            if matches!(unit, Unit::Diagonal(_) | Unit::Window(_)) {
                for &c in cells {
                    marks[c] = true;
                }
            }
        }
    }
    marks
}

/// The cells that share a unit (or a cage) with `cell`.
pub(super) fn peers(board: &Grid, cell: Option<usize>) -> Vec<bool> {
    let mut marks = vec![false; board.positions()];
    if let Some(cell) = cell {
        for (_, cells) in board.houses() {
            if cells.contains(&cell) {
                for c in cells {
                    marks[c] = true;
                }
            }
        }
    }
    marks
}

/// Thick lines between cells of different jigsaw regions of a board drawn in `r` (the frame is
/// drawn by the board).
pub(super) fn paint_regions(painter: &Painter, r: Rect, board: &Grid, thick: Stroke) {
    let Some(v) = board.variant().filter(|v| v.rules().regions.is_some()) else {
        return;
    };
    let side = board.geometry().side();
    let s = r.width() / side as f32;
    for row in 0..side {
        for col in 0..side {
            let cell = row * side + col;
            let here = v.region_of(cell);
            if col + 1 < side && v.region_of(cell + 1) != here {
                let x = r.min.x + (col + 1) as f32 * s;
                let y = r.min.y + row as f32 * s;
                painter.line_segment([Pos2::new(x, y), Pos2::new(x, y + s)], thick);
            }
            if row + 1 < side && v.region_of(cell + side) != here {
                let x = r.min.x + col as f32 * s;
                let y = r.min.y + (row + 1) as f32 * s;
                painter.line_segment([Pos2::new(x, y), Pos2::new(x + s, y)], thick);
            }
        }
    }
}

/// True if the jigsaw's regions replace the boxes' thick lines.
pub(super) fn has_regions(board: &Grid) -> bool {
    board.variant().is_some_and(|v| v.rules().regions.is_some())
}

/// How far a cage's dashed outline runs inside the edges of cells `s` wide.
pub(super) fn cage_inset(s: f32) -> f32 {
    (s * 0.09).max(2.0)
}

/// The width of a cage's dashed outline in cells `s` wide.
fn cage_stroke(s: f32) -> f32 {
    (s / 40.0).clamp(1.0, 1.5)
}

/// The room a cell `s` wide keeps inside the cage lines that may run round it: where its
/// pencil marks and counts go on a board with cages.
pub(super) fn inside_cage_lines(rect: Rect, s: f32) -> Rect {
    rect.shrink(cage_inset(s) + cage_stroke(s) + 0.5)
}

/// True if the board has cages (killer or Mathdoku) drawn on it.
pub(super) fn has_cages(board: &Grid) -> bool {
    match (board.shape(), board.variant()) {
        (Some(s), _) => !s.cages().is_empty() || !s.math_cages().is_empty(),
        (None, Some(v)) => !v.cages().is_empty(),
        (None, None) => false,
    }
}

/// A cage's sum (or a Mathdoku cage's target and operation, `12×`) laid out for the corner of
/// its first cell.
pub(super) struct CageLabel {
    /// The cage's first cell, whose corner holds the label.
    pub cell: usize,
    /// The patch of background the label sits on: what the cell's marks keep clear of.
    pub patch: Rect,
    galley: Arc<Galley>,
}

/// Each cage's label, laid out in `colour` in the top-left corner of its first cell.
pub(super) fn cage_labels(
    painter: &Painter,
    layout: &BoardLayout,
    board: &Grid,
    colour: Color32,
) -> Vec<CageLabel> {
    let labels: Vec<(usize, String)> = match (board.shape(), board.variant()) {
        (Some(s), _) => s
            .cages()
            .iter()
            .map(|c| (c.cells.first().copied(), c.sum.to_string()))
            .chain(
                s.math_cages()
                    .iter()
                    .map(|c| (c.cells.first().copied(), format!("{}{}", c.target, c.op))),
            )
            .filter_map(|(first, text)| first.map(|f| (f, text)))
            .collect(),
        (None, Some(v)) => v
            .cages()
            .iter()
            .filter_map(|c| c.cells.first().map(|&f| (f, c.sum.to_string())))
            .collect(),
        (None, None) => Vec::new(),
    };
    let s = layout.cell_size();
    let font = FontId::proportional((s * 0.24).max(6.0));
    labels
        .into_iter()
        .map(|(cell, text)| {
            let at = layout.position_rect(cell).min + Vec2::splat(cage_inset(s) * 0.5);
            let galley = painter.layout_no_wrap(text, font.clone(), colour);
            let patch = Rect::from_min_size(at, galley.size()).expand(1.0);
            CageLabel {
                cell,
                patch,
                galley,
            }
        })
        .collect()
}

/// Each cage's dashed outline, a little inside its cells, and its label (`labels`, from
/// [`cage_labels`]) in the corner of its first cell (on a patch of `background`, which the
/// outline stops at), for a board laid out by `layout`.
pub(super) fn paint_cages(
    painter: &Painter,
    layout: &BoardLayout,
    board: &Grid,
    labels: Vec<CageLabel>,
    colour: Color32,
    background: Color32,
) {
    if labels.is_empty() {
        return;
    }
    let cage_of = |p: usize| match board.shape() {
        Some(s) => s.cage_of(p),
        None => board.variant().and_then(|v| v.cage_of(p)),
    };
    let l = board.layout();
    let s = layout.cell_size();
    let inset = cage_inset(s);
    let stroke = Stroke::new(cage_stroke(s), colour);
    let dash = (s * 0.12).max(2.0);
    let mut shapes = Vec::new();
    for cell in 0..board.positions() {
        let Some(k) = cage_of(cell) else {
            continue;
        };
        let (x, y, z) = l.coordinates(cell);
        // The cage of the cell `rows` down and `cols` across, in the same layer.
        let same = |rows: isize, cols: isize| {
            let (nx, ny) = (x as isize + cols, y as isize + rows);
            let inside =
                (0..l.width as isize).contains(&nx) && (0..l.height as isize).contains(&ny);
            inside && cage_of(l.position(nx as usize, ny as usize, z)) == Some(k)
        };
        let corner = |rows: isize, cols: isize| {
            layout.position_rect(cell).min + Vec2::new(cols as f32 * s, rows as f32 * s)
        };
        // Each side of the cell on the cage's edge: (the neighbour across it, the direction
        // along it, the side's start corner offset, the inward normal).
        let sides: [(Step, Step, Step, Vec2); 4] = [
            ((-1, 0), (0, 1), (0, 0), Vec2::new(0.0, 1.0)),
            ((1, 0), (0, 1), (1, 0), Vec2::new(0.0, -1.0)),
            ((0, -1), (1, 0), (0, 0), Vec2::new(1.0, 0.0)),
            ((0, 1), (1, 0), (0, 1), Vec2::new(-1.0, 0.0)),
        ];
        for (across, along, start, inward) in sides {
            if same(across.0, across.1) {
                continue;
            }
            // At each end the line stops short (the cage turns inward), runs to the cell's
            // edge (the next cell of the cage continues it), or reaches past it (an inner
            // corner, where it meets the line of the cell diagonally across).
            let reach = |dir: isize| {
                let (nr, nc) = (dir * along.0, dir * along.1);
                if !same(nr, nc) {
                    -inset
                } else if same(nr + across.0, nc + across.1) {
                    inset
                } else {
                    0.0
                }
            };
            let a = corner(start.0, start.1) + inward * inset;
            let unit = Vec2::new(along.1 as f32, along.0 as f32);
            let from = a - unit * reach(-1);
            let to = a + unit * (s + reach(1));
            shapes.extend(Shape::dashed_line(&[from, to], stroke, dash, dash * 0.7));
        }
    }
    painter.extend(shapes);
    for label in labels {
        painter.rect_filled(label.patch, 1.0, background);
        painter.galley(
            Align2::LEFT_TOP
                .align_size_within_rect(label.galley.size(), label.patch)
                .min,
            label.galley,
            colour,
        );
    }
}
