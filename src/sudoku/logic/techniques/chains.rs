//! Chains: XY-chains, discontinuous nice loops and alternating inference chains (AIC).
//!
//! A chain reads the candidates as facts linked two ways:
//!
//! * a **strong link** between two candidates says one of them is true: the two candidates of a
//!   cell that has only two, or the two places of a value in a full unit that has only two;
//! * a **weak link** says they are not both true: two candidates of one cell, or one value in
//!   two cells that see each other (through any unit or a killer cage).
//!
//! So "this one is false" crosses a strong link to "that one is true", and "true" crosses a weak
//! link to "false". A chain that starts by taking a candidate `s` as false and, alternating,
//! reaches a candidate `e` as true, proves that `s` or `e` is true: any candidate weakly linked
//! to both (a candidate of the same value in a cell that sees both ends; the other candidates of
//! their cell when they share one) is false. That is an **AIC**; an **XY-chain** is one that uses
//! only cells with two candidates, the way players draw it from cell to cell. When the chain
//! comes back to its own start, it is a **discontinuous nice loop**: a candidate whose
//! falsehood makes it true is placed, one whose truth makes it false goes.
//!
//! The links are read off units, so chains work on every board. The search is breadth first
//! from every candidate, so it finds each conclusion by a shortest chain, and bounded in length
//! (every candidate is reached at most once each way from each start): on a hard 9×9 board one
//! pass takes a few milliseconds.

use std::collections::VecDeque;

use super::peers::{Peers, cells_of};
use crate::sudoku::logic::{Link, Rater, Role, Step, Technique};

/// The longest chain looked for, in links.
const MAX_LINKS: u32 = 24;

/// The candidates of a board as chains read them: each `(cell, value)` is the node
/// `cell·side + value − 1`, with its strong and weak links.
pub(in crate::sudoku::logic) struct Graph {
    side: usize,
    /// The nodes that have a strong link (where a chain can start).
    pub(in crate::sudoku::logic) starts: Vec<u32>,
    strong: Vec<Vec<u32>>,
    weak: Vec<Vec<u32>>,
}

impl Graph {
    /// The node's cell and value.
    pub(in crate::sudoku::logic) fn cell_value(&self, node: u32) -> (u32, u8) {
        let side = self.side as u32;
        (node / side, (node % side) as u8 + 1)
    }

    fn node(&self, cell: usize, value: u8) -> u32 {
        (cell * self.side) as u32 + u32::from(value) - 1
    }
}

/// Breadth-first search over (node, true or false) states, reused from start to start.
pub(in crate::sudoku::logic) struct Search {
    /// The state each state was reached from (`u32::MAX` for the start).
    parent: Vec<u32>,
    /// The start each state was last reached from, plus one.
    mark: Vec<u32>,
    depth: Vec<u32>,
    queue: VecDeque<u32>,
    round: u32,
}

impl Search {
    fn new(graph: &Graph) -> Search {
        let n = graph.strong.len() * 2;
        Search {
            parent: vec![u32::MAX; n],
            mark: vec![0; n],
            depth: vec![0; n],
            queue: VecDeque::new(),
            round: 0,
        }
    }

    /// From `start` (a node, true or false), visits every state a chain reaches, shortest
    /// first, until `visit` returns false. A state is `node·2 + 1` for true, `node·2` for false.
    fn run(
        &mut self,
        graph: &Graph,
        start: u32,
        start_on: bool,
        mut visit: impl FnMut(&Search, u32) -> bool,
    ) {
        self.round += 1;
        self.queue.clear();
        let first = start * 2 + u32::from(start_on);
        self.mark[first as usize] = self.round;
        self.parent[first as usize] = u32::MAX;
        self.depth[first as usize] = 0;
        self.queue.push_back(first);
        while let Some(state) = self.queue.pop_front() {
            if state != first && !visit(self, state) {
                return;
            }
            let depth = self.depth[state as usize];
            if depth >= MAX_LINKS {
                continue;
            }
            let (node, on) = (state / 2, state % 2 == 1);
            // True crosses weak links to false; false crosses strong links to true.
            let next = if on {
                &graph.weak[node as usize]
            } else {
                &graph.strong[node as usize]
            };
            for &m in next {
                let s = m * 2 + u32::from(!on);
                if self.mark[s as usize] != self.round {
                    self.mark[s as usize] = self.round;
                    self.parent[s as usize] = state;
                    self.depth[s as usize] = depth + 1;
                    self.queue.push_back(s);
                }
            }
        }
    }

