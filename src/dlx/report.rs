//! What a search reports: its statistics, the moves of the step mode, and how it ended.

use super::matrix::{ItemId, OptionId};

/// What one search has done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Options tried (step X5): the nodes of the search tree.
    pub nodes: u64,
    /// Links changed by covering: one per node hidden plus one per item taken out of its list
    /// (Knuth's "updates"; uncovering restores as many again).
    pub updates: u64,
    /// The deepest level reached: the most options on the stack at once.
    pub max_depth: usize,
    /// Solutions found.
    pub solutions: u64,
    /// Options removed by pruning (see [`Search::with_pruning`](super::Search::with_pruning)); their links are counted in
    /// `updates`.
    pub pruned: u64,
}

impl Stats {
    /// Adds what another search of the same problem did (a run of a search made of several):
    /// the nodes, updates and options pruned add up, and the depth is the deeper of the two.
    /// The solutions are left alone: which of a run's solutions are new is the caller's to say.
    pub fn add_run(&mut self, run: &Stats) {
        self.nodes += run.nodes;
        self.updates += run.updates;
        self.pruned += run.pruned;
        self.max_depth = self.max_depth.max(run.max_depth);
    }
}

/// One move of the search, as [`Search::step`](super::Search::step) reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Step X3/X4: at `level`, the search chose `item` to branch on and covered it; `options` of
    /// its options were still active.
    Chose {
        /// The level (number of options on the stack).
        level: usize,
        /// The item chosen.
        item: ItemId,
        /// How many options it had left: the number of branches.
        options: usize,
    },
    /// Step X5: at `level`, `option` was tried: its other items are covered and the search goes
    /// one level down.
    Tried {
        /// The level the option was tried at.
        level: usize,
        /// The option.
        option: OptionId,
    },
    /// Step X6: at `level`, `option` was taken back: its items are uncovered again.
    Undone {
        /// The level the option was tried at.
        level: usize,
        /// The option.
        option: OptionId,
    },
    /// Step X7: every option of the item chosen at `level` has been tried; it is uncovered.
    Backtracked {
        /// The level.
        level: usize,
        /// The item uncovered.
        item: ItemId,
    },
    /// Step X2: every primary item is covered; the `depth` options on the stack form a solution,
    /// which [`Search::solution`](super::Search::solution) decodes.
    Solution {
        /// The number of options in the solution.
        depth: usize,
    },
    /// The whole tree has been searched (step X8 at level 0). Every later call says so again.
    Done,
    /// The cancel flag was seen set. The matrix is already restored.
    Cancelled,
}

/// The rule by which pruning removed an option (see [`Search::pruned_here`](super::Search::pruned_here)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// An item has two options left, and both contain another item: whichever is chosen covers
    /// that item, so its other options go. (On a sudoku: a cell with two candidates that both
    /// see a third place for a symbol; a symbol with two places in a unit, both in one box.)
    Pair,
    /// Every option an item has left contains another item: the same conclusion for an item of
    /// up to a box side's options. (On a sudoku: locked candidates, pointing and claiming.)
    LockedSet,
    /// Two items of two options each whose options meet: only the combinations that do not
    /// clash remain, and an item they all cover loses its other options. (On a sudoku: a naked
    /// or hidden pair.)
    PairOfPairs,
    /// A sum (see [`Matrix::add_sum`](super::Matrix::add_sum)) can no longer be made with the
    /// option's value: the least and greatest the other items can give leave it no room.
    Sum,
    /// Two groups of items must take the same set of values (see
    /// [`Matrix::add_same_values`](super::Matrix::add_same_values)), and the option's value is
    /// one the other group can no longer take.
    SameValues,
}

impl Rule {
    /// The rule's name, for a person.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Pair => "pair",
            Rule::LockedSet => "locked set",
            Rule::PairOfPairs => "pairs of pairs",
            Rule::Sum => "sum",
            Rule::SameValues => "same values",
        }
    }
}

/// How a search that visits solutions ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every solution was visited.
    Exhausted,
    /// The visitor, or the limit, stopped the search.
    Stopped,
    /// The cancel flag stopped the search.
    Cancelled,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_add_up_but_for_the_depth_and_the_solutions() {
        let mut all = Stats {
            nodes: 10,
            updates: 100,
            max_depth: 7,
            solutions: 1,
            pruned: 3,
        };
        all.add_run(&Stats {
            nodes: 5,
            updates: 40,
            max_depth: 9,
            solutions: 2,
            pruned: 1,
        });
        assert_eq!(
            all,
            Stats {
                nodes: 15,
                updates: 140,
                max_depth: 9,
                solutions: 1,
                pruned: 4,
            }
        );
    }
}
