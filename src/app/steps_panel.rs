//! The "solve step by step" panel (Edit → Solve step by step…): the whole path of steps a
//! person would take from the board as it stands, one a line, in the hints' words. A click on
//! a step shows it on the board as a hint's second press does (its pattern, links, removals
//! and placements); for a step further down, a button takes every step before it, so that the
//! board stands where it begins.
//!
//! The path is worked out by the game's [`StepsJob`](crate::game::steps_log::StepsJob) on a
//! thread named `steps`, with a cancel flag; the panel says it is working meanwhile, and Stop
//! keeps the steps found so far. Whenever the board or the pencil marks change, the path is
//! listed again (a search still running for the old board is stopped first).

use egui::RichText;

use crate::game::hints::capitalised;

use super::action::Action;
use super::steps_list::StepsPanel;
use super::window::App;
use super::worker::Worker;

impl App {
    /// Opens the panel (and lists the steps) or closes it.
    pub(super) fn toggle_steps(&mut self, ctx: &egui::Context) {
        if let Some(panel) = self.steps.take() {
            if let Some((worker, _)) = &panel.worker {
                worker.stop();
            }
            return;
        }
        self.steps = Some(StepsPanel::default());
        self.poll_steps(ctx);
    }

    /// Takes the path back when it is ready, and lists the steps again when the board has
    /// changed since.
    pub(super) fn poll_steps(&mut self, ctx: &egui::Context) {
        let revision = self.game.revision();
        let Some(panel) = &mut self.steps else {
            return;
        };
        if let Some((worker, from)) = &panel.worker {
            if *from != revision {
                worker.stop();
                panel.worker = None;
            } else {
                match worker.poll() {
                    Ok(log) => {
                        panel.worker = None;
                        panel.shown = None;
                        panel.log = Some(log);
                        if std::mem::take(&mut panel.show_first)
                            && let Some(log) = &panel.log
                            && !log.steps.is_empty()
                        {
                            self.game.show_logged_step(log, 0);
                            panel.shown = Some(0);
                        }
                    }
                    Err(true) => {}
                    Err(false) => {
                        panel.worker = None;
                        panel.trouble =
                            Some(("The steps could not be worked out".into(), revision));
                    }
                }
            }
        }
        let stale = panel
            .log
            .as_ref()
            .is_none_or(|log| log.generation != revision);
        // What went wrong is tried again once the board changes, not over and over.
        let failed_here = panel
            .trouble
            .as_ref()
            .is_some_and(|(_, at)| *at == revision);
        if panel.worker.is_none() && stale && !failed_here {
            let job = self.game.start_steps();
            match Worker::spawn("steps", ctx, move |cancel| job.run(cancel)) {
                Ok(worker) => {
                    panel.worker = Some((worker, revision));
                    panel.trouble = None;
                }
                Err(why) => {
                    panel.trouble =
                        Some((format!("No thread to work out the steps: {why}"), revision));
                }
            }
        }
    }

    /// Shows step `k` of the path on the board.
    pub(super) fn show_step(&mut self, k: usize) {
        if let Some(panel) = &mut self.steps
            && let Some(log) = &panel.log
        {
            self.game.show_logged_step(log, k);
            panel.shown = Some(k);
        }
    }

    /// Takes the first `k` steps of the path; the next path's first step is then shown.
    pub(super) fn take_steps(&mut self, k: usize) {
        if let Some(panel) = &mut self.steps
            && let Some(log) = &panel.log
        {
            self.game.take_logged_steps(log, k);
            panel.show_first = true;
        }
    }

    /// Stops working out the path (the steps found so far are listed).
    pub(super) fn stop_steps(&mut self) {
        if let Some(panel) = &self.steps
            && let Some((worker, _)) = &panel.worker
        {
            worker.stop();
        }
    }

    /// The panel's contents.
    pub(super) fn steps_panel(&self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        let Some(panel) = &self.steps else {
            return;
        };
        ui.horizontal(|ui| {
            ui.heading("Steps");
            if ui.button("Close").clicked() {
                actions.push(Action::StepsLog);
            }
        });
        if let Some((why, _)) = &panel.trouble {
            ui.label(RichText::new(why).color(ui.visuals().error_fg_color));
        }
        if panel.worker.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Working out the steps…");
                if ui.button("Stop").clicked() {
                    actions.push(Action::StopSteps);
                }
            });
        }
        let Some(log) = &panel.log else {
            return;
        };
        if log.generation != self.game.revision() {
            ui.label(RichText::new("The board has changed: listing the steps again").weak());
        }
        ui.label(RichText::new("Click a step to see it on the board").weak());
        if let Some(k) = panel.shown.filter(|&k| k > 0)
            && ui
                .button(format!("Take steps 1 to {k}"))
                .on_hover_text(
                    "Place and remove what the steps before this one do, as one undoable change",
                )
                .clicked()
        {
            actions.push(Action::TakeSteps(k));
        }
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (k, logged) in log.steps.iter().enumerate() {
                    let text = format!("{}. {}", k + 1, capitalised(&logged.words));
                    let label = egui::Button::selectable(panel.shown == Some(k), text).wrap();
                    if ui.add(label).clicked() {
                        actions.push(Action::ShowStep(k));
                    }
                }
                ui.label(RichText::new(&log.end).strong());
            });
    }
}
