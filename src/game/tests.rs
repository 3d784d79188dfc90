//! The game's unit tests: every rule, without a window.

#![allow(clippy::unwrap_used)]
use super::*;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::sudoku::{Geometry, Grid, Notation, Unit};

fn classic() -> Grid {
    Grid::parse_line(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        None,
    )
    .unwrap()
}

fn solve_now(game: &mut Game) {
    let job = game.start_solve().unwrap();
    let outcome = job.run(None);
    game.finish_solve(outcome);
}

#[test]
fn entries_go_where_selected_and_givens_stay() {
    let mut game = Game::with_puzzle(classic());
    game.apply(Command::Enter(5));
    assert!(game.status().text.contains("Hover"));
    game.apply(Command::Select(0));
    game.apply(Command::Enter(4));
    assert_eq!((game.value(0), game.origin(0)), (4, Origin::Entry));
    game.apply(Command::Select(2));
    game.apply(Command::Enter(9));
    assert_eq!((game.value(2), game.origin(2)), (3, Origin::Given));
    assert!(game.status().problem && game.status().text.contains("r1c3"));
    game.apply(Command::Select(0));
    game.apply(Command::Clear);
    assert_eq!((game.value(0), game.origin(0)), (0, Origin::Empty));
    assert_eq!(game.cell_label(2), "row 1, column 3: 3, given");
    assert_eq!(game.cell_label(0), "row 1, column 1: empty");
}

#[test]
fn clashes_are_marked_while_they_stand() {
    let mut game = Game::with_puzzle(classic());
    game.apply(Command::Select(0));
    game.apply(Command::Enter(3)); // row 1 has a given 3 at r1c3
    assert!(game.is_clash(0) && game.is_clash(2));
    assert!(game.status().problem);
    assert!(game.cell_label(0).ends_with("your entry, clash"));
    game.apply(Command::Clear);
    assert!(!game.is_clash(0) && !game.is_clash(2));
}

#[test]
fn the_selection_moves_and_stops_at_the_edges() {
    let mut game = Game::new(Notation::default());
    game.apply(Command::Move { rows: 1, cols: 0 });
    assert_eq!(game.selected(), Some(0));
    game.apply(Command::Move { rows: -1, cols: -1 });
    assert_eq!(game.selected(), Some(0));
    game.apply(Command::Move { rows: 2, cols: 3 });
    assert_eq!(game.selected(), Some(21));
    game.apply(Command::Select(80));
    game.apply(Command::Move { rows: 1, cols: 1 });
    assert_eq!(game.selected(), Some(80));
    game.apply(Command::Select(81));
    assert_eq!(game.selected(), Some(80));
}

#[test]
fn solving_fills_the_empty_cells_and_reset_takes_it_back() {
    let mut game = Game::with_puzzle(classic());
    game.apply(Command::Select(0));
    game.apply(Command::Enter(4));
    solve_now(&mut game);
    assert!(game.status().text.starts_with("Solved: unique solution"));
    assert!(game.board().is_full());
    assert_eq!(game.origin(0), Origin::Entry);
    assert_eq!(game.origin(1), Origin::Solver);
    game.board().verify_solution_of(&classic()).unwrap();
    game.apply(Command::Reset);
    assert_eq!(game.board(), &classic());
    assert!(!game.is_solving());
}

#[test]
fn no_solution_leaves_the_board_as_it_was() {
    let mut game = Game::with_puzzle(classic());
    // r1c1 may hold 4 or 5 by the rules; 5 clashes with nothing but admits no completion.
    game.apply(Command::Select(0));
    game.apply(Command::Enter(5));
    let before = game.board().clone();
    solve_now(&mut game);
    assert_eq!(
        game.status().text.split(" · ").next(),
        Some("No solution: the entries admit no completion")
    );
    assert_eq!(game.board(), &before);
    assert_eq!(game.origin(0), Origin::Entry);

    game.apply(Command::Enter(3));
    assert!(game.start_solve().is_none());
    assert_eq!(
        game.status().text,
        "No solution: r1c1 and r1c3 both hold 3 (row 1)"
    );
    assert!(!game.is_solving());
}

#[test]
fn an_empty_board_has_many_solutions_and_a_stale_result_is_dropped() {
    let mut game = Game::new(Notation::default());
    solve_now(&mut game);
    assert!(
        game.status()
            .text
            .starts_with("Solved: more than one solution, showing one")
    );
    assert!(game.board().is_full());
    game.apply(Command::Reset);
    assert_eq!(game.board().filled(), 0);
    assert_eq!(game.status().text, "Reset: the board is empty");

    let job = game.start_solve().unwrap();
    assert!(game.start_solve().is_none());
    game.apply(Command::Select(0));
    game.apply(Command::Enter(1));
    game.finish_solve(job.run(None));
    assert_eq!(game.board().filled(), 1);
    assert!(game.status().text.contains("changed while solving"));
}

