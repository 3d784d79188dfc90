//! The techniques, one family a file, each as methods of the [`Rater`](super::Rater): finders
//! that push the [`Step`](super::Step)s they see (singles, pointing and claiming, naked and
//! hidden subsets up to quads, fish up to the jellyfish: over rows and columns on a square
//! board, over any units on a shape, see `fish.rs`; the XY-wing; innies and outies, which read
//! a killer's units against its cages; the uniqueness techniques (`uniqueness.rs`), chains
//! (`chains.rs`), almost locked sets (`als.rs`) and forcing chains and nets (`forcing.rs`),
//! with the peers table (`peers.rs`) they share), and sweeps that apply a technique over the
//! whole board at once (singles, for speed; cage combinations, killer sums and Mathdoku
//! fillings).

mod als;
mod cage;
mod chains;
mod fish;
mod forcing;
mod innies;
mod locked;
mod peers;
mod singles;
pub(super) mod subsets;
mod uniqueness;
pub(super) mod wing;
