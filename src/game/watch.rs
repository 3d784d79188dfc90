//! Watch mode: Algorithm X searching the board, move by move, for the window to show.
//!
//! The board (givens and entries) becomes its exact-cover matrix ([`CoverMatrix`], the items and
//! options `sudoku-dlx matrix` writes), and a [`Watcher`] runs the engine's step mode
//! ([`Search::step`](crate::dlx::Search::step)) over it on a thread of its own. The window sends
//! it [`Order`]s (so many moves, or as many as fit in a slice of time) and gets back an
//! [`Update`] for each: the moves made, in the board's terms ([`Move`]), and a [`View`] of where
//! the search stands (the options on its stack, every item's options left, what pruning has
//! removed, the counters). The view invents nothing: every move is one of the engine's events,
//! decoded, and every number is read off the engine.
//!
//! With pruning on, the search prunes at every branching with every rule the engine has (pairs,
//! locked sets as wide as a box side, pairs of pairs), so that each can be seen at work; `solve`
//! spaces them out for speed. With pruning off it is Algorithm X as Knuth wrote it: the shortest
//! item first, and nothing else.
//!
//! The game is never touched: the search works on a copy of the board, so stopping leaves the
//! board as it was.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use crate::dlx::{Event, Rule, Search, Stats};
use crate::sudoku::Grid;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::cover::model::{CoverMatrix, ItemMeaning};

/// The most moves an [`Update`] carries; those before them are only counted (at full speed a
/// slice of time holds hundreds of thousands).
pub const MAX_MOVES: usize = 200;

/// One move of the search, in the board's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Steps X3–X4: at `level`, the item to branch on, with its options left.
    Chose {
        /// The level.
        level: usize,
        /// The item: a cell, or a unit and a value.
        item: ItemMeaning,
        /// Its options: the branches.
        options: usize,
    },
    /// Pruning removed an option just before the choice, by `rule`.
    Pruned {
        /// The option's number in the [`CoverMatrix`].
        option: usize,
        /// The rule.
        rule: Rule,
    },
    /// Step X5: an option tried at `level`.
    Tried {
        /// The level.
        level: usize,
        /// The option's number in the [`CoverMatrix`].
        option: usize,
    },
    /// Step X6: the option taken back.
    Undone {
        /// The level.
        level: usize,
        /// The option's number in the [`CoverMatrix`].
        option: usize,
    },
    /// Step X7: every option of the item at `level` tried; it is uncovered.
    Backtracked {
        /// The level.
        level: usize,
        /// The item.
        item: ItemMeaning,
    },
    /// Step X2: a solution, the `number`th.
    Solution {
        /// How many solutions so far, this one included.
        number: u64,
    },
    /// The whole tree searched.
    Done {
        /// Solutions found in all.
        solutions: u64,
    },
}

/// What the window asks of the search next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Order {
    /// Make at most this many moves...
    pub moves: u64,
    /// ...and stop once this long has passed.
    pub budget: Duration,
    /// Stop right after a solution.
    pub pause_at_solution: bool,
}

/// Where the search stands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct View {
    /// The options on the stack, level by level (numbers in the [`CoverMatrix`]).
    pub stack: Vec<usize>,
    /// Each item's options left, `None` once covered (in the [`CoverMatrix`]'s order).
    pub left: Vec<Option<u32>>,
    /// Every option pruning has removed on the current path.
    pub pruned: Vec<usize>,
    /// The options pruning removed at the choice of the deepest level, with the rule (as the
    /// search named them then: told after the moves that follow, its marks have moved on).
    pub pruned_here: Vec<(usize, Rule)>,
    /// The item branched on at the deepest level, and its options then.
    pub branching: Option<(ItemMeaning, usize)>,
    /// The engine's statistics.
    pub stats: Stats,
    /// Items backtracked (step X7).
    pub backtracks: u64,
    /// Moves made in all.
    pub moves: u64,
    /// Time spent searching (pauses not counted).
    pub elapsed: Duration,
    /// The last solution found, as options.
    pub last_solution: Option<Vec<usize>>,
    /// The search is over.
    pub done: bool,
}

