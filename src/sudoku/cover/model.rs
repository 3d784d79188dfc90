//! The exact-cover mapping of the board model: any [`Shape`] and the values in its cells become
//! named items and the options over them. Every search of a board that is not a plain square
//! sudoku goes through here (the classic board keeps its own fast path in
//! [`DlxSolver`](crate::sudoku::DlxSolver), the same items laid out for speed and tested against these);
//! so do `matrix`, watch mode, its matrix panel and the candidates view.
//!
//! # Items
//!
//! The names are those of Knuth's `sudoku-dlx.w` and `sudoku-general-dlx.w`, one character a
//! number (Knuth's [`encode`]: `0`–`9`, `a`–`z`, `A`–`Z`), two where a kind has more than 62:
//!
//! | item | covered when |
//! |---|---|
//! | `pYX` (`pZYX` in a cube) | the cell in row Y, column X (layer Z) holds a symbol |
//! | `rKD`, `cKD`, `bKD` | row, column, box (or jigsaw region) K holds digit D |
//! | `dKD`, `wKD` | diagonal K, window K holds digit D (X and hyper boards) |
//! | `lKD` | plane K of a cube holds digit D |
//! | `gKD` | group K (a unit of a shape file) holds digit D |
//! | `kNN` | killer cage NN takes one of its digit sets |
//! | `mNN` | Mathdoku cage NN takes one of its fillings |
//! | `kNND` | digit D is in killer cage NN at most once (secondary); in a search's matrix, exactly once or left out by the cage's digit set (primary) |
//! | `sNND`, `tNND` | the first, second group of cells alike NN holds D (a search's only) |
//!
//! A unit's items are primary when the unit is full (it holds every digit once) and secondary
//! when it has fewer cells than digits (each at most once). Only what is open is an item: the
//! empty cells, the digits a unit still lacks, the cages not yet filled.
//!
//! # Options
//!
//! * A **placement** "digit D in cell C", for each empty cell outside Mathdoku cages and each
//!   digit none of its units (nor its killer cage) holds: it covers the cell's item, the item
//!   of each of the cell's units for D and, in a killer cage, the cage's item for D.
//! * A **digit set** of a killer cage (as many different digits as cells, adding up to the sum,
//!   holding the digits already in it; see [`cage`](crate::sudoku::board::cage)): it covers
//!   `kNN` and the cage's items for the digits *not* in the set. An exact cover then fills the
//!   cage with exactly the set's digits: each of its cells takes a digit whose `kNND` the set
//!   left open, and no two the same one.
//! * A **filling** of a Mathdoku cage (a digit per empty cell that, with the cage's filled
//!   cells, makes its target, and repeats no digit within a unit): it covers `mNN`, every open
//!   cell's item, and each cell's units' items for its digit. Its cells have no placements of
//!   their own, so an exact cover fills each Mathdoku cage by one of its fillings.
//!
//! A search's sink may ask for what the board implies as well. Every solution keeps it, so it
//! changes no solution, only how soon the search sees a dead end:
//!
//! * **The cages the board implies** ([`implied`](super::implied): the sums that full units and
//!   cages fix between them). They are killer cages like the board's, numbered after them, with
//!   their items and digit sets; a cell in several cages has each cage's item for its digit in
//!   its placements.
//! * **Every digit of a cage's set is placed in it.** The cage's items for its digits are
//!   primary: `kNND` is covered by a placement of D in the cage or by a digit set that leaves D
//!   out. A cover's digit set S covers the items of the digits outside S, and the cage's empty
//!   cells, as many as S has digits not yet in the cage, take different digits none of which is
//!   outside S: so they take those digits each once, and each of their items is covered once,
//!   by its placement. The exact
//!   covers are the same; the search sees more. A digit no cell of the cage can take any more
//!   leaves its item only the sets without it, and a digit every set left holds is placed
//!   in the cage as a unit's digit is (a "hidden single" of the cage).
//! * **Groups of cells alike** ([`leftovers`](super::leftovers): two groups that hold the same
//!   symbols, each group's cells different; the pairs it calls distinct, the others being the
//!   search's own constraints). Each pair has, for each digit D that neither group
//!   holds yet, two primary items `sNND` and `tNND`; a placement of D in a cell of the first
//!   group covers `sNND`, one in the second `tNND`, and one more option, *neither*, covers both.
//!   In an exact cover `sNND` is covered once: by a placement of D in the first group, and then
//!   `tNND` can only be covered by one in the second; or by *neither*, and then no placement of
//!   D is left in either. So D is in both groups or in neither, which is what "the same
//!   symbols" says of groups of different cells; the search chooses *neither* exactly for the
//!   digits the groups lack, so each solution is still one exact cover. A digit one group holds
//!   already leaves only the other group's item, which its placements must cover. A pair with
//!   a cell of a Mathdoku cage is left out: that cell has no placements.
//!
//! An exact cover is a filling of every empty cell in which no unit repeats a digit, every full
//! unit holds them all and every cage is made, and every such filling is one exact cover: the
//! options chosen are its placements, the digit set of each killer cage and the filling of each
//! Mathdoku cage.
//!
//! # Bounds
//!
//! A cage's options are listed, so a large cage could bring more than memory holds: twelve cells
//! of 36×36 adding up to 222 have 16,509,188 digit sets. A killer cage's sets are listed only as
//! [`listed_cages`] says (at most [`MAX_DIGIT_SETS`] a cage, counted before any is listed by
//! [`digit_set_count`], and [`MAX_CAGE_ENTRIES`] entries for all listed cages together). Any other
//! cage gets neither its item `kNN` nor sets, and its digit items are secondary: each digit at
//! most once, which with as many cells as digits placed is "different digits". Its sum is then
//! kept by the search alone, which is given every cage's sum and keeps it by bounds as the cells
//! fill (see [`general`](super::general)): an exact cover of this matrix that keeps the sums is
//! a solution, and memory follows the cage's cells. A filled cage that breaks its sum keeps its
//! item `kNN`, which no option covers. Only a sink whose search keeps the sums
//! (`Sink::keeps_sums`) takes such a cage, and so does a view of a position
//! ([`CoverMatrix::of_view`]: its candidates, and watch mode, whose engine matrix is given the
//! cage's sum); any other (a matrix to write, a search without sums) refuses the board with the
//! cage named. A Mathdoku cage has at most [`MAX_FILLINGS`] fillings found within
//! [`MAX_FILLING_STEPS`], past which the board is refused with the cage to split, and its
//! fillings count in [`MAX_CAGE_ENTRIES`] too. The sink is asked now and then whether to stop (a
//! search's deadline or cancel flag), so a large matrix is not built past a time limit.
//!
use thiserror::Error;

