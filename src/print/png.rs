//! A board as a PNG picture: a [`Drawing`] rasterised with `tiny-skia`, its text with
//! `ab_glyph` in Hack, the monospace face the window draws symbols in (taken from egui's own
//! fonts, `epaint_default_fonts`, so nothing more is bundled).
//!
//! The picture is laid out as the SVG is ([`svg`](super::svg)): `cell` pixels a cell
//! ([`CELL`] by default, which makes a 9×9 board 600 pixels square), a [`margin`] around it, a
//! white background, then the shaded squares,
//! the lines a kind at a time and the text, in the colours and widths of
//! [`Stroke::look`] and [`Ink::rgb`](super::drawing::Ink::rgb). Lines are drawn half a pixel
//! off the grid so that the one- and three-pixel lines of the default size fall on whole
//! pixels and stay crisp. Each text is centred on its point by the bounds of its glyphs' ink
//! (a cage's label set by its top left corner), as the window centres its symbols. A board so
//! big that the picture would pass [`MAX_SIDE`] pixels is drawn with smaller cells.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use tiny_skia::{
    Color, LineCap, Paint, PathBuilder, Pixmap, PremultipliedColorU8, Rect, Stroke as Pen,
    StrokeDash, Transform,
};

use super::drawing::{CELL, Drawing, Ink, SHADE_RGB, Stroke, Text, margin};

/// The longest side a picture is allowed, in pixels.
pub const MAX_SIDE: f32 = 8192.0;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// The picture would have no pixels.
    #[error("the board has no size to draw")]
    Empty,
    /// The built-in font could not be read.
    #[error("the font could not be read: {0}")]
    Font(String),
    /// PNG encoding failed.
    #[error("the PNG could not be encoded: {0}")]
    Encode(String),
}

/// The PNG of `drawing` at `cell` pixels a cell (fewer if the picture would pass
/// [`MAX_SIDE`]).
pub fn write(drawing: &Drawing, cell: f32) -> Result<Vec<u8>, ImageError> {
    render(drawing, cell)?
        .encode_png()
        .map_err(|e| ImageError::Encode(e.to_string()))
}

/// `drawing` painted on a new pixmap, as [`write()`] encodes it.
pub fn render(drawing: &Drawing, cell: f32) -> Result<Pixmap, ImageError> {
    let (w, h) = drawing.size;
    let cell = if cell.is_finite() && cell > 0.0 {
        cell
    } else {
        CELL
    };
    // The picture's side for a cell's size, and the size that keeps it within MAX_SIDE.
    let side = |cell: f32| w.max(h).max(0.0) * cell + 2.0 * margin(cell);
    let cell = if side(cell) > MAX_SIDE {
        cell * MAX_SIDE / side(cell)
    } else {
        cell
    };
    let m = margin(cell);
    let width = (w.max(0.0) * cell + 2.0 * m).round() as u32;
    let height = (h.max(0.0) * cell + 2.0 * m).round() as u32;
    if w <= 0.0 || h <= 0.0 {
        return Err(ImageError::Empty);
    }
    let mut pixmap = Pixmap::new(width, height).ok_or(ImageError::Empty)?;
    pixmap.fill(Color::WHITE);
    let p = |(x, y): (f32, f32)| (m + x * cell, m + y * cell);
    let mut paint = Paint {
        anti_alias: true,
        ..Paint::default()
    };
    let [r, g, b] = SHADE_RGB;
    paint.set_color_rgba8(r, g, b, 255);
    for &corner in &drawing.shaded {
        let (x, y) = p(corner);
        if let Some(rect) = Rect::from_xywh(x, y, cell, cell) {
            pixmap.fill_rect(rect, &paint, Transform::identity(), None);
        }
    }
    let half = Transform::from_translate(0.5, 0.5);
    for stroke in [
        Stroke::Diagonal,
        Stroke::Thin,
        Stroke::Dashed,
        Stroke::Thick,
    ] {
        let mut path = PathBuilder::new();
        for &(a, b, s) in &drawing.lines {
            if s == stroke {
                let ((ax, ay), (bx, by)) = (p(a), p(b));
                path.move_to(ax, ay);
                path.line_to(bx, by);
            }
        }
        let Some(path) = path.finish() else {
            continue;
        };
        let (width, [r, g, b], dash) = stroke.look();
        paint.set_color_rgba8(r, g, b, 255);
        let pen = Pen {
            width: (width * cell).max(1.0),
            line_cap: match stroke {
                Stroke::Thick => LineCap::Square,
                Stroke::Diagonal => LineCap::Round,
                Stroke::Thin | Stroke::Dashed => LineCap::Butt,
            },
            dash: dash.and_then(|d| StrokeDash::new(vec![d * cell, d * cell], 0.0)),
            ..Pen::default()
        };
        pixmap.stroke_path(&path, &paint, &pen, half, None);
    }
    let font = FontRef::try_from_slice(epaint_default_fonts::HACK_REGULAR)
        .map_err(|e| ImageError::Font(e.to_string()))?;
    for t in &drawing.texts {
        text(&mut pixmap, &font, t, p(t.at), cell);
    }
    Ok(pixmap)
}

