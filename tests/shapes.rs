//! The shapes' generator (`sudoku::generate::shape`) against a brute force written here.
//!
//! The brute force shares no code with the crate's solvers nor with its board model: a board is
//! a list of units (each a list of positions that hold no digit twice) built in this file from
//! the layout's geometry (grids at offsets on a flat layout, the planes of a cube), plus the
//! cages read back as plain data (cells and a sum, or cells, an operation's sign and a target).
//! It fills the open cell with the fewest candidates first and checks a cage once its last cell
//! is filled (and a sum or product on the way). With it the tests check that generated puzzles
//! of the small shapes have exactly one solution, the generator's; that the solution of a
//! Samurai, which is too big for the brute force, satisfies every unit built here (its
//! uniqueness is the engine's count); that a seed gives the same puzzle again; and that the
//! engine counts what the brute force counts on boards with random givens.
//!
//! One ignored test times the generator on the big shapes (`cargo test --release --test shapes
//! -- --ignored --nocapture`); nothing here asserts a time.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

use sudoku_dlx::sudoku::board::kind::Cages;
use sudoku_dlx::sudoku::board::shape::{Layout, Shape};
use sudoku_dlx::sudoku::cover::general::{Budget, search_shape};
use sudoku_dlx::sudoku::generate::shape::{Options, ShapeGenerateError, ShapePuzzle, generate};
use sudoku_dlx::sudoku::{Grade, Grid, Rater, Technique};

/// A cage as plain data: its cells, and what they must make.
#[derive(Debug, Clone)]
enum Rule {
    /// Different digits adding up to the sum.
    Sum(u64),
    /// Digits combined by `+ - * /` (or `=` for one cell) making the target.
    Math(char, u64),
}

/// A board as the brute force sees it.
#[derive(Debug, Clone)]
struct Board {
    positions: usize,
    symbols: usize,
    units: Vec<Vec<usize>>,
    cages: Vec<(Vec<usize>, Rule)>,
}

/// The units of an `order × order` grid whose top left cell is at column `x`, row `y` of a flat
/// layout `width` wide: its rows, its columns and, with `boxes` (rows × columns of a box), its
/// boxes.
fn grid_at(
    width: usize,
    x: usize,
    y: usize,
    order: usize,
    boxes: Option<(usize, usize)>,
) -> Vec<Vec<usize>> {
    let at = |r: usize, c: usize| (y + r) * width + x + c;
    let mut units: Vec<Vec<usize>> = Vec::new();
    for k in 0..order {
        units.push((0..order).map(|j| at(k, j)).collect());
        units.push((0..order).map(|j| at(j, k)).collect());
    }
    if let Some((h, w)) = boxes {
        for b in 0..order {
            let (top, left) = (b / (order / w) * h, b % (order / w) * w);
            units.push((0..order).map(|j| at(top + j / w, left + j % w)).collect());
        }
    }
    units
}

/// Rows and columns of a `side × side` square and one unit per letter of `regions`.
fn regions(side: usize, letters: &str) -> Vec<Vec<usize>> {
    let mut units = grid_at(side, 0, 0, side, None);
    let mut names: Vec<char> = letters.chars().collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        units.push(
            letters
                .char_indices()
                .filter(|&(_, l)| l == name)
                .map(|(k, _)| k)
                .collect(),
        );
    }
    units
}

/// The nine planes of a 3×3×3 cube (position `(z·3 + y)·3 + x`).
fn cube_planes() -> Vec<Vec<usize>> {
    let pos = |x: usize, y: usize, z: usize| (z * 3 + y) * 3 + x;
    let mut units = Vec::new();
    for i in 0..3 {
        let mut planes = [Vec::new(), Vec::new(), Vec::new()];
        for a in 0..3 {
            for b in 0..3 {
                planes[0].push(pos(i, a, b));
                planes[1].push(pos(a, i, b));
                planes[2].push(pos(a, b, i));
            }
        }
        units.extend(planes);
    }
    units
}