#[cfg(doc)]
use crate::sudoku::board::cage::MAX_DIGIT_SETS;
use crate::sudoku::board::cage::{
    Cage, MAX_CAGE_ENTRIES, MAX_FILLING_STEPS, MAX_FILLINGS, SetsError, digit_set_count,
    digit_sets, listed_cages,
};
use crate::sudoku::board::geometry::Unit;
use crate::sudoku::board::shape::Shape;

use super::implied::implied_cages;
use super::leftovers::same_values;
use std::rc::Rc;

/// One option: a symbol placed in a cell, and the items it covers: its cell, then its units'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The cell.
    pub cell: usize,
    /// The value, from 1.
    pub value: u8,
    /// Its items, as indices into [`CoverMatrix::items`].
    pub items: Vec<usize>,
}

/// What an item of a board's matrix stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemMeaning {
    /// The cell holds a symbol (`pRC`).
    Cell(usize),
    /// The unit holds the value once (`rRD`, `cCD`, `bBD`, `dKD`, `wKD`, `lKD`, `gKD`).
    Holds(Unit, u8),
    /// A killer cage takes one of its digit sets (`kNN`).
    Cage(usize),
    /// A killer cage holds the digit at most once (`kNND`; secondary, but primary in a search's
    /// matrix: the cage holds it, or its digit set leaves it out).
    CageDigit(usize, u8),
    /// A Mathdoku cage takes one of its fillings (`mNN`).
    MathCage(usize),
    /// One group of cells that hold the same symbols as another (see
    /// [`leftovers`](super::leftovers)) holds the value (`sNND` for the first group, `tNND` for
    /// the second): in a search's matrix only.
    Same(usize, bool, u8),
}

/// A killer cage's option "the cage takes these digits".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CageSet {
    /// The cage.
    pub cage: usize,
    /// Its digits.
    pub digits: Vec<u8>,
    /// Its items: the cage's, and the cage's items for the digits not in the set.
    pub items: Vec<usize>,
}

/// A Mathdoku cage's option "the cage's open cells take these digits".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CageFill {
    /// The cage, among the Mathdoku cages.
    pub cage: usize,
    /// The open cells and their digits.
    pub cells: Vec<(usize, u8)>,
    /// Its items: the cage's, then each cell's and its units' for its digit.
    pub items: Vec<usize>,
}

