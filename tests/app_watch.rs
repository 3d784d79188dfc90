//! Watch mode in the window, driven through `egui_kittest`: the search shown move by move,
//! stepped, stopped, on every size, and the board left as it was.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::game::Origin;
use sudoku_dlx::sudoku::Geometry;

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

mod common;
use common::*;

fn moves_made(h: &Harness<'static, App>) -> u64 {
    h.state().watching().map_or(0, |w| w.view().moves)
}

#[test]
fn w_watches_the_search_and_esc_leaves_the_board_exactly_as_it_was() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    let before = h.state().game().board().clone();
    let origins: Vec<Origin> = (0..81).map(|c| h.state().game().origin(c)).collect();
    tap(&mut h, Key::W);
    assert!(h.state().is_watching());
    assert!(
        status(&h).starts_with("Watching dancing links"),
        "{}",
        status(&h)
    );
    // It plays by itself at a few moves a second: the counters move.
    frames_until(&mut h, "the search makes moves", |app| {
        app.watching().is_some_and(|w| w.view().moves >= 2)
    });
    let w = h.state().watching().unwrap();
    assert!(w.pace().playing && w.pruning());
    assert!(w.view().stats.nodes >= 1);
    h.get_by_label("Watching the search");
    // Space pauses: no more moves come.
    h.key_press(Key::Space);
    frames_until(&mut h, "paused", |app| {
        app.watching().is_some_and(|w| !w.pace().playing)
    });
    for _ in 0..5 {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let paused_at = moves_made(&h);
    for _ in 0..10 {
        h.step();
        std::thread::sleep(Duration::from_millis(30));
    }
    assert_eq!(moves_made(&h), paused_at, "no moves while paused");
    // Enter makes one move, and the Step button another.
    h.key_press(Key::Enter);
    frames_until(&mut h, "one step", |app| {
        app.watching()
            .is_some_and(|w| w.view().moves == paused_at + 1)
    });
    h.get_by_label("Step").click();
    frames_until(&mut h, "a second step", |app| {
        app.watching()
            .is_some_and(|w| w.view().moves == paused_at + 2)
    });
    // Page Up doubles the speed, Page Down halves it.
    let speed = h.state().watching().unwrap().pace().speed;
    h.key_press(Key::PageUp);
    h.step();
    assert_eq!(h.state().watching().unwrap().pace().speed, speed * 2.0);
    h.key_press(Key::PageDown);
    h.step();
    assert_eq!(h.state().watching().unwrap().pace().speed, speed);
    // End runs to the end: the search is over, with the puzzle's one solution.
    watch_to_the_end(&mut h, "the search ends");
    let view = h.state().watching().unwrap().view().clone();
    assert_eq!(view.stats.solutions, 1);
    assert!(view.stats.nodes > 0 && view.stats.updates > view.stats.nodes);
    assert!(
        status(&h).starts_with("Search over: 1 solution"),
        "{}",
        status(&h)
    );
    // Esc stops watching; the board, entries and all, is as it was before w.
    tap(&mut h, Key::Escape);
    assert!(!h.state().is_watching());
    assert_eq!(h.state().game().board(), &before);
    let after: Vec<Origin> = (0..81).map(|c| h.state().game().origin(c)).collect();
    assert_eq!(after, origins);
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
}

#[test]
fn esc_mid_search_and_typing_while_watching_stop_it_and_change_nothing_else() {
    let mut h = puzzle(CLASSIC);
    let before = h.state().game().board().clone();
    tap(&mut h, Key::W);
    frames_until(&mut h, "moves", |app| {
        app.watching().is_some_and(|w| w.view().stack.len() >= 2)
    });
    h.key_press(Key::Escape);
    h.step();
    assert!(!h.state().is_watching());
    assert_eq!(h.state().game().board(), &before);
    // Typing a symbol stops watching first, then writes it as usual.
    hover(&mut h, 0, 0);
    tap(&mut h, Key::W);
    assert!(h.state().is_watching());
    h.event(Event::Text("4".into()));
    h.run_steps(2);
    assert!(!h.state().is_watching());
    settle(&mut h);
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
    // w again (or the menu) toggles it off.
    tap(&mut h, Key::W);
    assert!(h.state().is_watching());
    tap(&mut h, Key::W);
    assert!(!h.state().is_watching());
}

