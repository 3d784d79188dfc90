//! Fish: X-wing and swordfish.

use crate::sudoku::logic::techniques::subsets::for_each_subset;
use crate::sudoku::logic::{Progress, Rater};

impl Rater {
    /// X-wing (`size` 2) and swordfish (3): `size` rows where a value's places lie in `size`
    /// columns between them; the value goes from the rest of those columns (and rows for
    /// columns).
    pub(in crate::sudoku::logic) fn fish(&mut self, size: usize) -> Progress {
        let side = self.side;
        for value in 0..side {
            let bit = 1u64 << value;
            for (base, cross) in [(0, side), (side, 0)] {
                // For each line, the crossing lines where the value can go.
                let lines: Vec<(usize, u64)> = (0..side)
                    .filter_map(|l| {
                        let mut at = 0u64;
                        for (k, &c) in self.units[base + l].iter().enumerate() {
                            if self.cand[c as usize] & bit != 0 {
                                at |= 1 << k;
                            }
                        }
                        (2..=size)
                            .contains(&(at.count_ones() as usize))
                            .then_some((l, at))
                    })
                    .collect();
                let mut found = None;
                for_each_subset(lines.len(), size, |pick| {
                    let crossing = pick.iter().fold(0, |acc, &i| acc | lines[i].1);
                    if crossing.count_ones() as usize != size {
                        return false;
                    }
                    let fins: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                    let useful = (0..side).any(|x| {
                        crossing & (1 << x) != 0
                            && self.units[cross + x].iter().enumerate().any(|(k, &c)| {
                                !fins.contains(&k) && self.cand[c as usize] & bit != 0
                            })
                    });
                    if useful {
                        found = Some((crossing, fins));
                    }
                    useful
                });
                if let Some((crossing, fins)) = found {
                    for x in 0..side {
                        if crossing & (1 << x) == 0 {
                            continue;
                        }
                        for k in 0..side {
                            if !fins.contains(&k) {
                                let c = self.units[cross + x][k] as usize;
                                self.eliminate(c, bit);
                            }
                        }
                    }
                    return Progress::Some;
                }
            }
        }
        Progress::None
    }
}
