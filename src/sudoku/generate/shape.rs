//! Making puzzles on any [`Shape`]: Samurai and its kin, Roxdoku cubes, jigsaws, killers and
//! Mathdoku, with one solution each, reproducibly from a seed.
//!
//! 1. **A random solution.** The shape's exact-cover matrix ([`CoverMatrix::of_shape`]) is built
//!    with its options in a random order, and the engine's first solution is taken. The engine
//!    always branches on the item with the fewest options and tries that item's options in the
//!    order they were added, so shuffling the options is what makes the solution random; a node
//!    budget bounds the search, and a search that runs out of it means another start.
//! 2. **What is given** depends on the kind of puzzle ([`Cages`]; by default the shape's name
//!    decides: `Killer`, `Mathdoku`, anything else plain):
//!    * **Plain** (Samurai, Roxdoku, Tetromino, ...): every cell starts given, and the givens
//!      go in a random order (a cell and its twin under a half turn of the layout together, if
//!      asked) while the puzzle stays unique: a count to two by [`search_shape`] within a node
//!      budget, where running out of the budget counts as "not unique" and the given stays.
//!    * **Killer**: cages of 1 to 5 connected cells with no digit twice are cut from the
//!      solution (cells are connected when they are next to each other on the layout: along a
//!      row, a column, or from layer to layer in a cube), each with its digits' sum; then givens
//!      as the square killers of [`variant`](super::variant) get them: those the rater needs
//!      to fill the board with the grade's techniques, each taken away again where it can be;
//!      for expert or no grade, those that logic up to hard needs, taken away while a count says
//!      the solution stays unique.
//!    * **Mathdoku**: the solution is a Latin square; the cells are cut into connected cages of
//!      mostly 2 to 4 cells (a few single cells, and on boards of 7 or more a few of 5), and each
//!      cage gets an operation weighted as KSudoku and Solo weight them: two cells that divide
//!      mostly take ÷, other pairs mostly −, the rest + or × at random, a single cell is given.
//!      While a count to two finds a second solution, a cage that holds a cell where the two
//!      solutions differ (one of three cells or more, if any does) changes: a pair takes the
//!      next stronger operation while it has one (+, −, ×, ÷), any other cage is cut again into
//!      smaller connected cages (of at most half its cells, each with a new operation), until
//!      the cages alone make the solution unique. A count that
//!      runs out of its budget, or too many cuts, means another start.
//! 3. **Grades.** The rater ([`logic`](crate::sudoku::logic)) reads a shape's units as it
//!    reads rows and boxes, and its cages, so a shape's puzzle is graded as a square one is.
//!    With no grade asked, the puzzle is *unique* and as sparse as the digging leaves it (it may
//!    well need search). Asked for easy, medium or hard, a plain puzzle's givens go only while
//!    the rater, with the techniques of that grade, still fills the board (which proves the
//!    solution unique); asked for expert, while the count says unique. A killer's givens come
//!    as above; a Mathdoku's cages decide its grade. The finished puzzle is rated with every
//!    technique, and one of another grade than asked means a new start (a killer tries up to
//!    400 sets of cages, a cheap start, as its grade rests on them).
//!
//! Everything random comes from one ChaCha8 stream of the seed, and every budget counts nodes,
//! not time: a seed gives the same puzzle on every machine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::sudoku::board::cage::{Cage, MathCage, Operation};
use crate::sudoku::board::grid::Grid;
use crate::sudoku::board::kind::Cages;
use crate::sudoku::board::shape::{Shape, ShapeError};
use crate::sudoku::cover::general::{Budget, GeneralReport, search_shape};
use crate::sudoku::cover::model::CoverMatrix;
use crate::sudoku::logic::{Grade, Rater, Rating};

use super::variant::{
    KILLER_ATTEMPTS, KILLER_UNIQUE_NODES, a_difference, graded_killer_givens, grow_cages,
    killer_cages, remove_clues,
};

/// Nodes the search for a random solution may take before a new start.
const FILL_NODES: u64 = 200_000;
/// Nodes a count to two may take; past it the puzzle counts as not unique.
const UNIQUE_NODES: u64 = 200_000;
/// Starts before giving up.
const ATTEMPTS: u32 = 30;

