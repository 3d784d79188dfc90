//! Sums inside the search: linear constraints over primary items whose options carry numbers.
//!
//! An option may be given a *value* ([`Matrix::set_value`](crate::dlx::Matrix::set_value); 0 until given), and the matrix a
//! *sum* ([`Matrix::add_sum`](crate::dlx::Matrix::add_sum)): primary items `i₁ … iₖ` with whole coefficients `c₁ … cₖ` and a
//! target `T`. A solution covers each primary item exactly once, so each item of a sum has one
//! option of the solution in it, and the sum asks that `c₁·v₁ + … + cₖ·vₖ = T`, `vⱼ` being the
//! value of the option that covers `iⱼ`. The solutions of a matrix with sums are its exact covers
//! that keep every sum; a sum that every exact cover keeps anyway (on a killer sudoku, the cage
//! sums, and the innies and outies of a row and its cages) changes no solution, only how soon a
//! dead end is seen.
//!
//! How the search keeps them is in `bounds.rs`. The same values hold the matrix's
//! same-values constraints too (`same_values.rs`, which keeps them).

use super::snapshots::Snapshots;

/// The sums of a matrix and the values of its options, with what the search works them out in.
#[derive(Debug, Clone, Default)]
pub(super) struct Sums {
    /// Each option's value, by option number (an option past the end has 0).
    pub(super) values: Vec<i32>,
    /// Each sum's target.
    pub(super) targets: Vec<i64>,
    /// Sum `s`'s terms are `terms[starts[s]..starts[s + 1]]`.
    pub(super) starts: Vec<u32>,
    /// (item, coefficient), items numbered as in the arena (from 1).
    pub(super) terms: Vec<(u32, i32)>,
    /// Worked out when a search starts: each node's value (its option's), and for each item
    /// the sums it is in, `of_item[of_start[i]..of_start[i + 1]]` as (sum, coefficient).
    pub(super) node_value: Vec<i32>,
    pub(super) of_start: Vec<u32>,
    pub(super) of_item: Vec<(u32, i32)>,
    /// Scratch: each sum's fixed part, and each term's least and greatest `c·v`.
    pub(super) fixed: Vec<i64>,
    /// For each term, its item's tag when the term's sum was last found settled (no option of
    /// it to remove) on the search's current path; a sum whose items all have those tags still
    /// is settled, and is passed over. `snapshots` holds a copy per level of the path where
    /// the sums narrowed, `fixed_snapshots` the fixed parts there, and `path` which levels
    /// (see `snapshots.rs`).
    pub(super) settled: Vec<u16>,
    pub(super) snapshots: Vec<u16>,
    pub(super) fixed_snapshots: Vec<i64>,
    pub(super) path: Snapshots,
    /// For each term among its sum's first 32, the others it is apart from (bit `k` for the
    /// sum's `k`th): whose items every solution covers with different values (see `apart` in
    /// `bounds.rs`); `known`, which of those pairs have been looked at, and `roots`, what that
    /// looks at.
    pub(super) apart: Vec<u32>,
    pub(super) known: Vec<u32>,
    pub(super) roots: Roots,
    pub(super) low: Vec<i64>,
    pub(super) high: Vec<i64>,
    /// By item, the least and greatest value its options had when last read, remembered while
    /// that reading holds (see [`Reading`]); `readings` is the stamp of each snapshot the path
    /// holds, in the order of `path`'s copies, and `stamp` counts the narrowings.
    pub(super) read: Vec<Reading>,
    pub(super) readings: Vec<u64>,
    pub(super) stamp: u64,
    /// The same-values constraints, over the same values (see `same_values.rs`), and the length
    /// of the trail after they narrowed at the last branching (before the sums did).
    pub(super) same: SameValues,
    pub(super) same_end: u32,
}

impl Sums {
    /// No sums and no same-values constraints: the search skips them.
    pub(super) fn is_empty(&self) -> bool {
        self.targets.is_empty() && self.same.is_empty()
    }

    /// Forgets every sum and value (a new problem).
    pub(super) fn clear(&mut self) {
        self.values.clear();
        self.targets.clear();
        self.starts.clear();
        self.terms.clear();
        self.same.clear();
    }
}

/// The least and greatest value of an item's options, read off its list by a narrowing of the
/// sums, and when: the item's tag then, the narrowing's stamp and the place its snapshot takes
/// on the path if it is kept. Along the path below a snapshot the search only takes options
/// away, so while the snapshot holds an item with the same tag has the same options, and the
/// same least and greatest value (as a sum's settled tags say of the whole sum; see
/// `snapshots.rs`).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Reading {
    pub(super) tag: u8,
    pub(super) copy: u32,
    pub(super) stamp: u64,
    pub(super) least: i32,
    pub(super) most: i32,
}

/// Each item's options when the search started (value, option number), for telling terms
/// apart (see `apart` in `bounds.rs`); built the first time that is asked.
#[derive(Debug, Clone, Default)]
pub(super) struct Roots {
    pub(super) built: bool,
    /// Item `i`'s options are `options[start[i]..start[i + 1]]`.
    pub(super) start: Vec<u32>,
    pub(super) options: Vec<(i32, u32)>,
    /// The option whose items were last marked, by item (to tell whether another shares one).
    pub(super) stamp: Vec<u32>,
}

/// The same-values constraints of a matrix, with what the search works them out in.
#[derive(Debug, Clone, Default)]
pub(super) struct SameValues {
    /// Group `g`'s items are `items[starts[g]..starts[g + 1]]`, numbered as in the arena (from
    /// 1); constraint `c`'s groups are `2c` and `2c + 1`.
    pub(super) items: Vec<u32>,
    pub(super) starts: Vec<u32>,
    /// Group `g`'s held values are `held[held_starts[g]..held_starts[g + 1]]`.
    pub(super) held: Vec<i32>,
    pub(super) held_starts: Vec<u32>,
    /// Worked out when a search starts: each item's groups, `of_item[of_start[i]..of_start[i +
    /// 1]]`.
    pub(super) of_start: Vec<u32>,
    pub(super) of_item: Vec<u32>,
    /// Worked out when a search starts: the fewest different values each group takes (its
    /// most items found pairwise apart, or its different values held), where every value is
    /// told apart while pruning (all within `0..64`; else none).
    pub(super) least: Vec<u32>,
    /// Scratch: each group's bits of the values it is bound to, and of those it may take.
    pub(super) bound: Vec<u64>,
    pub(super) may: Vec<u64>,
    /// Scratch of the exact check: (group, value) for every value a group takes.
    pub(super) taken: Vec<(u32, i32)>,
    /// For each entry of `items`, its item's tag when its constraint was last found settled
    /// (nothing to remove, not dead) on the search's current path: a constraint whose items
    /// all have those tags still is settled, and is passed over. `snapshots` holds a copy per
    /// level of the path where the constraints narrowed, `bound_snapshots` the groups' bound
    /// values there, and `path` which levels (as the sums keep theirs; see `snapshots.rs`).
    pub(super) settled: Vec<u16>,
    pub(super) snapshots: Vec<u16>,
    pub(super) bound_snapshots: Vec<u64>,
    pub(super) path: Snapshots,
}
