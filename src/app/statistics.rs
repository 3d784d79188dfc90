//! The player's records in the window: each game event counted as it happens (a puzzle started,
//! a hint, a solve), the best time told when a puzzle is solved, and View → Statistics, a window
//! listing games started and solved, hints taken and the best time of each kind of board with
//! its date. The records themselves are [`game::records`](crate::game::records).

use egui::RichText;

use crate::game::Event;
use crate::game::history::format_clock;
use crate::game::records::{self, Outcome};
use crate::sudoku::Rater;

use super::window::App;

impl App {
    /// Counts what happened to the game this frame in the records, tells the player about a
    /// best time, and writes the records beside the saved game.
    pub(super) fn record_events(&mut self) {
        let events = self.game.take_events();
        if events.is_empty() {
            return;
        }
        for event in events {
            match event {
                Event::Started => self.records.started += 1,
                Event::Hint => self.records.hints += 1,
                Event::Solved(time) => {
                    let givens = self.game.givens();
                    let grade = Rater::new().rate(&givens).grade;
                    let kind = records::kind_of(&givens, grade);
                    let said = match self.records.solved(&kind, time, &records::today()) {
                        Outcome::NewBest(None) => {
                            format!("the first time recorded for {kind}")
                        }
                        Outcome::NewBest(Some(old)) => format!(
                            "a new best for {kind} (was {} on {})",
                            format_clock(std::time::Duration::from_secs(old.seconds)),
                            old.date
                        ),
                        Outcome::Slower(best) => format!(
                            "the best for {kind} is {} ({})",
                            format_clock(std::time::Duration::from_secs(best.seconds)),
                            best.date
                        ),
                    };
                    let text = format!("{}: {said}", self.game.status().text);
                    self.game.set_status(text, false);
                }
            }
        }
        if let Some(dir) = &self.save_dir
            && let Err(e) = self.records.save(dir)
        {
            crate::output::note(format_args!("sudoku-dlx: could not save the records: {e}"));
        }
    }

    /// View → Statistics: the records, while open.
    pub(super) fn statistics_window(&mut self, ctx: &egui::Context) {
        if !self.statistics {
            return;
        }
        let mut open = true;
        let mut close = false;
        egui::Window::new("Statistics")
            .open(&mut open)
            .collapsible(false)
            .resizable(true)
            .default_width(420.0)
            .show(ctx, |ui| {
                let r = &self.records;
                ui.label(format!(
                    "Games started: {}   solved: {}   hints taken: {}",
                    r.started, r.solved, r.hints
                ));
                ui.separator();
                if r.best.is_empty() {
                    ui.label(RichText::new("No puzzle solved yet: best times come here.").weak());
                } else {
                    ui.label(RichText::new("Best times").strong());
                    egui::Grid::new("best-times")
                        .striped(true)
                        .num_columns(3)
                        .show(ui, |ui| {
                            for (kind, best) in &r.best {
                                ui.label(kind);
                                let time = std::time::Duration::from_secs(best.seconds);
                                ui.label(format_clock(time));
                                ui.label(&best.date);
                                ui.end_row();
                            }
                        });
                }
                ui.separator();
                close = ui.button("Close").clicked();
            });
        if !open || close {
            self.statistics = false;
        }
    }
}
