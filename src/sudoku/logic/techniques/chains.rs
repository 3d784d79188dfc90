//! Chains: XY-chains, nice loops (discontinuous and continuous) and alternating inference
//! chains (AIC).
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
//! A **continuous nice loop** closes with links that alternate all the way round: starting
//! true, the chain comes back false to a candidate strongly linked to its start. Read one way
//! round, one half of its candidates is true; read the other way (the links hold both ways),
//! the other half is. Either way every link has exactly one true end, so whatever sees both
//! ends of a link goes: on a link inside a cell, the cell's other candidates; on a link over a
//! unit, the value from the other cells that see both ends (the rest of the unit, and of any
//! other unit the two share).
//!
//! The links are read off units, so chains work on every board. The search is breadth first
//! from every candidate, so it finds each conclusion by a shortest chain, and bounded in length
//! (every candidate is reached at most once each way from each start): on a hard 9×9 board one
//! pass takes a few milliseconds. The same graph with groups of candidates as nodes gives the
//! grouped chains and loops (`grouped.rs`).

use std::collections::VecDeque;
use std::sync::Arc;

use super::peers::{Peers, cells_of};
use crate::sudoku::logic::{Link, Rater, Role, Step, Technique};

/// The longest chain looked for, in links.
const MAX_LINKS: u32 = 24;

/// The candidates of a board as chains read them: each `(cell, value)` is the node
/// `cell·side + value − 1`, with its strong and weak links; after them come the groups, if the
/// graph has any ([`Group`]), node `candidates + k` for group `k`.
pub(in crate::sudoku::logic) struct Graph {
    pub(super) side: usize,
    /// The number of candidate nodes (cells times values); group nodes come after.
    pub(super) candidates: u32,
    /// The nodes that have a strong link (where a chain can start).
    pub(in crate::sudoku::logic) starts: Vec<u32>,
    pub(super) strong: Vec<Vec<u32>>,
    pub(super) weak: Vec<Vec<u32>>,
    /// The group nodes.
    pub(super) groups: Vec<Group>,
}

impl Graph {
    /// The node's cell and value; a group's first cell stands for it (where a hint draws its
    /// links).
    pub(in crate::sudoku::logic) fn cell_value(&self, node: u32) -> (u32, u8) {
        if let Some(group) = self.group(node) {
            return (group.cells[0] as u32, group.value);
        }
        let side = self.side as u32;
        (node / side, (node % side) as u8 + 1)
    }

    pub(super) fn node(&self, cell: usize, value: u8) -> u32 {
        (cell * self.side) as u32 + u32::from(value) - 1
    }

    /// The group a node stands for, if it is a group's.
    pub(super) fn group(&self, node: u32) -> Option<&Group> {
        node.checked_sub(self.candidates)
            .and_then(|k| self.groups.get(k as usize))
    }

    /// The node's value and the cells that see every one of its cells (a candidate's peers, a
    /// group's common peers).
    fn seen<'a>(&'a self, peers: &'a Peers, node: u32) -> (u8, &'a [u64]) {
        match self.group(node) {
            Some(group) => (group.value, &group.seen),
            None => {
                let (cell, value) = self.cell_value(node);
                (value, peers.of_cell(cell as usize))
            }
        }
    }
}

