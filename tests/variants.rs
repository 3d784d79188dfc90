//! The variants' solver against brute force: for X, hyper, jigsaw and killer boards, and units
//! given outright, the solutions `sudoku::cover::general::solve` counts are the ones a plain
//! backtracking search counts, written here from the rules alone (it shares no code with the
//! mapping); and the variants' generator: unique puzzles (by brute force on small boards, by the
//! engine and the rater's logic on larger ones), reproducible from a seed, of the grade asked.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use sudoku_dlx::sudoku::Format;
use sudoku_dlx::sudoku::board::cage::Cage;
use sudoku_dlx::sudoku::board::units::Units;
use sudoku_dlx::sudoku::cover::general::{BoardError, GivenClash, solve, solve_with_cages};
use sudoku_dlx::sudoku::files::formats;
use sudoku_dlx::sudoku::files::general_format::{GeneralPuzzle, HOLE};
use sudoku_dlx::sudoku::generate::{GenerateError, Generated, Request, generate};
use sudoku_dlx::sudoku::{
    Backtracker, BoardKind, DlxSolver, Geometry, Grade, Grid, Notation, Rater, Solver, Unit,
};

/// Puzzle `index` of the batch of `seed` of the variant `words` and `grade` on `notation`'s
/// board, by the generator's one entry.
fn variant_puzzle(
    notation: &Notation,
    words: &str,
    grade: Grade,
    seed: u64,
    index: u64,
) -> Result<Generated, GenerateError> {
    let board = BoardKind::parse(words, notation.clone()).unwrap();
    generate(&Request::new(board, Some(grade)), seed, index, None)
}

/// The rules, from scratch: each unit a list of (row, column).
fn rows_columns_boxes(side: usize, box_rows: usize, box_cols: usize) -> Vec<Vec<(usize, usize)>> {
    let mut units = Vec::new();
    for r in 0..side {
        units.push((0..side).map(|c| (r, c)).collect());
    }
    for c in 0..side {
        units.push((0..side).map(|r| (r, c)).collect());
    }
    for top in (0..side).step_by(box_rows) {
        for left in (0..side).step_by(box_cols) {
            let mut unit = Vec::new();
            for r in top..top + box_rows {
                for c in left..left + box_cols {
                    unit.push((r, c));
                }
            }
            units.push(unit);
        }
    }
    units
}

fn diagonals(side: usize) -> Vec<Vec<(usize, usize)>> {
    vec![
        (0..side).map(|k| (k, k)).collect(),
        (0..side).map(|k| (k, side - 1 - k)).collect(),
    ]
}

/// The shaded windows of a hyper sudoku with b×b boxes: one cell in from the edge, one cell
/// apart.
fn windows(b: usize) -> Vec<Vec<(usize, usize)>> {
    let starts: Vec<usize> = (0..b - 1).map(|k| 1 + k * (b + 1)).collect();
    let mut units = Vec::new();
    for &top in &starts {
        for &left in &starts {
            let mut unit = Vec::new();
            for r in top..top + b {
                for c in left..left + b {
                    unit.push((r, c));
                }
            }
            units.push(unit);
        }
    }
    units
}

/// Counts, up to `limit`, the fillings of `cells` in which no unit repeats a value (a unit of
/// `side` cells then holds them all), cell by cell in reading order.
fn brute_force(side: usize, rules: &[Vec<(usize, usize)>], cells: &[u8], limit: u64) -> u64 {
    fn go(
        grid: &mut Vec<u8>,
        at: usize,
        side: usize,
        limit: u64,
        fits: &dyn Fn(&[u8], usize, u8) -> bool,
    ) -> u64 {
        let Some(cell) = (at..grid.len()).find(|&c| grid[c] == 0) else {
            return 1;
        };
        let mut found = 0;
        for v in 1..=side as u8 {
            if fits(grid, cell, v) {
                grid[cell] = v;
                found += go(grid, cell + 1, side, limit - found, fits);
                grid[cell] = 0;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }
    let fits = |grid: &[u8], cell: usize, v: u8| {
        let (r, c) = (cell / side, cell % side);
        rules.iter().filter(|u| u.contains(&(r, c))).all(|u| {
            u.iter()
                .all(|&(r2, c2)| (r2, c2) == (r, c) || grid[r2 * side + c2] != v)
        })
    };
    let mut grid = cells.to_vec();
    // The givens themselves must not clash.
    for cell in 0..grid.len() {
        if grid[cell] != 0 && !fits(&grid, cell, grid[cell]) {
            return 0;
        }
    }
    go(&mut grid, 0, side, limit, &fits)
}

/// True if `solution` fills every cell, obeys `rules` and keeps `cells`' givens.
fn obeys(side: usize, rules: &[Vec<(usize, usize)>], cells: &[u8], solution: &[u8]) -> bool {
    solution.iter().all(|&v| v >= 1 && usize::from(v) <= side)
        && cells.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s)
        && rules.iter().all(|u| {
            let mut seen = vec![false; side + 1];
            u.iter().all(|&(r, c)| {
                let v = usize::from(solution[r * side + c]);
                !std::mem::replace(&mut seen[v], true)
            })
        })
}

/// A repeatable sequence of numbers (Knuth's MMIX constants).
fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    }
}

