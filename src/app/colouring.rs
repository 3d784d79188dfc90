//! Colouring and the one-symbol filter, as HoDoKu's players use them: five colours for cells and
//! for pencil marks, to follow a chain or mark a pattern, and a filter that shows one symbol's
//! pencil marks alone and shades every cell that may still take it.
//!
//! The colours are the game's ([`colours`](crate::game::colours)): each colouring is an undoable
//! step and the save keeps them. The filter is the window's ([`filter`](super::filter)): a way
//! of looking, like the View menu's settings, so it is neither undone nor saved.
//!
//! By the keyboard, F2 to F6 give the selected cell colours 1 to 5 (again: take it off), with
//! Shift they colour the selected cell's pencil mark of the highlighted symbol (the symbol
//! picked in the picker, or the one the selected cell holds, or the filter's), F7 turns the
//! filter on for the highlighted symbol and off again, and F8 clears every colour. By the mouse,
//! a right click on a cell opens a menu of swatches for the cell and for each of its pencil
//! marks, and the Colour menu holds the same with the filter's symbols.

use egui::{Color32, Key, Modifiers, RichText, Sense, Stroke, Vec2};

use crate::game::{COLOURS, Command, Game};
use crate::sudoku::logic::hint::values_of;

use super::action::Action;

/// The colours' names, for tooltips and the status line: colour 1 is green, and so on.
pub const NAMES: [&str; COLOURS as usize] = ["green", "blue", "orange", "pink", "yellow"];

/// The colours, as fills that the board's text reads through, on a light or a `dark` board.
pub fn paints(dark: bool) -> [Color32; COLOURS as usize] {
    let rgb = [
        (120, 210, 120),
        (110, 165, 250),
        (250, 170, 80),
        (235, 130, 200),
        (235, 220, 70),
    ];
    let alpha = if dark { 150 } else { 160 };
    rgb.map(|(r, g, b)| Color32::from_rgba_unmultiplied(r, g, b, alpha))
}

/// The ink of a pencil mark on its colour's disc (the discs are light in either theme).
pub const ON_PAINT: Color32 = Color32::from_gray(20);

/// The most pencil marks a cell's menu offers to colour one by one (a 36×36 cell may hold 36).
const MOST_MARKS_IN_MENU: usize = 12;

/// The action of a colouring key, if `key` is one: F2–F6 a cell's colour, Shift+F2–F6 a
/// pencil mark's, F7 the filter, F8 clearing.
pub fn key_action(key: Key, modifiers: Modifiers) -> Option<Action> {
    let colour = match key {
        Key::F2 => 1,
        Key::F3 => 2,
        Key::F4 => 3,
        Key::F5 => 4,
        Key::F6 => 5,
        Key::F7 => return Some(Action::ToggleFilter),
        Key::F8 => return Some(Action::Game(Command::ClearColours)),
        _ => return None,
    };
    Some(if modifiers.shift {
        Action::ColourMark(colour)
    } else {
        Action::Game(Command::ColourCell(colour))
    })
}

/// A row of swatches, one a colour (the one in use drawn framed), each named for screen readers
/// "`what`: colour 2 (blue)"; returns the colour clicked.
fn swatches(
    ui: &mut egui::Ui,
    what: &str,
    paints: &[Color32; COLOURS as usize],
    current: u8,
) -> Option<u8> {
    let mut clicked = None;
    ui.horizontal(|ui| {
        for (k, &paint) in paints.iter().enumerate() {
            let colour = k as u8 + 1;
            let size = Vec2::splat(ui.spacing().interact_size.y);
            let (rect, response) = ui.allocate_exact_size(size, Sense::click());
            let solid = paint.to_opaque();
            ui.painter().rect_filled(rect.shrink(2.0), 3.0, solid);
            if current == colour || response.hovered() {
                let edge = Stroke::new(2.0, ui.visuals().strong_text_color());
                ui.painter()
                    .rect_stroke(rect, 3.0, edge, egui::StrokeKind::Inside);
            }
            let name = NAMES[k];
            response.widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::Button,
                    true,
                    current == colour,
                    format!("{what}: colour {colour} ({name})"),
                )
            });
            let response = response.on_hover_text(if current == colour {
                format!("Colour {colour} ({name}): click to take it off")
            } else {
                format!("Colour {colour} ({name})")
            });
            if response.clicked() {
                clicked = Some(colour);
            }
        }
    });
    clicked
}

