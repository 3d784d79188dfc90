//! The link operations the search is made of: cover and uncover an item, hide and unhide an
//! option, and the walks round an option, in each of the matrix's modes.

#![allow(unsafe_code)]

use super::matrix::{Matrix, QUAD, SPACED};
use super::node::{COVERED, Node, SPACER, TAG_CAP, TAG_COVERED, tag_of};
use super::unchecked::{bound, get, ln, nd, tg, tp};

/// Where node `p` of an option in blocks of `width` stands: the block's first node, and `p`'s
/// place in it (so `p` is `base | j`). The block is `width` rounded up to a power of two.
#[inline(always)]
fn block_place(p: u32, width: u32) -> (u32, u32) {
    let mask = width.next_power_of_two() - 1;
    (p & !mask, p & mask)
}

/// The place `k` steps on from place `j` round a block of `width` (both below it).
#[inline(always)]
fn round(j: u32, k: u32, width: u32) -> u32 {
    let t = j + k;
    if t >= width { t - width } else { t }
}

/// [`round`] in the layout `Q` (blocks of `Q` items, 2 to 8), read off a table made when the
/// program is compiled: entry `k` holds the place `k` steps on from each place `j`, four bits
/// at bit `4j`. A shift and a mask instead of an addition, a comparison and a select, on every
/// link the walks round a block change.
#[inline(always)]
fn round_in<const Q: u8>(j: u32, k: u32) -> u32 {
    let steps = const { step_tables(Q as u32) };
    (steps[k as usize & 7] >> (4 * j)) & 15
}

/// The tables of [`round_in`] for blocks of `width` items (none for a width outside 2 to 8).
const fn step_tables(width: u32) -> [u32; 8] {
    let mut tables = [0; 8];
    if width < 2 || width > 8 {
        return tables;
    }
    let mut k = 0;
    while k < 8 {
        let mut j = 0;
        while j < width {
            tables[k] |= ((j + k as u32) % width) << (4 * j);
            j += 1;
        }
        k += 1;
    }
    tables
}

// Every operation here is an unsafe function: it indexes the arena without bounds checks, and
// is sound when its arguments are what its contract says and the matrix's invariant holds (the
// module docs of `unchecked.rs`). Two words name what an argument must be: an *item* is an
// item number `i` with `i <= n`, so that `i` indexes `len`, `tag` and (as its header) `nodes`;
// an *option's node* is a node of an option laid out in the arena, neither a header nor a
// spacer. Every node in an item's list other than its header is an option's node, and every
// top of an option's node is an item: the invariant again. An operation with a parameter `Q`
// asks too that `Q` be the matrix's [layout](Matrix::layout), which `in_mode!` sees to: the
// walks of one layout run off another's options.
impl Matrix {
    /// Item `i` loses an option: in narrow mode one byte decremented; otherwise the same while
    /// the tag is below the cap, and at the cap the exact length decremented and the tag worked
    /// out from it (see [`narrow`](Self::narrow)). `L`: the matrix is [large](Self::large), and
    /// the summary of its tags learns the new one.
    ///
    /// # Safety
    ///
    /// `i` is an item.
    #[inline(always)]
    pub(super) unsafe fn shorten<const N: bool, const L: bool>(&mut self, i: u32) {
        // SAFETY: `i` is an item (the contract), which indexes `len` and `tag`.
        let tag = unsafe {
            if N {
                *tg!(self, i) -= 1;
                *tg!(self, i)
            } else {
                let tag = *tg!(self, i);
                if u32::from(tag) < TAG_CAP {
                    *tg!(self, i) = tag - 1;
                    tag - 1
                } else {
                    let len = *ln!(self, i) - 1;
                    *ln!(self, i) = len;
                    *tg!(self, i) = tag_of(len);
                    tag_of(len)
                }
            }
        };
        if L {
            self.lower_to(i, tag);
        }
    }

