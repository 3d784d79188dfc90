//! The iterative search (Algorithm X, steps X2 to X8) over a [`Matrix`], with statistics,
//! cancellation and a step-by-step mode.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::matrix::{Matrix, ROOT, in_mode};
use super::{ItemId, OptionId};

/// How many entries into a level (step X2) pass between two looks at the cancel flag. One entry
/// costs at most a scan of the active items and one cover, a few microseconds on a 36×36 board,
/// so a cancel is seen within a millisecond or so while the flag is read only rarely.
const CANCEL_CHECK_INTERVAL: u32 = 256;

/// Pruning passes are rationed to one per this many nodes of the search on average (the first
/// is always made). A pass pays where the tree below it is big and costs where it is small:
/// on the serg set (puzzles with several solutions, two found in about 60 nodes) unrationed
/// pruning made the search 39% slower and rationed 18%, while on the first 1,465 puzzles of the
/// 17-clue set rationing costs little of the gain: 86.8 nodes a puzzle instead of 82.9 (131.4
/// without pruning).
const PRUNE_SPACING: u64 = 32;

/// The cancel flag is set or the node limit reached.
fn should_stop(cancel: Option<&AtomicBool>, node_limit: u64, stats: &Stats) -> bool {
    stats.nodes >= node_limit || cancel.is_some_and(|f| f.load(Ordering::Relaxed))
}

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
    /// Options removed by pruning (see [`Search::with_pruning`]); their links are counted in
    /// `updates`.
    pub pruned: u64,
}

/// One move of the search, as [`Search::step`] reports it.
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
    /// which [`Search::solution`] decodes.
    Solution {
        /// The number of options in the solution.
        depth: usize,
    },
    /// The whole tree has been searched (step X8 at level 0). Every later call says so again.
    Done,
    /// The cancel flag was seen set. The matrix is already restored.
    Cancelled,
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

/// Where the state machine stands: which of Knuth's steps runs next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// X2: enter the current level.
    Enter,
    /// X5: try the option `choice[level]` of `item`.
    Try,
    /// X6: undo `choice[level]` and move to the next option.
    Retry,
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
    cancel: Option<&'a AtomicBool>,
    /// Stop (as if cancelled) once this many nodes have been tried; `u64::MAX` for no limit.
    node_limit: u64,
    /// A cancel flag or a node limit is set: the countdown to the next look runs.
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
}

