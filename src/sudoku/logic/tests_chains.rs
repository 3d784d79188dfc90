//! Unit tests of the uniqueness, chain, ALS and forcing finders, each on a board built so that
//! it is the next step, and their soundness against the solutions of hard puzzles.

#![allow(clippy::unwrap_used)]
use std::collections::BTreeSet;

use super::*;

/// A rater on an empty 9×9 board, every cell with every candidate, to set up by hand.
fn blank() -> Rater {
    let mut r = Rater::new();
    r.load(&Grid::empty(crate::sudoku::Notation::default()));
    r
}

fn set(values: &[u8]) -> u64 {
    values.iter().fold(0, |m, &v| m | 1 << (v - 1))
}

/// Runs a finder for every step and gathers what the steps remove.
fn removed(r: &Rater, find: Finder) -> BTreeSet<(u32, u8)> {
    let mut steps = Vec::new();
    find(r, &mut steps, usize::MAX);
    steps.iter().flat_map(|s| s.eliminations.clone()).collect()
}

#[test]
fn a_unique_rectangle_of_type_1_clears_its_fourth_corner_only_on_a_unique_puzzle() {
    let mut r = blank();
    // r1c1, r1c4, r2c1 hold only 1 and 2; r2c4 also 3 (rows 1–2, columns 1 and 4, boxes 1–2).
    for c in [0, 3, 9] {
        r.cand[c] = set(&[1, 2]);
    }
    r.cand[12] = set(&[1, 2, 3]);
    let find: Finder = |r, out, limit| r.find_unique_rectangles(out, limit);
    assert!(removed(&r, find).is_empty());
    r.assume_unique(true);
    assert_eq!(removed(&r, find), BTreeSet::from([(12, 1), (12, 2)]));
}

#[test]
fn bug_plus_one_places_the_value_with_three_places() {
    let mut r = blank();
    // Two solutions on top of each other: every cell has two candidates and every value two
    // places in each unit; r1c1 gets a third candidate, 5.
    let first = |c: usize| ((c / 9) * 3 + (c / 27) + c % 9) % 9 + 1;
    for c in 0..81 {
        let a = first(c) as u8;
        r.cand[c] = set(&[a, a % 9 + 1]);
    }
    assert_eq!(r.cand[0], set(&[1, 2]));
    r.cand[0] |= set(&[5]);
    r.assume_unique(true);
    let mut steps = Vec::new();
    r.find_bug(&mut steps, usize::MAX);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].placements, vec![(0, 5)]);
    r.assume_unique(false);
    steps.clear();
    r.find_bug(&mut steps, usize::MAX);
    assert!(steps.is_empty());
}

#[test]
fn an_xy_chain_clears_what_sees_both_ends() {
    let mut r = blank();
    r.cand[0] = set(&[1, 2]); // r1c1
    r.cand[4] = set(&[2, 3]); // r1c5
    r.cand[40] = set(&[3, 4]); // r5c5
    r.cand[44] = set(&[4, 1]); // r5c9
    let find: Finder = |r, out, limit| r.find_xy_chains(out, limit);
    // 1 is in r1c1 or r5c9: r1c9 and r5c1 lose it.
    assert_eq!(removed(&r, find), BTreeSet::from([(8, 1), (36, 1)]));
}

#[test]
fn an_alternating_chain_mixes_cells_and_conjugate_pairs() {
    let mut r = blank();
    r.cand[0] = set(&[1, 2]); // r1c1
    for row in 0..9 {
        if row != 0 && row != 4 {
            r.cand[row * 9 + 4] &= !set(&[2]); // 2 in column 5: r1c5 or r5c5
        }
    }
    for col in 0..9 {
        if col != 4 && col != 8 {
            r.cand[36 + col] &= !set(&[1]); // 1 in row 5: r5c5 or r5c9
        }
    }
    // r1c1 is 1, or it is 2, r1c5 is not, r5c5 is 2 and not 1, and r5c9 is 1.
    let find: Finder = |r, out, limit| r.find_aics(out, limit);
    assert_eq!(removed(&r, find), BTreeSet::from([(8, 1)]));
}