/// Why a board has no matrix.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoverError {
    /// A Mathdoku cage has more fillings than the matrix takes.
    #[error(
        "cage {cage} at {cell} has more than {MAX_FILLINGS} fillings, or more than can be listed \
         in {MAX_FILLING_STEPS} steps: split it into smaller cages"
    )]
    TooManyFillings {
        /// The cage, from 1 among the Mathdoku cages.
        cage: usize,
        /// Its first cell.
        cell: String,
    },
    /// The cages' options bring more entries than the matrix takes.
    #[error(
        "cage {cage} at {cell} brings the cages' options past {MAX_CAGE_ENTRIES} entries of the \
         matrix: split the largest cages into smaller ones"
    )]
    TooManyEntries {
        /// The cage, from 1 among its kind (killer or Mathdoku).
        cage: usize,
        /// Its first cell.
        cell: String,
    },
    /// A killer cage has more digit sets than the matrix takes.
    #[error(transparent)]
    Sets(#[from] SetsError),
    /// The sink was told to stop (the time ran out, or the search was cancelled) before the
    /// matrix was built.
    #[error("stopped while the matrix was built")]
    Stopped,
    /// The engine refused the matrix.
    #[error(transparent)]
    Engine(#[from] crate::dlx::DlxError),
}

/// A board's exact-cover matrix: named items and the options over them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoverMatrix {
    /// Item names, in order: cells, full units' digits (rows, columns, boxes or regions,
    /// diagonals, windows, planes, groups, as the shape lists its units), killer then Mathdoku
    /// cages (primary items all); then partial units' digits and killer cages' digits
    /// (secondary).
    pub items: Vec<String>,
    /// What each item stands for, in the same order.
    pub meanings: Vec<ItemMeaning>,
    /// The number of primary items (the first ones).
    pub primary: usize,
    /// The placements, cell by cell, value by value: the engine's first options.
    pub options: Vec<Placement>,
    /// The killer cages' digit-set options, after the placements in the engine's numbering.
    pub sets: Vec<CageSet>,
    /// The Mathdoku cages' fillings, after the digit sets.
    pub fills: Vec<CageFill>,
    /// The killer cages whose digit sets are not listed: only in a view's matrix
    /// ([`CoverMatrix::of_view`]), where such a cage is not refused. Its placements are then
    /// every digit its cells' units allow; [`matrix`](Self::matrix) keeps its sum as the
    /// search does, by the engine's sums.
    pub unlisted: Vec<UnlistedCage>,
    /// Whether this is a view's matrix, whose making takes such cages.
    viewing: bool,
}

/// A killer cage whose digit sets a view's matrix does not list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnlistedCage {
    /// The cage, numbered from 0 among the board's killer cages.
    pub cage: usize,
    /// Its open cells.
    pub open: Vec<usize>,
    /// What they are to add up to: the cage's sum less its filled cells' digits.
    pub left: i64,
}

/// Knuth's one-character code for 0 to 61.
pub fn encode(x: usize) -> char {
    const CODES: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    CODES.get(x).map_or('?', |&c| char::from(c))
}

/// Two characters for a number of a kind with more than 62 members, else one.
fn number(k: usize, wide: bool) -> String {
    if wide {
        format!("{}{}", encode(k / 62), encode(k % 62))
    } else {
        encode(k).to_string()
    }
}

/// Where the mapping puts what it makes, in this order: every item, then the counts, then every
/// option. [`CoverMatrix`] keeps it all, named; the search ([`general`](super::general)) builds
/// the engine's matrix straight from it, with no names and nothing kept per option but what a
/// solution decodes to.
pub(crate) trait Sink {
    /// An item, numbered from 0 in the order given: its meaning, and its name for a sink that
    /// keeps names (made only when asked for).
    fn item(&mut self, meaning: ItemMeaning, name: &dyn Fn() -> String);
    /// Every item given: the first `primary` of the `total` are primary.
    fn items_done(&mut self, primary: usize, total: usize) -> Result<(), CoverError>;
    /// A placement: `value` in `cell`, covering `items`.
    fn placement(&mut self, cell: usize, value: u8, items: &[usize]) -> Result<(), CoverError>;
    /// A killer cage's digit set.
    fn set(&mut self, cage: usize, digits: &[u8], items: &[usize]) -> Result<(), CoverError>;
    /// A Mathdoku cage's filling of its open cells.
    fn fill(
        &mut self,
        cage: usize,
        cells: &[(usize, u8)],
        items: &[usize],
    ) -> Result<(), CoverError>;
    /// Whether to stop building (a search's deadline passed, or it was cancelled): asked now
    /// and then while the options are made, and [`map`] then gives up with
    /// [`CoverError::Stopped`].
    fn stopped(&self) -> bool {
        false
    }
    /// Whether to add what the board implies: the cages ([`implied`](super::implied)) and the
    /// groups of cells that hold the same symbols ([`leftovers`](super::leftovers)). A search's
    /// sink does, for the pruning they bring; a sink that shows the matrix does not.
    fn implies(&self) -> bool {
        false
    }
    /// Whether the search this matrix is for keeps the killer cages' sums itself (by bounds, as
    /// the search's sink has the engine do), or the matrix is only looked at: then a cage of
    /// too many digit sets to list is given its cells' digits only, and no sets (see the module
    /// docs). Any other sink refuses such a cage.
    fn keeps_sums(&self) -> bool {
        false
    }
    /// The option that covers both items of a symbol neither of two groups of cells holding
    /// the same symbols takes (see the module docs). It places nothing; only a sink that
    /// [`implies`](Self::implies) is given one.
    fn neither(&mut self, items: &[usize]) -> Result<(), CoverError>;
}

