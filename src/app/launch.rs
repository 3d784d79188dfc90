//! Opening the window: the saved game restored, the puzzle file on the command line opened, the
//! window sized, and eframe run until it closes.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::autosave::{self, LockError, Restored};
use crate::config::Config;
use crate::game::Game;

use super::fit::{self, Fit};
use super::lifeboat::Lifeboat;
use super::settings::Settings;
use super::window::{App, FrameStats};

/// The window's app as it starts: the game saved in `data_dir` (if any) restored, the board
/// config.toml asks for put in its place if the saved game's board differs (the saved game one
/// undo away), then the first puzzle of `puzzle`, a file named on the command line, which wins
/// over both. Saves to `data_dir` from then on, unless another window saves there: then it starts
/// on a fresh board (or the file's puzzle) and says in the status line that it will not autosave.
pub fn start(config: Config, data_dir: Option<PathBuf>, puzzle: Option<&Path>) -> App {
    let mut note = None;
    // One window saves to a directory at a time: a second one plays on a fresh board and does
    // not autosave, rather than overwrite the first one's game.
    let mut data_dir = data_dir;
    let lock = match data_dir.as_deref().map(autosave::lock) {
        Some(Ok(lock)) => Some(lock),
        Some(Err(e @ LockError::Taken(_))) => {
            data_dir = None;
            let start = if puzzle.is_some() {
                "Ctrl+S saves this window's game"
            } else {
                "This window starts on a fresh board; Ctrl+S saves its game"
            };
            note = Some(format!("Not autosaving: {e}. {start}"));
            None
        }
        // Saves will say what is wrong when they fail.
        Some(Err(LockError::Io(_))) | None => None,
    };
    let game = match data_dir.as_deref().map(autosave::restore) {
        Some(Restored::Game(game)) => {
            let mut game = *game;
            game.adopt_board(&config.empty_board());
            game
        }
        Some(Restored::Unreadable(message)) => {
            note = Some(message);
            Game::on_board(config.empty_board())
        }
        Some(Restored::Nothing) | None => Game::on_board(config.empty_board()),
    };
    if let Some(message) = &note {
        crate::output::note(format_args!("sudoku-dlx: {message}"));
    }
    let mut app = App::new(game, config);
    app.lock = lock;
    if let Some(dir) = &data_dir {
        let (settings, why) = Settings::load(dir);
        app.settings = settings;
        if let Some(why) = why {
            crate::output::note(format_args!("sudoku-dlx: {why}"));
            note = note.or(Some(why));
        }
        let (records, why) = crate::game::records::Records::load(dir);
        app.records = records;
        if let Some(why) = why {
            crate::output::note(format_args!("sudoku-dlx: {why}"));
            note = note.or(Some(why));
        }
    }
    app.restore_place();
    app.autosave_to(data_dir);
    if let Some(message) = &note {
        app.game.set_status(message.clone(), true);
    }
    if let Some(path) = puzzle {
        // A bad file leaves the board as it was, with the message in the status line and on
        // stderr.
        app.open_path(path);
        // What the start found wrong (not autosaving, a save set aside) stays in the status
        // line, before what opening the file says.
        if let Some(message) = note {
            let opened = app.game.status().text.clone();
            app.game.set_status(format!("{message}. {opened}"), true);
        }
    }
    app
}

/// Opens the window and runs it until it closes. `puzzle` is a file whose first puzzle to show.
/// `problem` is what was wrong with config.toml (then `config` holds the defaults): the window
/// shows it until dismissed. With `frame_stats` (when the process started), the frame times
/// are printed on exit.
pub fn run(
    config: Config,
    problem: Option<String>,
    puzzle: Option<&Path>,
    frame_stats: Option<Instant>,
) -> Result<(), eframe::Error> {
    let data_dir = autosave::data_dir();
    let mut app = start(config, data_dir.clone(), puzzle);
    // A signal or a panic saves the game too (only where this window saves it).
    app.lifeboat = app.save_dir.as_deref().map(Lifeboat::launch);
    if let Some(problem) = problem {
        app.warn_config(&problem);
    }
    app.frame_stats = frame_stats.map(|started| FrameStats {
        started,
        first_frame: None,
        cpu: Vec::new(),
    });
    // A shape's board is sized by the cells it spans across (21 for a Samurai).
    let side = super::layout::BoardLayout::span(app.game().board().layout());
    let picker = app.settings().picker;
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("sudoku-dlx")
            .with_app_id("sudoku-dlx")
            .with_inner_size(fit::window_size(side, picker, None))
            .with_min_inner_size(fit::min_size(side, picker)),
        // The window's size and place are kept beside the saved game (and so, in tests, in
        // their own folder).
        persistence_path: data_dir.map(|dir| dir.join("window.ron")),
        ..Default::default()
    };
    eframe::run_native(
        "sudoku-dlx",
        options,
        Box::new(move |cc| {
            if let Some(boat) = &app.lifeboat {
                boat.attach(&cc.egui_ctx);
            }
            // The size eframe brings back is the one the window had: fitted to the board it
            // showed then, or chosen by the player.
            if let Some(fit) = cc
                .storage
                .and_then(|s| eframe::get_value::<Fit>(s, fit::STORAGE_KEY))
            {
                app.fit = fit;
            } else {
                app.fit = Fit::sized_for(side, picker);
            }
            Ok(Box::new(app))
        }),
    )
}
