//! The exact-cover matrix beside the board in watch mode: for a small board (4×4, 6×6) every
//! option as a row of dots over the items as columns, coloured as the search stands (the
//! givens' options and the covered items grey, the options chosen violet, the pruned orange);
//! for a larger one its size and the active items, shortest first, by Knuth's names.

use std::collections::{HashMap, HashSet};

use egui::{Color32, Pos2, Rect, RichText, Stroke, Vec2};

use crate::sudoku::Geometry;

use super::watching::{PRUNED, TRIED, Watching};

/// The matrix: in full for small boards (options as rows, items as columns, grouped by family;
/// the givens' options and covered items grey, chosen options violet, pruned ones orange); for
/// larger boards its size and the active items, shortest first.
pub(super) fn matrix_view(ui: &mut egui::Ui, w: &Watching, g: Geometry) {
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
    let (rect, _) = ui.allocate_exact_size(
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
    ui.label(
        RichText::new(
            "Rows: options (cell, symbol). Columns: cells, then rows', columns' and boxes' \
             symbols. Grey: the givens' and hidden; violet: chosen; orange: pruned.",
        )
        .weak()
        .size(11.0),
    );
}
