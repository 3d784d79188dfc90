//! The panels around the board: the menu bar above it and the status line below.

use std::time::Instant;

use egui::RichText;

use crate::config::Theme;
use crate::game::history::format_clock;
use crate::game::{Command, Uniqueness, counted};
use crate::sudoku::board::shapes;
use crate::sudoku::{BoardKind, Grade};

use super::action::{Action, Place};
use super::new_game::{named_shape, shape_orders};
use super::settings::CopyForm;
use super::window::App;

impl App {
    pub(super) fn menus(&mut self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        ui.menu_button("File", |ui| {
            if ui.button("Open…  (Ctrl+O)").clicked() {
                actions.push(Action::Open);
            }
            if ui.button("Save game…  (Ctrl+S)").clicked() {
                actions.push(Action::Save);
            }
            if ui.button("Export PDF…").clicked() {
                actions.push(Action::ExportPdf);
            }
            if ui.button("Export image…").clicked() {
                actions.push(Action::ExportImage);
            }
            ui.separator();
            if ui.button("Copy board  (Ctrl+C)").clicked() {
                actions.push(Action::Copy);
            }
            ui.menu_button("Copy as", |ui| {
                let board = self.game.board();
                for form in CopyForm::ALL {
                    let fits = form.format().holds(board);
                    let chosen = self.settings.copy == form;
                    let button = egui::Button::selectable(chosen, form.label());
                    let response = ui.add_enabled(fits.is_ok(), button);
                    let response = match &fits {
                        Err(why) => response.on_disabled_hover_text(why),
                        Ok(()) => response.on_hover_text("Copy it so, and make Ctrl+C copy so"),
                    };
                    if response.clicked() {
                        actions.push(Action::CopyAs(form));
                    }
                }
            });
            ui.label(RichText::new("Paste a puzzle in any form: Ctrl+V").weak());
            ui.separator();
            if ui.button(format!("Quit  ({})", self.keys.quit)).clicked() {
                actions.push(Action::Quit);
            }
        });
        let keys = self.keys;
        let notes_mode = self.game.notes_mode();
        ui.menu_button("Edit", |ui| {
            let (undo, redo) = (self.game.can_undo() > 0, self.game.can_redo() > 0);
            if ui
                .add_enabled(undo, egui::Button::new("Undo  (Ctrl+Z)"))
                .clicked()
            {
                actions.push(Action::Game(Command::Undo));
            }
            if ui
                .add_enabled(redo, egui::Button::new("Redo  (Ctrl+Y)"))
                .clicked()
            {
                actions.push(Action::Game(Command::Redo));
            }
            let items = [
                (
                    format!(
                        "{} notes mode  ({} or hold Alt)",
                        if notes_mode { "Leave" } else { "Enter" },
                        keys.notes
                    ),
                    Command::ToggleNotesMode,
                ),
                (
                    format!("Fill in every candidate  ({})", keys.fill_notes),
                    Command::FillNotes,
                ),
                (format!("Hint  ({})", keys.hint), Command::Hint),
                (
                    format!("Check my entries  ({})", keys.check),
                    Command::Check,
                ),
            ];
            for (label, command) in items {
                if ui.button(label).clicked() {
                    actions.push(Action::Game(command));
                }
            }
            let steps = if self.steps.is_some() {
                "Close the steps"
            } else {
                "Solve step by step…"
            };
            if ui
                .button(steps)
                .on_hover_text(
                    "Every step a person would take from here, to read and show one by one",
                )
                .clicked()
            {
                actions.push(Action::StepsLog);
            }
        });
        ui.menu_button("Puzzles", |ui| {
            for (k, collection) in self.collections.iter().enumerate() {
                ui.menu_button(&collection.name, |ui| {
                    let count = collection.puzzles.len();
                    let about = match collection.grade {
                        Some(grade) => counted(
                            count,
                            &format!("{grade} puzzle"),
                            &format!("{grade} puzzles"),
                        ),
                        None => counted(count, "puzzle", "puzzles"),
                    };
                    ui.label(RichText::new(about).small().weak())
                        .on_hover_text(format!("From {}", collection.source));
                    ui.horizontal_wrapped(|ui| {
                        ui.set_max_width(260.0);
                        for p in 0..collection.puzzles.len() {
                            let here = self.place
                                == Some(Place {
                                    collection: k,
                                    puzzle: p,
                                });
                            if ui.selectable_label(here, format!("{}", p + 1)).clicked() {
                                actions.push(Action::Pick(Place {
                                    collection: k,
                                    puzzle: p,
                                }));
                            }
                        }
                    });
                });
            }
            ui.separator();
            ui.label(
                RichText::new(format!(
                    "{} / {}: next / previous",
                    self.keys.next, self.keys.previous
                ))
                .weak(),
            );
        });
        let size = self.game.geometry();
        let notation = self.game.board().notation().clone();
        let on_shape = self
            .game
            .board()
            .shape()
            .and_then(|s| named_shape(s.name()).map(|n| (n, s.symbols())));
        let ctrl_n = !super::keys::ctrl_n_taken(&self.keys);
        ui.menu_button("New", |ui| {
            let label = if ctrl_n {
                "New game…  (Ctrl+N)"
            } else {
                "New game…"
            };
            if ui.button(label).clicked() {
                actions.push(Action::NewGame);
            }
            ui.separator();
            if let Some((name, order)) = on_shape {
                // A board on a shape makes another of its shape.
                ui.label(format!("A new {name} puzzle:"));
                shape_grades(ui, name, order, actions);
                ui.separator();
            }
            ui.label(format!("A new {size} puzzle:"));
            // A board without boxes (a 5×5 or 7×7 jigsaw's) makes jigsaws only.
            let boxes = size.has_boxes();
            for grade in Grade::ALL {
                let name = grade.name();
                let label = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
                if ui.add_enabled(boxes, egui::Button::new(label)).clicked() {
                    let classic = BoardKind::Classic(notation.clone());
                    actions.push(Action::Generate(classic, grade));
                }
            }
            ui.separator();
            ui.label("A variant:");
            let square = boxes && size.box_rows() == size.box_cols();
            let variants = [
                ("X", "x", boxes),
                ("Hyper", "hyper", square),
                ("Jigsaw", "jigsaw", true),
                ("Killer", "killer", boxes),
                ("Killer X", "killer+x", boxes),
            ];
            for (label, kind, possible) in variants {
                let Ok(kind) = BoardKind::parse(kind, notation.clone()) else {
                    continue;
                };
                ui.add_enabled_ui(possible, |ui| {
                    ui.menu_button(label, |ui| {
                        for grade in Grade::ALL {
                            let name = grade.name();
                            let label = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
                            if ui.button(label).clicked() {
                                actions.push(Action::Generate(kind.clone(), grade));
                            }
                        }
                    });
                })
                .response
                .on_disabled_hover_text(
                    "Hyper windows are defined for square boxes (4×4, 9×9, 16×16, ...); a board \
                     without boxes is a jigsaw's",
                );
            }
            ui.separator();
            let own = self.user_shapes.list();
            ui.menu_button("A shape", |ui| {
                if !own.is_empty() {
                    ui.label("Your shapes:");
                    for (name, path) in own {
                        if ui.button(name).clicked() {
                            actions.push(Action::GenerateShapeFile(path));
                        }
                    }
                    ui.separator();
                }
                for &(name, usual) in shapes::NAMES {
                    let orders = shape_orders(name, usual);
                    ui.menu_button(name, |ui| {
                        if let [order] = orders[..] {
                            shape_grades(ui, name, order, actions);
                            return;
                        }
                        for order in orders {
                            ui.menu_button(format!("{order} symbols"), |ui| {
                                shape_grades(ui, name, order, actions);
                            });
                        }
                    });
                }
            });
        });
        // The View menu stays open while its boxes are ticked, one after another.
        let stays_open = egui::containers::menu::MenuConfig::new()
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new("View")
            .config(stays_open)
            .ui(ui, |ui| {
                let mut changed = false;
                for (name, on) in self.settings.entries() {
                    changed |= ui.checkbox(on, name).changed();
                }
                ui.separator();
                ui.label("Theme:");
                let current = self.settings.theme.unwrap_or(self.config.theme);
                for (theme, label) in [
                    (Theme::System, "Follow the system"),
                    (Theme::Light, "Light"),
                    (Theme::Dark, "Dark"),
                ] {
                    if ui.radio(current == theme, label).clicked() {
                        self.settings.theme = Some(theme);
                        self.themed = false;
                        changed = true;
                    }
                }
                if changed {
                    actions.push(Action::Settings);
                }
                ui.separator();
                if ui.button("Statistics…").clicked() {
                    self.statistics = true;
                    ui.close();
                }
            });
        ui.menu_button("Colour", |ui| {
            let dark = ui.visuals().dark_mode;
            let paints = super::colouring::paints(dark);
            let highlighted = self.filter.or(self.chosen).or_else(|| self.highlighted());
            super::colouring::colour_menu(
                ui,
                &self.game,
                &paints,
                highlighted,
                self.filter,
                actions,
            );
        });
        ui.menu_button("Watch", |ui| {
            let label = if self.watching.is_some() {
                format!("Stop watching  ({} or Esc)", self.keys.watch)
            } else {
                format!("Watch the search  ({})", self.keys.watch)
            };
            if ui.button(label).clicked() {
                actions.push(Action::Watch);
            }
            if ui
                .add_enabled(
                    self.comparing.is_none(),
                    egui::Button::new("Compare DLX and backtracking"),
                )
                .clicked()
            {
                actions.push(Action::Compare);
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Keys  (F1 or ?)").clicked() {
                actions.push(Action::Help);
            }
        });
    }

