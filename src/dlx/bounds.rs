//! Sums kept by bounds inside the search (the sums themselves: `sums.rs`).
//!
//! The search keeps the sums by *bounds*, as a constraint solver does. Before it branches it works
//! out, for every sum, the part its covered items fix (from the options on its stack) and, for
//! each active item, the least and the greatest `c·v` its options left can give. If the target
//! lies outside what the sum can still make, the branch is dead. Otherwise an option of item `i`
//! whose `c·v` leaves the others too little or too much room to make up the target can be in no
//! solution here, and is removed as pruning removes options: onto the pruning trail, put back
//! when the search backs up. Removing options narrows other items' bounds, so the rounds go on
//! until one removes nothing. A bound is only a necessary condition; so the search checks every
//! sum once more at each solution (all its items then covered), and backs up from one that
//! breaks a sum.
//!
//! Bounds keep only the ends of what a term may give. A sum with few open terms, each with few
//! options (at most [`EXACT_TERMS`] and [`EXACT_OPTIONS`]), is kept *exactly* instead: an
//! option stays only if the other open terms have values that make up the rest of the target
//! with its own. There the search also knows which terms are *apart*: two items of a sum, with
//! the same coefficient, such that every option of one and every option of the other with the
//! same value share an item (on a sudoku, two cells of a unit, whose placements of a digit
//! share the unit's item for it). No exact cover holds two options that share an item, so in
//! every solution two items apart are covered with different values, and the exact check
//! asks that of them too. Which terms are apart the search works out itself, from the options
//! as they were when it started, the first time a sum comes down to them; no caller claims it,
//! so none can claim it wrongly.
//!
//! The bounds are worked out at every branching level, not rationed as pruning's rules are: a
//! sum is read in time proportional to its items' options, and a branch that a sum cuts off is
//! usually the whole of a subtree. Each item's least and greatest value are read off its list
//! once and remembered: along the path below a narrowing the search only takes options away,
//! so while that narrowing's snapshot holds (`snapshots.rs`), an item with the same number of
//! options has the same options, and the same ends. A branching then reads only the lists of
//! the items that lost options since.

#![allow(unsafe_code)]

use super::matrix::{DlxError, ItemId, Matrix, OptionId};
use super::modes::in_mode;
use super::node::{SPACER, TAG_CAP, TAG_COVERED};
use super::sums::{Reading, Roots, Sums};
use super::unchecked::{nd, tp};

/// A term's settled tag before its sum was ever settled (above every tag).
const UNSEEN: u16 = u16::MAX;

/// A sum with at most this many open terms is kept exactly (see [`Sums::keep_exactly`]).
const EXACT_TERMS: usize = 3;
/// ... while each of them has at most this many options.
const EXACT_OPTIONS: usize = 16;

/// Terms [apart](Sums::apart) are looked for among a sum's first this many terms ...
const APART_TERMS: usize = 32;
/// ... whose items have at most this many options.
const APART_OPTIONS: usize = 64;

impl Roots {
    /// The items of option `k`, numbered as in the arena (from 1).
    fn items_of(m: &Matrix, k: usize) -> impl Iterator<Item = u32> + '_ {
        m.option_items(OptionId(k as u32)).map(|i| i.0 + 1)
    }

    /// Lists every item's options (`values` by option number).
    fn build(&mut self, m: &Matrix, values: &[i32]) {
        let items = m.items_total as usize + 1;
        let options = m.option_count();
        let mut count = vec![0u32; items + 1];
        for k in 0..options {
            for i in Self::items_of(m, k) {
                count[i as usize + 1] += 1;
            }
        }
        for i in 0..items {
            count[i + 1] += count[i];
        }
        self.start.clone_from(&count);
        self.options.clear();
        self.options.resize(count[items] as usize, (0, 0));
        for k in 0..options {
            let value = values.get(k).copied().unwrap_or(0);
            for i in Self::items_of(m, k) {
                let at = &mut count[i as usize];
                self.options[*at as usize] = (value, k as u32);
                *at += 1;
            }
        }
        self.stamp.clear();
        self.stamp.resize(items, u32::MAX);
        self.built = true;
    }

    /// Whether every option of item `a` and every option of item `b` with the same value are
    /// two options that share an item (see [`Sums::apart`]); no if either has more than
    /// [`APART_OPTIONS`] options.
    pub(super) fn apart(&mut self, m: &Matrix, values: &[i32], a: u32, b: u32) -> bool {
        if !self.built {
            self.build(m, values);
        }
        let list = |i: u32| self.start[i as usize] as usize..self.start[i as usize + 1] as usize;
        let (la, lb) = (list(a), list(b));
        if la.len() > APART_OPTIONS || lb.len() > APART_OPTIONS {
            return false;
        }
        for p in la {
            let (v, x) = self.options[p];
            let mut marked = false;
            for q in lb.clone() {
                let (w, y) = self.options[q];
                if w != v {
                    continue;
                }
                if x == y {
                    return false;
                }
                if !marked {
                    for i in Self::items_of(m, x as usize) {
                        self.stamp[i as usize] = x;
                    }
                    marked = true;
                }
                if !Self::items_of(m, y as usize).any(|i| self.stamp[i as usize] == x) {
                    return false;
                }
            }
        }
        true
    }
}

