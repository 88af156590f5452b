//! Criterion benches: the layered count (issue 24) of the 16x16 domino board and the Aztec diamonds of orders 12 and 16, on 1 and 2 threads (`dlx-parallel`), the problem built before the clock, so that the ratio is the count's own.

mod common;
mod peers;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_core::{Count, ItemKind, MemoSettings, Problem, ProblemBuilder};
use dlx_parallel::ParallelMemoCounter;

/// Dominoes on the cells of a board (`#` a cell), one item a cell.
fn dominoes(rows: &[String]) -> Problem {
    let cells: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'#')
                .map(move |(c, _)| (r, c))
        })
        .collect();
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, cells.len());
    for (k, &(r, c)) in cells.iter().enumerate() {
        for next in [(r, c + 1), (r + 1, c)] {
            if let Some(j) = cells.iter().position(|&cell| cell == next) {
                b.option([items[k], items[j]]).expect("two cells");
            }
        }
    }
    b.build().expect("a board")
}

/// The Aztec diamond of order `n`: rows of 2, 4, ..., 2n, 2n, ..., 2 cells, centred.
fn aztec(n: usize) -> Vec<String> {
    (0..2 * n)
        .map(|r| {
            let half = if r < n { r + 1 } else { 2 * n - r };
            format!(
                "{}{}{}",
                ".".repeat(n - half),
                "#".repeat(2 * half),
                ".".repeat(n - half)
            )
        })
        .collect()
}

fn layered(c: &mut Criterion) {
    let boards = [
        // OEIS A004003.
        (
            "domino-16x16",
            dominoes(&vec!["#".repeat(16); 16]),
            "2444888770250892795802079170816"
                .parse::<Count>()
                .expect("a count"),
        ),
        // 2^(n(n+1)/2) (Elkies, Kuperberg, Larsen and Propp 1992).
        ("aztec-12", dominoes(&aztec(12)), Count::from(1u128 << 78)),
        (
            "aztec-16",
            dominoes(&aztec(16)),
            Count::from(dlx_core::BigUint::from(1u8) << 136),
        ),
    ];
    for (name, problem, expected) in boards {
        let mut group = c.benchmark_group(format!("{name}-layered"));
        group.sampling_mode(SamplingMode::Flat);
        for threads in [1, 2] {
            let pool = dlx_parallel::Pool::new(threads).expect("a pool");
            let count = || {
                let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
                    .expect("no multiplicities")
                    .with_pool(&pool);
                let count = counter.count().expect("no budget");
                assert!(counter.sweep_stats().is_some(), "{name} layer by layer");
                count
            };
            assert_eq!(count(), expected, "{name} on {threads} threads");
            group.bench_function(
                format!("{threads} thread{}", if threads > 1 { "s" } else { "" }),
                |b| b.iter(count),
            );
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = layered
}
criterion_main!(benches);
