//! The link operations' unit tests.

#![allow(unsafe_code)]

use super::*;
use crate::dlx::matrix::{ItemId, OptionId, Snapshot};
use crate::dlx::modes::in_mode;

/// Covers each item of `m` in turn, checking the links, and uncovers it, which must give
/// back `before` exactly.
fn cover_each_and_undo(m: &mut Matrix, before: &Snapshot) {
    for i in 1..=m.items_total {
        // SAFETY: `i` is an item.
        unsafe { in_mode!(m, cover(i)) };
        m.check_invariants();
        // SAFETY: `i` is an item.
        unsafe { in_mode!(m, uncover(i)) };
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
        // SAFETY: 2 and 4 are items.
        unsafe {
            in_mode!(m, cover(2));
            in_mode!(m, cover(4));
        }
        m.check_invariants();
        // SAFETY: 2 and 4 are items.
        unsafe {
            in_mode!(m, uncover(4));
            in_mode!(m, uncover(2));
        }
        assert_eq!(m.snapshot(), before);
    }
}

/// An item of more options than a tag holds, in a matrix that is not narrow: covering the
/// items that share its options brings it below the cap, where only its tag changes, and
/// uncovering them brings it back to the cap and its exact length; a search does the same
/// at every level.
#[test]
fn an_item_crossing_the_cap_keeps_its_length() {
    // Item 0 and items 1..=300: options {0, k} and {k}.
    let mut m = Matrix::new(301, 0).unwrap();
    for k in 1..=300 {
        m.add_option([0, k]).unwrap();
        m.add_option([k]).unwrap();
    }
    let before = m.snapshot();
    m.refresh_tags();
    assert!(!m.narrow);
    // Internal numbers are from 1: item 0 is 1, item `k` is `k + 1`.
    for k in 1..=60 {
        // SAFETY: `k + 1` is an item.
        unsafe { in_mode!(m, cover(k + 1)) };
        assert_eq!(m.length(1), 300 - k);
        assert_eq!(u32::from(m.tag[1]), (300 - k).min(TAG_CAP));
        m.check_invariants();
    }
    for k in (1..=60).rev() {
        // SAFETY: `k + 1` is an item.
        unsafe { in_mode!(m, uncover(k + 1)) };
        assert_eq!(m.length(1), 301 - k);
        m.check_invariants();
    }
    assert_eq!(m.snapshot(), before);
    // Any one of the 300 options {0, k}, the singletons for the rest.
    assert_eq!(m.search().count(u64::MAX), 300);
    m.check_invariants();
    assert_eq!(m.snapshot(), before);
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
    assert!(quad.quad());
    // Every block starts at a multiple of four.
    assert!((0..options.len()).all(|k| quad.option_first(k).unwrap().is_multiple_of(4)));
    // Two batches make the same blocks as one, numbered on from the first.
    let mut halves = Matrix::new(4, 4).unwrap();
    halves.add_options(&options[..2]).unwrap();
    halves.add_options(&options[2..]).unwrap();
    assert!(halves.quad());
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
    assert!(!spaced.quad());
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
                // SAFETY: `x` is an option's node, and so is every node of its option.
                let mut q = unsafe { m.next_node(x) };
                while q != x {
                    seen.push(q);
                    // SAFETY: as above.
                    q = unsafe { m.next_node(q) };
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
    spaced.refresh_tags();
    for narrow in [false, true] {
        quad.widen();
        quad.narrow = narrow;
        cover_each_and_undo(&mut quad, &before);
        let x = quad.nodes[1].down;
        let y = spaced.nodes[1].down;
        // SAFETY: 1 is an item, and `x` and `y` are options' nodes (item 1 has options).
        let (a, b) = unsafe { (in_mode!(quad, cover(1)), in_mode!(quad, cover_others(x))) };
        // SAFETY: as above.
        let (c, d) = unsafe {
            (
                in_mode!(spaced, cover(1)),
                in_mode!(spaced, cover_others(y)),
            )
        };
        assert_eq!((a, b), (c, d));
        quad.check_invariants();
        // SAFETY: as above.
        unsafe {
            in_mode!(quad, uncover_others(x));
            in_mode!(quad, uncover(1));
            in_mode!(spaced, uncover_others(y));
            in_mode!(spaced, uncover(1));
            in_mode!(quad, remove_option(x));
        }
        quad.check_invariants();
        // SAFETY: as above.
        unsafe { in_mode!(quad, restore_option(x)) };
        assert_eq!(quad.snapshot(), before);
    }
    // More options of four stay in blocks; one of three lays everything out with spacers.
    quad.add_options(&[[1, 3, 4, 6]]).unwrap();
    assert!(quad.quad());
    quad.add_option([0, 2, 6]).unwrap();
    assert!(!quad.quad());
    quad.add_options(&[[3, 5, 6, 7]]).unwrap();
    assert!(!quad.quad());
    spaced.add_option([1, 3, 4, 6]).unwrap();
    spaced.add_option([0, 2, 6]).unwrap();
    spaced.add_options(&[[3, 5, 6, 7]]).unwrap();
    assert!(!spaced.quad());
    quad.check_invariants();
    assert_eq!(quad.snapshot(), spaced.snapshot());
    for k in 0..quad.option_count() {
        let o = OptionId(k as u32);
        assert!(quad.option_items(o).eq(spaced.option_items(o)));
    }
}

/// The step tables give the places the arithmetic gives, for every width, place and step.
#[test]
fn the_step_tables_go_round_as_the_arithmetic_does() {
    fn check<const Q: u8>() {
        let width = u32::from(Q);
        for j in 0..width {
            for k in 0..width {
                assert_eq!(round_in::<Q>(j, k), round(j, k, width), "{width} {j} {k}");
            }
        }
    }
    check::<2>();
    check::<3>();
    check::<4>();
    check::<5>();
    check::<6>();
    check::<7>();
    check::<8>();
}

/// Options of one width other than four, added in bulk, are laid out in blocks of the width
/// rounded up to a power of two; going round an option visits its nodes in the order of
/// the walk through the spacers; covering and hiding change what they change with spacers
/// and undo exactly; an option of another width lays the matrix out with spacers again.
#[test]
fn blocks_of_other_widths_walk_as_spacers_do_and_undo_exactly() {
    fn check<const W: usize>(seed: u64) {
        let items = 10;
        let mut next = crate::dlx::testing::lcg(seed);
        let options: Vec<[usize; W]> = (0..12)
            .map(|_| {
                let mut left: Vec<usize> = (0..items).collect();
                std::array::from_fn(|_| left.remove(next() as usize % left.len()))
            })
            .collect();
        let mut blocks = Matrix::new(6, items - 6).unwrap();
        blocks.add_options(&options).unwrap();
        assert!(!blocks.quad());
        assert_eq!(blocks.width, W as u32);
        assert_eq!(1 << blocks.shift, W.next_power_of_two());
        let mut spaced = Matrix::new(6, items - 6).unwrap();
        for o in &options {
            spaced.add_option(o.iter().copied()).unwrap();
        }
        assert_eq!(spaced.width, 0);
        for m in [&blocks, &spaced] {
            m.check_invariants();
        }
        let size = W.next_power_of_two() as u32;
        for (k, o) in options.iter().enumerate() {
            let id = OptionId(k as u32);
            assert!(
                blocks
                    .option_items(id)
                    .map(ItemId::index)
                    .eq(o.iter().copied())
            );
            let (start, spaced_start) = (
                blocks.option_first(k).unwrap(),
                spaced.option_first(k).unwrap(),
            );
            assert!(start.is_multiple_of(size));
            for j in 0..W as u32 {
                assert_eq!(blocks.option_of(start + j), id);
                // Round the option from its `j`th node: the same items, in the same order.
                let round = |m: &Matrix, x: u32| {
                    let mut seen = vec![m.tops[x as usize]];
                    // SAFETY: `x` is an option's node, and so is every node of its option.
                    let mut q = unsafe { m.next_node(x) };
                    while q != x {
                        seen.push(m.tops[q as usize]);
                        // SAFETY: as above.
                        q = unsafe { m.next_node(q) };
                    }
                    seen
                };
                assert_eq!(round(&blocks, start + j), round(&spaced, spaced_start + j));
            }
        }
        let before = blocks.snapshot();
        blocks.refresh_tags();
        spaced.refresh_tags();
        for narrow in [false, true] {
            blocks.widen();
            spaced.widen();
            blocks.narrow = narrow;
            spaced.narrow = narrow;
            cover_each_and_undo(&mut blocks, &before);
            for item in 1..=6 {
                let (x, y) = (
                    blocks.nodes[item as usize].down,
                    spaced.nodes[item as usize].down,
                );
                if x == item {
                    continue;
                }
                // SAFETY: `item` is an item, and `x` and `y` options' nodes of its list.
                let counts = unsafe {
                    (
                        in_mode!(blocks, cover(item)),
                        in_mode!(blocks, cover_others(x)),
                        in_mode!(spaced, cover(item)),
                        in_mode!(spaced, cover_others(y)),
                    )
                };
                assert_eq!((counts.0, counts.1), (counts.2, counts.3));
                assert_eq!(&blocks.tag[1..=items], &spaced.tag[1..=items]);
                blocks.check_invariants();
                // SAFETY: as above, undone in the reverse order.
                unsafe {
                    in_mode!(blocks, uncover_others(x));
                    in_mode!(blocks, uncover(item));
                    in_mode!(spaced, uncover_others(y));
                    in_mode!(spaced, uncover(item));
                    in_mode!(blocks, remove_option(x));
                    in_mode!(blocks, restore_option(x));
                }
                assert_eq!(blocks.snapshot(), before);
            }
        }
        // More options of the width stay in blocks; one of another width lays everything
        // out with spacers, as if added one by one.
        blocks.add_options(&options[..1]).unwrap();
        assert_eq!(blocks.width, W as u32);
        blocks.add_option([0, 7]).unwrap();
        assert_eq!(blocks.width, 0);
        spaced.add_option(options[0].iter().copied()).unwrap();
        spaced.add_option([0, 7]).unwrap();
        blocks.check_invariants();
        assert_eq!(blocks.snapshot(), spaced.snapshot());
    }
    for seed in 0..4 {
        check::<2>(seed);
        check::<3>(seed);
        check::<5>(seed);
        check::<6>(seed);
        check::<7>(seed);
        check::<8>(seed);
    }
}