/// What to make (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// Which cages.
    pub cages: Cages,
    /// Givens symmetric under a half turn of the layout (plain puzzles).
    pub symmetric: bool,
    /// `None`: unique, of whatever grade; else unique and of that grade.
    pub grade: Option<Grade>,
}

/// A new puzzle on a shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapePuzzle {
    /// The board, with the cages it was given, if any.
    pub shape: Shape,
    /// Its rating, with every technique.
    pub rating: Rating,
    /// The givens, one per position, 0 where empty (and in holes).
    pub givens: Vec<u8>,
    /// Its one solution, one digit per position (0 in holes).
    pub solution: Vec<u8>,
    /// The seed it came from.
    pub seed: u64,
    /// Starts before this one came out.
    pub attempts: u32,
    /// Nodes searched for it altogether.
    pub nodes: u64,
}

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeGenerateError {
    /// The cancel flag was set.
    #[error("generating was cancelled")]
    Cancelled,
    /// Every start allowed failed.
    #[error("no {grade} {shape} puzzle found in {attempts} attempts; try another seed{or}")]
    GaveUp {
        /// The shape's name.
        shape: String,
        /// The grade asked for, or `unique`.
        grade: String,
        /// `or grade` when a grade was asked for.
        or: &'static str,
        /// Starts made.
        attempts: u32,
    },
}

/// Makes a puzzle on `shape` from `seed`, as `options` ask (see the module docs).
pub fn generate(
    shape: &Shape,
    options: &Options,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Result<ShapePuzzle, ShapeGenerateError> {
    let kind = options.cages.resolve(shape);
    let mut rater = Rater::new();
    // New cages replace any the shape has.
    let bare;
    let base = if kind == Cages::Plain
        || (shape.cages().is_empty() && shape.math_cages().is_empty())
    {
        shape
    } else {
        bare = with_cages(shape, Vec::new(), Vec::new()).map_err(|_| gave_up(shape, options, 0))?;
        &bare
    };
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let mut run = Run {
        rng: ChaCha8Rng::seed_from_u64(seed),
        nodes: 0,
        cancel,
    };
    // A killer's grade rests on its random cages, and a start is cheap: many more are tried.
    let attempts = if kind == Cages::Killer {
        KILLER_ATTEMPTS
    } else {
        ATTEMPTS
    };
    for attempt in 1..=attempts {
        if cancelled() {
            return Err(ShapeGenerateError::Cancelled);
        }
        let Some(solution) = random_solution(base, &[], &mut run.rng, FILL_NODES, cancel) else {
            continue;
        };
        let made = match kind {
            Cages::Killer => killer(base, &solution, options.grade, &mut rater, &mut run),
            Cages::Mathdoku => mathdoku(base, &solution, &mut run),
            _ => Some((
                base.clone(),
                dig(base, &solution, options, &mut rater, &mut run),
            )),
        };
        // A count stopped by the flag reads as "not unique": what it left is not a puzzle.
        if cancelled() {
            return Err(ShapeGenerateError::Cancelled);
        }
        if let Some((shape, givens)) = made {
            let Some(rating) = rate(&mut rater, &shape, &givens) else {
                continue;
            };
            if options.grade.is_some_and(|g| g != rating.grade) {
                continue;
            }
            return Ok(ShapePuzzle {
                rating,
                shape,
                givens,
                solution,
                seed,
                attempts: attempt,
                nodes: run.nodes,
            });
        }
    }
    Err(gave_up(shape, options, attempts))
}

/// What a run carries from start to start: its random stream, the nodes searched so far, and
/// the cancel flag.
struct Run<'a> {
    rng: ChaCha8Rng,
    nodes: u64,
    cancel: Option<&'a AtomicBool>,
}

/// The error of a shape that no start made a puzzle of.
fn gave_up(shape: &Shape, options: &Options, attempts: u32) -> ShapeGenerateError {
    ShapeGenerateError::GaveUp {
        shape: shape.name().to_string(),
        grade: options
            .grade
            .map_or_else(|| "unique".to_string(), |g| g.to_string()),
        or: if options.grade.is_some() {
            " or grade (small boards and cages rarely need more than singles)"
        } else {
            ""
        },
        attempts,
    }
}