impl<'a> Search<'a> {
    pub(crate) fn new(m: &'a mut Matrix) -> Self {
        m.restore();
        m.refresh_tags();
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
        Search {
            m,
            cancel: None,
            node_limit: u64::MAX,
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
                weighted: false,
                weights,
                trail,
                seen,
                mark,
            },
            lazy: false,
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
    /// other options are removed before branching (see the module docs). The solutions are the
    /// same; the search tree is smaller, usually by more than the pruning costs. Off by default,
    /// so that a plain search (and the step mode) shows Algorithm X as Knuth wrote it.
    pub fn with_pruning(mut self, on: bool) -> Self {
        self.pruner.on = on;
        self
    }

    /// Turns on pruning by pairs and adds a stronger rule, *pairs of pairs*: two items with two
    /// options each, whose options meet, can be covered together only by the combinations of one
    /// option of each that do not clash; an item that every such combination covers loses its
    /// other options. On a sudoku this is the naked pair (two cells of a unit with the same two
    /// candidates) and the hidden pair (two symbols of a unit with the same two places). It costs
    /// far more per pass than pairs alone, and pays on big boards (see the module docs).
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
    /// few that take millions (see the module docs). The solutions are the same either way.
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
    /// is still always chosen first (see the module docs for measurements). Off by default.
    pub fn with_conflict_weights(mut self, on: bool) -> Self {
        self.pruner.weighted = on;
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
        self.cancel = Some(flag);
        self.watched = true;
        self
    }

    /// Makes the search stop, as if cancelled, once it has tried about `nodes` options (it looks
    /// every few hundred levels, so it may overshoot by that much). For callers that would
    /// rather give up than wait, such as a puzzle generator asking "is this still unique?".
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = nodes;
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
                            if should_stop(self.cancel, self.node_limit, &stats) {
                                cancelled = true;
                                break Event::Cancelled;
                            }
                        }
                    }
                    // X3 (and X2: no primary item is left to choose)
                    let i = self.pruner.choose(m, level, &mut stats);
                    if i == ROOT {
                        state = State::Leave;
                        stats.solutions += 1;
                        break Event::Solution { depth: level };
                    }
                    // X4
                    let options = m.length(i) as usize;
                    stats.updates += in_mode!(m, cover(i));
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
                    stats.updates += in_mode!(m, cover_others(x));
                    level += 1;
                    stats.max_depth = stats.max_depth.max(level);
                    state = State::Enter;
                    break Event::Tried {
                        level: level - 1,
                        option: m.option_of(x),
                    };
                }
                State::Retry => {
                    // X6
                    let x = choice[level];
                    in_mode!(m, uncover_others(x));
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
                    in_mode!(m, uncover(item));
                    self.pruner.leave_any(m, level);
                    state = State::Leave;
                    break Event::Backtracked {
                        level,
                        item: ItemId(item - 1),
                    };
                }
                State::Leave => {
                    // X8
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
    /// library), the loop runs compiled for them: the scan for the item to branch on then
    /// inlines into it instead of being called, and bit operations take one instruction
    /// (measured in the `dlx` docs).
    fn run_fast(&mut self) -> Event {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            #[allow(unsafe_code)]
            // SAFETY: the CPU has AVX2, BMI1 and BMI2, just checked.
            return unsafe { self.run_fast_avx2() };
        }
        self.run_fast_portable()
    }

    /// [`run_fast`](Self::run_fast) compiled for AVX2, BMI1 and BMI2: the same code as
    /// [`run_fast_portable`](Self::run_fast_portable), which is inlined here.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2, BMI1 and BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    #[allow(unsafe_code)]
    unsafe fn run_fast_avx2(&mut self) -> Event {
        self.run_fast_portable()
    }

    /// [`run_fast`](Self::run_fast) for any x86-64 CPU (or another architecture), in the
    /// matrix's modes.
    #[inline(always)]
    fn run_fast_portable(&mut self) -> Event {
        match (self.m.narrow, self.m.quad) {
            (true, true) => self.run_fast_in::<true, true>(),
            (true, false) => self.run_fast_in::<true, false>(),
            (false, true) => self.run_fast_in::<false, true>(),
            (false, false) => self.run_fast_in::<false, false>(),
        }
    }

    /// [`run_fast`](Self::run_fast) for a matrix that is [narrow](Matrix::narrow) or not.
    #[inline(always)]
    fn run_fast_in<const N: bool, const Q: bool>(&mut self) -> Event {
        // A search driven by `step` may stand between moves; finish the move in progress first.
        // From Try, Retry or Backtrack this takes at most three moves, none of them a solution.
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
                        if should_stop(self.cancel, self.node_limit, &stats) {
                            break (State::Enter, Event::Cancelled);
                        }
                    }
                }
                // X3 (and X2: no primary item is left to choose)
                item = self.pruner.choose(m, level, &mut stats);
                if item == ROOT {
                    stats.solutions += 1;
                    break (State::Leave, Event::Solution { depth: level });
                }
                // X4
                stats.updates += m.cover::<N, Q>(item);
                choice[level] = m.nodes[item as usize].down;
            } else {
                // X8, X6, X7: back up to the nearest level with an option left.
                loop {
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
                    m.uncover_others::<N, Q>(x);
                    item = m.tops[x as usize];
                    let next = m.nodes[x as usize].down;
                    choice[level] = next;
                    if next != item {
                        alternatives -= 1;
                        break;
                    }
                    m.uncover::<N, Q>(item);
                    self.pruner.leave::<N, Q>(m, level);
                }
            }
            // X5
            let x = choice[level];
            if x == item {
                // X7 right after X4: the item had no option.
                m.uncover::<N, Q>(item);
                self.pruner.leave::<N, Q>(m, level);
                entering = false;
                continue;
            }
            stats.nodes += 1;
            if m.nodes[x as usize].down != item {
                alternatives += 1;
            }
            stats.updates += m.cover_others::<N, Q>(x);
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
    /// costs nothing however deep the search stands (it used to queue two undo operations a level:
    /// 2% of the 17-clue and serg instructions, for work a reset then threw away).
    fn hand_over(&mut self) {
        if let Some(pending) = self.pending() {
            self.m.pending = Some(pending);
        }
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
            unwind_any(m, choice, &mut pruner.trail, &pruner.mark, pending);
            pruner.seen.clear();
        }
        self.level = 0;
        self.state = State::Done;
    }

    /// What is left to undo from where the search stands (`None` if nothing).
    fn pending(&self) -> Option<Pending> {
        let top = match self.state {
            State::Done => return None,
            State::Enter | State::Leave => Top::Nothing,
            State::Try | State::Backtrack => Top::Item(self.item),
            State::Retry => Top::Retry,
        };
        (self.level > 0 || top != Top::Nothing).then_some(Pending {
            level: self.level,
            top,
        })
    }
}

