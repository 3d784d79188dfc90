//! Single-digit patterns: the skyscraper, the two-string kite and the empty rectangle.
//!
//! Each reads one value at a time and its *strong links*: a full unit with exactly two places
//! left for the value holds it in one of them (only a full unit gives that fact; a smaller
//! unit need not hold the value at all). Two cells that see each other are *weakly* linked: at
//! most one holds the value. A strong link, a weak link and a strong link in a row make a short
//! chain whose two outer ends cannot both be empty of the value: if one end is not the value,
//! its partner is, so the partner's neighbour on the middle link is not, so the far end is. A
//! cell that sees both outer ends therefore cannot hold the value.
//!
//! * **Skyscraper**: the two strong links lie in two units of the same kind that share no cell
//!   (two rows, two columns), and one end of each sees the other (on a classic board, they
//!   share a column: the tower's base).
//! * **Two-string kite**: one strong link in a row and one in a column, with one end of each in
//!   the same box (or jigsaw region).
//! * **Empty rectangle**: the value's places in a box (or jigsaw region) all lie on one row and
//!   one column through it, with some on each off the crossing. The box then holds the value on
//!   that row or on that column, which acts as a strong link between the two groups; a strong
//!   link outside the box with one end on the row finishes the chain. Square boards only (it
//!   needs rows, columns and boxes or regions).
//!
//! Any other short chain of this kind (a turbot fish) is left to the X-chain. Cells see each
//! other through any unit or killer cage, so the patterns hold on every board.

use crate::sudoku::board::geometry::Unit;
use crate::sudoku::logic::{Link, Rater, Role, Step, Technique};

/// A strong link: the unit, and its two places for the value.
pub(in crate::sudoku::logic) type Strong = (u32, usize, usize);

