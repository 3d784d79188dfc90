//! Tests of the killer finders (innies and outies of units and of unions of units, the
//! innie-outie difference, the cage-unit overlaps) on real killers, against the solution.

#![allow(clippy::unwrap_used)]

use crate::sudoku::files::formats;
use crate::sudoku::logic::{Finder, Grade, Progress, Rater, Step, Technique};

/// The killer finders, in the rater's order, with their techniques.
const FINDERS: [(Technique, Finder); 7] = [
    (Technique::CageUnitOverlap, Rater::find_cage_unit_overlaps),
    (Technique::UnitCageOverlap, Rater::find_unit_cage_overlaps),
    (Technique::Innies, |r, o, l| r.find_unit_sums(false, o, l)),
    (Technique::Outies, |r, o, l| r.find_unit_sums(true, o, l)),
    (Technique::InniesOverUnits, |r, o, l| {
        r.find_union_sums(false, o, l);
    }),
    (Technique::OutiesOverUnits, |r, o, l| {
        r.find_union_sums(true, o, l);
    }),
    (
        Technique::InnieOutieDifference,
        Rater::find_innie_outie_differences,
    ),
];

/// Every killer of the library and of the test data: 9×9 (plain, X, a few that need the
/// killer techniques), 16×16, a 4×4 shape, a jigsaw and 6×6.
const KILLERS: [&str; 9] = [
    include_str!("../../../../assets/puzzles/library/9x9-killer-easy.toml"),
    include_str!("../../../../assets/puzzles/library/9x9-killer-medium.toml"),
    include_str!("../../../../assets/puzzles/library/9x9-killer-x-medium.toml"),
    include_str!("../../../../assets/puzzles/library/16x16-killer-easy.toml"),
    include_str!("../../../../assets/puzzles/library/killer-4x4.toml"),
    include_str!("../../../../tests/data/variants/killer-sumocue.txt"),
    include_str!("../../../../tests/data/variants/killer-expert.txt"),
    include_str!("../../../../tests/data/variants/killer-jigsaw.toml"),
    include_str!("../../../../tests/data/variants/killer-6x6.toml"),
];

/// From each killer and from its empty board (its cages alone, whose solutions include the
/// killer's), step by step: every killer finder's every step agrees with the killer's solution.
/// The board moves on by the techniques up to hard, then by the first killer finder that
/// finds something, so the killer finders see boards they alone move on. Returns how often
/// each technique was found.
#[test]
fn every_killer_step_agrees_with_the_solution() {
    let mut rater = Rater::new();
    let mut found = [0usize; FINDERS.len()];
    for text in KILLERS {
        let (_, entries) = formats::read(text, None, None).unwrap();
        for entry in entries {
            let grid = entry.puzzle;
            let solution = grid.solution().unwrap();
            let empty = grid.with_values(vec![0; grid.values().len()]).unwrap();
            for board in [&grid, &empty] {
                rater.load(board);
                loop {
                    let mut first: Option<Vec<Step>> = None;
                    for (k, (technique, finder)) in FINDERS.iter().enumerate() {
                        let mut steps = Vec::new();
                        finder(&rater, &mut steps, usize::MAX);
                        for step in &steps {
                            assert_eq!(step.technique, *technique);
                            assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
                            for &(c, v) in &step.placements {
                                assert_eq!(solution.get(c as usize), v, "{step:?}");
                            }
                            for &(c, v) in &step.eliminations {
                                assert_ne!(solution.get(c as usize), v, "{step:?}");
                            }
                        }
                        found[k] += steps.len();
                        if first.is_none() && !steps.is_empty() {
                            first = Some(steps);
                        }
                    }
                    match rater.step(Grade::Hard) {
                        Progress::Some => continue,
                        Progress::Contradiction => panic!("a contradiction on {board:?}"),
                        Progress::None => {}
                    }
                    let Some(steps) = first else {
                        break;
                    };
                    assert_eq!(rater.apply_steps(&steps), Progress::Some, "{steps:?}");
                }
            }
        }
    }
    for (k, (technique, _)) in FINDERS.iter().enumerate() {
        assert!(found[k] >= 5, "{technique}: {found:?}");
    }
}

