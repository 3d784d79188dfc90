//! Hints from the exact-cover view of a position: what a player can learn from the items that
//! are left and the options each still has.
//!
//! A position is the board model's exact-cover matrix
//! ([`CoverMatrix`], the one mapping every solver, `matrix` and watch mode use) with the filled
//! cells already chosen. What is left is a set of items (every empty cell, every symbol still
//! missing from a full unit: a row, a column, a box, a region, a diagonal, a plane, a group),
//! and each has the options that do not clash with a placed value:
//!
//! * the item of an empty cell has one option per *candidate* of the cell;
//! * the item "box 5 needs 8" has one option per cell of box 5 where 8 is a candidate.
//!
//! A cage narrows them, as its options in the matrix do. A killer cage's placements are viable
//! only for digits that one of its digit-set options still holds (the cage's item must be
//! covered by one of them, and a set leaves open only its own digits); a cage of too many sets
//! to list has none ([`CoverMatrix::of_view`]), and its placements are viable for the digits
//! its sum's bounds leave ([`Cage::open_digits`]), a superset, so that a forced move or a dead
//! end read off the view is still one. A Mathdoku cage's cells have no placements at all, and
//! hold what its filling options put there.
//!
//! An item with exactly one option is a **forced move**: Algorithm X would take it without
//! branching, and a player calls it a *naked single* (a cell with one candidate) or a *hidden
//! single* (a symbol with one place in a unit). An item with no option is a dead end: some value
//! already on the board is wrong. When no item is forced, the item with the fewest options is
//! where the search would branch, and the most useful thing to tell a player who is stuck.
//!
//! [`forced_move`] finds, in that order: a dead end, a hidden single in a box (or region), a
//! row, a column or another unit (the singles people spot first), a naked single, and otherwise
//! the tightest item.

#[cfg(doc)]
use crate::sudoku::board::cage::Cage;
use crate::sudoku::board::geometry::Unit;
use crate::sudoku::board::grid::Grid;
use crate::sudoku::board::shape::Shape;
use crate::sudoku::cover::model::{CoverMatrix, ItemMeaning};

/// A position's options as the hints read them: each `(cell, value)` a viable option places,
/// listed by the items it covers. `None` when the board has no matrix (a Mathdoku cage with
/// more fillings than the model lists).
struct View {
    /// Each item's options, as the cells and values they place (for a cell item, one per
    /// candidate; for a unit's digit, one per place).
    options: Vec<Vec<(usize, u8)>>,
    /// What each item stands for, and how many are primary.
    meanings: Vec<ItemMeaning>,
    primary: usize,
    /// Each position's candidates, as a bit set.
    candidates: Vec<u64>,
}

impl View {
    fn of(grid: &Grid) -> Result<View, String> {
        let shape = Shape::of_grid(grid);
        let cover = CoverMatrix::of_view(&shape, grid.values()).map_err(|e| e.to_string())?;
        // The digits each killer cage's remaining sets hold: its placements are viable only
        // for those. A cage whose sets are not listed is narrowed by its sum's bounds instead.
        let mut cage_digits: Vec<u64> = vec![0; shape.cages().len()];
        for set in &cover.sets {
            if let Some(digits) = cage_digits.get_mut(set.cage) {
                *digits |= set.digits.iter().fold(0, |m, &d| m | 1 << (d - 1));
            }
        }
        for k in cover.unlisted.iter().map(|u| u.cage) {
            if let (Some(digits), Some(cage)) = (cage_digits.get_mut(k), shape.cages().get(k)) {
                *digits = cage.open_digits(shape.symbols(), grid.values());
            }
        }
        let viable = |items: &[usize], value: u8| {
            items.iter().all(|&i| match cover.meanings[i] {
                ItemMeaning::CageDigit(k, _) => cage_digits
                    .get(k)
                    .is_some_and(|m| m & 1 << (value - 1) != 0),
                _ => true,
            })
        };
        let mut options = vec![Vec::new(); cover.items.len()];
        let mut candidates = vec![0u64; grid.values().len()];
        for p in cover.options.iter().filter(|p| viable(&p.items, p.value)) {
            candidates[p.cell] |= 1 << (p.value - 1);
            for &i in &p.items {
                options[i].push((p.cell, p.value));
            }
        }
        for fill in &cover.fills {
            for &(cell, value) in &fill.cells {
                candidates[cell] |= 1 << (value - 1);
            }
            // A filling covers each cell's item and its units' items for its digit, in order.
            for &i in &fill.items {
                let placed = match cover.meanings[i] {
                    ItemMeaning::Cell(c) => fill.cells.iter().find(|&&(x, _)| x == c),
                    ItemMeaning::Holds(unit, v) => fill
                        .cells
                        .iter()
                        .find(|&&(x, d)| d == v && grid.unit_cells(unit).contains(&x)),
                    _ => None,
                };
                if let Some(&place) = placed
                    && !options[i].contains(&place)
                {
                    options[i].push(place);
                }
            }
        }
        Ok(View {
            options,
            meanings: cover.meanings,
            primary: cover.primary,
            candidates,
        })
    }
}

