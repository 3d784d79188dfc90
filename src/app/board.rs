//! Drawing the board and reading the keyboard: egui in, [`Action`]s out. Nothing here changes the
//! game; the rules live in [`game`](crate::game), and [`App`](crate::app::App) applies what these
//! functions return.

use std::sync::Arc;

use egui::{Align2, Color32, FontId, Galley, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use crate::config::{Colors, Rgba};
use crate::game::{Command, Game, Origin};

use super::action::Action;
pub use super::layout::BoardLayout;
use super::{shape_paint, variant_paint};
use crate::sudoku::logic::hint::values_of;
use crate::sudoku::{Alphabet, Geometry};

/// The board's symbols in one font, each laid out once a frame (uncoloured) and then painted in
/// every cell that shows it: on a 36×36 board that is 36 layouts a frame instead of one per cell.
pub(super) struct Glyphs {
    font: FontId,
    laid: Vec<Option<Arc<Galley>>>,
}

impl Glyphs {
    pub(super) fn new(font: FontId, side: usize) -> Self {
        Glyphs {
            font,
            laid: vec![None; side + 1],
        }
    }

    /// Paints symbol `value` centred on `at`.
    pub(super) fn paint(
        &mut self,
        painter: &egui::Painter,
        alphabet: &Alphabet,
        value: u8,
        at: Pos2,
        colour: Color32,
    ) {
        let Some(slot) = self.laid.get_mut(usize::from(value)) else {
            return;
        };
        let galley = slot.get_or_insert_with(|| {
            painter.layout_no_wrap(
                alphabet.symbol(value).to_string(),
                self.font.clone(),
                Color32::PLACEHOLDER,
            )
        });
        let rect = Align2::CENTER_CENTER.anchor_size(at, galley.size());
        painter.galley(rect.min, Arc::clone(galley), colour);
    }
}

/// The colours of the board, from the config's colours for the theme in use.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    given: Color32,
    entry: Color32,
    solver: Color32,
    note: Color32,
    clash: Color32,
    clash_fill: Color32,
    selected_fill: Color32,
    selected_edge: Color32,
    peer_fill: Color32,
    /// Behind the cells and pencil marks that hold the highlighted symbol: the entries' colour,
    /// faint (apart from the greys of the selection's row, column and box).
    same_fill: Color32,
    hint_fill: Color32,
    thin: Color32,
    thick: Color32,
    /// Behind an X board's diagonals and a hyper board's windows.
    variant_fill: Color32,
    /// Killer cages' outlines and sums.
    cage: Color32,
    /// The player's colours for cells and pencil marks ([`colouring`](super::colouring)).
    paints: [Color32; crate::game::COLOURS as usize],
}

