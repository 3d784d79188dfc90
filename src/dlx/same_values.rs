//! Same values: two groups of primary items whose options' values make the same set.
//!
//! A *same-values* constraint ([`Matrix::add_same_values`]) names two groups of primary items,
//! each with the values it holds already. A solution covers each item once; the values of the
//! options that cover a group's items, with the values it holds already, make the group's
//! *set*, each value counted once however many of its items take it; and the constraint asks
//! that the two groups' sets be the same. On a jigsaw sudoku two overlapping regions are such
//! groups: the cells of each outside the other hold the same digits, whether or not those
//! cells hold different digits among themselves, and what cannot be said by items (an item
//! is covered once, so cells that may repeat a digit cannot share one) is said this way.
//!
//! The search keeps it as the sums are kept, by what each side can still make. Before it
//! branches it works out, for each group, the values it is bound to (held, or those of the
//! options on the stack that cover its items) and the values it may still take (those and the
//! values of its open items' options). A value one group may take and the other may not is in
//! neither group's set: an option of an open item of either group with that value is in no
//! solution, and goes onto the pruning trail; and a group bound to such a value is a dead end.
//! A group also takes at least as many values as it has items *apart* (as `bounds.rs` calls
//! two items covered with different values in every solution, which the search works out from
//! the options when it starts), so values both groups may take must be as many, or the branch
//! is dead: on a jigsaw, six cells of a column against six cells that may repeat a digit leave
//! those six no room to repeat one. Removing options narrows other groups, so the rounds go on
//! until one removes nothing.
//!
//! While pruning, values are told apart modulo 64, one bit each of a word: values in `0..64`
//! (a sudoku's digits up to 36) are kept exactly, and wider ones share bits, which only makes
//! the groups seem able to take more than they can, so less is removed, never a solution. The
//! search checks every constraint exactly once more at each solution and backs up from one
//! that breaks it.

#![allow(unsafe_code)]

use super::bounds::Bounds;
use super::matrix::{DlxError, ItemId, Matrix};
use super::modes::in_mode;
use super::node::{TAG_CAP, TAG_COVERED};
use super::sums::SameValues;
use super::unchecked::{nd, tp};

/// The most items a group of a same-values constraint may have.
pub const MAX_GROUP_ITEMS: usize = 1 << 15;

/// One side of a same-values constraint: primary items, and the values the side holds already
/// whatever the options covering them are.
#[derive(Debug, Clone, Copy, Default)]
pub struct ValueGroup<'a> {
    /// The items.
    pub items: &'a [ItemId],
    /// The values it holds already.
    pub held: &'a [i32],
}

/// An entry's settled tag before its constraint was ever settled (above every tag).
const UNSEEN: u16 = u16::MAX;

/// A value's bit while pruning: told apart modulo 64 (see the module docs).
#[inline(always)]
fn bit(value: i32) -> u64 {
    1 << value.rem_euclid(64)
}

impl SameValues {
    /// No constraints.
    pub(super) fn is_empty(&self) -> bool {
        self.starts.len() < 2
    }

    /// Forgets every constraint (a new problem).
    pub(super) fn clear(&mut self) {
        self.items.clear();
        self.starts.clear();
        self.held.clear();
        self.held_starts.clear();
    }