/// For boards of `units` (`rules` the same, from scratch): a solution of the empty board,
/// checked against the rules, then `trials` puzzles keeping `keep` of its cells at random, each
/// counted both ways up to 30.
fn agrees(units: &Units, rules: &[Vec<(usize, usize)>], keep: usize, trials: usize, seed: u64) {
    let side = units.side();
    let empty = vec![0u8; side * side];
    let report = solve(units, &empty, 1, None).unwrap();
    let full = report.first.expect("the empty board has a solution");
    assert!(obeys(side, rules, &empty, &full), "{full:?}");
    let mut next = lcg(seed);
    let mut counts = Vec::new();
    for _ in 0..trials {
        let mut cells = vec![0u8; side * side];
        let mut order: Vec<usize> = (0..side * side).collect();
        for k in (1..order.len()).rev() {
            order.swap(k, next() as usize % (k + 1));
        }
        for &cell in &order[..keep] {
            cells[cell] = full[cell];
        }
        let dlx = solve(units, &cells, 30, None).unwrap();
        let brute = brute_force(side, rules, &cells, 30);
        assert_eq!(dlx.solutions, brute, "{cells:?}");
        if let Some(first) = &dlx.first {
            assert!(obeys(side, rules, &cells, first));
        }
        counts.push(brute);
    }
    // The trials are not all alike: some puzzles have one solution, some several.
    assert!(counts.contains(&1), "{counts:?}");
    assert!(counts.iter().any(|&n| n > 1), "{counts:?}");
}

#[test]
fn x_sudoku_agrees_with_brute_force_on_4x4_6x6_and_9x9() {
    for (b_rows, b_cols, keep, seed) in [(2, 2, 4, 1), (2, 3, 12, 2), (3, 3, 36, 3)] {
        let g = Geometry::new(b_rows, b_cols).unwrap();
        let side = g.side();
        let units = Units::classic(g).with_diagonals();
        let mut rules = rows_columns_boxes(side, b_rows, b_cols);
        rules.extend(diagonals(side));
        agrees(&units, &rules, keep, 25, seed);
    }
}

#[test]
fn hyper_sudoku_agrees_with_brute_force_on_4x4_and_9x9() {
    for (b, keep, seed) in [(2, 4, 4), (3, 34, 5)] {
        let g = Geometry::square(b).unwrap();
        let units = Units::classic(g).with_hyper(g).unwrap();
        let mut rules = rows_columns_boxes(b * b, b, b);
        rules.extend(windows(b));
        agrees(&units, &rules, keep, 25, seed);
    }
}

#[test]
fn jigsaw_agrees_with_brute_force_on_6x6_and_a_5x5_board_without_boxes() {
    let six = [
        0, 0, 0, 1, 1, 1, //
        0, 2, 0, 1, 3, 1, //
        0, 2, 2, 3, 3, 1, //
        4, 2, 2, 3, 3, 5, //
        4, 4, 2, 3, 5, 5, //
        4, 4, 4, 5, 5, 5, //
    ];
    let five = [
        0, 0, 0, 1, 1, //
        0, 2, 0, 1, 1, //
        2, 2, 2, 3, 1, //
        4, 2, 3, 3, 3, //
        4, 4, 4, 4, 3, //
    ];
    for (side, regions, keep, seed) in [(6, &six[..], 12, 6), (5, &five[..], 7, 7)] {
        let units = Units::jigsaw(side, regions).unwrap();
        let mut rules: Vec<Vec<(usize, usize)>> = Vec::new();
        for r in 0..side {
            rules.push((0..side).map(|c| (r, c)).collect());
            rules.push((0..side).map(|c| (c, r)).collect());
        }
        for label in 0..side {
            rules.push(
                (0..side * side)
                    .filter(|&c| regions[c] == label)
                    .map(|c| (c / side, c % side))
                    .collect(),
            );
        }
        agrees(&units, &rules, keep, 25, seed);
    }
}

