//! The [`Matrix`] type: an exact-cover problem laid out as dancing links, its items, options and
//! errors, and its public API. How the links are built, changed, chosen from and pruned is in
//! the sibling files named for each.

use thiserror::Error;

#[cfg(test)]
use super::node::COVERED;
use super::node::{Node, SPACER, TAG_CAP, TAG_COVERED, tag_of};
use super::scratch::{PairMemo, Pending, Stacks};
use super::sums::Sums;

/// The fewest primary items for a matrix to be [large](Matrix::large): below this, one scan of
/// every tag costs less than keeping the summary in the link operations.
pub(super) const LARGE_FROM: u32 = 8192;

/// The layouts of the options in the arena, as the link operations' parameter `Q` names them:
/// with spacers (0), or in [blocks](Matrix::width) of the width `Q` (2 to 8), of which
/// [blocks of four](Matrix::quad) walk by `xor`s. The width is a constant of each operation's
/// code, so that the walks round a block unroll.
pub(super) const SPACED: u8 = 0;
pub(super) const QUAD: u8 = 4;

/// An item of an exact-cover problem, numbered from 0 in the order the matrix declares them:
/// the primary items first, then the secondary ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// The item numbered `index` (from 0; primary items first).
    pub fn new(index: usize) -> ItemId {
        ItemId(u32::try_from(index).unwrap_or(u32::MAX))
    }

    /// The item's number, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An option of an exact-cover problem, numbered from 0 in the order it was added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
    /// The option's number, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What can be wrong with an exact-cover problem as it is built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DlxError {
    /// An option with no items covers nothing and could be chosen any number of times.
    #[error("option {option} is empty: an option must contain at least one item")]
    EmptyOption {
        /// The number the option would have had.
        option: usize,
    },
    /// An option names an item the matrix does not have.
    #[error("option {option} names item {item}, but the items are numbered 0 to {last}")]
    ItemOutOfRange {
        /// The number the option would have had.
        option: usize,
        /// The item named.
        item: usize,
        /// The last valid item number.
        last: usize,
    },
    /// An option names the same item twice, so it could never be part of an exact cover.
    #[error("option {option} names item {item} twice")]
    DuplicateItem {
        /// The number the option would have had.
        option: usize,
        /// The item named twice.
        item: usize,
    },
    /// A value was given to an option the matrix does not have.
    #[error("option {option} does not exist")]
    NoSuchOption {
        /// The option named.
        option: usize,
    },
    /// A sum has too many terms, or a coefficient or target too large (see
    /// [`Matrix::add_sum`]).
    #[error(
        "a sum of {terms} terms is too large: at most 32,768 terms, coefficients up to 32,768 and a target up to 2^61 either way"
    )]
    SumTooLarge {
        /// Its number of terms.
        terms: usize,
    },
    /// A sum names an item that is not primary.
    #[error("a sum names item {item}, but only items 0 to {primary} are primary", primary = .primary.saturating_sub(1))]
    NotPrimary {
        /// The item named.
        item: usize,
        /// The number of primary items.
        primary: usize,
    },
    /// A group of a same-values constraint has too many items or values held (see
    /// [`Matrix::add_same_values`]).
    #[error("a group of {items} items is too large: at most 32,768 items and 32,768 values held")]
    GroupTooLarge {
        /// Its number of items.
        items: usize,
    },
    /// The problem has more items or nodes than 32-bit links can address.
    #[error("the problem is too large: {what} exceed the 32-bit node index")]
    TooLarge {
        /// What overflowed.
        what: &'static str,
    },
}

