//! The cells each cell sees, as bit sets over the board's positions, for the techniques that
//! ask "which cells see every one of these" (chains, almost locked sets, unique rectangles).
//!
//! A cell sees another when they share a unit (any unit: a row, a jigsaw region, a diagonal, a
//! shape's group) or a killer cage, as [`Rater::sees`](crate::sudoku::logic::Rater) has it; a
//! cell does not see itself.

use crate::sudoku::logic::Rater;

/// Each cell's peers, `words` 64-bit words a cell.
pub(in crate::sudoku::logic) struct Peers {
    words: usize,
    sets: Vec<u64>,
}

impl Peers {
    /// The peers of every cell of the rater's board.
    pub(in crate::sudoku::logic) fn of(rater: &Rater) -> Peers {
        let n = rater.cand.len();
        let words = n.div_ceil(64).max(1);
        let mut sets = vec![0u64; n * words];
        for cell in 0..n {
            if !rater.is_cell[cell] {
                continue;
            }
            let row = &mut sets[cell * words..(cell + 1) * words];
            let cage = rater.cage(cell).map(|k| rater.cages[k].0.as_slice());
            let units = rater
                .units_of(cell)
                .iter()
                .map(|&u| rater.units[u as usize].as_slice());
            for list in units.chain(cage) {
                for &c in list {
                    row[c as usize / 64] |= 1 << (c % 64);
                }
            }
            row[cell / 64] &= !(1 << (cell % 64));
        }
        Peers { words, sets }
    }

    /// An empty set of cells.
    pub(in crate::sudoku::logic) fn none(&self) -> Vec<u64> {
        vec![0; self.words]
    }

    /// A cell's peers.
    pub(in crate::sudoku::logic) fn of_cell(&self, cell: usize) -> &[u64] {
        &self.sets[cell * self.words..(cell + 1) * self.words]
    }

    /// Whether `a` sees `b`.
    pub(in crate::sudoku::logic) fn sees(&self, a: usize, b: usize) -> bool {
        self.sets[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// The cells that see every cell of `cells` (all cells when `cells` is empty).
    pub(in crate::sudoku::logic) fn common(
        &self,
        cells: impl IntoIterator<Item = usize>,
    ) -> Vec<u64> {
        let mut set = vec![u64::MAX; self.words];
        for c in cells {
            for (s, p) in set.iter_mut().zip(self.of_cell(c)) {
                *s &= p;
            }
        }
        set
    }
}

/// The cells of a set, smallest first.
pub(in crate::sudoku::logic) fn cells_of(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + b
            })
        })
    })
}
