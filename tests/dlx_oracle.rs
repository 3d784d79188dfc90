//! The DLX engine against brute force: every small 0/1 matrix, and random larger ones.

// Tests may unwrap: a panic is a failure with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::ops::ControlFlow;

use proptest::prelude::*;
use sudoku_dlx::dlx::{DlxError, ItemOrder, Matrix, Outcome, Problem};

/// Counts the subsets of `rows` (bit masks over the columns) that cover every primary column
/// exactly once and every secondary column at most once, by trying all of them. As in Knuth's
/// Algorithm X, an option with no primary item is never part of a solution (it could be added
/// to any solution or left out, so the search, which branches on primary items, never picks it).
fn brute_force(rows: &[u32], primary: u32, columns: u32) -> u64 {
    let primary_mask = (1u32 << primary) - 1;
    let all = (1u32 << columns) - 1;
    let mut count = 0;
    for subset in 0u32..1 << rows.len() {
        let mut covered = 0u32;
        let mut ok = true;
        for (k, &row) in rows.iter().enumerate() {
            if subset & (1 << k) != 0 {
                if covered & row != 0 || row & primary_mask == 0 {
                    ok = false;
                    break;
                }
                covered |= row;
            }
        }
        if ok && covered & primary_mask == primary_mask && covered & !all == 0 {
            count += 1;
        }
    }
    count
}

/// Builds the matrix of `rows` (bit masks), `primary` of the `columns` primary. Empty rows are
/// rejected by the engine; they are checked to be, and left out.
fn build(rows: &[u32], primary: u32, columns: u32) -> (Matrix, Vec<u32>) {
    build_padded(rows, primary, columns, false)
}

/// [`build`], and with `wide`, one more secondary item with 300 options of its own after the
/// others: options of secondary items alone are never in a solution, so the solutions are the
/// same, but an item that long makes the engine keep exact lengths beside its one-byte tags
/// (its "wide" mode), so the tests run the link operations both ways.
fn build_padded(rows: &[u32], primary: u32, columns: u32, wide: bool) -> (Matrix, Vec<u32>) {
    let extra = usize::from(wide);
    let mut m = Matrix::new(primary as usize, (columns - primary) as usize + extra).unwrap();
    let mut kept = Vec::new();
    for &row in rows {
        let items: Vec<usize> = (0..columns as usize)
            .filter(|c| row & (1 << c) != 0)
            .collect();
        match m.add_option(items) {
            Ok(_) => kept.push(row),
            Err(e) => {
                assert_eq!(row, 0);
                assert!(matches!(e, DlxError::EmptyOption { .. }));
            }
        }
    }
    if wide {
        for _ in 0..300 {
            m.add_option([columns as usize]).unwrap();
        }
    }
    (m, kept)
}

/// Checks a solution with no help from the engine: the options it names cover every primary
/// item exactly once and no item twice.
fn is_exact_cover(rows: &[u32], solution: &[usize], primary: u32) -> bool {
    let mut covered = 0u32;
    let primary_mask = (1u32 << primary) - 1;
    for &o in solution {
        if covered & rows[o] != 0 || rows[o] & primary_mask == 0 {
            return false;
        }
        covered |= rows[o];
    }
    covered & primary_mask == primary_mask
}

/// Every way of searching `m` counts `expected` solutions: plain (twice: the first search
/// restored the structure), pruned, strongly pruned, weighted and with ties in a random order.
fn every_search_counts(m: &mut Matrix, expected: u64, what: &str) {
    assert_eq!(m.search().count(u64::MAX), expected, "{what}");
    assert_eq!(m.search().count(u64::MAX), expected, "again: {what}");
    assert_eq!(
        m.search().with_pruning(true).count(u64::MAX),
        expected,
        "pruned: {what}"
    );
    assert_eq!(
        m.search()
            .with_pairs_of_pairs(true)
            .with_pruning_width(4)
            .with_prune_spacing(1)
            .count(u64::MAX),
        expected,
        "strongly pruned: {what}"
    );
    assert_eq!(
        m.search()
            .with_pruning(true)
            .with_conflict_weights(true)
            .count(u64::MAX),
        expected,
        "weighted: {what}"
    );
    assert_eq!(
        m.search()
            .with_pruning(true)
            .with_conflict_weights(true)
            .with_random_weights(expected ^ 38, 16)
            .count(u64::MAX),
        expected,
        "random starting weights: {what}"
    );
    assert_eq!(
        m.search()
            .with_pruning(true)
            .with_conflict_weights(true)
            .with_guesses_among(usize::MAX)
            .with_blame_on_choices(true)
            .with_random_weights(expected ^ 38, 16)
            .count(u64::MAX),
        expected,
        "random starting weights, guesses by blame: {what}"
    );
}

