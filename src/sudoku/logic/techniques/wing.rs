//! Wings: the XY-wing, the XYZ-wing and the W-wing.
//!
//! * **XY-wing**: a *pivot* cell with two candidates `ab` sees two *pincers*, one with `ac` and
//!   one with `bc`. Whichever of `a` and `b` the pivot takes, one pincer is left with `c`: so
//!   no cell that sees both pincers can hold `c`.
//! * **XYZ-wing**: the same with a pivot `abc`. Now the pivot may hold `c` itself, so `c` goes
//!   only from cells that see the pivot and both pincers.
//! * **W-wing**: two cells with the same two candidates `ab` that do not see each other, and a
//!   unit where `b` has only two places, one seeing each of the cells. If the first cell is
//!   not `a` it is `b`, so its neighbour in the unit is not `b`, so the other place is, so the
//!   second cell is not `b`: it is `a`. One of the two holds `a`, and `a` goes from cells
//!   seeing both.
//!
//! The cells "see" each other through any unit (a jigsaw region, a diagonal, a shape's group)
//! or a killer cage, and the W-wing's unit is any full unit, so the wings work on every board.

use crate::sudoku::logic::{Link, Rater, Role, Step, Technique};

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

impl Rater {
    /// Every XYZ-wing that removes something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_xyz_wings(&self, out: &mut Vec<Step>, limit: usize) {
        let n = self.cand.len();
        let pairs: Vec<usize> = (0..n).filter(|&c| self.cand[c].count_ones() == 2).collect();
        for pivot in (0..n).filter(|&c| self.cand[c].count_ones() == 3) {
            let abc = self.cand[pivot];
            let pincers: Vec<usize> = pairs
                .iter()
                .copied()
                .filter(|&p| self.cand[p] & abc == self.cand[p] && self.sees(pivot, p))
                .collect();
            for (i, &p) in pincers.iter().enumerate() {
                for &q in &pincers[i + 1..] {
                    let (x, y) = (self.cand[p], self.cand[q]);
                    // Two different pairs of the pivot's three share exactly one value.
                    if x == y {
                        continue;
                    }
                    let c = x & y;
                    let value = c.trailing_zeros() as u8 + 1;
                    let gone: Vec<(u32, u8)> = (0..n)
                        .filter(|&cell| {
                            cell != pivot
                                && cell != p
                                && cell != q
                                && self.cand[cell] & c != 0
                                && self.sees(cell, pivot)
                                && self.sees(cell, p)
                                && self.sees(cell, q)
                        })
                        .map(|cell| (cell as u32, value))
                        .collect();
                    if gone.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Technique::XyzWing);
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

    /// Every W-wing that removes something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_w_wings(&self, out: &mut Vec<Step>, limit: usize) {
        let n = self.cand.len();
        let pairs: Vec<usize> = (0..n).filter(|&c| self.cand[c].count_ones() == 2).collect();
        for (i, &p) in pairs.iter().enumerate() {
            let ab = self.cand[p];
            for &q in &pairs[i + 1..] {
                if self.cand[q] != ab || self.sees(p, q) {
                    continue;
                }
                for b in bits(ab) {
                    let bit = 1u64 << (b - 1);
                    let a = bits(ab & !bit).next().unwrap_or(b);
                    let abit = 1u64 << (a - 1);
                    let gone: Vec<(u32, u8)> = (0..n)
                        .filter(|&t| {
                            t != p
                                && t != q
                                && self.cand[t] & abit != 0
                                && self.sees(t, p)
                                && self.sees(t, q)
                        })
                        .map(|t| (t as u32, a))
                        .collect();
                    if gone.is_empty() {
                        continue;
                    }
                    for (u, x, y) in self.strong_links(bit) {
                        let ends = [(x, y), (y, x)];
                        let Some((x, y)) = ends.into_iter().find(|&(x, y)| {
                            ![p, q].contains(&x)
                                && ![p, q].contains(&y)
                                && self.sees(x, p)
                                && self.sees(y, q)
                        }) else {
                            continue;
                        };
                        let mut step = Step::new(Technique::WWing);
                        step.units = vec![u];
                        for cell in [p, q] {
                            for v in bits(ab) {
                                step.marks.push((cell as u32, v, Role::Pattern));
                            }
                        }
                        step.marks.push((x as u32, b, Role::Pattern));
                        step.marks.push((y as u32, b, Role::Pattern));
                        step.links = vec![
                            Link {
                                from: (p as u32, a),
                                to: (p as u32, b),
                                strong: true,
                            },
                            Link {
                                from: (p as u32, b),
                                to: (x as u32, b),
                                strong: false,
                            },
                            Link {
                                from: (x as u32, b),
                                to: (y as u32, b),
                                strong: true,
                            },
                            Link {
                                from: (y as u32, b),
                                to: (q as u32, b),
                                strong: false,
                            },
                            Link {
                                from: (q as u32, b),
                                to: (q as u32, a),
                                strong: true,
                            },
                        ];
                        step.eliminations = gone;
                        out.push(step);
                        if out.len() >= limit {
                            return;
                        }
                        break;
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
