//! A board's variant: the rules it adds to or changes from the classic ones, checked once and
//! carried by the board ([`Grid::variant`](crate::sudoku::Grid::variant)) wherever it goes, so that a
//! puzzle read as an X sudoku is solved, checked, drawn and saved as one.
//!
//! | variant | rule |
//! |---|---|
//! | X | each main diagonal holds every symbol once |
//! | hyper (windoku) | each window between the boxes holds every symbol once (square boxes only; see [`units`](crate::sudoku::board::units)) |
//! | jigsaw | irregular regions of `side` connected cells replace the boxes |
//! | killer | each cage's cells hold different symbols adding up to the cage's sum |
//!
//! They combine: a killer X, a jigsaw X, a hyper killer. A symbol's value in a killer sum is its
//! place in the alphabet, 1 to the side, whatever its character (`A` is 10 on a 16×16 board of
//! `1`–`9`,`A`–`G`).
//!
//! The rules become [`Units`] (the cells in which each symbol goes once) and [`Cage`]s, which
//! [`general`](crate::sudoku::cover::general) maps onto the exact-cover engine. A classic board has no
//! `Variant` at all and keeps the classic solver's fast path.

use thiserror::Error;

use crate::sudoku::board::cage::{Cage, can_still_make, sum_range};
use crate::sudoku::board::geometry::{Geometry, Unit};
use crate::sudoku::board::units::{Units, UnitsError};

/// The rules of a variant, as a file gives them (see [`Variant::new`] for the checks).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rules {
    /// X: the two main diagonals are units.
    pub diagonals: bool,
    /// Hyper: the windows between the boxes are units.
    pub windows: bool,
    /// Jigsaw: each cell's region label (any numbers), in place of the boxes.
    pub regions: Option<Vec<usize>>,
    /// Killer: the cages.
    pub cages: Vec<Cage>,
}

impl Rules {
    /// True when these rules are the classic ones.
    pub fn is_classic(&self) -> bool {
        !self.diagonals && !self.windows && self.regions.is_none() && self.cages.is_empty()
    }
}

/// What is wrong with a variant's rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    /// The regions or windows do not fit the board.
    #[error(transparent)]
    Units(#[from] UnitsError),
    /// A board without boxes needs regions.
    #[error("a {side}×{side} board has no boxes: it is played as a jigsaw, with regions")]
    NoBoxes {
        /// The side.
        side: usize,
    },
    /// A cage has no cells.
    #[error("cage {cage} has no cells")]
    EmptyCage {
        /// The cage, from 1.
        cage: usize,
    },
    /// A cage names a cell off the board.
    #[error("cage {cage} names cell {cell}, off a board of {cells} cells")]
    CellOffBoard {
        /// The cage, from 1.
        cage: usize,
        /// The cell, from 0.
        cell: usize,
        /// The board's cells.
        cells: usize,
    },
    /// A cell is in two cages.
    #[error("{cell} is in cage {first} and in cage {second}")]
    TwoCages {
        /// The cell, as `r1c2`.
        cell: String,
        /// The first cage, from 1.
        first: usize,
        /// The second cage, from 1.
        second: usize,
    },
    /// A cage lists a cell twice.
    #[error("cage {cage} lists {cell} twice")]
    CellTwice {
        /// The cage, from 1.
        cage: usize,
        /// The cell, as `r1c2`.
        cell: String,
    },
    /// A cage has more cells than the board has symbols.
    #[error(
        "cage {cage} at {cell} has {cells} cells, and cannot be filled on a {side}×{side} board: \
         the cells of a cage hold different symbols, and there are {side}"
    )]
    CageTooBig {
        /// The cage, from 1.
        cage: usize,
        /// Its first cell, as `r1c2`.
        cell: String,
        /// Its cells.
        cells: usize,
        /// The side.
        side: usize,
    },
    /// A cage's sum cannot be made.
    #[error(
        "cage {cage} at {cell} cannot add up to {sum}: {cells} different symbols from 1 to {side} make {low} to {high}, not {sum}"
    )]
    Sum {
        /// The cage, from 1.
        cage: usize,
        /// Its first cell, as `r1c2`.
        cell: String,
        /// Its sum.
        sum: u32,
        /// Its cells.
        cells: usize,
        /// The side.
        side: usize,
        /// The smallest sum of so many cells.
        low: u64,
        /// The largest.
        high: u64,
    },
}

