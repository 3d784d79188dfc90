//! Where each value's places lie on a square board, read in one pass over its cells: for
//! each row and column, the crossing lines and the boxes (or jigsaw regions) it has places in;
//! for each box, the rows and the columns.
//!
//! Pointing and claiming (`locked.rs`), the fish and the finned fish (`fish.rs`, `finned.rs`)
//! read a unit's places for a value as a bit set of where they lie. Each of them reading the
//! unit cell by cell for each value cost more than all the rest of their search on big boards,
//! where a rating that stalls asks every one of them at every step; the rater's cache keeps one
//! set of crossings per set of candidates for all of them.
//!
//! A step removes a few candidates and the next asks again, so the crossings of the last
//! candidates are brought up to date rather than read afresh: each removed candidate clears
//! its bit in its row's and its column's places, and where a line and a box meet the value
//! either still has a place in the cells they share or not, which the line's places, masked
//! with the meeting's cells, tell at once. Only a board whose candidates grew (another board)
//! is read again from its cells.

use super::wing::bits;
use crate::sudoku::board::geometry::Geometry;
use crate::sudoku::logic::Rater;

/// Where each value's places lie on a square board ([`Rater::crossings`]), as bit sets indexed
/// by unit and value.
#[derive(Debug, PartialEq, Eq)]
pub(in crate::sudoku::logic) struct Crossings {
    side: usize,
    /// For each row, then each column: its places for each value, as the set of crossing lines
    /// (columns for a row, rows for a column) they lie on.
    line_at: Vec<u64>,
    /// For each row, then each column: the boxes holding its places for each value.
    line_boxes: Vec<u64>,
    /// For each box: the rows, and the columns, holding its places for each value.
    box_rows: Vec<u64>,
    box_cols: Vec<u64>,
    /// For each row and box: the columns of the row's cells in the box; for each column and
    /// box, then: the rows of the column's cells in it (where a line meets a box).
    meets: Vec<u64>,
}

impl Crossings {
    /// Where `value`'s places lie on line `line` (rows, then columns): the crossing lines.
    pub(in crate::sudoku::logic) fn line_at(&self, line: usize, value: u8) -> u64 {
        self.line_at[line * self.side + usize::from(value - 1)]
    }

    /// The boxes holding `value`'s places on line `line` (rows, then columns).
    pub(in crate::sudoku::logic) fn line_boxes(&self, line: usize, value: u8) -> u64 {
        self.line_boxes[line * self.side + usize::from(value - 1)]
    }

    /// The rows holding `value`'s places in box `b`.
    pub(in crate::sudoku::logic) fn box_rows(&self, b: usize, value: u8) -> u64 {
        self.box_rows[b * self.side + usize::from(value - 1)]
    }

    /// The columns holding `value`'s places in box `b`.
    pub(in crate::sudoku::logic) fn box_cols(&self, b: usize, value: u8) -> u64 {
        self.box_cols[b * self.side + usize::from(value - 1)]
    }
}

impl Rater {
    /// The crossings of the current candidates on a square board of geometry `g`.
    pub(in crate::sudoku::logic) fn read_crossings(&self, g: Geometry) -> Crossings {
        let side = self.side;
        let mut x = Crossings {
            side,
            line_at: vec![0; 2 * side * side],
            line_boxes: vec![0; 2 * side * side],
            box_rows: vec![0; side * side],
            box_cols: vec![0; side * side],
            meets: vec![0; 2 * side * side],
        };
        for row in 0..side {
            for col in 0..side {
                let c = g.cell(row, col);
                let b = self.box_of[c] as usize;
                x.meets[row * side + b] |= 1 << col;
                x.meets[(side + col) * side + b] |= 1 << row;
                for value in bits(self.cand[c]) {
                    let v = usize::from(value - 1);
                    let (across, down) = (row * side + v, (side + col) * side + v);
                    x.line_at[across] |= 1 << col;
                    x.line_at[down] |= 1 << row;
                    x.line_boxes[across] |= 1 << b;
                    x.line_boxes[down] |= 1 << b;
                    x.box_rows[b * side + v] |= 1 << row;
                    x.box_cols[b * side + v] |= 1 << col;
                }
            }
        }
        x
    }

