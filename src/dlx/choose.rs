//! Choosing the item to branch on (step X3): the shortest active primary item, found by a
//! vector scan of the one-byte tags.
//!
//! The scan reads every primary item's tag at every level, which is what makes it fast on
//! sudoku's few thousand items (a few vector instructions per 64 of them) and what makes it slow
//! on a problem of a million: there, a search of a million levels reads a million bytes at each.
//! A [large](Matrix::large) matrix (from [`LARGE_FROM`] primary items) keeps a summary of its
//! tags instead, in two levels: for each block of 64 items a number no greater than any of their
//! tags (`low`), and for each group of 64 blocks a number no greater than any of their `low`
//! (`lower`). A tag that goes down (an item loses an option, or is uncovered) lowers the numbers
//! above it, two stores of a minimum; a tag that goes up changes nothing, so the numbers are
//! lower bounds and not always the minimum itself. The choice then reads the groups in order and
//! passes over every group and block whose bound is not below the best tag found so far: none of
//! them can hold a shorter item, nor an equally short one that comes first. Each block it reads
//! has its bound set to its true minimum, and each group it reads its bound to the least of its
//! blocks', so a bound that has gone stale (a block whose items were covered) is put right the
//! first time it is looked at. The item chosen is the one the full scan chooses: the first of the
//! shortest. On a million items each forced in turn, a choice reads a few hundred bytes.
//!
//! Where a search guesses among chosen items (`Search::with_guesses_among`), the item it
//! branches on is the one of those with the most conflicts per option instead ([`Pruner::guess`]).

use std::hint::select_unpredictable;

#[cfg(doc)]
use super::matrix::LARGE_FROM;
use super::matrix::Matrix;
use super::node::{ROOT, TAG_CAP, TAG_COVERED};
use super::prune::Pruner;
#[cfg(target_arch = "x86_64")]
use super::unchecked::equal_mask_sse2;
use super::unchecked::lowest_avx2;

/// What an item's weight starts from when a search [guesses among the first
/// items](super::Search::with_guesses_among): its score is `(weight + GUESS_PRIOR) / options`,
/// so that before any conflict the item with the fewest options goes first, and an item with
/// more options needs a few conflicts more than a shorter one to be preferred to it. On sigh's
/// hard killers 4 took the fewest nodes of 1, 4 and 16 (benches/README.md).
const GUESS_PRIOR: u64 = 4;

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

/// Items a block of the summary of a large matrix covers, and blocks a group.
const SPAN: usize = 64;

impl Matrix {
    /// Decides, as a search starts, whether the matrix is [large](Self::large), and if so works
    /// out its summary from the tags (exact, so every bound is the minimum itself).
    pub(super) fn summarize(&mut self) {
        let primary = self.primary as usize;
        self.large = self.width == 0 && self.primary >= self.large_from;
        if !self.large {
            return;
        }
        let n = self.items_total as usize;
        self.low.clear();
        self.low.extend(
            self.tag[..=n]
                .chunks(SPAN)
                .map(|block| block.iter().fold(TAG_COVERED, |a, &t| a.min(t))),
        );
        // The root (tag place 0) and the secondary items take no part in the choice.
        if let Some(first) = self.low.first_mut() {
            *first = self.tag[1..=primary.min(SPAN - 1)]
                .iter()
                .fold(TAG_COVERED, |a, &t| a.min(t));
        }
        self.lower.clear();
        let low = &self.low;
        self.lower.extend(
            low.chunks(SPAN)
                .map(|blocks| blocks.iter().fold(TAG_COVERED, |a, &t| a.min(t))),
        );
    }

    /// Item `i`'s tag has come down to `tag`: the bounds of its block and group follow it. An
    /// item past the summary (there is none while the matrix is large) changes nothing.
    #[inline(always)]
    pub(super) fn lower_to(&mut self, i: u32, tag: u8) {
        let i = i as usize;
        if let Some(low) = self.low.get_mut(i / SPAN) {
            *low = (*low).min(tag);
        }
        if let Some(lower) = self.lower.get_mut(i / (SPAN * SPAN)) {
            *lower = (*lower).min(tag);
        }
    }

