//! The New game dialog: a modal window to choose the board (a square board's size, box shape
//! and variant; any shape the model knows, of its orders; the player's own shape files), the
//! grade and the symmetry, with a small preview of the empty board. What the generator would
//! refuse is greyed out, the reason on hover. Generate (or Enter) hands the choice back; Cancel,
//! Esc or a click outside close it.

use std::path::PathBuf;
use std::sync::Arc;

use egui::RichText;

use crate::sudoku::board::shape::Shape;
use crate::sudoku::board::shapes;
use crate::sudoku::{BoardKind, MIN_SIDE, Notation, Symmetry};

use super::new_game::{self, Level, NewGame, Source, shape_orders};
use super::new_preview::preview;

/// The width of the choices, in points.
const CONTROLS: f32 = 330.0;
/// The largest preview, and the smallest drawn beside the choices (else it goes under them).
const PREVIEW: f32 = 200.0;
const MIN_PREVIEW: f32 = 110.0;
/// Between the choices and the preview.
const GAP: f32 = 12.0;

/// What became of the dialog this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Still open.
    Pending,
    /// Closed without a new game.
    Cancelled,
    /// Generate: a new game of this choice.
    Generate(NewGame),
}

/// A variant's rule in a choice: its flag.
type Rule = fn(&mut NewGame) -> &mut bool;

/// Which shape a choice names: its kind, name, order and file.
type ShapeKey = (Source, String, usize, Option<PathBuf>);

/// The dialog's state: the choice as it stands, and the shape it names, built once (the
/// largest cubes take a moment).
pub struct NewDialog {
    choice: NewGame,
    shape: Option<(ShapeKey, Result<Arc<Shape>, String>)>,
}

impl NewDialog {
    /// The dialog, open on `choice`.
    pub fn new(choice: NewGame) -> Self {
        NewDialog {
            choice,
            shape: None,
        }
    }

    /// The choice as it stands.
    pub fn choice(&self) -> &NewGame {
        &self.choice
    }

    /// The shape `choice` names, built if it is not the one kept.
    fn shape_of(&mut self, choice: &NewGame) -> Result<Arc<Shape>, String> {
        let key = (
            choice.board,
            choice.shape.clone(),
            choice.order,
            choice.file.clone(),
        );
        match &self.shape {
            Some((kept, shape)) if *kept == key => shape.clone(),
            _ => {
                let shape = choice.load_shape().map(Arc::new);
                self.shape = Some((key, shape.clone()));
                shape
            }
        }
    }

    /// The board `choice` names (square boards in `preferred`'s symbols where they fit).
    fn board_of(&mut self, choice: &NewGame, preferred: &Notation) -> Result<BoardKind, String> {
        match choice.board {
            Source::Square => choice.square_kind(preferred),
            Source::Shape | Source::File => self.shape_of(choice).map(NewGame::shape_kind),
        }
    }

    /// Why `choice` is refused, if it is.
    fn refusal_of(&mut self, choice: &NewGame, preferred: &Notation) -> Option<String> {
        let board = self.board_of(choice, preferred);
        choice.refusal(&board)
    }

