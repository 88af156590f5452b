//! Criterion benches: N-queens for n = 10 to 14, all solutions, against the bitboard counter.

mod common;
mod peers;

use criterion::{criterion_group, criterion_main, Criterion};
use dlx_benches::{queens_bitboard, workload, Kind};

use common::{bench_workload, Peers};

fn queens(c: &mut Criterion) {
    for n in 10..=14 {
        let workload = workload(&format!("queens-{n}")).expect("a known workload");
        let Kind::Queens(n) = workload.kind else {
            unreachable!("a queens workload")
        };
        let peers = if n <= 13 { Peers::All } else { Peers::None };
        let mut group = bench_workload(c, workload, peers);
        assert_eq!(queens_bitboard(n), workload.solutions);
        group.bench_function("bitboard", |b| {
            b.iter(|| queens_bitboard(std::hint::black_box(n)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = queens
}
criterion_main!(benches);
