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

pub use super::model::encode;
use super::model::{CoverError, CoverMatrix};

impl CoverMatrix {
    /// The matrix of `grid`'s board ([`Shape::of_grid`]): reduced by its givens, or (`full`)
    /// the empty board's. Fails only for a Mathdoku cage of too many fillings.
    pub fn of(grid: &Grid, full: bool) -> Result<Self, CoverError> {
        CoverMatrix::of_shape(&Shape::of_grid(grid), grid.values(), full)
    }

    /// The matrix in `dlx1`'s input format, `grid`'s puzzle in the opening comment, each option
    /// after a comment saying what it means on the board (`| r2c4=5`, `| cage 3 (sum 12) takes
    /// 39`, `| Mathdoku cage 2: r1c1=3 r1c2=4`).
    pub fn to_dlx(&self, grid: &Grid) -> String {
        let mut out = String::new();
        let legend = match (grid.shape(), grid.variant()) {
            (Some(shape), _) => {
                let _ = writeln!(
                    out,
                    "| sudoku-dlx: the exact cover of this {} puzzle ({} cells, {} symbols; # a hole):",
                    shape.name(),
                    grid.cell_count(),
                    shape.symbols()
                );
                "pRC cell, pLRC in a cube; rKD cKD bKD dKD wKD lKD gKD row, column, box, diagonal, \
                 window, plane or group K holds digit D; kNN killer cage NN, kNND its digit D; mNN \
                 Mathdoku cage NN"
                    .to_string()
            }
            (None, variant) => {
                let side = grid.geometry().side();
                let _ = writeln!(
                    out,
                    "| sudoku-dlx: the exact cover of this {side}×{side} puzzle:"
                );
                let rules = variant.map_or(String::new(), |v| {
                    let r = v.rules();
                    format!(
                        "; a {} board{}{}{}",
                        v.name(),
                        if r.regions.is_some() {
                            ", bBD its regions"
                        } else {
                            ""
                        },
                        if r.diagonals { ", dKD diagonal K" } else { "" },
                        if r.windows { ", wKD window K" } else { "" }
                    )
                });
                format!("pRC cell, rRD cCD bBD row, column, box holds digit D{rules}")
            }
        };
        let _ = writeln!(out, "| {}", grid.to_line());
        let _ = writeln!(
            out,
            "| {} items ({legend}), {} options",
            self.items.len(),
            self.option_count()
        );
        out.push_str(&self.items[..self.primary].join(" "));
        if self.primary < self.items.len() {
            out.push_str(" | ");
            out.push_str(&self.items[self.primary..].join(" "));
        }
        out.push('\n');
        let symbol = |v: u8| grid.alphabet().symbol(v);
        let names = |items: &[usize]| -> String {
            let names: Vec<&str> = items
                .iter()
                .filter_map(|&i| self.items.get(i).map(String::as_str))
                .collect();
            names.join(" ")
        };
        for o in &self.options {
            let _ = writeln!(out, "| {}={}", grid.cell_name(o.cell), symbol(o.value));
            let _ = writeln!(out, "{}", names(&o.items));
        }
        let shape = Shape::of_grid(grid);
        for set in &self.sets {
            let digits: String = set.digits.iter().map(|&d| symbol(d)).collect();
            let sum = shape.cages().get(set.cage).map_or(0, |c| c.sum);
            let _ = writeln!(out, "| cage {} (sum {sum}) takes {digits}", set.cage + 1);
            let _ = writeln!(out, "{}", names(&set.items));
        }
        for fill in &self.fills {
            let cells: Vec<String> = fill
                .cells
                .iter()
                .map(|&(p, d)| format!("{}={}", grid.cell_name(p), symbol(d)))
                .collect();
            let _ = writeln!(
                out,
                "| Mathdoku cage {}: {}",
                fill.cage + 1,
                cells.join(" ")
            );
            let _ = writeln!(out, "{}", names(&fill.items));
        }
        out
    }

    /// The matrix as a dense 0/1 table: a header of item names, then one row per option, in the
    /// engine's order (placements, digit sets, fillings).
    pub fn to_dense(&self) -> String {
        let mut out = self.items.join(" ");
        out.push('\n');
        let mut row = vec![b'0'; self.items.len()];
        for items in self.all_options() {
            row.fill(b'0');
            for &i in items {
                if let Some(bit) = row.get_mut(i) {
                    *bit = b'1';
                }
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
        let m = CoverMatrix::of(&empty, true).unwrap();
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
        let m = CoverMatrix::of(&big, true).unwrap();
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
        let m = CoverMatrix::of(x, true).unwrap();
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
        let m = CoverMatrix::of(k, true).unwrap();
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
        let m = CoverMatrix::of(&puzzle, false).unwrap();
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

    #[test]
    fn a_shapes_matrix_names_its_cells_and_holds_its_fillings() {
        use crate::sudoku::board::cage::{MathCage, Operation};
        use crate::sudoku::board::shape::Layout;
        use std::sync::Arc;
        // A 3×3 Mathdoku: one cage a row.
        let mut b = Shape::builder("Mathdoku", Layout::flat(3, 3), 3);
        b.grid((0, 0, 0), 3, None);
        for (cells, op, target) in [
            (vec![0, 1, 2], Operation::Add, 6),
            (vec![3, 4], Operation::Subtract, 1),
            (vec![5], Operation::Given, 1),
            (vec![6, 7, 8], Operation::Multiply, 6),
        ] {
            b.math_cage(MathCage { cells, op, target });
        }
        let grid = Grid::on_shape(Arc::new(b.build().unwrap()), None).unwrap();
        let m = CoverMatrix::of(&grid, false).unwrap();
        assert!(m.options.is_empty() && !m.fills.is_empty());
        let text = m.to_dlx(&grid);
        assert!(
            text.contains("this Mathdoku puzzle (9 cells, 3 symbols"),
            "{text}"
        );
        assert!(
            text.contains("| Mathdoku cage 3: r2c3=1\nm02 p12 r11 c21\n"),
            "{text}"
        );
        let dense = m.to_dense();
        assert_eq!(dense.lines().count(), 1 + m.fills.len());
        // The text reads back as the same problem, with the board's count of solutions.
        let problem = crate::dlx::Problem::parse(&text).unwrap();
        let mut matrix = problem.matrix().unwrap();
        assert_eq!(matrix.search().count(100), grid.count_solutions(100));
        // A TinySamurai's cells are named by their place on its 10×10 layout.
        let tiny =
            Grid::on_shape(Arc::new(Shape::named("TinySamurai", None).unwrap()), None).unwrap();
        let text = CoverMatrix::of(&tiny, true).unwrap().to_dlx(&tiny);
        assert!(text.contains("\n| r1c9=1\np08 "), "{text}");
    }
}