/// A variant's rules, checked against a board's shape, with its units worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    rules: Rules,
    units: Units,
    /// Each cell's region (jigsaw), numbered from 0 in the order of the regions' first cells.
    region_of: Vec<usize>,
    /// Each cell's cage, `usize::MAX` for none.
    cage_of: Vec<usize>,
}

impl Variant {
    /// Checks `rules` on a board of `geometry`: regions that tile the board (`side` regions of
    /// `side` connected cells), windows only for square boxes, cages of distinct cells on the
    /// board, no cell in two cages, and sums that so many different symbols can make. A cage
    /// of any size is taken: one of too many digit sets to list is kept by its sum alone (see
    /// [`listed_cages`](crate::sudoku::board::cage::listed_cages)).
    pub fn new(geometry: Geometry, mut rules: Rules) -> Result<Variant, VariantError> {
        let side = geometry.side();
        let cells = geometry.cells();
        if !geometry.has_boxes() && rules.regions.is_none() {
            return Err(VariantError::NoBoxes { side });
        }
        let mut units = match &rules.regions {
            Some(labels) => Units::jigsaw(side, labels)?,
            None => Units::classic(geometry),
        };
        if rules.diagonals {
            units = units.with_diagonals();
        }
        if rules.windows {
            units = units.with_hyper(geometry)?;
        }
        let mut region_of = vec![usize::MAX; cells];
        for (name, members) in units.iter() {
            if let Unit::Region(r) = name {
                for &c in members {
                    region_of[c] = r;
                }
            }
        }
        if let Some(labels) = &mut rules.regions {
            labels.clone_from(&region_of);
        }
        let mut cage_of = vec![usize::MAX; cells];
        // Cages in the order of their first cells, as people number them.
        for cage in &mut rules.cages {
            cage.cells.sort_unstable();
        }
        rules.cages.sort_by_key(|c| c.cells.first().copied());
        for (k, cage) in rules.cages.iter_mut().enumerate() {
            let Some(&first) = cage.cells.first() else {
                return Err(VariantError::EmptyCage { cage: k + 1 });
            };
            if let Some(w) = cage.cells.windows(2).find(|w| w[0] == w[1]) {
                return Err(VariantError::CellTwice {
                    cage: k + 1,
                    cell: name_of(side, w[0]),
                });
            }
            for &cell in &cage.cells {
                let Some(slot) = cage_of.get_mut(cell) else {
                    return Err(VariantError::CellOffBoard {
                        cage: k + 1,
                        cell,
                        cells,
                    });
                };
                if *slot != usize::MAX {
                    return Err(VariantError::TwoCages {
                        cell: name_of(side, cell),
                        first: *slot + 1,
                        second: k + 1,
                    });
                }
                *slot = k;
            }
            let n = cage.cells.len();
            let Some((low, high)) = sum_range(side, n) else {
                return Err(VariantError::CageTooBig {
                    cage: k + 1,
                    cell: name_of(side, first),
                    cells: n,
                    side,
                });
            };
            if !(low..=high).contains(&u64::from(cage.sum)) {
                return Err(VariantError::Sum {
                    cage: k + 1,
                    cell: name_of(side, first),
                    sum: cage.sum,
                    cells: n,
                    side,
                    low,
                    high,
                });
            }
        }
        Ok(Variant {
            rules,
            units,
            region_of,
            cage_of,
        })
    }

    /// The rules (regions numbered from 0 in the order of their first cells, cages in the order
    /// of their first cells, each cage's cells in reading order).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The units: rows, columns, boxes or regions, diagonals, windows.
    pub fn units(&self) -> &Units {
        &self.units
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.rules.cages
    }

