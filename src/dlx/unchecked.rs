//! The unchecked operations of the engine: every access to the arena without a bounds check,
//! and every use of vector instructions, each an unsafe function whose contract says what makes
//! it sound.
//!
//! * [`get`] and [`get_mut`]: an element of one of the matrix's arrays, without a bounds check;
//!   the shorthands `nd!`, `tp!`, `tg!` and `ln!` name the array (node, top, tag, length);
//! * [`Room`]: the builder's writes into the room reserved after the arena's end, and
//!   [`Room::close`], which makes what was written part of the arena;
//! * the vector code: [`equal_mask_sse2`] and [`blocks_meet`] (SSE2, which every x86-64
//!   processor has), and [`lowest_avx2`] and [`largest`], compiled for AVX2 and called only on
//!   a CPU found to have it;
//! * [`on_cpu`], which runs the search loop compiled for AVX2 and BMI where the CPU has them.
//!
//! # The boundary
//!
//! The engine's hot code indexes the arena a hundred times over, and a bounds check at each
//! index would be a compare and a branch in the middle of its chain of dependent loads. So the
//! accessors here are `unsafe fn`s, and so is every link operation built on them (cover,
//! uncover, hide, unhide, the walks round an option: `links.rs`; the pruning rules:
//! `prune.rs`; the sums' bounds: `bounds.rs`; the narrowing of same-values constraints:
//! `same_values.rs`; the linking of a family of options: `build.rs`;
//! undoing a search: `unwind.rs`).
//! Each states in a `# Safety` section what its arguments must be (an item number up to `n`,
//! a node of an option, room reserved), and each call stands in an `unsafe` block whose
//! `// SAFETY:` comment says why that holds there (clippy's `undocumented_unsafe_blocks`,
//! denied in `Cargo.toml`, sees that none is missing). Safe code can reach the arena only
//! through functions that check what they are given: building checks every item against the
//! number of items and the room it reserved, and a search finds its items by the scan for the
//! shortest and its nodes in the lists. The unsafe code is in these eight files of `src/dlx` and
//! nowhere else, and the arena (the matrix's arrays, its modes, the stacks of a search) and the
//! link operations are private to `src/dlx` (`pub(super)` at most); `tests/architecture.rs`
//! checks both.
//!
//! Beyond its arguments, every contract relies on one invariant of the matrix, kept by the
//! code of `src/dlx` alone (the fields are private to it):
//!
//! * every link stored in `nodes` is the index of a node (below `nodes.len()`, which is
//!   `tops.len()`), and every top is an item number up to `n` (below `len.len()`, which is at
//!   most `tag.len()` and `nodes.len()`): `reset` and the builders only store indices of nodes
//!   and items they made, and the link operations only copy links from one node to another;
//! * with spacers, every option lies between two spacers; in blocks (`quad`, `width`; see
//!   [`Matrix`](super::Matrix)), every option of `width` nodes starts at a multiple of
//!   `1 << shift`, within the arena; `layout` says which;
//! * every node in an item's list other than its header is a node of an option;
//! * an active item's length (its tag, or `len` where the tag is at the cap; see
//!   [`narrow`](super::Matrix)), and a covered item's `len` (less the covered mark outside a
//!   narrow matrix), is the number of those nodes: `cover` and `uncover` walk that many steps
//!   from the header;
//! * the stacks of a search (its choices and the pruner's trail), and those a lazily restoring
//!   search leaves with the matrix, hold nodes of options only.
//!
//! Debug builds assert every bound. With the cargo feature `checked`, every function here
//! checks its bound in release builds too (and the builder writes into initialised memory),
//! so the same tests run against an optimised build in which no access is unchecked; CI runs
//! the engine's tests that way, this crate compiled as for release (`cargo test --features
//! checked --config .ci/checked.toml`).

#![allow(unsafe_code)]

use std::marker::PhantomData;

use super::node::Node;

/// Asserts a bound: always with the `checked` feature, in debug builds otherwise.
macro_rules! bound {
    ($cond:expr) => {
        if cfg!(feature = "checked") {
            assert!($cond);
        } else {
            debug_assert!($cond);
        }
    };
}

/// `v[i]`, read without a bounds check.
///
/// # Safety
///
/// `i < v.len()`. For the matrix's arrays: `i` is a link or a top stored in the arena, or an
/// item number up to the number of items (the invariant in the module docs).
#[inline(always)]
pub(super) unsafe fn get<T: Copy>(v: &[T], i: usize) -> T {
    if cfg!(feature = "checked") {
        return v[i];
    }
    debug_assert!(i < v.len());
    // SAFETY: `i < v.len()` by the contract above.
    unsafe { *v.get_unchecked(i) }
}

