//! The symbol picker under the board: play by mouse. A button a symbol (click writes it into the
//! selected cell, a right click toggles it as a pencil mark), each showing how many of it are
//! still to place and greyed out once all are; a notes toggle and an erase button. Like the
//! board, it draws a `&Game` and returns [`Action`]s.

use egui::{Align2, FontId, RichText, Vec2};

use crate::game::{Command, Game};

use super::action::Action;

/// The most symbol buttons in a row: 36 symbols make three rows of 12, 25 three of 9, 16 two of 8.
const MOST_IN_A_ROW: usize = 12;

/// The smallest symbol button, in points: narrower windows wrap the symbols onto more rows.
const SMALLEST: f32 = 22.0;

/// How many of each symbol (index 1..=side) are still to place: `side` less those on the board.
pub fn left_to_place(game: &Game) -> Vec<usize> {
    let side = game.geometry().side();
    let mut left = vec![side; side + 1];
    for &v in game.board().values() {
        if let Some(n) = left.get_mut(usize::from(v)).filter(|_| v != 0) {
            *n = n.saturating_sub(1);
        }
    }
    left
}

/// Draws the picker for `game`, `chosen` marking the symbol picked last (its cells are
/// highlighted on the board).
pub fn picker(ui: &mut egui::Ui, game: &Game, chosen: Option<u8>, actions: &mut Vec<Action>) {
    let side = game.geometry().side();
    let alphabet = game.board().alphabet();
    let left = left_to_place(game);
    let gap = ui.spacing().item_spacing.x;
    let width = ui.available_width();
    // The size of button that fits `per_row` symbols across, with the two tool buttons (each
    // 1.3 wide) beside them or not.
    let fitting = |per_row: usize, tools: bool| {
        let (extra, gaps) = if tools { (2.6, 3) } else { (0.0, 0) };
        (width - gap * (per_row + gaps) as f32) / (per_row as f32 + extra)
    };
    let mut rows = side.div_ceil(MOST_IN_A_ROW).max(1);
    let mut per_row = side.div_ceil(rows);
    // A narrow window: the tools go under the symbols, then the symbols wrap onto more rows,
    // so that every key stays on screen.
    let beside = fitting(per_row, true) >= SMALLEST;
    while !beside && fitting(per_row, false) < SMALLEST && per_row > 1 {
        rows += 1;
        per_row = side.div_ceil(rows);
    }
    let size = fitting(per_row, beside).clamp(SMALLEST, 52.0).floor();
    let button = Vec2::new(size, (size * 0.8).max(22.0));
    ui.add_space(4.0);
    let layout = if beside {
        egui::Layout::left_to_right(egui::Align::Center)
    } else {
        egui::Layout::top_down(egui::Align::Min)
    };
    ui.with_layout(layout, |ui| {
        ui.vertical(|ui| {
            for row in 0..rows {
                ui.horizontal(|ui| {
                    let first = row * per_row + 1;
                    let last = ((row + 1) * per_row).min(side);
                    for (v, &to_place) in left.iter().enumerate().take(last + 1).skip(first) {
                        let value = v as u8;
                        let symbol = alphabet.symbol(value);
                        let text = RichText::new(symbol.to_string())
                            .font(FontId::monospace(button.y * 0.55));
                        let response = ui.add_enabled(
                            to_place > 0,
                            egui::Button::new(text)
                                .min_size(button)
                                .selected(chosen == Some(value)),
                        );
                        let response = response.on_hover_text(format!(
                            "{symbol}: {to_place} to place. Click writes it in the selected \
                                 cell; right click toggles it as a pencil mark"
                        ));
                        // Screen readers (and tests) hear the symbol with its count.
                        response.widget_info(|| {
                            egui::WidgetInfo::selected(
                                egui::Role::Button,
                                to_place > 0,
                                chosen == Some(value),
                                format!("symbol {symbol}, {to_place} to place"),
                            )
                        });
                        // The count, small in the button's corner.
                        ui.painter().text(
                            response.rect.right_bottom() - Vec2::new(3.0, 1.0),
                            Align2::RIGHT_BOTTOM,
                            to_place.to_string(),
                            FontId::proportional((button.y * 0.3).max(8.0)),
                            ui.visuals().weak_text_color(),
                        );
                        if response.clicked() {
                            actions.push(Action::Choose(Some(value)));
                            actions.push(Action::Game(Command::Enter(value)));
                        }
                        if response.secondary_clicked() {
                            actions.push(Action::Choose(Some(value)));
                            actions.push(Action::Game(Command::Note(value)));
                        }
                    }
                });
            }
        });
        // The two tools side by side, level with the first row of symbols.
        ui.horizontal_top(|ui| {
            let tool = Vec2::new(button.x * 1.3, button.y);
            let notes = ui
                .add(
                    egui::Button::new("Notes")
                        .min_size(tool)
                        .selected(game.notes_mode()),
                )
                .on_hover_text("Notes mode: clicked and typed symbols toggle pencil marks");
            if notes.clicked() {
                actions.push(Action::Game(Command::ToggleNotesMode));
            }
            let erase = ui
                .add(egui::Button::new("Erase").min_size(tool))
                .on_hover_text("Clear the selected cell (its notes, if it is empty)");
            if erase.clicked() {
                actions.push(Action::Game(Command::Clear));
            }
        });
    });
    ui.add_space(2.0);
}
