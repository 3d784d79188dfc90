//! X-chains: one value's chains of strong and weak links in turn.
//!
//! A *strong* link joins the only two places of a value in a full unit: if one does not hold
//! the value, the other does. A *weak* link joins two cells that see each other: if one holds
//! the value, the other does not. A chain that starts and ends with a strong link, alternating
//! in between, proves that one of its two ends holds the value: suppose the first does not;
//! then its strong partner does, so the next cell does not, and so on to the last, which does.
//! A cell that sees both ends cannot hold the value.
//!
//! The finder searches breadth first from every place of each value, so each chain it reports
//! is a shortest one between its ends, and keeps chains of at most [`MAX_LINKS`] links; the
//! shortest (three links: a skyscraper, a kite, a turbot fish) come first. Strong links come
//! from any full unit and cells see each other through any unit or killer cage, so X-chains
//! work on every board.

use crate::sudoku::logic::techniques::single_digit::chain_links;
use crate::sudoku::logic::{Rater, Role, Step, Technique};

/// The longest chain searched, in links.
pub(in crate::sudoku::logic) const MAX_LINKS: usize = 11;

impl Rater {
    /// Every X-chain that removes something, shortest first, up to `limit`: for each value,
    /// one chain for each pair of ends with a cell seeing both.
    pub(in crate::sudoku::logic) fn find_x_chains(&self, out: &mut Vec<Step>, limit: usize) {
        let mut found: Vec<Step> = Vec::new();
        for value in 1..=self.side as u8 {
            let bit = 1u64 << (value - 1);
            self.x_chains_of(value, bit, &mut found);
        }
        found.sort_by_key(|s| s.links.len());
        for step in found {
            if out.len() >= limit {
                return;
            }
            out.push(step);
        }
    }

    /// The X-chains of one value, pushed onto `found`.
    fn x_chains_of(&self, value: u8, bit: u64, found: &mut Vec<Step>) {
        let cells: Vec<usize> = (0..self.cand.len())
            .filter(|&c| self.cand[c] & bit != 0)
            .collect();
        let n = cells.len();
        if n < 4 {
            return;
        }
        let index = |c: usize| cells.iter().position(|&x| x == c);
        let mut see = vec![false; n * n];
        let mut weak: Vec<Vec<usize>> = vec![Vec::new(); n];
        for i in 0..n {
            for j in i + 1..n {
                if self.sees(cells[i], cells[j]) {
                    see[i * n + j] = true;
                    see[j * n + i] = true;
                    weak[i].push(j);
                    weak[j].push(i);
                }
            }
        }
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (_, a, b) in self.strong_links(bit) {
            if let (Some(i), Some(j)) = (index(a), index(b))
                && !strong[i].contains(&j)
            {
                strong[i].push(j);
                strong[j].push(i);
            }
        }
        // States: node * 2 (the node does not hold the value) and node * 2 + 1 (it does).
        let mut parent = vec![usize::MAX; 2 * n];
        let mut depth = vec![0usize; 2 * n];
        let mut queue: Vec<usize> = Vec::with_capacity(2 * n);
        for s in 0..n {
            if strong[s].is_empty() {
                continue;
            }
            parent.iter_mut().for_each(|p| *p = usize::MAX);
            queue.clear();
            queue.push(2 * s);
            parent[2 * s] = 2 * s;
            let mut k = 0;
            while k < queue.len() {
                let state = queue[k];
                k += 1;
                if depth[state] >= MAX_LINKS {
                    continue;
                }
                let (node, on) = (state / 2, state % 2 == 1);
                let next = if on { &weak[node] } else { &strong[node] };
                for &m in next {
                    let to = 2 * m + usize::from(!on);
                    if parent[to] != usize::MAX {
                        continue;
                    }
                    parent[to] = state;
                    depth[to] = depth[state] + 1;
                    queue.push(to);
                    // A chain ends on a strong link, at a node that holds the value.
                    if on || m <= s || depth[to] < 3 {
                        continue;
                    }
                    let gone: Vec<(u32, u8)> = (0..n)
                        .filter(|&t| t != s && t != m && see[t * n + s] && see[t * n + m])
                        .map(|t| (cells[t] as u32, value))
                        .collect();
                    if gone.is_empty() {
                        continue;
                    }
                    let mut path = vec![cells[m]];
                    let mut at = to;
                    while parent[at] != at {
                        at = parent[at];
                        path.push(cells[at / 2]);
                    }
                    path.reverse();
                    let mut step = Step::new(Technique::XChain);
                    for (k, &c) in path.iter().enumerate() {
                        step.marks.push((c as u32, value, Role::Colour(k % 2 == 1)));
                    }
                    step.links = chain_links(value, &path);
                    step.eliminations = gone;
                    found.push(step);
                }
            }
        }
    }
}
