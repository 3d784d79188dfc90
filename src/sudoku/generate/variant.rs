//! Making variant puzzles with one solution, reproducibly from a seed (one of the three ways of
//! making behind [`generate`](super::generate)).
//!
//! 1. **The rules.** X and hyper add their units to the board's. A jigsaw's regions are grown
//!    from the boxes by random swaps: a cell of one region and a cell of a neighbouring region
//!    trade places whenever both regions stay connected, `side²·8` times over, which leaves few
//!    traces of the start.
//! 2. **A full grid** from the exact-cover search of [`general`]: the first row
//!    is a random arrangement of the symbols (every grid has one, and renaming symbols keeps
//!    every rule), a few more cells get random candidates, and the search, within a node budget,
//!    fills the rest; when it cannot, another try starts (a jigsaw with new regions).
//! 3. **Killer cages** partition the full grid: from each cell not yet in a cage, a cage grows
//!    into random neighbours, up to a random size of 1 to 5 cells, never taking a digit twice;
//!    its sum is its digits'.
//! 4. **Givens.** An X, hyper or jigsaw puzzle starts from the full grid and gives up clues in
//!    random order while the [`Rater`], with the techniques of the grade asked for and the
//!    variant's units, still fills the board (which proves the solution unique); for expert,
//!    while the solution stays unique, by a count to two with the same search. A killer goes the
//!    other way, since its cages alone often come close to deciding it: it starts with no
//!    givens, and while the rater, with the grade's techniques, cannot fill the board, a random
//!    cell that it left open gets its given; then each given goes again, in random order, if
//!    the rater still fills the board without it. No search is needed: logic that never
//!    guesses proves the solution unique. For expert, the givens that logic up to hard needs
//!    are the start, and each goes again while a count to two, by the solver's full search
//!    with the sums inside it, says the solution stays unique. Asked for no givens, a killer
//!    takes new cages until a count says they alone make the solution unique.
//! 5. **The grade is checked** as for classic puzzles: the finished puzzle is rated with every
//!    technique, and a puzzle of another grade than the one asked for means a new start (for a
//!    killer, whose grade its cages decide, the usual way to another grade).
//!
//! Everything random comes from a ChaCha8 stream of the seed and the puzzle's index, so a seed
//! gives the same puzzles on every machine; the node budgets (not time) keep it so.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::sudoku::board::cage::Cage;
use crate::sudoku::board::grid::{Grid, Notation};
use crate::sudoku::board::variant::{Rules, Variant};
use crate::sudoku::cover::general::{self, Budget};
use crate::sudoku::logic::hint::{candidates, values_of};
use crate::sudoku::logic::{Grade, Rater};

use super::outcome::{GenerateError, Generated};

/// Nodes a full grid's search may take before a new start.
const FILL_NODES: u64 = 50_000;
/// Nodes a uniqueness count may take; past it, the clue stays.
const UNIQUE_NODES: u64 = 200_000;
/// Nodes a killer's uniqueness count may take. It counts with the full search, whose sums
/// decide a killer in a few hundred nodes where pruning by pairs alone runs out of 200,000
/// (benches/README.md, "Generating").
pub(super) const KILLER_UNIQUE_NODES: u64 = 20_000;
/// Starts before giving up.
const ATTEMPTS: u32 = 50;
/// Starts before giving up on a killer (the shapes' generator's too).
pub(super) const KILLER_ATTEMPTS: u32 = 400;

/// What a request asks of this generator: its variant board unpacked, the grade, and whether a
/// killer may have givens.
#[derive(Debug, Clone, Copy)]
pub(super) struct Asked<'a> {
    /// The board's side, box shape and symbols.
    pub(super) notation: &'a Notation,
    /// X: diagonals.
    pub(super) x: bool,
    /// Hyper: windows.
    pub(super) hyper: bool,
    /// Jigsaw: random regions.
    pub(super) jigsaw: bool,
    /// Killer: cages.
    pub(super) killer: bool,
    /// The grade.
    pub(super) grade: Grade,
    /// False: a killer's cages alone make the solution unique, as forms such as SumoCue's need.
    pub(super) givens: bool,
}

