//! The [`App`] type: the game, the configuration, the collections and the work under way, and
//! the frame: input read, panels and board drawn, actions carried out, workers polled, the
//! clock and the autosave kept.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::autosave;
use crate::config::{Config, Keys, Theme};
use crate::game::{AnswerOutcome, CountOutcome, Game, SolveOutcome};
use crate::library::{self, Collection};

use super::action::{Action, Place};
use super::board::{self, BoardLayout, BoardView, Hover, Palette};
use super::dialog::{Choice, FileDialog, Purpose};
use super::fit::{self, Fit};
use super::keys::{self, help_overlay};
use super::lifeboat::Lifeboat;
use super::new_dialog::Outcome as NewOutcome;
use super::pause;
use super::picker;
use super::settings::Settings;
use super::watching::Watching;
use super::worker::{Making, Worker};

/// How often the game is saved while it changes or the clock runs.
pub(super) const AUTOSAVE_EVERY: Duration = Duration::from_secs(5);

/// The application: the game, the configuration, the puzzle collections, and the work under way.
pub struct App {
    /// The shape files in the player's own folder of shapes (see [`super::shape_files`]), as
    /// last listed, and when.
    pub(super) user_shapes: super::shape_files::ShapeFiles,
    pub(super) game: Game,
    pub(super) config: Config,
    /// The command keys for the board on show (adapted to its symbols).
    pub(super) keys: Keys,
    pub(super) worker: Option<Worker<SolveOutcome>>,
    /// The nodes the solve under way has tried, and when it started.
    pub(super) solving: Option<(Arc<std::sync::atomic::AtomicU64>, Instant)>,
    pub(super) counter: Option<Worker<CountOutcome>>,
    pub(super) answer: Option<Worker<AnswerOutcome>>,
    pub(super) making: Option<Making>,
    pub(super) layout: Option<BoardLayout>,
    pub(super) quit: bool,
    pub(super) collections: Vec<Collection>,
    pub(super) place: Option<Place>,
    pub(super) dialog: Option<FileDialog>,
    /// The New game dialog, while it is open.
    pub(super) new_dialog: Option<super::new_dialog::NewDialog>,
    /// Where the file dialog starts: the folder of the last file opened or saved.
    pub(super) folder: PathBuf,
    /// A seed for the next generated puzzle (the clock's, then counting up).
    pub(super) seed: u64,
    /// The overlay of every key is open.
    pub(super) help: bool,
    /// The theme preference was given to egui (the View menu's, else config.toml's).
    pub(super) themed: bool,
    /// Where the game is saved for the next start; `None`: not saved (tests).
    pub(super) save_dir: Option<PathBuf>,
    /// When the game was last saved, and what it was then.
    pub(super) saved_at: Instant,
    pub(super) saved_game: Option<crate::game::save::SavedGame>,
    /// The data directory, taken for this window (see [`autosave::lock`]).
    pub(super) lock: Option<autosave::Lock>,
    /// Where the game goes after a signal or a panic, and the revision and notes mode of the
    /// game handed to it last.
    pub(super) lifeboat: Option<Arc<Lifeboat>>,
    pub(super) staged: Option<(u64, bool)>,
    /// With `--frame-stats`: when the process started, and the CPU time of every frame so far.
    pub(super) frame_stats: Option<FrameStats>,
    /// What the View menu says to show.
    pub(super) settings: Settings,
    /// The game is paused: the board hidden, the clock stopped (see [`pause`](super::pause)).
    pub(super) paused: bool,
    /// The player's records (best times, games, hints), kept beside the saved game.
    pub(super) records: crate::game::records::Records,
    /// View → Statistics is open.
    pub(super) statistics: bool,
    /// The symbol picked last in the picker, whose cells are highlighted while the selected
    /// cell holds none.
    pub(super) chosen: Option<u8>,
    /// The symbol whose candidates alone are shown ([`colouring`](super::colouring)).
    pub(super) filter: Option<u8>,
    /// What was wrong with config.toml, shown over the board until dismissed.
    pub(super) config_problem: Option<String>,
    /// The window's size as fitted to the board (see [`Fit`]).
    pub(super) fit: Fit,
    /// Watch mode, while it runs.
    pub(super) watching: Option<Watching>,
    /// The "solve step by step" panel, while open.
    pub(super) steps: Option<super::steps_list::StepsPanel>,
    /// The engine's count of each empty cell's options, for the candidates view, and the
    /// game's revision it was worked out for.
    pub(super) engine_view: Option<(u64, Option<super::watching::EngineView>)>,
    /// DLX against backtracking on the board: under way, and the last result.
    pub(super) comparing: Option<Worker<Vec<crate::sudoku::compare::Run>>>,
    pub(super) compared: Option<Compared>,
}