/// The place `v[i]`, without a bounds check.
///
/// # Safety
///
/// `i < v.len()`, as for [`get`].
#[inline(always)]
pub(super) unsafe fn get_mut<T>(v: &mut [T], i: usize) -> &mut T {
    if cfg!(feature = "checked") {
        return &mut v[i];
    }
    debug_assert!(i < v.len());
    // SAFETY: `i < v.len()` by the contract above.
    unsafe { v.get_unchecked_mut(i) }
}

/// `m.nodes[i]`, as a place: [`get_mut`], so unsafe, and sound when `i` is a node (below
/// `m.nodes.len()`).
macro_rules! nd {
    ($m:expr, $i:expr) => {
        $crate::dlx::unchecked::get_mut(&mut $m.nodes, ($i) as usize)
    };
}
/// `m.tops[i]`, the item of node `i`: [`get`], so unsafe, and sound when `i` is a node.
macro_rules! tp {
    ($m:expr, $i:expr) => {
        $crate::dlx::unchecked::get(&$m.tops, ($i) as usize)
    };
}
/// `m.tag[i]`, item `i`'s tag, as a place: [`get_mut`], so unsafe, and sound when `i` is an
/// item number up to the number of items (`0..=n`).
macro_rules! tg {
    ($m:expr, $i:expr) => {
        $crate::dlx::unchecked::get_mut(&mut $m.tag, ($i) as usize)
    };
}
/// `m.len[i]`, item `i`'s length, as a place: [`get_mut`], so unsafe, and sound when `i` is an
/// item number up to the number of items (`0..=n`).
macro_rules! ln {
    ($m:expr, $i:expr) => {
        $crate::dlx::unchecked::get_mut(&mut $m.len, ($i) as usize)
    };
}
pub(super) use {bound, ln, nd, tg, tp};

/// The arena as the builder writes it: the nodes and their tops, with room reserved after their
/// ends, and the items' lengths. Plain pointers, so that the builder can keep them in registers
/// across its stores (the compiler would reload a vector's pointer after every store through
/// another); copied freely, and borrowing the three arrays for as long as it lives.
///
/// Its writes are sound when every index is below the end of the room (nodes and tops) or the
/// number of lengths, which [`OptionSink`](super::build::OptionSink) checks for a whole family
/// of options before linking it; its reads, when the node was there before or has been written.
#[derive(Clone, Copy)]
pub(super) struct Room<'m> {
    nodes: *mut Node,
    tops: *mut u32,
    len: *mut u32,
    /// How many nodes (and tops) and lengths the room holds, for the bounds asserted.
    room: usize,
    lengths: usize,
    arrays: PhantomData<&'m mut [u32]>,
}

impl<'m> Room<'m> {
    /// Room for `extra` more nodes and tops after the ends of `nodes` and `tops` (which have
    /// the same length), and the lengths `len`. Reserves it; with the `checked` feature, fills
    /// it with empty nodes, so that every access stays within initialised elements.
    pub(super) fn open(
        nodes: &'m mut Vec<Node>,
        tops: &'m mut Vec<u32>,
        len: &'m mut [u32],
        extra: usize,
    ) -> Self {
        debug_assert_eq!(nodes.len(), tops.len());
        let room = nodes.len() + extra;
        if cfg!(feature = "checked") {
            nodes.resize(room, Node::default());
            tops.resize(room, 0);
        } else {
            nodes.reserve(extra);
            tops.reserve(extra);
        }
        Room {
            nodes: nodes.as_mut_ptr(),
            tops: tops.as_mut_ptr(),
            len: len.as_mut_ptr(),
            room,
            lengths: len.len(),
            arrays: PhantomData,
        }
    }

    /// Ends the building: the first `used` nodes and tops are the arena now.
    ///
    /// # Safety
    ///
    /// `nodes` and `tops` are the arrays [`open`](Self::open) reserved room in, and every one of
    /// their first `used` elements was there before or has been written since (the builder
    /// writes every node and top of every option it counts).
    pub(super) unsafe fn close(nodes: &mut Vec<Node>, tops: &mut Vec<u32>, used: usize) {
        if cfg!(feature = "checked") {
            nodes.truncate(used);
            tops.truncate(used);
            return;
        }
        debug_assert!(used <= nodes.capacity() && used <= tops.capacity());
        // SAFETY: `used` is within the capacity reserved by `open`, and every element below it
        // is initialised (the contract above).
        unsafe {
            nodes.set_len(used);
            tops.set_len(used);
        }
    }

