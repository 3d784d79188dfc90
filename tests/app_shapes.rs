//! Boards of every shape in the window, driven as a person would through `egui_kittest`: a
//! Samurai, a Roxdoku cube and a Mathdoku, hovered, typed into, pencilled, solved with Space;
//! holes that cannot be selected; a cube's layers side by side; a KSudoku saved game of every
//! board KSudoku ships (tests/common_ksudoku) opened and solved.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::game::{Game, Origin, Uniqueness};
use sudoku_dlx::sudoku::board::cage::{MathCage, Operation};
use sudoku_dlx::sudoku::board::shape::{Layout, Shape};
use sudoku_dlx::sudoku::{DlxSolver, Geometry, Grid, Solver};

mod common;
use common::*;
mod common_ksudoku;

/// A puzzle on `shape`: a solution found by the engine with every cell whose position is not a
/// multiple of `keep` emptied.
fn puzzle_on(shape: Shape, keep: usize) -> Grid {
    let empty = Grid::on_shape(Arc::new(shape), None).unwrap();
    let solution = DlxSolver::new()
        .solve(&empty, 1, None)
        .unwrap()
        .first
        .unwrap();
    let mut puzzle = solution.clone();
    for p in 0..puzzle.positions() {
        if p % keep != 0 {
            puzzle.set(p, 0);
        }
    }
    puzzle
}

fn window_on(puzzle: Grid) -> Harness<'static, App> {
    harness(Game::with_puzzle(puzzle), config_for(Geometry::classic()))
}

/// Moves the pointer over a position of the board.
fn hover_position(h: &mut Harness<'static, App>, position: usize) {
    let layout = h.state().layout().expect("the board was drawn");
    h.hover_at(layout.position_rect(position).center());
    settle(h);
}

#[test]
fn a_samurai_is_hovered_typed_into_pencilled_and_solved() {
    let shape = Shape::named("Samurai", None).unwrap();
    let layout = shape.layout();
    let puzzle = puzzle_on(shape, 3);
    let mut h = window_on(puzzle.clone());
    // The top left grid's first empty cell, and one of the centre grid.
    let first = (0..puzzle.positions())
        .find(|&p| puzzle.is_cell(p) && puzzle.get(p) == 0)
        .unwrap();
    hover_position(&mut h, first);
    assert_eq!(h.state().game().selected(), Some(first));
    type_text(&mut h, "4");
    assert_eq!(h.state().game().value(first), 4);
    assert_eq!(h.state().game().origin(first), Origin::Entry);
    // A hole (the gap between the top grids) cannot be selected: the selection stays.
    let hole = layout.position(10, 2, 0);
    assert!(!puzzle.is_cell(hole));
    hover_position(&mut h, hole);
    assert_eq!(h.state().game().selected(), Some(first));
    // The centre grid's middle cell, shared by no other grid.
    let centre = layout.position(10, 10, 0);
    let centre = if puzzle.get(centre) == 0 {
        centre
    } else {
        centre + 1
    };
    hover_position(&mut h, centre);
    assert_eq!(h.state().game().selected(), Some(centre));
    h.get_by_label("row 11, column 11: empty");
    // Notes mode (m), two marks, back.
    press(&mut h, Key::M);
    type_text(&mut h, "1");
    type_text(&mut h, "2");
    press(&mut h, Key::M);
    assert_eq!(h.state().game().notes(centre), 0b11);
    // Space solves by the shape's units: every cell filled, the givens kept.
    press(&mut h, Key::Backspace);
    hover_position(&mut h, first);
    press(&mut h, Key::Backspace);
    press_and_wait(&mut h, Key::Space);
    let board = h.state().game().board().clone();
    assert!(board.is_full(), "{}", status(&h));
    board.verify_solution_of(&puzzle).unwrap();
    assert!((0..board.positions()).all(|p| board.is_cell(p) || board.get(p) == 0));
}

