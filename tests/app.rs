//! The window, driven as a person would through `egui_kittest`: hover a cell, type, press the
//! command keys, and look at the game and at the accessibility labels.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::{Event, Key, Modifiers, ViewportCommand, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sudoku_dlx::app::{App, open_first_puzzle};
use sudoku_dlx::config::Config;
use sudoku_dlx::game::{Game, Origin, Uniqueness};
use sudoku_dlx::sudoku::cover::model::ItemMeaning;
use sudoku_dlx::sudoku::{Geometry, Grid, Notation};

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

mod common;
use common::*;

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
    settle(&mut h);
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
    settle(&mut h);
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
    assert!(status(&h).starts_with("Reset: back to the puzzle's givens"));

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
    settle(&mut h);
    assert_eq!(h.state().game().board().filled(), 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    settle(&mut h);
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

#[test]
fn the_puzzle_menu_opens_a_bundled_puzzle_and_n_and_p_step_through_its_collection() {
    let mut h = fresh();
    pick_puzzle(&mut h, "9×9 · medium", 3);
    let app = h.state();
    let place = app.place().unwrap();
    let collection = &app.collections()[place.collection];
    assert_eq!(
        (collection.name.as_str(), place.puzzle),
        ("9×9 · medium", 2)
    );
    assert_eq!(app.game().givens(), collection.puzzles[2].puzzle);
    assert!(status(&h).contains("puzzle 3 of 30"), "{}", status(&h));
    // The count of solutions is shown for it: one.
    assert_eq!(count_label(&h), Uniqueness::One);
    assert!(h.query_by_label("Puzzle: one solution").is_some());

    press(&mut h, Key::N);
    assert_eq!(h.state().place().unwrap().puzzle, 3);
    press(&mut h, Key::P);
    press(&mut h, Key::P);
    assert_eq!(h.state().place().unwrap().puzzle, 1);
    // Wrapping round at the ends.
    press(&mut h, Key::P);
    press(&mut h, Key::P);
    assert_eq!(h.state().place().unwrap().puzzle, 29);
}

#[test]
fn n_and_p_take_ctrl_on_twenty_five_by_twenty_five_where_n_and_p_are_symbols() {
    let mut h = empty(Geometry::square(5).unwrap());
    assert_eq!(h.state().keys().next.to_string(), "Ctrl+N");
    // Pick the 25×25 collection through the app, then step with Ctrl+N.
    let k = h
        .state()
        .collections()
        .iter()
        .position(|c| c.name.starts_with("25×25"))
        .unwrap();
    h.state_mut().pick_for_test(k, 0);
    settle(&mut h);
    hover(&mut h, 0, 0);
    press(&mut h, Key::N); // a plain N is the symbol N's key: no step
    assert_eq!(h.state().place().unwrap().puzzle, 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    assert_eq!(h.state().place().unwrap().puzzle, 1);
}

#[test]
fn new_makes_a_unique_puzzle_of_the_grade_in_the_background() {
    let mut h = fresh();
    h.get_by_label("New").click();
    settle(&mut h);
    h.get_by_label("Hard").click();
    settle(&mut h);
    let game = h.state().game();
    assert!(game.givens().filled() > 17);
    assert!(game.givens().is_unique());
    let rating = sudoku_dlx::sudoku::Rater::new().rate(&game.givens());
    assert_eq!(rating.grade, sudoku_dlx::sudoku::Grade::Hard);
    assert!(status(&h).starts_with("A new hard 9×9"), "{}", status(&h));
    assert_eq!(count_label(&h), Uniqueness::One);
}

fn press_with(h: &mut Harness<'static, App>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    settle(h);
}

fn notes_at(h: &Harness<'static, App>, row: usize, col: usize) -> u64 {
    let game = h.state().game();
    game.notes(game.geometry().cell(row, col))
}

#[test]
fn notes_by_mode_and_by_alt_then_undo_and_redo_with_ctrl_z_and_ctrl_y() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    // m: notes mode; typing writes marks.
    press(&mut h, Key::M);
    assert!(h.state().game().notes_mode());
    type_text(&mut h, "4");
    type_text(&mut h, "5");
    assert_eq!(notes_at(&h, 0, 0), 0b11000);
    assert_eq!(cell(&h, 0, 0), (0, Origin::Empty));
    h.get_by_label("row 1, column 1: empty, notes 45");
    press(&mut h, Key::M);
    assert!(!h.state().game().notes_mode());
    // Alt held while typing writes a note too, without the mode.
    hover(&mut h, 0, 1);
    h.key_down_modifiers(Modifiers::ALT, Key::Num7);
    h.event_modifiers(Event::Text("7".into()), Modifiers::ALT);
    settle(&mut h);
    assert_eq!(notes_at(&h, 0, 1), 1 << 6);
    assert_eq!(cell(&h, 0, 1).0, 0);
    // Ctrl+Z takes the notes back one by one; Ctrl+Y and Ctrl+Shift+Z redo.
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(notes_at(&h, 0, 1), 0);
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(notes_at(&h, 0, 0), 0b01000);
    press_with(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(notes_at(&h, 0, 0), 0b11000);
    press_with(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(notes_at(&h, 0, 1), 1 << 6);
    // f fills every candidate; typing 4 into r1c1 takes 4 out of its row's notes.
    press(&mut h, Key::F);
    assert!(status(&h).starts_with("Filled in the candidates"));
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
    assert_eq!(notes_at(&h, 0, 1) & 0b1000, 0);
    // Undo of a solve and of a reset.
    press_and_wait(&mut h, Key::Space);
    assert!(h.state().game().board().is_full());
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(!h.state().game().board().is_full());
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
    press(&mut h, Key::R);
    assert_eq!(cell(&h, 0, 0), (0, Origin::Empty));
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
}

#[test]
fn h_shows_a_hint_with_its_cells_and_a_second_press_fills_it() {
    let mut h = puzzle(CLASSIC);
    press(&mut h, Key::H);
    let hint = h.state().game().hint().cloned().expect("a hint");
    let (target, value) = hint.fill.expect("a forced move in an easy puzzle");
    assert!(
        status(&h).ends_with("Hint again fills it in"),
        "{}",
        status(&h)
    );
    // Drawing a hint changes nothing on the board.
    assert_eq!(h.state().game().value(target), 0);
    press(&mut h, Key::H);
    assert_eq!(h.state().game().value(target), value);
    assert_eq!(h.state().game().origin(target), Origin::Entry);
    assert!(h.state().game().hint().is_none());
    // A wrong entry is named before any hint; e marks it.
    hover(&mut h, 0, 0);
    type_text(&mut h, "5"); // the solution has 4
    press(&mut h, Key::H);
    assert_eq!(
        status(&h),
        "r1c1: your 5 is not in the solution; clear it before going on"
    );
    press(&mut h, Key::E);
    assert!(h.state().game().is_wrong(0));
    assert!(
        status(&h).contains("1 of your 2 entries differs from the solution: r1c1"),
        "{}",
        status(&h)
    );
    h.get_by_label("row 1, column 1: 5, your entry, wrong");
}

#[test]
fn arrows_ctrl_arrows_and_tab_move_the_selection() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    // The pointer rests on r1c1: the keys move the selection all the same.
    press(&mut h, Key::ArrowRight);
    assert_eq!(h.state().game().selected(), Some(1));
    // r1: . . 3 . 2 . 6 . .: Ctrl+Right jumps over the givens to r1c4.
    press_with(&mut h, Modifiers::COMMAND, Key::ArrowRight);
    assert_eq!(h.state().game().selected(), Some(3));
    press(&mut h, Key::Tab);
    assert_eq!(h.state().game().selected(), Some(5));
    press_with(&mut h, Modifiers::SHIFT, Key::Tab);
    assert_eq!(h.state().game().selected(), Some(3));
    press(&mut h, Key::ArrowDown);
    assert_eq!(h.state().game().selected(), Some(12));
    // Moving the pointer onto another cell selects that one.
    hover(&mut h, 8, 8);
    assert_eq!(h.state().game().selected(), Some(80));
}

#[test]
fn f1_and_question_mark_show_every_key_and_the_board_is_safe_meanwhile() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    press(&mut h, Key::F1);
    assert!(h.state().help_open());
    h.get_by_label("Keys");
    h.get_by_label("toggle it as a pencil mark");
    // Typing while the overlay is up changes nothing.
    type_text(&mut h, "4");
    assert_eq!(cell(&h, 0, 0), (0, Origin::Empty));
    press(&mut h, Key::Escape);
    assert!(!h.state().help_open());
    type_text(&mut h, "?");
    assert!(h.state().help_open());
    type_text(&mut h, "?");
    assert!(!h.state().help_open());
}

#[test]
fn the_clock_runs_while_playing_and_the_status_shows_it() {
    let mut h = puzzle(CLASSIC);
    assert!(h.state().game().clock_running());
    h.get_by_label_contains("time 0:0");
    // The window losing focus pauses it, and says so.
    h.input_mut().focused = false;
    settle(&mut h);
    assert!(!h.state().game().clock_running());
    h.get_by_label_contains("(paused)");
    h.input_mut().focused = true;
    settle(&mut h);
    assert!(h.state().game().clock_running());
    // A full board stops it.
    press_and_wait(&mut h, Key::Space);
    assert!(!h.state().game().clock_running());
}

#[test]
fn opening_the_puzzle_already_on_the_board_keeps_the_game_and_another_is_one_undo_away() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-reopen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let same = dir.join("same.txt");
    std::fs::write(&same, format!("{CLASSIC}\n")).unwrap();
    let other = dir.join("other.txt");
    std::fs::write(&other, "1...........4...\n").unwrap();

    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    h.state_mut().open_path(&same);
    settle(&mut h);
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
    assert!(status(&h).contains("as you left it"), "{}", status(&h));
    // Another puzzle replaces the game; Ctrl+Z brings the old one back, entry and all.
    h.state_mut().open_path(&other);
    settle(&mut h);
    assert_eq!(h.state().game().geometry().side(), 4);
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().game().geometry().side(), 9);
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A harness around an app as the window starts it (see `sudoku_dlx::app::start`).
fn started(config: Config, dir: &std::path::Path) -> Harness<'static, App> {
    harness_of(sudoku_dlx::app::start(
        config,
        Some(dir.to_path_buf()),
        None,
    ))
}

