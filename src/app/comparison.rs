//! DLX against backtracking in the window: the board searched by each solver on a worker thread
//! ([`crate::sudoku::compare`]), and a window showing their search sizes and times side by side.

use std::time::Duration;

use egui::RichText;

use crate::game::format_duration;
use crate::sudoku::compare::{SOLVERS, compare};

use super::window::{App, Compared};
use super::worker::Worker;

/// Each solver's time limit in the window.
pub const LIMIT: Duration = Duration::from_secs(10);

impl App {
    /// True while the solvers are being compared.
    pub fn is_comparing(&self) -> bool {
        self.comparing.is_some()
    }

    /// The last comparison's runs (for tests).
    pub fn comparison(&self) -> Option<&[crate::sudoku::compare::Run]> {
        self.compared.as_ref().map(|c| &c.runs[..])
    }

    /// Starts comparing the solvers on the board as it stands.
    pub(super) fn start_compare(&mut self, ctx: &egui::Context) {
        if self.comparing.is_some() {
            return;
        }
        let board = self.game.puzzle();
        let line = board.to_line();
        match Worker::spawn("sudoku-dlx compare", ctx, move |_| compare(&board, LIMIT)) {
            Ok(worker) => {
                self.comparing = Some(worker);
                self.compared = Some(Compared {
                    board: line,
                    runs: Vec::new(),
                });
                self.game.set_status(
                    format!(
                        "Comparing {} on the board (each at most {} s)…",
                        SOLVERS.join(", "),
                        LIMIT.as_secs()
                    ),
                    false,
                );
            }
            Err(e) => self
                .game
                .set_status(format!("Could not start comparing: {e}"), true),
        }
    }

    /// Takes the comparison back when it is done, and shows its window.
    pub(super) fn compare_window(&mut self, ctx: &egui::Context) {
        if let Some(worker) = &self.comparing {
            match worker.poll() {
                Ok(runs) => {
                    self.comparing = None;
                    if let Some(c) = &mut self.compared {
                        c.runs = runs;
                    }
                    self.game
                        .set_status("Compared the solvers on the board", false);
                }
                Err(true) => {}
                Err(false) => {
                    self.comparing = None;
                    self.game
                        .set_status("The comparison stopped: its thread ended", true);
                }
            }
        }
        let Some(compared) = &self.compared else {
            return;
        };
        let mut open = true;
        let working = self.comparing.is_some();
        egui::Window::new("DLX against backtracking")
            .open(&mut open)
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(
                    RichText::new(format!(
                        "The board as it stands, {} cells given or entered; each solver counts \
                         up to two solutions within {} s.",
                        compared.board.chars().filter(|&c| c != '.').count(),
                        LIMIT.as_secs()
                    ))
                    .weak(),
                );
                if working {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Searching…");
                    });
                    return;
                }
                egui::Grid::new("compare-grid")
                    .num_columns(4)
                    .striped(true)
                    .spacing([16.0, 4.0])
                    .show(ui, |ui| {
                        for head in ["solver", "search", "time", "solutions"] {
                            ui.label(RichText::new(head).strong());
                        }
                        ui.end_row();
                        for run in &compared.runs {
                            ui.label(RichText::new(run.solver).monospace());
                            ui.label(format!("{} {}", run.nodes, run.unit));
                            ui.label(format_duration(run.time));
                            ui.label(run.verdict());
                            ui.end_row();
                        }
                    });
                ui.label(
                    RichText::new(
                        "dlx: dancing links with pruning; dlx-plain: Algorithm X alone (the \
                         shortest item first); naive: backtracking cell by cell. Nodes are \
                         options tried, calls recursive calls.",
                    )
                    .weak()
                    .size(11.0),
                );
            });
        if !open {
            if let Some(worker) = &self.comparing {
                worker.stop();
            }
            self.comparing = None;
            self.compared = None;
        }
    }
}
