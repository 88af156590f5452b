//! Criterion benches: the 12 pentominoes on 6x10, 5x12 and 8x8 minus its centre, all solutions.

mod common;
mod peers;

use criterion::{criterion_group, criterion_main, Criterion};
use dlx_benches::workload;

use common::{bench_workload, Peers};

fn pentomino(c: &mut Criterion) {
    for (name, peers) in [
        ("pentomino-6x10", Peers::None),
        ("pentomino-5x12", Peers::None),
        ("pentomino-8x8-centre", Peers::All),
    ] {
        let workload = workload(name).expect("a known workload");
        bench_workload(c, workload, peers).finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = pentomino
}
criterion_main!(benches);
