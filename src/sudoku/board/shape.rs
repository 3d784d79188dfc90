//! The board model: a board is a set of cells and the units and cages over them.
//!
//! Every board played here, from a 4×4 sudoku to a Samurai of five overlapping grids or a 3-D
//! Roxdoku cube, is one [`Shape`]:
//!
//! * a **layout** of positions, `width × height × depth` ([`Layout`]), numbered layer by layer,
//!   row by row, column by column: position `(z·height + y)·width + x`, so that a flat board's
//!   positions are its cells in reading order, as [`Grid`](super::grid::Grid) numbers them;
//! * the **cells**: the positions that are on the board. The others are *holes* (the corners a
//!   Samurai leaves out), never filled, drawn blank;
//! * an **alphabet** of `symbols` symbols, 1 to `symbols` as digits;
//! * **units**, each a set of cells holding each symbol at most once; a unit of `symbols` cells
//!   (a *full* unit) holds each exactly once. Rows, columns and boxes, a jigsaw's regions, an X
//!   board's diagonals, a Roxdoku cube's planes and the groups of a shape file are all units;
//! * **cages**: killer cages ([`Cage`]), whose different digits add up to a sum, and Mathdoku
//!   cages ([`MathCage`]), whose digits make a target by an operation.
//!
//! A cell is a position that some unit covers; the rest are holes, and no cage may cover one. This is how KSudoku
//! reads its shape files too, so every shape it ships is a `Shape`. Knuth's `sudoku-general-dlx` input is one
//! as well: it lists cells and the units (he calls them boxes) they fall in.
//!
//! One exact-cover mapping serves every shape ([`cover::model`](crate::sudoku::cover::model)); the
//! named shapes are built in [`shapes`](super::shapes).

use thiserror::Error;

use super::cage::{Cage, MathCage, Operation, sum_range};
use super::geometry::Unit;

/// The most symbols a board may have: the engine's candidate sets are 64-bit words.
pub const MAX_SYMBOLS: usize = 64;

/// The most positions a layout may have (a 3-D cube of 36 on a side is 46,656).
pub const MAX_POSITIONS: usize = 1 << 20;

/// The positions of a board: `width` columns, `height` rows, `depth` layers (1 for a flat
/// board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Layers.
    pub depth: usize,
}

impl Layout {
    /// A flat `width × height` layout.
    pub fn flat(width: usize, height: usize) -> Layout {
        Layout {
            width,
            height,
            depth: 1,
        }
    }

    /// A `side³` cube.
    pub fn cube(side: usize) -> Layout {
        Layout {
            width: side,
            height: side,
            depth: side,
        }
    }

    /// How many positions there are.
    pub fn positions(self) -> usize {
        self.width * self.height * self.depth
    }

    /// The position at column `x`, row `y`, layer `z`.
    pub fn position(self, x: usize, y: usize, z: usize) -> usize {
        (z * self.height + y) * self.width + x
    }

    /// A position's column, row and layer.
    pub fn coordinates(self, position: usize) -> (usize, usize, usize) {
        let x = position % self.width;
        let y = (position / self.width) % self.height;
        let z = position / (self.width * self.height);
        (x, y, z)
    }

    /// True for a board of more than one layer.
    pub fn is_solid(self) -> bool {
        self.depth > 1
    }

    /// A cell's name as players write it: `r1c2` on a flat board, `l1r1c2` in a cube (from 1).
    pub fn cell_name(self, position: usize) -> String {
        let (x, y, z) = self.coordinates(position);
        if self.is_solid() {
            format!("l{}r{}c{}", z + 1, y + 1, x + 1)
        } else {
            format!("r{}c{}", y + 1, x + 1)
        }
    }
}