#[test]
fn uniqueness_is_counted_when_givens_or_entries_change() {
    let mut game = Game::with_puzzle(classic());
    let job = game.start_count().unwrap();
    assert_eq!(game.uniqueness(), Uniqueness::Checking);
    assert!(game.start_count().is_none()); // nothing changed
    game.finish_count(&job.run(None));
    assert_eq!(game.uniqueness(), Uniqueness::One);
    // Solving adds solver output only: no new count.
    solve_now(&mut game);
    assert!(game.start_count().is_none());
    game.apply(Command::Reset);
    // An entry with no completion: counted as none.
    game.apply(Command::Select(0));
    game.apply(Command::Enter(5));
    let job = game.start_count().unwrap();
    game.finish_count(&job.run(None));
    assert_eq!(game.uniqueness(), Uniqueness::None);
    // A clash needs no count.
    game.apply(Command::Enter(3));
    assert!(game.start_count().is_none());
    assert_eq!(game.uniqueness(), Uniqueness::None);
    // A stale answer is dropped; the empty board has many.
    let mut empty = Game::new(Notation::default());
    let job = empty.start_count().unwrap();
    empty.apply(Command::Select(0));
    empty.apply(Command::Enter(1));
    empty.finish_count(&job.run(None));
    assert_eq!(empty.uniqueness(), Uniqueness::Checking);
    let job = empty.start_count().unwrap();
    empty.finish_count(&job.run(None));
    assert_eq!(empty.uniqueness(), Uniqueness::Many);
    // A cancelled count says unknown.
    empty.apply(Command::Enter(2));
    let job = empty.start_count().unwrap();
    empty.finish_count(&job.run(Some(&AtomicBool::new(true))));
    assert_eq!(empty.uniqueness(), Uniqueness::Unknown);
    // One out of time says not decided.
    empty.apply(Command::Enter(3));
    let job = empty.start_count().unwrap();
    let outcome = job.run_within(Duration::ZERO, None);
    assert!(outcome.gave_up);
    empty.finish_count(&outcome);
    assert_eq!(empty.uniqueness(), Uniqueness::Undecided);
}

#[test]
fn saved_entries_come_back_and_givens_and_entries_split() {
    let mut entries = Grid::empty(Notation::default());
    entries.set(0, 4); // r1c1 is empty in the puzzle
    entries.set(2, 9); // r1c3 is a given: ignored
    let game = Game::with_entries(classic(), Some(&entries));
    assert_eq!((game.value(0), game.origin(0)), (4, Origin::Entry));
    assert_eq!((game.value(2), game.origin(2)), (3, Origin::Given));
    assert_eq!(game.givens(), classic());
    assert_eq!(game.entries().filled(), 1);
    assert_eq!(game.entries().get(0), 4);
}

#[test]
fn a_cancelled_solve_changes_nothing() {
    let mut game = Game::new(Notation::default());
    let job = game.start_solve().unwrap();
    let flag = AtomicBool::new(true);
    game.finish_solve(job.run(Some(&flag)));
    assert_eq!(game.board().filled(), 0);
    assert!(game.status().text.starts_with("Solving cancelled"));
}

fn answered(puzzle: Grid) -> Game {
    let mut game = Game::with_puzzle(puzzle);
    let job = game.start_answer().unwrap();
    game.finish_answer(job.run(None));
    assert!(matches!(game.answer(), Answer::Unique(_)));
    game
}

/// The board, origins and notes: what undo must put back exactly.
fn cells(game: &Game) -> Vec<(u8, Origin, u64)> {
    (0..game.geometry().cells())
        .map(|c| (game.value(c), game.origin(c), game.notes(c)))
        .collect()
}

#[test]
fn notes_toggle_fill_and_give_way_to_a_placed_symbol() {
    let mut game = Game::with_puzzle(classic());
    game.apply(Command::Select(0));
    game.apply(Command::Note(4));
    game.apply(Command::Note(5));
    assert_eq!(game.notes(0), 0b11000);
    assert_eq!(game.cell_label(0), "row 1, column 1: empty, notes 45");
    game.apply(Command::Note(5));
    assert_eq!(game.notes(0), 0b01000);
    // Notes mode: typing writes notes.
    game.apply(Command::ToggleNotesMode);
    game.apply(Command::Enter(7));
    assert_eq!((game.value(0), game.notes(0)), (0, 0b1001000));
    game.apply(Command::ToggleNotesMode);
    // A cell with a value takes no notes.
    game.apply(Command::Select(2));
    game.apply(Command::Note(1));
    assert!(game.status().problem && game.notes(2) == 0);
    // Fill every candidate, then place a 4 at r1c1: 4 leaves the notes of its peers.
    game.apply(Command::FillNotes);
    assert_eq!(game.notes(0), 0b11000); // r1c1 can be 4 or 5
    assert!(game.notes(1) & 0b1000 != 0); // r1c2 had a 4 candidate
    let far = (0..81)
        .find(|&c| c / 9 > 2 && c % 9 > 2 && game.notes(c) & 0b1000 != 0)
        .unwrap();
    game.apply(Command::Select(0));
    game.apply(Command::Enter(4));
    assert_eq!(game.notes(1) & 0b1000, 0);
    assert_eq!(game.notes(9) & 0b1000, 0); // r2c1, same column
    assert_ne!(game.notes(far) & 0b1000, 0); // not a peer: kept
    // Clearing an empty cell clears its notes.
    game.apply(Command::Select(1));
    game.apply(Command::Clear);
    assert_eq!(game.notes(1), 0);
}