/// A random solution of `shape` holding `values` (0 where open; shorter means the rest open):
/// the engine's first exact cover of the shape's matrix built with its options shuffled. `None`
/// if there is none, or `node_limit` nodes or the cancel flag stopped the search first.
pub fn random_solution(
    shape: &Shape,
    values: &[u8],
    rng: &mut impl Rng,
    node_limit: u64,
    cancel: Option<&AtomicBool>,
) -> Option<Vec<u8>> {
    let cover = CoverMatrix::of_shape(shape, values, false).ok()?;
    let mut order: Vec<usize> = (0..cover.option_count()).collect();
    order.shuffle(rng);
    let mut m = cover.matrix_in_order(&order).ok()?;
    let mut search = m.search().with_pruning(true).with_node_limit(node_limit);
    if let Some(flag) = cancel {
        search = search.with_cancel(flag);
    }
    let found = search.next_solution()?;
    let mut out = values.to_vec();
    out.resize(shape.positions(), 0);
    for option in found {
        for (cell, v) in cover.places(*order.get(option.index())?) {
            *out.get_mut(cell)? = v;
        }
    }
    Some(out)
}

/// The rater's verdict on `values` on `shape`, with the techniques up to `grade` (every one:
/// [`Grade::Hard`]). `None` if the values do not fit the shape.
fn rate_up_to(
    rater: &mut Rater,
    shape: &Arc<Shape>,
    values: &[u8],
    grade: Grade,
) -> Option<Rating> {
    let board = Grid::on_shape(shape.clone(), None).ok()?;
    let board = board.with_values(values.to_vec())?;
    Some(rater.rate_up_to(&board, grade))
}

/// A puzzle's rating with every technique.
fn rate(rater: &mut Rater, shape: &Shape, values: &[u8]) -> Option<Rating> {
    rate_up_to(rater, &Arc::new(shape.clone()), values, Grade::Hard)
}

/// Counts the solutions of `shape` with `cells` to two within `nodes` nodes: `None` past them,
/// or when the board cannot be searched. Adds the nodes to `spent`. With `sums`, by the
/// solver's full search (a killer's sums kept inside it); else by its search with pruning by
/// pairs only.
fn count(
    shape: &Shape,
    cells: &[u8],
    nodes: u64,
    sums: bool,
    spent: &mut u64,
    cancel: Option<&AtomicBool>,
) -> Option<GeneralReport> {
    let budget = Budget {
        node_limit: Some(nodes),
        cancel,
        pairs_only: !sums,
        ..Budget::default()
    };
    let found = search_shape(shape, cells, 2, &budget).ok()?;
    *spent += found.stats.nodes;
    (!found.gave_up).then_some(found)
}

/// A plain puzzle's givens: the solution's, taken away in a random order (by twins under a
/// half turn, if asked) while the puzzle stays unique: by the rater with the techniques of the
/// grade asked for (easy to hard), else by a count.
fn dig(
    shape: &Shape,
    solution: &[u8],
    options: &Options,
    rater: &mut Rater,
    run: &mut Run<'_>,
) -> Vec<u8> {
    let cancel = run.cancel;
    let board = Arc::new(shape.clone());
    let logic = options.grade.filter(|&g| g < Grade::Expert);
    let mut keeps = |cells: &[u8], spent: &mut u64| match logic {
        Some(grade) => rate_up_to(rater, &board, cells, grade).is_some_and(|r| r.solved),
        None => count(shape, cells, UNIQUE_NODES, false, spent, cancel)
            .is_some_and(|f| f.solutions == 1),
    };
    remove_clues(
        solution,
        orbits(shape, options.symmetric),
        &mut keeps,
        &mut run.rng,
        &mut run.nodes,
    )
}

/// The cells in groups that go together: each alone, or with `symmetric` each with its twin
/// under a half turn of the layout (where the twin is a cell).
fn orbits(shape: &Shape, symmetric: bool) -> Vec<Vec<usize>> {
    let l = shape.layout();
    shape
        .cells()
        .filter_map(|cell| {
            let (x, y, z) = l.coordinates(cell);
            let twin = l.position(l.width - 1 - x, l.height - 1 - y, l.depth - 1 - z);
            if !symmetric || twin == cell || !shape.is_cell(twin) {
                Some(vec![cell])
            } else {
                // Each pair once, from its smaller cell.
                (cell < twin).then(|| vec![cell, twin])
            }
        })
        .collect()
}

