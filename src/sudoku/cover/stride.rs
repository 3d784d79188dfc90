//! A list walked by a stride prime to its length: entry `k·stride mod count` taken `k`-th, so
//! that every entry comes once and each one lies `stride` places from the one before. The
//! search of a board whose symbols are interchangeable fixes its full units in such an order
//! (each unit of another kind than the one before: [`symmetry`](super::symmetry)), and the
//! classic board numbers its cells in one, scattered over the board (`classic.rs`).

/// The smallest stride from `least` (and at least 1) that is prime to `count`: 1 when `count`
/// is 0 or 1.
fn prime_stride(count: usize, least: usize) -> usize {
    if count <= 1 {
        return 1;
    }
    // Of any `count` numbers in a row, one is 1 more than a multiple of `count`, and so prime
    // to it: the search ends within `count` steps.
    (least.max(1)..).find(|&s| gcd(s, count) == 1).unwrap_or(1)
}

/// The places `0..count` in the order `k·stride mod count`, for the [`prime_stride`] from
/// `least`: every place once.
pub(crate) fn strided(count: usize, least: usize) -> impl Iterator<Item = usize> {
    let stride = prime_stride(count, least);
    (0..count).map(move |k| k * stride % count)
}

/// The greatest common divisor of `a` and `b`.
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every place once, whatever the count and the least stride asked; the stride is the
    /// first prime to the count.
    #[test]
    fn every_place_comes_once() {
        for count in 0..100 {
            for least in [0, 1, 2, 10, 24, 37, 99] {
                let mut seen = vec![0; count];
                for k in strided(count, least) {
                    seen[k] += 1;
                }
                assert!(seen.iter().all(|&n| n == 1), "{count} {least}");
            }
        }
        assert_eq!(prime_stride(81, 24), 25);
        assert_eq!(prime_stride(27, 10), 10);
        assert_eq!(prime_stride(27, 9), 10);
        assert_eq!(prime_stride(1, 5), 1);
    }
}