#[test]
fn candidates_and_hints_on_a_killer_cage_of_too_many_sets_to_list() {
    // Twelve cells adding up to 222, none of their sets listed; the sum leaves r1c12 only 24.
    let g = crate::sudoku::testing::unlisted_cage_board();
    let mut game = Game::with_puzzle(g);
    game.apply(Command::FillNotes);
    assert_eq!(game.notes(11), 1 << 23);
    assert_eq!(game.notes(12).count_ones(), 25);
    game.apply(Command::Hint);
    assert!(game.hint().is_some(), "{}", game.status().text);
    assert!(
        !game.status().text.starts_with("No hint"),
        "{}",
        game.status().text
    );
}

#[test]
fn solving_a_board_the_search_cannot_take_says_why() {
    // A Mathdoku whose rows are cages adding up to 45: each has more fillings than a matrix
    // lists, so the search takes no matrix of it.
    let mut text = String::from("shape = \"Mathdoku\"\norder = 9\nmath = [\n");
    for r in 1..=9 {
        let cells: Vec<String> = (1..=9).map(|c| format!("r{r}c{c}")).collect();
        text.push_str(&format!(
            "  {{ target = 45, op = \"+\", cells = \"{}\" }},\n",
            cells.join(" ")
        ));
    }
    text.push_str("]\n");
    let (_, entries) = crate::sudoku::files::formats::read(&text, None, None).unwrap();
    let mut game = Game::with_puzzle(entries[0].puzzle.clone());
    solve_now(&mut game);
    let status = game.status();
    assert!(status.problem, "{}", status.text);
    assert!(
        status
            .text
            .starts_with("No search of this board: cage 1 at r1c1 has more than"),
        "{}",
        status.text
    );
}

#[test]
fn every_command_undoes_and_redoes_exactly() {
    let mut game = Game::with_puzzle(classic());
    let mut states = vec![cells(&game)];
    let steps = [
        Command::Select(0),
        Command::Enter(4),
        Command::Select(1),
        Command::Note(5),
        Command::Note(8),
        Command::FillNotes,
        Command::Select(3),
        Command::Enter(9),
        Command::Clear,
        Command::Reset,
    ];
    for command in steps {
        let before = game.can_undo();
        game.apply(command);
        if game.can_undo() > before {
            states.push(cells(&game));
        }
    }
    // A solve is a step too.
    solve_now(&mut game);
    states.push(cells(&game));
    // Loading another puzzle is a step, and may change the size.
    let small = Grid::parse_line("1...........4...", None).unwrap();
    game.load(small.clone(), None);
    assert_eq!(game.geometry().side(), 4);
    let last = cells(&game);
    assert_eq!(game.can_undo(), states.len());
    for want in states.iter().rev() {
        game.apply(Command::Undo);
        assert_eq!(&cells(&game), want, "{}", game.status().text);
    }
    assert_eq!(game.status().text, "Undid r1c1 = 4");
    game.apply(Command::Undo);
    assert_eq!(game.status().text, "Nothing to undo");
    for want in states.iter().skip(1) {
        game.apply(Command::Redo);
        assert_eq!(&cells(&game), want);
    }
    game.apply(Command::Redo);
    assert_eq!(cells(&game), last);
    assert_eq!(game.givens(), small);
    game.apply(Command::Redo);
    assert_eq!(game.status().text, "Nothing to redo");
    // A new change after an undo drops what could be redone.
    game.apply(Command::Undo);
    game.apply(Command::Undo);
    assert_eq!(game.can_redo(), 2);
    game.apply(Command::Select(1));
    game.apply(Command::Enter(5));
    assert_eq!(game.can_redo(), 0);
}

#[test]
fn a_hint_names_the_forced_move_and_a_second_press_fills_it() {
    let mut game = answered(classic());
    game.apply(Command::Hint);
    let hint = game.hint().unwrap().clone();
    let (cell, value) = hint.fill.unwrap();
    assert!(hint.cells.contains(&cell));
    assert_eq!(hint.focus, Some(cell));
    assert!(game.status().text.ends_with("Hint again fills it in"));
    let Answer::Unique(solution) = game.answer().clone() else {
        unreachable!()
    };
    assert_eq!(solution.get(cell), value);
    game.apply(Command::Hint);
    assert_eq!(
        (game.value(cell), game.origin(cell)),
        (value, Origin::Entry)
    );
    assert!(game.hint().is_none());
    // Undo takes the filled hint back.
    game.apply(Command::Undo);
    assert_eq!(game.value(cell), 0);
}

