//! Pruning inside the search: the rules that remove options no solution can use (pairs, wider
//! locked sets, pairs of pairs), and the [`Pruner`] that decides when a search applies them.
//!
//! The rules walk the arena without bounds checks, through the link operations, so each one
//! that takes an item or a node is an unsafe function whose contract names it (the words
//! *item* and *option's node* as in `links.rs`); [`prune`](Matrix::prune), which takes neither,
//! finds its items among the primary ones and is safe.

#![allow(unsafe_code)]

use super::bounds::Bounds;
use super::matrix::Matrix;
use super::modes::{in_mode, modes};
use super::node::ROOT;
use super::report::Stats;
use super::scratch::{MANY_PAIRS, NO_PAIR, PairMemo, Weights};
use super::sums::Sums;
#[cfg(target_arch = "x86_64")]
use super::unchecked::blocks_meet;
use super::unchecked::{nd, tp};

/// Pruning passes are rationed to one per this many nodes of the search on average (the first
/// is always made). A pass pays where the tree below it is big and costs where it is small: on
/// puzzles whose two solutions a search finds in a few dozen nodes, unrationed pruning costs
/// more than it saves, while on minimal puzzles rationing keeps most of the gain
/// (benches/README.md has the figures).
pub(super) const PRUNE_SPACING: u64 = 32;

/// Passes after which pruning stops for the rest of a search if they have removed fewer options
/// than there were passes. Where no item comes down to a pair whose options settle anything
/// (the queens) or hardly any does (Langford pairs), the passes and their bookkeeping cost more
/// than the few nodes they save; where pruning pays, the passes remove several options apiece
/// (benches/README.md has the figures). Escalation, where asked for, turns it on again, with as
/// many passes to pay.
pub(super) const IDLE_PASSES: u64 = 1024;

/// The most options an item may have for the wider pruning rule to look at it (see
/// [`Search::with_pruning_width`](super::Search::with_pruning_width)).
pub const MAX_PRUNE_WIDTH: usize = 8;

/// Up to eight bytes as one word (missing bytes are 0).
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    match <[u8; 8]>::try_from(bytes) {
        Ok(all) => word = all,
        Err(_) => word[..bytes.len()].copy_from_slice(bytes),
    }
    u64::from_le_bytes(word)
}

/// One in each byte of a word.
const LOW: u64 = 0x0101_0101_0101_0101;
/// The low seven bits of each byte of a word.
const SEVENS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// The high bit of each byte of a word.
const HIGHS: u64 = !SEVENS;

/// The bytes of `tags` (at most eight) that equal 2, as the high bit of each byte of a word.
#[inline(always)]
fn twos(tags: &[u8]) -> u64 {
    // Bytes equal to 2 become 0, and exactly the zero bytes get their high bit set (no carry
    // crosses a byte: each sum is at most 0xfe).
    let x = word(tags) ^ (LOW * 2);
    !(((x & SEVENS) + SEVENS) | x | SEVENS)
}

/// The bytes of `x` that are at least `c` (1 to 128), as the high bit of each byte: a byte
/// below 128 gets its high bit from adding `128 - c` to it (at most 0xfe, so no carry crosses a
/// byte), one from 128 up has it already.
#[inline(always)]
fn at_least(x: u64, c: u8) -> u64 {
    (((x & SEVENS) + LOW * u64::from(128 - c)) | x) & HIGHS
}

/// The bytes of `x` from `low` to `high` (`1 <= low <= high < 128`), as the high bit of each
/// byte.
#[inline(always)]
fn within(x: u64, low: u8, high: u8) -> u64 {
    at_least(x, low) & !at_least(x, high + 1)
}

/// The bytes in which `x` and `y` differ, as the high bit of each byte (as in [`twos`]: a byte
/// of `x ^ y` gets its high bit from adding 0x7f to its low seven bits unless they are 0).
#[inline(always)]
fn differ(x: u64, y: u64) -> u64 {
    let d = x ^ y;
    (((d & SEVENS) + SEVENS) | d) & HIGHS
}

