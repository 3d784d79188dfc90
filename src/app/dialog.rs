//! A small file dialog drawn with egui: a folder listing to click through and a name field.
//!
//! Drawn by the app itself rather than asked of the desktop, so it works the same on every
//! platform, under Xvfb in CI, and in `egui_kittest` tests, with no portal or toolkit behind it.
//!
//! Saving offers the formats a game is saved in ([`SAVE_FORMATS`]): choosing one gives the name
//! its extension, and the extension is what chooses the format (see `App::save_to`). Exporting a
//! picture offers PNG and SVG ([`IMAGE_FORMATS`]) the same way (see `App::export_image`).

use std::path::{Path, PathBuf};

use crate::print::ImageFormat;
use crate::sudoku::Format;

/// The formats the game is saved in, as the save dialog offers them: a label and the extension
/// that chooses the format. This program's own (`.txt`: one line with the entries in a comment,
/// or the TOML form for a variant or a shape), and KSudoku's saved game (`.ksudoku`).
pub const SAVE_FORMATS: [(&str, &str); 2] = [
    ("sudoku-dlx game (.txt)", "txt"),
    ("KSudoku (.ksudoku)", "ksudoku"),
];

/// The picture formats File → Export image offers: a label and the extension that chooses
/// the format (any name not ending in `.svg` is written as PNG).
pub const IMAGE_FORMATS: [(&str, &str); 2] = [("PNG (.png)", "png"), ("SVG (.svg)", "svg")];

/// `name` with the extension `ext` in place of its own (`.ksudoku.xml` counts as one).
pub fn with_extension(name: &str, ext: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let stem = if lower.ends_with(".ksudoku.xml") {
        &name[..name.len() - ".ksudoku.xml".len()]
    } else {
        match Path::new(name).extension().and_then(|e| e.to_str()) {
            Some(e) if !name.ends_with('/') => &name[..name.len() - e.len() - 1],
            _ => name,
        }
    };
    let stem = if stem.is_empty() {
        "sudoku-dlx-game"
    } else {
        stem
    };
    format!("{stem}.{ext}")
}

/// What the dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Choose a puzzle file to open.
    Open,
    /// Choose where to save the game.
    Save,
    /// Choose where to write the board as a PDF to print.
    ExportPdf,
    /// Choose where to write a picture of the board (the extension chooses SVG or PNG).
    ExportImage,
}

/// What the player did with the dialog this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Still choosing.
    Pending,
    /// Closed without a choice.
    Cancelled,
    /// This file was chosen.
    Chosen(PathBuf),
}

/// The dialog's state between frames.
#[derive(Debug, Clone)]
pub struct FileDialog {
    purpose: Purpose,
    dir: PathBuf,
    /// The name typed or clicked: a file in `dir`, or a path of its own.
    name: String,
    /// Sub-folders and files of `dir` (folders first), names only.
    listing: Vec<(String, bool)>,
    /// Why the folder could not be listed.
    problem: Option<String>,
    /// The name field has had the keyboard once: it takes it when the dialog opens, so that a
    /// name can be typed and Enter pressed at once.
    focused: bool,
}

impl FileDialog {
    /// A dialog showing `dir`, with `name` filled in.
    pub fn new(purpose: Purpose, dir: &Path, name: &str) -> Self {
        let mut dialog = FileDialog {
            purpose,
            dir: dir.to_path_buf(),
            name: name.to_string(),
            listing: Vec::new(),
            problem: None,
            focused: false,
        };
        dialog.list();
        dialog
    }

    /// What the dialog is for.
    pub fn purpose(&self) -> Purpose {
        self.purpose
    }