    /// [`choose`](Self::choose) for a large matrix: the shortest item, by the summary (see the
    /// module docs), and the bounds of what it read made exact.
    #[cold]
    pub(super) fn choose_large(&mut self) -> (u32, u32) {
        let primary = self.primary as usize;
        let blocks = primary / SPAN + 1;
        let groups = blocks.div_ceil(SPAN);
        // No item is shorter than the least bound of all: once one that short is found, the
        // items after it cannot be chosen, and the choice ends there.
        let floor = self.lower[..groups.min(self.lower.len())]
            .iter()
            .fold(TAG_COVERED, |a, &t| a.min(t));
        let (mut best, mut at) = (TAG_COVERED, 0);
        'groups: for g in 0..groups {
            if self.lower.get(g).is_some_and(|&bound| bound >= best) {
                continue;
            }
            let mut least = TAG_COVERED;
            for b in g * SPAN..((g + 1) * SPAN).min(blocks) {
                let bound = self.low.get(b).copied().unwrap_or(0);
                if bound >= best {
                    least = least.min(bound);
                    continue;
                }
                let start = (b * SPAN).max(1);
                let end = ((b + 1) * SPAN).min(primary + 1);
                let (low, k) = lowest(&self.tag[start..end]);
                if let Some(place) = self.low.get_mut(b) {
                    *place = low;
                }
                least = least.min(low);
                if low < best {
                    (best, at) = (low, start + k);
                    if low <= floor {
                        break 'groups;
                    }
                }
            }
            if let Some(place) = self.lower.get_mut(g) {
                *place = least;
            }
        }
        if u32::from(best) >= TAG_CAP {
            if best == TAG_COVERED {
                return (ROOT, 0);
            }
            return self.choose_exact();
        }
        (at as u32, u32::from(best))
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
    ///
    /// A [large](Self::large) matrix is chosen from by its summary ([`choose_large`]).
    ///
    /// [`choose_large`]: Self::choose_large
    #[inline(always)]
    pub(super) fn choose(&mut self) -> (u32, u32) {
        if self.large {
            return self.choose_large();
        }
        let (best, k) = self.lowest_tag();
        if u32::from(best) >= TAG_CAP {
            if best == TAG_COVERED {
                return (ROOT, 0);
            }
            return self.choose_exact();
        }
        (k as u32 + 1, u32::from(best))
    }

    /// The smallest tag of the primary items and the place of its first occurrence (from 0 for
    /// item 1): the scan of [`choose`](Self::choose).
    #[inline(always)]
    fn lowest_tag(&self) -> (u8, usize) {
        let n = self.primary as usize;
        let tags = &self.tag[1..=n];
        match lowest_avx2(&self.tag[1..], n) {
            Some(found) => found,
            None => lowest(tags),
        }
    }