impl Matrix {
    /// Pruning by pairs (see the [module docs](crate::dlx)): for every active primary item with exactly two
    /// options left, if both options also contain some other item `b`, then whichever of them
    /// covers the first item covers `b` too, so every other option of `b` can be in no solution
    /// and is removed. Each removed option's node is pushed on `trail`, for the search to put back
    /// in reverse order when it backs up past this point. Returns the number of links changed.
    ///
    /// `before`, if given, holds the primary items' tags at the last pruning on the search's
    /// current path: items that had two options then were looked at then and are skipped.
    ///
    /// With `pairs_of_pairs`, every item that has come down to two options is also paired with
    /// the other items of two options its options meet (see
    /// [`prune_two_pairs`](Self::prune_two_pairs)).
    ///
    /// With `width` above 2 the first rule is applied to items with up to `width` options too:
    /// if every option of item `a` contains item `b`, the other options of `b` go (on a sudoku: a
    /// symbol whose places in a box all lie in one row, or in a row all in one box).
    ///
    /// `ends` gets the length of `trail` after the pairs and after the wider rule, so that what
    /// each rule removed can be told apart (see [`Rule`](super::Rule)).
    pub(super) fn prune(
        &mut self,
        trail: &mut Vec<u32>,
        before: Option<&[u8]>,
        pairs_of_pairs: bool,
        width: u8,
        ends: &mut [u32; 2],
    ) -> u64 {
        let mut updates = self.prune_pairs(trail, before);
        ends[0] = trail.len() as u32;
        if width > 2 {
            updates +=
                self.prune_changed(before, 3, width.min(MAX_PRUNE_WIDTH as u8), |m, a, tag| {
                    // SAFETY: `prune_changed` passes primary items with `tag` options.
                    unsafe { m.prune_wide(a, tag as usize, trail) }
                });
        }
        ends[1] = trail.len() as u32;
        if pairs_of_pairs {
            updates += self.prune_changed(before, 2, 2, |m, a, _| {
                // SAFETY: `prune_changed` passes primary items with two options.
                unsafe { m.prune_two_pairs(a, trail) }
            });
        }
        updates
    }

    /// Calls `rule(self, a, tag)` for every primary item `a` (from 1 to the number of primary
    /// items), in order, whose tag is from `low` to `high` (`2 <= low <= high <=`
    /// [`MAX_PRUNE_WIDTH`]) and differs from its tag in `before` (every such item if there is
    /// none), and adds up what it returns. A tag is read when its item's turn comes, after what
    /// the rule removed for the items before it. Eight items are looked at together, as one word
    /// of tags: the bytes in range and changed are picked out with a few operations on the word,
    /// and worked out again after each call (its removals may have changed the tags after it).
    pub(super) fn prune_changed(
        &mut self,
        before: Option<&[u8]>,
        low: u8,
        high: u8,
        mut rule: impl FnMut(&mut Self, u32, u8) -> u64,
    ) -> u64 {
        debug_assert!(2 <= low && low <= high && usize::from(high) <= MAX_PRUNE_WIDTH);
        let mut updates = 0;
        let primary = self.primary as usize;
        let mut base = 1;
        while base <= primary {
            let end = (base + 8).min(primary + 1);
            // The missing bytes of a last, short word are 0 in both, and 0 is below `low`.
            let then = before.map(|b| word(&b[base - 1..end - 1]));
            let picked = |m: &Self| {
                let now = word(&m.tag[base..end]);
                match then.map_or(HIGHS, |then| differ(now, then)) {
                    0 => 0,
                    changed => changed & within(now, low, high),
                }
            };
            let mut left = picked(self);
            while left != 0 {
                let k = left.trailing_zeros() / 8;
                let a = base + k as usize;
                updates += rule(self, a as u32, self.tag[a]);
                // Only the items after `a` are still to come.
                left = picked(self) & u64::MAX.checked_shl(8 * (k + 1)).unwrap_or(0);
            }
            base = end;
        }
        updates
    }

    /// The pairs part of [`prune`](Self::prune).
    pub(super) fn prune_pairs(&mut self, trail: &mut Vec<u32>, before: Option<&[u8]>) -> u64 {
        let mut updates = 0;
        let primary = self.primary as usize;
        // The tags of the items that can pair, eight at a time.
        let mut base = self.pairs_from as usize;
        while base <= primary {
            let end = (base + 8).min(primary + 1);
            let now = twos(&self.tag[base..end]);
            let then = before.map_or(0, |b| twos(&b[base - 1..end - 1]));
            let mut twos = now & !then;
            while twos != 0 {
                let a = base + (twos.trailing_zeros() / 8) as usize;
                twos &= twos - 1;
                // An earlier removal in this pass may have changed it.
                if self.tag[a] == 2 {
                    // SAFETY: `a` is a primary item (`a <= primary`).
                    updates += unsafe { self.prune_item(a as u32, trail) };
                }
            }
            base = end;
        }
        updates
    }

