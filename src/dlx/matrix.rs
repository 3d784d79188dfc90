//! The dancing-links matrix: building it, and the four link operations the search is made of.

use std::hint::select_unpredictable;
use std::marker::PhantomData;

use thiserror::Error;

// Unchecked access to the arena in the link operations. SAFETY: every link stored in `nodes`
// (whose length is that of `tops`) and every `top` is an index below `nodes.len()` /
// `len.len()` = `tag.len()`, and every
// `prev`/`next` in `items` is below `items.len()`: `reset` and the option builders only ever
// store indices of nodes and items that exist, and the link operations only copy links from one
// node (or item) to another. Checked in debug builds.
//
// `at!(v, i)` reads `v[i]`, `at!(mut v, i)` is the place `v[i]`; the named forms below say which
// array of the matrix.
macro_rules! at {
    (mut $v:expr, $i:expr) => {{
        let i = ($i) as usize;
        debug_assert!(i < $v.len());
        #[allow(unsafe_code)]
        unsafe {
            $v.get_unchecked_mut(i)
        }
    }};
    ($v:expr, $i:expr) => {{
        let i = ($i) as usize;
        debug_assert!(i < $v.len());
        #[allow(unsafe_code)]
        unsafe {
            *$v.get_unchecked(i)
        }
    }};
}
/// The node at an index, as a place.
macro_rules! nd {
    ($m:expr, $i:expr) => {
        at!(mut $m.nodes, $i)
    };
}
/// The item of the node at an index.
macro_rules! tp {
    ($m:expr, $i:expr) => {
        at!($m.tops, $i)
    };
}
/// An item's tag, as a place.
macro_rules! tg {
    ($m:expr, $i:expr) => {
        at!(mut $m.tag, $i)
    };
}
/// An item's length, as a place.
macro_rules! ln {
    ($m:expr, $i:expr) => {
        at!(mut $m.len, $i)
    };
}

/// Calls a link operation in the matrix's modes: `in_mode!(m, cover(i))` is
/// `m.cover::<N, Q>(i)` with `N` whether the matrix is [narrow](Matrix::narrow) and `Q` whether
/// it is laid out in [blocks of four](Matrix::quad).
macro_rules! in_mode {
    ($m:expr, $f:ident($($a:expr),*)) => {
        match ($m.narrow, $m.quad) {
            (true, true) => $m.$f::<true, true>($($a),*),
            (true, false) => $m.$f::<true, false>($($a),*),
            (false, true) => $m.$f::<false, true>($($a),*),
            (false, false) => $m.$f::<false, false>($($a),*),
        }
    };
}
pub(crate) use in_mode;

/// The `top` of a spacer node. Items are numbered from 1, so 0 is never an item.
pub(crate) const SPACER: u32 = 0;
/// Item number 0, which is no item: what [`Matrix::choose`] returns when every primary item is
/// covered.
pub(crate) const ROOT: u32 = 0;
/// The tag of a covered item: above every length.
pub(crate) const TAG_COVERED: u8 = u8::MAX;
/// The largest length a tag tells exactly; a tag of `TAG_CAP` means "this many or more".
pub(crate) const TAG_CAP: u32 = 254;

/// The tag of an item with `len` options.
#[inline(always)]
fn tag_of(len: u32) -> u8 {
    len.min(TAG_CAP) as u8
}

/// An item of an exact-cover problem, numbered from 0 in the order the matrix declares them:
/// the primary items first, then the secondary ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
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
    /// The problem has more items or nodes than 32-bit links can address.
    #[error("the problem is too large: {what} exceed the 32-bit node index")]
    TooLarge {
        /// What overflowed.
        what: &'static str,
    },
}

/// One node of the arena: a vertical link pair.
///
/// Its item, its `top`, is kept apart, in [`Matrix::tops`] at the same index: eight-byte nodes
/// are addressed by a scaled index with no multiplication, and both links load as one word.
///
/// For a spacer, `up`/`down` point to the first node of the option before and the last node of
/// the option after (see the module docs).
///
/// Laid out as C lays it out (`up`, then `down`), so that the builders can write a node as one
/// eight-byte word (see [`write_node`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// Two 32-bit values as the eight bytes they take in memory, `first` then `second`.
#[inline(always)]
fn pair_word(first: u32, second: u32) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..4].copy_from_slice(&first.to_ne_bytes());
    bytes[4..].copy_from_slice(&second.to_ne_bytes());
    u64::from_ne_bytes(bytes)
}

/// Writes `node` at index `x` of the arena at `nodes` with one eight-byte store. (Left to
/// itself, the compiler writes the two links with two stores; building is bound by its stores,
/// see the `dlx` docs.)
///
/// # Safety
///
/// `x` is within the arena's allocation (its length or the room reserved after it).
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn write_node(nodes: *mut Node, x: usize, node: Node) {
    // SAFETY: see the function's contract; `Node` is `repr(C)`, two `u32`s with no padding, so
    // its eight bytes are `pair_word(up, down)`. Nodes are only 4-byte aligned, hence unaligned.
    unsafe {
        nodes
            .add(x)
            .cast::<u64>()
            .write_unaligned(pair_word(node.up, node.down));
    }
}

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

/// Added to the `len` of a covered item, so that the scan for the shortest item (which reads the
/// `len` array straight through) passes over it. Hiding never
/// touches a covered item's `len`: every option that contains it is hidden already.
pub(crate) const COVERED: u32 = 1 << 31;

/// The place of the first byte of `block` equal to `value` (`block.len()` if none), found eight
/// bytes at a time and without a branch on the data: a byte-by-byte search ends with a
/// mispredicted branch at a place that differs from call to call, which cost [`Matrix::choose`]
/// more than its whole scan for the minimum.
#[inline]
fn first_equal(block: &[u8], value: u8) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let pattern = LOW * u64::from(value);
    let mut first = block.len();
    let words = block.chunks_exact(8);
    let tail = words.remainder();
    if let Some(k) = tail.iter().position(|&t| t == value) {
        first = block.len() - tail.len() + k;
    }
    // From the last word to the first, so that the first match is the one kept.
    for (j, word) in words.enumerate().rev() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(word);
        // The bytes equal to `value` become zero; the high bit of each zero byte is then set
        // (bytes above a zero byte may be flagged falsely, never those below it, so the lowest
        // flag is exact).
        let x = u64::from_le_bytes(bytes) ^ pattern;
        let zero = x.wrapping_sub(LOW) & !x & HIGH;
        let at = j * 8 + (zero.trailing_zeros() / 8) as usize;
        first = select_unpredictable(zero != 0, at, first);
    }
    first
}

/// [`first_equal`] for one block of [`BLOCK`] bytes: on x86-64, one SSE2 comparison and byte
/// mask per 16 bytes, whose lowest set bit is the answer (`BLOCK` if none).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn first_equal_block(block: &[u8; BLOCK], value: u8) -> usize {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let mut mask = 0u64;
    #[allow(unsafe_code)]
    // SAFETY: SSE2 is part of x86-64, so these instructions always exist; each load reads bytes
    // `16k..16k + 16` of the `BLOCK`-byte array, unaligned loads being allowed.
    unsafe {
        let pattern = _mm_set1_epi8(value as i8);
        for k in 0..BLOCK / 16 {
            let bytes = _mm_loadu_si128(block.as_ptr().add(16 * k).cast());
            let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, pattern)) as u32 as u64;
            mask |= (equal & 0xffff) << (16 * k);
        }
    }
    (mask.trailing_zeros() as usize).min(BLOCK)
}

/// [`first_equal`] for one block of [`BLOCK`] bytes.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn first_equal_block(block: &[u8; BLOCK], value: u8) -> usize {
    first_equal(block, value)
}

