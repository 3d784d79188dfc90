//! Times csp-solver 0.6.0's killer solver and sudoku-dlx's on the same killer puzzles, in one
//! process, each finding one solution of every puzzle (best of five passes), and checks that
//! every solution either finds keeps the puzzle's rules.
//!
//! `peer-killer FILE...` takes sudoku-dlx's killer files (any form it reads);
//! `peer-killer --theirs N` takes N puzzles of csp-solver's own generator (easy, seeds 0 to N-1).

use std::sync::Arc;
use std::time::{Duration, Instant};

use csp_solver::SolveConfig;
use csp_solver::puzzles::killer::{KillerCage, generate_killer_seeded, solve_killer};
use csp_solver::puzzles::sudoku::Difficulty;
use sudoku_dlx::sudoku::board::cage::Cage;
use sudoku_dlx::sudoku::files::formats;
use sudoku_dlx::sudoku::{DlxSolver, Geometry, Grid, Notation, Rules, Solver, Variant};

/// A killer puzzle both ways: sudoku-dlx's board, and csp-solver's board and cages.
struct Puzzle {
    grid: Grid,
    board: Vec<u32>,
    cages: Vec<KillerCage>,
}

fn of_grid(grid: Grid) -> Puzzle {
    let board = grid.values().iter().map(|&v| u32::from(v)).collect();
    let cages = grid
        .variant()
        .map(|v| v.cages())
        .unwrap_or_default()
        .iter()
        .map(|c| KillerCage {
            sum: c.sum,
            cells: c.cells.clone(),
        })
        .collect();
    Puzzle { grid, board, cages }
}

fn theirs(count: u64) -> Vec<Puzzle> {
    let notation = Notation::default_for(Geometry::classic()).unwrap();
    (0..count)
        .map(|seed| {
            let (board, cages) = generate_killer_seeded(3, Difficulty::Easy, seed);
            let rules = Rules {
                cages: cages
                    .iter()
                    .map(|c| Cage {
                        cells: c.cells.clone(),
                        sum: c.sum,
                    })
                    .collect(),
                ..Rules::default()
            };
            let variant = Variant::new(notation.geometry, rules).unwrap();
            let values = board.iter().map(|&v| v as u8).collect();
            let grid = Grid::from_values(notation.clone(), values)
                .unwrap()
                .with_variant(Some(Arc::new(variant)))
                .unwrap();
            Puzzle { grid, board, cages }
        })
        .collect()
}

fn time(name: &str, puzzles: &[Puzzle]) {
    let n = puzzles[0].grid.geometry().box_rows() as u32;
    let config = SolveConfig {
        node_budget: None,
        ..SolveConfig::default()
    };
    // What each finds, checked by the puzzle's own rules.
    let mut missed = 0;
    for p in puzzles {
        match solve_killer(&p.board, n, &p.cages, &config) {
            Some(found) => {
                let values = found.iter().map(|&v| v as u8).collect();
                let grid = Grid::from_values(p.grid.notation().clone(), values).unwrap();
                grid.verify_solution_of(&p.grid).unwrap();
            }
            None => missed += 1,
        }
        p.grid.solve().unwrap().verify_solution_of(&p.grid).unwrap();
    }
    let (mut theirs, mut ours) = (Duration::MAX, Duration::MAX);
    for _ in 0..5 {
        let start = Instant::now();
        for p in puzzles {
            let _ = solve_killer(&p.board, n, &p.cages, &config);
        }
        theirs = theirs.min(start.elapsed());
        let start = Instant::now();
        let mut solver = DlxSolver::new();
        for p in puzzles {
            assert!(solver.solve(&p.grid, 1, None).unwrap().first.is_some());
        }
        ours = ours.min(start.elapsed());
    }
    let per = |d: Duration| d.as_secs_f64() * 1e3 / puzzles.len() as f64;
    let givens = puzzles.iter().map(|p| p.grid.filled()).sum::<usize>() / puzzles.len();
    println!(
        "{name}: {} puzzles, {givens} givens on average; csp-solver 0.6.0: {:.3} ms a puzzle, \
         no solution found for {missed}; sudoku-dlx: {:.3} ms a puzzle, all solved",
        puzzles.len(),
        per(theirs),
        per(ours)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--theirs") {
        let count = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(20);
        time("csp-solver's own puzzles", &theirs(count));
        return;
    }
    for path in &args {
        let (_, entries) = formats::read_path(path.as_ref(), None).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        });
        let puzzles: Vec<Puzzle> = entries.into_iter().map(|e| of_grid(e.puzzle)).collect();
        time(path, &puzzles);
    }
}
