//! The sudoku model and both solvers on the puzzle corpus in tests/data and on every board size.

// Tests may unwrap: a panic is a failure with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use proptest::prelude::*;
use sudoku_dlx::sudoku::{
    Backtracker, DlxSolver, Geometry, Grade, Grid, Notation, Rater, SolveError, Solver, Work,
};

/// The puzzles of a file in tests/data, with their comment lines dropped.
fn corpus(name: &str) -> Vec<Grid> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse_line(l.trim(), None).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

/// Solves with DLX, counting up to 2; checks the solution without the solver; returns the count.
fn solve_and_check(solver: &mut DlxSolver, puzzle: &Grid) -> u64 {
    let report = solver.solve(puzzle, 2, None).expect("no clashing givens");
    if report.solutions > 0 {
        let solution = report.first.expect("a solution is kept");
        solution
            .verify_solution_of(puzzle)
            .unwrap_or_else(|e| panic!("{}: {e}", puzzle.to_line()));
    } else {
        assert!(report.first.is_none());
    }
    report.solutions
}

#[test]
fn seventeen_clue_and_hardest_puzzles_have_one_checked_solution() {
    let mut solver = DlxSolver::new();
    for file in ["17clue_sample.txt", "hardest_sample.txt"] {
        let puzzles = corpus(file);
        assert!(puzzles.len() >= 80, "{file}");
        for p in &puzzles {
            assert_eq!(
                solve_and_check(&mut solver, p),
                1,
                "{file}: {}",
                p.to_line()
            );
        }
    }
}

#[test]
fn serg_benchmark_puzzles_have_several_solutions() {
    let mut solver = DlxSolver::new();
    for p in &corpus("serg_sample.txt") {
        assert_eq!(solve_and_check(&mut solver, p), 2, "{}", p.to_line());
    }
}

#[test]
fn origins_counts_include_23_solutions_and_the_unsolvable_escargot() {
    let puzzles = corpus("origins.txt");
    let mut solver = DlxSolver::new();
    let counts: Vec<u64> = puzzles
        .iter()
        .map(|p| solver.count(p, 100, None).map_or(0, |r| r.solutions))
        .collect();
    // The example puzzle has 23 solutions; AI Escargot with an extra 2 has none; the rest one.
    assert_eq!(counts, [23, 1, 1, 1, 0, 1, 1, 1, 1]);
    // Without pruning, the same counts.
    let mut plain = DlxSolver::plain();
    for (p, &count) in puzzles.iter().zip(&counts) {
        assert_eq!(plain.count(p, 100, None).map_or(0, |r| r.solutions), count);
    }
    for p in &puzzles {
        solve_and_check(&mut solver, p);
    }
    // The unsolvable one fails in the search, not on a clash of givens.
    assert!(puzzles[4].clashes().is_empty());
    assert!(puzzles[4].solve().is_none());
    assert!(puzzles[3].is_unique() && !puzzles[0].is_unique());
    assert!(puzzles[0].solution().is_none() && puzzles[3].solution().is_some());
}

#[test]
fn sixteen_by_sixteen_puzzles_are_solved_and_unique() {
    let mut solver = DlxSolver::new();
    for p in &corpus("16x16_sample.txt") {
        assert_eq!(p.geometry().side(), 16);
        assert_eq!(solve_and_check(&mut solver, p), 1);
    }
}

#[test]
fn every_size_from_4x4_to_25x25_is_solved() {
    let puzzles = corpus("sizes.txt");
    let sides: Vec<usize> = puzzles.iter().map(|p| p.geometry().side()).collect();
    assert_eq!(sides, [4, 6, 12, 25]);
    assert_eq!(
        (
            puzzles[1].geometry().box_rows(),
            puzzles[1].geometry().box_cols()
        ),
        (2, 3)
    );
    let mut solver = DlxSolver::new();
    for p in &puzzles {
        assert!(solve_and_check(&mut solver, p) >= 1, "{}", p.to_line());
    }
    let nine = corpus("17clue_sample.txt").remove(0);
    assert!(solve_and_check(&mut solver, &nine) == 1);
}