/// The most terms a sum may have.
pub const MAX_SUM_TERMS: usize = 1 << 15;
/// The largest coefficient a sum may give an item, either way.
pub const MAX_COEFFICIENT: u32 = 1 << 15;
/// The largest target a sum may have, either way: with the bounds above and values of 32 bits,
/// every partial sum and every bound the search works out stays below 2⁶³.
pub const MAX_SUM_TARGET: u64 = 1 << 61;

/// What a pass over the sums found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bounds {
    /// Every sum can still be made; `removed` options went.
    Open {
        /// Options removed.
        removed: u64,
    },
    /// Some sum can no longer be made: the branch is dead.
    Dead,
}

impl Sums {
    /// Works out what a search needs: each node's value and each item's sums.
    pub(super) fn prepare(&mut self, m: &Matrix) {
        if self.is_empty() {
            return;
        }
        self.roots.built = false;
        let (roots, values) = (&mut self.roots, &self.values);
        self.same
            .prepare(m, values, |a, b| roots.apart(m, values, a, b));
        self.node_value.clear();
        self.node_value.resize(m.nodes.len(), 0);
        for (k, &value) in self.values.iter().enumerate() {
            let Some(start) = m.option_first(k) else {
                break;
            };
            let width = m.width_bound();
            for (j, _) in m
                .tops
                .get(start as usize..)
                .unwrap_or_default()
                .iter()
                .take(width)
                .take_while(|&&top| top != SPACER)
                .enumerate()
            {
                if let Some(slot) = self.node_value.get_mut(start as usize + j) {
                    *slot = value;
                }
            }
        }
        let items = m.items_total as usize + 1;
        let mut count = vec![0u32; items + 1];
        for &(i, _) in &self.terms {
            count[i as usize + 1] += 1;
        }
        for i in 0..items {
            count[i + 1] += count[i];
        }
        self.of_start = count.clone();
        self.of_item.clear();
        self.of_item.resize(self.terms.len(), (0, 0));
        for s in 0..self.targets.len() {
            for &(i, c) in &self.terms[self.starts[s] as usize..self.starts[s + 1] as usize] {
                let at = &mut count[i as usize];
                self.of_item[*at as usize] = (s as u32, c);
                *at += 1;
            }
        }
        self.apart.clear();
        self.apart.resize(self.terms.len(), 0);
        self.known.clear();
        self.known.resize(self.terms.len(), 0);
        self.settled.clear();
        self.settled.resize(self.terms.len(), UNSEEN);
        self.snapshots.clear();
        self.fixed_snapshots.clear();
        self.path.clear();
        self.fixed.resize(self.targets.len(), 0);
        self.low.resize(self.terms.len(), 0);
        self.high.resize(self.terms.len(), 0);
        // Readings of an earlier search (or of another problem's items) carry stamps below
        // this search's first, which no snapshot of this search holds: none is taken for this
        // search's, so they need no clearing (the stamp only grows).
        if self.read.len() < items {
            self.read.resize(items, Reading::default());
        }
        self.readings.clear();
        self.stamp += 1;
    }

