//! The bundled puzzle library: every puzzle has one solution and the grade its collection says.

// Tests may unwrap: a panic is a failure with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use sudoku_dlx::library;
use sudoku_dlx::sudoku::{DlxSolver, Grade, Rater, Solver};

#[test]
fn every_bundled_puzzle_is_unique_and_rated_as_its_collection_says() {
    let collections = library::bundled().unwrap();
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    let mut sides = BTreeSet::new();
    let mut nine_by_nine_grades = BTreeSet::new();
    let mut variants = BTreeSet::new();
    for c in &collections {
        assert!(!c.puzzles.is_empty(), "{}", c.name);
        let grade = c.grade.unwrap();
        for entry in &c.puzzles {
            let p = &entry.puzzle;
            let report = solver.count(p, 2, None).unwrap();
            assert_eq!(report.solutions, 1, "{}: line {}", c.name, entry.line);
            let rating = rater.rate(p);
            assert_eq!(
                rating.grade, grade,
                "{}: line {}: {rating:?}",
                c.name, entry.line
            );
            // The solution found keeps every rule of the variant, checked without the solver.
            let solution = solver.solve(p, 1, None).unwrap().first.unwrap();
            solution.verify_solution_of(p).unwrap();
            if let Some(v) = p.variant() {
                variants.insert((v.name(), p.geometry().side()));
            }
            sides.insert(p.geometry().side());
            if p.geometry().side() == 9 {
                nine_by_nine_grades.insert(grade);
            }
        }
    }
    // 4×4, 6×6, 9×9 (in every grade), 12×12, 16×16 and 25×25.
    assert_eq!(sides, BTreeSet::from([4, 6, 9, 12, 16, 25]));
    assert_eq!(nine_by_nine_grades, BTreeSet::from(Grade::ALL));
    // Each variant at 9×9 and at 16×16.
    for v in ["X", "hyper", "jigsaw", "killer"] {
        for side in [9, 16] {
            assert!(variants.contains(&(v.to_string(), side)), "{v} {side}");
        }
    }
}

#[test]
fn every_collection_says_where_its_puzzles_come_from() {
    for c in library::bundled().unwrap() {
        assert!(!c.source.is_empty() && !c.name.is_empty());
    }
}