#[test]
fn a_nice_loop_places_a_candidate_whose_falsehood_makes_it_true() {
    let mut r = blank();
    r.cand[0] = set(&[1, 2]); // r1c1
    r.cand[4] = set(&[2, 3]); // r1c5
    r.cand[40] = set(&[1, 3]); // r5c5
    for row in 1..9 {
        if row != 4 {
            r.cand[row * 9] &= !set(&[1]); // 1 in column 1: r1c1 or r5c1
        }
    }
    let mut steps = Vec::new();
    r.find_nice_loops(&mut steps, 1);
    assert_eq!(steps[0].placements, vec![(0, 1)]);
    assert!(steps[0].eliminations.is_empty());
    assert_eq!(steps[0].links.len(), 7); // eight candidates, the first and last the same
}

#[test]
fn a_continuous_nice_loop_clears_every_link_s_unit() {
    let mut r = blank();
    r.cand[0] = set(&[1, 2]); // r1c1
    r.cand[4] = set(&[2, 3]); // r1c5
    r.cand[40] = set(&[3, 4]); // r5c5
    r.cand[36] = set(&[4, 1]); // r5c1
    // Round the loop each cell holds one of its two and passes the other on: 2 is in r1c1 or
    // r1c5, 3 in r1c5 or r5c5, 4 in r5c5 or r5c1, 1 in r5c1 or r1c1.
    let mut expected = BTreeSet::new();
    for k in [1, 2, 3, 5, 6, 7, 8] {
        expected.insert((k, 2)); // row 1
        expected.insert((k * 9 + 4, 3)); // column 5
        expected.insert((36 + k, 4)); // row 5
        expected.insert((k * 9, 1)); // column 1
    }
    let expected_rows: Vec<(u32, u8)> = expected.iter().copied().collect();
    let find: Finder = |r, out, limit| r.find_continuous_nice_loops(out, limit);
    assert_eq!(removed(&r, find), expected);
    let mut steps = Vec::new();
    r.find_continuous_nice_loops(&mut steps, 1);
    assert_eq!(steps[0].links.len(), 8);
    let mut first = steps[0].eliminations.clone();
    first.sort_unstable();
    assert_eq!(first, expected_rows);
    // No candidate of the loop is false either way, so the discontinuous loops find nothing.
    let find: Finder = |r, out, limit| r.find_nice_loops(out, limit);
    assert!(removed(&r, find).is_empty());
}

/// A blank board where 1 is left only where one of three ways of placing it (one in each row,
/// column and box) puts it, and in r2c1, where none does.
fn three_ways_to_place_one() -> Rater {
    let mut r = blank();
    let ways: [[usize; 9]; 3] = [
        [0, 3, 7, 1, 4, 6, 2, 5, 8],
        [6, 1, 4, 3, 7, 0, 2, 5, 8],
        [1, 4, 8, 0, 3, 6, 2, 5, 7],
    ];
    for c in 0..81 {
        r.cand[c] &= !set(&[1]);
    }
    for way in ways {
        for (row, &col) in way.iter().enumerate() {
            r.cand[row * 9 + col] |= set(&[1]);
        }
    }
    r.cand[9] |= set(&[1]); // r2c1
    r
}

#[test]
fn a_grouped_chain_crosses_a_box_where_a_line_meets_it() {
    let r = three_ways_to_place_one();
    // Row 1 has 1 in r1c1 or r1c2 (the group where it meets box 1) or r1c7; column 7 and row
    // 6 have it in two places each. If the group is empty, r1c7 holds 1, so r6c7 does not and
    // r6c1 does: 1 is in the group or in r6c1, and r2c1 sees them all.
    let find: Finder = |r, out, limit| r.find_grouped_aics(out, limit);
    assert_eq!(removed(&r, find), BTreeSet::from([(9, 1)]));
    let mut steps = Vec::new();
    r.find_grouped_aics(&mut steps, 1);
    assert_eq!(steps[0].technique, Technique::GroupedAic);
    // Without the group, no chain reaches it.
    for find in [
        (|r, out, limit| r.find_aics(out, limit)) as Finder,
        |r, out, limit| r.find_nice_loops(out, limit),
        |r, out, limit| r.find_continuous_nice_loops(out, limit),
    ] {
        assert!(removed(&r, find).is_empty());
    }
}