/// Paints `t` at `at` (pixels): its glyphs laid along a baseline, then moved so that the box
/// around their ink is centred on `at` (for a label: has its top left corner there).
fn text(pixmap: &mut Pixmap, font: &FontRef<'_>, t: &Text, at: (f32, f32), cell: f32) {
    let em = t.size * cell;
    // ab_glyph's scale is the font's height (ascent to descent); the text's size is its em.
    let per_em = font.height_unscaled() / font.units_per_em().unwrap_or(2048.0);
    let scaled = font.as_scaled(PxScale::from(em * per_em));
    let mut caret = 0.0;
    let mut glyphs = Vec::new();
    for c in t.text.chars() {
        let id = font.glyph_id(c);
        glyphs.push(id.with_scale_and_position(scaled.scale(), point(caret, 0.0)));
        caret += scaled.h_advance(id);
    }
    let outlined: Vec<_> = glyphs
        .into_iter()
        .filter_map(|g| font.outline_glyph(g))
        .collect();
    let Some(bounds) = outlined
        .iter()
        .map(|o| o.px_bounds())
        .reduce(|a, b| ab_glyph::Rect {
            min: point(a.min.x.min(b.min.x), a.min.y.min(b.min.y)),
            max: point(a.max.x.max(b.max.x), a.max.y.max(b.max.y)),
        })
    else {
        return;
    };
    let (dx, dy) = if t.ink == Ink::Label {
        (at.0 - bounds.min.x, at.1 - bounds.min.y)
    } else {
        (
            at.0 - (bounds.min.x + bounds.max.x) / 2.0,
            at.1 - (bounds.min.y + bounds.max.y) / 2.0,
        )
    };
    let (dx, dy) = (dx.round() as i64, dy.round() as i64);
    let (width, height) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    let colour = t.ink.rgb();
    let pixels = pixmap.pixels_mut();
    for glyph in &outlined {
        let b = glyph.px_bounds();
        let (left, top) = (b.min.x as i64 + dx, b.min.y as i64 + dy);
        glyph.draw(|x, y, coverage| {
            let (px, py) = (left + i64::from(x), top + i64::from(y));
            if px < 0 || py < 0 || px >= width || py >= height {
                return;
            }
            let k = (py * width + px) as usize;
            if let Some(pixel) = pixels.get_mut(k) {
                *pixel = blend(*pixel, colour, coverage);
            }
        });
    }
}

