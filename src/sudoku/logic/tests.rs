//! The rater's unit tests: each technique on a board built for it, grades, contradictions.

#![allow(clippy::unwrap_used)]
use super::*;

fn rate(line: &str) -> Rating {
    Rater::new().rate(&Grid::parse_line(line, None).unwrap())
}

#[test]
fn an_easy_puzzle_needs_only_singles_and_logic_finds_its_solution() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let grid = Grid::parse_line(line, None).unwrap();
    let mut rater = Rater::new();
    let r = rater.rate(&grid);
    assert_eq!(r.grade, Grade::Easy);
    assert!(r.solved && !r.contradiction && r.left == 0);
    assert!(r.hardest().unwrap() <= Technique::NakedSingle);
    let solved = Grid::from_values(grid.notation().clone(), rater.values().to_vec()).unwrap();
    assert_eq!(Some(solved), grid.solution());
}

#[test]
fn the_hardest_puzzles_need_search() {
    // Arto Inkala's "world's hardest sudoku" (2012) and AI Escargot stall every technique here.
    for line in [
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ] {
        let r = rate(line);
        assert_eq!(r.grade, Grade::Expert, "{line}");
        assert!(!r.solved && r.left > 0);
    }
}

/// Runs one technique over the whole board, as the rater does.
fn run(r: &mut Rater, technique: Technique) -> Progress {
    let kind = Rater::kinds()
        .into_iter()
        .find(|(t, _)| *t == technique)
        .map(|(_, k)| k)
        .unwrap();
    let mut out = Vec::new();
    match kind {
        Kind::Find(find) | Kind::Both(_, find) => find(r, &mut out, usize::MAX),
        Kind::Apply(apply) => return apply(r),
    }
    r.apply_steps(&out)
}

/// A rater on an empty 9×9 board, every cell with every candidate, to set up by hand.
fn blank() -> Rater {
    let mut r = Rater::new();
    r.load(&Grid::empty(crate::sudoku::Notation::default()));
    r
}

const fn bits(values: &[u8]) -> u64 {
    let mut m = 0;
    let mut i = 0;
    while i < values.len() {
        m |= 1 << (values[i] - 1);
        i += 1;
    }
    m
}

#[test]
fn locked_candidates_clear_the_rest_of_the_line() {
    let mut r = blank();
    // In box 1, 1 can only go in its first row.
    for c in [9, 10, 11, 18, 19, 20] {
        r.cand[c] &= !bits(&[1]);
    }
    assert_eq!(run(&mut r, Technique::Pointing), Progress::Some);
    assert_eq!(r.cand[3] & bits(&[1]), 0);
    assert_eq!(r.cand[8] & bits(&[1]), 0);
    assert_ne!(r.cand[0] & bits(&[1]), 0);
    assert_ne!(r.cand[27] & bits(&[1]), 0);
}

#[test]
fn a_naked_pair_clears_its_values_from_the_unit() {
    let mut r = blank();
    r.cand[0] = bits(&[1, 2]);
    r.cand[4] = bits(&[1, 2]);
    assert_eq!(run(&mut r, Technique::NakedPair), Progress::Some);
    assert_eq!(r.cand[8], bits(&[3, 4, 5, 6, 7, 8, 9]));
    assert_eq!(r.cand[0], bits(&[1, 2]));
    assert_eq!(r.cand[9], r.all); // another row: untouched
}

#[test]
fn a_hidden_pair_clears_the_other_candidates_of_its_cells() {
    let mut r = blank();
    for c in 2..9 {
        r.cand[c] &= !bits(&[1, 2]);
    }
    assert_eq!(run(&mut r, Technique::HiddenPair), Progress::Some);
    assert_eq!((r.cand[0], r.cand[1]), (bits(&[1, 2]), bits(&[1, 2])));
}

#[test]
fn a_naked_triple_clears_its_values_from_the_unit() {
    let mut r = blank();
    r.cand[0] = bits(&[1, 2]);
    r.cand[4] = bits(&[2, 3]);
    r.cand[7] = bits(&[1, 3]);
    assert_eq!(run(&mut r, Technique::NakedPair), Progress::None);
    assert_eq!(run(&mut r, Technique::NakedTriple), Progress::Some);
    assert_eq!(r.cand[8], bits(&[4, 5, 6, 7, 8, 9]));
}