#[test]
fn a_partial_unit_holds_each_symbol_at_most_once() {
    // 4×4 rows, columns and boxes, and a unit of three cells: r1c1, r2c3, r4c4 (secondary).
    let g = Geometry::square(2).unwrap();
    let mut cells_of: Vec<(Unit, Vec<usize>)> = Units::classic(g)
        .iter()
        .map(|(name, cells)| (name, cells.to_vec()))
        .collect();
    cells_of.push((Unit::Region(0), vec![0, 6, 15]));
    let units = Units::from_cells(4, cells_of).unwrap();
    let mut rules = rows_columns_boxes(4, 2, 2);
    rules.push(vec![(0, 0), (1, 2), (3, 3)]);
    let empty = [0u8; 16];
    let counted = solve(&units, &empty, 1000, None).unwrap().solutions;
    assert_eq!(counted, brute_force(4, &rules, &empty, 1000));
    // Fewer than the 288 grids with no such unit, but some.
    assert!(counted > 0 && counted < 288, "{counted}");
}

#[test]
fn clashing_givens_and_boards_with_no_solution() {
    let g = Geometry::classic();
    let units = Units::classic(g).with_diagonals();
    // Two 5s on the main diagonal (r1c1 and r9c9): no clash in rows, columns or boxes.
    let mut cells = vec![0u8; 81];
    cells[0] = 5;
    cells[80] = 5;
    assert_eq!(
        solve(&units, &cells, 2, None),
        Err(BoardError::Clash(GivenClash {
            unit: 27,
            first: 0,
            second: 80,
            value: 5
        }))
    );
    // No clash among the givens, and still no solution: on 4×4 X, 4 at r1c1 and r3c4 and 2 at
    // r4c2 (found by brute force, which agrees).
    let g = Geometry::square(2).unwrap();
    let units = Units::classic(g).with_diagonals();
    let mut rules = rows_columns_boxes(4, 2, 2);
    rules.extend(diagonals(4));
    let cells = [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 2, 0, 0];
    let dlx = solve(&units, &cells, 10, None).unwrap();
    assert_eq!((dlx.solutions, dlx.first), (0, None));
    assert_eq!(brute_force(4, &rules, &cells, 10), 0);
}

#[test]
fn x_boards_of_every_square_size_up_to_36x36_are_solved_empty() {
    for b in 2..=6 {
        let g = Geometry::square(b).unwrap();
        let side = g.side();
        let empty = vec![0u8; side * side];
        let units = Units::classic(g).with_diagonals();
        let report = solve(&units, &empty, 1, Some(std::time::Duration::from_secs(20))).unwrap();
        let mut rules = rows_columns_boxes(side, b, b);
        rules.extend(diagonals(side));
        let first = report
            .first
            .unwrap_or_else(|| panic!("X {side}: none found"));
        assert!(obeys(side, &rules, &empty, &first), "X {side}");
    }
}

/// Cages grown at random over a board: each a connected run of 1 to `most` cells with distinct
/// digits in `full`, until every cell is in one; the sums from `full`.
fn random_cages(
    side: usize,
    full: &[u8],
    most: usize,
    next: &mut impl FnMut() -> u64,
) -> Vec<Cage> {
    let mut cage_of = vec![usize::MAX; side * side];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..side * side {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let size = 1 + next() as usize % most;
        let mut cells = vec![start];
        cage_of[start] = cages.len();
        while cells.len() < size {
            let free: Vec<usize> = cells
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / side, c % side);
                    let mut n = Vec::new();
                    if r + 1 < side {
                        n.push(c + side);
                    }
                    if col + 1 < side {
                        n.push(c + 1);
                    }
                    if col > 0 {
                        n.push(c - 1);
                    }
                    n
                })
                // A killer cage never repeats a digit: the full grid must be one of its fillings.
                .filter(|&n| cage_of[n] == usize::MAX && !cells.iter().any(|&c| full[c] == full[n]))
                .collect();
            let Some(&pick) = free.get(next() as usize % free.len().max(1)) else {
                break;
            };
            cage_of[pick] = cages.len();
            cells.push(pick);
        }
        cages.push(cells);
    }
    cages
        .into_iter()
        .map(|cells| Cage {
            sum: cells.iter().map(|&c| u32::from(full[c])).sum(),
            cells,
        })
        .collect()
}