/// What is wrong with a board's shape.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// The number of symbols is out of range.
    #[error("a board of {symbols} symbols: from 1 to {MAX_SYMBOLS} are played")]
    Symbols {
        /// The number asked for.
        symbols: usize,
    },
    /// The layout is empty or too big.
    #[error("a layout of {width}×{height}×{depth} positions: from 1 to {MAX_POSITIONS} are played")]
    Layout {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Layers.
        depth: usize,
    },
    /// A unit or cage names a position outside the layout.
    #[error("{what} names position {position}, outside a layout of {positions}")]
    OffBoard {
        /// The unit or cage, in words.
        what: String,
        /// The position.
        position: usize,
        /// The layout's positions.
        positions: usize,
    },
    /// A unit has more cells than there are symbols.
    #[error(
        "{what} has {cells} cells; a board of {symbols} symbols holds at most {symbols} in one"
    )]
    UnitTooBig {
        /// The unit, in words.
        what: String,
        /// Its cells.
        cells: usize,
        /// The symbols.
        symbols: usize,
    },
    /// A unit or cage names a cell twice.
    #[error("{what} names {cell} twice")]
    Twice {
        /// The unit or cage, in words.
        what: String,
        /// The cell, as `r1c2`.
        cell: String,
    },
    /// A cell is in two cages.
    #[error("{cell} is in cage {first} and in cage {second}")]
    TwoCages {
        /// The cell, as `r1c2`.
        cell: String,
        /// The first cage, from 1.
        first: usize,
        /// The second, from 1.
        second: usize,
    },
    /// A cage has no cells.
    #[error("cage {cage} has no cells")]
    EmptyCage {
        /// The cage, from 1.
        cage: usize,
    },
    /// A killer cage's sum cannot be made.
    #[error(
        "cage {cage} at {cell} cannot add up to {sum}: {cells} different digits from 1 to {symbols} cannot"
    )]
    Sum {
        /// The cage, from 1.
        cage: usize,
        /// Its first cell.
        cell: String,
        /// Its sum.
        sum: u32,
        /// Its cells.
        cells: usize,
        /// The symbols.
        symbols: usize,
    },
    /// A Mathdoku cage's operation needs another number of cells.
    #[error("cage {cage} at {cell}: {op} takes {wants} cells, this cage has {cells}")]
    Operands {
        /// The cage, from 1.
        cage: usize,
        /// Its first cell.
        cell: String,
        /// The operation's sign (or `=` for a given).
        op: String,
        /// How many cells it takes.
        wants: &'static str,
        /// How many the cage has.
        cells: usize,
    },
    /// A cage names a position no unit covers.
    #[error("cage {cage} names {cell}, a hole of the board")]
    CageOnHole {
        /// The cage, from 1.
        cage: usize,
        /// The position, as `r1c2`.
        cell: String,
    },
    /// The board has no cells.
    #[error("the board has no cells: no unit covers any position")]
    NoCells,
}

/// A board: its layout, cells, symbols, units and cages (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    name: String,
    layout: Layout,
    symbols: usize,
    /// For each position, whether it is a cell.
    present: Vec<bool>,
    /// Each unit's cells, increasing.
    units: Vec<Vec<usize>>,
    /// Each unit's name.
    names: Vec<Unit>,
    /// For each position, the units it is in.
    /// For each position, where its units start in `units_of_list` (one entry more than there are
    /// positions, the last the list's length).
    units_of_start: Vec<u32>,
    units_of_list: Vec<u32>,
    cages: Vec<Cage>,
    math: Vec<MathCage>,
    /// For each position, its cage (killer or Mathdoku), `u32::MAX` for none.
    cage_of: Vec<u32>,
}

impl Shape {
    /// A board of `symbols` symbols on `layout`, to which units and cages are then added
    /// ([`ShapeBuilder`]).
    pub fn builder(name: &str, layout: Layout, symbols: usize) -> ShapeBuilder {
        ShapeBuilder {
            name: name.to_string(),
            layout,
            symbols,
            units: Vec::new(),
            cages: Vec::new(),
            math: Vec::new(),
        }
    }

    /// Its name: `Samurai`, `classic 9×9`, as the player sees it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its positions.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// How many symbols it is played with.
    pub fn symbols(&self) -> usize {
        self.symbols
    }

    /// How many positions it has, holes included.
    pub fn positions(&self) -> usize {
        self.present.len()
    }

    /// True if the position is a cell (false for a hole or off the board).
    pub fn is_cell(&self, position: usize) -> bool {
        self.present.get(position).copied().unwrap_or(false)
    }

