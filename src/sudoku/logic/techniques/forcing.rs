//! Forcing chains and nets: the last resort before search.
//!
//! A player who finds no pattern can still reason by cases without guessing: take a cell and
//! try each of its candidates in turn (or a value and each of its places in a unit), and follow
//! what each try forces. Exactly one try is right, so
//!
//! * a try that breaks the board (a cell left with no candidate, a value with no place left in
//!   a unit, a value twice in a unit) is false: its candidate goes (a contradiction);
//! * what every try forces alike holds whatever the answer: a value every try places in a cell
//!   goes there, and a candidate every try removes goes.
//!
//! A **forcing chain** follows naked and hidden singles only; a **forcing net** also follows
//! locked candidates (a value whose places in one full unit lie in another goes from the rest of
//! that other), and so sees further. Both read units, so they work on every board (cages as
//! their cells see each other; killer sums and Mathdoku targets are left to the rest).
//!
//! The cost is bounded: each candidate is tried once (a try is a few microseconds on a 9×9
//! board), contradictions are looked for first, cells with fewest candidates and values with
//! fewest places come first, and at most [`MAX_TRIES`] tries are made on one board.

use super::peers::{Peers, cells_of};
use super::wing::bits;
use crate::sudoku::logic::{Link, Rater, Role, Step, Technique};

/// The most candidates tried on one board.
const MAX_TRIES: usize = 4000;

/// What a try forced: the candidates it placed and those it removed (as nodes,
/// `cell·side + value − 1`), sorted; `None` when it broke the board.
type Outcome = Option<(Vec<u32>, Vec<u32>)>;

/// The board as a try changes it (one for all the tries of a search, each starting from the
/// rater's candidates again, so that a try allocates only what it hands back).
#[derive(Default)]
struct Board {
    cand: Vec<u64>,
    values: Vec<u8>,
    placed: Vec<u64>,
    queue: Vec<(usize, u8)>,
    /// The placements the try made, in order.
    placements: Vec<(usize, u8)>,
    /// Room for the places of a value in a unit but the first ([`Rater::locked_in`]), kept with
    /// the board: collected afresh for every unit and value, they cost an allocation each.
    rest: Vec<usize>,
}

