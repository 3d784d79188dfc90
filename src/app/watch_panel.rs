//! Watch mode in the window: the search of [`game::watch`](crate::game::watch) drawn on the board
//! as it moves, a panel of controls and counters beside it, the exact-cover matrix for small
//! boards, and the engine's count of each cell's options (the candidates view). The state is
//! [`Watching`].
//!
//! On the board, while watching:
//!
//! * the options on the search's stack are their symbols in violet, in their cells;
//! * an option taken back (step X6) fades out in red over half a second;
//! * the item being branched on is outlined: a cell, or a row, column or box with the symbol
//!   named in the panel;
//! * options removed by pruning are small struck-out orange symbols, where pencil marks go;
//! * with the candidates view on, each empty cell's options left, in its bottom-right corner.
//!
//! The game itself is never changed: the search runs on a copy of the board, and Esc (or `w`)
//! leaves the board as it was. Editing the board stops watching first.

use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};

use egui::{Color32, FontId, Rect, RichText, Stroke, StrokeKind, Vec2};

use crate::game::format_duration;
use crate::game::watch::{FASTEST, MAX_MOVES, Move, Pace, SLOWEST, View, Watcher};
use crate::sudoku::Grid;
use crate::sudoku::cover::model::{CoverMatrix, ItemMeaning};

use super::action::{Action, WatchControl};
use super::board::{Glyphs, note_grid};
use super::layout::BoardLayout;
use super::watching::{
    EngineView, FADE, LOG_LINES, MATRIX_SIDE, PRUNED, TRIED, UNDONE, Watching, describe_item,
};
use super::window::App;

impl App {
    /// True while watch mode runs.
    pub fn is_watching(&self) -> bool {
        self.watching.is_some()
    }

    /// Watch mode, if it runs (for tests).
    pub fn watching(&self) -> Option<&Watching> {
        self.watching.as_ref()
    }

    /// Starts watching the search on the board as it stands (givens and entries), or stops.
    pub(super) fn toggle_watch(&mut self, ctx: &egui::Context) {
        if self.watching.is_some() {
            self.stop_watch("Stopped watching; the board is as it was");
            return;
        }
        self.start_watch(ctx, true);
    }

    pub(super) fn start_watch(&mut self, ctx: &egui::Context, pruning: bool) {
        let board = self.game.puzzle();
        if let Some(clash) = board.clashes().first() {
            self.game
                .set_status(format!("Nothing to watch: {}", board.describe(clash)), true);
            return;
        }
        let repaint = ctx.clone();
        let side = board.geometry().side();
        match Watcher::start(board.clone(), pruning, move || repaint.request_repaint()) {
            Ok(watcher) => {
                let full = (side <= MATRIX_SIDE)
                    .then(|| CoverMatrix::of(&board, true).ok())
                    .flatten();
                let mut pace = self.watching.as_ref().map(|w| w.pace).unwrap_or_default();
                pace.to_end = false;
                pace.playing = true;
                let matrix = self
                    .watching
                    .as_ref()
                    .map_or(side <= MATRIX_SIDE, |w| w.matrix);
                self.watching = Some(Watching {
                    watcher,
                    pace,
                    view: View::default(),
                    log: VecDeque::new(),
                    fades: Vec::new(),
                    last: Instant::now(),
                    full,
                    matrix,
                    revision: self.game.revision(),
                });
                self.game.set_status(
                    format!(
                        "Watching {} search the board (Esc stops; the board stays as it is)",
                        if pruning {
                            "dancing links with pruning"
                        } else {
                            "Algorithm X"
                        }
                    ),
                    false,
                );
            }
            Err(e) => self
                .game
                .set_status(format!("Could not start watching: {e}"), true),
        }
    }

    /// Ends watch mode; the board was never changed.
    pub(super) fn stop_watch(&mut self, why: &str) {
        if self.watching.take().is_some() {
            self.game.set_status(why, false);
        }
    }

