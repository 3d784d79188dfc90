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
