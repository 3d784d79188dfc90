//! The techniques, one family a file, each as methods of the [`Rater`](super::Rater) that make
//! one application over the whole board: singles, locked candidates, naked and hidden subsets,
//! fish (over rows and columns on a square board, over any units on a shape: see `fish.rs`),
//! the XY-wing, and cage combinations (killer sums and Mathdoku fillings). Others are
//! *finders* ([`step`](super::step)) that push the steps they see: finned and sashimi fish
//! (`finned.rs`), the skyscraper, the two-string kite and the empty rectangle
//! (`single_digit.rs`), simple colouring (`colouring.rs`), X-chains (`x_chain.rs`) and the
//! wings (`wing.rs`: XY, XYZ and W).

mod cage;
mod colouring;
mod finned;
mod fish;
mod locked;
mod single_digit;
mod singles;
pub(super) mod subsets;
mod wing;
mod x_chain;

#[cfg(test)]
mod patterns_tests;