#[test]
fn hints_for_a_naked_single_a_hidden_single_and_no_single() {
    // Naked single: r5c5 sees 1-4 in its row and 5-8 in its column.
    let mut cells = vec![b'.'; 81];
    for (k, c) in [0, 1, 7, 8].iter().enumerate() {
        cells[4 * 9 + c] = b'1' + k as u8;
    }
    for (k, r) in [0, 1, 7, 8].iter().enumerate() {
        cells[r * 9 + 4] = b'5' + k as u8;
    }
    let mut game =
        Game::with_puzzle(Grid::parse_line(std::str::from_utf8(&cells).unwrap(), None).unwrap());
    game.apply(Command::Hint);
    assert!(
        game.status()
            .text
            .starts_with("Naked single: r5c5 can only be 9"),
        "{}",
        game.status().text
    );
    assert_eq!(game.hint().unwrap().fill, Some((40, 9)));

    // Hidden single: row 1 holds 1 to 8.
    let mut game =
        Game::with_puzzle(Grid::parse_line(&format!("12345678.{}", ".".repeat(72)), None).unwrap());
    game.apply(Command::Hint);
    assert!(
        game.status()
            .text
            .starts_with("Hidden single in row 1: 9 fits only at r1c9"),
        "{}",
        game.status().text
    );
    assert_eq!(game.hint().unwrap().unit, Some(Unit::Row(0)));
    assert_eq!(game.hint().unwrap().cells.len(), 9);

    // No single on an empty board: the tightest item is named.
    let mut game = Game::new(Notation::default());
    game.apply(Command::Hint);
    assert!(
        game.status().text.starts_with("No forced move."),
        "{}",
        game.status().text
    );
    assert!(game.hint().unwrap().fill.is_none());
    // Hint again does not fill anything.
    game.apply(Command::Hint);
    assert_eq!(game.board().filled(), 0);
}

#[test]
fn a_wrong_entry_is_named_before_any_hint_and_check_marks_it() {
    let mut game = answered(classic());
    // r1c1 may hold 4 or 5 by the rules; the solution has 4.
    game.apply(Command::Select(0));
    game.apply(Command::Enter(5));
    game.apply(Command::Select(1));
    game.apply(Command::Enter(8));
    game.apply(Command::Hint);
    assert_eq!(
        game.status().text,
        "r1c1: your 5 is not in the solution; clear it before going on"
    );
    assert_eq!(game.hint().unwrap().focus, Some(0));
    assert!(game.hint().unwrap().fill.is_none());
    game.apply(Command::Check);
    assert!(game.is_wrong(0) && !game.is_wrong(1));
    assert_eq!(
        game.status().text,
        "1 of your 2 entries differs from the solution: r1c1"
    );
    assert!(game.cell_label(0).ends_with(", wrong"));
    // Changing the entry lifts the mark.
    game.apply(Command::Select(0));
    game.apply(Command::Enter(4));
    assert!(!game.is_wrong(0));
    game.apply(Command::Check);
    assert_eq!(
        game.status().text,
        "All 2 of your entries agree with the solution"
    );
    // A clash comes first of all.
    game.apply(Command::Select(3));
    game.apply(Command::Enter(3));
    game.apply(Command::Hint);
    assert!(
        game.status().text.contains("both hold 3"),
        "{}",
        game.status().text
    );
}

#[test]
fn check_counts_one_entry_as_one() {
    let mut game = answered(classic());
    // r1c1's solution is 4.
    game.apply(Command::Select(0));
    game.apply(Command::Enter(5));
    game.apply(Command::Check);
    assert_eq!(
        game.status().text,
        "Your entry differs from the solution: r1c1"
    );
    game.apply(Command::Enter(4));
    game.apply(Command::Check);
    assert_eq!(game.status().text, "Your entry agrees with the solution");
    // r1c2's solution is 8: two wrong of two.
    game.apply(Command::Enter(5));
    game.apply(Command::Select(1));
    game.apply(Command::Enter(9));
    game.apply(Command::Check);
    assert_eq!(
        game.status().text,
        "All 2 of your entries differ from the solution: r1c1, r1c2"
    );
}

#[test]
fn one_of_a_thing_is_named_in_the_singular() {
    assert_eq!(counted(1, "given", "givens"), "1 given");
    assert_eq!(counted(0, "given", "givens"), "0 givens");
    assert_eq!(counted(23, "given", "givens"), "23 givens");
    let game = Game::with_puzzle(Grid::parse_line("1...............", None).unwrap());
    assert!(
        game.status().text.starts_with("Puzzle with 1 given:"),
        "{}",
        game.status().text
    );
    // A board with one empty cell: its candidates fill one cell.
    let mut game = Game::with_puzzle(Grid::parse_line("1234341221434.21", None).unwrap());
    game.apply(Command::FillNotes);
    assert_eq!(
        game.status().text,
        "Filled in the candidates of 1 empty cell as notes"
    );
    // A cage of one cell is named so on the board.
    let (_, entries) = crate::sudoku::files::formats::read(
        "box = \"2\"\ncages = [\n { sum = 3, cells = \"r1c1\" },\n { sum = 7, cells = \"r2c1 r2c2\" },\n]\n",
        None,
        None,
    )
    .unwrap();
    let game = Game::with_puzzle(entries[0].puzzle.clone());
    assert!(
        game.cell_label(0).contains("cage of 1 cell adding up to 3"),
        "{}",
        game.cell_label(0)
    );
    assert!(
        game.cell_label(4)
            .contains("cage of 2 cells adding up to 7")
    );
}