/// What the search sends back for an [`Order`].
#[derive(Debug, Clone)]
pub struct Update {
    /// The last moves made (at most [`MAX_MOVES`]).
    pub moves: Vec<Move>,
    /// Moves made before those, not sent.
    pub skipped: u64,
    /// Where the search stands after them.
    pub view: View,
}

/// A search being watched: a thread stepping the engine, orders in, updates back.
pub struct Watcher {
    /// The board's matrix, as the moves and the view number it.
    pub cover: Arc<CoverMatrix>,
    /// The board searched.
    pub board: Grid,
    /// Pruning on.
    pub pruning: bool,
    orders: Sender<Order>,
    updates: Receiver<Update>,
    stop: Arc<AtomicBool>,
    waiting: bool,
}

impl Watcher {
    /// Starts watching `board` on a thread named `sudoku-dlx watch`; `wake` is called after
    /// each update is sent (the window asks for a frame).
    pub fn start(
        board: Grid,
        pruning: bool,
        wake: impl Fn() + Send + 'static,
    ) -> std::io::Result<Watcher> {
        // A view's matrix: a killer cage of too many digit sets to list is kept by its sum.
        let cover = Arc::new(
            CoverMatrix::of_view(&Shape::of_grid(&board), board.values())
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?,
        );
        let (orders, inbox) = mpsc::channel::<Order>();
        let (outbox, updates) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, shared, width) = (
            Arc::clone(&stop),
            Arc::clone(&cover),
            board.geometry().box_rows().max(board.geometry().box_cols()),
        );
        std::thread::Builder::new()
            .name("sudoku-dlx watch".into())
            .spawn(move || {
                // The matrix and the search over it live here, on the thread's own stack.
                let mut matrix = shared.matrix().ok();
                let mut search = matrix.as_mut().map(|m| tune(m.search(), pruning, width));
                let mut tally = Tally::default();
                while let Ok(order) = inbox.recv() {
                    if flag.load(Ordering::Relaxed) {
                        break;
                    }
                    let update = run(search.as_mut(), &shared, &mut tally, order, &flag);
                    if outbox.send(update).is_err() {
                        break;
                    }
                    wake();
                }
            })?;
        Ok(Watcher {
            cover,
            board,
            pruning,
            orders,
            updates,
            stop,
            waiting: false,
        })
    }

    /// Sends an order, unless one is still being carried out (then false).
    pub fn order(&mut self, order: Order) -> bool {
        if self.waiting {
            return false;
        }
        self.waiting = self.orders.send(order).is_ok();
        self.waiting
    }

    /// True while an order is being carried out.
    pub fn is_busy(&self) -> bool {
        self.waiting
    }

    /// The update for the last order, if it has come; `Err(false)` if the thread is gone.
    pub fn poll(&mut self) -> Result<Update, bool> {
        match self.updates.try_recv() {
            Ok(update) => {
                self.waiting = false;
                Ok(update)
            }
            Err(TryRecvError::Empty) => Err(true),
            Err(TryRecvError::Disconnected) => Err(false),
        }
    }

    /// Waits for the update for the last order (for tests and for a caller that must have it).
    pub fn wait(&mut self) -> Option<Update> {
        let update = self.updates.recv().ok()?;
        self.waiting = false;
        Some(update)
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        // The thread stops within one move of the flag, or when the channel closes.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The search as watch mode runs it: plain, or pruning at every branching with every rule.
fn tune(search: Search<'_>, pruning: bool, width: usize) -> Search<'_> {
    if pruning {
        search
            .with_pairs_of_pairs(true)
            .with_pruning_width(width)
            .with_prune_spacing(1)
    } else {
        search
    }
}

/// What the thread counts besides the engine.
#[derive(Debug, Default)]
struct Tally {
    backtracks: u64,
    moves: u64,
    elapsed: Duration,
    last_solution: Option<Vec<usize>>,
    branching: Vec<(ItemMeaning, usize)>,
    /// What pruning removed at each level's choice, level by level.
    pruned_at: Vec<Vec<(usize, Rule)>>,
    done: bool,
}

/// Carries out one order: steps the search and reports.
fn run(
    search: Option<&mut Search<'_>>,
    cover: &CoverMatrix,
    tally: &mut Tally,
    order: Order,
    stop: &AtomicBool,
) -> Update {
    let mut moves = std::collections::VecDeque::with_capacity(MAX_MOVES);
    let mut skipped = 0u64;
    let mut push = |m: Move| {
        if moves.len() == MAX_MOVES {
            moves.pop_front();
            skipped += 1;
        }
        moves.push_back(m);
    };
    let Some(search) = search else {
        tally.done = true;
        push(Move::Done { solutions: 0 });
        return Update {
            moves: moves.into(),
            skipped,
            view: View {
                done: true,
                ..View::default()
            },
        };
    };
    let start = Instant::now();
    let item = |i: crate::dlx::ItemId| cover.meanings.get(i.index()).copied();
    let mut made = 0u64;
    while made < order.moves && !tally.done {
        // The clock and the flag every 64 moves: a move is a few microseconds at most.
        if made % 64 == 63 && (start.elapsed() >= order.budget || stop.load(Ordering::Relaxed)) {
            break;
        }
        made += 1;
        tally.moves += 1;
        match search.step() {
            Event::Chose {
                level,
                item: i,
                options,
            } => {
                if let Some(meaning) = item(i) {
                    tally.branching.truncate(level);
                    tally.branching.push((meaning, options));
                    push(Move::Chose {
                        level,
                        item: meaning,
                        options,
                    });
                }
                let here: Vec<(usize, Rule)> = search
                    .pruned_here()
                    .map(|(option, rule)| (option.index(), rule))
                    .collect();
                for &(option, rule) in &here {
                    push(Move::Pruned { option, rule });
                }
                tally.pruned_at.truncate(level);
                tally.pruned_at.push(here);
            }
            Event::Tried { level, option } => push(Move::Tried {
                level,
                option: option.index(),
            }),
            Event::Undone { level, option } => push(Move::Undone {
                level,
                option: option.index(),
            }),
            Event::Backtracked { level, item: i } => {
                tally.backtracks += 1;
                tally.branching.truncate(level);
                tally.pruned_at.truncate(level);
                if let Some(meaning) = item(i) {
                    push(Move::Backtracked {
                        level,
                        item: meaning,
                    });
                }
            }
            Event::Solution { .. } => {
                let number = search.stats().solutions;
                tally.last_solution = Some(search.solution().iter().map(|o| o.index()).collect());
                push(Move::Solution { number });
                if order.pause_at_solution {
                    break;
                }
            }
            Event::Done | Event::Cancelled => {
                tally.done = true;
                push(Move::Done {
                    solutions: search.stats().solutions,
                });
            }
        }
    }
    tally.elapsed += start.elapsed();
    let view = View {
        stack: search.stack().map(|o| o.index()).collect(),
        left: (0..cover.items.len())
            .map(|i| {
                search
                    .options_left(crate::dlx::ItemId::new(i))
                    .map(|n| n as u32)
            })
            .collect(),
        pruned: search.pruned().map(|o| o.index()).collect(),
        pruned_here: tally.pruned_at.last().cloned().unwrap_or_default(),
        branching: tally.branching.last().copied(),
        stats: search.stats(),
        backtracks: tally.backtracks,
        moves: tally.moves,
        elapsed: tally.elapsed,
        last_solution: tally.last_solution.clone(),
        done: tally.done,
    };
    Update {
        moves: moves.into(),
        skipped,
        view,
    }
}

/// The slowest and fastest speeds of the speed control, in moves a second; past the fastest
/// is "as fast as the machine goes".
pub const SLOWEST: f64 = 1.0;
/// See [`SLOWEST`].
pub const FASTEST: f64 = 10_000.0;

/// How long one order may run: well inside a frame, so the window keeps its frame rate while
/// the search runs flat out.
pub const SLICE: Duration = Duration::from_millis(8);

/// How watch mode plays: paused or playing, at a speed, or running to the end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    /// Moves are being made.
    pub playing: bool,
    /// Moves a second; above [`FASTEST`], as fast as the machine goes.
    pub speed: f64,
    /// Run to the end without stopping at solutions, as fast as the machine goes.
    pub to_end: bool,
    /// Moves due but not yet ordered (a fraction of a move at slow speeds).
    carry: f64,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            playing: true,
            speed: 4.0,
            to_end: false,
            carry: 0.0,
        }
    }
}