#[test]
fn plain_algorithm_x_and_a_4x4_matrix_and_nothing_to_watch_on_clashing_givens() {
    let mut h = puzzle("1...............");
    tap(&mut h, Key::W);
    assert!(h.state().watching().unwrap().pruning());
    // The matrix is drawn for a 4×4 board, and the switch runs plain Algorithm X.
    h.get_by_label("The exact-cover matrix");
    h.get_by_label("Prune (pairs, locked sets, pairs of pairs)")
        .click();
    frames_until(&mut h, "plain", |app| {
        app.watching().is_some_and(|w| !w.pruning())
    });
    watch_to_the_end(&mut h, "ends");
    let view = h.state().watching().unwrap().view().clone();
    // 1 in the corner of an empty 4×4 leaves a quarter of its 288 grids.
    assert_eq!(view.stats.solutions, 72);
    assert_eq!(view.stats.pruned, 0);
    tap(&mut h, Key::Escape);
    let mut h = puzzle("11..............");
    tap(&mut h, Key::W);
    assert!(!h.state().is_watching());
    assert!(status(&h).starts_with("Nothing to watch"), "{}", status(&h));
}

/// Asserts that a line of text holding `text` is on show (a label's text is its value).
fn shows(h: &Harness<'static, App>, text: &str) {
    let found = h
        .query_all(
            egui_kittest::kittest::By::new()
                .predicate(|node| node.value().is_some_and(|v| v.contains(text))),
        )
        .count();
    assert!(found > 0, "no text holds {text:?}");
}

#[test]
fn hovering_the_4x4_matrix_names_the_item_and_the_option_under_the_pointer() {
    let mut h = puzzle("1...............");
    tap(&mut h, Key::W);
    let matrix = h.get_by_label_contains("The exact-cover matrix: 64 options × 64 items");
    let rect = matrix.rect();
    // 64 columns across; two rows of dots' room above the first option.
    let dot = rect.width() / 64.0;
    // Column 0 is cell r1c1's item p00; the first row is the option r1c1 = 1, a given's.
    h.hover_at(rect.min + egui::vec2(dot * 0.5, dot * 2.5));
    h.run_steps(3);
    shows(&h, "Item p00: cell r1c1 (covered by the givens)");
    shows(&h, "Option r1c1 = 1: items p00 r01 c01 b01 (given)");
    // Column 5 is r2c2's item; row 4 * 5 + 1 is r2c2 = 2, still to be decided.
    h.hover_at(rect.min + egui::vec2(dot * 5.5, dot * 23.5));
    h.run_steps(3);
    shows(&h, "Item p11: cell r2c2 (");
    shows(&h, "its options: r2c2 = 1 (");
    shows(&h, "Option r2c2 = 2: items p11");
}

#[test]
fn watching_a_36x36_board_keeps_the_window_responsive() {
    let geometry = Geometry::square(6).unwrap();
    let mut h = empty(geometry);
    // W is a symbol of 36×36 (0-9A-Z): the key takes Ctrl.
    tap(&mut h, Key::W);
    assert!(!h.state().is_watching());
    h.key_press_modifiers(Modifiers::COMMAND, Key::W);
    h.run_steps(2);
    assert!(h.state().is_watching());
    h.key_press(Key::End);
    // Flat out: every frame stays short while the search runs beside it.
    let mut slowest = Duration::ZERO;
    for _ in 0..40 {
        let start = Instant::now();
        h.step();
        slowest = slowest.max(start.elapsed());
    }
    let w = h.state().watching().unwrap();
    assert!(w.view().moves > 100, "{}", w.view().moves);
    // Generous for a debug build on a loaded machine: the point is no frame waits on the
    // search (the release figures are in the README).
    assert!(slowest < Duration::from_secs(2), "{slowest:?}");
    h.key_press(Key::Escape);
    h.step();
    assert!(!h.state().is_watching());
    assert_eq!(h.state().game().board().filled(), 0);
}