    /// The number of options active item `i` has left, in a matrix that is not narrow: its tag
    /// below the cap, `len` at it ([`length`](Self::length) without bounds checks).
    ///
    /// # Safety
    ///
    /// `i` is an item.
    #[inline(always)]
    unsafe fn exact_length(&mut self, i: u32) -> u32 {
        // SAFETY: `i` is an item (the contract), which indexes `len` and `tag`.
        unsafe {
            let tag = *tg!(self, i);
            if u32::from(tag) < TAG_CAP {
                u32::from(tag)
            } else {
                *ln!(self, i)
            }
        }
    }

    /// Undoes [`shorten`](Self::shorten).
    ///
    /// # Safety
    ///
    /// `i` is an item.
    #[inline(always)]
    pub(super) unsafe fn lengthen<const N: bool>(&mut self, i: u32) {
        // SAFETY: `i` is an item (the contract), which indexes `len` and `tag`.
        unsafe {
            if N {
                *tg!(self, i) += 1;
            } else {
                let tag = *tg!(self, i);
                if u32::from(tag) + 1 < TAG_CAP {
                    *tg!(self, i) = tag + 1;
                } else {
                    // Coming up to the cap, or above it: `len` takes over.
                    let len = self.exact_length(i) + 1;
                    *ln!(self, i) = len;
                    *tg!(self, i) = tag_of(len);
                }
            }
        }
    }

    /// Covers item `i`: hides every option that contains it and tags it covered.
    /// Returns the number of links changed. `N`: the matrix is [narrow](Self::narrow).
    ///
    /// # Safety
    ///
    /// `i` is an item.
    #[inline(always)]
    pub(super) unsafe fn cover<const N: bool, const Q: u8, const L: bool>(
        &mut self,
        i: u32,
    ) -> u64 {
        let mut updates = 0;
        // SAFETY: `i` is an item (the contract), so a node (its header) and an index of `len`
        // and `tag`; every `p` walked is a link, so a node, and the walk takes as many steps as
        // the list has options' nodes (the invariant), so it meets no other.
        unsafe {
            // Counted by the item's length rather than ended at the header: the count is known
            // before the walk, so a wrong guess of where it ends comes to light at once, not at
            // the end of the chain of `down` loads. Hiding never touches a covered item, so
            // this length is the one to give back when it is uncovered.
            let len = if N {
                u32::from(*tg!(self, i))
            } else {
                self.exact_length(i)
            };
            let mut p = nd!(self, i).down;
            // (counted down to zero, which needs no register for the length)
            let mut left = len;
            while left != 0 {
                bound!(p != i);
                updates += self.hide::<N, Q, L>(p);
                p = nd!(self, p).down;
                left -= 1;
            }
            bound!(p == i);
            *ln!(self, i) = if N { len } else { len + COVERED };
            *tg!(self, i) = TAG_COVERED;
        }
        updates + 1
    }

    /// Undoes [`cover`](Self::cover). It must run in the exact reverse order: options are unhidden
    /// bottom to top (the reverse of the top-to-bottom hiding), so that each node is put back
    /// between the very neighbours it was taken from, which still point at it: the links of a
    /// removed node are never touched, and that is what makes dancing links work.
    ///
    /// # Safety
    ///
    /// `i` is an item.
    #[inline]
    pub(super) unsafe fn uncover<const N: bool, const Q: u8, const L: bool>(&mut self, i: u32) {
        // SAFETY: as in `cover`: `i` is an item, every `p` walked a link, and the walk as long
        // as the list `cover` walked, so every `p` but the last an option's node.
        unsafe {
            // Counted by the length `cover` kept, as there.
            let len = if N {
                *ln!(self, i)
            } else {
                *ln!(self, i) - COVERED
            };
            let mut p = nd!(self, i).up;
            let mut left = len;
            while left != 0 {
                bound!(p != i);
                self.unhide::<N, Q>(p);
                p = nd!(self, p).up;
                left -= 1;
            }
            bound!(p == i);
            if N {
                *tg!(self, i) = len as u8;
            } else {
                *ln!(self, i) = len;
                *tg!(self, i) = tag_of(len);
            }
            if L {
                let tag = *tg!(self, i);
                self.lower_to(i, tag);
            }
        }
    }

