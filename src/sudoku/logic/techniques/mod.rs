//! The techniques, one family a file, each as methods of the [`Rater`](super::Rater) that make
//! one application over the whole board.

mod cage;
mod fish;
mod locked;
mod singles;
pub(super) mod subsets;
mod wing;