/// Makes puzzle `index` of the batch seeded with `seed`, as `asked`.
pub(super) fn generate(
    asked: Asked<'_>,
    seed: u64,
    index: u64,
    cancel: Option<&AtomicBool>,
) -> Result<Generated, GenerateError> {
    let Asked {
        notation,
        x,
        hyper,
        jigsaw,
        killer,
        grade,
        givens: allowed,
    } = asked;
    let mut rater = Rater::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let geometry = notation.geometry;
    let side = geometry.side();
    let mut nodes = 0;
    let attempts = if killer { KILLER_ATTEMPTS } else { ATTEMPTS };
    for attempt in 1..=attempts {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(GenerateError::Cancelled);
        }
        let rules = Rules {
            diagonals: x,
            windows: hyper,
            regions: jigsaw.then(|| random_regions(side, |c| geometry.box_of(c), &mut rng)),
            cages: Vec::new(),
        };
        let variant = Variant::new(geometry, rules.clone())
            .map_err(|e| GenerateError::Unsupported(e.to_string()))?;
        let empty = Grid::empty(notation.clone());
        let Some(full) = fill(&empty, &variant, &mut rng, &mut nodes, cancel) else {
            continue;
        };
        let (variant, givens) = if killer {
            let cages = random_cages(&full, &mut rng);
            let rules = Rules { cages, ..rules };
            let Ok(variant) = Variant::new(geometry, rules) else {
                continue;
            };
            let variant = Arc::new(variant);
            let mut reach = |cells: &[u8], grade| match board(notation, cells, &variant) {
                Some(b) => {
                    rater.rate_up_to(&b, grade);
                    rater.values().to_vec()
                }
                None => cells.to_vec(),
            };
            let mut counter = |cells: &[u8], spent: &mut u64| {
                count(&variant, cells, 2, KILLER_UNIQUE_NODES, true, spent, cancel)
            };
            let givens = graded_killer_givens(
                full.values(),
                allowed,
                Some(grade),
                &mut reach,
                &mut counter,
                &mut rng,
                &mut nodes,
                cancel,
            );
            let Some(givens) = givens else {
                continue;
            };
            (variant, givens)
        } else {
            let variant = Arc::new(variant);
            let mut keeps = |cells: &[u8], spent: &mut u64| {
                if grade == Grade::Expert {
                    return count(&variant, cells, 2, UNIQUE_NODES, false, spent, cancel)
                        .is_some_and(|f| f.solutions == 1);
                }
                board(notation, cells, &variant).is_some_and(|b| rater.rate_up_to(&b, grade).solved)
            };
            let cells = (0..full.values().len()).map(|c| vec![c]).collect();
            let givens = remove_clues(full.values(), cells, &mut keeps, &mut rng, &mut nodes);
            (variant, givens)
        };
        let Some(puzzle) = board(notation, &givens, &variant) else {
            continue;
        };
        let rating = rater.rate(&puzzle);
        if rating.grade != grade {
            continue;
        }
        if let Ok(solution) = full.with_variant(Some(variant)) {
            return Ok(Generated {
                puzzle,
                solution,
                rating,
                attempts: attempt,
                nodes,
                seed,
                index,
            });
        }
    }
    Err(GenerateError::GaveUp {
        wanted: grade.to_string(),
        attempts,
        hint: " or grade",
    })
}

/// The board of `cells` under `variant`.
fn board(notation: &Notation, cells: &[u8], variant: &Arc<Variant>) -> Option<Grid> {
    Grid::from_values(notation.clone(), cells.to_vec())?
        .with_variant(Some(Arc::clone(variant)))
        .ok()
}

/// Counts the solutions of `cells` under `variant` up to `limit`, within `nodes` nodes: `None` if
/// the budget ran out. Adds the nodes to `spent`. With `sums`, the solver's full search counts
/// (a killer's sums kept inside it); else its search with pruning by pairs only, whose nodes are
/// cheap and whose puzzles do not change as the full search grows stronger.
fn count(
    variant: &Variant,
    cells: &[u8],
    limit: u64,
    nodes: u64,
    sums: bool,
    spent: &mut u64,
    cancel: Option<&AtomicBool>,
) -> Option<general::GeneralReport> {
    let budget = Budget {
        node_limit: Some(nodes),
        cancel,
        pairs_only: !sums,
        ..Budget::default()
    };
    let found = general::search(variant.units(), cells, variant.cages(), limit, &budget).ok()?;
    *spent += found.stats.nodes;
    (!found.gave_up).then_some(found)
}