    /// A cell's region, on a jigsaw board.
    pub fn region_of(&self, cell: usize) -> Option<usize> {
        self.region_of
            .get(cell)
            .copied()
            .filter(|&r| r != usize::MAX)
    }

    /// A cell's cage, on a killer board.
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        self.cage_of.get(cell).copied().filter(|&k| k != usize::MAX)
    }

    /// The cells of a unit or cage, in reading order (none for a unit the board does not have).
    pub fn unit_cells(&self, unit: Unit) -> Vec<usize> {
        if let Unit::Cage(k) = unit {
            return self
                .rules
                .cages
                .get(k)
                .map(|c| c.cells.clone())
                .unwrap_or_default();
        }
        self.units
            .iter()
            .find(|(name, _)| *name == unit)
            .map(|(_, cells)| cells.to_vec())
            .unwrap_or_default()
    }

    /// Every unit and cage with its cells: each holds a symbol at most once.
    pub fn houses(&self) -> impl Iterator<Item = (Unit, &[usize])> {
        self.units.iter().chain(
            self.rules
                .cages
                .iter()
                .enumerate()
                .map(|(k, c)| (Unit::Cage(k), c.cells.as_slice())),
        )
    }

    /// The cages that can no longer make their sums: their filled cells add up to more than the
    /// sum less the smallest digits the empty ones could still take, or to less than it less the
    /// largest (all filled: to another sum).
    pub fn broken_cages(&self, values: &[u8]) -> Vec<usize> {
        let side = self.units.side();
        let mut broken = Vec::new();
        for (k, cage) in self.rules.cages.iter().enumerate() {
            let digits: Vec<u8> = cage
                .cells
                .iter()
                .map(|&c| values.get(c).copied().unwrap_or(0))
                .filter(|&d| d != 0)
                .collect();
            let used = digits.iter().fold(0u64, |acc, &d| acc | 1 << (d - 1));
            let got: u64 = digits.iter().map(|&d| u64::from(d)).sum();
            let open = cage.cells.len() - digits.len();
            let makes = u64::from(cage.sum)
                .checked_sub(got)
                .is_some_and(|left| can_still_make(side, used, open, left));
            if !makes {
                broken.push(k);
            }
        }
        broken
    }

    /// The variant's name in players' words: `X`, `hyper`, `jigsaw`, `killer`, or several joined
    /// (`killer X`).
    pub fn name(&self) -> String {
        let r = &self.rules;
        let words = [
            (!r.cages.is_empty(), "killer"),
            (r.regions.is_some(), "jigsaw"),
            (r.windows, "hyper"),
            (r.diagonals, "X"),
        ];
        let name: Vec<&str> = words.iter().filter(|w| w.0).map(|w| w.1).collect();
        if name.is_empty() {
            "classic".to_string()
        } else {
            name.join(" ")
        }
    }
}