    /// Hides the option of node `p` from the lists of its other items (Knuth's `hide`): walks
    /// right from `p` to the spacer, then from the option's first node (the spacer's `up`) back
    /// to `p`. Returns the number of links changed.
    ///
    /// Two loops rather than one walk that tests for the spacer at every node: the first needs
    /// no test for `p` (it lies to the left) and the second none for a spacer (none lies between
    /// the first node and `p`), and the count of links changed is the option's width, worked out
    /// once (`benches/README.md` has what it saved). `Q` is the matrix's layout: in
    /// [blocks of four](Self::quad) the other nodes are `p ^ 1`, `p ^ 2`, `p ^ 3`; in other
    /// [blocks](Self::width) they follow `p` round its block, in the order of the walk through
    /// the spacers.
    ///
    /// # Safety
    ///
    /// `p` is an option's node, and `Q` is the matrix's [layout](Self::layout).
    #[inline]
    pub(super) unsafe fn hide<const N: bool, const Q: u8, const L: bool>(&mut self, p: u32) -> u64 {
        if Q == QUAD {
            // Blocks of four: the other nodes are `p ^ 1`, `p ^ 2` and `p ^ 3`, no walk at all.
            for k in 1..4 {
                // SAFETY: `p ^ k` is a node of `p`'s block, which lies in the arena; its top is
                // an item.
                unsafe { self.unlink::<N, L>(p ^ k, tp!(self, p ^ k)) };
            }
            return 3;
        }
        if Q != SPACED {
            // Blocks of `Q`: the other nodes follow `p` round its block, `Q - 1` steps, which
            // the compiler unrolls.
            let width = u32::from(Q);
            let (base, j) = block_place(p, width);
            for k in 1..width {
                let q = base | round_in::<Q>(j, k);
                // SAFETY: `q` is a node of `p`'s option (its place is below the width); its top
                // is an item.
                unsafe { self.unlink::<N, L>(q, tp!(self, q)) };
            }
            return u64::from(width - 1);
        }
        // SAFETY: an option is followed by a spacer, so the walk right from `p` meets only
        // nodes of its option and then that spacer, whose `up` is the option's first node; the
        // walk from there to `p` meets only nodes of the option. Their tops are items.
        unsafe {
            let mut q = p + 1;
            loop {
                let top = tp!(self, q);
                if top == SPACER {
                    break;
                }
                self.unlink::<N, L>(q, top);
                q += 1;
            }
            let (spacer, first) = (q, nd!(self, q).up);
            let mut q = first;
            while q != p {
                self.unlink::<N, L>(q, tp!(self, q));
                q += 1;
            }
            u64::from(spacer - first - 1)
        }
    }

    /// Takes node `q` (of item `top`) out of its item's list.
    ///
    /// # Safety
    ///
    /// `q` is a node and `top` an item.
    #[inline(always)]
    pub(super) unsafe fn unlink<const N: bool, const L: bool>(&mut self, q: u32, top: u32) {
        // SAFETY: `q` is a node (the contract), and its links are nodes.
        unsafe {
            let Node { up, down } = *nd!(self, q);
            nd!(self, up).down = down;
            nd!(self, down).up = up;
            self.shorten::<N, L>(top);
        }
    }

    /// Puts node `q` (of item `top`) back into its item's list, between the neighbours it was
    /// taken from.
    ///
    /// # Safety
    ///
    /// `q` is a node and `top` an item.
    #[inline(always)]
    pub(super) unsafe fn relink<const N: bool>(&mut self, q: u32, top: u32) {
        // SAFETY: `q` is a node (the contract), and its links are nodes.
        unsafe {
            let Node { up, down } = *nd!(self, q);
            nd!(self, up).down = q;
            nd!(self, down).up = q;
            self.lengthen::<N>(top);
        }
    }

