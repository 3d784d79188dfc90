//! Building the matrix: options linked into the arena, one at a time, in bulk, or a family at a
//! time as the caller makes them ([`OptionSink`]), with spacers or in blocks of four.

#![allow(unsafe_code)]

use super::matrix::{DlxError, Matrix};
use super::node::{Node, SPACER};
use super::scratch::PairMemo;
use super::unchecked::{Room, get, largest};

/// An item number as the bulk builders take it: `usize` from callers, `u32` from the crate's own
/// builders, whose tables are half the size.
pub(crate) trait ItemNumber: Copy {
    fn get(self) -> usize;
}

impl ItemNumber for usize {
    fn get(self) -> usize {
        self
    }
}

impl ItemNumber for u32 {
    fn get(self) -> usize {
        self as usize
    }
}

/// Where [`Matrix::link_with`] has its caller put options: each [`push`](Self::push) links one
/// option of width `W` into the arena at once, and [`push_each`](Self::push_each) a family of
/// them.
pub(crate) struct OptionSink<'m, const W: usize> {
    /// The arena, with room for `most` more options after its end (copied into a local while a
    /// family is linked, so that the compiler need not load its pointers again after every
    /// store).
    room: Room<'m>,
    /// The spacer the next option follows.
    spacer: usize,
    count: usize,
    most: usize,
    /// A push past `most` was dropped.
    dropped: bool,
    /// A push naming an item out of range (this one) was dropped.
    out_of_range: Option<u32>,
    /// The number of items: every item number is below it (internal numbers are one more).
    items: u32,
    /// The options are written in blocks of four, with no spacers (see [`Matrix::quad`]).
    quad: bool,
}

/// Item numbers (from 0) with their largest, worked out when the table is made: what
/// [`OptionSink::push_each`] takes, so that it checks a whole family of options with one
/// comparison per table instead of one per item.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ItemTable<'t> {
    items: &'t [u32],
    /// The largest entry of `items` (0 if none): the fields are private, so every table's
    /// bound is true.
    bound: u32,
}

impl<'t> ItemTable<'t> {
    /// A table of these item numbers.
    pub(crate) fn new(items: &'t [u32]) -> Self {
        ItemTable {
            items,
            bound: largest(items),
        }
    }

    /// Entry `k`.
    #[inline(always)]
    pub(crate) fn get(self, k: usize) -> Option<u32> {
        self.items.get(k).copied()
    }

    /// The entries `start..start + count` (`None` if out of range), with the same bound.
    #[inline(always)]
    pub(crate) fn part(self, start: usize, count: usize) -> Option<Self> {
        let items = self.items.get(start..start.checked_add(count)?)?;
        Some(ItemTable { items, ..self })
    }
}