    /// The least and greatest value of active item `i`'s options (`None` if it has none),
    /// remembered from an earlier reading where that still holds (see [`Reading`]): one made by
    /// this narrowing, stamped `stamp`, or by one whose snapshot is still among the first
    /// `kept` of the path, with the same tag.
    ///
    /// # Safety
    ///
    /// `i` is an active item, the nodes of whose list are options' nodes.
    #[inline]
    unsafe fn values_of(
        &mut self,
        m: &mut Matrix,
        i: u32,
        stamp: u64,
        kept: usize,
    ) -> Option<(i32, i32)> {
        let tag = m.tag[i as usize];
        let read = self.read[i as usize];
        let holds = read.stamp == stamp
            || (read.copy as usize) < kept
                && self.readings.get(read.copy as usize) == Some(&read.stamp);
        let remembered = holds && read.tag == tag && u32::from(tag) != TAG_CAP;
        if remembered && !cfg!(debug_assertions) {
            return Some((read.least, read.most));
        }
        let (mut least, mut most) = (i32::MAX, i32::MIN);
        // SAFETY: `i` is an active item; the nodes of its list are options' nodes.
        unsafe {
            let mut r = nd!(m, i).down;
            while r != i {
                let v = self.node_value[r as usize];
                least = least.min(v);
                most = most.max(v);
                r = nd!(m, r).down;
            }
        }
        // (Debug builds read every list, and check what was remembered against it.)
        debug_assert!(
            !remembered || (read.least, read.most) == (least, most),
            "item {i}: remembered {:?}, read {:?}",
            (read.least, read.most),
            (least, most)
        );
        if least > most {
            return None;
        }
        self.read[i as usize] = Reading {
            tag,
            copy: kept as u32,
            stamp,
            least,
            most,
        };
        Some((least, most))
    }

    /// Whether terms `a` and `b` of sum `s` (numbered within it, both below [`APART_TERMS`])
    /// are apart (see the module docs): of different items and the same coefficient, every
    /// option of `a`'s item and every option of `b`'s with the same value being two options
    /// that share an item. No exact cover has two options that share an item, nor one option
    /// covering both (that would be one option, not two), so in every solution the two items
    /// are covered with different values. Worked out from the options as they were when the
    /// search started (see [`Roots`]) the first time it is asked, then remembered in `apart`
    /// and `known`: only the pairs a sum comes down to are ever asked about.
    fn apart(&mut self, m: &Matrix, s: usize, a: usize, b: usize) -> bool {
        let from = self.starts[s] as usize;
        if self.known[from + a] & (1 << b) == 0 {
            let ((i, c), (j, d)) = (self.terms[from + a], self.terms[from + b]);
            let apart = c == d && i != j && self.roots.apart(m, &self.values, i, j);
            self.known[from + a] |= 1 << b;
            self.known[from + b] |= 1 << a;
            if apart {
                self.apart[from + a] |= 1 << b;
                self.apart[from + b] |= 1 << a;
            }
        }
        self.apart[from + a] & (1 << b) != 0
    }

    /// Each sum's part fixed by the options chosen, `chosen` (nodes of options on the stack),
    /// into `fixed`.
    fn fix(&mut self, m: &Matrix, chosen: &[u32]) {
        self.fixed.fill(0);
        self.add_fixed(m, chosen);
    }

    /// Adds to `fixed` what the options `chosen` (nodes of options on the stack) fix.
    fn add_fixed(&mut self, m: &Matrix, chosen: &[u32]) {
        for &x in chosen {
            let value = i64::from(self.node_value[x as usize]);
            let mut q = x;
            loop {
                // SAFETY: `x` is the node of an option on the stack, so `q`, going round its
                // option, is an option's node and its top an item.
                let i = unsafe { tp!(m, q) } as usize;
                let (from, to) = (self.of_start[i] as usize, self.of_start[i + 1] as usize);
                for &(s, c) in &self.of_item[from..to] {
                    self.fixed[s as usize] += i64::from(c) * value;
                }
                // SAFETY: as above.
                q = unsafe { m.next_node(q) };
                if q == x {
                    break;
                }
            }
        }
    }

    /// Whether the options `chosen`, a solution, keep every sum.
    pub(super) fn hold(&mut self, m: &Matrix, chosen: &[u32]) -> bool {
        if self.is_empty() {
            return true;
        }
        self.fix(m, chosen);
        self.fixed.iter().zip(&self.targets).all(|(f, t)| f == t)
            && self.same.hold(m, &self.node_value, chosen)
    }

    /// Narrows the same-values constraints, then the sums (see [`narrow_sums`](Self::narrow_sums)),
    /// the options removed pushed onto `trail`; `same_end` gets the length of the trail between
    /// the two.
    ///
    /// # Safety
    ///
    /// As [`narrow_sums`](Self::narrow_sums).
    pub(super) unsafe fn narrow(
        &mut self,
        m: &mut Matrix,
        level: usize,
        chosen: &[u32],
        trail: &mut Vec<u32>,
    ) -> Bounds {
        // SAFETY: the contract.
        let same = unsafe { self.same.narrow(m, level, &self.node_value, chosen, trail) };
        self.same_end = trail.len() as u32;
        match same {
            Bounds::Dead => Bounds::Dead,
            Bounds::Open { removed } if self.targets.is_empty() => Bounds::Open { removed },
            Bounds::Open { removed } => {
                // SAFETY: the contract; removing options keeps the state of step X3.
                let sums = unsafe { self.narrow_sums(m, level, chosen, trail) };
                match sums {
                    Bounds::Dead => Bounds::Dead,
                    Bounds::Open { removed: more } => Bounds::Open {
                        removed: removed + more,
                    },
                }
            }
        }
    }

