//! Hints and checking: the next forced move and why, a wrong entry named before anything else,
//! and the entries that differ from the puzzle's solution.

use std::time::Duration;

use crate::sudoku::logic::hint::{self, Finding};
use crate::sudoku::logic::{Step, Technique};
use crate::sudoku::{Grade, Rater};

use super::cell::Origin;
use super::history::CellState;
use super::state::{Answer, Game, Hint, TechniqueHint, Uniqueness};
use super::status::Status;

/// How long a hint's logic may look on a big, open board before the hint falls back to the
/// exact-cover view: long enough for every step on a 9×9 (a few milliseconds at most), short
/// enough that the window never seems to hang.
const HINT_TIME: Duration = Duration::from_millis(250);

/// What the rater's look for a hint came to.
enum Looked {
    /// A step, shown.
    Shown,
    /// Logic sees no step.
    Nothing,
    /// Logic ran out of time before it saw one.
    TooLong,
}

impl Game {
    pub(super) fn give_hint(&mut self) {
        // Each press on an unfinished board is a hint asked for, in the records.
        if !self.board.is_full() {
            self.events.push(super::state::Event::Hint);
        }
        // A technique's hint: the second press shows its pattern, the third applies it.
        if let Some(Hint {
            step: Some(technique),
            ..
        }) = &self.hint
        {
            let technique = technique.clone();
            if technique.stage == 1 {
                self.status = Status::info(format!(
                    "{}. Hint again applies it",
                    capitalised(&technique.words)
                ));
                if let Some(Hint { step: Some(t), .. }) = &mut self.hint {
                    t.stage = 2;
                }
            } else {
                self.apply_step(&technique);
            }
            return;
        }
        // A second press on a hint with a move fills it in.
        if let Some(Hint {
            fill: Some((cell, value)),
            ..
        }) = self.hint
        {
            let name = self.board.cell_name(cell);
            let symbol = self.board.alphabet().symbol(value);
            self.commit(format!("hint {name} = {symbol}"), self.placing(cell, value));
            self.selected = Some(cell);
            self.status = Status::info(format!("{name} = {symbol}"));
            self.announce_completion();
            return;
        }
        if let Some(clash) = self.board.clashes().first() {
            self.hint = Some(Hint {
                cells: clash.cells.to_vec(),
                unit: Some(clash.unit),
                focus: None,
                fill: None,
                step: None,
            });
            self.status = Status::problem(format!(
                "{}: clear one of them first",
                self.board.describe(clash)
            ));
            return;
        }
        if let Answer::Unique(solution) = &self.answer {
            let wrong: Vec<usize> = (0..self.origin.len())
                .filter(|&cell| {
                    self.origin[cell] == Origin::Entry && self.board.get(cell) != solution.get(cell)
                })
                .collect();
            if let Some(&cell) = wrong.first() {
                let symbol = self.board.alphabet().symbol(self.board.get(cell));
                self.status = Status::problem(if wrong.len() == 1 {
                    format!(
                        "{}: your {symbol} is not in the solution; clear it before going on",
                        self.board.cell_name(cell)
                    )
                } else {
                    let names: Vec<String> = wrong
                        .iter()
                        .take(6)
                        .map(|&c| self.board.cell_name(c))
                        .collect();
                    let more = if wrong.len() > 6 { ", …" } else { "" };
                    format!(
                        "{} of your entries are not in the solution: {}{more}; clear them before going on",
                        wrong.len(),
                        names.join(", ")
                    )
                });
                self.hint = Some(Hint {
                    cells: wrong,
                    unit: None,
                    focus: Some(cell),
                    fill: None,
                    step: None,
                });
                return;
            }
        }
        let finding = hint::forced_move(&self.board);
        // On a board that can go on, the rater's next step on the board and the player's
        // pencil marks (the same steps as `solve --steps`), once the marks are known to keep
        // the solution; the exact-cover model's finding when the rater sees none.
        let mut too_long = false;
        if matches!(finding, Finding::Forced { .. } | Finding::Fewest { .. }) {
            if self.wrong_marks() {
                return;
            }
            match self.technique_hint() {
                Looked::Shown => return,
                Looked::Nothing => {}
                Looked::TooLong => too_long = true,
            }
        }
        let fill = match finding {
            Finding::Forced { cell, value, .. } => Some((cell, value)),
            _ => None,
        };
        let text = finding.explain(&self.board);
        let problem = matches!(finding, Finding::DeadEnd(_));
        let text = match fill {
            Some(_) => format!("{text}. Hint again fills it in"),
            None if too_long => format!(
                "{text} (on a board this open, logic looks for a quarter of a second at most)"
            ),
            None => text,
        };
        self.hint = (finding != Finding::Full).then(|| Hint {
            cells: finding.cells(&self.board),
            unit: finding.unit(),
            focus: fill.map(|(cell, _)| cell).or(match finding {
                Finding::DeadEnd(hint::Item::Cell(cell))
                | Finding::Fewest {
                    item: hint::Item::Cell(cell),
                    ..
                } => Some(cell),
                _ => None,
            }),
            fill,
            step: None,
        });
        self.status = Status { text, problem };
    }

