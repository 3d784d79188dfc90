//! The loupe: the selected cell's pencil marks drawn large beside it, wherever the board's own
//! marks are too small to read. A 25×25 board at the window's default size leaves a pencil
//! mark about five pixels, a 36×36 one less; rather than give every cell's marks room they
//! cannot have, the cell under the pointer (or moved to by the keys) shows its marks again in a
//! small card next to it, in the cell's own grid of marks (5×5 for 25×25, 6×6 for 36×36) at a
//! size that reads, with the highlighted symbol and the player's colours as on the board.
//!
//! The card sits to the right of the cell and below it, or wherever it fits inside the board,
//! so that it never hides the cell it magnifies; it is drawn above the board and takes no
//! input, so the pointer goes on moving over the cells beneath it. Boards whose marks read
//! well (9×9, 16×16 at the default size) never show it.

use egui::{Align2, Color32, FontId, Order, Pos2, Rect, Stroke, StrokeKind, Vec2};

use crate::game::Game;
use crate::sudoku::logic::hint::values_of;

use super::layout::BoardLayout;

/// The smallest font size, in points, at which pencil marks read: below it the loupe shows.
pub const SMALLEST_READABLE: f32 = 9.0;

/// The loupe's marks' font size, in points.
const FONT: f32 = 15.0;

/// The colours the loupe draws with, taken from the board's palette.
#[derive(Debug, Clone, Copy)]
pub struct Inks {
    /// A pencil mark.
    pub note: Color32,
    /// The highlighted symbol's mark, and the card's frame.
    pub same: Color32,
    /// Behind the highlighted symbol's mark.
    pub same_fill: Color32,
    /// The card.
    pub background: Color32,
    /// The player's colours, 1 first.
    pub paints: [Color32; crate::game::COLOURS as usize],
}

/// Where the card of a cell at `cell` goes for a grid of `(rows, cols)` marks: beside the
/// cell, to its right and below, moved left or up where the board's edge is near.
pub fn card_rect(cell: Rect, board: Rect, grid: (usize, usize)) -> Rect {
    let slot = FONT * 1.45;
    let size =
        Vec2::new(grid.1.max(1) as f32 * slot, grid.0.max(1) as f32 * slot) + Vec2::splat(8.0);
    let gap = 4.0;
    let x = if cell.right() + gap + size.x <= board.right() {
        cell.right() + gap
    } else {
        (cell.left() - gap - size.x).max(board.left())
    };
    let y = if cell.top() + size.y <= board.bottom() {
        cell.top()
    } else {
        (cell.bottom() - size.y).max(board.top())
    };
    Rect::from_min_size(Pos2::new(x, y), size)
}

/// Draws the loupe for the selected cell if the board's marks are smaller than
/// [`SMALLEST_READABLE`] and the cell is empty with pencil marks. `note_font` is the size the
/// board drew its marks at and `grid` its grid of marks; `same` is the highlighted symbol and
/// `filter` the one the filter shows alone.
pub fn show(
    ui: &egui::Ui,
    game: &Game,
    layout: &BoardLayout,
    (note_font, grid): (f32, (usize, usize)),
    (same, filter): (Option<u8>, Option<u8>),
    inks: &Inks,
) {
    let Some(cell) = game.selected() else {
        return;
    };
    let notes = game.notes(cell);
    if note_font >= SMALLEST_READABLE || game.value(cell) != 0 || notes == 0 {
        return;
    }
    let rect = card_rect(layout.position_rect(cell), layout.rect, grid);
    let alphabet = game.board().alphabet();
    let colours = game.mark_colours(cell);
    let shown: Vec<u8> = values_of(notes)
        .filter(|&v| filter.is_none_or(|f| f == v))
        .collect();
    // The card is named for screen readers (and tests): "Pencil marks of r1c1: 1 4 7".
    let name = format!(
        "Pencil marks of {}: {}",
        game.board().cell_name(cell),
        shown
            .iter()
            .map(|&v| alphabet.symbol(v).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    egui::Area::new(egui::Id::unique("sudoku-dlx-loupe"))
        .order(Order::Tooltip)
        .fixed_pos(rect.min)
        .interactable(false)
        .show(ui.ctx(), |ui| {
            let (rect, response) = ui.allocate_exact_size(rect.size(), egui::Sense::hover());
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
            let painter = ui.painter();
            painter.rect_filled(rect, 4.0, inks.background);
            painter.rect_stroke(rect, 4.0, Stroke::new(1.5, inks.same), StrokeKind::Inside);
            let inner = rect.shrink(4.0);
            let (rows, cols) = (grid.0.max(1), grid.1.max(1));
            let slot = Vec2::new(inner.width() / cols as f32, inner.height() / rows as f32);
            let font = FontId::monospace(FONT);
            for &v in &shown {
                let k = usize::from(v - 1);
                let at = inner.min
                    + Vec2::new(
                        (k % cols) as f32 * slot.x + slot.x / 2.0,
                        (k / cols) as f32 * slot.y + slot.y / 2.0,
                    );
                let r = slot.x.min(slot.y) * 0.48;
                let paint = usize::from(colours.get(v))
                    .checked_sub(1)
                    .and_then(|k| inks.paints.get(k));
                let ink = if let Some(fill) = paint {
                    painter.circle_filled(at, r, fill.to_opaque());
                    super::colouring::ON_PAINT
                } else if same == Some(v) {
                    painter.circle_filled(at, r, inks.same_fill);
                    inks.same
                } else {
                    inks.note
                };
                let symbol = alphabet.symbol(v).to_string();
                painter.text(at, Align2::CENTER_CENTER, symbol, font.clone(), ink);
            }
        });
}