#[test]
fn a_grouped_nice_loop_comes_back_through_a_box_where_a_line_meets_it() {
    let mut r = three_ways_to_place_one();
    r.cand[9] = set(&[1, 2]); // r2c1
    // If r2c1 is 1, the group r1c1–r1c2 is empty, r1c7 is 1, r6c7 is not, r6c1 is, and r2c1
    // is not: 1 goes. If r2c1 is not 2, it is 1, and round the loop it is not: 2 is placed.
    let mut steps = Vec::new();
    r.find_grouped_nice_loops(&mut steps, usize::MAX);
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].eliminations, vec![(9, 1)]);
    assert_eq!(steps[0].links.len(), 5);
    assert!(steps[0].marks.contains(&(1, 1, Role::Colour(true)))); // r1c2, in the group
    assert_eq!(steps[1].placements, vec![(9, 2)]);
    let find: Finder = |r, out, limit| r.find_nice_loops(out, limit);
    assert!(removed(&r, find).is_empty());
}

#[test]
fn a_doubly_linked_als_xz_locks_both_sets() {
    let mut r = blank();
    r.cand[0] = set(&[1, 4]); // A: r1c1 and r2c1
    r.cand[9] = set(&[2, 4]);
    r.cand[4] = set(&[1, 5]); // B: r1c5 and r2c5
    r.cand[13] = set(&[2, 5]);
    // 1 and 2 each tie A to B (through rows 1 and 2): A holds 4 and B holds 5, and one of
    // each row's two 1s and 2s is true.
    let mut expected = BTreeSet::new();
    for row in 2..9 {
        expected.insert((row * 9, 4)); // column 1
        expected.insert((row * 9 + 4, 5)); // column 5
    }
    for c in [1, 2, 10, 11, 19, 20] {
        expected.insert((c, 4)); // box 1
    }
    for c in [3, 5, 12, 14, 21, 22, 23] {
        expected.insert((c, 5)); // box 2
    }
    for col in [1, 2, 3, 5, 6, 7, 8] {
        expected.insert((col, 1)); // row 1
        expected.insert((9 + col, 2)); // row 2
    }
    let find: Finder = |r, out, limit| r.find_als_xz(out, limit, true);
    assert_eq!(removed(&r, find), expected);
    let find: Finder = |r, out, limit| r.find_als_xz(out, limit, false);
    assert!(removed(&r, find).is_empty());
}

#[test]
fn als_xz_clears_the_other_common_value() {
    let mut r = blank();
    r.cand[36] = set(&[1, 2]); // A: r5c1
    r.cand[40] = set(&[2, 3]); // B: r5c5 and r6c5
    r.cand[49] = set(&[3, 1]);
    let find: Finder = |r, out, limit| r.find_als_xz(out, limit, false);
    // 2 ties A to B; 1 is in A or in B: cells seeing r5c1 and r6c5 lose it.
    let cells: [u32; 5] = [39, 41, 45, 46, 47];
    assert_eq!(removed(&r, find), BTreeSet::from(cells.map(|c| (c, 1))));
}

#[test]
fn an_als_xy_wing_clears_what_sees_both_ends() {
    let mut r = blank();
    r.cand[0] = set(&[1, 2]); // C: r1c1
    r.cand[4] = set(&[1, 3]); // A: r1c5, tied to C by 1
    r.cand[36] = set(&[2, 3]); // B: r5c1, tied to C by 2
    let find: Finder = |r, out, limit| r.find_als_xy_wings(out, limit);
    assert_eq!(removed(&r, find), BTreeSet::from([(40, 3)]));
}