#[test]
fn an_x_wing_clears_its_columns() {
    let mut r = blank();
    // 1 can go only in columns 1 and 5 of rows 1 and 5.
    for row in [0, 4] {
        for col in 0..9 {
            if col != 0 && col != 4 {
                r.cand[row * 9 + col] &= !bits(&[1]);
            }
        }
    }
    assert_eq!(run(&mut r, Technique::XWing), Progress::Some);
    assert_eq!(r.cand[9] & bits(&[1]), 0); // r2c1
    assert_eq!(r.cand[8 * 9 + 4] & bits(&[1]), 0); // r9c5
    assert_ne!(r.cand[0] & bits(&[1]), 0);
    assert_ne!(r.cand[4 * 9 + 4] & bits(&[1]), 0);
    assert_ne!(r.cand[10] & bits(&[1]), 0); // r2c2: another column
}

#[test]
fn an_xy_wing_clears_what_both_pincers_see() {
    let mut r = blank();
    r.cand[0] = bits(&[1, 2]); // pivot r1c1
    r.cand[5] = bits(&[1, 3]); // pincer r1c6
    r.cand[45] = bits(&[2, 3]); // pincer r6c1
    let mut steps = Vec::new();
    r.find_xy_wings(&mut steps, 1);
    assert_eq!(steps.len(), 1);
    let step = &steps[0];
    assert!(step.eliminations.contains(&(50, 3))); // r6c6 sees both pincers
    assert!(!step.eliminations.contains(&(51, 3))); // r6c7 sees only one
    assert_eq!(step.cells(), vec![0, 5, 45]);
    // Applied, the step removes the 3 and nothing else.
    assert_eq!(r.apply_steps(&steps), Progress::Some);
    assert_eq!(r.cand[50] & bits(&[3]), 0);
    assert_ne!(r.cand[51] & bits(&[3]), 0);
}

#[test]
fn grades_follow_the_hardest_technique() {
    // A puzzle that singles do not finish but the rest of the techniques do, found with
    // `sudoku-dlx rate` on the 17-clue set; and one rated easy.
    let mut rater = Rater::new();
    let easy = Grid::parse_line(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        None,
    )
    .unwrap();
    assert_eq!(rater.rate_up_to(&easy, Grade::Easy).grade, Grade::Easy);
}

#[test]
fn a_clash_or_a_dead_end_is_a_contradiction() {
    let mut line = ".".repeat(81);
    line.replace_range(0..2, "55");
    assert!(rate(&line).contradiction);
    // r1 holds 1-8 and r2c9 holds 9: r1c9 has no candidate left.
    let line = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let r = rate(&line);
    assert!(r.contradiction && !r.solved);
}

#[test]
fn grades_parse_and_order() {
    assert_eq!(Grade::parse("Hard"), Some(Grade::Hard));
    assert_eq!(Grade::parse("extreme"), None);
    assert!(Grade::Easy < Grade::Expert);
    assert_eq!(Technique::XWing.grade(), Grade::Hard);
    assert_eq!(Technique::NakedPair.grade(), Grade::Medium);
}

#[test]
fn every_technique_has_its_code_in_the_order_the_grades_go() {
    let kinds: Vec<Technique> = Rater::kinds().iter().map(|&(t, _)| t).collect();
    assert_eq!(kinds, Technique::ALL.to_vec());
    // Easiest first: the rater stops at the first technique above the grade asked for.
    assert!(kinds.windows(2).all(|w| w[0].grade() <= w[1].grade()));
}

#[test]
fn pointing_and_claiming_are_named_apart_with_their_units() {
    let mut r = blank();
    // Box 1's 1s lie on row 1: pointing clears the rest of row 1.
    for c in [9, 10, 11, 18, 19, 20] {
        r.cand[c] &= !bits(&[1]);
    }
    let step = r.first_step(Grade::Hard).unwrap();
    assert_eq!(step.technique, Technique::Pointing);
    assert_eq!(step.units, vec![18, 0], "box 1, then row 1");
    assert_eq!(
        step.eliminations,
        (3..9).map(|c| (c, 1)).collect::<Vec<_>>()
    );
    assert_eq!(r.unit_name(18), "box 1");
    // Row 9's 2s lie in box 9: claiming clears the rest of box 9.
    let mut r = blank();
    for c in 72..78 {
        r.cand[c] &= !bits(&[2]);
    }
    let step = r.first_step(Grade::Hard).unwrap();
    assert_eq!(step.technique, Technique::Claiming);
    assert_eq!(r.unit_name(step.units[0]), "row 9");
    assert_eq!(r.unit_name(step.units[1]), "box 9");
    assert_eq!(
        step.eliminations,
        vec![(60, 2), (61, 2), (62, 2), (69, 2), (70, 2), (71, 2)]
    );
}

