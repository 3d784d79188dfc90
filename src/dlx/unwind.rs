//! Undoing a search: walking back up from where it stands to level 0, uncovering in the exact
//! reverse order, whether the search does it itself or leaves it to the matrix.

#![allow(unsafe_code)]

use super::matrix::Matrix;
use super::modes::modes;
use super::scratch::{Pending, Stacks, Top};

impl Matrix {
    /// Undoes what a lazily restoring search left behind, from its stacks, so the links are
    /// exactly as they were before it.
    pub(super) fn restore(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let mut stacks = std::mem::take(&mut self.stacks);
        // SAFETY: `pending` is set only together with `stacks`, by the search whose stacks they
        // are, and taken before the links change otherwise (see `Matrix::pending`).
        unsafe { stacks.unwind(self, pending) };
        self.stacks = stacks;
    }
}

/// [`unwind`] in the matrix's modes.
///
/// # Safety
///
/// As for [`unwind`], but for `N`, `Q` and `L`, which this picks.
pub(super) unsafe fn unwind_any(
    m: &mut Matrix,
    choice: &[u32],
    trail: &mut Vec<u32>,
    mark: &[(u32, u32)],
    pending: Pending,
) {
    let Some(from) = pending.narrow_from else {
        // SAFETY: `N`, `Q` and `L` are the matrix's modes; the rest is the contract of this
        // function.
        unsafe { modes!(m, unwind::<N, Q, L>(m, choice, trail, mark, pending, 0)) };
        return;
    };
    // The levels from `from` on were searched narrow, and are undone so; then the matrix is
    // wide again, as it was when the search reached `from`, and the levels above are undone so.
    m.narrow = true;
    // SAFETY: as above, in the modes the levels from `from` on were searched in.
    unsafe { modes!(m, unwind::<N, Q, L>(m, choice, trail, mark, pending, from)) };
    m.narrow = false;
    let rest = Pending {
        level: from,
        top: Top::Nothing,
        narrow_from: None,
    };
    // SAFETY: the search stood at level `from` with nothing covered there yet when it went
    // narrow, in the modes the matrix has now.
    unsafe { modes!(m, unwind::<N, Q, L>(m, choice, trail, mark, rest, 0)) };
}

/// Undoes what a search holds (see [`Pending`]) down to level `floor`, in the exact reverse
/// order of the search's own moves: at each level from the top down, the other items of its
/// option uncovered (X6), its item uncovered (X7), then the options pruning removed there put
/// back, newest first. What the state machine would do from there to level `floor` (0 for the
/// whole search) if it tried nothing new, written as a plain loop: dispatching on the state at
/// every step was an indirect jump mispredicted almost every time (cachegrind: 180 a puzzle on
/// the 17-clue set).
///
/// # Safety
///
/// `choice`, `trail` and `mark` are the stacks of a search of `m` that stands where `pending`
/// says, and `N`, `Q` and `L` are the modes `m` had at the levels from `floor` on: then every
/// choice below the level is an option's node whose option the search tried, every node on the
/// trail one of an option pruning removed, and `Top::Item` holds the item the search covered
/// (the words of `links.rs`).
pub(super) unsafe fn unwind<const N: bool, const Q: u8, const L: bool>(
    m: &mut Matrix,
    choice: &[u32],
    trail: &mut Vec<u32>,
    mark: &[(u32, u32)],
    pending: Pending,
    floor: usize,
) {
    let mut leave = |m: &mut Matrix, level: usize| {
        let keep = mark.get(level).map_or(0, |&(trail, _)| trail as usize);
        while trail.len() > keep {
            if let Some(p) = trail.pop() {
                // SAFETY: a node on the trail is one of an option pruning removed (the
                // contract).
                unsafe { m.restore_option::<N, Q, L>(p) };
            }
        }
    };
    let level = pending.level;
    match pending.top {
        Top::Nothing => {}
        Top::Item(item) => {
            // SAFETY: the item the search covered (the contract).
            unsafe { m.uncover::<N, Q, L>(item) };
            leave(m, level);
        }
        Top::Retry => {
            if let Some(&x) = choice.get(level) {
                // SAFETY: `x` is an option's node (the contract); its top is an item.
                unsafe {
                    m.uncover_others::<N, Q, L>(x);
                    m.uncover::<N, Q, L>(m.tops[x as usize]);
                }
            }
            leave(m, level);
        }
    }
    for l in (floor..level).rev() {
        if let Some(&x) = choice.get(l) {
            // SAFETY: `x` is an option's node (the contract); its top is an item.
            unsafe {
                m.uncover_others::<N, Q, L>(x);
                m.uncover::<N, Q, L>(m.tops[x as usize]);
            }
        }
        leave(m, l);
    }
}

impl Stacks {
    /// Undoes what the search these stacks came from left behind (see [`Pending`]).
    ///
    /// # Safety
    ///
    /// These are the stacks of a search of `m` that stands where `pending` says.
    pub(super) unsafe fn unwind(&mut self, m: &mut Matrix, pending: Pending) {
        // SAFETY: the contract of this function.
        unsafe { unwind_any(m, &self.choice, &mut self.trail, &self.mark, pending) };
        self.seen.clear();
    }
}
