//! Cages a killer board implies: the sums that its cages and its full units fix between them,
//! found before the search and given to it as cages of their own (the *45 rule* of killer
//! solvers, on a board of `n` symbols the `n(n+1)/2` rule).
//!
//! A full unit holds each of the symbols `1..=n` once, so its cells add up to `n(n+1)/2`. Two
//! consequences are cages in their own right, cells with different digits and a known sum:
//!
//! * **Innies.** The cages that lie wholly inside a full unit fix the sum of the unit's other
//!   cells: `n(n+1)/2` less their sums. Those cells are in one unit, so their digits differ.
//! * **Outies.** When every cell of a full unit is in a cage, the cages that reach into the unit
//!   add up to `n(n+1)/2` plus the cells they hold outside it. Those outside cells are a cage if
//!   their digits must differ: one cell, or cells that all share a unit.
//!
//! Such a cage is redundant (every solution keeps it) but the search gains from it what a human
//! solver does: its digit sets rule out placements as cells fill, and a cage of one cell is a
//! given. The [cover model](super::model) adds them to the matrix of a search, never to the
//! matrix it shows; a cage the board holds already is not added again, and one of more than
//! [`MAX_IMPLIED_SETS`] digit sets is left out (large boards, where it would cost more than it
//! tells). So is any cage that would take the options of the board's listed cages (see
//! [`listed_cages`]) and of the implied ones together past [`MAX_CAGE_ENTRIES`]: the search
//! never refuses a board for the cages it adds.

use std::collections::HashSet;

use crate::sudoku::board::cage::{Cage, MAX_CAGE_ENTRIES, digit_set_count, listed_cages};
use crate::sudoku::board::shape::Shape;

/// The most digit sets an implied cage may have.
pub const MAX_IMPLIED_SETS: u64 = 2_000;

/// The cages `shape`'s killer cages and full units imply (see the module docs), each with its
/// cells in increasing order; none on a board without killer cages.
pub fn implied_cages(shape: &Shape) -> Vec<Cage> {
    implied_within(shape, MAX_CAGE_ENTRIES)
}

/// The entries the options of a cage of `cells` cells adding up to `sum` bring to the matrix of
/// a board of `side` symbols, with no digit given: one per digit set for the cage's item and one
/// for each digit outside the set.
fn entries(side: usize, cells: usize, sum: u32) -> u64 {
    let width = (side + 1).saturating_sub(cells) as u64;
    digit_set_count(side, cells, sum, &[]).saturating_mul(width)
}