/// The smallest of `tags` (at least 32 of them) and the place of its first occurrence, with
/// AVX2: the minimum of all 32-byte lanes (the tail read as one overlapping lane), reduced once
/// (to 16 bytes, to eight words, then `phminposuw`), then the first lane that holds it. Half the
/// instructions of the 64-byte blocks' scan, which reduces every block to its minimum before
/// comparing (measured in the `dlx` docs).
///
/// # Safety
///
/// The CPU has AVX2 (see [`has_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(unsafe_code)]
unsafe fn lowest_avx2(tags: &[u8]) -> (u8, usize) {
    use std::arch::x86_64::{
        __m256i, _mm_cvtsi128_si32, _mm_min_epu8, _mm_minpos_epu16, _mm_srli_epi16,
        _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_extracti128_si256, _mm256_loadu_si256,
        _mm256_min_epu8, _mm256_movemask_epi8, _mm256_set1_epi8,
    };
    const LANE: usize = 32;
    let n = tags.len();
    debug_assert!(n >= LANE);
    let last = n - LANE;
    let at = |k: usize| -> __m256i {
        // SAFETY: every caller passes `k <= last`, so bytes `k..k + LANE` are in `tags`.
        unsafe { _mm256_loadu_si256(tags.as_ptr().add(k).cast()) }
    };
    let mut low = at(last);
    let mut k = 0;
    // Two lanes a turn, into two minimums: half the loop's own instructions.
    let mut other = low;
    while k + LANE < last {
        low = _mm256_min_epu8(low, at(k));
        other = _mm256_min_epu8(other, at(k + LANE));
        k += 2 * LANE;
    }
    if k < last {
        low = _mm256_min_epu8(low, at(k));
    }
    low = _mm256_min_epu8(low, other);
    let mut m = _mm_min_epu8(
        _mm256_castsi256_si128(low),
        _mm256_extracti128_si256::<1>(low),
    );
    // Each 16-bit word becomes the smaller of its two bytes (the high byte of the word shifted
    // in is 0, and so is the high byte of the minimum), then the smallest word is found by
    // one instruction, SSE4.1's `phminposuw` (every CPU with AVX2 has it).
    m = _mm_min_epu8(m, _mm_srli_epi16::<8>(m));
    m = _mm_minpos_epu16(m);
    let best = _mm_cvtsi128_si32(m) as u8;
    let pattern = _mm256_set1_epi8(best as i8);
    let mut k = 0;
    while k < last {
        let equal = _mm256_movemask_epi8(_mm256_cmpeq_epi8(at(k), pattern)) as u32;
        if equal != 0 {
            return (best, k + equal.trailing_zeros() as usize);
        }
        k += LANE;
    }
    let equal = _mm256_movemask_epi8(_mm256_cmpeq_epi8(at(last), pattern)) as u32;
    (best, last + (equal.trailing_zeros() as usize).min(LANE - 1))
}

/// The largest of `items` (0 if none): with AVX2 where the CPU has it, eight at a time with one
/// instruction, where SSE2 has no unsigned 32-bit maximum and takes five (a 9×9 sudoku's item
/// tables, 324 entries read once per puzzle: 17-clue 73.4 to 72.5 thousand instructions a
/// puzzle).
#[inline]
fn largest(items: &[u32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        /// The same fold, compiled for AVX2.
        ///
        /// # Safety
        ///
        /// The CPU has AVX2.
        #[target_feature(enable = "avx2")]
        #[allow(unsafe_code)]
        unsafe fn largest_avx2(items: &[u32]) -> u32 {
            items.iter().fold(0, |a, &i| a.max(i))
        }
        #[allow(unsafe_code)]
        // SAFETY: the CPU has AVX2, just checked.
        return unsafe { largest_avx2(items) };
    }
    items.iter().fold(0, |a, &i| a.max(i))
}

/// Whether the CPU has AVX2, for [`lowest_avx2`] (the standard library caches the answer).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// The smallest of `tags` ([`TAG_COVERED`] if there are none) and the place of its first
/// occurrence (0 if none), without AVX2: by blocks of [`BLOCK`] (see [`lowest_block`]).
#[inline(always)]
fn lowest(tags: &[u8]) -> (u8, usize) {
    let (best, start) = match tags.len().checked_sub(BLOCK) {
        Some(last) => lowest_block(tags, last),
        None => (tags.iter().fold(TAG_COVERED, |a, &t| a.min(t)), 0),
    };
    let k = match tags
        .get(start..start + BLOCK)
        .and_then(|b| <&[u8; BLOCK]>::try_from(b).ok())
    {
        Some(block) => first_equal_block(block, best),
        None => first_equal(tags, best),
    };
    (best, (start + k).min(tags.len().saturating_sub(1)))
}

/// The bytes [`Matrix::choose`] reads at a time.
const BLOCK: usize = 64;

/// The smallest tag of `tags` (at least [`BLOCK`] of them) and the start of the first block of
/// [`BLOCK`] tags that holds it, reading the blocks at `0, BLOCK, 2·BLOCK, …` and, for the tail,
/// the one at `last` (= `tags.len() - BLOCK`), which overlaps the block before it. That overlap
/// cannot hide an earlier match: the last block is taken only if its smallest tag is below every
/// earlier block's, so that tag is not in the overlap. Whole blocks of a fixed size let the
/// compiler find each block's minimum with a handful of vector instructions and no tail loop.
/// Stops at a block holding a 0 (nothing beats it).
#[inline(always)]
fn lowest_block(tags: &[u8], last: usize) -> (u8, usize) {
    #[inline(always)]
    fn low(tags: &[u8], start: usize) -> u8 {
        match tags
            .get(start..start + BLOCK)
            .and_then(|b| <&[u8; BLOCK]>::try_from(b).ok())
        {
            Some(block) => block.iter().fold(TAG_COVERED, |a, &t| a.min(t)),
            None => TAG_COVERED,
        }
    }
    let (mut best, mut best_start) = (TAG_COVERED, 0);
    let mut start = 0;
    while start < last {
        let l = low(tags, start);
        if l < best {
            (best, best_start) = (l, start);
            if l == 0 {
                return (0, start);
            }
        }
        start += BLOCK;
    }
    let l = low(tags, last);
    if l < best {
        (best, best_start) = (l, last);
    }
    (best, best_start)
}

/// What [`Matrix::prune`] found out about the two options an item had when it last looked: the
/// nodes where they meet a second item, [`NO_PAIR`] if they share no other item, or [`MANY_PAIRS`]
/// if they share several (then it looks again every time). Which items two options share never
/// changes, so the answer stays true for as long as the item has those same two options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct PairMemo {
    generation: u32,
    first: u32,
    second: u32,
    /// The node of the shared item in the first option, or [`NO_PAIR`] / [`MANY_PAIRS`].
    meet_first: u32,
    /// The node of the shared item in the second option.
    meet_second: u32,
}

/// [`PairMemo::meet_first`] when the two options share no other item.
const NO_PAIR: u32 = 0;
/// [`PairMemo::meet_first`] when they share more than one.
const MANY_PAIRS: u32 = u32::MAX;

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

