//! Pause: the board hidden behind a cover and the clock stopped, as GNOME Sudoku and KSudoku
//! pause a game, so that a break is not timed and the board cannot be studied meanwhile.
//!
//! The pause key (`b` by default, `keys.pause` in config.toml), the status line's Pause button
//! or View → Pause start it; the same key, the cover's Resume button or a click on the cover
//! end it. While paused nothing reaches the board: moves, typing, hints, solving and watch mode
//! wait, and the symbol picker (whose counts tell how far the board is) is hidden. Opening or
//! making another puzzle, saving, quitting and the menus work as usual; a new board ends the
//! pause. The clock also stops, without the cover, under every dialog and overlay that covers
//! the board (see [`App::covered`](super::window::App)).

use egui::{Align2, FontId, RichText, Sense};

use crate::config::KeySpec;

use super::action::Action;

/// Whether `action` may run while the game is paused: what does not touch the board (menus,
/// files, settings, quitting) and what makes a new board. Copying the board and exporting a
/// picture of it wait: they would show the hidden board, entries and marks and all (a PDF
/// prints the puzzle alone, and may go).
pub fn allowed(action: &Action) -> bool {
    matches!(
        action,
        Action::Pause
            | Action::Quit
            | Action::Help
            | Action::Settings
            | Action::Open
            | Action::Save
            | Action::OpenPath(_)
            | Action::SaveTo(_)
            | Action::ExportPdf
            | Action::ExportPdfTo(_)
            | Action::Generate(..)
            | Action::GenerateShape(..)
            | Action::GenerateShapeFile(_)
            | Action::NewGame
            | Action::GenerateChoice(..)
            | Action::Cancel
    )
}

/// Whether `action` puts another board in place, which ends a pause.
pub fn ends(action: &Action) -> bool {
    matches!(
        action,
        Action::OpenPath(_)
            | Action::Generate(..)
            | Action::GenerateShape(..)
            | Action::GenerateShapeFile(_)
            | Action::GenerateChoice(..)
    )
}

/// Draws the cover where the board would be, and returns true when the player asks to resume
/// (the Resume button, or a click anywhere on the cover).
pub fn cover(ui: &mut egui::Ui, key: KeySpec) -> bool {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click());
    let visuals = ui.visuals();
    ui.painter()
        .rect_filled(rect, 8.0, visuals.extreme_bg_color);
    ui.painter().text(
        rect.center() - egui::vec2(0.0, 36.0),
        Align2::CENTER_CENTER,
        "Paused",
        FontId::proportional(40.0),
        visuals.strong_text_color(),
    );
    let button = egui::Button::new(RichText::new(format!("Resume  ({key})")).size(18.0));
    let at = egui::Rect::from_center_size(
        rect.center() + egui::vec2(0.0, 24.0),
        egui::vec2(160.0, 36.0),
    );
    let resume = ui.put(at, button);
    resume.clicked() || response.clicked()
}
