//! The search's unit tests.

use super::*;
use crate::dlx::prune::IDLE_PASSES;
use crate::dlx::scratch::Weights;

/// Knuth's example from "Dancing Links": items a..g, the six options of the paper.
/// A search with no pruning (0), pruning by pairs (1), pairs escalating to every rule after
/// 3 nodes with conflict weights (2), conflict weights alone (3), guesses among every item by
/// weights blamed on choices, with pairs (5), the same from random starting weights (6), the
/// early stop at dead ends alone (7) or with pairs and conflict weights (8), or every rule at
/// every branching (4).
fn tuned(s: Search<'_>, level: u8) -> Search<'_> {
    match level {
        0 => s,
        1 => s.with_pruning(true),
        2 => s
            .with_pruning(true)
            .with_escalation(3, 4, 1)
            .with_conflict_weights(true),
        3 => s.with_conflict_weights(true),
        5 => s
            .with_pruning(true)
            .with_conflict_weights(true)
            .with_guesses_among(usize::MAX)
            .with_blame_on_choices(true),
        6 => s
            .with_pruning(true)
            .with_conflict_weights(true)
            .with_guesses_among(usize::MAX)
            .with_blame_on_choices(true)
            .with_random_weights(7, 16),
        7 => s.with_early_stop(true),
        8 => s
            .with_pruning(true)
            .with_conflict_weights(true)
            .with_early_stop(true),
        _ => s
            .with_pairs_of_pairs(true)
            .with_pruning_width(4)
            .with_prune_spacing(1),
    }
}

/// With `wide`, gives secondary item `item` 300 options of its own: they are in no solution,
/// but an item that long makes the matrix keep exact lengths beside the tags (not
/// [narrow](Matrix::narrow)), so the tests run the link operations both ways.
fn pad(m: &mut Matrix, item: usize, wide: bool) {
    if wide {
        for _ in 0..300 {
            m.add_option([item]).unwrap();
        }
    }
}

#[test]
fn options_added_after_a_narrow_search_are_counted_right() {
    let mut m = knuth();
    assert_eq!(m.search().restore_lazily().count(u64::MAX), 1);
    assert!(m.narrow);
    // Restores what the lazy search left, brings the lengths up to date, and adds.
    m.add_option([0, 3]).unwrap(); // {a d} again: a second solution
    m.check_invariants();
    assert_eq!(m.search().count(u64::MAX), 2);
    m.reset(3, 1).unwrap();
    m.add_option([0, 1]).unwrap();
    m.add_option([2]).unwrap();
    pad(&mut m, 3, true);
    let mut s = m.search();
    assert_eq!(s.count(u64::MAX), 1);
    assert!(!s.matrix().narrow);
    drop(s);
    m.check_invariants();
}

fn knuth() -> Matrix {
    let mut m = Matrix::new(7, 0).unwrap();
    for o in [
        vec![2, 4, 5],
        vec![0, 3, 6],
        vec![1, 2, 5],
        vec![0, 3],
        vec![1, 6],
        vec![3, 4, 6],
    ] {
        m.add_option(o).unwrap();
    }
    m
}

/// Ties between the shortest items go to the one found empty most often; longer items are
/// never preferred; clearing forgets every weight.
#[test]
fn conflict_weights_break_ties_and_only_ties() {
    let mut m = Matrix::new(4, 0).unwrap();
    // Items 0 and 1 have two options each, item 2 three, item 3 four.
    for o in [vec![0, 3], vec![0, 2], vec![1, 3], vec![1, 2], vec![2, 3]] {
        m.add_option(o).unwrap();
    }
    m.refresh_tags();
    let (a, b, c) = (1, 2, 3); // internal numbers of items 0, 1, 2
    assert_eq!(m.choose(), (a, 2));
    let mut w = Weights::default();
    w.clear(m.primary_items());
    assert_eq!(w.heaviest_like(&m.tag, a), a, "no weights: the leftmost");
    w.bump(c);
    w.bump(c);
    assert_eq!(
        w.heaviest_like(&m.tag, a),
        a,
        "a heavier but longer item is not chosen"
    );
    w.bump(b);
    assert_eq!(w.heaviest_like(&m.tag, a), b, "the heavier of two as short");
    w.bump(a);
    assert_eq!(w.heaviest_like(&m.tag, a), a, "equal weights: the leftmost");
    w.clear(m.primary_items());
    assert!(w.weight.iter().all(|&x| x == 0) && w.heavy.is_empty());
}

#[test]
fn knuths_example_has_one_solution() {
    let mut m = knuth();
    let before = m.snapshot();
    let mut s = m.search();
    let mut sol: Vec<usize> = s.first().unwrap().iter().map(|o| o.index()).collect();
    sol.sort_unstable();
    assert_eq!(sol, [0, 3, 4]);
    assert_eq!(s.next_solution(), None);
    assert!(s.is_done());
    let stats = s.stats();
    assert_eq!(stats.solutions, 1);
    assert_eq!(stats.max_depth, 3);
    assert!(stats.nodes >= 3 && stats.updates > 0);
    drop(s);
    assert_eq!(m.snapshot(), before);
    m.check_invariants();
}

#[test]
fn step_mode_reports_every_move_and_agrees_with_the_fast_path() {
    let mut m = knuth();
    let before = m.snapshot();
    let fast = {
        let mut s = m.search();
        let n = s.count(u64::MAX);
        (n, s.stats())
    };
    let mut s = m.search();
    let (mut tried, mut undone, mut chose, mut back, mut sols) = (0, 0, 0, 0, 0);
    let mut depth: i64 = 0;
    loop {
        match s.step() {
            Event::Chose { level, options, .. } => {
                assert_eq!(level as i64, depth);
                assert!(options <= 6);
                chose += 1;
            }
            Event::Tried { level, .. } => {
                assert_eq!(level as i64, depth);
                depth += 1;
                tried += 1;
            }
            Event::Undone { level, .. } => {
                depth -= 1;
                assert_eq!(level as i64, depth);
                undone += 1;
            }
            Event::Backtracked { .. } => back += 1,
            Event::Solution { depth: d } => {
                assert_eq!(d as i64, depth);
                assert_eq!(s.solution().len(), d);
                sols += 1;
            }
            Event::Done => break,
            Event::Cancelled => unreachable!(),
        }
    }
    assert_eq!(s.step(), Event::Done);
    assert_eq!(depth, 0);
    assert_eq!(tried, undone);
    assert_eq!(chose, back);
    assert_eq!((sols, s.stats()), (fast.0, fast.1));
    drop(s);
    assert_eq!(m.snapshot(), before);
}

#[test]
fn dropping_or_abandoning_mid_search_restores_the_matrix() {
    let mut m = knuth();
    let before = m.snapshot();
    for stop_after in 0..40 {
        let mut s = m.search();
        for _ in 0..stop_after {
            s.step();
        }
        if stop_after % 2 == 0 {
            s.abandon();
            assert!(s.is_done());
        }
        drop(s);
        assert_eq!(m.snapshot(), before, "after {stop_after} steps");
    }
}

#[test]
fn a_node_limit_stops_the_search_soon_after_and_restores_the_matrix() {
    let mut m = Matrix::new(12, 0).unwrap();
    for i in 0..12 {
        m.add_option([i]).unwrap();
        m.add_option([i]).unwrap();
    }
    let before = m.snapshot();
    let mut s = m.search().with_node_limit(1000);
    let found = s.count(u64::MAX);
    assert!(s.is_cancelled());
    assert!((1..4096).contains(&found));
    let nodes = s.stats().nodes;
    assert!((1000..1000 + u64::from(CANCEL_CHECK_INTERVAL)).contains(&nodes));
    drop(s);
    assert_eq!(m.snapshot(), before);
    let mut s = m.search().with_node_limit(u64::MAX);
    assert_eq!(s.count(u64::MAX), 4096);
    assert!(!s.is_cancelled());
}

#[test]
fn a_set_cancel_flag_stops_the_search_and_restores_the_matrix() {
    // Every option is {i} for two copies of each item: 2^12 solutions.
    let mut m = Matrix::new(12, 0).unwrap();
    for i in 0..12 {
        m.add_option([i]).unwrap();
        m.add_option([i]).unwrap();
    }
    let before = m.snapshot();
    let flag = AtomicBool::new(true);
    let mut s = m.search().with_cancel(&flag);
    assert_eq!(s.count(u64::MAX) as u32, 0);
    assert!(s.is_cancelled());
    assert_eq!(
        s.for_each(|_| ControlFlow::Continue(())),
        Outcome::Cancelled
    );
    drop(s);
    assert_eq!(m.snapshot(), before);

    let flag = AtomicBool::new(false);
    let mut s = m.search().with_cancel(&flag);
    assert_eq!(s.count(100), 100);
    flag.store(true, Ordering::Relaxed);
    assert!(s.count(u64::MAX) < 4096);
    assert!(s.is_cancelled());
    drop(s);
    assert_eq!(m.snapshot(), before);
    assert_eq!(m.search().count(u64::MAX), 4096);
}

#[test]
fn secondary_items_are_covered_at_most_once() {
    // Primary 0, 1; secondary 2. Options {0,2}, {1,2}, {0}, {1}.
    let mut m = Matrix::new(2, 1).unwrap();
    for o in [vec![0, 2], vec![1, 2], vec![0], vec![1]] {
        m.add_option(o).unwrap();
    }
    let mut all = Vec::new();
    let mut s = m.search();
    let outcome = s.for_each(|sol| {
        let mut v: Vec<usize> = sol.iter().map(|o| o.index()).collect();
        v.sort_unstable();
        all.push(v);
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Exhausted);
    all.sort();
    assert_eq!(all, [vec![0, 3], vec![1, 2], vec![2, 3]]);
}

#[test]
fn no_primary_items_means_one_empty_solution() {
    let mut m = Matrix::new(0, 2).unwrap();
    m.add_option([0]).unwrap();
    let mut s = m.search();
    assert_eq!(s.next_solution(), Some(&[][..]));
    assert_eq!(s.next_solution(), None);
}

#[test]
fn for_each_can_stop() {
    let mut m = Matrix::new(3, 0).unwrap();
    for i in 0..3 {
        m.add_option([i]).unwrap();
        m.add_option([i]).unwrap();
    }
    let before = m.snapshot();
    let mut seen = 0;
    let mut s = m.search();
    let outcome = s.for_each(|_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((outcome, seen), (Outcome::Stopped, 3));
    assert_eq!(s.count(u64::MAX), 5);
    drop(s);
    assert_eq!(m.snapshot(), before);
}

/// Items c a b x y (0..5). Item a's two options both contain b, so b's third option, {b, c},
/// can be in no solution.
fn pairs_example() -> Matrix {
    let mut m = Matrix::new(5, 0).unwrap();
    for o in [
        vec![1, 2, 3],
        vec![1, 2, 4],
        vec![2, 0],
        vec![0],
        vec![3],
        vec![4],
    ] {
        m.add_option(o).unwrap();
    }
    m
}

#[test]
fn pruning_removes_what_no_solution_uses_and_puts_it_back() {
    // Items c a b x y (0..5). Item a's two options both contain b, so b's third option,
    // {b, c}, can be in no solution. The plain search branches on c first and tries {b, c}
    // in vain; the pruned one removes it before branching, and c is forced.
    let mut m = pairs_example();
    let before = m.snapshot();
    let plain = {
        let mut s = m.search();
        (s.count(u64::MAX), s.stats())
    };
    assert_eq!(m.snapshot(), before);
    let mut s = m.search().with_pruning(true);
    assert_eq!(s.count(u64::MAX), plain.0);
    assert!(s.stats().pruned >= 1, "{:?}", s.stats());
    assert!(
        s.stats().nodes < plain.1.nodes,
        "{:?} {:?}",
        s.stats(),
        plain.1
    );
    drop(s);
    assert_eq!(m.snapshot(), before);
    m.check_invariants();
    // Lazily: the removed option comes back when the matrix is next used.
    let mut s = m.search().with_pruning(true).restore_lazily();
    assert_eq!(s.count(u64::MAX), plain.0);
    drop(s);
    m.restore();
    assert_eq!(m.snapshot(), before);
}

/// Pruning stops too where its first [`IDLE_PASSES`] passes removed some options but fewer
/// than there were passes. Langford pairs for n = 11 (items: the eleven digits, then the 22
/// places; digit `d` in places `i` and `i + d + 1`), a pass at every branching: the passes stop
/// at the 1,024th, having removed a few hundred options, and every solution is still found.
#[test]
fn pruning_that_removes_less_than_an_option_a_pass_stops() {
    let n = 11;
    let mut m = Matrix::new(3 * n, 0).unwrap();
    for d in 1..=n {
        for i in 0..2 * n - d - 1 {
            m.add_option([d - 1, n + i, n + i + d + 1]).unwrap();
        }
    }
    let plain = m.search().count(u64::MAX);
    assert_eq!(plain, 35_584);
    let mut s = m.search().with_pruning(true).with_prune_spacing(1);
    assert_eq!(s.count(u64::MAX), plain);
    let (passes, removed) = (s.pruner.passes, s.pruner.removed);
    assert_eq!((passes, s.pruner.on), (IDLE_PASSES, false));
    assert!(removed > 0 && removed < IDLE_PASSES, "{removed}");
}

/// Pruning stops for the rest of a search once its first [`IDLE_PASSES`] passes have removed
/// nothing, and turns on again where escalation asks. Eleven queens (rows and columns primary,
/// diagonals secondary), where no pair ever settles anything: the search makes 1,024 passes
/// and no more, and finds the 2,680 solutions in the plain search's nodes.
#[test]
fn pruning_that_removes_nothing_stops() {
    let n = 11;
    let diagonals = 2 * n - 1;
    let mut m = Matrix::new(2 * n, 2 * diagonals).unwrap();
    for r in 0..n {
        for c in 0..n {
            let (a, b) = (r + c, r + n - 1 - c);
            m.add_option([r, n + c, 2 * n + a, 2 * n + diagonals + b])
                .unwrap();
        }
    }
    let plain = {
        let mut s = m.search();
        (s.count(u64::MAX), s.stats().nodes)
    };
    assert_eq!(plain.0, 2680);
    let mut s = m.search().with_pruning(true);
    assert_eq!(s.count(u64::MAX), plain.0);
    assert_eq!((s.pruner.passes, s.pruner.on), (IDLE_PASSES, false));
    assert_eq!((s.stats().pruned, s.stats().nodes), (0, plain.1));
    drop(s);
    // Escalation after the passes have stopped turns them on again.
    let escalate = IDLE_PASSES * PRUNE_SPACING * 2;
    let mut s = m
        .search()
        .with_pruning(true)
        .with_escalation(escalate, 2, PRUNE_SPACING);
    assert_eq!(s.count(u64::MAX), plain.0);
    assert!(
        s.pruner.on && s.pruner.passes > IDLE_PASSES,
        "{}",
        s.pruner.passes
    );
}

#[test]
fn the_view_of_a_step_names_what_pruning_removed_and_each_items_length() {
    // The matrix of the test above: pruning by pairs removes {b, c} at the first branching.
    let mut m = pairs_example();
    let mut s = m.search().with_pruning(true).with_prune_spacing(1);
    for item in 0..5 {
        let expected = [2, 2, 3, 2, 2][item];
        assert_eq!(s.options_left(ItemId(item as u32)), Some(expected));
    }
    let Event::Chose { item, options, .. } = s.step() else {
        panic!("the first move chooses");
    };
    // {b, c} (option 2) went by the pair rule before the choice; the chosen item is covered.
    assert_eq!(
        s.pruned_here().collect::<Vec<_>>(),
        [(OptionId(2), Rule::Pair)]
    );
    assert_eq!(s.pruned().collect::<Vec<_>>(), [OptionId(2)]);
    assert_eq!(s.stats().pruned, 1);
    assert_eq!(s.options_left(item), None);
    assert!(options >= 1);
    // Once over, every removed option is back.
    while !matches!(s.step(), Event::Done) {}
    assert_eq!(s.pruned().count(), 0);
    assert_eq!(s.options_left(ItemId(2)), Some(3));
    // Without pruning, nothing is named.
    drop(s);
    let mut s = m.search();
    s.step();
    assert_eq!(s.pruned_here().count(), 0);
}

/// With every rule on at every branching, what `pruned_here` names after each choice adds up
/// to the pruning statistics, level by level.
#[test]
fn pruned_here_adds_up_to_the_statistics() {
    let mut next = crate::dlx::testing::lcg(7);
    for _ in 0..200 {
        let mut m = Matrix::new(8, 2).unwrap();
        for _ in 0..24 {
            let bits = (next() >> 20) as u32 & 0x3ff;
            let items: Vec<usize> = (0..10).filter(|c| bits & (1 << c) != 0).collect();
            if items.iter().any(|&i| i < 8) {
                m.add_option(items).unwrap();
            }
        }
        let mut s = tuned(m.search(), 4);
        let mut named = 0u64;
        loop {
            let before = s.stats().pruned;
            match s.step() {
                Event::Chose { .. } => {
                    let here = s.pruned_here().count() as u64;
                    assert_eq!(here, s.stats().pruned - before);
                    named += here;
                }
                Event::Done => break,
                _ => {}
            }
        }
        assert_eq!(named, s.stats().pruned);
    }
}

/// Item 0 is in 301 options, so the matrix is not narrow; choosing {0 1} first covers item 0,
/// which takes the 300 others out of secondary item 4's list, and the next level has no tag at
/// the cap: the search runs narrow from there, and wide again once it backs up out of it.
#[test]
fn a_search_goes_narrow_where_no_tag_is_at_the_cap() {
    let mut m = Matrix::new(3, 2).unwrap();
    m.add_option([0, 1]).unwrap();
    m.add_option([2]).unwrap();
    for _ in 0..300 {
        m.add_option([0, 4]).unwrap();
    }
    let before = m.snapshot();
    let mut s = m.search();
    assert!(!s.m.narrow && s.may_narrow);
    assert_eq!(s.count(1), 1);
    assert_eq!(s.narrow_from, Some(1));
    assert!(s.m.narrow);
    assert_eq!(s.count(u64::MAX), 0);
    assert_eq!(s.narrow_from, None);
    assert!(!s.m.narrow);
    drop(s);
    assert_eq!(m.snapshot(), before);
}

proptest::proptest! {
    /// Any number of moves, then a drop, a cancel or an abandon: the links are as before.
    #[test]
    fn any_interrupted_search_restores_the_matrix(
        rows in proptest::collection::vec(1u32..64, 1..14),
        secondary in 0usize..3,
        steps in 0usize..300,
        how in 0u8..3,
        prune in 0u8..9,
        wide in proptest::bool::ANY,
    ) {
        let mut m = Matrix::new(6 - secondary, secondary + 1).unwrap();
        for row in &rows {
            m.add_option((0..6).filter(|c| row & (1 << c) != 0)).unwrap();
        }
        pad(&mut m, 6, wide);
        let before = m.snapshot();
        let flag = AtomicBool::new(false);
        let mut s = tuned(m.search().with_cancel(&flag), prune);
        for _ in 0..steps {
            s.step();
        }
        match how {
            0 => {}
            1 => s.abandon(),
            _ => {
                flag.store(true, Ordering::Relaxed);
                // Reaches the flag within CANCEL_CHECK_INTERVAL entries.
                let n = s.count(u64::MAX);
                proptest::prop_assert!(n < u64::MAX);
            }
        }
        drop(s);
        proptest::prop_assert_eq!(m.snapshot(), before);
        m.check_invariants();
    }

    /// A matrix wide at the start (item 0 in 300 options, with secondary item 9) goes narrow
    /// on the way down once a row holding item 0 is chosen and no tag is at the cap any more.
    /// The fast path, which changes modes, makes the moves the step mode makes, which does
    /// not: the same solutions and statistics, run whole or stopped at the first solution and
    /// then stepped to the end; and the matrix comes back exactly, whether the search stopped
    /// narrow undoes itself or leaves the undoing to the matrix.
    #[test]
    fn a_search_that_goes_narrow_on_the_way_down_makes_the_same_moves(
        rows in proptest::collection::vec(1u32..256, 1..16),
        prune in 0u8..9,
        how in 0u8..4,
    ) {
        let mut m = Matrix::new(8, 2).unwrap();
        for row in &rows {
            m.add_option((0..8).filter(|c| row & (1 << c) != 0)).unwrap();
        }
        for _ in 0..300 {
            m.add_option([0, 9]).unwrap();
        }
        let before = m.snapshot();
        let (all, stepped) = {
            let mut s = tuned(m.search(), prune);
            let mut found = 0u64;
            loop {
                match s.step() {
                    Event::Solution { .. } => found += 1,
                    Event::Done => break,
                    _ => {}
                }
            }
            (found, s.stats())
        };
        proptest::prop_assert_eq!(m.snapshot(), before.clone());
        match how {
            0 => {
                let mut s = tuned(m.search(), prune);
                proptest::prop_assert_eq!(s.count(u64::MAX), all);
                proptest::prop_assert_eq!(s.stats(), stepped);
            }
            1 => {
                let mut s = tuned(m.search(), prune);
                let mut found = s.count(1);
                while !s.is_done() {
                    if let Event::Solution { .. } = s.step() {
                        found += 1;
                    }
                }
                proptest::prop_assert_eq!(found, all);
                proptest::prop_assert_eq!(s.stats(), stepped);
            }
            2 => {
                let mut s = tuned(m.search(), prune);
                proptest::prop_assert_eq!(s.count(1), all.min(1));
            }
            _ => {
                let mut s = tuned(m.search().restore_lazily(), prune);
                proptest::prop_assert_eq!(s.count(1), all.min(1));
                drop(s);
                proptest::prop_assert_eq!(m.search().count(u64::MAX), all);
            }
        }
        proptest::prop_assert_eq!(m.snapshot(), before);
        m.check_invariants();
    }

    /// Stepping some moves and then running the rest on the fast path makes exactly the
    /// moves one fast run makes: same solutions, same statistics, same matrix afterwards.
    #[test]
    fn stepping_then_running_fast_agrees_with_a_fast_run(
        rows in proptest::collection::vec(1u32..256, 1..20),
        steps in 0usize..200,
        prune in 0u8..9,
        wide in proptest::bool::ANY,
    ) {
        let mut m = Matrix::new(8, 1).unwrap();
        for row in &rows {
            m.add_option((0..8).filter(|c| row & (1 << c) != 0)).unwrap();
        }
        pad(&mut m, 8, wide);
        let before = m.snapshot();
        let (all, fast) = {
            let mut s = tuned(m.search(), prune);
            (s.count(u64::MAX), s.stats())
        };
        let mut s = tuned(m.search(), prune);
        let mut found = 0;
        for _ in 0..steps {
            if let Event::Solution { .. } = s.step() {
                found += 1;
            }
        }
        found += s.count(u64::MAX);
        proptest::prop_assert_eq!(found, all);
        proptest::prop_assert_eq!(s.stats(), fast);
        proptest::prop_assert!(s.is_done());
        drop(s);
        proptest::prop_assert_eq!(m.snapshot(), before);
    }

    /// The fast path compiled for AVX2 and BMI (where the CPU has them) and the one compiled
    /// for any CPU make the same moves, on matrices with enough items (40) for the scan to
    /// read 32-byte lanes: same solutions in the same order, same statistics, same matrix
    /// after.
    #[test]
    fn the_portable_fast_path_agrees_with_the_one_for_the_cpu(
        rows in proptest::collection::vec(proptest::collection::vec(0usize..40, 1..6), 1..80),
        prune in 0u8..9,
        wide in proptest::bool::ANY,
    ) {
        let mut m = Matrix::new(40, 1).unwrap();
        // Pairs that cover every item once (so there is a solution to find), then the
        // random options.
        for i in (0..40).step_by(2) {
            m.add_option([i, i + 1]).unwrap();
        }
        for row in &rows {
            let mut items = row.clone();
            items.sort_unstable();
            items.dedup();
            m.add_option(items).unwrap();
        }
        pad(&mut m, 40, wide);
        let before = m.snapshot();
        let run = |m: &mut Matrix, portable: bool| {
            let mut s = tuned(m.search(), prune);
            let mut seen = Vec::new();
            loop {
                let event = if portable { s.run_fast_portable() } else { s.run_fast() };
                match event {
                    Event::Solution { .. } => {
                        s.decode();
                        seen.push(s.solution().to_vec());
                        if seen.len() == 1_000 {
                            break;
                        }
                    }
                    Event::Done | Event::Cancelled => break,
                    _ => {}
                }
            }
            (seen, s.stats())
        };
        let for_cpu = run(&mut m, false);
        proptest::prop_assert_eq!(m.snapshot(), before.clone());
        let portable = run(&mut m, true);
        proptest::prop_assert_eq!(portable, for_cpu);
        proptest::prop_assert_eq!(m.snapshot(), before);
    }

    /// A lazily restoring search counts what an eager one counts, whatever the limit, and
    /// leaves the matrix as it found it once the deferred undoing has run; a second search
    /// (which runs it) agrees, and a reset throws it away.
    #[test]
    fn a_lazy_search_counts_the_same_and_restores_later(
        rows in proptest::collection::vec(1u32..256, 1..20),
        limit in 1u64..6,
        cancel_after in proptest::option::of(0usize..40),
        prune in 0u8..9,
        wide in proptest::bool::ANY,
    ) {
        let mut m = Matrix::new(8, 1).unwrap();
        for row in &rows {
            m.add_option((0..8).filter(|c| row & (1 << c) != 0)).unwrap();
        }
        pad(&mut m, 8, wide);
        let before = m.snapshot();
        let eager = m.search().count(limit);
        let lazy = tuned(m.search(), prune).restore_lazily().count(limit);
        proptest::prop_assert_eq!(lazy, eager);
        let again = m.search().count(limit);
        proptest::prop_assert_eq!(again, eager);
        m.restore();
        proptest::prop_assert_eq!(m.snapshot(), before.clone());
        m.check_invariants();

        if let Some(steps) = cancel_after {
            let mut s = tuned(m.search(), prune).restore_lazily();
            for _ in 0..steps {
                s.step();
            }
            drop(s);
            m.restore();
            proptest::prop_assert_eq!(m.snapshot(), before);
        }
        let _ = m.search().restore_lazily().count(u64::MAX);
        m.reset(2, 0).unwrap();
        m.add_option([0, 1]).unwrap();
        proptest::prop_assert_eq!(m.search().count(u64::MAX), 1);
    }
}

#[test]
fn a_deadline_stops_the_search_soon_after_and_restores_the_matrix() {
    // 2^30 solutions: far more than 20 ms of counting.
    let mut m = Matrix::new(30, 0).unwrap();
    for i in 0..30 {
        m.add_option([i]).unwrap();
        m.add_option([i]).unwrap();
    }
    let before = m.snapshot();
    let started = std::time::Instant::now();
    let mut s = m
        .search()
        .with_deadline(started + std::time::Duration::from_millis(20));
    let found = s.count(u64::MAX);
    assert!(s.is_cancelled());
    assert!(found < 1 << 30);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    drop(s);
    assert_eq!(m.snapshot(), before);
    // A deadline already past: nothing is searched.
    let mut s = m.search().with_deadline(started);
    assert_eq!(s.count(u64::MAX), 0);
    assert!(s.is_cancelled());
}

#[test]
fn progress_reports_the_nodes_tried_while_the_search_runs() {
    let mut m = Matrix::new(12, 0).unwrap();
    for i in 0..12 {
        m.add_option([i]).unwrap();
        m.add_option([i]).unwrap();
    }
    let counter = std::sync::atomic::AtomicU64::new(0);
    let mut s = m.search().with_progress(&counter);
    assert_eq!(s.count(u64::MAX), 4096);
    let reported = counter.load(Ordering::Relaxed);
    assert!(reported > 0 && reported <= s.stats().nodes, "{reported}");
}

/// Guessing among the first items: items 0 and 1 have three options each, item 2 two, item 3
/// one. The search takes the forced item 3 first wherever it is, then guesses on item 0, not
/// on the shorter item 2; the solutions are the same.
#[test]
fn a_search_guesses_among_the_first_items_but_takes_a_forced_one_anywhere() {
    let mut m = Matrix::new(4, 0).unwrap();
    for o in [
        vec![0, 2],
        vec![0],
        vec![0],
        vec![1, 2],
        vec![1],
        vec![1],
        vec![3],
    ] {
        m.add_option(o).unwrap();
    }
    let chosen = |s: &mut Search<'_>| {
        let mut items = Vec::new();
        loop {
            match s.step() {
                Event::Chose { item, options, .. } => items.push((item.index(), options)),
                Event::Done => return items,
                _ => {}
            }
        }
    };
    for weighted in [false, true] {
        let mut s = m.search().with_conflict_weights(weighted);
        assert_eq!(chosen(&mut s)[..2], [(3, 1), (2, 2)], "the shortest");
        assert_eq!(s.stats().solutions, 4);
        drop(s);
        let mut s = m
            .search()
            .with_conflict_weights(weighted)
            .with_guesses_among(2);
        assert_eq!(chosen(&mut s)[..2], [(3, 1), (0, 3)], "among the first two");
        assert_eq!(s.stats().solutions, 4);
        drop(s);
        assert_eq!(m.search().with_guesses_among(2).count(10), 4);
    }
}

/// Items 0, 1 and 2 and the options {0, 1}, {0, 2} and {1, 2}: no exact cover. The search
/// branches on item 0, and each of its options leaves another item with none (2, then 1).
fn two_dead_ends() -> Matrix {
    let mut m = Matrix::new(3, 0).unwrap();
    for o in [vec![0, 1], vec![0, 2], vec![1, 2]] {
        m.add_option(o).unwrap();
    }
    m
}

/// A dead end counts against the item found empty, or where blame goes to choices, against the
/// item of the option placed last: here item 0, branched on, both times.
#[test]
fn a_dead_end_is_blamed_on_the_item_found_empty_or_on_the_last_choice() {
    let mut m = two_dead_ends();
    let mut s = m.search().with_conflict_weights(true);
    assert_eq!(s.count(10), 0);
    assert_eq!(
        s.pruner.weights.weight[1..4],
        [0, 1, 1],
        "the empty items, 1 and 2"
    );
    drop(s);
    let mut s = m
        .search()
        .with_conflict_weights(true)
        .with_blame_on_choices(true);
    assert_eq!(s.count(10), 0);
    assert_eq!(s.pruner.weights.weight[1..4], [2, 0, 0], "item 0, chosen");
}

/// Where conflicts decay, every item's count is halved each `WEIGHT_HALF_LIFE` dead ends, an
/// item whose count falls to zero leaves the list of weighed items, and a random draw for the
/// order of ties stays as it was.
#[test]
fn conflicts_and_random_starts_decay_by_halves() {
    use crate::dlx::scratch::WEIGHT_HALF_LIFE;
    let mut w = Weights::default();
    w.clear(3);
    for item in [1, 1, 1, 2] {
        w.bump(item);
    }
    for _ in 0..WEIGHT_HALF_LIFE - 1 {
        w.decay();
    }
    assert_eq!(w.weight[1..4], [3, 1, 0], "not yet");
    w.decay();
    assert_eq!(w.weight[1..4], [1, 0, 0]);
    assert_eq!(w.heavy, [1]);
    w.bump(2);
    assert_eq!(w.heavy, [1, 2], "blamed again, listed again");

    // Random starts: within the bounds, not all alike over many items, and worn away by the
    // halvings as conflicts are.
    w.draw(200, 7, 16);
    let drawn = &w.weight[1..=200];
    assert!(drawn.iter().all(|&x| x <= 16));
    assert!(drawn.contains(&0) && drawn.iter().any(|&x| x >= 8));
    assert_eq!(w.heavy.len(), drawn.iter().filter(|&&x| x > 0).count());
    let mut again = Weights::default();
    again.draw(200, 7, 16);
    assert_eq!(again.weight, w.weight, "the same seed, the same draw");
    again.draw(200, 8, 16);
    assert_ne!(again.weight, w.weight, "another seed, another draw");
    for _ in 0..5 * WEIGHT_HALF_LIFE {
        w.decay();
    }
    assert!(w.weight.iter().all(|&x| x == 0) && w.heavy.is_empty());
}

/// A guess among every item reads only the shortest item and the weighed ones, and picks what
/// a guess among the first `n` items picks with `n` all of them: the greatest
/// `(w + GUESS_PRIOR) / ℓ`, the leftmost on a tie.
#[test]
fn a_guess_among_every_item_is_the_guess_among_the_first_all_of_them() {
    let mut m = Matrix::new(5, 0).unwrap();
    // Items 0 and 1 have two options, item 2 three, item 3 four, item 4 two.
    for o in [
        vec![0, 3],
        vec![0, 2],
        vec![1, 3],
        vec![1, 2],
        vec![2, 3],
        vec![3, 4],
        vec![4],
    ] {
        m.add_option(o).unwrap();
    }
    let mut s = m.search().with_conflict_weights(true);
    s.m.refresh_tags();
    let shortest = s.m.choose().0;
    assert_eq!(shortest, 1);
    let picks = |s: &mut Search<'_>, bumps: &[u32]| {
        for &i in bumps {
            s.pruner.weights.bump(i);
        }
        s.pruner.guess_among = 5;
        let all = s.pruner.guess(s.m, shortest);
        s.pruner.guess_among = 4; // the first four: a scan, item 4 out of it
        let scan = s.pruner.guess(s.m, shortest);
        (all, scan)
    };
    assert_eq!(
        picks(&mut s, &[]),
        (Some(1), Some(1)),
        "no weights: the shortest"
    );
    // Item 2: (2 + 4) / 3 = 2, as item 0's 4 / 2: the leftmost.
    assert_eq!(picks(&mut s, &[3, 3]), (Some(1), Some(1)));
    // Item 2: 7 / 3 beats 2.
    assert_eq!(picks(&mut s, &[3]), (Some(3), Some(3)));
    // Item 4: (4 + 4) / 2 = 4 beats 7 / 3; the scan of the first four does not see it.
    assert_eq!(picks(&mut s, &[5; 4]), (Some(5), Some(3)));
}