/// The bytes of `tags` (at most eight) that equal 2, as the high bit of each byte of a word.
#[inline(always)]
fn twos(tags: &[u8]) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const SEVENS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Bytes equal to 2 become 0, and exactly the zero bytes get their high bit set (no carry
    // crosses a byte: each sum is at most 0xfe).
    let x = word(tags) ^ (LOW * 2);
    !(((x & SEVENS) + SEVENS) | x | SEVENS)
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
    primary: u32,
    /// Number of primary plus secondary items (`n`).
    items_total: u32,
    /// Active options of each item (0 is the root, `1..=n` the items), plus [`COVERED`] while it
    /// is covered. There is no list of the active items: a covered item's tag says so, and the
    /// search knows that none is left when [`choose`](Self::choose) finds every tag covered.
    pub(crate) len: Vec<u32>,
    /// Each item's length in one byte (index as `len`): the length itself up to [`TAG_CAP`], and
    /// [`TAG_COVERED`] while the item is covered. [`choose`](Self::choose) reads these bytes a
    /// block at a time; every change is a plain store of one byte, which costs the link operations
    /// next to nothing (see `unlink`).
    pub(crate) tag: Vec<u8>,
    /// Options were added since the tags were last computed.
    tags_stale: bool,
    /// Every item has fewer than [`TAG_CAP`] options, so its tag is its exact length, and the
    /// link operations keep only the tags (one byte stored per link instead of a read, a write
    /// and a byte store): `len` of an active item is then out of date, and `len` of a covered item
    /// holds its length from when it was covered. Decided when the tags are worked out, before a
    /// search; adding options brings `len` up to date first ([`widen`](Self::widen)).
    pub(crate) narrow: bool,
    /// The options are laid out in blocks of four: every option has exactly four items, and
    /// option `k`'s nodes are `base + 4k .. base + 4k + 4` with `base` a multiple of four, with no
    /// spacers. The other nodes of node `p`'s option are then `p ^ 1`, `p ^ 2` and `p ^ 3`, so
    /// hiding an option, and covering its other items, is three steps with no walk and no test
    /// (see the module docs). The sudoku mapping's options are all four items wide. Decided by
    /// the first options added: [`link_with`](Self::link_with) with `W = 4` on a matrix with no
    /// options yet; adding an option of another width lays the matrix out with spacers again.
    pub(crate) quad: bool,
    /// For each item, what [`prune`](Self::prune) last found out about its two options (see
    /// [`PairMemo`]); entries of an older [`reset`](Self::reset) are told apart by `generation`.
    memo: Vec<PairMemo>,
    memo_generation: u32,
    /// The primary items numbered below this (internal numbers, from 1) are passed over by the
    /// pairs rule (see [`set_pairless_items`](Self::set_pairless_items)).
    pairs_from: u32,
    /// Scratch for pruning: items met, each with a combination it clashes in (one bit).
    partners: Vec<(u32, u32)>,
    /// The node arena: 0 unused, `1..=n` headers, then options separated by spacers.
    pub(crate) nodes: Vec<Node>,
    /// The item of each node of the arena (index as `nodes`): for a header (`1..=n`) the item
    /// itself, for a spacer [`SPACER`]. Never changes once the node is written.
    pub(crate) tops: Vec<u32>,
    /// Index of the first node of each option, ascending; decodes a node back to its option.
    /// Empty in [blocks of four](Self::quad), where option `k` starts at `blocks_from + 4k`.
    option_start: Vec<u32>,
    /// In blocks of four: the number of options, and the first node of the first (a multiple of
    /// four). Writing a start per option cost 17-clue a thousand instructions a puzzle.
    blocks: u32,
    blocks_from: u32,

    /// Scratch for validating an option: `stamp[item] == generation` marks an item already seen
    /// in the option being added. Each call to `add_option` takes a new generation, so a rejected
    /// option leaves no marks behind.
    stamp: Vec<u32>,
    generation: u32,
    /// Scratch for the items of the option being added.
    scratch: Vec<u32>,
    /// What a lazily restoring search left to undo, with its stacks in `stacks`: undone before
    /// the links are used again, or forgotten by a reset (see
    /// [`Search::restore_lazily`](super::Search::restore_lazily)).
    pub(crate) pending: Option<super::search::Pending>,
    /// The stacks of the last search, for the next to reuse.
    pub(crate) stacks: super::search::Stacks,
}

/// Where [`Matrix::link_with`] has its caller put options: each [`push`](Self::push) links one
/// option of width `W` into the arena at once, and [`push_each`](Self::push_each) a family of
/// them.
pub(crate) struct OptionSink<'m, const W: usize> {
    /// The arena's buffer, with room reserved for `most` more options after its length.
    nodes: *mut Node,
    /// The buffer of the arena's `tops`, with the same room.
    tops: *mut u32,
    /// The buffer of the matrix's `len`, one entry per header. (Raw pointers, copied into
    /// locals while a family is linked, so that the compiler need not load them again after
    /// every store into the arena.)
    len: *mut u32,
    /// The matrix the sink writes into, borrowed for as long as the sink lives.
    matrix: PhantomData<&'m mut Matrix>,
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
        #[allow(unsafe_code)]
        // SAFETY: there was room for one more option (checked above), and every item is in range.
        unsafe {
            for (j, &item) in items.iter().enumerate() {
                link_node(
                    self.nodes,
                    self.tops,
                    self.len,
                    first + j,
                    item as usize + 1,
                );
            }
            self.spacer = close::<W>(self.nodes, self.tops, self.spacer, first, self.quad);
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
        let tables = rest.map(|t| t.items.as_ptr());
        #[allow(unsafe_code)]
        // SAFETY: there was room for `reach` more options (checked above), at least one per bit
        // of `mask`; every table holds entry `k` for every bit `k` (`k < reach`, which no table
        // is shorter than), and every item is below `items` (each table's bound is its largest
        // entry).
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
    /// As for `push_each`, once its checks have passed: room for every option of `mask`, and
    /// entry `k` of each table, for every bit `k`, an item below `items`.
    #[inline(always)]
    #[allow(unsafe_code)]
    unsafe fn link_family<const R: usize, const Q: bool>(
        &mut self,
        first: u32,
        tables: [*const u32; R],
        mut mask: u64,
    ) -> usize {
        let (nodes, tops, len) = (self.nodes, self.tops, self.len);
        let own = first as usize + 1;
        if let (true, &[rows, cols, boxes]) = (Q, tables.as_slice()) {
            // SAFETY: as for the whole function.
            return unsafe { self.link_blocks(own, [rows, cols, boxes], mask) };
        }
        let mut spacer = self.spacer;
        let mut linked = 0;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let x = spacer + 1;
            // SAFETY: see the function's contract.
            unsafe {
                link_node_uncounted(nodes, tops, x, own);
                for (j, table) in tables.iter().enumerate() {
                    link_node(nodes, tops, len, x + 1 + j, *table.add(k) as usize + 1);
                }
                spacer = close::<W>(nodes, tops, spacer, x, Q);
            }
            linked += 1;
        }
        self.spacer = spacer;
        // SAFETY: `own` is an item in range (see the function's contract).
        unsafe {
            *len.add(own) += linked as u32;
        }
        linked
    }
}

impl<const W: usize> OptionSink<'_, W> {
    /// [`link_family`](Self::link_family) in [blocks of four](Matrix::quad): an option's four
    /// tops are written as two eight-byte words, and its nodes with one store each (see
    /// [`write_node`]), 17 stores an option instead of 23.
    ///
    /// # Safety
    ///
    /// As for `link_family`, with four items an option (so `W` is 4).
    #[inline(always)]
    #[allow(unsafe_code)]
    unsafe fn link_blocks(&mut self, own: usize, tables: [*const u32; 3], mut mask: u64) -> usize {
        let (nodes, tops, len) = (self.nodes, self.tops, self.len);
        let start = self.spacer + 1;
        let mut x = start;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            // SAFETY: see the function's contract: the block `x..x + 4` is within the room
            // reserved, and every item is in range.
            unsafe {
                link_node_links(nodes, x, own);
                let first = *tables[0].add(k) + 1;
                link_node_links(nodes, x + 1, first as usize);
                *len.add(first as usize) += 1;
                let words = tops.add(x).cast::<u64>();
                words.write_unaligned(pair_word(own as u32, first));
                let second = *tables[1].add(k) + 1;
                link_node_links(nodes, x + 2, second as usize);
                *len.add(second as usize) += 1;
                let third = *tables[2].add(k) + 1;
                link_node_links(nodes, x + 3, third as usize);
                *len.add(third as usize) += 1;
                words.add(1).write_unaligned(pair_word(second, third));
            }
            x += 4;
        }
        // No spacers in blocks of four: the next option follows this family's last at once.
        self.spacer = x - 1;
        let linked = (x - start) / 4;
        // SAFETY: `own` is an item in range (see the function's contract).
        unsafe {
            *len.add(own) += linked as u32;
        }
        linked
    }
}

/// Writes node `x` of a new option as the last node of item `i` (internal number), in the arena
/// at `nodes` and `tops`, and counts it in `len`.
///
/// # Safety
///
/// `x` is within the room `link_with` reserved (one of `most` options of `W + 1` nodes after
/// the arena's length) and `i` in `1..=items_total`, below the length of the arena's headers
/// and of `len`. Every node read is a header or an item's last node, a header or a node
/// written earlier. (Writing into spare capacity and setting the length afterwards skips
/// zeroing the arena first: about 2% of the 17-clue bench.)
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn link_node(nodes: *mut Node, tops: *mut u32, len: *mut u32, x: usize, i: usize) {
    // SAFETY: see the function's contract.
    unsafe {
        link_node_uncounted(nodes, tops, x, i);
        *len.add(i) += 1;
    }
}

/// [`link_node`] without counting the node in its item's length, for a caller that counts a
/// family of nodes of one item at once.
///
/// # Safety
///
/// As for [`link_node`].
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn link_node_uncounted(nodes: *mut Node, tops: *mut u32, x: usize, i: usize) {
    // SAFETY: see the function's contract.
    unsafe {
        link_node_links(nodes, x, i);
        tops.add(x).write(i as u32);
    }
}

