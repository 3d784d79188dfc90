//! A technique's hint drawn on the board, at its second press: the step's pattern where pencil
//! marks go, whether or not the player has written them. The pattern's candidates sit on
//! discs (fins orange, a colouring's two colours green and blue), each candidate the step
//! removes is red on a pale red disc and struck through, each symbol it places is green in its
//! cell, and a chain's links join the candidates they link: strong links solid, weak links
//! dashed, each with an arrowhead where it arrives.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2};

use crate::game::Game;
use crate::sudoku::logic::{Role, Step};

use super::layout::BoardLayout;

/// A candidate the step removes, and the disc it sits on.
const REMOVED: Color32 = Color32::from_rgb(220, 40, 40);
const REMOVED_DISC: Color32 = Color32::from_rgb(255, 200, 200);
/// A symbol the step places.
const PLACED: Color32 = Color32::from_rgb(30, 160, 60);
/// A pattern's candidate, a fin's, and a colouring's two colours.
const PATTERN: Color32 = Color32::from_rgb(120, 170, 250);
const FIN: Color32 = Color32::from_rgb(250, 170, 80);
const COLOUR_A: Color32 = Color32::from_rgb(120, 210, 120);
const COLOUR_B: Color32 = Color32::from_rgb(110, 165, 250);
/// A chain's links.
const LINK: Color32 = Color32::from_rgb(200, 80, 200);
/// The ink of a candidate on a disc.
const ON_DISC: Color32 = Color32::from_gray(20);

/// Draws `step` over the board: `slot(cell, value)` is where a pencil mark of `value` sits
/// in `cell`.
pub fn paint_step(
    painter: &Painter,
    layout: &BoardLayout,
    game: &Game,
    step: &Step,
    slot: &dyn Fn(usize, u8) -> Option<Rect>,
) {
    let alphabet = game.board().alphabet();
    let text = |at: Pos2, v: u8, size: f32, colour: Color32| {
        let symbol = alphabet.symbol(v).to_string();
        painter.text(
            at,
            Align2::CENTER_CENTER,
            symbol,
            FontId::monospace(size),
            colour,
        );
    };
    for &(cell, value, role) in &step.marks {
        let Some(rect) = slot(cell as usize, value) else {
            continue;
        };
        let fill = match role {
            Role::Pattern => PATTERN,
            Role::Fin => FIN,
            Role::Colour(false) => COLOUR_A,
            Role::Colour(true) => COLOUR_B,
        };
        let r = rect.width().min(rect.height()) * 0.5;
        painter.circle_filled(rect.center(), r, fill);
        text(rect.center(), value, r * 1.5, ON_DISC);
    }
    for &(cell, value) in &step.eliminations {
        let Some(rect) = slot(cell as usize, value) else {
            continue;
        };
        let r = rect.width().min(rect.height()) * 0.5;
        painter.circle_filled(rect.center(), r, REMOVED_DISC);
        text(rect.center(), value, r * 1.5, REMOVED);
        let d = Vec2::splat(r * 0.8);
        painter.line_segment(
            [rect.center() - d, rect.center() + d],
            Stroke::new((r / 4.0).max(1.5), REMOVED),
        );
    }
    for &(cell, value) in &step.placements {
        let rect = layout.position_rect(cell as usize);
        text(rect.center(), value, layout.cell_size() * 0.62, PLACED);
    }
    for link in &step.links {
        let (Some(from), Some(to)) = (
            slot(link.from.0 as usize, link.from.1),
            slot(link.to.0 as usize, link.to.1),
        ) else {
            continue;
        };
        let width = (layout.cell_size() / 30.0).clamp(1.5, 3.0);
        arrow(painter, from.center(), to.center(), link.strong, width);
    }
}

/// A link from `a` to `b`, stopping short of both candidates: solid if `strong`, else dashed,
/// with an arrowhead at `b`.
fn arrow(painter: &Painter, a: Pos2, b: Pos2, strong: bool, width: f32) {
    let along = b - a;
    let length = along.length();
    if length < 1.0 {
        return;
    }
    let dir = along / length;
    let gap = (length * 0.15).min(8.0);
    let (start, end) = (a + dir * gap, b - dir * gap);
    let stroke = Stroke::new(width, LINK);
    if strong {
        painter.line_segment([start, end], stroke);
    } else {
        painter.extend(Shape::dashed_line(
            &[start, end],
            stroke,
            width * 3.0,
            width * 2.0,
        ));
    }
    let head = width * 4.0;
    let side = Vec2::new(-dir.y, dir.x) * head * 0.5;
    painter.add(Shape::convex_polygon(
        vec![end, end - dir * head + side, end - dir * head - side],
        stroke.color,
        Stroke::NONE,
    ));
}
