//! A board's exact-cover matrix in the input format of Knuth's `dlx1`, and as a dense 0/1 table.
//!
//! `dlx1.w` reads a first line naming the primary items (1 to 8 non-blank characters other than
//! `:` and `|`), then, after a `|`, any secondary ones, then one line per option listing its
//! items; lines that begin with `|` are comments. The item names are those of Knuth's
//! `sudoku-dlx.w`, so that his tools and this one speak alike:
//!
//! | item | covered when |
//! |---|---|
//! | `pRC` | the cell in row R, column C holds a symbol |
//! | `rRD` | row R holds digit D |
//! | `cCD` | column C holds digit D |
//! | `bBD` | box B holds digit D |
//!
//! Rows, columns and boxes count from 0, digits (a symbol's place in the board's alphabet) from
//! 1, each written as one character of Knuth's `encode`: `0`–`9`, then `a`–`z`, then `A`–`Z`, so
//! every board up to 36×36 (and 61×61) fits. `p13 r15 c35 b15` is 5 in row 1, column 3. Each
//! option is preceded by a comment giving its meaning on the board (`| r2c4=5`, rows and columns
//! from 1, the board's own symbol), and the file opens with a comment holding the puzzle.
//!
//! By default the matrix is reduced by the givens, as the engine searches it: only the empty
//! cells and the symbols each unit still lacks are items, and only the placements that clash
//! with no given are options. The full matrix is the empty board's: `side²·4` items and `side³`
//! options (324 × 729 for 9×9).

use std::fmt::Write;

use super::geometry::Unit;
use super::grid::Grid;

/// Knuth's one-character code for 0 to 61.
pub fn encode(x: usize) -> char {
    const CODES: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    CODES.get(x).map_or('?', |&c| char::from(c))
}

/// One option: a symbol placed in a cell, and the four items it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The cell.
    pub cell: usize,
    /// The value, from 1.
    pub value: u8,
    /// Its items, as indices into [`CoverMatrix::items`].
    pub items: [usize; 4],
}

/// What an item of a board's matrix stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemMeaning {
    /// The cell holds a symbol (`pRC`).
    Cell(usize),
    /// The unit holds the value once (`rRD`, `cCD`, `bBD`).
    Holds(Unit, u8),
}

/// A board's exact-cover matrix: named items and the options over them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoverMatrix {
    /// Item names, in order: cells, then rows', columns' and boxes' digits.
    pub items: Vec<String>,
    /// What each item stands for, in the same order.
    pub meanings: Vec<ItemMeaning>,
    /// The options, cell by cell, value by value.
    pub options: Vec<Placement>,
}

impl CoverMatrix {
    /// The matrix of `grid`: reduced by its givens, or (`full`) the empty board's.
    pub fn of(grid: &Grid, full: bool) -> Self {
        let g = grid.geometry();
        let side = g.side();
        let value_at = |cell: usize| if full { 0 } else { grid.get(cell) };
        // Which digits each row, column and box holds.
        let mut holds = vec![vec![false; side + 1]; 3 * side];
        for cell in 0..g.cells() {
            let v = usize::from(value_at(cell));
            if v > 0 {
                let (r, c) = (g.row_of(cell), g.col_of(cell));
                holds[r][v] = true;
                holds[side + c][v] = true;
                holds[2 * side + g.box_at(r, c)][v] = true;
            }
        }
        let mut items = Vec::new();
        let mut meanings = Vec::new();
        // Item number of each cell item and unit·digit item, where open.
        let mut cell_item = vec![usize::MAX; g.cells()];
        for (cell, slot) in cell_item.iter_mut().enumerate() {
            if value_at(cell) == 0 {
                *slot = items.len();
                meanings.push(ItemMeaning::Cell(cell));
                items.push(format!(
                    "p{}{}",
                    encode(g.row_of(cell)),
                    encode(g.col_of(cell))
                ));
            }
        }
        let mut unit_item = vec![vec![usize::MAX; side + 1]; 3 * side];
        for (family, letter) in ['r', 'c', 'b'].into_iter().enumerate() {
            for unit in 0..side {
                for d in 1..=side {
                    if !holds[family * side + unit][d] {
                        unit_item[family * side + unit][d] = items.len();
                        let u = [Unit::Row(unit), Unit::Column(unit), Unit::Box(unit)][family];
                        meanings.push(ItemMeaning::Holds(u, d as u8));
                        items.push(format!("{letter}{}{}", encode(unit), encode(d)));
                    }
                }
            }
        }
        let mut options = Vec::new();
        for (cell, &item) in cell_item.iter().enumerate() {
            if item == usize::MAX {
                continue;
            }
            let (r, c) = (g.row_of(cell), g.col_of(cell));
            let b = g.box_at(r, c);
            for d in 1..=side {
                let units = [r, side + c, 2 * side + b];
                if units.iter().any(|&u| holds[u][d]) {
                    continue;
                }
                options.push(Placement {
                    cell,
                    value: d as u8,
                    items: [
                        item,
                        unit_item[r][d],
                        unit_item[side + c][d],
                        unit_item[2 * side + b][d],
                    ],
                });
            }
        }
        CoverMatrix {
            items,
            meanings,
            options,
        }
    }

