//! Puzzles in and out of the window, driven through `egui_kittest`: pasted, copied, opened (a
//! file, a collection, the dialog) and saved.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sudoku_dlx::game::{Origin, Uniqueness};
use sudoku_dlx::sudoku::Grid;

const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

mod common;
use common::*;

#[test]
fn pasting_a_puzzle_loads_it_and_bad_text_leaves_the_board_alone() {
    let mut h = fresh();
    h.event(Event::Paste(CLASSIC.into()));
    settle(&mut h);
    assert_eq!(h.state().game().givens().to_line(), CLASSIC);
    assert!(status(&h).starts_with("Pasted a puzzle"), "{}", status(&h));
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    let before = h.state().game().board().clone();
    h.event(Event::Paste("not a sudoku".into()));
    settle(&mut h);
    assert_eq!(h.state().game().board(), &before);
    assert!(h.state().game().status().problem);
    assert!(status(&h).contains("not a puzzle"), "{}", status(&h));
    // A 16×16 block pasted changes the size, and the counting follows.
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/16x16_sample.txt");
    let line = std::fs::read_to_string(data).unwrap();
    let line = line.lines().find(|l| !l.starts_with('#')).unwrap();
    let block = Grid::parse_line(line, None).unwrap().to_block();
    h.event(Event::Paste(block));
    settle(&mut h);
    assert_eq!(h.state().game().geometry().side(), 16);
    assert_eq!(count_label(&h), Uniqueness::One);
}

#[test]
fn copy_puts_the_board_on_the_clipboard_as_one_line() {
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    h.event(Event::Copy);
    h.step();
    let mut expected = CLASSIC.to_string();
    expected.replace_range(0..1, "4");
    assert_eq!(copied(&h), vec![expected]);
}

/// The texts the app put on the clipboard since the last frame.
fn copied(h: &egui_kittest::Harness<'_, sudoku_dlx::app::App>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

/// File → Copy as: each form the board fits copies it so (and Ctrl+C then copies so), and what
/// is copied pastes back as the same board; a form that cannot hold the board is greyed out
/// with the reason, and Ctrl+C falls back to the TOML form.
#[test]
fn copy_as_each_form_pastes_back_as_the_same_board() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    for form in [
        "A block of rows",
        "KSudoku saved game",
        "Knuth's sudoku-general-dlx",
        "TOML (any board, its variant or shape)",
    ] {
        let mut h = puzzle(line);
        h.get_by_label("File").click();
        settle(&mut h);
        h.get_by_label("Copy as").hover();
        settle(&mut h);
        h.get_by_label(form).click();
        h.step();
        let text = copied(&h)
            .pop()
            .unwrap_or_else(|| panic!("{form}: nothing copied"));
        assert!(text.lines().count() > 1, "{form}: {text}");
        settle(&mut h);
        assert!(
            status(&h).starts_with("Copied the board in the"),
            "{}",
            status(&h)
        );
        // Ctrl+C now copies in the same form.
        h.event(Event::Copy);
        h.step();
        assert_eq!(copied(&h), vec![text.clone()], "{form}");
        let mut other = fresh();
        other.event(Event::Paste(text));
        settle(&mut other);
        assert_eq!(other.state().game().givens().to_line(), line, "{form}");
    }
    // A Samurai: the one-line form is greyed out; Ctrl+C in it copies the TOML form, which
    // pastes back as the same Samurai.
    let samurai = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/shapes/samurai.toml"
    );
    let mut h = fresh();
    h.state_mut().open_path(std::path::Path::new(samurai));
    settle(&mut h);
    let board = h.state().game().givens();
    assert_eq!(board.shape().unwrap().name(), "Samurai");
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Copy as").hover();
    settle(&mut h);
    use egui_kittest::kittest::NodeT;
    assert!(h.get_by_label("One line").accesskit_node().is_disabled());
    h.key_press(Key::Escape);
    settle(&mut h);
    h.event(Event::Copy);
    h.step();
    let text = copied(&h).pop().unwrap();
    assert!(text.contains("shape = "), "{text}");
    settle(&mut h);
    assert!(status(&h).contains("TOML"), "{}", status(&h));
    let mut other = fresh();
    other.event(Event::Paste(text));
    settle(&mut other);
    assert_eq!(other.state().game().givens(), board);
}

