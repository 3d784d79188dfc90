//! Drawing the board and reading the keyboard: egui in, [`Action`]s out. Nothing here changes the
//! game; the rules live in [`game`](crate::game), and [`App`](crate::app::App) applies what these
//! functions return.

use egui::{Align2, Color32, FontId, Key, Modifiers, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use crate::config::{KeyName, KeySpec, Keys};
use crate::game::{Command, Game, Origin};

/// What the player asked for this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A change to the game.
    Game(Command),
    /// Solve the board (on the worker thread).
    Solve,
    /// Stop a solve, or the making of a puzzle, under way.
    Cancel,
    /// Close the window.
    Quit,
    /// The next puzzle of the collection.
    Next,
    /// The previous puzzle of the collection.
    Previous,
    /// A puzzle picked from a collection.
    Pick(crate::app::Place),
    /// Show the file dialog to open a puzzle file.
    Open,
    /// Show the file dialog to save the game.
    Save,
    /// Open this puzzle file (chosen in the dialog, or dropped on the window).
    OpenPath(std::path::PathBuf),
    /// Save the game to this file.
    SaveTo(std::path::PathBuf),
    /// Copy the board to the clipboard as one line.
    Copy,
    /// Text pasted from the clipboard: a puzzle to load.
    Paste(String),
    /// Make a new puzzle of this grade, of the board's size.
    Generate(crate::sudoku::Grade),
}

/// The colours of the board, for light or dark mode.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    given: Color32,
    entry: Color32,
    solver: Color32,
    clash: Color32,
    clash_fill: Color32,
    selected_fill: Color32,
    selected_edge: Color32,
    peer_fill: Color32,
    thin: Color32,
    thick: Color32,
}

impl Palette {
    /// Colours that read well on egui's light or dark background.
    pub fn new(dark: bool) -> Self {
        if dark {
            Palette {
                given: Color32::from_rgb(235, 235, 235),
                entry: Color32::from_rgb(120, 175, 255),
                solver: Color32::from_rgb(110, 205, 135),
                clash: Color32::from_rgb(255, 110, 110),
                clash_fill: Color32::from_rgba_unmultiplied(200, 40, 40, 70),
                selected_fill: Color32::from_rgb(60, 80, 120),
                selected_edge: Color32::from_rgb(120, 175, 255),
                peer_fill: Color32::from_rgb(40, 46, 58),
                thin: Color32::from_gray(90),
                thick: Color32::from_gray(210),
            }
        } else {
            Palette {
                given: Color32::from_rgb(20, 20, 20),
                entry: Color32::from_rgb(25, 85, 200),
                solver: Color32::from_rgb(20, 125, 60),
                clash: Color32::from_rgb(200, 20, 20),
                clash_fill: Color32::from_rgba_unmultiplied(230, 60, 60, 60),
                selected_fill: Color32::from_rgb(190, 215, 250),
                selected_edge: Color32::from_rgb(25, 85, 200),
                peer_fill: Color32::from_rgb(234, 240, 250),
                thin: Color32::from_gray(170),
                thick: Color32::from_gray(30),
            }
        }
    }

    /// The colour of a value from this origin.
    fn text(&self, origin: Origin) -> Color32 {
        match origin {
            Origin::Given | Origin::Empty => self.given,
            Origin::Entry => self.entry,
            Origin::Solver => self.solver,
        }
    }
}

/// Where the board lies on screen: its square and the side of one cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    /// The board's square, borders included.
    pub rect: Rect,
    /// Cells per side.
    pub side: usize,
}

impl BoardLayout {
    /// The largest square board that fits `available`: centred across, at the top.
    pub fn fit(available: Rect, side: usize) -> Self {
        let size = available.width().min(available.height()).max(1.0);
        let rect = Rect::from_min_size(
            Pos2::new(available.center().x - size / 2.0, available.min.y),
            Vec2::splat(size),
        );
        BoardLayout { rect, side }
    }

    /// The side of one cell, in points.
    pub fn cell_size(&self) -> f32 {
        self.rect.width() / self.side as f32
    }

    /// The rectangle of a cell.
    pub fn cell_rect(&self, row: usize, col: usize) -> Rect {
        let s = self.cell_size();
        Rect::from_min_size(
            self.rect.min + Vec2::new(col as f32 * s, row as f32 * s),
            Vec2::splat(s),
        )
    }

