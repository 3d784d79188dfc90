//! Every technique's hint in the window, as a player asks for it: on a puzzle where the
//! technique comes on the way (found by walking `solve --steps` over magictour's top 1465 and
//! the library), `h` is pressed until the hint names it; then the first press must shade the
//! units it reads and draw nothing yet, the second must draw its pattern (a disc for each of
//! its candidates, an arrowhead for each link, each removal red in its own cell, each
//! placement green), the third must take it (the removals gone from the pencil marks, the
//! placements on the board), and Ctrl+Z must take it back. Techniques that no puzzle of those
//! sets reaches early are set up by hand, with pencil marks typed on an empty board.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::epaint::{CircleShape, PathShape, Shape};
use egui::{Color32, Key, Modifiers};
use egui_kittest::Harness;
use sudoku_dlx::app::App;
use sudoku_dlx::game::Game;
use sudoku_dlx::sudoku::Geometry;

mod common;
use common::*;

/// The colours the board draws a step in (`app/hint_paint.rs`).
const REMOVED: Color32 = Color32::from_rgb(220, 40, 40);
const PLACED: Color32 = Color32::from_rgb(30, 160, 60);
const DISCS: [Color32; 4] = [
    Color32::from_rgb(120, 170, 250),
    Color32::from_rgb(250, 170, 80),
    Color32::from_rgb(120, 210, 120),
    Color32::from_rgb(110, 165, 250),
];
const LINK: Color32 = Color32::from_rgb(200, 80, 200);