/// A random full grid of the variant's units, or `None` if this start found none.
fn fill(
    empty: &Grid,
    variant: &Variant,
    rng: &mut ChaCha8Rng,
    spent: &mut u64,
    cancel: Option<&AtomicBool>,
) -> Option<Grid> {
    let side = empty.geometry().side();
    let mut board = empty
        .clone()
        .with_variant(Some(Arc::new(variant.clone())))
        .ok()?;
    let mut first: Vec<u8> = (1..=side as u8).collect();
    first.shuffle(rng);
    for (c, v) in first.into_iter().enumerate() {
        board.set(c, v);
    }
    // A few more random cells, each with a candidate left by those before.
    let mut cells: Vec<usize> = (side..side * side).collect();
    cells.shuffle(rng);
    for &cell in cells.iter().take(side / 2) {
        let cand: Vec<u8> = values_of(candidates(&board)[cell]).collect();
        if let Some(&v) = cand.get(rng.random_range(0..cand.len().max(1))) {
            board.set(cell, v);
        }
    }
    let found = count(variant, board.values(), 1, FILL_NODES, false, spent, cancel)?;
    Grid::from_values(empty.notation().clone(), found.first?)
}

/// Takes clues away from a full grid in random order while `keeps` says the puzzle is still
/// good (unique, and of the grade): the cells of each of `orbits` (single cells, or a cell and
/// its twin under a symmetry) go together or stay together. The shapes' generator digs this way
/// too.
pub(super) fn remove_clues(
    full: &[u8],
    mut orbits: Vec<Vec<usize>>,
    keeps: &mut impl FnMut(&[u8], &mut u64) -> bool,
    rng: &mut ChaCha8Rng,
    spent: &mut u64,
) -> Vec<u8> {
    let mut cells = full.to_vec();
    orbits.shuffle(rng);
    for orbit in orbits {
        for &cell in &orbit {
            cells[cell] = 0;
        }
        if !keeps(&cells, spent) {
            for &cell in &orbit {
                cells[cell] = full[cell];
            }
        }
    }
    cells
}

/// A killer's givens, cut from its `full` grid. Where givens are not `allowed`, none: the cages
/// alone must make the solution unique ([`killer_givens`] says whether they do). For a `grade`
/// from easy to hard, the givens that logic with that grade's techniques needs
/// ([`logic_givens`]). For expert, and for no grade (the shapes' generator: unique, as sparse
/// as it comes), those that logic up to hard needs, then each taken away again while `count`
/// says the solution stays unique ([`killer_givens`]). `reach` gives the values the rater
/// fills in from some givens with the techniques of a grade.
#[allow(clippy::too_many_arguments)]
pub(super) fn graded_killer_givens(
    full: &[u8],
    allowed: bool,
    grade: Option<Grade>,
    reach: &mut impl FnMut(&[u8], Grade) -> Vec<u8>,
    count: &mut impl FnMut(&[u8], &mut u64) -> Option<general::GeneralReport>,
    rng: &mut ChaCha8Rng,
    spent: &mut u64,
    cancel: Option<&AtomicBool>,
) -> Option<Vec<u8>> {
    match grade {
        _ if !allowed => killer_givens(full, vec![0; full.len()], count, false, rng, spent, cancel),
        Some(grade) if grade < Grade::Expert => {
            logic_givens(full, &mut |cells| reach(cells, grade), rng, cancel)
        }
        _ => {
            let start = logic_givens(full, &mut |cells| reach(cells, Grade::Hard), rng, cancel)?;
            killer_givens(full, start, count, true, rng, spent, cancel)
        }
    }
}