/// Brute force for a killer board: the units' rules, and every cage's cells distinct, never
/// adding up to more than its sum and, once all filled, to exactly its sum.
fn brute_force_killer(
    side: usize,
    rules: &[Vec<(usize, usize)>],
    cages: &[Cage],
    cells: &[u8],
    limit: u64,
) -> u64 {
    struct Board<'a> {
        side: usize,
        rules: &'a [Vec<(usize, usize)>],
        cages: &'a [Cage],
        cage_of: Vec<Option<usize>>,
        limit: u64,
        found: u64,
    }
    impl Board<'_> {
        fn cage_ok(&self, grid: &[u8], cage: usize) -> bool {
            let c = &self.cages[cage];
            let values: Vec<u8> = c.cells.iter().map(|&x| grid[x]).collect();
            let filled: Vec<u8> = values.iter().copied().filter(|&v| v != 0).collect();
            let mut seen = filled.clone();
            seen.sort_unstable();
            seen.dedup();
            let sum: u32 = filled.iter().map(|&v| u32::from(v)).sum();
            seen.len() == filled.len()
                && sum <= c.sum
                && (filled.len() < values.len() || sum == c.sum)
        }
        fn go(&mut self, grid: &mut Vec<u8>) {
            let Some(cell) = grid.iter().position(|&v| v == 0) else {
                self.found += 1;
                return;
            };
            let (r, c) = (cell / self.side, cell % self.side);
            for v in 1..=self.side as u8 {
                let fits = self.rules.iter().filter(|u| u.contains(&(r, c))).all(|u| {
                    u.iter()
                        .all(|&(r2, c2)| (r2, c2) == (r, c) || grid[r2 * self.side + c2] != v)
                });
                if !fits {
                    continue;
                }
                grid[cell] = v;
                if self.cage_of[cell].is_none_or(|k| self.cage_ok(grid, k)) {
                    self.go(grid);
                }
                grid[cell] = 0;
                if self.found >= self.limit {
                    return;
                }
            }
        }
    }
    let mut cage_of = vec![None; side * side];
    for (k, cage) in cages.iter().enumerate() {
        for &c in &cage.cells {
            cage_of[c] = Some(k);
        }
    }
    let mut board = Board {
        side,
        rules,
        cages,
        cage_of,
        limit,
        found: 0,
    };
    // Givens that already break a cage leave nothing.
    if (0..cages.len()).any(|k| !board.cage_ok(cells, k)) {
        return 0;
    }
    board.go(&mut cells.to_vec());
    board.found
}

#[test]
fn killer_cages_agree_with_brute_force_with_and_without_givens() {
    let mut next = lcg(11);
    let mut counts = Vec::new();
    for (b_rows, b_cols, most, keep) in [(2, 2, 3, 0), (2, 2, 4, 2), (2, 3, 3, 0), (2, 3, 4, 6)] {
        let g = Geometry::new(b_rows, b_cols).unwrap();
        let side = g.side();
        let units = Units::classic(g);
        let rules = rows_columns_boxes(side, b_rows, b_cols);
        let full = solve(&units, &vec![0u8; side * side], 1, None)
            .unwrap()
            .first
            .unwrap();
        for _ in 0..15 {
            let cages = random_cages(side, &full, most, &mut next);
            let mut cells = vec![0u8; side * side];
            for _ in 0..keep {
                let c = next() as usize % cells.len();
                cells[c] = full[c];
            }
            let dlx = solve_with_cages(&units, &cells, &cages, 20, None).unwrap();
            let brute = brute_force_killer(side, &rules, &cages, &cells, 20);
            assert_eq!(dlx.solutions, brute, "{cages:?} {cells:?}");
            if let Some(first) = &dlx.first {
                assert!(obeys(side, &rules, &cells, first));
                for cage in &cages {
                    let sum: u32 = cage.cells.iter().map(|&c| u32::from(first[c])).sum();
                    assert_eq!(sum, cage.sum);
                }
            }
            counts.push(brute);
        }
    }
    assert!(
        counts.contains(&1) && counts.iter().any(|&n| n > 1),
        "{counts:?}"
    );
}

