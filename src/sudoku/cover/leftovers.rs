//! Cells a board makes hold the same values: where two full units overlap, and the law of
//! leftovers of jigsaw solvers. Found before the search and given to it as constraints of its
//! own (see the [cover model](super::model)), as [`implied`](super::implied) gives it the sums a
//! killer board fixes.
//!
//! A full unit holds each of the `n` symbols once. Two consequences tie groups of cells
//! together:
//!
//! * **Overlapping units.** Two full units `U` and `V` that share cells: `U` less the shared
//!   cells holds exactly the symbols the shared cells do not, and so does `V` less them. So
//!   `U \ V` and `V \ U` hold the same symbols. On a jigsaw, a region that lies mostly in one
//!   row leaves a few cells outside it, and they hold what the row's cells outside the region
//!   hold. Only pairs that leave at most a third of a unit outside are kept
//!   ([`most_outside`]): a box and a row of a classic board leave two thirds, and so many
//!   large groups cost the search more than they tell it, as items and as same-values
//!   constraints alike (`benches/README.md`).
//! * **The law of leftovers.** Take the first `k` rows of the board (or columns, from either
//!   side), and the regions that lie more than half inside them. When the rows and the regions
//!   have as many cells, each holds every symbol `k` times, so the rows' cells outside the
//!   regions hold the same symbols, as many times each, as the regions' cells outside the rows.
//!   The same holds for any two families of full units that each cover the board once, such
//!   as the rows and the regions.
//!
//! Each pair is redundant (every solution keeps it), so the solutions stay the same; the
//! search gains what a solver of jigsaws does, and a layout with no filling at all is found out
//! within a few thousand nodes instead of never (`benches/README.md`). How the search is told
//! depends on the cells:
//!
//! * A pair whose groups each hold different symbols (every two of its cells share a unit) is
//!   [`distinct`](SameValues::distinct): the same symbols is then the same set, and the model
//!   gives the pair items of its own, which tell the search as much as a hidden single does (a
//!   symbol placed on one side must find a place on the other).
//! * Any other pair goes to the engine as a
//!   [same-values constraint](crate::dlx::Matrix::add_same_values): the two groups' *sets* of
//!   symbols are the same, whatever each group repeats. The law of leftovers gives many such
//!   pairs (the rows' cells outside the regions seldom share a unit), and the proofs of
//!   unsolvable layouts rest on them.
//!
//! At most [`MAX_SAME_VALUES`] pairs of each kind are kept: a distinct one brings two items per
//! symbol, the others a look at every branching.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use crate::sudoku::board::shape::Shape;

/// The most [`SameValues`] of each kind, distinct or not, a board gives its search.
pub const MAX_SAME_VALUES: usize = 256;

/// The most cells two overlapping units of `n` cells may each have outside the other for
/// their pair to be kept: a third of a unit.
pub fn most_outside(n: usize) -> usize {
    n / 3
}

/// Two groups of cells that hold the same set of symbols, as many cells each; cells in
/// increasing order, the groups disjoint.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SameValues {
    /// One group.
    pub one: Vec<usize>,
    /// The other.
    pub other: Vec<usize>,
    /// Each group's cells hold different symbols: the model gives the pair items of its own.
    /// Otherwise the search keeps it as a same-values constraint.
    pub distinct: bool,
}

/// A board's symbols and units (each unit's cells), and the groups of cells alike found on it.
type Found = (usize, Vec<Vec<usize>>, Rc<[SameValues]>);

thread_local! {
    /// The last board [`same_values`] looked at, with what it found: a file of puzzles of one
    /// shape (an X or a Samurai collection) finds them once, not once a puzzle. The units are
    /// compared whole, so a different board never gets another's groups.
    static LAST: RefCell<Option<Found>> = const { RefCell::new(None) };
}

/// The groups of cells `shape`'s full units make hold the same symbols (see the module docs):
/// overlapping units first, then the leftovers of each pair of families of units that cover
/// the board. Remembered for the last shape of the thread (see `LAST`).
pub fn same_values(shape: &Shape) -> Rc<[SameValues]> {
    let same_board = |(symbols, units, _): &Found| {
        *symbols == shape.symbols()
            && units.len() == shape.unit_count()
            && units
                .iter()
                .enumerate()
                .all(|(u, cells)| cells == shape.unit(u))
    };
    let known = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|last| same_board(last))
            .map(|(_, _, found)| Rc::clone(found))
    });
    if let Some(found) = known {
        return found;
    }
    let found: Rc<[SameValues]> = find_same_values(shape).into();
    let units = (0..shape.unit_count())
        .map(|u| shape.unit(u).to_vec())
        .collect();
    LAST.set(Some((shape.symbols(), units, Rc::clone(&found))));
    found
}