    /// The chain to `state`, from its start: each node with whether it is taken true.
    fn path(&self, state: u32) -> Vec<(u32, bool)> {
        let mut path = vec![(state / 2, state % 2 == 1)];
        let mut s = state;
        while self.parent[s as usize] != u32::MAX {
            s = self.parent[s as usize];
            path.push((s / 2, s % 2 == 1));
        }
        path.reverse();
        path
    }
}

impl Rater {
    /// The chain graph of the candidates: every strong and weak link, or (`bivalue`) only the
    /// links of an XY-chain (the two candidates of a two-candidate cell, and one value in two
    /// such cells that see each other).
    pub(in crate::sudoku::logic) fn chain_graph(&self, peers: &Peers, bivalue: bool) -> Graph {
        let side = self.side;
        let n = self.cand.len() * side;
        let mut graph = Graph {
            side,
            starts: Vec::new(),
            strong: vec![Vec::new(); n],
            weak: vec![Vec::new(); n],
        };
        for cell in 0..self.cand.len() {
            let set = self.cand[cell];
            if set == 0 || (bivalue && set.count_ones() != 2) {
                continue;
            }
            for v in super::wing::bits(set) {
                let x = graph.node(cell, v) as usize;
                let bit = 1u64 << (v - 1);
                for w in super::wing::bits(set & !bit) {
                    let y = graph.node(cell, w);
                    graph.weak[x].push(y);
                    if set.count_ones() == 2 {
                        graph.strong[x].push(y);
                    }
                }
                for other in cells_of(peers.of_cell(cell)) {
                    let o = self.cand[other];
                    if o & bit != 0 && (!bivalue || o.count_ones() == 2) {
                        let y = graph.node(other, v);
                        graph.weak[x].push(y);
                    }
                }
                if bivalue {
                    continue;
                }
                for &u in self.units_of(cell) {
                    if !self.full[u as usize] {
                        continue;
                    }
                    let mut places = self.units[u as usize]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| self.cand[c] & bit != 0);
                    if let (Some(a), Some(b), None) = (places.next(), places.next(), places.next())
                    {
                        let y = graph.node(if a == cell { b } else { a }, v);
                        if !graph.strong[x].contains(&y) {
                            graph.strong[x].push(y);
                        }
                    }
                }
            }
        }
        graph.starts = (0..n as u32)
            .filter(|&x| !graph.strong[x as usize].is_empty())
            .collect();
        graph
    }

    /// The candidates weakly linked to both `s` and `e` (so false when one of them is true).
    pub(in crate::sudoku::logic) fn seeing_both(
        &self,
        graph: &Graph,
        peers: &Peers,
        s: u32,
        e: u32,
    ) -> Vec<(u32, u8)> {
        let ((sc, sv), (ec, ev)) = (graph.cell_value(s), graph.cell_value(e));
        let (sc, ec) = (sc as usize, ec as usize);
        if s == e {
            return Vec::new();
        }
        if sc == ec {
            let others = self.cand[sc] & !(1 << (sv - 1)) & !(1 << (ev - 1));
            return super::wing::bits(others).map(|v| (sc as u32, v)).collect();
        }
        if sv == ev {
            let bit = 1u64 << (sv - 1);
            return cells_of(&peers.common([sc, ec]))
                .filter(|&c| self.cand[c] & bit != 0)
                .map(|c| (c as u32, sv))
                .collect();
        }
        let mut gone = Vec::new();
        if peers.sees(sc, ec) {
            if self.cand[sc] & (1 << (ev - 1)) != 0 {
                gone.push((sc as u32, ev));
            }
            if self.cand[ec] & (1 << (sv - 1)) != 0 {
                gone.push((ec as u32, sv));
            }
        }
        gone
    }

    /// Every XY-chain that removes something new, up to `limit`.
    pub(in crate::sudoku::logic) fn find_xy_chains(&self, out: &mut Vec<Step>, limit: usize) {
        self.find_chain_eliminations(out, limit, true);
    }

    /// Every alternating inference chain that removes something new, up to `limit`.
    pub(in crate::sudoku::logic) fn find_aics(&self, out: &mut Vec<Step>, limit: usize) {
        self.find_chain_eliminations(out, limit, false);
    }

    /// Chains from every start taken false to every candidate they make true, each kept when it
    /// removes a candidate no earlier chain removed.
    fn find_chain_eliminations(&self, out: &mut Vec<Step>, limit: usize, bivalue: bool) {
        if out.len() >= limit {
            return;
        }
        let peers = Peers::of(self);
        let graph = self.chain_graph(&peers, bivalue);
        let technique = if bivalue {
            Technique::XyChain
        } else {
            Technique::Aic
        };
        let mut search = Search::new(&graph);
        let mut done = vec![false; graph.strong.len()];
        for &s in &graph.starts {
            search.run(&graph, s, false, |search, state| {
                if state % 2 == 0 {
                    return true;
                }
                let e = state / 2;
                let gone = self.seeing_both(&graph, &peers, s, e);
                let new = gone
                    .iter()
                    .any(|&(c, v)| !done[graph.node(c as usize, v) as usize]);
                if !new {
                    return true;
                }
                for &(c, v) in &gone {
                    done[graph.node(c as usize, v) as usize] = true;
                }
                let mut step = chain_step(technique, &graph, &search.path(state));
                step.eliminations = gone;
                out.push(step);
                out.len() < limit
            });
            if out.len() >= limit {
                return;
            }
        }
    }

    /// Every discontinuous nice loop, up to `limit`: a candidate whose falsehood leads back to
    /// its truth (placed), or whose truth leads back to its falsehood (removed).
    pub(in crate::sudoku::logic) fn find_nice_loops(&self, out: &mut Vec<Step>, limit: usize) {
        if out.len() >= limit {
            return;
        }
        let peers = Peers::of(self);
        let graph = self.chain_graph(&peers, false);
        let mut search = Search::new(&graph);
        for &s in &graph.starts {
            for start_on in [false, true] {
                let back = s * 2 + u32::from(!start_on);
                let mut found = None;
                search.run(&graph, s, start_on, |search, state| {
                    if state == back {
                        found = Some(search.path(state));
                        return false;
                    }
                    true
                });
                let Some(path) = found else {
                    continue;
                };
                let mut step = chain_step(Technique::NiceLoop, &graph, &path);
                let (cell, value) = graph.cell_value(s);
                if start_on {
                    step.eliminations.push((cell, value));
                } else {
                    step.placements.push((cell, value));
                }
                out.push(step);
                if out.len() >= limit {
                    return;
                }
                break;
            }
        }
    }
}

/// A chain's step: its candidates coloured true and false, and its links.
fn chain_step(technique: Technique, graph: &Graph, path: &[(u32, bool)]) -> Step {
    let mut step = Step::new(technique);
    for &(node, on) in path {
        let (c, v) = graph.cell_value(node);
        if !step.marks.iter().any(|m| m.0 == c && m.1 == v) {
            step.marks.push((c, v, Role::Colour(on)));
        }
    }
    for pair in path.windows(2) {
        step.links.push(Link {
            from: graph.cell_value(pair[0].0),
            to: graph.cell_value(pair[1].0),
            strong: pair[1].1,
        });
    }
    step
}
