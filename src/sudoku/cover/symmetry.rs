//! Boards whose symbols are interchangeable: one search for every relabelling of a solution.
//!
//! A board's units say only that their cells differ. Without a given, a killer cage or a
//! Mathdoku cage, nothing tells one symbol from another: exchanging the symbols of a solution by
//! any permutation gives a solution again. With `n` symbols, each solution thus stands in a
//! class of `n!` solutions, its relabellings.
//!
//! Take a *full* unit, one with a cell for every symbol. In every solution it holds each
//! symbol once, and exactly one relabelling of the solution makes its cells read 1, 2, …, `n`
//! in order. So the solutions of the board are the relabellings of the solutions of the same
//! board with that unit given as 1, 2, …, `n`, each of those standing for `n!` of the board's,
//! none for two:
//!
//! * the board has a solution exactly when the fixed board has one;
//! * its count is `n!` times the fixed board's;
//! * a second solution, once one is known, is the first with two symbols exchanged.
//!
//! A proof that an empty jigsaw layout has no filling is then a proof over `n!` times fewer
//! fillings: the search of the empty board met the same dead ends again under every
//! relabelling that the order of its choices told apart. Any full unit will do, and which one
//! is fixed can change the size of the proof a thousandfold, so a search for one solution fixes
//! each full unit in turn ([`full_units`]), in runs cut at a number of nodes that doubles from
//! run to run, until one ends by itself. Each run is a complete search of the board, so the
//! first that ends settles it (`cover/general.rs` runs them; `benches/README.md`, "Jigsaws: one
//! filling for every relabelling", has the figures).

use crate::sudoku::board::shape::Shape;
use crate::sudoku::cover::stride::strided;

/// Whether the symbols of `shape` with `values` are interchangeable (see the module docs): no
/// given, no killer or Mathdoku cage.
pub fn interchangeable(shape: &Shape, values: &[u8]) -> bool {
    values.iter().all(|&v| v == 0) && shape.cages().is_empty() && shape.math_cages().is_empty()
}

/// The full units of `shape`, in the order the runs of a search fix them: the list of units
/// stepped through by the smallest stride above the number of symbols that is prime to the
/// number of full units. Every unit comes in turn, and on a board of rows, columns and regions
/// (or boxes) listed in that order each unit is of another kind than the one before: row 1,
/// column 2, region 3, row 4, … on 9×9. Empty when no unit holds every symbol.
pub fn full_units(shape: &Shape) -> Vec<usize> {
    let full: Vec<usize> = (0..shape.unit_count())
        .filter(|&u| shape.unit(u).len() == shape.symbols())
        .collect();
    let count = full.len();
    if count == 0 {
        return full;
    }
    strided(count, shape.symbols() + 1)
        .map(|k| full[k])
        .collect()
}

/// The board's values with full unit `unit` given as 1, 2, …, `n` in its cells' order, and
/// nothing else: the board searched in place of an empty board whose symbols are
/// interchangeable.
pub fn fixed(shape: &Shape, unit: usize) -> Vec<u8> {
    let mut values = vec![0; shape.positions()];
    for (&cell, symbol) in shape.unit(unit).iter().zip(1..=u8::MAX) {
        values[cell] = symbol;
    }
    values
}

/// The number of relabellings of a solution of `n` symbols, `n!`, or `u64::MAX` where that
/// does not fit (from 21 symbols up).
pub fn relabellings(n: usize) -> u64 {
    (2..=n as u64)
        .try_fold(1u64, u64::checked_mul)
        .unwrap_or(u64::MAX)
}