/// [`same_values`], worked out.
fn find_same_values(shape: &Shape) -> Vec<SameValues> {
    let n = shape.symbols();
    let full: Vec<usize> = (0..shape.unit_count())
        .filter(|&u| shape.is_full(u))
        .collect();
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut kept = [0; 2];
    let mut keep = |one: Vec<usize>, other: Vec<usize>, found: &mut Vec<SameValues>| {
        let different = |cells: &[usize]| {
            cells
                .iter()
                .enumerate()
                .all(|(i, &a)| cells[i + 1..].iter().all(|&b| shape.see(a, b)))
        };
        let distinct = different(&one) && different(&other);
        if kept[usize::from(distinct)] < MAX_SAME_VALUES
            && !one.is_empty()
            && one.len() == other.len()
            && seen.insert((one.clone(), other.clone()))
            && !seen.contains(&(other.clone(), one.clone()))
        {
            kept[usize::from(distinct)] += 1;
            found.push(SameValues {
                one,
                other,
                distinct,
            });
        }
    };
    // Overlapping units: two cells shared or more, and each with a cell of its own. The units
    // each unit meets are found through its cells, so the work grows with the cells' units,
    // not with the square of the number of units.
    let mut shared = vec![0usize; shape.unit_count()];
    let mut inside = vec![false; shape.positions()];
    for &u in &full {
        for &c in shape.unit(u) {
            inside[c] = true;
            for &v in shape.units_of(c) {
                shared[v as usize] += 1;
            }
        }
        for &c in shape.unit(u) {
            for &v in shape.units_of(c) {
                let v = v as usize;
                let count = std::mem::take(&mut shared[v]);
                if v > u && shape.is_full(v) && count >= 2 && n - count <= most_outside(n) {
                    let one = sorted(shape.unit(u).iter().filter(|c| !shape.unit(v).contains(c)));
                    let other = sorted(shape.unit(v).iter().filter(|&&c| !inside[c]));
                    keep(one, other, &mut found);
                }
            }
        }
        for &c in shape.unit(u) {
            inside[c] = false;
        }
    }
    // The law of leftovers, over each ordered pair of families, in both directions.
    let families = families(shape, &full);
    let mut scratch = Scratch::new(shape.positions());
    for pieces in &families {
        scratch.piece_of.fill(usize::MAX);
        for (k, &p) in pieces.iter().enumerate() {
            for &c in shape.unit(p) {
                scratch.piece_of[c] = k;
            }
        }
        for lines in families.iter().filter(|&l| l != pieces) {
            let backward: Vec<usize> = lines.iter().rev().copied().collect();
            for order in [lines, &backward] {
                leftovers(shape, order, pieces, &mut scratch, |one, other| {
                    keep(one, other, &mut found);
                });
            }
        }
    }
    found
}

/// The cells, sorted.
fn sorted<'a>(cells: impl Iterator<Item = &'a usize>) -> Vec<usize> {
    let mut cells: Vec<usize> = cells.copied().collect();
    cells.sort_unstable();
    cells
}

/// The families of full units that cover every cell of the board once each (its rows, its
/// columns, its boxes or regions), found in the order of the units: each unit joins the first
/// family it shares no cell with.
pub(super) fn families(shape: &Shape, full: &[usize]) -> Vec<Vec<usize>> {
    let cells = shape.cell_count();
    let mut families: Vec<(Vec<usize>, Vec<bool>)> = Vec::new();
    for &u in full {
        let cells_of = shape.unit(u);
        let home = families
            .iter_mut()
            .find(|(_, taken)| cells_of.iter().all(|&c| !taken[c]));
        match home {
            Some((units, taken)) => {
                units.push(u);
                for &c in cells_of {
                    taken[c] = true;
                }
            }
            None => {
                let mut taken = vec![false; shape.positions()];
                for &c in cells_of {
                    taken[c] = true;
                }
                families.push((vec![u], taken));
            }
        }
    }
    let n = shape.symbols().max(1);
    families
        .into_iter()
        .filter(|(units, _)| units.len() * n == cells)
        .map(|(units, _)| units)
        .collect()
}