#[test]
fn a_cell_in_two_cages_is_refused() {
    let units = Units::classic(Geometry::square(2).unwrap());
    let cages = [
        Cage {
            cells: vec![0, 1],
            sum: 3,
        },
        Cage {
            cells: vec![1, 2],
            sum: 5,
        },
    ];
    assert_eq!(
        solve_with_cages(&units, &[0; 16], &cages, 2, None),
        Err(BoardError::TwoCages { cell: 1 })
    );
}

#[test]
fn killer_9x9_without_givens_counts_up_to_two() {
    // Random cages of up to 5 cells over a full grid: the grid itself is always a solution.
    let mut next = lcg(12);
    let g = Geometry::classic();
    let units = Units::classic(g);
    let rules = rows_columns_boxes(9, 3, 3);
    let full = solve(&units, &[0u8; 81], 1, None).unwrap().first.unwrap();
    for _ in 0..10 {
        let cages = random_cages(9, &full, 5, &mut next);
        let report = solve_with_cages(&units, &[0u8; 81], &cages, 2, None).unwrap();
        assert!(report.solutions >= 1);
        let first = report.first.unwrap();
        assert!(obeys(9, &rules, &[0u8; 81], &first));
        for cage in &cages {
            assert_eq!(
                cage.cells.iter().map(|&c| u32::from(first[c])).sum::<u32>(),
                cage.sum
            );
        }
    }
}

/// The units of a parsed board as (row, column) lists, for the brute force.
fn rules_of(units: &Units) -> Vec<Vec<(usize, usize)>> {
    let side = units.side();
    units
        .all()
        .iter()
        .map(|u| u.iter().map(|&c| (c / side, c % side)).collect())
        .collect()
}

#[test]
fn knuths_general_format_with_overlapping_boxes_and_holes_agrees_with_brute_force() {
    // 6×6: rows, columns, the 2×3 boxes in one group, and a second group adding the main
    // diagonal as box `d` (an X board written in Knuth's format).
    let six = "1.....\n......\n..3...\n......\n....5.\n......\n\
               000111\n000111\n222333\n222333\n444555\n444555\n\
               d.....\n.d....\n..d...\n...d..\n....d.\n.....d\n";
    // 5×5 with two holes: its first row and column have four cells, partial units.
    let holes = "#....\n.1...\n.....\n...#.\n.....\n\
                 .0011\n00011\n22233\n24433\n24443\n";
    for text in [six, holes] {
        let p = GeneralPuzzle::parse(text).unwrap();
        let side = p.units.side();
        let dlx = solve(&p.units, &p.cells, 50, None).unwrap();
        let brute = brute_force(side, &rules_of(&p.units), &p.cells, 50);
        assert_eq!(dlx.solutions, brute, "{text}");
        assert!(brute > 0, "{text}");
        if let Some(first) = &dlx.first {
            for (k, (&g, &s)) in p.cells.iter().zip(first).enumerate() {
                assert!(g == 0 || g == s, "cell {k}");
                assert!(g == HOLE || (1..=side as u8).contains(&s), "cell {k}");
            }
        }
    }
}

/// The rules of a variant's board from scratch: rows, columns, boxes or the regions it names,
/// diagonals and windows as its rules say.
fn rules_of_puzzle(p: &Grid) -> Vec<Vec<(usize, usize)>> {
    let g = p.geometry();
    let side = g.side();
    let v = p.variant().unwrap();
    let r = v.rules();
    let mut rules = rows_columns_boxes(side, g.box_rows(), g.box_cols());
    if let Some(labels) = &r.regions {
        rules.truncate(2 * side);
        for region in 0..side {
            rules.push(
                (0..side * side)
                    .filter(|&c| labels[c] == region)
                    .map(|c| (c / side, c % side))
                    .collect(),
            );
        }
    }
    if r.diagonals {
        rules.extend(diagonals(side));
    }
    if r.windows {
        rules.extend(windows(g.box_rows()));
    }
    rules
}