/// The cells next to `cell` on the shape's layout: along a row, a column, or between layers.
fn neighbours(shape: &Shape, cell: usize) -> Vec<usize> {
    let l = shape.layout();
    let (x, y, z) = l.coordinates(cell);
    let steps = [
        (x > 0).then(|| (x - 1, y, z)),
        (x + 1 < l.width).then_some((x + 1, y, z)),
        (y > 0).then(|| (x, y - 1, z)),
        (y + 1 < l.height).then_some((x, y + 1, z)),
        (z > 0).then(|| (x, y, z - 1)),
        (z + 1 < l.depth).then_some((x, y, z + 1)),
    ];
    steps
        .into_iter()
        .flatten()
        .map(|(x, y, z)| l.position(x, y, z))
        .filter(|&p| shape.is_cell(p))
        .collect()
}

/// `shape`'s units with these cages (and none of its own).
fn with_cages(shape: &Shape, cages: Vec<Cage>, math: Vec<MathCage>) -> Result<Shape, ShapeError> {
    let mut b = Shape::builder(shape.name(), shape.layout(), shape.symbols());
    for (name, cells) in shape.units() {
        b.unit(name, cells.to_vec());
    }
    for cage in cages {
        b.cage(cage);
    }
    for cage in math {
        b.math_cage(cage);
    }
    b.build()
}

/// A killer on `shape`: cages cut from the solution, and the givens its `grade` needs where they
/// leave it open.
fn killer(
    shape: &Shape,
    solution: &[u8],
    grade: Option<Grade>,
    rater: &mut Rater,
    run: &mut Run<'_>,
) -> Option<(Shape, Vec<u8>)> {
    let cells: Vec<usize> = shape.cells().collect();
    let cages = killer_cages(solution, &cells, |c| neighbours(shape, c), &mut run.rng);
    let caged = Arc::new(with_cages(shape, cages, Vec::new()).ok()?);
    let cancel = run.cancel;
    let mut reach = |cells: &[u8], grade| match rate_up_to(rater, &caged, cells, grade) {
        Some(_) => rater.values().to_vec(),
        None => cells.to_vec(),
    };
    let mut counter = |cells: &[u8], spent: &mut u64| {
        count(&caged, cells, KILLER_UNIQUE_NODES, true, spent, cancel)
    };
    let givens = graded_killer_givens(
        solution,
        true,
        grade,
        &mut reach,
        &mut counter,
        &mut run.rng,
        &mut run.nodes,
        cancel,
    )?;
    Some((Arc::unwrap_or_clone(caged), givens))
}

/// A Mathdoku on `shape`: cages with operations cut from the solution, cut smaller where a
/// second solution differs until the cages alone make the solution unique.
fn mathdoku(shape: &Shape, solution: &[u8], run: &mut Run<'_>) -> Option<(Shape, Vec<u8>)> {
    let sizes: &[usize] = match shape.symbols() {
        0..=4 => &[1, 2, 2, 2, 3, 3, 4],
        5 | 6 => &[1, 2, 2, 2, 3, 3, 3, 4, 4],
        _ => &[1, 2, 2, 2, 3, 3, 3, 4, 4, 5],
    };
    let cells: Vec<usize> = shape.cells().collect();
    let any = |_: &[usize], _: usize| true;
    let rng = &mut run.rng;
    let groups = grow_cages(&cells, sizes, |c| neighbours(shape, c), any, rng);
    let mut cages: Vec<MathCage> = groups
        .into_iter()
        .map(|g| operation(g, solution, rng))
        .collect();
    let empty = vec![0u8; shape.positions()];
    for _ in 0..cells.len() {
        let caged = with_cages(shape, Vec::new(), cages.clone()).ok()?;
        let found = count(
            &caged,
            &empty,
            UNIQUE_NODES,
            false,
            &mut run.nodes,
            run.cancel,
        )?;
        if found.solutions == 1 {
            return Some((caged, empty));
        }
        // Of two solutions one differs from ours; a cage where it does changes, a cage of three
        // cells or more first.
        let big: Vec<usize> = cages
            .iter()
            .filter(|c| c.cells.len() > 2)
            .flat_map(|c| c.cells.iter().copied())
            .collect();
        let cell = a_difference(&found, solution, &big, rng)
            .or_else(|| a_difference(&found, solution, &cells, rng))?;
        let k = cages.iter().position(|c| c.cells.contains(&cell))?;
        // A pair takes a stronger operation while there is one; anything else is cut.
        if let Some(op) = stronger(&cages[k], solution) {
            let digits: Vec<u8> = cages[k].cells.iter().map(|&c| solution[c]).collect();
            cages[k].op = op;
            cages[k].target = target(op, &digits);
            continue;
        }
        let cut = cages.swap_remove(k).cells;
        let half = cut.len().div_ceil(2).min(cut.len() - 1).max(1);
        let parts = grow_cages(&cut, &[half], |c| neighbours(shape, c), any, rng);
        cages.extend(parts.into_iter().map(|g| operation(g, solution, rng)));
    }
    None
}