#[test]
fn check_needs_a_single_solution() {
    let mut game = Game::with_puzzle(classic());
    let job = game.start_answer().unwrap();
    game.apply(Command::Check);
    assert!(game.status().text.starts_with("Still working out"));
    game.finish_answer(job.run(None));
    assert!(game.start_answer().is_none());
    let mut empty = Game::new(Notation::default());
    assert!(empty.start_answer().is_none());
    empty.apply(Command::Check);
    assert!(empty.status().text.contains("several solutions"));
}

#[test]
fn filling_the_board_says_solved_with_the_time_and_stops_the_clock() {
    let mut game = answered(classic());
    let Answer::Unique(solution) = game.answer().clone() else {
        unreachable!()
    };
    let t0 = Instant::now();
    game.tick(true, t0);
    assert!(game.clock_running());
    game.tick(false, t0 + Duration::from_secs(3));
    assert!(!game.clock_running());
    assert_eq!(
        game.elapsed(t0 + Duration::from_secs(60)),
        Duration::from_secs(3)
    );
    game.tick(true, Instant::now());
    for cell in 0..81 {
        if game.value(cell) == 0 {
            game.apply(Command::Select(cell));
            game.apply(Command::Enter(solution.get(cell)));
        }
    }
    assert!(game.is_complete());
    assert!(
        game.status()
            .text
            .starts_with("Solved! Every cell is filled and right, in 0:0")
    );
    assert!(!game.clock_running());
    game.tick(true, Instant::now());
    assert!(!game.clock_running());
}

#[test]
fn keyboard_moves_jump_to_empty_cells() {
    let mut game = Game::with_puzzle(classic());
    game.apply(Command::Select(0));
    // r1: . . 3 . 2 . 6 . .
    game.apply(Command::Jump { rows: 0, cols: 1 });
    assert_eq!(game.selected(), Some(1));
    game.apply(Command::Jump { rows: 0, cols: 1 });
    assert_eq!(game.selected(), Some(3));
    game.apply(Command::NextEmpty { forward: true });
    assert_eq!(game.selected(), Some(5));
    game.apply(Command::NextEmpty { forward: false });
    assert_eq!(game.selected(), Some(3));
    game.apply(Command::Select(0));
    game.apply(Command::NextEmpty { forward: false });
    assert_eq!(game.selected(), Some(80)); // wraps round
    game.apply(Command::Select(8));
    game.apply(Command::Jump { rows: 0, cols: 1 }); // nothing to the right
    assert_eq!(game.selected(), Some(8));
}

#[test]
fn a_saved_game_comes_back_whole() {
    let mut game = Game::with_puzzle(classic());
    game.apply(Command::Select(0));
    game.apply(Command::Enter(4));
    game.apply(Command::Select(1));
    game.apply(Command::Note(5));
    game.apply(Command::FillNotes);
    game.apply(Command::ToggleNotesMode);
    game.load(Grid::parse_line("1...........4...", None).unwrap(), None);
    game.apply(Command::Select(1));
    game.apply(Command::Enter(2));
    game.apply(Command::Undo);
    let now = Instant::now();
    let saved = game.to_saved(now);
    let text = toml::to_string(&saved).unwrap();
    let back: save::SavedGame = toml::from_str(&text).unwrap();
    assert_eq!(back, saved);
    let mut restored = Game::from_saved(&back).unwrap();
    assert_eq!(cells(&restored), cells(&game));
    assert_eq!(restored.givens(), game.givens());
    assert!(restored.notes_mode());
    assert_eq!(
        (restored.can_undo(), restored.can_redo()),
        (game.can_undo(), game.can_redo())
    );
    assert!(restored.status().text.starts_with("Welcome back"));
    // The history works across the load, back to the 9×9 game with its notes.
    restored.apply(Command::Redo);
    assert_eq!(restored.notes(1), 0b10); // notes mode: the 2 went in as a note
    restored.apply(Command::Undo);
    restored.apply(Command::Undo);
    assert_eq!(restored.geometry().side(), 9);
    assert_eq!((restored.value(0), restored.origin(0)), (4, Origin::Entry));
    assert_ne!(restored.notes(3), 0);
}