impl<const W: usize> OptionSink<'_, W> {
    /// Links an option made of these items (numbered from 0), after the ones pushed before.
    #[inline(always)]
    pub(crate) fn push(&mut self, items: [u32; W]) {
        if self.count == self.most {
            self.dropped = true;
            return;
        }
        if let Some(&bad) = items.iter().find(|&&i| i >= self.items) {
            self.out_of_range = Some(bad);
            return;
        }
        self.count += 1;
        let first = self.spacer + 1;
        // SAFETY: there was room for one more option (checked above), so its nodes and its
        // spacer lie within the room, and every item is in range.
        unsafe {
            for (j, &item) in items.iter().enumerate() {
                link_node(self.room, first + j, item as usize + 1);
            }
            self.spacer = close::<W>(self.room, self.spacer, first, self.quad);
        }
    }

    /// Links one option for each set bit `k` of `mask`, lowest first: item `first`, then entry
    /// `k` of each of the `rest` tables (so `R` is `W - 1`). The family is checked as a whole
    /// (room for as many options as the highest bit of `mask` allows, every table long enough
    /// and every item in range) and dropped if it fails. How the sudoku mapping links a cell's
    /// options: one cell item, then the row·symbol, column·symbol and box·symbol items of each
    /// symbol the cell allows.
    #[inline(always)]
    pub(crate) fn push_each<const R: usize>(
        &mut self,
        first: u32,
        rest: [ItemTable<'_>; R],
        mask: u64,
    ) {
        // Room for `reach` options covers the `mask.count_ones()` this links, without counting
        // them first (a sudoku's `most` leaves room for every symbol of every cell).
        let reach = 64 - mask.leading_zeros() as usize;
        if R + 1 != W || reach > self.most - self.count {
            self.dropped = true;
            return;
        }
        if first >= self.items
            || rest
                .iter()
                .any(|t| t.bound >= self.items || t.items.len() < reach)
        {
            // The first item out of range, or a table's largest (a short table is a bug of the
            // caller's: reported as its largest item, which may be in range).
            let bad = std::iter::once(first)
                .chain(rest.iter().map(|t| t.bound))
                .find(|&i| i >= self.items);
            self.out_of_range = Some(bad.unwrap_or(first));
            return;
        }
        let tables = rest.map(|t| t.items);
        // SAFETY: there was room for `reach` more options (checked above), at least one per bit
        // of `mask`; every table holds entry `k` for every bit `k` (`k < reach`, which no table
        // is shorter than), and every item is below `items` (each table's bound is its largest
        // entry): what `link_family` asks.
        let linked = unsafe {
            if self.quad {
                self.link_family::<R, true>(first, tables, mask)
            } else {
                self.link_family::<R, false>(first, tables, mask)
            }
        };
        self.count += linked;
    }

    /// The linking of [`push_each`](Self::push_each), once checked, with the arena's pointers in
    /// locals and the layout (`Q`: [blocks of four](Matrix::quad)) known at compile time. Returns
    /// the number of options linked. The item every option of the family shares has its length
    /// raised once, by that number, rather than once a node.
    ///
    /// # Safety
    ///
    /// `push_each`'s checks have passed: there is room for every option of `mask`, and entry
    /// `k` of each table, for every bit `k`, is an item below `items`; `Q` is whether the sink
    /// writes blocks of four.
    #[inline(always)]
    unsafe fn link_family<const R: usize, const Q: bool>(
        &mut self,
        first: u32,
        tables: [&[u32]; R],
        mut mask: u64,
    ) -> usize {
        let room = self.room;
        let own = first as usize + 1;
        if let (true, &[rows, cols, boxes]) = (Q, tables.as_slice()) {
            // SAFETY: the contract of this function is that of `link_blocks`.
            return unsafe { self.link_blocks(own, [rows, cols, boxes], mask) };
        }
        let mut spacer = self.spacer;
        let mut linked = 0;
        // SAFETY: each option (one per bit of `mask`) and its spacer lie within the room (the
        // contract); entry `k` of each table is there and is an item, and so is `own`.
        unsafe {
            while mask != 0 {
                let k = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let x = spacer + 1;
                link_node_uncounted(room, x, own);
                for (j, table) in tables.iter().enumerate() {
                    link_node(room, x + 1 + j, get(table, k) as usize + 1);
                }
                spacer = close::<W>(room, spacer, x, Q);
                linked += 1;
            }
            room.add_len(own, linked as u32);
        }
        self.spacer = spacer;
        linked
    }
}