    /// Undoes [`hide`](Self::hide), walking left, the exact reverse: from `p` to the spacer
    /// before the option, then from the option's last node (that spacer's `down`) back to `p`.
    ///
    /// # Safety
    ///
    /// As for [`hide`](Self::hide).
    #[inline]
    pub(super) unsafe fn unhide<const N: bool, const Q: u8>(&mut self, p: u32) {
        if Q == QUAD {
            for k in (1..4).rev() {
                // SAFETY: as in `hide`: `p ^ k` is a node of `p`'s block.
                unsafe { self.relink::<N>(p ^ k, tp!(self, p ^ k)) };
            }
            return;
        }
        if Q != SPACED {
            // Round the block the other way.
            let width = u32::from(Q);
            let (base, j) = block_place(p, width);
            for k in (1..width).rev() {
                let q = base | round_in::<Q>(j, k);
                // SAFETY: as in `hide`: `q` is a node of `p`'s option.
                unsafe { self.relink::<N>(q, tp!(self, q)) };
            }
            return;
        }
        // SAFETY: an option is preceded by a spacer, so the walk left from `p` meets only nodes
        // of its option and then that spacer, whose `down` is the option's last node; the walk
        // from there to `p` meets only nodes of the option.
        unsafe {
            let mut q = p - 1;
            loop {
                let top = tp!(self, q);
                if top == SPACER {
                    break;
                }
                self.relink::<N>(q, top);
                q -= 1;
            }
            let mut q = nd!(self, q).down;
            while q != p {
                self.relink::<N>(q, tp!(self, q));
                q -= 1;
            }
        }
    }

    /// Takes the option of node `p` out of every item list, its own included: hides it from its
    /// other items, then unlinks `p`. Returns the number of links changed.
    ///
    /// # Safety
    ///
    /// As for [`hide`](Self::hide).
    #[inline]
    pub(super) unsafe fn remove_option<const N: bool, const Q: u8, const L: bool>(
        &mut self,
        p: u32,
    ) -> u64 {
        // SAFETY: `p` is an option's node (the contract), its top an item, its links nodes.
        unsafe {
            let updates = self.hide::<N, Q, L>(p);
            let (Node { up, down }, top) = (*nd!(self, p), tp!(self, p));
            nd!(self, up).down = down;
            nd!(self, down).up = up;
            self.shorten::<N, L>(top);
            updates + 1
        }
    }

    /// Undoes [`remove_option`](Self::remove_option), in the reverse order.
    ///
    /// # Safety
    ///
    /// As for [`hide`](Self::hide).
    #[inline]
    pub(super) unsafe fn restore_option<const N: bool, const Q: u8, const L: bool>(
        &mut self,
        p: u32,
    ) {
        // SAFETY: `p` is an option's node (the contract), its top an item, its links nodes.
        unsafe {
            let (Node { up, down }, top) = (*nd!(self, p), tp!(self, p));
            nd!(self, up).down = p;
            nd!(self, down).up = p;
            self.lengthen::<N>(top);
            self.unhide::<N, Q>(p);
        }
    }

    /// Node `x`, read without a bounds check.
    ///
    /// # Safety
    ///
    /// `x` is a node.
    #[inline(always)]
    pub(super) unsafe fn node(&self, x: u32) -> Node {
        // SAFETY: `x` is a node (the contract).
        unsafe { get(&self.nodes, x as usize) }
    }

    /// The node after `q` in its option, going round: after the last node, the first. In
    /// blocks ([`quad`](Self::quad), [`width`](Self::width)) that is arithmetic; otherwise the
    /// next node, unless it is the spacer, whose `up` is the option's first node.
    ///
    /// # Safety
    ///
    /// `q` is an option's node (and so is the node returned).
    #[inline(always)]
    pub(super) unsafe fn next_node(&self, q: u32) -> u32 {
        // SAFETY: the contract, and the width is the matrix's layout.
        unsafe { self.next_in(q, u32::from(self.layout())) }
    }

    /// [`next_node`](Self::next_node) in layout `width` ([`SPACED`] or the width of the
    /// blocks), a constant where the caller is compiled for one layout.
    ///
    /// # Safety
    ///
    /// `q` is an option's node, and `width` the matrix's [layout](Self::layout).
    #[inline(always)]
    pub(super) unsafe fn next_in(&self, q: u32, width: u32) -> u32 {
        if width != u32::from(SPACED) {
            let (base, j) = block_place(q, width);
            return base | round(j, 1, width);
        }
        // SAFETY: an option is followed by a spacer, so `q + 1` is a node.
        unsafe {
            if tp!(self, q + 1) == SPACER {
                self.node(q + 1).up
            } else {
                q + 1
            }
        }
    }

