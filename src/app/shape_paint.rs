//! A shape's lines, drawn as KSudoku and paper puzzles draw them: a thin line between two cells,
//! a thick one where the cells fall in different blocks (boxes, regions, a shape file's groups,
//! a cube's planes) and all round the board's edge, where a cell meets a hole or the outside.
//! A board whose only units are lines (a Mathdoku's rows and columns) has no blocks: its cages
//! carry the thick lines instead.

use egui::{Painter, Stroke};

use crate::sudoku::Unit;
use crate::sudoku::board::shape::Shape;

use super::layout::BoardLayout;

/// True for a unit drawn with thick lines round it: a block, not a line.
fn is_block(unit: Unit) -> bool {
    !matches!(
        unit,
        Unit::Row(_) | Unit::Column(_) | Unit::Diagonal(_) | Unit::Window(_)
    )
}

/// Draws the lines of `shape`'s board laid out by `layout`.
pub(super) fn paint_lines(
    painter: &Painter,
    layout: &BoardLayout,
    shape: &Shape,
    thin: Stroke,
    thick: Stroke,
) {
    let l = shape.layout();
    let blocks: Vec<bool> = (0..shape.unit_count())
        .map(|u| shape.unit_name(u).is_some_and(is_block))
        .collect();
    let any_blocks = blocks.contains(&true);
    let share_block = |a: usize, b: usize| {
        shape
            .units_of(a)
            .iter()
            .any(|u| blocks[*u as usize] && shape.units_of(b).contains(u))
    };
    // A line for each side of each cell: thick on the edge and between blocks, thin inside;
    // the thin ones first, so that the thick ones cover their ends.
    let mut thick_lines = Vec::new();
    for cell in shape.cells() {
        let (x, y, z) = l.coordinates(cell);
        let r = layout.position_rect(cell);
        let sides = [
            (
                x > 0,
                (x.wrapping_sub(1), y),
                [r.left_top(), r.left_bottom()],
            ),
            (
                x + 1 < l.width,
                (x + 1, y),
                [r.right_top(), r.right_bottom()],
            ),
            (y > 0, (x, y.wrapping_sub(1)), [r.left_top(), r.right_top()]),
            (
                y + 1 < l.height,
                (x, y + 1),
                [r.left_bottom(), r.right_bottom()],
            ),
        ];
        for (inside, (nx, ny), line) in sides {
            let other = inside.then(|| l.position(nx, ny, z));
            match other.filter(|&o| shape.is_cell(o)) {
                None => thick_lines.push(line),
                Some(o) if any_blocks && !share_block(cell, o) => thick_lines.push(line),
                Some(o) if o > cell => {
                    painter.line_segment(line, thin);
                }
                Some(_) => {}
            }
        }
    }
    for line in thick_lines {
        painter.line_segment(line, thick);
    }
}
