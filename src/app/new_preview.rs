//! The New game dialog's preview: the empty board of the choice, drawn small. A square board
//! shows its boxes and, for a variant, its shaded diagonals and windows (a jigsaw's regions and
//! a killer's cages are drawn anew for each puzzle, so its boxes are left out and a line says
//! so); a shape shows its layout, holes and blocks as the board draws them.

use std::sync::Arc;

use egui::{Pos2, Sense, Stroke, StrokeKind};

use crate::sudoku::{BoardKind, Grid, Rules, Variant};

use super::layout::BoardLayout;
use super::{shape_paint, variant_paint};

/// Draws the empty board of `board` in a square of `size` points, and under it what the
/// preview cannot show.
pub(super) fn preview(ui: &mut egui::Ui, size: f32, board: &Result<BoardKind, String>) {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), Sense::hover());
    let visuals = ui.visuals();
    let background = visuals.extreme_bg_color;
    let thin = Stroke::new(1.0, visuals.weak_text_color().gamma_multiply(0.6));
    let thick = Stroke::new(2.0, visuals.strong_text_color());
    let shade = visuals.selection.bg_fill.gamma_multiply(0.45);
    let painter = ui.painter_at(rect.expand(2.0));
    let mut note = None;
    match board {
        Ok(BoardKind::Shape { shape, .. }) => {
            let layout = BoardLayout::fit_layout(rect.shrink(2.0), shape.layout());
            for cell in shape.cells() {
                painter.rect_filled(layout.position_rect(cell), 0.0, background);
            }
            shape_paint::paint_lines(&painter, &layout, shape, thin, thick);
        }
        Ok(BoardKind::Classic(notation)) => {
            let layout = BoardLayout::fit(rect.shrink(2.0), notation.geometry.side());
            painter.rect_filled(layout.rect, 0.0, background);
            lines(&painter, &layout, Some(notation.geometry), thin, thick);
        }
        Ok(BoardKind::Variant {
            notation,
            x,
            hyper,
            jigsaw,
            killer,
        }) => {
            let geometry = notation.geometry;
            // The regions the generator starts from (the boxes; rows where there are none)
            // only make the rules whole: they are not drawn.
            let side = geometry.side();
            let rules = Rules {
                diagonals: *x,
                windows: *hyper,
                regions: (!geometry.has_boxes())
                    .then(|| (0..side * side).map(|c| c / side).collect()),
                cages: Vec::new(),
            };
            let grid = Variant::new(geometry, rules)
                .ok()
                .and_then(|v| {
                    Grid::empty(notation.clone())
                        .with_variant(Some(Arc::new(v)))
                        .ok()
                })
                .unwrap_or_else(|| Grid::empty(notation.clone()));
            let layout = BoardLayout::fit(rect.shrink(2.0), side);
            painter.rect_filled(layout.rect, 0.0, background);
            for (cell, shaded) in variant_paint::shaded(&grid).into_iter().enumerate() {
                if shaded {
                    painter.rect_filled(layout.cell_rect(cell / side, cell % side), 0.0, shade);
                }
            }
            let boxes = (!*jigsaw && geometry.has_boxes()).then_some(geometry);
            lines(&painter, &layout, boxes, thin, thick);
            note = match (*jigsaw, *killer) {
                (true, true) => Some("Regions and cages are drawn anew for each puzzle"),
                (true, false) => Some("Regions are drawn anew for each puzzle"),
                (false, true) => Some("Cages are cut anew for each puzzle"),
                (false, false) => None,
            };
        }
        Err(_) => {
            painter.rect_stroke(rect.shrink(2.0), 0.0, thin, StrokeKind::Inside);
        }
    }
    response.on_hover_text("The empty board");
    if let Some(note) = note {
        ui.label(egui::RichText::new(note).small().weak());
    }
}

/// A square board's lines: thin between cells, thick between the boxes of `boxes` (none: no
/// boxes drawn) and round the frame.
fn lines(
    painter: &egui::Painter,
    layout: &BoardLayout,
    boxes: Option<crate::sudoku::Geometry>,
    thin: Stroke,
    thick: Stroke,
) {
    let side = layout.side;
    let r = layout.rect;
    let s = layout.cell_size();
    let (box_rows, box_cols) =
        boxes.map_or((usize::MAX, usize::MAX), |g| (g.box_rows(), g.box_cols()));
    // Cells a few pixels wide show their boxes only: a line between every two would grey them.
    let fine = s >= 6.0;
    let mut heavy = Vec::new();
    for k in 1..side {
        let at = k as f32 * s;
        let vertical = [
            Pos2::new(r.min.x + at, r.min.y),
            Pos2::new(r.min.x + at, r.max.y),
        ];
        let horizontal = [
            Pos2::new(r.min.x, r.min.y + at),
            Pos2::new(r.max.x, r.min.y + at),
        ];
        if k % box_cols == 0 {
            heavy.push(vertical);
        } else if fine {
            painter.line_segment(vertical, thin);
        }
        if k % box_rows == 0 {
            heavy.push(horizontal);
        } else if fine {
            painter.line_segment(horizontal, thin);
        }
    }
    for line in heavy {
        painter.line_segment(line, thick);
    }
    painter.rect_stroke(r, 0.0, thick, StrokeKind::Middle);
}