#[test]
fn quads_and_the_jellyfish_are_found_when_nothing_smaller_is() {
    // A naked quad in row 1: four cells holding only 1 to 4 between them, no pair or triple.
    let mut r = blank();
    r.cand[0] = bits(&[1, 2]);
    r.cand[2] = bits(&[2, 3]);
    r.cand[4] = bits(&[3, 4]);
    r.cand[6] = bits(&[4, 1]);
    let step = r.first_step(Grade::Expert).unwrap();
    assert_eq!(step.technique, Technique::NakedQuad);
    assert_eq!(step.cells(), vec![0, 2, 4, 6]);
    assert_eq!(
        step.eliminations.len(),
        5 * 4,
        "1 to 4 from the row's other five cells"
    );
    // A hidden quad: 1 to 4 only in four cells of row 1.
    let mut r = blank();
    for c in [1, 3, 5, 7, 8] {
        r.cand[c] &= !bits(&[1, 2, 3, 4]);
    }
    let step = r.first_step(Grade::Expert).unwrap();
    assert_eq!(step.technique, Technique::HiddenQuad);
    assert_eq!(step.cells(), vec![0, 2, 4, 6]);
    assert!(
        step.eliminations
            .iter()
            .all(|e| e.1 > 4 && [0, 2, 4, 6].contains(&e.0))
    );
    // A jellyfish: 5's places in rows 1, 3, 5 and 7 all in columns 1, 3, 5 and 7.
    let mut r = blank();
    for row in [0, 2, 4, 6] {
        for col in [1, 3, 5, 7, 8] {
            r.cand[row * 9 + col] &= !bits(&[5]);
        }
    }
    let mut steps = Vec::new();
    r.find_fish(4, &mut steps, usize::MAX);
    let rows_first = steps.iter().find(|s| s.units[..4] == [0, 2, 4, 6]).unwrap();
    assert_eq!(rows_first.technique, Technique::Jellyfish);
    assert!(rows_first.eliminations.contains(&(9, 5)), "r2c1");
    assert!(
        !rows_first.eliminations.contains(&(10, 5)),
        "r2c2: another column"
    );
}

#[test]
fn steps_one_at_a_time_reach_the_solution_and_describe_themselves() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let grid = Grid::parse_line(line, None).unwrap();
    let mut rater = Rater::new();
    let steps = rater.steps(&grid, Grade::Expert);
    assert_eq!(steps.len(), line.matches('.').count(), "one single a step");
    let solved = Grid::from_values(grid.notation().clone(), rater.values().to_vec()).unwrap();
    assert_eq!(Some(solved), grid.solution());
    let first = rater.next_step(&grid, Grade::Expert).unwrap();
    assert_eq!(first, steps[0]);
    let words = first.describe(&rater, &grid);
    assert!(words.starts_with("hidden single in "), "{words}");
    assert!(words.contains(" fits only at "), "{words}");
}

#[test]
fn every_step_on_hard_puzzles_agrees_with_the_solution() {
    let sample = include_str!("../../../tests/data/hardest_sample.txt")
        .lines()
        .take(20)
        .chain(
            include_str!("../../../tests/data/17clue_sample.txt")
                .lines()
                .take(30),
        );
    let mut rater = Rater::new();
    let mut steps_seen = 0;
    for line in sample {
        let grid = Grid::parse_line(line, None).unwrap();
        let solution = grid.solution().unwrap();
        for step in rater.steps(&grid, Grade::Expert) {
            steps_seen += 1;
            for &(c, v) in &step.placements {
                assert_eq!(solution.get(c as usize), v, "{line}: {step:?}");
            }
            for &(c, v) in &step.eliminations {
                assert_ne!(solution.get(c as usize), v, "{line}: {step:?}");
            }
        }
    }
    assert!(steps_seen > 1000, "{steps_seen} steps");
}

#[test]
fn a_step_limited_in_time_gives_up_on_an_open_board_and_says_so() {
    let grid = Grid::parse_line(&".".repeat(256), None).unwrap();
    let mut r = Rater::new();
    r.limit_each_step(Some(std::time::Duration::from_millis(1)));
    assert_eq!(r.next_step(&grid, Grade::Expert), None);
    assert!(r.ran_out());
    // A step found in time is the same as without a limit, and does not run out.
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let grid = Grid::parse_line(line, None).unwrap();
    r.limit_each_step(Some(std::time::Duration::from_secs(10)));
    let limited = r.next_step(&grid, Grade::Expert);
    assert!(!r.ran_out());
    r.limit_each_step(None);
    assert_eq!(limited, r.next_step(&grid, Grade::Expert));
}