#[test]
fn a_cubes_layers_lie_side_by_side_and_its_planes_are_peers() {
    let shape = Shape::named("Roxdoku", Some(9)).unwrap();
    let layout = shape.layout();
    let puzzle = puzzle_on(shape, 4);
    let mut h = window_on(puzzle.clone());
    // The three layers of the 3×3×3 cube: each a 3×3 panel, apart from the others.
    let drawn = h.state().layout().unwrap();
    let top = drawn.layer_rect(0);
    let middle = drawn.layer_rect(1);
    assert!(!top.intersects(middle));
    // A cell of the middle layer, hovered and typed into.
    let cell = (0..puzzle.positions())
        .find(|&p| layout.coordinates(p).2 == 1 && puzzle.get(p) == 0)
        .unwrap();
    hover_position(&mut h, cell);
    assert_eq!(h.state().game().selected(), Some(cell));
    let (x, y, _) = layout.coordinates(cell);
    h.get_by_label(&format!("layer 2, row {}, column {}: empty", y + 1, x + 1));
    let wrong = (1..=9u8)
        .find(|&v| {
            (0..puzzle.positions()).any(|p| {
                let (px, py, pz) = layout.coordinates(p);
                (px == x || py == y || pz == 1) && p != cell && puzzle.get(p) == v
            })
        })
        .unwrap();
    type_text(&mut h, &wrong.to_string());
    // It clashes with a given in one of the cell's planes, in whichever layer that is.
    assert!(h.state().game().is_clash(cell));
    press(&mut h, Key::Backspace);
    press_and_wait(&mut h, Key::Space);
    let board = h.state().game().board().clone();
    board.verify_solution_of(&puzzle).unwrap();
}

#[test]
fn a_mathdoku_says_its_cages_and_solves_by_them() {
    // Cages cut from the Latin square
    //   1 2 3 4
    //   3 4 1 2
    //   2 1 4 3
    //   4 3 2 1
    let mut b = Shape::builder("Mathdoku", Layout::flat(4, 4), 4);
    b.grid((0, 0, 0), 4, None);
    let cage = |cells: &[usize], op, target| MathCage {
        cells: cells.to_vec(),
        op,
        target,
    };
    for c in [
        cage(&[0, 1], Operation::Add, 3),
        cage(&[2, 3], Operation::Multiply, 12),
        cage(&[4, 8], Operation::Subtract, 1),
        cage(&[5, 6], Operation::Divide, 4),
        cage(&[7, 11], Operation::Add, 5),
        cage(&[9, 10], Operation::Subtract, 3),
        cage(&[12, 13], Operation::Multiply, 12),
        cage(&[14, 15], Operation::Add, 3),
    ] {
        b.math_cage(c);
    }
    let shape = b.build().unwrap();
    let empty = Grid::on_shape(Arc::new(shape), None).unwrap();
    let count = DlxSolver::new().count(&empty, 10, None).unwrap().solutions;
    assert!(count >= 1);
    let mut h = window_on(empty.clone());
    hover_position(&mut h, 2);
    h.get_by_label("row 1, column 3 (cage of 2 cells, 12×): empty");
    press_and_wait(&mut h, Key::Space);
    // A solution that makes every cage (one of several, when the cages allow more).
    let board = h.state().game().board().clone();
    board.verify_solution_of(&empty).unwrap();
    // A wrong digit breaks its cage: r1c1 + r1c2 = 3 takes 1 and 2 only.
    press(&mut h, Key::R);
    hover_position(&mut h, 0);
    type_text(&mut h, "4");
    assert!(h.state().game().is_clash(0) && h.state().game().is_clash(1));
}

#[test]
fn watch_mode_searches_a_shape_and_a_mathdokus_fillings() {
    // A TinySamurai with a third of its cells given: watched to the end, every solution found.
    let puzzle = puzzle_on(Shape::named("TinySamurai", None).unwrap(), 3);
    let expected = puzzle.count_solutions(1000);
    let mut h = window_on(puzzle.clone());
    tap(&mut h, Key::W);
    assert!(h.state().is_watching());
    assert_eq!(watch_to_the_end(&mut h, "the search ends"), expected);
    tap(&mut h, Key::Escape);
    assert_eq!(h.state().game().board(), &puzzle);
    // A 3×3 Mathdoku: its cages' fillings are the options the search tries.
    let mut b = Shape::builder("Mathdoku", Layout::flat(3, 3), 3);
    b.grid((0, 0, 0), 3, None);
    for (cells, op, target) in [
        (vec![0, 1], Operation::Add, 3),
        (vec![2, 5], Operation::Divide, 3),
        (vec![3, 6], Operation::Subtract, 1),
        (vec![4, 7, 8], Operation::Multiply, 6),
    ] {
        b.math_cage(MathCage { cells, op, target });
    }
    let board = Grid::on_shape(Arc::new(b.build().unwrap()), None).unwrap();
    let expected = board.count_solutions(100);
    assert!(expected >= 1);
    let mut h = window_on(board.clone());
    tap(&mut h, Key::W);
    let cover = h.state().watching().unwrap().cover().clone();
    assert!(!cover.fills.is_empty() && cover.options.is_empty());
    assert_eq!(
        watch_to_the_end(&mut h, "the Mathdoku's search ends"),
        expected
    );
    tap(&mut h, Key::Escape);
    assert_eq!(h.state().game().board(), &board);
}

