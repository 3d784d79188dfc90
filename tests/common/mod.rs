//! What the window's tests share: a harness around the app, and the moves a person makes
//! (hover, type, press a key, wait for the work to finish).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use egui::epaint::{Shape, TextShape};
use egui::{Color32, Event, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::app::App;
use sudoku_dlx::config::Config;
use sudoku_dlx::game::{Game, Origin, Uniqueness};
use sudoku_dlx::sudoku::{Geometry, Grid};

pub fn config_for(geometry: Geometry) -> Config {
    let text = format!(
        "box = \"{}x{}\"\n",
        geometry.box_rows(),
        geometry.box_cols()
    );
    Config::from_toml_str(&text).unwrap()
}

pub fn harness(game: Game, config: Config) -> Harness<'static, App> {
    harness_of(App::new(game, config))
}

/// A harness around `app`, settled.
pub fn harness_of(app: App) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(720.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    settle(&mut h);
    h
}

pub fn empty(geometry: Geometry) -> Harness<'static, App> {
    let config = config_for(geometry);
    harness(Game::new(config.notation.clone()), config)
}

pub fn puzzle(line: &str) -> Harness<'static, App> {
    let grid = Grid::parse_line(line, None).unwrap();
    let config = config_for(grid.geometry());
    harness(Game::with_puzzle(grid), config)
}

/// Runs frames until the window is idle: no solve, count or puzzle-making under way (the
/// background count of solutions repaints while it runs), then until egui settles. A worker
/// that ends while egui settles asks for frames of its own (on a loaded machine that can be
/// more than the harness's few), so settling starts over, within the minute.
pub fn settle(h: &mut Harness<'static, App>) {
    let start = Instant::now();
    loop {
        h.step();
        let app = h.state();
        let busy =
            app.is_working() || app.is_counting() || app.is_generating() || app.is_answering();
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the window's work did not finish, or it never stopped repainting"
        );
        if !busy && h.try_run().is_ok() {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Moves the pointer over a cell, as a person would, and lets the frame see it.
pub fn hover(h: &mut Harness<'static, App>, row: usize, col: usize) {
    let layout = h.state().layout().expect("the board was drawn");
    h.hover_at(layout.cell_rect(row, col).center());
    settle(h);
}

/// Types text the way a keyboard does (egui gets it as a text event).
pub fn type_text(h: &mut Harness<'static, App>, text: &str) {
    h.event(Event::Text(text.into()));
    settle(h);
}

pub fn press(h: &mut Harness<'static, App>, key: Key) {
    h.key_press(key);
    settle(h);
}

/// Presses a key that starts a solve, then lets frames run until the worker has answered.
pub fn press_and_wait(h: &mut Harness<'static, App>, key: Key) {
    h.key_press(key);
    h.step();
    let start = Instant::now();
    while h.state().is_working() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the solver did not answer"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    settle(h);
}

pub fn cell(h: &Harness<'static, App>, row: usize, col: usize) -> (u8, Origin) {
    let game = h.state().game();
    let c = game.geometry().cell(row, col);
    (game.value(c), game.origin(c))
}

pub fn status(h: &Harness<'static, App>) -> String {
    h.state().game().status().text.clone()
}

/// Runs frames (without waiting for egui to settle: a search being watched repaints while it
/// plays) until `done` holds of the app.
pub fn frames_until(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed() < Duration::from_secs(30), "{what}");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Presses a key and runs two frames (watch mode may be playing: egui never settles then).
pub fn tap(h: &mut Harness<'static, App>, key: Key) {
    h.key_press(key);
    h.run_steps(2);
}

/// Picks puzzle `number` (as the menu numbers them, from 1) of `collection` from the Puzzles
/// menu, as a player does: open the menu, hover the collection, click the number.
pub fn pick_puzzle(h: &mut Harness<'static, App>, collection: &str, number: usize) {
    h.get_by_label("Puzzles").click();
    settle(h);
    h.get_by_label(collection).hover();
    settle(h);
    h.get_by_label(&number.to_string()).click();
    settle(h);
}

/// A harness on the default 9×9 config, as the app starts with no puzzle.
pub fn fresh() -> Harness<'static, App> {
    empty(Geometry::classic())
}

/// What the status line says of the board's solutions.
pub fn count_label(h: &Harness<'static, App>) -> Uniqueness {
    h.state().game().uniqueness()
}

/// Plays the watched search to its end (End) and returns the solutions it found.
pub fn watch_to_the_end(h: &mut Harness<'static, App>, what: &str) -> u64 {
    h.key_press(Key::End);
    frames_until(h, what, |app| app.watching().is_some_and(|w| w.view().done));
    h.state().watching().map_or(0, |w| w.view().stats.solutions)
}

/// The texts painted in the last frame in `colour`, with where they are.
pub fn texts_in(h: &Harness<'static, App>, colour: Color32) -> Vec<(String, egui::Pos2)> {
    let mut out = Vec::new();
    let mut visit = |shape: &Shape| {
        if let Shape::Text(TextShape {
            galley,
            pos,
            fallback_color,
            ..
        }) = shape
            && *fallback_color == colour
        {
            out.push((galley.text().to_string(), *pos));
        }
    };
    for clipped in &h.output().shapes {
        match &clipped.shape {
            Shape::Vec(shapes) => shapes.iter().for_each(&mut visit),
            shape => visit(shape),
        }
    }
    out
}
