//! The window: an [`eframe::App`] that draws the [`Game`], turns input into commands, and runs
//! the solver on a worker thread so the window never waits for it.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use egui::RichText;

use crate::config::Config;
use crate::game::{Game, SolveOutcome};
use crate::sudoku::{Grid, Notation, ParseError};
use crate::ui::{self, Action, BoardLayout};

/// A solve running on its own thread.
struct Worker {
    answer: Receiver<SolveOutcome>,
    cancel: Arc<AtomicBool>,
}

/// The application: the game, the configuration, and the solve under way if any.
pub struct App {
    game: Game,
    config: Config,
    worker: Option<Worker>,
    layout: Option<BoardLayout>,
    quit: bool,
}

impl App {
    /// A window showing `game` with the keys of `config`.
    pub fn new(game: Game, config: Config) -> Self {
        App {
            game,
            config,
            worker: None,
            layout: None,
            quit: false,
        }
    }

    /// The game, to inspect.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the board was drawn last frame (tests use it to point at cells).
    pub fn layout(&self) -> Option<BoardLayout> {
        self.layout
    }

    /// Draws one frame into `ui` and handles its input. `eframe` calls it through
    /// [`eframe::App::ui`]; tests call it through `egui_kittest`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.poll_worker(ui.ctx());
        let mut actions = Vec::new();
        ui::keyboard(ui.ctx(), &self.game, &self.config.keys, &mut actions);

        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                if self.game.is_solving() {
                    ui.spinner();
                }
                let status = self.game.status();
                let text = RichText::new(&status.text).size(15.0);
                let text = if status.problem {
                    text.color(ui.visuals().error_fg_color)
                } else {
                    text
                };
                ui.label(text);
            });
            let keys = &self.config.keys;
            ui.label(
                RichText::new(format!(
                    "hover a cell and type a symbol · Backspace clears · arrows move · {} solves · Esc cancels · {} resets · {} quits",
                    keys.solve, keys.reset, keys.quit
                ))
                .size(12.0)
                .color(ui.visuals().weak_text_color()),
            );
            ui.add_space(4.0);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            self.layout = Some(ui::board(ui, &self.game, &mut actions));
        });

        for action in actions {
            self.act(ui.ctx(), action);
        }
    }

    fn act(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Game(command) => self.game.apply(command),
            Action::Solve => self.start_solve(ctx),
            Action::Cancel => {
                if let Some(worker) = &self.worker {
                    worker.cancel.store(true, Ordering::Relaxed);
                }
            }
            Action::Quit => {
                if let Some(worker) = &self.worker {
                    worker.cancel.store(true, Ordering::Relaxed);
                }
                self.quit = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    fn start_solve(&mut self, ctx: &egui::Context) {
        let Some(job) = self.game.start_solve() else {
            return;
        };
        let (send, answer) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let repaint = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("sudoku-solver".into())
            .spawn(move || {
                let outcome = job.run(Some(&flag));
                // The window may be gone already; then nobody is waiting for the answer.
                let _ = send.send(outcome);
                repaint.request_repaint();
            });
        match spawned {
            Ok(_) => self.worker = Some(Worker { answer, cancel }),
            Err(e) => self
                .game
                .abandon_solve(&format!("Could not start the solver thread: {e}")),
        }
    }

    fn poll_worker(&mut self, ctx: &egui::Context) {
        let Some(worker) = &self.worker else {
            return;
        };
        match worker.answer.try_recv() {
            Ok(outcome) => {
                self.worker = None;
                self.game.finish_solve(outcome);
            }
            Err(TryRecvError::Empty) => {
                // Keep the spinner turning and look again soon.
                ctx.request_repaint_after(Duration::from_millis(30));
            }
            Err(TryRecvError::Disconnected) => {
                self.worker = None;
                self.game
                    .abandon_solve("The solver stopped without an answer; the board is unchanged");
            }
        }
    }

    /// True once the quit key asked the window to close.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// True while a solve runs on the worker thread.
    pub fn is_working(&self) -> bool {
        self.worker.is_some()
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if let Some(worker) = &self.worker {
            worker.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// Why a puzzle file could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file holds no puzzle.
    #[error("{path}: no puzzle in the file (only blank or # comment lines)")]
    Empty {
        /// The file.
        path: String,
    },
    /// The first puzzle is malformed.
    #[error("{path}: {source}")]
    Parse {
        /// The file.
        path: String,
        /// Where and what.
        source: ParseError,
    },
}

/// Reads the first puzzle of a puzzle file: a one-line puzzle on its first line that is not blank
/// or a `#` comment, or else a block grid filling the file. Symbols are read with `preferred`
/// when the size matches it, or with the default symbols of the puzzle's size.
pub fn open_first_puzzle(path: &Path, preferred: &Notation) -> Result<Grid, OpenError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| OpenError::Read {
        path: name.clone(),
        source,
    })?;
    let Some((index, first)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    else {
        return Err(OpenError::Empty { path: name });
    };
    match Grid::parse_line(first.trim(), Some(preferred)) {
        Ok(grid) => Ok(grid),
        Err(line_error) => {
            // Not a one-line puzzle: perhaps a block grid (one row a line).
            let body: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .map(|l| format!("{l}\n"))
                .collect();
            Grid::parse_block(&body, Some(preferred)).map_err(|_| OpenError::Parse {
                path: name,
                source: line_error.starting_at(index + 1),
            })
        }
    }
}

/// Opens the window and runs it until it closes. `puzzle` is a file whose first puzzle to show.
pub fn run(mut config: Config, puzzle: Option<&Path>) -> Result<(), eframe::Error> {
    let configured = config.notation.clone();
    let game = match puzzle {
        None => Game::new(configured.clone()),
        Some(path) => match open_first_puzzle(path, &configured) {
            Ok(grid) => {
                let size = grid.geometry();
                let mut game = Game::with_puzzle(grid);
                let mut note = format!(
                    "Opened {} ({} givens)",
                    path.display(),
                    game.board().filled()
                );
                if size != configured.geometry {
                    note.push_str(&format!(
                        ": a {size} board, where config.toml says {}",
                        configured.geometry
                    ));
                }
                game.set_status(note, false);
                game
            }
            Err(e) => {
                eprintln!("sudoku-dlx: {e}");
                let mut game = Game::new(configured.clone());
                game.set_status(format!("Could not open the puzzle: {e}"), true);
                game
            }
        },
    };
    // A puzzle of another size brings its own symbols: no command key may be one of them.
    config.keys = config.keys.adapted_to(game.board().alphabet());
    let side = game.geometry().side() as f32;
    // Roomy enough that every size is legible at once: 36×36 gets 21-point cells.
    let board = (side * 56.0).clamp(504.0, 756.0);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("sudoku-dlx")
            .with_app_id("sudoku-dlx")
            .with_inner_size([board + 24.0, board + 90.0])
            .with_min_inner_size([240.0, 300.0]),
        ..Default::default()
    };
    eframe::run_native(
        "sudoku-dlx",
        options,
        Box::new(move |_cc| Ok(Box::new(App::new(game, config)))),
    )
}