    /// Its cells, in position order.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.present
            .iter()
            .enumerate()
            .filter(|(_, p)| **p)
            .map(|(k, _)| k)
    }

    /// How many cells it has.
    pub fn cell_count(&self) -> usize {
        self.present.iter().filter(|p| **p).count()
    }

    /// Every unit's name and cells.
    pub fn units(&self) -> impl Iterator<Item = (Unit, &[usize])> {
        self.names
            .iter()
            .zip(&self.units)
            .map(|(&n, u)| (n, u.as_slice()))
    }

    /// How many units it has.
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// A unit's cells.
    pub fn unit(&self, unit: usize) -> &[usize] {
        self.units.get(unit).map_or(&[], Vec::as_slice)
    }

    /// A unit's name.
    pub fn unit_name(&self, unit: usize) -> Option<Unit> {
        self.names.get(unit).copied()
    }

    /// True if the unit holds every symbol (it has `symbols` cells).
    pub fn is_full(&self, unit: usize) -> bool {
        self.units
            .get(unit)
            .is_some_and(|u| u.len() == self.symbols)
    }

    /// The units a cell is in (numbers for [`unit`](Self::unit)).
    pub fn units_of(&self, position: usize) -> &[u32] {
        let at = |p: usize| self.units_of_start.get(p).map_or(0, |&s| s as usize);
        self.units_of_list
            .get(at(position)..at(position + 1))
            .unwrap_or(&[])
    }

    /// True if two cells share a unit (so they may not hold the same symbol).
    pub fn see(&self, a: usize, b: usize) -> bool {
        a != b
            && self
                .units_of(a)
                .iter()
                .any(|u| self.units_of(b).contains(u))
    }

    /// Its killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Its Mathdoku cages.
    pub fn math_cages(&self) -> &[MathCage] {
        &self.math
    }

    /// Whether a cell is in a Mathdoku cage (filled by the cage's fillings, not by placements).
    pub fn in_math_cage(&self, position: usize) -> bool {
        self.cage_of(position)
            .is_some_and(|k| k >= self.cages.len())
    }

    /// The cage a cell is in: its number among the killer cages, or, for a Mathdoku cage, the
    /// killer cages' count plus its number among those.
    pub fn cage_of(&self, position: usize) -> Option<usize> {
        self.cage_of
            .get(position)
            .copied()
            .filter(|&k| k != u32::MAX)
            .map(|k| k as usize)
    }

    /// A cell's name: `r1c2`, or `l1r1c2` in a cube.
    pub fn cell_name(&self, position: usize) -> String {
        self.layout.cell_name(position)
    }
}

/// Units and cages added one by one, then checked together by [`build`](Self::build).
#[derive(Debug, Clone)]
pub struct ShapeBuilder {
    name: String,
    layout: Layout,
    symbols: usize,
    units: Vec<(Unit, Vec<usize>)>,
    cages: Vec<Cage>,
    math: Vec<MathCage>,
}

impl ShapeBuilder {
    /// The layout being built on.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// How many units of each kind so far (to number the next).
    fn count(&self, same: impl Fn(Unit) -> bool) -> usize {
        self.units.iter().filter(|(n, _)| same(*n)).count()
    }

    /// Adds a unit.
    pub fn unit(&mut self, name: Unit, cells: Vec<usize>) -> &mut Self {
        self.units.push((name, cells));
        self
    }

    /// Adds a group of cells (a unit with no other name), numbered after the others.
    pub fn group(&mut self, cells: Vec<usize>) -> &mut Self {
        let k = self.count(|n| matches!(n, Unit::Group(_)));
        self.unit(Unit::Group(k), cells)
    }

    /// Adds the rows and columns of an `order × order` grid whose top left cell is at column
    /// `x`, row `y` of layer `z`, and, with `boxes`, its boxes of `box_rows × box_cols` cells,
    /// row by row (KSudoku's `<sudokugroups>`).
    pub fn grid(
        &mut self,
        (x, y, z): (usize, usize, usize),
        order: usize,
        boxes: Option<(usize, usize)>,
    ) -> &mut Self {
        let l = self.layout;
        let at = |r: usize, c: usize| l.position(x + c, y + r, z);
        let rows = self.count(|n| matches!(n, Unit::Row(_)));
        let cols = self.count(|n| matches!(n, Unit::Column(_)));
        for r in 0..order {
            self.unit(Unit::Row(rows + r), (0..order).map(|c| at(r, c)).collect());
        }
        for c in 0..order {
            self.unit(
                Unit::Column(cols + c),
                (0..order).map(|r| at(r, c)).collect(),
            );
        }
        if let Some((br, bc)) = boxes.filter(|&(br, bc)| br * bc == order && br > 0 && bc > 0) {
            let first = self.count(|n| matches!(n, Unit::Box(_)));
            let per_row = order / bc;
            for b in 0..order {
                let (top, left) = ((b / per_row) * br, (b % per_row) * bc);
                let cells = (0..order)
                    .map(|k| at(top + k / bc, left + k % bc))
                    .collect();
                self.unit(Unit::Box(first + b), cells);
            }
        }
        self
    }

