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
//! | `bBD` | box B holds digit D (on a jigsaw board: region B) |
//! | `dKD` | diagonal K (0 from the top left, 1 from the top right) holds digit D, on an X board |
//! | `wKD` | window K holds digit D, on a hyper board |
//! | `kNN` | killer cage NN (two characters) takes one of its digit sets |
//! | `kNND` | (secondary) digit D is in cage NN at most once |
//!
//! A killer cage is modelled as [`general`](crate::sudoku::cover::general) explains: each placement in a cage
//! also covers the cage's secondary item for its digit, and one more option per *digit set* of
//! the cage (as many digits as cells, adding up to the sum, holding the digits already in it)
//! covers `kNN` and the cage's items for the digits *not* in the set; after a `|` on the first
//! line come the secondary items, as in `dlx1`'s format.
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

use crate::sudoku::board::grid::Grid;
use crate::sudoku::board::shape::Shape;

use super::model::CoverMatrix;
pub use super::model::encode;

impl CoverMatrix {
    /// The matrix of `grid`'s board ([`Shape::of_grid`]): reduced by its givens, or (`full`)
    /// the empty board's.
    pub fn of(grid: &Grid, full: bool) -> Self {
        let shape = Shape::of_grid(grid);
        // A grid's board has no Mathdoku cages, the only source of an error.
        CoverMatrix::of_shape(&shape, grid.values(), full).unwrap_or_else(|_| CoverMatrix {
            items: Vec::new(),
            meanings: Vec::new(),
            primary: 0,
            options: Vec::new(),
            sets: Vec::new(),
            fills: Vec::new(),
        })
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
            "| {} items (pRC cell, rRD cCD bBD row, column, box holds digit D{}), {} options",
            self.items.len(),
            match grid.variant() {
                Some(v) => format!(
                    "; a {} board{}{}{}",
                    v.name(),
                    if v.rules().regions.is_some() {
                        ", bBD its regions"
                    } else {
                        ""
                    },
                    if v.rules().diagonals {
                        ", dKD diagonal K"
                    } else {
                        ""
                    },
                    if v.rules().windows {
                        ", wKD window K"
                    } else {
                        ""
                    }
                ),
                None => String::new(),
            },
            self.options.len()
        );
        out.push_str(&self.items[..self.primary].join(" "));
        if self.primary < self.items.len() {
            out.push_str(" | ");
            out.push_str(&self.items[self.primary..].join(" "));
        }
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
        let cages = grid.variant().map(|v| v.cages()).unwrap_or_default();
        for set in &self.sets {
            let digits: String = set
                .digits
                .iter()
                .map(|&d| grid.alphabet().symbol(d))
                .collect();
            let sum = cages.get(set.cage).map_or(0, |c| c.sum);
            let _ = writeln!(out, "| cage {} (sum {sum}) takes {digits}", set.cage + 1);
            let names: Vec<&str> = set.items.iter().map(|&i| self.items[i].as_str()).collect();
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
        let options = self.options.iter().map(|o| &o.items);
        for items in options.chain(self.sets.iter().map(|s| &s.items)) {
            row.fill(b'0');
            for &i in items {
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
    fn a_variants_units_are_items_of_their_own() {
        let (_, entries) =
            crate::sudoku::files::formats::read("variant = \"x hyper\"\nbox = \"2\"\n", None, None)
                .unwrap();
        let x = &entries[0].puzzle;
        let m = CoverMatrix::of(x, true);
        // 16 cells, 4 × 4 digits for each of 12 rows, columns and boxes, 2 diagonals and the
        // one window.
        assert_eq!(m.items.len(), 16 + 4 * (12 + 2 + 1));
        // r2c2 is on the main diagonal and in the window: six items.
        let o = m
            .options
            .iter()
            .find(|o| o.cell == 5 && o.value == 1)
            .unwrap();
        let names: Vec<&str> = o.items.iter().map(|&i| m.items[i].as_str()).collect();
        assert_eq!(names, ["p11", "r11", "c11", "b01", "d01", "w01"]);
        let text = m.to_dlx(x);
        assert!(text.contains("dKD diagonal K, wKD window K"), "{text}");
    }

    #[test]
    fn a_killers_cages_are_items_and_their_digit_sets_options() {
        let (_, entries) = crate::sudoku::files::formats::read(
            "box = \"2\"\ncages = [ { sum = 3, cells = \"r1c1 r1c2\" } ]\n",
            None,
            None,
        )
        .unwrap();
        let k = &entries[0].puzzle;
        let m = CoverMatrix::of(k, true);
        // 16 cells and 48 unit digits, the cage; then its 4 digits, secondary.
        assert_eq!((m.primary, m.items.len()), (16 + 48 + 1, 16 + 48 + 1 + 4));
        // 3 = 1 + 2 only: one set, covering the cage and its digits 3 and 4.
        assert_eq!(m.sets.len(), 1);
        let names: Vec<&str> = m.sets[0]
            .items
            .iter()
            .map(|&i| m.items[i].as_str())
            .collect();
        assert_eq!(names, ["k00", "k003", "k004"]);
        // A placement in the cage covers the cage's item for its digit.
        let o = m
            .options
            .iter()
            .find(|o| o.cell == 1 && o.value == 2)
            .unwrap();
        assert_eq!(m.items[*o.items.last().unwrap()], "k002");
        let text = m.to_dlx(k);
        assert!(text.contains(" | k001 k002 k003 k004\n"), "{text}");
        assert!(
            text.contains("| cage 1 (sum 3) takes 12\nk00 k003 k004\n"),
            "{text}"
        );
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
