//! Which board a player or a command asks for, before there is any board: the thing the New
//! menu offers and `generate` reads from its flags.
//!
//! There are three kinds, as there are three ways puzzles are made
//! ([`generate`](crate::sudoku::generate)):
//!
//! * a **classic** board of a [`Notation`]: its side, its box shape, its symbols;
//! * a square board of a notation with a **variant**'s rules, which combine: X diagonals, hyper
//!   windows, jigsaw regions drawn at random, killer cages cut from the solution (a killer X, a
//!   hyper jigsaw). The regions and cages are not part of the kind: each puzzle gets its own;
//! * a **shape** ([`Shape`]: a Samurai, a Roxdoku cube, a Mathdoku, a KSudoku shape file's
//!   board), with the cages its puzzles get ([`Cages`]: by default, as the shape's name says).
//!
//! A kind knows its [`name`](BoardKind::name), as messages and menus write it: `9×9 (3×3
//! boxes)`, `killer X 9×9 (3×3 boxes)`, `Samurai`. The variant's words are read by
//! [`parse`](BoardKind::parse) (`killer+x`), the form the command line and the New menu use.

use std::sync::Arc;

use crate::sudoku::board::grid::Notation;
use crate::sudoku::board::shape::Shape;

/// Which board to make a puzzle on (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardKind {
    /// A classic board: rows, columns and boxes of this notation.
    Classic(Notation),
    /// A square board of this notation with a variant's rules, combined.
    Variant {
        /// The board's side, box shape and symbols.
        notation: Notation,
        /// X: the main diagonals are units.
        x: bool,
        /// Hyper: the windows between the boxes are units (square boxes only).
        hyper: bool,
        /// Jigsaw: random regions replace the boxes.
        jigsaw: bool,
        /// Killer: cages, with their sums, cut from the solution.
        killer: bool,
    },
    /// A board of any shape, with the cages its puzzles get.
    Shape {
        /// The board: its layout, units and symbols.
        shape: Arc<Shape>,
        /// Which cages a puzzle gets (new cages replace any the shape has).
        cages: Cages,
    },
}

/// The words of a variant as written, lower-cased: joined by `+` or `,` (each with a word on
/// either side) or by spaces (`killer+x`, `x, hyper`, `x hyper`). Refuses a joiner with no word
/// on one side (`x+`, `+x`, `x++hyper`), and a word given twice (`x x`, `killer+killer`),
/// naming it; the words themselves are the caller's to check. No words at all gives none.
pub fn variant_words(text: &str) -> Result<Vec<String>, String> {
    let mut words: Vec<String> = Vec::new();
    let joiners: Vec<char> = text.chars().filter(|c| matches!(c, '+' | ',')).collect();
    for (k, piece) in text.split(['+', ',']).enumerate() {
        if piece.trim().is_empty() && !joiners.is_empty() {
            // The first piece comes before the first joiner; any other after the one before it.
            let (joiner, side) = match k {
                0 => (joiners[0], "before"),
                _ => (joiners[k - 1], "after"),
            };
            return Err(format!(
                "{text:?} has a '{joiner}' with no variant {side} it"
            ));
        }
        for word in piece.split_whitespace() {
            let word = word.to_ascii_lowercase();
            if words.contains(&word) {
                return Err(format!("{text:?} names {word:?} twice"));
            }
            words.push(word);
        }
    }
    Ok(words)
}

impl BoardKind {
    /// A variant on `notation`, read from `x`, `hyper` (or `windoku`), `jigsaw`, `killer`,
    /// joined by `+`, `,` or spaces (`killer+x`), in any case ([`variant_words`]). Refuses an
    /// unknown word, a word twice, a joiner without a word on each side, and no word at all.
    pub fn parse(text: &str, notation: Notation) -> Result<BoardKind, String> {
        let (mut x, mut hyper, mut jigsaw, mut killer) = (false, false, false, false);
        for word in variant_words(text)? {
            match word.as_str() {
                "x" => x = true,
                "hyper" | "windoku" => hyper = true,
                "jigsaw" => jigsaw = true,
                "killer" => killer = true,
                other => {
                    return Err(format!(
                        "{other:?} is not a variant: x, hyper, jigsaw or killer (joined by +)"
                    ));
                }
            }
        }
        if !(x || hyper || jigsaw || killer) {
            return Err("no variant named: x, hyper, jigsaw or killer (joined by +)".into());
        }
        Ok(BoardKind::Variant {
            notation,
            x,
            hyper,
            jigsaw,
            killer,
        })
    }

    /// The same kind on a board of `notation` (a shape keeps its own board).
    pub fn with_notation(self, notation: Notation) -> BoardKind {
        match self {
            BoardKind::Classic(_) => BoardKind::Classic(notation),
            BoardKind::Variant {
                x,
                hyper,
                jigsaw,
                killer,
                ..
            } => BoardKind::Variant {
                notation,
                x,
                hyper,
                jigsaw,
                killer,
            },
            shape @ BoardKind::Shape { .. } => shape,
        }
    }

