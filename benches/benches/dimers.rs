//! Criterion benches of the dimer method (issue 36): the domino tilings of the 30 x 30 board and of the Aztec diamond of order 30 counted by Kasteleyn's determinant, on 1 and 2 threads, and the tilings through each domino of the 20 x 20 board; the matrices built before the clock. The goals' boards (100 x 100, Aztec 100, the hexagon of side 30) are timed by `cargo run --release -p dlx-benches --example dimers`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use dlx_core::dimers::{count, frequencies, Matrix};
use dlx_core::{BigUint, Budget, Count};
use dlx_models::polyomino::{Board, PieceSet, Polyomino};
use dlx_parallel::count_dimers_on;

/// Kasteleyn's matrix of a board tiled by dominoes.
fn matrix(board: Board) -> Matrix {
    let model = Polyomino::new(board, PieceSet::domino(), false).expect("dominoes");
    model.dimers().expect("dominoes only").matrix().clone()
}

/// The Aztec diamond of order `n`.
fn aztec(n: usize) -> Board {
    let art: String = (0..2 * n)
        .map(|r| {
            let half = if r < n { r + 1 } else { 2 * n - r };
            format!("{}{}\n", ".".repeat(n - half), "#".repeat(2 * half))
        })
        .collect();
    Board::parse(&art).expect("a board")
}

fn dimers(c: &mut Criterion) {
    let mut group = c.benchmark_group("dimers");
    // A short default run: ten samples in about two seconds a bench.
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let pool = dlx_parallel::Pool::new(2).expect("a pool");
    let boards = [
        (
            "domino-30x30",
            matrix(Board::rectangle(30, 30).expect("a board")),
        ),
        ("aztec-30", matrix(aztec(30))),
    ];
    // 2^(n(n+1)/2) (Elkies, Kuperberg, Larsen and Propp 1992).
    assert_eq!(
        count(&boards[1].1, &Budget::new()).value,
        Some(Count::from(BigUint::from(1u32) << 465))
    );
    for (name, matrix) in &boards {
        group.bench_function(format!("{name}/1"), |b| {
            b.iter(|| count(matrix, &Budget::new()).value.expect("no budget"))
        });
        group.bench_function(format!("{name}/2"), |b| {
            b.iter(|| {
                count_dimers_on(matrix, &Budget::new(), &pool)
                    .value
                    .expect("no budget")
            })
        });
    }
    let small = matrix(Board::rectangle(20, 20).expect("a board"));
    group.bench_function("domino-20x20/count", |b| {
        b.iter(|| count(&small, &Budget::new()).value.expect("no budget"))
    });
    group.bench_function("domino-20x20/frequencies", |b| {
        b.iter(|| {
            frequencies(&small, &Budget::new())
                .value
                .expect("no budget")
        })
    });
    group.finish();
}

criterion_group!(benches, dimers);
criterion_main!(benches);