/// Every shape painted in the last frame, nested ones flattened.
fn shapes(h: &Harness<'static, App>) -> Vec<Shape> {
    fn flatten(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(shapes) => shapes.iter().for_each(|s| flatten(s, out)),
            shape => out.push(shape.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        flatten(&clipped.shape, &mut out);
    }
    out
}

/// The discs of a step's candidates, and the arrowheads of its links.
fn discs_and_arrowheads(h: &Harness<'static, App>) -> (usize, usize) {
    let all = shapes(h);
    let discs = all
        .iter()
        .filter(|s| matches!(s, Shape::Circle(CircleShape { fill, .. }) if DISCS.contains(fill)))
        .count();
    let heads = all
        .iter()
        .filter(|s| matches!(s, Shape::Path(PathShape { fill, .. }) if *fill == LINK))
        .count();
    (discs, heads)
}

/// Presses `h` until the hint names `technique` (its first press), at most 400 times.
fn press_until(h: &mut Harness<'static, App>, technique: &str) {
    for _ in 0..400 {
        press(h, Key::H);
        let named = h
            .state()
            .game()
            .hint()
            .and_then(|x| x.step.as_ref())
            .filter(|t| t.stage == 1)
            .map(|t| t.step.technique.to_string());
        if named.as_deref() == Some(technique) {
            assert!(
                status(h).starts_with(&format!("Hint: {technique}")),
                "{}",
                status(h)
            );
            return;
        }
        assert!(
            !h.state().game().board().is_full(),
            "solved without {technique}"
        );
    }
    panic!("no {technique} within 400 presses");
}

/// The three presses of `technique`'s hint, checked, and Ctrl+Z after them.
fn three_presses(h: &mut Harness<'static, App>, technique: &str) {
    press_until(h, technique);
    let step = h
        .state()
        .game()
        .hint()
        .and_then(|x| x.step.clone())
        .expect("a technique's hint")
        .step;
    // First press: the units shaded, nothing drawn.
    let hint = h.state().game().hint().unwrap().clone();
    assert_eq!(
        step.units.is_empty(),
        hint.cells.is_empty(),
        "{technique}: units shaded"
    );
    assert!(
        texts_in(h, REMOVED).is_empty(),
        "{technique}: nothing drawn yet"
    );
    assert_eq!(
        discs_and_arrowheads(h),
        (0, 0),
        "{technique}: nothing drawn yet"
    );
    // Second press: the pattern.
    press(h, Key::H);
    let layout = h.state().layout().unwrap();
    let symbol = |v: u8| v.to_string();
    let mut removed: Vec<(usize, String)> = texts_in(h, REMOVED)
        .into_iter()
        .map(|(text, pos)| (layout.position_at(pos).expect("on a cell"), text))
        .collect();
    removed.sort();
    let mut expected: Vec<(usize, String)> = step
        .eliminations
        .iter()
        .map(|&(c, v)| (c as usize, symbol(v)))
        .collect();
    expected.sort();
    assert_eq!(
        removed, expected,
        "{technique}: each removal red in its cell"
    );
    let placed = texts_in(h, PLACED).len();
    assert_eq!(
        placed,
        step.placements.len(),
        "{technique}: placements green"
    );
    let (discs, heads) = discs_and_arrowheads(h);
    assert_eq!(discs, step.marks.len(), "{technique}: a disc a candidate");
    assert_eq!(heads, step.links.len(), "{technique}: an arrowhead a link");
    assert!(
        !step.marks.is_empty() || !step.placements.is_empty() || !step.eliminations.is_empty(),
        "{technique}: something to see"
    );
    // Third press: taken.
    let before: Vec<(u8, u64)> = (0..81)
        .map(|c| (h.state().game().value(c), h.state().game().notes(c)))
        .collect();
    press(h, Key::H);
    let game = h.state().game();
    for &(c, v) in &step.eliminations {
        let c = c as usize;
        assert!(
            game.value(c) != 0 || game.notes(c) & 1 << (v - 1) == 0,
            "{technique}: {v} gone from cell {c}"
        );
    }
    for &(c, v) in &step.placements {
        assert_eq!(game.value(c as usize), v, "{technique}: placed");
    }
    assert!(
        texts_in(h, REMOVED).is_empty(),
        "{technique}: the drawing goes"
    );
    // Ctrl+Z: back as it was.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(h);
    let after: Vec<(u8, u64)> = (0..81)
        .map(|c| (h.state().game().value(c), h.state().game().notes(c)))
        .collect();
    assert_eq!(after, before, "{technique}: undone");
}

/// A test of `technique`'s hint on the puzzle `line`.
macro_rules! step_test {
    ($name:ident, $technique:literal, $line:literal) => {
        #[test]
        fn $name() {
            let mut h = puzzle($line);
            settle(&mut h);
            three_presses(&mut h, $technique);
        }
    };
}

step_test!(
    pointing,
    "pointing",
    "....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3.."
); // top1465 #23
step_test!(
    claiming,
    "claiming",
    "..6..3....97..513..2..91.8........7.6.........41.....9...5..8.....3.47....4.16..5"
); // top1465 #261
step_test!(
    naked_pair,
    "naked pair",
    "8.2.....4.9......7..5..139..8..17......5.2..1.....8.36..71.....4...7....32...5..."
); // top1465 #315
step_test!(
    hidden_pair,
    "hidden pair",
    "...9...86......5......5...1.2......47.85...9.4..36....2....3....4.69..7.67..1.4.."
); // top1465 #278
step_test!(
    naked_triple,
    "naked triple",
    "2..7........68..57.8...3.6.....1....3..4.....6.2....9........7...9...8.5.4.53...6"
); // top1465 #322
step_test!(
    hidden_triple,
    "hidden triple",
    ".4.7...6...39............57.......3.2...8.....19...57.6...4.....5.1......2...6.84"
); // top1465 #94
step_test!(
    x_wing,
    "X-wing",
    "9..7..3...5..2..1...7.....93..6..7...6..5..3...2..8..61..4..6...4..6..8...6..3..4"
); // top1465 #232
step_test!(
    swordfish,
    "swordfish",
    "...3..5...5..1..3...7..4..12.....4...6..9......1..6..28..7..2...9..8..5...5..9..7"
); // top1465 #89
step_test!(
    xy_wing,
    "XY-wing",
    ".691.7..8..2.....6.8....1.....7...32.9...8.....63..8...7...4.......5..4.5....6..."
); // top1465 #375
step_test!(
    naked_quad,
    "naked quad",
    ".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7"
); // top1465 #228
step_test!(
    skyscraper,
    "skyscraper",
    "......7.1..4....3..85....6.6..9.1....1...7..5....3.2...2...8.5.8.1.29....6..7...."
); // top1465 #303
step_test!(
    two_string_kite,
    "two-string kite",
    "5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9"
); // top1465 #113
step_test!(
    empty_rectangle,
    "empty rectangle",
    "53..2.9...24.3..5...9..........1.827...7.........981.............64....91.2.5.43."
); // top1465 #207
step_test!(
    finned_x_wing,
    "finned X-wing",
    "......8...7..9..1...3..7..51..6......5..2..4...8..9..74.....2...6..1..5......6..3"
); // top1465 #182
step_test!(
    sashimi_x_wing,
    "sashimi X-wing",
    "6..9..4...4..5..3...8..6..55..7..3...7..2......2..5..41..6.........3..8...6..2..1"
); // top1465 #229
step_test!(
    finned_swordfish,
    "finned swordfish",
    "4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5"
); // top1465 #125
step_test!(
    sashimi_swordfish,
    "sashimi swordfish",
    "....8.61..53............5.2...4......2..58..74..7.9.5.964..........2.86.3.....7.."
); // top1465 #371
step_test!(
    finned_jellyfish,
    "finned jellyfish",
    "5.1.94....2.6.59................2.17.3..4..6.......5.........2.....3.8...6.8.93.."
); // top1465 #311
step_test!(
    xyz_wing,
    "XYZ-wing",
    "4......6....94..5.1.9.6...............6..2..5.5231...8.7...8..1......7....8.5.3.6"
); // top1465 #312
step_test!(
    w_wing,
    "W-wing",
    ".6.....7.2...5....7..12.9....2.....8.18...3...7..9..5.4..9.2......6..1......85..3"
); // top1465 #319
step_test!(
    simple_colouring,
    "simple colouring",
    "....4.87..61..................6...312...7....4.........5.1.8...7.....2.....3....."
); // top1465 #385
step_test!(
    x_chain,
    "X-chain",
    "....7.94..7..9...53....5.7..874..1..463.8.........7.8.8..7.....7......28.5.268..."
); // top1465 #224
step_test!(
    unique_rectangle,
    "unique rectangle",
    "..6..3....97..513..2..91.8........7.6.........41.....9...5..8.....3.47....4.16..5"
); // top1465 #261
step_test!(
    bug_1,
    "BUG+1",
    "..3...67.5.....3...4.......6..3......8......4...7....12......5.....98.......41..."
); // top1465 #65
step_test!(
    xy_chain,
    "XY-chain",
    "..24............98..8..16...5....826....4.7..7..8...5...167....3...92.....9......"
); // top1465 #248
step_test!(
    nice_loop,
    "nice loop",
    "...3..5...5..1..3...7..4..12.....4...6..9......1..6..28..7..2...9..8..5...5..9..7"
); // top1465 #89
step_test!(
    alternating_inference_chain,
    "alternating inference chain",
    "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9."
); // top1465 #246
step_test!(
    als_xz,
    "ALS-XZ",
    "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9"
); // top1465 #181
step_test!(
    als_xy_wing,
    "ALS-XY-wing",
    "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9"
); // top1465 #181
step_test!(
    forcing_chain,
    "forcing chain",
    "2..5..6...9.....3...1..9..44..9..7...5..4..8...7..1..6...1..3...2..7..9...8..3..5"
); // top1465 #244
step_test!(
    forcing_net,
    "forcing net",
    "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5"
); // top1465 #77

step_test!(
    sashimi_jellyfish,
    "sashimi jellyfish",
    "3..1...7....9..8....95.....7.......9.2..3.7....8..4.5.......5..1..7.8.........247"
); // top1465 #883
step_test!(
    hidden_quad,
    "hidden quad",
    "..6......35..1.....17..3.5......9.4..2.35...8...2..6.........9.672.....3.8....7.6"
); // top1465 #511
step_test!(
    continuous_nice_loop,
    "continuous nice loop",
    ".......2.......8...15.6.3..1.2.9.5....9.....44...5......45...7....8.6.1..3...2.5."
); // top1465 #863
step_test!(
    grouped_nice_loop,
    "grouped nice loop",
    ".9...6...5....7..6..2...3....6..5..48.....79.7....2.......5..1....62...8.3...1.4."
); // top1465 #1310
step_test!(
    grouped_alternating_inference_chain,
    "grouped alternating inference chain",
    "..3....9.8...21..6.5........6.25.74.....73..55.....2..2....7.8....49.1...9.5....."
); // top1465 #480
step_test!(
    doubly_linked_als_xz,
    "doubly linked ALS-XZ",
    ".....6.5.3..1..86....9..4.34....81...7.3....4.9...1.....5..3...9.8.6..........2.5"
); // top1465 #382

/// Types pencil marks into cells of an empty board: `(cell, symbols)` each.
fn marked(cells: &[(usize, &str)]) -> Harness<'static, App> {
    let mut h = empty(Geometry::classic());
    press(&mut h, Key::M);
    for &(cell, symbols) in cells {
        hover(&mut h, cell / 9, cell % 9);
        type_text(&mut h, symbols);
    }
    press(&mut h, Key::M);
    h
}