    /// The folder shown.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn list(&mut self) {
        self.listing.clear();
        self.problem = None;
        match std::fs::read_dir(&self.dir) {
            Ok(entries) => {
                for entry in entries.flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                    self.listing.push((name, is_dir));
                }
                self.listing.sort_by(|a, b| {
                    b.1.cmp(&a.1)
                        .then_with(|| a.0.to_lowercase().cmp(&b.0.to_lowercase()))
                });
            }
            Err(e) => self.problem = Some(format!("{}: {e}", self.dir.display())),
        }
    }

    fn enter(&mut self, dir: PathBuf) {
        self.dir = dir;
        self.list();
    }

    /// The path the name field stands for.
    fn target(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        (!name.is_empty()).then(|| self.dir.join(name))
    }

    /// The formats to save in, the one the name's extension chooses selected; a click puts its
    /// extension on the name.
    fn format_row(&mut self, ui: &mut egui::Ui) {
        let chosen = Format::from_path(Path::new(self.name.trim()));
        ui.horizontal(|ui| {
            ui.label("Save as:");
            for (label, ext) in SAVE_FORMATS {
                let is_ksudoku = ext == Format::Ksudoku.extension();
                let selected = (chosen == Some(Format::Ksudoku)) == is_ksudoku;
                if ui.selectable_label(selected, label).clicked() {
                    self.name = with_extension(self.name.trim(), ext);
                }
            }
        });
    }

    /// The picture formats, the one the name's extension chooses selected; a click puts its
    /// extension on the name.
    fn image_row(&mut self, ui: &mut egui::Ui) {
        let svg = ImageFormat::of_path(Path::new(self.name.trim())) == ImageFormat::Svg;
        ui.horizontal(|ui| {
            ui.label("Picture:");
            for (label, ext) in IMAGE_FORMATS {
                if ui.selectable_label((ext == "svg") == svg, label).clicked() {
                    let name = match self.name.trim() {
                        "" => "sudoku-dlx-board",
                        name => name,
                    };
                    self.name = with_extension(name, ext);
                }
            }
        });
    }

    /// Draws the dialog (a window over the board) and says what was chosen.
    pub fn show(&mut self, ctx: &egui::Context) -> Choice {
        let title = match self.purpose {
            Purpose::Open => "Open a puzzle file",
            Purpose::Save => "Save the game",
            Purpose::ExportPdf => "Export the board as a PDF to print",
            Purpose::ExportImage => "Export a picture of the board",
        };
        let mut choice = Choice::Pending;
        let mut open = true;
        egui::Window::new(title)
            .collapsible(false)
            .resizable(true)
            .default_size([440.0, 360.0])
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .open(&mut open)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("Up").clicked()
                        && let Some(parent) = self.dir.parent()
                    {
                        let parent = parent.to_path_buf();
                        self.enter(parent);
                    }
                    ui.label(self.dir.display().to_string());
                });
                ui.separator();
                let mut go_into = None;
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if let Some(problem) = &self.problem {
                            ui.colored_label(ui.visuals().error_fg_color, problem);
                        }
                        for (name, is_dir) in &self.listing {
                            let label = if *is_dir {
                                format!("{name}/")
                            } else {
                                name.clone()
                            };
                            let selected = !*is_dir && self.name == *name;
                            let response = ui.selectable_label(selected, label);
                            if response.clicked() {
                                if *is_dir {
                                    go_into = Some(self.dir.join(name));
                                } else {
                                    self.name = name.clone();
                                }
                            }
                            if response.double_clicked() && !*is_dir {
                                choice = Choice::Chosen(self.dir.join(name));
                            }
                        }
                    });
                if let Some(dir) = go_into {
                    self.enter(dir);
                }
                ui.separator();
                match self.purpose {
                    Purpose::Save => self.format_row(ui),
                    Purpose::ExportImage => self.image_row(ui),
                    Purpose::Open | Purpose::ExportPdf => {}
                }
                ui.horizontal(|ui| {
                    ui.label("File:");
                    let field = ui.add(
                        egui::TextEdit::singleline(&mut self.name)
                            .desired_width(260.0)
                            .hint_text("name, or a whole path"),
                    );
                    if !self.focused {
                        field.request_focus();
                        self.focused = true;
                    }
                    let entered =
                        field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    let verb = match self.purpose {
                        Purpose::Open => "Open",
                        Purpose::Save => "Save",
                        Purpose::ExportPdf | Purpose::ExportImage => "Export",
                    };
                    if (ui.button(verb).clicked() || entered)
                        && let Some(target) = self.target()
                    {
                        if target.is_dir() {
                            self.name.clear();
                            self.enter(target);
                        } else {
                            choice = Choice::Chosen(target);
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        choice = Choice::Cancelled;
                    }
                });
            });
        if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            choice = Choice::Cancelled;
        }
        choice
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_puts_its_extension_on_the_name() {
        assert_eq!(with_extension("game.txt", "ksudoku"), "game.ksudoku");
        assert_eq!(with_extension("game.ksudoku.xml", "txt"), "game.txt");
        assert_eq!(with_extension("game", "ksudoku"), "game.ksudoku");
        assert_eq!(with_extension("", "txt"), "sudoku-dlx-game.txt");
        assert_eq!(with_extension("a.b/game.ksudoku", "txt"), "a.b/game.txt");
    }
}