/// What a search still holds at the level it stands on (see [`Pending`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Top {
    /// Nothing (it is about to enter the level, or has just left it).
    Nothing,
    /// This item covered, and the options pruning removed at this level (step X7 undoes them).
    Item(u32),
    /// The option `choice[level]` tried, and its item covered (steps X6 and X7).
    Retry,
}

/// The undoing a search that stopped without restoring left to do: every level below `level`
/// holds its option `choice[l]` and that option's item covered (and the options pruning removed
/// there), and level `level` holds `top`. With the search's stacks it says everything
/// [`unwind`] needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pending {
    pub(crate) level: usize,
    pub(crate) top: Top,
}

/// [`unwind`] in the matrix's modes.
fn unwind_any(
    m: &mut Matrix,
    choice: &[u32],
    trail: &mut Vec<u32>,
    mark: &[(u32, u32)],
    pending: Pending,
) {
    match (m.narrow, m.quad) {
        (true, true) => unwind::<true, true>(m, choice, trail, mark, pending),
        (true, false) => unwind::<true, false>(m, choice, trail, mark, pending),
        (false, true) => unwind::<false, true>(m, choice, trail, mark, pending),
        (false, false) => unwind::<false, false>(m, choice, trail, mark, pending),
    }
}

/// Undoes what a search holds (see [`Pending`]), in the exact reverse order of the search's own
/// moves: at each level from the top down, the other items of its option uncovered (X6), its
/// item uncovered (X7), then the options pruning removed there put back, newest first. What the
/// state machine would do from there to level 0 if it tried nothing new, written as a plain loop:
/// dispatching on the state at every step was an indirect jump mispredicted almost every time
/// (cachegrind: 180 a puzzle on the 17-clue set).
pub(crate) fn unwind<const N: bool, const Q: bool>(
    m: &mut Matrix,
    choice: &[u32],
    trail: &mut Vec<u32>,
    mark: &[(u32, u32)],
    pending: Pending,
) {
    let mut leave = |m: &mut Matrix, level: usize| {
        let keep = mark.get(level).map_or(0, |&(trail, _)| trail as usize);
        while trail.len() > keep {
            if let Some(p) = trail.pop() {
                m.restore_option::<N, Q>(p);
            }
        }
    };
    let level = pending.level;
    match pending.top {
        Top::Nothing => {}
        Top::Item(item) => {
            m.uncover::<N, Q>(item);
            leave(m, level);
        }
        Top::Retry => {
            if let Some(&x) = choice.get(level) {
                m.uncover_others::<N, Q>(x);
                m.uncover::<N, Q>(m.tops[x as usize]);
            }
            leave(m, level);
        }
    }
    for l in (0..level).rev() {
        if let Some(&x) = choice.get(l) {
            m.uncover_others::<N, Q>(x);
            m.uncover::<N, Q>(m.tops[x as usize]);
        }
        leave(m, l);
    }
}

/// Pruning by pairs for a search (see [`Search::with_pruning`]): the options it removed, to put
/// back when the search backs up, and what it saw last time, so as to look only at what changed.
struct Pruner {
    on: bool,
    /// Apply the pairs-of-pairs rule as well.
    pairs_of_pairs: bool,
    /// The most options an item may have for the first rule to look at it (2: pairs only).
    width: u8,
    /// At most one pass per this many nodes.
    spacing: u64,
    /// After this many nodes (0: never), switch to pairs of pairs, `escalate_width` and
    /// `escalate_spacing`.
    escalate_at: u64,
    escalate_width: u8,
    escalate_spacing: u64,
    /// Pruning passes made so far.
    passes: u64,
    /// Break ties of the shortest items by `weights` (see [`Search::with_conflict_weights`]).
    weighted: bool,
    weights: Weights,
    /// The nodes of the options removed, in order.
    trail: Vec<u32>,
    /// A stack of copies of the primary items' tags, one taken at each pruning on the current
    /// path, before it. An item that had two options at the last pruning on this path was looked
    /// at then (and going deeper only takes options away, so it still has the same two), so only
    /// items that have come down to two since need a look: this cut the time pruning takes on
    /// the hardest puzzles several times over.
    seen: Vec<u8>,
    /// `mark[l]`: the lengths of `trail` and `seen` when level `l` was entered; backing up out of
    /// level `l` goes back to them.
    mark: Vec<(u32, u32)>,
}