    /// Node `x`.
    ///
    /// # Safety
    ///
    /// `x` is within the room, and node `x` was there before or has been written.
    #[inline(always)]
    pub(super) unsafe fn node(self, x: usize) -> Node {
        bound!(x < self.room);
        // SAFETY: `x` is within the room (the type's contract); the node is initialised.
        unsafe { self.nodes.add(x).read() }
    }

    /// Writes node `x` with one eight-byte store. (Left to itself, the compiler writes the two
    /// links with two stores, and building is bound by its stores.)
    ///
    /// # Safety
    ///
    /// `x` is within the room (below the arena's length when it was opened plus the room
    /// reserved); so for every write of the room.
    #[inline(always)]
    pub(super) unsafe fn set_node(self, x: usize, node: Node) {
        bound!(x < self.room);
        // SAFETY: `x` is within the room. `Node` is `repr(C)`, two `u32`s with no padding, so
        // its eight bytes are `pair_word(up, down)`; nodes are only 4-byte aligned, hence
        // unaligned.
        unsafe {
            self.nodes
                .add(x)
                .cast::<u64>()
                .write_unaligned(pair_word(node.up, node.down));
        }
    }

    /// Sets the `up` link of node `x`.
    ///
    /// # Safety
    ///
    /// `x` is within the room.
    #[inline(always)]
    pub(super) unsafe fn set_up(self, x: usize, up: u32) {
        bound!(x < self.room);
        // SAFETY: `x` is within the room.
        unsafe { (*self.nodes.add(x)).up = up }
    }

    /// Sets the `down` link of node `x`.
    ///
    /// # Safety
    ///
    /// `x` is within the room.
    #[inline(always)]
    pub(super) unsafe fn set_down(self, x: usize, down: u32) {
        bound!(x < self.room);
        // SAFETY: `x` is within the room.
        unsafe { (*self.nodes.add(x)).down = down }
    }

    /// Sets the top of node `x`.
    ///
    /// # Safety
    ///
    /// `x` is within the room.
    #[inline(always)]
    pub(super) unsafe fn set_top(self, x: usize, top: u32) {
        bound!(x < self.room);
        // SAFETY: `x` is within the room.
        unsafe { self.tops.add(x).write(top) }
    }

    /// Sets the tops of nodes `x` and `x + 1` with one eight-byte store.
    ///
    /// # Safety
    ///
    /// `x + 1` is within the room.
    #[inline(always)]
    pub(super) unsafe fn set_tops(self, x: usize, first: u32, second: u32) {
        bound!(x + 1 < self.room);
        // SAFETY: `x` and `x + 1` are within the room; `u32`s are only 4-byte aligned, hence
        // unaligned.
        unsafe {
            self.tops
                .add(x)
                .cast::<u64>()
                .write_unaligned(pair_word(first, second));
        }
    }

    /// Adds `n` to the length of item `i`.
    ///
    /// # Safety
    ///
    /// `i` is below the number of lengths (an item number up to `n`).
    #[inline(always)]
    pub(super) unsafe fn add_len(self, i: usize, n: u32) {
        bound!(i < self.lengths);
        // SAFETY: `i` is an item, below the number of lengths.
        unsafe { *self.len.add(i) += n }
    }
}

/// Two 32-bit values as the eight bytes they take in memory, `first` then `second`.
#[inline(always)]
fn pair_word(first: u32, second: u32) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..4].copy_from_slice(&first.to_ne_bytes());
    bytes[4..].copy_from_slice(&second.to_ne_bytes());
    u64::from_ne_bytes(bytes)
}

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{__m128i, __m256i};

/// Bit `k` set where byte `k` of `block` equals `value`: one SSE2 comparison and byte mask per
/// 16 bytes (SSE2 is part of x86-64, so these instructions always exist).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn equal_mask_sse2(block: &[u8; 64], value: u8) -> u64 {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let mut mask = 0u64;
    // SAFETY: SSE2 is part of x86-64; each load reads bytes `16k..16k + 16` of the 64-byte
    // array, unaligned loads being allowed.
    unsafe {
        let pattern = _mm_set1_epi8(value as i8);
        for k in 0..4 {
            let bytes = _mm_loadu_si128(block.as_ptr().add(16 * k).cast());
            let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, pattern)) as u32 as u64;
            mask |= (equal & 0xffff) << (16 * k);
        }
    }
    mask
}

