//! File → Export image, driven through `egui_kittest` as a person would: the menu opens the
//! file dialog, its Export button writes the picture, PNG by default and SVG when that format is
//! picked, showing the board as the player sees it (the givens, an entry in the entries' blue,
//! pencil marks). Under a pause the board stays hidden, and so the export waits.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::Key;
use egui_kittest::kittest::Queryable;

mod common;
use common::*;

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A fresh folder for one test's pictures.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-export-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The classic puzzle with a 4 typed in row 1, column 1 and the pencil marks 1 and 7 in row 1,
/// column 2, the file dialog set to start in `dir`.
fn played(dir: &std::path::Path) -> egui_kittest::Harness<'static, sudoku_dlx::app::App> {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    hover(&mut h, 0, 1);
    press(&mut h, Key::M);
    type_text(&mut h, "1");
    type_text(&mut h, "7");
    press(&mut h, Key::M);
    let game = h.state().game();
    assert_eq!(game.notes(game.geometry().cell(0, 1)), 0b100_0001);
    h.state_mut().set_folder_for_test(dir);
    h
}

/// File → Export image…, as a click on each.
fn open_export(h: &mut egui_kittest::Harness<'static, sudoku_dlx::app::App>) {
    h.get_by_label("File").click();
    settle(h);
    h.get_by_label("Export image…").click();
    settle(h);
}

#[test]
fn the_menu_and_the_dialog_write_the_board_as_a_png() {
    let dir = folder("png");
    let mut h = played(&dir);
    open_export(&mut h);
    assert!(h.state().dialog_open());
    h.get_by_label("Export").click();
    settle(&mut h);
    assert!(!h.state().dialog_open());
    let path = dir.join("sudoku-dlx-board.png");
    assert_eq!(
        status(&h),
        format!("Exported the board as PNG: {}", path.display())
    );
    let p = tiny_skia::Pixmap::decode_png(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!((p.width(), p.height()), (600, 600));
    // The entry in row 1, column 1 (its cell's middle at 12 + 32 pixels) is drawn in blue.
    let blue = (-8..=8)
        .flat_map(|d| [(44 + d, 44), (44, 44 + d)])
        .filter_map(|(x, y)| p.pixel(x as u32, y as u32))
        .any(|c| c.blue() > 150 && c.red() < 100);
    assert!(blue, "the entry is not blue");
    // The pencil mark 1 in the top left corner of row 1, column 2, its middle left white.
    let dark = |x: i32, y: i32, r: i32| {
        (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| (x + dx, y + dy)))
            .filter_map(|(x, y)| p.pixel(x as u32, y as u32))
            .any(|c| c.red() < 180)
    };
    assert!(dark(76 + 12, 12 + 12, 4));
    assert!(!dark(76 + 32, 12 + 32, 5));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn picking_svg_in_the_dialog_writes_an_svg_with_the_entries_and_marks() {
    let dir = folder("svg");
    let mut h = played(&dir);
    open_export(&mut h);
    h.get_by_label("SVG (.svg)").click();
    settle(&mut h);
    h.get_by_label("Export").click();
    settle(&mut h);
    let path = dir.join("sudoku-dlx-board.svg");
    assert!(
        status(&h).starts_with("Exported the board as SVG"),
        "{}",
        status(&h)
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    let givens = CLASSIC.chars().filter(char::is_ascii_digit).count();
    assert_eq!(svg.matches(r#"class="given""#).count(), givens);
    assert_eq!(svg.matches(r#"class="entry""#).count(), 1);
    assert_eq!(svg.matches(r#"class="note""#).count(), 2);
    // A name without an extension is written as PNG, with .png added.
    h.state_mut().export_image(&dir.join("plain"));
    assert!(dir.join("plain.png").exists());
    assert!(status(&h).starts_with("Exported the board as PNG"));
    // A folder that is not there: the reason in the status line, as a problem.
    h.state_mut().export_image(&dir.join("no/such/board.png"));
    assert!(status(&h).starts_with("Could not write"), "{}", status(&h));
    assert!(h.state().game().status().problem);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_pause_keeps_the_board_from_being_exported() {
    let dir = folder("pause");
    let mut h = played(&dir);
    press(&mut h, Key::B);
    assert!(h.state().paused());
    open_export(&mut h);
    assert!(!h.state().dialog_open());
    assert!(status(&h).starts_with("Paused"), "{}", status(&h));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).ok();
}
