//! The bundled puzzle library: every puzzle has one solution and the grade its collection says;
//! the shapes' collections are on their shape and are what their recorded commands make.

// Tests may unwrap: a panic is a failure with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use sudoku_dlx::library;
use sudoku_dlx::sudoku::{DlxSolver, Grade, Rater, Solver, Technique};

#[test]
fn every_bundled_puzzle_is_unique_and_rated_as_its_collection_says() {
    let collections = library::bundled().unwrap();
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    let mut sides = BTreeSet::new();
    let mut nine_by_nine_grades = BTreeSet::new();
    let mut variants = BTreeSet::new();
    // The shapes' collections are checked below, with what makes them.
    for c in collections.iter().filter(|c| c.shape.is_none()) {
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

/// The collections of shapes: every puzzle on the manifest's shape, unique by the engine's count
/// to two, of the grade the collection says (the easy ones filled by singles alone, with no
/// cage read), rated when it says none; one collection for each shape the library offers.
#[test]
fn every_shape_collection_is_on_its_shape_and_unique() {
    let mut solver = DlxSolver::new();
    let mut rater = Rater::new();
    let mut shapes = BTreeSet::new();
    for c in library::bundled().unwrap() {
        let Some(name) = &c.shape else {
            continue;
        };
        assert!((5..=8).contains(&c.puzzles.len()), "{}", c.name);
        for entry in &c.puzzles {
            let p = &entry.puzzle;
            let shape = p.shape().expect("a puzzle on a shape");
            assert_eq!(shape.name(), name, "{}: line {}", c.name, entry.line);
            assert!(
                p.filled() < p.cell_count(),
                "{}: line {}",
                c.name,
                entry.line
            );
            let report = solver.count(p, 2, None).unwrap();
            assert_eq!(report.solutions, 1, "{}: line {}", c.name, entry.line);
            let solution = solver.solve(p, 1, None).unwrap().first.unwrap();
            solution.verify_solution_of(p).unwrap();
            let rating = rater.rate(p);
            assert!(rating.solved || rating.grade == Grade::Expert, "{rating:?}");
            if let Some(grade) = c.grade {
                let at = format!("{}: line {}: {rating:?}", c.name, entry.line);
                assert_eq!(rating.grade, grade, "{at}");
                let singles = [Technique::HiddenSingle, Technique::NakedSingle];
                assert!(rating.used.iter().all(|(t, _)| singles.contains(t)), "{at}");
            }
        }
        shapes.insert((name.clone(), c.puzzles[0].puzzle.shape().unwrap().symbols()));
    }
    let expected = [
        ("Samurai", 9),
        ("TinySamurai", 4),
        ("Windmill", 9),
        ("Sohei", 9),
        ("Roxdoku", 9),
        ("Aztec", 9),
        ("Killer", 4),
        ("Mathdoku", 6),
    ];
    let expected = expected.map(|(n, o)| (n.to_string(), o));
    assert_eq!(shapes, BTreeSet::from(expected));
}

/// A collection made by `generate --shape` is what its recorded command prints, to the byte.
#[test]
fn the_shape_collections_are_what_their_commands_make() {
    let manifest = std::fs::read_to_string(folder().join("library.toml")).unwrap();
    let mut checked = 0;
    for block in manifest.split("\n[[collection]]\n").skip(1) {
        let value = |key: &str| {
            block.lines().find_map(|l| {
                let rest = l.strip_prefix(key)?.trim_start().strip_prefix('=')?;
                Some(rest.trim().trim_matches('"').to_string())
            })
        };
        let source = value("source").unwrap();
        let Some(args) = source.strip_prefix("sudoku-dlx generate --shape ") else {
            continue;
        };
        let mut all = vec!["generate", "--shape"];
        all.extend(args.split_whitespace());
        let o = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
            .args(&all)
            .current_dir(std::env::temp_dir())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{source}");
        let file = folder().join(value("file").unwrap());
        let bundled = std::fs::read_to_string(&file).unwrap();
        assert!(
            String::from_utf8(o.stdout).unwrap() == bundled,
            "{source} no longer makes {}",
            file.display()
        );
        checked += 1;
    }
    assert_eq!(checked, 8);
}

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles/library")
}