    /// A control of the panel or the keys.
    pub(super) fn watch_control(&mut self, ctx: &egui::Context, control: WatchControl) {
        let Some(w) = &mut self.watching else {
            return;
        };
        match control {
            WatchControl::PlayPause => {
                w.pace.playing = !w.pace.playing && !w.view.done;
                w.pace.to_end = false;
                w.last = Instant::now();
            }
            WatchControl::Step => {
                w.pace.playing = false;
                w.pace.to_end = false;
                if !w.view.done {
                    w.watcher.order(Pace::one_step());
                }
            }
            WatchControl::ToEnd => {
                w.pace.to_end = true;
                w.pace.playing = !w.view.done;
            }
            WatchControl::Speed(speed) => w.pace.speed = f64::from(speed),
            WatchControl::Faster => w.pace.speed = (w.pace.speed * 2.0).min(FASTEST * 2.0),
            WatchControl::Slower => {
                w.pace.speed = (w.pace.speed.min(FASTEST) / 2.0).max(SLOWEST);
            }
            WatchControl::Matrix(on) => w.matrix = on,
            WatchControl::Pruning(on) => {
                if on != w.watcher.pruning {
                    self.start_watch(ctx, on);
                }
            }
        }
        ctx.request_repaint();
    }

    /// Takes the search's update, if one came, and sends the next order when one is due.
    pub(super) fn poll_watch(&mut self, ctx: &egui::Context) {
        if self
            .watching
            .as_ref()
            .is_some_and(|w| w.revision != self.game.revision())
        {
            self.stop_watch("The board changed, so watching stopped");
        }
        let Some(w) = &mut self.watching else {
            return;
        };
        let now = Instant::now();
        match w.watcher.poll() {
            Ok(update) => {
                for m in &update.moves {
                    if let Move::Undone { option, .. } = *m {
                        w.fades.push((option, now));
                    }
                }
                let solution = update.moves.iter().rev().find_map(|m| match m {
                    Move::Solution { number } => Some(*number),
                    _ => None,
                });
                w.log.extend(update.moves);
                while w.log.len() > MAX_MOVES {
                    w.log.pop_front();
                }
                w.view = update.view;
                if w.view.done {
                    w.pace.playing = false;
                    let n = w.view.stats.solutions;
                    self.game.set_status(
                        format!(
                            "Search over: {} · {} nodes, {}",
                            match n {
                                0 => "no solution".to_string(),
                                1 => "1 solution".to_string(),
                                n => format!("{n} solutions"),
                            },
                            w.view.stats.nodes,
                            format_duration(w.view.elapsed)
                        ),
                        false,
                    );
                } else if let Some(number) = solution
                    && !w.pace.to_end
                {
                    w.pace.playing = false;
                    self.game.set_status(
                        format!("Solution {number} found: play to search on (Esc stops)"),
                        false,
                    );
                }
            }
            Err(true) => {}
            Err(false) => {
                self.stop_watch("Watching stopped: its thread ended");
                return;
            }
        }
        let Some(w) = &mut self.watching else {
            return;
        };
        w.fades.retain(|&(_, at)| now.duration_since(at) < FADE);
        if !w.fades.is_empty() {
            ctx.request_repaint();
        }
        if w.watcher.is_busy() {
            return;
        }
        let dt = now.duration_since(w.last);
        if let Some(order) = w.pace.order(dt) {
            w.last = now;
            w.watcher.order(order);
        } else if w.pace.playing {
            // The next move is due within a second at the slowest speed.
            let wait = (1.0 / w.pace.speed.max(SLOWEST)).min(0.05);
            ctx.request_repaint_after(Duration::from_secs_f64(wait));
        }
    }