/// The units of five grids of `order` at these corners of a flat layout `width` wide.
fn five_grids(
    width: usize,
    order: usize,
    boxes: (usize, usize),
    corners: [(usize, usize); 5],
) -> Vec<Vec<usize>> {
    corners
        .iter()
        .flat_map(|&(x, y)| grid_at(width, x, y, order, Some(boxes)))
        .collect()
}

fn samurai() -> Vec<Vec<usize>> {
    five_grids(21, 9, (3, 3), [(0, 0), (12, 0), (6, 6), (0, 12), (12, 12)])
}

fn tiny_samurai() -> Vec<Vec<usize>> {
    five_grids(10, 4, (2, 2), [(0, 0), (6, 0), (3, 3), (0, 6), (6, 6)])
}

/// A board of these units with the puzzle's cages copied out as plain data.
fn board(positions: usize, symbols: usize, units: Vec<Vec<usize>>, shape: &Shape) -> Board {
    let mut cages: Vec<(Vec<usize>, Rule)> = shape
        .cages()
        .iter()
        .map(|c| (c.cells.clone(), Rule::Sum(u64::from(c.sum))))
        .collect();
    for c in shape.math_cages() {
        let sign = match c.op.sign() {
            "+" => '+',
            "−" => '-',
            "×" => '*',
            "÷" => '/',
            _ => '=',
        };
        cages.push((c.cells.clone(), Rule::Math(sign, c.target)));
    }
    Board {
        positions,
        symbols,
        units,
        cages,
    }
}

/// Whether the digits of a cage (0 for empty) can still make its rule; exactly, once full.
fn cage_ok(rule: &Rule, digits: &[u64]) -> bool {
    let full = digits.iter().all(|&d| d > 0);
    let filled: Vec<u64> = digits.iter().copied().filter(|&d| d > 0).collect();
    match *rule {
        Rule::Sum(sum) => {
            let mut seen = filled.clone();
            seen.sort_unstable();
            seen.dedup();
            let got: u64 = filled.iter().sum();
            seen.len() == filled.len() && if full { got == sum } else { got < sum }
        }
        Rule::Math('+', t) => {
            let got: u64 = filled.iter().sum();
            if full { got == t } else { got < t }
        }
        Rule::Math('*', t) => {
            let got: u64 = filled.iter().product();
            if full { got == t } else { t % got == 0 }
        }
        Rule::Math(op, t) if full => match (op, digits) {
            ('-', &[a, b]) => a.abs_diff(b) == t,
            ('/', &[a, b]) => a.max(b) == t * a.min(b),
            ('=', &[a]) => a == t,
            _ => false,
        },
        Rule::Math(..) => true,
    }
}

/// The digits a solution or a partial filling breaks no rule with at `cell`.
fn fits(b: &Board, values: &[u8], cell: usize) -> bool {
    let v = values[cell];
    let unit_ok = b
        .units
        .iter()
        .filter(|u| u.contains(&cell))
        .all(|u| u.iter().all(|&c| c == cell || values[c] != v));
    unit_ok
        && b.cages
            .iter()
            .filter(|(cells, _)| cells.contains(&cell))
            .all(|(cells, rule)| {
                let digits: Vec<u64> = cells.iter().map(|&c| u64::from(values[c])).collect();
                cage_ok(rule, &digits)
            })
}

/// Counts the solutions of `b` from `givens` up to `limit`, keeping the first.
fn brute_count(b: &Board, givens: &[u8], limit: u64) -> (u64, Option<Vec<u8>>) {
    let mut cells: Vec<usize> = b.units.iter().flatten().copied().collect();
    cells.extend(b.cages.iter().flat_map(|(c, _)| c.iter().copied()));
    cells.sort_unstable();
    cells.dedup();
    let mut values = givens.to_vec();
    values.resize(b.positions, 0);
    if cells
        .iter()
        .any(|&c| values[c] != 0 && !fits(b, &values, c))
    {
        return (0, None);
    }
    let mut found = (0, None);
    search(b, &cells, &mut values, limit, &mut found);
    found
}