/// A 9×9 killer board with only the cages given (its other cells free), loaded.
fn killer(cages: &[(u32, &str)]) -> Rater {
    let cages: Vec<String> = cages
        .iter()
        .map(|(sum, cells)| format!("{{ sum = {sum}, cells = \"{cells}\" }}"))
        .collect();
    let text = format!(
        "[[puzzle]]\nvariant = \"killer\"\nbox = \"3x3\"\ngivens = [{}]\ncages = [{}]\n",
        ["\".........\""; 9].join(", "),
        cages.join(", ")
    );
    let (_, entries) = formats::read(&text, None, None).unwrap();
    let mut r = Rater::new();
    r.load(&entries[0].puzzle);
    r
}

fn find(r: &Rater, technique: Technique) -> Vec<Step> {
    let (_, finder) = FINDERS.iter().find(|(t, _)| *t == technique).unwrap();
    let mut out = Vec::new();
    finder(r, &mut out, usize::MAX);
    out
}

/// `(cell, value)` for each value of `values` in each cell of `cells`, sorted.
fn pairs(cells: &[u32], values: impl IntoIterator<Item = u8>) -> Vec<(u32, u8)> {
    let values: Vec<u8> = values.into_iter().collect();
    let mut all: Vec<(u32, u8)> = cells
        .iter()
        .flat_map(|&c| values.iter().map(move |&v| (c, v)))
        .collect();
    all.sort_unstable();
    all
}

fn gone(step: &Step) -> Vec<(u32, u8)> {
    let mut e = step.eliminations.clone();
    e.sort_unstable();
    e
}

#[test]
fn a_cage_s_required_digit_in_one_unit_leaves_the_rest_of_it() {
    // 7 in r1c1, r1c2, r2c1 is 1 + 2 + 4. The 4 cannot be in r2c1: its places, r1c1 and r1c2,
    // lie in row 1 and box 1, so 4 leaves both; 1 and 2, anywhere in the cage, leave box 1.
    let mut r = killer(&[(7, "r1c1 r1c2 r2c1")]);
    r.cand[9] &= !(1 << 3);
    let steps = find(&r, Technique::CageUnitOverlap);
    let box1_rest = [2, 10, 11, 18, 19, 20];
    let mut seen: Vec<(u32, Vec<(u32, u8)>)> =
        steps.iter().map(|s| (s.units[0], gone(s))).collect();
    seen.sort();
    assert_eq!(
        seen,
        vec![
            (0, pairs(&[2, 3, 4, 5, 6, 7, 8], [4])),
            (18, pairs(&box1_rest, [1])),
            (18, pairs(&box1_rest, [2])),
            (18, pairs(&box1_rest, [4])),
        ]
    );
    assert_eq!(r.unit_name(18), "box 1");
}

#[test]
fn a_unit_s_places_for_a_digit_in_one_cage_put_it_there() {
    // Row 1's 9 can only go in r1c1 or r1c2, both in the 12-cage r1c1 r1c2 r2c1: the cage
    // holds a 9, so it is 1 + 2 + 9; r2c1, outside row 1, is not the 9.
    let mut r = killer(&[(12, "r1c1 r1c2 r2c1")]);
    for c in 2..9 {
        r.cand[c] &= !(1 << 8);
    }
    let steps = find(&r, Technique::UnitCageOverlap);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].units, vec![0]);
    let mut expected = pairs(&[0, 1, 9], 3..=8);
    expected.push((9, 9));
    expected.sort_unstable();
    assert_eq!(gone(&steps[0]), expected);
}

#[test]
fn innies_of_two_rows_may_repeat_a_digit() {
    // Rows 2 and 3 (90) hold four 18-cages; the innies r2c1 and r3c9, which do not see each
    // other, make the other 18: both are 9 (as distinct digits nothing would make 18).
    let r = killer(&[
        (10, "r1c1 r2c1"),
        (18, "r2c2 r2c3 r3c1 r3c2"),
        (18, "r2c4 r2c5 r3c3 r3c4"),
        (18, "r2c6 r2c7 r3c5 r3c6"),
        (18, "r2c8 r2c9 r3c7 r3c8"),
        (12, "r3c9 r4c9"),
    ]);
    let steps = find(&r, Technique::InniesOverUnits);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].units, vec![1, 2]);
    assert_eq!(gone(&steps[0]), pairs(&[9, 26], 1..=8));
    // One row at a time has too many innies to count.
    assert!(find(&r, Technique::Innies).is_empty());
}

