//! Wings: the XY-wing.

use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// A pivot with candidates `ab` seeing pincers `ac` and `bc`: no cell seeing both pincers
    /// can hold `c` (one pincer or the other is `c`).
    pub(in crate::sudoku::logic) fn xy_wing(&mut self) -> Progress {
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
                    let mut changed = false;
                    for cell in 0..n {
                        if cell != p
                            && cell != q
                            && self.cand[cell] & c != 0
                            && self.sees(cell, p)
                            && self.sees(cell, q)
                        {
                            changed |= self.eliminate(cell, c);
                        }
                    }
                    if changed {
                        return Progress::Some;
                    }
                }
            }
        }
        Progress::None
    }
}