    /// [`prune`](Self::prune) for one item `a` with two options.
    ///
    /// # Safety
    ///
    /// `a` is an active item with two options.
    pub(super) unsafe fn prune_item(&mut self, a: u32, trail: &mut Vec<u32>) -> u64 {
        // SAFETY: `a` is an item with two options, whose nodes are the next two in its list.
        let (first, second) = unsafe {
            let first = nd!(self, a).down;
            (first, nd!(self, first).down)
        };
        let memo = self.memo[a as usize];
        let (meet_first, meet_second) = if memo.generation == self.memo_generation
            && memo.first == first
            && memo.second == second
            && memo.meet_first != MANY_PAIRS
        {
            (memo.meet_first, memo.meet_second)
        } else {
            // SAFETY: `first` and `second` are options' nodes, of `a`'s list.
            let (meet_first, meet_second) = unsafe { self.meeting(first, second) };
            self.memo[a as usize] = PairMemo {
                generation: self.memo_generation,
                first,
                second,
                meet_first,
                meet_second,
            };
            (meet_first, meet_second)
        };
        match meet_first {
            NO_PAIR => 0,
            MANY_PAIRS => {
                // Rare: walk the first option and prune every item the second one shares.
                let mut updates = 0;
                // SAFETY: `first` and `second` are options' nodes, and so is every node of
                // their options the walks meet.
                unsafe {
                    let mut q = self.next_node(first);
                    while q != first {
                        if let Some(q2) = self.node_in(second, tp!(self, q)) {
                            updates += self.prune_others(q, q2, trail);
                        }
                        q = self.next_node(q);
                    }
                }
                updates
            }
            // SAFETY: `meeting` returns two options' nodes of one item (the memo holds what it
            // returned, for the same two nodes, since the layout last changed).
            _ => unsafe { self.prune_others(meet_first, meet_second, trail) },
        }
    }

    /// [`prune`](Self::prune) for one item `a` with `k` options (3 to [`MAX_PRUNE_WIDTH`]): every
    /// item that all of them contain loses its other options.
    ///
    /// # Safety
    ///
    /// `a` is an active item with `k` options.
    pub(super) unsafe fn prune_wide(&mut self, a: u32, k: usize, trail: &mut Vec<u32>) -> u64 {
        if k > MAX_PRUNE_WIDTH {
            return 0;
        }
        let mut updates = 0;
        // SAFETY: `a` is an item with options; every node of its list but itself, and of their
        // options, is an option's node, and every top an item.
        unsafe {
            let first = nd!(self, a).down;
            let mut keep = [0u32; MAX_PRUNE_WIDTH];
            let mut q = self.next_node(first);
            while q != first {
                let (here, top) = (q, tp!(self, q));
                q = self.next_node(q);
                if self.length(top) as usize <= k {
                    // Nothing of `top` could go: all its options are `a`'s.
                    continue;
                }
                keep[0] = here;
                let mut shared = true;
                let mut r = nd!(self, first).down;
                let mut n = 1;
                while r != a {
                    match self.node_in(r, top) {
                        Some(x) if n < k => keep[n] = x,
                        _ => {
                            shared = false;
                            break;
                        }
                    }
                    n += 1;
                    r = nd!(self, r).down;
                }
                if shared {
                    updates += self.prune_except(top, &keep[..k], trail);
                }
            }
        }
        updates
    }

    /// The items of the option of node `p`, each with its node, into `out`; `None` if it has more
    /// than `out` holds.
    ///
    /// # Safety
    ///
    /// `p` is an option's node.
    pub(super) unsafe fn nodes_of(&self, p: u32, out: &mut [(u32, u32)]) -> Option<usize> {
        let mut n = 0;
        let mut q = p;
        loop {
            // SAFETY: `p` is an option's node, and so is every node of its option.
            unsafe {
                *out.get_mut(n)? = (tp!(self, q), q);
                n += 1;
                q = self.next_node(q);
            }
            if q == p {
                return Some(n);
            }
        }
    }

