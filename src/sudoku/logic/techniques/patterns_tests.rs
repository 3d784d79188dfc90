//! Tests of the pattern finders (finned fish, single-digit patterns, colouring, X-chains, the
//! XYZ- and W-wing): each on a board built for it, and all of them, on real puzzles, against
//! the solution.

#![allow(clippy::unwrap_used)]

use crate::sudoku::board::grid::Grid;
use crate::sudoku::logic::{Finder, Grade, Progress, Rater, Role, Step};

/// A rater on an empty 9×9 board, every cell with every candidate, to set up by hand.
fn blank() -> Rater {
    let mut r = Rater::new();
    r.load(&Grid::empty(crate::sudoku::Notation::default()));
    r
}

/// Removes `value` from every cell of `cells`.
fn remove(r: &mut Rater, value: u8, cells: impl IntoIterator<Item = usize>) {
    for c in cells {
        r.cand[c] &= !(1 << (value - 1));
    }
}

/// Leaves `value` in row `row` only at the columns `keep`.
fn row_only(r: &mut Rater, value: u8, row: usize, keep: &[usize]) {
    remove(
        r,
        value,
        (0..9).filter(|c| !keep.contains(c)).map(|c| row * 9 + c),
    );
}

/// Leaves `value` in column `col` only at the rows `keep`.
fn col_only(r: &mut Rater, value: u8, col: usize, keep: &[usize]) {
    remove(
        r,
        value,
        (0..9).filter(|x| !keep.contains(x)).map(|x| x * 9 + col),
    );
}

fn find(r: &Rater, finder: Finder) -> Vec<Step> {
    let mut out = Vec::new();
    finder(r, &mut out, usize::MAX);
    out
}

fn gone(step: &Step) -> Vec<(u32, u8)> {
    let mut e = step.eliminations.clone();
    e.sort_unstable();
    e
}

#[test]
fn a_finned_x_wing_clears_the_cover_in_the_fins_box() {
    let mut r = blank();
    row_only(&mut r, 1, 0, &[0, 1, 4]); // fin at r1c2
    row_only(&mut r, 1, 4, &[0, 4]);
    let steps = find(&r, |r, out, limit| r.find_finned_fish(2, false, out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(9, 1), (18, 1)]); // r2c1, r3c1
    assert!(steps[0].marks.contains(&(1, 1, Role::Fin)));
    assert!(find(&r, |r, out, limit| r.find_finned_fish(2, true, out, limit)).is_empty());
}

#[test]
fn a_sashimi_x_wing_misses_a_corner() {
    let mut r = blank();
    row_only(&mut r, 1, 0, &[1, 4]);
    row_only(&mut r, 1, 4, &[0, 4]);
    let steps = find(&r, |r, out, limit| r.find_finned_fish(2, true, out, limit));
    let mut all: Vec<Vec<(u32, u8)>> = steps.iter().map(gone).collect();
    all.sort();
    // Columns 1 and 5 with the fin r1c2, and columns 2 and 5 with the fin r5c1.
    assert_eq!(all, vec![vec![(9, 1), (18, 1)], vec![(28, 1), (46, 1)]]);
}

#[test]
fn a_finned_swordfish_and_jellyfish_clear_the_cover_in_the_fins_box() {
    let mut r = blank();
    row_only(&mut r, 1, 0, &[0, 1, 3]);
    row_only(&mut r, 1, 3, &[3, 6]);
    row_only(&mut r, 1, 6, &[0, 6]);
    let steps = find(&r, |r, out, limit| r.find_finned_fish(3, false, out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(9, 1), (18, 1)]);
    assert_eq!(steps[0].units, vec![0, 3, 6, 9, 12, 15]);

    let mut r = blank();
    row_only(&mut r, 1, 0, &[0, 1, 3]);
    row_only(&mut r, 1, 3, &[3, 5]);
    row_only(&mut r, 1, 5, &[5, 7]);
    row_only(&mut r, 1, 7, &[7, 0]);
    let steps = find(&r, |r, out, limit| r.find_finned_fish(4, false, out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(9, 1), (18, 1)]);
}

#[test]
fn a_skyscraper_clears_what_both_tops_see() {
    let mut r = blank();
    row_only(&mut r, 1, 0, &[0, 3]);
    row_only(&mut r, 1, 4, &[0, 5]);
    let steps = find(&r, |r, out, limit| r.find_turbots(false, out, limit));
    assert_eq!(steps.len(), 1);
    // r2c6, r3c6, r4c4, r6c4.
    assert_eq!(gone(&steps[0]), vec![(14, 1), (23, 1), (30, 1), (48, 1)]);
    assert_eq!(steps[0].links.len(), 3);
}

