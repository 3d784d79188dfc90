//! Boards as exact cover: the items and options of a board, its matrix in Knuth's names, and
//! the solvers that search it with the [`dlx`](crate::dlx) engine.

pub(crate) mod classic;
pub mod general;
pub mod implied;
pub mod knuth;
pub mod leftovers;
pub mod model;
pub mod sums;
