//! Helpers shared by the engine's unit tests.

use super::matrix::Matrix;

/// A small linear congruential generator (Knuth's MMIX constants): repeatable test data
/// without a dependency.
pub(crate) fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed
    }
}

/// Every exact cover of `options` (each a list of items) over `primary` primary items and any
/// number of secondary ones numbered after them, by plain backtracking over the options in
/// order (no dancing links), each as the options it chose.
pub(crate) fn exact_covers(primary: usize, options: &[Vec<usize>]) -> Vec<Vec<usize>> {
    fn go(
        primary: usize,
        options: &[Vec<usize>],
        used: &mut Vec<bool>,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        let Some(i) = (0..primary).find(|&i| !used[i]) else {
            out.push(chosen.clone());
            return;
        };
        for (k, items) in options.iter().enumerate() {
            if items.contains(&i) && items.iter().all(|&j| !used[j]) {
                items.iter().for_each(|&j| used[j] = true);
                chosen.push(k);
                go(primary, options, used, chosen, out);
                chosen.pop();
                items.iter().for_each(|&j| used[j] = false);
            }
        }
    }
    let items = options.iter().flatten().max().map_or(primary, |&i| i + 1);
    let mut out = Vec::new();
    go(
        primary,
        options,
        &mut vec![false; items.max(primary)],
        &mut Vec::new(),
        &mut out,
    );
    out
}

/// Every solution a search of `m` finds, with pruning or without, each as its options sorted,
/// in order; and the options pruning removed on the way.
pub(crate) fn every_solution(m: &mut Matrix, pruning: bool) -> (Vec<Vec<usize>>, u64) {
    let mut got = Vec::new();
    let mut search = m.search().with_pruning(pruning);
    while let Some(solution) = search.next_solution() {
        let mut s: Vec<usize> = solution.iter().map(|o| o.index()).collect();
        s.sort();
        got.push(s);
    }
    got.sort();
    (got, search.stats().pruned)
}
