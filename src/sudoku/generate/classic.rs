//! Making classic puzzles of a chosen grade and symmetry, reproducibly from a seed (one of the
//! three ways of making behind [`generate`](super::generate)).
//!
//! 1. **A full grid** from a randomised dancing-links search: the options of the empty board are
//!    linked in a random order, so the search's first solution is a random filled board
//!    ([`DlxSolver::random_solution`]).
//! 2. **Clues come out** one symmetry orbit at a time (a cell, or the cell and its mirror or
//!    rotated twin), in random order. A removal stays only if the puzzle is still
//!    - solvable by the [`Rater`] with techniques up to the grade asked for (for easy, medium and
//!      hard): logic that fills the board proves the solution unique, so no search is needed;
//!    - or, for expert, still unique: the rater tries first, and where it stalls dancing links
//!      looks for a solution that differs in a removed cell
//!      ([`DlxSolver::has_solution_avoiding`]). The search starts where the rater stalled: the
//!      cells logic filled are given, and only the candidates it left are options. Up to hard,
//!      the rater's techniques hold in every solution of the puzzle (none leans on its being
//!      unique), so the search answers for the puzzle itself, in a smaller tree.
//!
//!    On boards of side 16 and up, expert puzzles are dug in two passes instead. Once the
//!    rater has stalled, every later removal needs a search, and on 25×25 most of those
//!    searches run out of their node budget without an answer (the clue then stays). So the
//!    first pass takes out what logic up to hard still solves, and the second tries the
//!    orbits that the rater stalled on by search. It goes in order of how few cells the rater
//!    left open when it stalled: a removal the rater nearly solved is the likeliest to keep the
//!    puzzle unique, and its search is the quickest to decide. The second pass stops after
//!    four searches (`GIVE_UPS`) have run out, once some removal has made the puzzle need more than
//!    hard logic. On 9×9, a puzzle that hard logic can no longer thin seldom has a removal left
//!    that keeps it unique, so there one pass that interleaves the two tests makes expert
//!    puzzles in fewer tries. `benches/README.md` has the figures.
//! 3. **The grade is checked**: the finished puzzle is rated with every technique; if its grade
//!    is not the one asked for (an easy board when medium was wanted, say), a new grid is made.
//!
//! Everything random comes from a ChaCha8 stream seeded with the seed (and the puzzle's index in
//! a batch), whose output is fixed by its specification, so a seed gives the same puzzles on
//! every machine and every build.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::sudoku::board::grid::{Grid, Notation};
use crate::sudoku::cover::classic::DlxSolver;
use crate::sudoku::logic::{Grade, Rater};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::outcome::{GenerateError, Generated};

/// Nodes a uniqueness search may take before the generator gives up on that removal (and keeps
/// the clue). Generous for 9×9, where no uniqueness check comes near it. On 25×25, starting
/// where hard logic stalled, the searches that prove a removal keeps the puzzle unique end
/// within a few thousand nodes; most that run longer would have found another solution, which
/// keeps the clue too (benches/README.md has the figures).
const UNIQUENESS_NODES: u64 = 5_000;

/// Boards of this side and up dig expert puzzles in two passes, logic first (see the module
/// docs).
const TWO_PASSES_FROM: usize = 16;

/// Uniqueness searches that may run out of nodes in the second pass, once a removal has taken
/// the puzzle beyond hard logic, before that pass stops.
const GIVE_UPS: u32 = 4;

/// Nodes the search for a random full grid may take before starting again with a new order.
const FILL_NODES: u64 = 200_000;

/// Full grids to try for one puzzle before giving up on the grade.
const ATTEMPTS: u32 = 500;