impl<const W: usize> OptionSink<'_, W> {
    /// [`link_family`](Self::link_family) in [blocks of four](Matrix::quad): an option's four
    /// tops are written as two eight-byte words, and its nodes with one store each (see
    /// [`Room::set_node`]), 17 stores an option instead of 23. As for `link_family`, with four
    /// items an option (so `W` is 4).
    ///
    /// # Safety
    ///
    /// As for `link_family`: room for a block of four for every bit of `mask`, and entry `k`
    /// of each table, for every bit `k`, an item below `items`; `own` is an item.
    #[inline(always)]
    unsafe fn link_blocks(&mut self, own: usize, tables: [&[u32]; 3], mut mask: u64) -> usize {
        let room = self.room;
        let start = self.spacer + 1;
        let mut x = start;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            // SAFETY: the block `x..x + 4` is within the room reserved (one block a bit of
            // `mask`), entry `k` of each table is there, and every item is in range.
            unsafe {
                link_node_links(room, x, own);
                let first = get(tables[0], k) + 1;
                link_node_links(room, x + 1, first as usize);
                room.add_len(first as usize, 1);
                room.set_tops(x, own as u32, first);
                let second = get(tables[1], k) + 1;
                link_node_links(room, x + 2, second as usize);
                room.add_len(second as usize, 1);
                let third = get(tables[2], k) + 1;
                link_node_links(room, x + 3, third as usize);
                room.add_len(third as usize, 1);
                room.set_tops(x + 2, second, third);
            }
            x += 4;
        }
        // No spacers in blocks of four: the next option follows this family's last at once.
        self.spacer = x - 1;
        let linked = (x - start) / 4;
        // SAFETY: `own` is an item (the contract).
        unsafe { room.add_len(own, linked as u32) };
        linked
    }
}

/// Writes node `x` of a new option as the last node of item `i` (internal number), and counts
/// it in the item's length. (Writing into spare capacity and setting the length afterwards
/// skips zeroing the arena first: about 2% of the 17-clue bench.)
///
/// # Safety
///
/// `x` is within the room `link_with` reserved (one of `most` options of `W + 1` nodes after
/// the arena's length) and `i` in `1..=items_total`. Every node read is then a header or an
/// item's last node, a header or a node written earlier.
#[inline(always)]
unsafe fn link_node(room: Room<'_>, x: usize, i: usize) {
    // SAFETY: the contract of this function is that of the two it calls.
    unsafe {
        link_node_uncounted(room, x, i);
        room.add_len(i, 1);
    }
}

/// [`link_node`] without counting the node in its item's length, for a caller that counts a
/// family of nodes of one item at once.
///
/// # Safety
///
/// As for [`link_node`].
#[inline(always)]
unsafe fn link_node_uncounted(room: Room<'_>, x: usize, i: usize) {
    // SAFETY: `x` is within the room and `i` an item (the contract).
    unsafe {
        link_node_links(room, x, i);
        room.set_top(x, i as u32);
    }
}

/// The links of [`link_node_uncounted`], without the node's top (for a caller that writes the
/// tops of a block together).
///
/// # Safety
///
/// As for [`link_node`].
#[inline(always)]
unsafe fn link_node_links(room: Room<'_>, x: usize, i: usize) {
    // SAFETY: `x` is within the room and `i` an item, whose header is a node there before;
    // `last`, the `up` of that header, is the header or a node written earlier.
    unsafe {
        let last = room.node(i).up;
        room.set_node(
            x,
            Node {
                up: last,
                down: i as u32,
            },
        );
        room.set_down(last as usize, x as u32);
        room.set_up(i, x as u32);
    }
}

/// Ends the option whose first node is `first` (`W` nodes written by `link_node`) and which
/// follows the spacer `spacer`: with a spacer of its own, or none in [blocks of
/// four](Matrix::quad) (`quad`). Returns the spacer the next option follows (in blocks of four,
/// the node before it).
///
/// # Safety
///
/// The option is within the reserved room, and so is its spacer (`spacer` a node there before
/// or written, `first + W` within the room unless `quad`).
#[inline(always)]
unsafe fn close<const W: usize>(room: Room<'_>, spacer: usize, first: usize, quad: bool) -> usize {
    if quad {
        // No spacer: the next option's block follows at once.
        return first + W - 1;
    }
    // SAFETY: `spacer` and `first + W` are within the room (the contract).
    unsafe {
        room.set_down(spacer, (first + W - 1) as u32);
        room.set_node(
            first + W,
            Node {
                up: first as u32,
                down: 0,
            },
        );
        room.set_top(first + W, SPACER);
    }
    first + W
}

