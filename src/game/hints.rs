//! Hints and checking: the next forced move and why, a wrong entry named before anything else,
//! and the entries that differ from the puzzle's solution.

use crate::sudoku::logic::hint::{self, Finding};

use super::cell::Origin;
use super::state::{Answer, Game, Hint, Uniqueness};
use super::status::Status;

impl Game {
    pub(super) fn give_hint(&mut self) {
        // Each press on an unfinished board is a hint asked for, in the records.
        if !self.board.is_full() {
            self.events.push(super::state::Event::Hint);
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
                });
                return;
            }
        }
        let finding = hint::forced_move(&self.board);
        let fill = match finding {
            Finding::Forced { cell, value, .. } => Some((cell, value)),
            _ => None,
        };
        let text = finding.explain(&self.board);
        let problem = matches!(finding, Finding::DeadEnd(_));
        let text = match fill {
            Some(_) => format!("{text}. Hint again fills it in"),
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
        });
        self.status = Status { text, problem };
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