    fn groups(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    fn group(&self, g: usize) -> &[u32] {
        &self.items[self.starts[g] as usize..self.starts[g + 1] as usize]
    }

    fn held_of(&self, g: usize) -> &[i32] {
        &self.held[self.held_starts[g] as usize..self.held_starts[g + 1] as usize]
    }

    /// Works out what a search needs: each item's groups, and the fewest values each group
    /// takes. `values` holds each option's value, and `apart(a, b)` tells whether items `a` and
    /// `b` are apart.
    pub(super) fn prepare(
        &mut self,
        m: &Matrix,
        values: &[i32],
        mut apart: impl FnMut(u32, u32) -> bool,
    ) {
        if self.is_empty() {
            return;
        }
        let items = m.items_total as usize + 1;
        let mut count = vec![0u32; items + 1];
        for &i in &self.items {
            count[i as usize + 1] += 1;
        }
        for i in 0..items {
            count[i + 1] += count[i];
        }
        self.of_start = count.clone();
        self.of_item.clear();
        self.of_item.resize(self.items.len(), 0);
        for g in 0..self.groups() {
            for k in self.starts[g] as usize..self.starts[g + 1] as usize {
                let at = &mut count[self.items[k] as usize];
                self.of_item[*at as usize] = g as u32;
                *at += 1;
            }
        }
        self.bound.resize(self.groups(), 0);
        self.may.resize(self.groups(), 0);
        self.settled.clear();
        self.settled.resize(self.items.len(), UNSEEN);
        self.snapshots.clear();
        self.bound_snapshots.clear();
        self.path.clear();
        self.least.clear();
        // Different values are different bits only within `0..64`; past that the count of bits
        // is no count of values, and the groups are given no least.
        let in_bits = |v: &i32| (0..64).contains(v);
        if !values.iter().all(in_bits) || !self.held.iter().all(in_bits) {
            self.least.resize(self.groups(), 0);
            return;
        }
        let mut clique = Vec::new();
        for g in 0..self.groups() {
            clique.clear();
            for k in self.starts[g] as usize..self.starts[g + 1] as usize {
                let i = self.items[k];
                if clique.iter().all(|&j| j != i && apart(i, j)) {
                    clique.push(i);
                }
            }
            let mut held = self.held_of(g).to_vec();
            held.sort_unstable();
            held.dedup();
            self.least.push(clique.len().max(held.len()) as u32);
        }
    }

    /// Calls `each(group, value)` for every item of a group covered by the options `chosen`
    /// (nodes of options on the stack), `value` being the option's value.
    fn each_chosen(
        &self,
        m: &Matrix,
        values: &[i32],
        chosen: &[u32],
        mut each: impl FnMut(u32, i32),
    ) {
        for &x in chosen {
            let value = values[x as usize];
            let mut q = x;
            loop {
                // SAFETY: `x` is the node of an option on the stack, so `q`, going round its
                // option, is an option's node and its top an item.
                let i = unsafe { tp!(m, q) } as usize;
                for &g in &self.of_item[self.of_start[i] as usize..self.of_start[i + 1] as usize] {
                    each(g, value);
                }
                // SAFETY: as above.
                q = unsafe { m.next_node(q) };
                if q == x {
                    break;
                }
            }
        }
    }

    /// Whether the options `chosen`, a solution, keep every constraint: the two groups' sets of
    /// values compared exactly. `values` holds each node's value.
    pub(super) fn hold(&mut self, m: &Matrix, values: &[i32], chosen: &[u32]) -> bool {
        if self.is_empty() {
            return true;
        }
        let mut taken = std::mem::take(&mut self.taken);
        taken.clear();
        self.each_chosen(m, values, chosen, |g, v| taken.push((g, v)));
        for g in 0..self.groups() {
            taken.extend(self.held_of(g).iter().map(|&v| (g as u32, v)));
        }
        taken.sort_unstable();
        taken.dedup();
        // Each constraint's two groups, side by side in the sorted list.
        let set = |g: u32| {
            let from = taken.partition_point(|&(h, _)| h < g);
            let to = taken.partition_point(|&(h, _)| h <= g);
            taken[from..to].iter().map(|&(_, v)| v)
        };
        let holds = (0..self.groups() as u32 / 2).all(|c| set(2 * c).eq(set(2 * c + 1)));
        self.taken = taken;
        holds
    }

    /// Rounds of narrowing over every constraint (see the module docs), the options removed
    /// pushed onto `trail`, until a round removes nothing. `values` holds each node's value.
    ///
    /// # Safety
    ///
    /// `chosen` holds the nodes of the options on the search's stack, every item each covers is
    /// covered, and every other option in an active item's list is an option's node: the state
    /// of a search at step X3.
    pub(super) unsafe fn narrow(
        &mut self,
        m: &mut Matrix,
        level: usize,
        values: &[i32],
        chosen: &[u32],
        trail: &mut Vec<u32>,
    ) -> Bounds {
        if self.is_empty() {
            return Bounds::Open { removed: 0 };
        }
        // The tags each constraint was last found settled with on the path to this level, and
        // the values each group is bound to, from the newest snapshot that still holds (see
        // `snapshots.rs`) and the options chosen since.
        let (width, groups) = (self.items.len(), self.groups());
        let (kept, since) = self.path.holding(level, chosen);
        self.snapshots.truncate(kept * width);
        self.bound_snapshots.truncate(kept * groups);
        if kept == 0 {
            self.settled.fill(UNSEEN);
            for g in 0..groups {
                self.bound[g] = self.held_of(g).iter().fold(0, |b, &v| b | bit(v));
            }
        } else {
            self.settled
                .copy_from_slice(&self.snapshots[(kept - 1) * width..]);
            self.bound
                .copy_from_slice(&self.bound_snapshots[(kept - 1) * groups..]);
        }
        let mut bound = std::mem::take(&mut self.bound);
        self.each_chosen(m, values, &chosen[since..], |g, v| {
            bound[g as usize] |= bit(v);
        });
        self.bound = bound;
        let mut removed = 0;
        loop {
            let mut round = 0;
            for c in 0..self.groups() / 2 {
                let (from, to) = (self.starts[2 * c] as usize, self.starts[2 * c + 2] as usize);
                let unchanged = (from..to).all(|k| {
                    let tag = m.tag[self.items[k] as usize];
                    self.settled[k] == u16::from(tag) && u32::from(tag) != TAG_CAP
                });
                if unchanged {
                    // Its items have the options they had when it was settled: going deeper
                    // only takes options away, so the same number is the same options (a tag
                    // of `TAG_CAP` tells no exact number, and is always looked at).
                    continue;
                }
                let before = round;
                for g in [2 * c, 2 * c + 1] {
                    let mut may = self.bound[g];
                    for &i in self.group(g) {
                        if m.tag[i as usize] == TAG_COVERED {
                            continue;
                        }
                        // SAFETY: `i` is an active item; the nodes of its list are options'
                        // nodes.
                        unsafe {
                            let mut r = nd!(m, i).down;
                            while r != i {
                                may |= bit(values[r as usize]);
                                r = nd!(m, r).down;
                            }
                        }
                    }
                    self.may[g] = may;
                }
                let both = self.may[2 * c] & self.may[2 * c + 1];
                if both.count_ones() < self.least[2 * c].max(self.least[2 * c + 1]) {
                    return Bounds::Dead;
                }
                for g in [2 * c, 2 * c + 1] {
                    if self.bound[g] & !both != 0 {
                        return Bounds::Dead;
                    }
                    if self.may[g] == both {
                        continue;
                    }
                    for k in self.starts[g] as usize..self.starts[g + 1] as usize {
                        let i = self.items[k];
                        if m.tag[i as usize] == TAG_COVERED {
                            continue;
                        }
                        // SAFETY: as above; a removed node keeps its own links, so the walk goes
                        // on from it, and `remove_option` takes an active option's node.
                        unsafe {
                            let mut r = nd!(m, i).down;
                            while r != i {
                                if bit(values[r as usize]) & both == 0 {
                                    in_mode!(m, remove_option(r));
                                    trail.push(r);
                                    round += 1;
                                }
                                r = nd!(m, r).down;
                            }
                        }
                    }
                }
                if round == before {
                    for k in from..to {
                        self.settled[k] = u16::from(m.tag[self.items[k] as usize]);
                    }
                }
            }
            if round == 0 {
                self.path.push(level, chosen);
                self.snapshots.extend_from_slice(&self.settled);
                self.bound_snapshots.extend_from_slice(&self.bound);
                return Bounds::Open { removed };
            }
            removed += round;
        }
    }
}

impl Matrix {
    /// Adds the constraint that the values of the options covering the items of `one`, with the
    /// values `one` holds already, make the same set as those of `other` (each value counted
    /// once): see `same_values.rs`. Options' values are given by [`set_value`](Self::set_value).
    /// The items must be primary, and a group has at most [`MAX_GROUP_ITEMS`] items and values
    /// held.
    pub fn add_same_values(
        &mut self,
        one: ValueGroup<'_>,
        other: ValueGroup<'_>,
    ) -> Result<(), DlxError> {
        let last = self.primary as usize;
        for group in [one, other] {
            if group.items.len() > MAX_GROUP_ITEMS || group.held.len() > MAX_GROUP_ITEMS {
                return Err(DlxError::GroupTooLarge {
                    items: group.items.len(),
                });
            }
            if let Some(item) = group.items.iter().find(|i| i.index() >= last) {
                return Err(DlxError::NotPrimary {
                    item: item.index(),
                    primary: last,
                });
            }
        }
        let same = &mut self.sums.same;
        if same.starts.is_empty() {
            same.starts.push(0);
            same.held_starts.push(0);
        }
        for group in [one, other] {
            same.items
                .extend(group.items.iter().map(|i| i.index() as u32 + 1));
            same.starts.push(same.items.len() as u32);
            same.held.extend_from_slice(group.held);
            same.held_starts.push(same.held.len() as u32);
        }
        Ok(())
    }