    /// One pass of bounds over every sum (see the module docs), the options removed pushed onto
    /// `trail`; rounds go on until one removes nothing.
    ///
    /// # Safety
    ///
    /// `chosen` holds the nodes of the options on the search's stack, every item each covers is
    /// covered, and every other option in an active item's list is an option's node: the state
    /// of a search at step X3.
    pub(super) unsafe fn narrow_sums(
        &mut self,
        m: &mut Matrix,
        level: usize,
        chosen: &[u32],
        trail: &mut Vec<u32>,
    ) -> Bounds {
        // The tags each sum was last found settled with on the path to this level, and the
        // fixed parts, from the newest snapshot that still holds (see `snapshots.rs`) and the
        // options chosen since.
        let (width, sums) = (self.terms.len(), self.targets.len());
        let (kept, since) = self.path.holding(level, chosen);
        self.snapshots.truncate(kept * width);
        self.fixed_snapshots.truncate(kept * sums);
        self.readings.truncate(kept);
        self.stamp += 1;
        let stamp = self.stamp;
        if kept == 0 {
            self.settled.fill(UNSEEN);
            self.fixed.fill(0);
        } else {
            self.settled
                .copy_from_slice(&self.snapshots[(kept - 1) * width..]);
            self.fixed
                .copy_from_slice(&self.fixed_snapshots[(kept - 1) * sums..]);
        }
        self.add_fixed(m, &chosen[since..]);
        let mut removed = 0;
        loop {
            let mut round = 0;
            for s in 0..self.targets.len() {
                let (from, to) = (self.starts[s] as usize, self.starts[s + 1] as usize);
                let unchanged = (from..to).all(|t| {
                    let tag = m.tag[self.terms[t].0 as usize];
                    self.settled[t] == u16::from(tag) && u32::from(tag) != TAG_CAP
                });
                if unchanged {
                    // Its items have the options they had when it was settled: going deeper
                    // only takes options away, so the same number is the same options (a tag
                    // of `TAG_CAP` tells no exact number, and is always looked at).
                    continue;
                }
                let before = round;
                let (mut least, mut most) = (self.fixed[s], self.fixed[s]);
                let mut open = false;
                let (mut open_terms, mut few_options) = (0, true);
                for t in from..to {
                    let (i, c) = self.terms[t];
                    if m.tag[i as usize] == TAG_COVERED {
                        self.low[t] = 0;
                        self.high[t] = 0;
                        continue;
                    }
                    open = true;
                    open_terms += 1;
                    few_options &= usize::from(m.tag[i as usize]) <= EXACT_OPTIONS;
                    // SAFETY: `i` is an active item; the nodes of its list are options' nodes.
                    let Some((fewest, greatest)) = (unsafe { self.values_of(m, i, stamp, kept) })
                    else {
                        // No option left: the choice of the item sees the dead end.
                        return Bounds::Open { removed };
                    };
                    let (a, b) = (
                        i64::from(c) * i64::from(fewest),
                        i64::from(c) * i64::from(greatest),
                    );
                    let (lo, hi) = (a.min(b), a.max(b));
                    self.low[t] = lo;
                    self.high[t] = hi;
                    least += lo;
                    most += hi;
                }
                let target = self.targets[s];
                if target < least || target > most {
                    return Bounds::Dead;
                }
                if !open {
                    for t in from..to {
                        self.settled[t] = u16::from(TAG_COVERED);
                    }
                    continue;
                }
                // A sum with few open terms, each with few options, is kept exactly.
                let exact = open_terms <= EXACT_TERMS && few_options;
                if exact {
                    // SAFETY: as above.
                    round += unsafe { self.keep_exactly(m, s, trail) };
                }
                for t in from..to {
                    let (i, c) = self.terms[t];
                    if exact || m.tag[i as usize] == TAG_COVERED {
                        continue;
                    }
                    // What the others leave this term: at least, at most.
                    let floor = target - (most - self.high[t]);
                    let ceiling = target - (least - self.low[t]);
                    if self.low[t] >= floor && self.high[t] <= ceiling {
                        continue;
                    }
                    // SAFETY: as above; a removed node keeps its own links, so the walk goes
                    // on from it, and `remove_option` takes an active option's node.
                    unsafe {
                        let mut r = nd!(m, i).down;
                        while r != i {
                            let v = i64::from(c) * i64::from(self.node_value[r as usize]);
                            if v < floor || v > ceiling {
                                in_mode!(m, remove_option(r));
                                trail.push(r);
                                round += 1;
                            }
                            r = nd!(m, r).down;
                        }
                    }
                }
                if round == before {
                    for t in from..to {
                        self.settled[t] = u16::from(m.tag[self.terms[t].0 as usize]);
                    }
                }
            }
            if round == 0 {
                self.path.push(level, chosen);
                self.snapshots.extend_from_slice(&self.settled);
                self.fixed_snapshots.extend_from_slice(&self.fixed);
                self.readings.push(stamp);
                return Bounds::Open { removed };
            }
            removed += round;
        }
    }
}