    /// Draws the search over the board.
    pub(super) fn paint_watch(&self, ui: &egui::Ui, layout: BoardLayout) {
        let Some(w) = &self.watching else {
            return;
        };
        let board = &w.watcher.board;
        let g = board.geometry();
        let painter = ui.painter_at(layout.rect.expand(4.0));
        let cell_size = layout.cell_size();
        // Each symbol laid out once a frame, then painted wherever it shows (as the board does).
        let mut symbols = Glyphs::new(FontId::monospace((cell_size * 0.62).max(6.0)), g.side());
        let rect_of = |cell: usize| layout.position_rect(cell);
        let alphabet = board.alphabet();
        // The item branched on: its cell, or its unit.
        if let Some((item, _)) = w.view.branching {
            let cells: Vec<usize> = match item {
                ItemMeaning::Cell(cell) => vec![cell],
                ItemMeaning::Holds(unit, _) => board.unit_cells(unit),
                ItemMeaning::Cage(k) | ItemMeaning::CageDigit(k, _) => {
                    board.unit_cells(crate::sudoku::Unit::Cage(k))
                }
                // A grid has no Mathdoku cages, and the matrix shown no groups of cells alike.
                ItemMeaning::MathCage(_) | ItemMeaning::Same(..) => Vec::new(),
            };
            for cell in &cells {
                painter.rect_filled(rect_of(*cell), 0.0, TRIED.gamma_multiply(0.12));
            }
            let bound = cells
                .iter()
                .map(|&c| rect_of(c))
                .reduce(|a, b| a.union(b))
                .unwrap_or(Rect::NOTHING);
            painter.rect_stroke(
                bound.shrink(1.0),
                0.0,
                Stroke::new((cell_size / 12.0).clamp(2.0, 4.0), TRIED),
                StrokeKind::Inside,
            );
        }
        // Pruned options: small struck-out symbols where pencil marks go, in the cells still open
        // (a cell filled by the search has no candidates to strike out; skipping those also
        // bounds the drawing deep in a big search, where thousands of options are pruned).
        let mut filled = vec![false; board.positions()];
        for &option in &w.view.stack {
            for (cell, _) in w.places(option) {
                filled[cell] = true;
            }
        }
        let (note_rows, note_cols) = note_grid(g);
        let mut notes = Glyphs::new(
            FontId::monospace((cell_size / note_rows.max(note_cols) as f32 * 0.85).max(3.0)),
            g.side(),
        );
        for &option in &w.view.pruned {
            for (cell, value) in w.places(option).into_iter().filter(|&(c, _)| !filled[c]) {
                let rect = rect_of(cell);
                let (cw, ch) = (
                    rect.width() / note_cols as f32,
                    rect.height() / note_rows as f32,
                );
                let k = usize::from(value - 1);
                let at = rect.min
                    + Vec2::new(
                        (k % note_cols) as f32 * cw + cw / 2.0,
                        (k / note_cols) as f32 * ch + ch / 2.0,
                    );
                notes.paint(&painter, alphabet, value, at, PRUNED);
                let d = cw.min(ch) * 0.4;
                painter.line_segment(
                    [at + Vec2::new(-d, d), at + Vec2::new(d, -d)],
                    Stroke::new(1.5, PRUNED),
                );
            }
        }
        // Options taken back, fading.
        let now = Instant::now();
        for &(option, at) in &w.fades {
            for (cell, value) in w.places(option) {
                let left = 1.0 - now.duration_since(at).as_secs_f32() / FADE.as_secs_f32();
                let colour = UNDONE.gamma_multiply(left.clamp(0.0, 1.0));
                symbols.paint(&painter, alphabet, value, rect_of(cell).center(), colour);
            }
        }
        // The options on the stack; once the search is over, the last solution it found. Up to
        // 16×16 each cell is tinted too; on bigger boards the symbols' colour alone tells them
        // (a thousand translucent squares a frame cost a software renderer 20 ms).
        let tint = g.side() <= 16;
        let shown = match &w.view.last_solution {
            Some(solution) if w.view.done => &solution[..],
            _ => &w.view.stack[..],
        };
        for &option in shown {
            for (cell, value) in w.places(option) {
                let rect = rect_of(cell);
                if tint {
                    painter.rect_filled(rect.shrink(2.0), 2.0, TRIED.gamma_multiply(0.15));
                }
                symbols.paint(&painter, alphabet, value, rect.center(), TRIED);
            }
        }
    }

