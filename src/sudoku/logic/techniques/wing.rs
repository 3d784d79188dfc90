//! Wings: the XY-wing.
//!
//! A *pivot* cell with two candidates `ab` sees two *pincers*, one with `ac` and one with `bc`.
//! Whichever of `a` and `b` the pivot takes, one pincer is left with `c`: so no cell that sees
//! both pincers can hold `c`. The cells "see" each other through any unit (a jigsaw region, a
//! diagonal, a shape's group) or a killer cage, so the wing works on every board.

use crate::sudoku::logic::{Rater, Role, Step, Technique};

impl Rater {
    /// Every XY-wing that removes something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_xy_wings(&self, out: &mut Vec<Step>, limit: usize) {
        let n = self.cand.len();
        let pairs: Vec<usize> = (0..n).filter(|&c| self.cand[c].count_ones() == 2).collect();
        for &pivot in &pairs {
            let ab = self.cand[pivot];
            let pincers: Vec<usize> = pairs
                .iter()
                .copied()
                .filter(|&p| {
                    let x = self.cand[p];
                    self.sees(pivot, p) && x != ab && (x & ab).count_ones() == 1
                })
                .collect();
            for (i, &p) in pincers.iter().enumerate() {
                for &q in &pincers[i + 1..] {
                    let (x, y) = (self.cand[p], self.cand[q]);
                    let c = x & y & !ab;
                    // The pincers share c and split a and b between them.
                    if c.count_ones() != 1 || (x | y) & ab != ab || x & y & ab != 0 {
                        continue;
                    }
                    let value = c.trailing_zeros() as u8 + 1;
                    let gone: Vec<(u32, u8)> = (0..n)
                        .filter(|&cell| {
                            cell != p
                                && cell != q
                                && self.cand[cell] & c != 0
                                && self.sees(cell, p)
                                && self.sees(cell, q)
                        })
                        .map(|cell| (cell as u32, value))
                        .collect();
                    if gone.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Technique::XyWing);
                    for cell in [pivot, p, q] {
                        for v in bits(self.cand[cell]) {
                            step.marks.push((cell as u32, v, Role::Pattern));
                        }
                    }
                    step.eliminations = gone;
                    out.push(step);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }
}

/// The values of a candidate set, smallest first.
pub(in crate::sudoku::logic) fn bits(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as u8 + 1;
            set &= set - 1;
            v
        })
    })
}