/// The open terms of a sum [kept exactly](Sums::keep_exactly): their items, coefficients, and
/// the `c·v` their options can still give, each once.
struct Open {
    items: [(u32, i32); EXACT_TERMS],
    /// For each open term, the other open terms it is apart from (bit `k` for open term `k`).
    apart: [u8; EXACT_TERMS],
    values: [[i64; EXACT_OPTIONS]; EXACT_TERMS],
    lens: [usize; EXACT_TERMS],
    count: usize,
}

impl Open {
    /// Whether open term `k` can give `v`.
    fn has(&self, k: usize, v: i64) -> bool {
        self.values[k][..self.lens[k]].contains(&v)
    }

    /// Whether open terms `a` and `b` may give `x` and `y`: they differ if the terms are apart
    /// (whose coefficients are the same, so the values differ as the `c·v` do).
    fn may(&self, a: usize, x: i64, b: usize, y: i64) -> bool {
        x != y || self.apart[a] & (1 << b) == 0
    }

    /// Whether the open terms other than `k` can make `rest` between them, open term `k` giving
    /// `v`.
    fn make(&self, k: usize, v: i64, rest: i64) -> bool {
        let mut others = (0..self.count).filter(|&o| o != k);
        match (others.next(), others.next()) {
            (None, _) => rest == 0,
            (Some(a), None) => self.has(a, rest) && self.may(k, v, a, rest),
            (Some(a), Some(b)) => self.values[a][..self.lens[a]].iter().any(|&x| {
                let y = rest - x;
                self.has(b, y)
                    && self.may(k, v, a, x)
                    && self.may(k, v, b, y)
                    && self.may(a, x, b, y)
            }),
        }
    }
}

impl Sums {
    /// Keeps sum `s`, whose open terms are at most [`EXACT_TERMS`] with at most
    /// [`EXACT_OPTIONS`] options each, exactly: an option goes unless the other open terms have
    /// options whose `c·v` make up the rest of the target with its own. Returns the number of
    /// options removed, pushed onto `trail`.
    ///
    /// Bounds alone keep only the ends: `a + b = 10` with `a` in {1, 4, 9} and `b` in {1, 2, 5}
    /// removes nothing by bounds, where only `a = 9, b = 1` is left here. An option the other
    /// terms support by options that cannot go with it (sharing an item) stays: the check is of
    /// values, not of options, so it removes only what no solution can use.
    ///
    /// # Safety
    ///
    /// As for [`narrow`](Self::narrow), with `fixed` worked out for the current stack.
    unsafe fn keep_exactly(&mut self, m: &mut Matrix, s: usize, trail: &mut Vec<u32>) -> u64 {
        let (from, to) = (self.starts[s] as usize, self.starts[s + 1] as usize);
        let mut open = Open {
            items: [(0, 0); EXACT_TERMS],
            apart: [0; EXACT_TERMS],
            values: [[0; EXACT_OPTIONS]; EXACT_TERMS],
            lens: [0; EXACT_TERMS],
            count: 0,
        };
        // Each open term's term number in the sum.
        let mut at = [0usize; EXACT_TERMS];
        for t in 0..to - from {
            let (i, c) = self.terms[from + t];
            if m.tag[i as usize] == TAG_COVERED || open.count == EXACT_TERMS {
                continue;
            }
            let k = open.count;
            open.items[k] = (i, c);
            at[k] = t;
            for (o, &t_o) in at[..k].iter().enumerate() {
                if t < APART_TERMS && self.apart(m, s, t_o, t) {
                    open.apart[k] |= 1 << o;
                    open.apart[o] |= 1 << k;
                }
            }
            // SAFETY: `i` is an active item; the nodes of its list are options' nodes.
            unsafe {
                let mut r = nd!(m, i).down;
                while r != i {
                    let v = i64::from(c) * i64::from(self.node_value[r as usize]);
                    if !open.has(k, v) && open.lens[k] < EXACT_OPTIONS {
                        open.values[k][open.lens[k]] = v;
                        open.lens[k] += 1;
                    }
                    r = nd!(m, r).down;
                }
            }
            open.count += 1;
        }
        let target = self.targets[s] - self.fixed[s];
        let mut removed = 0;
        for k in 0..open.count {
            let (i, c) = open.items[k];
            // SAFETY: as above; a removed node keeps its own links, so the walk goes on from
            // it, and `remove_option` takes an active option's node.
            unsafe {
                let mut r = nd!(m, i).down;
                while r != i {
                    let v = i64::from(c) * i64::from(self.node_value[r as usize]);
                    if !open.make(k, v, target - v) {
                        in_mode!(m, remove_option(r));
                        trail.push(r);
                        removed += 1;
                    }
                    r = nd!(m, r).down;
                }
            }
        }
        removed
    }
}

