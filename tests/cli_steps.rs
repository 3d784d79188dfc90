//! `solve --steps` end to end: the steps a person would take, one a line, numbered, in the
//! hints' words, and how each puzzle ends.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common_cli;
use common_cli::{run, stdout};

use sudoku_dlx::sudoku::{Grade, Grid, Rater};

/// The first puzzle of the bundled hard 9×9 collection: singles, pointing, claiming, a naked
/// pair, a hidden pair and an XY-wing.
const HARD: &str =
    "....15.9..9....6..3.1..9.......3.81.56..9..73.38.4.......4..2.7..4....5..5.26....";

#[test]
fn the_steps_are_numbered_in_words_and_end_in_the_solution() {
    let o = run(&["solve", "--steps", "-"], Some(&format!("{HARD}\n")));
    assert_eq!(o.status.code(), Some(0));
    let lines = stdout(&o);
    let (last, steps) = lines.split_last().unwrap();
    assert!(
        last.starts_with(&format!("solved in {} steps (hard: ", steps.len())),
        "{last}"
    );
    for (k, line) in steps.iter().enumerate() {
        assert!(line.starts_with(&format!("{}. ", k + 1)), "{line}");
    }
    let has = |text: &str| steps.iter().any(|l| l.contains(text));
    assert!(has(". hidden single in row "));
    assert!(has(
        ". pointing in box 9, row 9 [r9c7(9) r9c9(9)]: removes 9 from r9c1, r9c3"
    ));
    assert!(has(". claiming in row 1, box 1"));
    assert!(has(". naked pair in column 1 [r2c1(78) r9c1(78)]"));
    assert!(has(
        ". XY-wing [r7c8(38) r7c2(18) r8c7(13)]: removes 1 from r8c2"
    ));
    // The same steps as the library gives, in the same words.
    let grid = Grid::parse_line(HARD, None).unwrap();
    let mut rater = Rater::new();
    let ours = rater.steps(&grid, Grade::Expert);
    assert_eq!(ours.len(), steps.len());
    assert_eq!(
        format!("1. {}", ours[0].describe(&rater, &grid)),
        steps[0].as_str()
    );
}

#[test]
fn a_puzzle_logic_cannot_finish_says_so_and_a_clash_is_no_solution() {
    // Arto Inkala's puzzle stalls every technique; two 5s in a row are a contradiction.
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let clash = format!("55{}", ".".repeat(79));
    let o = run(
        &["solve", "--steps", "-"],
        Some(&format!("{inkala}\n{clash}\n")),
    );
    let lines = stdout(&o);
    let blocks: Vec<&[String]> = lines.split(|l| l.is_empty()).collect();
    assert_eq!(blocks.len(), 2, "{lines:?}");
    assert!(
        blocks[0].last().unwrap().contains("needs search"),
        "{lines:?}"
    );
    assert!(
        blocks[1].last().unwrap().starts_with("no solution"),
        "{lines:?}"
    );
    assert_eq!(o.status.code(), Some(1));
    // --steps and --count do not go together.
    let o = run(&["solve", "--steps", "--count", "-"], Some(""));
    assert_eq!(o.status.code(), Some(2));
}
