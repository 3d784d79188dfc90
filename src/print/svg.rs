//! A board as an SVG document: a [`Drawing`] written out as vector lines, squares and text, so
//! that it stays sharp at any size and its symbols can be searched and copied.
//!
//! The document is `cell` pixels a cell with a [`margin`] around the board, on a white
//! background. Shaded squares come first, then the lines a kind at a time (diagonals, cell sides,
//! cages, blocks: each kind a group of its own, `class` named after it, with the width, colour
//! and dashes of [`Stroke::look`]), then the text. Every text is a `<text>` element in a
//! monospace face, in the colour of its [`Ink`]: centred on its point with
//! `text-anchor="middle"` and a baseline 0.36 of its size below (a digit is about 0.72 of the
//! size high), or, for a cage's label, from its top left corner. Text is escaped for XML.

use std::fmt::Write as _;

use super::drawing::{CELL, Drawing, Ink, SHADE_RGB, Stroke, margin};
use crate::sudoku::files::xml::escape;

/// The SVG document of `drawing` at `cell` pixels a cell.
pub fn write(drawing: &Drawing, cell: f32) -> String {
    let cell = if cell.is_finite() && cell > 0.0 {
        cell
    } else {
        CELL
    };
    let m = margin(cell);
    let (w, h) = drawing.size;
    let width = w.max(0.0) * cell + 2.0 * m;
    let height = h.max(0.0) * cell + 2.0 * m;
    let p = |(x, y): (f32, f32)| (m + x * cell, m + y * cell);
    let mut out = String::new();
    // Writing to a String cannot fail: the results of write! are ignored below.
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}">"#,
        num(width),
        num(height),
        num(width),
        num(height)
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        num(width),
        num(height)
    );
    if !drawing.shaded.is_empty() {
        let _ = writeln!(out, r#"<g class="shaded" fill="{}">"#, hex(SHADE_RGB));
        for &corner in &drawing.shaded {
            let (x, y) = p(corner);
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                num(x),
                num(y),
                num(cell),
                num(cell)
            );
        }
        let _ = writeln!(out, "</g>");
    }
    for stroke in [
        Stroke::Diagonal,
        Stroke::Thin,
        Stroke::Dashed,
        Stroke::Thick,
    ] {
        let lines: Vec<_> = drawing.lines.iter().filter(|l| l.2 == stroke).collect();
        if lines.is_empty() {
            continue;
        }
        let (width, rgb, dash) = stroke.look();
        let (class, cap) = match stroke {
            Stroke::Thin => ("thin", "butt"),
            // Square ends close the corners where a block's sides meet.
            Stroke::Thick => ("thick", "square"),
            Stroke::Dashed => ("cage", "butt"),
            Stroke::Diagonal => ("diagonal", "round"),
        };
        let dashes = dash.map_or_else(String::new, |d| {
            format!(r#" stroke-dasharray="{} {}""#, num(d * cell), num(d * cell))
        });
        let _ = writeln!(
            out,
            r#"<g class="{class}" stroke="{}" stroke-width="{}" stroke-linecap="{cap}"{dashes} fill="none">"#,
            hex(rgb),
            num(width * cell)
        );
        for &&(a, b, _) in &lines {
            let ((x1, y1), (x2, y2)) = (p(a), p(b));
            let _ = writeln!(
                out,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            );
        }
        let _ = writeln!(out, "</g>");
    }
    if !drawing.texts.is_empty() {
        let _ = writeln!(
            out,
            r#"<g class="text" font-family="Hack, 'DejaVu Sans Mono', Menlo, Consolas, monospace">"#
        );
        for t in &drawing.texts {
            let size = t.size * cell;
            let (x, y) = p(t.at);
            let (anchor, y) = if t.ink == Ink::Label {
                ("start", y + 0.75 * size)
            } else {
                ("middle", y + 0.36 * size)
            };
            let _ = writeln!(
                out,
                r#"<text class="{}" x="{}" y="{}" font-size="{}" text-anchor="{anchor}" fill="{}">{}</text>"#,
                class_of(t.ink),
                num(x),
                num(y),
                num(size),
                hex(t.ink.rgb()),
                escape(&t.text)
            );
        }
        let _ = writeln!(out, "</g>");
    }
    let _ = writeln!(out, "</svg>");
    out
}