/// The links of [`link_node_uncounted`], without the node's top (for a caller that writes the
/// tops of a block together).
///
/// # Safety
///
/// As for [`link_node`].
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn link_node_links(nodes: *mut Node, x: usize, i: usize) {
    // SAFETY: see the function's contract.
    unsafe {
        let last = (*nodes.add(i)).up;
        write_node(
            nodes,
            x,
            Node {
                up: last,
                down: i as u32,
            },
        );
        (*nodes.add(last as usize)).down = x as u32;
        (*nodes.add(i)).up = x as u32;
    }
}

/// Ends the option whose first node is `first` (`W` nodes written by `link_node`) and which
/// follows the spacer `spacer`: with a spacer of its own, or none in [blocks of
/// four](Matrix::quad) (`quad`). Returns the spacer the next option follows (in blocks of four,
/// the node before it).
///
/// # Safety
///
/// As for `link_node`: the option is within the reserved room, and so is its spacer.
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn close<const W: usize>(
    nodes: *mut Node,
    tops: *mut u32,
    spacer: usize,
    first: usize,
    quad: bool,
) -> usize {
    if quad {
        // No spacer: the next option's block follows at once.
        return first + W - 1;
    }
    // SAFETY: see the function's contract; `spacer` is the spacer before the option.
    unsafe {
        (*nodes.add(spacer)).down = (first + W - 1) as u32;
        nodes.add(first + W).write(Node {
            up: first as u32,
            down: 0,
        });
        tops.add(first + W).write(SPACER);
    }
    first + W
}