    /// The notation of a square board (`None` for a shape).
    pub fn notation(&self) -> Option<&Notation> {
        match self {
            BoardKind::Classic(notation) | BoardKind::Variant { notation, .. } => Some(notation),
            BoardKind::Shape { .. } => None,
        }
    }

    /// The board as messages and menus name it: `9×9 (3×3 boxes)` for a classic board,
    /// `killer X 9×9 (3×3 boxes)` (`jigsaw 9×9`: a jigsaw has no boxes) for a variant (its words as
    /// [`Variant::name`](crate::sudoku::Variant::name) gives them, then the board), the shape's
    /// name for a shape (`Samurai`).
    pub fn name(&self) -> String {
        match self {
            BoardKind::Classic(notation) => notation.geometry.to_string(),
            BoardKind::Variant {
                notation,
                x,
                hyper,
                jigsaw,
                killer,
            } => {
                let words = [
                    (*killer, "killer"),
                    (*jigsaw, "jigsaw"),
                    (*hyper, "hyper"),
                    (*x, "X"),
                ];
                let mut name: Vec<String> = words
                    .iter()
                    .filter(|w| w.0)
                    .map(|w| w.1.to_string())
                    .collect();
                // A jigsaw's regions stand where the boxes would: its board is named by its
                // side alone.
                let side = notation.geometry.side();
                name.push(if *jigsaw {
                    format!("{side}×{side}")
                } else {
                    notation.geometry.to_string()
                });
                name.join(" ")
            }
            BoardKind::Shape { shape, .. } => shape.name().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::Geometry;

    #[test]
    fn variants_parse_in_any_order_and_case_and_are_named_in_one() {
        let nine = Notation::default();
        let k = BoardKind::parse("X, Killer", nine.clone()).unwrap();
        assert_eq!(k, BoardKind::parse("killer+x", nine.clone()).unwrap());
        assert_eq!(k.name(), "killer X 9×9 (3×3 boxes)");
        let windoku = BoardKind::parse("windoku jigsaw", nine.clone()).unwrap();
        assert_eq!(windoku.name(), "jigsaw hyper 9×9");
        assert_eq!(
            BoardKind::parse("sideways", nine.clone()).unwrap_err(),
            "\"sideways\" is not a variant: x, hyper, jigsaw or killer (joined by +)"
        );
        assert_eq!(
            BoardKind::parse(" ", nine.clone()).unwrap_err(),
            "no variant named: x, hyper, jigsaw or killer (joined by +)"
        );
        assert_eq!(
            BoardKind::parse(" + ", nine.clone()).unwrap_err(),
            "\" + \" has a '+' with no variant before it"
        );
        assert_eq!(
            BoardKind::parse("x+", nine.clone()).unwrap_err(),
            "\"x+\" has a '+' with no variant after it"
        );
        assert_eq!(
            BoardKind::parse("x,,hyper", nine.clone()).unwrap_err(),
            "\"x,,hyper\" has a ',' with no variant after it"
        );
        assert_eq!(
            BoardKind::parse("killer+Killer", nine).unwrap_err(),
            "\"killer+Killer\" names \"killer\" twice"
        );
    }

    #[test]
    fn a_kind_moves_to_another_notation_and_a_shape_keeps_its_board() {
        let six = Notation::default_for(Geometry::new(2, 3).unwrap()).unwrap();
        let k = BoardKind::parse("jigsaw", Notation::default()).unwrap();
        let moved = k.with_notation(six.clone());
        assert_eq!(moved.notation(), Some(&six));
        assert_eq!(moved.name(), "jigsaw 6×6");
        assert_eq!(
            BoardKind::Classic(Notation::default())
                .with_notation(six)
                .name(),
            "6×6 (2×3 boxes)"
        );
        let samurai = BoardKind::Shape {
            shape: Arc::new(Shape::named("Samurai", None).unwrap()),
            cages: Cages::ByName,
        };
        assert_eq!(samurai.name(), "Samurai");
        assert_eq!(samurai.notation(), None);
        let same = samurai.clone().with_notation(Notation::default());
        assert_eq!(same, samurai);
    }
}

/// Which cages a puzzle gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cages {
    /// As the shape's name says: killer cages for `Killer`, Mathdoku cages for `Mathdoku`, none
    /// for the others.
    #[default]
    ByName,
    /// No new cages: givens make the solution unique (cages the shape has stay as rules).
    Plain,
    /// Killer cages cut from the solution, with givens where the cages alone leave it open.
    Killer,
    /// Mathdoku cages, which alone make the solution unique.
    Mathdoku,
}

impl Cages {
    /// The kind of puzzle made on `shape`.
    pub fn resolve(self, shape: &Shape) -> Cages {
        match (self, shape.name()) {
            (Cages::ByName, "Killer") => Cages::Killer,
            (Cages::ByName, "Mathdoku") => Cages::Mathdoku,
            (Cages::ByName, _) => Cages::Plain,
            (kind, _) => kind,
        }
    }
}
