//! The puzzle library bundled with the app: collections of every size and grade, of each
//! variant (X, hyper, jigsaw, killer) at 9×9 and 16×16, and of shapes (Samurai and its kin, a
//! Roxdoku cube, a jigsaw, a small killer, Mathdoku), described by
//! `assets/puzzles/library/library.toml` and built into the binary, so the window has puzzles to
//! offer wherever it is installed. Every puzzle has one solution and the grade its collection
//! states (both tested; a shape's puzzles are unique, or easy: solved by singles).

use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use crate::sudoku::board::shape::Shape;
use crate::sudoku::files::formats::{self, Entry, Format};
use crate::sudoku::{Geometry, Grade, Notation};

const MANIFEST: &str = include_str!("../assets/puzzles/library/library.toml");

/// The collection files, by name.
const FILES: &[(&str, &str)] = &[
    (
        "4x4-easy.txt",
        include_str!("../assets/puzzles/library/4x4-easy.txt"),
    ),
    (
        "6x6-easy.txt",
        include_str!("../assets/puzzles/library/6x6-easy.txt"),
    ),
    (
        "6x6-medium.txt",
        include_str!("../assets/puzzles/library/6x6-medium.txt"),
    ),
    (
        "9x9-easy.txt",
        include_str!("../assets/puzzles/library/9x9-easy.txt"),
    ),
    (
        "9x9-medium.txt",
        include_str!("../assets/puzzles/library/9x9-medium.txt"),
    ),
    (
        "9x9-hard.txt",
        include_str!("../assets/puzzles/library/9x9-hard.txt"),
    ),
    (
        "9x9-expert.txt",
        include_str!("../assets/puzzles/library/9x9-expert.txt"),
    ),
    (
        "9x9-famous.txt",
        include_str!("../assets/puzzles/library/9x9-famous.txt"),
    ),
    (
        "12x12-medium.txt",
        include_str!("../assets/puzzles/library/12x12-medium.txt"),
    ),
    (
        "16x16-easy.txt",
        include_str!("../assets/puzzles/library/16x16-easy.txt"),
    ),
    (
        "16x16-hard.txt",
        include_str!("../assets/puzzles/library/16x16-hard.txt"),
    ),
    (
        "25x25-easy.txt",
        include_str!("../assets/puzzles/library/25x25-easy.txt"),
    ),
    (
        "25x25-medium.txt",
        include_str!("../assets/puzzles/library/25x25-medium.txt"),
    ),
    (
        "9x9-x-medium.toml",
        include_str!("../assets/puzzles/library/9x9-x-medium.toml"),
    ),
    (
        "9x9-hyper-medium.toml",
        include_str!("../assets/puzzles/library/9x9-hyper-medium.toml"),
    ),
    (
        "9x9-jigsaw-medium.toml",
        include_str!("../assets/puzzles/library/9x9-jigsaw-medium.toml"),
    ),
    (
        "9x9-killer-easy.toml",
        include_str!("../assets/puzzles/library/9x9-killer-easy.toml"),
    ),
    (
        "9x9-killer-medium.toml",
        include_str!("../assets/puzzles/library/9x9-killer-medium.toml"),
    ),
    (
        "9x9-killer-x-medium.toml",
        include_str!("../assets/puzzles/library/9x9-killer-x-medium.toml"),
    ),
    (
        "16x16-x-easy.toml",
        include_str!("../assets/puzzles/library/16x16-x-easy.toml"),
    ),
    (
        "16x16-hyper-easy.toml",
        include_str!("../assets/puzzles/library/16x16-hyper-easy.toml"),
    ),
    (
        "16x16-jigsaw-easy.toml",
        include_str!("../assets/puzzles/library/16x16-jigsaw-easy.toml"),
    ),
    (
        "16x16-killer-easy.toml",
        include_str!("../assets/puzzles/library/16x16-killer-easy.toml"),
    ),
    (
        "samurai-easy.toml",
        include_str!("../assets/puzzles/library/samurai-easy.toml"),
    ),
    (
        "tinysamurai-easy.toml",
        include_str!("../assets/puzzles/library/tinysamurai-easy.toml"),
    ),
    (
        "windmill-easy.toml",
        include_str!("../assets/puzzles/library/windmill-easy.toml"),
    ),
    (
        "sohei-easy.toml",
        include_str!("../assets/puzzles/library/sohei-easy.toml"),
    ),
    (
        "roxdoku-easy.toml",
        include_str!("../assets/puzzles/library/roxdoku-easy.toml"),
    ),
    (
        "aztec-easy.toml",
        include_str!("../assets/puzzles/library/aztec-easy.toml"),
    ),
    (
        "killer-4x4.toml",
        include_str!("../assets/puzzles/library/killer-4x4.toml"),
    ),
    (
        "mathdoku-6x6.toml",
        include_str!("../assets/puzzles/library/mathdoku-6x6.toml"),
    ),
];

/// A set of puzzles to play in order: a bundled collection, or the puzzles of an opened file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collection {
    /// What the window shows.
    pub name: String,
    /// The grade of every puzzle, for bundled collections (none for the shapes' collections of
    /// puzzles made unique, not graded).
    pub grade: Option<Grade>,
    /// The shape every puzzle is on, by its name ([`Shape::named`]), for the bundled
    /// collections of shapes.
    pub shape: Option<String>,
    /// Where the puzzles come from.
    pub source: String,
    /// The file the puzzles were read from, for a file opened in the window (none for a bundled
    /// collection, or one pasted).
    pub file: Option<std::path::PathBuf>,
    /// The puzzles.
    pub puzzles: Vec<Entry>,
}