/// Writes node `x` as the last node of item `i` (internal number) and counts it in the item's
/// length, in arrays already long enough: the linking of an option added one at a time, or in
/// blocks of another width than four, by plain indexing.
#[inline(always)]
fn link_last(nodes: &mut [Node], tops: &mut [u32], len: &mut [u32], x: usize, i: u32) {
    let last = nodes[i as usize].up;
    nodes[x] = Node { up: last, down: i };
    tops[x] = i;
    nodes[last as usize].down = x as u32;
    nodes[i as usize].up = x as u32;
    len[i as usize] += 1;
}

impl Matrix {
    /// The checks of [`add_options`](Self::add_options).
    pub(super) fn check_options<const W: usize, T: ItemNumber>(
        &self,
        options: &[[T; W]],
    ) -> Result<(), DlxError> {
        let first_option = self.option_count();
        let total = self.items_total as usize;
        for (k, items) in options.iter().enumerate() {
            let option = first_option + k;
            if W == 0 {
                return Err(DlxError::EmptyOption { option });
            }
            for (j, item) in items.iter().enumerate() {
                let item = item.get();
                if item >= total {
                    return Err(DlxError::ItemOutOfRange {
                        option,
                        item,
                        last: total.wrapping_sub(1),
                    });
                }
                if items[..j].iter().any(|other| other.get() == item) {
                    return Err(DlxError::DuplicateItem { option, item });
                }
            }
        }
        Ok(())
    }

    /// Links options into the arena, written straight into reserved room. Options must be well
    /// formed, except that an item out of range is still caught (clamped, never written out of
    /// range).
    pub(super) fn link_options<const W: usize, T: ItemNumber>(
        &mut self,
        options: &[[T; W]],
    ) -> Result<(), DlxError> {
        self.link_with::<W, _>(options.len(), |sink| {
            for items in options {
                sink.push(items.map(|i| i.get() as u32));
            }
        })
    }

