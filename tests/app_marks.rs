//! Pencil marks and the candidates view on killer boards, read off what the window paints
//! (`egui_kittest`'s shapes): no mark or count covers a cage's sum or touches a line, on killer
//! boards and on a 25×25 board's crowded cells.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::epaint::{FontFamily, Shape, TextShape};
use egui::{Key, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::game::Game;

mod common;
use common::*;

/// A harness of `size` on the first puzzle of a bundled collection.
fn killer(text: &str, size: egui::Vec2) -> Harness<'static, App> {
    let (_, entries) = sudoku_dlx::sudoku::files::formats::read(text, None, None).unwrap();
    let p = entries[0].puzzle.clone();
    let config = config_for(p.geometry());
    let mut h = Harness::builder().with_size(size).build_ui_state(
        |ui, app: &mut App| app.show(ui),
        App::new(Game::with_puzzle(p), config),
    );
    settle(&mut h);
    h
}

/// What was painted over the board in the last frame: text (with its font's family and size)
/// and lines, each with the rectangle its ink covers.
struct Painted {
    texts: Vec<(String, FontFamily, f32, Rect)>,
    lines: Vec<Rect>,
}

fn painted(h: &Harness<'static, App>) -> Painted {
    let board = h.state().layout().unwrap().rect;
    let mut texts = Vec::new();
    let mut lines = Vec::new();
    let mut visit = |shape: &Shape| match shape {
        Shape::Text(t) => {
            let TextShape { galley, .. } = t;
            let rect = shape.visual_bounding_rect();
            if board.contains_rect(rect) {
                let font = &galley.job.sections[0].format.font_id;
                texts.push((
                    galley.text().to_string(),
                    font.family.clone(),
                    font.size,
                    rect,
                ));
            }
        }
        Shape::LineSegment { points, stroke } => {
            let rect = Rect::from_two_pos(points[0], points[1]).expand(stroke.width / 2.0);
            if board.intersects(rect) {
                lines.push(rect);
            }
        }
        _ => {}
    };
    for clipped in &h.output().shapes {
        match &clipped.shape {
            Shape::Vec(shapes) => shapes.iter().for_each(&mut visit),
            shape => visit(shape),
        }
    }
    Painted { texts, lines }
}

/// Fills in every candidate, then checks that no pencil mark covers a cage's sum or any line
/// (a cell's, a box's or a cage's dashed one), and that the sums are all there to read.
fn marks_keep_clear(text: &str, size: egui::Vec2) {
    let mut h = killer(text, size);
    let cages = h
        .state()
        .game()
        .board()
        .variant()
        .map_or(0, |v| v.cages().len());
    // F is a symbol of a 16×16 board: there, Ctrl+F fills in the candidates.
    if h.state().game().geometry().side() > 9 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, Key::F);
        settle(&mut h);
    } else {
        press(&mut h, Key::F);
    }
    assert!(status(&h).starts_with("Filled in the candidates"));
    let p = painted(&h);
    let labels: Vec<Rect> = p
        .texts
        .iter()
        .filter(|t| t.1 == FontFamily::Proportional)
        .map(|t| t.3)
        .collect();
    assert_eq!(labels.len(), cages, "every cage's sum is painted");
    let marks: Vec<(&str, Rect)> = p
        .texts
        .iter()
        .filter(|t| t.1 == FontFamily::Monospace)
        .filter(|t| t.2 < h.state().layout().unwrap().cell_size() * 0.5)
        .map(|t| (t.0.as_str(), t.3))
        .collect();
    let empty = (0..h.state().game().board().positions())
        .filter(|&c| h.state().game().value(c) == 0)
        .count();
    assert!(
        marks.len() > empty,
        "{} marks in {empty} empty cells",
        marks.len()
    );
    assert!(marks.iter().any(|m| m.0 == "1"));
    for (mark, rect) in &marks {
        for label in &labels {
            assert!(
                !rect.intersects(*label),
                "mark {mark} at {rect:?} covers a cage sum at {label:?}"
            );
        }
        for line in &p.lines {
            assert!(
                !rect.intersects(*line),
                "mark {mark} at {rect:?} touches a line at {line:?}"
            );
        }
    }
}

#[test]
fn a_9x9_killers_marks_keep_clear_of_its_sums_and_lines() {
    marks_keep_clear(
        include_str!("../assets/puzzles/library/9x9-killer-easy.toml"),
        egui::vec2(720.0, 800.0),
    );
}

#[test]
fn a_16x16_killers_marks_keep_clear_of_its_sums_and_lines() {
    marks_keep_clear(
        include_str!("../assets/puzzles/library/16x16-killer-easy.toml"),
        egui::vec2(960.0, 1040.0),
    );
}

#[test]
fn a_25x25_boards_marks_keep_clear_of_its_lines() {
    // (Drawn right to the cell's edge, the top row of marks lost its top pixels to the line.)
    let empty = ".".repeat(625);
    marks_keep_clear(&empty, egui::vec2(720.0, 800.0));
}

#[test]
fn the_candidates_view_counts_beside_the_cage_sums() {
    for (text, size) in [
        (
            include_str!("../assets/puzzles/library/9x9-killer-easy.toml"),
            egui::vec2(720.0, 800.0),
        ),
        (
            include_str!("../assets/puzzles/library/16x16-killer-easy.toml"),
            egui::vec2(960.0, 1040.0),
        ),
    ] {
        let mut h = killer(text, size);
        let sums: Vec<Rect> = painted(&h)
            .texts
            .iter()
            .filter(|t| t.1 == FontFamily::Proportional)
            .map(|t| t.3)
            .collect();
        h.get_by_label("View").click();
        settle(&mut h);
        h.get_by_label("Candidates as the engine sees them").click();
        settle(&mut h);
        press(&mut h, Key::Escape);
        h.hover_at(egui::pos2(1.0, 1.0));
        settle(&mut h);
        assert!(h.state().settings().candidates);
        let p = painted(&h);
        let counts: Vec<(&str, Rect)> = p
            .texts
            .iter()
            .filter(|t| t.1 == FontFamily::Proportional && !sums.contains(&t.3))
            .map(|t| (t.0.as_str(), t.3))
            .collect();
        let empty = (0..h.state().game().board().positions())
            .filter(|&c| h.state().game().value(c) == 0)
            .count();
        assert_eq!(counts.len(), empty, "a count in each empty cell");
        for (count, rect) in &counts {
            for sum in &sums {
                assert!(
                    !rect.intersects(*sum),
                    "count {count} at {rect:?} covers a cage sum at {sum:?}"
                );
            }
            for line in &p.lines {
                assert!(
                    !rect.intersects(*line),
                    "count {count} at {rect:?} touches a line at {line:?}"
                );
            }
        }
    }
}