#[test]
fn the_board_of_config_toml_wins_over_a_saved_game_which_stays_one_undo_away() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-adopt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // A 9×9 game: a 5 typed, then saved as on quit.
    let mut h = started(config_for(Geometry::classic()), &dir);
    hover(&mut h, 0, 0);
    type_text(&mut h, "5");
    assert_eq!(cell(&h, 0, 0), (5, Origin::Entry));
    h.state_mut().save_game(true);
    drop(h);

    // config.toml now asks for 16×16: an empty 16×16 board, on which A types.
    let sixteen = Geometry::square(4).unwrap();
    let mut h = started(config_for(sixteen), &dir);
    assert_eq!(h.state().game().geometry(), sixteen);
    assert_eq!(h.state().game().board().filled(), 0);
    assert!(
        status(&h).contains("config.toml asks for a 16×16 board")
            && status(&h).contains("9×9 game is one undo away"),
        "{}",
        status(&h)
    );
    hover(&mut h, 1, 1);
    type_text(&mut h, "A");
    assert_eq!(cell(&h, 1, 1), (10, Origin::Entry));
    h.state_mut().save_game(true);

    // Nothing is lost: undo twice (the A, then the switch) brings the 9×9 game back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().game().geometry(), Geometry::classic());
    assert_eq!(cell(&h, 0, 0), (5, Origin::Entry));
    drop(h);

    // The same config again: the game is restored as it was, no switch.
    let h = started(config_for(sixteen), &dir);
    assert_eq!(h.state().game().geometry(), sixteen);
    assert_eq!(cell(&h, 1, 1), (10, Origin::Entry));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_puzzle_is_described_as_sudoku_dlx_rate_describes_it_at_every_grade_and_size() {
    use sudoku_dlx::sudoku::{Grade, Rater};
    for geometry in [
        Geometry::square(2).unwrap(),
        Geometry::new(2, 3).unwrap(),
        Geometry::classic(),
        Geometry::square(4).unwrap(),
    ] {
        let mut h = empty(geometry);
        for grade in Grade::ALL {
            let name = grade.name();
            h.get_by_label("New").click();
            settle(&mut h);
            h.get_by_label(&format!("{}{}", name[..1].to_uppercase(), &name[1..]))
                .click();
            settle(&mut h);
            let text = status(&h);
            if text.starts_with("No new puzzle") {
                // A grade this size cannot reach (a 4×4 board needs no X-wing): said so.
                continue;
            }
            let givens = h.state().game().givens();
            let rating = Rater::new().rate(&givens);
            assert_eq!(rating.grade, grade, "{geometry}: {text}");
            assert!(
                text.starts_with(&format!("A new {name} {geometry} puzzle"))
                    && text.ends_with(&format!(": {}", rating.describe())),
                "{geometry} {name}: the window says {text:?}, rate says {:?}",
                rating.describe()
            );
        }
    }
}

