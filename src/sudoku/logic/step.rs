//! A step of logic, as a player takes it and a hint shows it: the technique, the units it reads,
//! the cells and candidates of its pattern, the links of a chain, and what it concludes
//! (symbols placed, candidates removed).
//!
//! Techniques that work by steps are *finders*: they read the rater's candidates without
//! changing them and push the steps they see, up to a limit. The rater asks for every step a
//! technique sees on the board and applies them all at once (each is a fact about the
//! solution, read off the same candidates, so together they are as sound as one by one); a
//! hint, or `solve --steps`, asks for the first and shows it. One piece of code serves both, so
//! what the window teaches is what the rater counts.

use super::{Rater, Technique};
use crate::sudoku::board::grid::Grid;

/// What a candidate of a step's pattern is to it, for the colours a hint draws it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Part of the pattern (a pair's candidates, a fish's corners, a wing's cells).
    Pattern,
    /// A fin: a candidate outside the pattern's shape that the step allows for.
    Fin,
    /// One of two colours of a colouring or a chain's alternation (`false` and `true`).
    Colour(bool),
}

/// A link of a chain, from one candidate to the next: strong (one of the two is true) or weak
/// (not both are true).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    /// The candidate the link leaves: `(cell, value)`.
    pub from: (u32, u8),
    /// The candidate it reaches.
    pub to: (u32, u8),
    /// A strong link (else weak).
    pub strong: bool,
}

/// One step of logic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The units it reads, as the rater numbers them ([`Rater::unit_name`] names them).
    pub units: Vec<u32>,
    /// The candidates of its pattern, each with its role.
    pub marks: Vec<(u32, u8, Role)>,
    /// A chain's links, in order.
    pub links: Vec<Link>,
    /// Symbols it places: `(cell, value)`.
    pub placements: Vec<(u32, u8)>,
    /// Candidates it removes: `(cell, value)`.
    pub eliminations: Vec<(u32, u8)>,
}

impl Step {
    /// A step of `technique` with nothing in it yet.
    pub fn new(technique: Technique) -> Self {
        Step {
            technique,
            units: Vec::new(),
            marks: Vec::new(),
            links: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
        }
    }

    /// The step's cells: those of its pattern, then those it places in, each once.
    pub fn cells(&self) -> Vec<u32> {
        let mut cells: Vec<u32> = Vec::new();
        let all = self
            .marks
            .iter()
            .map(|&(c, _, _)| c)
            .chain(self.placements.iter().map(|&(c, _)| c));
        for c in all {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        cells
    }

    /// The step in words, as `solve --steps` prints it and the window says it:
    /// `naked pair 4,7 in row 3 (r3c1, r3c5): removes 4 from r3c2, 7 from r3c8`.
    pub fn describe(&self, rater: &Rater, grid: &Grid) -> String {
        let symbol = |v: u8| grid.alphabet().symbol(v).to_string();
        let cell = |c: u32| grid.cell_name(c as usize);
        // Singles in the words a player uses for them.
        match (
            self.technique,
            self.units.as_slice(),
            self.placements.as_slice(),
        ) {
            (Technique::HiddenSingle, &[u], &[(c, v)]) => {
                return format!(
                    "hidden single in {}: {} fits only at {}",
                    rater.unit_name(u),
                    symbol(v),
                    cell(c)
                );
            }
            (Technique::NakedSingle, _, &[(c, v)]) if self.eliminations.is_empty() => {
                return format!("naked single: {} can only be {}", cell(c), symbol(v));
            }
            _ => {}
        }
        let mut text = self.technique.name().to_string();
        if !self.units.is_empty() {
            let units: Vec<String> = self.units.iter().map(|&u| rater.unit_name(u)).collect();
            text.push_str(&format!(" in {}", units.join(", ")));
        }
        let mut pattern: Vec<u32> = Vec::new();
        for &(c, _, _) in &self.marks {
            if !pattern.contains(&c) {
                pattern.push(c);
            }
        }
        if !pattern.is_empty() && self.placements.is_empty() {
            let cells: Vec<String> = pattern
                .iter()
                .map(|&c| {
                    let values: Vec<String> = self
                        .marks
                        .iter()
                        .filter(|m| m.0 == c)
                        .map(|m| match m.2 {
                            Role::Fin => format!("{}*", symbol(m.1)),
                            _ => symbol(m.1),
                        })
                        .collect();
                    format!("{}({})", cell(c), values.join(""))
                })
                .collect();
            text.push_str(&format!(" [{}]", cells.join(" ")));
        }
        let mut said = Vec::new();
        for &(c, v) in &self.placements {
            said.push(format!("{} = {}", cell(c), symbol(v)));
        }
        // Removals grouped by value: "removes 4 from r3c2, r3c8".
        let mut values: Vec<u8> = self.eliminations.iter().map(|e| e.1).collect();
        values.sort_unstable();
        values.dedup();
        for v in values {
            let cells: Vec<String> = self
                .eliminations
                .iter()
                .filter(|e| e.1 == v)
                .map(|e| cell(e.0))
                .collect();
            said.push(format!("removes {} from {}", symbol(v), cells.join(", ")));
        }
        if !said.is_empty() {
            text.push_str(": ");
            text.push_str(&said.join("; "));
        }
        text
    }
}

/// A technique that works by steps: reads the rater's candidates and pushes up to `limit`
/// steps it sees onto `out` (none changes the candidates).
pub type Finder = fn(&Rater, &mut Vec<Step>, usize);