    /// The node of item `item` in the option of node `p`, other than `p` itself, if any.
    ///
    /// With spacers the walk is `hide`'s: the nodes after `p` up to the spacer, then from the
    /// option's first node (the spacer's `up`) up to `p`, one top read a node, where going
    /// round with [`next_node`](Self::next_node) reads the next node's top as well to see
    /// whether it is the spacer.
    ///
    /// # Safety
    ///
    /// `p` is an option's node.
    pub(super) unsafe fn node_in(&self, p: u32, item: u32) -> Option<u32> {
        if self.layout() == SPACED {
            // SAFETY: an option is followed by a spacer, so the walk right from `p` meets only
            // nodes of its option and then that spacer, whose `up` is the option's first node;
            // the walk from there to `p` meets only nodes of the option.
            unsafe {
                let mut q = p + 1;
                loop {
                    let top = tp!(self, q);
                    if top == SPACER {
                        break;
                    }
                    if top == item {
                        return Some(q);
                    }
                    q += 1;
                }
                let mut q = self.node(q).up;
                while q != p {
                    if tp!(self, q) == item {
                        return Some(q);
                    }
                    q += 1;
                }
            }
            return None;
        }
        // SAFETY: `p` is an option's node, and so is every node of its option.
        unsafe {
            let mut q = self.next_node(p);
            while q != p {
                if tp!(self, q) == item {
                    return Some(q);
                }
                q = self.next_node(q);
            }
        }
        None
    }

    /// Covers every item of the option of node `x` except `top(x)`, left to right (step X5):
    /// right to the spacer, then from the option's first node, as [`hide`](Self::hide) walks (in
    /// other blocks round the block, the same order; in blocks of four, the items of `x ^ 1`,
    /// `x ^ 2`, `x ^ 3`: the order changes nothing, see the `dlx` docs).
    ///
    /// # Safety
    ///
    /// As for [`hide`](Self::hide).
    #[inline]
    pub(super) unsafe fn cover_others<const N: bool, const Q: u8, const L: bool>(
        &mut self,
        x: u32,
    ) -> u64 {
        let mut updates = 0;
        if Q == QUAD {
            for k in 1..4 {
                // SAFETY: `x ^ k` is a node of `x`'s block; its top is an item.
                updates += unsafe { self.cover::<N, Q, L>(tp!(self, x ^ k)) };
            }
            return updates;
        }
        if Q != SPACED {
            let width = u32::from(Q);
            let (base, j) = block_place(x, width);
            for k in 1..width {
                // SAFETY: `base | round_in(..)` is a node of `x`'s option; its top is an item.
                updates += unsafe { self.cover::<N, Q, L>(tp!(self, base | round_in::<Q>(j, k))) };
            }
            return updates;
        }
        // SAFETY: the walks of `hide`, which meet only nodes of `x`'s option and the spacers
        // around it; the tops of the option's nodes are items.
        unsafe {
            let mut p = x + 1;
            loop {
                let top = tp!(self, p);
                if top == SPACER {
                    break;
                }
                updates += self.cover::<N, Q, L>(top);
                p += 1;
            }
            let mut p = nd!(self, p).up;
            while p != x {
                updates += self.cover::<N, Q, L>(tp!(self, p));
                p += 1;
            }
        }
        updates
    }

    /// [`cover_others`](Self::cover_others), stopping at a dead end: after each item but the
    /// last, if some primary item outside the option is left with no option (which the choice
    /// at the next level would find, and back up from at once), the items covered so far are
    /// uncovered again, in
    /// the reverse order, and the option counts as tried and failed. Returns whether the option
    /// stands covered, and the number of links changed, covering and uncovering. With spacers
    /// and in blocks of widths other than four (the walks of [`next_in`](Self::next_in));
    /// in blocks of four, and in a large matrix, it is `cover_others`.
    ///
    /// # Safety
    ///
    /// As for [`hide`](Self::hide).
    #[inline]
    pub(super) unsafe fn cover_others_unless_dead<const N: bool, const Q: u8, const L: bool>(
        &mut self,
        x: u32,
    ) -> (bool, u64) {
        if Q == QUAD || L {
            // SAFETY: the contract of this function is that of `cover_others`.
            return (true, unsafe { self.cover_others::<N, Q, L>(x) });
        }
        let mut updates = 0;
        // SAFETY: `x` is an option's node, so every node reached round its option is one too,
        // and its top an item.
        unsafe {
            let width = u32::from(Q);
            let mut q = self.next_in(x, width);
            while q != x {
                updates += self.cover::<N, Q, L>(tp!(self, q));
                let next = self.next_in(q, width);
                if next != x && self.dead_outside(x) {
                    // Back round the option from `q` to the first node covered, uncovering.
                    loop {
                        self.uncover::<N, Q, L>(tp!(self, q));
                        if q == self.next_in(x, width) {
                            break;
                        }
                        q = self.prev_in(q, width);
                    }
                    return (false, updates);
                }
                q = next;
            }
        }
        (true, updates)
    }