/// Clicks a cell with the mouse, as a person would (pointer moved there, button pressed and
/// released).
fn click_cell(h: &mut Harness<'static, App>, row: usize, col: usize, button: egui::PointerButton) {
    let layout = h.state().layout().expect("the board was drawn");
    let pos = layout.cell_rect(row, col).center();
    h.hover_at(pos);
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    settle(h);
}

#[test]
fn play_by_mouse_click_a_cell_then_a_symbol_of_the_picker() {
    let mut h = puzzle(CLASSIC);
    // (0, 0) is empty in the classic puzzle; 4 belongs there.
    click_cell(&mut h, 0, 0, egui::PointerButton::Primary);
    assert_eq!(
        h.state().game().selected(),
        Some(Geometry::classic().cell(0, 0))
    );
    // The picker counts what is left to place: the puzzle has four 4s.
    let givens = Grid::parse_line(CLASSIC, None).unwrap();
    let fours = givens.values().iter().filter(|&&v| v == 4).count();
    h.get_by_label(&format!("symbol 4, {} to place", 9 - fours))
        .click();
    settle(&mut h);
    assert_eq!(cell(&h, 0, 0), (4, Origin::Entry));
    h.get_by_label(&format!("symbol 4, {} to place", 8 - fours));
    assert_eq!(h.state().chosen(), Some(4));
    // Erase clears it; a right click writes a pencil mark instead.
    h.get_by_label("Erase").click();
    settle(&mut h);
    assert_eq!(cell(&h, 0, 0), (0, Origin::Empty));
    h.get_by_label(&format!(
        "symbol 7, {} to place",
        9 - givens.values().iter().filter(|&&v| v == 7).count()
    ))
    .click_secondary();
    settle(&mut h);
    assert_eq!(notes_at(&h, 0, 0), 1 << 6);
    // The notes toggle makes a click write pencil marks too.
    h.get_by_label("Notes").click();
    settle(&mut h);
    assert!(h.state().game().notes_mode());
}

