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

/// The bundled 16x16 and 25x25 puzzles (`data/sudoku/`), ours only: parse, encode, solve.
fn large_sudoku(c: &mut Criterion) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/sudoku/");
    let mut group = c.benchmark_group("sudoku-large");
    group.sampling_mode(SamplingMode::Flat);
    for name in ["16x16", "25x25"] {
        let text =
            std::fs::read_to_string(format!("{root}{name}.txt")).expect("the bundled puzzle");
        let solve = |text: &str| {
            let puzzle = dlx_models::sudoku::parse(text, None)
                .next()
                .expect("one puzzle")
                .expect("the puzzle parses");
            puzzle
                .grid()
                .solve(dlx_models::sudoku::Variant::Plain)
                .expect("no clash")
                .expect("a solution")
        };
        assert!(solve(&text).is_complete(), "{name}");
        group.bench_function(name, |b| b.iter(|| solve(std::hint::black_box(&text))));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = sudoku, large_sudoku
}
criterion_main!(benches);
