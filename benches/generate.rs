//! Criterion benchmarks of the generator: one unique puzzle of each grade, 9×9 and 16×16, and an
//! easy 25×25 (the index changes every iteration, so each iteration makes a different puzzle).
//! The README's medians come from `sudoku-dlx generate --stats`, which also covers 25×25 expert.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_dlx::sudoku::generate::{Request, generate as make};
use sudoku_dlx::sudoku::{BoardKind, Geometry, Grade, Notation};

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(20);
    let cases = [
        (3, Grade::Easy),
        (3, Grade::Medium),
        (3, Grade::Hard),
        (3, Grade::Expert),
        (4, Grade::Easy),
        (4, Grade::Expert),
        (5, Grade::Easy),
    ];
    for (n, grade) in cases {
        let Ok(geometry) = Geometry::square(n) else {
            continue;
        };
        let Ok(notation) = Notation::default_for(geometry) else {
            continue;
        };
        let side = geometry.side();
        let request = Request::new(BoardKind::Classic(notation), Some(grade));
        let mut index = 0;
        group.bench_function(format!("{side}x{side}_{grade}"), |b| {
            b.iter(|| {
                index += 1;
                black_box(make(&request, 42, index, None).ok())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
