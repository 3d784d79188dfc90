//! Variant boards in the window (X, jigsaw, killer), driven through `egui_kittest`: their
//! marks, clashes, hints, New and watch mode by their own rules.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::game::{Game, Uniqueness};

mod common;
use common::*;

#[test]
fn a_bundled_killer_opens_with_its_cages_and_a_cell_says_its_cage() {
    let mut h = fresh();
    pick_puzzle(&mut h, "9×9 killer · easy", 1);
    let app = h.state();
    let variant = app.game().board().variant().expect("a killer board");
    assert_eq!(variant.name(), "killer");
    let cage = &variant.cages()[0];
    assert!(status(&h).contains("killer sudoku"), "{}", status(&h));
    assert_eq!(count_label(&h), Uniqueness::One);
    // Each cell tells a screen reader its cage (the first cage starts at r1c1).
    let cells = match cage.cells.len() {
        1 => "1 cell".to_string(),
        n => format!("{n} cells"),
    };
    let label = format!(
        "row 1, column 1 (cage of {cells} adding up to {}): empty",
        cage.sum
    );
    assert!(h.query_by_label(&label).is_some(), "{label}");
}

#[test]
fn a_clash_on_a_diagonal_is_marked_and_space_solves_by_the_variant() {
    let mut h = variant_puzzle(include_str!("../assets/puzzles/library/9x9-x-medium.toml"));
    let puzzle = h.state().game().board().clone();
    let solution = puzzle.solution().unwrap();
    // A symbol on the main diagonal that is already elsewhere on it, but nowhere in the cell's
    // row, column or box: it clashes by the diagonal alone.
    let on_diagonal: Vec<usize> = (0..9).map(|k| k * 10).collect();
    let (cell, v) = on_diagonal
        .iter()
        .filter(|&&c| puzzle.get(c) == 0)
        .find_map(|&c| {
            on_diagonal
                .iter()
                .map(|&d| puzzle.get(d))
                .filter(|&v| v != 0)
                .find(|&v| {
                    let mut trial = puzzle.clone();
                    trial.set(c, v);
                    trial
                        .clashes()
                        .iter()
                        .all(|k| k.unit == sudoku_dlx::sudoku::Unit::Diagonal(0))
                        && !trial.clashes().is_empty()
                })
                .map(|v| (c, v))
        })
        .expect("a symbol that clashes only on the diagonal");
    hover(&mut h, cell / 9, cell % 9);
    type_text(&mut h, &v.to_string());
    let label = format!(
        "row {0}, column {0} (the main diagonal): {v}, your entry, clash",
        cell / 9 + 1
    );
    assert!(h.query_by_label(&label).is_some(), "{label}");
    // Space solves (the entry goes first, as a clash would stop the solver) by the X rules.
    press(&mut h, Key::Delete);
    press_and_wait(&mut h, Key::Space);
    assert_eq!(h.state().game().board().values(), solution.values());
}

#[test]
fn new_makes_a_variant_puzzle_of_the_grade_asked() {
    let mut h = fresh();
    h.get_by_label("New").click();
    settle(&mut h);
    h.get_by_label("Jigsaw").hover();
    settle(&mut h);
    // The New menu's own Medium, and the Jigsaw submenu's: the submenu's is the last.
    h.query_all_by_label("Medium").last().unwrap().click();
    settle(&mut h);
    let givens = h.state().game().givens();
    assert_eq!(givens.variant().unwrap().name(), "jigsaw");
    assert!(givens.is_unique());
    let rating = sudoku_dlx::sudoku::Rater::new().rate(&givens);
    assert_eq!(rating.grade, sudoku_dlx::sudoku::Grade::Medium);
    assert!(
        status(&h).starts_with("A new medium jigsaw 9×9"),
        "{}",
        status(&h)
    );
    assert_eq!(count_label(&h), Uniqueness::One);
}

