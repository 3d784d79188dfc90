//! Simple colouring: one value's strong links, coloured in two colours.
//!
//! A full unit with exactly two places left for a value (a *conjugate pair*) holds it in one
//! of them. Chain conjugate pairs together and colour their cells in turn, say blue and green:
//! in each cluster, either every blue cell holds the value or every green one does.
//!
//! * **Colour wrap**: two cells of one colour see each other. They cannot both hold the value,
//!   so that colour is false: the value goes from every cell of it.
//! * **Colour trap**: a cell outside the cluster sees a cell of each colour. One of those holds
//!   the value, so this cell cannot.
//!
//! The pairs come from any full unit (a jigsaw region, a diagonal, a shape's group) and cells
//! see each other through any unit or killer cage, so colouring works on every board.

use crate::sudoku::logic::{Link, Rater, Role, Step, Technique};

impl Rater {
    /// Every colour wrap and colour trap that removes something, up to `limit`: one step a
    /// cluster.
    pub(in crate::sudoku::logic) fn find_simple_colouring(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        let n = self.cand.len();
        for value in 1..=self.side as u8 {
            let bit = 1u64 << (value - 1);
            let links = self.strong_links(bit);
            // Each cell's colour: 0 none, 1 and 2 the two colours of its cluster.
            let mut colour = vec![0u8; n];
            for &(_, first, _) in &links {
                if colour[first] != 0 {
                    continue;
                }
                // Colour the cluster breadth first, keeping the links used.
                colour[first] = 1;
                let mut cluster = vec![first];
                let mut used: Vec<(usize, usize)> = Vec::new();
                let mut odd = false;
                let mut k = 0;
                while k < cluster.len() {
                    let cell = cluster[k];
                    k += 1;
                    for &(_, a, b) in &links {
                        let other = match (a == cell, b == cell) {
                            (true, _) => b,
                            (_, true) => a,
                            _ => continue,
                        };
                        if colour[other] == 0 {
                            colour[other] = 3 - colour[cell];
                            cluster.push(other);
                            used.push((cell, other));
                        } else if colour[other] == colour[cell] {
                            odd = true;
                        }
                    }
                }
                // A cluster that cannot be coloured means the board has no solution; the
                // rater finds that out by itself.
                if odd || cluster.len() < 3 {
                    continue;
                }
                let (painted, members) = (&colour, &cluster);
                let of = move |c: u8| members.iter().copied().filter(move |&x| painted[x] == c);
                let wrapped = [1u8, 2]
                    .into_iter()
                    .find(|&c| of(c).any(|x| of(c).any(|y| x < y && self.sees(x, y))));
                let gone: Vec<usize> = match wrapped {
                    Some(c) => of(c).collect(),
                    None => (0..n)
                        .filter(|&t| {
                            self.cand[t] & bit != 0
                                && !cluster.contains(&t)
                                && of(1).any(|x| self.sees(t, x))
                                && of(2).any(|y| self.sees(t, y))
                        })
                        .collect(),
                };
                if gone.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::SimpleColouring);
                for &c in &cluster {
                    step.marks
                        .push((c as u32, value, Role::Colour(colour[c] == 2)));
                }
                step.links = used
                    .iter()
                    .map(|&(a, b)| Link {
                        from: (a as u32, value),
                        to: (b as u32, value),
                        strong: true,
                    })
                    .collect();
                step.eliminations = gone.iter().map(|&t| (t as u32, value)).collect();
                out.push(step);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}