#[test]
fn a_symbol_placed_nine_times_is_greyed_out_in_the_picker() {
    // Every 3 of the solution on the board but one.
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut line: Vec<char> = solution.chars().collect();
    line[0] = '.'; // the 5 of r1c1
    let line: String = line.into_iter().collect();
    let h = puzzle(&line);
    // 5 has one left; 3 has none and is greyed out (disabled).
    h.get_by_label("symbol 5, 1 to place");
    use egui_kittest::kittest::NodeT;
    let three = h.get_by_label("symbol 3, 0 to place");
    assert!(three.accesskit_node().is_disabled());
}

#[test]
fn the_symbol_of_the_selected_cell_is_highlighted_and_the_view_menu_turns_it_off() {
    let mut h = puzzle(CLASSIC);
    // r1c3 holds a given 3.
    click_cell(&mut h, 0, 2, egui::PointerButton::Primary);
    let app = h.state();
    assert!(app.settings().same_symbol);
    // The highlight is the selected cell's symbol, drawn behind every 3 and every pencil mark 3.
    assert_eq!(app.highlighted(), Some(3));
    // An empty cell: the symbol picked last in the picker.
    click_cell(&mut h, 0, 0, egui::PointerButton::Primary);
    assert_eq!(h.state().highlighted(), None);
    h.get_by_label_contains("symbol 8,").click_secondary();
    settle(&mut h);
    assert_eq!(h.state().highlighted(), Some(8));
    // The View menu's settings: off, and the highlight, the count line and the picker go.
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Highlight the same symbol").click();
    settle(&mut h);
    assert_eq!(h.state().highlighted(), None);
    h.get_by_label("Solution count").click();
    settle(&mut h);
    assert!(!h.state().settings().solution_count);
    h.get_by_label("Symbol picker").click();
    settle(&mut h);
    assert!(!h.state().settings().picker);
    press(&mut h, Key::Escape);
    assert!(h.query_by_label_contains("to place").is_none());
    assert!(h.query_by_label_contains("one solution").is_none());
}