/// The menu a right click on a cell opens: swatches for the cell, and for each of its pencil
/// marks (the first dozen of a crowded cell, and the highlighted symbol's), the filter, and
/// clearing.
pub fn cell_menu(
    ui: &mut egui::Ui,
    game: &Game,
    paints: &[Color32; COLOURS as usize],
    highlighted: Option<u8>,
    actions: &mut Vec<Action>,
) {
    let Some(cell) = game.selected() else {
        ui.label("Hover a cell, then right-click it");
        return;
    };
    let name = game.board().cell_name(cell);
    ui.label(RichText::new(format!("Colour {name}")).strong());
    cell_swatches(ui, game, cell, &name, paints, actions);
    let notes = if game.value(cell) == 0 {
        game.notes(cell)
    } else {
        0
    };
    let mut marks: Vec<u8> = values_of(notes).take(MOST_MARKS_IN_MENU).collect();
    if let Some(v) = highlighted.filter(|&v| v != 0 && notes & (1 << (v - 1)) != 0)
        && !marks.contains(&v)
    {
        marks.push(v);
    }
    let alphabet = game.board().alphabet();
    for value in marks {
        let what = format!("Pencil mark {}", alphabet.symbol(value));
        ui.label(&what);
        if let Some(colour) = swatches(ui, &what, paints, game.mark_colours(cell).get(value)) {
            actions.push(Action::Game(Command::ColourMark { value, colour }));
            ui.close();
        }
    }
    ui.separator();
    let value = game.value(cell);
    if value != 0
        && ui
            .button(format!("Show only {}'s candidates", alphabet.symbol(value)))
            .clicked()
    {
        actions.push(Action::Filter(Some(value)));
        ui.close();
    }
    clear_button(ui, game, actions);
}

/// The Colour menu: the selected cell's swatches, the highlighted symbol's pencil mark, the
/// filter's symbols, and clearing.
pub fn colour_menu(
    ui: &mut egui::Ui,
    game: &Game,
    paints: &[Color32; COLOURS as usize],
    highlighted: Option<u8>,
    filter: Option<u8>,
    actions: &mut Vec<Action>,
) {
    let alphabet = game.board().alphabet();
    match game.selected() {
        Some(cell) => {
            let name = game.board().cell_name(cell);
            ui.label(format!("Colour {name}  (F2–F6)"));
            cell_swatches(ui, game, cell, &name, paints, actions);
            if let Some(v) = highlighted {
                let symbol = alphabet.symbol(v);
                let what = format!("Pencil mark {symbol}");
                ui.label(format!("Colour its pencil mark {symbol}  (Shift+F2–F6)"));
                if let Some(colour) = swatches(ui, &what, paints, game.mark_colours(cell).get(v)) {
                    actions.push(Action::ColourMark(colour));
                    ui.close();
                }
            }
        }
        None => {
            ui.label("Hover a cell to colour it");
        }
    }
    ui.separator();
    ui.menu_button("Show one symbol's candidates  (F7)", |ui| {
        if ui.radio(filter.is_none(), "Every symbol").clicked() {
            actions.push(Action::Filter(None));
            ui.close();
        }
        let side = game.geometry().side();
        let per_row = side.isqrt().max(3);
        egui::Grid::new("filter-symbols").show(ui, |ui| {
            for v in 1..=side as u8 {
                let symbol = alphabet.symbol(v).to_string();
                if ui.radio(filter == Some(v), symbol).clicked() {
                    actions.push(Action::Filter(Some(v)));
                    ui.close();
                }
                if usize::from(v) % per_row == 0 {
                    ui.end_row();
                }
            }
        });
    });
    clear_button(ui, game, actions);
}

/// The swatches that colour `cell` (named `name`), as both menus show them.
fn cell_swatches(
    ui: &mut egui::Ui,
    game: &Game,
    cell: usize,
    name: &str,
    paints: &[Color32; COLOURS as usize],
    actions: &mut Vec<Action>,
) {
    if let Some(colour) = swatches(ui, name, paints, game.colour(cell)) {
        actions.push(Action::Game(Command::ColourCell(colour)));
        ui.close();
    }
}

/// "Clear all colours", greyed out while nothing is coloured.
fn clear_button(ui: &mut egui::Ui, game: &Game, actions: &mut Vec<Action>) {
    if ui
        .add_enabled(
            game.has_colours(),
            egui::Button::new("Clear all colours  (F8)"),
        )
        .clicked()
    {
        actions.push(Action::Game(Command::ClearColours));
        ui.close();
    }
}
