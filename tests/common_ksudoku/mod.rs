//! KSudoku saved games of every board KSudoku ships, made for the tests that solve, count and
//! open them: each named shape ([`NAMES`], so a new one is covered as soon as it is named) at
//! its usual order, and the other orders KSudoku offers ([`OTHER_ORDERS`]). Each game is a
//! puzzle with one known solution, written by the project's own KSudoku writer.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::sudoku::Grid;
use sudoku_dlx::sudoku::board::shape::Shape;
use sudoku_dlx::sudoku::board::shapes::NAMES;
use sudoku_dlx::sudoku::files::ksudoku::KsudokuGame;
use sudoku_dlx::sudoku::files::ksudoku_write::write_game;
use sudoku_dlx::sudoku::generate::shape::{Options, generate, random_solution};

/// The orders KSudoku plays besides the usual ones: its menu's plain squares and cubes of 16 and
/// 25 symbols, and its `Killer_4x4` and `Mathdoku_4x4` shape files.
pub const OTHER_ORDERS: &[(&str, usize)] = &[
    ("Sudoku", 16),
    ("Sudoku", 25),
    ("Roxdoku", 16),
    ("Roxdoku", 25),
    ("Killer", 4),
    ("Mathdoku", 4),
];

/// Boards of more cells than this are not made by the generator but dug by [`dig`]: the
/// generator counts to two after each given it takes away, which on a 25×25 square (625 cells)
/// is 57 million nodes and 11 seconds; every other board takes it under 0.1 s.
const GENERATED_CELLS: usize = 400;

/// Every board: the named shapes at their usual order, then [`OTHER_ORDERS`].
pub fn boards() -> Vec<(&'static str, usize)> {
    NAMES.iter().chain(OTHER_ORDERS).copied().collect()
}

/// A puzzle on a board, its one solution, and the saved game that holds them.
pub struct ShapeGame {
    /// The board's name and order, as a file name takes it: `Roxdoku-16`.
    pub label: String,
    /// The board, with the cages the puzzle was given (Killer, Mathdoku).
    pub shape: Shape,
    /// The givens, a value per position, 0 where open (and in holes).
    pub givens: Vec<u8>,
    /// The solution, a value per position, 0 in holes.
    pub solution: Vec<u8>,
    /// The game, as the project's KSudoku writer writes it (the solution in `<solution>`).
    pub xml: String,
}

/// The game of `name` at `order`: a puzzle made from a fixed seed, unique by construction and
/// checked to be so.
pub fn game(name: &str, order: usize) -> ShapeGame {
    let label = format!("{name}-{order}");
    let shape = Shape::named(name, Some(order)).unwrap();
    let (shape, givens, solution) = if shape.cell_count() > GENERATED_CELLS {
        dig(shape, 1)
    } else {
        let made = generate(&shape, &Options::default(), 1, None)
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        (made.shape, made.givens, made.solution)
    };
    let mut puzzle = Grid::on_shape(Arc::new(shape.clone()), None).unwrap();
    for (p, &v) in givens.iter().enumerate() {
        assert!(
            v == 0 || v == solution[p],
            "{label}: a given off the solution"
        );
        puzzle.set(p, v);
    }
    assert_eq!(puzzle.count_solutions(2), 1, "{label}: not unique");
    let mut game = KsudokuGame::empty(shape.clone());
    game.givens = givens.clone();
    game.solution = Some(solution.clone());
    let xml = write_game(&game).unwrap_or_else(|e| panic!("{label}: {e}"));
    ShapeGame {
        label,
        shape,
        givens,
        solution,
        xml,
    }
}

/// A random solution of `shape` from `seed`, and half its cells taken away in a random order,
/// a batch at a time, each batch kept only if the solution stays the only one.
fn dig(shape: Shape, seed: u64) -> (Shape, Vec<u8>, Vec<u8>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = random_solution(&shape, &[], &mut rng, 1_000_000, None).unwrap();
    let mut cells: Vec<usize> = shape.cells().collect();
    cells.shuffle(&mut rng);
    let mut puzzle = Grid::on_shape(Arc::new(shape.clone()), None).unwrap();
    for (p, &v) in solution.iter().enumerate() {
        puzzle.set(p, v);
    }
    let (goal, batch) = (cells.len() / 2, shape.symbols());
    let mut taken = 0;
    for chunk in cells.chunks(batch) {
        if taken + chunk.len() > goal {
            break;
        }
        for &p in chunk {
            puzzle.set(p, 0);
        }
        if puzzle.count_solutions(2) == 1 {
            taken += chunk.len();
        } else {
            for &p in chunk {
                puzzle.set(p, solution[p]);
            }
        }
    }
    assert!(taken > 0, "{}: no cell could go", shape.name());
    let givens = puzzle.values().to_vec();
    (shape, givens, solution)
}

/// Writes the game to `dir` as KSudoku names its saves (`.ksudoku`) and returns the path.
pub fn write_to(dir: &Path, game: &ShapeGame) -> PathBuf {
    let path = dir.join(format!("{}.ksudoku", game.label));
    std::fs::write(&path, &game.xml).unwrap();
    path
}

/// Values as KSudoku writes `<values>` and `<solution>`, worked out here from KSudoku's rule
/// rather than the crate's: the character of index `k` is the cell at column
/// `k / sizeZ / sizeY`, row `(k / sizeZ) % sizeY`, layer `k % sizeZ`; `.` for a hole, `_` for
/// an empty cell, the letter `'a' + v` for the value `v`.
pub fn ksudoku_line(shape: &Shape, values: &[u8]) -> String {
    let l = shape.layout();
    let (size_y, size_z) = (l.height, l.depth);
    (0..l.positions())
        .map(|k| {
            let (x, y, z) = (k / size_z / size_y, (k / size_z) % size_y, k % size_z);
            let p = l.position(x, y, z);
            match values[p] {
                _ if !shape.is_cell(p) => '.',
                0 => '_',
                v => char::from(b'a' + v),
            }
        })
        .collect()
}

/// The text between `open` and `close` in `text`.
pub fn between<'a>(text: &'a str, open: &str, close: &str) -> &'a str {
    let start = text.find(open).unwrap() + open.len();
    let end = start + text[start..].find(close).unwrap();
    &text[start..end]
}

/// A folder of its own under the system's temporary one, new and empty.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