#[test]
fn the_place_in_a_collection_is_saved_with_the_game() {
    let mut game = Game::with_puzzle(classic());
    let place = CollectionPlace {
        bundled: Some("9×9 · medium".into()),
        file: None,
        puzzle: 4,
    };
    game.set_place(Some(place.clone()));
    let saved = game.to_saved(Instant::now());
    let text = toml::to_string(&saved).unwrap();
    assert!(text.contains("[place]"), "{text}");
    let back = Game::from_saved(&toml::from_str(&text).unwrap()).unwrap();
    assert_eq!(back.place(), Some(&place));
    // A save without a place reads as in no collection.
    game.set_place(None);
    let text = toml::to_string(&game.to_saved(Instant::now())).unwrap();
    assert!(!text.contains("place"));
    let back = Game::from_saved(&toml::from_str(&text).unwrap()).unwrap();
    assert_eq!(back.place(), None);
}

#[test]
fn a_damaged_save_is_refused_with_a_reason() {
    let game = Game::with_puzzle(classic());
    let good = game.to_saved(Instant::now());
    let mut bad = good.clone();
    bad.current.board.pop();
    assert!(Game::from_saved(&bad).unwrap_err().starts_with("board:"));
    let mut bad = good.clone();
    bad.current.origins = bad.current.origins.replace('g', "e");
    assert!(Game::from_saved(&bad).is_ok()); // givens as entries: odd but whole
    bad.current.origins = bad.current.origins.replacen('.', "e", 1);
    assert!(Game::from_saved(&bad).unwrap_err().starts_with("origins:"));
    let mut bad = good.clone();
    bad.current.notes = "zz".into();
    assert!(Game::from_saved(&bad).unwrap_err().starts_with("notes:"));
    let mut bad = good.clone();
    bad.undo.push(save::SavedStep {
        label: "x".into(),
        cells: vec!["81:0:.:0>1:e:0".into()],
        whole: None,
    });
    assert!(Game::from_saved(&bad).unwrap_err().contains("bad cell"));
    let mut bad = good;
    bad.version = 99;
    assert!(
        Game::from_saved(&bad)
            .unwrap_err()
            .starts_with("version 99")
    );
}

#[test]
fn another_notation_is_adopted_as_one_undoable_step() {
    let mut game = Game::with_puzzle(classic());
    game.apply(Command::Select(0));
    game.apply(Command::Enter(4));
    let before = game.board().clone();
    // The same notation: nothing happens.
    assert!(!game.adopt_notation(&before.notation().clone()));
    assert_eq!(game.board(), &before);
    // Other symbols on the same shape: an empty board in them, the game one undo away.
    let letters = Notation {
        geometry: Geometry::classic(),
        alphabet: std::sync::Arc::new(
            crate::sudoku::Alphabet::new("ABCDEFGHI".chars().collect(), 9).unwrap(),
        ),
    };
    assert!(game.adopt_notation(&letters));
    assert_eq!(game.board().filled(), 0);
    assert!(!game.has_puzzle());
    assert!(
        game.status().text.contains("the symbols ABCDEFGHI")
            && game.status().text.contains("one undo away"),
        "{}",
        game.status().text
    );
    game.apply(Command::Undo);
    assert_eq!(game.board(), &before);
    assert_eq!(game.origin(0), Origin::Entry);
}

/// A 4×4 X board: r1c1 = 1 and r4c4 = 2 (the main diagonal), nothing else.
fn x4() -> Grid {
    let (_, entries) = crate::sudoku::files::formats::read(
        "variant = \"x\"\ngivens = [\"1...\", \"....\", \"....\", \"...2\"]\n",
        None,
        None,
    )
    .unwrap();
    entries[0].puzzle.clone()
}

/// A 4×4 killer: cages {r1c1, r1c2} = 3 and {r2c1, r2c2} = 7, no givens.
fn killer4() -> Grid {
    let (_, entries) = crate::sudoku::files::formats::read(
        "box = \"2\"\ncages = [\n { sum = 3, cells = \"r1c1 r1c2\" },\n { sum = 7, cells = \"r2c1 r2c2\" },\n]\n",
        None,
        None,
    )
    .unwrap();
    entries[0].puzzle.clone()
}

#[test]
fn a_diagonal_clash_is_marked_and_named() {
    let mut game = Game::with_puzzle(x4());
    // r3c3 is on the main diagonal with the given 1: a 1 there clashes with nothing else.
    game.apply(Command::Select(10));
    game.apply(Command::Enter(1));
    assert!(game.is_clash(10) && game.is_clash(0));
    assert!(!game.is_clash(15));
    let clashes = game.board().clashes();
    assert_eq!(clashes[0].unit, Unit::Diagonal(0));
    assert!(
        game.board()
            .describe(&clashes[0])
            .contains("the main diagonal")
    );
    // On a classic board the same move clashes with nothing.
    let mut classic = Game::with_puzzle(Grid::parse_line("1..............2", None).unwrap());
    classic.apply(Command::Select(10));
    classic.apply(Command::Enter(1));
    assert!(classic.board().clashes().is_empty());
}