    /// Each empty cell's options left, as the engine counts them: the watched search's while
    /// watching, else the matrix of the board as it stands (worked out again when it changes).
    /// Over the board, a tooltip gives the cell under the pointer: its options, and for each the
    /// places its symbol has left in the cell's row, column and box (the unit·symbol items'
    /// lengths).
    pub(super) fn paint_candidates(&mut self, ui: &egui::Ui, layout: BoardLayout) {
        if !self.settings.candidates {
            return;
        }
        if self.watching.is_none() {
            let revision = self.game.revision();
            if self
                .engine_view
                .as_ref()
                .is_none_or(|(r, _)| *r != revision)
            {
                self.engine_view = Some((revision, EngineView::of(&self.game.puzzle())));
            }
        }
        let (cover, left, pruned): (&CoverMatrix, &[Option<u32>], HashSet<usize>) =
            match (&self.watching, &self.engine_view) {
                (Some(w), _) => (
                    &w.watcher.cover,
                    &w.view.left,
                    w.view.pruned.iter().copied().collect(),
                ),
                (None, Some((_, Some(view)))) => (&view.cover, &view.left, HashSet::new()),
                (None, _) => return,
            };
        let painter = ui.painter_at(layout.rect);
        let font = FontId::proportional((layout.cell_size() * 0.26).max(5.0));
        // In the bottom-right corner, inside any cage's line: a cage's sum holds the top left.
        let caged = super::variant_paint::has_cages(self.game.board());
        for (meaning, n) in cover.meanings.iter().zip(left) {
            let (ItemMeaning::Cell(cell), Some(n)) = (meaning, n) else {
                continue;
            };
            // A cell the player filled shows its value, not a count.
            if self.watching.is_none() && self.game.value(*cell) != 0 {
                continue;
            }
            let rect = layout.position_rect(*cell);
            let room = if caged {
                super::variant_paint::inside_cage_lines(rect, layout.cell_size())
            } else {
                rect.shrink(2.0)
            };
            let colour = match n {
                0 => UNDONE,
                1 => Color32::from_rgb(30, 150, 60),
                2 => PRUNED,
                _ => Color32::from_gray(128),
            };
            painter.text(
                room.max,
                egui::Align2::RIGHT_BOTTOM,
                n.to_string(),
                font.clone(),
                colour,
            );
        }
        // The cell under the pointer, on demand.
        let pointer = ui.ctx().pointer_hover_pos();
        let Some(cell) = pointer.and_then(|p| layout.position_at(p)) else {
            return;
        };
        // A given (or an entry) has no item; a cell the search has filled, a covered one.
        let Some(item) = cover
            .meanings
            .iter()
            .position(|m| *m == ItemMeaning::Cell(cell))
        else {
            return;
        };
        if self.watching.is_none() && self.game.value(cell) != 0 {
            return;
        }
        let active = |k: &usize| {
            !pruned.contains(k)
                && cover.options[*k]
                    .items
                    .iter()
                    .all(|&i| left.get(i).is_some_and(Option::is_some))
        };
        let options: Vec<usize> = (0..cover.options.len())
            .filter(|k| cover.options[*k].cell == cell && active(k))
            .collect();
        let board = self.game.board();
        let mut lines = vec![if left.get(item).is_some_and(Option::is_none) {
            format!("{}: covered (filled by the search)", board.cell_name(cell))
        } else {
            format!(
                "{}: {} option{} left",
                board.cell_name(cell),
                options.len(),
                if options.len() == 1 { "" } else { "s" }
            )
        }];
        for k in options {
            let o = &cover.options[k];
            let places = |i: usize| left.get(o.items[i]).copied().flatten().unwrap_or(0);
            // Its units by name: row, column and box (or region), then any diagonal, window,
            // plane or group.
            let parts: Vec<String> = o
                .items
                .iter()
                .enumerate()
                .skip(1)
                .filter_map(|(i, item)| match cover.meanings.get(*item) {
                    Some(ItemMeaning::Holds(unit, _)) => Some((places(i), *unit)),
                    _ => None,
                })
                .enumerate()
                .map(|(k, (n, unit))| {
                    if k == 0 {
                        format!("{n} place(s) in {unit}")
                    } else {
                        format!("{n} in {unit}")
                    }
                })
                .collect();
            let line = format!("{}: {}", board.alphabet().symbol(o.value), parts.join(", "));
            lines.push(line);
        }
        egui::Tooltip::always_open(
            ui.ctx().clone(),
            ui.layer_id(),
            ui.scope_id().with("engine-candidates"),
            egui::PopupAnchor::Pointer,
        )
        .show(|ui| {
            for line in lines {
                ui.label(RichText::new(line).monospace().size(11.0));
            }
        });
    }