/// [`implied_cages`] with the board's and the implied cages' options together kept within
/// `limit` entries.
fn implied_within(shape: &Shape, limit: u64) -> Vec<Cage> {
    let cages = shape.cages();
    if cages.is_empty() {
        return Vec::new();
    }
    let n = shape.symbols();
    let total = (n * (n + 1) / 2) as u64;
    let killer_of = |cell: usize| shape.cage_of(cell).filter(|&k| k < cages.len());
    let listed = listed_cages(n, cages);
    let mut room = cages
        .iter()
        .zip(&listed)
        .filter(|(_, listed)| **listed)
        .fold(limit, |room, (c, _)| {
            room.saturating_sub(entries(n, c.cells.len(), c.sum))
        });
    let mut seen: HashSet<Vec<usize>> = cages
        .iter()
        .map(|c| {
            let mut cells = c.cells.clone();
            cells.sort_unstable();
            cells
        })
        .collect();
    let mut implied = Vec::new();
    let mut keep = |mut cells: Vec<usize>, sum: u64, implied: &mut Vec<Cage>| {
        cells.sort_unstable();
        cells.dedup();
        let Ok(sum) = u32::try_from(sum) else {
            return;
        };
        if cells.is_empty()
            || digit_set_count(n, cells.len(), sum, &[]) > MAX_IMPLIED_SETS
            || entries(n, cells.len(), sum) > room
            || !seen.insert(cells.clone())
        {
            return;
        }
        room -= entries(n, cells.len(), sum);
        implied.push(Cage { cells, sum });
    };
    for u in (0..shape.unit_count()).filter(|&u| shape.is_full(u)) {
        let unit = shape.unit(u);
        let inside = |k: usize| cages[k].cells.iter().all(|c| unit.contains(c));
        // The cages that reach into the unit, each once.
        let mut touching: Vec<usize> = unit.iter().filter_map(|&c| killer_of(c)).collect();
        touching.sort_unstable();
        touching.dedup();
        // Innies: the cells outside the cages wholly inside the unit.
        let within: Vec<usize> = touching.iter().copied().filter(|&k| inside(k)).collect();
        let inner: u64 = within.iter().map(|&k| u64::from(cages[k].sum)).sum();
        let rest: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&c| killer_of(c).is_none_or(|k| !within.contains(&k)))
            .collect();
        if let Some(sum) = total.checked_sub(inner)
            && rest.len() < unit.len()
        {
            keep(rest, sum, &mut implied);
        }
        // Outies: every cell caged, the cages' cells outside the unit.
        if unit.iter().all(|&c| killer_of(c).is_some()) {
            let outer: u64 = touching.iter().map(|&k| u64::from(cages[k].sum)).sum();
            let out: Vec<usize> = touching
                .iter()
                .flat_map(|&k| cages[k].cells.iter().copied())
                .filter(|c| !unit.contains(c))
                .collect();
            let distinct = out
                .iter()
                .enumerate()
                .all(|(i, &a)| out[i + 1..].iter().all(|&b| shape.see(a, b)));
            if let Some(sum) = outer.checked_sub(total)
                && distinct
            {
                keep(out, sum, &mut implied);
            }
        }
    }
    implied
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::sudoku::board::geometry::Geometry;
    use crate::sudoku::board::units::Units;
    use crate::sudoku::cover::general::{Budget, search};

    /// A 9×9 board whose first row is cages of two cells adding up to 3, 7, 11 and 15, and a
    /// box of three cages with one cell each outside it.
    fn board() -> (Units, Vec<Cage>) {
        let units = Units::classic(Geometry::new(3, 3).unwrap());
        let cage = |cells: &[usize], sum| Cage {
            cells: cells.to_vec(),
            sum,
        };
        let cages = vec![
            cage(&[0, 1], 3),
            cage(&[2, 3], 7),
            cage(&[4, 5], 11),
            cage(&[6, 7], 15),
            // Box 4 (rows 4–6, columns 1–3), every cell caged: three cages reach out of it.
            cage(&[27, 28, 29, 30], 20),
            cage(&[36, 37, 38, 39], 24),
            cage(&[45, 46, 47], 12),
        ];
        (units, cages)
    }

    #[test]
    fn a_unit_short_of_one_cell_gives_that_cell_its_sum() {
        let (units, cages) = board();
        let shape = Shape::of_units(&units, &cages).unwrap();
        let implied = implied_cages(&shape);
        // Row 1 adds up to 45, its cages to 36: r1c9 holds 9.
        assert!(implied.contains(&Cage {
            cells: vec![8],
            sum: 9
        }));
        // Box 4's cages add up to 56, 11 more than the box: r4c4 and r5c4 (one column).
        assert!(implied.contains(&Cage {
            cells: vec![30, 39],
            sum: 11
        }));
        // Every implied cage is new, its cells in order.
        for c in &implied {
            let mut sorted = c.cells.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, c.cells);
            assert!(
                !cages.iter().any(|k| k.cells == c.cells),
                "{c:?} is the board's"
            );
        }
        // A board without cages implies none.
        assert!(implied_cages(&Shape::of_units(&units, &[]).unwrap()).is_empty());
    }

    #[test]
    fn implied_cages_stay_within_the_room_the_board_leaves() {
        let (units, cages) = board();
        let shape = Shape::of_units(&units, &cages).unwrap();
        let count = |cages: &[Cage]| -> u64 {
            cages.iter().map(|c| entries(9, c.cells.len(), c.sum)).sum()
        };
        let own = count(&cages);
        let all = implied_cages(&shape);
        assert!(all.len() >= 2);
        // No room past the board's own cages: none implied; room for some: only what fits,
        // and the first of them in the order found.
        assert!(implied_within(&shape, own).is_empty());
        assert!(implied_within(&shape, own - 1).is_empty());
        let room = count(&all) - 1;
        let some = implied_within(&shape, own + room);
        assert!(!some.is_empty() && some.len() < all.len());
        assert!(count(&some) <= room);
        assert_eq!(some[0], all[0]);
    }

    /// Random cages of 1 to 4 connected cells, no digit twice, over a full grid of `units`.
    fn random_cages(full: &[u8], side: usize, rng: &mut ChaCha8Rng) -> Vec<Cage> {
        let mut order: Vec<usize> = (0..full.len()).collect();
        order.shuffle(rng);
        let mut taken = vec![false; full.len()];
        let mut cages = Vec::new();
        for start in order {
            if taken[start] {
                continue;
            }
            taken[start] = true;
            let mut cells = vec![start];
            let size = rng.random_range(1..=4);
            while cells.len() < size {
                let next = cells.iter().find_map(|&c| {
                    let (r, col) = (c / side, c % side);
                    let around = [
                        (r > 0).then(|| c - side),
                        (r + 1 < side).then(|| c + side),
                        (col > 0).then(|| c - 1),
                        (col + 1 < side).then(|| c + 1),
                    ];
                    around
                        .into_iter()
                        .flatten()
                        .find(|&n| !taken[n] && cells.iter().all(|&m| full[m] != full[n]))
                });
                let Some(n) = next else { break };
                taken[n] = true;
                cells.push(n);
            }
            let sum = cells.iter().map(|&c| u32::from(full[c])).sum();
            cages.push(Cage { cells, sum });
        }
        cages
    }

    #[test]
    fn implied_cages_keep_every_solution_and_add_none() {
        // Plain search (no implied cages, no pruning) and the full one count alike on random
        // killers of 4×4 and 6×6, with and without a few givens.
        let mut rng = ChaCha8Rng::seed_from_u64(38);
        let plain = Budget {
            plain: true,
            ..Budget::default()
        };
        for (rows, cols) in [(2, 2), (2, 3), (2, 3)] {
            let units = Units::classic(Geometry::new(rows, cols).unwrap());
            let side = rows * cols;
            let empty = vec![0u8; side * side];
            let full = search(&units, &empty, &[], 1, &plain)
                .unwrap()
                .first
                .unwrap();
            for _ in 0..12 {
                let mut cages = random_cages(&full, side, &mut rng);
                // Now and then a cage whose sum is off by one: fewer solutions, or none.
                if rng.random_bool(0.3) {
                    let k = rng.random_range(0..cages.len());
                    cages[k].sum += 1;
                }
                let shape = Shape::of_units(&units, &cages);
                let Ok(shape) = shape else { continue };
                assert!(!implied_cages(&shape).is_empty() || cages.len() == side * side);
                let mut cells = empty.clone();
                if rng.random_bool(0.5) {
                    let c = rng.random_range(0..cells.len());
                    cells[c] = full[c];
                }
                let a = search(&units, &cells, &cages, 100_000, &plain).unwrap();
                let b = search(&units, &cells, &cages, 100_000, &Budget::default()).unwrap();
                assert_eq!(a.solutions, b.solutions, "{cages:?}");
                assert!(!a.gave_up && !b.gave_up);
                if let Some(s) = &b.first {
                    for c in &implied_cages(&shape) {
                        let sum: u32 = c.cells.iter().map(|&x| u32::from(s[x])).sum();
                        assert_eq!(sum, c.sum, "{c:?} in {s:?}");
                    }
                }
            }
        }
    }
}