    /// Adds the planes of a `base³` cube whose corner is at `(x, y, z)`: for each of the three
    /// directions, `base` planes of `base²` cells (KSudoku's `<roxdokugroups>`; a cube of base 3
    /// is played with 9 symbols).
    pub fn cube(&mut self, (x, y, z): (usize, usize, usize), base: usize) -> &mut Self {
        let l = self.layout;
        let first = self.count(|n| matches!(n, Unit::Plane(_)));
        let mut k = first;
        for i in 0..base {
            let faces: [Vec<usize>; 3] = [
                square(base, |a, b| l.position(x + i, y + a, z + b)),
                square(base, |a, b| l.position(x + b, y + i, z + a)),
                square(base, |a, b| l.position(x + a, y + b, z + i)),
            ];
            for face in faces {
                self.unit(Unit::Plane(k), face);
                k += 1;
            }
        }
        self
    }

    /// Adds a killer cage.
    pub fn cage(&mut self, cage: Cage) -> &mut Self {
        self.cages.push(cage);
        self
    }

    /// Adds a Mathdoku cage.
    pub fn math_cage(&mut self, cage: MathCage) -> &mut Self {
        self.math.push(cage);
        self
    }

    /// The shape, checked: a layout and symbols in range, units and cages on the layout with no
    /// cell twice, units no bigger than the alphabet, cages on cells and no cell in two, sums and
    /// operations that their cells can make (a killer cage of any size: one of too many digit
    /// sets to list is kept by its sum alone). Units that repeat another's cells are dropped;
    /// cells are the positions some unit covers.
    pub fn build(&self) -> Result<Shape, ShapeError> {
        self.check()?;
        Ok(self.assemble())
    }

    /// What [`build`](Self::build) checks.
    fn check(&self) -> Result<(), ShapeError> {
        let (l, symbols) = (self.layout, self.symbols);
        if !(1..=MAX_SYMBOLS).contains(&symbols) {
            return Err(ShapeError::Symbols { symbols });
        }
        let positions = l
            .width
            .checked_mul(l.height)
            .and_then(|p| p.checked_mul(l.depth))
            .filter(|p| (1..=MAX_POSITIONS).contains(p))
            .ok_or(ShapeError::Layout {
                width: l.width,
                height: l.height,
                depth: l.depth,
            })?;
        let mut any = false;
        let mut covered = vec![false; positions];
        for (name, cells) in &self.units {
            let what = name.to_string();
            let cells = distinct(cells, positions, &what, l)?;
            if cells.len() > symbols {
                return Err(ShapeError::UnitTooBig {
                    what,
                    cells: cells.len(),
                    symbols,
                });
            }
            any |= !cells.is_empty();
            for &c in &cells {
                covered[c] = true;
            }
        }
        let mut cage_of = vec![usize::MAX; positions];
        let (cages, math) = self.sorted_cages();
        let all = cages
            .iter()
            .map(|c| c.cells.as_slice())
            .chain(math.iter().map(|c| c.cells.as_slice()));
        for (k, cells) in all.enumerate() {
            let cells = distinct(cells, positions, &format!("cage {}", k + 1), l)?;
            let Some(&first) = cells.first() else {
                return Err(ShapeError::EmptyCage { cage: k + 1 });
            };
            for &c in &cells {
                if !covered[c] {
                    return Err(ShapeError::CageOnHole {
                        cage: k + 1,
                        cell: l.cell_name(c),
                    });
                }
                if cage_of[c] != usize::MAX {
                    return Err(ShapeError::TwoCages {
                        cell: l.cell_name(c),
                        first: cage_of[c] + 1,
                        second: k + 1,
                    });
                }
                cage_of[c] = k;
            }
            if let Some(cage) = cages.get(k) {
                let makes = sum_range(symbols, cells.len())
                    .is_some_and(|(lo, hi)| (lo..=hi).contains(&u64::from(cage.sum)));
                if !makes {
                    return Err(ShapeError::Sum {
                        cage: k + 1,
                        cell: l.cell_name(first),
                        sum: cage.sum,
                        cells: cells.len(),
                        symbols,
                    });
                }
            } else if let Some(cage) = math.get(k - cages.len()) {
                let wants = match cage.op {
                    Operation::Subtract | Operation::Divide => (cells.len() != 2).then_some("2"),
                    Operation::Given => (cells.len() != 1).then_some("1"),
                    Operation::Add | Operation::Multiply => None,
                };
                if let Some(wants) = wants {
                    return Err(ShapeError::Operands {
                        cage: k + 1,
                        cell: l.cell_name(first),
                        op: match cage.op {
                            Operation::Given => "=".to_string(),
                            op => op.sign().to_string(),
                        },
                        wants,
                        cells: cells.len(),
                    });
                }
            }
        }
        if !any {
            return Err(ShapeError::NoCells);
        }
        Ok(())
    }

