//! Where the board lies on screen: the rectangle of each cell, and the cell under a point.

use egui::{Pos2, Rect, Vec2};

use crate::sudoku::board::shape::Layout;

/// Where the board lies on screen: its rectangle and the side of one cell.
///
/// A square board is `side × side` cells. A board on a shape is its layout's `width × height`
/// cells, holes included; a 3-D shape's layers lie side by side in rows of panels (as near a
/// square as they go), one empty cell apart, layer 1 at the top left. Each cell is a *slot* of
/// the grid of `cols × rows` slots that holds them all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    /// The board's rectangle, borders included.
    pub rect: Rect,
    /// Cells per side of a square board (for a shape: slots across).
    pub side: usize,
    /// Slots across and down.
    cols: usize,
    rows: usize,
    /// The board's positions.
    board: Layout,
    /// Layers per row of panels.
    per_row: usize,
}

impl BoardLayout {
    /// The largest square board that fits `available`, centred in it. Its size is a whole
    /// number of points, so that cell lines fall on the same pixels frame after frame.
    pub fn fit(available: Rect, side: usize) -> Self {
        BoardLayout::fit_layout(available, Layout::flat(side, side))
    }

    /// Slots across and down for a board of `layout`, and layers per row of panels.
    fn slots(layout: Layout) -> (usize, usize, usize) {
        let (w, h, d) = (
            layout.width.max(1),
            layout.height.max(1),
            layout.depth.max(1),
        );
        let per_row = if d > 1 {
            d.isqrt() + usize::from(d.isqrt().pow(2) < d)
        } else {
            1
        };
        let panel_rows = d.div_ceil(per_row);
        (
            per_row * w + per_row - 1,
            panel_rows * h + panel_rows - 1,
            per_row,
        )
    }

    /// How many cells the longer side of a board of `layout` spans on screen (a square board's
    /// side): what the window is sized by.
    pub fn span(layout: Layout) -> usize {
        let (cols, rows, _) = BoardLayout::slots(layout);
        cols.max(rows)
    }

    /// The largest board of `layout` that fits `available`, centred in it, each cell a whole
    /// number of points where there is room for that.
    pub fn fit_layout(available: Rect, layout: Layout) -> Self {
        let (cols, rows, per_row) = BoardLayout::slots(layout);
        let fit = (available.width() / cols as f32)
            .min(available.height() / rows as f32)
            .max(1.0 / cols.max(rows) as f32);
        // A whole number of points across, so that the rectangle stays put frame after frame.
        let across = (fit * cols as f32).max(1.0).floor();
        let size = Vec2::new(across, across * rows as f32 / cols as f32);
        let rect = Rect::from_center_size(available.center(), size);
        let rect = Rect::from_min_size(rect.min.round(), rect.size());
        BoardLayout {
            rect,
            side: cols,
            cols,
            rows,
            board: layout,
            per_row,
        }
    }

    /// The side of one cell, in points.
    pub fn cell_size(&self) -> f32 {
        self.rect.width() / self.cols as f32
    }

    /// The rectangle of the slot in a row and column of slots (on a square board: a cell).
    pub fn cell_rect(&self, row: usize, col: usize) -> Rect {
        let s = self.cell_size();
        Rect::from_min_size(
            self.rect.min + Vec2::new(col as f32 * s, row as f32 * s),
            Vec2::splat(s),
        )
    }

    /// The row and column of slots of a position.
    fn slot(&self, position: usize) -> (usize, usize) {
        let (x, y, z) = self.board.coordinates(position);
        let (pc, pr) = (z % self.per_row, z / self.per_row);
        (
            pr * (self.board.height + 1) + y,
            pc * (self.board.width + 1) + x,
        )
    }

    /// The rectangle of a position (a cell or a hole).
    pub fn position_rect(&self, position: usize) -> Rect {
        let (row, col) = self.slot(position);
        self.cell_rect(row, col)
    }

    /// The rectangle of a layer of a 3-D board (the whole board for a flat one).
    pub fn layer_rect(&self, z: usize) -> Rect {
        let first = self.board.position(0, 0, z);
        let last = self
            .board
            .position(self.board.width - 1, self.board.height - 1, z);
        self.position_rect(first).union(self.position_rect(last))
    }

    /// The row and column of slots under a point, if the point is on the board.
    pub fn cell_at(&self, pos: Pos2) -> Option<(usize, usize)> {
        if !self.rect.contains(pos) {
            return None;
        }
        let s = self.cell_size();
        let col = (((pos.x - self.rect.min.x) / s) as usize).min(self.cols - 1);
        let row = (((pos.y - self.rect.min.y) / s) as usize).min(self.rows - 1);
        Some((row, col))
    }

    /// The position under a point, if the point is on one (not between a 3-D board's layers).
    pub fn position_at(&self, pos: Pos2) -> Option<usize> {
        let (row, col) = self.cell_at(pos)?;
        let (w, h) = (self.board.width, self.board.height);
        let (x, y) = (col % (w + 1), row % (h + 1));
        let z = (row / (h + 1)) * self.per_row + col / (w + 1);
        (x < w && y < h && z < self.board.depth).then(|| self.board.position(x, y, z))
    }
}