#[test]
fn empty_boards_of_every_shape_up_to_36x36_are_filled() {
    let mut solver = DlxSolver::new();
    for (rows, cols) in [
        (2, 2),
        (2, 3),
        (3, 3),
        (2, 4),
        (3, 4),
        (4, 4),
        (5, 5),
        (6, 6),
    ] {
        let g = Geometry::new(rows, cols).unwrap();
        let empty = Grid::empty(Notation::default_for(g).unwrap());
        let report = solver.solve(&empty, 1, None).unwrap();
        let solution = report.first.expect("an empty board has solutions");
        assert_eq!(solution.verify_solution_of(&empty), Ok(()), "{g}");
        if let Work::Dlx(stats) = report.work {
            assert_eq!(stats.max_depth, g.cells(), "one option per cell");
        }
    }
}

/// A board with every cell given, and no clash, is its own one solution (it once read "no
/// solution": a matrix with no items refused even an empty set of options).
#[test]
fn a_complete_board_is_its_own_one_solution() {
    let mut solver = DlxSolver::new();
    for (rows, cols) in [(2, 2), (3, 3), (4, 4)] {
        let g = Geometry::new(rows, cols).unwrap();
        let empty = Grid::empty(Notation::default_for(g).unwrap());
        let full = solver.solve(&empty, 1, None).unwrap().first.unwrap();
        for s in [&mut solver as &mut dyn Solver, &mut Backtracker::new()] {
            let report = s.solve(&full, 2, None).unwrap();
            assert_eq!(report.solutions, 1, "{g}");
            assert_eq!(report.first.as_ref(), Some(&full), "{g}");
        }
        assert_eq!(solver.count(&full, 2, None).unwrap().solutions, 1);
    }
}

#[test]
fn clashing_givens_are_reported_not_searched() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "7");
    line.replace_range(80..81, "3");
    line.replace_range(10..11, "7"); // r2c2: same box as r1c1
    let g = Grid::parse_line(&line, None).unwrap();
    let Err(SolveError::Clashes(clashes)) = DlxSolver::new().solve(&g, 2, None) else {
        panic!("the clash is not reported");
    };
    assert_eq!(clashes.len(), 1);
    assert_eq!(g.describe(&clashes[0]), "r1c1 and r2c2 both hold 7 (box 1)");
    assert!(Backtracker::new().solve(&g, 2, None).is_err());
}

#[test]
fn a_cancel_flag_stops_a_search_that_would_never_end() {
    // Counting every solution of the empty 16x16 board would take longer than the universe.
    let empty = Grid::empty(Notation::default_for(Geometry::square(4).unwrap()).unwrap());
    let flag = Arc::new(AtomicBool::new(false));
    let setter = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let report = DlxSolver::new()
        .count(&empty, u64::MAX, Some(&flag))
        .unwrap();
    setter.join().unwrap();
    assert!(report.cancelled);
    assert!(report.solutions > 0);

    let report = Backtracker::new()
        .count(&empty, u64::MAX, Some(&flag))
        .unwrap();
    assert!(report.cancelled);
}

