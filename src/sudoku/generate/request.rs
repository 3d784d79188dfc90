//! The generator's one entry: a [`Request`] (which board, the grade, the symmetry) goes to
//! [`generate`], which hands it to the way of making that suits the board and brings back a
//! [`Generated`] puzzle or a [`GenerateError`] (see the [module docs](super) for the three ways).
//!
//! Puzzle `index` of a batch seeded with `seed` is the same on every machine and for any number
//! of threads. The classic and variant generators draw from stream `index` of the seed's
//! ChaCha8 generator; the shapes' generator takes one number as its seed, and gets the first
//! number of that same stream.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::sudoku::board::grid::Grid;
use crate::sudoku::board::kind::BoardKind;
use crate::sudoku::board::variant::{Rules, Variant, VariantError};
use crate::sudoku::logic::Grade;

use super::classic::{Generator, Symmetry};
use super::outcome::{GenerateError, Generated};
use super::shape::{self, ShapeGenerateError, ShapePuzzle};
use super::variant::{self, Asked};

/// What to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// Which board.
    pub board: BoardKind,
    /// The grade. Classic and variant puzzles are made to one (and refuse `None`); a shape's
    /// puzzle is made to the grade asked, or with `None`, unique and of whatever grade the
    /// digging leaves.
    pub grade: Option<Grade>,
    /// Which cells are emptied together: any symmetry on a classic board, none or rotational (a
    /// half turn of the layout) on a shape; a variant's givens go one cell at a time.
    pub symmetry: Symmetry,
    /// True (as [`new`](Request::new) sets it): a square killer gets givens where its cages
    /// leave the solution open. False: the cages alone make it unique, as forms such as
    /// SumoCue's, which hold no givens, need. Other boards have givens either way.
    pub killer_givens: bool,
}

impl Request {
    /// A request for a puzzle on `board` of `grade`, with no symmetry, and givens for killers.
    pub fn new(board: BoardKind, grade: Option<Grade>) -> Request {
        Request {
            board,
            grade,
            symmetry: Symmetry::None,
            killer_givens: true,
        }
    }