    /// The panel beside the board while watching: controls, counters, the move log, the matrix.
    pub(super) fn watch_panel(&self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        let Some(w) = &self.watching else {
            return;
        };
        let board = &w.watcher.board;
        let v = &w.view;
        ui.heading("Watching the search");
        ui.label(
            RichText::new(if w.watcher.pruning {
                "Dancing links, pruning at every branching"
            } else {
                "Algorithm X: the shortest item, nothing else"
            })
            .weak(),
        );
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            let play = if w.pace.playing { "Pause" } else { "Play" };
            if ui
                .add_enabled(!v.done, egui::Button::new(play))
                .on_hover_text(format!("{} plays and pauses", self.keys.solve))
                .clicked()
            {
                actions.push(Action::WatchDo(WatchControl::PlayPause));
            }
            if ui
                .add_enabled(!v.done, egui::Button::new("Step"))
                .on_hover_text("One move (Enter)")
                .clicked()
            {
                actions.push(Action::WatchDo(WatchControl::Step));
            }
            if ui
                .add_enabled(!v.done, egui::Button::new("Run to the end"))
                .on_hover_text("As fast as the machine goes, past every solution (End)")
                .clicked()
            {
                actions.push(Action::WatchDo(WatchControl::ToEnd));
            }
            if ui.button("Stop").on_hover_text("Esc").clicked() {
                actions.push(Action::Watch);
            }
        });
        let mut speed = w.pace.speed.clamp(SLOWEST, FASTEST * 2.0);
        let slider = egui::Slider::new(&mut speed, SLOWEST..=FASTEST * 2.0)
            .logarithmic(true)
            .custom_formatter(|n, _| {
                if n > FASTEST {
                    "flat out".to_string()
                } else {
                    format!("{n:.0} moves/s")
                }
            })
            .text("speed");
        if ui.add(slider).changed() {
            actions.push(Action::WatchDo(WatchControl::Speed(speed.round() as u32)));
        }
        let mut pruning = w.watcher.pruning;
        if ui
            .checkbox(&mut pruning, "Prune (pairs, locked sets, pairs of pairs)")
            .on_hover_text("Off: plain Algorithm X. Changing it starts the search again.")
            .changed()
        {
            actions.push(Action::WatchDo(WatchControl::Pruning(pruning)));
        }
        ui.add_space(4.0);
        egui::Grid::new("watch-counters")
            .num_columns(4)
            .spacing([10.0, 2.0])
            .show(ui, |ui| {
                let cells = [
                    ("nodes", v.stats.nodes.to_string()),
                    ("updates", v.stats.updates.to_string()),
                    ("depth", v.stack.len().to_string()),
                    ("deepest", v.stats.max_depth.to_string()),
                    ("backtracks", v.backtracks.to_string()),
                    ("pruned", v.stats.pruned.to_string()),
                    ("solutions", v.stats.solutions.to_string()),
                    ("time", format_duration(v.elapsed)),
                ];
                for pair in cells.chunks(2) {
                    for (name, value) in pair {
                        ui.label(RichText::new(*name).weak());
                        ui.label(RichText::new(value).monospace());
                    }
                    ui.end_row();
                }
            });
        ui.add_space(4.0);
        match v.branching {
            Some((item, options)) => {
                ui.label(
                    RichText::new(format!(
                        "Branching on {}: {options} option{}",
                        describe_item(item, board),
                        if options == 1 { "" } else { "s" }
                    ))
                    .color(TRIED),
                );
            }
            None if v.done => {
                ui.label("The search is over.");
            }
            None => {
                ui.label("Not started.");
            }
        }
        if !v.pruned_here.is_empty() {
            let named: Vec<String> = v
                .pruned_here
                .iter()
                .take(6)
                .filter_map(|&(o, rule)| {
                    let (cell, value) = w.places(o).first().copied()?;
                    Some(format!(
                        "{}≠{} ({})",
                        board.cell_name(cell),
                        board.alphabet().symbol(value),
                        rule.name()
                    ))
                })
                .collect();
            let more = v.pruned_here.len().saturating_sub(6);
            ui.label(
                RichText::new(format!(
                    "Pruned: {}{}",
                    named.join(", "),
                    if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    }
                ))
                .color(PRUNED),
            );
        }
        ui.separator();
        let mut show = w.matrix;
        if ui.checkbox(&mut show, "The exact-cover matrix").changed() {
            actions.push(Action::WatchDo(WatchControl::Matrix(show)));
        }
        if w.matrix {
            super::matrix_view::matrix_view(ui, w, board);
        }
        ui.separator();
        ui.label(RichText::new("Moves").strong());
        for m in w.log.iter().rev().take(LOG_LINES) {
            let (text, colour) = describe_move(*m, w, board);
            ui.label(RichText::new(text).monospace().size(11.0).color(colour));
        }
    }
}

