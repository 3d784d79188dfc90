//! The window: an [`eframe::App`] that draws the [`Game`], turns input into commands, and runs
//! the long work (solving, counting solutions, generating) on worker threads so the window never
//! waits for it.

pub mod board;
pub mod dialog;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use egui::RichText;

use crate::autosave::{self, Restored};
use crate::config::{Config, Keys, Theme};
use crate::game::history::format_clock;
use crate::game::{AnswerOutcome, Command, CountOutcome, Game, SolveOutcome, Uniqueness};
use crate::library::{self, Collection};
use crate::sudoku::formats::{self, Entry, FileError};
use crate::sudoku::{GenerateError, Generated, Generator, Grade, Grid, Notation, Symmetry};
use board::{Action, BoardLayout, Palette};
use dialog::{Choice, FileDialog, Purpose};

/// How often the game is saved while it changes or the clock runs.
const AUTOSAVE_EVERY: Duration = Duration::from_secs(5);

/// Work running on its own thread: its answer comes back on a channel, and a flag stops it.
struct Worker<T> {
    answer: Receiver<T>,
    cancel: Arc<AtomicBool>,
}

impl<T: Send + 'static> Worker<T> {
    /// Starts `work` on a thread named `name`; the window is woken when the answer is ready.
    fn spawn(
        name: &str,
        ctx: &egui::Context,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> std::io::Result<Self> {
        let (send, answer) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let repaint = ctx.clone();
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let outcome = work(&flag);
                // The window may be gone already; then nobody is waiting for the answer.
                let _ = send.send(outcome);
                repaint.request_repaint();
            })?;
        Ok(Worker { answer, cancel })
    }

    fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The answer if it is ready; `Err(true)` while working, `Err(false)` if the thread died.
    fn poll(&self) -> Result<T, bool> {
        match self.answer.try_recv() {
            Ok(answer) => Ok(answer),
            Err(TryRecvError::Empty) => Err(true),
            Err(TryRecvError::Disconnected) => Err(false),
        }
    }
}

/// A puzzle being generated, and what was asked for.
struct Making {
    worker: Worker<Result<Generated, GenerateError>>,
    what: String,
}

/// Where the puzzle on the board came from, so `n` and `p` can step through its collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The collection, an index into [`App::collections`].
    pub collection: usize,
    /// The puzzle within it.
    pub puzzle: usize,
}

/// The application: the game, the configuration, the puzzle collections, and the work under way.
pub struct App {
    game: Game,
    config: Config,
    /// The command keys for the board on show (adapted to its symbols).
    keys: Keys,
    worker: Option<Worker<SolveOutcome>>,
    counter: Option<Worker<CountOutcome>>,
    answer: Option<Worker<AnswerOutcome>>,
    making: Option<Making>,
    layout: Option<BoardLayout>,
    quit: bool,
    collections: Vec<Collection>,
    place: Option<Place>,
    dialog: Option<FileDialog>,
    /// Where the file dialog starts: the folder of the last file opened or saved.
    folder: PathBuf,
    /// A seed for the next generated puzzle (the clock's, then counting up).
    seed: u64,
    /// The overlay of every key is open.
    help: bool,
    /// The theme preference was given to egui.
    themed: bool,
    /// Where the game is saved for the next start; `None`: not saved (tests).
    save_dir: Option<PathBuf>,
    /// When the game was last saved, and what it was then.
    saved_at: Instant,
    saved_game: Option<crate::game::save::SavedGame>,
    /// With `--frame-stats`: when the process started, and the CPU time of every frame so far.
    frame_stats: Option<FrameStats>,
}

/// The window's own timing, for `--frame-stats`.
struct FrameStats {
    started: Instant,
    first_frame: Option<Duration>,
    /// CPU time of each frame, as eframe measures it (the app's `ui`, egui's layout and
    /// tessellation), in seconds.
    cpu: Vec<f32>,
}