#[test]
fn hidden_quad_from_pencil_marks() {
    // 1 to 4 only in r1c1, r1c3, r1c5 and r1c7: the row's other cells marked 5 to 9.
    let mut h = marked(&[1, 3, 5, 7, 8].map(|c| (c, "56789")));
    three_presses(&mut h, "hidden quad");
}

#[test]
fn jellyfish_from_pencil_marks() {
    // 5's places in rows 1, 3, 5 and 7 all in columns 1, 3, 5 and 7.
    let cells: Vec<(usize, &str)> = [0, 2, 4, 6]
        .iter()
        .flat_map(|r| [1, 3, 5, 7, 8].map(|c| (r * 9 + c, "12346789")))
        .collect();
    let mut h = marked(&cells);
    three_presses(&mut h, "jellyfish");
}

/// The `k`th puzzle of a collection (any format the app reads), in a window.
fn from_library(text: &str, k: usize) -> Harness<'static, App> {
    let (_, entries) = sudoku_dlx::sudoku::files::formats::read(text, None, None).unwrap();
    let p = entries[k].puzzle.clone();
    let mut h = harness(Game::with_puzzle(p.clone()), config_for(p.geometry()));
    settle(&mut h);
    h
}

#[test]
fn locked_candidates_on_a_diagonal() {
    let text = include_str!("../assets/puzzles/library/9x9-x-medium.toml");
    three_presses(&mut from_library(text, 1), "locked candidates");
}