#[test]
fn every_matrix_up_to_4_by_4_counts_like_brute_force() {
    let mut checked = 0u64;
    for n_rows in 1..=4usize {
        for columns in 1..=4u32 {
            for bits in 0u32..1 << (n_rows as u32 * columns) {
                let rows: Vec<u32> = (0..n_rows)
                    .map(|r| (bits >> (r as u32 * columns)) & ((1 << columns) - 1))
                    .collect();
                for primary in 0..=columns {
                    let (mut m, kept) = build(&rows, primary, columns);
                    let expected = brute_force(&kept, primary, columns);
                    every_search_counts(
                        &mut m,
                        expected,
                        &format!("rows {rows:?}, {primary} primary of {columns}"),
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 80_000, "{checked} matrices checked");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_matrices_solutions_are_exact_covers_and_complete(
        columns in 1u32..=8,
        primary_share in 0u32..=8,
        raw_rows in prop::collection::vec(any::<u32>(), 1..=12),
        limit in 1u64..=6,
        prune in any::<bool>(),
        wide in any::<bool>(),
    ) {
        let primary = primary_share.min(columns);
        let rows: Vec<u32> = raw_rows.iter().map(|r| r & ((1 << columns) - 1)).collect();
        let (mut m, kept) = build_padded(&rows, primary, columns, wide);
        let expected = brute_force(&kept, primary, columns);

        let mut seen = Vec::new();
        let mut search = m.search().with_pruning(prune);
        let outcome = search.for_each(|solution| {
            let mut options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
            options.sort_unstable();
            seen.push(options);
            ControlFlow::Continue(())
        });
        prop_assert_eq!(outcome, Outcome::Exhausted);
        prop_assert_eq!(search.stats().solutions, expected);
        drop(search);
        prop_assert_eq!(seen.len() as u64, expected);
        for s in &seen {
            prop_assert!(is_exact_cover(&kept, s, primary), "not an exact cover: {:?}", s);
        }
        seen.sort();
        seen.dedup();
        prop_assert_eq!(seen.len() as u64, expected, "a solution was reported twice");

        // Counting with a limit stops there, and the step mode finds the same solutions.
        prop_assert_eq!(m.search().with_pruning(prune).count(limit), expected.min(limit));
        prop_assert_eq!(
            m.search().with_pairs_of_pairs(prune).with_pruning_width(3).with_prune_spacing(1).count(limit),
            expected.min(limit)
        );
        prop_assert_eq!(stepped(m.search().with_pruning(prune)), expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Pruning by pairs removes only options no solution uses: on matrices big enough for it to
    /// fire often, the pruned search finds exactly the solutions of the plain one, and leaves the
    /// matrix as it found it.
    #[test]
    fn pruning_keeps_every_solution(
        columns in 6u32..=12,
        primary_share in 4u32..=12,
        raw_rows in prop::collection::vec((any::<u32>(), 0u32..3), 8..=40),
        wide in any::<bool>(),
        pairless in 0usize..14,
    ) {
        let primary = primary_share.min(columns);
        // Sparse rows (a few items each), as in most exact-cover problems.
        let rows: Vec<u32> = raw_rows
            .iter()
            .map(|&(r, k)| {
                let mut row = 0;
                let mut bits = r;
                for _ in 0..=k + 1 {
                    row |= 1 << (bits % columns);
                    bits /= columns;
                }
                row
            })
            .collect();
        let (mut m, _) = build_padded(&rows, primary, columns, wide);
        let collect = |m: &mut Matrix, prune: bool| {
            let mut all = Vec::new();
            let mut search = m.search().with_pruning(prune);
            search.for_each(|solution| {
                let mut options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
                options.sort_unstable();
                all.push(options);
                ControlFlow::Continue(())
            });
            all.sort();
            (all, search.stats())
        };
        let (plain, plain_stats) = collect(&mut m, false);
        let (pruned, pruned_stats) = collect(&mut m, true);
        prop_assert_eq!(&pruned, &plain);
        prop_assert_eq!(plain_stats.pruned, 0);
        prop_assert_eq!(pruned_stats.solutions, plain_stats.solutions);
        // Pairs alone, escalating to every rule after a few nodes: the same solutions.
        let mut escalated = Vec::new();
        let mut search = m.search().with_pruning(true).with_escalation(4, 5, 1);
        search.for_each(|solution| {
            let mut options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
            options.sort_unstable();
            escalated.push(options);
            ControlFlow::Continue(())
        });
        drop(search);
        escalated.sort();
        prop_assert_eq!(&escalated, &plain);
        // Pairs of pairs and the wider first rule, at every branching: the same solutions.
        let mut strong = Vec::new();
        let mut search = m
            .search()
            .with_pairs_of_pairs(true)
            .with_pruning_width(5)
            .with_prune_spacing(1)
            .with_conflict_weights(true);
        search.for_each(|solution| {
            let mut options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
            options.sort_unstable();
            strong.push(options);
            ControlFlow::Continue(())
        });
        drop(search);
        strong.sort();
        prop_assert_eq!(&strong, &plain);
        // Declaring items pairless, rightly or not, only ever weakens pruning.
        m.set_pairless_items(pairless);
        prop_assert_eq!(&collect(&mut m, true).0, &plain);
        // And the matrix is intact: the plain search still finds the same.
        prop_assert_eq!(collect(&mut m, false).0, plain);
    }
}

/// The `W` items of a row made from `r`: distinct columns below `columns` (at least `W`),
/// picked one after another from those left.
fn items_of<const W: usize>(mut r: u32, columns: u32) -> [usize; W] {
    let mut left: Vec<usize> = (0..columns as usize).collect();
    let mut items = [0; W];
    for item in &mut items {
        let k = r as usize % left.len();
        r /= left.len() as u32;
        *item = left.remove(k);
    }
    items
}

/// A row's bit mask.
fn mask(items: &[usize]) -> u32 {
    items.iter().fold(0, |m, &i| m | 1 << i)
}

/// Options all of one width, added in bulk, are laid out in blocks (of four for four items;
/// no spacers; see the `dlx` docs); added one by one, with spacers. Both must search alike: the
/// same solutions, the same nodes and the same number of link updates, whatever the pruning.
/// `wide`: `W` more secondary items share 300 options, so the exact lengths are kept.
fn both_layouts<const W: usize>(
    options: &[[usize; W]],
    primary: u32,
    columns: u32,
    wide: bool,
) -> (Matrix, Matrix) {
    let secondary = (columns - primary) as usize + if wide { W } else { 0 };
    let c = columns as usize;
    let extra: Vec<[usize; W]> = if wide {
        vec![std::array::from_fn(|k| c + k); 300]
    } else {
        Vec::new()
    };
    let mut blocks = Matrix::new(primary as usize, secondary).unwrap();
    blocks.add_options(options).unwrap();
    blocks.add_options(&extra).unwrap();
    let mut spaced = Matrix::new(primary as usize, secondary).unwrap();
    for o in options.iter().chain(&extra) {
        spaced.add_option(o.iter().copied()).unwrap();
    }
    (blocks, spaced)
}

/// Options `W` items wide in blocks search exactly as the same options with spacers: the same
/// solutions (all exact covers, and all of them when brute force can tell), the same nodes,
/// the same updates, plain, pruned, strongly pruned, stopping early at dead ends, and step by
/// step.
fn blocks_search_as_spaced_options_do<const W: usize>(
    columns: u32,
    primary: u32,
    raw_rows: &[u32],
    wide: bool,
) -> Result<(), TestCaseError> {
    let options: Vec<[usize; W]> = raw_rows.iter().map(|&r| items_of(r, columns)).collect();
    let rows: Vec<u32> = options.iter().map(|o| mask(o)).collect();
    let (mut blocks, mut spaced) = both_layouts(&options, primary, columns, wide);
    type Configure = fn(sudoku_dlx::dlx::Search<'_>) -> sudoku_dlx::dlx::Search<'_>;
    let configurations: [Configure; 6] = [
        |s| s,
        |s| s.with_pruning(true),
        |s| s.with_pruning(true).with_conflict_weights(true),
        |s| s.with_early_stop(true),
        |s| {
            s.with_pruning(true)
                .with_conflict_weights(true)
                .with_early_stop(true)
        },
        |s| {
            s.with_pairs_of_pairs(true)
                .with_pruning_width(5)
                .with_prune_spacing(1)
                .with_conflict_weights(true)
        },
    ];
    let (plain, _, _) = solutions_of(&mut spaced, |s| s);
    for s in &plain {
        prop_assert!(
            is_exact_cover(&rows, s, primary),
            "not an exact cover: {:?}",
            s
        );
    }
    if rows.len() <= 16 {
        prop_assert_eq!(plain.len() as u64, brute_force(&rows, primary, columns));
    }
    for (k, configure) in configurations.into_iter().enumerate() {
        let in_blocks = solutions_of(&mut blocks, configure);
        let with_spacers = solutions_of(&mut spaced, configure);
        // The early stop (configurations 3 and 4) is not made in blocks of four, so there only
        // the solutions are the same.
        if W == 4 && k >= 3 {
            prop_assert_eq!(&in_blocks.0, &with_spacers.0);
        } else {
            prop_assert_eq!(&in_blocks, &with_spacers);
        }
        prop_assert_eq!(&in_blocks.0, &plain);
    }
    // Step by step, and again after all that: the links were restored every time.
    prop_assert_eq!(
        stepped(blocks.search().with_pruning(true)),
        plain.len() as u64
    );
    prop_assert_eq!(solutions_of(&mut blocks, |s| s).0, plain);
    Ok(())
}

/// The solutions a search finds run step by step to its end.
fn stepped(mut search: sudoku_dlx::dlx::Search<'_>) -> u64 {
    let mut found = 0;
    loop {
        match search.step() {
            sudoku_dlx::dlx::Event::Solution { .. } => found += 1,
            sudoku_dlx::dlx::Event::Done | sudoku_dlx::dlx::Event::Cancelled => return found,
            _ => {}
        }
    }
}

/// Every solution (sorted) and the statistics of one configured search of `m`.
fn solutions_of(
    m: &mut Matrix,
    configure: impl FnOnce(sudoku_dlx::dlx::Search<'_>) -> sudoku_dlx::dlx::Search<'_>,
) -> (Vec<Vec<usize>>, u64, u64) {
    let mut all = Vec::new();
    let mut search = configure(m.search());
    search.for_each(|solution| {
        let mut options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
        options.sort_unstable();
        all.push(options);
        ControlFlow::Continue(())
    });
    let stats = search.stats();
    drop(search);
    all.sort();
    (all, stats.nodes, stats.updates)
}

#[test]
fn every_small_matrix_of_four_item_options_counts_like_brute_force() {
    let mut checked = 0u64;
    for (columns, most_rows) in [(4u32, 5u32), (5, 4), (6, 3)] {
        // Every set of four columns, its items in an order that varies from set to set.
        let kinds: Vec<[usize; 4]> = (0u32..1 << columns)
            .filter(|m| m.count_ones() == 4)
            .enumerate()
            .map(|(k, m)| {
                let mut items = [0; 4];
                let set = (0..columns as usize).filter(|c| m & 1 << c != 0);
                for (j, c) in set.enumerate() {
                    items[(j + k) % 4] = c;
                }
                items
            })
            .collect();
        let n = kinds.len() as u32;
        for n_rows in 1..=most_rows {
            for code in 0..n.pow(n_rows) {
                let options: Vec<[usize; 4]> = (0..n_rows)
                    .map(|r| kinds[(code / n.pow(r) % n) as usize])
                    .collect();
                let rows: Vec<u32> = options.iter().map(|o| mask(o)).collect();
                for primary in 0..=columns {
                    let expected = brute_force(&rows, primary, columns);
                    let (mut blocks, mut spaced) = both_layouts(&options, primary, columns, false);
                    for m in [&mut blocks, &mut spaced] {
                        every_search_counts(m, expected, &format!("{options:?}, {primary}"));
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20_000, "{checked} matrices checked");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Options in blocks of four search exactly as the same options with spacers.
    #[test]
    fn blocks_of_four_search_as_spaced_options_do(
        columns in 6u32..=12,
        primary_share in 1u32..=12,
        raw_rows in prop::collection::vec(any::<u32>(), 2..=24),
        wide in any::<bool>(),
    ) {
        blocks_search_as_spaced_options_do::<4>(columns, primary_share.min(columns), &raw_rows, wide)?;
    }

    /// Options in blocks of the other widths, 2, 3 and 5 to 8 items, search exactly as the
    /// same options with spacers.
    #[test]
    fn blocks_of_other_widths_search_as_spaced_options_do(
        width in prop::sample::select(vec![2usize, 3, 5, 6, 7, 8]),
        columns in 8u32..=12,
        primary_share in 1u32..=12,
        raw_rows in prop::collection::vec(any::<u32>(), 2..=24),
        wide in any::<bool>(),
    ) {
        let primary = primary_share.min(columns);
        match width {
            2 => blocks_search_as_spaced_options_do::<2>(columns, primary, &raw_rows, wide)?,
            3 => blocks_search_as_spaced_options_do::<3>(columns, primary, &raw_rows, wide)?,
            5 => blocks_search_as_spaced_options_do::<5>(columns, primary, &raw_rows, wide)?,
            6 => blocks_search_as_spaced_options_do::<6>(columns, primary, &raw_rows, wide)?,
            7 => blocks_search_as_spaced_options_do::<7>(columns, primary, &raw_rows, wide)?,
            _ => blocks_search_as_spaced_options_do::<8>(columns, primary, &raw_rows, wide)?,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A problem read from `dlx1`'s text, its primary items numbered by secondary reach, has the
    /// solutions brute force finds, each once, as it has in the order named.
    #[test]
    fn numbered_by_secondary_reach_a_problem_keeps_its_solutions(
        columns in 2u32..=9,
        primary_share in 1u32..=8,
        raw_rows in prop::collection::vec(any::<u32>(), 1..=12),
        prune in any::<bool>(),
    ) {
        let primary = primary_share.min(columns - 1);
        let primary_mask = (1u32 << primary) - 1;
        // dlx1's text refuses an option with no primary item; those are left out.
        let rows: Vec<u32> = raw_rows
            .iter()
            .map(|r| r & ((1 << columns) - 1))
            .filter(|r| r & primary_mask != 0)
            .collect();
        prop_assume!(!rows.is_empty());
        let name = |c: u32| format!("i{c}");
        let mut text: Vec<String> = (0..primary).map(name).collect();
        text.push("|".into());
        text.extend((primary..columns).map(name));
        let mut text = text.join(" ") + "\n";
        for &row in &rows {
            let items: Vec<String> = (0..columns).filter(|c| row >> c & 1 != 0).map(name).collect();
            text += &(items.join(" ") + "\n");
        }
        let problem = Problem::parse(&text).unwrap();
        let expected = brute_force(&rows, primary, columns);
        let solutions = |order| {
            let mut m = problem.matrix_in(order).unwrap();
            let mut seen = Vec::new();
            m.search().with_pruning(prune).for_each(|solution| {
                let mut options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
                options.sort_unstable();
                seen.push(options);
                ControlFlow::Continue(())
            });
            seen.sort();
            seen
        };
        let by_reach = solutions(ItemOrder::SecondaryReach);
        prop_assert_eq!(by_reach.len() as u64, expected);
        for s in &by_reach {
            prop_assert!(is_exact_cover(&rows, s, primary), "not an exact cover: {:?}", s);
        }
        prop_assert_eq!(by_reach, solutions(ItemOrder::AsNamed));
    }
}
