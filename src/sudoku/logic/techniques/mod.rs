//! The techniques, one family a file, each as methods of the [`Rater`](super::Rater): finders
//! that push the [`Step`](super::Step)s they see (singles, pointing and claiming, naked and
//! hidden subsets up to quads, fish up to the jellyfish: over rows and columns on a square
//! board, over any units on a shape, see `fish.rs`; the XY-wing), and sweeps that apply a
//! technique over the whole board at once (singles, for speed; cage combinations, killer sums
//! and Mathdoku fillings); innies and outies read a killer's units against its cages.

mod cage;
mod fish;
mod innies;
mod locked;
mod singles;
pub(super) mod subsets;
pub(super) mod wing;