    /// The cages with their cells in order, each kind in the order of its first cells (as
    /// people number them).
    fn sorted_cages(&self) -> (Vec<Cage>, Vec<MathCage>) {
        let mut cages = self.cages.clone();
        let mut math = self.math.clone();
        for cage in &mut cages {
            cage.cells.sort_unstable();
        }
        for cage in &mut math {
            cage.cells.sort_unstable();
        }
        cages.sort_by_key(|c| c.cells.first().copied());
        math.sort_by_key(|c| c.cells.first().copied());
        (cages, math)
    }

    /// The shape, trusting the checks (anything off the layout is left out).
    pub(super) fn assemble(&self) -> Shape {
        let l = self.layout;
        let positions = l.width.saturating_mul(l.height).saturating_mul(l.depth);
        let positions = positions.min(MAX_POSITIONS);
        let mut present = vec![false; positions];
        let mut units: Vec<Vec<usize>> = Vec::new();
        let mut names = Vec::new();
        // A unit repeating another's cells is left out: found by a hash of its cells, then
        // compared.
        let mut hashes: Vec<u64> = Vec::new();
        for (name, cells) in &self.units {
            let mut cells: Vec<usize> = cells.iter().copied().filter(|&c| c < positions).collect();
            cells.sort_unstable();
            cells.dedup();
            let hash = cells.iter().fold(cells.len() as u64, |h, &c| {
                (h ^ c as u64).wrapping_mul(0x0100_0000_01b3)
            });
            let repeated = hashes
                .iter()
                .zip(&units)
                .any(|(&h, u)| h == hash && *u == cells);
            if cells.is_empty() || repeated {
                continue;
            }
            hashes.push(hash);
            for &c in &cells {
                present[c] = true;
            }
            units.push(cells);
            names.push(*name);
        }
        // Each position's units, as one list: counted, then placed.
        let mut units_of_start = vec![0u32; positions + 1];
        for &c in units.iter().flatten() {
            units_of_start[c + 1] += 1;
        }
        for p in 0..positions {
            units_of_start[p + 1] += units_of_start[p];
        }
        let mut units_of_list = vec![0u32; units_of_start[positions] as usize];
        let mut fill = units_of_start.clone();
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                units_of_list[fill[c] as usize] = u as u32;
                fill[c] += 1;
            }
        }
        let (cages, math) = self.sorted_cages();
        let mut cage_of = vec![u32::MAX; positions];
        let all = cages
            .iter()
            .map(|c| c.cells.as_slice())
            .chain(math.iter().map(|c| c.cells.as_slice()));
        for (k, cells) in all.enumerate() {
            for &c in cells.iter().filter(|&&c| c < positions) {
                cage_of[c] = k as u32;
            }
        }
        Shape {
            name: self.name.clone(),
            layout: l,
            symbols: self.symbols,
            present,
            units,
            names,
            units_of_start,
            units_of_list,
            cages,
            math,
            cage_of,
        }
    }
}