/// The candidates of every cell as bit sets (bit `v-1` for value `v`): the values of the
/// viable options that place something in it (see the module docs). Filled cells and holes
/// have none; so has every cell of a board with no matrix.
pub fn candidates(grid: &Grid) -> Vec<u64> {
    View::of(grid).map_or_else(|_| vec![0; grid.values().len()], |v| v.candidates)
}

/// The values in a bit set, smallest first.
pub fn values_of(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as u8 + 1;
            set &= set - 1;
            v
        })
    })
}

/// An item of the exact-cover view that is left to cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// An empty cell must get one value.
    Cell(usize),
    /// A unit must get this value somewhere.
    Place(Unit, u8),
}

/// What the exact-cover view says about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// The board is full.
    Full,
    /// The board has no exact-cover matrix to read (the reason).
    Unmapped(String),
    /// An item has no option left: the values on the board admit no completion.
    DeadEnd(Item),
    /// An item has one option: `value` must go in `cell`.
    Forced {
        /// The item with one option.
        item: Item,
        /// The cell of the forced move.
        cell: usize,
        /// Its value.
        value: u8,
    },
    /// No item is forced; this one has the fewest options, each a `(cell, value)`.
    Fewest {
        /// The item.
        item: Item,
        /// Its options.
        options: Vec<(usize, u8)>,
    },
}

impl Finding {
    /// The cells a window should highlight: the unit of a place item, or the cell.
    pub fn cells(&self, grid: &Grid) -> Vec<usize> {
        let item = match self {
            Finding::Full | Finding::Unmapped(_) => return Vec::new(),
            Finding::DeadEnd(item)
            | Finding::Forced { item, .. }
            | Finding::Fewest { item, .. } => *item,
        };
        match item {
            Item::Cell(cell) => vec![cell],
            Item::Place(unit, _) => grid.unit_cells(unit),
        }
    }

    /// The unit of a place item.
    pub fn unit(&self) -> Option<Unit> {
        match self {
            Finding::DeadEnd(Item::Place(unit, _))
            | Finding::Forced {
                item: Item::Place(unit, _),
                ..
            }
            | Finding::Fewest {
                item: Item::Place(unit, _),
                ..
            } => Some(*unit),
            _ => None,
        }
    }

    /// The finding in a player's words: "r4c7 can only be 3", "in box 5, 8 fits only at r5c6",
    /// "r3c3: 2 candidates, 4 or 7".
    pub fn explain(&self, grid: &Grid) -> String {
        let symbol = |v: u8| grid.alphabet().symbol(v);
        match self {
            Finding::Full => "The board is full".to_string(),
            Finding::Unmapped(why) => format!("No hint on this board: {why}"),
            Finding::DeadEnd(Item::Cell(cell)) => format!(
                "Dead end: {} has no candidate left, so a value on the board is wrong",
                grid.cell_name(*cell)
            ),
            Finding::DeadEnd(Item::Place(unit, v)) => format!(
                "Dead end: {unit} has no place left for {}, so a value on the board is wrong",
                symbol(*v)
            ),
            Finding::Forced {
                item: Item::Cell(_),
                cell,
                value,
            } => format!(
                "{} can only be {}: every other symbol is in its {}",
                grid.cell_name(*cell),
                symbol(*value),
                units_of_cell(grid, *cell)
            ),
            Finding::Forced {
                item: Item::Place(unit, _),
                cell,
                value,
            } => format!(
                "In {unit}, {} fits only at {}",
                symbol(*value),
                grid.cell_name(*cell)
            ),
            Finding::Fewest {
                item: Item::Cell(cell),
                options,
            } => format!(
                "No forced move. {}: {} candidates, {}",
                grid.cell_name(*cell),
                options.len(),
                or_list(options.iter().map(|&(_, v)| symbol(v).to_string()))
            ),
            Finding::Fewest {
                item: Item::Place(unit, v),
                options,
            } => format!(
                "No forced move. In {unit}, {} fits at {} places: {}",
                symbol(*v),
                options.len(),
                or_list(options.iter().map(|&(c, _)| grid.cell_name(c)))
            ),
        }
    }
}

