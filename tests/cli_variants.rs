//! The command line on variant puzzles (X, hyper, jigsaw, killer): generated and read straight
//! back, their line forms, and their matrices in Knuth's format.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

mod common_cli;
use common_cli::*;

#[test]
fn variant_puzzles_generate_and_read_straight_back_into_solve_count_rate_and_bench() {
    use sudoku_dlx::sudoku::files::formats;
    for kind in ["x", "hyper", "jigsaw", "killer", "killer+x"] {
        let args = ["generate", "--variant", kind, "--count", "3", "--seed", "5"];
        let o = run(&args, None);
        assert_eq!(o.status.code(), Some(0), "{kind}");
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(run(&args, None).stdout, o.stdout, "{kind}: the same seed");
        // Read back, from standard input, as the same variant.
        let (_, entries) = formats::read(&text, None, None).unwrap();
        assert_eq!(entries.len(), 3);
        let name = entries[0].puzzle.variant().unwrap().name();
        assert_eq!(name.to_lowercase().replace(' ', "+"), kind, "{kind}");
        let o = run(&["solve", "--count", "-"], Some(&text));
        assert_eq!(stdout(&o), ["1", "1", "1"], "{kind}");
        let o = run(&["solve", "-"], Some(&text));
        assert_eq!(o.status.code(), Some(0), "{kind}");
        for (line, entry) in stdout(&o).iter().zip(&entries) {
            let solution = sudoku_dlx::sudoku::Grid::parse_line(line, None).unwrap();
            // Checked by the puzzle's own rules, the variant's included.
            solution.verify_solution_of(&entry.puzzle).unwrap();
        }
        let o = run(&["rate", "-"], Some(&text));
        assert_eq!(o.status.code(), Some(0), "{kind}");
        assert!(
            stdout(&o)
                .iter()
                .all(|l| l.starts_with("medium\t") && l.contains("unique"))
        );
        let o = run(&["bench", "-"], Some(&text));
        assert_eq!(o.status.code(), Some(0), "{kind}");
    }
}

