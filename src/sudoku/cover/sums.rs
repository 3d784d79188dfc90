//! The sums a killer board keeps, for the engine to keep by bounds as it searches (see the
//! engine's [sums](crate::dlx::Matrix::add_sum)): each cage's, and those its cages and full units
//! fix between them where the cells may repeat a digit, which no cage of digit sets can say.
//!
//! A full unit of a board of `n` symbols holds `1..=n` once, so its cells add up to
//! `n(n+1)/2`; a union of `k` units of one family (rows, columns, boxes or regions, each
//! covering the board once) adds up to `k·n(n+1)/2`. Given such a union `R` and cages `P` (the
//! pieces), `Σ R = Σ(R∩P) + Σ(R∖P)` and `Σ P = Σ(R∩P) + Σ(P∖R)`, so
//!
//! ```text
//!     Σ(R∖P) − Σ(P∖R) = Σ R − Σ P
//! ```
//!
//! a sum over the cells of the union outside the pieces (*innies*, coefficient +1) and the
//! cells of the pieces outside the union (*outies*, −1), with a known total. Every solution
//! keeps it; it need not hold distinct digits (two innies in different rows may be equal), so
//! it is a sum and not a cage. These are the sums sigh's solver derives (`optimizer.js`:
//! `_makeInnieOutieSumHandlers`, `_makeHiddenCageHandlers`), over the same unions:
//!
//! * **Unions of a family, in order.** The first `k` units of a family (`1 < k < n`), from
//!   either end, with the cages that have more than half their cells in them: as the union
//!   grows a cage joins the pieces once most of it lies inside.
//! * **A unit and its cages.** Each full unit with the cages wholly inside it as pieces (the
//!   unit's other cells add up to the rest), and with one more cage that sticks out of it by one
//!   cell.
//!
//! A sum is kept only when it is small enough to tell something: at most `n` cells, not more
//! than two on both sides, and at most six when every one of its cells is in a cage already (a
//! cage's digit sets say more about its cells than a long sum does). Each cage's own sum is
//! kept too: its bounds see what the digit sets see only once a set is chosen.

use crate::sudoku::board::shape::Shape;

use super::leftovers::families;

/// The most cells a sum over caged cells only may have.
const MAX_CAGED_SUM: usize = 6;

/// A sum every solution keeps: `Σ c·(digit of cell) = target` over `cells` (cell, `c`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSum {
    /// The cells and their coefficients (+1 or −1).
    pub cells: Vec<(usize, i32)>,
    /// The total.
    pub target: i64,
}