impl Sink for CoverMatrix {
    fn item(&mut self, meaning: ItemMeaning, name: &dyn Fn() -> String) {
        self.meanings.push(meaning);
        self.items.push(name());
    }

    fn items_done(&mut self, primary: usize, _total: usize) -> Result<(), CoverError> {
        self.primary = primary;
        Ok(())
    }

    fn placement(&mut self, cell: usize, value: u8, items: &[usize]) -> Result<(), CoverError> {
        self.options.push(Placement {
            cell,
            value,
            items: items.to_vec(),
        });
        Ok(())
    }

    fn set(&mut self, cage: usize, digits: &[u8], items: &[usize]) -> Result<(), CoverError> {
        self.sets.push(CageSet {
            cage,
            digits: digits.to_vec(),
            items: items.to_vec(),
        });
        Ok(())
    }

    fn neither(&mut self, _items: &[usize]) -> Result<(), CoverError> {
        // A matrix to show has none of what the board implies, so never such an option.
        Ok(())
    }

    fn keeps_sums(&self) -> bool {
        // A view's matrix keeps the sums of the cages it does not list (`matrix`), as the
        // search does.
        self.viewing
    }

    fn fill(
        &mut self,
        cage: usize,
        cells: &[(usize, u8)],
        items: &[usize],
    ) -> Result<(), CoverError> {
        self.fills.push(CageFill {
            cage,
            cells: cells.to_vec(),
            items: items.to_vec(),
        });
        Ok(())
    }
}

impl CoverMatrix {
    /// The matrix of `shape` with `values` in its positions (0 for empty, else a digit from 1):
    /// reduced by the values, or (`full`) the empty board's. Values that clash are not checked
    /// here: a unit already holding a digit simply has no item for it.
    pub fn of_shape(shape: &Shape, values: &[u8], full: bool) -> Result<Self, CoverError> {
        let mut m = CoverMatrix::empty();
        map(shape, values, full, &mut m)?;
        Ok(m)
    }

    /// A matrix of no items and no options, for [`map`] to fill.
    fn empty() -> Self {
        CoverMatrix {
            items: Vec::new(),
            meanings: Vec::new(),
            primary: 0,
            options: Vec::new(),
            sets: Vec::new(),
            fills: Vec::new(),
            unlisted: Vec::new(),
            viewing: false,
        }
    }

