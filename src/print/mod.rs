//! Printing and pictures of boards. Puzzles are laid out on A4 or Letter pages as a PDF, one to
//! six a page, each drawn from its board as the window draws it (boxes, jigsaw regions, a
//! shape's holes and grids, a cube's layers, cages with their sums, diagonals, windows), with
//! vector text in the PDF's own Helvetica, so that it prints sharp at any size and a reader can
//! search and copy the givens. Solutions, if asked for, follow on pages of their own, in the
//! same order and layout. A single board can also be written as a picture, SVG or PNG, showing
//! what the player sees: the givens, the player's entries in their own colour, pencil marks.
//!
//! [`drawing`] turns a board into lines, shades and text in cell units; [`pdf`] places those on
//! pages; [`svg`] writes one as a vector document and [`png`] paints one into pixels. `sudoku-dlx
//! print` and the window's File → Export PDF and File → Export image all come here. Nothing
//! here knows the window or the game: the window hands over the board and, for a picture, a
//! plain [`Progress`](drawing::Progress) of who filled each cell and its marks.

pub mod drawing;
pub mod pdf;
pub mod png;
pub mod svg;

use crate::sudoku::Grid;

/// One puzzle to print: a title above it, the board, and its solution if it is to be printed.
#[derive(Debug, Clone)]
pub struct Sheet {
    /// The line above the board.
    pub title: String,
    /// The puzzle.
    pub puzzle: Grid,
    /// Its solution, for the solutions pages.
    pub solution: Option<Grid>,
}

/// The paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// 8.5 × 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 inch).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// How to lay the puzzles out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Puzzles a page: 1, 2, 4 or 6.
    pub per_page: usize,
    /// The paper.
    pub paper: Paper,
    /// Print the solutions too, after the puzzles.
    pub solutions: bool,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            per_page: 1,
            paper: Paper::A4,
            solutions: false,
        }
    }
}

/// A picture's format, as the extension of the file asked for chooses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    /// A vector document (`.svg`).
    Svg,
    /// Pixels (`.png`, and any other extension).
    Png,
}

impl ImageFormat {
    /// The format for `path`: SVG for a name ending in `.svg` (in any case), PNG otherwise.
    pub fn of_path(path: &std::path::Path) -> Self {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("svg") => ImageFormat::Svg,
            _ => ImageFormat::Png,
        }
    }

    /// Its name as people say it: `SVG`, `PNG`.
    pub fn name(self) -> &'static str {
        match self {
            ImageFormat::Svg => "SVG",
            ImageFormat::Png => "PNG",
        }
    }

    /// The bytes of `board` in this format at the default size ([`drawing::CELL`] pixels a
    /// cell).
    pub fn write(self, board: &drawing::Drawing) -> Result<Vec<u8>, png::ImageError> {
        match self {
            ImageFormat::Svg => Ok(svg::write(board, drawing::CELL).into_bytes()),
            ImageFormat::Png => png::write(board, drawing::CELL),
        }
    }
}
