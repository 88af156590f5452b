//! One solver on one workload, once: the process that `cargo xtask bench` times.
//!
//! `runner SOLVER WORKLOAD` reads the workload's instance file, counts its
//! solutions with SOLVER (`ours`, `dlx-crate`, `xcov`, or `bitboard` for the
//! queens workloads), prints the count, and fails when it differs from the
//! known one. Parsing is part of the run, as it is for `dlx solve` and
//! `miniexact`, so every time in the report covers the same work.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a small developer tool that reports on the terminal"
)]

#[path = "../benches/peers/mod.rs"]
mod peers;

use std::process::ExitCode;

use dlx_benches::{count_ours, queens_bitboard, workload, Kind};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [solver, name] = args.as_slice() else {
        eprintln!("usage: runner ours|dlx-crate|xcov|bitboard WORKLOAD");
        return ExitCode::from(2);
    };
    let Some(workload) = workload(name) else {
        eprintln!("runner: unknown workload {name:?}");
        return ExitCode::from(2);
    };
    let count = match (solver.as_str(), workload.kind) {
        ("ours", _) => count_ours(&workload.bytes()),
        ("dlx-crate", _) => peers::count_dlx_crate(&workload.text()),
        ("xcov", _) => peers::count_xcov(&workload.text()),
        ("bitboard", Kind::Queens(n)) => queens_bitboard(n),
        _ => {
            eprintln!("runner: solver {solver:?} does not run {name}");
            return ExitCode::from(2);
        }
    };
    println!("{count}");
    if count == workload.solutions {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "runner: {solver} found {count} solutions of {name}, expected {}",
            workload.solutions
        );
        ExitCode::FAILURE
    }
}
