//! Puzzle files: every format the command line and the window read and write, detected by
//! content.

pub(crate) mod entry;
pub mod formats;
pub mod general_format;
pub mod ksudoku;
pub mod ksudoku_format;
pub mod ksudoku_write;
pub mod shape_format;
pub mod sumocue_format;
pub mod variant_format;
pub mod xml;