impl Rater {
    /// The strong links of a value (as a bit): every full unit with exactly two places for it.
    pub(in crate::sudoku::logic) fn strong_links(&self, bit: u64) -> Vec<Strong> {
        let mut links = Vec::new();
        for (u, cells) in self.units.iter().enumerate() {
            if !self.full[u] || self.placed[u] & bit != 0 {
                continue;
            }
            let mut at = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.cand[c] & bit != 0);
            if let (Some(a), Some(b), None) = (at.next(), at.next(), at.next()) {
                links.push((u as u32, a, b));
            }
        }
        links
    }

    /// The cells, other than `not`, that hold the value and see every cell of `ends`.
    fn seeing_all(&self, bit: u64, ends: &[usize], not: &[usize]) -> Vec<usize> {
        (0..self.cand.len())
            .filter(|&t| {
                self.cand[t] & bit != 0
                    && !not.contains(&t)
                    && ends.iter().all(|&e| self.sees(t, e))
            })
            .collect()
    }

    /// Every skyscraper (`kite` false) or two-string kite (`kite` true) that removes
    /// something, up to `limit`.
    pub(in crate::sudoku::logic) fn find_turbots(
        &self,
        kite: bool,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        let technique = if kite {
            Technique::TwoStringKite
        } else {
            Technique::Skyscraper
        };
        let kind = |u: u32| self.unit_kinds.get(u as usize).copied();
        let is_box = |u: &u32| matches!(kind(*u), Some(Unit::Box(_) | Unit::Region(_)));
        for value in 1..=self.side as u8 {
            let bit = 1u64 << (value - 1);
            let links = self.strong_links(bit);
            for (i, &(u1, a1, b1)) in links.iter().enumerate() {
                for &(u2, a2, b2) in &links[i + 1..] {
                    let cells = [a1, b1, a2, b2];
                    if (1..4).any(|k| cells[..k].contains(&cells[k])) {
                        continue;
                    }
                    let shape = if kite {
                        matches!(
                            (kind(u1), kind(u2)),
                            (Some(Unit::Row(_)), Some(Unit::Column(_)))
                                | (Some(Unit::Column(_)), Some(Unit::Row(_)))
                        )
                    } else {
                        let same = match (kind(u1), kind(u2)) {
                            (Some(x), Some(y)) => {
                                std::mem::discriminant(&x) == std::mem::discriminant(&y)
                            }
                            _ => false,
                        };
                        same && !self.units[u1 as usize]
                            .iter()
                            .any(|c| self.units[u2 as usize].contains(c))
                    };
                    if !shape {
                        continue;
                    }
                    // Each choice of the ends that meet (the bases) and the far ends (tops).
                    for (p, x) in [(a1, b1), (b1, a1)] {
                        for (q, y) in [(a2, b2), (b2, a2)] {
                            let meets = if kite {
                                self.units_of(p)
                                    .iter()
                                    .filter(|u| is_box(u))
                                    .any(|u| self.units_of(q).contains(u))
                            } else {
                                self.sees(p, q)
                            };
                            if !meets {
                                continue;
                            }
                            let gone = self.seeing_all(bit, &[x, y], &cells);
                            if gone.is_empty() {
                                continue;
                            }
                            let mut step = Step::new(technique);
                            step.units = vec![u1, u2];
                            for c in [x, p, q, y] {
                                step.marks.push((c as u32, value, Role::Pattern));
                            }
                            step.links = chain_links(value, &[x, p, q, y]);
                            step.eliminations = gone.iter().map(|&t| (t as u32, value)).collect();
                            out.push(step);
                            if out.len() >= limit {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every empty rectangle that removes something, up to `limit` (square boards only).
    pub(in crate::sudoku::logic) fn find_empty_rectangles(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        let Some(g) = self.geometry else {
            return;
        };
        let side = self.side;
        for value in 1..=side as u8 {
            let bit = 1u64 << (value - 1);
            let links = self.strong_links(bit);
            for b in 2 * side..3 * side {
                if !self.full[b] || self.placed[b] & bit != 0 {
                    continue;
                }
                let places: Vec<usize> = self.units[b]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.cand[c] & bit != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for &x in &self.units[b] {
                    let (row, col) = (g.row_of(x as usize), g.col_of(x as usize));
                    let on_row: Vec<usize> = places
                        .iter()
                        .copied()
                        .filter(|&c| g.row_of(c) == row)
                        .collect();
                    let on_col: Vec<usize> = places
                        .iter()
                        .copied()
                        .filter(|&c| g.col_of(c) == col)
                        .collect();
                    let covered = places
                        .iter()
                        .all(|&c| g.row_of(c) == row || g.col_of(c) == col);
                    let off_row = on_row.iter().any(|&c| g.col_of(c) != col);
                    let off_col = on_col.iter().any(|&c| g.row_of(c) != row);
                    if !covered || !off_row || !off_col {
                        continue;
                    }
                    let groups = [
                        (row as u32, &on_row, &on_col),
                        ((side + col) as u32, &on_col, &on_row),
                    ];
                    for (line, near, far) in groups {
                        for &(u, a, c) in &links {
                            for (p, q) in [(a, c), (c, a)] {
                                let inside = |z: usize| self.units[b].contains(&(z as u32));
                                if inside(p) || inside(q) || !near.iter().all(|&n| self.sees(q, n))
                                {
                                    continue;
                                }
                                let mut ends = vec![p];
                                ends.extend(far.iter().copied());
                                let mut not: Vec<usize> = places.clone();
                                not.extend([p, q]);
                                let gone = self.seeing_all(bit, &ends, &not);
                                if gone.is_empty() {
                                    continue;
                                }
                                let mut step = Step::new(Technique::EmptyRectangle);
                                step.units = vec![b as u32, line, u];
                                for &c in &places {
                                    step.marks.push((c as u32, value, Role::Pattern));
                                }
                                step.marks.push((q as u32, value, Role::Pattern));
                                step.marks.push((p as u32, value, Role::Pattern));
                                step.links = chain_links(value, &[p, q]);
                                step.eliminations =
                                    gone.iter().map(|&t| (t as u32, value)).collect();
                                out.push(step);
                                if out.len() >= limit {
                                    return;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The links of a single-value chain through `cells`, strong and weak in turn from a strong
/// one.
pub(in crate::sudoku::logic) fn chain_links(value: u8, cells: &[usize]) -> Vec<Link> {
    cells
        .windows(2)
        .enumerate()
        .map(|(k, w)| Link {
            from: (w[0] as u32, value),
            to: (w[1] as u32, value),
            strong: k % 2 == 0,
        })
        .collect()
}