#[test]
fn a_cage_over_its_sum_is_marked() {
    let mut game = Game::with_puzzle(killer4());
    game.apply(Command::Select(0));
    game.apply(Command::Enter(3));
    // 3 alone already passes the cage's 3 with its other cell to fill.
    assert!(game.is_clash(0) && game.is_clash(1));
    game.apply(Command::Enter(1));
    game.apply(Command::Select(1));
    game.apply(Command::Enter(2));
    assert!(!game.is_clash(0) && !game.is_clash(1));
    assert!(game.board().broken_cages().is_empty());
}

#[test]
fn notes_and_candidates_follow_the_variant() {
    let mut game = Game::with_puzzle(x4());
    game.apply(Command::FillNotes);
    // r2c2 (on the main diagonal) cannot be 1 or 2; r2c3 (on the anti-diagonal only, and in
    // column 3 and row 2) can be anything but... 1 and 2 are not in its units: all four.
    assert_eq!(game.notes(5), 0b1100);
    assert_eq!(game.notes(6), 0b1111);
    // A 3 at r1c4 (the anti-diagonal's first cell) takes 3 from r2c3's notes.
    game.apply(Command::Select(3));
    game.apply(Command::Enter(3));
    assert_eq!(game.notes(6) & 0b100, 0);
    // Killer: the cage {r1c1, r1c2} of sum 3 can only hold 1 and 2.
    let mut killer = Game::with_puzzle(killer4());
    killer.apply(Command::FillNotes);
    assert_eq!(killer.notes(0), 0b11);
    assert_eq!(killer.notes(4), 0b1100);
}

#[test]
fn a_hint_names_a_diagonal_or_a_cage() {
    let mut game = Game::with_puzzle(x4());
    // With 3 at r2c2, the main diagonal's last place, r3c3, must take its 4.
    game.apply(Command::Select(5));
    game.apply(Command::Enter(3));
    game.apply(Command::Hint);
    let hint = game.hint().unwrap();
    assert!(hint.fill.is_some(), "{}", game.status().text);
    let mut killer = Game::with_puzzle(killer4());
    killer.apply(Command::Hint);
    // The cages' digits narrow the cells; the hint speaks of a cell's candidates or a place.
    assert!(killer.hint().is_some(), "{}", killer.status().text);
}

#[test]
fn a_variant_game_is_saved_and_restored_with_its_rules() {
    let mut game = Game::with_puzzle(killer4());
    game.apply(Command::Select(0));
    game.apply(Command::Enter(2));
    let saved = game.to_saved(Instant::now());
    let text = toml::to_string(&saved).unwrap();
    assert!(text.contains("cages"), "{text}");
    let back: save::SavedGame = toml::from_str(&text).unwrap();
    let restored = Game::from_saved(&back).unwrap();
    assert_eq!(restored.board(), game.board());
    assert_eq!(restored.board().variant().unwrap().cages().len(), 2);
    // A damaged variant is refused with a reason.
    let mut bad = saved.clone();
    if let Some(v) = bad.current.variant.as_mut() {
        v.cages[0] = "3: 0 99".into();
    }
    assert!(Game::from_saved(&bad).unwrap_err().starts_with("variant"));
    // And Save (the file) writes the TOML form, which reads back with the entries.
    let text = crate::sudoku::files::formats::write_game(&game.givens(), &game.entries());
    let (_, entries) = crate::sudoku::files::formats::read(&text, None, None).unwrap();
    assert_eq!(entries[0].puzzle, game.givens());
    assert_eq!(entries[0].entries.as_ref().unwrap().get(0), 2);
}

#[test]
fn config_toml_chooses_the_empty_boards_variant_but_not_a_loaded_puzzles() {
    let config = crate::config::Config::from_toml_str("variant = \"x\"\n").unwrap();
    let empty = config.empty_board();
    let mut game = Game::on_board(empty.clone());
    assert_eq!(game.board().variant().unwrap().name(), "X");
    assert!(game.status().text.starts_with("Empty X 9×9"));
    // A classic empty game saved before takes the X board, one undo away.
    let mut plain = Game::new(Notation::default());
    assert!(plain.adopt_board(&empty));
    assert_eq!(plain.board().variant().unwrap().name(), "X");
    assert!(plain.status().text.contains("an empty X board"));
    plain.apply(Command::Undo);
    assert!(plain.board().variant().is_none());
    // A loaded puzzle keeps its own rules.
    game.load(classic(), None);
    assert!(!game.adopt_board(&empty));
    assert!(game.board().variant().is_none());
    // Jigsaw and killer boards come with their puzzles; hyper needs square boxes.
    let e = crate::config::Config::from_toml_str("variant = \"killer\"\n").unwrap_err();
    assert!(e.to_string().contains("comes with its puzzle"), "{e}");
    let e =
        crate::config::Config::from_toml_str("box = \"2x3\"\nvariant = \"hyper\"\n").unwrap_err();
    assert!(e.to_string().contains("square boxes"), "{e}");
    let e = crate::config::Config::from_toml_str("variant = \"wobbly\"\n").unwrap_err();
    assert!(e.to_string().contains("line 1"), "{e}");
}

