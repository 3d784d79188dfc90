//! The menus over the board and the status line under it, driven through `egui_kittest`: what
//! the pointer does to the board while a menu is open, and how a long message is read whole.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui_kittest::kittest::Queryable;
use sudoku_dlx::sudoku::Geometry;

mod common;
use common::*;

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn clicking_a_menu_item_above_the_board_leaves_the_selection_alone() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 4, 4);
    let centre = Geometry::classic().cell(4, 4);
    assert_eq!(h.state().game().selected(), Some(centre));
    h.get_by_label("Edit").click();
    settle(&mut h);
    // The item lies over the board's top-left cells: the pointer goes through the menu to it.
    let item = h.get_by_label_contains("Check my entries").rect();
    let layout = h.state().layout().unwrap();
    let beneath = layout
        .position_at(item.center())
        .expect("the item lies over a cell");
    assert_ne!(beneath, centre);
    h.get_by_label_contains("Check my entries").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Check my entries").is_none());
    assert_eq!(h.state().game().selected(), Some(centre));
    // The pointer rests where the item was: still nothing selected under it.
    settle(&mut h);
    assert_eq!(h.state().game().selected(), Some(centre));
    // Moving on to another cell selects again.
    hover(&mut h, 8, 8);
    assert_eq!(
        h.state().game().selected(),
        Some(Geometry::classic().cell(8, 8))
    );
}

#[test]
fn a_status_message_too_long_for_its_two_lines_is_read_whole_on_hover() {
    let mut h = puzzle(CLASSIC);
    let folder = "a-folder-with-a-long-name-that-does-not-exist/".repeat(6);
    let path = std::path::PathBuf::from(format!("/{folder}puzzle-file-at-the-end.sdk"));
    h.state_mut().open_path(&path);
    settle(&mut h);
    let text = status(&h);
    assert!(text.starts_with("Could not open the file"), "{text}");
    assert!(text.ends_with("(os error 2)") || text.contains("puzzle-file-at-the-end"));
    // On the window the line is cut short, with "…".
    let elided = h.output().shapes.iter().any(|c| match &c.shape {
        egui::Shape::Text(t) => t.galley.text() == text && t.galley.elided,
        _ => false,
    });
    assert!(elided, "the status line is cut");
    let holding = |h: &egui_kittest::Harness<'static, sudoku_dlx::app::App>| {
        h.query_all_by_value(&text).count()
    };
    assert_eq!(holding(&h), 1, "the status line alone");
    // Hovering it shows the whole of it, once.
    h.get_by_value(&text).hover();
    h.run_ok();
    assert_eq!(holding(&h), 2, "the status line and one tooltip");
}