    /// Says so if a cell's pencil marks leave out its value in the solution (when the puzzle
    /// has one): a step read from such marks could lead the player astray. True if it did.
    fn wrong_marks(&mut self) -> bool {
        let Answer::Unique(solution) = &self.answer else {
            return false;
        };
        let wrong = (0..self.origin.len()).find(|&cell| {
            let (notes, value) = (self.notes(cell), solution.get(cell));
            self.board.get(cell) == 0 && notes != 0 && value != 0 && notes >> (value - 1) & 1 == 0
        });
        let Some(cell) = wrong else {
            return false;
        };
        self.status = Status::problem(format!(
            "The pencil marks in {} leave out its value in the solution: mend them before going on",
            self.board.cell_name(cell)
        ));
        self.hint = Some(Hint {
            cells: vec![cell],
            unit: None,
            focus: Some(cell),
            fill: None,
            step: None,
        });
        true
    }

    /// Shows the first press of the rater's next step on the board as it stands, read with
    /// the player's pencil marks: a single names its cell and value (the next press fills it
    /// in); any other technique names itself and the units it reads. Unique rectangles and
    /// BUG+1 are used when the puzzle is known to have one solution. False if logic sees no
    /// step.
    fn technique_hint(&mut self) -> Looked {
        let mut rater = Rater::new();
        rater.assume_unique(matches!(self.answer, Answer::Unique(_)));
        rater.limit_each_step(Some(HINT_TIME));
        let marks: Vec<u64> = (0..self.origin.len()).map(|c| self.notes(c)).collect();
        let Some(step) = rater.next_step_marked(&self.board, &marks, Grade::Expert) else {
            return if rater.ran_out() {
                Looked::TooLong
            } else {
                Looked::Nothing
            };
        };
        let words = step.describe(&rater, &self.board);
        if let (Technique::HiddenSingle | Technique::NakedSingle, &[(cell, value)]) =
            (step.technique, step.placements.as_slice())
        {
            let cell = cell as usize;
            let (cells, unit) = match step.units.first() {
                Some(&u) => (rater.unit_cells(u), rater.unit_kind(u)),
                None => (vec![cell], None),
            };
            self.hint = Some(Hint {
                cells,
                unit,
                focus: Some(cell),
                fill: Some((cell, value)),
                step: None,
            });
            self.status = Status::info(format!("{}. Hint again fills it in", capitalised(&words)));
            return Looked::Shown;
        }
        let mut cells: Vec<usize> = step
            .units
            .iter()
            .flat_map(|&u| rater.unit_cells(u))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let units: Vec<String> = step.units.iter().map(|&u| rater.unit_name(u)).collect();
        let look = if units.is_empty() {
            String::new()
        } else {
            format!(": look at {}", units.join(" and "))
        };
        self.status = Status::info(format!(
            "Hint: {}{look}. Hint again shows it",
            step.technique
        ));
        self.hint = Some(Hint {
            cells,
            unit: None,
            focus: None,
            fill: None,
            step: Some(TechniqueHint {
                step,
                stage: 1,
                words,
            }),
        });
        Looked::Shown
    }

