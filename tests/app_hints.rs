//! A technique's hint in the window, driven through `egui_kittest`: `h` names the technique
//! and shades its units, `h` again draws its pattern (the candidates it removes in red, struck
//! through), `h` a third time applies it, and Ctrl+Z takes it back.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::{Color32, Key, Modifiers};

mod common;
use common::*;

const HARD: &str =
    "....15.9..9....6..3.1..9.......3.81.56..9..73.38.4.......4..2.7..4....5..5.26....";

#[test]
fn three_presses_name_show_and_apply_a_pointing_and_undo_takes_it_back() {
    let mut h = puzzle(HARD);
    // Singles first (two presses each), until the hint is a technique's.
    for _ in 0..200 {
        if h.state().game().hint().is_some_and(|x| x.step.is_some()) {
            break;
        }
        press(&mut h, Key::H);
    }
    let status_now = status(&h);
    assert!(
        status_now.starts_with("Hint: pointing: look at box 9 and row 9"),
        "{status_now}"
    );
    let red = Color32::from_rgb(220, 40, 40);
    assert!(
        texts_in(&h, red).is_empty(),
        "nothing drawn at the first press"
    );
    press(&mut h, Key::H);
    let removed = texts_in(&h, red);
    assert_eq!(removed.len(), 2, "{removed:?}");
    let layout = h.state().layout().unwrap();
    for (text, pos) in &removed {
        assert_eq!(text, "9");
        assert_eq!(layout.cell_at(*pos).map(|(r, _)| r), Some(8), "row 9");
    }
    let before = h.state().game().notes(72);
    press(&mut h, Key::H);
    assert_eq!(h.state().game().notes(72) & 1 << 8, 0);
    assert_ne!(h.state().game().notes(72), before);
    assert!(texts_in(&h, red).is_empty(), "applied: the hint is gone");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().game().notes(72), before);
}

#[test]
fn pencil_marks_that_leave_out_the_solution_are_named_before_a_hint() {
    let mut h = puzzle(HARD);
    settle(&mut h);
    let solution = h.state().game().board().solution().unwrap();
    // r1c1 is empty: mark only a symbol that is not its value, in notes mode.
    assert_eq!(h.state().game().value(0), 0);
    let wrong = if solution.get(0) == 1 { "2" } else { "1" };
    hover(&mut h, 0, 0);
    press(&mut h, Key::M);
    type_text(&mut h, wrong);
    press(&mut h, Key::M);
    press(&mut h, Key::H);
    let text = status(&h);
    assert!(
        text.starts_with("The pencil marks in r1c1 leave out its value in the solution"),
        "{text}"
    );
    assert_eq!(h.state().game().hint().unwrap().focus, Some(0));
    // With the value marked too, the hints go on.
    let right = solution.get(0).to_string();
    press(&mut h, Key::M);
    type_text(&mut h, &right);
    press(&mut h, Key::M);
    press(&mut h, Key::H);
    assert!(
        !status(&h).starts_with("The pencil marks"),
        "{}",
        status(&h)
    );
}

#[test]
fn a_hint_on_an_open_25x25_board_falls_back_to_the_exact_cover_view() {
    let mut h = empty(sudoku_dlx::sudoku::Geometry::square(5).unwrap());
    // H is a symbol of 25×25 boards: the hint is Ctrl+H there.
    h.key_press_modifiers(Modifiers::COMMAND, Key::H);
    settle(&mut h);
    let text = status(&h);
    assert!(text.starts_with("No forced move."), "{text}");
    assert!(text.contains("quarter of a second"), "{text}");
}
