//! A choice of new game, as the New game dialog makes it: which board (a square board of a
//! size, a box shape and a variant; a shape the model knows, of one of its orders; a shape file
//! of the player's), the grade and the symmetry of the givens. It is kept in the settings, so
//! the dialog opens on the last choice; it becomes the generator's [`Request`]; and it says why
//! the generator would refuse it (through [`Request::check`]), so the dialog greys that out.

use std::path::PathBuf;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::sudoku::board::kind::Cages;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::board::shapes;
use crate::sudoku::generate::Request;
use crate::sudoku::{
    BoardKind, GenerateError, Geometry, Grade, Grid, MIN_SIDE, Notation, Symmetry,
};

/// The largest side the dialog offers: the default symbols go up to 36.
pub const MAX_SIDE: usize = 36;

/// Which kind of board the choice is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// A square board: a size, a box shape, a variant.
    #[default]
    Square,
    /// A shape the model knows by name.
    Shape,
    /// A KSudoku shape file from the player's folder of shapes.
    File,
}

/// The grade asked for, or none: unique, as sparse as the generator digs (shapes only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// One solution, as few givens as the generator leaves.
    Unique,
    /// Singles.
    Easy,
    /// Locked candidates and pairs.
    #[default]
    Medium,
    /// Triples, fish and wings.
    Hard,
    /// Logic stalls: search.
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Unique,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// The grade the generator is asked for (`None`: unique).
    pub fn grade(self) -> Option<Grade> {
        match self {
            Level::Unique => None,
            Level::Easy => Some(Grade::Easy),
            Level::Medium => Some(Grade::Medium),
            Level::Hard => Some(Grade::Hard),
            Level::Expert => Some(Grade::Expert),
        }
    }

    /// Its name in the dialog.
    pub fn label(self) -> &'static str {
        match self {
            Level::Unique => "Unique",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
        }
    }

    /// What it means, shown on hover.
    pub fn about(self) -> &'static str {
        match self {
            Level::Unique => "One solution, as few givens as the generator can leave",
            Level::Easy => "Solved by singles alone (and cage combinations)",
            Level::Medium => "Needs locked candidates or pairs",
            Level::Hard => "Needs triples, fish or an XY-wing",
            Level::Expert => "Logic stalls: needs search",
        }
    }
}

/// A choice of new game (see the module docs). Written in `settings.toml` as a `[new_game]`
/// table; a field left out takes its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NewGame {
    /// Which kind of board.
    pub board: Source,
    /// A square board's side.
    pub side: usize,
    /// Its boxes as `RxC` (rows × columns of a box), or `none` (a jigsaw's board).
    pub boxes: String,
    /// X: the main diagonals are units.
    pub x: bool,
    /// Hyper: the windows between the boxes are units.
    pub hyper: bool,
    /// Jigsaw: random regions in place of the boxes.
    pub jigsaw: bool,
    /// Killer: cages cut from the solution.
    pub killer: bool,
    /// The named shape (one of [`shapes::NAMES`]).
    pub shape: String,
    /// Its order (symbols).
    pub order: usize,
    /// The shape file.
    pub file: Option<PathBuf>,
    /// The grade.
    pub grade: Level,
    /// The symmetry of the givens (a variant's have none, whatever is chosen here).
    pub symmetry: Symmetry,
}

impl Default for NewGame {
    fn default() -> Self {
        NewGame {
            board: Source::Square,
            side: 9,
            boxes: "3x3".into(),
            x: false,
            hyper: false,
            jigsaw: false,
            killer: false,
            shape: "Samurai".into(),
            order: 9,
            file: None,
            grade: Level::Medium,
            symmetry: Symmetry::Rotational,
        }
    }
}

/// A box shape as the choice writes it: `3x3`, or `none`.
pub fn boxes_text(boxes: Option<(usize, usize)>) -> String {
    boxes.map_or_else(|| "none".into(), |(r, c)| format!("{r}x{c}"))
}

/// The box shapes of a side: each `rows × columns` with both at least 2, fewer rows first,
/// then none (a jigsaw's board).
pub fn box_shapes(side: usize) -> Vec<Option<(usize, usize)>> {
    (2..=side / 2)
        .filter(|r| side.is_multiple_of(*r) && side / r >= 2)
        .map(|r| Some((r, side / r)))
        .chain([None])
        .collect()
}

/// The orders a named shape is made in: Roxdoku 9, 16 and 25, Killer 4 and 9, Mathdoku 3 to 9,
/// Sudoku 4 to 25 squares; every other shape its one order.
pub(super) fn shape_orders(name: &str, usual: usize) -> Vec<usize> {
    match name {
        "Roxdoku" => vec![9, 16, 25],
        "Killer" => vec![4, 9],
        "Mathdoku" => (3..=9).collect(),
        "Sudoku" => vec![4, 9, 16, 25],
        _ => vec![usual],
    }
}