/// Givens that make a killer's solution unique, from the givens of `start`: no more if the
/// cages and those already do; else (where givens are `allowed`) cells where a second solution
/// differs from the full grid. Then each given, those of `start` too, is taken away again where
/// the solution stays unique without it. `count` counts a board's solutions to two within a
/// budget (`None` past it), adding the nodes it took.
fn killer_givens(
    full: &[u8],
    start: Vec<u8>,
    count: &mut impl FnMut(&[u8], &mut u64) -> Option<general::GeneralReport>,
    allowed: bool,
    rng: &mut ChaCha8Rng,
    spent: &mut u64,
    cancel: Option<&AtomicBool>,
) -> Option<Vec<u8>> {
    let n = full.len();
    let mut cells = start;
    let mut added: Vec<usize> = (0..n).filter(|&c| cells[c] != 0).collect();
    loop {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        // Open cells (a hole of a shape is 0 in the full grid too, and never open).
        let open: Vec<usize> = (0..n).filter(|&c| cells[c] == 0 && full[c] != 0).collect();
        let cell = match count(&cells, spent) {
            Some(found) if found.solutions == 1 => break,
            _ if !allowed => return None,
            // Of two solutions, one differs from the full grid: a given where it differs
            // rules it out.
            Some(found) => a_difference(&found, full, &open, rng)?,
            // Too open to count within the budget: any given narrows it.
            None => *open.get(rng.random_range(0..open.len().max(1)))?,
        };
        cells[cell] = full[cell];
        added.push(cell);
    }
    added.shuffle(rng);
    for cell in added {
        let v = std::mem::replace(&mut cells[cell], 0);
        let unique = count(&cells, spent).is_some_and(|f| f.solutions == 1);
        if !unique {
            cells[cell] = v;
        }
    }
    Some(cells)
}

/// Givens that let logic finish a killer: while the board that logic reaches from them (`reach`:
/// the values the rater fills in, with the techniques of the grade asked for) is not the full
/// grid, a random cell it left open gets its given; then each given goes again, in a random
/// order, where logic still reaches the full grid without it. Logic never guesses, so a board
/// it fills has one solution, and no search is needed to prove it. `None` if `cancel` stopped
/// it. The shapes' generator gives its graded killers givens this way too.
pub(super) fn logic_givens(
    full: &[u8],
    reach: &mut impl FnMut(&[u8]) -> Vec<u8>,
    rng: &mut ChaCha8Rng,
    cancel: Option<&AtomicBool>,
) -> Option<Vec<u8>> {
    let mut cells = vec![0u8; full.len()];
    let mut added = Vec::new();
    loop {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        let reached = reach(&cells);
        // Cells logic left open (or, were a technique ever wrong, filled otherwise): a given
        // is never among them, so each round takes a new one, and the loop ends.
        let open: Vec<usize> = (0..full.len())
            .filter(|&c| cells[c] == 0 && reached.get(c) != full.get(c))
            .collect();
        let Some(&cell) = open.get(rng.random_range(0..open.len().max(1))) else {
            break;
        };
        cells[cell] = full[cell];
        added.push(cell);
    }
    added.shuffle(rng);
    for cell in added {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        let v = std::mem::replace(&mut cells[cell], 0);
        if reach(&cells) != full {
            cells[cell] = v;
        }
    }
    Some(cells)
}

/// Of the two solutions a count found, the one that differs from `full`: a random cell of
/// `among` where it does (`None` if the count found fewer than two).
pub(super) fn a_difference(
    found: &general::GeneralReport,
    full: &[u8],
    among: &[usize],
    rng: &mut ChaCha8Rng,
) -> Option<usize> {
    let other = [found.first.as_deref()?, found.second.as_deref()?]
        .into_iter()
        .find(|&s| s != full)?;
    let differ: Vec<usize> = among
        .iter()
        .copied()
        .filter(|&c| other[c] != full[c])
        .collect();
    differ
        .get(rng.random_range(0..differ.len().max(1)))
        .copied()
}

/// A random partition of a full grid into cages of 1 to 5 connected cells with no digit twice.
fn random_cages(full: &Grid, rng: &mut ChaCha8Rng) -> Vec<Cage> {
    let side = full.geometry().side();
    let cells: Vec<usize> = (0..side * side).collect();
    killer_cages(
        full.values(),
        &cells,
        |c| neighbours(c, side).collect(),
        rng,
    )
}

