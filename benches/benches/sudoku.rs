//! Criterion benches: 9x9 sudoku sets from the shared data, to the first solution and proving uniqueness.
//!
//! A set that is not there (`../shared/data/sudoku9`, or `$DLX_SHARED_DATA`)
//! is skipped. The peer crates run on the two smaller sets; on the 49,158
//! 17-clue puzzles only ours runs, as eleven runs of each peer would take
//! minutes. The plain backtracking reference is timed by `cargo xtask bench`
//! only (on a sample), being far too slow for whole sets.

mod common;
mod peers;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_benches::{count_sudoku_ours, Kind, WORKLOADS};

fn sudoku(c: &mut Criterion) {
    for workload in WORKLOADS {
        let Kind::Sudoku { limit } = workload.kind else {
            continue;
        };
        if !workload.is_available() {
            continue;
        }
        let text = workload.text();
        let expected = workload.solutions;
        let mut group = c.benchmark_group(workload.name);
        group.sampling_mode(SamplingMode::Flat);
        assert_eq!(
            count_sudoku_ours(&text, limit).0,
            expected,
            "{}",
            workload.name
        );
        group.bench_function("dlx-core", |b| b.iter(|| count_sudoku_ours(&text, limit)));
        if !workload.name.contains("17clue") {
            assert_eq!(peers::count_sudoku_dlx_crate(&text, limit), expected);
            group.bench_function("dlx-crate", |b| {
                b.iter(|| peers::count_sudoku_dlx_crate(&text, limit));
            });
            assert_eq!(peers::count_sudoku_xcov(&text, limit), expected);
            group.bench_function("xcov", |b| {
                b.iter(|| peers::count_sudoku_xcov(&text, limit));
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = sudoku
}
criterion_main!(benches);