#[test]
fn outies_of_two_boxes_add_up_to_the_cages_less_90() {
    // Boxes 1 and 2 are covered by cages; two stick out, by r4c1 and r5c1 (which see each
    // other) and by r1c7 (which sees neither). The cages add up to 94: the outies make 4, so
    // r4c1 and r5c1 are 1 and 2, and r1c7 is 1.
    let r = killer(&[
        (15, "r1c1 r1c2 r2c1"),
        (15, "r1c3 r1c4 r1c5"),
        (15, "r2c2 r2c3 r2c4"),
        (10, "r2c5 r2c6"),
        (15, "r3c2 r3c3 r3c4"),
        (10, "r3c5 r3c6"),
        (9, "r3c1 r4c1 r5c1"),
        (5, "r1c6 r1c7"),
    ]);
    let steps = find(&r, Technique::OutiesOverUnits);
    let union = steps.iter().find(|s| s.units == [18, 19]).unwrap();
    let mut expected = pairs(&[27, 36], 3..=9);
    expected.extend(pairs(&[6], 2..=9));
    expected.sort_unstable();
    assert_eq!(gone(union), expected);
}

#[test]
fn an_innie_and_an_outie_differ_by_what_the_cages_say() {
    // Row 1: the cages 14, 16 and 22 count it all but r1c1 (in a cage running down column
    // 1), and r2c9 besides: r2c9 − r1c1 = 14 + 16 + 22 − 45 = 7, so r1c1 is 1 or 2 and r2c9
    // is 8 or 9.
    let r = killer(&[
        (15, "r1c1 r2c1 r3c1"),
        (14, "r1c2 r1c3 r1c4"),
        (16, "r1c5 r1c6 r1c7"),
        (22, "r1c8 r1c9 r2c9"),
    ]);
    let steps = find(&r, Technique::InnieOutieDifference);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].units, vec![0]);
    let mut expected = pairs(&[0], 3..=9);
    expected.extend(pairs(&[17], 1..=7));
    expected.sort_unstable();
    assert_eq!(gone(&steps[0]), expected);
}

#[test]
fn the_unions_read_are_neighbours() {
    // 9×9: two or three consecutive rows (15) and columns (15), and two boxes of a band or
    // stack (18); a band's three boxes are its three rows.
    let r = killer(&[(3, "r1c1 r1c2")]);
    let unions = r.unions();
    assert_eq!(unions.len(), 48);
    assert!(unions.iter().any(|(u, _)| *u == [18, 20]), "boxes 1 and 3");
    assert!(!unions.iter().any(|(u, _)| *u == [18, 22]), "boxes 1 and 5");
    // A jigsaw's regions go together when they touch.
    let (_, entries) = formats::read(KILLERS[7], None, None).unwrap();
    let mut r = Rater::new();
    r.load(&entries[0].puzzle);
    let unions = r.unions();
    let regions: Vec<&Vec<u32>> = unions
        .iter()
        .map(|(u, _)| u)
        .filter(|u| u[0] >= 18)
        .collect();
    assert!(!regions.is_empty());
    for units in regions {
        let touch = |a: u32, b: u32| {
            r.units[a as usize].iter().any(|&x| {
                r.units[b as usize]
                    .iter()
                    .any(|&y| x.abs_diff(y) == 9 || (x.abs_diff(y) == 1 && x / 9 == y / 9))
            })
        };
        assert!(
            units
                .iter()
                .all(|&a| units.iter().any(|&b| b != a && touch(a, b)))
        );
    }
}

#[test]
fn a_quiet_cage_is_read_again_once_its_cells_change() {
    // 10 in r1c1, r1c2 is 1 + 9, 2 + 8, 3 + 7 or 4 + 6: every digit but 5 fits, and 5 goes.
    let mut r = killer(&[(10, "r1c1 r1c2")]);
    assert_eq!(r.cage_combinations(), Progress::Some);
    assert_eq!(r.cand[0], 0b1_1110_1111);
    // Nothing more, so the cage is noted as quiet, and found so again while nothing changes.
    assert_eq!(r.cage_combinations(), Progress::None);
    assert_eq!(r.cage_combinations(), Progress::None);
    // Without 1 and 9 in r1c1, 1 + 9 no longer fits; r1c2 loses them too.
    r.cand[0] &= !(1 | 1 << 8);
    assert_eq!(r.cage_combinations(), Progress::Some);
    assert_eq!(r.cand[1], 0b0_1110_1110);
    // A digit placed in the cage counts as a change too: 3 in r1c1 puts 7 in r1c2.
    assert_eq!(r.cage_combinations(), Progress::None);
    r.place(0, 3);
    assert_eq!(r.cage_combinations(), Progress::Some);
    assert_eq!(r.values[1], 7);
}