#[test]
fn jigsaw_and_sumocue_lines_are_read_and_written() {
    let jigsaw = data("variants/jigsaw.txt");
    let o = run(&["solve", "--count", jigsaw.to_str().unwrap()], None);
    assert_eq!(stdout(&o), ["1", "1", "1"]);
    let killer = data("variants/killer-sumocue.txt");
    let o = run(&["solve", "--count", killer.to_str().unwrap()], None);
    assert_eq!(stdout(&o), ["1", "1", "1", "1", "1"]);
    // What generate writes in these forms is what the fixtures hold.
    let o = run(
        &[
            "generate",
            "--variant",
            "jigsaw",
            "--format",
            "jigsaw",
            "--grade",
            "medium",
            "--count",
            "3",
            "--seed",
            "31",
        ],
        None,
    );
    assert_eq!(o.stdout, std::fs::read(&jigsaw).unwrap());
    let o = run(
        &[
            "generate",
            "--variant",
            "killer",
            "--format",
            "sumocue",
            "--grade",
            "easy",
            "--count",
            "3",
            "--seed",
            "32",
        ],
        None,
    );
    let fixture = std::fs::read_to_string(&killer).unwrap();
    assert!(fixture.starts_with(&*String::from_utf8_lossy(&o.stdout)));
    // A killer with givens has no SumoCue form: said, and the exit code says so.
    let o = run(
        &[
            "generate",
            "--variant",
            "x",
            "--format",
            "sumocue",
            "--count",
            "1",
            "--seed",
            "1",
        ],
        None,
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("SumoCue's form holds"));
    // Jigsaws of sides with no box shape: --side 5 and 7.
    for side in ["5", "7"] {
        let o = run(
            &[
                "generate",
                "--side",
                side,
                "--variant",
                "jigsaw",
                "--count",
                "2",
                "--seed",
                "3",
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{side}");
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        let o = run(&["solve", "--count", "-"], Some(&text));
        assert_eq!(stdout(&o), ["1", "1"], "{side}");
    }
    let o = run(&["generate", "--side", "5", "--count", "1"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("5×5 board has no boxes"));
    // A broken line names the file and the line.
    let mut bad = std::fs::read_to_string(&jigsaw).unwrap();
    bad.push_str(&format!("{}{}\n", ".".repeat(81), "A".repeat(81)));
    let o = run(&["solve", "-"], Some(&bad));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 4") && err.contains("region 'A' has 81 cells"),
        "{err}"
    );
}

#[test]
fn a_variants_matrix_counts_as_solve_does_and_xc_reads_it() {
    let library = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles/library");
    let first = |name: &str| {
        let text = std::fs::read_to_string(library.join(name)).unwrap();
        let end = text[1..].find("[[puzzle]]").map_or(text.len(), |k| k + 1);
        text[..end].to_string()
    };
    let puzzles = [
        // A 4×4 X board with one given (several solutions), and the 9×9 X, hyper and jigsaw
        // puzzles of the library (one each).
        "variant = \"x\"\ngivens = [\"1...\", \"....\", \"....\", \"....\"]\n".to_string(),
        "variant = \"x hyper\"\ngivens = [\"....\", \"....\", \"....\", \"...4\"]\n".to_string(),
        first("9x9-x-medium.toml"),
        first("9x9-hyper-medium.toml"),
        first("9x9-jigsaw-medium.toml"),
    ];
    for p in &puzzles {
        let counted = run(&["solve", "--count", "--limit", "50", "-"], Some(p));
        let expected: u64 = stdout(&counted)[0].parse().unwrap();
        let o = run(&["matrix", "-"], Some(p));
        assert_eq!(o.status.code(), Some(0), "{p}");
        let text = String::from_utf8(o.stdout).unwrap();
        assert_eq!(count_exact_covers(&text, 50), expected, "{p}");
        let o = run(&["xc", "--count", "-"], Some(&text));
        assert_eq!(stdout(&o), [expected.to_string()], "{p}");
        if p.contains("\"x") {
            assert!(text.contains(" d0"), "a diagonal's items: {text}");
        }
    }
    // A killer's cages: an item each, secondary items for their digits after `|`, and an
    // option per digit set; on a small board with several solutions and on the library's 9×9.
    let killers = [
        "box = \"2\"\ncages = [\n { sum = 3, cells = \"r1c1 r1c2\" },\n { sum = 7, cells = \"r2c1 r2c2\" },\n]\n".to_string(),
        first("9x9-killer-easy.toml"),
    ];
    for p in &killers {
        let counted = run(&["solve", "--count", "--limit", "50", "-"], Some(p));
        let expected: u64 = stdout(&counted)[0].parse().unwrap();
        let o = run(&["matrix", "-"], Some(p));
        assert_eq!(o.status.code(), Some(0), "{p}");
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains(" | k00"), "{text}");
        assert!(text.contains("| cage 1 (sum "), "{text}");
        if p.starts_with("box = \"2\"") {
            assert!(expected > 1);
            assert_eq!(count_exact_covers(&text, 50), expected, "{p}");
        }
        let o = run(&["xc", "--count", "-"], Some(&text));
        assert_eq!(stdout(&o), [expected.to_string()], "{p}");
    }
}

#[test]
fn knuths_general_files_the_square_models_cannot_hold_are_counted_as_knuths_programs_count() {
    // Counts checked by a plain backtracking count of each file's exact cover, written apart
    // from this program (every row, column and box at most once, full ones exactly once).
    for (file, count) in [
        ("puzzlium.txt", "1"),
        ("x-one-diagonal.txt", "4"),
        ("jigsaw-apart.txt", "374"),
        ("jigsaw-and-boxes.txt", "2232"),
    ] {
        let path = data(&format!("knuth/{file}"));
        let o = run(
            &[
                "solve",
                "--count",
                "--limit",
                "100000",
                path.to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{file}");
        assert_eq!(stdout(&o), [count], "{file}: one board, its count");
    }
    // The solution of the region that falls apart keeps its digits apart too.
    let path = data("knuth/jigsaw-apart.txt");
    let o = run(&["solve", path.to_str().unwrap()], None);
    let line = &stdout(&o)[0];
    let region: Vec<char> = [1usize, 2, 6, 7, 8, 11]
        .iter()
        .map(|&c| line.chars().nth(c).unwrap())
        .collect();
    let mut distinct = region.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 6, "{line}");
}