    /// The number of same-values constraints added.
    pub fn same_values_count(&self) -> usize {
        self.sums.same.groups() / 2
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::dlx::testing::{every_solution, exact_covers, lcg};

    /// A random problem: `primary` primary items and two secondary ones, options of one to
    /// three items, each with a value from 0 to 3, and one to three same-values constraints.
    struct Random {
        primary: usize,
        options: Vec<Vec<usize>>,
        values: Vec<i32>,
        same: Vec<[(Vec<usize>, Vec<i32>); 2]>,
    }

    fn random(seed: u64) -> Random {
        let mut next = lcg(seed);
        let mut draw = |n: usize| (next() >> 33) as usize % n;
        let primary = 4 + draw(5);
        let total = primary + 2;
        let count = 8 + draw(18);
        let wide = draw(4) == 0;
        let mut options = Vec::new();
        let mut values = Vec::new();
        for _ in 0..count {
            let width = 1 + draw(3);
            let mut items: Vec<usize> = Vec::new();
            for _ in 0..width {
                let i = draw(total);
                if !items.contains(&i) {
                    items.push(i);
                }
            }
            options.push(items);
            // In some problems now and then a value far apart, told from a small one only at
            // solutions.
            values.push(if wide && draw(8) == 0 {
                64 + draw(2) as i32
            } else {
                draw(4) as i32
            });
        }
        let mut same = Vec::new();
        for _ in 0..1 + draw(3) {
            let mut side = || {
                let items: Vec<usize> = (0..1 + draw(3)).map(|_| draw(primary)).collect();
                let held: Vec<i32> = (0..draw(2)).map(|_| draw(4) as i32).collect();
                (items, held)
            };
            same.push([side(), side()]);
        }
        Random {
            primary,
            options,
            values,
            same,
        }
    }

    /// Whether a cover keeps every constraint.
    fn keeps(r: &Random, cover: &[usize]) -> bool {
        let set = |(items, held): &(Vec<usize>, Vec<i32>)| {
            let mut values: Vec<i32> = items
                .iter()
                .map(|&i| {
                    let k = cover.iter().find(|&&k| r.options[k].contains(&i)).unwrap();
                    r.values[*k]
                })
                .chain(held.iter().copied())
                .collect();
            values.sort();
            values.dedup();
            values
        };
        r.same.iter().all(|[one, other]| set(one) == set(other))
    }

    fn matrix(r: &Random) -> Matrix {
        let mut m = Matrix::new(r.primary, 2).unwrap();
        for (items, &value) in r.options.iter().zip(&r.values) {
            let id = m.add_option(items.iter().copied()).unwrap();
            m.set_value(id, value).unwrap();
        }
        for [one, other] in &r.same {
            let ids = |items: &[usize]| items.iter().map(|&i| ItemId::new(i)).collect::<Vec<_>>();
            let (a, b) = (ids(&one.0), ids(&other.0));
            m.add_same_values(
                ValueGroup {
                    items: &a,
                    held: &one.1,
                },
                ValueGroup {
                    items: &b,
                    held: &other.1,
                },
            )
            .unwrap();
        }
        m
    }

    /// On random problems with random constraints, the search finds exactly the exact covers
    /// that keep them, each once, with and without pruning, and leaves the matrix as it found
    /// it; and the constraints remove options on the way.
    #[test]
    fn the_solutions_are_the_covers_whose_groups_take_the_same_values() {
        let (mut with_solutions, mut without_some, mut pruned) = (0, 0, 0);
        for seed in 0..3000 {
            let r = random(seed);
            let all = exact_covers(r.primary, &r.options);
            let mut want: Vec<Vec<usize>> = all.iter().filter(|c| keeps(&r, c)).cloned().collect();
            without_some += usize::from(want.len() < all.len());
            want.iter_mut().for_each(|c| c.sort());
            want.sort();
            with_solutions += usize::from(!want.is_empty());
            for pruning in [false, true] {
                let mut m = matrix(&r);
                let before = m.snapshot();
                let (got, removed) = every_solution(&mut m, pruning);
                pruned += removed;
                assert_eq!(got, want, "seed {seed}, pruning {pruning}");
                assert!(m.snapshot() == before, "seed {seed}: matrix changed");
            }
        }
        assert!(
            with_solutions > 300,
            "{with_solutions} problems with solutions"
        );
        assert!(
            without_some > 300,
            "{without_some} problems where a constraint rules out covers"
        );
        assert!(pruned > 1000, "{pruned} options removed");
    }

    /// A group's items must be primary.
    #[test]
    fn a_group_of_secondary_items_is_refused() {
        let mut m = Matrix::new(2, 1).unwrap();
        let group = |items| ValueGroup { items, held: &[] };
        let err = m
            .add_same_values(group(&[ItemId::new(0)]), group(&[ItemId::new(2)]))
            .unwrap_err();
        assert!(
            matches!(
                err,
                DlxError::NotPrimary {
                    item: 2,
                    primary: 2
                }
            ),
            "{err}"
        );
        assert_eq!(m.same_values_count(), 0);
    }
}
