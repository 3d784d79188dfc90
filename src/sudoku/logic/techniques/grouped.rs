//! Grouped nodes: chains and nice loops that read a value's places in the meeting of two
//! units as one node.
//!
//! Where a box and a row meet, a value often has two or three places. Taken together they make
//! a **group**: the group is true when one of its cells holds the value, false when none does.
//! At most one can hold it (they share a unit), so a group links to the rest of the board like
//! a single candidate:
//!
//! * a **strong link** joins a group to a cell, or to another group, when the two hold every
//!   place of the value in a unit: if the group is empty, the other holds the value;
//! * a **weak link** joins a group to a candidate (or a group) of the same value whose cells
//!   see every cell of the group: if the group holds the value, the other does not.
//!
//! With groups, a chain crosses boxes where a single candidate has no strong link. A **grouped
//! alternating inference chain** proves, as any chain does, that one of its two ends is true,
//! so a candidate that sees every cell of both ends goes; a **grouped nice loop** is a nice loop
//! with groups in it, discontinuous (a candidate that leads back to its own opposite) or
//! continuous (every link alternates around the loop). Only single candidates are removed or
//! placed.
//!
//! Groups are read off the board's units, not its rows and boxes: the places of a value in
//! one unit that lie in a second unit (a box and a line, a jigsaw region and a line, a
//! diagonal and a box) are a group when there are at least two of them. So grouped chains work
//! on every board and variant the rater reads. The search is the chains' (breadth first, at
//! most the same number of links) over a graph with more nodes: a few hundred groups on a
//! hard 9×9 board.
//!
//! Sudoku Explainer has no grouped nodes: its cycles and chains (6.5 to 7.0, and more with the
//! length) never cross a group, so it finds these steps only with its forcing chains (Nishio
//! 7.5 and up). HoDoKu rates grouped nice loops and AICs a step above the plain ones. They
//! take 7.2 here: above the plain nice loops and AICs (7.0), below the almost locked sets and
//! the forcing chains that stand in for them in Sudoku Explainer (7.5).

use std::collections::HashMap;

use super::chains::{Graph, Group};
use super::peers::{Peers, cells_of};
use crate::sudoku::logic::Rater;

impl Rater {
    /// The chain graph of every candidate with every group of the board added, with their
    /// strong and weak links.
    pub(in crate::sudoku::logic) fn grouped_chain_graph(&self, peers: &Peers) -> Graph {
        let mut graph = self.chain_graph(peers, false);
        let words = peers.none().len();
        let in_set = |set: &[u64], c: usize| set[c / 64] & (1 << (c % 64)) != 0;
        let unit_sets: Vec<Vec<u64>> = self
            .units
            .iter()
            .map(|cells| {
                let mut set = vec![0u64; words];
                for &c in cells {
                    set[c as usize / 64] |= 1 << (c % 64);
                }
                set
            })
            .collect();
        // Each group's cells as a set, to find a unit's other places among the groups.
        let mut index: HashMap<(u8, Vec<u64>), u32> = HashMap::new();
        let mut sets: Vec<Vec<u64>> = Vec::new();
        for value in 1..=self.side as u8 {
            let bit = 1u64 << (value - 1);
            let first = graph.groups.len();
            for (u, cells) in self.units.iter().enumerate() {
                let places: Vec<usize> = cells
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.cand[c] & bit != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for &c in &places {
                    for &other in self.units_of(c) {
                        let other = other as usize;
                        if other == u {
                            continue;
                        }
                        let cells: Vec<usize> = places
                            .iter()
                            .copied()
                            .filter(|&p| in_set(&unit_sets[other], p))
                            .collect();
                        // Each group once: read from its first cell.
                        if cells.len() < 2 || cells[0] != c {
                            continue;
                        }
                        let mut set = vec![0u64; words];
                        for &p in &cells {
                            set[p / 64] |= 1 << (p % 64);
                        }
                        if index.contains_key(&(value, set.clone())) {
                            continue;
                        }
                        index.insert((value, set.clone()), graph.groups.len() as u32);
                        sets.push(set);
                        let seen = peers.common(cells.iter().copied());
                        graph.groups.push(Group { value, cells, seen });
                    }
                }
            }
            self.link_groups(&mut graph, first, &sets, &index, &unit_sets);
        }
        graph.starts = (0..graph.strong.len() as u32)
            .filter(|&x| !graph.strong[x as usize].is_empty())
            .collect();
        graph
    }

    /// The links of the groups of one value, from `first` on: strong where a group and a cell
    /// or another group hold all the value's places in a full unit, weak to every candidate
    /// and group of the value that sees the whole group.
    fn link_groups(
        &self,
        graph: &mut Graph,
        first: usize,
        sets: &[Vec<u64>],
        index: &HashMap<(u8, Vec<u64>), u32>,
        unit_sets: &[Vec<u64>],
    ) {
        let base = graph.candidates;
        let count = graph.groups.len();
        graph.strong.resize(base as usize + count, Vec::new());
        graph.weak.resize(base as usize + count, Vec::new());
        let add = |links: &mut Vec<Vec<u32>>, a: u32, b: u32| {
            if !links[a as usize].contains(&b) {
                links[a as usize].push(b);
                links[b as usize].push(a);
            }
        };
        for k in first..count {
            let g = base + k as u32;
            let (value, cells) = (graph.groups[k].value, graph.groups[k].cells.clone());
            let bit = 1u64 << (value - 1);
            // The full units holding the whole group, and the value's other places in each.
            for &u in self.units_of(cells[0]) {
                let u = u as usize;
                if !self.full[u]
                    || !cells
                        .iter()
                        .all(|&c| unit_sets[u][c / 64] & (1 << (c % 64)) != 0)
                {
                    continue;
                }
                let mut rest = vec![0u64; sets[k].len()];
                for &c in &self.units[u] {
                    let c = c as usize;
                    if self.cand[c] & bit != 0 && sets[k][c / 64] & (1 << (c % 64)) == 0 {
                        rest[c / 64] |= 1 << (c % 64);
                    }
                }
                let (one, two) = {
                    let mut others = cells_of(&rest);
                    (others.next(), others.next())
                };
                let other = match (one, two) {
                    (None, _) => continue,
                    (Some(c), None) => graph.node(c, value),
                    (Some(_), Some(_)) => match index.get(&(value, rest)) {
                        Some(&h) => base + h,
                        None => continue,
                    },
                };
                add(&mut graph.strong, g, other);
            }
            let seen = graph.groups[k].seen.clone();
            for c in cells_of(&seen) {
                if self.cand[c] & bit != 0 {
                    let node = graph.node(c, value);
                    add(&mut graph.weak, g, node);
                }
            }
            for (j, set) in sets.iter().enumerate().take(count).skip(k + 1) {
                if set.iter().zip(&seen).all(|(h, s)| h & !s == 0) {
                    add(&mut graph.weak, g, base + j as u32);
                }
            }
        }
    }
}
