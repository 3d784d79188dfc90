//! A generic exact-cover engine: Knuth's Algorithm X with dancing links.
//!
//! Nothing here knows about sudoku; the words are Knuth's (TAOCP 7.2.2.1, `dlx1.w`):
//!
//! * an **item** is something to be covered. *Primary* items must be covered exactly once;
//!   *secondary* items at most once.
//! * an **option** is a set of items that are covered together.
//! * a **solution** is a set of options that covers every primary item exactly once and no
//!   secondary item twice. An option made only of secondary items is never part of one (the
//!   search branches on primary items only: Knuth's convention).
//!
//! A sudoku is the running example of these docs: the items are "cell *c* is filled" and "row,
//! column or box *u* holds symbol *v*", the options "symbol *v* in cell *c*", four items each.
//!
//! # The algorithm
//!
//! Algorithm X searches depth first. At each level it picks one uncovered primary item *i* and
//! tries, one after another, every option that still contains *i*. Trying an option *covers* each
//! of its items: the item leaves the set of items still to cover, and every other option that
//! contains it is *hidden*, because choosing it later would cover that item twice. When no primary
//! item is left, the options chosen on the way down form a solution. When an item has no option
//! left, the branch is dead and the search backs up, *uncovering* in exactly the reverse order.
//! The steps, numbered as Knuth numbers them:
//!
//! * **X1** Initialise: level `l = 0`.
//! * **X2** Enter level `l`: if no primary item is active, visit the solution `x[0..l]`, go to X8.
//! * **X3** Choose an item `i` (the one with the fewest options; below).
//! * **X4** Cover `i`; let `x[l]` be the first option in `i`'s list.
//! * **X5** Try `x[l]`: if it is back at `i`'s header, every option was tried: go to X7.
//!   Otherwise cover the other items of `x[l]`, set `l = l + 1`, go to X2.
//! * **X6** Try again: uncover the other items of `x[l]` (right to left), move `x[l]` down, go
//!   to X5.
//! * **X7** Backtrack: uncover `i`.
//! * **X8** Leave level `l`: stop if `l = 0`, else `l = l - 1` and go to X6.
//!
//! The search is iterative, the choices `x[0..l]` on an explicit stack, so it can stop after *k*
//! solutions (*k* = 2 proves uniqueness), be cancelled from another thread, give up after a
//! number of nodes or at a deadline, report its node count to another thread while it runs,
//! report statistics and be driven one move at a time ([`Search::step`]). The limits are looked
//! at every 256 entries into a level, so a search without any pays nothing for them. A 36×36
//! sudoku is 1,296 levels deep.
//!
//! Between two steps a view of the search can read where it stands: the options on its stack,
//! each item's options left ([`Search::options_left`]), what pruning removed at the last choice
//! and by which [`Rule`] ([`Search::pruned_here`]). Watch mode draws the search from these; the
//! fast paths never read them.
//!
//! A problem can also come as text in the input format of Knuth's `dlx1` ([`Problem`]: named
//! primary and secondary items, one option a line), checked as `dlx1` checks it.
//!
//! # The data structure
//!
//! Everything lives in one flat array of nodes addressed by `u32` indices (half a pointer, so
//! twice as many links fit in the cache). With `n` items:
//!
//! ```text
//!  index:   0    1 .. n        n+1      ...  option 0  ...  spacer  ...  option 1 ...  spacer
//!          ┌───┬───┬───┬───┬─────────┬─────┬─────┬─────┬─────────┬─────┬─────┬─────────┐
//!  nodes:  │ - │ a │ b │ c │ spacer₀ │ a₀  │ c₀  │     │ spacer₁ │ b₁  │ c₁  │ spacer₂ │
//!          └───┴───┴───┴───┴─────────┴─────┴─────┴─────┴─────────┴─────┴─────┴─────────┘
//!                headers      up: -      top=a  top=c    up: a₀     top=b top=c  up: b₁
//!                            down: c₀                   down: c₁                 down: -
//! ```
//!
//! * Node `i` for `1 ≤ i ≤ n` is the **header** of item `i`: the head of a circular, doubly
//!   linked vertical list (`up`, `down`) of the nodes of every active option containing `i`.
//! * Each **option** is a contiguous run of nodes, one per item, so it needs no left and right
//!   links: its neighbours are at `x + 1` and `x - 1`. Runs are separated by **spacer** nodes; a
//!   spacer's `up` is the first node of the option before it and its `down` the last node of the
//!   option after it, so a walk that reaches a spacer wraps round to the other end of its option.
//! * Each node's item, its **top**, never changes, so the tops live in an array of their own
//!   beside the nodes: a node is just its two links, eight bytes, loaded as one word.
//! * Each item has its **length** (active options) in `len`, and a one-byte **tag**: the length
//!   up to 254, 255 while the item is covered. The tags are what X3 reads.
//!
//! **Blocks of four.** When every option has exactly four items (every sudoku option does), the
//! options are laid out as blocks of four nodes starting at multiples of four, with no spacers:
//!
//! ```text
//!  index:   0 .. n   (padding)  4k   4k+1  4k+2  4k+3   4k+4  4k+5  4k+6  4k+7
//!          ┌───┬───┬─────────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐
//!  nodes:  │ headers │   ...   │ a₀  │ b₀  │ c₀  │ d₀  │ a₁  │ e₁  │ f₁  │ g₁  │
//!          └───┴───┴─────────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┘
//!                               option 0                option 1
//! ```
//!
//! The other three nodes of node `p`'s option are then `p ^ 1`, `p ^ 2` and `p ^ 3`: hiding an
//! option, or covering its other items, is three steps with no walk, no spacer test and no loop
//! exit to predict. The order among the three differs from Knuth's left to right, which changes
//! nothing (the three touch three different lists, and covers commute), so the search makes the
//! same moves as with spacers; the oracle tests check it.
//!
//! **Blocks of other widths.** Options all of one other width `w` from 2 to 8, added in one
//! batch (as `xc` adds a problem whose options are all alike: Langford pairs three wide, the
//! pentominoes six), are laid out the same way in blocks of `w` rounded up to a power of two,
//! the nodes after an option's last unused. From node `p`, at place `j` in its block, the other
//! nodes are at places `j + 1`, `j + 2`, … round to `j - 1`, modulo `w`: the very order of the
//! walk through the spacers, so the search makes the same moves, and a loop of `w - 1` steps
//! that is the same for every option, where the walk's two loops ran a number of steps that
//! depends on where `p` stands in its option, and so exits that the processor mispredicts.
//!
//! **Invariants**, checked by `Matrix::check_invariants` (Knuth's `sanity()`) in the tests:
//! every `up`/`down` pair agrees; every node in item `i`'s list has top `i`; every active
//! item's length is the length of its list, and its tag agrees; every link and top stored is the
//! index of a node or an item that exists. A node taken out of its list keeps its own links,
//! which is what lets it go back between the very neighbours it left: so uncovering must undo
//! covering in exactly the reverse order (the comments at `cover` and `hide` say where). A
//! search, however it ends (finished, stopped, cancelled, dropped), leaves the matrix exactly as
//! it found it; the tests compare every array before and after.
//!
//! # What makes it fast
//!
//! The search is bound by its chain of dependent loads (choose, then the list walks of the
//! covers, each waiting on the last), and a matrix built per problem (a sudoku per puzzle) is
//! bound by its stores. Each choice below removes loads, stores or unpredictable branches from
//! those paths; `benches/README.md` holds what each one saved, and what
//! was tried and dropped.
//!
//! * **Choosing by tags (X3).** The scan reads the primary items' tags straight through, 32 at
//!   a time with AVX2 (checked at run time) or 64-byte blocks otherwise, finds the smallest, then
//!   the first item holding it. No list walk, no branch per item. Covered items are skipped by
//!   their tag, so there is no list of active items at all: X2 is the scan finding every tag
//!   covered, and covering an item touches only its options' links and its tag.
//! * **Large matrices.** From 8,192 primary items, a scan of every tag at every level would
//!   make a long search quadratic (a million items, each forced in turn, read a million bytes a
//!   level). There the link operations also keep a lower bound of the tags of each block of 64
//!   items and of each group of 64 blocks, and the choice reads only the blocks whose bound is
//!   below the best found so far (see `choose.rs`): a few hundred bytes a level.
//! * **Narrow matrices.** When every item has fewer than 254 options (every sudoku up to 64×64)
//!   a tag *is* the length, and the link operations keep only the tags: hiding a node decrements
//!   one byte. Other matrices do the same for every item whose tag is below the cap, and keep
//!   an exact count only for the items at it. The link operations and the search loop are
//!   compiled for each mode (narrow or not, blocks of each width from 2 to 8 or spacers, large
//!   or not), and a search picks one when it starts.
//! * **Going narrow on the way down.** A matrix that is not narrow when the search starts (the
//!   pentominoes' long items) often is a few levels down. Where the fast loop enters a level
//!   with no tag at the cap (a scan of the tags, in a matrix of up to 4,096 items without
//!   sums), every active item's tag is its length, and stays so below, where tags only go down
//!   and come back to what they were: from there the loop runs the narrow operations, and
//!   the wide ones again once it backs up out of that level. Covered items keep their lengths
//!   differently in the two modes, so every level is undone in the mode it was done in, by
//!   the search or, when it leaves the undoing to the matrix, by the matrix.
//! * **Walks counted.** Covering and uncovering walk an item's list as many steps as its
//!   length rather than until the header comes round: the count is known before the walk, so
//!   the loop's exit, which the processor mispredicts whenever the length differs from the
//!   last one, is found out at once and not after the chain of `down` loads.
//! * **Walks without tests.** With spacers, hiding walks right to the spacer and then from the
//!   option's first node back, two loops that each need one test, not two.
//! * **Two plain loops.** The step mode is a state machine, one state per step of Algorithm X;
//!   counting and enumerating run the same moves as two plain loops ("enter a level and try its
//!   first option", "back up to the nearest level with an option left"), with no dispatch on a
//!   state between moves. That loop is compiled a second time for AVX2 and BMI and picked at run
//!   time, so that what it inlines is compiled for them too; the scan's AVX2 kernel, grown
//!   since, is a call of its own.
//! * **Ending early.** A search made with [`Search::restore_lazily`] stops as soon as nothing
//!   above has an option left, and leaves the undoing to the matrix, which does it before it is
//!   next used, or skips it if it is [`reset`](Matrix::reset) first: a caller that rebuilds its
//!   matrix per problem never pays for the final climb.
//! * **Building in place.** Options are linked straight into room reserved at the end of the
//!   arena, a family at a time (a sudoku cell's options share their cell item), checked once per
//!   family; each node is one eight-byte store and an option's four tops two.
//!
//! # Reasoning inside the search
//!
//! Off by default, so that a plain search shows Algorithm X as Knuth wrote it; the sudoku solver
//! turns them on. None but the sums and the same values changes the set of solutions, only the
//! size of the tree.
//!
//! * **Conflict weights** ([`Search::with_conflict_weights`]). Among the items with the fewest
//!   options, take the one found with no option left most often so far (the *weighted degree*
//!   heuristic of constraint programming, used as a tie-break): the item the difficulty hangs on
//!   is branched on early, where a refutation prunes the most.
//! * **Guesses among chosen items** ([`Search::with_guesses_among`]). Where the search must
//!   guess (no item is down to one option or none), it branches on one of the first *n*
//!   primary items (the shortest, or where conflicts are weighed the one with the most
//!   conflicts per option), not on a shorter one past them: on a killer sudoku, a cell's digit, as
//!   a person or sigh's solver guesses, and not where a unit's digit goes or which digit set a
//!   cage takes, which the cells' guesses force soon enough. A forced item is still taken
//!   first wherever it is.
//! * **Blame on choices** ([`Search::with_blame_on_choices`]). A dead end counts against the
//!   item of the option placed last, the choice whose consequences ran an item out of options,
//!   rather than against the item found empty; every count is halved each 4,096 dead ends, so
//!   the choices that failed lately weigh the most. Guessing among every item by these weights,
//!   the search goes back to where its choices keep failing, as sigh's solver does with its
//!   cells.
//! * **Random starting weights** ([`Search::with_random_weights`]). Every item's conflict
//!   weight starts at a small random number drawn from a seed rather than at zero, so that
//!   ties and near ties go by the draw until the search's own conflicts outweigh it. One fixed
//!   order can lead a search into a fruitless subtree of millions of nodes above a solution,
//!   or above a short refutation, that another order reaches in a few hundred (the heavy tail
//!   of Gomes, Selman and Kautz); a caller that stops a run at a node limit and starts again
//!   with a new seed, with a larger limit each time, avoids such subtrees without losing
//!   completeness: the limits grow without end, so some run ends.
//! * **Pruning by pairs** ([`Search::with_pruning`]). If an active primary item *a* has two
//!   options left and both contain another item *b*, whichever covers *a* covers *b*, so every
//!   other option of *b* goes (on a sudoku, *locked candidates*). **Wider locked sets** apply the
//!   same to items with up to *w* options ([`Search::with_pruning_width`]); **pairs of pairs**
//!   ([`Search::with_pairs_of_pairs`]) take two items of two options each whose options meet:
//!   of the four combinations only those that do not clash can be in a solution, and an item
//!   every possible combination covers loses its other options (naked and hidden pairs).
//! * **When to prune.** A pass runs where the search is about to branch, looks only at items
//!   whose tags changed since the last pass on the current path, remembers for each item what
//!   its two options share, and is rationed to one per so many nodes
//!   ([`Search::with_prune_spacing`]); [`Search::with_escalation`] adds the strong rules once a
//!   tree grows big. A search whose first 1,024 passes removed fewer options than that (none on
//!   the queens, a few on Langford pairs) stops pruning, until escalation, if asked for, starts
//!   it again. Removed options go on a trail and come back, newest first, when the search backs
//!   up out of the level that removed them.
//! * **Sums** ([`Matrix::add_sum`], [`Matrix::set_value`]). Options may carry numbers, and a
//!   sum asks that the numbers of the options covering some primary items, times whole
//!   coefficients, make a target. Before every branching the search narrows each sum's bounds
//!   (the least and greatest each open item can still give) and removes the options that leave
//!   the others no way to make the target, onto the same trail; a sum down to two or three
//!   open items is kept exactly, knowing which of them can never take equal values. A sum
//!   that can no longer be made is a dead end, and a solution that breaks one is passed over.
//!   Unlike the rules above,
//!   a sum is a constraint of the problem: it changes the solutions unless every exact cover
//!   keeps it anyway, as the sums a killer sudoku implies do (`sums.rs`, `bounds.rs`).
//! * **Same values** ([`Matrix::add_same_values`]). Two groups of primary items must be covered
//!   by options whose values make the same set. Before every branching the search removes, from
//!   either group, the options with a value the other group can no longer take, and sees a dead
//!   end where a group is bound to such a value or where fewer values are left to both than a
//!   group has items that must differ; a solution that breaks one is passed over. A jigsaw's
//!   law of leftovers says this of cells that may repeat a digit (`same_values.rs`).
//!
//! # Unsafe code
//!
//! The link operations index the arrays without bounds checks, the builder writes into room
//! reserved past the arena's end, and the scans use vector instructions. The unchecked
//! accessors and the vector code are in `unchecked.rs`, unsafe functions whose contracts say
//! what makes them sound; the link operations built on them are unsafe functions too, and every
//! call stands in an `unsafe` block with a `SAFETY` comment saying why its item or node is one.
//! The arena and the link operations are private to this module: the rest of the crate reaches
//! them only through [`Matrix`], [`Search`] and the checked builders, so no safe code outside
//! it can index the arena. `unchecked.rs` sets out the boundary and the invariant everything
//! rests on (the one above: every stored index exists). Debug builds assert every bound; the
//! cargo feature `checked` asserts them in release builds too, and CI runs the engine's tests
//! that way.
//!
//! # The files
//!
//! * `matrix.rs`: [`Matrix`], its items, options and errors, and its public API; `node.rs`
//!   the node and the numbers the layout reserves.
//! * `build.rs`: options linked into the arena, one, in bulk, or a family at a time.
//! * `links.rs`: cover, uncover, hide, unhide, and the walks round an option; `modes.rs` the
//!   dispatch that runs them, and the search loop, compiled for the matrix's modes.
//! * `choose.rs`: step X3, the tag scan, the summary of a large matrix's tags, and the guess
//!   among chosen items.
//! * `prune.rs`: the pruning rules and the schedule that applies them.
//! * `sums.rs`: the options' values and the sums and same-values constraints over them;
//!   `bounds.rs` how the search keeps the sums, and the API that adds them; `same_values.rs`
//!   the same for the same-values constraints; `snapshots.rs` which of what both worked out
//!   at the levels above still holds on the search's path.
//! * `search.rs`: [`Search`], the state machine and the fast loops; `report.rs` what it reports
//!   ([`Stats`], [`Event`], [`Outcome`]); `unwind.rs` undoing a search; `scratch.rs` what the
//!   matrix keeps between searches (stacks, weights, pair memos).
//! * `problem.rs`: [`Problem`], a problem read from `dlx1`'s text format.
//! * `unchecked.rs`: the unchecked accessors and the vector code, and the unsafe boundary.
//!
//! # Example
//!
//! Knuth's example from *Dancing Links* (2000): items `a`–`g`, six options, one solution.
//!
//! ```
//! use sudoku_dlx::dlx::Matrix;
//!
//! let mut m = Matrix::new(7, 0)?;
//! let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
//! m.add_option([c, e, f])?;    // option 0
//! m.add_option([a, d, g])?;    // option 1
//! m.add_option([b, c, f])?;    // option 2
//! m.add_option([a, d])?;       // option 3
//! m.add_option([b, g])?;       // option 4
//! m.add_option([d, e, g])?;    // option 5
//!
//! let mut search = m.search();
//! let mut solution: Vec<usize> = search.first().unwrap().iter().map(|o| o.index()).collect();
//! solution.sort();
//! assert_eq!(solution, vec![0, 3, 4]); // {c e f}, {a d}, {b g}
//! drop(search);
//! assert_eq!(m.search().count(10), 1);
//! # Ok::<(), sudoku_dlx::dlx::DlxError>(())
//! ```

mod bounds;
mod build;
mod choose;
mod links;
mod matrix;
mod modes;
mod node;
mod problem;
mod prune;
mod report;
mod same_values;
mod scratch;
mod search;
mod snapshots;
mod sums;
#[cfg(test)]
mod testing;
mod unchecked;
mod unwind;

pub use bounds::{MAX_COEFFICIENT, MAX_SUM_TARGET, MAX_SUM_TERMS};
pub(crate) use build::ItemTable;
pub use matrix::{DlxError, ItemId, Matrix, OptionId};
pub use problem::{ItemOrder, MAX_NAME_LEN, Problem, ProblemError, ProblemErrorKind};
pub use prune::MAX_PRUNE_WIDTH;
pub use report::{Event, Outcome, Rule, Stats};
pub use same_values::{MAX_GROUP_ITEMS, ValueGroup};
pub use search::Search;