/// A group node: a value's places in the meeting of two units (at least two cells; see
/// `grouped.rs`).
pub(in crate::sudoku::logic) struct Group {
    /// The value.
    pub(super) value: u8,
    /// Its cells, smallest first.
    pub(super) cells: Vec<usize>,
    /// The cells that see every cell of the group (none of the group's own).
    pub(super) seen: Vec<u64>,
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
    /// The first link goes to no node of `skip`.
    fn run(
        &mut self,
        graph: &Graph,
        start: u32,
        start_on: bool,
        skip: &[u32],
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
                if state == first && skip.contains(&m) {
                    continue;
                }
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
            candidates: n as u32,
            starts: Vec::new(),
            strong: vec![Vec::new(); n],
            weak: vec![Vec::new(); n],
            groups: Vec::new(),
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

    /// The candidates weakly linked to both nodes `s` and `e` (so false when one of them is
    /// true): of the same value as both in a cell that sees every cell of both, or, when one
    /// end is a single candidate, of the other end's value in that end's cell.
    pub(in crate::sudoku::logic) fn seeing_both(
        &self,
        graph: &Graph,
        peers: &Peers,
        s: u32,
        e: u32,
    ) -> Vec<(u32, u8)> {
        if s == e {
            return Vec::new();
        }
        if graph.group(s).is_none() && graph.group(e).is_none() {
            return self.seeing_both_candidates(graph, peers, s, e);
        }
        let ((vs, seen_s), (ve, seen_e)) = (graph.seen(peers, s), graph.seen(peers, e));
        if vs == ve {
            let bit = 1u64 << (vs - 1);
            let both: Vec<u64> = seen_s.iter().zip(seen_e).map(|(a, b)| a & b).collect();
            return cells_of(&both)
                .filter(|&c| self.cand[c] & bit != 0)
                .map(|c| (c as u32, vs))
                .collect();
        }
        let mut gone = Vec::new();
        for (single, seen_other, value) in [(s, seen_e, ve), (e, seen_s, vs)] {
            if graph.group(single).is_some() {
                continue;
            }
            let c = graph.cell_value(single).0 as usize;
            if seen_other[c / 64] & (1 << (c % 64)) != 0 && self.cand[c] & (1 << (value - 1)) != 0 {
                gone.push((c as u32, value));
            }
        }
        gone
    }

    /// [`seeing_both`](Self::seeing_both) for two single candidates.
    fn seeing_both_candidates(
        &self,
        graph: &Graph,
        peers: &Peers,
        s: u32,
        e: u32,
    ) -> Vec<(u32, u8)> {
        let ((sc, sv), (ec, ev)) = (graph.cell_value(s), graph.cell_value(e));
        let (sc, ec) = (sc as usize, ec as usize);
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
        self.find_chain_eliminations(out, limit, Technique::XyChain);
    }

    /// Every alternating inference chain that removes something new, up to `limit`.
    pub(in crate::sudoku::logic) fn find_aics(&self, out: &mut Vec<Step>, limit: usize) {
        self.find_chain_eliminations(out, limit, Technique::Aic);
    }

    /// Every grouped alternating inference chain that removes something new, up to `limit`.
    pub(in crate::sudoku::logic) fn find_grouped_aics(&self, out: &mut Vec<Step>, limit: usize) {
        self.find_chain_eliminations(out, limit, Technique::GroupedAic);
    }

    /// Chains from every start taken false to every candidate they make true, each kept when it
    /// removes a candidate no earlier chain removed.
    fn find_chain_eliminations(&self, out: &mut Vec<Step>, limit: usize, technique: Technique) {
        if out.len() >= limit {
            return;
        }
        let peers = self.peers();
        let graph = match technique {
            Technique::XyChain => Arc::new(self.chain_graph(&peers, true)),
            _ => self.graph(technique == Technique::GroupedAic),
        };
        let mut search = Search::new(&graph);
        let mut done = vec![false; graph.candidates as usize];
        for &s in &graph.starts {
            search.run(&graph, s, false, &[], |search, state| {
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
        discontinuous_loops(&self.graph(false), out, limit, Technique::NiceLoop);
    }

    /// Every continuous nice loop that removes something new, up to `limit`.
    pub(in crate::sudoku::logic) fn find_continuous_nice_loops(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        let (peers, graph) = (self.peers(), self.graph(false));
        self.continuous_loops(&graph, &peers, out, limit, Technique::ContinuousNiceLoop);
    }

    /// Every grouped nice loop, up to `limit`: the discontinuous ones, then the continuous
    /// ones that remove something new.
    pub(in crate::sudoku::logic) fn find_grouped_nice_loops(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        let (peers, graph) = (self.peers(), self.graph(true));
        discontinuous_loops(&graph, out, limit, Technique::GroupedNiceLoop);
        self.continuous_loops(&graph, &peers, out, limit, Technique::GroupedNiceLoop);
    }

    /// The continuous loops of `graph`: from every start taken true, a chain that comes back
    /// false to a strong partner of the start closes a loop whose links all alternate. The
    /// chain does not leave by a strong link of the start, so a loop whose every weak link is
    /// also strong is not found: it says nothing its links do not say alone. Each loop is kept
    /// when it removes a candidate no earlier loop removed.
    fn continuous_loops(
        &self,
        graph: &Graph,
        peers: &Peers,
        out: &mut Vec<Step>,
        limit: usize,
        technique: Technique,
    ) {
        let mut search = Search::new(graph);
        let mut done = vec![false; graph.candidates as usize];
        for &s in &graph.starts {
            if out.len() >= limit {
                return;
            }
            // The loop closes on a strong link back to the start; leaving by the same link
            // (every strong link is weak too) would close it at once.
            let partners = &graph.strong[s as usize];
            search.run(graph, s, true, partners, |search, state| {
                let m = state / 2;
                if state % 2 == 1
                    || search.depth[state as usize] < 3
                    || !graph.strong[m as usize].contains(&s)
                {
                    return true;
                }
                let mut path = search.path(state);
                path.push((s, true));
                let nodes = &path[..path.len() - 1];
                let simple = nodes
                    .iter()
                    .enumerate()
                    .all(|(i, a)| nodes[i + 1..].iter().all(|b| b.0 != a.0));
                if !simple {
                    return true;
                }
                // Each link of the loop holds exactly one true end: what sees both goes.
                let mut gone: Vec<(u32, u8)> = Vec::new();
                for pair in path.windows(2) {
                    for x in self.seeing_both(graph, peers, pair[0].0, pair[1].0) {
                        if !gone.contains(&x) {
                            gone.push(x);
                        }
                    }
                }
                if gone
                    .iter()
                    .all(|&(c, v)| done[graph.node(c as usize, v) as usize])
                {
                    return true;
                }
                for &(c, v) in &gone {
                    done[graph.node(c as usize, v) as usize] = true;
                }
                let mut step = chain_step(technique, graph, &path);
                step.eliminations = gone;
                out.push(step);
                out.len() < limit
            });
        }
    }
}

/// The discontinuous nice loops of `graph` from its candidates (a group's loop back to itself
/// is left to the chains), up to `limit`, one a start.
fn discontinuous_loops(graph: &Graph, out: &mut Vec<Step>, limit: usize, technique: Technique) {
    let mut search = Search::new(graph);
    for &s in &graph.starts {
        if graph.group(s).is_some() {
            continue;
        }
        for start_on in [false, true] {
            let back = s * 2 + u32::from(!start_on);
            let mut found = None;
            search.run(graph, s, start_on, &[], |search, state| {
                if state == back {
                    found = Some(search.path(state));
                    return false;
                }
                true
            });
            let Some(path) = found else {
                continue;
            };
            let mut step = chain_step(technique, graph, &path);
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

/// A chain's step: its candidates coloured true and false, and its links.
fn chain_step(technique: Technique, graph: &Graph, path: &[(u32, bool)]) -> Step {
    let mut step = Step::new(technique);
    for &(node, on) in path {
        let marks: Vec<(u32, u8)> = match graph.group(node) {
            Some(group) => group
                .cells
                .iter()
                .map(|&c| (c as u32, group.value))
                .collect(),
            None => vec![graph.cell_value(node)],
        };
        for (c, v) in marks {
            if !step.marks.iter().any(|m| m.0 == c && m.1 == v) {
                step.marks.push((c, v, Role::Colour(on)));
            }
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