impl Matrix {
    /// Gives `option` the number `value` (each option has 0 until given one): what it adds, times
    /// the item's coefficient, to each [sum](Self::add_sum) one of its items is in.
    pub fn set_value(&mut self, option: OptionId, value: i32) -> Result<(), DlxError> {
        let k = option.index();
        if k >= self.option_count() {
            return Err(DlxError::NoSuchOption { option: k });
        }
        let values = &mut self.sums.values;
        if values.len() <= k {
            values.resize(k + 1, 0);
        }
        values[k] = value;
        Ok(())
    }

    /// Adds the sum `Σ c·v = target` over the primary items of `terms` (item, coefficient `c`),
    /// `v` being the value of the option that covers the item: every solution keeps it, and
    /// the search keeps it by bounds (see the [module docs](crate::dlx)). An item named twice
    /// counts twice.
    ///
    /// A sum has at most [`MAX_SUM_TERMS`] terms, each coefficient at most [`MAX_COEFFICIENT`]
    /// either way and the target at most [`MAX_SUM_TARGET`] either way, so that no bound the
    /// search works out can overflow.
    pub fn add_sum(&mut self, target: i64, terms: &[(ItemId, i32)]) -> Result<(), DlxError> {
        if terms.len() > MAX_SUM_TERMS
            || terms
                .iter()
                .any(|&(_, c)| c.unsigned_abs() > MAX_COEFFICIENT)
            || target.unsigned_abs() > MAX_SUM_TARGET
        {
            return Err(DlxError::SumTooLarge { terms: terms.len() });
        }
        let last = self.primary as usize;
        if let Some(&(item, _)) = terms.iter().find(|(i, _)| i.index() >= last) {
            return Err(DlxError::NotPrimary {
                item: item.index(),
                primary: last,
            });
        }
        let sums = &mut self.sums;
        if sums.starts.is_empty() {
            sums.starts.push(0);
        }
        sums.terms
            .extend(terms.iter().map(|&(i, c)| (i.index() as u32 + 1, c)));
        sums.starts.push(sums.terms.len() as u32);
        sums.targets.push(target);
        Ok(())
    }