/// The sums `shape` keeps (see the module docs): none on a board without cages.
pub fn board_sums(shape: &Shape) -> Vec<BoardSum> {
    let cages = shape.cages();
    if cages.is_empty() {
        return Vec::new();
    }
    let n = shape.symbols();
    let whole = (n * (n + 1) / 2) as i64;
    let positions = shape.positions();
    let mut cage_of = vec![usize::MAX; positions];
    for (k, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            if let Some(slot) = cage_of.get_mut(cell) {
                *slot = k;
            }
        }
    }
    let caged = |c: usize| cage_of.get(c).is_some_and(|&k| k != usize::MAX);
    // Each cage's own sum.
    let mut sums: Vec<BoardSum> = cages
        .iter()
        .map(|cage| BoardSum {
            cells: {
                let mut cells: Vec<(usize, i32)> = cage.cells.iter().map(|&c| (c, 1)).collect();
                cells.sort_unstable();
                cells
            },
            target: i64::from(cage.sum),
        })
        .collect();
    // The sum of the union of `units` less the cages `pieces`, if it is small enough: a cell's
    // stamp says it is in the union (`stamp`), or in the union and a piece (`stamp + 1`).
    let mut stamps = vec![0u32; positions];
    let mut stamp = 0u32;
    let mut differ = |units: &[usize], pieces: &[usize], sums: &mut Vec<BoardSum>| {
        stamp += 2;
        let mut total = units.len() as i64 * whole;
        for &u in units {
            for &c in shape.unit(u) {
                stamps[c] = stamp;
            }
        }
        let mut cells = Vec::new();
        for &k in pieces {
            total -= i64::from(cages[k].sum);
            for &c in &cages[k].cells {
                if stamps[c] == stamp {
                    stamps[c] = stamp + 1;
                } else {
                    cells.push((c, -1));
                }
            }
        }
        let outies = cells.len();
        for &u in units {
            cells.extend(
                shape
                    .unit(u)
                    .iter()
                    .filter(|&&c| stamps[c] == stamp)
                    .map(|&c| (c, 1)),
            );
        }
        let innies = cells.len() - outies;
        if cells.is_empty()
            || cells.len() > n
            || (innies > 2 && outies > 2)
            || (cells.len() > MAX_CAGED_SUM && cells.iter().all(|&(c, _)| caged(c)))
        {
            return;
        }
        cells.sort_unstable();
        sums.push(BoardSum {
            cells,
            target: total,
        });
    };
    let full: Vec<usize> = (0..shape.unit_count())
        .filter(|&u| shape.is_full(u))
        .collect();
    let mut within = vec![0usize; cages.len()];
    // Unions of a family, from either end.
    for family in families(shape, &full) {
        for order in [family.clone(), family.iter().rev().copied().collect()] {
            within.fill(0);
            let mut pieces = Vec::new();
            for k in 0..order.len().saturating_sub(1) {
                for &c in shape.unit(order[k]) {
                    if let Some(&cage) = cage_of.get(c).filter(|&&k| k != usize::MAX) {
                        within[cage] += 1;
                        if 2 * within[cage] > cages[cage].cells.len()
                            && 2 * (within[cage] - 1) <= cages[cage].cells.len()
                        {
                            pieces.push(cage);
                        }
                    }
                }
                if k > 0 {
                    differ(&order[..=k], &pieces, &mut sums);
                }
            }
        }
    }
    // A unit and its cages: those wholly inside, and each one that sticks out by a cell.
    within.fill(0);
    for &u in &full {
        let cells = shape.unit(u);
        let mut touched = Vec::new();
        for &c in cells {
            if let Some(&cage) = cage_of.get(c).filter(|&&k| k != usize::MAX) {
                if within[cage] == 0 {
                    touched.push(cage);
                }
                within[cage] += 1;
            }
        }
        let inside: Vec<usize> = touched
            .iter()
            .copied()
            .filter(|&k| within[k] == cages[k].cells.len())
            .collect();
        if !inside.is_empty() {
            differ(&[u], &inside, &mut sums);
        }
        for &k in touched
            .iter()
            .filter(|&&k| within[k] + 1 == cages[k].cells.len())
        {
            let mut pieces = inside.clone();
            pieces.push(k);
            differ(&[u], &pieces, &mut sums);
        }
        for &k in &touched {
            within[k] = 0;
        }
    }
    // The same cells twice make the same sum, once: the totals agree on a board with a
    // solution (and on one without, the search finds none either way).
    sums.sort_by(|a, b| a.cells.cmp(&b.cells));
    sums.dedup_by(|a, b| a.cells == b.cells);
    sums
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::board::cage::Cage;
    use crate::sudoku::board::cage::{MathCage, Operation};
    use crate::sudoku::board::geometry::Geometry;
    use crate::sudoku::board::shape::Layout;
    use crate::sudoku::board::units::Units;
    use crate::sudoku::cover::general::{Budget, search, search_shape};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A 4×4 killer cut into cages of two cells, some across rows, and its solution.
    fn board() -> (Shape, [u8; 16]) {
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let units = Units::classic(Geometry::new(2, 2).unwrap());
        let pairs = [
            [0, 1],
            [2, 6],
            [3, 7],
            [4, 8],
            [5, 9],
            [10, 11],
            [12, 13],
            [14, 15],
        ];
        let cages: Vec<Cage> = pairs
            .iter()
            .map(|pair| {
                let cells = pair.to_vec();
                let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
                Cage { cells, sum }
            })
            .collect();
        (Shape::of_units(&units, &cages).unwrap(), solution)
    }

    /// Every sum found holds in the solution, and there are more of them than cages: rows 1
    /// and 2 with the cages mostly inside them leave r2c1 and r2c2 as innies, row 1 with the
    /// cage that sticks out of it by r2c3 makes r1c3 and r2c3 a sum with an outie, and so on.
    #[test]
    fn every_sum_holds_in_the_solution() {
        let (shape, solution) = board();
        let sums = board_sums(&shape);
        assert!(sums.len() > shape.cages().len(), "{} sums", sums.len());
        for sum in &sums {
            let total: i64 = sum
                .cells
                .iter()
                .map(|&(c, k)| i64::from(k) * i64::from(solution[c]))
                .sum();
            assert_eq!(total, sum.target, "{sum:?}");
        }
    }

    /// Cages over a solved grid `full` of side `side`: each untaken cell in a random order
    /// starts a cage, which takes up to three more cells to its right or below, while their
    /// digits differ; the sums are the grid's.
    fn random_cages(full: &[u8], side: usize, rng: &mut ChaCha8Rng) -> Vec<Cage> {
        let mut order: Vec<usize> = (0..full.len()).collect();
        order.shuffle(rng);
        let mut taken = vec![false; full.len()];
        let mut cages = Vec::new();
        for start in order {
            if taken[start] {
                continue;
            }
            let mut cells = vec![start];
            taken[start] = true;
            let size = rng.random_range(1..=4);
            let mut at = start;
            while cells.len() < size {
                let right = (at % side + 1 < side).then_some(at + 1);
                let below = (at + side < full.len()).then_some(at + side);
                let step = if rng.random_bool(0.5) { right } else { below };
                match step.filter(|&c| !taken[c] && cells.iter().all(|&m| full[m] != full[c])) {
                    Some(c) => {
                        taken[c] = true;
                        cells.push(c);
                        at = c;
                    }
                    None => break,
                }
            }
            let sum = cells.iter().map(|&c| u32::from(full[c])).sum();
            cages.push(Cage { cells, sum });
        }
        cages
    }

    /// Random killers of 4×4 and 6×6 with some cells outside every cage and some cages off by
    /// one: the full search (the sums kept by bounds) and plain Algorithm X count alike, and
    /// every sum holds in every solution found.
    #[test]
    fn sums_keep_every_solution_and_add_none() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let plain = Budget {
            plain: true,
            ..Budget::default()
        };
        let mut tried = 0;
        for (rows, cols) in [(2, 2), (2, 3), (2, 3), (2, 3)] {
            let units = Units::classic(Geometry::new(rows, cols).unwrap());
            let side = rows * cols;
            let empty = vec![0u8; side * side];
            let full = search(&units, &empty, &[], 1, &plain)
                .unwrap()
                .first
                .unwrap();
            for _ in 0..15 {
                let mut cages = random_cages(&full, side, &mut rng);
                cages.retain(|_| rng.random_bool(0.75));
                if rng.random_bool(0.3) && !cages.is_empty() {
                    let k = rng.random_range(0..cages.len());
                    cages[k].sum += 1;
                }
                let Ok(shape) = Shape::of_units(&units, &cages) else {
                    continue;
                };
                let sums = board_sums(&shape);
                let mut cells = empty.clone();
                if rng.random_bool(0.5) {
                    let c = rng.random_range(0..cells.len());
                    cells[c] = full[c];
                }
                let a = search(&units, &cells, &cages, 3000, &plain).unwrap();
                let b = search(&units, &cells, &cages, 3000, &Budget::default()).unwrap();
                assert_eq!(a.solutions, b.solutions, "{cages:?}");
                tried += 1;
                for s in [&b.first, &b.second].into_iter().flatten() {
                    for sum in &sums {
                        let total: i64 = sum
                            .cells
                            .iter()
                            .map(|&(c, k)| i64::from(k) * i64::from(s[c]))
                            .sum();
                        assert_eq!(total, sum.target, "{sum:?} in {s:?}");
                    }
                }
            }
        }
        assert!(tried > 40);
    }

    /// A killer cage in a row with a Mathdoku cage: the row's sum with the killer cage as a
    /// piece has the Mathdoku cell in it, whose fillings carry no value, so that sum is left
    /// out of the search (counting 0 for the cell would rule out every solution).
    #[test]
    fn a_sum_over_a_mathdoku_cell_is_left_out() {
        let units = Units::classic(Geometry::new(2, 2).unwrap());
        let mut b = Shape::builder("4×4", Layout::flat(4, 4), 4);
        for (name, cells) in units.iter() {
            b.unit(name, cells.to_vec());
        }
        b.cage(Cage {
            cells: vec![0, 1, 2],
            sum: 6,
        });
        b.math_cage(MathCage {
            cells: vec![3],
            op: Operation::Given,
            target: 4,
        });
        let shape = b.build().unwrap();
        assert!(board_sums(&shape).iter().any(|s| s.cells == [(3, 1)]));
        let count = |budget: &Budget<'_>| search_shape(&shape, &[0; 16], 1000, budget).unwrap();
        let plain = count(&Budget {
            plain: true,
            ..Budget::default()
        });
        assert!(plain.solutions > 0);
        assert_eq!(count(&Budget::default()).solutions, plain.solutions);
    }

    #[test]
    fn a_board_without_cages_has_no_sums() {
        let units = Units::classic(Geometry::new(3, 3).unwrap());
        let shape = Shape::of_units(&units, &[]).unwrap();
        assert!(board_sums(&shape).is_empty());
    }
}