#[test]
fn hovering_selects_but_not_while_a_menu_is_open() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 4, 4);
    let centre = Geometry::classic().cell(4, 4);
    assert_eq!(h.state().game().selected(), Some(centre));
    h.get_by_label("Edit").click();
    settle(&mut h);
    // The menu is open: the pointer wanders over the board on its way to an item.
    hover(&mut h, 8, 8);
    hover(&mut h, 7, 1);
    assert_eq!(h.state().game().selected(), Some(centre));
    press(&mut h, Key::Escape);
    // Closed again: hovering selects.
    hover(&mut h, 2, 2);
    assert_eq!(
        h.state().game().selected(),
        Some(Geometry::classic().cell(2, 2))
    );
}

#[test]
fn crossing_the_board_fast_towards_the_menu_bar_leaves_the_selection_alone() {
    let grid = Grid::parse_line(CLASSIC, None).unwrap();
    let config = config_for(grid.geometry());
    let mut h = Harness::builder()
        .with_size(egui::vec2(720.0, 800.0))
        .with_step_dt(1.0 / 60.0)
        .with_max_steps(200)
        .build_ui_state(
            |ui, app: &mut App| app.show(ui),
            App::new(Game::with_puzzle(grid), config),
        );
    settle(&mut h);
    hover(&mut h, 8, 4);
    let start = Geometry::classic().cell(8, 4);
    assert_eq!(h.state().game().selected(), Some(start));
    // Up the board towards the menu bar, a frame at a time, fast (a cell a frame).
    let layout = h.state().layout().unwrap();
    for row in (0..8).rev() {
        h.hover_at(layout.cell_rect(row, 4).center());
        h.step();
        assert_eq!(h.state().game().selected(), Some(start), "row {row}");
    }
    // It stops on row 0: once still (a few frames later), the cell under it is selected.
    for _ in 0..30 {
        h.step();
    }
    assert_eq!(
        h.state().game().selected(),
        Some(Geometry::classic().cell(0, 4))
    );
}