/// A random board: a solution of the empty board, scrambled by a random relabelling of symbols,
/// with a random subset of cells kept.
fn random_board(geometry: Geometry, seed: u64, keep_percent: u64) -> Grid {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
        | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let notation = Notation::default_for(geometry).unwrap();
    let full = Grid::empty(notation.clone()).solve().unwrap();
    let side = geometry.side();
    let mut relabel: Vec<u8> = (1..=side as u8).collect();
    for k in (1..side).rev() {
        relabel.swap(k, (next() % (k as u64 + 1)) as usize);
    }
    let mut board = Grid::empty(notation);
    for cell in 0..geometry.cells() {
        if next() % 100 < keep_percent {
            board.set(cell, relabel[full.get(cell) as usize - 1]);
        }
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn dlx_and_backtracking_agree_on_4x4_and_6x6(seed in any::<u64>(), keep in 0u64..70, six in any::<bool>()) {
        let geometry = if six { Geometry::new(2, 3).unwrap() } else { Geometry::square(2).unwrap() };
        // 6x6 boards with few givens have millions of solutions: keep at least a quarter.
        let keep = if six { keep.max(25) } else { keep };
        let board = random_board(geometry, seed, keep);
        let limit = 400;
        let dlx = DlxSolver::new().count(&board, limit, None).unwrap();
        let naive = Backtracker::new().count(&board, limit, None).unwrap();
        let plain = DlxSolver::plain().count(&board, limit, None).unwrap();
        prop_assert_eq!(dlx.solutions, naive.solutions, "{}", board.to_line());
        prop_assert_eq!(plain.solutions, naive.solutions, "{}", board.to_line());
        prop_assert!(dlx.solutions >= 1, "a subset of a solution is solvable");
        let first = Backtracker::new().solve(&board, 1, None).unwrap().first.unwrap();
        prop_assert!(first.verify_solution_of(&board).is_ok());
    }

    #[test]
    fn random_boards_with_a_wrong_given_agree_too(seed in any::<u64>(), cell in 0usize..16, value in 1u8..=4) {
        let mut board = random_board(Geometry::square(2).unwrap(), seed, 40);
        board.set(cell, value);
        let dlx = DlxSolver::new().count(&board, 400, None);
        let naive = Backtracker::new().count(&board, 400, None);
        match (dlx, naive) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a.solutions, b.solutions),
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "disagree: {:?} vs {:?}", a, b),
        }
    }
}

#[test]
fn the_rater_only_makes_sound_deductions() {
    // Wherever logic finishes a puzzle, its board is the one solution; where it stalls, every
    // value it placed agrees with the solution. It never finds a contradiction in a good puzzle.
    let mut rater = sudoku_dlx::sudoku::Rater::new();
    let mut grades = std::collections::BTreeMap::new();
    for file in ["17clue_sample.txt", "hardest_sample.txt", "serg_sample.txt"] {
        for puzzle in corpus(file) {
            let rating = rater.rate(&puzzle);
            assert!(!rating.contradiction, "{}", puzzle.to_line());
            *grades.entry(rating.grade).or_insert(0) += 1;
            let Some(solution) = puzzle.solution() else {
                assert!(
                    !rating.solved,
                    "{}: logic filled a board with several solutions",
                    puzzle.to_line()
                );
                continue;
            };
            for (cell, &v) in rater.values().iter().enumerate() {
                assert!(
                    v == 0 || v == solution.get(cell),
                    "{} r{cell}",
                    puzzle.to_line()
                );
            }
            assert_eq!(rating.solved, rater.values() == solution.values());
        }
    }
    // The samples span the grades: the 17-clue set has easy to hard puzzles, the hardest set
    // needs search.
    assert!(grades.len() >= 3, "{grades:?}");
}

#[test]
fn puzzles_out_of_reach_of_pairs_alone_are_solved_with_the_strong_rules() {
    // 25×25 medium (strong rules throughout) and the two hardest 16×16 of the forum's test6
    // (pairs alone for 100,000 nodes, then the strong rules): 84 and 21 million nodes with pairs
    // alone, about 0.2 s each now.
    let mut text = String::new();
    for file in ["25x25_medium.txt", "16x16_hard.txt"] {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        text.push_str(&std::fs::read_to_string(path).unwrap());
        text.push('\n');
    }
    // A regression must fail, not hang: a watchdog cancels the search after a minute.
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60));
        flag.store(true, Ordering::Relaxed);
    });
    let mut solver = DlxSolver::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let puzzle = Grid::parse_line(line, None).unwrap();
        let report = solver.solve(&puzzle, 2, Some(&cancel)).unwrap();
        assert!(!report.cancelled, "no answer within a minute: {line}");
        assert_eq!(report.solutions, 1);
        report.first.unwrap().verify_solution_of(&puzzle).unwrap();
    }
}

