//! The theme picked in the View menu: light, dark or the system's, applied at once and kept for
//! the next start over config.toml's.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::Key;
use egui_kittest::kittest::Queryable;
use sudoku_dlx::config::{Config, Theme};

mod common;
use common::*;

#[test]
fn the_view_menus_theme_applies_at_once_and_is_kept_for_the_next_start() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-theme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let start =
        |config: Config| harness_of(sudoku_dlx::app::start(config, Some(dir.clone()), None));
    // config.toml says light: so the window starts.
    let light = Config::from_toml_str("theme = \"light\"\n").unwrap();
    let mut h = start(light.clone());
    assert_eq!(
        h.ctx.options(|o| o.theme_preference),
        egui::ThemePreference::Light
    );
    assert_eq!(h.state().settings().theme, None);
    h.get_by_label("View").click();
    settle(&mut h);
    h.get_by_label("Dark").click();
    settle(&mut h);
    press(&mut h, Key::Escape);
    assert_eq!(h.state().settings().theme, Some(Theme::Dark));
    assert_eq!(
        h.ctx.options(|o| o.theme_preference),
        egui::ThemePreference::Dark
    );
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    drop(h);
    // The pick wins over config.toml's at the next start.
    let h = start(light);
    assert_eq!(
        h.ctx.options(|o| o.theme_preference),
        egui::ThemePreference::Dark
    );
    let _ = std::fs::remove_dir_all(&dir);
}
