//! Pause, driven through `egui_kittest`: the key and the button hide the board and stop the
//! clock, nothing reaches the board meanwhile, and the clock stops under every dialog that
//! covers the board.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::Key;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::game::Origin;

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

mod common;
use common::*;

#[test]
fn the_pause_key_hides_the_board_stops_the_clock_and_lets_nothing_reach_the_board() {
    let mut h = puzzle(CLASSIC);
    assert!(h.state().game().clock_running());
    h.get_by_label_contains("row 1, column 1");
    hover(&mut h, 0, 0);
    press(&mut h, Key::B);
    assert!(h.state().paused());
    assert!(!h.state().game().clock_running());
    // The cells are gone from the window (and from screen readers), and so is the picker.
    assert!(h.query_by_label_contains("row 1, column 1").is_none());
    assert!(h.query_by_label_contains("symbol 4").is_none());
    h.get_by_label_contains("Resume  (");
    // Typing, hints, solving and moving wait for the end of the pause, and the status says how.
    type_text(&mut h, "4");
    press(&mut h, Key::H);
    press(&mut h, Key::Space);
    settle(&mut h);
    assert_eq!(h.state().game().value(0), 0);
    assert!(h.state().game().hint().is_none());
    assert!(!h.state().game().board().is_full());
    assert!(status(&h).starts_with("Paused"), "{}", status(&h));
    // The same key plays on: the board and the clock come back.
    press(&mut h, Key::B);
    assert!(!h.state().paused());
    assert!(h.state().game().clock_running());
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
}

#[test]
fn the_status_lines_button_and_the_covers_resume_pause_and_resume() {
    let mut h = puzzle(CLASSIC);
    h.get_by_label("Pause").click();
    settle(&mut h);
    assert!(h.state().paused());
    assert!(!h.state().game().clock_running());
    // The cover's own button plays on.
    h.get_by_label_contains("Resume  (").click();
    settle(&mut h);
    assert!(!h.state().paused());
    assert!(h.state().game().clock_running());
    // The status line's button, now Pause again, and then Resume there.
    h.get_by_label("Pause").click();
    settle(&mut h);
    assert!(h.state().paused());
    h.get_by_label("Resume").click();
    settle(&mut h);
    assert!(!h.state().paused());
}

#[test]
fn a_new_puzzle_ends_the_pause_and_the_clock_stops_under_every_dialog() {
    let mut h = puzzle(CLASSIC);
    press(&mut h, Key::B);
    assert!(h.state().paused());
    h.event(egui::Event::Paste(CLASSIC.into()));
    settle(&mut h);
    // Pasting is a move on the board: it waits too.
    assert!(h.state().paused());
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/17clue_sample.txt");
    h.state_mut().open_path(std::path::Path::new(data));
    settle(&mut h);
    assert!(h.state().game().has_puzzle());
    press(&mut h, Key::B);
    assert!(!h.state().paused());
    assert!(h.state().game().clock_running());
    // The keys overlay and the open dialog each stop the clock.
    press(&mut h, Key::F1);
    assert!(h.state().covered() && !h.state().game().clock_running());
    press(&mut h, Key::Escape);
    assert!(h.state().game().clock_running());
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert!(h.state().dialog_open() && !h.state().game().clock_running());
}