/// Which cells are removed together, so the givens form a pattern.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Any cell on its own.
    #[default]
    None,
    /// A cell and its twin turned half way round the centre.
    Rotational,
    /// A cell and its twin mirrored left to right.
    Mirror,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror];

    /// `none`, `rotational`, `mirror`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The twin of a cell on a board of this side.
    pub fn twin(self, side: usize, row: usize, col: usize) -> (usize, usize) {
        match self {
            Symmetry::None => (row, col),
            Symmetry::Rotational => (side - 1 - row, side - 1 - col),
            Symmetry::Mirror => (row, side - 1 - col),
        }
    }

    /// True if the filled cells of `grid` form this symmetry's pattern.
    pub fn holds_for(self, grid: &Grid) -> bool {
        let g = grid.geometry();
        let side = g.side();
        (0..g.cells()).all(|cell| {
            let (r, c) = self.twin(side, g.row_of(cell), g.col_of(cell));
            (grid.get(cell) == 0) == (grid.get(g.cell(r, c)) == 0)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Makes puzzles of one notation, grade and symmetry: the solver and the rater keep their
/// tables from one full grid to the next.
#[derive(Debug, Clone)]
pub(super) struct Generator {
    notation: Notation,
    grade: Grade,
    symmetry: Symmetry,
    dlx: DlxSolver,
    rater: Rater,
}

impl Generator {
    /// A generator of puzzles of this notation (size and symbols), grade and symmetry.
    pub(super) fn new(notation: Notation, grade: Grade, symmetry: Symmetry) -> Self {
        Generator {
            notation,
            grade,
            symmetry,
            dlx: DlxSolver::new(),
            rater: Rater::new(),
        }
    }

    /// The `index`-th puzzle of the batch seeded with `seed`: the same on every run.
    pub(super) fn generate(
        &mut self,
        seed: u64,
        index: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Generated, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        let empty = Grid::empty(self.notation.clone());
        for attempt in 1..=ATTEMPTS {
            if cancelled(cancel) {
                return Err(GenerateError::Cancelled);
            }
            let Some(solution) = self.dlx.random_solution(&empty, &mut rng, FILL_NODES) else {
                continue;
            };
            let puzzle = self.dig(&solution, &mut rng, cancel)?;
            let rating = self.rater.rate(&puzzle);
            if rating.grade == self.grade {
                return Ok(Generated {
                    puzzle,
                    solution,
                    rating,
                    attempts: attempt,
                    nodes: 0,
                    seed,
                    index,
                });
            }
        }
        Err(GenerateError::GaveUp {
            wanted: self.grade.to_string(),
            attempts: ATTEMPTS,
            hint: " or grade",
        })
    }

    /// The orbits of the symmetry: groups of cells removed together.
    fn orbits(&self) -> Vec<Vec<usize>> {
        let g = self.notation.geometry;
        let side = g.side();
        (0..g.cells())
            .filter_map(|cell| {
                let (r, c) = self.symmetry.twin(side, g.row_of(cell), g.col_of(cell));
                let twin = g.cell(r, c);
                // Each orbit once: from its smaller cell.
                (cell <= twin).then(|| {
                    if twin == cell {
                        vec![cell]
                    } else {
                        vec![cell, twin]
                    }
                })
            })
            .collect()
    }

    /// Takes clues out of a full grid while the puzzle stays within the grade (and unique).
    fn dig(
        &mut self,
        solution: &Grid,
        rng: &mut ChaCha8Rng,
        cancel: Option<&AtomicBool>,
    ) -> Result<Grid, GenerateError> {
        let mut orbits = self.orbits();
        orbits.shuffle(rng);
        if self.grade == Grade::Expert && self.notation.geometry.side() >= TWO_PASSES_FROM {
            return self.dig_in_two_passes(solution, orbits, cancel);
        }
        let mut puzzle = solution.clone();
        for orbit in orbits {
            if cancelled(cancel) {
                return Err(GenerateError::Cancelled);
            }
            set(&mut puzzle, &orbit, None);
            if !self.still_fine(&puzzle, solution, &orbit, cancel) {
                set(&mut puzzle, &orbit, Some(solution));
            }
        }
        Ok(puzzle)
    }

    /// An expert puzzle on a big board: the orbits that logic up to hard can do without come
    /// out first, then, by search, those the rater stalled on, the ones it left the fewest
    /// cells open on first (see the module docs).
    fn dig_in_two_passes(
        &mut self,
        solution: &Grid,
        orbits: Vec<Vec<usize>>,
        cancel: Option<&AtomicBool>,
    ) -> Result<Grid, GenerateError> {
        let mut puzzle = solution.clone();
        let mut stalled = Vec::new();
        for orbit in orbits {
            if cancelled(cancel) {
                return Err(GenerateError::Cancelled);
            }
            set(&mut puzzle, &orbit, None);
            let rating = self.rater.rate_up_to(&puzzle, Grade::Hard);
            if !rating.solved {
                set(&mut puzzle, &orbit, Some(solution));
                stalled.push((rating.left, orbit));
            }
        }
        // A stable sort: orbits the rater left as many cells open on stay in random order.
        stalled.sort_by_key(|&(left, _)| left);
        let mut gave_up = 0;
        let mut beyond_logic = false;
        for (_, orbit) in stalled {
            if cancelled(cancel) {
                return Err(GenerateError::Cancelled);
            }
            if beyond_logic && gave_up >= GIVE_UPS {
                break;
            }
            set(&mut puzzle, &orbit, None);
            if self.rater.rate_up_to(&puzzle, Grade::Hard).solved {
                continue;
            }
            match self.unique_past_logic(&puzzle, solution, &orbit, cancel) {
                Some(true) => beyond_logic = true,
                Some(false) => set(&mut puzzle, &orbit, Some(solution)),
                None => {
                    set(&mut puzzle, &orbit, Some(solution));
                    gave_up += 1;
                }
            }
        }
        Ok(puzzle)
    }

    /// Whether the puzzle, with `removed` just taken out, still suits: solvable within the grade,
    /// or for expert, unique.
    fn still_fine(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        removed: &[usize],
        cancel: Option<&AtomicBool>,
    ) -> bool {
        let logic = self.grade.min(Grade::Hard);
        if self.rater.rate_up_to(puzzle, logic).solved {
            return true;
        }
        self.grade == Grade::Expert
            && self.unique_past_logic(puzzle, solution, removed, cancel) == Some(true)
    }

    /// Whether the puzzle, with `removed` just taken out of `solution`, still has that one
    /// solution: another would differ from it in a removed cell. The rater has just rated the
    /// puzzle up to hard and stalled: the search starts from the cells it filled and the
    /// candidates it left (see the module docs). `None` when a search ran out of nodes (or was
    /// cancelled) before it could tell.
    fn unique_past_logic(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        removed: &[usize],
        cancel: Option<&AtomicBool>,
    ) -> Option<bool> {
        let logic = puzzle.with_values(self.rater.values().to_vec())?;
        let candidates = self.rater.candidates();
        for &cell in removed {
            let other = self.dlx.has_solution_avoiding(
                &logic,
                Some(candidates),
                cell,
                solution.get(cell),
                UNIQUENESS_NODES,
                cancel,
            )?;
            if other {
                return Some(false);
            }
        }
        Some(true)
    }
}

/// Whether the flag, if any, is set.
fn cancelled(cancel: Option<&AtomicBool>) -> bool {
    cancel.is_some_and(|f| f.load(Ordering::Relaxed))
}

/// Empties the cells of `orbit` (`None`), or gives them back their values in `solution`.
fn set(puzzle: &mut Grid, orbit: &[usize], solution: Option<&Grid>) {
    for &cell in orbit {
        puzzle.set(cell, solution.map_or(0, |s| s.get(cell)));
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::Geometry;

    fn notation(rows: usize, cols: usize) -> Notation {
        Notation::default_for(Geometry::new(rows, cols).unwrap()).unwrap()
    }

    #[test]
    fn puzzles_are_unique_of_the_grade_and_reproducible() {
        for grade in Grade::ALL {
            let mut generator = Generator::new(notation(3, 3), grade, Symmetry::None);
            let a = generator.generate(7, 0, None).unwrap();
            assert_eq!(a.rating.grade, grade);
            assert!(a.puzzle.is_unique(), "{grade}: {}", a.puzzle.to_line());
            a.solution.verify_solution_of(&a.puzzle).unwrap();
            let b = Generator::new(notation(3, 3), grade, Symmetry::None)
                .generate(7, 0, None)
                .unwrap();
            assert_eq!(a.puzzle, b.puzzle);
            let c = generator.generate(7, 1, None).unwrap();
            assert_ne!(a.puzzle, c.puzzle);
        }
    }

    #[test]
    fn a_big_expert_puzzle_is_dug_by_logic_first_and_needs_more_than_hard_logic() {
        let mut generator = Generator::new(notation(4, 4), Grade::Expert, Symmetry::Rotational);
        let a = generator.generate(11, 0, None).unwrap();
        assert_eq!(a.rating.grade, Grade::Expert);
        assert!(!Rater::new().rate_up_to(&a.puzzle, Grade::Hard).solved);
        assert!(a.puzzle.is_unique(), "{}", a.puzzle.to_line());
        assert!(Symmetry::Rotational.holds_for(&a.puzzle));
        a.solution.verify_solution_of(&a.puzzle).unwrap();
        let b = Generator::new(notation(4, 4), Grade::Expert, Symmetry::Rotational)
            .generate(11, 0, None)
            .unwrap();
        assert_eq!(a.puzzle, b.puzzle);
    }

    #[test]
    fn every_given_of_a_big_expert_puzzle_is_one_that_hard_logic_cannot_spare() {
        // A 16×16 dug in two passes: every orbit logic could do without came out first.
        let mut generator = Generator::new(notation(4, 4), Grade::Expert, Symmetry::None);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let empty = Grid::empty(notation(4, 4));
        let solution = generator
            .dlx
            .random_solution(&empty, &mut rng, FILL_NODES)
            .unwrap();
        let puzzle = generator.dig(&solution, &mut rng, None).unwrap();
        assert!(puzzle.is_unique(), "{}", puzzle.to_line());
        solution.verify_solution_of(&puzzle).unwrap();
        // Every given left is one whose removal hard logic cannot solve.
        let mut rater = Rater::new();
        let mut hard_fails = 0;
        for cell in (0..puzzle.cell_count()).filter(|&c| puzzle.get(c) != 0) {
            let mut fewer = puzzle.clone();
            fewer.set(cell, 0);
            if !rater.rate_up_to(&fewer, Grade::Hard).solved {
                hard_fails += 1;
            }
        }
        assert_eq!(hard_fails, puzzle.filled());
    }

    #[test]
    fn symmetry_is_kept() {
        for symmetry in [Symmetry::Rotational, Symmetry::Mirror] {
            let mut generator = Generator::new(notation(2, 3), Grade::Easy, symmetry);
            let p = generator.generate(3, 0, None).unwrap().puzzle;
            assert!(symmetry.holds_for(&p), "{symmetry}: {}", p.to_line());
            assert!(p.is_unique());
        }
    }

    #[test]
    fn a_set_cancel_flag_stops_it() {
        let flag = AtomicBool::new(true);
        let mut generator = Generator::new(notation(4, 4), Grade::Easy, Symmetry::None);
        assert_eq!(
            generator.generate(1, 0, Some(&flag)).unwrap_err(),
            GenerateError::Cancelled
        );
    }
}