#[test]
fn a_two_string_kite_clears_the_cell_seeing_both_strings() {
    let mut r = blank();
    row_only(&mut r, 1, 0, &[1, 7]);
    col_only(&mut r, 1, 0, &[2, 6]);
    let steps = find(&r, |r, out, limit| r.find_turbots(true, out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(61, 1)]); // r7c8
    assert!(find(&r, |r, out, limit| r.find_turbots(false, out, limit)).is_empty());
}

#[test]
fn an_empty_rectangle_clears_the_cell_seeing_the_link_and_the_box_column() {
    let mut r = blank();
    // In box 1, 1 lies on row 2 and column 2 only; column 6 has it at r2 and r8.
    remove(&mut r, 1, [0, 2, 18, 20]);
    col_only(&mut r, 1, 5, &[1, 7]);
    let steps = find(&r, |r, out, limit| r.find_empty_rectangles(out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(64, 1)]); // r8c2
}

#[test]
fn simple_colouring_traps_and_wraps() {
    // Trap: r1c1 = r1c5 = r6c5 = r6c2; cells seeing r1c1 and r6c2 lose the 1.
    let mut r = blank();
    row_only(&mut r, 1, 0, &[0, 4]);
    col_only(&mut r, 1, 4, &[0, 5]);
    row_only(&mut r, 1, 5, &[1, 4]);
    let steps = find(&r, |r, out, limit| r.find_simple_colouring(out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(10, 1), (19, 1), (27, 1), (36, 1)]);
    assert_eq!(steps[0].links.len(), 3);
    assert!(steps[0].marks.contains(&(0, 1, Role::Colour(false))));
    assert!(steps[0].marks.contains(&(4, 1, Role::Colour(true))));

    // Wrap: r1c1 = r1c5 = r5c5 = r5c3 = r2c3, and r2c3 sees r1c1 in their colour.
    let mut r = blank();
    row_only(&mut r, 1, 0, &[0, 4]);
    col_only(&mut r, 1, 4, &[0, 4]);
    row_only(&mut r, 1, 4, &[2, 4]);
    col_only(&mut r, 1, 2, &[1, 4]);
    let steps = find(&r, |r, out, limit| r.find_simple_colouring(out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(0, 1), (11, 1), (40, 1)]);
}

#[test]
fn an_x_chain_clears_what_both_ends_see() {
    let mut r = blank();
    // r1c1 = r1c7 - r3c9 = r8c9 - r8c4 = r5c4.
    row_only(&mut r, 1, 0, &[0, 6]);
    col_only(&mut r, 1, 8, &[2, 7]);
    col_only(&mut r, 1, 3, &[4, 7]);
    let steps = find(&r, |r, out, limit| r.find_x_chains(out, limit));
    assert!(
        steps
            .windows(2)
            .all(|w| w[0].links.len() <= w[1].links.len())
    );
    let five = steps
        .iter()
        .find(|s| s.links.len() == 5 && s.eliminations == vec![(36, 1)])
        .unwrap();
    assert_eq!(five.cells(), vec![0, 6, 26, 71, 66, 39]);
    assert!(five.links[0].strong && !five.links[1].strong && five.links[4].strong);
    // The kite inside it (row 1, column 9, meeting in box 3) comes first: r8c1.
    assert_eq!(steps[0].links.len(), 3);
    assert_eq!(gone(&steps[0]), vec![(63, 1)]);
}

#[test]
fn an_xyz_wing_clears_what_the_pivot_and_both_pincers_see() {
    let mut r = blank();
    r.cand[0] = 0b111; // pivot r1c1: 1 2 3
    r.cand[10] = 0b101; // r2c2: 1 3
    r.cand[5] = 0b110; // r1c6: 2 3
    let steps = find(&r, |r, out, limit| r.find_xyz_wings(out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(1, 3), (2, 3)]);
}

#[test]
fn a_w_wing_clears_what_both_cells_see() {
    let mut r = blank();
    r.cand[0] = 0b11; // r1c1: 1 2
    r.cand[44] = 0b11; // r5c9: 1 2
    col_only(&mut r, 2, 4, &[0, 4]); // 2 in column 5 only at r1 and r5
    let steps = find(&r, |r, out, limit| r.find_w_wings(out, limit));
    assert_eq!(steps.len(), 1);
    assert_eq!(gone(&steps[0]), vec![(8, 1), (36, 1)]); // r1c9, r5c1
    assert_eq!(steps[0].units, vec![13]);
}

