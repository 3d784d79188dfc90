//! The window, driven as a person would through `egui_kittest`: hover a cell, type, press the
//! command keys, and look at the game and at the accessibility labels.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers, ViewportCommand, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::{App, open_first_puzzle};
use sudoku_dlx::config::Config;
use sudoku_dlx::game::{Game, Origin};
use sudoku_dlx::sudoku::{Geometry, Grid, Notation};

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn config_for(geometry: Geometry) -> Config {
    let text = format!(
        "box = \"{}x{}\"\n",
        geometry.box_rows(),
        geometry.box_cols()
    );
    Config::from_toml_str(&text).unwrap()
}

fn harness(game: Game, config: Config) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(720.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.show(ui), App::new(game, config));
    h.run();
    h
}

fn empty(geometry: Geometry) -> Harness<'static, App> {
    let config = config_for(geometry);
    harness(Game::new(config.notation.clone()), config)
}

fn puzzle(line: &str) -> Harness<'static, App> {
    let grid = Grid::parse_line(line, None).unwrap();
    let config = config_for(grid.geometry());
    harness(Game::with_puzzle(grid), config)
}

/// Moves the pointer over a cell, as a person would, and lets the frame see it.
fn hover(h: &mut Harness<'static, App>, row: usize, col: usize) {
    let layout = h.state().layout().expect("the board was drawn");
    h.hover_at(layout.cell_rect(row, col).center());
    h.run();
}

/// Types text the way a keyboard does (egui gets it as a text event).
fn type_text(h: &mut Harness<'static, App>, text: &str) {
    h.event(Event::Text(text.into()));
    h.run();
}

fn press(h: &mut Harness<'static, App>, key: Key) {
    h.key_press(key);
    h.run();
}

/// Presses a key that starts a solve, then lets frames run until the worker has answered.
fn press_and_wait(h: &mut Harness<'static, App>, key: Key) {
    h.key_press(key);
    h.step();
    let start = Instant::now();
    while h.state().is_working() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the solver did not answer"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run();
}

fn cell(h: &Harness<'static, App>, row: usize, col: usize) -> (u8, Origin) {
    let game = h.state().game();
    let c = game.geometry().cell(row, col);
    (game.value(c), game.origin(c))
}

fn status(h: &Harness<'static, App>) -> String {
    h.state().game().status().text.clone()
}

#[test]
fn hover_and_type_writes_into_the_cell_under_the_pointer() {
    let mut h = empty(Geometry::classic());
    hover(&mut h, 2, 3);
    assert_eq!(
        h.state().game().selected(),
        Some(Geometry::classic().cell(2, 3))
    );
    type_text(&mut h, "5");
    assert_eq!(cell(&h, 2, 3), (5, Origin::Entry));
    // The cell says so to screen readers.
    h.get_by_label("row 3, column 4: 5, your entry");

    // Keys that are neither symbols nor commands do nothing.
    type_text(&mut h, "x");
    press(&mut h, Key::X);
    assert_eq!(cell(&h, 2, 3), (5, Origin::Entry));

    press(&mut h, Key::Backspace);
    assert_eq!(cell(&h, 2, 3), (0, Origin::Empty));
    type_text(&mut h, "7");
    press(&mut h, Key::Delete);
    assert_eq!(cell(&h, 2, 3), (0, Origin::Empty));
    type_text(&mut h, "7");
    type_text(&mut h, ".");
    assert_eq!(cell(&h, 2, 3), (0, Origin::Empty));

    // The selection stays when the pointer leaves the board, and arrows move it.
    h.hover_at(egui::pos2(1.0, 1.0));
    h.run();
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::ArrowRight);
    type_text(&mut h, "9");
    assert_eq!(cell(&h, 3, 4), (9, Origin::Entry));
}

#[test]
fn givens_cannot_be_overwritten() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 2);
    type_text(&mut h, "9");
    assert_eq!(cell(&h, 0, 2), (3, Origin::Given));
    assert!(status(&h).contains("r1c3 is a given"));
    press(&mut h, Key::Backspace);
    assert_eq!(cell(&h, 0, 2), (3, Origin::Given));
    h.get_by_label("row 1, column 3: 3, given");
}

#[test]
fn clashes_are_marked_on_both_cells_while_they_stand() {
    let mut h = empty(Geometry::classic());
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    hover(&mut h, 0, 8);
    type_text(&mut h, "4");
    let game = h.state().game();
    assert!(game.is_clash(0) && game.is_clash(8));
    h.get_by_label("row 1, column 9: 4, your entry, clash");
    press(&mut h, Key::Backspace);
    let game = h.state().game();
    assert!(!game.is_clash(0) && !game.is_clash(8));
}

#[test]
fn space_solves_a_puzzle_in_the_solver_style() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4"); // the right digit
    press_and_wait(&mut h, Key::Space);
    assert!(
        status(&h).starts_with("Solved: unique solution · "),
        "{}",
        status(&h)
    );
    assert!(status(&h).ends_with(" nodes"));
    let game = h.state().game();
    assert!(game.board().is_full());
    let classic = Grid::parse_line(CLASSIC, None).unwrap();
    game.board().verify_solution_of(&classic).unwrap();
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
    assert_eq!(cell(&h, 0, 2), (3, Origin::Given));
    assert_eq!(cell(&h, 0, 1).1, Origin::Solver);
    h.get_by_label("row 1, column 2: 8, solved");
}

