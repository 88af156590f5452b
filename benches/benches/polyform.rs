//! Criterion benches: the 12 pentominoes as solid pieces in the 2x5x6 and 3x4x5 boxes, counted up to symmetry by the models' one policy, and miniexact on the same problem.
//!
//! Issue 35 asks that the 2x5x6 box be counted in at most 0.7 of
//! miniexact's time on one thread: ours is `count_tilings` up to symmetry
//! on this thread (what `dlx polycube --box 2x5x6 --pieces
//! planar-pentacubes --count --threads 1` runs), miniexact enumerates the
//! 2112 packings of the problem that `--emit-dlx` prints (`miniexact -x -e
//! -D`, output to a sink). The 3x4x5 box (3,940 packings up to symmetry)
//! takes some ten seconds, too long for the CLI's tests: its count is
//! checked here.

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_core::{write_dlx, CountMode, Sequential};
use dlx_models::polycube::{Board, PieceSet, Polycube};
use dlx_models::polyform::Motions;
use dlx_models::tilings::count_tilings;

mod common;
mod peers;

/// The solid pentominoes in a box, counted up to symmetry on this thread:
/// (all packings, packings up to symmetry).
fn count(model: &Polycube) -> (u64, u64) {
    let counted = count_tilings(model, true, CountMode::Auto, &mut Sequential::new())
        .expect("the count up to symmetry sets up");
    let value = |count: Option<dlx_core::Count>| {
        count
            .and_then(|c| c.to_u64())
            .expect("a finished count that fits u64")
    };
    (value(counted.all), value(counted.distinct))
}

fn polyform(c: &mut Criterion) {
    for (size, expected) in [("2x5x6", (2112, 264)), ("3x4x5", (31520, 3940))] {
        let board = Board::parse(size).expect("a box");
        let pieces = PieceSet::builtin("planar-pentacubes").expect("a set");
        let model = Polycube::new(board, pieces, Motions::Rotations).expect("the problem");
        assert_eq!(count(&model), expected, "{size}");
        let mut group = c.benchmark_group(format!("solid-pentominoes-{size}"));
        group.sampling_mode(SamplingMode::Flat);
        group.bench_function("dlx-models by symmetry", |b| b.iter(|| count(&model)));
        if let (Some(program), "2x5x6") = (dlx_benches::miniexact(), size) {
            let path = std::env::temp_dir().join(format!(
                "dlx-bench-solid-pentominoes-{size}-{}.dlx",
                std::process::id()
            ));
            std::fs::write(&path, write_dlx(model.problem())).expect("a temporary file");
            let found = dlx_benches::count_miniexact(&program, &path);
            assert_eq!(found, Some(expected.0), "miniexact on {size}");
            group.bench_function("miniexact", |b| {
                b.iter(|| dlx_benches::run_miniexact(&program, &path));
            });
            let _ = std::fs::remove_file(&path);
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = polyform
}
criterion_main!(benches);