/// The cells of a unit or cage sorted, each on the layout and named once.
fn distinct(
    cells: &[usize],
    positions: usize,
    what: &str,
    layout: Layout,
) -> Result<Vec<usize>, ShapeError> {
    let mut out = cells.to_vec();
    if let Some(&off) = out.iter().find(|&&c| c >= positions) {
        return Err(ShapeError::OffBoard {
            what: what.to_string(),
            position: off,
            positions,
        });
    }
    out.sort_unstable();
    if let Some(w) = out.windows(2).find(|w| w[0] == w[1]) {
        return Err(ShapeError::Twice {
            what: what.to_string(),
            cell: layout.cell_name(w[0]),
        });
    }
    Ok(out)
}

/// The `base²` positions `at(a, b)` for `a`, `b` below `base`, `a` the outer.
fn square(base: usize, at: impl Fn(usize, usize) -> usize) -> Vec<usize> {
    (0..base)
        .flat_map(|a| (0..base).map(move |b| (a, b)))
        .map(|(a, b)| at(a, b))
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_grid_has_rows_columns_and_boxes() {
        let s = Shape::builder("4×4", Layout::flat(4, 4), 4)
            .grid((0, 0, 0), 4, Some((2, 2)))
            .build()
            .unwrap();
        assert_eq!(s.unit_count(), 12);
        assert_eq!(s.cell_count(), 16);
        assert_eq!(s.unit(0), [0, 1, 2, 3]);
        assert_eq!(s.unit(4), [0, 4, 8, 12]);
        assert_eq!(s.unit(8), [0, 1, 4, 5]);
        assert_eq!(s.unit(11), [10, 11, 14, 15]);
        assert!(s.see(0, 5) && !s.see(0, 15));
    }

    #[test]
    fn holes_are_positions_no_unit_covers() {
        let s = Shape::builder("two", Layout::flat(6, 6), 4)
            .grid((0, 0, 0), 4, Some((2, 2)))
            .grid((2, 2, 0), 4, Some((2, 2)))
            .build()
            .unwrap();
        assert_eq!(s.cell_count(), 28);
        assert!(!s.is_cell(5) && s.is_cell(35) && !s.is_cell(30));
        // The shared box is one unit, not two.
        assert_eq!(s.unit_count(), 8 + 8 + 4 + 3);
    }

    #[test]
    fn a_cube_has_three_directions_of_planes() {
        let s = Shape::builder("cube", Layout::cube(3), 9)
            .cube((0, 0, 0), 3)
            .build()
            .unwrap();
        assert_eq!(s.unit_count(), 9);
        assert!(s.units().all(|(_, c)| c.len() == 9));
        // Every cell is in exactly three planes.
        assert!(s.cells().all(|c| s.units_of(c).len() == 3));
        assert_eq!(s.layout().cell_name(26), "l3r3c3");
    }

    #[test]
    fn bad_shapes_say_why() {
        let mut b = Shape::builder("bad", Layout::flat(3, 3), 3);
        b.group(vec![0, 1, 2, 3]);
        assert!(matches!(b.build(), Err(ShapeError::UnitTooBig { .. })));
        let mut b = Shape::builder("bad", Layout::flat(3, 3), 3);
        b.group(vec![0, 1, 1]);
        assert_eq!(
            b.build().unwrap_err().to_string(),
            "group 1 names r1c2 twice"
        );
        let mut b = Shape::builder("bad", Layout::flat(3, 3), 3);
        b.group(vec![0, 9]);
        assert!(matches!(b.build(), Err(ShapeError::OffBoard { .. })));
        assert!(matches!(
            Shape::builder("none", Layout::flat(3, 3), 3).build(),
            Err(ShapeError::NoCells)
        ));
        let mut b = Shape::builder("cages", Layout::flat(2, 2), 4);
        b.group(vec![0, 1, 2, 3]);
        b.cage(Cage {
            cells: vec![0, 1],
            sum: 3,
        })
        .cage(Cage {
            cells: vec![1, 2],
            sum: 3,
        });
        assert!(matches!(b.build(), Err(ShapeError::TwoCages { .. })));
        let mut b = Shape::builder("hole", Layout::flat(2, 2), 2);
        b.group(vec![0, 1]).cage(Cage {
            cells: vec![1, 2],
            sum: 3,
        });
        assert_eq!(
            b.build().unwrap_err().to_string(),
            "cage 1 names r2c1, a hole of the board"
        );
    }
}
