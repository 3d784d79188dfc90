//! The walk: a player's steps one at a time. [`Rater::next_step`] is the first step on a board,
//! [`Rater::steps`] every step from it to the end, each built on those before; both take the
//! easiest technique that finds something, as the rater's loop does, but one instance at a
//! time where the loop applies all a technique finds at once. A technique without a finder
//! (cage combinations) gives its step by a trial: applied to a copy of the candidates, the
//! difference is the step.
//!
//! The window walks the same path with the player's pencil marks as candidates
//! ([`Rater::next_step_marked`], [`Rater::steps_marked`]), so that a hint builds on the steps
//! the player has already taken.

use crate::sudoku::board::grid::Grid;

use super::techniques;
use super::{Grade, Kind, Progress, Rater, Step, Technique, TechniqueFn};

impl Rater {
    /// The first step a player would take on `grid`, with techniques up to `grade` (the
    /// easiest that applies; its first instance in the board's order of units and cells),
    /// or `None` when none applies (or the givens clash).
    pub fn next_step(&mut self, grid: &Grid, grade: Grade) -> Option<Step> {
        self.load(grid);
        if self.contradiction {
            return None;
        }
        self.first_step(grade)
    }

    /// The first step on `grid` as the player's pencil marks leave it: a cell with marks
    /// (`marks[cell]`, bit `v-1` for value `v`, not zero) keeps only the candidates among
    /// them, a cell without keeps all its candidates. So a step whose removals the player has
    /// already made is not offered again, and the next step builds on it, as the steps of
    /// [`steps`](Self::steps) build on each other. Marks that leave a cell no candidate give
    /// `None`, as a broken board does.
    ///
    /// Every step stays sound for the puzzle's solution as long as the marks keep each cell's
    /// value in it: a technique only ever removes candidates that no filling of the cells'
    /// candidates can hold, and the solution is one such filling.
    pub fn next_step_marked(&mut self, grid: &Grid, marks: &[u64], grade: Grade) -> Option<Step> {
        self.load_marked(grid, marks);
        if self.contradiction {
            return None;
        }
        self.first_step(grade)
    }

    /// Loads `grid` and narrows its candidates to the pencil marks (see
    /// [`next_step_marked`](Self::next_step_marked)).
    fn load_marked(&mut self, grid: &Grid, marks: &[u64]) {
        self.load(grid);
        for (cell, &m) in marks.iter().enumerate().take(self.cand.len()) {
            if m != 0 && self.values[cell] == 0 && self.is_cell[cell] {
                self.cand[cell] &= m;
                if self.cand[cell] == 0 {
                    self.contradiction = true;
                }
            }
        }
    }

    /// Every step, one at a time, as a person would take them on `grid` with techniques up to
    /// `grade`, until the board is full, logic stalls or the board breaks (a puzzle with no
    /// solution). [`rate_up_to`](Self::rate_up_to) applies each technique's steps all at once
    /// and reaches the same end.
    pub fn steps(&mut self, grid: &Grid, grade: Grade) -> Vec<Step> {
        self.steps_marked(grid, &[], grade, &|| false)
    }

    /// The steps from `grid` read with the player's pencil marks (as
    /// [`next_step_marked`](Self::next_step_marked) reads them), one at a time, until the
    /// board is full, logic stalls, the board breaks or `stop` says to stop (it is asked
    /// before each step; the steps so far are returned).
    pub fn steps_marked(
        &mut self,
        grid: &Grid,
        marks: &[u64],
        grade: Grade,
        stop: &dyn Fn() -> bool,
    ) -> Vec<Step> {
        self.load_marked(grid, marks);
        let mut steps = Vec::new();
        while !self.contradiction && self.cand.iter().any(|&c| c != 0) && !stop() {
            let Some(step) = self.first_step(grade) else {
                break;
            };
            match self.apply_steps(std::slice::from_ref(&step)) {
                Progress::Some => steps.push(step),
                Progress::None => break,
                Progress::Contradiction => {
                    self.contradiction = true;
                    steps.push(step);
                }
            }
        }
        steps
    }

    /// The first step on the candidates as they stand.
    pub(super) fn first_step(&mut self, grade: Grade) -> Option<Step> {
        let mut out = Vec::new();
        self.deadline = self.per_step.map(|d| std::time::Instant::now() + d);
        self.ran_out.set(false);
        for (technique, kind) in Rater::kinds() {
            if technique.grade() > grade || self.out_of_time() {
                break;
            }
            match kind {
                Kind::Find(find) | Kind::Both(_, find) => {
                    find(self, &mut out, 1);
                    if let Some(step) = out.pop() {
                        return Some(step);
                    }
                }
                Kind::Apply(run) => {
                    if let Some(step) = self.trial(technique, run) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// What one application of a technique without a finder would change, as a step (its
    /// placements and eliminations), the candidates left as they were.
    fn trial(&mut self, technique: Technique, run: TechniqueFn) -> Option<Step> {
        let (values, cand) = (self.values.clone(), self.cand.clone());
        let (placed, cage_placed) = (self.placed.clone(), self.cage_placed.clone());
        let progress = run(self);
        let mut step = Step::new(technique);
        for cell in 0..cand.len() {
            if self.values[cell] != values[cell] {
                step.placements.push((cell as u32, self.values[cell]));
            } else {
                let gone = cand[cell] & !self.cand[cell];
                for v in techniques::wing::bits(gone) {
                    step.eliminations.push((cell as u32, v));
                }
            }
        }
        self.values = values;
        self.cand = cand;
        self.placed = placed;
        self.cage_placed = cage_placed;
        (progress == Progress::Some).then_some(step)
    }
}