/// A folder of its own under the system's temporary one.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn ksudoku_games_open_on_the_board_with_their_holes_givens_and_entries() {
    use sudoku_dlx::sudoku::files::ksudoku;
    let dir = temp_dir("ksudoku-open");
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ksudoku");
    let mut names: Vec<_> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        let text = std::fs::read_to_string(fixtures.join(&name)).unwrap();
        let want = ksudoku::read_game(&text, None).unwrap();
        // Named `.ksudoku` as KSudoku names its saves, and `.ksudoku.xml` as the fixture is.
        let renamed = dir.join(name.replace(".ksudoku.xml", ".ksudoku"));
        std::fs::write(&renamed, &text).unwrap();
        for path in [fixtures.join(&name), renamed] {
            let mut h = window_on(puzzle_on(Shape::named("Samurai", None).unwrap(), 5));
            h.state_mut().open_path(&path);
            settle(&mut h);
            assert!(status(&h).starts_with("Opened "), "{name}: {}", status(&h));
            let game = h.state().game();
            let board = game.board();
            assert_eq!(board.positions(), want.shape.positions(), "{name}");
            for p in 0..board.positions() {
                assert_eq!(board.is_cell(p), want.shape.is_cell(p), "{name}: {p}");
                let (given, entry) = (want.givens[p], want.entries[p]);
                let (value, origin) = (game.value(p), game.origin(p));
                if given != 0 {
                    assert_eq!((value, origin), (given, Origin::Given), "{name}: {p}");
                } else if entry != 0 {
                    assert_eq!((value, origin), (entry, Origin::Entry), "{name}: {p}");
                } else {
                    assert_eq!((value, origin), (0, Origin::Empty), "{name}: {p}");
                }
            }
            // The drawn board has the file's cells, and its holes are no cells.
            let hole = (0..board.positions()).find(|&p| !want.shape.is_cell(p));
            if let Some(hole) = hole {
                assert!(!board.is_cell(hole), "{name}");
            }
            assert!(h.state().layout().is_some(), "{name}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_shape_game_saved_as_ksudoku_reads_back_with_its_givens_and_entries() {
    use egui::Modifiers;
    use sudoku_dlx::sudoku::files::ksudoku;
    let dir = temp_dir("ksudoku-save");
    let puzzle = puzzle_on(Shape::named("TinySamurai", None).unwrap(), 3);
    let mut h = window_on(puzzle.clone());
    let solution = DlxSolver::new()
        .solve(&puzzle, 1, None)
        .unwrap()
        .first
        .unwrap();
    let empty = (0..puzzle.positions())
        .find(|&p| puzzle.is_cell(p) && puzzle.get(p) == 0)
        .unwrap();
    hover_position(&mut h, empty);
    type_text(&mut h, &solution.get(empty).to_string());
    assert_eq!(h.state().game().origin(empty), Origin::Entry);

    // The save dialog offers KSudoku: choosing it names the file `.ksudoku`.
    h.state_mut().set_folder_for_test(&dir);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(h.state().dialog_open());
    h.get_by_label("KSudoku (.ksudoku)").click();
    settle(&mut h);
    h.get_by_label("Save").click();
    settle(&mut h);
    assert!(!h.state().dialog_open());
    let path = dir.join("sudoku-dlx-game.ksudoku");
    assert!(status(&h).starts_with("Saved the game"), "{}", status(&h));
    assert!(status(&h).ends_with("for KSudoku"), "{}", status(&h));

    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("<!DOCTYPE ksudoku>"), "{text}");
    let back = ksudoku::read_game(&text, None).unwrap();
    assert_eq!(back.givens, puzzle.values());
    let mut entries = vec![0; puzzle.positions()];
    entries[empty] = solution.get(empty);
    assert_eq!(back.entries, entries);
    assert_eq!(back.shape.positions(), puzzle.positions());
    assert!((0..puzzle.positions()).all(|p| back.shape.is_cell(p) == puzzle.is_cell(p)));

    // Opened again, it is the same game.
    let mut other = window_on(puzzle_on(Shape::named("Samurai", None).unwrap(), 5));
    other.state_mut().open_path(&path);
    settle(&mut other);
    // (KSudoku's groups have no names: the units come back as groups, the same cells.)
    let givens = other.state().game().givens();
    assert_eq!(givens.values(), puzzle.values());
    assert!((0..puzzle.positions()).all(|p| givens.is_cell(p) == puzzle.is_cell(p)));
    assert_eq!(other.state().game().origin(empty), Origin::Entry);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_board_ksudoku_cannot_play_is_not_saved_for_it() {
    // A unit of three cells among four symbols: KSudoku reads four cells from every group.
    let mut b = Shape::builder("Short", Layout::flat(4, 4), 4);
    b.grid((0, 0, 0), 4, None);
    b.unit(sudoku_dlx::sudoku::Unit::Diagonal(0), vec![0, 5, 10]);
    let board = Grid::on_shape(Arc::new(b.build().unwrap()), None).unwrap();
    let mut h = window_on(board);
    let dir = temp_dir("ksudoku-refuse");
    let path = dir.join("short.ksudoku");
    h.state_mut().save_to(&path);
    settle(&mut h);
    assert!(
        status(&h).contains("Could not save") && status(&h).contains("all 4 symbols"),
        "{}",
        status(&h)
    );
    assert!(!path.exists());
    // Under a .txt name it is saved in sudoku-dlx's own form.
    h.state_mut().save_to(&dir.join("short.txt"));
    settle(&mut h);
    assert!(status(&h).starts_with("Saved the game"), "{}", status(&h));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn new_makes_a_puzzle_of_any_shape_and_of_the_shape_on_the_board() {
    let mut h = harness(
        Game::new(config_for(Geometry::classic()).notation.clone()),
        config_for(Geometry::classic()),
    );
    h.get_by_label("New").click();
    settle(&mut h);
    h.get_by_label("A shape").hover();
    settle(&mut h);
    h.get_by_label("Samurai").hover();
    settle(&mut h);
    h.query_all_by_label("Unique").last().unwrap().click();
    settle(&mut h);
    let givens = h.state().game().givens();
    assert_eq!(givens.shape().unwrap().name(), "Samurai");
    assert_eq!(givens.cell_count(), 369);
    assert_eq!(givens.count_solutions(2), 1);
    assert!(status(&h).starts_with("A new Samurai"), "{}", status(&h));
    // On a Samurai board, New offers another Samurai first: an easy one.
    h.get_by_label("New").click();
    settle(&mut h);
    h.get_by_label("A new Samurai puzzle:");
    h.query_all_by_label("Easy").next().unwrap().click();
    settle(&mut h);
    let easy = h.state().game().givens();
    assert_eq!(easy.shape().unwrap().name(), "Samurai");
    // Easy: the rater rates it so (singles over its units fill it).
    let rating = sudoku_dlx::sudoku::Rater::new().rate(&easy);
    assert!(rating.solved && rating.grade == sudoku_dlx::sudoku::Grade::Easy);
    assert_eq!(easy.count_solutions(2), 1);
    // Every grade is offered on a shape: a medium Samurai needs more than singles, and logic
    // still finishes it.
    h.get_by_label("New").click();
    settle(&mut h);
    h.query_all_by_label("Medium").next().unwrap().click();
    settle(&mut h);
    let medium = h.state().game().givens();
    assert_eq!(medium.shape().unwrap().name(), "Samurai");
    let rating = sudoku_dlx::sudoku::Rater::new().rate(&medium);
    assert!(rating.solved, "{rating:?}");
    assert_eq!(rating.grade, sudoku_dlx::sudoku::Grade::Medium);
    // A Mathdoku of 5 symbols: its cages alone make it unique.
    h.get_by_label("New").click();
    settle(&mut h);
    h.get_by_label("A shape").hover();
    settle(&mut h);
    h.get_by_label("Mathdoku").hover();
    settle(&mut h);
    h.get_by_label("5 symbols").hover();
    settle(&mut h);
    h.query_all_by_label("Unique").last().unwrap().click();
    settle(&mut h);
    let math = h.state().game().givens();
    let shape = math.shape().unwrap();
    assert_eq!((shape.name(), shape.symbols()), ("Mathdoku", 5));
    assert!(!shape.math_cages().is_empty());
    assert_eq!(math.count_solutions(2), 1);
}

#[test]
fn the_puzzles_menu_opens_the_bundled_samurai_collection_on_its_shape() {
    let mut h = window_on(puzzle_on(Shape::named("TinySamurai", None).unwrap(), 2));
    // Every shape's collection is in the menu.
    for name in ["Samurai · easy", "Roxdoku cube · easy", "Mathdoku 6×6"] {
        assert!(
            h.state().collections().iter().any(|c| c.name == name),
            "{name}"
        );
    }
    pick_puzzle(&mut h, "Samurai · easy", 2);
    let app = h.state();
    let place = app.place().unwrap();
    let collection = &app.collections()[place.collection];
    assert_eq!(
        (collection.name.as_str(), place.puzzle),
        ("Samurai · easy", 1)
    );
    let givens = app.game().givens();
    assert_eq!(givens, collection.puzzles[1].puzzle);
    assert_eq!(givens.shape().unwrap().name(), "Samurai");
    assert_eq!(givens.cell_count(), 369);
    assert!(status(&h).contains("puzzle 2 of 6"), "{}", status(&h));
}

/// A KSudoku saved game of every board KSudoku ships, written by the project's writer, opens on
/// its board with its givens and no more, the window counts one solution, and Space solves it
/// to the solution the game was made from.
#[test]
fn a_ksudoku_game_of_every_shape_opens_and_solves() {
    use common_ksudoku::{boards, fresh_dir, game, write_to};
    let dir = fresh_dir("ksudoku-every-shape-open");
    let mut h = fresh();
    for (name, order) in boards() {
        let g = game(name, order);
        let label = &g.label;
        let path = write_to(&dir, &g);
        h.state_mut().open_path(&path);
        settle(&mut h);
        let givens = g.givens.iter().filter(|&&v| v != 0).count();
        let opened = status(&h);
        assert!(
            opened.starts_with(&format!("Opened {label}.ksudoku (")),
            "{label}: {opened}"
        );
        assert!(
            [format!("({givens} givens)"), format!(", {givens} givens)")]
                .iter()
                .any(|end| opened.contains(end)),
            "{label}: {opened}"
        );
        // The board is the shape: its cells, holes, units and cages; the givens in place.
        let game = h.state().game();
        let board = game.board();
        assert_eq!(board.positions(), g.shape.positions(), "{label}");
        assert_eq!(board.cell_count(), g.shape.cell_count(), "{label}");
        // (KSudoku's plain square opens as the classic grid; any other board as its shape,
        // by its name.)
        if let Some(shape) = board.shape() {
            assert_eq!(shape.name(), g.shape.name(), "{label}");
            assert!(
                opened.contains(&format!("({}, ", g.shape.name())),
                "{label}: {opened}"
            );
        }
        let shape = Shape::of_grid(board);
        let units = |s: &Shape| {
            let mut all: Vec<Vec<usize>> = s.units().map(|(_, cells)| cells.to_vec()).collect();
            all.iter_mut().for_each(|cells| cells.sort_unstable());
            all.sort();
            all
        };
        assert_eq!(units(&shape), units(&g.shape), "{label}");
        assert_eq!(
            (shape.cages().len(), shape.math_cages().len()),
            (g.shape.cages().len(), g.shape.math_cages().len()),
            "{label}"
        );
        for p in 0..board.positions() {
            assert_eq!(board.is_cell(p), g.shape.is_cell(p), "{label}: {p}");
            let origin = if g.givens[p] == 0 {
                Origin::Empty
            } else {
                Origin::Given
            };
            assert_eq!(
                (game.value(p), game.origin(p)),
                (g.givens[p], origin),
                "{label}: {p}"
            );
        }
        assert_eq!(count_label(&h), Uniqueness::One, "{label}");
        // A screen reader hears a given cell by its place and value, and an open one as empty.
        let layout = g.shape.layout();
        let place = |p: usize| {
            let (x, y, z) = layout.coordinates(p);
            let rc = format!("row {}, column {}", y + 1, x + 1);
            if layout.depth > 1 {
                format!("layer {}, {rc}", z + 1)
            } else {
                rc
            }
        };
        let open = (0..g.shape.positions())
            .find(|&p| g.shape.is_cell(p) && g.givens[p] == 0)
            .unwrap();
        let spoken = game.cell_label(open);
        assert!(
            spoken.starts_with(&place(open)) && spoken.ends_with(": empty"),
            "{label}: {spoken}"
        );
        h.get_by_label(&spoken);
        if let Some(given) = (0..g.shape.positions()).find(|&p| g.givens[p] != 0) {
            let spoken = game.cell_label(given);
            let symbol = board.alphabet().symbol(g.givens[given]);
            assert!(
                spoken.starts_with(&place(given))
                    && spoken.ends_with(&format!(": {symbol}, given")),
                "{label}: {spoken}"
            );
            h.get_by_label(&spoken);
        }
        // Space solves it to the one solution.
        press_and_wait(&mut h, Key::Space);
        let game = h.state().game();
        assert_eq!(
            game.board().values(),
            &g.solution[..],
            "{label}: {}",
            status(&h)
        );
        assert!(
            (0..g.shape.positions()).all(|p| g.givens[p] != 0
                || !g.shape.is_cell(p)
                || game.origin(p) == Origin::Solver),
            "{label}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