#[test]
fn cage_combinations_on_a_killer() {
    let text = include_str!("../assets/puzzles/library/9x9-killer-easy.toml");
    three_presses(&mut from_library(text, 0), "cage combinations");
}

/// Killers: the expert 9×9 samples (sumocue lines) and the jigsaw killers.
const KILLERS: &str = include_str!("data/variants/killer-expert.txt");
const JIGSAW_KILLERS: &str = include_str!("data/variants/killer-jigsaw.toml");

#[test]
fn innies_on_a_killer() {
    three_presses(&mut from_library(KILLERS, 0), "innies");
}

#[test]
fn outies_on_a_killer() {
    three_presses(&mut from_library(KILLERS, 0), "outies");
}

#[test]
fn cage_unit_overlap_on_a_killer() {
    three_presses(&mut from_library(KILLERS, 0), "cage-unit overlap");
}

#[test]
fn unit_cage_overlap_on_a_killer() {
    three_presses(&mut from_library(KILLERS, 1), "unit-cage overlap");
}

#[test]
fn innies_over_units_on_a_killer() {
    three_presses(&mut from_library(KILLERS, 0), "innies over units");
}

#[test]
fn innie_outie_difference_on_a_killer() {
    three_presses(&mut from_library(KILLERS, 3), "innie-outie difference");
}

#[test]
fn outies_over_units_on_a_jigsaw_killer() {
    three_presses(&mut from_library(JIGSAW_KILLERS, 0), "outies over units");
}