impl Pace {
    /// True when the speed is "as fast as the machine goes".
    pub fn flat_out(&self) -> bool {
        self.to_end || self.speed > FASTEST
    }

    /// The order for the time `dt` that has passed, if a move is due.
    pub fn order(&mut self, dt: Duration) -> Option<Order> {
        if !self.playing {
            self.carry = 0.0;
            return None;
        }
        if self.flat_out() {
            return Some(Order {
                moves: u64::MAX,
                budget: SLICE,
                pause_at_solution: !self.to_end,
            });
        }
        // At most a quarter of a second's moves at once, so a stalled frame is no burst.
        self.carry = (self.carry + dt.as_secs_f64() * self.speed).min(self.speed / 4.0 + 1.0);
        let due = self.carry.floor();
        if due < 1.0 {
            return None;
        }
        self.carry -= due;
        Some(Order {
            moves: due as u64,
            budget: SLICE,
            pause_at_solution: true,
        })
    }

    /// The order for one step forward.
    pub fn one_step() -> Order {
        Order {
            moves: 1,
            budget: SLICE,
            pause_at_solution: true,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// What the engine itself does on `board`, step by step, decoded here without the
    /// watcher's code: (what, level, option or item number) for each event, and the stack
    /// after it.
    fn engine_moves(board: &Grid, pruning: bool) -> Vec<(char, usize, usize, Vec<usize>)> {
        let cover = CoverMatrix::of(board, false).unwrap();
        let mut m = cover.matrix().unwrap();
        let width = board.geometry().box_rows().max(board.geometry().box_cols());
        let mut s = m.search();
        if pruning {
            s = s
                .with_pairs_of_pairs(true)
                .with_pruning_width(width)
                .with_prune_spacing(1);
        }
        let mut out = Vec::new();
        loop {
            let e = s.step();
            let stack: Vec<usize> = s.stack().map(|o| o.index()).collect();
            let (what, level, n) = match e {
                Event::Chose { level, item, .. } => ('c', level, item.index()),
                Event::Tried { level, option } => ('t', level, option.index()),
                Event::Undone { level, option } => ('u', level, option.index()),
                Event::Backtracked { level, item } => ('b', level, item.index()),
                Event::Solution { depth } => ('s', depth, 0),
                Event::Done | Event::Cancelled => ('d', 0, 0),
            };
            out.push((what, level, n, stack));
            if what == 'd' {
                return out;
            }
        }
    }

    /// The watcher's moves, one order of one move at a time, in the same terms.
    fn watched_moves(board: &Grid, pruning: bool) -> Vec<(char, usize, usize, Vec<usize>)> {
        let mut w = Watcher::start(board.clone(), pruning, || {}).unwrap();
        let cover = Arc::clone(&w.cover);
        let item_number =
            |meaning: ItemMeaning| cover.meanings.iter().position(|&m| m == meaning).unwrap();
        let mut out = Vec::new();
        loop {
            assert!(w.order(Pace::one_step()));
            let update = w.wait().unwrap();
            let engine: Vec<&Move> = update
                .moves
                .iter()
                .filter(|m| !matches!(m, Move::Pruned { .. }))
                .collect();
            assert_eq!(engine.len(), 1, "{:?}", update.moves);
            let (what, level, n) = match *engine[0] {
                Move::Chose { level, item, .. } => ('c', level, item_number(item)),
                Move::Tried { level, option } => ('t', level, option),
                Move::Undone { level, option } => ('u', level, option),
                Move::Backtracked { level, item } => ('b', level, item_number(item)),
                Move::Solution { .. } => ('s', update.view.stack.len(), 0),
                Move::Done { .. } => ('d', 0, 0),
                Move::Pruned { .. } => unreachable!(),
            };
            out.push((what, level, n, update.view.stack.clone()));
            if what == 'd' {
                assert!(update.view.done);
                return out;
            }
        }
    }

    #[test]
    fn the_watched_moves_are_the_engines_own_on_4x4_and_9x9() {
        for line in [
            "1...............",
            "12..34..........",
            EASY,
            // A 9×9 board with several solutions: three cells of the solution's first row open.
            "...921657967345821251876493548132976729564138136798245372689514814253769695417382",
        ] {
            let board = Grid::parse(line, None).unwrap();
            for pruning in [false, true] {
                let engine = engine_moves(&board, pruning);
                let watched = watched_moves(&board, pruning);
                assert!(engine.len() > 3, "{line}");
                assert_eq!(watched, engine, "{line} pruning={pruning}");
            }
        }
        // Variants: an X board (diagonals' items), a killer (cages' digit-set options).
        for text in [
            "variant = \"x\"\ngivens = [\"1...\", \"....\", \"....\", \"....\"]\n",
            "box = \"2\"\ncages = [\n { sum = 3, cells = \"r1c1 r1c2\" },\n { sum = 7, cells = \"r2c1 r2c2\" },\n]\n",
        ] {
            let (_, entries) = crate::sudoku::files::formats::read(text, None, None).unwrap();
            let board = &entries[0].puzzle;
            for pruning in [false, true] {
                let engine = engine_moves(board, pruning);
                assert_eq!(
                    watched_moves(board, pruning),
                    engine,
                    "{text} pruning={pruning}"
                );
            }
        }
    }

    #[test]
    fn pruning_moves_name_their_rule_and_the_view_counts_add_up() {
        let board = Grid::parse(EASY, None).unwrap();
        let mut w = Watcher::start(board, true, || {}).unwrap();
        let mut pruned = 0;
        let mut solutions = 0;
        loop {
            w.order(Order {
                moves: 7,
                budget: Duration::from_secs(5),
                pause_at_solution: false,
            });
            let u = w.wait().unwrap();
            pruned += u
                .moves
                .iter()
                .filter(|m| matches!(m, Move::Pruned { .. }))
                .count() as u64;
            solutions += u
                .moves
                .iter()
                .filter(|m| matches!(m, Move::Solution { .. }))
                .count();
            // Every covered item is covered by an option on the stack, or is being branched on.
            let covered = u.view.left.iter().filter(|l| l.is_none()).count();
            assert!(covered >= u.view.stack.len() * 4, "{covered}");
            if u.view.done {
                assert_eq!(u.view.stats.pruned, pruned);
                assert_eq!(u.view.stats.solutions, 1);
                assert_eq!(solutions, 1);
                assert!(u.view.last_solution.as_ref().is_some_and(|s| s.len() == 49));
                assert!(u.view.stack.is_empty() && u.view.pruned.is_empty());
                break;
            }
        }
    }

    #[test]
    fn a_killer_cage_of_too_many_sets_to_list_is_watched_with_its_sum_kept() {
        // Twelve cells adding up to 222, none of their sets listed; the sum leaves r1c12 only
        // 24, and the solution found has it there.
        let board = crate::sudoku::testing::unlisted_cage_board();
        // Move by move: the root's choice removes every other digit of the twelfth cell by
        // the sum, and the view names them until the next level's choice, which removes none.
        let mut w = Watcher::start(board.clone(), true, || {}).unwrap();
        let mut here = Vec::new();
        for _ in 0..4 {
            w.order(Pace::one_step());
            let u = w.wait().unwrap();
            here.push(u.view.pruned_here.clone());
        }
        assert!(here[0].len() == 24 && here[0].iter().all(|&(_, r)| r == Rule::Sum));
        assert_eq!(here[1], here[0], "after the root's try, still its choice");
        assert!(here[2].is_empty() && here[3].is_empty(), "{:?}", here[3]);
        for pruning in [false, true] {
            let mut w = Watcher::start(board.clone(), pruning, || {}).unwrap();
            w.order(Order {
                moves: u64::MAX,
                budget: Duration::from_secs(30),
                pause_at_solution: true,
            });
            let u = w.wait().unwrap();
            assert!(matches!(u.moves.last(), Some(Move::Solution { number: 1 })));
            let mut filled = board.values().to_vec();
            for &o in u.view.last_solution.as_ref().unwrap() {
                for (cell, v) in w.cover.places(o) {
                    filled[cell] = v;
                }
            }
            assert_eq!(filled[11], 24, "pruning={pruning}");
            // The sum's removals are named as the sum's at the root, and only there.
            let named: Vec<Rule> = u
                .moves
                .iter()
                .filter_map(|m| match m {
                    Move::Pruned { rule, .. } => Some(*rule),
                    _ => None,
                })
                .collect();
            assert!(named.iter().all(|&r| r != Rule::SameValues), "{named:?}");
            let solved = board.with_values(filled).unwrap();
            assert!(
                solved.verify_solution_of(&board).is_ok(),
                "pruning={pruning}"
            );
        }
    }

    #[test]
    fn a_long_order_sends_only_the_last_moves_and_stops_at_a_solution() {
        let board = Grid::parse(&".".repeat(81), None).unwrap();
        let mut w = Watcher::start(board, false, || {}).unwrap();
        w.order(Order {
            moves: u64::MAX,
            budget: Duration::from_secs(10),
            pause_at_solution: true,
        });
        let u = w.wait().unwrap();
        assert!(matches!(u.moves.last(), Some(Move::Solution { number: 1 })));
        assert!(u.moves.len() <= MAX_MOVES);
        assert_eq!(u.view.stack.len(), 81);
        assert_eq!(u.view.moves, u.skipped + u.moves.len() as u64);
        // A budget of nothing still makes a few moves, and the search goes on from there.
        assert!(w.order(Order {
            moves: u64::MAX,
            budget: Duration::ZERO,
            pause_at_solution: false,
        }));
        assert!(!w.order(Pace::one_step()), "one order at a time");
        let u = w.wait().unwrap();
        assert!(!u.view.done && u.view.moves > 81);
    }

    #[test]
    fn the_pace_orders_moves_by_the_clock() {
        let mut pace = Pace {
            speed: 2.0,
            ..Pace::default()
        };
        assert_eq!(pace.order(Duration::from_millis(400)), None);
        assert_eq!(
            pace.order(Duration::from_millis(200)).map(|o| o.moves),
            Some(1)
        );
        // A long stall is no burst.
        assert_eq!(
            pace.order(Duration::from_secs(60)).map(|o| o.moves),
            Some(1)
        );
        pace.playing = false;
        assert_eq!(pace.order(Duration::from_secs(1)), None);
        pace.playing = true;
        pace.speed = FASTEST * 2.0;
        let o = pace.order(Duration::ZERO).unwrap();
        assert!(o.moves == u64::MAX && o.pause_at_solution);
        pace.to_end = true;
        assert!(!pace.order(Duration::ZERO).unwrap().pause_at_solution);
    }
}
