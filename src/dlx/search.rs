//! The iterative search (Algorithm X, steps X2 to X8) over a [`Matrix`], with statistics,
//! cancellation and a step-by-step mode.
//!
//! The search calls the link operations, which are unsafe functions (see `links.rs`): each call
//! says why its item or node is one. They are of three kinds: an item [`Matrix::choose`] (or
//! the pruner's choice) returned, which is a primary item; the first node of that item's list,
//! or the next node after a choice, kept on `choice` only while it is not the item's header, so
//! an option's node; and the top of such a node, an item. The stacks (`choice`, the pruner's
//! trail) are the search's own fields, written only here and in `prune.rs`.

#![allow(unsafe_code)]

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::matrix::{ItemId, Matrix, OptionId};
use super::modes::{in_mode, modes};
use super::node::ROOT;
use super::node::TAG_COVERED;
use super::prune::{PRUNE_SPACING, Pruner};
use super::report::{Event, Outcome, Rule, Stats};
use super::scratch::{Pending, Stacks, Top};
use super::unchecked::{Fast, on_cpu};
use super::unwind::unwind_any;

/// How many entries into a level (step X2) pass between two looks at the cancel flag. One entry
/// costs at most a scan of the active items and one cover, a few microseconds on a 36×36 board,
/// so a cancel is seen within a millisecond or so while the flag is read only rarely.
const CANCEL_CHECK_INTERVAL: u32 = 256;

/// What stops a search early (a cancel flag, a node limit, a deadline) and where it reports
/// its progress: looked at once every [`CANCEL_CHECK_INTERVAL`] entries into a level, and only
/// when one of them is set.
#[derive(Debug, Clone, Copy)]
struct Limits<'a> {
    cancel: Option<&'a AtomicBool>,
    /// Stop (as if cancelled) once this many nodes have been tried; `u64::MAX` for no limit.
    node_limit: u64,
    /// Stop (as if cancelled) once this moment has passed.
    deadline: Option<Instant>,
    /// Where the nodes tried so far are reported.
    progress: Option<&'a AtomicU64>,
}

impl Limits<'_> {
    const NONE: Limits<'static> = Limits {
        cancel: None,
        node_limit: u64::MAX,
        deadline: None,
        progress: None,
    };

    /// Reports the nodes so far; true if the search must stop.
    fn reached(&self, stats: &Stats) -> bool {
        if let Some(p) = self.progress {
            p.store(stats.nodes, Ordering::Relaxed);
        }
        stats.nodes >= self.node_limit
            || self.cancel.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Where the state machine stands: which of Knuth's steps runs next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// X2: enter the current level.
    Enter,
    /// X5: try the option `choice[level]` of `item`.
    Try,
    /// X6: undo `choice[level]` and move to the next option.
    Retry,
    /// X6 after a dead end: `choice[level]` was tried and its covers undone at once (see
    /// [`Search::with_early_stop`]); move to the next option.
    Dead,
    /// X7: uncover `item`.
    Backtrack,
    /// X8: leave the current level.
    Leave,
    /// The search is over (or was cancelled).
    Done,
}

/// A search over a [`Matrix`], created by [`Matrix::search`].
///
/// Drive it to the next solution ([`next_solution`](Self::next_solution)), count solutions up to
/// a limit ([`count`](Self::count)), visit every solution ([`for_each`](Self::for_each)), or one
/// move at a time ([`step`](Self::step)). Calls continue where the previous one stopped.
///
/// While a search lives it owns the matrix's links. When it is dropped, or cancelled, it uncovers
/// whatever it still has covered, so the matrix is afterwards exactly as it was before.
///
/// The fast paths and the step mode run the same code: the step mode's reports are switched on by
/// a constant parameter, so the fast paths compile without them and pay nothing.
pub struct Search<'a> {
    m: &'a mut Matrix,
    limits: Limits<'a>,
    /// A cancel flag, a node limit or a deadline is set: the countdown to the next look runs.
    watched: bool,
    /// `choice[l]` is the node of the option tried at level `l` (Knuth's `x[l]`).
    choice: Vec<u32>,
    level: usize,
    /// The item being branched on at the current level (Knuth's `i`).
    item: u32,
    state: State,
    stats: Stats,
    countdown: u32,
    cancelled: bool,
    /// The last solution decoded into options.
    solution: Vec<OptionId>,
    /// Levels below the current one whose option is not the last of its item's list: while
    /// this is 0, backing up can only uncover, never try anything new.
    alternatives: usize,
    /// Pruning by pairs, and what it has to undo.
    pruner: Pruner,
    /// Leave the covers in place at the end and let the matrix undo them later (see
    /// [`restore_lazily`](Self::restore_lazily)).
    lazy: bool,
    /// Stop covering an option's items at a dead end (see
    /// [`with_early_stop`](Self::with_early_stop)).
    early: bool,
    /// The matrix is not narrow, but may become so on the way down: it has no sums, is not
    /// large, and has few enough items to look at every tag at each level (see
    /// [`NARROW_LOOK_MAX`]).
    may_narrow: bool,
    /// The level from which the search runs narrow in a matrix that was not: where it entered
    /// a level with no tag at the cap, every active item's tag was its exact length, and stays
    /// so below (tags only go down there, and come back to what they were), so the link
    /// operations of a narrow matrix do there what the others would, with one byte a link.
    /// Covered items keep their lengths differently in the two modes, so each level is undone
    /// in the mode it was done in: the search goes back to the wide operations when it backs up
    /// out of this level.
    narrow_from: Option<usize>,
    /// The fast loop stopped only to go on in the matrix's other mode.
    switched: bool,
}