/// True if `solution` keeps every cage of `p`: distinct digits adding up to the sum.
fn cages_kept(p: &Grid, solution: &[u8]) -> bool {
    p.variant().unwrap().cages().iter().all(|cage| {
        let mut digits: Vec<u8> = cage.cells.iter().map(|&c| solution[c]).collect();
        let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
        digits.sort_unstable();
        digits.dedup();
        digits.len() == cage.cells.len() && sum == cage.sum
    })
}

#[test]
fn generated_variant_puzzles_are_unique_reproducible_and_of_their_grade() {
    let nine = Notation::default_for(Geometry::classic()).unwrap();
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    for (kind, grade) in [
        ("x", Grade::Medium),
        ("hyper", Grade::Medium),
        ("jigsaw", Grade::Medium),
        ("killer", Grade::Easy),
        ("killer+x", Grade::Medium),
        ("jigsaw+x", Grade::Hard),
    ] {
        let k = BoardKind::parse(kind, nine.clone()).unwrap();
        let made = generate(&Request::new(k.clone(), Some(grade)), 7, 0, None).unwrap();
        let again = generate(&Request::new(k.clone(), Some(grade)), 7, 0, None).unwrap();
        let other = generate(&Request::new(k.clone(), Some(grade)), 7, 1, None).unwrap();
        let p = &made.puzzle;
        // The kind's name is the puzzle's variant and size (a jigsaw's without boxes).
        let side = p.geometry().side();
        let name = format!("{} {side}×{side}", p.variant().unwrap().name());
        assert!(k.name().starts_with(&name), "{kind}: {} / {name}", k.name());
        assert_eq!((made.seed, made.index, other.index), (7, 0, 1), "{kind}");
        // The same seed and index, the same puzzle; another index, another.
        assert_eq!(
            (p.values(), p.variant().map(|v| v.rules())),
            (
                again.puzzle.values(),
                again.puzzle.variant().map(|v| v.rules())
            ),
            "{kind}"
        );
        assert_ne!(
            (p.values(), p.variant().map(|v| v.rules())),
            (
                other.puzzle.values(),
                other.puzzle.variant().map(|v| v.rules())
            ),
            "{kind}"
        );
        // One solution, by the engine and, independently, by the rater's logic (which fills
        // the board only when every step is forced), obeying the rules written from scratch.
        assert_eq!(solver.count(p, 2, None).unwrap().solutions, 1, "{kind}");
        let rating = rater.rate(p);
        assert!(rating.solved, "{kind}: {rating:?}");
        assert_eq!(rating.grade, grade, "{kind}");
        let solution = made.solution.values();
        assert!(
            obeys(9, &rules_of_puzzle(p), p.values(), solution),
            "{kind}"
        );
        assert!(cages_kept(p, solution), "{kind}");
        assert_eq!(rater.values(), solution, "{kind}");
        // Counting 0, 1 and several: the puzzle; with a wrong value that clashes with nothing
        // in an empty cell (so no solution, the one being ruled out); with few givens.
        let cand = sudoku_dlx::sudoku::logic::hint::candidates(p);
        let (cell, wrong) = (0..81)
            .find_map(|c| {
                sudoku_dlx::sudoku::logic::hint::values_of(cand[c])
                    .find(|&v| v != solution[c])
                    .map(|v| (c, v))
            })
            .unwrap();
        let mut none = p.clone();
        none.set(cell, wrong);
        assert!(none.clashes().is_empty());
        assert_eq!(solver.count(&none, 2, None).unwrap().solutions, 0, "{kind}");
        let mut open = p.clone();
        for c in 0..81 {
            if c % 3 != 0 {
                open.set(c, 0);
            }
        }
        if open.variant().unwrap().cages().is_empty() {
            assert_eq!(solver.count(&open, 2, None).unwrap().solutions, 2, "{kind}");
        }
    }
}

