//! Hints from the exact-cover view of a position: what a player can learn from the items that
//! are left and the options each still has.
//!
//! A position is the exact-cover problem of [`DlxSolver`](crate::sudoku::DlxSolver) with the filled
//! cells already chosen. What is left is a set of items (every empty cell, and every symbol still missing from a
//! row, a column or a box), and each has the options that do not clash with a placed value:
//!
//! * the item of an empty cell has one option per *candidate* of the cell;
//! * the item "box 5 needs 8" has one option per cell of box 5 where 8 is a candidate.
//!
//! An item with exactly one option is a **forced move**: Algorithm X would take it without
//! branching, and a player calls it a *naked single* (a cell with one candidate) or a *hidden
//! single* (a symbol with one place in a unit). An item with no option is a dead end: some value
//! already on the board is wrong. When no item is forced, the item with the fewest options is
//! where the search would branch, and the most useful thing to tell a player who is stuck.
//!
//! [`forced_move`] finds, in that order: a dead end, a hidden single in a box, a row or a column
//! (the singles people spot first), a naked single, and otherwise the tightest item.
//!
//! A variant's board has its own units: a jigsaw region stands where a box would, and an X
//! board's diagonals and a hyper board's windows come after the columns; each is an item "this
//! unit needs `v`" like the others. A killer cage is no such item (it need not hold every
//! symbol), but it narrows candidates: a cell of a cage can hold only digits of the cage's
//! admissible sets (as many different digits as the cage has cells, adding up to its sum, with
//! those already in it), which is exactly what its set options in the exact-cover matrix allow.

use crate::sudoku::board::cage::digit_sets;
use crate::sudoku::board::geometry::Unit;
use crate::sudoku::board::grid::Grid;

/// The candidates of every cell as bit sets (bit `v-1` for value `v`): the values that clash with
/// nothing in the cell's row, column and box (and the variant's units and cage), and, in a killer
/// cage, that some admissible set of the cage holds. Filled cells have none.
pub fn candidates(grid: &Grid) -> Vec<u64> {
    let g = grid.geometry();
    let side = g.side();
    let all = if side == 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    };
    let mut cand: Vec<u64> = grid
        .values()
        .iter()
        .enumerate()
        .map(|(c, &v)| if v == 0 && grid.is_cell(c) { all } else { 0 })
        .collect();
    for (_, cells) in grid.houses() {
        let placed = cells
            .iter()
            .map(|&c| grid.get(c))
            .filter(|&v| v != 0)
            .fold(0u64, |acc, v| acc | 1 << (v - 1));
        for &c in &cells {
            cand[c] &= !placed;
        }
    }
    let cages = match (grid.variant(), grid.shape()) {
        (Some(v), _) => v.cages(),
        (None, Some(s)) => s.cages(),
        (None, None) => &[],
    };
    {
        for cage in cages {
            let given: Vec<usize> = cage
                .cells
                .iter()
                .map(|&c| usize::from(grid.get(c)))
                .filter(|&d| d != 0)
                .collect();
            let allowed = digit_sets(side, cage.cells.len(), cage.sum, &given)
                .iter()
                .flatten()
                .fold(0u64, |acc, &d| acc | 1 << (d - 1));
            for &c in &cage.cells {
                cand[c] &= allowed;
            }
        }
    }
    // A Mathdoku cage's cells hold what some filling of it puts there (none past the bound on
    // fillings: the candidates are then the units' alone).
    if let Some(s) = grid.shape() {
        for cage in s.math_cages() {
            let fixed: Vec<u8> = cage.cells.iter().map(|&c| grid.get(c)).collect();
            let apart = |i: usize, j: usize| s.see(cage.cells[i], cage.cells[j]);
            let Some(fillings) = cage.fillings(side, &fixed, apart) else {
                continue;
            };
            let mut allowed = vec![0u64; cage.cells.len()];
            for digits in &fillings {
                for (slot, &d) in allowed.iter_mut().zip(digits) {
                    *slot |= 1 << (d - 1);
                }
            }
            for (&c, &a) in cage.cells.iter().zip(&allowed) {
                cand[c] &= a;
            }
        }
    }
    cand
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
            Finding::Full => return Vec::new(),
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
    let g = grid.geometry();
    let side = g.side();
    let cand = candidates(grid);
    let mut fewest: Option<(Item, Vec<(usize, u8)>)> = None;
    let mut consider = |item: Item, options: Vec<(usize, u8)>| {
        if fewest.as_ref().is_none_or(|(_, o)| options.len() < o.len()) {
            fewest = Some((item, options));
        }
    };

    // Dead ends first: they make every other finding meaningless. Units that hold every
    // symbol, boxes (or regions) first, then rows, columns and the variant's other units.
    let mut units: Vec<(Unit, Vec<usize>)> = grid
        .houses()
        .into_iter()
        .filter(|(_, cells)| cells.len() == side)
        .collect();
    units.sort_by_key(|(u, _)| !matches!(u, Unit::Box(_) | Unit::Region(_)));
    let mut places = Vec::new();
    for (unit, unit_cells) in units {
        let mut placed = 0u64;
        for &cell in &unit_cells {
            let v = grid.get(cell);
            if v != 0 {
                placed |= 1 << (v - 1);
            }
        }
        for v in 1..=side as u8 {
            let bit = 1u64 << (v - 1);
            if placed & bit != 0 {
                continue;
            }
            let options: Vec<(usize, u8)> = unit_cells
                .iter()
                .filter(|&&c| cand[c] & bit != 0)
                .map(|&c| (c, v))
                .collect();
            if options.is_empty() {
                return Finding::DeadEnd(Item::Place(unit, v));
            }
            places.push((Item::Place(unit, v), options));
        }
    }
    let mut cells = Vec::new();
    for (cell, &set) in cand.iter().enumerate() {
        if grid.get(cell) != 0 || !grid.is_cell(cell) {
            continue;
        }
        if set == 0 {
            return Finding::DeadEnd(Item::Cell(cell));
        }
        cells.push((
            Item::Cell(cell),
            values_of(set).map(|v| (cell, v)).collect(),
        ));
    }
    if places.is_empty() && cells.is_empty() {
        return Finding::Full;
    }
    for (item, options) in places.into_iter().chain(cells) {
        if let [(cell, value)] = options[..] {
            return Finding::Forced { item, cell, value };
        }
        consider(item, options);
    }
    match fewest {
        Some((item, options)) => Finding::Fewest { item, options },
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
}
