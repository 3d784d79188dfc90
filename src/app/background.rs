//! The window's long work, each job on a worker thread: solving, counting the solutions of the
//! position, finding the puzzle's own solution, and making a new puzzle. Started from the
//! frame, polled every frame, stopped with Esc or when the board changes under it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::{counted, format_duration};

use crate::sudoku::board::kind::Cages;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::generate::{Generated, Request, generate};
use crate::sudoku::{BoardKind, GenerateError, Grade, Symmetry};

use super::window::App;
use super::worker::{Making, Worker};

impl App {
    /// Makes a new puzzle of `grade` on a square board of this kind (classic, or a variant),
    /// the givens of a classic one symmetric under a half turn.
    pub(super) fn generate(&mut self, ctx: &egui::Context, board: BoardKind, grade: Grade) {
        let what = format!("{grade} {}", board.name());
        let symmetry = match board {
            BoardKind::Classic(_) => Symmetry::Rotational,
            _ => Symmetry::None,
        };
        let request = Request {
            symmetry,
            ..Request::new(board, Some(grade))
        };
        self.start_making(ctx, what, move || Ok(request), about);
    }

    /// Makes a new puzzle on a named shape, of `order` symbols: easy, or (`None`) unique, with
    /// givens symmetric under a half turn (the shape is built on the generator's thread).
    pub(super) fn generate_shape(
        &mut self,
        ctx: &egui::Context,
        name: &'static str,
        order: usize,
        grade: Option<Grade>,
    ) {
        let what = match grade {
            Some(g) => format!("{g} {name}"),
            None => name.to_string(),
        };
        let request = move || {
            let shape = Shape::named(name, Some(order)).map_err(GenerateError::Unsupported)?;
            let board = BoardKind::Shape {
                shape: Arc::new(shape),
                cages: Cages::ByName,
            };
            Ok(Request {
                symmetry: Symmetry::Rotational,
                ..Request::new(board, grade)
            })
        };
        self.start_making(ctx, what, request, about);
    }

    /// Makes a new unique puzzle on the shape a KSudoku shape file describes (read on the
    /// generator's thread).
    pub(super) fn generate_shape_file(&mut self, ctx: &egui::Context, path: std::path::PathBuf) {
        let what = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let request = move || {
            let shape = super::shape_files::read(&path).map_err(GenerateError::Unsupported)?;
            let board = BoardKind::Shape {
                shape: Arc::new(shape),
                cages: Cages::ByName,
            };
            Ok(Request::new(board, None))
        };
        self.start_making(ctx, what, request, |made| {
            format!(
                "{}, one solution",
                counted(made.puzzle.filled(), "given", "givens")
            )
        });
    }

    /// Makes a new puzzle as the New game dialog chose (its shape built on the generator's
    /// thread).
    pub(super) fn generate_choice(
        &mut self,
        ctx: &egui::Context,
        choice: super::new_game::NewGame,
    ) {
        let what = choice.describe();
        let notation = self.config.notation.clone();
        self.start_making(ctx, what, move || choice.build(&notation), about);
    }

    /// Makes the puzzle `request` gives (on the generator's thread, which builds the request
    /// first) in place of one under way, and describes it by `note`.
    fn start_making(
        &mut self,
        ctx: &egui::Context,
        what: String,
        request: impl FnOnce() -> Result<Request, GenerateError> + Send + 'static,
        note: fn(&Generated) -> String,
    ) {
        self.seed = self.seed.wrapping_add(1);
        let seed = self.seed;
        let job = move |flag: &AtomicBool| {
            let made = generate(&request()?, seed, 0, Some(flag))?;
            let about = note(&made);
            Ok((made.puzzle, about))
        };
        if let Some(old) = self.making.take() {
            old.worker.stop();
        }
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

    pub(super) fn start_solve(&mut self, ctx: &egui::Context) {
        let Some(job) = self.game.start_solve() else {
            return;
        };
        let nodes = Arc::clone(&job.nodes);
        match Worker::spawn("sudoku-solver", ctx, move |flag| job.run(Some(flag))) {
            Ok(worker) => {
                self.worker = Some(worker);
                self.solving = Some((nodes, Instant::now()));
            }
            Err(e) => self
                .game
                .abandon_solve(&format!("Could not start the solver thread: {e}")),
        }
    }

    /// Counts the solutions of the givens and entries whenever they change, one count at a time
    /// (a count for a board that has changed since is stopped).
    pub(super) fn start_count(&mut self, ctx: &egui::Context) {
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
    pub(super) fn start_answer(&mut self, ctx: &egui::Context) {
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

    pub(super) fn stop_all(&self) {
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

    pub(super) fn poll_workers(&mut self, ctx: &egui::Context) {
        let mut busy = false;
        if let Some(worker) = &self.worker {
            match worker.poll() {
                Ok(outcome) => {
                    self.worker = None;
                    self.solving = None;
                    self.game.finish_solve(outcome);
                }
                Err(true) => {
                    busy = true;
                    // A long search shows it is going on, and how to stop it.
                    if let Some((nodes, started)) = &self.solving
                        && started.elapsed() >= Duration::from_millis(300)
                    {
                        self.game.set_status(
                            format!(
                                "Solving… {} nodes, {} (Esc stops)",
                                nodes.load(Ordering::Relaxed),
                                format_duration(started.elapsed())
                            ),
                            false,
                        );
                    }
                }
                Err(false) => {
                    self.worker = None;
                    self.solving = None;
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
                        Ok((puzzle, about)) => {
                            self.load(puzzle, None, format!("A new {what} puzzle, {about}"));
                            self.set_place(None);
                        }
                        Err(GenerateError::Cancelled) => self.game.set_status(
                            format!("Making the new {what} puzzle was cancelled"),
                            false,
                        ),
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

/// What the window says of a new puzzle: its givens (and cages), and for a square board its
/// rating as `sudoku-dlx rate` prints it for the same board, for a shape that its solution is
/// unique.
fn about(made: &Generated) -> String {
    let puzzle = &made.puzzle;
    let cages = puzzle.variant().map_or(0, |v| v.cages().len())
        + puzzle
            .shape()
            .map_or(0, |s| s.cages().len() + s.math_cages().len());
    let givens = counted(puzzle.filled(), "given", "givens");
    let givens = match cages {
        0 => givens,
        n => format!("{} and {givens}", counted(n, "cage", "cages")),
    };
    if puzzle.shape().is_some() {
        format!("{givens}, one solution")
    } else {
        format!("{givens}: {}", made.rating.describe())
    }
}
