//! Pruning's unit tests.

#![allow(unsafe_code)]

use super::*;
use crate::dlx::testing::lcg;

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
    assert_eq!(m.prune(&mut trail, None, false, 2, &mut [0; 2]), 0);
    assert!(trail.is_empty());

    assert!(m.prune(&mut trail, None, true, 2, &mut [0; 2]) > 0);
    m.check_invariants();
    let mut removed: Vec<usize> = trail.iter().map(|&p| m.option_of(p).index()).collect();
    removed.sort();
    assert_eq!(removed, vec![4, 5], "C keeps only Z");
    assert_eq!(m.length(c as u32 + 1), 1);
    while let Some(p) = trail.pop() {
        // SAFETY: the trail holds nodes of the options pruning removed.
        unsafe { in_mode!(m, restore_option(p)) };
    }
    assert_eq!(m.snapshot(), before);
}

/// Checks [`Matrix::meeting`] for every two options of every item of `m` (`items` of them)
/// against `pairs(m, first, second)`: every pair of nodes of the same item, one in each
/// option, other than the two options' own.
fn check_meetings(m: &Matrix, items: u32, pairs: impl Fn(&Matrix, u32, u32) -> Vec<(u32, u32)>) {
    for item in 1..=items {
        let mut nodes = Vec::new();
        let mut p = m.nodes[item as usize].down;
        while p != item {
            nodes.push(p);
            p = m.nodes[p as usize].down;
        }
        for &first in &nodes {
            for &second in nodes.iter().filter(|&&q| q != first) {
                let expected = match pairs(m, first, second)[..] {
                    [] => (NO_PAIR, NO_PAIR),
                    [one] => one,
                    _ => (MANY_PAIRS, MANY_PAIRS),
                };
                // SAFETY: both are options' nodes, of `item`'s list.
                let met = unsafe { m.meeting(first, second) };
                assert_eq!(met, expected, "item {item}: {first} and {second}");
            }
        }
    }
}

/// Options of mixed widths (laid out with spacers) meet where a comparison of every node of
/// one with every node of the other says.
#[test]
fn spaced_options_meet_where_a_comparison_by_hand_says() {
    let mut random = lcg(11);
    let mut next = |k: u64| (random() >> 33) % k;
    let rounds = if cfg!(miri) { 4 } else { 100 };
    for _ in 0..rounds {
        let items = 8;
        let options: Vec<Vec<usize>> = (0..14)
            .map(|_| {
                let width = 2 + next(5) as usize;
                let mut option: Vec<usize> = Vec::new();
                while option.len() < width {
                    let item = next(items as u64) as usize;
                    if !option.contains(&item) {
                        option.push(item);
                    }
                }
                option
            })
            .collect();
        let mut m = Matrix::new(items, 0).unwrap();
        for option in &options {
            m.add_option(option.iter().copied()).unwrap();
        }
        assert!(!m.quad());
        check_meetings(&m, items as u32, |m, first, second| {
            // SAFETY: both are options' nodes, and so is every node of their options.
            let walk = |start: u32| unsafe {
                let mut out = Vec::new();
                let mut q = m.next_node(start);
                while q != start {
                    out.push(q);
                    q = m.next_node(q);
                }
                out
            };
            let (of_first, of_second) = (walk(first), walk(second));
            of_first
                .iter()
                .flat_map(|&q| of_second.iter().map(move |&q2| (q, q2)))
                .filter(|&(q, q2)| m.tops[q as usize] == m.tops[q2 as usize])
                .collect()
        });
    }
}

#[test]
fn options_in_blocks_meet_where_a_comparison_by_hand_says() {
    let mut random = lcg(7);
    let mut next = |k: u64| (random() >> 33) % k;
    // (Miri, which checks every access, takes minutes a round.)
    let rounds = if cfg!(miri) { 4 } else { 200 };
    for _ in 0..rounds {
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
        assert!(m.quad());
        check_meetings(&m, 6, |m, first, second| {
            let (a, b) = (first & !3, second & !3);
            (0..16)
                .map(|k| (a + k / 4, b + k % 4))
                .filter(|&(q, q2)| q != first && m.tops[q as usize] == m.tops[q2 as usize])
                .collect()
        });
    }
}

/// The word operations `prune_changed` picks its items with, against a loop over the bytes:
/// every byte value in every place, beside random bytes, for every range a rule asks for.
#[test]
fn words_pick_the_bytes_a_loop_picks() {
    let high_bits = |bytes: [u8; 8], keep: &dyn Fn(usize, u8) -> bool| {
        (0..8).fold(0u64, |w, k| {
            w | (u64::from(keep(k, bytes[k])) << (8 * k + 7))
        })
    };
    let mut next = lcg(7);
    for round in 0..4096 {
        let mut x = [0u8; 8];
        let mut y = [0u8; 8];
        for k in 0..8 {
            x[k] = (next() >> 40) as u8;
            y[k] = if next() >> 63 == 0 {
                x[k]
            } else {
                (next() >> 40) as u8
            };
        }
        // Every value of a byte turns up in each place.
        x[round % 8] = (round / 8) as u8;
        let (wx, wy) = (u64::from_le_bytes(x), u64::from_le_bytes(y));
        assert_eq!(
            differ(wx, wy),
            high_bits(x, &|k, v| v != y[k]),
            "{x:?} {y:?}"
        );
        for c in 1..=128u8 {
            assert_eq!(
                at_least(wx, c),
                high_bits(x, &|_, v| v >= c),
                "{x:?} >= {c}"
            );
        }
        for low in 2..=MAX_PRUNE_WIDTH as u8 {
            for high in low..=MAX_PRUNE_WIDTH as u8 {
                let expected = high_bits(x, &|_, v| (low..=high).contains(&v));
                assert_eq!(within(wx, low, high), expected, "{x:?} in {low}..={high}");
            }
        }
    }
}