/// The most items (primary and secondary) a matrix that is not narrow may have for the search
/// to look, at every level it enters, whether it can run narrow from there (a scan of every
/// tag for the cap).
const NARROW_LOOK_MAX: usize = 4096;

impl Matrix {
    /// Starts a search for the solutions of this problem. See [`Search`].
    pub fn search(&mut self) -> Search<'_> {
        Search::new(self)
    }
}

impl<'a> Search<'a> {
    pub(super) fn new(m: &'a mut Matrix) -> Self {
        m.restore();
        m.refresh_tags();
        m.summarize();
        // Every level covers a primary item, so the stack is never deeper than there are
        // primary items (plus the level that finds them all covered).
        let depth = m.primary_items() + 1;
        // The stacks of the matrix's last search, reused: a search of an easy puzzle is over in
        // microseconds, and allocating its stacks afresh was a visible part of that.
        let Stacks {
            mut choice,
            mut trail,
            mut seen,
            mut mark,
            mut weights,
        } = std::mem::take(&mut m.stacks);
        // Entries are written before they are read, so old values need no clearing.
        choice.resize(depth, 0);
        mark.resize(depth, (0, 0));
        trail.clear();
        seen.clear();
        weights.clear(m.primary_items());
        let may_narrow =
            !m.narrow && !m.large && m.sums.is_empty() && m.items_total as usize <= NARROW_LOOK_MAX;
        // Sums travel with the search only where there are some (see `Pruner::sums`).
        let sums = (!m.sums.is_empty()).then(|| {
            let mut sums = Box::new(std::mem::take(&mut m.sums));
            sums.prepare(m);
            sums
        });
        Search {
            m,
            limits: Limits::NONE,
            watched: false,
            choice,
            level: 0,
            item: ROOT,
            state: State::Enter,
            stats: Stats::default(),
            // The first entry looks at the flag, so a search cancelled before it starts does nothing.
            countdown: 1,
            cancelled: false,
            solution: Vec::new(),
            alternatives: 0,
            pruner: Pruner {
                on: false,
                pairs_of_pairs: false,
                width: 2,
                spacing: PRUNE_SPACING,
                escalate_at: 0,
                escalate_width: 2,
                escalate_spacing: PRUNE_SPACING,
                passes: 0,
                removed: 0,
                idle_from: 0,
                weighted: false,
                weights,
                trail,
                seen,
                mark,
                ends: [0; 2],
                sums_end: 0,
                guess_among: 0,
                blame_choices: false,
                sums,
            },
            lazy: false,
            early: false,
            may_narrow,
            narrow_from: None,
            switched: false,
        }
    }

    /// Lets the search end without uncovering what it covered: once nothing is left to try it
    /// stops at once, and when it ends or is dropped the undoing is handed to the matrix, which
    /// does it before the next search or [`add_option`](Matrix::add_option), or skips it if
    /// [`reset`](Matrix::reset) comes first. The matrix still behaves exactly as before the search
    /// to anyone using it; a caller that rebuilds the matrix for every problem (as the sudoku
    /// solver does for every puzzle) saves the whole climb back up from the last leaf, which on
    /// easy problems is half the work.
    pub fn restore_lazily(mut self) -> Self {
        self.lazy = true;
        self
    }