    /// The number of sums added.
    pub fn sum_count(&self) -> usize {
        self.sums.targets.len()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::dlx::testing::{every_solution, exact_covers, lcg};

    /// A random problem: `primary` primary items and two secondary ones, options of one to
    /// three items, each with a value from -2 to 5.
    struct Random {
        primary: usize,
        options: Vec<Vec<usize>>,
        values: Vec<i32>,
        sums: Vec<(i64, Vec<(usize, i32)>)>,
    }

    fn random(seed: u64) -> Random {
        let mut next = lcg(seed);
        let primary = 4 + (next() >> 33) as usize % 5;
        let total = primary + 2;
        let count = 8 + (next() >> 33) as usize % 18;
        let mut options = Vec::new();
        let mut values = Vec::new();
        for _ in 0..count {
            let width = 1 + (next() >> 33) as usize % 3;
            let mut items: Vec<usize> = Vec::new();
            for _ in 0..width {
                let i = (next() >> 33) as usize % total;
                if !items.contains(&i) {
                    items.push(i);
                }
            }
            options.push(items);
            values.push((next() >> 33) as i32 % 8 - 2);
        }
        let mut sums = Vec::new();
        for _ in 0..1 + (next() >> 33) as usize % 3 {
            let mut terms = Vec::new();
            for _ in 0..1 + (next() >> 33) as usize % 4 {
                let c = [1, 1, -1, 2][(next() >> 33) as usize % 4];
                terms.push(((next() >> 33) as usize % primary, c));
            }
            sums.push(((next() >> 33) as i64 % 9 - 2, terms));
        }
        Random {
            primary,
            options,
            values,
            sums,
        }
    }

    /// Whether a cover keeps every sum.
    fn keeps(r: &Random, cover: &[usize]) -> bool {
        r.sums.iter().all(|(target, terms)| {
            let total: i64 = terms
                .iter()
                .map(|&(i, c)| {
                    let k = cover.iter().find(|&&k| r.options[k].contains(&i)).unwrap();
                    i64::from(c) * i64::from(r.values[*k])
                })
                .sum();
            total == *target
        })
    }

    fn matrix(r: &Random) -> Matrix {
        let mut m = Matrix::new(r.primary, 2).unwrap();
        for (items, &value) in r.options.iter().zip(&r.values) {
            let id = m.add_option(items.iter().copied()).unwrap();
            m.set_value(id, value).unwrap();
        }
        for (target, terms) in &r.sums {
            let terms: Vec<(ItemId, i32)> =
                terms.iter().map(|&(i, c)| (ItemId::new(i), c)).collect();
            m.add_sum(*target, &terms).unwrap();
        }
        m
    }

    /// On random problems with random sums, the search with sums finds exactly the exact covers
    /// that keep them, each once, with and without pruning, and leaves the matrix as it found it.
    #[test]
    fn the_solutions_are_the_covers_that_keep_every_sum() {
        let (mut with_solutions, mut pruned) = (0, 0);
        for seed in 0..3000 {
            let r = random(seed);
            let mut want: Vec<Vec<usize>> = exact_covers(r.primary, &r.options)
                .into_iter()
                .filter(|c| keeps(&r, c))
                .collect();
            want.iter_mut().for_each(|c| c.sort());
            want.sort();
            with_solutions += usize::from(!want.is_empty());
            for pruning in [false, true] {
                let mut m = matrix(&r);
                let before = m.snapshot();
                let (got, removed) = every_solution(&mut m, pruning);
                pruned += removed;
                assert_eq!(got, want, "seed {seed}, pruning {pruning}");
                m.restore();
                assert!(
                    m.snapshot() == before,
                    "seed {seed}: the matrix is restored"
                );
            }
        }
        assert!(
            with_solutions > 200,
            "{with_solutions} problems with a solution"
        );
        assert!(pruned > 1000, "the bounds removed {pruned} options");
    }

    /// Two cells a and b (primary items) take the values 1 to 3 (options 0–2 and 3–5), and
    /// differ (a secondary item per value); a + b = 5.
    fn two_cells_adding_up_to_five() -> Matrix {
        let mut m = Matrix::new(2, 3).unwrap();
        for cell in 0..2 {
            for d in 1..=3 {
                let id = m.add_option([cell, 1 + d]).unwrap();
                m.set_value(id, d as i32).unwrap();
            }
        }
        m.add_sum(5, &[(ItemId::new(0), 1), (ItemId::new(1), 1)])
            .unwrap();
        m
    }

    /// A sum prunes before the branch: neither cell can hold 1 (the other would need 4), and
    /// the search never tries it.
    #[test]
    fn a_sum_removes_the_options_its_bounds_rule_out() {
        let mut m = two_cells_adding_up_to_five();
        let mut search = m.search();
        assert_eq!(search.count(10), 2, "2+3 and 3+2");
        // Without the bounds, Algorithm X tries a = 1, 2, 3 (three nodes) and b under each.
        assert!(
            search.stats().pruned >= 2,
            "a = 1 and b = 1 go before the search branches"
        );
    }

    /// In step mode the options a sum removed before a branching are told as the sum's.
    #[test]
    fn the_step_mode_names_the_options_a_sum_removed() {
        let mut m = two_cells_adding_up_to_five();
        let sum = crate::dlx::Rule::Sum;
        assert_eq!(
            removed_first(&mut m),
            vec![(0, sum), (3, sum)],
            "a = 1 and b = 1"
        );
    }

    /// The options a sum removed before the first branching, as (option, rule), sorted.
    fn removed_first(m: &mut Matrix) -> Vec<(usize, crate::dlx::Rule)> {
        let mut search = m.search();
        assert!(matches!(search.step(), crate::dlx::Event::Chose { .. }));
        let mut removed: Vec<(usize, crate::dlx::Rule)> = search
            .pruned_here()
            .map(|(o, rule)| (o.index(), rule))
            .collect();
        removed.sort_by_key(|r| r.0);
        removed
    }

    /// A sum of two open terms is kept exactly: `a + b = 10` with `a` in {1, 4, 9} and `b` in
    /// {1, 2, 5}, where bounds remove nothing (1 + 9 ≥ 10 − 5 …), leaves only `a = 9, b = 1`.
    #[test]
    fn a_sum_of_few_open_terms_keeps_only_the_values_that_make_it() {
        let mut m = Matrix::new(2, 0).unwrap();
        for (item, values) in [(0, [1, 4, 9]), (1, [1, 2, 5])] {
            for v in values {
                let id = m.add_option([item]).unwrap();
                m.set_value(id, v).unwrap();
            }
        }
        m.add_sum(10, &[(ItemId::new(0), 1), (ItemId::new(1), 1)])
            .unwrap();
        let sum = crate::dlx::Rule::Sum;
        assert_eq!(
            removed_first(&mut m),
            vec![(0, sum), (1, sum), (4, sum), (5, sum)],
            "a = 1, a = 4, b = 2, b = 5"
        );
        assert_eq!(m.search().count(10), 1);
    }

    /// Two cells that differ (each value's options share an item) are apart: `a + b = 4` over
    /// 1 to 3 loses 2 in both, which only the same value twice could use. Without the items
    /// that make them differ, 2 + 2 is a solution and nothing goes.
    #[test]
    fn terms_whose_equal_values_conflict_take_different_values() {
        let mut m = two_cells_adding_up_to_five();
        m.sums.targets[0] = 4;
        let sum = crate::dlx::Rule::Sum;
        assert_eq!(removed_first(&mut m), vec![(1, sum), (4, sum)]);
        assert_eq!(m.search().count(10), 2, "1+3 and 3+1");
        let mut m = Matrix::new(2, 0).unwrap();
        for cell in 0..2 {
            for d in 1..=3 {
                let id = m.add_option([cell]).unwrap();
                m.set_value(id, d).unwrap();
            }
        }
        m.add_sum(4, &[(ItemId::new(0), 1), (ItemId::new(1), 1)])
            .unwrap();
        assert_eq!(m.search().count(10), 3, "1+3, 2+2 and 3+1");
    }

    /// An option that covers both items of a sum gives them the same value, so they are not
    /// apart even when every other pair of equal values conflicts.
    #[test]
    fn one_option_over_two_terms_keeps_them_from_being_apart() {
        let mut m = two_cells_adding_up_to_five();
        let both = m.add_option([0, 1]).unwrap();
        m.set_value(both, 2).unwrap();
        m.sums.targets[0] = 4;
        assert_eq!(m.search().count(10), 3, "1+3, 3+1 and the option over both");
    }

    #[test]
    fn a_sum_that_could_overflow_is_refused() {
        let mut m = Matrix::new(2, 0).unwrap();
        let big = (MAX_COEFFICIENT + 1) as i32;
        assert!(matches!(
            m.add_sum(1, &[(ItemId::new(0), big)]),
            Err(DlxError::SumTooLarge { terms: 1 })
        ));
        assert!(m.add_sum(1 << 62, &[(ItemId::new(0), 1)]).is_err());
        assert!(
            m.add_sum(1, &[(ItemId::new(0), 1); MAX_SUM_TERMS + 1])
                .is_err()
        );
        assert!(
            m.add_sum(-(1 << 61), &[(ItemId::new(1), -(1 << 15))])
                .is_ok()
        );
        assert_eq!(m.sum_count(), 1);
    }

    #[test]
    fn a_sum_of_an_item_that_is_not_primary_is_refused() {
        let mut m = Matrix::new(2, 1).unwrap();
        assert_eq!(
            m.add_sum(1, &[(ItemId::new(2), 1)]),
            Err(DlxError::NotPrimary {
                item: 2,
                primary: 2
            })
        );
        assert_eq!(
            m.set_value(OptionId(0), 1),
            Err(DlxError::NoSuchOption { option: 0 })
        );
    }
}