/// What is wrong with the bundled library (a packaging mistake; the app goes on without it).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LibraryError {
    /// The manifest is not valid TOML of the expected shape.
    #[error("library.toml: {0}")]
    Manifest(String),
    /// A collection names a file that is not bundled.
    #[error("library.toml: collection '{name}' names the file '{file}', which is not bundled")]
    MissingFile {
        /// The collection.
        name: String,
        /// The file.
        file: String,
    },
    /// A collection's box size or grade is not valid.
    #[error("library.toml: collection '{name}': {why}")]
    BadCollection {
        /// The collection.
        name: String,
        /// What is wrong.
        why: String,
    },
    /// A puzzle file does not parse.
    #[error("{file}: {why}")]
    BadPuzzle {
        /// The file.
        file: String,
        /// Where and what.
        why: String,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    collection: Vec<Spec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Spec {
    name: String,
    file: String,
    /// The box size of a square board; none for a shape.
    #[serde(rename = "box")]
    box_size: Option<String>,
    /// The grade; a shape's collection may have none (unique puzzles, not graded).
    grade: Option<String>,
    /// A variant's name, as its puzzles' rules give it (`killer X`); none for classic ones.
    variant: Option<String>,
    /// A shape's name, for puzzles on a shape, and its order where it comes in several.
    shape: Option<String>,
    order: Option<usize>,
    source: String,
}

/// The bundled collections, in the manifest's order.
pub fn bundled() -> Result<Vec<Collection>, LibraryError> {
    let manifest: Manifest =
        toml::from_str(MANIFEST).map_err(|e| LibraryError::Manifest(e.to_string()))?;
    manifest
        .collection
        .into_iter()
        .map(|spec| {
            let bad = |why: String| LibraryError::BadCollection {
                name: spec.name.clone(),
                why,
            };
            let grade = match &spec.grade {
                Some(g) => {
                    Some(Grade::parse(g).ok_or_else(|| bad(format!("'{g}' is not a grade")))?)
                }
                None if spec.shape.is_some() => None,
                None => return Err(bad("a collection of square boards needs a grade".into())),
            };
            let text = FILES
                .iter()
                .find(|(name, _)| *name == spec.file)
                .map(|(_, text)| *text)
                .ok_or_else(|| LibraryError::MissingFile {
                    name: spec.name.clone(),
                    file: spec.file.clone(),
                })?;
            if let Some(name) = &spec.shape {
                let shape = Shape::named(name, spec.order).map_err(bad)?;
                if spec.box_size.is_some() || spec.variant.is_some() {
                    return Err(bad("a shape's collection has no box and no variant".into()));
                }
                if grade.is_some_and(|g| g != Grade::Easy) {
                    return Err(bad("a shape's puzzles are unique (no grade) or easy".into()));
                }
                let puzzles = read(&spec.file, text, Format::Toml, None)?;
                let on = |p: &Entry| {
                    p.puzzle
                        .shape()
                        .map(|s| (s.name().to_string(), s.symbols()))
                };
                let want = (shape.name().to_string(), shape.symbols());
                if let Some(odd) = puzzles.iter().find(|p| on(p).as_ref() != Some(&want)) {
                    return Err(LibraryError::BadPuzzle {
                        file: spec.file.clone(),
                        why: format!(
                            "line {}: not on the {} shape of order {}",
                            odd.line, want.0, want.1
                        ),
                    });
                }
                return Ok(Collection {
                    name: spec.name,
                    grade,
                    shape: Some(want.0),
                    source: spec.source,
                    file: None,
                    puzzles,
                });
            }
            let box_size = spec
                .box_size
                .as_deref()
                .ok_or_else(|| bad("a collection needs a box size or a shape".into()))?;
            let geometry = Geometry::parse(box_size).map_err(|e| bad(e.to_string()))?;
            let notation = Notation::default_for(geometry).map_err(|e| bad(e.to_string()))?;
            // One puzzle a line, or TOML tables for the variants.
            let format = Format::from_path(Path::new(&spec.file)).unwrap_or(Format::Line);
            let puzzles = read(&spec.file, text, format, Some(&notation))?;
            if let Some(odd) = puzzles.iter().find(|p| p.puzzle.geometry() != geometry) {
                return Err(LibraryError::BadPuzzle {
                    file: spec.file.clone(),
                    why: format!("line {}: not a {geometry} board", odd.line),
                });
            }
            let variant = |p: &Entry| p.puzzle.variant().map(|v| v.name());
            if let Some(odd) = puzzles.iter().find(|p| variant(p) != spec.variant) {
                return Err(LibraryError::BadPuzzle {
                    file: spec.file.clone(),
                    why: format!(
                        "line {}: a {} sudoku, where the collection says {}",
                        odd.line,
                        variant(odd).unwrap_or_else(|| "classic".into()),
                        spec.variant.as_deref().unwrap_or("classic")
                    ),
                });
            }
            Ok(Collection {
                name: spec.name,
                grade,
                shape: None,
                source: spec.source,
                file: None,
                puzzles,
            })
        })
        .collect()
}

/// The puzzles of a bundled file, read in `format`.
fn read(
    file: &str,
    text: &str,
    format: Format,
    notation: Option<&Notation>,
) -> Result<Vec<Entry>, LibraryError> {
    formats::read(text, Some(format), notation)
        .map(|(_, puzzles)| puzzles)
        .map_err(|e| LibraryError::BadPuzzle {
            file: file.to_string(),
            why: e.to_string(),
        })
}
