//! The techniques, one family a file, each as methods of the [`Rater`](super::Rater) that make
//! one application over the whole board: singles, locked candidates, naked and hidden subsets,
//! fish (over rows and columns on a square board, over any units on a shape: see `fish.rs`),
//! the XY-wing, and cage combinations (killer sums and Mathdoku fillings); then, as finders
//! of steps, the uniqueness techniques (`uniqueness.rs`), chains (`chains.rs`), almost locked
//! sets (`als.rs`) and forcing chains and nets (`forcing.rs`), with the peers table
//! (`peers.rs`) they share.

mod als;
mod cage;
mod chains;
mod fish;
mod forcing;
mod locked;
mod peers;
mod singles;
pub(super) mod subsets;
mod uniqueness;
mod wing;