    pub(super) fn status_panel(&mut self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        ui.add_space(4.0);
        // The status line takes two lines of the window's width, always: a longer message wraps,
        // and past two lines is cut with "…", the whole of it shown on hover. So the panel keeps
        // its height and the board never moves.
        let size = 15.0;
        let height = 2.0 * ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(size)));
        let width = ui.available_width();
        ui.allocate_ui_with_layout(
            egui::vec2(width, height),
            egui::Layout::left_to_right(egui::Align::Min),
            |ui| {
                ui.set_min_height(height);
                if self.game.is_solving() || self.making.is_some() {
                    ui.spinner();
                }
                let status = self.game.status();
                let color = if status.problem {
                    ui.visuals().error_fg_color
                } else {
                    ui.visuals().text_color()
                };
                let mut job = egui::text::LayoutJob::single_section(
                    status.text.clone(),
                    egui::TextFormat::simple(egui::FontId::proportional(size), color),
                );
                job.wrap = egui::text::TextWrapping {
                    max_width: ui.available_width(),
                    max_rows: 2,
                    break_anywhere: false,
                    overflow_character: Some('…'),
                };
                // A label cut short shows its whole text, in its colour, on hover (egui's own
                // tooltip for an elided label).
                let galley = ui.fonts_mut(|f| f.layout_job(job));
                ui.add(egui::Label::new(galley).selectable(false));
            },
        );
        ui.horizontal(|ui| {
            // One line high whatever it holds (a spinner is taller than the text), so that the
            // panel keeps its height.
            ui.set_min_height(ui.spacing().interact_size.y);
            // The count of solutions, in words that alarm only when something is wrong: no
            // solution left. (The View menu turns it off, for those who would rather not know.)
            let filled = self.game.board().filled() > 0;
            if self.settings.solution_count && filled {
                let whose = if self.game.entries().filled() > 0 {
                    "Givens and entries"
                } else {
                    "Puzzle"
                };
                let budget = crate::game::BACKGROUND_BUDGET.as_secs();
                let (text, bad) = match self.game.uniqueness() {
                    Uniqueness::Checking => ("counting solutions…".into(), false),
                    Uniqueness::None => ("no solution".into(), true),
                    Uniqueness::One => ("one solution".into(), false),
                    Uniqueness::Many => ("more than one solution".into(), false),
                    Uniqueness::Unknown => ("solutions not counted (stopped)".into(), false),
                    Uniqueness::Undecided => (
                        format!("solutions not decided (gave up after {budget} s)"),
                        false,
                    ),
                };
                if self.game.uniqueness() == Uniqueness::Checking {
                    ui.spinner();
                }
                let text = RichText::new(format!("{whose}: {text}")).size(13.0);
                ui.label(if bad {
                    text.color(ui.visuals().warn_fg_color)
                } else {
                    text
                });
            }
            if self.game.has_puzzle() && self.settings.clock {
                let time = format_clock(self.game.elapsed(Instant::now()));
                let paused = if self.game.clock_running() || self.game.board().is_full() {
                    ""
                } else {
                    " (paused)"
                };
                ui.label(RichText::new(format!("· time {time}{paused}")).size(13.0));
                let key = self.keys.pause;
                let (word, what) = if self.paused {
                    ("Resume", "Show the board and start the clock again")
                } else {
                    ("Pause", "Hide the board and stop the clock")
                };
                let button = egui::Button::new(RichText::new(word).size(12.0)).small();
                if ui
                    .add(button)
                    .on_hover_text(format!("{what} ({key})"))
                    .clicked()
                {
                    actions.push(Action::Pause);
                }
            }
            if self.game.notes_mode() {
                ui.label(
                    RichText::new("· NOTES")
                        .size(13.0)
                        .strong()
                        .color(ui.visuals().hyperlink_color),
                );
            }
            if let Some(place) = self.place
                && let Some(c) = self.collections.get(place.collection)
            {
                ui.label(
                    RichText::new(format!(
                        "· {} · {} of {}",
                        c.name,
                        place.puzzle + 1,
                        c.puzzles.len()
                    ))
                    .size(13.0),
                );
            }
        });
        let keys = &self.keys;
        ui.label(
            RichText::new(format!(
                "hover a cell and type · {} notes · {} hint · Ctrl+Z undo · {} solves · {} resets · {}/{} next/previous · F1 all keys · {} quits",
                keys.notes, keys.hint, keys.solve, keys.reset, keys.next, keys.previous, keys.quit
            ))
            .size(12.0)
            .color(ui.visuals().weak_text_color()),
        );
        ui.add_space(4.0);
    }
}

/// The grades a shape's puzzles are made to: unique (as sparse as it goes), and each grade the
/// rater gives; a board of four symbols or fewer is easy or unique, since logic almost always
/// finishes it with singles.
fn shape_grades(ui: &mut egui::Ui, name: &'static str, order: usize, actions: &mut Vec<Action>) {
    if ui
        .button("Unique")
        .on_hover_text("One solution, as few givens as the generator can leave")
        .clicked()
    {
        actions.push(Action::GenerateShape(name, order, None));
    }
    let grades: &[(Grade, &str)] = &[
        (
            Grade::Easy,
            "Solved by singles alone (and cage combinations)",
        ),
        (Grade::Medium, "Needs locked candidates or pairs"),
        (Grade::Hard, "Needs triples, fish or an XY-wing"),
        (Grade::Expert, "Logic stalls: needs search"),
    ];
    let most = if order <= 4 { 1 } else { grades.len() };
    for &(grade, what) in &grades[..most] {
        let label = grade.name();
        let mut title = label.to_string();
        title[..1].make_ascii_uppercase();
        if ui.button(title).on_hover_text(what).clicked() {
            actions.push(Action::GenerateShape(name, order, Some(grade)));
        }
    }
}
