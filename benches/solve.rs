//! Criterion benchmarks: counting up to 2 solutions (solve and prove unique) of every puzzle of a
//! set, on one thread, with one reused solver: the usual sudoku benchmark.
//!
//! The sets are the fixtures in tests/data: 9×9 samples (17-clue, forum-hardest, serg), 16×16
//! (forum sample, and hard puzzles that need the conflict weights), 25×25 (medium puzzles that
//! need the strong pruning rules, and the sizes fixture). Set `SUDOKU_DLX_BENCH_DIR` to a folder
//! with the full sets (`../shared/puzzles`, or one holding `17clue.txt`,
//! `forum_hardest_1905_11plus.txt`, `test3_blue_ultimate.txt`, ...) to add them.
//!
//! The variants' group counts the bundled library's X, hyper, jigsaw and killer collections
//! (9×9 and 16×16) the same way, through the same solver, which hands them to the variants'
//! matrix; and the killers once more with their cages alone (the givens the generator added
//! taken away), where it must prove uniqueness from the sums alone.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_dlx::sudoku::files::formats;
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
    let mut sets: Vec<(String, Vec<Grid>)> = [
        "origins",
        "17clue_sample",
        "hardest_sample",
        "serg_sample",
        "16x16_sample",
        "16x16_hard",
        "25x25_medium",
    ]
    .into_iter()
    .map(|name| {
        let puzzles = load(&data.join(format!("{name}.txt")), usize::MAX);
        (name.to_string(), puzzles)
    })
    .collect();
    sets.push((
        "25x25_sizes".to_string(),
        load(&data.join("sizes.txt"), usize::MAX)
            .into_iter()
            .filter(|g| g.geometry().side() == 25)
            .collect(),
    ));
    // The full sets, from the folder itself or its 9x9/ and 16x16/ folders (as in
    // ../shared/puzzles); the big 9x9 sets are cut to their first 2,000 puzzles.
    if let Some(dir) = std::env::var_os("SUDOKU_DLX_BENCH_DIR") {
        let dir = PathBuf::from(dir);
        for (name, max) in [
            ("17clue", 2000),
            ("forum_hardest_1905_11plus", 2000),
            ("magictour_top1465", 2000),
            ("serg_benchmark", 2000),
            ("test3_blue_ultimate", usize::MAX),
            ("test4_forum_p275765", usize::MAX),
            ("test6_forum_p276187", usize::MAX),
        ] {
            let file = format!("{name}.txt");
            let Some(path) = [
                dir.join(&file),
                dir.join("9x9").join(&file),
                dir.join("16x16").join(&file),
            ]
            .into_iter()
            .find(|p| p.is_file()) else {
                continue;
            };
            let puzzles = load(&path, max);
            if !puzzles.is_empty() {
                let label = if max == usize::MAX {
                    name.to_string()
                } else {
                    format!("{name}_{max}")
                };
                sets.push((label, puzzles));
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
        // The same engine without pruning or conflict weights, where it is quick enough.
        if name.ends_with("_sample") {
            let mut plain = DlxSolver::plain();
            group.bench_function(format!("dlx-plain/{name}"), |b| {
                b.iter(|| count_all(&mut plain, &puzzles));
            });
        }
        // Plain backtracking, for scale, on the one set it finishes quickly (on the 17-clue
        // sample it takes minutes an iteration).
        if name == "origins" {
            let mut naive = Backtracker::new();
            group.bench_function(format!("naive/{name}"), |b| {
                b.iter(|| count_all(&mut naive, &puzzles));
            });
        }
    }
    group.finish();
}

/// The bundled variant collections: (name, puzzles).
fn variant_sets() -> Vec<(String, Vec<Grid>)> {
    let library = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles/library");
    [
        "9x9-x-medium",
        "9x9-hyper-medium",
        "9x9-jigsaw-medium",
        "9x9-killer-easy",
        "9x9-killer-medium",
        "9x9-killer-x-medium",
        "16x16-x-easy",
        "16x16-hyper-easy",
        "16x16-jigsaw-easy",
        "16x16-killer-easy",
    ]
    .into_iter()
    .filter_map(|name| {
        let (_, entries) = formats::read_path(&library.join(format!("{name}.toml")), None).ok()?;
        Some((
            name.to_string(),
            entries.into_iter().map(|e| e.puzzle).collect(),
        ))
    })
    .collect()
}

fn variants(c: &mut Criterion) {
    let mut group = c.benchmark_group("variants_count_to_2");
    group.sample_size(10);
    for (name, puzzles) in variant_sets() {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut dlx = DlxSolver::new();
        group.bench_function(name.clone(), |b| {
            b.iter(|| count_all(&mut dlx, &puzzles));
        });
        // 9×9 killers with their cages alone.
        if name.starts_with("9x9-killer") {
            let bare: Vec<Grid> = puzzles
                .iter()
                .map(|p| {
                    let mut bare = p.clone();
                    for cell in 0..bare.geometry().cells() {
                        bare.set(cell, 0);
                    }
                    bare
                })
                .collect();
            group.bench_function(format!("{name}-no-givens"), |b| {
                b.iter(|| count_all(&mut dlx, &bare));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench, variants);
criterion_main!(benches);