    /// The cell under a point, if the point is on the board.
    pub fn cell_at(&self, pos: Pos2) -> Option<(usize, usize)> {
        if !self.rect.contains(pos) {
            return None;
        }
        let s = self.cell_size();
        let col = (((pos.x - self.rect.min.x) / s) as usize).min(self.side - 1);
        let row = (((pos.y - self.rect.min.y) / s) as usize).min(self.side - 1);
        Some((row, col))
    }
}

/// Draws the board in the space left in `ui` and returns the layout it used and what the pointer
/// asked for (selecting the hovered cell).
pub fn board(ui: &mut egui::Ui, game: &Game, actions: &mut Vec<Action>) -> BoardLayout {
    let g = game.geometry();
    let side = g.side();
    let (area, response) = ui.allocate_exact_size(ui.available_size(), Sense::hover());
    let layout = BoardLayout::fit(area.shrink(4.0), side);
    if let Some((row, col)) = response.hover_pos().and_then(|p| layout.cell_at(p)) {
        let cell = g.cell(row, col);
        if game.selected() != Some(cell) {
            actions.push(Action::Game(Command::Select(cell)));
        }
    }

    let palette = Palette::new(ui.visuals().dark_mode);
    let painter = ui.painter_at(area);
    painter.rect_filled(layout.rect, 0.0, ui.visuals().extreme_bg_color);
    let selected = game.selected();
    let peers = |cell: usize| {
        selected.is_some_and(|s| {
            g.row_of(s) == g.row_of(cell)
                || g.col_of(s) == g.col_of(cell)
                || g.box_of(s) == g.box_of(cell)
        })
    };
    let font = FontId::proportional((layout.cell_size() * 0.62).max(6.0));
    let alphabet = game.board().alphabet();
    for row in 0..side {
        for col in 0..side {
            let cell = g.cell(row, col);
            let rect = layout.cell_rect(row, col);
            if selected == Some(cell) {
                painter.rect_filled(rect, 0.0, palette.selected_fill);
            } else if peers(cell) {
                painter.rect_filled(rect, 0.0, palette.peer_fill);
            }
            let clash = game.is_clash(cell);
            if clash {
                painter.rect_filled(rect.shrink(1.0), 0.0, palette.clash_fill);
            }
            let value = game.value(cell);
            if value != 0 {
                let colour = if clash {
                    palette.clash
                } else {
                    palette.text(game.origin(cell))
                };
                let symbol = alphabet.symbol(value).to_string();
                painter.text(
                    rect.center(),
                    Align2::CENTER_CENTER,
                    symbol,
                    font.clone(),
                    colour,
                );
                if game.origin(cell) == Origin::Given {
                    // Givens are drawn twice, a hair apart: a bold face without a bold font.
                    let nudge = (layout.cell_size() / 36.0).max(1.0);
                    let symbol = alphabet.symbol(value).to_string();
                    painter.text(
                        rect.center() + Vec2::new(nudge, 0.0),
                        Align2::CENTER_CENTER,
                        symbol,
                        font.clone(),
                        colour,
                    );
                }
            }
            // Each cell is its own node for screen readers: "row 3, column 4: 5, given".
            let id = response.id.with(cell);
            let cell_response = ui.interact(rect, id, Sense::hover());
            let label = game.cell_label(cell);
            cell_response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::GridCell, true, label.clone())
            });
        }
    }

    // Cell borders thin, box borders thick, the frame thickest.
    let thin = Stroke::new(1.0, palette.thin);
    let thick = Stroke::new((layout.cell_size() / 14.0).clamp(2.0, 3.0), palette.thick);
    let r = layout.rect;
    for k in 1..side {
        let offset = k as f32 * layout.cell_size();
        let x = r.min.x + offset;
        let y = r.min.y + offset;
        let vertical = if k % g.box_cols() == 0 { thick } else { thin };
        let horizontal = if k % g.box_rows() == 0 { thick } else { thin };
        if vertical == thin {
            painter.line_segment([Pos2::new(x, r.min.y), Pos2::new(x, r.max.y)], vertical);
        }
        if horizontal == thin {
            painter.line_segment([Pos2::new(r.min.x, y), Pos2::new(r.max.x, y)], horizontal);
        }
    }
    for k in 1..side {
        let offset = k as f32 * layout.cell_size();
        if k % g.box_cols() == 0 {
            let x = r.min.x + offset;
            painter.line_segment([Pos2::new(x, r.min.y), Pos2::new(x, r.max.y)], thick);
        }
        if k % g.box_rows() == 0 {
            let y = r.min.y + offset;
            painter.line_segment([Pos2::new(r.min.x, y), Pos2::new(r.max.x, y)], thick);
        }
    }
    painter.rect_stroke(r, 0.0, thick, StrokeKind::Middle);
    if let Some(cell) = selected {
        let rect = layout.cell_rect(g.row_of(cell), g.col_of(cell));
        let edge = Stroke::new(
            (layout.cell_size() / 16.0).clamp(1.5, 3.0),
            palette.selected_edge,
        );
        painter.rect_stroke(rect.shrink(1.0), 0.0, edge, StrokeKind::Inside);
    }
    layout
}