/// One line of the move log and its colour.
fn describe_move(m: Move, w: &Watching, board: &Grid) -> (String, Color32) {
    // A placement, a killer cage's digit set (the options after the placements), or a Mathdoku
    // cage's filling (after the digit sets).
    let place = |o: usize| {
        let cover = &w.watcher.cover;
        let symbols = |digits: &mut dyn Iterator<Item = u8>| -> String {
            digits.map(|d| board.alphabet().symbol(d)).collect()
        };
        if let Some(p) = cover.options.get(o) {
            return format!(
                "{}={}",
                board.cell_name(p.cell),
                board.alphabet().symbol(p.value)
            );
        }
        let k = o - cover.options.len();
        if let Some(set) = cover.sets.get(k) {
            let digits = symbols(&mut set.digits.iter().copied());
            return format!("cage {} takes {digits}", set.cage + 1);
        }
        cover
            .fills
            .get(k - cover.sets.len())
            .map_or_else(String::new, |fill| {
                let digits = symbols(&mut fill.cells.iter().map(|&(_, d)| d));
                format!("cage {} takes {digits}", fill.cage + 1)
            })
    };
    let normal = Color32::from_gray(120);
    match m {
        Move::Chose {
            level,
            item,
            options,
        } => (
            format!("L{level} choose {} ({options})", describe_item(item, board)),
            normal,
        ),
        Move::Pruned { option, rule } => (
            format!("   prune {} ({})", place(option), rule.name()),
            PRUNED,
        ),
        Move::Tried { level, option } => (format!("L{level} try {}", place(option)), TRIED),
        Move::Undone { level, option } => (format!("L{level} undo {}", place(option)), UNDONE),
        Move::Backtracked { level, item } => (
            format!("L{level} back from {}", describe_item(item, board)),
            normal,
        ),
        Move::Solution { number } => (format!("solution {number}"), Color32::from_rgb(30, 150, 60)),
        Move::Done { solutions } => (format!("done: {solutions} solution(s)"), normal),
    }
}