    /// Prunes by pairs at every level where no item is forced (every active item has two options
    /// or more): where an item's two remaining options both contain another item, that item's
    /// other options are removed before branching (see the [module docs](crate::dlx)). The solutions are the
    /// same; the search tree is smaller, usually by more than the pruning costs. A search whose
    /// first 1,024 passes removed fewer options than that stops pruning (until
    /// [escalation](Self::with_escalation)).
    /// Off by default, so that a plain search (and the step mode) shows Algorithm X as Knuth
    /// wrote it.
    pub fn with_pruning(mut self, on: bool) -> Self {
        self.pruner.on = on;
        self
    }

    /// Stops covering a tried option's items at a dead end: after each item but the last, if
    /// some primary item outside the option is left with no option, the option is undone at
    /// once and counted as tried, where the plain search would cover the rest, enter the level
    /// below, find the item there and back up. The same nodes are tried, with fewer link
    /// updates; what pruning sees can change, since the level below is never entered. One scan
    /// of the primary items' tags after each item covered: it pays where options are wide and
    /// items long (the pentominoes), not where covers are short (a sudoku's). Not in blocks of
    /// four, nor in a large matrix. Off by default; `xc` turns it on for options five items
    /// wide or more, unless asked for dlx1's own search.
    pub fn with_early_stop(mut self, on: bool) -> Self {
        self.early = on;
        self
    }

    /// Turns on pruning by pairs and adds a stronger rule, *pairs of pairs*: two items with two
    /// options each, whose options meet, can be covered together only by the combinations of one
    /// option of each that do not clash; an item that every such combination covers loses its
    /// other options. On a sudoku this is the naked pair (two cells of a unit with the same two
    /// candidates) and the hidden pair (two symbols of a unit with the same two places). It costs
    /// far more per pass than pairs alone, and pays on big boards (see the [module docs](crate::dlx)).
    pub fn with_pairs_of_pairs(mut self, on: bool) -> Self {
        self.pruner.pairs_of_pairs = on;
        self.pruner.on |= on;
        self
    }

    /// Where pruning is on, widens its first rule to items with up to `width` options (at most
    /// [`MAX_PRUNE_WIDTH`](super::MAX_PRUNE_WIDTH)): where every remaining option of an
    /// item contains another item, that item's other options go. On a sudoku, the longer side of
    /// a box catches every case of locked candidates.
    pub fn with_pruning_width(mut self, width: usize) -> Self {
        self.pruner.width = width.clamp(2, super::MAX_PRUNE_WIDTH) as u8;
        self
    }

    /// Escalates pruning on a big tree: once the search has tried `nodes` options, it adds pairs
    /// of pairs, widens the first rule to `width` and prunes once per `spacing` nodes. The cheap
    /// rules suit the many problems that a few thousand nodes settle; the strong ones pay on the
    /// few that take millions (see the [module docs](crate::dlx)). The solutions are the same either way.
    pub fn with_escalation(mut self, nodes: u64, width: usize, spacing: u64) -> Self {
        self.pruner.escalate_at = nodes;
        self.pruner.escalate_width = width.clamp(2, super::MAX_PRUNE_WIDTH) as u8;
        self.pruner.escalate_spacing = spacing.max(1);
        self
    }

    /// Breaks ties between the shortest items by how often each has been found with no option
    /// left so far in this search, the most often first (the leftmost if that ties too). An item
    /// that keeps ending branches is one the problem's difficulty hangs on, and branching on it
    /// early finds the dead ends higher up; this is the *weighted degree* idea of constraint
    /// programming (Boussemart et al., 2004) applied as a tie-break, so an item with fewer options
    /// is still always chosen first (see the [module docs](super)). Off by default.
    pub fn with_conflict_weights(mut self, on: bool) -> Self {
        self.pruner.weighted = on;
        self
    }

    /// Blames each dead end on the choice that led to it: the item of the option placed last
    /// (branched on or forced) gains the weight, not the item found with no option left; and
    /// the weights decay, every item's halved each 4,096 dead ends, so that the conflicts of
    /// late weigh the most. This is how sigh's solver scores its cells (the cell being set when
    /// a constraint fails, halved every 16,384 conflicts). With
    /// [`with_guesses_among`](Self::with_guesses_among) every item, the search branches where the
    /// choices that failed lately were made, as long as they have few options: on jigsaw layouts
    /// that have no filling, it proves so with a small fraction of the nodes of blaming the empty
    /// item (benches/README.md has the figures). Takes effect where conflicts are weighed
    /// ([`with_conflict_weights`](Self::with_conflict_weights)). The solutions are the same either
    /// way.
    pub fn with_blame_on_choices(mut self, on: bool) -> Self {
        self.pruner.blame_choices = on;
        self
    }