    /// Whether some active primary item outside the option of node `x` has no option left (its
    /// tag 0): the dead end that [`cover_others_unless_dead`](Self::cover_others_unless_dead)
    /// stops at. The items of `x`'s option that are not covered yet may well have none left,
    /// since `x` itself was hidden from them when its item was covered: `x` covers them.
    ///
    /// # Safety
    ///
    /// `x` is an option's node.
    #[inline(always)]
    pub(super) unsafe fn dead_outside(&self, x: u32) -> bool {
        let tags = &self.tag[1..=self.primary as usize];
        // Most of the time no tag is 0, which the least of the bytes tells: a fold with no early
        // exit, which is vectorised and inlined (a search for 0 is a call to memchr).
        if tags.iter().fold(u8::MAX, |a, &t| a.min(t)) != 0 {
            return false;
        }
        tags.iter()
            .enumerate()
            .filter(|&(_, &tag)| tag == 0)
            // SAFETY: `x` is an option's node (the contract).
            .any(|(k, _)| unsafe { self.node_in(x, k as u32 + 1) }.is_none())
    }

    /// The node before `q` in its option, going round, in layout `width` (as for
    /// [`next_in`](Self::next_in)): before the first node, the last (what `next_in` undoes).
    ///
    /// # Safety
    ///
    /// `q` is an option's node (and so is the node returned), and `width` the matrix's
    /// [layout](Self::layout).
    #[inline(always)]
    pub(super) unsafe fn prev_in(&self, q: u32, width: u32) -> u32 {
        if width != u32::from(SPACED) {
            let (base, j) = block_place(q, width);
            return base | round(j, width - 1, width);
        }
        // SAFETY: an option is preceded by a spacer, so `q - 1` is a node.
        unsafe {
            if tp!(self, q - 1) == SPACER {
                self.node(q - 1).down
            } else {
                q - 1
            }
        }
    }

    /// Undoes [`cover_others`](Self::cover_others), right to left (step X6).
    ///
    /// # Safety
    ///
    /// As for [`hide`](Self::hide).
    #[inline]
    pub(super) unsafe fn uncover_others<const N: bool, const Q: u8, const L: bool>(
        &mut self,
        x: u32,
    ) {
        if Q == QUAD {
            for k in (1..4).rev() {
                // SAFETY: `x ^ k` is a node of `x`'s block; its top is an item.
                unsafe { self.uncover::<N, Q, L>(tp!(self, x ^ k)) };
            }
            return;
        }
        if Q != SPACED {
            let width = u32::from(Q);
            let (base, j) = block_place(x, width);
            for k in (1..width).rev() {
                // SAFETY: `base | round_in(..)` is a node of `x`'s option; its top is an item.
                unsafe { self.uncover::<N, Q, L>(tp!(self, base | round_in::<Q>(j, k))) };
            }
            return;
        }
        // SAFETY: the walks of `unhide`, which meet only nodes of `x`'s option and the spacers
        // around it; the tops of the option's nodes are items.
        unsafe {
            let mut p = x - 1;
            loop {
                let top = tp!(self, p);
                if top == SPACER {
                    break;
                }
                self.uncover::<N, Q, L>(top);
                p -= 1;
            }
            let mut p = nd!(self, p).down;
            while p != x {
                self.uncover::<N, Q, L>(tp!(self, p));
                p -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests;