#[test]
fn small_generated_puzzles_are_unique_by_brute_force() {
    for (rows, cols, kind) in [
        (2, 3, "x"),
        (2, 3, "jigsaw"),
        (2, 2, "hyper"),
        (2, 3, "killer"),
        (2, 2, "killer+x"),
    ] {
        let notation = Notation::default_for(Geometry::new(rows, cols).unwrap()).unwrap();
        for index in 0..3 {
            let made = variant_puzzle(&notation, kind, Grade::Easy, 21, index).unwrap();
            let p = &made.puzzle;
            let side = rows * cols;
            let rules = rules_of_puzzle(p);
            let cages = p.variant().unwrap().cages();
            assert_eq!(
                brute_force_killer(side, &rules, cages, p.values(), 5),
                1,
                "{kind} {index}: {}",
                p.to_line()
            );
        }
    }
}

#[test]
fn generated_16x16_x_and_jigsaw_puzzles_are_unique() {
    let sixteen = Notation::default_for(Geometry::square(4).unwrap()).unwrap();
    let mut solver = DlxSolver::new();
    for kind in ["x", "jigsaw"] {
        let made = variant_puzzle(&sixteen, kind, Grade::Easy, 16, 0).unwrap();
        let p = &made.puzzle;
        assert_eq!(solver.count(p, 2, None).unwrap().solutions, 1, "{kind}");
        assert!(obeys(
            16,
            &rules_of_puzzle(p),
            p.values(),
            made.solution.values()
        ));
    }
}

#[test]
fn generated_killers_are_unique_of_their_grade_and_need_every_given() {
    let mut rater = Rater::new();
    let mut solver = DlxSolver::new();
    for (b, grade, seed) in [
        (3, Grade::Medium, 3),
        (3, Grade::Expert, 4),
        (4, Grade::Easy, 5),
        (4, Grade::Hard, 6),
        (4, Grade::Expert, 7),
    ] {
        let notation = Notation::default_for(Geometry::square(b).unwrap()).unwrap();
        let made = variant_puzzle(&notation, "killer", grade, seed, 0).unwrap();
        let p = &made.puzzle;
        let what = format!("{grade} {}×{}", b * b, b * b);
        assert_eq!(solver.count(p, 2, None).unwrap().solutions, 1, "{what}");
        let rating = rater.rate(p);
        assert_eq!(rating.grade, grade, "{what}: {rating:?}");
        let solution = made.solution.values();
        assert!(cages_kept(p, solution), "{what}");
        // Up to hard, logic with the grade's techniques finishes the board, and would not
        // without any one of the givens.
        if grade == Grade::Expert {
            continue;
        }
        assert!(rater.rate_up_to(p, grade).solved, "{what}");
        for cell in (0..p.values().len()).filter(|&c| p.values()[c] != 0) {
            let mut fewer = p.clone();
            fewer.set(cell, 0);
            assert!(
                !rater.rate_up_to(&fewer, grade).solved,
                "{what}: the given at {cell} is not needed"
            );
        }
    }
}

#[test]
fn variant_kinds_parse_and_refuse_what_they_do_not_know() {
    let nine = Notation::default();
    let k = BoardKind::parse("killer+X", nine.clone()).unwrap();
    assert!(matches!(
        k,
        BoardKind::Variant {
            killer: true,
            x: true,
            jigsaw: false,
            hyper: false,
            ..
        }
    ));
    assert_eq!(k.name(), "killer X 9×9 (3×3 boxes)");
    assert!(
        BoardKind::parse("sideways", nine.clone())
            .unwrap_err()
            .contains("\"sideways\"")
    );
    assert!(BoardKind::parse("", nine).is_err());
    // Hyper windows need square boxes.
    let six = Notation::default_for(Geometry::new(2, 3).unwrap()).unwrap();
    assert!(matches!(
        variant_puzzle(&six, "hyper", Grade::Easy, 1, 0),
        Err(GenerateError::Unsupported(_))
    ));
    // A variant is made to a grade, with its givens one cell at a time.
    let killer = BoardKind::parse("killer", six).unwrap();
    assert!(generate(&Request::new(killer.clone(), None), 1, 0, None).is_err());
    let mirrored = Request {
        symmetry: sudoku_dlx::sudoku::Symmetry::Mirror,
        ..Request::new(killer, Some(Grade::Easy))
    };
    assert!(generate(&mirrored, 1, 0, None).is_err());
}