/// An exact-cover problem laid out as dancing links, ready to search.
///
/// Build it with [`Matrix::new`] and [`Matrix::add_option`], then call [`Matrix::search`]. A search
/// borrows the matrix, changes its links while it runs, and always leaves it exactly as it found
/// it, finished, stopped early, cancelled or dropped half way; so one matrix can be searched any
/// number of times. [`Matrix::reset`] empties it for a new problem and keeps its allocations,
/// which is how batches of puzzles are solved without allocating per puzzle.
///
/// The layout is drawn in the [module docs](crate::dlx).
#[derive(Debug, Clone)]
pub struct Matrix {
    /// Number of primary items.
    pub(super) primary: u32,
    /// Number of primary plus secondary items (`n`).
    pub(super) items_total: u32,
    /// Active options of each item (0 is the root, `1..=n` the items), plus [`COVERED`] while it
    /// is covered. While a search runs, an active item's `len` is kept only while its tag is
    /// [`TAG_CAP`]: below the cap the tag is the length, and only the tag changes (see
    /// [`narrow`](Self::narrow)); [`length`](Self::length) reads whichever holds it. There is
    /// no list of the active items: a covered item's tag says so, and the search knows that
    /// none is left when [`choose`](Self::choose) finds every tag covered.
    pub(super) len: Vec<u32>,
    /// Each item's length in one byte (index as `len`): the length itself up to [`TAG_CAP`], and
    /// [`TAG_COVERED`] while the item is covered. [`choose`](Self::choose) reads these bytes a
    /// block at a time; every change is a plain store of one byte, which costs the link operations
    /// next to nothing (see `unlink`). At least 33 bytes long, whatever the number of items.
    pub(super) tag: Vec<u8>,
    /// Options were added since the tags were last computed.
    pub(super) tags_stale: bool,
    /// Every item has fewer than [`TAG_CAP`] options, so its tag is its exact length, and the
    /// link operations keep only the tags (one byte decremented per link): `len` of an active
    /// item is then out of date, and `len` of a covered item holds its length from when it was
    /// covered. Decided when the tags are worked out, before a search; adding options brings
    /// `len` up to date first ([`widen`](Self::widen)).
    ///
    /// A matrix that is not narrow has items of [`TAG_CAP`] options or more. The link operations
    /// then look at the tag first: below the cap it is still the exact length and it alone
    /// changes, and only an item at the cap has its `len` read and written, and its tag worked
    /// out from it. An item that comes down to the cap's length is then given it in `len`,
    /// and one that comes up to it has its `len` set, so that `len` is exact whenever the tag is
    /// the cap. The pentominoes' piece items hold hundreds of options at first and come below
    /// the cap after a piece or two is placed, from when their updates cost what a narrow
    /// matrix's do.
    pub(super) narrow: bool,
    /// The options are laid out in blocks: every option has exactly `width` items (2 to 8),
    /// and option `k`'s nodes are `blocks_from + (k << shift)` on, `1 << shift` being `width`
    /// rounded up to a power of two (the nodes after an option's last in its block are never
    /// read), with no spacers. The other nodes of node `p`'s option are then found by
    /// arithmetic: from `p`'s place `j = p & mask` in its block, `j + 1`, `j + 2`, … round to
    /// `j - 1`, modulo `width`, which visits them in the order a walk through the spacers does.
    /// Four wide is [`quad`](Self::quad) (`width` 4, `shift` 2), whose walks are `xor`s.
    /// `width` is 0 with spacers. Decided by the first
    /// options added, as for `quad`: [`add_options`](Self::add_options) with one width from 2 to
    /// 8 on a matrix with no options yet and fewer than [`LARGE_FROM`] primary items (a large
    /// matrix keeps its spacers, for the summary of its tags).
    pub(super) width: u32,
    pub(super) shift: u32,
    /// The matrix has [`LARGE_FROM`] primary items or more (and is not
    /// in blocks of four): the link operations keep `low` and `lower`, a summary of the tags by
    /// which [`choose`](Self::choose) passes over the blocks of items that cannot hold the
    /// shortest (see `choose.rs`). Decided when a search starts.
    pub(super) large: bool,
    /// The fewest primary items of a large matrix: [`LARGE_FROM`],
    /// lower in tests.
    pub(super) large_from: u32,
    /// Of a large matrix, for each block of 64 items (item `i` in block `i / 64`), a number no
    /// greater than any of the block's tags.
    pub(super) low: Vec<u8>,
    /// For each group of 64 blocks (item `i` in group `i / 4096`), a number no greater than any
    /// of their `low`.
    pub(super) lower: Vec<u8>,
    /// For each item, what [`prune`](Self::prune) last found out about its two options (see
    /// [`PairMemo`]); entries of an older [`reset`](Self::reset) are told apart by `generation`.
    pub(super) memo: Vec<PairMemo>,
    pub(super) memo_generation: u32,
    /// The primary items numbered below this (internal numbers, from 1) are passed over by the
    /// pairs rule (see [`set_pairless_items`](Self::set_pairless_items)).
    pub(super) pairs_from: u32,
    /// Scratch for pruning: items met, each with a combination it clashes in (one bit).
    pub(super) partners: Vec<(u32, u32)>,
    /// The node arena: 0 unused, `1..=n` headers, then options separated by spacers.
    pub(super) nodes: Vec<Node>,
    /// The item of each node of the arena (index as `nodes`): for a header (`1..=n`) the item
    /// itself, for a spacer [`SPACER`]. Never changes once the node is written.
    pub(super) tops: Vec<u32>,
    /// Index of the first node of each option, ascending; decodes a node back to its option.
    /// Empty in blocks ([`width`](Self::width)), where option `k` starts at
    /// `blocks_from + (k << shift)`.
    pub(super) option_start: Vec<u32>,
    /// In blocks: the number of options, and the first node of the first (a multiple of the
    /// block's size), so that no start need be written per option (benches/README.md has the
    /// cost).
    pub(super) blocks: u32,
    pub(super) blocks_from: u32,