impl Pruner {
    /// Steps X3 and X4's choice, with pruning first where it is on and no item is forced; chooses
    /// again if pruning removed anything. A forced move or a dead end (an item with one option
    /// or none), most of the choices, takes the short way here; an item to branch on goes to
    /// [`branch`](Self::branch).
    #[inline(always)]
    fn choose(&mut self, m: &mut Matrix, level: usize, stats: &mut Stats) -> u32 {
        let (item, len) = m.choose();
        if len >= 2 {
            return self.branch(m, level, stats, item);
        }
        if item == ROOT {
            return ROOT;
        }
        if len == 0 && self.weighted {
            self.weights.bump(item);
        }
        self.mark[level] = (self.trail.len() as u32, self.seen.len() as u32);
        item
    }

    /// [`choose`](Self::choose) where the shortest item, `item`, has two options or more: the
    /// tie broken by weight, the escalation, and pruning.
    #[inline(never)]
    fn branch(&mut self, m: &mut Matrix, level: usize, stats: &mut Stats, item: u32) -> u32 {
        let item = if self.weighted {
            self.weights.heaviest_like(m, item)
        } else {
            item
        };
        self.mark[level] = (self.trail.len() as u32, self.seen.len() as u32);
        if self.escalate_at != 0 && stats.nodes >= self.escalate_at {
            // A big tree: from here on, the strong rules (see `Search::with_escalation`).
            self.escalate_at = 0;
            self.on = true;
            self.pairs_of_pairs = true;
            self.width = self.escalate_width;
            self.spacing = self.escalate_spacing;
        }
        if !self.on || self.passes * self.spacing > stats.nodes {
            return item;
        }
        self.passes += 1;
        let primary = m.primary_items();
        let start = self.seen.len();
        self.seen.extend_from_slice(&m.tag[1..=primary]);
        let before = self.seen.get(start.wrapping_sub(primary)..start);
        let updates = m.prune(&mut self.trail, before, self.pairs_of_pairs, self.width);
        if updates == 0 {
            return item;
        }
        stats.updates += updates;
        stats.pruned += (self.trail.len() - self.mark[level].0 as usize) as u64;
        self.choose_weighted(m).0
    }

    /// [`Matrix::choose`], with ties broken by weight if asked for; counts a dead end against
    /// the item found empty. Returns the item and its number of options, as [`Matrix::choose`]
    /// (a tie broken by weight is between items of the same length).
    #[inline(always)]
    fn choose_weighted(&mut self, m: &Matrix) -> (u32, u32) {
        let (item, len) = m.choose();
        if !self.weighted || item == ROOT {
            return (item, len);
        }
        match len {
            0 => {
                self.weights.bump(item);
                (item, len)
            }
            1 => (item, len),
            _ => (self.weights.heaviest_like(m, item), len),
        }
    }

    /// Backing up out of `level` (after step X7): puts back, newest first, the options removed
    /// at that level.
    #[inline(always)]
    fn leave<const N: bool, const Q: bool>(&mut self, m: &mut Matrix, level: usize) {
        let (trail, seen) = self.mark[level];
        while self.trail.len() > trail as usize {
            if let Some(p) = self.trail.pop() {
                m.restore_option::<N, Q>(p);
            }
        }
        self.seen.truncate(seen as usize);
    }

    /// [`leave`](Self::leave) in the matrix's mode.
    fn leave_any(&mut self, m: &mut Matrix, level: usize) {
        match (m.narrow, m.quad) {
            (true, true) => self.leave::<true, true>(m, level),
            (true, false) => self.leave::<true, false>(m, level),
            (false, true) => self.leave::<false, true>(m, level),
            (false, false) => self.leave::<false, false>(m, level),
        }
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
    }
}

