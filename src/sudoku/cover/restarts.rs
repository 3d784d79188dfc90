//! Restarts: a search for one or two solutions of a board that has room for many is cut after
//! a while and run again from other starting weights (see [`RESTART_NODES`]), so that one order
//! of ties does not keep it in a subtree without any.

use crate::sudoku::board::shape::Shape;

/// Whether `shape` with `values` has no solution or more than one, seen from its givens: it has
/// no cages, and two symbols appear in no given, so swapping them in a solution (every unit
/// stays a set of different symbols) gives another.
pub(super) fn never_unique(shape: &Shape, values: &[u8]) -> bool {
    if !shape.cages().is_empty() || !shape.math_cages().is_empty() {
        return false;
    }
    let mut seen = vec![false; shape.symbols() + 1];
    for &v in values {
        if let Some(s) = seen.get_mut(usize::from(v)) {
            *s = true;
        }
    }
    seen[1..].iter().filter(|&&s| !s).count() >= 2
}

/// Whether `shape` with `values` is a killer board more than half of whose cells are open and
/// in no cage: one with so much room that it has many solutions, where the search's one order
/// can still lose itself in a subtree without any, as on empty jigsaw layouts. Boards that
/// players solve (sigh's hard killers, the generator's) have every cell in a cage and are not
/// such boards.
pub(super) fn open_killer(shape: &Shape, values: &[u8]) -> bool {
    if shape.cages().is_empty() || !shape.math_cages().is_empty() {
        return false;
    }
    let mut held = vec![false; shape.positions()];
    for (cell, &v) in values.iter().enumerate() {
        if v != 0
            && let Some(h) = held.get_mut(cell)
        {
            *h = true;
        }
    }
    for &cell in shape.cages().iter().flat_map(|cage| &cage.cells) {
        if let Some(h) = held.get_mut(cell) {
            *h = true;
        }
    }
    let free = shape.cells().filter(|&c| !held[c]).count();
    free * 2 > shape.cells().count()
}

/// One run of a search that restarts (see [`RESTART_NODES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Run {
    /// In the search's own order, cut at the first run's nodes.
    First,
    /// From random starting weights drawn from this seed, cut.
    Reseeded(u64),
    /// In the search's own order, to the end (or the caller's limits).
    Last,
}

/// The nodes of a full search's first run, when it looks for one or two solutions of a board
/// that cannot be unique ([`never_unique`]): one that can only be searched to find solutions,
/// or to prove there is none; or of a killer whose cells are mostly open ([`open_killer`]),
/// which has room for many solutions. Empty jigsaw layouts showed why it is cut: most have their first
/// fillings within a few hundred nodes, but a few sent the search, in its one fixed order of
/// ties, into a subtree of millions of nodes without one; in another order those were found in
/// a few thousand (benches/README.md has the figures). A run that finds nothing by then is
/// followed by runs from random starting weights (`Search::with_random_weights`, each item's
/// weight from 0 to [`RANDOM_WEIGHT`]), each allowed twice the nodes of the one before, up to
/// [`RESEEDED_RUNS`] of them, and then by a last run in the own order that is never cut. A
/// search that must be complete (a board with no solution) thus does at most 15 times the
/// first run's nodes (300,000) more than without restarts, and often none: each reseeded run
/// goes on blaming its dead ends on its choices, so it is as likely to find the proof as the
/// first, from another start. A puzzle that may be unique is not restarted: its search must
/// be complete, and is best left to one run. An open killer may be unique in principle, which
/// its restarts bound at those 300,000 nodes more; what they save on such boards is far more:
/// one cage of fourteen cells on an empty 25×25 or 36×36 board had the one order searching
/// millions of nodes where a reseeded run filled the board in a few thousand
/// (benches/README.md).
pub(super) const RESTART_NODES: u64 = 20_000;

/// The most runs from random starting weights (see [`RESTART_NODES`]).
pub(super) const RESEEDED_RUNS: u64 = 3;

/// The greatest random starting weight of an item in a reseeded run (see [`RESTART_NODES`]): a
/// few dead ends blamed on an item outweigh it, so the draw decides the first choices and the
/// conflicts the rest. On sigh's unsolvable jigsaw layouts 501–1,000, 4 and 16 did about as
/// well, 64 half as well (benches/README.md).
pub(super) const RANDOM_WEIGHT: u32 = 16;

/// The last run of a search that restarts (see [`RESTART_NODES`]) prunes by pairs at every
/// branching, not once per 32 nodes: it comes only after the cut runs settled nothing, so it is
/// long, and there the pruning saves more nodes than it costs. Of sigh's unsolvable jigsaw
/// layouts 4,751–5,000 it decided 249 within 20 s where 247 were, in 105 s where they took
/// 153 s, and 4,251–4,500 in 37 s where they took 48 s (benches/README.md); the cut runs,
/// which most searches end in, prune as often as before.
pub(super) const LAST_RUN_PRUNE_SPACING: u64 = 1;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::board::cage::Cage;
    use crate::sudoku::board::geometry::Geometry;
    use crate::sudoku::board::units::Units;
    use crate::sudoku::cover::general::{Budget, search_shape};

    fn killer(side: usize, cages: &[Cage]) -> Shape {
        let b = (1..=side).find(|b| b * b == side).unwrap();
        Shape::of_units(&Units::classic(Geometry::new(b, b).unwrap()), cages).unwrap()
    }

    #[test]
    fn a_killer_is_open_while_most_of_its_cells_are_free() {
        let one = Cage {
            cells: (0..9).collect(),
            sum: 45,
        };
        let shape = killer(9, &[one]);
        assert!(open_killer(&shape, &[0; 81]));
        // With the givens, 41 of the 81 cells are held: no longer more than half free.
        let mut values = vec![0u8; 81];
        for (cell, v) in values.iter_mut().enumerate().skip(9).take(32) {
            *v = (cell % 9) as u8 + 1;
        }
        assert!(!open_killer(&shape, &values));
        // Every cell in a cage, as in the puzzles people solve; and a board without cages.
        let rows: Vec<Cage> = (0..9)
            .map(|r| Cage {
                cells: (r * 9..r * 9 + 9).collect(),
                sum: 45,
            })
            .collect();
        assert!(!open_killer(&killer(9, &rows), &[0; 81]));
        assert!(!open_killer(&killer(9, &[]), &[0; 81]));
    }

    /// One cage of fourteen cells on an empty 25×25 board, where the search's own order ran
    /// for minutes: the restarted search finds two solutions, each keeping the cage.
    #[test]
    fn an_open_killer_restarted_finds_solutions_that_keep_its_cage() {
        let cage = Cage {
            cells: (4 * 25 + 2..4 * 25 + 16).collect(),
            sum: 141,
        };
        let shape = killer(25, std::slice::from_ref(&cage));
        let found = search_shape(&shape, &[0; 625], 2, &Budget::default()).unwrap();
        assert!(!found.gave_up && found.solutions == 2, "{found:?}");
        for grid in [found.first.unwrap(), found.second.unwrap()] {
            let sum: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
            assert_eq!(sum, 141);
            assert!(grid.iter().all(|&v| v != 0));
        }
    }
}
