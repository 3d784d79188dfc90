//! The loupe, driven through `egui_kittest`: on a 25×25 or 36×36 board the selected cell's
//! pencil marks show again, large, in a card beside it; on a 9×9 board, whose marks read, and
//! on a cell without marks, there is none.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudoku_dlx::sudoku::Geometry;

mod common;
use common::*;

#[test]
fn big_boards_show_the_selected_cells_pencil_marks_in_a_loupe_beside_it() {
    for (n, marks) in [
        (5, "Pencil marks of r2c3: 1 2 K"),
        (6, "Pencil marks of r2c3: 0 2 K"),
    ] {
        let mut h = empty(Geometry::square(n).unwrap());
        assert!(h.query_by_label_contains("Pencil marks of").is_none());
        hover(&mut h, 1, 2);
        let symbols: Vec<char> = marks.rsplit(": ").next().unwrap().chars().collect();
        for c in symbols.into_iter().filter(|c| *c != ' ') {
            h.key_down_modifiers(Modifiers::ALT, Key::A);
            h.event_modifiers(egui::Event::Text(c.to_string()), Modifiers::ALT);
            h.key_up_modifiers(Modifiers::ALT, Key::A);
            settle(&mut h);
        }
        let card = h.get_by_label(marks);
        // Beside the cell, never over it, and inside the board.
        let layout = h.state().layout().unwrap();
        let cell = layout.cell_rect(1, 2);
        let rect = card.rect();
        assert!(!rect.intersects(cell.shrink(1.0)), "{rect:?} over {cell:?}");
        assert!(layout.rect.expand(1.0).contains_rect(rect), "{rect:?}");
        // Big enough to read: a mark's slot is well over the board's own.
        assert!(rect.width() / n as f32 > 2.0 * layout.cell_size() / n as f32);
        // Another cell without marks: no card.
        hover(&mut h, 4, 4);
        assert!(h.query_by_label_contains("Pencil marks of").is_none());
        // A cell at the right and bottom edges keeps its card inside the board.
        let last = n * n - 1;
        hover(&mut h, last, last);
        h.key_down_modifiers(Modifiers::ALT, Key::A);
        h.event_modifiers(egui::Event::Text("2".into()), Modifiers::ALT);
        h.key_up_modifiers(Modifiers::ALT, Key::A);
        settle(&mut h);
        let rect = h.get_by_label_contains("Pencil marks of").rect();
        assert!(layout.rect.expand(1.0).contains_rect(rect), "{rect:?}");
    }
}

#[test]
fn a_nine_by_nine_boards_marks_read_on_the_board_itself() {
    let mut h = empty(Geometry::classic());
    hover(&mut h, 0, 0);
    press(&mut h, Key::M);
    type_text(&mut h, "5");
    assert_eq!(h.state().game().notes(0), 0b10000);
    assert!(h.query_by_label_contains("Pencil marks of").is_none());
}

#[test]
fn a_narrow_window_wraps_the_picker_so_that_every_key_stays_on_screen() {
    use egui_kittest::Harness;
    use sudoku_dlx::app::App;
    use sudoku_dlx::game::Game;
    for (n, width) in [(3, 300.0), (4, 300.0), (5, 360.0), (6, 400.0)] {
        let config = config_for(Geometry::square(n).unwrap());
        let app = App::new(Game::new(config.notation.clone()), config);
        let mut h = Harness::builder()
            .with_size(egui::vec2(width, 700.0))
            .build_ui_state(|ui, app: &mut App| app.show(ui), app);
        settle(&mut h);
        let side = n * n;
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(width, 700.0));
        let alphabet = h.state().game().board().alphabet().clone();
        for v in 1..=side as u8 {
            let label = format!("symbol {}, {side} to place", alphabet.symbol(v));
            let rect = h.get_by_label(&label).rect();
            assert!(window.contains_rect(rect), "{n}: {label} at {rect:?}");
        }
        for tool in ["Notes", "Erase"] {
            let rect = h.get_by_label(tool).rect();
            assert!(window.contains_rect(rect), "{n}: {tool} at {rect:?}");
        }
    }
}