    /// Brings `x`, the crossings of the candidates `before`, up to the current candidates on a
    /// square board of geometry `g`. False, with `x` untouched, if some cell has a candidate
    /// `before` lacked: then only a new read will do.
    pub(in crate::sudoku::logic) fn update_crossings(
        &self,
        g: Geometry,
        x: &mut Crossings,
        before: &[u64],
    ) -> bool {
        let side = self.side;
        let n = side * side;
        let fits = x.side == side
            && before.len() == n
            && self.cand.len() == n
            && x.meets.len() == 2 * n
            && x.line_at.len() == 2 * n;
        if !fits
            || self
                .cand
                .iter()
                .zip(before)
                .any(|(&now, &was)| now & !was != 0)
        {
            return false;
        }
        for (c, (&now, &was)) in self.cand.iter().zip(before).enumerate() {
            if now == was {
                continue;
            }
            let (row, col, b) = (g.row_of(c), g.col_of(c), self.box_of[c] as usize);
            for value in bits(was & !now) {
                let v = usize::from(value - 1);
                let (across, down) = (row * side + v, (side + col) * side + v);
                x.line_at[across] &= !(1 << col);
                x.line_at[down] &= !(1 << row);
                // Whether the row still has a place for the value where it meets the box, and
                // the column likewise.
                if x.line_at[across] & x.meets[row * side + b] == 0 {
                    x.line_boxes[across] &= !(1 << b);
                    x.box_rows[b * side + v] &= !(1 << row);
                }
                if x.line_at[down] & x.meets[(side + col) * side + b] == 0 {
                    x.line_boxes[down] &= !(1 << b);
                    x.box_cols[b * side + v] &= !(1 << col);
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use crate::sudoku::board::grid::Grid;
    use crate::sudoku::logic::{Grade, Progress, Rater};

    /// Every bit set read off the candidates cell by cell, on a classic and a jigsaw board as
    /// their ratings go; and the crossings of each step's candidates brought up to date after
    /// it are those read afresh.
    #[test]
    fn crossings_are_the_places_read_cell_by_cell() {
        let jigsaw = include_str!("../../../../tests/data/variants/jigsaw.txt");
        let (_, entries) = crate::sudoku::files::formats::read(jigsaw, None, None).unwrap();
        let classic = include_str!("../../../../tests/data/hardest_sample.txt");
        let classic = Grid::parse_line(classic.lines().next().unwrap(), None).unwrap();
        let mut checked = 0;
        for grid in [classic, entries[0].puzzle.clone()] {
            let mut r = Rater::new();
            r.load(&grid);
            loop {
                let (side, g) = (r.side, r.geometry.unwrap());
                let x = r.crossings().unwrap();
                for value in 1..=side as u8 {
                    let bit = 1u64 << (value - 1);
                    let has = |c: usize| r.cand[c] & bit != 0;
                    for line in 0..2 * side {
                        let cells = &r.units[line];
                        let (mut at, mut boxes) = (0u64, 0u64);
                        for (k, &c) in cells.iter().enumerate() {
                            if has(c as usize) {
                                at |= 1 << k;
                                boxes |= 1 << r.box_of[c as usize];
                            }
                        }
                        assert_eq!(x.line_at(line, value), at);
                        assert_eq!(x.line_boxes(line, value), boxes);
                    }
                    for b in 0..side {
                        let (mut rows, mut cols) = (0u64, 0u64);
                        for &c in r.units[2 * side + b].iter().filter(|&&c| has(c as usize)) {
                            rows |= 1 << g.row_of(c as usize);
                            cols |= 1 << g.col_of(c as usize);
                        }
                        assert_eq!(x.box_rows(b, value), rows);
                        assert_eq!(x.box_cols(b, value), cols);
                    }
                }
                checked += 1;
                // The crossings before the step, brought up to date after it, are the ones
                // read afresh; and a board whose candidates grew is read again.
                drop(x);
                let before = r.cand.clone();
                let mut kept = r.read_crossings(g);
                if r.step(Grade::Hard) != Progress::Some {
                    break;
                }
                assert!(r.update_crossings(g, &mut kept, &before));
                assert_eq!(kept, r.read_crossings(g));
                let mut fewer = r.cand.clone();
                if let Some(c) = fewer.iter().position(|&c| c != 0) {
                    fewer[c] &= fewer[c] - 1;
                    let mut grown = r.read_crossings(g);
                    assert!(!r.update_crossings(g, &mut grown, &fewer));
                    assert_eq!(grown, r.read_crossings(g));
                }
            }
        }
        assert!(checked > 20, "{checked} boards");
    }
}