#[test]
fn a_forcing_chain_removes_what_breaks_the_board() {
    let mut r = blank();
    r.cand[0] = set(&[1, 2]); // r1c1
    r.cand[1] = set(&[1, 3]); // r1c2
    r.cand[9] = set(&[2, 3]); // r2c1
    // 3 elsewhere in box 1 would leave r1c2 with 1, r1c1 with 2 and r2c1 with nothing; so
    // would 1 or 2 there, 1 elsewhere in row 1 (r1c1 2, r2c1 3, r1c2 nothing) and 2 elsewhere
    // in column 1 (r1c1 1, r1c2 3, r2c1 nothing).
    let find: Finder = |r, out, limit| r.find_forcing(out, limit, false);
    let mut expected = BTreeSet::new();
    for c in [2, 10, 11, 18, 19, 20] {
        expected.extend([(c, 1), (c, 2), (c, 3)]);
    }
    expected.extend((3..9).map(|c| (c, 1)));
    expected.extend((3..9).map(|r| (r * 9, 2)));
    assert_eq!(removed(&r, find), expected);
}

/// Every step of these finders, on every state the rater goes through on hard puzzles, keeps
/// the solution's values.
#[test]
fn the_finders_never_remove_a_solution_value() {
    let hardest = include_str!("../../../tests/data/hardest_sample.txt");
    let clue17 = include_str!("../../../tests/data/17clue_sample.txt");
    let finders: [(Technique, Finder); 13] = [
        (Technique::UniqueRectangle, |r, o, l| {
            r.find_unique_rectangles(o, l);
        }),
        (Technique::BugPlusOne, |r, o, l| r.find_bug(o, l)),
        (Technique::XyChain, |r, o, l| r.find_xy_chains(o, l)),
        (Technique::NiceLoop, |r, o, l| r.find_nice_loops(o, l)),
        (Technique::ContinuousNiceLoop, |r, o, l| {
            r.find_continuous_nice_loops(o, l);
        }),
        (Technique::Aic, |r, o, l| r.find_aics(o, l)),
        (Technique::GroupedNiceLoop, |r, o, l| {
            r.find_grouped_nice_loops(o, l);
        }),
        (Technique::GroupedAic, |r, o, l| r.find_grouped_aics(o, l)),
        (Technique::AlsXz, |r, o, l| r.find_als_xz(o, l, false)),
        (Technique::DoublyLinkedAlsXz, |r, o, l| {
            r.find_als_xz(o, l, true);
        }),
        (Technique::AlsXyWing, |r, o, l| r.find_als_xy_wings(o, l)),
        (Technique::ForcingChain, |r, o, l| {
            r.find_forcing(o, l, false);
        }),
        (Technique::ForcingNet, |r, o, l| r.find_forcing(o, l, true)),
    ];
    let lines = hardest
        .lines()
        .chain(clue17.lines().step_by(10))
        .filter(|l| l.len() == 81);
    let mut rater = Rater::new();
    rater.assume_unique(true);
    let mut checked = 0;
    for line in lines {
        let grid = Grid::parse_line(line, None).unwrap();
        let solution = grid.solution().unwrap();
        let answer = solution.values();
        rater.load(&grid);
        for _ in 0..200 {
            for (technique, find) in finders {
                let mut steps = Vec::new();
                find(&rater, &mut steps, usize::MAX);
                for step in &steps {
                    checked += 1;
                    for &(c, v) in &step.eliminations {
                        assert_ne!(answer[c as usize], v, "{technique} {line}: {step:?}");
                    }
                    for &(c, v) in &step.placements {
                        assert_eq!(answer[c as usize], v, "{technique} {line}: {step:?}");
                    }
                }
            }
            if rater.step(Grade::Hard) != Progress::Some {
                break;
            }
        }
        assert!(!rater.contradiction, "{line}");
    }
    assert!(checked > 100, "{checked} steps checked");
}