    /// Starts every primary item's conflict weight at a number from 0 to `most` drawn from
    /// `seed`, instead of at 0: until the search's own conflicts outweigh the draw (and the
    /// halving wears it away), ties and near ties go by it, so each seed sends the search down
    /// another path at first while it goes on learning from its dead ends. One fixed order
    /// can lead a search into a fruitless subtree of millions of nodes above a solution, or
    /// above a short proof that there is none, that another order reaches in a few hundred
    /// (the *heavy tail* of Gomes, Selman and Kautz, 2000); runs restarted with new seeds and
    /// growing node limits avoid such subtrees (see the [module docs](super)). Takes effect
    /// where conflicts are weighed ([`with_conflict_weights`](Self::with_conflict_weights));
    /// an item with fewer options is still chosen first unless the search guesses by
    /// conflicts per option ([`with_guesses_among`](Self::with_guesses_among)). The solutions
    /// are the same, only the shape of the tree changes.
    pub fn with_random_weights(mut self, seed: u64, most: u32) -> Self {
        self.pruner.weights.draw(self.m.primary_items(), seed, most);
        self
    }

    /// Makes the search guess only among the first `n` primary items while one of them is open.
    /// An item down to one option or none is still taken first wherever it is (a forced move,
    /// or a dead end); where every item has two options or more, the search branches on one of
    /// the first `n`, not on a shorter item past them: the one with the fewest options or,
    /// where [`with_conflict_weights`](Self::with_conflict_weights) is on, the most conflicts
    /// per option (`(w + c) / ℓ` for an item found with no option left `w` times that has `ℓ`
    /// options, where a small constant `c` lets the options decide between items with few
    /// conflicts; the *dom/wdeg* heuristic of constraint programming, which sigh's solver uses
    /// too). Off (0) by default.
    ///
    /// Some items are better guessed on than others. A killer sudoku's search has items for its
    /// cells, for each unit's digits, and for each cage's digit sets and digits; guessing a
    /// cell's digit, as sigh's solver does, leaves the others to be forced by what the guess
    /// removes, and on sigh's hardest killers it takes a third of the nodes of guessing
    /// wherever the options are fewest (benches/README.md has the figures). The solutions are
    /// the same either way.
    pub fn with_guesses_among(mut self, n: usize) -> Self {
        self.pruner.guess_among = n.min(self.m.primary_items()) as u32;
        self
    }

    /// Rations pruning to at most one pass per `nodes` nodes of the search on average (default
    /// 32; 1 prunes wherever the search branches).
    pub fn with_prune_spacing(mut self, nodes: u64) -> Self {
        self.pruner.spacing = nodes.max(1);
        self
    }

    /// Makes the search stop soon after `flag` becomes true (set it from any thread). A cancelled
    /// search restores the matrix and reports [`Event::Cancelled`] / [`Outcome::Cancelled`].
    pub fn with_cancel(mut self, flag: &'a AtomicBool) -> Self {
        self.limits.cancel = Some(flag);
        self.watched = true;
        self
    }

