//! Sizing the window to the board. The first window is as big as its board needs (cells large
//! enough that a 16×16 board's pencil marks are legible, and as large as the screen allows on
//! 25×25 and 36×36); when the board changes size (a puzzle opened, a new one made) the window
//! follows, unless the player has resized it, which is then left alone. eframe remembers the
//! window's size and place across starts, and [`Fit`] remembers whether the player chose it.

use egui::{Vec2, ViewportCommand, vec2};
use serde::{Deserialize, Serialize};

/// The key under which eframe keeps the [`Fit`] between starts.
pub const STORAGE_KEY: &str = "sudoku-dlx-fit";

/// Points a cell of a big board aims for: pencil marks on 16×16 (a quarter of a cell, at 85%)
/// then come out at 9 points and more.
const CELL: f32 = 46.0;
/// The smallest board the first window gets (a 9×9 board of 56-point cells).
const SMALLEST_BOARD: f32 = 504.0;
/// Room around the board: the menu bar, the status panel and margins (the picker's rows come on
/// top, see [`chrome`]).
const MENU_AND_STATUS: f32 = 24.0 + 104.0 + 16.0;

/// The height of everything but the board, with the picker's rows if it is shown.
fn chrome(side: usize, picker: bool) -> f32 {
    let rows = if picker { side.div_ceil(12) } else { 0 };
    MENU_AND_STATUS + rows as f32 * 38.0 + if picker { 10.0 } else { 0.0 }
}

/// The window's inner size for a board of `side` cells a side, on a screen of `monitor` points
/// (a 1280×1024 screen when not known).
pub fn window_size(side: usize, picker: bool, monitor: Option<Vec2>) -> Vec2 {
    let screen = monitor.unwrap_or(vec2(1280.0, 1024.0));
    let chrome = chrome(side, picker);
    // Leave room for the desktop's panels and the window's frame.
    let most = (screen.x - 64.0)
        .min(screen.y - chrome - 72.0)
        .max(SMALLEST_BOARD);
    let board = (side as f32 * CELL).clamp(SMALLEST_BOARD, most).floor();
    vec2(board + 24.0, board + chrome)
}

/// The smallest inner size at which nothing overlaps: the picker's longest row and the menu
/// bar fit across, and the board keeps cells of 12 points.
pub fn min_size(side: usize, picker: bool) -> Vec2 {
    let board = (side as f32 * 12.0).max(216.0);
    let across: f32 = if picker { 12.0 * 26.0 + 90.0 } else { 380.0 };
    vec2(across.max(board + 24.0), board + chrome(side, picker))
}

/// What the window was last fitted to, and whether the player has resized it since.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Fit {
    /// The side of the board the window was sized for.
    pub side: usize,
    /// Whether the picker was shown then.
    pub picker: bool,
    /// The player resized the window: leave its size alone.
    pub chosen: bool,
    /// The inner size last seen or asked for.
    #[serde(skip)]
    size: Option<Vec2>,
    /// Frames left to wait for a size asked for to arrive (until then a difference is not the
    /// player's doing).
    #[serde(skip)]
    pending: u8,
    /// A side panel (watch mode's or the steps') is beside the board: the window was widened
    /// by [`PANEL`] for it. Kept with the window's size, so that a window closed while watching starts narrow again.
    panel: bool,
}

/// How much wider the window grows while a side panel is beside the board.
pub const PANEL: f32 = 320.0;

impl Default for Fit {
    fn default() -> Self {
        Fit::sized_for(9, true)
    }
}

impl Fit {
    /// A window sized for a board of `side` by the program.
    pub fn sized_for(side: usize, picker: bool) -> Self {
        Fit {
            side,
            picker,
            chosen: false,
            size: None,
            pending: 0,
            panel: false,
        }
    }

    /// Once a frame: notices a resize by the player, and fits the window to a board of `side`
    /// (with or without the picker) if that changed and the player has not chosen a size; widens
    /// it by [`PANEL`] while the watch `panel` is beside the board.
    pub fn update(&mut self, ctx: &egui::Context, side: usize, picker: bool, panel: bool) {
        let (inner, monitor) = ctx.input(|i| {
            (
                i.viewport().inner_rect.map(|r| r.size()),
                i.viewport().monitor_size,
            )
        });
        let Some(inner) = inner else {
            return;
        };
        match self.size {
            Some(asked) if self.pending > 0 => {
                self.pending -= 1;
                if (asked - inner).length() < 2.0 {
                    self.pending = 0;
                }
                if self.pending == 0 {
                    self.size = Some(inner);
                }
            }
            Some(seen) if (seen - inner).length() >= 2.0 => {
                self.chosen = true;
                self.size = Some(inner);
            }
            Some(_) => {}
            None => self.size = Some(inner),
        }
        if panel != self.panel {
            // A side panel (watch mode's, the steps') comes or goes: the window grows or
            // shrinks by its width (within the screen), whoever chose its size; the board
            // keeps its size.
            self.panel = panel;
            let screen = monitor.map_or(1280.0, |m| m.x);
            let width = if panel {
                (inner.x + PANEL).min(screen - 16.0).max(inner.x)
            } else {
                (inner.x - PANEL).max(min_size(side, picker).x)
            };
            let want = vec2(width, inner.y);
            ctx.send_viewport_cmd(ViewportCommand::InnerSize(want));
            self.size = Some(want);
            self.pending = 30;
        }
        if (side, picker) == (self.side, self.picker) {
            return;
        }
        self.side = side;
        self.picker = picker;
        ctx.send_viewport_cmd(ViewportCommand::MinInnerSize(min_size(side, picker)));
        if self.chosen {
            return;
        }
        let want = window_size(side, picker, monitor);
        ctx.send_viewport_cmd(ViewportCommand::InnerSize(want));
        self.size = Some(want);
        self.pending = 30;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_fit_their_boards_and_the_screen() {
        // 9×9 keeps the smallest board; 16×16 gets cells whose pencil marks are 9 points.
        assert_eq!(window_size(9, true, None).x, SMALLEST_BOARD + 24.0);
        let sixteen = window_size(16, true, None);
        let board = sixteen.x - 24.0;
        assert!(board / 16.0 / 4.0 * 0.85 >= 9.0, "{board}");
        assert!(sixteen.y <= 1024.0 - 72.0, "{sixteen:?}");
        // 36×36 as large as a 1280×1024 screen allows, and no larger than a small screen.
        let big = window_size(36, true, None);
        assert!(big.y <= 1024.0 - 72.0 && big.x > 600.0, "{big:?}");
        let small = window_size(36, true, Some(vec2(1024.0, 768.0)));
        assert!(
            small.y <= 768.0 - 72.0 || small.x - 24.0 <= SMALLEST_BOARD,
            "{small:?}"
        );
        // The minimum keeps the picker's row and 12-point cells.
        for side in [4, 9, 16, 25, 36] {
            let min = min_size(side, true);
            assert!(
                min.x >= 12.0 * 26.0 && min.y > side as f32 * 12.0,
                "{side}: {min:?}"
            );
            assert!(window_size(side, true, None).x >= min.x);
        }
    }
}