fn color(c: Rgba) -> Color32 {
    let [r, g, b, a] = c.0;
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

impl Palette {
    /// The board's colours from `colors`, with lines that read on a light or `dark` background.
    pub fn new(colors: &Colors, dark: bool) -> Self {
        let [r, g, b, _] = colors.clash.0;
        Palette {
            given: color(colors.given),
            entry: color(colors.entry),
            solver: color(colors.solver),
            note: color(colors.note),
            clash: color(colors.clash),
            clash_fill: Color32::from_rgba_unmultiplied(r, g, b, 60),
            selected_fill: color(colors.selection),
            selected_edge: color(colors.entry),
            peer_fill: color(colors.peer),
            same_fill: color(colors.entry).gamma_multiply(0.3),
            hint_fill: color(colors.hint),
            thin: Color32::from_gray(if dark { 90 } else { 170 }),
            thick: Color32::from_gray(if dark { 210 } else { 30 }),
            variant_fill: if dark {
                Color32::from_rgba_unmultiplied(150, 170, 255, 34)
            } else {
                Color32::from_rgba_unmultiplied(70, 100, 200, 40)
            },
            cage: Color32::from_gray(if dark { 200 } else { 50 }),
            paints: super::colouring::paints(dark),
        }
    }

    /// The fill of the player's colour `colour` (1..=5), if it is one.
    fn paint(&self, colour: u8) -> Option<Color32> {
        let k = usize::from(colour).checked_sub(1)?;
        self.paints.get(k).copied()
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

/// What the pointer's hovering does this frame (see [`board`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hover {
    /// The cell the pointer comes onto is selected.
    Selects,
    /// A menu, popup or dialog is open: the pointer's cells are let go by.
    Covered,
    /// The pointer is crossing the board fast towards the menu bar: the cell it ends on is
    /// selected once it slows down.
    Crossing,
}

/// How the board is drawn this frame, beyond the game itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardView {
    /// What hovering does.
    pub hover: Hover,
    /// The symbol whose cells and pencil marks are highlighted (1..=side), if any.
    pub same: Option<u8>,
    /// Mark clashing symbols.
    pub clashes: bool,
    /// The symbol whose pencil marks alone are drawn, the cells that may take it shaded (the
    /// one-symbol filter), if any.
    pub filter: Option<u8>,
}

/// How pencil marks sit in a cell: shaped like a box (3×3 for 9×9, 2×3 for 6×6, 6×6 for 36×36);
/// on a board without boxes, the most nearly square grid that holds them (2×3 for 5×5).
pub(super) fn note_grid(g: Geometry) -> (usize, usize) {
    if g.has_boxes() {
        return (g.box_rows(), g.box_cols());
    }
    let side = g.side();
    let cols = side.isqrt() + usize::from(side.isqrt().pow(2) < side);
    (side.div_ceil(cols), cols)
}

/// Where each pencil mark of a cell sits, slot `k` for symbol `k + 1`: a grid of `grid` (rows,
/// columns) over `room`, the part of the cell the marks keep to. A row that reaches down
/// beside `label` (a cage's sum in the cell's top-left corner) is laid out in what the label
/// leaves to its right, so that no mark covers it.
pub(super) fn note_slots(room: Rect, grid: (usize, usize), label: Option<Rect>) -> Vec<Rect> {
    let (rows, cols) = (grid.0.max(1), grid.1.max(1));
    let cw = room.width() / cols as f32;
    let ch = room.height() / rows as f32;
    (0..rows * cols)
        .map(|k| {
            let (row, col) = ((k / cols) as f32, (k % cols) as f32);
            let top = room.top() + row * ch;
            let beside = label.filter(|l| l.bottom() > top && l.top() < top + ch);
            let (left, width) = match beside {
                Some(l) => {
                    let left = l.right().max(room.left()).min(room.right());
                    (left, (room.right() - left) / cols as f32)
                }
                None => (room.left(), cw),
            };
            Rect::from_min_size(Pos2::new(left + col * width, top), Vec2::new(width, ch))
        })
        .collect()
}

/// Draws the board in the space left in `ui` and returns the layout it used and what the pointer
/// asked for (selecting the hovered cell).
pub fn board(
    ui: &mut egui::Ui,
    game: &Game,
    palette: &Palette,
    view: &BoardView,
    actions: &mut Vec<Action>,
) -> BoardLayout {
    let g = game.geometry();
    let side = g.side();
    let shape = game.board().shape();
    let (area, response) = ui.allocate_exact_size(ui.available_size(), Sense::click());
    let layout = match shape {
        Some(s) => BoardLayout::fit_layout(area.shrink(4.0), s.layout()),
        None => BoardLayout::fit(area.shrink(4.0), side),
    };
    let under = |pos: Option<Pos2>| {
        pos.and_then(|p| layout.position_at(p))
            .filter(|&cell| game.board().is_cell(cell))
    };
    // A right click opens the cell's colours (the cell under it is the selected one: hovering
    // selected it, and nothing is selected while the menu is open).
    response.context_menu(|ui| {
        super::colouring::cell_menu(ui, game, &palette.paints, view.same, actions);
    });
    // A click selects the cell under the pointer.
    if response.clicked()
        && let Some(cell) = under(response.interact_pointer_pos())
    {
        actions.push(Action::Game(Command::Select(cell)));
    }
    // The pointer selects the cell it comes onto; resting there, it leaves the selection to the
    // arrow keys and Tab. While something covers the board (a menu, a dialog) the cells it
    // passes are let go by; while it crosses the board on its way to the menu bar they are
    // kept for when it stops. The cell under the pointer is followed even where a menu hides
    // it from the board (the board's own response sees no pointer there, and for a frame after
    // the menu closes): a click on a menu item over the board selects nothing beneath it.
    let hovered = under(ui.ctx().pointer_hover_pos());
    let reached = response.hover_pos().is_some();
    let key = response.id.with("hovered");
    let last = ui.data(|d| d.get_temp::<Option<usize>>(key)).flatten();
    if hovered != last {
        match view.hover {
            Hover::Selects => {
                ui.data_mut(|d| d.insert_temp(key, hovered));
                if let Some(cell) = hovered.filter(|&c| reached && game.selected() != Some(c)) {
                    actions.push(Action::Game(Command::Select(cell)));
                }
            }
            Hover::Covered => {
                ui.data_mut(|d| d.insert_temp(key, hovered));
            }
            Hover::Crossing => {}
        }
    }

    let painter = ui.painter_at(area);
    let positions = game.board().positions();
    if shape.is_some() {
        // Holes stay the window's colour: only the cells are the board's.
        for cell in (0..positions).filter(|&c| game.board().is_cell(c)) {
            painter.rect_filled(
                layout.position_rect(cell),
                0.0,
                ui.visuals().extreme_bg_color,
            );
        }
    } else {
        painter.rect_filled(layout.rect, 0.0, ui.visuals().extreme_bg_color);
    }
    let selected = game.selected();
    // A variant's or a shape's peers are those of its units (a region's, a diagonal's, a
    // plane's, a cage's too), across a cube's layers.
    let variant_peers = (game.board().variant().is_some() || shape.is_some())
        .then(|| variant_paint::peers(game.board(), selected));
    let peers = |cell: usize| match &variant_peers {
        Some(marks) => marks[cell],
        None => selected.is_some_and(|s| {
            g.row_of(s) == g.row_of(cell)
                || g.col_of(s) == g.col_of(cell)
                || g.box_of(s) == g.box_of(cell)
        }),
    };
    let shaded = variant_paint::shaded(game.board());
    // Symbols in the monospace face (Hack), where every symbol stands apart even when small:
    // its 0 has a dot that O has not, its I serifs that 1 and l have not.
    let font = FontId::monospace((layout.cell_size() * 0.62).max(6.0));
    let mut symbols = Glyphs::new(font, side);
    // Notes sit in a small grid shaped like a box: 3×3 for 9×9, 2×3 for 6×6, 6×6 for 36×36;
    // on a board with cages, inside the cage lines and clear of the cages' sums.
    let (note_rows, note_cols) = note_grid(g);
    let caged = variant_paint::has_cages(game.board());
    // Clear of the cell's lines too, which are drawn after the marks: a mark touching them
    // would lose its top or its side to them (the top row of a 25×25 cell's marks did).
    let note_room = |rect: egui::Rect| {
        if caged {
            variant_paint::inside_cage_lines(rect, layout.cell_size())
        } else {
            rect.shrink((layout.cell_size() * 0.05).max(1.5))
        }
    };
    let cage_labels = variant_paint::cage_labels(&painter, &layout, game.board(), palette.cage);
    let mut label_of: Vec<Option<Rect>> = vec![None; positions];
    for label in &cage_labels {
        if let Some(slot) = label_of.get_mut(label.cell) {
            *slot = Some(label.patch);
        }
    }
    let note_size = note_room(layout.position_rect(0)).width() / note_rows.max(note_cols) as f32;
    let note_font = (note_size * 0.85).max(3.0);
    let mut notes = Glyphs::new(FontId::monospace(note_font), side);
    // Each cell is its own node for screen readers ("row 3, column 4: 5, given"), made only
    // while AccessKit is on (a screen reader, or a test, asked for it): 1,296 widgets a frame on
    // a 36×36 board otherwise, for nothing. Asking for the board's own node tells which.
    let accessible = ui
        .ctx()
        .accesskit_node_builder(response.id, |node| {
            node.set_role(egui::Role::Grid);
            node.set_label("Sudoku board");
        })
        .is_some();
    let hinted: Vec<bool> = {
        let mut marks = vec![false; positions];
        for &c in game.hint().map_or(&[][..], |h| &h.cells[..]) {
            if let Some(m) = marks.get_mut(c) {
                *m = true;
            }
        }
        marks
    };
    let alphabet = game.board().alphabet();
    let filtered: Option<Vec<bool>> = view.filter.map(|v| game.could_hold(v));
    for cell in 0..positions {
        {
            if !game.board().is_cell(cell) {
                continue;
            }
            let rect = layout.position_rect(cell);
            if shaded[cell] {
                painter.rect_filled(rect, 0.0, palette.variant_fill);
            }
            if selected == Some(cell) {
                painter.rect_filled(rect, 0.0, palette.selected_fill);
            } else if peers(cell) {
                painter.rect_filled(rect, 0.0, palette.peer_fill);
            }
            if hinted[cell] && selected != Some(cell) {
                painter.rect_filled(rect, 0.0, palette.hint_fill);
            }
            let value = game.value(cell);
            let may_take = filtered.as_ref().is_some_and(|f| f[cell]);
            if may_take && selected != Some(cell) {
                painter.rect_filled(rect, 0.0, palette.same_fill);
            }
            if view.same.is_some_and(|v| v == value) && selected != Some(cell) {
                painter.rect_filled(rect, 0.0, palette.same_fill);
            }
            // The player's colour over the greys of the selection, its peers and the highlight,
            // so that it reads true wherever the selection is (the selection keeps its edge).
            if let Some(paint) = palette.paint(game.colour(cell)) {
                painter.rect_filled(rect, 0.0, paint);
            }
            let clash = view.clashes && game.is_clash(cell);
            if clash {
                painter.rect_filled(rect.shrink(1.0), 0.0, palette.clash_fill);
            }
            if value == 0 && game.notes(cell) != 0 {
                let slots = note_slots(note_room(rect), (note_rows, note_cols), label_of[cell]);
                let colours = game.mark_colours(cell);
                for v in values_of(game.notes(cell)) {
                    let Some(slot) = slots.get(usize::from(v - 1)) else {
                        continue;
                    };
                    if view.filter.is_some_and(|f| f != v) {
                        continue;
                    }
                    let at = slot.center();
                    let r = (slot.width().min(slot.height()) * 0.48).max(2.0);
                    // A coloured mark is dark on its colour's disc; the highlighted symbol's
                    // marks stand out on a faint one.
                    let ink = if let Some(paint) = palette.paint(colours.get(v)) {
                        painter.circle_filled(at, r, paint.to_opaque());
                        super::colouring::ON_PAINT
                    } else if view.same == Some(v) {
                        painter.circle_filled(at, r, palette.same_fill);
                        palette.selected_edge
                    } else {
                        palette.note
                    };
                    notes.paint(&painter, alphabet, v, at, ink);
                }
            }
            if game.is_wrong(cell) {
                let edge = Stroke::new((layout.cell_size() / 14.0).clamp(1.5, 3.0), palette.clash);
                painter.rect_stroke(rect.shrink(2.0), 0.0, edge, StrokeKind::Inside);
            }
            if value != 0 {
                let colour = if clash || game.is_wrong(cell) {
                    palette.clash
                } else {
                    palette.text(game.origin(cell))
                };
                symbols.paint(&painter, alphabet, value, rect.center(), colour);
                if game.origin(cell) == Origin::Given {
                    // Givens are drawn twice, a hair apart: a bold face without a bold font.
                    let nudge = (layout.cell_size() / 36.0).max(1.0);
                    let at = rect.center() + Vec2::new(nudge, 0.0);
                    symbols.paint(&painter, alphabet, value, at, colour);
                }
            }
            if accessible {
                let id = response.id.with(cell);
                let cell_response = ui.interact(rect, id, Sense::hover());
                // (The label is made only when a screen reader or a test asks for it.)
                cell_response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::GridCell, true, game.cell_label(cell))
                });
            }
        }
    }

    // Cell borders thin, box (or jigsaw region) borders thick, the frame thickest.
    let thin = Stroke::new(1.0, palette.thin);
    let thick = Stroke::new((layout.cell_size() / 14.0).clamp(2.0, 3.0), palette.thick);
    if let Some(shape) = shape {
        shape_paint::paint_lines(&painter, &layout, shape, thin, thick);
    } else {
        square_lines(&painter, &layout, game, thin, thick);
    }
    variant_paint::paint_cages(
        &painter,
        &layout,
        game.board(),
        cage_labels,
        palette.cage,
        ui.visuals().extreme_bg_color,
    );
    // A technique's hint, from its second press: its pattern where the pencil marks go.
    if let Some(t) = game
        .hint()
        .and_then(|h| h.step.as_ref())
        .filter(|t| t.stage >= 2)
    {
        let slot = |cell: usize, value: u8| {
            let room = note_room(layout.position_rect(cell));
            let label = label_of.get(cell).copied().flatten();
            note_slots(room, (note_rows, note_cols), label)
                .get(usize::from(value).checked_sub(1)?)
                .copied()
        };
        super::hint_paint::paint_step(&painter, &layout, game, &t.step, &slot);
    }
    if let Some(cell) = selected {
        let rect = layout.position_rect(cell);
        let edge = Stroke::new(
            (layout.cell_size() / 16.0).clamp(1.5, 3.0),
            palette.selected_edge,
        );
        painter.rect_stroke(rect.shrink(1.0), 0.0, edge, StrokeKind::Inside);
    }
    let inks = super::loupe::Inks {
        note: palette.note,
        same: palette.selected_edge,
        same_fill: palette.same_fill,
        background: ui.visuals().extreme_bg_color,
        paints: palette.paints,
    };
    let marks = (note_font, (note_rows, note_cols));
    super::loupe::show(ui, game, &layout, marks, (view.same, view.filter), &inks);
    if let Some(focus) = game.hint().and_then(|h| h.focus) {
        let rect = layout.position_rect(focus);
        let edge = Stroke::new((layout.cell_size() / 12.0).clamp(2.0, 4.0), palette.given);
        painter.rect_stroke(rect.shrink(1.0), 0.0, edge, StrokeKind::Inside);
    }
    layout
}