    /// Why [`generate`] refuses this request outright, before any search: a square board made
    /// without a grade, a classic board without boxes, a variant whose rules the board cannot
    /// take (hyper windows need square boxes; a board without boxes is a jigsaw's) or with
    /// symmetric givens, a shape's givens mirrored. What it lets through may still be given up
    /// on (a grade the board cannot reach).
    pub fn check(&self) -> Result<(), GenerateError> {
        match &self.board {
            BoardKind::Classic(notation) => {
                let grade = graded(self)?;
                let geometry = notation.geometry;
                small_board_grade(geometry.side(), grade)?;
                if !geometry.has_boxes() {
                    let side = geometry.side();
                    return Err(GenerateError::Unsupported(
                        VariantError::NoBoxes { side }.to_string(),
                    ));
                }
            }
            &BoardKind::Variant {
                ref notation,
                x,
                hyper,
                jigsaw,
                ..
            } => {
                graded(self)?;
                if self.symmetry != Symmetry::None {
                    return Err(GenerateError::Unsupported(format!(
                        "a variant's givens are taken out one cell at a time: no symmetry, not {}",
                        self.symmetry
                    )));
                }
                // The rules without their random part: a jigsaw's regions start as the boxes
                // (as rows on a board without boxes), cages come with the solution.
                let geometry = notation.geometry;
                let side = geometry.side();
                let regions = jigsaw.then(|| {
                    (0..geometry.cells())
                        .map(|c| {
                            if geometry.has_boxes() {
                                geometry.box_of(c)
                            } else {
                                c / side
                            }
                        })
                        .collect()
                });
                let rules = Rules {
                    diagonals: x,
                    windows: hyper,
                    regions,
                    cages: Vec::new(),
                };
                Variant::new(geometry, rules)
                    .map_err(|e| GenerateError::Unsupported(e.to_string()))?;
            }
            BoardKind::Shape { .. } => {
                if self.symmetry == Symmetry::Mirror {
                    return Err(GenerateError::Unsupported(
                        "a shape's givens are symmetric under a half turn of its layout \
                         (rotational) or not at all; not mirrored"
                            .into(),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Makes puzzle `index` of the batch seeded with `seed`, as `request` asks, by the way of
/// making that suits its board. Stops with [`GenerateError::Cancelled`] soon after `cancel` is
/// set.
pub fn generate(
    request: &Request,
    seed: u64,
    index: u64,
    cancel: Option<&AtomicBool>,
) -> Result<Generated, GenerateError> {
    request.check()?;
    let board = &request.board;
    match board {
        BoardKind::Classic(notation) => {
            let grade = graded(request)?;
            Generator::new(notation.clone(), grade, request.symmetry).generate(seed, index, cancel)
        }
        &BoardKind::Variant {
            ref notation,
            x,
            hyper,
            jigsaw,
            killer,
        } => {
            let asked = Asked {
                notation,
                x,
                hyper,
                jigsaw,
                killer,
                grade: graded(request)?,
                givens: request.killer_givens,
            };
            variant::generate(asked, seed, index, cancel)
        }
        BoardKind::Shape { shape, cages } => {
            let symmetric = request.symmetry == Symmetry::Rotational;
            let options = shape::Options {
                cages: *cages,
                symmetric,
                grade: request.grade,
            };
            let made = shape::generate(shape, &options, shape_seed(seed, index), cancel)
                .map_err(from_shape)?;
            on_its_shape(made, seed, index)
        }
    }
}

/// Refuses a grade above easy on a board of side 4 or less: on so few cells the rater finds
/// every puzzle easy, and the generator would give up after all its attempts.
fn small_board_grade(side: usize, grade: Grade) -> Result<(), GenerateError> {
    if side <= 4 && grade != Grade::Easy {
        return Err(GenerateError::Unsupported(format!(
            "{side}×{side} puzzles come easy only, not {grade}"
        )));
    }
    Ok(())
}

/// The grade of a request for a square board, which is made to one.
fn graded(request: &Request) -> Result<Grade, GenerateError> {
    request.grade.ok_or_else(|| {
        GenerateError::Unsupported(format!(
            "{} puzzles are made to a grade: easy, medium, hard or expert",
            request.board.name()
        ))
    })
}

/// The shapes' generator's seed for puzzle `index` of a batch seeded with `seed`: the first
/// number of stream `index` of the seed's ChaCha8 generator.
fn shape_seed(seed: u64, index: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng.next_u64()
}

/// The shapes' generator's error, as every generator says it.
fn from_shape(e: ShapeGenerateError) -> GenerateError {
    match e {
        ShapeGenerateError::Cancelled => GenerateError::Cancelled,
        ShapeGenerateError::GaveUp {
            shape,
            grade,
            or,
            attempts,
        } => GenerateError::GaveUp {
            wanted: format!("{grade} {shape}"),
            attempts,
            hint: or,
        },
    }
}

/// A shape's puzzle as boards on its shape (the shape with the cages it was given).
fn on_its_shape(made: ShapePuzzle, seed: u64, index: u64) -> Result<Generated, GenerateError> {
    let shape = Arc::new(made.shape);
    let board = |values: Vec<u8>| {
        Grid::on_shape(Arc::clone(&shape), None)
            .ok()
            .and_then(|g| g.with_values(values))
            .ok_or_else(|| {
                GenerateError::Unsupported(format!(
                    "the {} board could not hold its puzzle",
                    shape.name()
                ))
            })
    };
    Ok(Generated {
        puzzle: board(made.givens)?,
        solution: board(made.solution)?,
        rating: made.rating,
        attempts: made.attempts,
        nodes: made.nodes,
        seed,
        index,
    })
}
