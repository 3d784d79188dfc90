//! Where a cell's value came from.

/// Where the value in a cell came from; the window draws each differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Nothing in the cell.
    Empty,
    /// A given of the loaded puzzle: fixed.
    Given,
    /// Typed by the player.
    Entry,
    /// Filled in by the solver.
    Solver,
}