/// The `class` of a text of this ink.
fn class_of(ink: Ink) -> &'static str {
    match ink {
        Ink::Given => "given",
        Ink::Entry => "entry",
        Ink::Solver => "solver",
        Ink::Note => "note",
        Ink::Label => "label",
    }
}

/// A number as SVG takes it: at most two decimals, without trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{:.2}", if v.is_finite() { v } else { 0.0 });
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// A colour as `#rrggbb`.
fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::print::drawing::{Progress, Text, draw, draw_progress};
    use crate::sudoku::Grid;

    const CLASSIC: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// The lines of group `class`.
    fn group<'a>(svg: &'a str, class: &str) -> &'a str {
        let start = svg.find(&format!(r#"<g class="{class}""#)).unwrap();
        let end = start + svg[start..].find("</g>").unwrap();
        &svg[start..end]
    }

    #[test]
    fn a_classic_board_has_a_text_for_each_given_and_its_thick_lines() {
        let grid = Grid::parse_line(CLASSIC, None).unwrap();
        let d = draw(&grid);
        let svg = write(&d, 64.0);
        assert!(svg.starts_with("<?xml"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains(r#"width="600" height="600" viewBox="0 0 600 600""#));
        assert!(svg.contains(r##"fill="#ffffff""##));
        assert_eq!(svg.matches("<text ").count(), grid.filled());
        assert_eq!(svg.matches(r#"class="given""#).count(), grid.filled());
        assert!(svg.contains(">3</text>"));
        // The first given, 3 in column 3, centred: x = 12 + 2.5 × 64.
        assert!(svg.contains(r#"x="172" y="57.82""#), "{svg}");
        let thick = d.lines.iter().filter(|l| l.2 == Stroke::Thick).count();
        assert_eq!(group(&svg, "thick").matches("<line ").count(), thick);
        // 9 rows × the 4 box sides crossing each row, and the same across the columns.
        assert_eq!(thick, 2 * 9 * 4);
        assert_eq!(
            group(&svg, "thin").matches("<line ").count(),
            d.lines.len() - thick
        );
        assert!(!svg.contains(r#"class="shaded""#));
    }

    #[test]
    fn entries_notes_and_labels_have_their_inks_and_text_is_escaped() {
        let grid = Grid::parse_line(CLASSIC, None).unwrap();
        let mut progress = Progress {
            inks: vec![Ink::Given; 81],
            notes: vec![0; 81],
        };
        let mut board = grid.clone();
        board.set(0, 4);
        progress.inks[0] = Ink::Entry;
        progress.notes[1] = 0b1_0000_0101; // 1, 3 and 9
        let mut d = draw_progress(&board, &progress);
        let entry = hex(Ink::Entry.rgb());
        assert!(write(&d, 64.0).contains(&format!(r#"fill="{entry}">4</text>"#)));
        let notes: Vec<&Text> = d.texts.iter().filter(|t| t.ink == Ink::Note).collect();
        assert_eq!(notes.len(), 3);
        // 1 top left, 9 bottom right of the second cell.
        assert!(notes[0].at.0 < 1.3 && notes[0].at.1 < 0.3);
        assert!(notes[2].at.0 > 1.7 && notes[2].at.1 > 0.7);
        d.texts.push(Text {
            at: (0.1, 0.1),
            size: 0.24,
            text: "<&\"'>\u{7}".into(),
            ink: Ink::Label,
        });
        let svg = write(&d, 64.0);
        assert!(svg.contains(">&lt;&amp;&quot;&apos;&gt;</text>"), "{svg}");
        assert_eq!(svg.matches(r#"class="note""#).count(), 3);
        assert!(svg.contains(r#"text-anchor="start""#));
    }

    #[test]
    fn cages_are_dashed_and_windows_shaded() {
        let mut d = Drawing {
            size: (2.0, 2.0),
            ..Drawing::default()
        };
        d.shaded.push((1.0, 1.0));
        d.lines.push(((0.08, 0.08), (0.92, 0.08), Stroke::Dashed));
        let svg = write(&d, 16.0);
        assert!(group(&svg, "shaded").contains(r#"<rect x="19" y="19" width="16""#));
        assert!(group(&svg, "cage").contains(r#"stroke-dasharray="1 1""#));
        assert!(!svg.contains("<text"));
    }
}