    /// Scratch for validating an option: `stamp[item] == generation` marks an item already seen
    /// in the option being added. Each call to `add_option` takes a new generation, so a rejected
    /// option leaves no marks behind.
    pub(super) stamp: Vec<u32>,
    pub(super) generation: u32,
    /// Scratch for the items of the option being added.
    pub(super) scratch: Vec<u32>,
    /// What a lazily restoring search left to undo, with its stacks in `stacks`: undone before
    /// the links are used again, or forgotten by a reset (see
    /// [`Search::restore_lazily`](super::Search::restore_lazily)).
    pub(super) pending: Option<Pending>,
    /// The stacks of the last search, for the next to reuse.
    pub(super) stacks: Stacks,
    /// The options' values and the sums over them (see `sums.rs`).
    pub(super) sums: Sums,
}

/// Everything a search changes, for tests.
#[cfg(test)]
pub(super) type Snapshot = (Vec<u32>, Vec<Node>, Vec<u8>);

impl Matrix {
    /// An empty problem with `primary` primary items (numbered `0..primary`) and `secondary`
    /// secondary items (numbered after them), and no options yet.
    pub fn new(primary: usize, secondary: usize) -> Result<Self, DlxError> {
        let mut m = Matrix {
            primary: 0,
            items_total: 0,
            len: Vec::new(),
            tag: Vec::new(),
            tags_stale: false,
            narrow: false,
            width: 0,
            shift: 0,
            large: false,
            large_from: LARGE_FROM,
            low: Vec::new(),
            lower: Vec::new(),
            memo: Vec::new(),
            memo_generation: 0,
            pairs_from: 1,
            partners: Vec::new(),
            nodes: Vec::new(),
            tops: Vec::new(),
            option_start: Vec::new(),
            blocks: 0,
            blocks_from: 0,

            stamp: Vec::new(),
            generation: 0,
            scratch: Vec::new(),
            pending: None,
            stacks: Stacks::default(),
            sums: Sums::default(),
        };
        m.reset(primary, secondary)?;
        Ok(m)
    }

    /// Empties the matrix for a new problem with the given items, keeping its allocations.
    pub fn reset(&mut self, primary: usize, secondary: usize) -> Result<(), DlxError> {
        let total = primary
            .checked_add(secondary)
            .filter(|&t| t < (u32::MAX / 2) as usize)
            .ok_or(DlxError::TooLarge { what: "the items" })?;
        let (p, n) = (primary as u32, total as u32);
        self.pending = None;
        self.primary = p;
        self.items_total = n;

        self.len.clear();
        self.len.resize(total + 2, 0);
        // Tags are worked out from `len` before a search (`refresh_tags`); they need only room,
        // and at least 32 after the root, for the scan of fewer than 32 primary items, which
        // reads 32 at once (see `choose`).
        if self.tag.len() < (total + 2).max(33) {
            self.tag.resize((total + 2).max(33), TAG_COVERED);
        }
        self.tags_stale = true;
        self.narrow = false;
        self.set_width(0);
        self.large = false;
        self.pairs_from = 1;
        self.memo.resize(total + 2, PairMemo::default());

        // Nodes: an unused 0, one empty vertical list per item, and the first spacer.
        self.nodes.clear();
        self.nodes.extend((0..=n).map(|i| Node { up: i, down: i }));
        self.nodes.push(Node { up: 0, down: 0 });
        self.tops.clear();
        self.tops.extend(0..=n);
        self.tops.push(SPACER);

        self.option_start.clear();
        self.blocks = 0;
        self.sums.clear();

        // Stamps of earlier problems are all of earlier generations, so they need no clearing
        // (`add_option` only grows the array, and clears it when the generation wraps).
        // A new problem: every memo entry is now stale. Bumping the memo's generation says so
        // without touching the entries (clearing them cost a pass over the items per puzzle).
        self.memo_generation = self.memo_generation.wrapping_add(1);
        if self.memo_generation == 0 {
            self.memo.fill(PairMemo::default());
            self.memo_generation = 1;
        }
        Ok(())
    }