    /// Whether no item, primary or secondary, has its tag at the cap: then every active item's
    /// tag is its exact length, as in a [narrow](Self::narrow) matrix.
    pub(super) fn no_tag_at_cap(&self) -> bool {
        let n = self.items_total as usize;
        // `contains` on bytes is a `memchr`.
        !self.tag[1..=n].contains(&(TAG_CAP as u8))
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

impl Pruner {
    /// Where the search guesses among the first `guess_among` primary items (see
    /// [`Search::with_guesses_among`](super::Search::with_guesses_among)) and the shortest item,
    /// `shortest`, has two options or more: the one of those items still open with the most
    /// conflicts per option, the greatest `(w + GUESS_PRIOR) / ℓ`, `w` its weight (0 where
    /// conflicts are not weighed) and `ℓ` its options, the first if that ties. `None` where the
    /// search does not guess so, or none of them is open; the caller then branches as it would
    /// without.
    #[inline(always)]
    pub(super) fn guess(&self, m: &Matrix, shortest: u32) -> Option<u32> {
        let n = self.guess_among as usize;
        if n == 0 {
            return None;
        }
        if n >= m.primary_items() {
            return Some(self.guess_among_all(m, shortest));
        }
        let (mut best, mut best_tag, mut best_weight) = (None, 0u64, 0u64);
        for (i, &tag) in m.tag.iter().enumerate().take(n + 1).skip(1) {
            if tag == TAG_COVERED {
                continue;
            }
            let weight = if self.weighted {
                u64::from(self.weights.weight.get(i).copied().unwrap_or(0))
            } else {
                0
            } + GUESS_PRIOR;
            let tag = u64::from(tag);
            // weight / tag > best_weight / best_tag, without dividing (tags are at least 2).
            if best_tag == 0 || weight * best_tag > best_weight * tag {
                (best, best_tag, best_weight) = (Some(i as u32), tag, weight);
            }
        }
        best
    }

    /// [`guess`](Self::guess) among every primary item, reading only the shortest and the items
    /// with a weight. An item of weight 0 scores `GUESS_PRIOR / ℓ`, no more than the shortest
    /// item does, and comes after it on a tie (the shortest is the leftmost of its length), so
    /// only a weighed item can beat the shortest: a branching reads the items blamed lately,
    /// not every item.
    #[inline(always)]
    fn guess_among_all(&self, m: &Matrix, shortest: u32) -> u32 {
        if !self.weighted {
            return shortest;
        }
        let weight = |i: u32| u64::from(self.weights.weight[i as usize]) + GUESS_PRIOR;
        let (mut best, mut best_tag, mut best_weight) = (
            shortest,
            u64::from(m.tag[shortest as usize]),
            weight(shortest),
        );
        for &i in &self.weights.heavy {
            let tag = m.tag[i as usize];
            if tag == TAG_COVERED {
                continue;
            }
            let (tag, w) = (u64::from(tag), weight(i));
            // w / tag > best_weight / best_tag, or equal and further left, without dividing.
            let (this, that) = (w * best_tag, best_weight * tag);
            if this > that || (this == that && i < best) {
                (best, best_tag, best_weight) = (i, tag, w);
            }
        }
        best
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
            // Every tag covered.
            check_scans(&vec![TAG_COVERED; n], (TAG_COVERED, 0));
        }
        for n in 1..32 {
            let tags: Vec<u8> = (0..n).map(|_| next() % 4 + 1).collect();
            let best = *tags.iter().min().unwrap();
            check_scans(&tags, (best, tags.iter().position(|&t| t == best).unwrap()));
            // Every tag covered: the masked bytes beyond do not count.
            check_scans(&vec![TAG_COVERED; n], (TAG_COVERED, 0));
        }
    }

    /// Both scans for the smallest tag (the AVX2 one where the CPU has it, from 32 tags; below
    /// 32, the masked one, the tags followed by bytes smaller than any of them).
    fn check_scans(tags: &[u8], expected: (u8, usize)) {
        assert_eq!(lowest(tags), expected, "{tags:?}");
        let mut padded = tags.to_vec();
        padded.resize(tags.len().max(40), 0);
        if let Some(found) = lowest_avx2(&padded, tags.len()) {
            assert_eq!(found, expected, "{tags:?}");
        }
    }

    /// Random problems of a few items to a few groups' worth: pairs that cover every item
    /// (so there are solutions), options of one to four items near each other, and now and
    /// then a secondary item with 300 options (exact lengths beside the tags).
    fn random_problem(primary: usize, wide: bool, next: &mut impl FnMut() -> u64) -> Matrix {
        let mut m = Matrix::new(primary, 1).unwrap();
        for i in (0..primary).step_by(2) {
            m.add_option([i, i + 1]).unwrap();
        }
        for _ in 0..primary {
            let base = (next() >> 20) as usize % primary;
            let mut items: Vec<usize> = (0..1 + (next() >> 40) % 4)
                .map(|_| (base + (next() >> 33) as usize % 9).min(primary - 1))
                .collect();
            items.sort_unstable();
            items.dedup();
            if next().is_multiple_of(4) {
                items.push(primary);
            }
            m.add_option(items).unwrap();
        }
        if wide {
            for _ in 0..300 {
                m.add_option([primary]).unwrap();
            }
        }
        m
    }

    #[test]
    fn a_large_matrix_makes_the_moves_a_small_one_makes() {
        // The summary is used whatever the size here (`large_from` 1), against the full scan.
        let mut next = lcg(38);
        // Under Miri, two rounds of smaller problems and fewer nodes (each node costs it
        // thousands of times more); the sizes of one group of blocks and of two otherwise.
        let (sizes, rounds, nodes): (&[usize], _, _) = if cfg!(miri) {
            (&[130, 700], 2, 3_000)
        } else {
            (&[130, 4_200, 8_500], 12, 30_000)
        };
        for round in 0..rounds {
            let primary = sizes[round % sizes.len()];
            let mut m = random_problem(primary, round % 2 == 1, &mut next);
            let before = m.snapshot();
            let run = |m: &mut Matrix, large: bool| {
                m.large_from = if large { 1 } else { u32::MAX };
                let mut s = m
                    .search()
                    .with_pruning(round % 4 < 2)
                    .with_node_limit(nodes);
                let mut seen = Vec::new();
                while seen.len() < 50 {
                    match s.next_solution() {
                        Some(found) => seen.push(found.to_vec()),
                        None => break,
                    }
                }
                // Steps too (the step mode), and an interrupted lazy search afterwards.
                for _ in 0..200 {
                    s.step();
                }
                assert_eq!(s.matrix().large, large);
                let stats = s.stats();
                drop(s);
                let mut lazy = m.search().restore_lazily().with_node_limit(nodes / 6);
                let counted = lazy.count(20);
                (seen, stats, counted, lazy.stats())
            };
            let small = run(&mut m, false);
            let large = run(&mut m, true);
            assert!(!small.0.is_empty(), "round {round}");
            assert_eq!(small, large, "round {round}");
            m.restore();
            assert_eq!(m.snapshot(), before, "round {round}");
            m.check_invariants();
        }
    }

    #[test]
    fn a_million_forced_items_are_chosen_from_the_summary() {
        // Each item has one option of its own: a million levels, one choice each (under Miri,
        // two groups of blocks' worth).
        let n = if cfg!(miri) { 1 << 13 } else { 1 << 20 };
        let mut m = Matrix::new(n, 0).unwrap();
        for i in 0..n {
            m.add_option([i]).unwrap();
        }
        let mut s = m.search();
        assert_eq!(s.count(u64::MAX), 1);
        assert!(s.matrix().large);
        assert_eq!(s.stats().nodes, n as u64);
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
