//! The techniques, one family a file, each as methods of the [`Rater`](super::Rater): finders
//! that push the [`Step`](super::Step)s they see, and sweeps that apply a technique over the
//! whole board at once (singles, for speed; cage combinations, killer sums and Mathdoku
//! fillings, `cage.rs`).
//!
//! The finders: singles (`singles.rs`), pointing and claiming (`locked.rs`), naked and hidden
//! subsets up to quads (`subsets.rs`), fish up to the jellyfish (`fish.rs`: over rows and
//! columns on a square board, over any units on a shape) and their finned and sashimi forms
//! (`finned.rs`), the skyscraper, the two-string kite and the empty rectangle
//! (`single_digit.rs`), simple colouring (`colouring.rs`), X-chains (`x_chain.rs`), the wings
//! (`wing.rs`: XY, XYZ and W), the killer's own: cage-unit overlaps (`overlap.rs`), innies and
//! outies (`innies.rs`), which read a unit against the cages, and the same over unions of
//! units with the innie-outie difference (`unions.rs`); the uniqueness techniques
//! (`uniqueness.rs`), chains and nice loops (`chains.rs`), with grouped nodes (`grouped.rs`),
//! almost locked sets (`als.rs`) and forcing chains and nets (`forcing.rs`), with the peers
//! table (`peers.rs`) they share, where each value's places lie on a square board
//! (`crossings.rs`), and the cache (`cache.rs`) that keeps these, the chain graphs and the
//! almost locked sets from one finder to the next. The patterns are tested in
//! `patterns_tests.rs`, the killer's techniques in `killer_tests.rs`.

mod als;
mod cache;
mod cage;
mod chains;
mod colouring;
mod crossings;
mod finned;
mod fish;
mod forcing;
mod grouped;
mod innies;
mod locked;
mod overlap;
mod peers;
mod single_digit;
mod singles;
pub(super) mod subsets;
mod unions;
mod uniqueness;
pub(super) mod wing;

pub(super) use cache::Cache;
mod x_chain;

#[cfg(test)]
mod killer_tests;
#[cfg(test)]
mod patterns_tests;
