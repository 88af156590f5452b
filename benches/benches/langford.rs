//! Criterion benches: Langford pairs for n = 11, all solutions (mirror images counted).

mod common;
mod peers;

use criterion::{criterion_group, criterion_main, Criterion};
use dlx_benches::workload;

use common::{bench_workload, Peers};

fn langford(c: &mut Criterion) {
    let workload = workload("langford-11").expect("a known workload");
    bench_workload(c, workload, Peers::All).finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = langford
}
criterion_main!(benches);