#[test]
fn an_unsolvable_board_is_left_exactly_as_it_was() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "5"); // allowed by the rules, but no completion exists
    let before = h.state().game().board().clone();
    press_and_wait(&mut h, Key::Space);
    assert!(
        status(&h).starts_with("No solution: the entries admit no completion"),
        "{}",
        status(&h)
    );
    assert_eq!(h.state().game().board(), &before);
    assert_eq!(cell(&h, 0, 0), (5, Origin::Entry));

    // A clash is named without a search.
    hover(&mut h, 0, 1);
    type_text(&mut h, "6");
    h.key_press(Key::Space);
    h.run();
    assert_eq!(status(&h), "No solution: r1c2 and r1c7 both hold 6 (row 1)");
    assert!(!h.state().is_working());
}

#[test]
fn a_board_with_many_solutions_says_so_and_shows_one() {
    let mut h = empty(Geometry::classic());
    hover(&mut h, 4, 4);
    type_text(&mut h, "1");
    press_and_wait(&mut h, Key::Space);
    assert!(
        status(&h).starts_with("Solved: more than one solution, showing one"),
        "{}",
        status(&h)
    );
    assert!(h.state().game().board().is_full());
    assert_eq!(cell(&h, 4, 4), (1, Origin::Entry));
}

#[test]
fn r_resets_to_the_givens_or_to_an_empty_board() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    press_and_wait(&mut h, Key::Space);
    press(&mut h, Key::R);
    let classic = Grid::parse_line(CLASSIC, None).unwrap();
    assert_eq!(h.state().game().board(), &classic);
    assert_eq!(status(&h), "Reset: back to the puzzle's givens");

    let mut h = empty(Geometry::classic());
    hover(&mut h, 1, 1);
    type_text(&mut h, "3");
    press_and_wait(&mut h, Key::Space);
    press(&mut h, Key::R);
    assert_eq!(h.state().game().board().filled(), 0);
    assert_eq!(status(&h), "Reset: the board is empty");
}

#[test]
fn q_asks_the_window_to_close() {
    let mut h = empty(Geometry::classic());
    assert!(!h.state().quit_requested());
    // Only the key going down: the harness runs one frame per queued event, and the output kept
    // is the last frame's.
    h.key_down(Key::Q);
    h.step();
    let commands = &h.output().viewport_output[&ViewportId::ROOT].commands;
    assert!(commands.contains(&ViewportCommand::Close), "{commands:?}");
    assert!(h.state().quit_requested());
}

#[test]
fn sixteen_by_sixteen_takes_letters_in_either_case() {
    let mut h = empty(Geometry::square(4).unwrap());
    hover(&mut h, 15, 15);
    type_text(&mut h, "g");
    assert_eq!(cell(&h, 15, 15), (16, Origin::Entry));
    hover(&mut h, 0, 0);
    type_text(&mut h, "A");
    assert_eq!(cell(&h, 0, 0), (10, Origin::Entry));
    h.get_by_label("row 16, column 16: G, your entry");
    press_and_wait(&mut h, Key::Space);
    assert!(status(&h).starts_with("Solved: more than one solution"));
    assert!(h.state().game().board().is_full());
    press(&mut h, Key::R);
    assert_eq!(h.state().game().board().filled(), 0);
}

#[test]
fn twenty_five_by_twenty_five_solves_and_resets() {
    let mut h = empty(Geometry::square(5).unwrap());
    hover(&mut h, 24, 0);
    type_text(&mut h, "p");
    assert_eq!(cell(&h, 24, 0), (25, Origin::Entry));
    press_and_wait(&mut h, Key::Space);
    assert!(h.state().game().board().is_full(), "{}", status(&h));
    h.state()
        .game()
        .board()
        .verify_solution_of(h.state().game().board())
        .unwrap();
    press(&mut h, Key::R);
    assert_eq!(h.state().game().board().filled(), 0);
}

#[test]
fn on_thirty_six_by_thirty_six_r_and_q_are_symbols_and_commands_take_ctrl() {
    let mut h = empty(Geometry::square(6).unwrap());
    hover(&mut h, 0, 0);
    type_text(&mut h, "r");
    press(&mut h, Key::R); // the key event that comes with typing "r"
    let r = h.state().game().board().alphabet().value('R').unwrap();
    assert_eq!(cell(&h, 0, 0), (r, Origin::Entry));
    type_text(&mut h, "q");
    press(&mut h, Key::Q);
    let q = h.state().game().board().alphabet().value('Q').unwrap();
    assert_eq!(cell(&h, 0, 0), (q, Origin::Entry));
    assert!(!h.state().quit_requested());

    h.key_press_modifiers(Modifiers::COMMAND, Key::R);
    h.run();
    assert_eq!(h.state().game().board().filled(), 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    h.run();
    assert!(h.state().quit_requested());
}

#[test]
fn a_puzzle_file_opens_its_first_puzzle_whatever_the_config_size() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/16x16_sample.txt");
    let grid = open_first_puzzle(std::path::Path::new(data), &Notation::default()).unwrap();
    assert_eq!(grid.geometry().side(), 16);

    let dir = std::env::temp_dir().join(format!("sudoku-dlx-app-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# a comment\n\n12345x\n").unwrap();
    let err = open_first_puzzle(&bad, &Notation::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("bad.txt") && err.contains("line 3"), "{err}");
    let blank = dir.join("blank.txt");
    std::fs::write(&blank, "# nothing\n").unwrap();
    let err = open_first_puzzle(&blank, &Notation::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("no puzzle"), "{err}");
    let block = dir.join("block.txt");
    std::fs::write(
        &block,
        "# a 4x4 block grid\n1 . | . .\n. . | 1 .\n----+----\n. 1 | . .\n. . | . 1\n",
    )
    .unwrap();
    let grid = open_first_puzzle(&block, &Notation::default()).unwrap();
    assert_eq!(grid.geometry().side(), 4);
    assert_eq!(grid.filled(), 4);
    assert!(
        open_first_puzzle(&dir.join("missing.txt"), &Notation::default())
            .unwrap_err()
            .to_string()
            .contains("missing.txt")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