    /// Adds an option made of the given items (numbered from 0) and returns its number.
    ///
    /// An empty option, an item out of range and an item named twice are errors, and leave the
    /// matrix unchanged.
    pub fn add_option<I>(&mut self, items: I) -> Result<OptionId, DlxError>
    where
        I: IntoIterator<Item = usize>,
    {
        self.restore();
        self.widen();
        let option = self.option_count();
        if option >= u32::MAX as usize {
            return Err(DlxError::TooLarge {
                what: "the options",
            });
        }
        if self.stamp.len() <= self.items_total as usize {
            self.stamp.resize(self.items_total as usize + 1, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let stamp = self.generation;
        self.scratch.clear();
        for item in items {
            if item >= self.items_total as usize {
                return Err(DlxError::ItemOutOfRange {
                    option,
                    item,
                    last: (self.items_total as usize).wrapping_sub(1),
                });
            }
            let i = item + 1;
            if self.stamp[i] == stamp {
                return Err(DlxError::DuplicateItem { option, item });
            }
            self.stamp[i] = stamp;
            self.scratch.push(i as u32);
        }
        if self.scratch.is_empty() {
            return Err(DlxError::EmptyOption { option });
        }
        if self.nodes.len() + self.scratch.len() + 1 >= u32::MAX as usize {
            return Err(DlxError::TooLarge { what: "the nodes" });
        }

        if self.width != 0 {
            self.lay_out_spaced();
        }
        self.link_option(option);
        Ok(OptionId(option as u32))
    }

    /// Adds many options of the same width `W` at once, the fast way to build a big problem.
    /// Each option is checked as [`add_option`](Self::add_option) checks it; on the first
    /// malformed one nothing is added and the error names it.
    pub fn add_options<const W: usize>(&mut self, options: &[[usize; W]]) -> Result<(), DlxError> {
        self.restore();
        self.check_options(options)?;
        if self.takes_blocks(W) {
            return self.link_in_blocks(options);
        }
        self.link_options(options)
    }

    /// [`add_options`](Self::add_options) for options the caller has built well formed (every
    /// item in range, none twice, `W > 0`), as the sudoku mapping does for every puzzle: the
    /// checks are debug assertions, which saves a tenth of the time to build a 9×9 matrix. A
    /// malformed option would still never be undefined behaviour (the links are bounds-checked
    /// where they are written), only a wrong matrix.
    pub(crate) fn add_options_trusted<const W: usize>(
        &mut self,
        options: &[[u32; W]],
    ) -> Result<(), DlxError> {
        self.restore();
        debug_assert_eq!(self.check_options(options), Ok(()));
        self.link_options(options)
    }

    /// Recomputes the tags from `len` after options were added (adding keeps only `len` up to
    /// date: it is cheaper to work the tags out once, before a search).
    pub(super) fn refresh_tags(&mut self) {
        if !self.tags_stale {
            return;
        }
        let n = self.items_total as usize;
        for (tag, &len) in self.tag[1..=n].iter_mut().zip(&self.len[1..=n]) {
            *tag = tag_of(len);
        }
        self.tags_stale = false;
        // Narrow when no tag reached the cap (a tag is its length below it): the test a search
        // makes again on the way down (no item is covered here).
        self.narrow = self.no_tag_at_cap();
    }

    /// Brings `len` up to date from the tags below the cap, which a search kept alone (narrow
    /// or not), for adding options (which count in `len`), and leaves narrow mode. Nothing to do
    /// while the tags are stale: `len` is then what adding left. Only between searches, when no
    /// item is covered.
    pub(super) fn widen(&mut self) {
        if self.tags_stale {
            return;
        }
        let n = self.items_total as usize;
        for (len, &tag) in self.len[1..=n].iter_mut().zip(&self.tag[1..=n]) {
            if u32::from(tag) < TAG_CAP {
                *len = u32::from(tag);
            }
        }
        self.narrow = false;
    }

    /// The number of options an active item has left: its tag below the cap, `len` at it (see
    /// [`narrow`](Self::narrow)).
    #[inline(always)]
    pub(super) fn length(&self, i: u32) -> u32 {
        let tag = self.tag[i as usize];
        if u32::from(tag) < TAG_CAP {
            u32::from(tag)
        } else {
            self.len[i as usize]
        }
    }

    /// Declares that for each of the first `count` primary items, no two of its options share
    /// any other item (as for a sudoku's cell items: two digits in one cell meet in no row,
    /// column or box). Pruning by pairs then never looks at those items, which could only ever
    /// come to nothing there. Pairs of pairs still do (two such items with the same two options
    /// left are a naked pair). A wrong declaration makes pruning weaker, never wrong. Lasts until
    /// [`reset`](Self::reset).
    pub fn set_pairless_items(&mut self, count: usize) {
        self.pairs_from = count.min(self.primary as usize) as u32 + 1;
    }

    /// The number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary as usize
    }

    /// The number of secondary items.
    pub fn secondary_items(&self) -> usize {
        (self.items_total - self.primary) as usize
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        if self.width != 0 {
            self.blocks as usize
        } else {
            self.option_start.len()
        }
    }

    /// The first node of option `k` (`None` if there is no such option).
    pub(super) fn option_first(&self, k: usize) -> Option<u32> {
        if self.width != 0 {
            (k < self.blocks as usize).then(|| self.blocks_from + ((k as u32) << self.shift))
        } else {
            self.option_start.get(k).copied()
        }
    }

    /// The number of nodes of an option that starts at a node, at most: in blocks its width,
    /// with spacers unbounded (the walk stops at the spacer).
    pub(super) fn width_bound(&self) -> usize {
        if self.width != 0 {
            self.width as usize
        } else {
            usize::MAX
        }
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: OptionId) -> impl Iterator<Item = ItemId> + '_ {
        let tops: &[u32] = match self.option_first(option.index()) {
            Some(start) => self.tops.get(start as usize..).unwrap_or_default(),
            None => &[],
        };
        tops.iter()
            .take(self.width_bound())
            .take_while(|&&top| top != SPACER)
            .map(|&top| ItemId(top - 1))
    }