/// The egui key a configured key stands for.
pub fn egui_key(spec: KeySpec) -> Option<Key> {
    match spec.key {
        KeyName::Char(c) => Key::from_name(&c.to_string()),
        KeyName::Space => Some(Key::Space),
        KeyName::Enter => Some(Key::Enter),
        KeyName::Escape => Some(Key::Escape),
        KeyName::Tab => Some(Key::Tab),
        KeyName::Backspace => Some(Key::Backspace),
        KeyName::Delete => Some(Key::Delete),
        KeyName::F(n) => Key::from_name(&format!("F{n}")),
    }
}

/// True if a key press with these modifiers is the configured key.
pub fn is_key(spec: KeySpec, key: Key, modifiers: Modifiers) -> bool {
    egui_key(spec) == Some(key) && modifiers.command == spec.ctrl
}

/// Turns this frame's keyboard input into actions: command keys, symbols (typed text, so the
/// keyboard layout is respected; letters in either case), clearing and moving keys.
pub fn keyboard(ctx: &egui::Context, game: &Game, keys: &Keys, actions: &mut Vec<Action>) {
    let alphabet = game.board().alphabet().clone();
    ctx.input(|input| {
        for event in &input.events {
            match event {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => {
                    let key = *key;
                    let action = if is_key(keys.quit, key, *modifiers) {
                        Some(Action::Quit)
                    } else if is_key(keys.solve, key, *modifiers) {
                        Some(Action::Solve)
                    } else if is_key(keys.reset, key, *modifiers) {
                        Some(Action::Game(Command::Reset))
                    } else if is_key(keys.next, key, *modifiers) {
                        Some(Action::Next)
                    } else if is_key(keys.previous, key, *modifiers) {
                        Some(Action::Previous)
                    } else if modifiers.command && key == Key::O {
                        Some(Action::Open)
                    } else if modifiers.command && key == Key::S {
                        Some(Action::Save)
                    } else {
                        match key {
                            Key::Escape => Some(Action::Cancel),
                            Key::Backspace | Key::Delete => Some(Action::Game(Command::Clear)),
                            Key::ArrowUp => Some(Action::Game(Command::Move { rows: -1, cols: 0 })),
                            Key::ArrowDown => {
                                Some(Action::Game(Command::Move { rows: 1, cols: 0 }))
                            }
                            Key::ArrowLeft => {
                                Some(Action::Game(Command::Move { rows: 0, cols: -1 }))
                            }
                            Key::ArrowRight => {
                                Some(Action::Game(Command::Move { rows: 0, cols: 1 }))
                            }
                            _ => None,
                        }
                    };
                    actions.extend(action);
                }
                egui::Event::Copy => actions.push(Action::Copy),
                egui::Event::Paste(text) => actions.push(Action::Paste(text.clone())),
                egui::Event::Text(text) => {
                    for c in text.chars() {
                        if let Some(value) = alphabet.value(c) {
                            actions.push(Action::Game(Command::Enter(value)));
                        } else if alphabet.is_empty_marker(c) {
                            actions.push(Action::Game(Command::Clear));
                        }
                    }
                }
                _ => {}
            }
        }
    });
}