    /// The matrix of a position to look at (its candidates, its forced moves), reduced by
    /// `values`: as [`of_shape`](Self::of_shape), except that a killer cage of too many digit
    /// sets to list is taken as the search takes it (see the module docs): no item and no sets,
    /// its digit items secondary, and the cage in [`unlisted`](Self::unlisted). Its placements
    /// are then a superset of those its sum allows. The engine's matrix of it
    /// ([`matrix`](Self::matrix)) keeps the sum; its items and options alone do not, so it is
    /// not one to write out (`to_dlx`).
    pub fn of_view(shape: &Shape, values: &[u8]) -> Result<Self, CoverError> {
        let mut m = CoverMatrix {
            viewing: true,
            ..CoverMatrix::empty()
        };
        map(shape, values, false, &mut m)?;
        let value = |cell: usize| values.get(cell).copied().unwrap_or(0);
        let listed = listed_cages(shape.symbols(), shape.cages());
        m.unlisted = (shape.cages().iter().zip(listed).enumerate())
            .filter(|(_, (_, listed))| !listed)
            .map(|(k, (cage, _))| UnlistedCage {
                cage: k,
                open: cage
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| value(c) == 0)
                    .collect(),
                left: i64::from(cage.sum)
                    - cage.cells.iter().map(|&c| i64::from(value(c))).sum::<i64>(),
            })
            .collect();
        Ok(m)
    }

    /// The engine's matrix of these items and options, numbered as here: placements, digit
    /// sets, fillings; and a view's cages whose sets are not listed as the engine's sums
    /// (each placement's value its digit), so that its exact covers that keep the sums are
    /// the board's solutions.
    pub fn matrix(&self) -> Result<crate::dlx::Matrix, crate::dlx::DlxError> {
        let mut m = crate::dlx::Matrix::new(self.primary, self.items.len() - self.primary)?;
        for o in &self.options {
            let option = m.add_option(o.items.iter().copied())?;
            // A placement's value is its digit, what it adds to a sum over its cell (below).
            if !self.unlisted.is_empty() {
                m.set_value(option, i32::from(o.value))?;
            }
        }
        for set in &self.sets {
            m.add_option(set.items.iter().copied())?;
        }
        for fill in &self.fills {
            m.add_option(fill.items.iter().copied())?;
        }
        // No two options of a cell item share another item (see `Matrix::set_pairless_items`):
        // true while every cell's options are placements, which a Mathdoku cage's are not.
        if self.fills.is_empty() {
            let cells = self
                .meanings
                .iter()
                .take_while(|m| matches!(m, ItemMeaning::Cell(_)))
                .count();
            m.set_pairless_items(cells);
        }
        self.add_unlisted_sums(&mut m)?;
        Ok(m)
    }

    /// Gives `m` the sum of each cage whose sets are not listed, over its open cells' items
    /// (its placements' values set as they were added).
    fn add_unlisted_sums(&self, m: &mut crate::dlx::Matrix) -> Result<(), crate::dlx::DlxError> {
        if self.unlisted.is_empty() {
            return Ok(());
        }
        let mut item_of = std::collections::HashMap::new();
        for (item, meaning) in self.meanings.iter().enumerate() {
            if let ItemMeaning::Cell(cell) = *meaning {
                item_of.insert(cell, item);
            }
        }
        for cage in &self.unlisted {
            let terms: Vec<_> = cage
                .open
                .iter()
                .filter_map(|c| item_of.get(c))
                .map(|&item| (crate::dlx::ItemId::new(item), 1))
                .collect();
            if !terms.is_empty() {
                m.add_sum(cage.left, &terms)?;
            }
        }
        Ok(())
    }

    /// The engine's matrix with the options in another order: its option `k` is option
    /// `order[k]` of [`matrix`](Self::matrix)'s numbering (a shuffled order makes the engine's
    /// first solution a random one, as the generator wants). Options `order` names twice or
    /// not at all are simply so in the matrix.
    pub fn matrix_in_order(
        &self,
        order: &[usize],
    ) -> Result<crate::dlx::Matrix, crate::dlx::DlxError> {
        let options: Vec<&[usize]> = self.all_options().collect();
        let mut m = crate::dlx::Matrix::new(self.primary, self.items.len() - self.primary)?;
        for &o in order {
            if let Some(items) = options.get(o) {
                let option = m.add_option(items.iter().copied())?;
                if let Some(p) = self.options.get(o).filter(|_| !self.unlisted.is_empty()) {
                    m.set_value(option, i32::from(p.value))?;
                }
            }
        }
        self.add_unlisted_sums(&mut m)?;
        Ok(m)
    }

    /// Every option's items, in the engine's numbering.
    pub fn all_options(&self) -> impl Iterator<Item = &[usize]> {
        self.options
            .iter()
            .map(|o| o.items.as_slice())
            .chain(self.sets.iter().map(|s| s.items.as_slice()))
            .chain(self.fills.iter().map(|f| f.items.as_slice()))
    }

    /// How many options there are.
    pub fn option_count(&self) -> usize {
        self.options.len() + self.sets.len() + self.fills.len()
    }

    /// The cells and values an option of the engine's numbering places: one for a placement,
    /// a cage's open cells for a filling, none for a digit set.
    pub fn places(&self, option: usize) -> Vec<(usize, u8)> {
        if let Some(p) = self.options.get(option) {
            return vec![(p.cell, p.value)];
        }
        let k = option - self.options.len();
        k.checked_sub(self.sets.len())
            .and_then(|f| self.fills.get(f))
            .map(|f| f.cells.clone())
            .unwrap_or_default()
    }
}