#[test]
fn every_solver_follows_the_variants_rules() {
    // Backtracking and plain Algorithm X count what brute force counts on small boards of each
    // variant (with a given or two taken away, so that some have several solutions)...
    let mut counts = Vec::new();
    for (rows, cols, kind) in [
        (2, 3, "x"),
        (2, 3, "jigsaw"),
        (2, 2, "hyper"),
        (2, 3, "killer"),
        (2, 2, "killer+x"),
    ] {
        let notation = Notation::default_for(Geometry::new(rows, cols).unwrap()).unwrap();
        for index in 0..3 {
            let made = variant_puzzle(&notation, kind, Grade::Easy, 5, index).unwrap();
            let mut p = made.puzzle.clone();
            let given: Vec<usize> = (0..p.values().len()).filter(|&c| p.get(c) != 0).collect();
            for &cell in given.iter().take(2) {
                p.set(cell, 0);
            }
            let side = rows * cols;
            let brute = brute_force_killer(
                side,
                &rules_of_puzzle(&p),
                p.variant().unwrap().cages(),
                p.values(),
                50,
            );
            for (name, solver) in [
                ("naive", &mut Backtracker::new() as &mut dyn Solver),
                ("dlx-plain", &mut DlxSolver::plain()),
                ("dlx", &mut DlxSolver::new()),
            ] {
                let report = solver.solve(&p, 50, None).unwrap();
                assert_eq!(report.solutions, brute, "{name} {kind} {index}");
                report.first.unwrap().verify_solution_of(&p).unwrap();
            }
            counts.push(brute);
        }
    }
    assert!(
        counts.contains(&1) && counts.iter().any(|&n| n > 1),
        "{counts:?}"
    );
    // ... and find the one solution of a 9×9 puzzle of each.
    for file in [
        include_str!("../assets/puzzles/library/9x9-x-medium.toml"),
        include_str!("../assets/puzzles/library/9x9-hyper-medium.toml"),
        include_str!("../assets/puzzles/library/9x9-jigsaw-medium.toml"),
        include_str!("../assets/puzzles/library/9x9-killer-medium.toml"),
    ] {
        let (_, entries) = sudoku_dlx::sudoku::files::formats::read(file, None, None).unwrap();
        let p = &entries[0].puzzle;
        let expected = p.solution().unwrap();
        for solver in [
            &mut Backtracker::new() as &mut dyn Solver,
            &mut DlxSolver::plain(),
        ] {
            let report = solver.solve(p, 2, None).unwrap();
            assert_eq!(report.solutions, 1);
            assert_eq!(report.first.unwrap().values(), expected.values());
        }
    }
}

#[test]
fn jigsaws_of_sides_without_boxes_read_generate_solve_and_write() {
    // 5×5 and 7×7 have no box shape: their boards have none, and the regions are all.
    for side in [5, 7] {
        let geometry = Geometry::without_boxes(side).unwrap();
        assert!(!geometry.has_boxes());
        assert_eq!(geometry.to_string(), format!("{side}×{side} (no boxes)"));
        let notation = Notation::default_for(geometry).unwrap();
        let made = variant_puzzle(&notation, "jigsaw", Grade::Easy, 3, 0).unwrap();
        let p = &made.puzzle;
        assert_eq!(p.geometry(), geometry);
        // Unique, by a brute force written from the rules (rows, columns, the regions).
        let rules = rules_of_puzzle(p);
        assert_eq!(rules.len(), 3 * side);
        if side == 5 {
            assert_eq!(
                brute_force(side, &rules, p.values(), 5),
                1,
                "{}",
                p.to_line()
            );
        }
        assert_eq!(DlxSolver::new().count(p, 2, None).unwrap().solutions, 1);
        // Written as a jigsaw line, as TOML and in Knuth's form, and read back the same.
        for format in [Format::Jigsaw, Format::Toml, Format::Knuth] {
            let text = formats::write(p, None, format);
            let (found, back) = formats::read(&text, None, None).unwrap();
            assert_eq!(found, format, "{text}");
            assert_eq!(back[0].puzzle.values(), p.values(), "{format}: {text}");
            assert_eq!(
                back[0].puzzle.variant().map(|v| v.rules()),
                p.variant().map(|v| v.rules()),
                "{format}: {text}"
            );
        }
    }
    // Without regions such a board is refused with the reason.
    let boxless = Geometry::without_boxes(5).unwrap();
    let e = sudoku_dlx::sudoku::Variant::new(
        boxless,
        sudoku_dlx::sudoku::Rules {
            diagonals: true,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("no boxes"), "{e}");
}