impl Rater {
    /// Every forcing chain (`net`: forcing net) step found, up to `limit`: contradictions first,
    /// then cells, then units' values.
    pub(in crate::sudoku::logic) fn find_forcing(
        &self,
        out: &mut Vec<Step>,
        limit: usize,
        net: bool,
    ) {
        if out.len() >= limit {
            return;
        }
        let technique = if net {
            Technique::ForcingNet
        } else {
            Technique::ForcingChain
        };
        let peers = Peers::of(self);
        let side = self.side;
        let mut cells: Vec<usize> = (0..self.cand.len())
            .filter(|&c| self.cand[c] != 0)
            .collect();
        cells.sort_by_key(|&c| self.cand[c].count_ones());
        let mut outcomes: Vec<Option<Outcome>> = vec![None; self.cand.len() * side];
        let mut tries = 0;
        let mut board = Board::default();
        // Contradictions.
        let before = out.len();
        'cells: for &c in &cells {
            for v in bits(self.cand[c]) {
                if tries >= MAX_TRIES || self.out_of_time() {
                    break 'cells;
                }
                tries += 1;
                let outcome = self.try_candidate(&mut board, &peers, c, v, net);
                if outcome.is_none() {
                    let mut step = Step::new(technique);
                    step.marks.push((c as u32, v, Role::Colour(true)));
                    step.eliminations.push((c as u32, v));
                    out.push(step);
                    if out.len() >= limit {
                        return;
                    }
                }
                outcomes[c * side + usize::from(v) - 1] = Some(outcome);
            }
        }
        if out.len() > before {
            return;
        }
        let outcome = |c: usize, v: u8| -> Option<&Outcome> {
            outcomes[c * side + usize::from(v) - 1].as_ref()
        };
        // Cells: every candidate of one cell.
        for &c in &cells {
            let tries: Option<Vec<(usize, u8, &Outcome)>> = bits(self.cand[c])
                .map(|v| outcome(c, v).map(|o| (c, v, o)))
                .collect();
            if let Some(tries) = tries {
                self.agreed(technique, &tries, Vec::new(), out);
                if out.len() >= limit {
                    return;
                }
            }
        }
        // Units: every place of one value in a full unit.
        let mut units: Vec<(usize, u8, usize)> = Vec::new();
        for u in 0..self.units.len() {
            if !self.full[u] {
                continue;
            }
            for v in bits(self.all & !self.placed[u]) {
                let n = self.units[u]
                    .iter()
                    .filter(|&&c| self.cand[c as usize] & (1 << (v - 1)) != 0)
                    .count();
                if n >= 2 {
                    units.push((u, v, n));
                }
            }
        }
        units.sort_by_key(|&(_, _, n)| n);
        for (u, v, _) in units {
            let tries: Option<Vec<(usize, u8, &Outcome)>> = self.units[u]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.cand[c] & (1 << (v - 1)) != 0)
                .map(|c| outcome(c, v).map(|o| (c, v, o)))
                .collect();
            if let Some(tries) = tries {
                self.agreed(technique, &tries, vec![u as u32], out);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// The step of a set of tries one of which is right, if every try that holds agrees on
    /// something: placements and removals all of them make.
    fn agreed(
        &self,
        technique: Technique,
        tries: &[(usize, u8, &Outcome)],
        units: Vec<u32>,
        out: &mut Vec<Step>,
    ) {
        let mut held = tries.iter().filter_map(|t| t.2.as_ref());
        let Some(first) = held.next() else {
            return; // every try breaks: the board has no solution, which the rater finds
        };
        let (mut placed, mut removed) = first.clone();
        for (p, r) in held {
            placed.retain(|x| p.binary_search(x).is_ok());
            removed.retain(|x| r.binary_search(x).is_ok());
        }
        let side = self.side as u32;
        let cell_value = |x: u32| (x / side, (x % side) as u8 + 1);
        let placed_cells: Vec<u32> = placed.iter().map(|&x| x / side).collect();
        removed.retain(|x| !placed_cells.contains(&(x / side)));
        // What the tries themselves decide (a try's own candidate is no conclusion).
        let assumed: Vec<u32> = tries
            .iter()
            .map(|&(c, v, _)| (c * self.side) as u32 + u32::from(v) - 1)
            .collect();
        if tries.len() > 1 {
            placed.retain(|x| !assumed.contains(x));
        }
        if placed.is_empty() && removed.is_empty() {
            return;
        }
        let mut step = Step::new(technique);
        step.units = units;
        for &(c, v, _) in tries {
            step.marks.push((c as u32, v, Role::Pattern));
        }
        step.placements = placed.iter().map(|&x| cell_value(x)).collect();
        step.eliminations = removed.iter().map(|&x| cell_value(x)).collect();
        for &(c, v, o) in tries {
            if o.is_none() {
                continue;
            }
            let from = (c as u32, v);
            for &to in &step.placements {
                step.links.push(Link {
                    from,
                    to,
                    strong: true,
                });
            }
            for &to in &step.eliminations {
                step.links.push(Link {
                    from,
                    to,
                    strong: false,
                });
            }
        }
        out.push(step);
    }

    /// Places `value` in `cell` on a copy of the candidates and follows singles (and, for a
    /// net, locked candidates) until nothing more follows.
    fn try_candidate(
        &self,
        board: &mut Board,
        peers: &Peers,
        cell: usize,
        value: u8,
        net: bool,
    ) -> Outcome {
        board.cand.clone_from(&self.cand);
        board.values.clone_from(&self.values);
        board.placed.clone_from(&self.placed);
        board.queue.clear();
        board.queue.push((cell, value));
        board.placements.clear();
        loop {
            while let Some((c, v)) = board.queue.pop() {
                let bit = 1u64 << (v - 1);
                if board.values[c] == v {
                    continue;
                }
                if board.values[c] != 0 || board.cand[c] & bit == 0 {
                    return None;
                }
                board.values[c] = v;
                board.cand[c] = 0;
                board.placements.push((c, v));
                for &u in self.units_of(c) {
                    if board.placed[u as usize] & bit != 0 {
                        return None;
                    }
                    board.placed[u as usize] |= bit;
                }
                for p in cells_of(peers.of_cell(c)) {
                    board.cand[p] &= !bit;
                }
            }
            if !self.naked_in(board) {
                return None;
            }
            if !board.queue.is_empty() {
                continue;
            }
            if !self.hidden_in(board) {
                return None;
            }
            if board.queue.is_empty() && !(net && self.locked_in(board)) {
                break;
            }
        }
        let side = self.side;
        let node = |c: usize, v: u8| (c * side) as u32 + u32::from(v) - 1;
        let mut placed: Vec<u32> = board.placements.iter().map(|&(c, v)| node(c, v)).collect();
        // A cell the try filled keeps its value among what it did not remove.
        for &(c, v) in &board.placements {
            board.cand[c] = 1 << (v - 1);
        }
        let mut removed = Vec::new();
        for (c, (&now, &was)) in board.cand.iter().zip(&self.cand).enumerate() {
            for v in bits(was & !now) {
                removed.push(node(c, v));
            }
        }
        placed.sort_unstable();
        removed.sort_unstable();
        Some((placed, removed))
    }

    /// Queues every naked single of a try's board; false if a cell has no candidate left.
    fn naked_in(&self, board: &mut Board) -> bool {
        for c in 0..board.cand.len() {
            let set = board.cand[c];
            if set == 0 {
                if board.values[c] == 0 && self.is_cell[c] {
                    return false;
                }
            } else if set & (set - 1) == 0 {
                board.queue.push((c, set.trailing_zeros() as u8 + 1));
            }
        }
        true
    }

    /// Queues every hidden single of a try's board; false if a value has no place left in a
    /// full unit.
    fn hidden_in(&self, board: &mut Board) -> bool {
        for u in 0..self.units.len() {
            if !self.full[u] {
                continue;
            }
            let (mut once, mut more) = (0u64, 0u64);
            for &c in &self.units[u] {
                let set = board.cand[c as usize];
                more |= once & set;
                once |= set;
            }
            let missing = self.all & !board.placed[u];
            if once & missing != missing {
                return false;
            }
            for v in bits(once & !more & missing) {
                if let Some(&c) = self.units[u]
                    .iter()
                    .find(|&&c| board.cand[c as usize] & (1 << (v - 1)) != 0)
                {
                    board.queue.push((c as usize, v));
                }
            }
        }
        true
    }

    /// Locked candidates on the board of a try: a value whose places in a full unit all lie in
    /// another unit goes from the rest of that one. True if it removed anything.
    fn locked_in(&self, board: &mut Board) -> bool {
        let mut changed = false;
        let mut rest = std::mem::take(&mut board.rest);
        for a in 0..self.units.len() {
            if !self.full[a] {
                continue;
            }
            for v in bits(self.all & !board.placed[a]) {
                let bit = 1u64 << (v - 1);
                let mut places = self.units[a]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| board.cand[c] & bit != 0);
                let Some(first) = places.next() else {
                    continue;
                };
                rest.clear();
                rest.extend(places);
                if rest.is_empty() {
                    continue; // a single, for the next round
                }
                for &b in self.units_of(first) {
                    let b = b as usize;
                    let in_b = |c: &usize| self.units[b].contains(&(*c as u32));
                    if b == a || !rest.iter().all(in_b) {
                        continue;
                    }
                    for &c in &self.units[b] {
                        let c = c as usize;
                        if board.cand[c] & bit != 0 && !self.units[a].contains(&(c as u32)) {
                            board.cand[c] &= !bit;
                            changed = true;
                        }
                    }
                }
            }
        }
        board.rest = rest;
        changed
    }
}
