//! The exact-cover matrix beside the board in watch mode: for a small board (4×4, 6×6) every
//! option as a row of dots over the items as columns, coloured as the search stands (the
//! givens' options and the covered items grey, the options chosen violet, the pruned orange);
//! for a larger one its size and the active items, shortest first, by Knuth's names.
//!
//! Hovering the full matrix names what is under the pointer: the item of the column (Knuth's
//! name, what it stands for, how many options it has left) and its options, and the option of
//! the row (its cell and symbol, its items, whether it is chosen, pruned or gone); the column
//! and row are outlined.

use std::collections::{HashMap, HashSet};

use egui::{Color32, Pos2, Rect, RichText, Stroke, Vec2};

use crate::sudoku::cover::model::CoverMatrix;
use crate::sudoku::{Geometry, Grid};

use super::watching::{PRUNED, TRIED, Watching, describe_item};

/// The matrix: in full for small boards (options as rows, items as columns, grouped by family;
/// the givens' options and covered items grey, chosen options violet, pruned ones orange); for
/// larger boards its size and the active items, shortest first.
pub(super) fn matrix_view(ui: &mut egui::Ui, w: &Watching, board: &Grid) {
    let g: Geometry = board.geometry();
    let cover = &w.watcher.cover;
    let v = &w.view;
    let ones: usize = cover.options.iter().map(|o| o.items.len()).sum();
    ui.label(format!(
        "Reduced by the givens: {} options × {} items, {ones} ones",
        cover.options.len(),
        cover.items.len()
    ));
    let Some(full) = &w.full else {
        let mut active: Vec<(u32, &str)> = v
            .left
            .iter()
            .zip(&cover.items)
            .filter_map(|(l, name)| l.map(|n| (n, name.as_str())))
            .collect();
        active.sort();
        ui.label(format!(
            "{} items active; the shortest first (Knuth's names):",
            active.len()
        ));
        let text: Vec<String> = active
            .iter()
            .take(40)
            .map(|(n, name)| format!("{name}:{n}"))
            .collect();
        ui.label(RichText::new(text.join(" ")).monospace().size(11.0));
        return;
    };
    // Where each of the board's options and items is in the reduced matrix.
    let reduced_option: HashMap<(usize, u8), usize> = cover
        .options
        .iter()
        .enumerate()
        .map(|(k, p)| ((p.cell, p.value), k))
        .collect();
    let reduced_item: HashMap<&str, usize> = cover
        .items
        .iter()
        .enumerate()
        .map(|(k, n)| (n.as_str(), k))
        .collect();
    let chosen: HashSet<usize> = v.stack.iter().copied().collect();
    let pruned: HashSet<usize> = v.pruned.iter().copied().collect();
    let columns = full.items.len();
    let rows = full.options.len();
    // As large as fits the panel's width and what is left of its height (at least 2 points).
    let left = ui.clip_rect().bottom() - ui.cursor().top() - 40.0;
    let dot = ((ui.available_width() - 8.0) / columns as f32)
        .min((left / (rows + 2) as f32).max(3.0))
        .clamp(2.0, 8.0);
    let (rect, response) = ui.allocate_exact_size(
        Vec2::new(dot * columns as f32, dot * rows as f32 + dot * 2.0),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let dark_mode = ui.visuals().dark_mode;
    let grey = Color32::from_gray(if dark_mode { 70 } else { 200 });
    let dark = ui.visuals().strong_text_color();
    // Columns: covered items grey, family boundaries marked.
    for (k, name) in full.items.iter().enumerate() {
        let x = rect.min.x + k as f32 * dot;
        let covered = reduced_item
            .get(name.as_str())
            .is_none_or(|&i| v.left.get(i).is_some_and(Option::is_none));
        if covered {
            painter.rect_filled(
                Rect::from_min_size(Pos2::new(x, rect.min.y), Vec2::new(dot, rect.height())),
                0.0,
                grey.gamma_multiply(0.35),
            );
        }
        if k > 0 && k % (g.side() * g.side()) == 0 {
            painter.line_segment(
                [Pos2::new(x, rect.min.y), Pos2::new(x, rect.max.y)],
                Stroke::new(1.0, grey),
            );
        }
    }
    for (row, option) in full.options.iter().enumerate() {
        let y = rect.min.y + dot * 2.0 + row as f32 * dot;
        let colour = match reduced_option.get(&(option.cell, option.value)) {
            None => grey,
            Some(k) if chosen.contains(k) => TRIED,
            Some(k) if pruned.contains(k) => PRUNED,
            Some(k) => {
                let hidden = cover.options[*k]
                    .items
                    .iter()
                    .any(|&i| v.left.get(i).is_some_and(Option::is_none));
                if hidden { grey } else { dark }
            }
        };
        for &item in &option.items {
            let x = rect.min.x + item as f32 * dot;
            painter.rect_filled(
                Rect::from_min_size(Pos2::new(x, y), Vec2::splat(dot)).shrink(dot * 0.1),
                0.0,
                colour,
            );
        }
    }
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Image,
            true,
            format!("The exact-cover matrix: {rows} options × {columns} items"),
        )
    });
    if let Some(pos) = response.hover_pos() {
        let col = ((pos.x - rect.min.x) / dot).floor().max(0.0) as usize;
        let row = ((pos.y - rect.min.y) / dot - 2.0).floor();
        let row = (row >= 0.0).then_some(row as usize);
        let outline = Stroke::new(1.0, dark);
        if col < columns {
            let x = rect.min.x + col as f32 * dot;
            let band = Rect::from_min_size(Pos2::new(x, rect.min.y), Vec2::new(dot, rect.height()));
            painter.rect_stroke(band, 0.0, outline, egui::StrokeKind::Outside);
        }
        if let Some(row) = row.filter(|&r| r < rows) {
            let y = rect.min.y + dot * 2.0 + row as f32 * dot;
            let band = Rect::from_min_size(Pos2::new(rect.min.x, y), Vec2::new(rect.width(), dot));
            painter.rect_stroke(band, 0.0, outline, egui::StrokeKind::Outside);
        }
        let states = States {
            board,
            cover,
            left: &v.left,
            reduced_option: &reduced_option,
            chosen: &chosen,
            pruned: &pruned,
        };
        let lines = describe_hover(full, board, &states, &reduced_item, col, row);
        // At once, with no tooltip delay: the pointer is exploring the matrix.
        egui::Tooltip::always_open(
            ui.ctx().clone(),
            ui.layer_id(),
            ui.scope_id().with("matrix-hover"),
            egui::PopupAnchor::Pointer,
        )
        .show(|ui| {
            for line in lines {
                ui.label(RichText::new(line).monospace().size(11.0));
            }
        });
    }
    ui.label(
        RichText::new(
            "Rows: options (cell, symbol). Columns: cells, then rows', columns' and boxes' \
             symbols. Grey: the givens' and hidden; violet: chosen; orange: pruned. Hover \
             for names.",
        )
        .weak()
        .size(11.0),
    );
}