    /// Draws the dialog. `preferred` is config.toml's notation (its symbols are kept on its
    /// board), `files` the player's shape files.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        preferred: &Notation,
        files: &[(String, PathBuf)],
    ) -> Outcome {
        // Under the popups of its combo boxes, which are foreground areas too: at the same
        // order, a click in the dialog raises it over an open list.
        let id = egui::Id::unique("sudoku-dlx-new-game");
        let area = egui::Modal::default_area(id).order(egui::Order::Middle);
        let modal = egui::Modal::new(id)
            .area(area)
            .show(ctx, |ui| self.contents(ui, preferred, files));
        match modal.inner {
            Outcome::Pending if modal.should_close() => Outcome::Cancelled,
            outcome => outcome,
        }
    }

    fn contents(
        &mut self,
        ui: &mut egui::Ui,
        preferred: &Notation,
        files: &[(String, PathBuf)],
    ) -> Outcome {
        // The preview beside the choices where the window is wide enough, else under them.
        let room = (ui.ctx().content_rect().width() - 48.0).max(280.0);
        let controls = CONTROLS.min(room);
        let beside = room - controls - GAP;
        ui.set_max_width(room.min(controls + GAP + PREVIEW));
        ui.heading("New game");
        ui.add_space(6.0);
        let before = self.choice.clone();
        if beside >= MIN_PREVIEW {
            ui.horizontal_top(|ui| {
                self.choices(ui, controls, preferred, files);
                ui.add_space(GAP);
                ui.vertical(|ui| {
                    let board = self.board_of(&self.choice.clone(), preferred);
                    preview(ui, beside.min(PREVIEW), &board);
                });
            });
        } else {
            self.choices(ui, controls, preferred, files);
            ui.add_space(8.0);
            let board = self.board_of(&self.choice.clone(), preferred);
            preview(ui, room.min(PREVIEW), &board);
        }
        if self.choice.board != before.board
            || self.choice.shape != before.shape
            || self.choice.order != before.order
            || self.choice.file != before.file
        {
            let board = self.board_of(&self.choice.clone(), preferred);
            self.choice.fit_to(&board);
        }
        if self.choice != before {
            ui.ctx().request_repaint();
        }
        ui.add_space(8.0);
        let refused = self.refusal_of(&self.choice.clone(), preferred);
        if let Some(why) = &refused {
            ui.label(RichText::new(capitalised(why)).color(ui.visuals().error_fg_color));
        } else {
            ui.label(format!("A new {} puzzle", self.choice.describe()));
        }
        ui.add_space(6.0);
        let mut outcome = Outcome::Pending;
        ui.horizontal(|ui| {
            let generate = ui.add_enabled(refused.is_none(), egui::Button::new("Generate"));
            let generate = match &refused {
                Some(why) => generate.on_disabled_hover_text(capitalised(why)),
                None => generate.on_hover_text("Make the puzzle: Enter (Esc on the board cancels)"),
            };
            // Enter is Generate, as a dialog's default button is.
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            if generate.clicked() || (enter && refused.is_none()) {
                outcome = Outcome::Generate(self.choice.clone());
            }
            if ui.button("Cancel").clicked() {
                outcome = Outcome::Cancelled;
            }
        });
        outcome
    }

    /// The choices, in a column `width` wide: the board, the grade, the symmetry.
    fn choices(
        &mut self,
        ui: &mut egui::Ui,
        width: f32,
        preferred: &Notation,
        files: &[(String, PathBuf)],
    ) {
        ui.vertical(|ui| {
            ui.set_width(width);
            self.board_choice(ui, preferred, files);
            ui.add_space(8.0);
            self.grade_choice(ui, preferred);
            ui.add_space(8.0);
            self.symmetry_choice(ui, preferred);
        });
    }

    /// The board: square (size, boxes, variant), a named shape (and its order), or a file.
    fn board_choice(
        &mut self,
        ui: &mut egui::Ui,
        preferred: &Notation,
        files: &[(String, PathBuf)],
    ) {
        ui.horizontal(|ui| {
            ui.label("Board:");
            ui.selectable_value(&mut self.choice.board, Source::Square, "Square board");
            ui.selectable_value(&mut self.choice.board, Source::Shape, "A shape");
            let own = ui.add_enabled(
                !files.is_empty(),
                egui::Button::selectable(self.choice.board == Source::File, "Your shapes"),
            );
            let own = own.on_disabled_hover_text(format!(
                "No shape files: put KSudoku shape files (.xml) in the folder {} beside the saved game",
                super::shape_files::FOLDER
            ));
            if own.clicked() {
                self.choice.board = Source::File;
            }
        });
        ui.add_space(4.0);
        match self.choice.board {
            Source::Square => self.square_choice(ui, preferred),
            Source::Shape => self.shape_choice(ui),
            Source::File => {
                if self
                    .choice
                    .file
                    .as_ref()
                    .is_none_or(|f| !files.iter().any(|(_, p)| p == f))
                {
                    self.choice.file = files.first().map(|(_, p)| p.clone());
                }
                let name = |path: &Option<PathBuf>| {
                    files
                        .iter()
                        .find(|(_, p)| Some(p) == path.as_ref())
                        .map_or_else(String::new, |(n, _)| n.clone())
                };
                egui::ComboBox::from_label("Shape file")
                    .selected_text(name(&self.choice.file))
                    .show_ui(ui, |ui| {
                        for (n, path) in files {
                            ui.selectable_value(&mut self.choice.file, Some(path.clone()), n);
                        }
                    });
            }
        }
    }

    fn square_choice(&mut self, ui: &mut egui::Ui, preferred: &Notation) {
        ui.horizontal(|ui| {
            let side = self.choice.side;
            egui::ComboBox::from_label("Size")
                .selected_text(format!("{side}×{side}"))
                .height(320.0)
                .show_ui(ui, |ui| {
                    for s in MIN_SIDE..=new_game::MAX_SIDE {
                        if ui.selectable_label(s == side, format!("{s}×{s}")).clicked() {
                            self.choice.set_side(s);
                        }
                    }
                });
            ui.add_space(8.0);
            let boxes_label = |b: Option<(usize, usize)>| match b {
                Some((r, c)) => format!("{r}×{c}"),
                None => "none (regions)".to_string(),
            };
            let shapes = new_game::box_shapes(self.choice.side);
            let current = shapes
                .iter()
                .copied()
                .find(|b| new_game::boxes_text(*b) == self.choice.boxes)
                .unwrap_or(None);
            egui::ComboBox::from_label("Boxes")
                .selected_text(boxes_label(current))
                .show_ui(ui, |ui| {
                    for b in shapes {
                        let mut other = self.choice.clone();
                        other.boxes = new_game::boxes_text(b);
                        let why = self.blocked(&other, preferred);
                        let item = egui::Button::selectable(b == current, boxes_label(b));
                        let response = ui.add_enabled(why.is_none(), item);
                        let response = match &why {
                            Some(why) => response.on_disabled_hover_text(capitalised(why)),
                            None => response.on_hover_text(match b {
                                Some((r, c)) => format!("Boxes of {r} rows and {c} columns"),
                                None => "No boxes: a jigsaw's regions take their place".into(),
                            }),
                        };
                        if response.clicked() {
                            self.choice = other;
                        }
                    }
                });
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Variant:");
            let rules: [(&str, &str, Rule); 4] = [
                (
                    "X diagonals",
                    "The two main diagonals hold every symbol",
                    |c| &mut c.x,
                ),
                (
                    "Hyper windows",
                    "Four windows between the boxes hold every symbol",
                    |c| &mut c.hyper,
                ),
                (
                    "Jigsaw regions",
                    "Random regions in place of the boxes",
                    |c| &mut c.jigsaw,
                ),
                (
                    "Killer cages",
                    "Cages with their sums, cut from the solution",
                    |c| &mut c.killer,
                ),
            ];
            for (label, about, field) in rules {
                let mut other = self.choice.clone();
                let flag = field(&mut other);
                *flag = !*flag;
                let why = self.blocked(&other, preferred);
                let mut on = *field(&mut self.choice);
                let response = ui.add_enabled(why.is_none(), egui::Checkbox::new(&mut on, label));
                let response = match &why {
                    Some(why) => response.on_disabled_hover_text(capitalised(why)),
                    None => response.on_hover_text(about),
                };
                if response.changed() {
                    self.choice = other;
                }
            }
        });
    }

    fn shape_choice(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let chosen = self.choice.shape.clone();
            egui::ComboBox::from_label("Shape")
                .selected_text(&chosen)
                .height(360.0)
                .show_ui(ui, |ui| {
                    for &(name, usual) in shapes::NAMES {
                        if ui.selectable_label(name == chosen, name).clicked() {
                            self.choice.shape = name.to_string();
                            let orders = shape_orders(name, usual);
                            if !orders.contains(&self.choice.order) {
                                self.choice.order = usual;
                            }
                        }
                    }
                });
            let usual = shapes::NAMES
                .iter()
                .find(|(n, _)| *n == self.choice.shape)
                .map_or(9, |&(_, u)| u);
            let orders = shape_orders(&self.choice.shape, usual);
            if !orders.contains(&self.choice.order) {
                self.choice.order = usual;
            }
            if orders.len() > 1 {
                ui.add_space(8.0);
                egui::ComboBox::from_label("Symbols")
                    .selected_text(self.choice.order.to_string())
                    .show_ui(ui, |ui| {
                        for order in orders {
                            ui.selectable_value(&mut self.choice.order, order, order.to_string());
                        }
                    });
            } else {
                ui.label(format!("{} symbols", self.choice.order));
            }
        });
    }

    fn grade_choice(&mut self, ui: &mut egui::Ui, preferred: &Notation) {
        ui.horizontal(|ui| {
            ui.label("Grade:");
            for level in Level::ALL {
                let other = NewGame {
                    grade: level,
                    ..self.choice.clone()
                };
                let why = self.blocked(&other, preferred);
                let item = egui::Button::selectable(self.choice.grade == level, level.label());
                let response = ui.add_enabled(why.is_none(), item);
                let response = match &why {
                    Some(why) => response.on_disabled_hover_text(capitalised(why)),
                    None => response.on_hover_text(level.about()),
                };
                if response.clicked() {
                    self.choice.grade = level;
                }
            }
        });
    }

    fn symmetry_choice(&mut self, ui: &mut egui::Ui, preferred: &Notation) {
        let variant = self.choice.board == Source::Square
            && (self.choice.x || self.choice.hyper || self.choice.jigsaw || self.choice.killer);
        ui.horizontal(|ui| {
            ui.label("Symmetry:");
            for symmetry in Symmetry::ALL {
                let other = NewGame {
                    symmetry,
                    ..self.choice.clone()
                };
                let why = if variant {
                    Some("a variant's givens are taken out one cell at a time: no symmetry".into())
                } else {
                    self.blocked(&other, preferred)
                };
                let shown = if variant {
                    symmetry == Symmetry::None
                } else {
                    self.choice.symmetry == symmetry
                };
                let label = capitalised(symmetry.name());
                let item = egui::Button::selectable(shown, label);
                let response = ui.add_enabled(why.is_none(), item);
                let response = match &why {
                    Some(why) => response.on_disabled_hover_text(capitalised(why)),
                    None => response.on_hover_text(match symmetry {
                        Symmetry::None => "Givens anywhere",
                        Symmetry::Rotational => "Givens in pairs, a half turn apart",
                        Symmetry::Mirror => "Givens in pairs, mirrored left to right",
                    }),
                };
                if response.clicked() {
                    self.choice.symmetry = symmetry;
                }
            }
        });
    }

    /// Why `other` (the choice with one thing changed) is greyed out: the generator refuses it.
    /// (A choice refused as it stands, left so by a change of size, is undone by the change
    /// that mends it, which is not refused.)
    fn blocked(&mut self, other: &NewGame, preferred: &Notation) -> Option<String> {
        self.refusal_of(other, preferred)
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