/// What [`leftovers`] works in, kept from one call to the next: the piece of each cell (set by
/// the caller for the family of pieces), which cells are in the lines and pieces so far, the
/// cells of each piece inside the lines, and the pieces taken.
struct Scratch {
    piece_of: Vec<usize>,
    in_lines: Vec<bool>,
    in_pieces: Vec<bool>,
    within: Vec<usize>,
    taken: Vec<usize>,
}

impl Scratch {
    fn new(positions: usize) -> Self {
        Scratch {
            piece_of: vec![usize::MAX; positions],
            in_lines: vec![false; positions],
            in_pieces: vec![false; positions],
            within: Vec::new(),
            taken: Vec::new(),
        }
    }
}

/// The law of leftovers for `lines` taken in order, against `pieces`: after each line from
/// the second to the last but one, the lines so far and the pieces more than half inside them;
/// when both have as many cells and neither holds the other, `found` gets the lines' cells
/// outside the pieces and the pieces' cells outside the lines. The counts are kept as lines and
/// pieces join, so the work grows with the board's cells, and the cells are listed only for a
/// leftover found.
fn leftovers(
    shape: &Shape,
    lines: &[usize],
    pieces: &[usize],
    scratch: &mut Scratch,
    mut found: impl FnMut(Vec<usize>, Vec<usize>),
) {
    let Scratch {
        piece_of,
        in_lines,
        in_pieces,
        within,
        taken,
    } = scratch;
    in_lines.fill(false);
    in_pieces.fill(false);
    within.clear();
    within.resize(pieces.len(), 0);
    taken.clear();
    let (mut line_cells, mut piece_cells, mut both) = (0, 0, 0);
    for (k, &line) in lines.iter().enumerate().take(lines.len().saturating_sub(1)) {
        for &c in shape.unit(line) {
            in_lines[c] = true;
            line_cells += 1;
            both += usize::from(in_pieces[c]);
            let Some(p) = piece_of.get(c).copied().filter(|&p| p != usize::MAX) else {
                continue;
            };
            within[p] += 1;
            let cells = shape.unit(pieces[p]);
            if 2 * within[p] > cells.len() && !taken.contains(&p) {
                taken.push(p);
                for &d in cells {
                    in_pieces[d] = true;
                    piece_cells += 1;
                    both += usize::from(in_lines[d]);
                }
            }
        }
        if k == 0 || line_cells != piece_cells || both == line_cells {
            continue;
        }
        let one = sorted(
            lines[..=k]
                .iter()
                .flat_map(|&l| shape.unit(l))
                .filter(|&&c| !in_pieces[c]),
        );
        let other = sorted(
            taken
                .iter()
                .flat_map(|&p| shape.unit(pieces[p]))
                .filter(|&&c| !in_lines[c]),
        );
        if one.len() < shape.symbols() {
            found(one, other);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::sudoku::board::cage::{MathCage, Operation};
    use crate::sudoku::board::shape::Layout;
    use crate::sudoku::board::units::Units;
    use crate::sudoku::cover::general::{Budget, search, search_shape};
    use crate::sudoku::cover::jigsaw;

    /// Random jigsaw regions of a board of `rows`×`cols` boxes: the boxes, then swaps of two
    /// cells of two regions, kept while the regions stay connected.
    fn random_jigsaw(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Units {
        let side = rows * cols;
        let mut region: Vec<usize> = (0..side * side)
            .map(|c| (c / side / rows) * rows + (c % side) / cols)
            .collect();
        let mut units = Units::jigsaw(side, &region).unwrap();
        for _ in 0..side * side * 4 {
            let a = rng.random_range(0..side * side);
            let b = rng.random_range(0..side * side);
            if region[a] == region[b] {
                continue;
            }
            region.swap(a, b);
            match Units::jigsaw(side, &region) {
                Ok(u) => units = u,
                Err(_) => region.swap(a, b),
            }
        }
        units
    }

    #[test]
    fn cells_alike_keep_every_solution_and_add_none() {
        // Plain search (Algorithm X on the board's own matrix) and the full one, which adds
        // the groups of cells alike, count alike on random jigsaws of 4×4 and 6×6, some with
        // no filling at all.
        let mut rng = ChaCha8Rng::seed_from_u64(38);
        let plain = Budget {
            plain: true,
            ..Budget::default()
        };
        let (mut with_pairs, mut none) = (0, 0);
        for round in 0..40 {
            let (rows, cols) = if round % 2 == 0 { (2, 2) } else { (2, 3) };
            let units = random_jigsaw(rows, cols, &mut rng);
            let side = rows * cols;
            let shape = Shape::of_units(&units, &[]).unwrap();
            if !same_values(&shape).is_empty() {
                with_pairs += 1;
            }
            let mut cells = vec![0u8; side * side];
            let first = search(&units, &cells, &[], 1, &plain).unwrap().first;
            match first {
                // A 6×6 board has too many fillings to count: some of one are given.
                Some(full) if side == 6 => {
                    for _ in 0..10 {
                        let c = rng.random_range(0..cells.len());
                        cells[c] = full[c];
                    }
                    // Now and then one given off by one: often no filling at all (or a clash,
                    // which both searches refuse alike).
                    if rng.random_bool(0.4) {
                        let c = rng.random_range(0..cells.len());
                        cells[c] = full[c] % 6 + 1;
                    }
                }
                _ => {}
            }
            let count = |budget: &Budget<'_>| {
                search(&units, &cells, &[], u64::MAX, budget)
                    .ok()
                    .map(|r| r.solutions)
            };
            let found = count(&plain);
            assert_eq!(count(&Budget::default()), found, "round {round}");
            none += usize::from(found == Some(0));
        }
        assert!(with_pairs > 20 && none > 0, "{with_pairs} {none}");
    }

    #[test]
    fn a_pair_with_a_cell_of_a_mathdoku_cage_is_left_out() {
        // r1c4 holds what r2c1 holds on this jigsaw; with r1c4 a Mathdoku cage of its own (a
        // given 2), the cage's filling places it, not a placement, so the pair must not count.
        let units = Units::jigsaw(4, &[0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]).unwrap();
        let mut b = Shape::builder("4×4", Layout::flat(4, 4), 4);
        for (name, cells) in units.iter() {
            b.unit(name, cells.to_vec());
        }
        b.math_cage(MathCage {
            cells: vec![3],
            op: Operation::Given,
            target: 2,
        });
        let shape = b.build().unwrap();
        assert!(!same_values(&shape).is_empty());
        let count = |budget: &Budget<'_>| search_shape(&shape, &[0; 16], 1000, budget).unwrap();
        let plain = count(&Budget {
            plain: true,
            ..Budget::default()
        });
        assert!(plain.solutions > 0);
        assert_eq!(count(&Budget::default()).solutions, plain.solutions);
    }

    #[test]
    fn the_last_board_is_remembered_and_only_it() {
        let one = jigsaw("AAAB ABBB CCDD CCDD");
        let other = jigsaw("AABB AABB CCDD CCDD");
        for shape in [&one, &other, &other, &one] {
            assert_eq!(&*same_values(shape), find_same_values(shape).as_slice());
        }
        assert_ne!(find_same_values(&one), find_same_values(&other));
    }

    #[test]
    fn overlapping_units_and_leftovers_are_found() {
        let shape = jigsaw("AAAB ABBB CCDD CCDD");
        let found = same_values(&shape);
        let pair = |one: &[usize], other: &[usize]| SameValues {
            one: one.to_vec(),
            other: other.to_vec(),
            distinct: true,
        };
        // Row 1 and region A share three cells: row 1's other cell (r1c4) holds what A's
        // other (r2c1) holds. Row 2 and region B say the same, and it is kept once.
        assert_eq!(found[0], pair(&[3], &[4]));
        assert!(!found.contains(&pair(&[4], &[3])));
        // Columns 1 and 2 against regions A and C: r2c2 holds what r1c3 holds.
        assert!(found.contains(&pair(&[5], &[2])));
        // On a 9×9, region A holds row 1 but for r1c9, and r2c1 instead.
        let shape = jigsaw(
            "AAAAAAAAB ABBBBBBBB CCCDDDEEE CCCDDDEEE CCCDDDEEE \
             FFFGGGHHH FFFGGGHHH FFFGGGHHH IIIIIIIII",
        );
        let found = same_values(&shape);
        assert!(found.contains(&SameValues {
            one: vec![8],
            other: vec![9],
            distinct: true,
        }));
        for s in found.iter() {
            assert_eq!(s.one.len(), s.other.len());
            assert!(s.one.iter().all(|c| !s.other.contains(c)));
        }
        // A classic board's boxes share a third of a row, and fill the rows exactly: nothing.
        let classic = Units::classic(crate::sudoku::board::geometry::Geometry::new(3, 3).unwrap());
        assert!(same_values(&Shape::of_units(&classic, &[]).unwrap()).is_empty());
    }
}