#[test]
fn a_long_status_wraps_in_its_place_and_never_moves_the_board() {
    let mut h = fresh();
    // (Without the picker, whose rows follow the board's size.)
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Symbol picker").click();
    settle(&mut h);
    press(&mut h, Key::Escape);
    let before = h.state().layout().unwrap().rect;
    // A file of many sizes on a 9×9 config: a long note about the size.
    let sizes = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/sizes.txt");
    h.state_mut().open_path(std::path::Path::new(sizes));
    settle(&mut h);
    assert!(status(&h).len() > 60, "{}", status(&h));
    let after = h.state().layout().unwrap();
    assert_eq!(after.rect, before, "the board moved");
    // An error naming a long path, too.
    let long = format!("/tmp/{}/no-such-puzzle.txt", "a-long-folder-name".repeat(8));
    h.state_mut().open_path(std::path::Path::new(&long));
    settle(&mut h);
    assert!(status(&h).contains("no-such-puzzle.txt"));
    assert_eq!(h.state().layout().unwrap().rect, before, "the board moved");
}

#[test]
fn the_view_settings_are_kept_for_the_next_start() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-view-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = started(config_for(Geometry::classic()), &dir);
    assert!(h.state().settings().clock);
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Clock").click();
    settle(&mut h);
    h.get_by_label("Mark clashes").click();
    settle(&mut h);
    press(&mut h, Key::Escape);
    let chosen = h.state().settings();
    assert!(!chosen.clock && !chosen.clashes);
    drop(h);
    let h = started(config_for(Geometry::classic()), &dir);
    assert_eq!(h.state().settings(), chosen);
    // config.toml is never written: the settings live beside the saved game.
    assert!(dir.join("settings.toml").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_config_is_shown_in_the_window_which_goes_on_with_the_defaults() {
    let problem = Config::from_toml_str("box_size = 99\n")
        .unwrap_err()
        .to_string();
    let mut app = App::new(
        Game::new(Config::default().notation.clone()),
        Config::default(),
    );
    app.warn_config(&problem);
    let mut h = harness_of(app);
    // Over the board, where it cannot be missed, naming the key and what is wrong.
    h.get_by_label("config.toml has a problem");
    assert!(problem.contains("box_size"), "{problem}");
    h.get_by_label(&problem);
    assert!(status(&h).contains("defaults are in use"), "{}", status(&h));
    // Keys do not reach the board meanwhile; OK closes it, and the default board plays.
    hover(&mut h, 0, 0);
    type_text(&mut h, "5");
    assert_eq!(cell(&h, 0, 0), (0, Origin::Empty));
    h.get_by_label("OK").click();
    settle(&mut h);
    assert!(h.state().config_problem().is_none());
    hover(&mut h, 0, 1);
    type_text(&mut h, "5");
    assert_eq!(cell(&h, 0, 1), (5, Origin::Entry));
}

#[test]
fn a_second_window_on_the_same_data_directory_plays_but_never_overwrites_the_first_ones_game() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-second-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut first = started(config_for(Geometry::classic()), &dir);
    hover(&mut first, 0, 0);
    type_text(&mut first, "5");
    first.state_mut().save_game(true);

    let mut second = started(config_for(Geometry::classic()), &dir);
    assert!(second.state().game().status().problem);
    assert!(
        status(&second).contains("another sudoku-dlx window is saving its game")
            && status(&second).starts_with("Not autosaving"),
        "{}",
        status(&second)
    );
    // A fresh board, played, and a save asked for: the first window's game stays.
    assert_eq!(second.state().game().board().filled(), 0);
    hover(&mut second, 0, 0);
    type_text(&mut second, "7");
    second.state_mut().save_game(true);
    let saved = std::fs::read_to_string(dir.join("game.toml")).unwrap();
    assert!(saved.contains("board = \"5..."), "{saved}");
    drop(second);

    // Once the first window has gone, the next one takes the directory and its game.
    drop(first);
    let third = started(config_for(Geometry::classic()), &dir);
    assert_eq!(cell(&third, 0, 0), (5, Origin::Entry));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_device_a_folder_a_pipe_or_a_huge_paste_is_refused_by_name_and_the_board_stays() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    let before = h.state().game().board().clone();
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-devices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut cases = vec![
        (
            std::path::PathBuf::from("/dev/zero"),
            "is a device, pipe or socket",
        ),
        (dir.clone(), "is a folder"),
    ];
    if made.is_ok_and(|s| s.success()) {
        // Opening a named pipe would wait for a writer: it is refused before.
        cases.push((fifo, "is a device, pipe or socket"));
    }
    for (path, says) in cases {
        h.state_mut().open_path(&path);
        settle(&mut h);
        assert_eq!(h.state().game().board(), &before);
        let s = status(&h);
        assert!(
            s.contains(&path.display().to_string()) && s.contains(says),
            "{s}"
        );
    }
    let huge = format!("{CLASSIC}\n").repeat(60_000);
    h.event(Event::Paste(huge));
    settle(&mut h);
    assert_eq!(h.state().game().board(), &before);
    assert!(
        status(&h).contains("MiB, more than the 4 MiB"),
        "{}",
        status(&h)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compare_runs_each_solver_on_the_board_in_the_background() {
    let mut h = puzzle(CLASSIC);
    h.get_by_label("Watch").click();
    settle(&mut h);
    h.get_by_label("Compare DLX and backtracking").click();
    frames_until(&mut h, "the comparison ends", |app| !app.is_comparing());
    // (The window's spinner and its opening animation repaint for a few frames more.)
    h.run_steps(30);
    let runs = h.state().comparison().unwrap().to_vec();
    let names: Vec<&str> = runs.iter().map(|r| r.solver).collect();
    assert_eq!(names, ["dlx", "dlx-plain", "naive"]);
    assert!(runs.iter().all(|r| r.solutions == Some(1) && r.nodes > 0));
    h.get_by_label("DLX against backtracking");
    h.get_by_label("naive");
}

#[test]
fn the_candidates_view_shows_each_empty_cells_options_as_the_engine_counts_them() {
    let mut h = puzzle(CLASSIC);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Candidates as the engine sees them").click();
    h.run();
    assert!(h.state().settings().candidates);
    // Close the menu; then over r1c1 a tooltip gives its options (4 and 5: row 1 holds 3, 2
    // and 6, column 1 holds 9, 7 and 8, box 1 holds 3, 9 and 1) and each symbol's places left.
    h.key_press(Key::Escape);
    hover(&mut h, 0, 0);
    h.run_steps(3);
    h.get_by_label("r1c1: 2 options left");
    // 4 can go in r1c1, r1c4 and r1c6... of row 1: the count is the engine's row·symbol item.
    let four = h
        .query_all_by_label_contains("place(s) in row 1")
        .map(|n| format!("{:?}", n.accesskit_node()))
        .find(|l| l.contains("4: "))
        .expect("a line for 4");
    assert!(
        four.contains("in column 1") && four.contains("in box 1"),
        "{four}"
    );
    // Drawn without a panic, and follows the search while watching.
    tap(&mut h, Key::W);
    frames_until(&mut h, "moves", |app| {
        app.watching().is_some_and(|w| w.view().moves >= 2)
    });
    let w = h.state().watching().unwrap();
    let cells_left = w
        .view()
        .left
        .iter()
        .zip(&w.cover().meanings)
        .filter(|(l, m)| l.is_some() && matches!(m, ItemMeaning::Cell(_)))
        .count();
    // 49 empty cells: each option on the stack covers one, and the item being branched on may
    // be one more.
    let stack = w.view().stack.len();
    assert!(stack >= 1);
    assert!(
        cells_left + stack <= 49 && cells_left + stack + 1 >= 49,
        "{cells_left} {stack}"
    );
}
