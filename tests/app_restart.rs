//! The window started again on its saved game, driven through `egui_kittest`: the collection the
//! puzzle was picked from, and its place there, come back with it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::config::Config;
use sudoku_dlx::game::Origin;
use sudoku_dlx::sudoku::Geometry;

mod common;
use common::*;

/// A harness around an app as the window starts it, saving to `dir`.
fn started(dir: &std::path::Path) -> Harness<'static, App> {
    let config: Config = config_for(Geometry::classic());
    harness_of(sudoku_dlx::app::start(
        config,
        Some(dir.to_path_buf()),
        None,
    ))
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The name of the collection the board is in, and the place there.
fn place(h: &Harness<'static, App>) -> Option<(String, usize)> {
    let app = h.state();
    let place = app.place()?;
    Some((
        app.collections()[place.collection].name.clone(),
        place.puzzle,
    ))
}

#[test]
fn a_bundled_collection_and_the_place_in_it_survive_a_restart() {
    let dir = scratch("restart-bundled");
    let mut h = started(&dir);
    pick_puzzle(&mut h, "9×9 · medium", 1);
    assert_eq!(place(&h), Some(("9×9 · medium".to_string(), 0)));
    let (row, col) = (0..81)
        .map(|c| (c / 9, c % 9))
        .find(|&(r, c)| cell(&h, r, c).1 == Origin::Empty)
        .unwrap();
    hover(&mut h, row, col);
    type_text(&mut h, "5");
    h.state_mut().save_game(true);
    drop(h);

    let mut h = started(&dir);
    assert_eq!(cell(&h, row, col), (5, Origin::Entry));
    assert_eq!(place(&h), Some(("9×9 · medium".to_string(), 0)));
    assert!(h.query_by_label_contains("1 of 30").is_some());
    // n goes on to the second puzzle of the same collection.
    press(&mut h, Key::N);
    assert_eq!(place(&h), Some(("9×9 · medium".to_string(), 1)));
    let app = h.state();
    let collection = &app.collections()[app.place().unwrap().collection];
    assert_eq!(app.game().givens(), collection.puzzles[1].puzzle);
    assert!(status(&h).contains("puzzle 2 of 30"), "{}", status(&h));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_puzzles_is_read_again_and_a_file_gone_leaves_no_collection() {
    let dir = scratch("restart-file");
    let file = dir.join("three.txt");
    std::fs::write(
        &file,
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
         2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3\n\
         ......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......\n",
    )
    .unwrap();
    let data = dir.join("data");
    let mut h = started(&data);
    h.state_mut().open_path(&file);
    settle(&mut h);
    press(&mut h, Key::N);
    assert_eq!(place(&h), Some(("three.txt".to_string(), 1)));
    h.state_mut().save_game(true);
    drop(h);

    // Started again: the file is read again, the place kept; n goes on to the third.
    let mut h = started(&data);
    assert_eq!(place(&h), Some(("three.txt".to_string(), 1)));
    press(&mut h, Key::N);
    assert_eq!(place(&h), Some(("three.txt".to_string(), 2)));
    h.state_mut().save_game(true);
    drop(h);

    // The file is gone: the game comes back, in no collection, and nothing is said of it.
    std::fs::remove_file(&file).unwrap();
    let mut h = started(&data);
    assert_eq!(place(&h), None);
    assert!(h.state().game().has_puzzle());
    assert!(!h.state().game().status().problem, "{}", status(&h));
    assert!(status(&h).starts_with("Welcome back"), "{}", status(&h));
    press(&mut h, Key::N);
    assert!(status(&h).starts_with("No collection"), "{}", status(&h));
    std::fs::remove_dir_all(&dir).unwrap();
}
