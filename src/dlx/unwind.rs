//! Undoing a search: walking back up from where it stands to level 0, uncovering in the exact
//! reverse order, whether the search does it itself or leaves it to the matrix.

use super::matrix::Matrix;
use super::scratch::{Pending, Stacks, Top};

impl Matrix {
    /// Undoes what a lazily restoring search left behind, from its stacks, so the links are
    /// exactly as they were before it.
    pub(crate) fn restore(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let mut stacks = std::mem::take(&mut self.stacks);
        stacks.unwind(self, pending);
        self.stacks = stacks;
    }
}

/// [`unwind`] in the matrix's modes.
pub(super) fn unwind_any(
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

impl Stacks {
    /// Undoes what the search these stacks came from left behind (see [`Pending`]).
    pub(crate) fn unwind(&mut self, m: &mut Matrix, pending: Pending) {
        unwind_any(m, &self.choice, &mut self.trail, &self.mark, pending);
        self.seen.clear();
    }
}