    /// The pairs-of-pairs rule for an item `a` with two options: for every item `b` with two
    /// options that meets `a`'s options through a third item, the combinations of one option of
    /// `a` and one of `b` that do not clash are worked out; an item covered by every such
    /// combination loses its other options (on a sudoku, naked and hidden pairs).
    ///
    /// The walk that finds the partners also sees which combinations clash: an option `r` of
    /// item `t` (from option `aₚ` of `a`) that holds `b` is `b`'s option `bⱼ`, and it clashes
    /// with `aₚ` in `t`. When `b` is in neither option of `a`, that is every clash there is (a
    /// clash is a shared item, and the walk goes through each one), so a partner with three or
    /// four combinations left is passed over without reading its options again: most partners
    /// are, and reading them was most of the time the rule took. A partner in an option of `a`
    /// is passed over too: one combination is then that option alone, and what it shares with
    /// the other is, on a sudoku, what the pair rule finds anyway.
    ///
    /// # Safety
    ///
    /// `a` is an active primary item with two options.
    pub(super) unsafe fn prune_two_pairs(&mut self, a: u32, trail: &mut Vec<u32>) -> u64 {
        // SAFETY: `a` is an item with two options, the next two nodes of its list.
        let (a1, a2) = unsafe {
            let a1 = nd!(self, a).down;
            (a1, nd!(self, a1).down)
        };
        let mut partners = std::mem::take(&mut self.partners);
        partners.clear();
        let mut items = [(0u32, 0u32); 16];
        let mut own = [0u32; 32];
        let mut owned = 0;
        for (pi, p) in [a1, a2].into_iter().enumerate() {
            // SAFETY: `a1` and `a2` are options' nodes.
            let Some(n) = (unsafe { self.nodes_of(p, &mut items) }) else {
                continue;
            };
            for &(t, tp) in &items[..n] {
                own[owned] = t;
                owned += 1;
                if t == a {
                    continue;
                }
                // SAFETY: `t` is the top of an option's node, so an item; every node of its
                // list but itself, and of their options, is an option's node, and every top an
                // item.
                unsafe {
                    let quad = self.quad();
                    let mut r = nd!(self, t).down;
                    while r != t {
                        if r != tp {
                            if quad {
                                // The other nodes of a block of four, in any order: the
                                // partners are sorted below.
                                for k in 1..4 {
                                    self.note_partner(r ^ k, a, pi as u32, &mut partners);
                                }
                            } else {
                                let mut q = self.next_node(r);
                                while q != r {
                                    self.note_partner(q, a, pi as u32, &mut partners);
                                    q = self.next_node(q);
                                }
                            }
                        }
                        r = nd!(self, r).down;
                    }
                }
            }
        }
        partners.sort_unstable();
        let mut updates = 0;
        let mut k = 0;
        while k < partners.len() {
            let b = partners[k].0;
            let mut clashes = 0u32;
            while k < partners.len() && partners[k].0 == b {
                clashes |= partners[k].1;
                k += 1;
            }
            let left = 4 - clashes.count_ones();
            if (1..=2).contains(&left) && !own[..owned].contains(&b) {
                // SAFETY: `a` is an item (the contract), and `b` a primary item (a partner is
                // the top of an option's node, at most `primary`).
                updates += unsafe { self.prune_pair_with(a, b, trail) };
            }
        }
        self.partners = partners;
        updates
    }

    /// Notes the top of node `q` as a partner of item `a` in [`prune_two_pairs`](Self::prune_two_pairs)
    /// if it is a primary item other than `a` with two options: with the bit of the clash
    /// between option `pi` of `a` and whichever of its two options `q` is.
    ///
    /// # Safety
    ///
    /// `q` is an option's node.
    #[inline(always)]
    unsafe fn note_partner(&self, q: u32, a: u32, pi: u32, partners: &mut Vec<(u32, u32)>) {
        // SAFETY: `q` is an option's node (the contract), so its top is an item, whose header
        // is a node.
        unsafe {
            let top = tp!(self, q);
            if top != a && top <= self.primary && self.tag[top as usize] == 2 {
                // Which option of `top` this is: its first or its second.
                let j = u32::from(self.node(top).down != q);
                partners.push((top, 1 << (2 * pi + j)));
            }
        }
    }