    /// The third press: the step's symbols placed and its candidates taken from the pencil
    /// marks, as one undoable step. A cell without pencil marks gets its candidates first, so
    /// that what the step removes stays removed.
    fn apply_step(&mut self, technique: &TechniqueHint) {
        let step = &technique.step;
        let changes = self.step_changes(&[step]);
        let label = format!("hint: {}", step.technique);
        if self.commit(label, changes) {
            self.status = Status::info(format!(
                "{} (Ctrl+Z takes it back)",
                capitalised(&technique.words)
            ));
        } else {
            self.hint = None;
            self.status = Status::info("Your pencil marks already show that step");
        }
        self.announce_completion();
    }

    /// What taking `steps` in turn changes: their symbols placed, and their removals taken
    /// from the pencil marks (a cell without marks gets its candidates first, so that what a
    /// step removes stays removed).
    pub(super) fn step_changes(&self, steps: &[&Step]) -> Vec<(usize, CellState)> {
        let candidates = hint::candidates(&self.board);
        let mut changes: Vec<(usize, CellState)> = Vec::new();
        // A cell's state after the changes so far.
        let latest = |changes: &[(usize, CellState)], cell: usize| {
            changes
                .iter()
                .rev()
                .find(|(c, _)| *c == cell)
                .map_or_else(|| self.state(cell), |&(_, s)| s)
        };
        for step in steps {
            for &(cell, value) in &step.placements {
                let cell = cell as usize;
                // The placement as a player's would be (its value goes from the peers'
                // marks), on top of what the earlier steps changed.
                for (c, placed) in self.placing(cell, value) {
                    let mut s = latest(&changes, c);
                    if c == cell {
                        (s.value, s.origin) = (placed.value, placed.origin);
                    } else {
                        s.notes &= !(1u64 << (value - 1));
                    }
                    changes.push((c, s));
                }
            }
            for &(cell, value) in &step.eliminations {
                let cell = cell as usize;
                let mut s = latest(&changes, cell);
                if s.value != 0 {
                    continue;
                }
                if s.notes == 0 {
                    s.notes = candidates.get(cell).copied().unwrap_or(0);
                }
                s.notes &= !(1u64 << (value - 1));
                changes.push((cell, s));
            }
        }
        changes
    }

    pub(super) fn check(&mut self) {
        let entries = self.origin.iter().filter(|&&o| o == Origin::Entry).count();
        let solution = match &self.answer {
            Answer::Unique(solution) => solution.clone(),
            Answer::Pending => {
                self.status =
                    Status::info("Still working out the solution to check against: try again");
                return;
            }
            Answer::Many => {
                self.status = Status::info(match self.uniqueness {
                    Uniqueness::None => {
                        "The puzzle has several solutions, and your entries fit none of them"
                    }
                    _ => "The puzzle has several solutions: no single answer to check against",
                });
                return;
            }
            Answer::NoSolution => {
                self.status = Status::problem("The puzzle has no solution to check against");
                return;
            }
            Answer::Unknown => {
                self.status =
                    Status::problem("The solution could not be worked out, so nothing to check");
                return;
            }
        };
        let wrong: Vec<usize> = (0..self.origin.len())
            .filter(|&c| self.origin[c] == Origin::Entry && self.board.get(c) != solution.get(c))
            .collect();
        for &cell in &wrong {
            self.wrong[cell] = true;
        }
        self.status = match wrong.len() {
            0 if entries == 0 => Status::info("No entries to check yet"),
            0 if entries == 1 => Status::info("Your entry agrees with the solution"),
            0 => Status::info(format!(
                "All {entries} of your entries agree with the solution"
            )),
            n => {
                let names: Vec<String> = wrong
                    .iter()
                    .take(6)
                    .map(|&c| self.board.cell_name(c))
                    .collect();
                let more = if n > 6 { ", …" } else { "" };
                let which = match (n, entries) {
                    (1, 1) => "Your entry differs".to_string(),
                    (1, _) => format!("1 of your {entries} entries differs"),
                    _ if n == entries => format!("All {n} of your entries differ"),
                    _ => format!("{n} of your {entries} entries differ"),
                };
                Status::problem(format!(
                    "{which} from the solution: {}{more}",
                    names.join(", ")
                ))
            }
        };
    }
}

/// `text` with its first letter a capital.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