#[test]
fn a_jigsaw_without_boxes_is_played_saved_and_restored() {
    // A 5×5 jigsaw: no box shape, the regions are all.
    let line = format!("1........................{}", "AAABBAABBBCCCCCDDDEEDDEEE");
    let (_, entries) = crate::sudoku::files::formats::read(&line, None, None).unwrap();
    let puzzle = entries[0].puzzle.clone();
    assert!(!puzzle.geometry().has_boxes());
    let mut game = Game::with_puzzle(puzzle);
    // r2c1 is in region A with the given 1 (and in its column): a 1 there clashes.
    game.apply(Command::Select(5));
    game.apply(Command::Enter(1));
    assert!(game.is_clash(5));
    game.apply(Command::Clear);
    game.apply(Command::Select(4));
    game.apply(Command::Enter(3));
    let saved = game.to_saved(Instant::now());
    assert_eq!(saved.current.shape, "1x5");
    let text = toml::to_string(&saved).unwrap();
    let back: save::SavedGame = toml::from_str(&text).unwrap();
    let restored = Game::from_saved(&back).unwrap();
    assert_eq!(restored.board(), game.board());
    assert!(restored.status().text.starts_with("Welcome back"));
}

#[test]
fn a_shape_game_is_solved_saved_and_restored_with_its_holes_left_alone() {
    use crate::sudoku::board::shape::Shape;
    let shape = Shape::named("TinySamurai", None).unwrap();
    let empty = Grid::on_shape(std::sync::Arc::new(shape), None).unwrap();
    let mut puzzle = empty.solve().unwrap();
    for cell in 0..puzzle.positions() {
        if cell % 3 != 0 {
            puzzle.set(cell, 0);
        }
    }
    let mut game = Game::with_puzzle(puzzle.clone());
    let first = (0..puzzle.positions())
        .find(|&c| puzzle.is_cell(c) && puzzle.get(c) == 0)
        .unwrap();
    game.apply(Command::Select(first));
    game.apply(Command::Note(1));
    solve_now(&mut game);
    assert!(game.board().is_full());
    // The holes stay empty, and no hole is marked as the solver's.
    for cell in (0..puzzle.positions()).filter(|&c| !puzzle.is_cell(c)) {
        assert_eq!(
            (game.value(cell), game.origin(cell)),
            (0, Origin::Empty),
            "{cell}"
        );
    }
    let text = toml::to_string(&game.to_saved(Instant::now())).unwrap();
    assert!(text.contains("board_shape"), "{text}");
    let back: save::SavedGame = toml::from_str(&text).unwrap();
    let restored = Game::from_saved(&back).unwrap();
    assert_eq!(restored.board(), game.board());
    assert_eq!(restored.board().shape().unwrap().name(), "TinySamurai");
    // Undo takes the solve back on the restored game too.
    let mut restored = restored;
    restored.apply(Command::Undo);
    assert_eq!(restored.board(), &puzzle);
}

#[test]
fn a_technique_hint_names_it_then_shows_it_then_applies_it_in_one_undoable_step() {
    let hard = "....15.9..9....6..3.1..9.......3.81.56..9..73.38.4.......4..2.7..4....5..5.26....";
    let mut game = answered(Grid::parse_line(hard, None).unwrap());
    // Singles first, two presses each, until the next step is a technique's.
    let mut presses = 0;
    while game.hint().and_then(|h| h.step.as_ref()).is_none() {
        game.apply(Command::Hint);
        presses += 1;
        assert!(presses < 200, "no technique hint: {}", game.status().text);
    }
    let hint = game.hint().unwrap().clone();
    let technique = hint.step.clone().unwrap();
    assert_eq!(technique.stage, 1);
    assert_eq!(technique.step.technique, crate::sudoku::Technique::Pointing);
    assert!(
        game.status()
            .text
            .starts_with("Hint: pointing: look at box 9 and row 9"),
        "{}",
        game.status().text
    );
    assert_eq!(hint.cells.len(), 15, "box 9 and row 9 share three cells");
    let before = cells(&game);
    // Second press: the pattern, in words; nothing changes on the board.
    game.apply(Command::Hint);
    assert_eq!(game.hint().unwrap().step.as_ref().unwrap().stage, 2);
    assert!(
        game.status()
            .text
            .starts_with("Pointing in box 9, row 9 [r9c7(9) r9c9(9)]: removes 9"),
        "{}",
        game.status().text
    );
    assert_eq!(cells(&game), before);
    // Third press: the 9s go from r9c1 and r9c3's pencil marks (filled in first).
    game.apply(Command::Hint);
    let (r9c1, r9c3) = (72, 74);
    assert_ne!(game.notes(r9c1), 0);
    assert_eq!(game.notes(r9c1) & 1 << 8, 0);
    assert_eq!(game.notes(r9c3) & 1 << 8, 0);
    assert!(game.hint().is_none());
    // One undo takes the whole step back.
    game.apply(Command::Undo);
    assert_eq!(cells(&game), before);
}