/// The next operation a two-cell cage tries when it leaves the solution open: after `+` comes
/// `−`, then `×`, then `÷` (only where the digits divide), so that no cage goes round in a
/// circle; `None` past `÷`, or for a cage of another size.
fn stronger(cage: &MathCage, solution: &[u8]) -> Option<Operation> {
    let [a, b] = *cage.cells.as_slice() else {
        return None;
    };
    let (lo, hi) = (solution[a].min(solution[b]), solution[a].max(solution[b]));
    let divides = lo > 0 && lo != hi && hi % lo == 0;
    match cage.op {
        Operation::Add => Some(Operation::Subtract).filter(|_| lo != hi),
        Operation::Subtract => Some(Operation::Multiply),
        Operation::Multiply => Some(Operation::Divide).filter(|_| divides),
        Operation::Divide | Operation::Given => None,
    }
}

/// What `digits` make by `op` (− and ÷ of two: the larger less, or over, the smaller).
fn target(op: Operation, digits: &[u8]) -> u64 {
    let d = || digits.iter().map(|&x| u64::from(x));
    let (lo, hi) = (d().min().unwrap_or(0), d().max().unwrap_or(0));
    match op {
        Operation::Add | Operation::Given => d().sum(),
        Operation::Multiply => d().product(),
        Operation::Subtract => hi - lo,
        Operation::Divide => hi.checked_div(lo).unwrap_or(0),
    }
}