/// Everything a search changes, for tests.
#[cfg(test)]
pub(crate) type Snapshot = (Vec<u32>, Vec<Node>, Vec<u8>);

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
            quad: false,
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
            stacks: super::search::Stacks::default(),
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
        // Tags are worked out from `len` before a search (`refresh_tags`); they need only room.
        if self.tag.len() < total + 2 {
            self.tag.resize(total + 2, TAG_COVERED);
        }
        self.tags_stale = true;
        self.narrow = false;
        self.quad = false;
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

        if self.quad {
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

    /// The checks of [`add_options`](Self::add_options).
    fn check_options<const W: usize, T: ItemNumber>(
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
    fn link_options<const W: usize, T: ItemNumber>(
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
        let quad = W == 4 && (self.quad || option == 0);
        if self.quad && !quad {
            self.lay_out_spaced();
        }
        if quad {
            self.quad = true;
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
        self.nodes.reserve(most * stride);
        self.tops.reserve(most * stride);
        let mut sink = OptionSink {
            nodes: self.nodes.as_mut_ptr(),
            tops: self.tops.as_mut_ptr(),
            len: self.len.as_mut_ptr(),
            matrix: PhantomData,
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
        #[allow(unsafe_code)]
        // SAFETY: the sink wrote every node and top of its `count` options, `base..base + count
        // * stride`, within the capacity reserved above (see `OptionSink::push`).
        unsafe {
            self.nodes.set_len(base + count * stride);
            self.tops.set_len(base + count * stride);
        }
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

    /// Appends the option held in `scratch` (internal item numbers) to the arena.
    fn link_option(&mut self, option: usize) {
        debug_assert_eq!(option, self.option_start.len());
        let spacer_before = self.nodes.len() - 1;
        let first = spacer_before + 1;
        let end = first + self.scratch.len();
        // Grow the arena once, then write through plain slices: pushing node by node made the
        // compiler reload and store the vector's length around every link.
        self.nodes.resize(end + 1, Node::default());
        self.tops.resize(end + 1, SPACER);
        let nodes = &mut self.nodes[..];
        let len = &mut self.len[..];
        for (x, &i) in (first..end).zip(&self.scratch) {
            let last = nodes[i as usize].up;
            nodes[x] = Node { up: last, down: i };
            self.tops[x] = i;
            nodes[last as usize].down = x as u32;
            nodes[i as usize].up = x as u32;
            len[i as usize] += 1;
        }
        nodes[spacer_before].down = (end - 1) as u32;
        nodes[end] = Node {
            up: first as u32,
            down: 0,
        };
        self.option_start.push(first as u32);
        self.tags_stale = true;
    }

    /// Lays the matrix out with spacers again (see [`quad`](Self::quad)): its options are linked
    /// anew, in the same order, for an option of another width to follow them. Only between
    /// searches, with `len` up to date.
    fn lay_out_spaced(&mut self) {
        let options: Vec<u32> = (0..self.option_count())
            .filter_map(|k| self.option_first(k))
            .flat_map(|start| {
                let start = start as usize;
                self.tops
                    .get(start..start + 4)
                    .unwrap_or_default()
                    .iter()
                    .copied()
            })
            .collect();
        self.quad = false;
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
        for items in options.chunks_exact(4) {
            self.scratch.clear();
            self.scratch.extend_from_slice(items);
            self.link_option(self.option_start.len());
        }
        self.scratch = waiting;
    }

    /// Recomputes the tags from `len` after options were added (adding keeps only `len` up to
    /// date: it is cheaper to work the tags out once, before a search).
    pub(crate) fn refresh_tags(&mut self) {
        if !self.tags_stale {
            return;
        }
        let n = self.items_total as usize;
        for (tag, &len) in self.tag[1..=n].iter_mut().zip(&self.len[1..=n]) {
            *tag = tag_of(len);
        }
        self.tags_stale = false;
        // Narrow when no tag reached the cap (a tag is its length below it). A fold over the
        // bytes rather than `all`, which stops early and so is not vectorised; the bytes rather
        // than the 32-bit lengths, whose unsigned maximum has no SSE2 instruction (about 1,000
        // instructions a 9×9 puzzle against 100).
        self.narrow = self.tag[1..=n].iter().fold(0, |a, &t| a.max(t)) < TAG_CAP as u8;
    }

    /// Leaves narrow mode: brings `len` up to date from the tags, for adding options (which
    /// count in `len`). Only between searches, when no item is covered.
    fn widen(&mut self) {
        if !self.narrow {
            return;
        }
        let n = self.items_total as usize;
        for (len, &tag) in self.len[1..=n].iter_mut().zip(&self.tag[1..=n]) {
            *len = u32::from(tag);
        }
        self.narrow = false;
    }

    /// The number of options an active item has left.
    #[inline(always)]
    pub(crate) fn length(&self, i: u32) -> u32 {
        if self.narrow {
            u32::from(self.tag[i as usize])
        } else {
            self.len[i as usize]
        }
    }

    /// Item `i` loses an option: in narrow mode one byte decremented, otherwise the exact length
    /// and the tag worked out from it.
    #[inline(always)]
    fn shorten<const N: bool>(&mut self, i: u32) {
        if N {
            *tg!(self, i) -= 1;
        } else {
            let len = *ln!(self, i) - 1;
            *ln!(self, i) = len;
            *tg!(self, i) = tag_of(len);
        }
    }

    /// Undoes [`shorten`](Self::shorten).
    #[inline(always)]
    fn lengthen<const N: bool>(&mut self, i: u32) {
        if N {
            *tg!(self, i) += 1;
        } else {
            let len = *ln!(self, i) + 1;
            *ln!(self, i) = len;
            *tg!(self, i) = tag_of(len);
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
        if self.quad {
            self.blocks as usize
        } else {
            self.option_start.len()
        }
    }

    /// The first node of option `k` (`None` if there is no such option).
    pub(crate) fn option_first(&self, k: usize) -> Option<u32> {
        if self.quad {
            (k < self.blocks as usize).then(|| self.blocks_from + 4 * k as u32)
        } else {
            self.option_start.get(k).copied()
        }
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: OptionId) -> impl Iterator<Item = ItemId> + '_ {
        let tops: &[u32] = match self.option_first(option.index()) {
            Some(start) => self.tops.get(start as usize..).unwrap_or_default(),
            None => &[],
        };
        let width = if self.quad { 4 } else { usize::MAX };
        tops.iter()
            .take(width)
            .take_while(|&&top| top != SPACER)
            .map(|&top| ItemId(top - 1))
    }

    /// Undoes what a lazily restoring search left behind, from its stacks, so the links are
    /// exactly as they were before it.
    pub(crate) fn restore(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let mut stacks = std::mem::take(&mut self.stacks);
        stacks.unwind(self, pending);
        self.stacks = stacks;
    }

    /// Starts a search for the solutions of this problem. See [`Search`](super::Search).
    pub fn search(&mut self) -> super::Search<'_> {
        super::Search::new(self)
    }

    /// The option a (non-spacer, non-header) node belongs to.
    pub(crate) fn option_of(&self, node: u32) -> OptionId {
        if self.quad {
            return OptionId(node.saturating_sub(self.blocks_from) / 4);
        }
        let k = self.option_start.partition_point(|&s| s <= node);
        OptionId(k.saturating_sub(1) as u32)
    }

    /// Chooses the item to branch on (step X3): fewest active options, leftmost on ties. Returns
    /// [`ROOT`] when no primary item is active (step X2: a solution).
    ///
    /// The scan reads the primary items' one-byte tags straight through, covered ones included
    /// (their tag is above every length): a straight read of a small byte array is a few vector
    /// instructions per 32 or 64 items, where walking a list of active items would wait for each
    /// link to load before reading the next. It finds the smallest tag (see [`lowest_avx2`] and
    /// [`lowest`]), then the first item with it. Only if every active item has [`TAG_CAP`] or
    /// more options does it read the exact lengths. Returns the item with its number of options
    /// (which the scan found, so the search need not look it up again).
    #[inline(always)]
    pub(crate) fn choose(&self) -> (u32, u32) {
        let tags = &self.tag[1..=self.primary as usize];
        #[cfg(target_arch = "x86_64")]
        let (best, k) = if tags.len() >= 32 && has_avx2() {
            #[allow(unsafe_code)]
            // SAFETY: the CPU has AVX2, just checked.
            unsafe {
                lowest_avx2(tags)
            }
        } else {
            lowest(tags)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (best, k) = lowest(tags);
        if u32::from(best) >= TAG_CAP {
            if best == TAG_COVERED {
                return (ROOT, 0);
            }
            return self.choose_exact();
        }
        (k as u32 + 1, u32::from(best))
    }

    /// [`choose`](Self::choose) from the exact lengths, for items with more than [`TAG_CAP`]
    /// options.
    #[cold]
    fn choose_exact(&self) -> (u32, u32) {
        let lens = &self.len[1..=self.primary as usize];
        let mut best = 0;
        let mut best_len = u32::MAX;
        for (k, &len) in lens.iter().enumerate() {
            if len < best_len {
                best = k;
                best_len = len;
            }
        }
        (best as u32 + 1, best_len)
    }

    /// Covers item `i`: hides every option that contains it and tags it covered.
    /// Returns the number of links changed. `N`: the matrix is [narrow](Self::narrow).
    #[inline(always)]
    pub(crate) fn cover<const N: bool, const Q: bool>(&mut self, i: u32) -> u64 {
        let mut updates = 0;
        let mut p = nd!(self, i).down;
        while p != i {
            updates += self.hide::<N, Q>(p);
            p = nd!(self, p).down;
        }
        if N {
            // Hiding never touches a covered item, so its length at this point is the one to
            // give back when it is uncovered.
            *ln!(self, i) = u32::from(*tg!(self, i));
        } else {
            *ln!(self, i) += COVERED;
        }
        *tg!(self, i) = TAG_COVERED;
        updates + 1
    }

    /// Undoes [`cover`](Self::cover). It must run in the exact reverse order: options are unhidden
    /// bottom to top (the reverse of the top-to-bottom hiding), so that each node is put back
    /// between the very neighbours it was taken from, which still point at it: the links of a
    /// removed node are never touched, and that is what makes dancing links work.
    #[inline]
    pub(crate) fn uncover<const N: bool, const Q: bool>(&mut self, i: u32) {
        let mut p = nd!(self, i).up;
        while p != i {
            self.unhide::<N, Q>(p);
            p = nd!(self, p).up;
        }
        if N {
            *tg!(self, i) = *ln!(self, i) as u8;
        } else {
            let len = *ln!(self, i) - COVERED;
            *ln!(self, i) = len;
            *tg!(self, i) = tag_of(len);
        }
    }

    /// Hides the option of node `p` from the lists of its other items (Knuth's `hide`): walks
    /// right from `p` to the spacer, then from the option's first node (the spacer's `up`) back
    /// to `p`. Returns the number of links changed.
    ///
    /// Two loops rather than one walk that tests for the spacer at every node: the first needs
    /// no test for `p` (it lies to the left) and the second none for a spacer (none lies between
    /// the first node and `p`), and the count of links changed is the option's width, worked out
    /// once. (See the `dlx` docs for what it saved.) `Q`: the matrix is in
    /// [blocks of four](Self::quad), where the other nodes are `p ^ 1`, `p ^ 2`, `p ^ 3`.
    #[inline]
    fn hide<const N: bool, const Q: bool>(&mut self, p: u32) -> u64 {
        if Q {
            // Blocks of four: the other nodes are `p ^ 1`, `p ^ 2` and `p ^ 3`, no walk at all.
            for k in 1..4 {
                self.unlink::<N>(p ^ k, tp!(self, p ^ k));
            }
            return 3;
        }
        let mut q = p + 1;
        loop {
            let top = tp!(self, q);
            if top == SPACER {
                break;
            }
            self.unlink::<N>(q, top);
            q += 1;
        }
        let (spacer, first) = (q, nd!(self, q).up);
        let mut q = first;
        while q != p {
            self.unlink::<N>(q, tp!(self, q));
            q += 1;
        }
        u64::from(spacer - first - 1)
    }

    /// Takes node `q` (of item `top`) out of its item's list.
    #[inline(always)]
    fn unlink<const N: bool>(&mut self, q: u32, top: u32) {
        let Node { up, down } = *nd!(self, q);
        nd!(self, up).down = down;
        nd!(self, down).up = up;
        self.shorten::<N>(top);
    }

    /// Puts node `q` (of item `top`) back into its item's list, between the neighbours it was
    /// taken from.
    #[inline(always)]
    fn relink<const N: bool>(&mut self, q: u32, top: u32) {
        let Node { up, down } = *nd!(self, q);
        nd!(self, up).down = q;
        nd!(self, down).up = q;
        self.lengthen::<N>(top);
    }

    /// Undoes [`hide`](Self::hide), walking left, the exact reverse: from `p` to the spacer
    /// before the option, then from the option's last node (that spacer's `down`) back to `p`.
    #[inline]
    fn unhide<const N: bool, const Q: bool>(&mut self, p: u32) {
        if Q {
            for k in (1..4).rev() {
                self.relink::<N>(p ^ k, tp!(self, p ^ k));
            }
            return;
        }
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

    /// Takes the option of node `p` out of every item list, its own included: hides it from its
    /// other items, then unlinks `p`. Returns the number of links changed.
    #[inline]
    pub(crate) fn remove_option<const N: bool, const Q: bool>(&mut self, p: u32) -> u64 {
        let updates = self.hide::<N, Q>(p);
        let (Node { up, down }, top) = (*nd!(self, p), tp!(self, p));
        nd!(self, up).down = down;
        nd!(self, down).up = up;
        self.shorten::<N>(top);
        updates + 1
    }

    /// Undoes [`remove_option`](Self::remove_option), in the reverse order.
    #[inline]
    pub(crate) fn restore_option<const N: bool, const Q: bool>(&mut self, p: u32) {
        let (Node { up, down }, top) = (*nd!(self, p), tp!(self, p));
        nd!(self, up).down = p;
        nd!(self, down).up = p;
        self.lengthen::<N>(top);
        self.unhide::<N, Q>(p);
    }

    /// Pruning by pairs (see the module docs): for every active primary item with exactly two
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
    pub(crate) fn prune(
        &mut self,
        trail: &mut Vec<u32>,
        before: Option<&[u8]>,
        pairs_of_pairs: bool,
        width: u8,
    ) -> u64 {
        let mut updates = self.prune_pairs(trail, before);
        if width > 2 {
            updates += self.prune_changed(before, |m, a, tag| {
                if (3..=width).contains(&tag) {
                    m.prune_wide(a, tag as usize, trail)
                } else {
                    0
                }
            });
        }
        if pairs_of_pairs {
            updates += self.prune_changed(before, |m, a, tag| {
                if tag == 2 {
                    m.prune_two_pairs(a, trail)
                } else {
                    0
                }
            });
        }
        updates
    }

    /// Calls `rule(self, a, tag)` for every primary item `a` whose tag differs from its tag in
    /// `before` (every item if there is none), and adds up what it returns. Eight items whose
    /// tags are all unchanged are passed over with one comparison.
    fn prune_changed(
        &mut self,
        before: Option<&[u8]>,
        mut rule: impl FnMut(&mut Self, u32, u8) -> u64,
    ) -> u64 {
        let mut updates = 0;
        let primary = self.primary as usize;
        let mut base = 1;
        while base <= primary {
            let end = (base + 8).min(primary + 1);
            if let Some(b) = before
                && word(&b[base - 1..end - 1]) == word(&self.tag[base..end])
            {
                base = end;
                continue;
            }
            for a in base..end {
                let tag = self.tag[a];
                if before.is_none_or(|b| b[a - 1] != tag) {
                    updates += rule(self, a as u32, tag);
                }
            }
            base = end;
        }
        updates
    }

    /// The pairs part of [`prune`](Self::prune).
    fn prune_pairs(&mut self, trail: &mut Vec<u32>, before: Option<&[u8]>) -> u64 {
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
                    updates += self.prune_item(a as u32, trail);
                }
            }
            base = end;
        }
        updates
    }

    /// [`prune`](Self::prune) for one item `a` with two options.
    fn prune_item(&mut self, a: u32, trail: &mut Vec<u32>) -> u64 {
        let first = nd!(self, a).down;
        let second = nd!(self, first).down;
        let memo = self.memo[a as usize];
        let (meet_first, meet_second) = if memo.generation == self.memo_generation
            && memo.first == first
            && memo.second == second
            && memo.meet_first != MANY_PAIRS
        {
            (memo.meet_first, memo.meet_second)
        } else {
            let (meet_first, meet_second) = self.meeting(first, second);
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
                let mut q = self.next_node(first);
                while q != first {
                    if let Some(q2) = self.node_in(second, tp!(self, q)) {
                        updates += self.prune_others(q, q2, trail);
                    }
                    q = self.next_node(q);
                }
                updates
            }
            _ => self.prune_others(meet_first, meet_second, trail),
        }
    }

    /// [`prune`](Self::prune) for one item `a` with `k` options (3 to [`MAX_PRUNE_WIDTH`]): every
    /// item that all of them contain loses its other options.
    fn prune_wide(&mut self, a: u32, k: usize, trail: &mut Vec<u32>) -> u64 {
        if k > MAX_PRUNE_WIDTH {
            return 0;
        }
        let mut updates = 0;
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
        updates
    }

    /// The items of the option of node `p`, each with its node, into `out`; `None` if it has more
    /// than `out` holds.
    fn nodes_of(&self, p: u32, out: &mut [(u32, u32)]) -> Option<usize> {
        let mut n = 0;
        let mut q = p;
        loop {
            *out.get_mut(n)? = (tp!(self, q), q);
            n += 1;
            q = self.next_node(q);
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
    /// the other is, on a sudoku, what the pair rule finds anyway (skipping them changed the
    /// 16×16 test3 trees by 0.01%).
    fn prune_two_pairs(&mut self, a: u32, trail: &mut Vec<u32>) -> u64 {
        let a1 = nd!(self, a).down;
        let a2 = nd!(self, a1).down;
        let mut partners = std::mem::take(&mut self.partners);
        partners.clear();
        let mut items = [(0u32, 0u32); 16];
        let mut own = [0u32; 32];
        let mut owned = 0;
        for (pi, p) in [a1, a2].into_iter().enumerate() {
            let Some(n) = self.nodes_of(p, &mut items) else {
                continue;
            };
            for &(t, tp) in &items[..n] {
                own[owned] = t;
                owned += 1;
                if t == a {
                    continue;
                }
                let mut r = nd!(self, t).down;
                while r != t {
                    if r != tp {
                        let mut q = self.next_node(r);
                        while q != r {
                            let top = tp!(self, q);
                            if top != a && top <= self.primary && self.tag[top as usize] == 2 {
                                // Which option of `top` this is: its first or its second.
                                let j = u32::from(nd!(self, top).down != q);
                                partners.push((top, 1 << (2 * pi as u32 + j)));
                            }
                            q = self.next_node(q);
                        }
                    }
                    r = nd!(self, r).down;
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
                updates += self.prune_pair_with(a, b, trail);
            }
        }
        self.partners = partners;
        updates
    }

    /// [`prune_two_pairs`](Self::prune_two_pairs) for items `a` and `b`. Of the four
    /// combinations of an option of each, only those that do not clash can be in a solution
    /// (an option holding both counts once). Four or three of them teach nothing the pair rule
    /// does not (what they all cover is what both options of `a`, or both of `b`, cover), so
    /// only one or two are looked into: with one, both items are forced; with two, as in a naked
    /// or hidden pair, what both cover goes from everywhere else.
    fn prune_pair_with(&mut self, a: u32, b: u32, trail: &mut Vec<u32>) -> u64 {
        if self.tag[a as usize] != 2 || self.tag[b as usize] != 2 {
            return 0;
        }
        let a1 = nd!(self, a).down;
        let a2 = nd!(self, a1).down;
        let b1 = nd!(self, b).down;
        let b2 = nd!(self, b1).down;
        let options = [a1, a2, b1, b2];
        // The items of the four options with their nodes, one after another.
        const MOST: usize = 16;
        let mut items = [(0u32, 0u32); 4 * MOST];
        let mut start = [0usize; 5];
        for (k, &p) in options.iter().enumerate() {
            let at = start[k];
            let Some(n) = self.nodes_of(p, &mut items[at..at + MOST]) else {
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
            updates += self.prune_except(x, &keep[..count], trail);
        }
        updates
    }

    /// Removes every option of item `b` except those of the nodes in `keep`.
    fn prune_except(&mut self, b: u32, keep: &[u32], trail: &mut Vec<u32>) -> u64 {
        let mut updates = 0;
        let mut r = nd!(self, b).down;
        while r != b {
            // A removed node keeps its own links, so the walk goes on from it.
            if !keep.contains(&r) {
                updates += in_mode!(self, remove_option(r));
                trail.push(r);
            }
            r = nd!(self, r).down;
        }
        updates
    }

    /// Where the options of nodes `first` and `second` meet in an item other than their own
    /// (`top(first)`): the two nodes of that item, or [`NO_PAIR`] / [`MANY_PAIRS`].
    fn meeting(&self, first: u32, second: u32) -> (u32, u32) {
        #[cfg(target_arch = "x86_64")]
        if self.quad {
            return self.meeting_in_blocks(first, second);
        }
        let mut found = (NO_PAIR, NO_PAIR);
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
        found
    }

    /// [`meeting`](Self::meeting) in [blocks of four](Self::quad), without a walk or a branch
    /// per node: the two blocks' items are compared all against all, four at a time (SSE2, which
    /// every x86-64 processor has), and the one pair that is the two nodes' own item is dropped.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn meeting_in_blocks(&self, first: u32, second: u32) -> (u32, u32) {
        use std::arch::x86_64::{
            __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
            _mm_shuffle_epi32,
        };
        let (a, b) = (first & !3, second & !3);
        debug_assert!(a.max(b) as usize + 4 <= self.tops.len());
        let tops = self.tops.as_ptr();
        #[allow(unsafe_code)]
        // SAFETY: in blocks of four every option is four nodes from a multiple of four, all within
        // the arena, and `first` and `second` are nodes of options, so both loads are in bounds;
        // SSE2 is part of every x86-64 processor.
        let all = unsafe {
            let ta = _mm_loadu_si128(tops.add(a as usize).cast());
            let tb = _mm_loadu_si128(tops.add(b as usize).cast());
            let equal = |rotated: __m128i| {
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(ta, rotated))) as u32
            };
            // Bit 4r + i: item i of the first block is item (i + r) mod 4 of the second.
            equal(tb)
                | equal(_mm_shuffle_epi32::<0b00_11_10_01>(tb)) << 4
                | equal(_mm_shuffle_epi32::<0b01_00_11_10>(tb)) << 8
                | equal(_mm_shuffle_epi32::<0b10_01_00_11>(tb)) << 12
        };
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

    /// Node `x`, read without a bounds check (see `at!`).
    #[inline(always)]
    fn node(&self, x: u32) -> Node {
        at!(self.nodes, x)
    }

    /// The node after `q` in its option, going round: after the last node, the first. In
    /// [blocks of four](Self::quad) that is arithmetic; otherwise the next node, unless it is
    /// the spacer, whose `up` is the option's first node.
    #[inline(always)]
    fn next_node(&self, q: u32) -> u32 {
        if self.quad {
            (q & !3) | ((q + 1) & 3)
        } else if tp!(self, q + 1) == SPACER {
            self.node(q + 1).up
        } else {
            q + 1
        }
    }

    /// The node of item `item` in the option of node `p`, other than `p` itself, if any.
    fn node_in(&self, p: u32, item: u32) -> Option<u32> {
        let mut q = self.next_node(p);
        while q != p {
            if tp!(self, q) == item {
                return Some(q);
            }
            q = self.next_node(q);
        }
        None
    }

    /// Removes every option of the item of nodes `keep_first` and `keep_second` except theirs.
    #[inline(always)]
    fn prune_others(&mut self, keep_first: u32, keep_second: u32, trail: &mut Vec<u32>) -> u64 {
        // Most items met have only those two options: checked here, without a call.
        if self.length(tp!(self, keep_first)) <= 2 {
            return 0;
        }
        self.remove_others(keep_first, keep_second, trail)
    }

    /// [`prune_others`](Self::prune_others) for an item with options to remove.
    #[inline(never)]
    fn remove_others(&mut self, keep_first: u32, keep_second: u32, trail: &mut Vec<u32>) -> u64 {
        let b = tp!(self, keep_first);
        let mut updates = 0;
        let mut r = nd!(self, b).down;
        while r != b {
            // A removed node keeps its own links, so the walk goes on from it.
            if r != keep_first && r != keep_second {
                updates += in_mode!(self, remove_option(r));
                trail.push(r);
            }
            r = nd!(self, r).down;
        }
        updates
    }

    /// Covers every item of the option of node `x` except `top(x)`, left to right (step X5):
    /// right to the spacer, then from the option's first node, as [`hide`](Self::hide) walks (in
    /// blocks of four, the items of `x ^ 1`, `x ^ 2`, `x ^ 3`: the order changes nothing, see
    /// the `dlx` docs).
    #[inline]
    pub(crate) fn cover_others<const N: bool, const Q: bool>(&mut self, x: u32) -> u64 {
        let mut updates = 0;
        if Q {
            for k in 1..4 {
                updates += self.cover::<N, Q>(tp!(self, x ^ k));
            }
            return updates;
        }
        let mut p = x + 1;
        loop {
            let top = tp!(self, p);
            if top == SPACER {
                break;
            }
            updates += self.cover::<N, Q>(top);
            p += 1;
        }
        let mut p = nd!(self, p).up;
        while p != x {
            updates += self.cover::<N, Q>(tp!(self, p));
            p += 1;
        }
        updates
    }

    /// Undoes [`cover_others`](Self::cover_others), right to left (step X6).
    #[inline]
    pub(crate) fn uncover_others<const N: bool, const Q: bool>(&mut self, x: u32) {
        if Q {
            for k in (1..4).rev() {
                self.uncover::<N, Q>(tp!(self, x ^ k));
            }
            return;
        }
        let mut p = x - 1;
        loop {
            let top = tp!(self, p);
            if top == SPACER {
                break;
            }
            self.uncover::<N, Q>(top);
            p -= 1;
        }
        let mut p = nd!(self, p).down;
        while p != x {
            self.uncover::<N, Q>(tp!(self, p));
            p -= 1;
        }
    }

    /// Checks every link of the structure, like `dlx1.w`'s `sanity()`: every up/down pair agrees,
    /// every node in an item's list belongs to that item, and every `len` equals the length of its
    /// list. Panics on the first fault.
    #[cfg(test)]
    pub(crate) fn check_invariants(&self) {
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
            let len = match (self.narrow, self.tag[i as usize]) {
                (true, TAG_COVERED) => self.len[i as usize],
                (true, tag) => u32::from(tag),
                (false, _) => self.len[i as usize] & !COVERED,
            };
            assert_eq!(len, count, "len of item {i}");
        }
    }

    /// A full copy of the links, to check that a search restores them exactly.
    #[cfg(test)]
    pub(crate) fn snapshot(&self) -> Snapshot {
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
        assert!(m.quad);
        let mut one_by_one = Matrix::new(11, 0).unwrap();
        let options = [[0, 3, 6, 8], [0, 5, 6, 10], [1, 4, 7, 9], [1, 5, 6, 10]];
        one_by_one.add_options(&options).unwrap();
        assert!(one_by_one.quad);
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

    /// A naked pair: cells A and B can only hold X or Y, so C (which could also hold Z) loses
    /// X and Y. Pairs alone see nothing here; pairs of pairs remove exactly those two options,
    /// and putting them back restores the matrix.
    #[test]
    fn pairs_of_pairs_find_a_naked_pair() {
        let (a, b, c, x, y, z) = (0, 1, 2, 3, 4, 5);
        let mut m = Matrix::new(6, 0).unwrap();
        for o in [[a, x], [a, y], [b, x], [b, y], [c, x], [c, y], [c, z]] {
            m.add_option(o).unwrap();
        }
        m.refresh_tags();
        let before = m.snapshot();
        let mut trail = Vec::new();
        assert_eq!(m.prune(&mut trail, None, false, 2), 0);
        assert!(trail.is_empty());

        assert!(m.prune(&mut trail, None, true, 2) > 0);
        m.check_invariants();
        let mut removed: Vec<usize> = trail.iter().map(|&p| m.option_of(p).index()).collect();
        removed.sort();
        assert_eq!(removed, vec![4, 5], "C keeps only Z");
        assert_eq!(m.length(c as u32 + 1), 1);
        while let Some(p) = trail.pop() {
            in_mode!(m, restore_option(p));
        }
        assert_eq!(m.snapshot(), before);
    }

    /// Covers each item of `m` in turn, checking the links, and uncovers it, which must give
    /// back `before` exactly.
    fn cover_each_and_undo(m: &mut Matrix, before: &Snapshot) {
        for i in 1..=m.items_total {
            in_mode!(m, cover(i));
            m.check_invariants();
            in_mode!(m, uncover(i));
            assert_eq!(&m.snapshot(), before);
        }
    }

    #[test]
    fn cover_and_uncover_restore_everything() {
        let mut m = Matrix::new(4, 1).unwrap();
        for o in [
            vec![0, 1],
            vec![1, 2, 4],
            vec![0, 3],
            vec![2, 3, 4],
            vec![3],
        ] {
            m.add_option(o).unwrap();
        }
        let before = m.snapshot();
        m.refresh_tags();
        // Both ways of keeping the lengths: exact `len` (wide), then the tags alone (narrow).
        for narrow in [false, true] {
            m.widen();
            m.narrow = narrow;
            cover_each_and_undo(&mut m, &before);
            in_mode!(m, cover(2));
            in_mode!(m, cover(4));
            m.check_invariants();
            in_mode!(m, uncover(4));
            in_mode!(m, uncover(2));
            assert_eq!(m.snapshot(), before);
        }
    }

    /// Options of four items are laid out in blocks of four (no spacers), as long as every
    /// option is; the links, the read-back and the decoding are those of the same options with
    /// spacers, and an option of another width lays the matrix out with spacers again.
    #[test]
    fn blocks_of_four_are_linked_like_spaced_options_and_undo_exactly() {
        let options = [
            [0, 1, 4, 5],
            [1, 2, 5, 6],
            [0, 3, 6, 7],
            [2, 3, 4, 7],
            [0, 2, 5, 7],
        ];
        let mut quad = Matrix::new(4, 4).unwrap();
        quad.add_options(&options).unwrap();
        assert!(quad.quad);
        // Every block starts at a multiple of four.
        assert!((0..options.len()).all(|k| quad.option_first(k).unwrap().is_multiple_of(4)));
        // Two batches make the same blocks as one, numbered on from the first.
        let mut halves = Matrix::new(4, 4).unwrap();
        halves.add_options(&options[..2]).unwrap();
        halves.add_options(&options[2..]).unwrap();
        assert!(halves.quad);
        assert_eq!(halves.snapshot(), quad.snapshot());
        assert_eq!(halves.option_count(), options.len());
        assert_eq!(
            halves.option_of(halves.option_first(4).unwrap() + 3),
            OptionId(4)
        );
        let mut spaced = Matrix::new(4, 4).unwrap();
        for o in &options {
            spaced.add_option(o.iter().copied()).unwrap();
        }
        assert!(!spaced.quad);
        for m in [&quad, &spaced] {
            m.check_invariants();
            for (k, o) in options.iter().enumerate() {
                let items: Vec<usize> = m
                    .option_items(OptionId(k as u32))
                    .map(ItemId::index)
                    .collect();
                assert_eq!(items, o);
                let start = m.option_first(k).unwrap();
                for x in start..start + 4 {
                    assert_eq!(m.option_of(x), OptionId(k as u32));
                    // Going round an option from any of its nodes visits all four once.
                    let mut seen = vec![x];
                    let mut q = m.next_node(x);
                    while q != x {
                        seen.push(q);
                        q = m.next_node(q);
                    }
                    seen.sort_unstable();
                    assert_eq!(seen, (start..start + 4).collect::<Vec<_>>());
                }
            }
        }
        // Each item's list holds the same options in the same order both ways.
        let lists = |m: &Matrix| -> Vec<Vec<OptionId>> {
            (1..=8u32)
                .map(|i| {
                    let mut list = Vec::new();
                    let mut p = m.nodes[i as usize].down;
                    while p != i {
                        list.push(m.option_of(p));
                        p = m.nodes[p as usize].down;
                    }
                    list
                })
                .collect()
        };
        assert_eq!(lists(&quad), lists(&spaced));
        // Covering, hiding and removing undo exactly, narrow and wide.
        let before = quad.snapshot();
        quad.refresh_tags();
        for narrow in [false, true] {
            quad.widen();
            quad.narrow = narrow;
            cover_each_and_undo(&mut quad, &before);
            let x = quad.nodes[1].down;
            let (a, b) = (in_mode!(quad, cover(1)), in_mode!(quad, cover_others(x)));
            assert_eq!(
                (a, b),
                (
                    in_mode!(spaced, cover(1)),
                    in_mode!(spaced, cover_others(spaced.nodes[1].down))
                )
            );
            quad.check_invariants();
            in_mode!(quad, uncover_others(x));
            in_mode!(quad, uncover(1));
            in_mode!(spaced, uncover_others(spaced.nodes[1].down));
            in_mode!(spaced, uncover(1));
            in_mode!(quad, remove_option(x));
            quad.check_invariants();
            in_mode!(quad, restore_option(x));
            assert_eq!(quad.snapshot(), before);
        }
        // More options of four stay in blocks; one of three lays everything out with spacers.
        quad.add_options(&[[1, 3, 4, 6]]).unwrap();
        assert!(quad.quad);
        quad.add_option([0, 2, 6]).unwrap();
        assert!(!quad.quad);
        quad.add_options(&[[3, 5, 6, 7]]).unwrap();
        assert!(!quad.quad);
        spaced.add_option([1, 3, 4, 6]).unwrap();
        spaced.add_option([0, 2, 6]).unwrap();
        spaced.add_options(&[[3, 5, 6, 7]]).unwrap();
        assert!(!spaced.quad);
        quad.check_invariants();
        assert_eq!(quad.snapshot(), spaced.snapshot());
        for k in 0..quad.option_count() {
            let o = OptionId(k as u32);
            assert!(quad.option_items(o).eq(spaced.option_items(o)));
        }
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
    fn first_equal_finds_the_first_match_in_every_place() {
        for len in [0, 5, 8, 64, 70] {
            let mut block = vec![7u8; len];
            assert_eq!(first_equal(&block, 3), len);
            for at in (0..len).rev() {
                block[at] = 3;
                // A byte one below the value must not be taken for it (the borrow of `x - LOW`).
                if at + 1 < len {
                    block[at + 1] = 2;
                }
                assert_eq!(first_equal(&block, 3), at, "len {len}");
            }
            assert_eq!(first_equal(&block, 255), len);
        }
    }

    #[test]
    fn first_equal_block_agrees_with_first_equal() {
        let mut block = [9u8; BLOCK];
        assert_eq!(first_equal_block(&block, 3), BLOCK);
        for at in (0..BLOCK).rev() {
            block[at] = 3;
            if at + 1 < BLOCK {
                block[at + 1] = 2;
            }
            for value in [2, 3, 9, 255] {
                assert_eq!(
                    first_equal_block(&block, value),
                    first_equal(&block, value),
                    "{at} {value}"
                );
            }
        }
    }

    /// A small linear congruential generator (Knuth's MMIX constants): repeatable test data
    /// without a dependency.
    fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed
        }
    }

    #[test]
    fn both_scans_find_the_first_smallest_tag() {
        let mut random = lcg(12345);
        let mut next = || (random() >> 33) as u8;
        for n in 32..=300 {
            for spread in [2u8, 5, 255] {
                let tags: Vec<u8> = (0..n).map(|_| next() % spread + 1).collect();
                let best = *tags.iter().min().unwrap();
                let first = tags.iter().position(|&t| t == best).unwrap();
                check_scans(&tags, (best, first));
            }
            // The smallest only in the overlapping tail, and only in the last place.
            let mut tags = vec![7u8; n];
            tags[n - 1] = 3;
            check_scans(&tags, (3, n - 1));
        }
        for n in 1..32 {
            let tags: Vec<u8> = (0..n).map(|_| next() % 4 + 1).collect();
            let best = *tags.iter().min().unwrap();
            check_scans(&tags, (best, tags.iter().position(|&t| t == best).unwrap()));
        }
    }

    #[test]
    fn options_in_blocks_meet_where_a_comparison_by_hand_says() {
        let mut random = lcg(7);
        let mut next = |k: u64| (random() >> 33) % k;
        for _ in 0..200 {
            // Options of four distinct items out of six: pairs of them share one to four items.
            let options: Vec<[usize; 4]> = (0..12)
                .map(|_| {
                    let mut items = [0usize; 4];
                    let mut k = 0;
                    while k < 4 {
                        let i = next(6) as usize;
                        if !items[..k].contains(&i) {
                            items[k] = i;
                            k += 1;
                        }
                    }
                    items
                })
                .collect();
            let mut m = Matrix::new(6, 0).unwrap();
            m.add_options(&options).unwrap();
            assert!(m.quad);
            for item in 1..=6u32 {
                let mut nodes = Vec::new();
                let mut p = m.nodes[item as usize].down;
                while p != item {
                    nodes.push(p);
                    p = m.nodes[p as usize].down;
                }
                for &first in &nodes {
                    for &second in nodes.iter().filter(|&&q| q != first) {
                        let (a, b) = (first & !3, second & !3);
                        let pairs: Vec<(u32, u32)> = (0..16)
                            .map(|k| (a + k / 4, b + k % 4))
                            .filter(|&(q, q2)| {
                                q != first && m.tops[q as usize] == m.tops[q2 as usize]
                            })
                            .collect();
                        let expected = match pairs[..] {
                            [] => (NO_PAIR, NO_PAIR),
                            [one] => one,
                            _ => (MANY_PAIRS, MANY_PAIRS),
                        };
                        assert_eq!(m.meeting(first, second), expected, "{options:?}");
                    }
                }
            }
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

    /// Both scans for the smallest tag (the AVX2 one where the CPU has it, from 32 tags).
    fn check_scans(tags: &[u8], expected: (u8, usize)) {
        assert_eq!(lowest(tags), expected, "{tags:?}");
        #[cfg(target_arch = "x86_64")]
        if tags.len() >= 32 && has_avx2() {
            #[allow(unsafe_code)]
            // SAFETY: the CPU has AVX2, just checked.
            let found = unsafe { lowest_avx2(tags) };
            assert_eq!(found, expected, "{tags:?}");
        }
    }

    #[test]
    fn lengths_past_the_tag_cap_are_compared_exactly() {
        // Both items have more options than a tag tells apart: the exact lengths decide.
        let mut m = Matrix::new(2, 0).unwrap();
        m.add_options(&vec![[0]; 300]).unwrap();
        m.add_options(&vec![[1]; 260]).unwrap();
        let mut s = m.search();
        assert_eq!(
            s.step(),
            crate::dlx::Event::Chose {
                level: 0,
                item: ItemId(1),
                options: 260
            }
        );
        assert_eq!(s.count(u64::MAX), 300 * 260);
        drop(s);
        m.check_invariants();
        assert_eq!(m.tag[1..=2], [254, 254]);
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