/// `colour` laid over the opaque `under` with `coverage` (0 to 1).
fn blend(under: PremultipliedColorU8, [r, g, b]: [u8; 3], coverage: f32) -> PremultipliedColorU8 {
    let a = coverage.clamp(0.0, 1.0);
    let mix = |top: u8, bottom: u8| {
        (f32::from(top) * a + f32::from(bottom) * (1.0 - a))
            .round()
            .clamp(0.0, 255.0) as u8
    };
    // The background is opaque white, so every pixel is opaque and its premultiplied channels
    // are its colour.
    PremultipliedColorU8::from_rgba(
        mix(r, under.red()),
        mix(g, under.green()),
        mix(b, under.blue()),
        255,
    )
    .unwrap_or(under)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::print::drawing::{Progress, draw, draw_progress};
    use crate::sudoku::Grid;

    const CLASSIC: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// The darkest channel of the pixels within `r` pixels of `(x, y)`.
    fn darkest(p: &Pixmap, (x, y): (f32, f32), r: i32) -> u8 {
        let mut min = 255;
        for dy in -r..=r {
            for dx in -r..=r {
                let c = p
                    .pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32)
                    .unwrap();
                min = min.min(c.red()).min(c.green()).min(c.blue());
            }
        }
        min
    }

    /// The centre of cell (row, col) in pixels at the default size.
    fn centre(row: usize, col: usize) -> (f32, f32) {
        let m = margin(CELL);
        (m + (col as f32 + 0.5) * CELL, m + (row as f32 + 0.5) * CELL)
    }

    #[test]
    fn a_classic_board_decodes_with_its_givens_dark_and_its_empty_cells_white() {
        let grid = Grid::parse_line(CLASSIC, None).unwrap();
        let bytes = write(&draw(&grid), CELL).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"));
        let p = Pixmap::decode_png(&bytes).unwrap();
        assert_eq!((p.width(), p.height()), (600, 600));
        // The 3 in row 1, column 3 is dark at its middle; row 1, column 1 is empty and white.
        assert!(darkest(&p, centre(0, 2), 6) < 80);
        assert_eq!(darkest(&p, centre(0, 0), 12), 255);
        // The corners of the margin are white, a box's corner black.
        assert_eq!(darkest(&p, (3.0, 3.0), 2), 255);
        let m = margin(CELL);
        assert!(darkest(&p, (m + 3.0 * CELL, m + 3.0 * CELL), 1) < 60);
    }

    #[test]
    fn entries_are_blue_and_notes_sit_in_their_corner() {
        let grid = Grid::parse_line(CLASSIC, None).unwrap();
        let mut board = grid.clone();
        board.set(0, 4);
        let mut progress = Progress {
            inks: vec![Ink::Given; 81],
            notes: vec![0; 81],
        };
        progress.inks[0] = Ink::Entry;
        progress.notes[1] = 1; // a 1 in the top left of row 1, column 2
        let p = render(&draw_progress(&board, &progress), CELL).unwrap();
        let (cx, cy) = centre(0, 0);
        let blue = (-6..=6)
            .flat_map(|d| [(cx + d as f32, cy), (cx, cy + d as f32)])
            .filter_map(|(x, y)| p.pixel(x as u32, y as u32))
            .any(|c| c.blue() > 150 && c.red() < 100);
        assert!(blue, "no blue in the entry");
        let (nx, ny) = centre(0, 1);
        // The mark is in the top left third of the cell; its middle stays white.
        assert!(darkest(&p, (nx - CELL / 3.0, ny - CELL / 3.0), 4) < 160);
        assert_eq!(darkest(&p, (nx, ny), 6), 255);
    }

    #[test]
    fn a_huge_board_is_drawn_smaller_and_no_board_is_an_error() {
        let d = Drawing {
            size: (400.0, 1.0),
            ..Drawing::default()
        };
        let p = render(&d, CELL).unwrap();
        assert!(p.width() <= MAX_SIDE as u32 + 1);
        assert!(matches!(
            render(&Drawing::default(), CELL),
            Err(ImageError::Empty)
        ));
    }
}