/// How [`map`] numbers an item as it gives it to the sink: the sink, the item's meaning and
/// name; its number back.
type ItemFn<'a, S> = dyn FnMut(&mut S, ItemMeaning, &dyn Fn() -> String) -> usize + 'a;

/// The one mapping of a board onto exact cover (see the module docs): `shape` with `values` in
/// its positions, reduced by the values or (`full`) the empty board's, given to `sink`.
pub(crate) fn map<S: Sink>(
    shape: &Shape,
    values: &[u8],
    full: bool,
    sink: &mut S,
) -> Result<(), CoverError> {
    let n = shape.symbols();
    let layout = shape.layout();
    let value_at = |cell: usize| {
        if full {
            0
        } else {
            values
                .get(cell)
                .copied()
                .filter(|&v| usize::from(v) <= n)
                .unwrap_or(0)
        }
    };
    let units = shape.unit_count();
    // Which digits each unit holds.
    let mut holds = vec![vec![false; n + 1]; units];
    for (u, row) in holds.iter_mut().enumerate() {
        for &cell in shape.unit(u) {
            row[usize::from(value_at(cell))] = true;
        }
        row[0] = false;
    }
    // Items are numbered as they are given.
    let next = std::cell::Cell::new(0usize);
    let mut item = |sink: &mut S, meaning: ItemMeaning, name: &dyn Fn() -> String| {
        sink.item(meaning, name);
        next.replace(next.get() + 1)
    };
    let (wide_x, wide_y, wide_z) = (
        layout.width > 62,
        layout.height > 62,
        layout.depth > 62 || layout.is_solid(),
    );
    let mut cell_item = vec![usize::MAX; shape.positions()];
    for cell in shape.cells() {
        if value_at(cell) != 0 {
            continue;
        }
        let name = || {
            let (x, y, z) = layout.coordinates(cell);
            let mut name = String::from("p");
            if wide_z {
                name.push_str(&number(z, layout.depth > 62));
            }
            name.push_str(&number(y, wide_y));
            name.push_str(&number(x, wide_x));
            name
        };
        cell_item[cell] = item(sink, ItemMeaning::Cell(cell), &name);
    }
    // How many units of each letter, to know how wide their numbers are.
    let letter = |unit: Unit| match unit {
        Unit::Row(k) => ('r', k),
        Unit::Column(k) => ('c', k),
        Unit::Box(k) | Unit::Region(k) => ('b', k),
        Unit::Diagonal(k) => ('d', k),
        Unit::Window(k) => ('w', k),
        Unit::Plane(k) => ('l', k),
        Unit::Group(k) | Unit::Cage(k) => ('g', k),
    };
    let most = |l: char| {
        shape
            .units()
            .filter(|(u, _)| letter(*u).0 == l)
            .map(|(u, _)| letter(u).1)
            .max()
            .unwrap_or(0)
    };
    let mut unit_item = vec![vec![usize::MAX; n + 1]; units];
    let wide_digit = n > 62;
    let mut unit_items = |want_full: bool, sink: &mut S, item: &mut ItemFn<'_, S>| {
        for (u, slots) in unit_item.iter_mut().enumerate() {
            if shape.is_full(u) != want_full {
                continue;
            }
            let Some(name) = shape.unit_name(u) else {
                continue;
            };
            let (l, k) = letter(name);
            for d in 1..=n {
                if !holds[u][d] {
                    let text =
                        || format!("{l}{}{}", number(k, most(l) >= 62), number(d, wide_digit));
                    slots[d] = item(sink, ItemMeaning::Holds(name, d as u8), &text);
                }
            }
        }
    };
    unit_items(true, sink, &mut item);
    // Killer cages (the board's, then those it implies, if the sink asks for them), then
    // Mathdoku cages: an item each (primary).
    // An implied cage with a cell of a Mathdoku cage is left out: that cell is filled by the
    // cage's fillings, which never cover a killer cage's digit items.
    let in_math = |cell: usize| shape.in_math_cage(cell);
    let implied = if sink.implies() {
        let mut implied = implied_cages(shape);
        implied.retain(|cage| !cage.cells.iter().any(|&c| in_math(c)));
        implied
    } else {
        Vec::new()
    };
    let cages: Vec<&Cage> = shape.cages().iter().chain(&implied).collect();
    let mut cages_of = vec![Vec::new(); shape.positions()];
    for (k, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            if let Some(of) = cages_of.get_mut(cell) {
                of.push(k);
            }
        }
    }
    let math = shape.math_cages();
    let mut in_cage = vec![vec![false; n + 1]; cages.len()];
    // Which cages have their digit sets listed: the board's as `listed_cages` says, and every
    // implied one (they are chosen to fit). Only a search that keeps the sums takes the others.
    let mut listed = listed_cages(n, shape.cages());
    listed.resize(cages.len(), true);
    let first_cell = |cells: &[usize]| shape.cell_name(cells.first().copied().unwrap_or(0));
    if !sink.keeps_sums()
        && let Some(k) = listed.iter().position(|&l| !l)
    {
        let cage = cages[k];
        return Err(SetsError::Cage {
            cage: k + 1,
            cell: first_cell(&cage.cells),
            cells: cage.cells.len(),
            sum: cage.sum,
            count: digit_set_count(n, cage.cells.len(), cage.sum, &[]),
        }
        .into());
    }
    let mut cage_item = vec![usize::MAX; cages.len()];
    for (k, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            in_cage[k][usize::from(value_at(cell))] = true;
        }
        in_cage[k][0] = false;
        // A cage whose sets are not listed has an item only when it is filled and breaks its
        // sum: an item no option covers, so no solution. Otherwise the search keeps its sum.
        let broken = || {
            let digits = cage.cells.iter().map(|&c| value_at(c));
            digits.clone().all(|d| d != 0) && digits.map(u32::from).sum::<u32>() != cage.sum
        };
        if listed[k] || broken() {
            let name = || format!("k{}{}", encode(k / 62), encode(k % 62));
            cage_item[k] = item(sink, ItemMeaning::Cage(k), &name);
        }
    }
    let mut math_item = vec![usize::MAX; math.len()];
    for (k, cage) in math.iter().enumerate() {
        // A cage already filled needs no item, if it is made; if not, its item stays, with no
        // option to cover it: no solution.
        let digits: Vec<u8> = cage.cells.iter().map(|&c| value_at(c)).collect();
        if !digits.contains(&0) && cage.makes(&digits) {
            continue;
        }
        let name = || format!("m{}{}", encode(k / 62), encode(k % 62));
        math_item[k] = item(sink, ItemMeaning::MathCage(k), &name);
    }
    // Groups of cells that hold the same symbols, if the sink asks: for each symbol, the item
    // of each group that does not hold it yet.
    let same = if sink.implies() {
        same_values(shape)
    } else {
        Rc::from([])
    };
    let mut same_item = vec![vec![[usize::MAX; 2]; n + 1]; same.len()];
    let mut same_of = vec![Vec::new(); shape.positions()];
    for (k, pair) in same.iter().enumerate() {
        // A cell of a Mathdoku cage is filled by the cage's fillings, not by placements: a pair
        // that holds one is left out. A pair that is not distinct is the search's to keep, not
        // the model's.
        if !pair.distinct || pair.one.iter().chain(&pair.other).any(|&c| in_math(c)) {
            continue;
        }
        for (side, cells) in [&pair.one, &pair.other].into_iter().enumerate() {
            for &cell in cells {
                if let Some(of) = same_of.get_mut(cell) {
                    of.push((k, side));
                }
            }
            let mut held = vec![false; n + 1];
            for &cell in cells {
                held[usize::from(value_at(cell))] = true;
            }
            for d in (1..=n).filter(|&d| !held[d]) {
                let name = || {
                    let kind = if side == 0 { 's' } else { 't' };
                    format!(
                        "{kind}{}{}{}",
                        encode(k / 62),
                        encode(k % 62),
                        number(d, wide_digit)
                    )
                };
                same_item[k][d][side] = item(sink, ItemMeaning::Same(k, side == 1, d as u8), &name);
            }
        }
    }
    // A cage's digits: primary in a search's matrix (see the module docs), else secondary; a
    // cage whose sets are not listed has its digits secondary always (each at most once).
    let mut digit_item = vec![vec![usize::MAX; n + 1]; cages.len()];
    let mut digit_items = |sink: &mut S, item: &mut ItemFn<'_, S>, of_listed: bool| {
        for (k, slots) in digit_item.iter_mut().enumerate() {
            if listed[k] != of_listed {
                continue;
            }
            for d in (1..=n).filter(|&d| !in_cage[k][d]) {
                let name = || {
                    format!(
                        "k{}{}{}",
                        encode(k / 62),
                        encode(k % 62),
                        number(d, wide_digit)
                    )
                };
                slots[d] = item(sink, ItemMeaning::CageDigit(k, d as u8), &name);
            }
        }
    };
    let primary_digits = sink.implies();
    if primary_digits {
        digit_items(sink, &mut item, true);
    }
    let primary = next.get();
    unit_items(false, sink, &mut item);
    if !primary_digits {
        digit_items(sink, &mut item, true);
    }
    digit_items(sink, &mut item, false);
    sink.items_done(primary, next.get())?;
    // One buffer for every option's items.
    let mut covers: Vec<usize> = Vec::new();
    // Placements, outside Mathdoku cages.
    let stop = |sink: &S| {
        if sink.stopped() {
            Err(CoverError::Stopped)
        } else {
            Ok(())
        }
    };
    for (cell, &item) in cell_item.iter().enumerate() {
        if item == usize::MAX || in_math(cell) {
            continue;
        }
        stop(sink)?;
        let caged = cages_of.get(cell).map_or(&[][..], Vec::as_slice);
        let sides = same_of.get(cell).map_or(&[][..], Vec::as_slice);
        let of = shape.units_of(cell);
        for d in 1..=n {
            if of.iter().any(|&u| holds[u as usize][d]) || caged.iter().any(|&k| in_cage[k][d]) {
                continue;
            }
            covers.clear();
            covers.push(item);
            covers.extend(of.iter().map(|&u| unit_item[u as usize][d]));
            covers.extend(caged.iter().map(|&k| digit_item[k][d]));
            covers.extend(
                sides
                    .iter()
                    .map(|&(k, side)| same_item[k][d][side])
                    .filter(|&i| i != usize::MAX),
            );
            sink.placement(cell, d as u8, &covers)?;
        }
    }
    // What the cages' options bring, kept within MAX_CAGE_ENTRIES (`listed_cages` keeps the
    // listed killer cages within it already, givens only taking sets away, and the implied ones
    // are chosen to fit beside them; fillings are known only once listed).
    let mut entries = 0u64;
    for (k, cage) in cages.iter().enumerate() {
        if !listed[k] {
            continue;
        }
        let given: Vec<usize> = (1..=n).filter(|&d| in_cage[k][d]).collect();
        let count = digit_set_count(n, cage.cells.len(), cage.sum, &given);
        let width = (n + 1).saturating_sub(cage.cells.len()) as u64;
        entries += count * width;
        if entries > MAX_CAGE_ENTRIES {
            return Err(CoverError::TooManyEntries {
                cage: k + 1,
                cell: first_cell(&cage.cells),
            });
        }
        stop(sink)?;
        for (s, set) in digit_sets(n, cage.cells.len(), cage.sum, &given)
            .into_iter()
            .enumerate()
        {
            if s % 1024 == 1023 {
                stop(sink)?;
            }
            covers.clear();
            covers.push(cage_item[k]);
            covers.extend(
                (1..=n)
                    .filter(|d| !set.contains(d) && !in_cage[k][*d])
                    .map(|d| digit_item[k][d]),
            );
            let digits: Vec<u8> = set.iter().map(|&d| d as u8).collect();
            sink.set(k, &digits, &covers)?;
        }
    }
    for (k, cage) in math.iter().enumerate() {
        if math_item[k] == usize::MAX || !cage.cells.iter().any(|&c| value_at(c) == 0) {
            continue;
        }
        stop(sink)?;
        let fixed: Vec<u8> = cage.cells.iter().map(|&c| value_at(c)).collect();
        let Some(all) = cage.fillings(n, &fixed, |i, j| shape.see(cage.cells[i], cage.cells[j]))
        else {
            return Err(CoverError::TooManyFillings {
                cage: k + 1,
                cell: first_cell(&cage.cells),
            });
        };
        'filling: for (f, digits) in all.into_iter().enumerate() {
            if f % 1024 == 1023 {
                stop(sink)?;
            }
            covers.clear();
            covers.push(math_item[k]);
            let mut cells = Vec::new();
            for (&cell, &d) in cage.cells.iter().zip(&digits) {
                if value_at(cell) != 0 {
                    continue;
                }
                let of = shape.units_of(cell);
                if of.iter().any(|&u| holds[u as usize][usize::from(d)]) {
                    continue 'filling;
                }
                covers.push(cell_item[cell]);
                covers.extend(of.iter().map(|&u| unit_item[u as usize][usize::from(d)]));
                cells.push((cell, d));
            }
            entries += covers.len() as u64;
            if entries > MAX_CAGE_ENTRIES {
                return Err(CoverError::TooManyEntries {
                    cage: k + 1,
                    cell: first_cell(&cage.cells),
                });
            }
            sink.fill(k, &cells, &covers)?;
        }
    }
    // A symbol that both groups of a pair may still take: taken by both, or by neither.
    for items in same_item.iter().flatten() {
        if !items.contains(&usize::MAX) {
            sink.neither(items)?;
        }
    }
    Ok(())
}
