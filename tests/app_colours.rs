//! Colouring and the one-symbol filter, driven through `egui_kittest` as a player uses them:
//! the F-keys, a right click's swatches, the Colour menu, undo, a restart, and the filter that
//! hides every other symbol's pencil marks.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::game::Game;

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

mod common;
use common::*;

/// Presses a key with modifiers held.
fn press_with(h: &mut Harness<'static, App>, key: Key, modifiers: Modifiers) {
    h.key_press_modifiers(modifiers, key);
    settle(h);
}

/// Right-clicks a cell, as a person does: the pointer moves there, then the button goes down
/// and up.
fn right_click(h: &mut Harness<'static, App>, row: usize, col: usize) {
    hover(h, row, col);
    let pos = h.state().layout().unwrap().cell_rect(row, col).center();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.step();
    }
    settle(h);
}

fn colour_at(h: &Harness<'static, App>, row: usize, col: usize) -> u8 {
    let game = h.state().game();
    game.colour(game.geometry().cell(row, col))
}

#[test]
fn the_f_keys_colour_a_cell_and_its_pencil_mark_and_undo_takes_them_back() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    press(&mut h, Key::F3);
    assert_eq!(colour_at(&h, 0, 0), 2);
    assert!(status(&h).contains("coloured 2"), "{}", status(&h));
    press(&mut h, Key::F3);
    assert_eq!(colour_at(&h, 0, 0), 0, "the same key again takes it off");
    press(&mut h, Key::F6);
    assert_eq!(colour_at(&h, 0, 0), 5);
    // A pencil mark: pick the symbol (with a given selected, so that the click writes
    // nothing), note it, colour it with Shift.
    hover(&mut h, 0, 2);
    h.get_by_label_contains("symbol 4,").click();
    settle(&mut h);
    hover(&mut h, 0, 0);
    h.key_down_modifiers(Modifiers::ALT, Key::Num4);
    h.event_modifiers(Event::Text("4".into()), Modifiers::ALT);
    h.key_up_modifiers(Modifiers::ALT, Key::Num4);
    settle(&mut h);
    assert_eq!(h.state().game().notes(0), 0b1000);
    press_with(&mut h, Key::F2, Modifiers::SHIFT);
    assert_eq!(h.state().game().mark_colours(0).get(4), 1);
    // Ctrl+Z takes back the mark's colour, then the cell's.
    press_with(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(h.state().game().mark_colours(0).get(4), 0);
    assert_eq!(h.state().game().notes(0), 0b1000);
    press_with(&mut h, Key::Z, Modifiers::COMMAND);
    press_with(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(colour_at(&h, 0, 0), 0);
    // F8 clears every colour in one step.
    press_with(&mut h, Key::Y, Modifiers::COMMAND);
    hover(&mut h, 8, 8);
    press(&mut h, Key::F4);
    press(&mut h, Key::F8);
    assert!(!h.state().game().has_colours());
    press_with(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!((colour_at(&h, 0, 0), colour_at(&h, 8, 8)), (5, 3));
}

#[test]
fn a_right_click_offers_swatches_for_the_cell_and_its_pencil_marks() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 1);
    press(&mut h, Key::M); // notes mode
    type_text(&mut h, "5");
    type_text(&mut h, "7");
    press(&mut h, Key::M);
    right_click(&mut h, 0, 1);
    h.get_by_label("r1c2: colour 4 (pink)").click();
    settle(&mut h);
    assert_eq!(colour_at(&h, 0, 1), 4);
    assert_eq!(
        h.state().game().selected(),
        Some(1),
        "the menu kept the cell"
    );
    right_click(&mut h, 0, 1);
    h.get_by_label("Pencil mark 7: colour 2 (blue)").click();
    settle(&mut h);
    assert_eq!(h.state().game().mark_colours(1).get(7), 2);
    assert_eq!(h.state().game().mark_colours(1).get(5), 0);
    // The Colour menu holds the cell's swatches too, and its own clear.
    h.get_by_label("Colour").click();
    settle(&mut h);
    h.get_by_label("r1c2: colour 4 (pink)").click();
    settle(&mut h);
    assert_eq!(colour_at(&h, 0, 1), 0, "colour 4 again took it off");
    h.get_by_label("Colour").click();
    settle(&mut h);
    h.get_by_label("Clear all colours  (F8)").click();
    settle(&mut h);
    assert!(!h.state().game().has_colours());
}

#[test]
fn colours_survive_a_restart_through_the_save() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 4, 4);
    press(&mut h, Key::F5);
    let saved = h.state().game().to_saved(std::time::Instant::now());
    let text = toml::to_string(&saved).unwrap();
    let back = Game::from_saved(&toml::from_str(&text).unwrap()).unwrap();
    let mut h = harness(back, config_for(sudoku_dlx::sudoku::Geometry::classic()));
    settle(&mut h);
    assert_eq!(colour_at(&h, 4, 4), 4);
    press_with(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(colour_at(&h, 4, 4), 0, "the restored history undoes it");
}

#[test]
fn the_filter_shows_one_symbols_pencil_marks_and_follows_the_picker() {
    let mut h = puzzle(CLASSIC);
    press(&mut h, Key::F); // every candidate as pencil marks
    press(&mut h, Key::F7);
    assert_eq!(h.state().filter(), None, "no symbol picked yet");
    assert!(status(&h).starts_with("Pick a symbol"), "{}", status(&h));
    h.get_by_label_contains("symbol 5,").click();
    settle(&mut h);
    press(&mut h, Key::F7);
    assert_eq!(h.state().filter(), Some(5));
    let cells = h
        .state()
        .game()
        .could_hold(5)
        .iter()
        .filter(|&&c| c)
        .count();
    assert!(
        status(&h).contains(&format!("{cells} cells may take it")),
        "{}",
        status(&h)
    );
    // Picking another symbol moves the filter; the Colour menu turns it off.
    h.get_by_label_contains("symbol 8,").click();
    settle(&mut h);
    assert_eq!(h.state().filter(), Some(8));
    h.get_by_label("Colour").click();
    settle(&mut h);
    h.get_by_label("Show one symbol's candidates  (F7)").hover();
    settle(&mut h);
    h.get_by_label("Every symbol").click();
    settle(&mut h);
    assert_eq!(h.state().filter(), None);
}