/// Where the four entries of `words` at `a` and the four at `b` are equal, all against all:
/// bit `4r + i` set when entry `i` of the first block is entry `(i + r) mod 4` of the second.
/// Four SSE2 comparisons, the second block rotated.
///
/// # Safety
///
/// `a + 4` and `b + 4` are at most `words.len()`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn blocks_meet(words: &[u32], a: usize, b: usize) -> u32 {
    use std::arch::x86_64::{
        _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps, _mm_shuffle_epi32,
    };
    bound!(a.max(b) + 4 <= words.len());
    // SAFETY: both blocks are within `words` (the contract above), unaligned loads being
    // allowed; SSE2 is part of x86-64.
    unsafe {
        let ta = _mm_loadu_si128(words.as_ptr().add(a).cast());
        let tb = _mm_loadu_si128(words.as_ptr().add(b).cast());
        let equal = |rotated: __m128i| {
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(ta, rotated))) as u32
        };
        equal(tb)
            | equal(_mm_shuffle_epi32::<0b00_11_10_01>(tb)) << 4
            | equal(_mm_shuffle_epi32::<0b01_00_11_10>(tb)) << 8
            | equal(_mm_shuffle_epi32::<0b10_01_00_11>(tb)) << 12
    }
}

/// Bytes `at..at + 32` of `bytes` as one AVX2 vector; callable only from code compiled for
/// AVX2.
///
/// # Safety
///
/// `at + 32 <= bytes.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn load_u8x32(bytes: &[u8], at: usize) -> __m256i {
    bound!(at + 32 <= bytes.len());
    // SAFETY: the 32 bytes are within `bytes`; unaligned loads are allowed.
    unsafe { std::arch::x86_64::_mm256_loadu_si256(bytes.as_ptr().add(at).cast()) }
}

/// Whether the CPU has AVX2 (the standard library caches the answer).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// The smallest of the first `n` of `tags` and the place of its first occurrence, with AVX2,
/// or `None` when the CPU lacks it, `tags` is shorter than 32 or than `n` (see
/// [`choose`](super::choose) for the scan without it).
///
/// Below 32 tags: the 32 bytes read at once, those from `n` on made
/// [`TAG_COVERED`](super::node::TAG_COVERED) by a mask, so that a matrix of few primary items is
/// scanned without a loop (the tag array is long enough for that whatever the number of items).
/// Up to 256: each tag and its place as a 16-bit key, whose least gives the tag and its first
/// place at once. Beyond: the minimum of all 32-byte lanes (the tail read as one lane that
/// overlaps the one before), reduced once (to 16 bytes, to eight words, then `phminposuw`), then
/// the first lane that holds it.
#[inline(always)]
pub(super) fn lowest_avx2(tags: &[u8], n: usize) -> Option<(u8, usize)> {
    #[cfg(target_arch = "x86_64")]
    if n <= tags.len() && tags.len() >= 32 && has_avx2() {
        // SAFETY: the CPU has AVX2, just checked.
        return Some(unsafe { lowest_avx2_kernel(tags, n) });
    }
    let _ = (tags, n);
    None
}

/// The smallest of the 32 bytes of `v`: the two halves' minimum, then each 16-bit word the
/// smaller of its two bytes (the high byte of the word shifted in is 0, and so is the high
/// byte of the minimum), then the smallest word found by one instruction, SSE4.1's
/// `phminposuw` (every CPU with AVX2 has it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn smallest_byte(v: __m256i) -> u8 {
    use std::arch::x86_64::{
        _mm_cvtsi128_si32, _mm_min_epu8, _mm_minpos_epu16, _mm_srli_epi16, _mm256_castsi256_si128,
        _mm256_extracti128_si256,
    };
    let mut m = _mm_min_epu8(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    m = _mm_min_epu8(m, _mm_srli_epi16::<8>(m));
    m = _mm_minpos_epu16(m);
    _mm_cvtsi128_si32(m) as u8
}

/// The least of the 16-bit words of `v`: the two halves' minimum, then the smallest of those
/// eight words found by SSE4.1's `phminposuw`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn smallest_word(v: __m256i) -> u32 {
    use std::arch::x86_64::{
        _mm_cvtsi128_si32, _mm_min_epu16, _mm_minpos_epu16, _mm256_castsi256_si128,
        _mm256_extracti128_si256,
    };
    let m = _mm_min_epu16(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si32(_mm_minpos_epu16(m)) as u32 & 0xFFFF
}