    /// The option a (non-spacer, non-header) node belongs to.
    pub(super) fn option_of(&self, node: u32) -> OptionId {
        if self.width != 0 {
            return OptionId(node.saturating_sub(self.blocks_from) >> self.shift);
        }
        let k = self.option_start.partition_point(|&s| s <= node);
        OptionId(k.saturating_sub(1) as u32)
    }

    /// The layout, as the link operations' parameter `Q` names it: [`SPACED`] (0), or the width
    /// of the blocks (2 to 8; [`QUAD`] is 4): what the link operations are compiled for, read
    /// once at every call of one.
    #[inline(always)]
    pub(super) fn layout(&self) -> u8 {
        self.width as u8
    }

    /// The options are laid out in blocks of four: every option has exactly four items, and
    /// option `k`'s nodes are `base + 4k .. base + 4k + 4` with `base` a multiple of four, with no
    /// spacers. The other nodes of node `p`'s option are then `p ^ 1`, `p ^ 2` and `p ^ 3`, so
    /// hiding an option, and covering its other items, is three steps with no walk and no test
    /// (see the [module docs](crate::dlx)). The sudoku mapping's options are all four items wide. Decided by
    /// the first options added: [`link_with`](Self::link_with) with `W = 4` on a matrix with no
    /// options yet; adding an option of another width lays the matrix out with spacers again.
    #[inline(always)]
    pub(super) fn quad(&self) -> bool {
        self.layout() == QUAD
    }

    /// Lays the options out from here on in blocks of `width` items (0: with spacers), the
    /// fields that say so set together: [`width`](Self::width) and `shift`.
    pub(super) fn set_width(&mut self, width: u32) {
        debug_assert!(matches!(width, 0 | 2..=8), "blocks are 2 to 8 wide");
        self.width = width;
        self.shift = width.next_power_of_two().trailing_zeros();
    }

    /// Checks every link of the structure, like `dlx1.w`'s `sanity()`: every up/down pair agrees,
    /// every node in an item's list belongs to that item, and every `len` equals the length of its
    /// list. Panics on the first fault.
    #[cfg(test)]
    pub(super) fn check_invariants(&self) {
        for i in 1..=self.items_total {
            let mut count = 0;
            let mut p = self.nodes[i as usize].down;
            while p != i {
                let node = self.nodes[p as usize];
                assert_eq!(self.tops[p as usize], i, "node {p} is in item {i}'s list");
                assert_eq!(self.nodes[node.down as usize].up, p, "down/up of node {p}");
                assert_eq!(self.nodes[node.up as usize].down, p, "up/down of node {p}");
                count += 1;
                p = node.down;
            }
            // Stale tags: `len` is what adding left. Otherwise as `length` reads it, and a
            // covered item's from when it was covered.
            let len = match (self.tags_stale, self.narrow, self.tag[i as usize]) {
                (true, _, _) | (_, false, TAG_COVERED) => self.len[i as usize] & !COVERED,
                (_, true, TAG_COVERED) => self.len[i as usize],
                (_, _, tag) if u32::from(tag) < TAG_CAP => u32::from(tag),
                _ => self.len[i as usize],
            };
            assert_eq!(len, count, "len of item {i}");
        }
    }