fn search(
    b: &Board,
    cells: &[usize],
    values: &mut [u8],
    limit: u64,
    found: &mut (u64, Option<Vec<u8>>),
) {
    // The open cell with the fewest digits that fit.
    let mut best: Option<(usize, Vec<u8>)> = None;
    for &cell in cells {
        if values[cell] != 0 {
            continue;
        }
        let mut ok = Vec::new();
        for v in 1..=b.symbols as u8 {
            values[cell] = v;
            if fits(b, values, cell) {
                ok.push(v);
            }
        }
        values[cell] = 0;
        if best.as_ref().is_none_or(|(_, o)| ok.len() < o.len()) {
            let stop = ok.len() <= 1;
            best = Some((cell, ok));
            if stop {
                break;
            }
        }
    }
    let Some((cell, digits)) = best else {
        found.0 += 1;
        if found.1.is_none() {
            found.1 = Some(values.to_vec());
        }
        return;
    };
    for v in digits {
        values[cell] = v;
        search(b, cells, values, limit, found);
        if found.0 >= limit {
            break;
        }
    }
    values[cell] = 0;
}

/// Every unit and cage of `b` holds in `solution`, with a digit in every cell.
fn satisfies(b: &Board, solution: &[u8]) -> bool {
    let units = b.units.iter().all(|u| {
        let mut d: Vec<u8> = u.iter().map(|&c| solution[c]).collect();
        d.sort_unstable();
        d.dedup();
        d.len() == u.len() && d.iter().all(|&x| (1..=b.symbols as u8).contains(&x))
    });
    let cages = b.cages.iter().all(|(cells, rule)| {
        let digits: Vec<u64> = cells.iter().map(|&c| u64::from(solution[c])).collect();
        digits.iter().all(|&d| d > 0) && cage_ok(rule, &digits)
    });
    units && cages
}