/// The 32 tags of `tags` as 16-bit keys `tag << 8 | place`, their places the bytes of `places`,
/// folded to 16 words by taking the lesser of each two: the least key of a matrix's tags is its
/// shortest item and, among the shortest, the first.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn keys(tags: __m256i, places: __m256i) -> __m256i {
    use std::arch::x86_64::{_mm256_min_epu16, _mm256_unpackhi_epi8, _mm256_unpacklo_epi8};
    _mm256_min_epu16(
        _mm256_unpacklo_epi8(places, tags),
        _mm256_unpackhi_epi8(places, tags),
    )
}

/// The kernel of [`lowest_avx2`]: `n <= tags.len()` and `32 <= tags.len()`.
///
/// The keys (up to 256 tags) take more instructions than the minimum and a second pass to find
/// it, but fewer steps one after another, and the choice is waited for at every node.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lowest_avx2_kernel(tags: &[u8], n: usize) -> (u8, usize) {
    use std::arch::x86_64::{
        _mm256_add_epi8, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_min_epu8, _mm256_min_epu16,
        _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_setr_epi8,
    };
    const LANE: usize = 32;
    debug_assert!(n <= tags.len() && tags.len() >= LANE);
    let places = _mm256_setr_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    let split = |key: u32| ((key >> 8) as u8, (key & 0xFF) as usize);
    if n < LANE {
        // SAFETY: `tags` holds at least 32 bytes.
        let raw = unsafe { load_u8x32(tags, 0) };
        // Places `k >= n` (as signed bytes, 0 to 31 against `n - 1` from -1 to 30) all ones.
        let beyond = _mm256_cmpgt_epi8(places, _mm256_set1_epi8(n as i8 - 1));
        return split(smallest_word(keys(_mm256_or_si256(raw, beyond), places)));
    }
    if n <= 8 * LANE {
        // Every 32 tags, and the last 32 (which overlap those before unless `n` is a multiple
        // of 32), places up to 255.
        let last = n - LANE;
        // SAFETY: `k <= last` for every `k` read, so `k + 32 <= n <= tags.len()`.
        let at = |k: usize| unsafe { load_u8x32(tags, k) };
        let mut key = keys(
            at(last),
            _mm256_add_epi8(places, _mm256_set1_epi8(last as i8)),
        );
        // The places of lane `k`, stepped on by 32 a lane.
        let (mut lane, step) = (places, _mm256_set1_epi8(LANE as i8));
        let mut k = 0;
        while k < last {
            key = _mm256_min_epu16(key, keys(at(k), lane));
            lane = _mm256_add_epi8(lane, step);
            k += LANE;
        }
        return split(smallest_word(key));
    }
    let last = n - LANE;
    // SAFETY: every `k` below is at most `last = n - 32`, so the 32 bytes are within `tags`.
    let at = |k: usize| unsafe { load_u8x32(tags, k) };
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
    let best = smallest_byte(low);
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

/// The largest of `items` (0 if none): compiled for AVX2 where the CPU has it, which takes eight
/// at a time with one instruction where SSE2 has no unsigned 32-bit maximum and takes five.
#[inline]
pub(super) fn largest(items: &[u32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        /// The same fold, compiled for AVX2.
        #[target_feature(enable = "avx2")]
        fn largest_avx2(items: &[u32]) -> u32 {
            items.iter().fold(0, |a, &i| a.max(i))
        }
        // SAFETY: the CPU has AVX2, just checked.
        return unsafe { largest_avx2(items) };
    }
    items.iter().fold(0, |a, &i| a.max(i))
}

/// Work that [`on_cpu`] runs compiled a second time for AVX2 and BMI: its `run` is inlined
/// into that copy (mark it `#[inline(always)]`), so everything it inlines in turn is compiled
/// for them too.
pub(super) trait Fast {
    /// What the work returns.
    type Output;
    /// Does the work.
    fn run(self) -> Self::Output;
}

/// Runs `work` compiled for AVX2, BMI1 and BMI2 where the CPU has them (checked at run time,
/// the answer cached by the standard library), and as compiled for any x86-64 CPU otherwise.
#[inline(always)]
pub(super) fn on_cpu<F: Fast>(work: F) -> F::Output {
    #[cfg(target_arch = "x86_64")]
    if has_avx2()
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
    {
        /// `work.run()`, compiled for AVX2, BMI1 and BMI2.
        #[target_feature(enable = "avx2,bmi1,bmi2")]
        fn run_avx2_bmi<F: Fast>(work: F) -> F::Output {
            work.run()
        }
        // SAFETY: the CPU has AVX2, BMI1 and BMI2, just checked.
        return unsafe { run_avx2_bmi(work) };
    }
    work.run()
}