/// Every finder of this family, by name.
const FINDERS: [(&str, Finder); 13] = [
    ("finned X-wing", |r, o, l| {
        r.find_finned_fish(2, false, o, l);
    }),
    ("sashimi X-wing", |r, o, l| {
        r.find_finned_fish(2, true, o, l);
    }),
    ("finned swordfish", |r, o, l| {
        r.find_finned_fish(3, false, o, l);
    }),
    ("sashimi swordfish", |r, o, l| {
        r.find_finned_fish(3, true, o, l);
    }),
    ("finned jellyfish", |r, o, l| {
        r.find_finned_fish(4, false, o, l);
    }),
    ("sashimi jellyfish", |r, o, l| {
        r.find_finned_fish(4, true, o, l);
    }),
    ("skyscraper", |r, o, l| r.find_turbots(false, o, l)),
    ("two-string kite", |r, o, l| r.find_turbots(true, o, l)),
    ("empty rectangle", |r, o, l| r.find_empty_rectangles(o, l)),
    ("XYZ-wing", |r, o, l| r.find_xyz_wings(o, l)),
    ("W-wing", |r, o, l| r.find_w_wings(o, l)),
    ("simple colouring", |r, o, l| r.find_simple_colouring(o, l)),
    ("X-chain", |r, o, l| r.find_x_chains(o, l)),
];

/// The finned fish search cuts sets of base lines by the boxes' spans and remembers the values
/// it found nothing for. Along the walks of real 9×9, 16×16 and jigsaw puzzles, at every step
/// it finds exactly the fish that a fresh rater (no memory) finds visiting every set.
#[test]
fn finned_fish_cut_and_remembered_are_every_finned_fish() {
    let mut lines: Vec<Grid> = Vec::new();
    for text in [
        include_str!("../../../../tests/data/hardest_sample.txt"),
        include_str!("../../../../tests/data/16x16_hard.txt"),
    ] {
        let puzzles = text.lines().filter(|l| l.len() == 81 || l.len() == 256);
        lines.extend(puzzles.take(12).map(|l| Grid::parse_line(l, None).unwrap()));
    }
    let jigsaws = include_str!("../../../../tests/data/variants/jigsaw.txt");
    let (_, entries) = crate::sudoku::files::formats::read(jigsaws, None, None).unwrap();
    lines.extend(entries.into_iter().map(|e| e.puzzle));
    let mut rater = Rater::new();
    let (mut found, mut boards) = (0, 0);
    for grid in &lines {
        rater.load(grid);
        loop {
            let fresh = rater.clone();
            for size in 2..=4 {
                for sashimi in [false, true] {
                    let (mut kept, mut every) = (Vec::new(), Vec::new());
                    rater.finned_fish_cut(size, sashimi, &mut kept, usize::MAX, true);
                    fresh.finned_fish_cut(size, sashimi, &mut every, usize::MAX, false);
                    assert_eq!(kept, every, "size {size}, sashimi {sashimi}");
                    found += kept.len();
                }
            }
            boards += 1;
            if rater.step(Grade::Hard) != Progress::Some {
                break;
            }
        }
    }
    assert!(
        found > 50,
        "only {found} finned fish found on {boards} boards"
    );
}

#[test]
fn no_pattern_removes_a_solutions_value_on_real_puzzles() {
    let text = [
        include_str!("../../../../tests/data/hardest_sample.txt"),
        include_str!("../../../../tests/data/17clue_sample.txt"),
    ];
    let mut rater = Rater::new();
    let mut checked = 0;
    for line in text
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| l.len() == 81)
    {
        let grid = Grid::parse_line(line, None).unwrap();
        let solution = grid.solution().unwrap();
        let answer = solution.values();
        rater.load(&grid);
        loop {
            for (name, finder) in FINDERS {
                for step in find(&rater, finder) {
                    assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
                    for &(c, v) in &step.eliminations {
                        assert_ne!(answer[c as usize], v, "{name} on {line}: {step:?}");
                    }
                    for &(c, v) in &step.placements {
                        assert_eq!(answer[c as usize], v, "{name} on {line}: {step:?}");
                    }
                    checked += 1;
                }
            }
            if rater.step(Grade::Hard) != Progress::Some {
                break;
            }
        }
        assert!(!rater.contradiction, "{line}");
    }
    assert!(checked > 100, "only {checked} steps checked");
}