    /// The engine's matrix of these items and options, numbered as here.
    pub fn matrix(&self) -> Result<crate::dlx::Matrix, crate::dlx::DlxError> {
        let mut m = crate::dlx::Matrix::new(self.items.len(), 0)?;
        for o in &self.options {
            m.add_option(o.items)?;
        }
        // No two options of a cell item share another item (see `Matrix::set_pairless_items`).
        let cells = self
            .meanings
            .iter()
            .take_while(|m| matches!(m, ItemMeaning::Cell(_)))
            .count();
        m.set_pairless_items(cells);
        Ok(m)
    }

    /// The matrix in `dlx1`'s input format, `grid`'s puzzle in the opening comment.
    pub fn to_dlx(&self, grid: &Grid) -> String {
        let g = grid.geometry();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "| sudoku-dlx: the exact cover of this {}×{} puzzle:",
            g.side(),
            g.side()
        );
        let _ = writeln!(out, "| {}", grid.to_line());
        let _ = writeln!(
            out,
            "| {} items (pRC cell, rRD cCD bBD row, column, box holds digit D), {} options",
            self.items.len(),
            self.options.len()
        );
        out.push_str(&self.items.join(" "));
        out.push('\n');
        for o in &self.options {
            let _ = writeln!(
                out,
                "| r{}c{}={}",
                g.row_of(o.cell) + 1,
                g.col_of(o.cell) + 1,
                grid.alphabet().symbol(o.value)
            );
            let names: Vec<&str> = o.items.iter().map(|&i| self.items[i].as_str()).collect();
            out.push_str(&names.join(" "));
            out.push('\n');
        }
        out
    }

    /// The matrix as a dense 0/1 table: a header of item names, then one row per option.
    pub fn to_dense(&self) -> String {
        let mut out = self.items.join(" ");
        out.push('\n');
        let mut row = vec![b'0'; self.items.len()];
        for o in &self.options {
            row.fill(b'0');
            for &i in &o.items {
                row[i] = b'1';
            }
            out.push_str(&String::from_utf8_lossy(&row));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_full_matrix_has_the_documented_sizes_and_names() {
        let empty = Grid::parse_line(&".".repeat(81), None).unwrap();
        let m = CoverMatrix::of(&empty, true);
        assert_eq!((m.items.len(), m.options.len()), (324, 729));
        // 5 in row 1, column 3 (from 0) is p13 r15 c35 b15.
        let o = m
            .options
            .iter()
            .find(|o| o.cell == 12 && o.value == 5)
            .unwrap();
        let names: Vec<&str> = o.items.iter().map(|&i| m.items[i].as_str()).collect();
        assert_eq!(names, ["p13", "r15", "c35", "b15"]);
        let big = Grid::parse_line(&".".repeat(1296), None).unwrap();
        let m = CoverMatrix::of(&big, true);
        assert_eq!((m.items.len(), m.options.len()), (5184, 46_656));
        assert!(
            m.items
                .iter()
                .all(|n| n.len() <= 8 && !n.contains([':', '|']))
        );
        assert!(m.items.contains(&"pzz".to_string()) && m.items.contains(&"bzA".to_string()));
    }

    #[test]
    fn givens_reduce_the_matrix_and_the_comments_say_what_each_option_means() {
        let puzzle = Grid::parse_line("1...............", None).unwrap();
        let m = CoverMatrix::of(&puzzle, false);
        // 15 cells; rows, columns and boxes each lack 4 digits but three units lack only 3.
        assert_eq!(m.items.len(), 15 + 3 * 16 - 3);
        let text = m.to_dlx(&puzzle);
        assert!(
            text.starts_with(
                "| sudoku-dlx: the exact cover of this 4×4 puzzle:\n| 1..............."
            )
        );
        assert!(text.contains("| r1c2=2\np01 r02 c12 b02\n"), "{text}");
        assert!(!text.contains("r01 "));
        let dense = m.to_dense();
        assert_eq!(dense.lines().count(), 1 + m.options.len());
        assert!(dense.lines().skip(1).all(|l| l.matches('1').count() == 4));
    }
}