/// The kinds of unit a cell is in, in words: `row, column or box`; `row, column, region,
/// diagonal or cage`.
fn units_of_cell(grid: &Grid, cell: usize) -> String {
    let mut words = vec!["row", "column"];
    let Some(v) = grid.variant() else {
        return "row, column or box".to_string();
    };
    words.push(if v.rules().regions.is_some() {
        "region"
    } else {
        "box"
    });
    let in_unit = |kind: fn(&Unit) -> bool| {
        v.houses()
            .any(|(u, cells)| kind(&u) && cells.contains(&cell))
    };
    if in_unit(|u| matches!(u, Unit::Diagonal(_))) {
        words.push("diagonal");
    }
    if in_unit(|u| matches!(u, Unit::Window(_))) {
        words.push("window");
    }
    if in_unit(|u| matches!(u, Unit::Cage(_))) {
        words.push("cage");
    }
    let (last, rest) = words.split_last().unwrap_or((&"unit", &[]));
    format!("{} or {last}", rest.join(", "))
}

/// `a`, `a or b`, `a, b or c`; past six, `a, b, c, d, e, f or 24 more`.
fn or_list(items: impl Iterator<Item = String>) -> String {
    const SHOWN: usize = 6;
    let mut items: Vec<String> = items.collect();
    if items.len() > SHOWN {
        let more = items.len() - SHOWN;
        items.truncate(SHOWN);
        items.push(format!("{more} more"));
    }
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The next forced move of a position, or why there is none (see the module docs for the order).
/// Values that clash are the caller's to report first: the view assumes none.
pub fn forced_move(grid: &Grid) -> Finding {
    let view = match View::of(grid) {
        Ok(view) => view,
        Err(why) => return Finding::Unmapped(why),
    };
    // The primary items, as a player reads them: units' digits, boxes and regions first, then
    // rows, columns and the other units; then the cells.
    let mut places: Vec<(Item, &[(usize, u8)])> = Vec::new();
    let mut cells: Vec<(Item, &[(usize, u8)])> = Vec::new();
    for i in 0..view.primary {
        let options = view.options[i].as_slice();
        match view.meanings[i] {
            ItemMeaning::Holds(unit, v) => places.push((Item::Place(unit, v), options)),
            ItemMeaning::Cell(cell) => cells.push((Item::Cell(cell), options)),
            _ => {}
        }
    }
    places.sort_by_key(|(item, _)| !matches!(item, Item::Place(Unit::Box(_) | Unit::Region(_), _)));
    let items = places.into_iter().chain(cells);
    let mut fewest: Option<(Item, &[(usize, u8)])> = None;
    let mut forced = None;
    for (item, options) in items {
        match *options {
            [] => return Finding::DeadEnd(item),
            [(cell, value)] => {
                forced = forced.or(Some(Finding::Forced { item, cell, value }));
            }
            _ => {}
        }
        if fewest.is_none_or(|(_, o)| options.len() < o.len()) {
            fewest = Some((item, options));
        }
    }
    if let Some(forced) = forced {
        return forced;
    }
    match fewest {
        Some((item, options)) => Finding::Fewest {
            item,
            options: options.to_vec(),
        },
        None => Finding::Full,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn grid(line: &str) -> Grid {
        Grid::parse_line(line, None).unwrap()
    }

    #[test]
    fn candidates_leave_out_the_values_of_peers() {
        let g = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let cand = candidates(&g);
        assert_eq!(cand[2], 0); // a given
        // r1c1: row has 2 3 6, column 9 7 8, box 3 9 1 8 → 4 5.
        assert_eq!(values_of(cand[0]).collect::<Vec<_>>(), vec![4, 5]);
    }

    #[test]
    fn a_cell_with_one_candidate_is_forced() {
        // Row 1 holds 1 to 8: r1c9 is a naked single and a hidden single of row 1; the hidden
        // single is reported (no box confines a symbol to one place).
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(72));
        let f = forced_move(&grid(&line));
        assert_eq!(
            f,
            Finding::Forced {
                item: Item::Place(Unit::Row(0), 9),
                cell: 8,
                value: 9
            }
        );
        assert_eq!(f.explain(&grid(&line)), "In row 1, 9 fits only at r1c9");
        assert_eq!(f.unit(), Some(Unit::Row(0)));
        assert_eq!(f.cells(&grid(&line)).len(), 9);
    }

    #[test]
    fn a_naked_single_is_named_as_such() {
        // r5c5 sees 1-4 in its row, 5-8 in its column: it can only be 9. No symbol is confined
        // to one place anywhere else on this nearly empty board.
        let mut cells = vec![b'.'; 81];
        for (k, c) in [0, 1, 7, 8].iter().enumerate() {
            cells[4 * 9 + c] = b'1' + k as u8;
        }
        for (k, r) in [0, 1, 7, 8].iter().enumerate() {
            cells[r * 9 + 4] = b'5' + k as u8;
        }
        let g = grid(std::str::from_utf8(&cells).unwrap());
        let f = forced_move(&g);
        assert_eq!(
            f,
            Finding::Forced {
                item: Item::Cell(40),
                cell: 40,
                value: 9
            }
        );
        assert_eq!(
            f.explain(&g),
            "r5c5 can only be 9: every other symbol is in its row, column or box"
        );
    }

    #[test]
    fn no_single_names_the_tightest_item_and_a_dead_end_is_found() {
        let empty = grid(&".".repeat(16));
        let f = forced_move(&empty);
        let Finding::Fewest { options, .. } = &f else {
            panic!("{f:?}")
        };
        assert_eq!(options.len(), 4);
        assert!(
            f.explain(&empty)
                .starts_with("No forced move. In box 1, 1 fits at 4 places")
        );

        // 4×4: r1c1 sees 1 2 in its row, 3 4 in its column.
        let g = grid(".12.3...4.......");
        assert_eq!(forced_move(&g), Finding::DeadEnd(Item::Cell(0)));
        assert!(
            forced_move(&g)
                .explain(&g)
                .contains("r1c1 has no candidate")
        );
        assert_eq!(or_list(["4", "7"].iter().map(|s| s.to_string())), "4 or 7");
        assert_eq!(
            or_list((1..=9).map(|k| k.to_string())),
            "1, 2, 3, 4, 5, 6 or 3 more"
        );
        let full = grid("1234341221434321");
        assert_eq!(forced_move(&full), Finding::Full);
    }

    /// A 3×3 Mathdoku with these cages (cells, operation, target).
    fn mathdoku(cages: &[(&[usize], crate::sudoku::board::cage::Operation, u64)]) -> Grid {
        use crate::sudoku::board::cage::MathCage;
        use crate::sudoku::board::shape::{Layout, Shape};
        let mut b = Shape::builder("Mathdoku", Layout::flat(3, 3), 3);
        b.grid((0, 0, 0), 3, None);
        for &(cells, op, target) in cages {
            let cells = cells.to_vec();
            b.math_cage(MathCage { cells, op, target });
        }
        Grid::on_shape(std::sync::Arc::new(b.build().unwrap()), None).unwrap()
    }

    #[test]
    fn a_mathdoku_cells_candidates_are_what_its_cages_fillings_put_there() {
        use crate::sudoku::board::cage::Operation::{Add, Given, Multiply, Subtract};
        let g = mathdoku(&[
            (&[0, 1, 2], Add, 6),
            (&[3, 4], Subtract, 1),
            (&[5], Given, 1),
            (&[6, 7, 8], Multiply, 6),
        ]);
        let cand = candidates(&g);
        // r2c3's one-cell cage gives it 1; r2c1 and r2c2 differ by one (a filling, not yet the
        // logic that the 1 of their row is r2c3's); the row of 6 holds anything.
        assert_eq!(values_of(cand[5]).collect::<Vec<_>>(), vec![1]);
        assert_eq!(values_of(cand[3]).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(values_of(cand[0]).collect::<Vec<_>>(), vec![1, 2, 3]);
        // Once r2c3 holds its 1, the fillings of r2c1 and r2c2 with a 1 are gone.
        let mut placed = g.clone();
        placed.set(5, 1);
        let cand = candidates(&placed);
        assert_eq!(values_of(cand[3]).collect::<Vec<_>>(), vec![2, 3]);
        // The given cell is forced: its cage's one filling, found as the item of the cell (or
        // of a unit's digit, which only that filling places).
        match forced_move(&g) {
            Finding::Forced { cell, value, .. } => assert_eq!((cell, value), (5, 1)),
            other => panic!("{other:?}"),
        }
        // A cage no filling makes leaves its cells without candidates: a dead end.
        let bad = mathdoku(&[(&[0, 1], Add, 6)]);
        assert!(matches!(
            forced_move(&bad),
            Finding::DeadEnd(Item::Cell(0 | 1))
        ));
    }

    #[test]
    fn a_killer_cages_digit_sets_narrow_its_cells() {
        use crate::sudoku::board::cage::Cage;
        use crate::sudoku::board::variant::{Rules, Variant};
        // A 4×4 killer whose cage r1c1+r1c2 makes 3: only 1 and 2 go there.
        let rules = Rules {
            cages: vec![Cage {
                cells: vec![0, 1],
                sum: 3,
            }],
            ..Rules::default()
        };
        let g = Grid::parse_line("................", None).unwrap();
        let variant = Variant::new(g.geometry(), rules).unwrap();
        let g = g.with_variant(Some(std::sync::Arc::new(variant))).unwrap();
        let cand = candidates(&g);
        assert_eq!(values_of(cand[0]).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(values_of(cand[1]).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(values_of(cand[15]).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        // With 2 placed in the cage, its other cell takes the rest of the one set left: 1.
        let mut placed = g.clone();
        placed.set(1, 2);
        assert_eq!(
            values_of(candidates(&placed)[0]).collect::<Vec<_>>(),
            vec![1]
        );
    }

    #[test]
    fn a_killer_cage_of_too_many_sets_to_list_is_narrowed_by_its_sum() {
        // Twelve cells of a 36×36 row adding up to 222: 16,509,188 digit sets, none listed.
        // With nothing given, every digit can still make the sum; with 13 to 23 in the first
        // eleven, the sum leaves the twelfth only 24.
        let g = crate::sudoku::testing::unlisted_cage_board();
        let mut open = g.clone();
        for cell in 0..11 {
            open.set(cell, 0);
        }
        assert_eq!(candidates(&open)[0].count_ones(), 36);
        let cand = candidates(&g);
        assert_eq!(values_of(cand[11]).collect::<Vec<_>>(), vec![24]);
        assert_eq!(
            cand[12].count_ones(),
            25,
            "outside the cage, its row alone narrows"
        );
        assert_eq!(
            forced_move(&g),
            Finding::Forced {
                item: Item::Cell(11),
                cell: 11,
                value: 24
            }
        );
    }

    #[test]
    fn a_board_with_no_matrix_says_why_it_has_no_hint() {
        use crate::sudoku::board::cage::MathCage;
        use crate::sudoku::board::cage::Operation::Add;
        use crate::sudoku::board::shape::{Layout, Shape};
        // A 9×9 Latin square whose one cage of 27 cells has far more fillings than the model
        // lists.
        let mut b = Shape::builder("Mathdoku", Layout::flat(9, 9), 9);
        b.grid((0, 0, 0), 9, None);
        b.math_cage(MathCage {
            cells: (0..27).collect(),
            op: Add,
            target: 135,
        });
        let g = Grid::on_shape(std::sync::Arc::new(b.build().unwrap()), None).unwrap();
        let finding = forced_move(&g);
        assert!(matches!(finding, Finding::Unmapped(_)), "{finding:?}");
        assert!(
            finding.explain(&g).contains("fillings"),
            "{}",
            finding.explain(&g)
        );
        assert!(finding.cells(&g).is_empty());
        assert!(candidates(&g).iter().all(|&c| c == 0));
    }
}