/// A square board's lines: thin between cells, thick between boxes (or a jigsaw's regions)
/// and around the frame.
fn square_lines(
    painter: &egui::Painter,
    layout: &BoardLayout,
    game: &Game,
    thin: Stroke,
    thick: Stroke,
) {
    let g = game.geometry();
    let side = g.side();
    let r = layout.rect;
    // A jigsaw's regions take the place of the boxes.
    let (box_cols, box_rows) = if variant_paint::has_regions(game.board()) {
        (usize::MAX, usize::MAX)
    } else {
        (g.box_cols(), g.box_rows())
    };
    for k in 1..side {
        let offset = k as f32 * layout.cell_size();
        let x = r.min.x + offset;
        let y = r.min.y + offset;
        let vertical = if k % box_cols == 0 { thick } else { thin };
        let horizontal = if k % box_rows == 0 { thick } else { thin };
        if vertical == thin {
            painter.line_segment([Pos2::new(x, r.min.y), Pos2::new(x, r.max.y)], vertical);
        }
        if horizontal == thin {
            painter.line_segment([Pos2::new(r.min.x, y), Pos2::new(r.max.x, y)], horizontal);
        }
    }
    for k in 1..side {
        let offset = k as f32 * layout.cell_size();
        if k % box_cols == 0 {
            let x = r.min.x + offset;
            painter.line_segment([Pos2::new(x, r.min.y), Pos2::new(x, r.max.y)], thick);
        }
        if k % box_rows == 0 {
            let y = r.min.y + offset;
            painter.line_segment([Pos2::new(r.min.x, y), Pos2::new(r.max.x, y)], thick);
        }
    }
    variant_paint::paint_regions(painter, layout.rect, game.board(), thick);
    painter.rect_stroke(r, 0.0, thick, StrokeKind::Middle);
}