#[test]
fn watch_mode_searches_x_and_killer_boards_by_their_own_rules() {
    // A 4×4 X board with 1 in the corner: 72 classic grids, far fewer with both diagonals.
    let mut h =
        variant_puzzle("variant = \"x\"\ngivens = [\"1...\", \"....\", \"....\", \"....\"]\n");
    let x = h.state().game().board().clone();
    let expected = x.count_solutions(1000);
    assert!(expected > 0 && expected < 72, "{expected}");
    tap(&mut h, Key::W);
    assert!(h.state().is_watching());
    // The diagonals' items are in the search's matrix.
    let cover = h.state().watching().unwrap().cover().clone();
    assert!(cover.items.iter().any(|n| n.starts_with('d')));
    assert_eq!(watch_to_the_end(&mut h, "the search ends"), expected);
    tap(&mut h, Key::Escape);
    assert_eq!(h.state().game().board(), &x);
    // A killer board: the cages' digit sets are options too, named in the move log.
    let mut h = variant_puzzle(
        "box = \"2\"\ncages = [\n { sum = 3, cells = \"r1c1 r1c2\" },\n { sum = 7, cells = \"r2c1 r2c2\" },\n]\n",
    );
    let killer = h.state().game().board().clone();
    let expected = killer.count_solutions(1000);
    tap(&mut h, Key::W);
    assert!(h.state().is_watching());
    assert_eq!(h.state().watching().unwrap().cover().sets.len(), 2);
    assert_eq!(
        watch_to_the_end(&mut h, "the killer's search ends"),
        expected
    );
    tap(&mut h, Key::Escape);
    assert_eq!(h.state().game().board(), &killer);
}

/// A harness on the first puzzle of a bundled variant collection.
fn variant_puzzle(text: &str) -> Harness<'static, App> {
    let (_, entries) = sudoku_dlx::sudoku::files::formats::read(text, None, None).unwrap();
    let p = entries[0].puzzle.clone();
    let config = config_for(p.geometry());
    harness(Game::with_puzzle(p), config)
}

#[test]
fn clashes_in_a_region_and_a_cage_are_marked_and_hints_follow_the_variant() {
    // Jigsaw: a symbol already in the cell's region, nowhere in its row or column.
    let mut h = variant_puzzle(include_str!(
        "../assets/puzzles/library/9x9-jigsaw-medium.toml"
    ));
    let board = h.state().game().board().clone();
    let v = board.variant().unwrap().clone();
    let (cell, value) = (0..81)
        .filter(|&c| board.get(c) == 0)
        .find_map(|c| {
            let region = v.region_of(c).unwrap();
            (0..81)
                .filter(|&d| v.region_of(d) == Some(region) && board.get(d) != 0)
                .map(|d| board.get(d))
                .find(|&s| {
                    let mut trial = board.clone();
                    trial.set(c, s);
                    let clashes = trial.clashes();
                    !clashes.is_empty()
                        && clashes
                            .iter()
                            .all(|k| matches!(k.unit, sudoku_dlx::sudoku::Unit::Region(_)))
                })
                .map(|s| (c, s))
        })
        .expect("a symbol that clashes only in its region");
    hover(&mut h, cell / 9, cell % 9);
    type_text(&mut h, &value.to_string());
    assert!(h.state().game().is_clash(cell));
    let label = format!(
        "row {}, column {} (region {}): {value}, your entry, clash",
        cell / 9 + 1,
        cell % 9 + 1,
        v.region_of(cell).unwrap() + 1
    );
    assert!(h.query_by_label(&label).is_some(), "{label}");
    press(&mut h, Key::Backspace);
    // A hint is a forced move by the jigsaw's rules: filling it keeps the puzzle solvable.
    press(&mut h, Key::H);
    let (target, fill) = h
        .state()
        .game()
        .hint()
        .unwrap()
        .fill
        .expect("a forced move");
    let solution = board.solution().unwrap();
    assert_eq!(solution.get(target), fill);

    // Killer: a digit too big for its cage is marked at once, the whole cage with it.
    let mut h = variant_puzzle(include_str!(
        "../assets/puzzles/library/9x9-killer-easy.toml"
    ));
    let board = h.state().game().board().clone();
    let v = board.variant().unwrap().clone();
    let (k, cage) = v
        .cages()
        .iter()
        .enumerate()
        .find(|(_, c)| {
            c.cells.len() == 2 && c.sum <= 10 && c.cells.iter().all(|&x| board.get(x) == 0)
        })
        .expect("a small two-cell cage");
    let first = cage.cells[0];
    hover(&mut h, first / 9, first % 9);
    type_text(&mut h, "9");
    let game = h.state().game();
    assert!(game.board().broken_cages().contains(&k));
    assert!(cage.cells.iter().all(|&x| game.is_clash(x)));
    press(&mut h, Key::Backspace);
    assert!(!h.state().game().is_clash(first));
    // Its hints go by the cages' sums too (a cage's combinations narrow its cells, as one
    // step of three presses) until one says where a digit must go.
    let mut fill = None;
    for _ in 0..12 {
        press(&mut h, Key::H);
        fill = h.state().game().hint().and_then(|x| x.fill);
        if fill.is_some() {
            break;
        }
    }
    let (target, fill) = fill.expect("a forced move");
    assert_eq!(board.solution().unwrap().get(target), fill);
}