    /// Links options of width `W` straight into the arena as `fill` makes them, up to `most` of
    /// them (pushes past that are dropped and make it an error): how the sudoku mapping builds a
    /// matrix per puzzle without writing its options anywhere first. The options must be well
    /// formed (every item in range, none twice); an item out of range is clamped into range
    /// rather than written out of bounds, so a malformed option makes a wrong matrix, never
    /// undefined behaviour.
    pub(crate) fn link_with<const W: usize, R>(
        &mut self,
        most: usize,
        fill: impl FnOnce(&mut OptionSink<'_, W>) -> R,
    ) -> Result<R, DlxError> {
        self.restore();
        self.widen();
        let option = self.option_count();
        if W == 0 {
            return Err(DlxError::EmptyOption { option });
        }
        if option + most >= u32::MAX as usize
            || most
                .checked_mul(W + 1)
                .is_none_or(|added| self.nodes.len() + added >= u32::MAX as usize)
        {
            return Err(DlxError::TooLarge {
                what: "the options",
            });
        }
        // A matrix with no items takes no options, but linking none is fine (a sudoku board
        // with every cell given has no items and one solution, the empty set of options).
        let last_item = (self.items_total as usize).wrapping_sub(1);
        let quad = W == 4 && (self.quad() || option == 0);
        if self.width != 0 && !quad {
            self.lay_out_spaced();
        }
        if quad {
            self.set_width(4);
            // Blocks start at a multiple of four; the nodes in between are never read.
            while !self.nodes.len().is_multiple_of(4) {
                self.nodes.push(Node::default());
                self.tops.push(SPACER);
            }
            if option == 0 {
                self.blocks_from = self.nodes.len() as u32;
            }
        }
        // Nodes an option takes: its own, and a spacer unless in blocks of four.
        let stride = if quad { W } else { W + 1 };
        let base = self.nodes.len();
        debug_assert_eq!(base, self.tops.len());
        let mut sink = OptionSink {
            room: Room::open(
                &mut self.nodes,
                &mut self.tops,
                &mut self.len,
                most * stride,
            ),
            spacer: base - 1,
            count: 0,
            most,
            dropped: false,
            out_of_range: None,
            items: self.items_total,
            quad,
        };
        let result = fill(&mut sink);
        let (count, dropped, out_of_range) = (sink.count, sink.dropped, sink.out_of_range);
        // SAFETY: the room was opened in these arrays, and the sink wrote every node and top of
        // its `count` options, `base..base + count * stride`, within it (see
        // `OptionSink::push`).
        unsafe { Room::close(&mut self.nodes, &mut self.tops, base + count * stride) };
        if quad {
            // Option `k` starts at `blocks_from + 4k` (the blocks follow one another).
            self.blocks += count as u32;
        } else {
            self.option_start
                .extend((0..count).map(|k| (base + k * stride) as u32));
        }
        self.tags_stale = true;
        if dropped {
            return Err(DlxError::TooLarge {
                what: "the options promised",
            });
        }
        if let Some(item) = out_of_range {
            return Err(DlxError::ItemOutOfRange {
                option: option + count,
                item: item as usize,
                last: last_item,
            });
        }
        Ok(result)
    }

    /// Whether options `w` items wide, added in bulk now, go in [blocks](Self::width) of
    /// another width than four: a width from 2 to 8, no option yet or only options in blocks of
    /// this width, and fewer primary items than a [large](Self::large) matrix has.
    pub(super) fn takes_blocks(&self, w: usize) -> bool {
        matches!(w, 2 | 3 | 5..=8)
            && self.primary < self.large_from
            && match self.option_count() {
                0 => true,
                _ => !self.quad() && self.width == w as u32,
            }
    }

    /// Links well-formed options (checked by [`check_options`](Self::check_options)) in
    /// [blocks](Self::width) of `W.next_power_of_two()` nodes, after those already there (which
    /// [`takes_blocks`](Self::takes_blocks) said are in blocks of this width, if any). The nodes
    /// of a block after its option's last are written as spacers and never read.
    pub(super) fn link_in_blocks<const W: usize, T: ItemNumber>(
        &mut self,
        options: &[[T; W]],
    ) -> Result<(), DlxError> {
        self.widen();
        let size = W.next_power_of_two();
        let option = self.option_count();
        if option + options.len() >= u32::MAX as usize
            || options
                .len()
                .checked_mul(size)
                .is_none_or(|added| self.nodes.len() + size + added >= u32::MAX as usize)
        {
            return Err(DlxError::TooLarge {
                what: "the options",
            });
        }
        if option == 0 {
            // Blocks start at a multiple of their size; the nodes in between are never read.
            let start = self.nodes.len().next_multiple_of(size);
            self.nodes.resize(start, Node::default());
            self.tops.resize(start, SPACER);
            self.blocks_from = start as u32;
            self.set_width(W as u32);
        }
        // Grown once, as `link_option` does; the nodes after each option's last stay spacers.
        let first = self.nodes.len();
        let end = first + options.len() * size;
        self.nodes.resize(end, Node::default());
        self.tops.resize(end, SPACER);
        for (items, start) in options.iter().zip((first..end).step_by(size)) {
            for (x, item) in (start..).zip(items) {
                link_last(
                    &mut self.nodes,
                    &mut self.tops,
                    &mut self.len,
                    x,
                    item.get() as u32 + 1,
                );
            }
        }
        self.blocks += options.len() as u32;
        self.tags_stale = true;
        Ok(())
    }

    /// Appends the option held in `scratch` (internal item numbers) to the arena.
    pub(super) fn link_option(&mut self, option: usize) {
        debug_assert_eq!(option, self.option_start.len());
        let spacer_before = self.nodes.len() - 1;
        let first = spacer_before + 1;
        let end = first + self.scratch.len();
        // Grow the arena once, then write through plain slices: pushing node by node made the
        // compiler reload and store the vector's length around every link.
        self.nodes.resize(end + 1, Node::default());
        self.tops.resize(end + 1, SPACER);
        for (x, &i) in (first..end).zip(&self.scratch) {
            link_last(&mut self.nodes, &mut self.tops, &mut self.len, x, i);
        }
        let nodes = &mut self.nodes[..];
        nodes[spacer_before].down = (end - 1) as u32;
        nodes[end] = Node {
            up: first as u32,
            down: 0,
        };
        self.option_start.push(first as u32);
        self.tags_stale = true;
    }

    /// Lays the matrix out with spacers again (see [`width`](Self::width)): its options are linked
    /// anew, in the same order, for an option of another width to follow them. Only between
    /// searches, with `len` up to date.
    pub(super) fn lay_out_spaced(&mut self) {
        let width = self.width as usize;
        if width == 0 {
            return;
        }
        let options: Vec<u32> = (0..self.option_count())
            .filter_map(|k| self.option_first(k))
            .flat_map(|start| {
                let start = start as usize;
                self.tops
                    .get(start..start + width)
                    .unwrap_or_default()
                    .iter()
                    .copied()
            })
            .collect();
        self.set_width(0);
        self.blocks = 0;
        let n = self.items_total as usize;
        self.nodes.truncate(n + 1);
        for (i, node) in self.nodes.iter_mut().enumerate() {
            *node = Node {
                up: i as u32,
                down: i as u32,
            };
        }
        self.nodes.push(Node { up: 0, down: 0 });
        self.tops.truncate(n + 1);
        self.tops.push(SPACER);
        self.len[1..=n].fill(0);
        self.option_start.clear();
        // Nodes moved, so what pruning remembered about them is stale.
        self.memo_generation = self.memo_generation.wrapping_add(1);
        if self.memo_generation == 0 {
            self.memo.fill(PairMemo::default());
            self.memo_generation = 1;
        }
        // `scratch` may hold an option waiting to be added after these.
        let waiting = std::mem::take(&mut self.scratch);
        for items in options.chunks_exact(width) {
            self.scratch.clear();
            self.scratch.extend_from_slice(items);
            self.link_option(self.option_start.len());
        }
        self.scratch = waiting;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::matrix::{ItemId, OptionId};
    use crate::dlx::testing::lcg;

    #[test]
    fn bulk_options_are_checked_and_built_like_single_ones() {
        let mut m = Matrix::new(4, 1).unwrap();
        m.add_option([0, 4]).unwrap();
        let before = m.snapshot();
        assert_eq!(
            m.add_options(&[[0, 1], [2, 5]]),
            Err(DlxError::ItemOutOfRange {
                option: 2,
                item: 5,
                last: 4
            })
        );
        assert_eq!(
            m.add_options(&[[1, 2, 3], [3, 0, 3]]),
            Err(DlxError::DuplicateItem { option: 2, item: 3 })
        );
        assert_eq!(
            m.add_options::<0>(&[[]]),
            Err(DlxError::EmptyOption { option: 1 })
        );
        assert_eq!(m.snapshot(), before);
        assert_eq!(m.option_count(), 1);

        let mut one_by_one = m.clone();
        let options = [[1, 2], [3, 4], [1, 3], [2, 0], [0, 3]];
        m.add_options(&options).unwrap();
        for o in options {
            one_by_one.add_option(o).unwrap();
        }
        m.check_invariants();
        assert_eq!(m.snapshot(), one_by_one.snapshot());
        assert_eq!(m.option_count(), 6);
        assert_eq!(
            m.option_items(OptionId(5))
                .map(ItemId::index)
                .collect::<Vec<_>>(),
            [0, 3]
        );
        assert_eq!(
            m.search().count(u64::MAX),
            one_by_one.search().count(u64::MAX)
        );
    }

    #[test]
    fn families_are_linked_like_single_options_and_checked_whole() {
        // Items 0..=2 head the families; 3..=7 fill the tables.
        let (rows, cols) = ([3, 4, 5], [6, 7, 6]);
        let mut m = Matrix::new(8, 0).unwrap();
        let linked = m.link_with::<3, _>(4, |sink| {
            let (a, b) = (ItemTable::new(&rows), ItemTable::new(&cols));
            sink.push_each(0, [a, b], 0b101);
            sink.push_each(1, [a, b], 0b010);
            sink.push_each(2, [a, b], 0);
        });
        assert_eq!(linked, Ok(()));
        let mut one_by_one = Matrix::new(8, 0).unwrap();
        for o in [[0, 3, 6], [0, 5, 6], [1, 4, 7]] {
            one_by_one.add_option(o).unwrap();
        }
        m.check_invariants();
        assert_eq!(m.snapshot(), one_by_one.snapshot());
        assert_eq!(m.option_count(), 3);

        // A table entry out of range, a table too short for the mask, and more options than
        // promised: the family is dropped and the build fails.
        let mut m = Matrix::new(8, 0).unwrap();
        let too_big = [3, 9];
        let out = m.link_with::<3, _>(4, |sink| {
            sink.push_each(0, [ItemTable::new(&too_big), ItemTable::new(&cols)], 0b1);
        });
        assert_eq!(
            out,
            Err(DlxError::ItemOutOfRange {
                option: 0,
                item: 9,
                last: 7
            })
        );
        let short = m.link_with::<3, _>(4, |sink| {
            sink.push_each(0, [ItemTable::new(&rows), ItemTable::new(&cols[..1])], 0b10);
        });
        assert!(matches!(short, Err(DlxError::ItemOutOfRange { .. })));
        let many = m.link_with::<3, _>(1, |sink| {
            let (a, b) = (ItemTable::new(&rows), ItemTable::new(&cols));
            sink.push_each(0, [a, b], 0b11);
        });
        assert!(matches!(many, Err(DlxError::TooLarge { .. })));
        assert_eq!(m.option_count(), 0);
        m.check_invariants();
    }

    #[test]
    fn families_in_blocks_of_four_are_linked_like_single_options() {
        // Four items an option: blocks of four, with each block's tops written two at a time.
        let (rows, cols, boxes) = ([3, 4, 5], [6, 7, 6], [8, 9, 10]);
        let mut m = Matrix::new(11, 0).unwrap();
        let linked = m.link_with::<4, _>(6, |sink| {
            let tables = [
                ItemTable::new(&rows),
                ItemTable::new(&cols),
                ItemTable::new(&boxes),
            ];
            sink.push_each(0, tables, 0b101);
            sink.push_each(1, tables, 0b010);
            sink.push_each(2, tables, 0);
            sink.push_each(1, tables, 0b100);
        });
        assert_eq!(linked, Ok(()));
        assert!(m.quad());
        let mut one_by_one = Matrix::new(11, 0).unwrap();
        let options = [[0, 3, 6, 8], [0, 5, 6, 10], [1, 4, 7, 9], [1, 5, 6, 10]];
        one_by_one.add_options(&options).unwrap();
        assert!(one_by_one.quad());
        m.check_invariants();
        assert_eq!(m.snapshot(), one_by_one.snapshot());
        assert_eq!(m.tops, one_by_one.tops);
        for (k, items) in options.iter().enumerate() {
            let read: Vec<usize> = m
                .option_items(OptionId(k as u32))
                .map(ItemId::index)
                .collect();
            assert_eq!(&read, items);
        }
    }

    #[test]
    fn the_largest_item_of_a_table_is_found_unsigned() {
        let mut random = lcg(99);
        let mut next = || (random() >> 32) as u32;
        for n in 0..=100 {
            // Values across the whole range, the top bit set in about half of them (a signed
            // comparison would get those wrong), then small ones.
            for shift in [0, 20] {
                let items: Vec<u32> = (0..n).map(|_| next() >> shift).collect();
                let expected = items.iter().copied().max().unwrap_or(0);
                assert_eq!(largest(&items), expected, "{items:?}");
                assert_eq!(ItemTable::new(&items).bound, expected);
            }
        }
    }
}
