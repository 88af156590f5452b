//! The criterion setup shared by the bench targets: one group per workload.
#![allow(dead_code, reason = "each bench target uses only some of the helpers")]

use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, SamplingMode};
use dlx_benches::{count_ours, Workload};

use crate::peers;

/// Which peers join a workload's group.
#[derive(Debug, Clone, Copy)]
pub enum Peers {
    /// Ours only: one run takes seconds, and eleven runs of every peer would
    /// take minutes (`cargo xtask bench` compares these with medians of a few runs).
    None,
    /// Ours, `miniexact` when installed, the `dlx` crate and `xcov`.
    All,
}

/// Small samples and a short measurement, so the whole suite stays a few minutes.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

/// A group named after the workload, with `dlx-core` (ours) and the chosen
/// peers; every solver's count is checked once before it is timed.
pub fn bench_workload<'a>(
    c: &'a mut Criterion,
    workload: &Workload,
    peers: Peers,
) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(workload.name);
    // One run takes from milliseconds to seconds: flat sampling suits the long ones.
    group.sampling_mode(SamplingMode::Flat);
    let expected = workload.solutions;
    let path = workload.path();

    assert_eq!(count_ours(&workload.bytes()), expected, "{}", workload.name);
    group.bench_function("dlx-core", |b| {
        b.iter(|| count_ours(&std::fs::read(&path).expect("the instance file")));
    });

    if let Peers::All = peers {
        if let Some(program) = dlx_benches::miniexact() {
            let count = dlx_benches::count_miniexact(&program, &path);
            assert_eq!(count, Some(expected), "{}", workload.name);
            group.bench_function("miniexact", |b| {
                b.iter(|| dlx_benches::run_miniexact(&program, &path));
            });
        }
        let text = workload.text();
        assert_eq!(peers::count_dlx_crate(&text), expected, "{}", workload.name);
        group.bench_function("dlx-crate", |b| {
            b.iter(|| peers::count_dlx_crate(&std::fs::read_to_string(&path).expect("the file")));
        });
        assert_eq!(peers::count_xcov(&text), expected, "{}", workload.name);
        group.bench_function("xcov", |b| {
            b.iter(|| peers::count_xcov(&std::fs::read_to_string(&path).expect("the file")));
        });
    }
    group
}