/// The classic board's fast path (`DlxSolver`, `cover/classic.rs`) is the board model's mapping
/// (`cover/model.rs`) laid out for speed: the same items and options, the same answers.
#[test]
fn the_classic_fast_path_is_the_models_mapping() {
    use sudoku_dlx::sudoku::board::shape::Shape;
    use sudoku_dlx::sudoku::cover::general::{Budget, search_shape};
    use sudoku_dlx::sudoku::cover::model::CoverMatrix;
    let files = [
        include_str!("data/17clue_sample.txt"),
        include_str!("data/hardest_sample.txt"),
        include_str!("data/16x16_sample.txt"),
    ];
    let mut boards = 0;
    for text in files {
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .take(12)
        {
            let grid = Grid::parse_line(line.trim(), None).unwrap();
            let mut fast = DlxSolver::new();
            let items = {
                let m = fast.build(&grid).unwrap();
                (m.primary_items(), m.secondary_items(), m.option_count())
            };
            let shape = Shape::of_grid(&grid);
            let model = CoverMatrix::of_shape(&shape, grid.values(), false).unwrap();
            assert_eq!(
                items,
                (
                    model.primary,
                    model.items.len() - model.primary,
                    model.option_count()
                ),
                "{line}"
            );
            let report = fast.solve(&grid, 2, None).unwrap();
            let found = search_shape(&shape, grid.values(), 2, &Budget::default()).unwrap();
            assert_eq!(report.solutions, found.solutions, "{line}");
            if report.solutions == 1 {
                assert_eq!(report.first.unwrap().values(), &found.first.unwrap()[..]);
            }
            boards += 1;
        }
    }
    assert!(boards >= 20, "{boards}");
}

/// A search for another solution answers the same whether it starts from the givens or from
/// where hard logic stalled (its placements given, its candidates the only options): hard 9×9
/// puzzles given two more cells of their solution, then a clue or two taken out (one of the
/// two, which leaves the puzzle unique, or one of its own clues, which mostly does not), every
/// removed cell asked. The candidates are honoured (every other empty cell held to its
/// solution's value leaves a removed clue no other), and a filled cell answers at once.
#[test]
fn a_search_from_logic_answers_as_one_from_the_givens() {
    let lines = include_str!("data/hardest_sample.txt");
    let (mut others, mut unique) = (0, 0);
    let mut s = DlxSolver::new();
    for line in lines.lines().filter(|l| !l.is_empty()).take(30) {
        let mut puzzle = Grid::parse_line(line, None).unwrap();
        let solution = puzzle.solution().unwrap();
        let givens: Vec<usize> = (0..81).filter(|&c| puzzle.get(c) != 0).collect();
        let added: Vec<usize> = (0..81).filter(|&c| puzzle.get(c) == 0).take(2).collect();
        for &c in &added {
            puzzle.set(c, solution.get(c));
        }
        let outs = [
            vec![added[0]],
            vec![givens[0]],
            vec![added[1], givens[givens.len() - 1]],
        ];
        for out in outs {
            let mut fewer = puzzle.clone();
            out.iter().for_each(|&c| fewer.set(c, 0));
            let mut rater = Rater::new();
            rater.rate_up_to(&fewer, Grade::Hard);
            let logic = fewer.with_values(rater.values().to_vec()).unwrap();
            let pinned: Vec<u64> = (0..81).map(|c| 1 << (solution.get(c) - 1)).collect();
            for &c in &out {
                let v = solution.get(c);
                let whole = s.has_solution_avoiding(&fewer, None, c, v, 1 << 20, None);
                let cand = Some(rater.candidates());
                let from_logic = s.has_solution_avoiding(&logic, cand, c, v, 1 << 20, None);
                assert_eq!(whole, from_logic, "{line} without {out:?}, cell {c}");
                let mut only = pinned.clone();
                only[c] = !0;
                let held = s.has_solution_avoiding(&fewer, Some(&only), c, v, 1 << 20, None);
                assert_eq!(held, Some(false), "{line} without {out:?}, cell {c}");
                match whole {
                    Some(true) => others += 1,
                    Some(false) => unique += 1,
                    None => panic!("no answer"),
                }
            }
        }
    }
    assert!(others > 20 && unique > 20, "{others} {unique}");
    let full = Grid::parse_line(lines.lines().next().unwrap(), None)
        .unwrap()
        .solution()
        .unwrap();
    let v = full.get(0);
    assert_eq!(
        s.has_solution_avoiding(&full, None, 0, v, 10, None),
        Some(false)
    );
    assert_eq!(
        s.has_solution_avoiding(&full, None, 0, v % 9 + 1, 10, None),
        Some(true)
    );
}
