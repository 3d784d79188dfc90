//! The player's records, driven through `egui_kittest`: a puzzle started, hints, a solve with
//! its time set as the best of its kind, View → Statistics, and the records written beside the
//! saved game.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::Key;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::game::Game;
use sudoku_dlx::game::records::Records;
use sudoku_dlx::sudoku::Grid;

mod common;
use common::*;

const SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[test]
fn a_solve_sets_the_best_time_of_its_kind_and_statistics_show_it() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-records-app-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let config = config_for(sudoku_dlx::sudoku::Geometry::classic());
    let mut app = App::new(Game::new(config.notation.clone()), config);
    app.autosave_to(Some(dir.clone()));
    let mut h = harness_of(app);
    // Two cells short of the solution: pasted, it is a puzzle started.
    let mut line: Vec<char> = SOLVED.chars().collect();
    line[0] = '.';
    line[80] = '.';
    let line: String = line.into_iter().collect();
    h.event(egui::Event::Paste(line));
    settle(&mut h);
    assert_eq!(h.state().records().started, 1);
    // A hint, taken and filled (two presses, one hint asked for each).
    press(&mut h, Key::H);
    press(&mut h, Key::H);
    assert_eq!(h.state().records().hints, 2);
    // The last cell typed: solved, and the first time of its kind is the best.
    let last = if h.state().game().value(0) == 0 {
        (0, 0)
    } else {
        (8, 8)
    };
    let symbol = SOLVED.as_bytes()[last.0 * 9 + last.1] as char;
    hover(&mut h, last.0, last.1);
    type_text(&mut h, &symbol.to_string());
    settle(&mut h);
    let records = h.state().records().clone();
    assert_eq!(records.solved, 1);
    let (kind, best) = records.best.iter().next().unwrap();
    assert_eq!(kind, "9×9 (3×3 boxes), easy");
    assert_eq!(best.date.len(), 10);
    assert!(status(&h).starts_with("Solved!"), "{}", status(&h));
    assert!(
        status(&h).contains("first time recorded for 9×9 (3×3 boxes), easy"),
        "{}",
        status(&h)
    );
    // Written beside the saved game, and read back as they were.
    assert_eq!(Records::load(&dir), (records.clone(), None));
    // View → Statistics lists them, and stops the clock while open.
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Statistics…").click();
    settle(&mut h);
    h.get_by_label_contains("Games started: 1");
    h.get_by_label(kind);
    assert!(h.state().covered());
    h.get_by_label("Close").click();
    settle(&mut h);
    assert!(!h.state().covered());
    // The same puzzle again, slower or not, leaves one best of its kind and counts two solves.
    let grid = Grid::parse_line(SOLVED, None).unwrap();
    let mut again = grid.values().to_vec();
    again[40] = 0;
    h.event(egui::Event::Paste(
        Grid::from_values(grid.notation().clone(), again)
            .unwrap()
            .to_line(),
    ));
    settle(&mut h);
    hover(&mut h, 4, 4);
    type_text(&mut h, &(SOLVED.as_bytes()[40] as char).to_string());
    settle(&mut h);
    let records = h.state().records();
    assert_eq!(
        (records.started, records.solved, records.best.len()),
        (2, 2, 1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