/// How often each primary item has been found with no option left in the current search (see
/// [`Search::with_conflict_weights`]). Few items ever are, so they are also listed, and a
/// tie-break reads only them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Weights {
    /// Indexed by item (as `Matrix::len`); zero for every item not in `heavy`.
    weight: Vec<u32>,
    /// The items with a weight above zero, in the order they got it.
    heavy: Vec<u32>,
}

impl Weights {
    /// All weights zero, for a matrix with `primary` primary items: clears only the entries
    /// that are not, so a batch of small searches pays nothing per item.
    fn clear(&mut self, primary: usize) {
        for &i in &self.heavy {
            self.weight[i as usize] = 0;
        }
        self.heavy.clear();
        if self.weight.len() < primary + 1 {
            self.weight.resize(primary + 1, 0);
        }
    }

    #[inline]
    fn bump(&mut self, item: u32) {
        let w = &mut self.weight[item as usize];
        if *w == 0 {
            self.heavy.push(item);
        }
        *w = w.saturating_add(1);
    }

    /// Of the items as short as `item` (the leftmost shortest), the heaviest, the leftmost of
    /// those on a tie. Items past the tag cap are left to the exact choice.
    #[inline]
    fn heaviest_like(&self, m: &Matrix, item: u32) -> u32 {
        let tag = m.tag[item as usize];
        if u32::from(tag) >= super::matrix::TAG_CAP {
            return item;
        }
        let (mut best, mut most) = (item, self.weight[item as usize]);
        for &i in &self.heavy {
            let w = self.weight[i as usize];
            if m.tag[i as usize] == tag && (w > most || (w == most && i < best)) {
                (best, most) = (i, w);
            }
        }
        best
    }
}

/// The growable stacks of a search, kept by the matrix between searches (see [`Search::new`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct Stacks {
    choice: Vec<u32>,
    trail: Vec<u32>,
    seen: Vec<u8>,
    mark: Vec<(u32, u32)>,
    weights: Weights,
}

impl Stacks {
    /// Undoes what the search these stacks came from left behind (see [`Pending`]).
    pub(crate) fn unwind(&mut self, m: &mut Matrix, pending: Pending) {
        unwind_any(m, &self.choice, &mut self.trail, &self.mark, pending);
        self.seen.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's example from "Dancing Links": items a..g, the six options of the paper.
    /// A search with no pruning (0), pruning by pairs (1), pairs escalating to every rule after
    /// 3 nodes with conflict weights (2), conflict weights alone (3), or every rule at every
    /// branching (4).
    fn tuned(s: Search<'_>, level: u8) -> Search<'_> {
        match level {
            0 => s,
            1 => s.with_pruning(true),
            2 => s
                .with_pruning(true)
                .with_escalation(3, 4, 1)
                .with_conflict_weights(true),
            3 => s.with_conflict_weights(true),
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
        assert_eq!(w.heaviest_like(&m, a), a, "no weights: the leftmost");
        w.bump(c);
        w.bump(c);
        assert_eq!(
            w.heaviest_like(&m, a),
            a,
            "a heavier but longer item is not chosen"
        );
        w.bump(b);
        assert_eq!(w.heaviest_like(&m, a), b, "the heavier of two as short");
        w.bump(a);
        assert_eq!(w.heaviest_like(&m, a), a, "equal weights: the leftmost");
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

    #[test]
    fn pruning_removes_what_no_solution_uses_and_puts_it_back() {
        // Items c a b x y (0..5). Item a's two options both contain b, so b's third option,
        // {b, c}, can be in no solution. The plain search branches on c first and tries {b, c}
        // in vain; the pruned one removes it before branching, and c is forced.
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

    proptest::proptest! {
        /// Any number of moves, then a drop, a cancel or an abandon: the links are as before.
        #[test]
        fn any_interrupted_search_restores_the_matrix(
            rows in proptest::collection::vec(1u32..64, 1..14),
            secondary in 0usize..3,
            steps in 0usize..300,
            how in 0u8..3,
            prune in 0u8..5,
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

        /// Stepping some moves and then running the rest on the fast path makes exactly the
        /// moves one fast run makes: same solutions, same statistics, same matrix afterwards.
        #[test]
        fn stepping_then_running_fast_agrees_with_a_fast_run(
            rows in proptest::collection::vec(1u32..256, 1..20),
            steps in 0usize..200,
            prune in 0u8..5,
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
            prune in 0u8..5,
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
            prune in 0u8..5,
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
}