/// The last comparison of the solvers, for its window.
pub(super) struct Compared {
    /// The board, as one line.
    pub(super) board: String,
    /// Each solver's run.
    pub(super) runs: Vec<crate::sudoku::compare::Run>,
}

/// The window's own timing, for `--frame-stats`.
pub(super) struct FrameStats {
    pub(super) started: Instant,
    pub(super) first_frame: Option<Duration>,
    /// CPU time of each frame, as eframe measures it (the app's `ui`, egui's layout and
    /// tessellation), in seconds.
    pub(super) cpu: Vec<f32>,
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
        let side = BoardLayout::span(game.board().layout());
        let mut app = App {
            game,
            config,
            keys,
            worker: None,
            solving: None,
            counter: None,
            answer: None,
            making: None,
            layout: None,
            quit: false,
            collections: Vec::new(),
            place: None,
            dialog: None,
            new_dialog: None,
            folder: std::env::current_dir().unwrap_or_default(),
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs()),
            help: false,
            themed: false,
            save_dir: None,
            saved_at: Instant::now(),
            saved_game: None,
            lock: None,
            lifeboat: None,
            staged: None,
            frame_stats: None,
            settings: Settings::default(),
            paused: false,
            records: crate::game::records::Records::default(),
            statistics: false,
            chosen: None,
            filter: None,
            config_problem: None,
            fit: Fit::sized_for(side, true),
            watching: None,
            steps: None,
            engine_view: None,
            user_shapes: super::shape_files::ShapeFiles::new(
                crate::autosave::data_dir().map(|d| d.join(super::shape_files::FOLDER)),
            ),
            comparing: None,
            compared: None,
        };
        match library::bundled() {
            Ok(collections) => app.collections = collections,
            Err(e) => {
                crate::output::note(format_args!("sudoku-dlx: the bundled puzzle library: {e}"));
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

    /// The path the "solve step by step" panel lists, once worked out (`None` while the panel
    /// is closed or still working).
    pub fn steps_log(&self) -> Option<&crate::game::StepsLog> {
        self.steps
            .as_ref()
            .filter(|panel| !panel.working())
            .and_then(|panel| panel.log())
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
                crate::output::note(format_args!("sudoku-dlx: could not save the game: {e}"));
                self.game
                    .set_status(format!("Could not save the game: {e}"), true);
                // Not again every frame: wait for the next round.
                self.saved_game = Some(saved);
            }
        }
    }

    /// Hands the game to the lifeboat if it changed since it was handed over last.
    pub(super) fn stage(&mut self) {
        let Some(boat) = &self.lifeboat else {
            return;
        };
        let now = (self.game.revision(), self.game.notes_mode());
        if self.staged != Some(now) {
            self.staged = Some(now);
            boat.stage(self.game.to_saved(Instant::now()));
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

    /// The New game dialog's choice as it stands, while the dialog is open.
    pub fn new_game_open(&self) -> Option<&super::new_game::NewGame> {
        self.new_dialog
            .as_ref()
            .map(super::new_dialog::NewDialog::choice)
    }

    /// Draws one frame into `ui` and handles its input. `eframe` calls it through
    /// [`eframe::App::ui`]; tests call it through `egui_kittest`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.themed {
            self.themed = true;
            ctx.set_theme(match self.settings.theme.unwrap_or(self.config.theme) {
                Theme::System => egui::ThemePreference::System,
                Theme::Light => egui::ThemePreference::Light,
                Theme::Dark => egui::ThemePreference::Dark,
            });
        }
        self.poll_workers(&ctx);
        self.poll_watch(&ctx);
        self.poll_steps(&ctx);
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
        } else if self.dialog.is_none()
            && self.new_dialog.is_none()
            && self.config_problem.is_none()
        {
            keys::keyboard(&ctx, &self.game, &self.keys, &mut actions);
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

        let menu = egui::Panel::top("menu")
            .show(ui, |ui| {
                egui::MenuBar::new().ui(ui, |ui| self.menus(ui, &mut actions));
            })
            .response
            .rect;
        egui::Panel::bottom("status").show(ui, |ui| self.status_panel(ui, &mut actions));
        if self.settings.picker && !self.paused {
            egui::Panel::bottom("picker").show(ui, |ui| {
                picker::picker(ui, &self.game, self.chosen, &mut actions);
            });
        }
        let dark = ui.visuals().dark_mode;
        let palette = Palette::new(
            if dark {
                &self.config.dark
            } else {
                &self.config.light
            },
            dark,
        );
        self.fit.update(
            &ctx,
            BoardLayout::span(self.game.board().layout()),
            self.settings.picker,
            self.watching.is_some() || self.steps.is_some(),
        );
        if self.watching.is_some() {
            egui::Panel::right("watch")
                .resizable(true)
                .default_size(300.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        self.watch_panel(ui, &mut actions);
                    });
                });
        }
        if self.steps.is_some() && !self.paused {
            egui::Panel::right("steps")
                .resizable(true)
                .default_size(320.0)
                .show(ui, |ui| self.steps_panel(ui, &mut actions));
        }
        let side = self.game.geometry().side();
        let filter = self.filter.filter(|&v| usize::from(v) <= side);
        let view = BoardView {
            hover: self.hover_rule(&ctx, menu),
            same: filter.or_else(|| self.highlighted()),
            clashes: self.settings.clashes,
            filter,
        };
        egui::CentralPanel::default().show(ui, |ui| {
            if self.paused {
                if pause::cover(ui, self.keys.pause) {
                    actions.push(Action::Pause);
                }
                return;
            }
            let layout = board::board(ui, &self.game, &palette, &view, &mut actions);
            self.paint_candidates(ui, layout);
            self.paint_watch(ui, layout);
            self.layout = Some(layout);
        });
        self.compare_window(&ctx);
        self.statistics_window(&ctx);
        if self.help {
            let keys = self.keys;
            let modal = egui::Modal::new(egui::Id::unique("sudoku-dlx-keys")).show(&ctx, |ui| {
                help_overlay(ui, &keys);
            });
            if modal.should_close() {
                self.help = false;
            }
        }
        if let Some(problem) = &self.config_problem {
            let modal =
                egui::Modal::new(egui::Id::unique("sudoku-dlx-config-problem")).show(&ctx, |ui| {
                    ui.set_max_width(520.0);
                    ui.heading("config.toml has a problem");
                    ui.add_space(6.0);
                    ui.label(egui::RichText::new(problem).color(ui.visuals().error_fg_color));
                    ui.add_space(6.0);
                    ui.label(
                        "The window uses the default board, symbols and keys until it is fixed. \
                         config.toml is left as it is.",
                    );
                    ui.add_space(6.0);
                    ui.button("OK").clicked()
                });
            if modal.inner || modal.should_close() {
                self.config_problem = None;
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
                        Purpose::ExportPdf => Action::ExportPdfTo(path),
                        Purpose::ExportImage => Action::ExportImageTo(path),
                    });
                }
            }
        }

        if let Some(dialog) = &mut self.new_dialog {
            let files = self.user_shapes.list();
            match dialog.show(&ctx, &self.config.notation, &files) {
                NewOutcome::Pending => {}
                NewOutcome::Cancelled => self.new_dialog = None,
                NewOutcome::Generate(choice) => {
                    self.new_dialog = None;
                    actions.push(Action::GenerateChoice(choice));
                }
            }
        }

        for action in actions {
            let action = self.while_watching(action);
            if self.paused && !pause::allowed(&action) {
                let key = self.keys.pause;
                self.game.set_status(
                    format!("Paused: press {key} or click Resume to play on"),
                    false,
                );
                continue;
            }
            if pause::ends(&action) {
                self.paused = false;
            }
            self.act(&ctx, action);
        }
        self.record_events();
        self.start_count(&ctx);
        self.start_answer(&ctx);

        // The clock runs while the window has focus and the puzzle is being played.
        let now = Instant::now();
        // The clock stops while a dialog, an overlay or the pause covers the board.
        let focused = ctx.input(|i| i.focused) && !self.covered();
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

    /// What hovering the board does this frame: nothing while a menu, popup, dialog or the key
    /// overlay covers it; nothing yet while the pointer crosses it fast towards the menu bar
    /// (the cell it stops on is selected then: a repaint is asked for to see it stop); else
    /// it selects the cell the pointer comes onto.
    fn hover_rule(&self, ctx: &egui::Context, menu: egui::Rect) -> Hover {
        if self.dialog.is_some()
            || self.new_dialog.is_some()
            || self.help
            || self.config_problem.is_some()
            || ctx.any_popup_open()
        {
            return Hover::Covered;
        }
        let crossing = ctx
            .input(|i| i.pointer.is_moving_towards_rect(&menu) && i.pointer.velocity().y < -400.0);
        if crossing {
            ctx.request_repaint_after(Duration::from_millis(40));
            return Hover::Crossing;
        }
        Hover::Selects
    }

    /// The symbol highlighted on the board (its cells and pencil marks): the selected cell's, or
    /// else the one picked last; none when the View menu turns it off.
    pub fn highlighted(&self) -> Option<u8> {
        if !self.settings.same_symbol {
            return None;
        }
        let held = self
            .game
            .selected()
            .map(|cell| self.game.value(cell))
            .filter(|&v| v != 0);
        held.or(self.chosen)
    }

    /// Shows what is wrong with config.toml over the board until dismissed, and in the status
    /// line; the window goes on with the defaults.
    pub fn warn_config(&mut self, problem: &str) {
        self.config_problem = Some(problem.to_string());
        self.game.set_status(
            format!("config.toml has a problem, so the defaults are in use: {problem}"),
            true,
        );
    }

    /// The config problem on show, if any.
    pub fn config_problem(&self) -> Option<&str> {
        self.config_problem.as_deref()
    }

    /// The settings in use.
    pub fn settings(&self) -> Settings {
        self.settings.clone()
    }

    /// The symbol picked last in the picker.
    pub fn chosen(&self) -> Option<u8> {
        self.chosen
    }

    /// What an action means while watch mode runs: the solve key plays and pauses; anything
    /// that would change the board stops watching first (the board is then as it was).
    /// Whether something covers the board, so that the clock stops: the pause, a file dialog,
    /// the New game dialog, the keys overlay, the comparison and statistics windows,
    /// config.toml's problem.
    pub fn covered(&self) -> bool {
        self.paused
            || self.dialog.is_some()
            || self.new_dialog.is_some()
            || self.help
            || self.compared.is_some()
            || self.statistics
            || self.config_problem.is_some()
    }

    /// The player's records.
    pub fn records(&self) -> &crate::game::records::Records {
        &self.records
    }

    /// Whether the game is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    fn while_watching(&mut self, action: Action) -> Action {
        use crate::game::Command as C;
        if self.watching.is_none() {
            return action;
        }
        match &action {
            Action::Solve => Action::WatchDo(super::action::WatchControl::PlayPause),
            Action::Game(C::Select(_) | C::Move { .. } | C::Jump { .. } | C::NextEmpty { .. })
            | Action::Watch
            | Action::WatchDo(_)
            | Action::Cancel
            | Action::Quit
            | Action::Help
            | Action::Settings
            | Action::Choose(_)
            | Action::Filter(_)
            | Action::ToggleFilter
            | Action::Copy
            | Action::Compare
            | Action::Open
            | Action::NewGame
            | Action::Save => action,
            _ => {
                self.stop_watch("Stopped watching to change the board");
                action
            }
        }
    }

    pub(super) fn act(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Game(command) => {
                self.game.apply(command);
                // Undo or redo of a load may have brought back a board of other symbols.
                self.keys = self.config.keys.adapted_to(self.game.board().alphabet());
            }
            Action::Solve => self.start_solve(ctx),
            Action::Watch => self.toggle_watch(ctx),
            Action::StepsLog => self.toggle_steps(ctx),
            Action::ShowStep(k) => self.show_step(k),
            Action::TakeSteps(k) => self.take_steps(k),
            Action::StopSteps => self.stop_steps(),
            Action::Pause => {
                self.paused = !self.paused;
                let key = self.keys.pause;
                let text = if self.paused {
                    format!("Paused: the clock has stopped; {key} or Resume plays on")
                } else {
                    "Playing on".to_string()
                };
                self.game.set_status(text, false);
            }
            Action::WatchDo(control) => self.watch_control(ctx, control),
            Action::Compare => self.start_compare(ctx),
            Action::Cancel if self.watching.is_some() => {
                self.stop_watch("Stopped watching; the board is as it was");
            }
            Action::Cancel => {
                if let Some(worker) = &self.worker {
                    worker.stop();
                }
                if let Some(making) = &self.making {
                    making.worker.stop();
                }
            }
            Action::Help => self.help = !self.help,
            Action::Choose(symbol) => {
                self.chosen = symbol;
                // The filter follows the symbol picked.
                if self.filter.is_some() && symbol.is_some() {
                    self.set_filter(symbol);
                }
            }
            Action::ColourMark(colour) => self.colour_mark(colour),
            Action::Filter(symbol) => self.set_filter(symbol),
            Action::ToggleFilter => self.toggle_filter(),
            Action::Settings => {
                if let Some(dir) = &self.save_dir
                    && let Err(e) = self.settings.save(dir)
                {
                    crate::output::note(format_args!(
                        "sudoku-dlx: could not save the settings: {e}"
                    ));
                    self.game
                        .set_status(format!("Could not save the settings: {e}"), true);
                }
            }
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
            Action::ExportPdf => {
                self.dialog = Some(FileDialog::new(
                    Purpose::ExportPdf,
                    &self.folder,
                    "sudoku-dlx-puzzle.pdf",
                ));
            }
            Action::ExportPdfTo(path) => self.export_pdf(&path),
            Action::ExportImage => {
                self.dialog = Some(FileDialog::new(
                    Purpose::ExportImage,
                    &self.folder,
                    "sudoku-dlx-board.png",
                ));
            }
            Action::ExportImageTo(path) => self.export_image(&path),
            Action::OpenPath(path) => self.open_path(&path),
            Action::SaveTo(path) => self.save_to(&path),
            Action::Copy => self.copy(ctx, self.settings.copy),
            Action::CopyAs(form) => {
                self.settings.copy = form;
                self.act(ctx, Action::Settings);
                self.copy(ctx, form);
            }
            Action::Paste(text) => self.paste(&text),
            Action::Generate(board, grade) => self.generate(ctx, board, grade),
            Action::GenerateShape(name, order, grade) => {
                self.generate_shape(ctx, name, order, grade);
            }
            Action::GenerateShapeFile(path) => self.generate_shape_file(ctx, path),
            Action::NewGame => {
                let choice = self
                    .settings
                    .new_game
                    .clone()
                    .unwrap_or_else(|| super::new_game::NewGame::for_board(self.game.board()));
                self.new_dialog = Some(super::new_dialog::NewDialog::new(choice));
            }
            Action::GenerateChoice(choice) => {
                self.settings.new_game = Some(choice.clone());
                self.act(ctx, Action::Settings);
                self.generate_choice(ctx, choice);
            }
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
        self.stage();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, fit::STORAGE_KEY, &self.fit);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.save_game(true);
        self.stop_all();
        if let Some(stats) = &self.frame_stats {
            crate::output::note(format_args!("sudoku-dlx: {}", stats.report()));
        }
    }
}