/// `solution` with its symbols 1 and 2 exchanged: another solution of a board whose symbols
/// are interchangeable, and a different one, since a full unit holds both.
pub fn exchanged(solution: &[u8]) -> Vec<u8> {
    solution
        .iter()
        .map(|&v| match v {
            1 => 2,
            2 => 1,
            v => v,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::board::cage::Cage;
    use crate::sudoku::board::geometry::Geometry;
    use crate::sudoku::board::shape::Layout;
    use crate::sudoku::board::units::Units;
    use crate::sudoku::cover::general::{Budget, search, search_shape};
    use crate::sudoku::cover::jigsaw;

    #[test]
    fn only_an_empty_board_without_cages_has_its_symbols_interchangeable() {
        let shape = jigsaw("AAAB ABBB CCDD CCDD");
        assert!(interchangeable(&shape, &[0; 16]));
        let mut one_given = [0; 16];
        one_given[5] = 3;
        assert!(!interchangeable(&shape, &one_given));
        let caged = Shape::of_units(
            &Units::classic(Geometry::square(2).unwrap()),
            &[Cage {
                cells: vec![0, 1],
                sum: 3,
            }],
        )
        .unwrap();
        assert!(!interchangeable(&caged, &[0; 16]));
    }

    #[test]
    fn every_full_unit_comes_in_turn_and_is_given_in_order() {
        // 9×9: 27 full units, stepped by 10 (row 1, column 2, region 3, row 4, ...).
        let shape = Shape::of_units(&Units::classic(Geometry::classic()), &[]).unwrap();
        let units = full_units(&shape);
        assert_eq!(&units[..4], [0, 10, 20, 3]);
        let mut sorted = units.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..27).collect::<Vec<_>>());
        // 4×4: 12 full units, stepped by 5.
        let shape = jigsaw("AAAB ABBB CCDD CCDD");
        let units = full_units(&shape);
        assert_eq!(units.len(), 12);
        assert_eq!(&units[..3], [0, 5, 10]);
        for &u in &units {
            let values = fixed(&shape, u);
            for (k, &cell) in shape.unit(u).iter().enumerate() {
                assert_eq!(values[cell], k as u8 + 1);
            }
            assert_eq!(values.iter().filter(|&&v| v != 0).count(), 4);
        }
        // No unit holds every symbol: nothing to fix.
        let mut b = Shape::builder("short", Layout::flat(3, 1), 4);
        b.group(vec![0, 1, 2]);
        assert!(full_units(&b.build().unwrap()).is_empty());
    }

    #[test]
    fn relabellings_are_n_factorial_saturated() {
        assert_eq!(relabellings(1), 1);
        assert_eq!(relabellings(4), 24);
        assert_eq!(relabellings(9), 362_880);
        assert_eq!(relabellings(20), 2_432_902_008_176_640_000);
        assert_eq!(relabellings(21), u64::MAX);
        assert_eq!(relabellings(36), u64::MAX);
    }

    #[test]
    fn an_empty_board_counts_and_fills_as_without_the_fix() {
        // The plain search has no fix: the counts agree, and the two solutions the full
        // search reports are fillings of the board, different ones.
        let plain = Budget {
            plain: true,
            ..Budget::default()
        };
        for picture in [
            "AABB AABB CCDD CCDD",
            "AAAB ABBB CCDD CCDD",
            "AAAB ACBB CCDB CDDD",
        ] {
            let shape = jigsaw(picture);
            let all = search_shape(&shape, &[0; 16], u64::MAX, &plain).unwrap();
            let fixed = search_shape(&shape, &[0; 16], u64::MAX, &Budget::default()).unwrap();
            assert_eq!(fixed.solutions, all.solutions, "{picture}");
            for limit in [1, 2, 3, 25, 1000] {
                let found = search_shape(&shape, &[0; 16], limit, &Budget::default()).unwrap();
                assert_eq!(
                    found.solutions,
                    all.solutions.min(limit),
                    "{picture} {limit}"
                );
                let fillings: Vec<_> = found.first.iter().chain(&found.second).collect();
                assert_eq!(fillings.len() as u64, found.solutions.min(2));
                for filling in &fillings {
                    assert!(shape.units().all(|(_, cells)| {
                        let mut seen: Vec<u8> = cells.iter().map(|&c| filling[c]).collect();
                        seen.sort_unstable();
                        seen == [1, 2, 3, 4]
                    }));
                }
                if let [a, b] = fillings[..] {
                    assert_ne!(a, b);
                }
            }
        }
        // 6×6 with boxes of 2×3: the first filling, then two of them.
        let units = Units::classic(Geometry::new(2, 3).unwrap());
        let found = search(&units, &[0; 36], &[], 2, &Budget::default()).unwrap();
        assert_eq!(found.solutions, 2);
        assert_ne!(found.first, found.second);
    }
}
