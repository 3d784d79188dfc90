//! Choosing the item to branch on (step X3): the shortest active primary item, found by a
//! vector scan of the one-byte tags.

use std::hint::select_unpredictable;

use super::matrix::Matrix;
use super::node::{ROOT, TAG_CAP, TAG_COVERED};
#[cfg(target_arch = "x86_64")]
use super::unchecked::equal_mask_sse2;
use super::unchecked::lowest_avx2;

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
    (equal_mask_sse2(block, value).trailing_zeros() as usize).min(BLOCK)
}

/// [`first_equal`] for one block of [`BLOCK`] bytes.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn first_equal_block(block: &[u8; BLOCK], value: u8) -> usize {
    first_equal(block, value)
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

impl Matrix {
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
    pub(super) fn choose(&self) -> (u32, u32) {
        let tags = &self.tag[1..=self.primary as usize];
        let (best, k) = match lowest_avx2(tags) {
            Some(found) => found,
            None => lowest(tags),
        };
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
    pub(super) fn choose_exact(&self) -> (u32, u32) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::matrix::ItemId;
    use crate::dlx::testing::lcg;

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

    /// Both scans for the smallest tag (the AVX2 one where the CPU has it, from 32 tags).
    fn check_scans(tags: &[u8], expected: (u8, usize)) {
        assert_eq!(lowest(tags), expected, "{tags:?}");
        if let Some(found) = lowest_avx2(tags) {
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
}