/// Killer cages cut from a full board's `values`: a random partition of `cells` into cages of 1
/// to 5 cells, connected by `neighbours`, with no digit twice, each with its digits' sum.
pub(super) fn killer_cages(
    values: &[u8],
    cells: &[usize],
    neighbours: impl Fn(usize) -> Vec<usize>,
    rng: &mut ChaCha8Rng,
) -> Vec<Cage> {
    // Mostly 2 to 4 cells.
    const SIZES: [usize; 9] = [1, 2, 2, 3, 3, 3, 4, 4, 5];
    let distinct = |members: &[usize], c: usize| members.iter().all(|&m| values[m] != values[c]);
    grow_cages(cells, &SIZES, neighbours, distinct, rng)
        .into_iter()
        .map(|cells| Cage {
            sum: cells.iter().map(|&c| u32::from(values[c])).sum(),
            cells,
        })
        .collect()
}

/// A random partition of `cells` into connected cages: from each cell not yet in a cage (in a
/// random order) a cage grows into random `neighbours` of its cells that `fits` accepts (given
/// the cage so far), up to a size drawn from `sizes`, or less where it meets no such cell.
pub(super) fn grow_cages(
    cells: &[usize],
    sizes: &[usize],
    neighbours: impl Fn(usize) -> Vec<usize>,
    fits: impl Fn(&[usize], usize) -> bool,
    rng: &mut ChaCha8Rng,
) -> Vec<Vec<usize>> {
    let room = cells.iter().max().map_or(0, |&c| c + 1);
    let mut cage_of = vec![usize::MAX; room];
    let mut free = vec![false; room];
    for &c in cells {
        free[c] = true;
    }
    let mut order = cells.to_vec();
    order.shuffle(rng);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let k = cages.len();
        let target = sizes
            .get(rng.random_range(0..sizes.len().max(1)))
            .copied()
            .unwrap_or(1);
        let mut members = vec![start];
        cage_of[start] = k;
        while members.len() < target {
            let mut next: Vec<usize> = members
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter(|&c| {
                    free.get(c).copied().unwrap_or(false)
                        && cage_of[c] == usize::MAX
                        && fits(&members, c)
                })
                .collect();
            next.sort_unstable();
            next.dedup();
            let Some(&c) = next.get(rng.random_range(0..next.len().max(1))) else {
                break;
            };
            cage_of[c] = k;
            members.push(c);
        }
        cages.push(members);
    }
    cages
}

/// The cells next to `cell` along an edge.
fn neighbours(cell: usize, side: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / side, cell % side);
    [
        (r > 0).then(|| cell - side),
        (r + 1 < side).then(|| cell + side),
        (c > 0).then(|| cell - 1),
        (c + 1 < side).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Random jigsaw regions: the boxes' shapes, reshaped by connected swaps.
fn random_regions(
    side: usize,
    box_of: impl Fn(usize) -> usize,
    rng: &mut ChaCha8Rng,
) -> Vec<usize> {
    let n = side * side;
    let mut region: Vec<usize> = (0..n).map(box_of).collect();
    for _ in 0..n * 8 {
        // A cell on a border, and a cell of the other region next to some cell of this one.
        let a = rng.random_range(0..n);
        let others: Vec<usize> = neighbours(a, side)
            .filter(|&b| region[b] != region[a])
            .collect();
        let Some(&b) = others.get(rng.random_range(0..others.len().max(1))) else {
            continue;
        };
        let (ra, rb) = (region[a], region[b]);
        // a joins rb; some cell of rb next to ra joins ra in exchange.
        let swaps: Vec<usize> = (0..n)
            .filter(|&c| {
                region[c] == rb && c != b && neighbours(c, side).any(|d| region[d] == ra && d != a)
            })
            .collect();
        let Some(&c) = swaps.get(rng.random_range(0..swaps.len().max(1))) else {
            continue;
        };
        region[a] = rb;
        region[c] = ra;
        if !(connected(&region, ra, side) && connected(&region, rb, side)) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    region
}

/// True if region `r`'s cells are connected.
fn connected(region: &[usize], r: usize, side: usize) -> bool {
    let cells: Vec<usize> = (0..region.len()).filter(|&c| region[c] == r).collect();
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; region.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for d in neighbours(c, side) {
            if region[d] == r && !seen[d] {
                seen[d] = true;
                reached += 1;
                stack.push(d);
            }
        }
    }
    reached == cells.len()
}