/// A Mathdoku cage of `cells` with an operation drawn for the solution's digits there: a given
/// for one cell; for two, ÷ (two times in three) where they divide, else − (three times in
/// four), else + or ×; for more, × (two times in five) or +.
fn operation(cells: Vec<usize>, solution: &[u8], rng: &mut ChaCha8Rng) -> MathCage {
    let digits: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
    let op = match *digits.as_slice() {
        [_] => Operation::Given,
        [a, b] if a != b => {
            let (lo, hi) = (a.min(b), a.max(b));
            if lo > 0 && hi % lo == 0 && rng.random_bool(2.0 / 3.0) {
                Operation::Divide
            } else if rng.random_bool(0.75) {
                Operation::Subtract
            } else if rng.random_bool(0.5) {
                Operation::Multiply
            } else {
                Operation::Add
            }
        }
        _ if rng.random_bool(0.4) => Operation::Multiply,
        _ => Operation::Add,
    };
    let target = target(op, &digits);
    MathCage { cells, op, target }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn made(name: &str, order: Option<usize>, options: Options, seed: u64) -> ShapePuzzle {
        let shape = Shape::named(name, order).unwrap();
        generate(&shape, &options, seed, None).unwrap()
    }

    /// Every unit of the solution holds no digit twice, and the givens agree with it.
    fn consistent(p: &ShapePuzzle) {
        for (_, cells) in p.shape.units() {
            let mut seen: Vec<u8> = cells.iter().map(|&c| p.solution[c]).collect();
            assert!(seen.iter().all(|&v| v >= 1));
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), cells.len());
        }
        for (c, &g) in p.givens.iter().enumerate() {
            assert!(g == 0 || g == p.solution[c]);
        }
    }

    fn unique(p: &ShapePuzzle) -> bool {
        let found = search_shape(&p.shape, &p.givens, 2, &Budget::default()).unwrap();
        found.solutions == 1 && found.first.as_deref() == Some(p.solution.as_slice())
    }

    #[test]
    fn a_random_solution_fills_every_cell_and_depends_on_the_seed() {
        let shape = Shape::named("TinySamurai", None).unwrap();
        let mut a = ChaCha8Rng::seed_from_u64(1);
        let mut b = ChaCha8Rng::seed_from_u64(2);
        let first = random_solution(&shape, &[], &mut a, FILL_NODES, None).unwrap();
        let second = random_solution(&shape, &[], &mut b, FILL_NODES, None).unwrap();
        assert!(shape.cells().all(|c| first[c] != 0));
        assert_ne!(first, second);
    }

    #[test]
    fn plain_killer_and_mathdoku_puzzles_are_unique() {
        for (name, order) in [
            ("TinySamurai", None),
            ("Killer", Some(4)),
            ("Mathdoku", Some(5)),
        ] {
            let p = made(name, order, Options::default(), 7);
            consistent(&p);
            assert!(unique(&p), "{name}");
        }
        let p = made("Mathdoku", Some(5), Options::default(), 7);
        assert!(p.givens.iter().all(|&g| g == 0));
        assert!(
            p.shape
                .math_cages()
                .iter()
                .all(|c| c.makes(&c.cells.iter().map(|&x| p.solution[x]).collect::<Vec<_>>()))
        );
    }

    #[test]
    fn symmetric_givens_come_in_twins() {
        let options = Options {
            symmetric: true,
            ..Options::default()
        };
        let p = made("Pentomino", None, options, 3);
        let l = p.shape.layout();
        for c in p.shape.cells() {
            let (x, y, z) = l.coordinates(c);
            let twin = l.position(l.width - 1 - x, l.height - 1 - y, l.depth - 1 - z);
            assert_eq!(p.givens[c] == 0, p.givens[twin] == 0);
        }
        assert!(unique(&p));
    }

    #[test]
    fn puzzles_come_in_the_grade_asked_for() {
        let mut rater = Rater::new();
        for (name, order, grade, seed) in [
            ("Samurai", None, Grade::Easy, 5),
            ("Samurai", None, Grade::Medium, 5),
            ("Aztec", None, Grade::Hard, 1),
            ("Nonomino", None, Grade::Expert, 1),
            ("Roxdoku", Some(9), Grade::Hard, 3),
            ("Killer", Some(9), Grade::Medium, 1),
            ("Mathdoku", Some(4), Grade::Easy, 1),
        ] {
            let options = Options {
                grade: Some(grade),
                ..Options::default()
            };
            let p = made(name, order, options, seed);
            consistent(&p);
            assert!(unique(&p), "{name}");
            assert_eq!(p.rating.grade, grade, "{name}: {:?}", p.rating);
            let again = rate(&mut rater, &p.shape, &p.givens).unwrap();
            assert_eq!(again, p.rating);
            if grade < Grade::Expert {
                // Logic alone fills it, to the solution the generator started from.
                assert!(p.rating.solved);
                assert_eq!(rater.values(), &p.solution[..], "{name}");
            }
        }
        // A small board that singles always finish has no harder puzzle: the error says so.
        let shape = Shape::named("TinySamurai", None).unwrap();
        let hard = Options {
            grade: Some(Grade::Hard),
            ..Options::default()
        };
        let e = generate(&shape, &hard, 1, None).unwrap_err().to_string();
        assert!(
            e.contains("no hard TinySamurai puzzle") && e.contains("grade"),
            "{e}"
        );
        // Nothing left for singles on an empty board.
        let shape = Shape::named("Samurai", None).unwrap();
        let empty = vec![0; shape.positions()];
        assert!(!rate(&mut rater, &shape, &empty).unwrap().solved);
    }

    #[test]
    fn a_cancelled_run_says_so() {
        let shape = Shape::named("Samurai", None).unwrap();
        let flag = AtomicBool::new(true);
        assert_eq!(
            generate(&shape, &Options::default(), 1, Some(&flag)),
            Err(ShapeGenerateError::Cancelled)
        );
    }
}
