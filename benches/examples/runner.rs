//! One solver on one workload, once: the process that `cargo xtask bench` times.
//!
//! `runner SOLVER WORKLOAD [--take N]` reads the workload's input, counts its
//! solutions with SOLVER (`ours`, `dlx-crate`, `xcov`, `bitboard` for the
//! queens workloads, `backtrack` for sudoku), prints the count, and fails
//! when it differs from the known one. Parsing is part of the run, as it is
//! for `dlx solve` and `miniexact`, so every time in the report covers the
//! same work. `--take N` keeps the first N puzzles of a sudoku set (the plain
//! backtracking reference is too slow for whole sets).
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a small developer tool that reports on the terminal"
)]

#[path = "../benches/peers/mod.rs"]
mod peers;

use std::process::ExitCode;

use dlx_benches::{
    count_ours, count_sudoku_backtrack, count_sudoku_ours, queens_bitboard, sudoku_puzzles,
    workload, Kind,
};

const USAGE: &str = "usage: runner ours|dlx-crate|xcov|bitboard|backtrack WORKLOAD [--take N]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (solver, name, take) = match args.as_slice() {
        [solver, name] => (solver, name, None),
        [solver, name, flag, n] if flag == "--take" => match n.parse::<usize>() {
            Ok(n) => (solver, name, Some(n)),
            Err(_) => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let Some(workload) = workload(name) else {
        eprintln!("runner: unknown workload {name:?}");
        return ExitCode::from(2);
    };
    let mut expected = workload.solutions;
    let count = match workload.kind {
        Kind::Sudoku { limit } => {
            let mut text = workload.text();
            if let Some(n) = take {
                text = sudoku_puzzles(&text)
                    .take(n)
                    .map(|line| String::from_utf8_lossy(line) + "\n")
                    .collect();
                expected = expected.min(n as u64);
            }
            match solver.as_str() {
                "ours" => {
                    let (count, stats) = count_sudoku_ours(&text, limit);
                    eprintln!("nodes: {}\nupdates: {}", stats.nodes, stats.updates);
                    count
                }
                "dlx-crate" => peers::count_sudoku_dlx_crate(&text, limit),
                "xcov" => peers::count_sudoku_xcov(&text, limit),
                "backtrack" => count_sudoku_backtrack(&text, limit),
                _ => {
                    eprintln!("runner: solver {solver:?} does not run {name}");
                    return ExitCode::from(2);
                }
            }
        }
        kind => match (solver.as_str(), kind) {
            ("ours", _) => count_ours(&workload.bytes()),
            ("dlx-crate", _) => peers::count_dlx_crate(&workload.text()),
            ("xcov", _) => peers::count_xcov(&workload.text()),
            ("bitboard", Kind::Queens(n)) => queens_bitboard(n),
            _ => {
                eprintln!("runner: solver {solver:?} does not run {name}");
                return ExitCode::from(2);
            }
        },
    };
    println!("{count}");
    if count == expected {
        ExitCode::SUCCESS
    } else {
        eprintln!("runner: {solver} found {count} solutions of {name}, expected {expected}");
        ExitCode::FAILURE
    }
}