/// The name under which `shapes::NAMES` knows a shape called `name`, if it is a named one.
pub(super) fn named_shape(name: &str) -> Option<&'static str> {
    shapes::NAMES
        .iter()
        .map(|&(n, _)| n)
        .find(|n| n.eq_ignore_ascii_case(name))
}

impl NewGame {
    /// A choice of the board on show: its size, box shape and variant, or its shape; medium.
    pub fn for_board(board: &Grid) -> NewGame {
        let mut choice = NewGame::default();
        if let Some(shape) = board.shape() {
            if let Some(name) = named_shape(shape.name()) {
                choice.board = Source::Shape;
                choice.shape = name.into();
                choice.order = shape.symbols();
            }
            return choice;
        }
        let g = board.geometry();
        choice.side = g.side();
        choice.boxes = boxes_text(g.has_boxes().then(|| (g.box_rows(), g.box_cols())));
        if let Some(v) = board.variant() {
            let rules = v.rules();
            choice.x = rules.diagonals;
            choice.hyper = rules.windows;
            choice.jigsaw = rules.regions.is_some();
            choice.killer = !rules.cages.is_empty();
        }
        choice
    }

    /// The board's side changed: its usual boxes (none where the side has no box shape, and
    /// then a jigsaw, the one board of such a side).
    pub fn set_side(&mut self, side: usize) {
        self.side = side;
        let usual = Geometry::for_side(side).map(|g| (g.box_rows(), g.box_cols()));
        self.boxes = boxes_text(usual);
        if usual.is_none() {
            self.jigsaw = true;
        }
    }

