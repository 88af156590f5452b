//! Criterion benches: the 6x10 pentomino and 14-queens counts on 1 and 2 threads (`dlx-parallel`).

mod common;
mod peers;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_benches::workload;
use dlx_core::format::parse_dlx_bytes;
use dlx_parallel::ParallelSolver;

fn parallel(c: &mut Criterion) {
    for name in ["pentomino-6x10", "queens-14"] {
        let workload = workload(name).expect("a known workload");
        let bytes = workload.bytes();
        let mut group = c.benchmark_group(format!("{name}-threads"));
        group.sampling_mode(SamplingMode::Flat);
        for threads in [1, 2] {
            let pool = dlx_parallel::Pool::new(threads).expect("a pool");
            let count = |bytes: &[u8]| {
                let problem = parse_dlx_bytes(bytes).expect("the instance parses");
                ParallelSolver::new(&problem).with_pool(&pool).count().value
            };
            assert_eq!(
                count(&bytes),
                workload.solutions,
                "{name} on {threads} threads"
            );
            group.bench_function(
                format!("{threads} thread{}", if threads > 1 { "s" } else { "" }),
                |b| b.iter(|| count(std::hint::black_box(&bytes))),
            );
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = parallel
}
criterion_main!(benches);