    /// [`prune_two_pairs`](Self::prune_two_pairs) for items `a` and `b`. Of the four
    /// combinations of an option of each, only those that do not clash can be in a solution
    /// (an option holding both counts once). Four or three of them teach nothing the pair rule
    /// does not (what they all cover is what both options of `a`, or both of `b`, cover), so
    /// only one or two are looked into: with one, both items are forced; with two, as in a naked
    /// or hidden pair, what both cover goes from everywhere else.
    ///
    /// # Safety
    ///
    /// `a` and `b` are items.
    pub(super) unsafe fn prune_pair_with(&mut self, a: u32, b: u32, trail: &mut Vec<u32>) -> u64 {
        if self.tag[a as usize] != 2 || self.tag[b as usize] != 2 {
            return 0;
        }
        // SAFETY: `a` and `b` are items (the contract) with two options each (their tags, just
        // read), the next two nodes of their lists.
        let (a1, a2, b1, b2) = unsafe {
            let a1 = nd!(self, a).down;
            let b1 = nd!(self, b).down;
            (a1, nd!(self, a1).down, b1, nd!(self, b1).down)
        };
        let options = [a1, a2, b1, b2];
        // The items of the four options with their nodes, one after another.
        const MOST: usize = 16;
        let mut items = [(0u32, 0u32); 4 * MOST];
        let mut start = [0usize; 5];
        for (k, &p) in options.iter().enumerate() {
            let at = start[k];
            // SAFETY: the four are options' nodes.
            let Some(n) = (unsafe { self.nodes_of(p, &mut items[at..at + MOST]) }) else {
                return 0;
            };
            start[k + 1] = at + n;
        }
        let of = |k: usize| start[k]..start[k + 1];
        // The combinations that can be: (option of a, option of b or none when it is the same).
        let mut combos = [(0usize, None::<usize>); 4];
        let mut count = 0;
        for i in 0..2 {
            for j in 2..4 {
                let (ia, ib) = (&items[of(i)], &items[of(j)]);
                if ia.iter().any(|&(_, q)| q == options[j]) {
                    combos[count] = (i, None);
                } else if ia.iter().all(|&(t, _)| ib.iter().all(|&(u, _)| u != t)) {
                    combos[count] = (i, Some(j));
                } else {
                    continue;
                }
                count += 1;
            }
        }
        if count != 1 && count != 2 {
            return 0;
        }
        let covers = |c: usize, x: u32| {
            let (i, j) = combos[c];
            items[of(i)]
                .iter()
                .chain(j.map_or(&[][..], |j| &items[of(j)]))
                .find(|&&(t, _)| t == x)
                .map(|&(_, q)| q)
        };
        let (i0, j0) = combos[0];
        let mut first = [(0u32, 0u32); 2 * MOST];
        let mut n = 0;
        for &entry in items[of(i0)]
            .iter()
            .chain(j0.map_or(&[][..], |j| &items[of(j)]))
        {
            first[n] = entry;
            n += 1;
        }
        let mut updates = 0;
        for &(x, node) in &first[..n] {
            if x == a || x == b || self.length(x) as usize <= count {
                continue;
            }
            let mut keep = [node, 0];
            if count == 2 {
                match covers(1, x) {
                    Some(q) => keep[1] = q,
                    None => continue,
                }
            }
            // SAFETY: `x` is the top of an option's node (read by `nodes_of`), so an item.
            updates += unsafe { self.prune_except(x, &keep[..count], trail) };
        }
        updates
    }

    /// Removes every option of item `b` except those of the nodes in `keep`.
    ///
    /// # Safety
    ///
    /// `b` is an item.
    pub(super) unsafe fn prune_except(
        &mut self,
        b: u32,
        keep: &[u32],
        trail: &mut Vec<u32>,
    ) -> u64 {
        let mut updates = 0;
        // SAFETY: `b` is an item; every node of its list but itself is an option's node.
        unsafe {
            let mut r = nd!(self, b).down;
            while r != b {
                // A removed node keeps its own links, so the walk goes on from it.
                if !keep.contains(&r) {
                    updates += in_mode!(self, remove_option(r));
                    trail.push(r);
                }
                r = nd!(self, r).down;
            }
        }
        updates
    }

    /// Where the options of nodes `first` and `second` meet in an item other than their own
    /// (`top(first)`): the two nodes of that item, or [`NO_PAIR`] / [`MANY_PAIRS`].
    ///
    /// # Safety
    ///
    /// `first` and `second` are options' nodes.
    pub(super) unsafe fn meeting(&self, first: u32, second: u32) -> (u32, u32) {
        #[cfg(target_arch = "x86_64")]
        if self.quad() {
            // SAFETY: the same contract.
            return unsafe { self.meeting_in_blocks(first, second) };
        }
        let mut found = (NO_PAIR, NO_PAIR);
        // SAFETY: `first` and `second` are options' nodes, and so is every node of their
        // options.
        unsafe {
            let mut q = self.next_node(first);
            while q != first {
                if let Some(q2) = self.node_in(second, tp!(self, q)) {
                    if found.0 != NO_PAIR {
                        return (MANY_PAIRS, MANY_PAIRS);
                    }
                    found = (q, q2);
                }
                q = self.next_node(q);
            }
        }
        found
    }