    /// Makes the search stop, as if cancelled, once it has tried about `nodes` options (it looks
    /// every few hundred levels, so it may overshoot by that much). For callers that would
    /// rather give up than wait, such as a puzzle generator asking "is this still unique?".
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.limits.node_limit = nodes;
        self.watched = true;
        self
    }

    /// Makes the search stop, as if cancelled, soon after `deadline` (it looks at the clock
    /// every few hundred levels, within a millisecond or so). For callers with a time budget.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.limits.deadline = Some(deadline);
        self.watched = true;
        self
    }

    /// Makes the search store the number of nodes tried so far in `counter` every few hundred
    /// levels, for another thread to show while it runs.
    pub fn with_progress(mut self, counter: &'a AtomicU64) -> Self {
        self.limits.progress = Some(counter);
        self.watched = true;
        self
    }

    /// What the search has done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// True once the cancel flag (or the node limit) has stopped the search.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled
    }

    /// True once the search has ended: every solution visited, or cancelled.
    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    /// The current level: how many options are on the stack now.
    pub fn depth(&self) -> usize {
        self.level
    }

    /// The options on the stack now, from level 0 down: the partial solution being extended.
    pub fn stack(&self) -> impl Iterator<Item = OptionId> + '_ {
        // In state Retry/Backtrack the option at `level` is still applied or its item still
        // covered; only levels below `level` are complete choices.
        self.choice[..self.level]
            .iter()
            .map(|&x| self.m.option_of(x))
    }

    /// The matrix being searched (read only: its links are the search's while it runs).
    pub fn matrix(&self) -> &Matrix {
        self.m
    }

    /// The solution last found, as options ordered by level. Empty before the first solution.
    pub fn solution(&self) -> &[OptionId] {
        &self.solution
    }

    /// Runs to the next solution and returns it, or `None` when there are no more (or the search
    /// was cancelled: see [`is_cancelled`](Self::is_cancelled)).
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        loop {
            match self.run_fast() {
                Event::Solution { .. } => {
                    self.decode();
                    return Some(&self.solution);
                }
                Event::Done | Event::Cancelled => return None,
                _ => {}
            }
        }
    }

    /// The first (next) solution, as an owned list of options.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.next_solution().map(<[OptionId]>::to_vec)
    }

    /// Counts solutions, stopping at `limit` (so `count(2)` tells none, one, or more than one).
    /// Solutions are not decoded, which is the fastest way to search.
    pub fn count(&mut self, limit: u64) -> u64 {
        let mut found = 0;
        while found < limit {
            match self.run_fast() {
                Event::Solution { .. } => found += 1,
                Event::Done | Event::Cancelled => break,
                _ => {}
            }
        }
        found
    }

    /// Calls `visit` with every solution in turn until it returns `ControlFlow::Break`.
    pub fn for_each<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        loop {
            match self.run_fast() {
                Event::Solution { .. } => {
                    self.decode();
                    if visit(&self.solution).is_break() {
                        return Outcome::Stopped;
                    }
                }
                Event::Cancelled => return Outcome::Cancelled,
                Event::Done if self.cancelled => return Outcome::Cancelled,
                Event::Done => return Outcome::Exhausted,
                _ => {}
            }
        }
    }

    /// Makes one move of the search and says what it was. After [`Event::Solution`] the solution
    /// is in [`solution`](Self::solution). Once the search is over every call returns
    /// [`Event::Done`] (or [`Event::Cancelled`]).
    pub fn step(&mut self) -> Event {
        let event = self.run_step();
        if matches!(event, Event::Solution { .. }) {
            self.decode();
        }
        event
    }

    /// The options pruning removed at the current level, each with the rule that removed it:
    /// right after [`Event::Chose`], those removed just before that choice (none where the
    /// search did not prune there). For a view of the search; the fast paths never call it.
    pub fn pruned_here(&self) -> impl Iterator<Item = (OptionId, Rule)> + '_ {
        let from = match self.state {
            State::Done => self.pruner.trail.len(),
            _ => self
                .pruner
                .mark
                .get(self.level)
                .map_or(self.pruner.trail.len(), |&(t, _)| t as usize),
        };
        let [pairs, wide] = self.pruner.ends.map(|e| e as usize);
        let sums = self.pruner.sums_end as usize;
        let same = self.pruner.sums.as_ref().map_or(0, |s| s.same_end as usize);
        let m = &*self.m;
        self.pruner.trail[from.min(self.pruner.trail.len())..]
            .iter()
            .enumerate()
            .map(move |(k, &node)| {
                let at = from + k;
                let rule = if at < same.min(sums) {
                    Rule::SameValues
                } else if at < sums {
                    Rule::Sum
                } else if at < pairs {
                    Rule::Pair
                } else if at < wide {
                    Rule::LockedSet
                } else {
                    Rule::PairOfPairs
                };
                (m.option_of(node), rule)
            })
    }

    /// Every option that pruning has removed on the search's current path (put back as the
    /// search backs up past the level that removed it).
    pub fn pruned(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.pruner.trail.iter().map(|&node| self.m.option_of(node))
    }

    /// How many options an item has left, or `None` if it is covered: what the search would
    /// branch on. For a view of the search between moves.
    pub fn options_left(&self, item: ItemId) -> Option<usize> {
        let i = item.0.checked_add(1)?;
        let tag = *self.m.tag.get(i as usize)?;
        (tag != TAG_COVERED).then(|| self.m.length(i) as usize)
    }

    /// Stops the search here and uncovers everything it covered (what dropping it also does).
    pub fn abandon(&mut self) {
        self.unwind();
    }

    fn decode(&mut self) {
        self.solution.clear();
        for &x in &self.choice[..self.level] {
            self.solution.push(self.m.option_of(x));
        }
    }

    /// One move of the search, as a state machine: the step-by-step mode. [`run_fast`](Self::run_fast)
    /// makes the same moves without stopping between them.
    fn run_step(&mut self) -> Event {
        let m = &mut *self.m;
        let choice = &mut self.choice[..];
        let mut state = self.state;
        let mut level = self.level;
        let mut item = self.item;
        let mut alternatives = self.alternatives;
        let mut countdown = self.countdown;
        let mut stats = self.stats;
        let mut cancelled = self.cancelled;
        let event = loop {
            match state {
                State::Enter => {
                    if self.watched {
                        countdown -= 1;
                        if countdown == 0 {
                            countdown = CANCEL_CHECK_INTERVAL;
                            if self.limits.reached(&stats) {
                                cancelled = true;
                                break Event::Cancelled;
                            }
                        }
                    }
                    // X3 (and X2: no primary item is left to choose)
                    let i = self.pruner.choose(m, level, &mut stats, &choice[..level]);
                    if i == ROOT {
                        state = State::Leave;
                        if !self.pruner.sums_hold(m, &choice[..level]) {
                            // An exact cover that breaks a sum: no solution.
                            continue;
                        }
                        stats.solutions += 1;
                        break Event::Solution { depth: level };
                    }
                    // X4
                    let options = m.length(i) as usize;
                    // SAFETY: `i` is a primary item (chosen, and not the root).
                    stats.updates += unsafe { in_mode!(m, cover(i)) };
                    item = i;
                    choice[level] = m.nodes[i as usize].down;
                    state = State::Try;
                    break Event::Chose {
                        level,
                        item: ItemId(i - 1),
                        options,
                    };
                }
                State::Try => {
                    // X5
                    let x = choice[level];
                    if x == item {
                        state = State::Backtrack;
                        continue;
                    }
                    stats.nodes += 1;
                    if m.nodes[x as usize].down != item {
                        alternatives += 1;
                    }
                    // SAFETY: `x` is a node of `item`'s list other than its header, so an
                    // option's node.
                    let covered = unsafe {
                        if self.early {
                            let (covered, updates) = in_mode!(m, cover_others_unless_dead(x));
                            stats.updates += updates;
                            covered
                        } else {
                            stats.updates += in_mode!(m, cover_others(x));
                            true
                        }
                    };
                    if !covered {
                        state = State::Dead;
                        break Event::Tried {
                            level,
                            option: m.option_of(x),
                        };
                    }
                    level += 1;
                    stats.max_depth = stats.max_depth.max(level);
                    state = State::Enter;
                    break Event::Tried {
                        level: level - 1,
                        option: m.option_of(x),
                    };
                }
                State::Retry | State::Dead => {
                    // X6 (after a dead end, the option's covers are undone already)
                    let x = choice[level];
                    if state == State::Retry {
                        // SAFETY: Retry follows a Try at this level, which tried `x`: an
                        // option's node.
                        unsafe { in_mode!(m, uncover_others(x)) };
                    }
                    item = m.tops[x as usize];
                    let next = m.nodes[x as usize].down;
                    if next != item {
                        alternatives -= 1;
                    }
                    choice[level] = next;
                    state = State::Try;
                    break Event::Undone {
                        level,
                        option: m.option_of(x),
                    };
                }
                State::Backtrack => {
                    // X7
                    // SAFETY: `item` is the primary item covered at this level (X4); the
                    // pruner's trail is this search's.
                    unsafe {
                        in_mode!(m, uncover(item));
                        self.pruner.leave_any(m, level);
                    }
                    state = State::Leave;
                    break Event::Backtracked {
                        level,
                        item: ItemId(item - 1),
                    };
                }
                State::Leave => {
                    // X8
                    if self.narrow_from == Some(level) {
                        // Backing up out of the level where the search went narrow.
                        m.narrow = false;
                        self.narrow_from = None;
                    }
                    if level == 0 {
                        state = State::Done;
                        break Event::Done;
                    }
                    level -= 1;
                    state = State::Retry;
                }
                State::Done => {
                    break if cancelled {
                        Event::Cancelled
                    } else {
                        Event::Done
                    };
                }
            }
        };
        self.state = state;
        self.level = level;
        self.item = item;
        self.alternatives = alternatives;
        self.countdown = countdown;
        self.stats = stats;
        self.cancelled = cancelled;
        if event == Event::Cancelled {
            self.finish();
        }
        event
    }

    /// The fast path: the same moves as `run_step` would make, written as plain loops (enter
    /// a level and try its first option; or back up to the nearest level with an option left
    /// and try that) instead of a dispatch on the state after every move. The dispatch is an
    /// indirect jump whose target changes from move to move, so it was mispredicted most times.
    ///
    /// Where the CPU has AVX2 and BMI (checked at run time, the answer cached by the standard
    /// library), the loop runs compiled for them: what it inlines is compiled for them too,
    /// and bit operations take one instruction (measured in `benches/README.md`; the scan's
    /// AVX2 kernel is called from it).
    fn run_fast(&mut self) -> Event {
        loop {
            let event = on_cpu(FastRun(self));
            if !std::mem::take(&mut self.switched) {
                return event;
            }
        }
    }

    /// [`run_fast`](Self::run_fast) for any x86-64 CPU (or another architecture), in the
    /// matrix's modes.
    #[inline(always)]
    fn run_fast_portable(&mut self) -> Event {
        // SAFETY: `N`, `Q` and `L` are the matrix's modes.
        unsafe { modes!(self.m, self.run_fast_in::<N, Q, L>()) }
    }

    /// [`run_fast`](Self::run_fast) in the given modes.
    ///
    /// # Safety
    ///
    /// `N`, `Q` and `L` are the matrix's modes ([`narrow`](Matrix::narrow),
    /// [`layout`](Matrix::layout), [`large`](Matrix::large)).
    #[inline(always)]
    unsafe fn run_fast_in<const N: bool, const Q: u8, const L: bool>(&mut self) -> Event {
        // A search driven by `step` may stand between moves; finish the move in progress first.
        // From Try, Retry, Dead or Backtrack this takes at most three moves, none of them a
        // solution.
        while !matches!(self.state, State::Enter | State::Leave | State::Done) {
            self.run_step();
        }
        if self.state == State::Done {
            return if self.cancelled {
                Event::Cancelled
            } else {
                Event::Done
            };
        }
        let m = &mut *self.m;
        let choice = &mut self.choice[..];
        let mut entering = self.state == State::Enter;
        let mut level = self.level;
        let mut item = self.item;
        let mut alternatives = self.alternatives;
        let mut countdown = self.countdown;
        let mut stats = self.stats;
        let mut hand_over = false;
        let (state, event) = 'run: loop {
            if entering {
                if self.watched {
                    countdown -= 1;
                    if countdown == 0 {
                        countdown = CANCEL_CHECK_INTERVAL;
                        if self.limits.reached(&stats) {
                            break (State::Enter, Event::Cancelled);
                        }
                    }
                }
                if !N && self.may_narrow && level > 0 && m.no_tag_at_cap() {
                    // From here down the matrix runs narrow (see `narrow_from`).
                    m.narrow = true;
                    self.narrow_from = Some(level);
                    self.switched = true;
                    break (State::Enter, Event::Done);
                }
                // X3 (and X2: no primary item is left to choose)
                item = self.pruner.choose(m, level, &mut stats, &choice[..level]);
                if item == ROOT {
                    if !self.pruner.sums_hold(m, &choice[..level]) {
                        // An exact cover that breaks a sum: no solution.
                        entering = false;
                        continue;
                    }
                    stats.solutions += 1;
                    break (State::Leave, Event::Solution { depth: level });
                }
                // X4
                // SAFETY: `item` is a primary item (chosen, and not the root).
                stats.updates += unsafe { m.cover::<N, Q, L>(item) };
                choice[level] = m.nodes[item as usize].down;
            } else {
                // X8, X6, X7: back up to the nearest level with an option left.
                loop {
                    if N && self.narrow_from == Some(level) {
                        // Out of the level where the search went narrow: wide again above it.
                        m.narrow = false;
                        self.narrow_from = None;
                        self.switched = true;
                        break 'run (State::Leave, Event::Done);
                    }
                    if level == 0 {
                        break 'run (State::Done, Event::Done);
                    }
                    if self.lazy && alternatives == 0 {
                        // Nothing above has an option left: the rest is only uncovering.
                        hand_over = true;
                        break 'run (State::Leave, Event::Done);
                    }
                    level -= 1;
                    let x = choice[level];
                    // SAFETY: every level below the current one tried its choice, an option's
                    // node.
                    unsafe { m.uncover_others::<N, Q, L>(x) };
                    item = m.tops[x as usize];
                    let next = m.nodes[x as usize].down;
                    choice[level] = next;
                    if next != item {
                        alternatives -= 1;
                        break;
                    }
                    // SAFETY: `item`, the top of an option's node, is an item; `Q` is the
                    // matrix's layout and the trail this search's.
                    unsafe {
                        m.uncover::<N, Q, L>(item);
                        self.pruner.leave::<N, Q, L>(m, level);
                    }
                }
            }
            // X5 (and X6 straight after it where the option met a dead end)
            loop {
                let x = choice[level];
                if x == item {
                    // X7 right after X4: the item had no option (or none left).
                    // SAFETY: `item` is the item covered at this level; `Q` is the matrix's
                    // layout and the trail this search's.
                    unsafe {
                        m.uncover::<N, Q, L>(item);
                        self.pruner.leave::<N, Q, L>(m, level);
                    }
                    entering = false;
                    continue 'run;
                }
                stats.nodes += 1;
                let next = m.nodes[x as usize].down;
                if next != item {
                    alternatives += 1;
                }
                if !self.early {
                    // SAFETY: `x` is a node of `item`'s list other than its header, so an
                    // option's node.
                    stats.updates += unsafe { m.cover_others::<N, Q, L>(x) };
                    break;
                }
                // SAFETY: as above.
                let (covered, updates) = unsafe { m.cover_others_unless_dead::<N, Q, L>(x) };
                stats.updates += updates;
                if covered {
                    break;
                }
                if next != item {
                    alternatives -= 1;
                }
                choice[level] = next;
            }
            level += 1;
            stats.max_depth = stats.max_depth.max(level);
            entering = true;
        };
        self.state = state;
        self.level = level;
        self.item = item;
        self.alternatives = alternatives;
        self.countdown = countdown;
        self.stats = stats;
        if hand_over {
            self.hand_over();
        } else if event == Event::Cancelled {
            self.cancelled = true;
            self.finish();
        }
        event
    }

    /// Ends the search: uncovers everything, or hands the undoing to the matrix when lazy.
    fn finish(&mut self) {
        if self.lazy {
            self.hand_over();
        } else {
            self.unwind();
        }
    }

    /// Ends the search, leaving the undoing [`unwind`](Self::unwind) would do to the matrix: it
    /// notes where the search stands (a [`Pending`]) and keeps the search's stacks when the search
    /// is dropped, and unwinds from them only if it is used again before a reset. Handing over
    /// costs nothing however deep the search stands: no undo is queued for work a reset would
    /// throw away.
    fn hand_over(&mut self) {
        if let Some(pending) = self.pending() {
            self.m.pending = Some(pending);
        }
        self.narrow_from = None;
        self.level = 0;
        self.state = State::Done;
    }

    /// Walks back up to level 0 without trying anything new, uncovering in reverse order whatever
    /// is covered, and ends the search. Reuses the same link operations as the search, so the
    /// matrix ends exactly as it began.
    fn unwind(&mut self) {
        if let Some(pending) = self.pending() {
            let m = &mut *self.m;
            let (choice, pruner) = (&self.choice[..], &mut self.pruner);
            // SAFETY: these are this search's stacks, and it stands where `pending` says.
            unsafe { unwind_any(m, choice, &mut pruner.trail, &pruner.mark, pending) };
            pruner.seen.clear();
        }
        self.narrow_from = None;
        self.level = 0;
        self.state = State::Done;
    }

    /// What is left to undo from where the search stands (`None` if nothing).
    fn pending(&self) -> Option<Pending> {
        let top = match self.state {
            State::Done => return None,
            State::Enter | State::Leave => Top::Nothing,
            State::Try | State::Dead | State::Backtrack => Top::Item(self.item),
            State::Retry => Top::Retry,
        };
        (self.level > 0 || top != Top::Nothing).then_some(Pending {
            level: self.level,
            top,
            narrow_from: self.narrow_from,
        })
    }
}
/// A search's fast path, as [`on_cpu`] runs it: compiled a second time for AVX2 and BMI, with
/// everything it inlines.
struct FastRun<'s, 'a>(&'s mut Search<'a>);

impl Fast for FastRun<'_, '_> {
    type Output = Event;

    #[inline(always)]
    fn run(self) -> Event {
        self.0.run_fast_portable()
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        self.finish();
        self.m.stacks = Stacks {
            choice: std::mem::take(&mut self.choice),
            trail: std::mem::take(&mut self.pruner.trail),
            seen: std::mem::take(&mut self.pruner.seen),
            mark: std::mem::take(&mut self.pruner.mark),
            weights: std::mem::take(&mut self.pruner.weights),
        };
        if let Some(sums) = self.pruner.sums.take() {
            self.m.sums = *sums;
        }
    }
}

#[cfg(test)]
mod tests;