/// The named shape's units, sorted, as a set (to compare with the ones built here).
fn unit_set(units: impl Iterator<Item = Vec<usize>>) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = units
        .map(|mut u| {
            u.sort_unstable();
            u
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The generator's puzzle on `shape` from `seed` is unique by the brute force over `units`, and
/// its solution keeps every unit and cage.
fn unique_by_brute_force(shape: &Shape, units: Vec<Vec<usize>>, seed: u64) -> ShapePuzzle {
    let p = generate(shape, &Options::default(), seed, None).unwrap();
    let name = shape.name();
    assert_eq!(
        unit_set(units.iter().cloned()),
        unit_set(p.shape.units().map(|(_, c)| c.to_vec())),
        "{name}: the units built here are the shape's"
    );
    let b = board(shape.positions(), shape.symbols(), units, &p.shape);
    assert!(
        satisfies(&b, &p.solution),
        "{name}: the solution breaks a rule"
    );
    for (c, &g) in p.givens.iter().enumerate() {
        assert!(
            g == 0 || g == p.solution[c],
            "{name}: a given that is not the solution's"
        );
    }
    let (count, first) = brute_count(&b, &p.givens, 2);
    assert_eq!(count, 1, "{name} seed {seed}: not unique");
    assert_eq!(first.as_deref(), Some(p.solution.as_slice()), "{name}");
    p
}

/// A 4×4 board of tetrominoes that has solutions: the named Tetromino's.
const TETROMINO: &str = "AAABCABBCCDBCDDD";
/// Tetrominoes that no filling fits.
const NO_FILLING: &str = "AAABACBBCCDBCDDD";
/// The regions of `Shape::named("Pentomino")`, copied as data.
const PENTOMINO: &str = "AAABBACABBCCCDBEECDDEEEDD";

/// A shape of rows, columns and these regions, built for the generator.
fn region_shape(side: usize, letters: &str) -> Shape {
    let mut b = Shape::builder("tetromino", Layout::flat(side, side), side);
    for unit in regions(side, letters) {
        b.group(unit);
    }
    b.build().unwrap()
}

#[test]
fn small_shapes_are_unique_by_brute_force() {
    let named = |n: &str, o: Option<usize>| Shape::named(n, o).unwrap();
    for seed in [1, 2] {
        unique_by_brute_force(&named("TinySamurai", None), tiny_samurai(), seed);
        unique_by_brute_force(&named("Roxdoku", Some(9)), cube_planes(), seed);
        unique_by_brute_force(&named("Pentomino", None), regions(5, PENTOMINO), seed);
        unique_by_brute_force(&region_shape(4, TETROMINO), regions(4, TETROMINO), seed);
        let killer = unique_by_brute_force(
            &named("Killer", Some(4)),
            grid_at(4, 0, 0, 4, Some((2, 2))),
            seed,
        );
        assert!(!killer.shape.cages().is_empty());
        for order in [4, 5] {
            let p = unique_by_brute_force(
                &named("Mathdoku", Some(order)),
                grid_at(order, 0, 0, order, None),
                seed,
            );
            assert!(p.givens.iter().all(|&g| g == 0), "Mathdoku: cages alone");
            assert!(
                p.shape
                    .math_cages()
                    .iter()
                    .all(|c| (1..=5).contains(&c.cells.len()))
            );
        }
    }
}

/// The rater on shapes is sound: on puzzles with one solution (which the engine's count to two
/// and, for the small shapes, the brute force above confirm), whatever its techniques place is
/// the solution's, it never meets a contradiction, and a board it fills is the solution. Unique
/// puzzles dug as sparse as they go need every technique, so this reads the general locked
/// candidates, subsets, fish over any units, wings and the Mathdoku fillings.
#[test]
fn the_rater_on_every_shape_places_only_the_solution() {
    let mut rater = Rater::new();
    let mut techniques = std::collections::BTreeSet::new();
    let shapes = [
        ("TinySamurai", None),
        ("Samurai", None),
        ("Windmill", None),
        ("Sohei", None),
        ("Aztec", None),
        ("Nonomino", None),
        ("Pentomino", None),
        ("Tetromino", None),
        ("XSudoku", None),
        ("Jigsaw", None),
        ("Roxdoku", Some(9)),
        ("Roxdoku", Some(16)),
        ("DoubleRoxdoku", None),
        ("Killer", Some(9)),
        ("Mathdoku", Some(6)),
        ("Mathdoku", Some(9)),
    ];
    for (name, order) in shapes {
        for seed in 1..=3 {
            let p = generate(
                &Shape::named(name, order).unwrap(),
                &Options::default(),
                seed,
                None,
            )
            .unwrap();
            let board = Grid::on_shape(Arc::new(p.shape.clone()), None).unwrap();
            let puzzle = board.with_values(p.givens.clone()).unwrap();
            let rating = rater.rate(&puzzle);
            let at = format!("{name} {order:?} seed {seed}: {rating:?}");
            assert!(!rating.contradiction, "{at}");
            for (c, &v) in rater.values().iter().enumerate() {
                assert!(v == 0 || v == p.solution[c], "{at}: cell {c}");
            }
            assert_eq!(rating.solved, rating.left == 0, "{at}");
            techniques.extend(rating.used.iter().map(|&(t, _)| t));
        }
    }
    // The sparse puzzles reach well past singles.
    for t in [
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::CageCombination,
    ] {
        assert!(techniques.contains(&t), "{t}: {techniques:?}");
    }
}

/// The rater keeps, from one step to the next, which values its fish over a shape's units
/// found nothing for. A walk of steps with that memory must take the steps that a fresh rater
/// takes at each point, given the candidates so far as pencil marks.
#[test]
fn the_steps_on_a_samurai_are_those_of_a_fresh_rater_at_each_step() {
    let p = generate(
        &Shape::named("Samurai", None).unwrap(),
        &Options::default(),
        1,
        None,
    )
    .unwrap();
    let board = Grid::on_shape(Arc::new(p.shape.clone()), None).unwrap();
    let puzzle = board.with_values(p.givens.clone()).unwrap();
    let steps = Rater::new().steps(&puzzle, Grade::Expert);
    // Steps past the jellyfish, each of which looked for fish of every size first.
    let past = steps
        .iter()
        .filter(|s| s.technique > Technique::Jellyfish)
        .count();
    assert!(past >= 5, "{past} steps past the fish");
    let mut grid = puzzle.clone();
    let mut marks = vec![u64::MAX >> (64 - 9); grid.values().len()];
    let mut checked = 0;
    for (k, step) in steps.iter().enumerate() {
        // Every step that looked for a fish, so read the memory (the easier steps did not).
        if step.technique >= Technique::XWing {
            checked += 1;
            let fresh = Rater::new().next_step_marked(&grid, &marks, Grade::Expert);
            assert_eq!(fresh.as_ref(), Some(step), "step {k}");
        }
        for &(c, v) in &step.eliminations {
            marks[c as usize] &= !(1 << (v - 1));
        }
        for &(c, v) in &step.placements {
            grid.set(c as usize, v);
        }
    }
    assert!(checked >= past, "{checked} steps checked");
    assert_eq!(grid.values(), &p.solution[..], "the walk ends solved");
}

#[test]
fn every_mathdoku_order_is_made_unique_by_its_cages() {
    for order in 3..=9 {
        let shape = Shape::named("Mathdoku", Some(order)).unwrap();
        for seed in [1, 2, 3] {
            let p = generate(&shape, &Options::default(), seed, None).unwrap();
            let b = board(
                order * order,
                order,
                grid_at(order, 0, 0, order, None),
                &p.shape,
            );
            assert!(satisfies(&b, &p.solution), "Mathdoku {order}");
            let found = search_shape(&p.shape, &p.givens, 2, &Budget::default()).unwrap();
            assert_eq!(found.solutions, 1, "Mathdoku {order} seed {seed}");
        }
    }
}

#[test]
fn a_layout_with_no_filling_makes_the_generator_give_up_naming_it() {
    // These regions force r2c1 and r1c4 to hold the same digit, and more: no 4×4 board of them
    // exists, so the generator gives up, naming the shape.
    let b = board(16, 4, regions(4, NO_FILLING), &region_shape(4, TETROMINO));
    assert_eq!(brute_count(&b, &[], 1).0, 0);
    let shape = region_shape(4, NO_FILLING);
    let e = generate(&shape, &Options::default(), 1, None).unwrap_err();
    assert!(matches!(e, ShapeGenerateError::GaveUp { .. }));
    assert!(e.to_string().contains("tetromino"), "{e}");
    // The named Tetromino is the layout with solutions.
    let cells = |s: &Shape| -> std::collections::BTreeSet<Vec<usize>> {
        s.units().map(|(_, c)| c.to_vec()).collect()
    };
    assert_eq!(
        cells(&Shape::named("Tetromino", None).unwrap()),
        cells(&region_shape(4, TETROMINO))
    );
}

#[test]
fn a_samurai_is_unique_by_the_engine_and_keeps_every_unit() {
    let shape = Shape::named("Samurai", None).unwrap();
    for (seed, symmetric) in [(3, false), (4, true)] {
        let options = Options {
            symmetric,
            ..Options::default()
        };
        let p = generate(&shape, &options, seed, None).unwrap();
        let b = board(shape.positions(), 9, samurai(), &p.shape);
        assert_eq!(
            unit_set(samurai().into_iter()),
            unit_set(shape.units().map(|(_, c)| c.to_vec()))
        );
        assert!(satisfies(&b, &p.solution));
        let found = search_shape(&p.shape, &p.givens, 2, &Budget::default()).unwrap();
        assert_eq!(found.solutions, 1);
        assert_eq!(found.first.as_deref(), Some(p.solution.as_slice()));
        let givens = p.givens.iter().filter(|&&g| g != 0).count();
        assert!(givens < 369 / 2, "{givens} givens");
        if symmetric {
            for c in shape.cells() {
                assert_eq!(p.givens[c] == 0, p.givens[shape.positions() - 1 - c] == 0);
            }
        }
    }
}

#[test]
fn an_easy_samurai_is_solved_by_singles_and_keeps_more_givens() {
    let shape = Shape::named("Samurai", None).unwrap();
    let easy = Options {
        grade: Some(Grade::Easy),
        ..Options::default()
    };
    let p = generate(&shape, &easy, 9, None).unwrap();
    let q = generate(&shape, &Options::default(), 9, None).unwrap();
    let count = |g: &[u8]| g.iter().filter(|&&v| v != 0).count();
    assert!(count(&p.givens) > count(&q.givens));
    let found = search_shape(&p.shape, &p.givens, 2, &Budget::default()).unwrap();
    assert_eq!(found.solutions, 1);
    assert_eq!(p.rating.grade, Grade::Easy);
}

#[test]
fn a_seed_gives_the_same_puzzle_again() {
    for (name, order) in [
        ("TinySamurai", None),
        ("Mathdoku", Some(6)),
        ("Killer", Some(4)),
    ] {
        let shape = Shape::named(name, order).unwrap();
        let a = generate(&shape, &Options::default(), 11, None).unwrap();
        let b = generate(&shape, &Options::default(), 11, None).unwrap();
        let c = generate(&shape, &Options::default(), 12, None).unwrap();
        assert_eq!(a, b, "{name}");
        assert_ne!(a.solution, c.solution, "{name}");
    }
    // Cages asked for on a shape not named for them.
    let shape = Shape::named("TinySamurai", None).unwrap();
    let options = Options {
        cages: Cages::Killer,
        ..Options::default()
    };
    let p = generate(&shape, &options, 5, None).unwrap();
    let b = board(100, 4, tiny_samurai(), &p.shape);
    assert!(!b.cages.is_empty() && satisfies(&b, &p.solution));
    assert_eq!(brute_count(&b, &p.givens, 2).0, 1);
}

#[test]
fn the_engine_counts_what_the_brute_force_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let named = |n: &str, o: Option<usize>| Shape::named(n, o).unwrap();
    let cases = [
        (named("TinySamurai", None), tiny_samurai(), 0.55),
        (named("Roxdoku", Some(9)), cube_planes(), 0.45),
        (named("Pentomino", None), regions(5, PENTOMINO), 0.3),
        (named("Mathdoku", Some(5)), grid_at(5, 0, 0, 5, None), 0.2),
        (
            named("Killer", Some(4)),
            grid_at(4, 0, 0, 4, Some((2, 2))),
            0.1,
        ),
    ];
    // How many boards had no solution, one, and more: each kind is met.
    let mut seen = [0; 3];
    for (shape, units, keep) in cases {
        for round in 0..6 {
            let p = generate(&shape, &Options::default(), round, None).unwrap();
            let b = board(shape.positions(), shape.symbols(), units.clone(), &p.shape);
            // Random givens from the solution, and sometimes one of them changed.
            let mut givens: Vec<u8> = p
                .solution
                .iter()
                .map(|&v| if rng.random_bool(keep) { v } else { 0 })
                .collect();
            if round % 2 == 1 {
                let mut filled: Vec<usize> =
                    (0..givens.len()).filter(|&c| givens[c] != 0).collect();
                filled.shuffle(&mut rng);
                if let Some(&c) = filled.first() {
                    givens[c] = givens[c] % shape.symbols() as u8 + 1;
                }
            }
            let limit = 50;
            let (brute, _) = brute_count(&b, &givens, limit);
            let engine = search_shape(&p.shape, &givens, limit, &Budget::default())
                .map_or(0, |r| r.solutions);
            assert_eq!(engine, brute, "{} round {round}", shape.name());
            seen[brute.min(2) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
}

/// Generation times over ten seeds, in milliseconds: run in release, read, never asserted.
#[test]
#[ignore = "timings: cargo test --release --test shapes -- --ignored --nocapture"]
fn timings() {
    let shapes = [
        ("Samurai", None),
        ("Mathdoku", Some(9)),
        ("Mathdoku", Some(6)),
        ("TinySamurai", None),
        ("Roxdoku", Some(9)),
        ("Roxdoku", Some(16)),
        ("Windmill", None),
        ("Sohei", None),
        ("SamuraiRoxdoku", None),
    ];
    for (name, order) in shapes {
        let shape = Shape::named(name, order).unwrap();
        let mut times: Vec<f64> = Vec::new();
        // Givens, or for Mathdoku its cages and how many of them are one cell.
        let mut givens = Vec::new();
        for seed in 0..10 {
            let start = Instant::now();
            let p = generate(&shape, &Options::default(), seed, None).unwrap();
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            let math = p.shape.math_cages();
            givens.push(if math.is_empty() {
                format!("{}", p.givens.iter().filter(|&&g| g != 0).count())
            } else {
                let singles = math.iter().filter(|c| c.cells.len() == 1).count();
                format!("{}/{singles}", math.len())
            });
        }
        times.sort_by(f64::total_cmp);
        eprintln!(
            "{name:>15} {:>2}: median {:8.1} ms, max {:8.1} ms; givens {givens:?}",
            shape.symbols(),
            (times[4] + times[5]) / 2.0,
            times[9]
        );
    }
}

/// A view's matrix takes a killer cage that a plain matrix refuses (twelve cells of a 36×36 row
/// adding up to 222: 16,509,188 digit sets) and keeps its sum by the engine's sums: the engine's
/// own search over it (as watch mode steps it) finds a solution. With the cage's first eleven
/// cells given 13 to 23, its twelfth is 24.
#[test]
fn a_views_matrix_keeps_the_sum_of_a_cage_it_does_not_list() {
    use sudoku_dlx::sudoku::Geometry;
    use sudoku_dlx::sudoku::board::cage::Cage;
    use sudoku_dlx::sudoku::board::units::Units;
    use sudoku_dlx::sudoku::cover::model::CoverMatrix;
    let units = Units::classic(Geometry::new(6, 6).unwrap());
    let cage = Cage {
        cells: (0..12).collect(),
        sum: 222,
    };
    let shape = Shape::of_units(&units, std::slice::from_ref(&cage)).unwrap();
    let mut values = vec![0u8; 1296];
    for (c, v) in values.iter_mut().take(11).zip(13..) {
        *c = v;
    }
    assert!(CoverMatrix::of_shape(&shape, &values, false).is_err());
    let view = CoverMatrix::of_view(&shape, &values).unwrap();
    let unlisted: Vec<_> = view.unlisted.iter().map(|u| (u.cage, u.left)).collect();
    assert_eq!(unlisted, [(0, 24)]);
    assert!(view.sets.is_empty());
    let mut m = view.matrix().unwrap();
    let mut search = m.search();
    assert!(search.next_solution().is_some());
    let mut filled = values.clone();
    for o in search.solution() {
        for (cell, v) in view.places(o.index()) {
            filled[cell] = v;
        }
    }
    assert_eq!(filled[11], 24);
    let sum: u32 = cage.cells.iter().map(|&c| u32::from(filled[c])).sum();
    assert_eq!(sum, 222);
    // Every cell filled, and no unit repeats a digit.
    assert!(filled.iter().all(|&v| v != 0));
    for u in 0..shape.unit_count() {
        let mut seen = 0u64;
        for &c in shape.unit(u) {
            assert_eq!(seen & 1 << filled[c], 0, "unit {u} repeats {}", filled[c]);
            seen |= 1 << filled[c];
        }
    }
}