/// File → Export PDF: the dialog opens; the PDF written holds the puzzle on one page and its
/// solution on a second.
#[test]
fn export_pdf_writes_the_puzzle_and_its_solution() {
    let mut h = puzzle(CLASSIC);
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Export PDF…").click();
    settle(&mut h);
    assert!(h.state().dialog_open());
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("puzzle.pdf");
    h.state_mut().export_pdf(&path);
    settle(&mut h);
    assert!(
        status(&h).starts_with("Exported the puzzle"),
        "{}",
        status(&h)
    );
    let pdf = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
    assert!(pdf.starts_with("%PDF-"));
    assert_eq!(
        pdf.matches("/Type /Page\n").count() + pdf.matches("/Type /Page ").count(),
        2
    );
    let givens = CLASSIC.chars().filter(|c| c.is_ascii_digit()).count();
    let shown: usize = (1..=9)
        .map(|d| pdf.matches(&format!("({d}) Tj")).count())
        .sum();
    assert_eq!(shown, givens + 81);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_with_many_puzzles_becomes_a_collection_and_a_bad_file_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    let before = h.state().game().board().clone();

    let bad = dir.join("bad.sdk");
    std::fs::write(&bad, "#Aauthor\n[Puzzle]\n..3.2.6..\n9..3.x..1\n").unwrap();
    h.state_mut().open_path(&bad);
    settle(&mut h);
    assert_eq!(h.state().game().board(), &before);
    let s = status(&h);
    assert!(
        s.contains("bad.sdk") && s.contains("line 4, column 6"),
        "{s}"
    );

    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/17clue_sample.txt");
    h.state_mut().open_path(std::path::Path::new(data));
    settle(&mut h);
    let app = h.state();
    let place = app.place().unwrap();
    assert_eq!(app.collections()[place.collection].puzzles.len(), 100);
    assert!(status(&h).contains("puzzle 1 of 100"), "{}", status(&h));
    press(&mut h, Key::N);
    assert!(status(&h).contains("puzzle 2 of 100"), "{}", status(&h));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn save_and_open_bring_back_the_givens_and_the_entries() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    let mut h = puzzle(CLASSIC);
    hover(&mut h, 0, 0);
    type_text(&mut h, "4");
    // Ctrl+S opens the dialog; type a name and press Enter in it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(h.state().dialog_open());
    h.state_mut().save_to(&path);
    settle(&mut h);
    assert!(status(&h).starts_with("Saved the game"), "{}", status(&h));

    let mut other = fresh();
    other.state_mut().open_path(&path);
    settle(&mut other);
    let game = other.state().game();
    assert_eq!(game.givens().to_line(), CLASSIC);
    assert_eq!((game.value(0), game.origin(0)), (4, Origin::Entry));
    assert!(
        status(&other).contains("saved entries"),
        "{}",
        status(&other)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_open_dialog_lists_a_folder_and_opens_the_file_clicked() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-dialog-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("one.txt"), format!("{CLASSIC}\n")).unwrap();
    let mut h = fresh();
    h.state_mut().set_folder_for_test(&dir);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert!(h.state().dialog_open());
    assert!(h.query_by_label("sub/").is_some());
    h.get_by_label("one.txt").click();
    settle(&mut h);
    h.get_by_label("Open").click();
    settle(&mut h);
    assert!(!h.state().dialog_open());
    assert_eq!(h.state().game().givens().to_line(), CLASSIC);
    // Esc closes it without a choice.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    press(&mut h, Key::Escape);
    assert!(!h.state().dialog_open());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_killer_cage_of_too_many_digit_sets_to_list_opens_and_solves() {
    // One cage of twelve cells on a 36×36 board, at its busiest sum: 16,509,188 digit sets,
    // far more than a matrix lists. The search keeps its sum instead: the file opens, and
    // space solves it.
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-cage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = puzzle(CLASSIC);
    let cells: Vec<String> = (1..=12).map(|c| format!("r1c{c}")).collect();
    let text = format!(
        "variant = \"killer\"\nbox = \"6\"\ncages = [\n  {{ sum = 222, cells = \"{}\" }},\n]\n",
        cells.join(" ")
    );
    let file = dir.join("cage.toml");
    std::fs::write(&file, text).unwrap();
    h.state_mut().open_path(&file);
    settle(&mut h);
    assert_eq!(h.state().game().geometry().side(), 36, "{}", status(&h));
    press_and_wait(&mut h, Key::Space);
    let game = h.state().game();
    assert!(game.board().is_full(), "{}", status(&h));
    let sum: u32 = (0..12).map(|c| u32::from(game.value(c))).sum();
    assert_eq!(sum, 222);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_second_window_opened_with_a_puzzle_file_says_in_the_window_that_it_does_not_autosave() {
    let root = std::env::temp_dir().join(format!("sudoku-dlx-second-file-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("data");
    let file = root.join("p.txt");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(&file, format!("{CLASSIC}\n")).unwrap();
    let start = |puzzle: Option<&std::path::Path>| {
        harness_of(sudoku_dlx::app::start(
            config_for(sudoku_dlx::sudoku::Geometry::classic()),
            Some(dir.clone()),
            puzzle,
        ))
    };
    let first = start(None);
    let mut second = start(Some(&file));
    settle(&mut second);
    // The file's puzzle is on the board, and the status line says both things.
    assert_eq!(second.state().game().givens().to_line(), CLASSIC);
    assert!(second.state().game().status().problem);
    let text = status(&second);
    assert!(
        text.starts_with("Not autosaving: another sudoku-dlx window is saving its game")
            && text.contains("Ctrl+S saves this window's game")
            && !text.contains("fresh board")
            && text.contains("Opened p.txt"),
        "{text}"
    );
    // Drawn in the window, not only written to standard error.
    second.get_by_label_contains("Not autosaving: another sudoku-dlx window");
    drop(second);
    drop(first);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_file_of_another_size_is_compared_with_the_default_board_when_no_config_says_otherwise() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/16x16_sample.txt");
    let open = |geometry| {
        harness_of(sudoku_dlx::app::start(
            config_for(geometry),
            None,
            Some(std::path::Path::new(data)),
        ))
    };
    let h = open(sudoku_dlx::sudoku::Geometry::classic());
    assert!(
        status(&h).contains("board, where the default board is 9×9"),
        "{}",
        status(&h)
    );
    let h = open(sudoku_dlx::sudoku::Geometry::new(2, 3).unwrap());
    assert!(
        status(&h).contains("board, where config.toml says 6×6"),
        "{}",
        status(&h)
    );
}
