//! The New game dialog, driven as a person would: opened from the New menu and with Ctrl+N, a
//! board, grade and symmetry chosen, Generate (or Enter) pressed; what the generator refuses greyed out;
//! the last choice kept for next time, also across a restart; Cancel changing nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sudoku_dlx::app::App;
use sudoku_dlx::app::new_game::{Level, Source};
use sudoku_dlx::sudoku::{Geometry, Grade, Rater, Symmetry};

mod common;
use common::*;

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Opens the dialog with Ctrl+N.
fn ctrl_n(h: &mut Harness<'static, App>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(h);
    assert!(
        h.state().new_game_open().is_some(),
        "Ctrl+N opens the dialog"
    );
}

/// Picks `item` from the combo box labelled `combo`.
fn pick(h: &mut Harness<'static, App>, combo: &str, item: &str) {
    h.get_by_label(combo).click();
    settle(h);
    h.get_by_label(item).click();
    settle(h);
}

fn click(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

/// Presses Generate and waits for the puzzle.
fn generate(h: &mut Harness<'static, App>) {
    h.get_by_label("Generate").click();
    h.step();
    assert!(h.state().new_game_open().is_none(), "Generate closes it");
    frames_until(h, "the new puzzle is made", |app| !app.is_generating());
    settle(h);
}

#[test]
fn the_new_menu_and_ctrl_n_open_it_and_sixteen_by_sixteen_hard_is_made_and_rated_hard() {
    let mut h = fresh();
    click(&mut h, "New");
    click(&mut h, "New game…  (Ctrl+N)");
    // With no choice yet it opens on the board on show.
    let choice = h.state().new_game_open().unwrap().clone();
    assert_eq!((choice.board, choice.side), (Source::Square, 9));
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert!(h.state().new_game_open().is_none());

    ctrl_n(&mut h);
    pick(&mut h, "Size", "16×16");
    click(&mut h, "Hard");
    let choice = h.state().new_game_open().unwrap();
    assert_eq!((choice.boxes.as_str(), choice.grade), ("4x4", Level::Hard));
    h.get_by_label("A new hard 16×16 (4×4 boxes) puzzle");
    generate(&mut h);
    let givens = h.state().game().givens();
    assert_eq!(givens.geometry(), Geometry::square(4).unwrap());
    assert!(givens.variant().is_none());
    assert_eq!(Rater::new().rate(&givens).grade, Grade::Hard);
    assert!(givens.is_unique());
    // Rotational, as chosen: every given has its twin a half turn away.
    assert!(Symmetry::Rotational.holds_for(&givens));
    assert!(status(&h).starts_with("A new hard 16×16"), "{}", status(&h));
}

#[test]
fn killer_and_a_shape_are_made_as_chosen() {
    let mut h = fresh();
    ctrl_n(&mut h);
    click(&mut h, "Killer cages");
    click(&mut h, "Easy");
    // A variant's givens have no symmetry: the choice is greyed out.
    assert!(h.get_by_label("Mirror").accesskit_node().is_disabled());
    generate(&mut h);
    let givens = h.state().game().givens();
    assert_eq!(givens.variant().unwrap().name(), "killer");
    assert!(!givens.variant().unwrap().cages().is_empty());
    assert_eq!(givens.geometry(), Geometry::classic());
    assert!(givens.is_unique());

    ctrl_n(&mut h);
    // It reopens on the last choice.
    assert!(h.state().new_game_open().unwrap().killer);
    click(&mut h, "A shape");
    pick(&mut h, "Shape", "Samurai");
    click(&mut h, "Medium");
    generate(&mut h);
    let samurai = h.state().game().givens();
    assert_eq!(samurai.shape().unwrap().name(), "Samurai");
    assert_eq!(samurai.cell_count(), 369);
    assert_eq!(samurai.count_solutions(2), 1);
    assert_eq!(Rater::new().rate(&samurai).grade, Grade::Medium);
}

#[test]
fn what_the_generator_refuses_is_greyed_out_and_cannot_be_chosen() {
    let mut h = fresh();
    ctrl_n(&mut h);
    // A square board is made to a grade.
    assert!(h.get_by_label("Unique").accesskit_node().is_disabled());
    pick(&mut h, "Size", "6×6");
    assert_eq!(h.state().new_game_open().unwrap().boxes, "2x3");
    // Hyper windows need square boxes: greyed out, and a click does nothing.
    let hyper = h.get_by_label("Hyper windows");
    assert!(hyper.accesskit_node().is_disabled());
    hyper.click();
    settle(&mut h);
    assert!(!h.state().new_game_open().unwrap().hyper);
    // A board without boxes is a jigsaw's: choosing 7×7 ticks the jigsaw, which cannot then be
    // unticked, and X is offered with it.
    pick(&mut h, "Size", "7×7");
    let choice = h.state().new_game_open().unwrap();
    assert_eq!((choice.boxes.as_str(), choice.jigsaw), ("none", true));
    assert!(
        h.get_by_label("Jigsaw regions")
            .accesskit_node()
            .is_disabled()
    );
    assert!(!h.get_by_label("X diagonals").accesskit_node().is_disabled());
    // A shape's givens are never mirrored; a four-symbol shape is easy or unique.
    click(&mut h, "A shape");
    assert!(h.get_by_label("Mirror").accesskit_node().is_disabled());
    pick(&mut h, "Shape", "TinySamurai");
    assert!(h.get_by_label("Hard").accesskit_node().is_disabled());
    assert!(!h.get_by_label("Unique").accesskit_node().is_disabled());
}

#[test]
fn cancel_and_esc_leave_the_board_as_it_was_and_the_clock_stops_under_the_dialog() {
    let mut h = puzzle(CLASSIC);
    let before = h.state().game().board().clone();
    assert!(h.state().game().clock_running());
    ctrl_n(&mut h);
    assert!(!h.state().game().clock_running(), "the clock runs under it");
    // Keys do not reach the board meanwhile.
    type_text(&mut h, "4");
    pick(&mut h, "Size", "16×16");
    click(&mut h, "Cancel");
    assert!(h.state().new_game_open().is_none());
    assert!(!h.state().is_generating());
    assert_eq!(h.state().game().board(), &before);
    assert!(h.state().game().clock_running());
    // A cancelled choice is not kept; Esc closes it too.
    ctrl_n(&mut h);
    assert_eq!(h.state().new_game_open().unwrap().side, 9);
    press(&mut h, Key::Escape);
    assert!(h.state().new_game_open().is_none());
    assert_eq!(h.state().game().board(), &before);
    assert!(h.state().settings().new_game.is_none());
}

#[test]
fn the_last_choice_is_kept_across_a_restart_and_config_toml_stays_the_starting_board() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-new-dialog-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let start = || {
        harness_of(sudoku_dlx::app::start(
            config_for(Geometry::classic()),
            Some(dir.clone()),
            None,
        ))
    };
    let mut h = start();
    ctrl_n(&mut h);
    pick(&mut h, "Size", "4×4");
    click(&mut h, "Easy");
    click(&mut h, "X diagonals");
    generate(&mut h);
    let givens = h.state().game().givens();
    assert_eq!(givens.geometry().side(), 4);
    assert_eq!(givens.variant().unwrap().name(), "X");
    ctrl_n(&mut h);
    let kept = h.state().new_game_open().unwrap().clone();
    assert_eq!((kept.side, kept.x, kept.grade), (4, true, Level::Easy));
    press(&mut h, Key::Escape);
    h.state_mut().save_game(true);
    drop(h);

    let mut h = start();
    // config.toml's board is the one at start...
    assert_eq!(h.state().game().geometry(), Geometry::classic());
    // ...and the dialog opens on the last choice.
    ctrl_n(&mut h);
    assert_eq!(h.state().new_game_open().unwrap(), &kept);
    assert!(
        std::fs::read_to_string(dir.join("settings.toml"))
            .unwrap()
            .contains("[new_game]")
    );
    // Enter is Generate.
    h.key_press(Key::Enter);
    h.step();
    assert!(h.state().new_game_open().is_none(), "Enter closes it");
    frames_until(&mut h, "the new puzzle is made", |app| !app.is_generating());
    settle(&mut h);
    let givens = h.state().game().givens();
    assert_eq!(givens.geometry().side(), 4);
    assert_eq!(givens.variant().unwrap().name(), "X");
    let _ = std::fs::remove_dir_all(&dir);
}