    /// A full copy of the links, to check that a search restores them exactly.
    #[cfg(test)]
    pub(super) fn snapshot(&self) -> Snapshot {
        assert!(self.pending.is_none(), "restore before taking a snapshot");
        let mut m = self.clone();
        m.widen();
        m.refresh_tags();
        m.narrow = false;
        (m.len, m.nodes, m.tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_options_are_errors_and_change_nothing() {
        let mut m = Matrix::new(3, 1).unwrap();
        m.add_option([0, 3]).unwrap();
        let before = m.snapshot();
        assert_eq!(
            m.add_option(std::iter::empty()),
            Err(DlxError::EmptyOption { option: 1 })
        );
        assert_eq!(
            m.add_option([1, 4]),
            Err(DlxError::ItemOutOfRange {
                option: 1,
                item: 4,
                last: 3
            })
        );
        assert_eq!(
            m.add_option([2, 1, 2]),
            Err(DlxError::DuplicateItem { option: 1, item: 2 })
        );
        // The first fault in the option's order is the one reported.
        assert_eq!(
            m.add_option([1, 1, 9]),
            Err(DlxError::DuplicateItem { option: 1, item: 1 })
        );
        assert_eq!(m.snapshot(), before);
        assert_eq!(m.option_count(), 1);
        m.check_invariants();
    }

    #[test]
    fn long_options_are_checked_for_repeats_too() {
        let mut m = Matrix::new(20, 0).unwrap();
        let long: Vec<usize> = (0..12).chain([5]).collect();
        assert_eq!(
            m.add_option(long),
            Err(DlxError::DuplicateItem { option: 0, item: 5 })
        );
        // A rejected long option leaves no marks: the same items are fine in a new option.
        m.add_option(0..20).unwrap();
        m.add_option((0..20).rev()).unwrap();
        assert_eq!(m.search().count(10), 2);
        m.check_invariants();
    }

    #[test]
    fn options_read_back_and_decode() {
        let mut m = Matrix::new(4, 2).unwrap();
        let o0 = m.add_option([0, 4, 2]).unwrap();
        let o1 = m.add_option([5]).unwrap();
        let o2 = m.add_option([3, 1]).unwrap();
        let items = |o| m.option_items(o).map(ItemId::index).collect::<Vec<_>>();
        assert_eq!(items(o0), [0, 4, 2]);
        assert_eq!(items(o1), [5]);
        assert_eq!(items(o2), [3, 1]);
        assert_eq!(items(OptionId(9)), Vec::<usize>::new());
        assert_eq!((m.primary_items(), m.secondary_items()), (4, 2));
        for o in [o0, o1, o2] {
            let start = m.option_first(o.index()).unwrap();
            for x in start..start + items(o).len() as u32 {
                assert_eq!(m.option_of(x), o);
            }
        }
        m.check_invariants();
    }

    /// With no items, linking no options is fine (the empty set is the one solution), and any
    /// option names an item out of range.
    #[test]
    fn a_matrix_without_items_links_nothing_and_has_one_solution() {
        let mut m = Matrix::new(0, 0).unwrap();
        assert_eq!(m.link_with::<4, _>(0, |_| ()), Ok(()));
        assert_eq!(m.search().count(2), 1);
        assert_eq!(
            m.link_with::<4, _>(1, |sink| sink.push([0, 0, 0, 0])),
            Err(DlxError::ItemOutOfRange {
                option: 0,
                item: 0,
                last: usize::MAX
            })
        );
        assert_eq!(m.option_count(), 0);
        assert_eq!(m.search().count(2), 1);
    }

    #[test]
    fn reset_keeps_nothing_of_the_old_problem() {
        let mut m = Matrix::new(2, 0).unwrap();
        m.add_option([0, 1]).unwrap();
        m.reset(3, 0).unwrap();
        assert_eq!(m.option_count(), 0);
        m.check_invariants();
        m.add_option([0, 1, 2]).unwrap();
        assert_eq!(m.search().count(5), 1);
    }
}
