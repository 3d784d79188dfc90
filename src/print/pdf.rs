//! The PDF: pages of [`Drawing`]s, written with `pdf-writer`.
//!
//! A page is cut into a grid of slots (1: one; 2: two above each other; 4: two by two; 6: two
//! by three) inside margins of half an inch. Each slot has its title on top and the board below,
//! scaled to the largest size that fits and centred. Lines are a quarter point for cells, 1.6
//! points for blocks and edges, dashed for cages; text is Helvetica (one of the fonts every PDF
//! reader has, so nothing is embedded), givens at 60% of a cell.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

use super::drawing::{Drawing, Ink, Stroke, draw};
use super::{Layout, Sheet};

/// Half an inch.
const MARGIN: f32 = 36.0;
/// The title's line above a board.
const TITLE: f32 = 18.0;

/// The PDF of `sheets` laid out as `layout` says: the puzzles, then (if asked) their solutions.
pub fn write(sheets: &[Sheet], layout: &Layout) -> Vec<u8> {
    let per_page = match layout.per_page {
        0 | 1 => 1,
        2 | 3 => 2,
        4 | 5 => 4,
        _ => 6,
    };
    let mut boards: Vec<(String, Drawing)> = sheets
        .iter()
        .map(|s| (s.title.clone(), draw(&s.puzzle)))
        .collect();
    if layout.solutions {
        boards.extend(sheets.iter().filter_map(|s| {
            let solution = s.solution.as_ref()?;
            Some((format!("Solution: {}", s.title), draw(solution)))
        }));
    }
    let pages: Vec<&[(String, Drawing)]> = boards.chunks(per_page).collect();
    let (width, height) = layout.paper.size();
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let page_ids: Vec<Ref> = (0..pages.len())
        .map(|k| Ref::new(4 + 2 * k as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(pages.len() as i32);
    pdf.type1_font(font).base_font(Name(b"Helvetica"));
    for (k, boards) in pages.iter().enumerate() {
        let id = page_ids[k];
        let contents = Ref::new(id.get() + 1);
        let mut page = pdf.page(id);
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(tree);
        page.contents(contents);
        page.resources().fonts().pair(Name(b"F1"), font);
        page.finish();
        let mut content = Content::new();
        let (cols, rows) = match per_page {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        };
        let slot_w = (width - 2.0 * MARGIN) / cols as f32;
        let slot_h = (height - 2.0 * MARGIN) / rows as f32;
        for (i, (title, drawing)) in boards.iter().enumerate() {
            let (col, row) = (i % cols, i / cols);
            let left = MARGIN + col as f32 * slot_w;
            let top = height - MARGIN - row as f32 * slot_h;
            place(&mut content, title, drawing, left, top, slot_w, slot_h);
        }
        pdf.stream(contents, &content.finish());
    }
    pdf.finish()
}

/// Draws one board with its title in the slot whose top left corner is `(left, top)` (PDF
/// points, y up).
fn place(
    content: &mut Content,
    title: &str,
    drawing: &Drawing,
    left: f32,
    top: f32,
    slot_w: f32,
    slot_h: f32,
) {
    let gap = 12.0;
    let (w, h) = drawing.size;
    let room_w = slot_w - gap;
    let room_h = slot_h - TITLE - gap;
    let cell = (room_w / w.max(1.0)).min(room_h / h.max(1.0));
    let x0 = left + (slot_w - w * cell) / 2.0;
    let y0 = top - TITLE;
    text(content, left + gap / 2.0, top - 12.0, 11.0, title);
    // Cell units (y down) to points (y up).
    let p = |(x, y): (f32, f32)| (x0 + x * cell, y0 - y * cell);
    content.set_fill_gray(0.85);
    for &(x, y) in &drawing.shaded {
        let (px, py) = p((x, y + 1.0));
        content.rect(px, py, cell, cell);
    }
    content.fill_nonzero();
    content.set_fill_gray(0.0);
    for stroke in [
        Stroke::Diagonal,
        Stroke::Thin,
        Stroke::Dashed,
        Stroke::Thick,
    ] {
        let (width, gray) = match stroke {
            Stroke::Thin => (0.25, 0.35),
            Stroke::Thick => (1.6, 0.0),
            Stroke::Dashed => (0.5, 0.2),
            Stroke::Diagonal => (0.5, 0.6),
        };
        content.set_line_width(width);
        content.set_stroke_gray(gray);
        if stroke == Stroke::Dashed {
            content.set_dash_pattern([2.0, 2.0], 0.0);
        } else {
            content.set_dash_pattern([], 0.0);
        }
        for &(a, b, s) in &drawing.lines {
            if s == stroke {
                let (ax, ay) = p(a);
                let (bx, by) = p(b);
                content.move_to(ax, ay);
                content.line_to(bx, by);
            }
        }
        content.stroke();
    }
    content.set_dash_pattern([], 0.0);
    for t in &drawing.texts {
        let size = t.size * cell;
        // Helvetica's digits and capitals are about 0.56 of the size wide and 0.72 high.
        let width = 0.56 * size * t.text.chars().count() as f32;
        let (x, y) = p(t.at);
        if t.ink == Ink::Label {
            text(content, x, y - 0.75 * size, size, &t.text);
        } else {
            text(content, x - width / 2.0, y - 0.36 * size, size, &t.text);
        }
    }
}

/// Writes `s` at `(x, y)` (its baseline's left end) in Helvetica of `size` points; characters
/// outside ASCII as `?`.
fn text(content: &mut Content, x: f32, y: f32, size: f32, s: &str) {
    let bytes: Vec<u8> = s
        .chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c as u8
            } else {
                b'?'
            }
        })
        .collect();
    content.begin_text();
    content.set_font(Name(b"F1"), size);
    content.next_line(x, y);
    content.show(Str(&bytes));
    content.end_text();
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::sudoku::Grid;

    #[test]
    fn six_puzzles_a_page_with_solutions_make_two_pages_with_every_given() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let grid = Grid::parse_line(line, None).unwrap();
        let sheets: Vec<Sheet> = (0..6)
            .map(|k| Sheet {
                title: format!("Puzzle {}", k + 1),
                puzzle: grid.clone(),
                solution: grid.solution(),
            })
            .collect();
        let layout = Layout {
            per_page: 6,
            solutions: true,
            ..Layout::default()
        };
        let bytes = write(&sheets, &layout);
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("%PDF-"));
        assert_eq!(
            text.matches("/Type /Page\n").count() + text.matches("/Type /Page ").count(),
            2
        );
        assert!(text.contains("(Puzzle 6) Tj"));
        assert!(text.contains("(Solution: Puzzle 1) Tj"));
        // Six boards of 30 givens, then six full solutions.
        let shown: usize = (1..=9)
            .map(|d| text.matches(&format!("({d}) Tj")).count())
            .sum();
        assert_eq!(shown, 6 * grid.filled() + 6 * 81);
    }
}