    /// [`meeting`](Self::meeting) in [blocks of four](Self::quad), without a walk or a branch
    /// per node: the two blocks' items are compared all against all, four at a time (SSE2, which
    /// every x86-64 processor has), and the one pair that is the two nodes' own item is dropped.
    ///
    /// # Safety
    ///
    /// `first` and `second` are options' nodes, and the matrix is in blocks of four.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) unsafe fn meeting_in_blocks(&self, first: u32, second: u32) -> (u32, u32) {
        let (a, b) = (first & !3, second & !3);
        // SAFETY: in blocks of four every option is four nodes from a multiple of four, all
        // within the arena, and `first` and `second` are nodes of options, so both blocks are
        // in bounds.
        let all = unsafe { blocks_meet(&self.tops, a as usize, b as usize) };
        let own = 1 << ((second.wrapping_sub(first) & 3) * 4 + (first & 3));
        let others = all & !own;
        if others == 0 {
            return (NO_PAIR, NO_PAIR);
        }
        if others & (others - 1) != 0 {
            return (MANY_PAIRS, MANY_PAIRS);
        }
        let bit = others.trailing_zeros();
        let (r, i) = (bit / 4, bit % 4);
        (a + i, b + ((i + r) & 3))
    }

    /// Removes every option of the item of nodes `keep_first` and `keep_second` except theirs.
    ///
    /// # Safety
    ///
    /// `keep_first` is an option's node.
    #[inline(always)]
    pub(super) unsafe fn prune_others(
        &mut self,
        keep_first: u32,
        keep_second: u32,
        trail: &mut Vec<u32>,
    ) -> u64 {
        // Most items met have only those two options: checked here, without a call.
        // SAFETY: `keep_first` is an option's node (the contract).
        if self.length(unsafe { tp!(self, keep_first) }) <= 2 {
            return 0;
        }
        // SAFETY: the same contract.
        unsafe { self.remove_others(keep_first, keep_second, trail) }
    }

    /// [`prune_others`](Self::prune_others) for an item with options to remove.
    ///
    /// # Safety
    ///
    /// `keep_first` is an option's node.
    #[inline(never)]
    pub(super) unsafe fn remove_others(
        &mut self,
        keep_first: u32,
        keep_second: u32,
        trail: &mut Vec<u32>,
    ) -> u64 {
        let mut updates = 0;
        // SAFETY: the top `b` of an option's node is an item; every node of its list but
        // itself is an option's node.
        unsafe {
            let b = tp!(self, keep_first);
            let mut r = nd!(self, b).down;
            while r != b {
                // A removed node keeps its own links, so the walk goes on from it.
                if r != keep_first && r != keep_second {
                    updates += in_mode!(self, remove_option(r));
                    trail.push(r);
                }
                r = nd!(self, r).down;
            }
        }
        updates
    }
}

/// Pruning by pairs for a search (see [`Search::with_pruning`]): the options it removed, to put
/// back when the search backs up, and what it saw last time, so as to look only at what changed.
pub(super) struct Pruner {
    pub(super) on: bool,
    /// Apply the pairs-of-pairs rule as well.
    pub(super) pairs_of_pairs: bool,
    /// The most options an item may have for the first rule to look at it (2: pairs only).
    pub(super) width: u8,
    /// At most one pass per this many nodes.
    pub(super) spacing: u64,
    /// After this many nodes (0: never), switch to pairs of pairs, `escalate_width` and
    /// `escalate_spacing`.
    pub(super) escalate_at: u64,
    pub(super) escalate_width: u8,
    pub(super) escalate_spacing: u64,
    /// Pruning passes made so far.
    pub(super) passes: u64,
    /// The options the passes have removed since pruning began or escalated (see
    /// [`IDLE_PASSES`]).
    pub(super) removed: u64,
    /// `passes` when pruning began or escalated.
    pub(super) idle_from: u64,
    /// Break ties of the shortest items by `weights` (see [`Search::with_conflict_weights`]).
    pub(super) weighted: bool,
    pub(super) weights: Weights,
    /// The nodes of the options removed, in order.
    pub(super) trail: Vec<u32>,
    /// A stack of copies of the primary items' tags, one taken at each pruning on the current
    /// path, before it. An item that had two options at the last pruning on this path was looked
    /// at then (and going deeper only takes options away, so it still has the same two), so only
    /// items that have come down to two since need a look: this cut the time pruning takes on
    /// the hardest puzzles several times over.
    pub(super) seen: Vec<u8>,
    /// `mark[l]`: the lengths of `trail` and `seen` when level `l` was entered; backing up out of
    /// level `l` goes back to them.
    pub(super) mark: Vec<(u32, u32)>,
    /// The length of `trail` after the pair rule and after the wider rule of the last pass
    /// (what [`Search::pruned_here`](super::Search::pruned_here) names the rules by).
    pub(super) ends: [u32; 2],
    /// The matrix's sums, kept by bounds before every branching (see `sums.rs`); held here
    /// while the search runs, and only if it has some: a search without sums (every classic
    /// sudoku) leaves them in the matrix and moves no more than a pointer's worth.
    pub(super) sums: Option<Box<Sums>>,
    /// The length of `trail` after the sums' bounds at the last branching (before the pruning
    /// rules, which then start from there).
    pub(super) sums_end: u32,
    /// Guess only among the first this many primary items while one is open (0: among all).
    pub(super) guess_among: u32,
    /// Blame a dead end on the item of the option placed last, not on the item found empty,
    /// and let the conflicts decay (see [`Search::with_blame_on_choices`]).
    ///
    /// [`Search::with_blame_on_choices`]: super::Search::with_blame_on_choices
    pub(super) blame_choices: bool,
}