    /// A square board's shape.
    pub fn geometry(&self) -> Result<Geometry, String> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&self.side) {
            return Err(format!(
                "a side of {} is off the boards offered ({MIN_SIDE} to {MAX_SIDE})",
                self.side
            ));
        }
        if self.boxes.trim().eq_ignore_ascii_case("none") {
            return Geometry::without_boxes(self.side).map_err(|e| e.to_string());
        }
        let g = Geometry::parse(&self.boxes).map_err(|e| e.to_string())?;
        if g.side() != self.side {
            return Err(format!(
                "boxes of {} make a side of {}, not {}",
                self.boxes,
                g.side(),
                self.side
            ));
        }
        Ok(g)
    }

    /// True if a variant's rule is chosen.
    fn has_variant(&self) -> bool {
        self.x || self.hyper || self.jigsaw || self.killer
    }

    /// The square board's kind, in `preferred`'s symbols where it is of its shape (config.toml's
    /// own symbols), else in the default ones.
    pub fn square_kind(&self, preferred: &Notation) -> Result<BoardKind, String> {
        let geometry = self.geometry()?;
        let notation = if preferred.geometry == geometry {
            preferred.clone()
        } else {
            Notation::default_for(geometry).map_err(|e| e.to_string())?
        };
        if !self.has_variant() {
            return Ok(BoardKind::Classic(notation));
        }
        Ok(BoardKind::Variant {
            notation,
            x: self.x,
            hyper: self.hyper,
            jigsaw: self.jigsaw,
            killer: self.killer,
        })
    }

    /// The shape chosen (named or read from its file); slow for the largest cubes, so the
    /// dialog keeps it and the generator builds its own on its thread.
    pub fn load_shape(&self) -> Result<Shape, String> {
        match (self.board, &self.file) {
            (Source::File, Some(path)) => super::shape_files::read(path),
            (Source::File, None) => Err("no shape file chosen".into()),
            _ => Shape::named(&self.shape, Some(self.order)),
        }
    }

    /// The board of a shape, with the cages its name gives it.
    pub fn shape_kind(shape: Arc<Shape>) -> BoardKind {
        BoardKind::Shape {
            shape,
            cages: Cages::ByName,
        }
    }

    /// The symmetry asked of the generator: none for a variant's givens.
    fn symmetry_for(&self, board: &BoardKind) -> Symmetry {
        match board {
            BoardKind::Variant { .. } => Symmetry::None,
            _ => self.symmetry,
        }
    }

    /// The request for a puzzle of this grade and symmetry on `board`.
    pub fn request(&self, board: BoardKind) -> Request {
        Request {
            symmetry: self.symmetry_for(&board),
            ..Request::new(board, self.grade.grade())
        }
    }

    /// The request, its shape built here (on the generator's thread).
    pub fn build(&self, preferred: &Notation) -> Result<Request, GenerateError> {
        let board = match self.board {
            Source::Square => self.square_kind(preferred),
            Source::Shape | Source::File => {
                self.load_shape().map(|s| NewGame::shape_kind(Arc::new(s)))
            }
        }
        .map_err(GenerateError::Unsupported)?;
        Ok(self.request(board))
    }

    /// Why no puzzle of this choice is made on `board` (the board chosen, or why there is
    /// none), if none is: what the generator refuses, and grades above easy on a shape of four
    /// symbols or fewer, which logic almost always finishes with singles.
    pub fn refusal(&self, board: &Result<BoardKind, String>) -> Option<String> {
        let board = match board {
            Ok(board) => board,
            Err(why) => return Some(why.clone()),
        };
        if let BoardKind::Shape { shape, .. } = board
            && shape.symbols() <= 4
            && self.grade > Level::Easy
        {
            return Some(format!(
                "a board of {} symbols is solved by singles: easy or unique",
                shape.symbols()
            ));
        }
        let request = self.request(board.clone());
        request.check().err().map(|e| match e {
            GenerateError::Unsupported(why) => why,
            other => other.to_string(),
        })
    }

    /// The grade and symmetry moved to the nearest that `board` takes, after the board changed:
    /// a square board's puzzle is made to a grade (medium for unique), a shape's givens are not
    /// mirrored (rotational), a shape of four symbols or fewer is easy (or unique).
    pub fn fit_to(&mut self, board: &Result<BoardKind, String>) {
        match board {
            Ok(BoardKind::Shape { shape, .. }) => {
                if self.symmetry == Symmetry::Mirror {
                    self.symmetry = Symmetry::Rotational;
                }
                if shape.symbols() <= 4 && self.grade > Level::Easy {
                    self.grade = Level::Easy;
                }
            }
            Ok(_) if self.grade == Level::Unique => self.grade = Level::Medium,
            _ => {}
        }
    }

    /// The puzzle as the status line names it: `hard killer 9×9 (3×3 boxes)`, `medium Samurai`,
    /// a shape file's name.
    pub fn describe(&self) -> String {
        let board = match self.board {
            Source::Square => match self.geometry() {
                Ok(g) => {
                    let words = [
                        (self.killer, "killer"),
                        (self.jigsaw, "jigsaw"),
                        (self.hyper, "hyper"),
                        (self.x, "X"),
                    ];
                    let mut name: Vec<String> = words
                        .iter()
                        .filter(|w| w.0)
                        .map(|w| w.1.to_string())
                        .collect();
                    name.push(g.to_string());
                    name.join(" ")
                }
                Err(_) => format!("{}×{}", self.side, self.side),
            },
            Source::Shape => self.shape.clone(),
            Source::File => self
                .file
                .as_ref()
                .and_then(|p| p.file_stem())
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
        };
        match self.grade.grade() {
            Some(grade) => format!("{grade} {board}"),
            None => board,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn refusal(choice: &NewGame) -> Option<String> {
        choice.refusal(&choice.square_kind(&Notation::default()))
    }

    #[test]
    fn the_generators_refusals_are_the_choices() {
        let mut c = NewGame {
            side: 6,
            boxes: "2x3".into(),
            hyper: true,
            ..NewGame::default()
        };
        assert!(refusal(&c).unwrap().contains("square boxes"), "{c:?}");
        c.hyper = false;
        c.grade = Level::Unique;
        assert!(refusal(&c).unwrap().contains("made to a grade"));
        c.grade = Level::Hard;
        assert_eq!(refusal(&c), None);
        c.set_side(7);
        assert_eq!((c.boxes.as_str(), c.jigsaw), ("none", true));
        assert_eq!(refusal(&c), None);
        c.jigsaw = false;
        assert!(refusal(&c).unwrap().contains("no boxes"));
        c.killer = true;
        assert!(refusal(&c).unwrap().contains("no boxes"));
        c.jigsaw = true;
        assert_eq!(refusal(&c), None);
        // A variant's givens have no symmetry, whatever is chosen; a shape's are not mirrored.
        c.symmetry = Symmetry::Mirror;
        assert_eq!(refusal(&c), None);
        let samurai = NewGame {
            board: Source::Shape,
            symmetry: Symmetry::Mirror,
            ..NewGame::default()
        };
        let board = samurai
            .load_shape()
            .map(|s| NewGame::shape_kind(Arc::new(s)));
        assert!(samurai.refusal(&board).unwrap().contains("not mirrored"));
        let tiny = NewGame {
            shape: "TinySamurai".into(),
            order: 4,
            symmetry: Symmetry::None,
            ..samurai
        };
        let board = tiny.load_shape().map(|s| NewGame::shape_kind(Arc::new(s)));
        assert!(tiny.refusal(&board).unwrap().contains("singles"));
    }

    #[test]
    fn box_shapes_are_every_rectangle_and_none() {
        assert_eq!(
            box_shapes(12),
            vec![Some((2, 6)), Some((3, 4)), Some((4, 3)), Some((6, 2)), None]
        );
        assert_eq!(box_shapes(7), vec![None]);
        assert_eq!(box_shapes(4), vec![Some((2, 2)), None]);
    }

    #[test]
    fn a_choice_reads_back_from_toml_and_names_its_puzzle() {
        let c = NewGame {
            side: 16,
            boxes: "4x4".into(),
            killer: true,
            grade: Level::Hard,
            ..NewGame::default()
        };
        let text = toml::to_string(&c).unwrap();
        assert_eq!(toml::from_str::<NewGame>(&text).unwrap(), c);
        assert_eq!(c.describe(), "hard killer 16×16 (4×4 boxes)");
        assert_eq!(toml::from_str::<NewGame>("").unwrap(), NewGame::default());
    }
}