impl FrameStats {
    fn report(&self) -> String {
        let mut cpu = self.cpu.clone();
        cpu.sort_by(f32::total_cmp);
        let ms = |q: f32| {
            cpu.get(((cpu.len() as f32 - 1.0) * q).round() as usize)
                .map_or(0.0, |s| s * 1e3)
        };
        format!(
            "frame stats: first frame {:.0} ms after start; {} frames, CPU per frame median {:.2} ms, p90 {:.2} ms, max {:.2} ms",
            self.first_frame.map_or(0.0, |d| d.as_secs_f64() * 1e3),
            cpu.len(),
            ms(0.5),
            ms(0.9),
            ms(1.0)
        )
    }
}

impl App {
    /// A window showing `game` with the keys of `config`, and the bundled puzzle library.
    pub fn new(game: Game, config: Config) -> Self {
        let keys = config.keys.adapted_to(game.board().alphabet());
        let mut app = App {
            game,
            config,
            keys,
            worker: None,
            counter: None,
            answer: None,
            making: None,
            layout: None,
            quit: false,
            collections: Vec::new(),
            place: None,
            dialog: None,
            folder: std::env::current_dir().unwrap_or_default(),
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs()),
            help: false,
            themed: false,
            save_dir: None,
            saved_at: Instant::now(),
            saved_game: None,
            frame_stats: None,
        };
        match library::bundled() {
            Ok(collections) => app.collections = collections,
            Err(e) => {
                eprintln!("sudoku-dlx: the bundled puzzle library: {e}");
                app.game
                    .set_status(format!("The bundled puzzle library is broken: {e}"), true);
            }
        }
        app
    }

    /// The game, to inspect.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The puzzle collections: the bundled library, then files opened with several puzzles.
    pub fn collections(&self) -> &[Collection] {
        &self.collections
    }

    /// Where the puzzle on the board came from, if from a collection.
    pub fn place(&self) -> Option<Place> {
        self.place
    }

    /// The command keys in use.
    pub fn keys(&self) -> &Keys {
        &self.keys
    }

    /// Where the board was drawn last frame (tests use it to point at cells).
    pub fn layout(&self) -> Option<BoardLayout> {
        self.layout
    }

    /// True once the quit key asked the window to close.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// True while a solve runs on the worker thread.
    pub fn is_working(&self) -> bool {
        self.worker.is_some()
    }

    /// True while the solutions of the board are being counted.
    pub fn is_counting(&self) -> bool {
        self.counter.is_some()
    }

    /// True while a new puzzle is being made.
    pub fn is_generating(&self) -> bool {
        self.making.is_some()
    }

    /// True while the puzzle's solution is being worked out (for checking and hints).
    pub fn is_answering(&self) -> bool {
        self.answer.is_some()
    }

    /// True while the overlay of every key is open.
    pub fn help_open(&self) -> bool {
        self.help
    }

    /// Saves the game to `dir` every few seconds and on quit (see [`autosave`]).
    pub fn autosave_to(&mut self, dir: Option<PathBuf>) {
        self.save_dir = dir;
    }

    /// Saves the game now if it changed since the last save (or always, with `force`).
    pub fn save_game(&mut self, force: bool) {
        let Some(dir) = &self.save_dir else {
            return;
        };
        let now = Instant::now();
        let saved = self.game.to_saved(now);
        if !force && self.saved_game.as_ref() == Some(&saved) {
            return;
        }
        self.saved_at = now;
        match autosave::save(dir, &saved) {
            Ok(_) => self.saved_game = Some(saved),
            Err(e) => {
                eprintln!("sudoku-dlx: could not save the game: {e}");
                self.game
                    .set_status(format!("Could not save the game: {e}"), true);
                // Not again every frame: wait for the next round.
                self.saved_game = Some(saved);
            }
        }
    }

    /// Puts puzzle `puzzle` of collection `collection` on the board, as the Puzzles menu does.
    pub fn pick_for_test(&mut self, collection: usize, puzzle: usize) {
        self.pick(Place { collection, puzzle });
    }

    /// Sets the folder the file dialog starts in.
    pub fn set_folder_for_test(&mut self, folder: &Path) {
        self.folder = folder.to_path_buf();
    }

    /// True while the file dialog is open.
    pub fn dialog_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Draws one frame into `ui` and handles its input. `eframe` calls it through
    /// [`eframe::App::ui`]; tests call it through `egui_kittest`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.themed {
            self.themed = true;
            ctx.set_theme(match self.config.theme {
                Theme::System => egui::ThemePreference::System,
                Theme::Light => egui::ThemePreference::Light,
                Theme::Dark => egui::ThemePreference::Dark,
            });
        }
        self.poll_workers(&ctx);
        let mut actions = Vec::new();
        if self.help {
            // The overlay takes the keys: F1, ? or Esc close it.
            let close = ctx.input(|i| {
                i.key_pressed(egui::Key::F1)
                    || i.key_pressed(egui::Key::Escape)
                    || i.events
                        .iter()
                        .any(|e| matches!(e, egui::Event::Text(t) if t == "?"))
            });
            if close {
                self.help = false;
            }
        } else if self.dialog.is_none() {
            board::keyboard(&ctx, &self.game, &self.keys, &mut actions);
        }
        for path in ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect::<Vec<_>>()
        }) {
            actions.push(Action::OpenPath(path));
        }

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| self.menus(ui, &mut actions));
        });
        egui::Panel::bottom("status").show(ui, |ui| self.status_panel(ui));
        let dark = ui.visuals().dark_mode;
        let palette = Palette::new(
            if dark {
                &self.config.dark
            } else {
                &self.config.light
            },
            dark,
        );
        egui::CentralPanel::default().show(ui, |ui| {
            self.layout = Some(board::board(ui, &self.game, &palette, &mut actions));
        });
        if self.help {
            let keys = self.keys;
            let modal = egui::Modal::new(egui::Id::unique("sudoku-dlx-keys")).show(&ctx, |ui| {
                help_overlay(ui, &keys);
            });
            if modal.should_close() {
                self.help = false;
            }
        }
        if let Some(dialog) = &mut self.dialog {
            match dialog.show(&ctx) {
                Choice::Pending => {}
                Choice::Cancelled => self.dialog = None,
                Choice::Chosen(path) => {
                    let purpose = dialog.purpose();
                    self.dialog = None;
                    actions.push(match purpose {
                        Purpose::Open => Action::OpenPath(path),
                        Purpose::Save => Action::SaveTo(path),
                    });
                }
            }
        }

        for action in actions {
            self.act(&ctx, action);
        }
        self.start_count(&ctx);
        self.start_answer(&ctx);

        // The clock runs while the window has focus and the puzzle is being played.
        let now = Instant::now();
        let focused = ctx.input(|i| i.focused);
        self.game.tick(focused, now);
        if self.game.clock_running() {
            let into = self.game.elapsed(now).subsec_millis();
            ctx.request_repaint_after(Duration::from_millis(u64::from(1000 - into)));
        }
        if self.save_dir.is_some() && now.duration_since(self.saved_at) >= AUTOSAVE_EVERY {
            self.save_game(false);
        }
        if self.save_dir.is_some() {
            ctx.request_repaint_after(AUTOSAVE_EVERY);
        }
    }

    fn menus(&mut self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        ui.menu_button("File", |ui| {
            if ui.button("Open…  (Ctrl+O)").clicked() {
                actions.push(Action::Open);
            }
            if ui.button("Save game…  (Ctrl+S)").clicked() {
                actions.push(Action::Save);
            }
            ui.separator();
            if ui.button("Copy board  (Ctrl+C)").clicked() {
                actions.push(Action::Copy);
            }
            ui.label(RichText::new("Paste a puzzle: Ctrl+V").weak());
            ui.separator();
            if ui.button(format!("Quit  ({})", self.keys.quit)).clicked() {
                actions.push(Action::Quit);
            }
        });
        ui.menu_button("Puzzles", |ui| {
            for (k, collection) in self.collections.iter().enumerate() {
                ui.menu_button(&collection.name, |ui| {
                    ui.label(RichText::new(&collection.source).small().weak());
                    ui.horizontal_wrapped(|ui| {
                        ui.set_max_width(260.0);
                        for p in 0..collection.puzzles.len() {
                            let here = self.place
                                == Some(Place {
                                    collection: k,
                                    puzzle: p,
                                });
                            if ui.selectable_label(here, format!("{}", p + 1)).clicked() {
                                actions.push(Action::Pick(Place {
                                    collection: k,
                                    puzzle: p,
                                }));
                            }
                        }
                    });
                });
            }
            ui.separator();
            ui.label(
                RichText::new(format!(
                    "{} / {}: next / previous",
                    self.keys.next, self.keys.previous
                ))
                .weak(),
            );
        });
        let keys = self.keys;
        let notes_mode = self.game.notes_mode();
        ui.menu_button("Edit", |ui| {
            let items = [
                ("Undo  (Ctrl+Z)".to_string(), Command::Undo),
                ("Redo  (Ctrl+Y)".to_string(), Command::Redo),
                (
                    format!(
                        "{} notes mode  ({} or hold Alt)",
                        if notes_mode { "Leave" } else { "Enter" },
                        keys.notes
                    ),
                    Command::ToggleNotesMode,
                ),
                (
                    format!("Fill in every candidate  ({})", keys.fill_notes),
                    Command::FillNotes,
                ),
                (format!("Hint  ({})", keys.hint), Command::Hint),
                (
                    format!("Check my entries  ({})", keys.check),
                    Command::Check,
                ),
            ];
            for (label, command) in items {
                if ui.button(label).clicked() {
                    actions.push(Action::Game(command));
                }
            }
        });
        let size = self.game.geometry();
        ui.menu_button("New", |ui| {
            ui.label(format!("A new {size} puzzle:"));
            for grade in Grade::ALL {
                let name = grade.name();
                let label = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
                if ui.button(label).clicked() {
                    actions.push(Action::Generate(grade));
                }
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Keys  (F1 or ?)").clicked() {
                actions.push(Action::Help);
            }
        });
    }

    fn status_panel(&mut self, ui: &mut egui::Ui) {
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if self.game.is_solving() || self.making.is_some() {
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
        ui.horizontal(|ui| {
            let whose = if self.game.entries().filled() > 0 {
                "Givens and entries"
            } else {
                "Puzzle"
            };
            let (text, bad) = match self.game.uniqueness() {
                Uniqueness::Checking => ("counting solutions…", false),
                Uniqueness::None => ("no solution", true),
                Uniqueness::One => ("one solution", false),
                Uniqueness::Many => ("more than one solution", true),
                Uniqueness::Unknown => ("solutions not counted (stopped)", false),
            };
            if self.game.uniqueness() == Uniqueness::Checking {
                ui.spinner();
            }
            let text = RichText::new(format!("{whose}: {text}")).size(13.0);
            ui.label(if bad {
                text.color(ui.visuals().warn_fg_color)
            } else {
                text
            });
            if self.game.has_puzzle() {
                let time = format_clock(self.game.elapsed(Instant::now()));
                let paused = if self.game.clock_running() || self.game.board().is_full() {
                    ""
                } else {
                    " (paused)"
                };
                ui.label(RichText::new(format!("· time {time}{paused}")).size(13.0));
            }
            if self.game.notes_mode() {
                ui.label(
                    RichText::new("· NOTES")
                        .size(13.0)
                        .strong()
                        .color(ui.visuals().hyperlink_color),
                );
            }
            if let Some(place) = self.place
                && let Some(c) = self.collections.get(place.collection)
            {
                ui.label(
                    RichText::new(format!(
                        "· {} · {} of {}",
                        c.name,
                        place.puzzle + 1,
                        c.puzzles.len()
                    ))
                    .size(13.0),
                );
            }
        });
        let keys = &self.keys;
        ui.label(
            RichText::new(format!(
                "hover a cell and type · {} notes · {} hint · Ctrl+Z undo · {} solves · {} resets · {}/{} next/previous · F1 all keys · {} quits",
                keys.notes, keys.hint, keys.solve, keys.reset, keys.next, keys.previous, keys.quit
            ))
            .size(12.0)
            .color(ui.visuals().weak_text_color()),
        );
        ui.add_space(4.0);
    }

    fn act(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Game(command) => {
                self.game.apply(command);
                // Undo or redo of a load may have brought back a board of other symbols.
                self.keys = self.config.keys.adapted_to(self.game.board().alphabet());
            }
            Action::Solve => self.start_solve(ctx),
            Action::Cancel => {
                if let Some(worker) = &self.worker {
                    worker.stop();
                }
                if let Some(making) = &self.making {
                    making.worker.stop();
                }
            }
            Action::Help => self.help = !self.help,
            Action::Quit => {
                self.save_game(true);
                self.stop_all();
                self.quit = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Action::Next => self.step(1),
            Action::Previous => self.step(-1),
            Action::Pick(place) => self.pick(place),
            Action::Open => {
                self.dialog = Some(FileDialog::new(Purpose::Open, &self.folder, ""));
            }
            Action::Save => {
                self.dialog = Some(FileDialog::new(
                    Purpose::Save,
                    &self.folder,
                    "sudoku-dlx-game.txt",
                ));
            }
            Action::OpenPath(path) => self.open_path(&path),
            Action::SaveTo(path) => self.save_to(&path),
            Action::Copy => {
                ctx.copy_text(self.game.board().to_line());
                self.game.set_status("Copied the board as one line", false);
            }
            Action::Paste(text) => self.paste(&text),
            Action::Generate(grade) => self.generate(ctx, grade),
        }
    }

    /// Puts a puzzle on the board, in place of whatever was there (a solve or count under way
    /// is stopped; its answer would be for the old board).
    fn load(&mut self, puzzle: Grid, entries: Option<&Grid>, note: String) {
        if let Some(worker) = self.worker.take() {
            worker.stop();
        }
        self.game.load(puzzle, entries);
        self.keys = self.config.keys.adapted_to(self.game.board().alphabet());
        self.game.set_status(note, false);
    }

    fn pick(&mut self, place: Place) {
        let Some(collection) = self.collections.get(place.collection) else {
            return;
        };
        let Some(entry) = collection.puzzles.get(place.puzzle) else {
            return;
        };
        let note = format!(
            "{}: puzzle {} of {} ({} givens)",
            collection.name,
            place.puzzle + 1,
            collection.puzzles.len(),
            entry.puzzle.filled()
        );
        let (puzzle, entries) = (entry.puzzle.clone(), entry.entries.clone());
        self.load(puzzle, entries.as_ref(), note);
        self.place = Some(place);
    }

    /// The next (`by` 1) or previous (-1) puzzle of the collection, wrapping round.
    fn step(&mut self, by: isize) {
        let Some(place) = self.place else {
            self.game.set_status(
                "No collection to step through: pick a puzzle from the Puzzles menu, or open a file",
                false,
            );
            return;
        };
        let Some(count) = self
            .collections
            .get(place.collection)
            .map(|c| c.puzzles.len())
        else {
            return;
        };
        let next = (place.puzzle as isize + by).rem_euclid(count.max(1) as isize) as usize;
        self.pick(Place {
            collection: place.collection,
            puzzle: next,
        });
    }

    /// Opens a puzzle file: its first puzzle goes on the board, and a file of several puzzles
    /// becomes a collection to step through. On failure the board stays as it was.
    pub fn open_path(&mut self, path: &Path) {
        match formats::read_path(path, Some(&self.config.notation)) {
            Ok((format, entries)) => {
                if let Some(dir) = path.parent() {
                    self.folder = dir.to_path_buf();
                }
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                self.offer(entries, name, format!("{} ({format})", path.display()));
            }
            Err(e) => {
                eprintln!("sudoku-dlx: {e}");
                self.game
                    .set_status(format!("Could not open the file: {e}"), true);
            }
        }
    }

    /// Shows the first of `entries`; several become a collection named `name`.
    fn offer(&mut self, entries: Vec<Entry>, name: String, source: String) {
        let Some(first) = entries.first() else {
            return;
        };
        let configured = self.config.notation.geometry;
        let size = first.puzzle.geometry();
        let mut note = if entries.len() > 1 {
            format!(
                "{name}: puzzle 1 of {} ({} givens)",
                entries.len(),
                first.puzzle.filled()
            )
        } else {
            format!("Opened {name} ({} givens)", first.puzzle.filled())
        };
        if size != configured {
            note.push_str(&format!(
                ": a {size} board, where config.toml says {configured}"
            ));
        }
        if first.entries.is_some() {
            note.push_str(", with your saved entries");
        }
        let (puzzle, saved) = (first.puzzle.clone(), first.entries.clone());
        let many = entries.len() > 1;
        // The puzzle already on the board (a restored game, opened again from the command line):
        // keep the player's entries, notes and time rather than starting it over.
        let same = self.game.has_puzzle() && saved.is_none() && self.game.givens() == puzzle;
        let kept = format!("{name}: the puzzle on the board, as you left it (r starts it over)");
        if many {
            self.collections.push(Collection {
                name,
                grade: None,
                source,
                puzzles: entries,
            });
        }
        if same {
            self.game.set_status(kept, false);
        } else {
            self.load(puzzle, saved.as_ref(), note);
        }
        self.place = many.then(|| Place {
            collection: self.collections.len() - 1,
            puzzle: 0,
        });
    }

    /// A puzzle pasted as text (one line, a block, CSV...).
    fn paste(&mut self, text: &str) {
        match formats::read(text, None, Some(&self.config.notation)) {
            Ok((_, entries)) => {
                let count = entries.len();
                self.offer(entries, format!("Pasted ({count})"), "the clipboard".into());
                if count == 1 {
                    let givens = self.game.board().filled();
                    self.game
                        .set_status(format!("Pasted a puzzle ({givens} givens)"), false);
                }
            }
            Err(e) => self.game.set_status(
                format!("The pasted text is not a puzzle: {e}; the board is unchanged"),
                true,
            ),
        }
    }

    /// Saves the givens and the player's entries.
    pub fn save_to(&mut self, path: &Path) {
        let text = formats::write_game(&self.game.givens(), &self.game.entries());
        // Write beside, then rename: a failed write never leaves half a file where a good one was.
        let partial = path.with_extension("partial");
        let result = std::fs::write(&partial, text).and_then(|()| std::fs::rename(&partial, path));
        match result {
            Ok(()) => {
                if let Some(dir) = path.parent() {
                    self.folder = dir.to_path_buf();
                }
                self.game
                    .set_status(format!("Saved the game to {}", path.display()), false);
            }
            Err(e) => {
                let _ = std::fs::remove_file(&partial);
                eprintln!("sudoku-dlx: {}: {e}", path.display());
                self.game
                    .set_status(format!("Could not save to {}: {e}", path.display()), true);
            }
        }
    }

    fn generate(&mut self, ctx: &egui::Context, grade: Grade) {
        if let Some(old) = self.making.take() {
            old.worker.stop();
        }
        let notation = self.game.board().notation().clone();
        let what = format!("{grade} {}", notation.geometry);
        self.seed = self.seed.wrapping_add(1);
        let seed = self.seed;
        let job = move |flag: &AtomicBool| {
            Generator::new(notation, grade, Symmetry::Rotational).generate(seed, 0, Some(flag))
        };
        match Worker::spawn("sudoku-generator", ctx, job) {
            Ok(worker) => {
                self.game
                    .set_status(format!("Making a new {what} puzzle… (Esc cancels)"), false);
                self.making = Some(Making { worker, what });
            }
            Err(e) => self
                .game
                .set_status(format!("Could not start the generator thread: {e}"), true),
        }
    }

    fn start_solve(&mut self, ctx: &egui::Context) {
        let Some(job) = self.game.start_solve() else {
            return;
        };
        match Worker::spawn("sudoku-solver", ctx, move |flag| job.run(Some(flag))) {
            Ok(worker) => self.worker = Some(worker),
            Err(e) => self
                .game
                .abandon_solve(&format!("Could not start the solver thread: {e}")),
        }
    }

    /// Counts the solutions of the givens and entries whenever they change, one count at a time
    /// (a count for a board that has changed since is stopped).
    fn start_count(&mut self, ctx: &egui::Context) {
        // A job comes only when the givens or entries differ from those last counted, so a count
        // still running is for an old board: stop it.
        let Some(job) = self.game.start_count() else {
            return;
        };
        if let Some(old) = self.counter.take() {
            old.stop();
        }
        match Worker::spawn("sudoku-counter", ctx, move |flag| job.run(Some(flag))) {
            Ok(worker) => self.counter = Some(worker),
            Err(_) => self.game.abandon_count(),
        }
    }

    /// Works out the puzzle's own solution whenever the givens change, for checking and hints.
    fn start_answer(&mut self, ctx: &egui::Context) {
        let Some(job) = self.game.start_answer() else {
            return;
        };
        if let Some(old) = self.answer.take() {
            old.stop();
        }
        match Worker::spawn("sudoku-answer", ctx, move |flag| job.run(Some(flag))) {
            Ok(worker) => self.answer = Some(worker),
            Err(_) => self.game.abandon_answer(),
        }
    }

    fn stop_all(&self) {
        if let Some(worker) = &self.worker {
            worker.stop();
        }
        if let Some(counter) = &self.counter {
            counter.stop();
        }
        if let Some(answer) = &self.answer {
            answer.stop();
        }
        if let Some(making) = &self.making {
            making.worker.stop();
        }
    }

    fn poll_workers(&mut self, ctx: &egui::Context) {
        let mut busy = false;
        if let Some(worker) = &self.worker {
            match worker.poll() {
                Ok(outcome) => {
                    self.worker = None;
                    self.game.finish_solve(outcome);
                }
                Err(true) => busy = true,
                Err(false) => {
                    self.worker = None;
                    self.game.abandon_solve(
                        "The solver stopped without an answer; the board is unchanged",
                    );
                }
            }
        }
        if let Some(counter) = &self.counter {
            match counter.poll() {
                Ok(outcome) => {
                    self.counter = None;
                    self.game.finish_count(&outcome);
                }
                Err(true) => busy = true,
                Err(false) => {
                    self.counter = None;
                    self.game.abandon_count();
                }
            }
        }
        if let Some(answer) = &self.answer {
            match answer.poll() {
                Ok(outcome) => {
                    self.answer = None;
                    self.game.finish_answer(outcome);
                }
                Err(true) => busy = true,
                Err(false) => {
                    self.answer = None;
                    self.game.abandon_answer();
                }
            }
        }
        if let Some(making) = &self.making {
            match making.worker.poll() {
                Ok(result) => {
                    let what = making.what.clone();
                    self.making = None;
                    match result {
                        Ok(made) => {
                            let note = format!(
                                "A new {what} puzzle ({} givens; needs {})",
                                made.puzzle.filled(),
                                made.rating.hardest().map_or("nothing", |t| t.name())
                            );
                            self.load(made.puzzle, None, note);
                            self.place = None;
                        }
                        Err(GenerateError::Cancelled) => self
                            .game
                            .set_status(format!("Making a {what} puzzle was cancelled"), false),
                        Err(e) => self.game.set_status(format!("No new puzzle: {e}"), true),
                    }
                }
                Err(true) => busy = true,
                Err(false) => {
                    self.making = None;
                    self.game
                        .set_status("The generator stopped without a puzzle", true);
                }
            }
        }
        if busy {
            // Keep the spinners turning and look again soon.
            ctx.request_repaint_after(Duration::from_millis(30));
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if let Some(stats) = &mut self.frame_stats {
            if stats.first_frame.is_none() {
                stats.first_frame = Some(stats.started.elapsed());
            }
            // The previous frame's time: this one is not finished yet.
            if let Some(cpu) = frame.info().cpu_usage {
                stats.cpu.push(cpu);
            }
        }
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.save_game(true);
        self.stop_all();
        if let Some(stats) = &self.frame_stats {
            eprintln!("sudoku-dlx: {}", stats.report());
        }
    }
}

/// The overlay listing every key.
fn help_overlay(ui: &mut egui::Ui, keys: &Keys) {
    ui.heading("Keys");
    ui.add_space(4.0);
    let rows: Vec<(String, &str)> = vec![
        (
            "symbol".into(),
            "write it in the cell under the pointer (or the selected one)",
        ),
        ("Alt+symbol".into(), "toggle it as a pencil mark"),
        (
            keys.notes.to_string(),
            "notes mode: typing writes pencil marks, and back",
        ),
        (
            keys.fill_notes.to_string(),
            "fill in every cell's candidates as pencil marks",
        ),
        (
            "Backspace, Delete, .".into(),
            "clear the cell (its notes, if it is empty)",
        ),
        ("arrows".into(), "move the selection"),
        ("Ctrl+arrows".into(), "jump to the next empty cell that way"),
        ("Tab, Shift+Tab".into(), "the next / previous empty cell"),
        (
            keys.hint.to_string(),
            "hint: the next forced move and why; again to fill it in",
        ),
        (
            keys.check.to_string(),
            "check: mark entries that differ from the solution",
        ),
        ("Ctrl+Z".into(), "undo"),
        ("Ctrl+Y, Ctrl+Shift+Z".into(), "redo"),
        (keys.solve.to_string(), "solve the board (dancing links)"),
        ("Esc".into(), "cancel solving or making a puzzle"),
        (keys.reset.to_string(), "reset to the givens"),
        (
            format!("{} / {}", keys.next, keys.previous),
            "next / previous puzzle of the collection",
        ),
        ("Ctrl+O, Ctrl+S".into(), "open a puzzle file, save the game"),
        ("Ctrl+C, Ctrl+V".into(), "copy the board, paste a puzzle"),
        ("F1, ?".into(), "show or hide these keys"),
        (
            keys.quit.to_string(),
            "quit (the game is kept for next time)",
        ),
    ];
    egui::Grid::new("keys-grid")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            for (key, what) in rows {
                ui.label(RichText::new(key).strong().monospace());
                ui.label(what);
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    ui.label(RichText::new("Esc, F1 or a click outside closes this").weak());
}

/// Why a puzzle file could not be opened: the file, and where and what.
pub type OpenError = FileError;

/// Reads the first puzzle of a puzzle file, in any format [`formats`] reads. Symbols are read
/// with `preferred` when the size matches it, or with the default symbols of the puzzle's size.
pub fn open_first_puzzle(path: &Path, preferred: &Notation) -> Result<Grid, OpenError> {
    let (_, mut entries) = formats::read_path(path, Some(preferred))?;
    Ok(entries.swap_remove(0).puzzle)
}

/// Opens the window and runs it until it closes. `puzzle` is a file whose first puzzle to show.
/// With `frame_stats` (when the process started), the frame times are printed on exit.
pub fn run(
    config: Config,
    puzzle: Option<&Path>,
    frame_stats: Option<Instant>,
) -> Result<(), eframe::Error> {
    let dir = autosave::data_dir();
    let mut note = None;
    let game = match dir.as_deref().map(autosave::restore) {
        Some(Restored::Game(game)) => *game,
        Some(Restored::Unreadable(message)) => {
            eprintln!("sudoku-dlx: {message}");
            note = Some(message);
            Game::new(config.notation.clone())
        }
        Some(Restored::Nothing) | None => Game::new(config.notation.clone()),
    };
    let mut app = App::new(game, config);
    app.autosave_to(dir);
    app.frame_stats = frame_stats.map(|started| FrameStats {
        started,
        first_frame: None,
        cpu: Vec::new(),
    });
    if let Some(message) = note {
        app.game.set_status(message, true);
    }
    if let Some(path) = puzzle {
        // A bad file leaves the empty board, with the message in the status line and on stderr.
        app.open_path(path);
    }
    let side = app.game().geometry().side() as f32;
    // Roomy enough that every size is legible at once: 36×36 gets 21-point cells.
    let board = (side * 56.0).clamp(504.0, 756.0);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("sudoku-dlx")
            .with_app_id("sudoku-dlx")
            .with_inner_size([board + 24.0, board + 120.0])
            .with_min_inner_size([240.0, 300.0]),
        ..Default::default()
    };
    eframe::run_native(
        "sudoku-dlx",
        options,
        Box::new(move |_cc| Ok(Box::new(app))),
    )
}