impl Pruner {
    /// Steps X3 and X4's choice, with pruning first where it is on and no item is forced; chooses
    /// again if pruning removed anything. A forced move or a dead end (an item with one option
    /// or none), most of the choices, takes the short way here; an item to branch on goes to
    /// [`branch`](Self::branch).
    #[inline(always)]
    pub(super) fn choose(
        &mut self,
        m: &mut Matrix,
        level: usize,
        stats: &mut Stats,
        chosen: &[u32],
    ) -> u32 {
        let (item, len) = m.choose();
        if len >= 2 {
            return self.branch(m, level, stats, item, chosen);
        }
        if item == ROOT {
            return ROOT;
        }
        if len == 0 && self.weighted {
            self.dead_end(m, item, chosen);
        }
        self.mark[level] = (self.trail.len() as u32, self.seen.len() as u32);
        item
    }

    /// Counts a dead end (item `empty` has no option left, below the options `chosen`) against
    /// the item it is blamed on: `empty` itself, or where blame goes to choices, the item of the
    /// option placed last (none at the top of the search), with the conflicts decaying.
    #[inline]
    fn dead_end(&mut self, m: &Matrix, empty: u32, chosen: &[u32]) {
        if !self.blame_choices {
            self.weights.bump(empty);
            return;
        }
        if let Some(&x) = chosen.last() {
            self.weights.bump(m.tops[x as usize]);
        }
        self.weights.decay();
    }

    /// [`choose`](Self::choose) where the shortest item, `item`, has two options or more: the
    /// tie broken by weight, the escalation, and pruning.
    #[inline(never)]
    pub(super) fn branch(
        &mut self,
        m: &mut Matrix,
        level: usize,
        stats: &mut Stats,
        item: u32,
        chosen: &[u32],
    ) -> u32 {
        self.mark[level] = (self.trail.len() as u32, self.seen.len() as u32);
        let item = if let Some(sums) = self.sums.as_deref_mut() {
            // SAFETY: `chosen` is the search's stack of options, and it stands at step X3.
            match unsafe { sums.narrow(m, level, chosen, &mut self.trail) } {
                Bounds::Open { removed: 0 } => item,
                Bounds::Open { removed } => {
                    stats.pruned += removed;
                    let (next, len) = self.choose_weighted(m, chosen);
                    if len < 2 {
                        self.sums_end = self.trail.len() as u32;
                        self.ends = [self.sums_end; 2];
                        return next;
                    }
                    next
                }
                Bounds::Dead => {
                    // A sum that can no longer be made: `item` loses every option, so that
                    // the choice that follows finds it empty.
                    // SAFETY: `item` is an active item.
                    unsafe { self.sums_dead_end(m, item) };
                    self.sums_end = self.trail.len() as u32;
                    self.ends = [self.sums_end; 2];
                    return item;
                }
            }
        } else {
            item
        };
        // What the sums removed here (nothing without sums), told apart from the rules'.
        self.sums_end = self.trail.len() as u32;
        self.ends = [self.sums_end; 2];
        let item = self.branch_on(m, item);
        if self.escalate_at != 0 && stats.nodes >= self.escalate_at {
            // A big tree: from here on, the strong rules (see `Search::with_escalation`).
            self.escalate_at = 0;
            self.on = true;
            self.pairs_of_pairs = true;
            self.width = self.escalate_width;
            self.spacing = self.escalate_spacing;
            (self.removed, self.idle_from) = (0, self.passes);
        }
        if !self.on || self.passes * self.spacing > stats.nodes {
            return item;
        }
        self.passes += 1;
        let primary = m.primary_items();
        let start = self.seen.len();
        self.seen.extend_from_slice(&m.tag[1..=primary]);
        let before = self.seen.get(start.wrapping_sub(primary)..start);
        let updates = m.prune(
            &mut self.trail,
            before,
            self.pairs_of_pairs,
            self.width,
            &mut self.ends,
        );
        // (The options this pass removed follow those the sums removed on the trail.)
        self.removed += (self.trail.len() - self.sums_end as usize) as u64;
        if self.passes - self.idle_from >= IDLE_PASSES && self.removed < IDLE_PASSES {
            // Less than an option a pass: no more passes (those made stay on the trail).
            self.on = false;
        }
        if updates == 0 {
            return item;
        }
        stats.updates += updates;
        stats.pruned += (self.trail.len() - self.mark[level].0 as usize) as u64;
        self.choose_weighted(m, chosen).0
    }