/// `r1c2` for a cell of a board of `side`.
fn name_of(side: usize, cell: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn cage(cells: &[usize], sum: u32) -> Cage {
        Cage {
            cells: cells.to_vec(),
            sum,
        }
    }

    #[test]
    fn units_of_each_variant() {
        let g = Geometry::classic();
        let x = Variant::new(
            g,
            Rules {
                diagonals: true,
                ..Rules::default()
            },
        )
        .unwrap();
        assert_eq!(x.units().all().len(), 29);
        assert_eq!(x.unit_cells(Unit::Diagonal(1))[..2], [8, 16]);
        assert_eq!(x.name(), "X");
        let hyper = Variant::new(
            g,
            Rules {
                windows: true,
                diagonals: true,
                ..Rules::default()
            },
        )
        .unwrap();
        assert_eq!(hyper.unit_cells(Unit::Window(0))[..4], [10, 11, 12, 19]);
        assert_eq!(hyper.name(), "hyper X");
        let rect = Geometry::new(2, 3).unwrap();
        assert!(matches!(
            Variant::new(
                rect,
                Rules {
                    windows: true,
                    ..Rules::default()
                }
            ),
            Err(VariantError::Units(
                UnitsError::HyperNeedsSquareBoxes { .. }
            ))
        ));
    }

    #[test]
    fn regions_are_renumbered_in_reading_order() {
        let g = Geometry::square(2).unwrap();
        let labels = vec![7, 7, 3, 3, 7, 7, 3, 3, 9, 9, 1, 1, 9, 9, 1, 1];
        let v = Variant::new(
            g,
            Rules {
                regions: Some(labels),
                ..Rules::default()
            },
        )
        .unwrap();
        assert_eq!(v.region_of(0), Some(0));
        assert_eq!(v.region_of(2), Some(1));
        assert_eq!(v.region_of(15), Some(3));
        assert_eq!(v.unit_cells(Unit::Region(2)), [8, 9, 12, 13]);
        assert_eq!(v.rules().regions.as_ref().unwrap()[15], 3);
    }

    #[test]
    fn cages_are_checked() {
        let g = Geometry::square(2).unwrap();
        let with = |cages: Vec<Cage>| {
            Variant::new(
                g,
                Rules {
                    cages,
                    ..Rules::default()
                },
            )
        };
        let v = with(vec![cage(&[1, 0], 3), cage(&[2, 3], 7)]).unwrap();
        assert_eq!(v.cages()[0].cells, [0, 1]);
        assert_eq!((v.cage_of(3), v.cage_of(4)), (Some(1), None));
        assert_eq!(v.name(), "killer");
        assert_eq!(v.broken_cages(&[1, 2, 4, 0]), Vec::<usize>::new());
        assert_eq!(v.broken_cages(&[1, 3, 4, 4]), [0, 1]);
        // 3 leaves the other cell at least 1: over the sum 3 already. 1 leaves at most 4 for
        // the second cell of the 7 cage: under it.
        assert_eq!(v.broken_cages(&[3, 0, 0, 0]), [0]);
        assert_eq!(v.broken_cages(&[0, 0, 2, 0]), [1]);
        assert_eq!(v.broken_cages(&[0, 0, 3, 0]), Vec::<usize>::new());
        assert_eq!(
            with(vec![cage(&[0, 1], 3), cage(&[1, 2], 5)]).unwrap_err(),
            VariantError::TwoCages {
                cell: "r1c2".into(),
                first: 1,
                second: 2
            }
        );
        assert!(matches!(
            with(vec![cage(&[0, 1], 8)]),
            Err(VariantError::Sum {
                low: 3,
                high: 7,
                ..
            })
        ));
        assert!(matches!(
            with(vec![cage(&[0, 16], 3)]),
            Err(VariantError::CellOffBoard { cell: 16, .. })
        ));
        assert!(matches!(
            with(vec![cage(&[], 3)]),
            Err(VariantError::EmptyCage { cage: 1 })
        ));
        let five: Vec<usize> = (0..5).collect();
        assert_eq!(
            with(vec![cage(&five, 10)]).unwrap_err().to_string(),
            "cage 1 at r1c1 has 5 cells, and cannot be filled on a 4×4 board: the cells of a \
             cage hold different symbols, and there are 4"
        );
        assert_eq!(
            with(vec![cage(&[0, 1, 2], 30)]).unwrap_err().to_string(),
            "cage 1 at r1c1 cannot add up to 30: 3 different symbols from 1 to 4 make 6 to 9, \
             not 30"
        );
        assert_eq!(
            with(vec![cage(&[0, 1], 3), cage(&[4, 5, 4], 7)]).unwrap_err(),
            VariantError::CellTwice {
                cage: 2,
                cell: "r2c1".into()
            }
        );
    }

    #[test]
    fn a_cage_of_too_many_digit_sets_to_list_is_taken() {
        let g = Geometry::new(6, 6).unwrap();
        let row: Vec<usize> = (0..12).collect();
        let made = Variant::new(
            g,
            Rules {
                cages: vec![cage(&row, 222)],
                ..Rules::default()
            },
        );
        assert_eq!(made.unwrap().cages().len(), 1);
    }
}