/// What the search has made of the reduced matrix's options, for the hover's words.
struct States<'a> {
    board: &'a Grid,
    cover: &'a CoverMatrix,
    left: &'a [Option<u32>],
    reduced_option: &'a HashMap<(usize, u8), usize>,
    chosen: &'a HashSet<usize>,
    pruned: &'a HashSet<usize>,
}

impl States<'_> {
    /// "given", "removed by the givens", "chosen", "pruned", "hidden" or "active", of the full
    /// matrix's option on `cell` with `value`.
    fn of_option(&self, cell: usize, value: u8) -> &'static str {
        match self.reduced_option.get(&(cell, value)) {
            None if self.board.get(cell) == value => "given",
            None => "removed by the givens",
            Some(k) if self.chosen.contains(k) => "chosen",
            Some(k) if self.pruned.contains(k) => "pruned",
            Some(k) => {
                let hidden = self.cover.options[*k]
                    .items
                    .iter()
                    .any(|&i| self.left.get(i).is_some_and(Option::is_none));
                if hidden { "hidden" } else { "active" }
            }
        }
    }
}

/// The hover's lines for column `col` and row `row` of the full matrix: the item with its
/// options, and the option with its items.
fn describe_hover(
    full: &CoverMatrix,
    board: &Grid,
    states: &States,
    reduced_item: &HashMap<&str, usize>,
    col: usize,
    row: Option<usize>,
) -> Vec<String> {
    let alphabet = board.alphabet();
    let name_of =
        |cell: usize, value: u8| format!("{} = {}", board.cell_name(cell), alphabet.symbol(value));
    let mut lines = Vec::new();
    if let (Some(name), Some(&meaning)) = (full.items.get(col), full.meanings.get(col)) {
        let left = match reduced_item.get(name.as_str()) {
            None => "covered by the givens".to_string(),
            Some(&i) => match states.left.get(i).copied().flatten() {
                Some(n) => crate::game::counted(n as usize, "option left", "options left"),
                None => "covered".to_string(),
            },
        };
        lines.push(format!(
            "Item {name}: {} ({left})",
            describe_item(meaning, board)
        ));
        let options: Vec<String> = full
            .options
            .iter()
            .filter(|o| o.items.contains(&col))
            .map(|o| {
                let state = states.of_option(o.cell, o.value);
                format!("{} ({state})", name_of(o.cell, o.value))
            })
            .collect();
        lines.push(format!("  its options: {}", options.join(", ")));
    }
    if let Some(option) = row.and_then(|r| full.options.get(r)) {
        let items: Vec<&str> = option
            .items
            .iter()
            .filter_map(|&i| full.items.get(i))
            .map(String::as_str)
            .collect();
        lines.push(format!(
            "Option {}: items {} ({})",
            name_of(option.cell, option.value),
            items.join(" "),
            states.of_option(option.cell, option.value)
        ));
    }
    lines
}