    /// Whether the options `chosen`, a solution, keep every sum (always, without sums). Not
    /// inlined: it runs once a solution, and inlined it cost the search's loop its registers.
    #[inline(never)]
    pub(super) fn sums_hold(&mut self, m: &Matrix, chosen: &[u32]) -> bool {
        self.sums.as_deref_mut().is_none_or(|s| s.hold(m, chosen))
    }

    /// Removes every option of `item`, onto the trail: a dead end that a sum found, made one
    /// the search sees.
    ///
    /// # Safety
    ///
    /// `item` is an active item.
    unsafe fn sums_dead_end(&mut self, m: &mut Matrix, item: u32) {
        // SAFETY: the contract.
        unsafe { m.prune_except(item, &[], &mut self.trail) };
    }

    /// [`Matrix::choose`], with ties broken by weight if asked for; counts a dead end against
    /// the item found empty. Returns the item and its number of options, as [`Matrix::choose`]
    /// (a tie broken by weight is between items of the same length).
    #[inline(always)]
    pub(super) fn choose_weighted(&mut self, m: &mut Matrix, chosen: &[u32]) -> (u32, u32) {
        let (item, len) = m.choose();
        if !self.weighted || item == ROOT {
            return (item, len);
        }
        match len {
            0 => {
                self.dead_end(m, item, chosen);
                (item, len)
            }
            1 => (item, len),
            _ => (self.branch_on(m, item), len),
        }
    }

    /// The item to branch on where the leftmost shortest item, `item`, has two options or more:
    /// the guess where the search guesses, else the heaviest item as short as `item` where
    /// conflicts are weighed, else `item`.
    #[inline(always)]
    fn branch_on(&self, m: &Matrix, item: u32) -> u32 {
        match self.guess(m, item) {
            Some(guessed) => guessed,
            None if self.weighted => self.weights.heaviest_like(&m.tag, item),
            None => item,
        }
    }

    /// Backing up out of `level` (after step X7): puts back, newest first, the options removed
    /// at that level.
    ///
    /// # Safety
    ///
    /// `Q` is `m`'s layout ([`layout`](Matrix::layout)), and the trail is the one of the search of
    /// `m` this pruner belongs to (it holds the nodes of the options pruning removed).
    #[inline(always)]
    pub(super) unsafe fn leave<const N: bool, const Q: u8, const L: bool>(
        &mut self,
        m: &mut Matrix,
        level: usize,
    ) {
        let (trail, seen) = self.mark[level];
        while self.trail.len() > trail as usize {
            if let Some(p) = self.trail.pop() {
                // SAFETY: the trail holds only the nodes of options pruning removed, and `Q` is
                // the matrix's layout (`leave_any` and the search's loop see to it).
                unsafe { m.restore_option::<N, Q, L>(p) };
            }
        }
        self.seen.truncate(seen as usize);
    }

    /// [`leave`](Self::leave) in the matrix's mode.
    ///
    /// # Safety
    ///
    /// The trail is the one of the search of `m` this pruner belongs to.
    pub(super) unsafe fn leave_any(&mut self, m: &mut Matrix, level: usize) {
        // SAFETY: `Q` is `m.layout()`; the trail is this search's (the contract).
        unsafe { modes!(m, self.leave::<N, Q, L>(m, level)) }
    }
}

#[cfg(test)]
mod tests;
