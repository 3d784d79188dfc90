//! Criterion benchmarks: counting up to 2 solutions (solve and prove unique) of every puzzle of a
//! set, on one thread, with one reused solver: the usual sudoku benchmark.
//!
//! The sets are the samples in tests/data. Set `SUDOKU_DLX_BENCH_DIR` to a folder with the full
//! sets (`17clue.txt`, `forum_hardest_1905_11plus.txt`, ...; see ../shared/puzzles) to add them.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_dlx::sudoku::{Backtracker, DlxSolver, Grid, Solver};

fn load(path: &Path, max: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| Grid::parse_line(l, None).ok())
        .take(max)
        .collect()
}

fn sets() -> Vec<(String, Vec<Grid>)> {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut sets = vec![
        (
            "17clue_sample".to_string(),
            load(&data.join("17clue_sample.txt"), usize::MAX),
        ),
        (
            "hardest_sample".to_string(),
            load(&data.join("hardest_sample.txt"), usize::MAX),
        ),
        (
            "16x16_sample".to_string(),
            load(&data.join("16x16_sample.txt"), usize::MAX),
        ),
        (
            "25x25_sizes".to_string(),
            load(&data.join("sizes.txt"), usize::MAX)
                .into_iter()
                .filter(|g| g.geometry().side() == 25)
                .collect(),
        ),
    ];
    if let Some(dir) = std::env::var_os("SUDOKU_DLX_BENCH_DIR") {
        let dir = PathBuf::from(dir);
        for name in [
            "17clue",
            "forum_hardest_1905_11plus",
            "magictour_top1465",
            "serg_benchmark",
        ] {
            let puzzles = load(&dir.join(format!("{name}.txt")), 2000);
            if !puzzles.is_empty() {
                sets.push((format!("{name}_2000"), puzzles));
            }
        }
    }
    sets
}

fn count_all(solver: &mut dyn Solver, puzzles: &[Grid]) -> u64 {
    puzzles
        .iter()
        .map(|p| {
            solver
                .count(black_box(p), 2, None)
                .map_or(0, |r| r.solutions)
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_to_2");
    group.sample_size(10);
    for (name, puzzles) in sets() {
        if puzzles.is_empty() {
            continue;
        }
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut dlx = DlxSolver::new();
        group.bench_function(format!("dlx/{name}"), |b| {
            b.iter(|| count_all(&mut dlx, &puzzles));
        });
        if name == "17clue_sample" {
            let mut naive = Backtracker::new();
            group.bench_function(format!("naive/{name}"), |b| {
                b.iter(|| count_all(&mut naive, &puzzles));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
