//! Times the dimer method (issue 36) on the boards of its goals: `cargo run --release -p dlx-benches --example dimers -- square 100` (or `aztec 100`, `hexagon 30`), with `--threads N`, `--frequencies`, or `--bareiss` (the same determinant by Bareiss's fraction-free banded elimination over big integers, the method not chosen).
#![allow(clippy::print_stdout, reason = "a measuring tool prints its figures")]

use std::time::Instant;

use dlx_core::dimers::{count, frequencies, Matrix};
use dlx_core::Budget;
use dlx_models::polyomino::{Board, PieceSet, Polyomino};
use num_bigint::BigInt;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: dimers square|aztec|hexagon N [--threads T] [--frequencies] [--bareiss]";
    let (Some(what), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
    ) else {
        println!("{usage}");
        return;
    };
    let flag = |name: &str| args.iter().any(|a| a == name);
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .and_then(|t| t.parse::<usize>().ok());

    let start = Instant::now();
    let matrix = match what.as_str() {
        "square" | "aztec" => {
            let board = if what == "square" {
                Board::rectangle(n, n).expect("a board")
            } else {
                Board::parse(&aztec(n)).expect("a board")
            };
            let model = Polyomino::new(board, PieceSet::domino(), false).expect("dominoes");
            model.dimers().expect("dominoes only").matrix().clone()
        }
        "hexagon" => hexagon(n as i64),
        _ => {
            println!("{usage}");
            return;
        }
    };
    let cost = matrix.cost();
    println!(
        "{what} {n}: {} rows, {} primes ({} bits), {} updates and {} rows updated a prime, front {} bytes; built in {:.3} s",
        matrix.size(),
        cost.primes,
        matrix.primes().bound_bits(),
        cost.updates_per_prime,
        cost.row_updates_per_prime,
        cost.front_bytes,
        start.elapsed().as_secs_f64()
    );

    let start = Instant::now();
    let answer = match threads {
        Some(t) => {
            let pool = dlx_parallel::Pool::new(t).expect("a pool");
            dlx_parallel::count_dimers_on(&matrix, &Budget::new(), &pool)
        }
        None => count(&matrix, &Budget::new()),
    };
    let value = answer.value.expect("no budget");
    let digits = value.to_string();
    println!(
        "count: {} digits ({} bits) in {:.3} s, {} threads",
        digits.len(),
        value.to_biguint().bits(),
        start.elapsed().as_secs_f64(),
        threads.unwrap_or(1)
    );
    if digits.len() <= 60 {
        println!("{digits}");
    }

    if flag("--frequencies") {
        let start = Instant::now();
        let found = frequencies(&matrix, &Budget::new())
            .value
            .expect("no budget");
        assert_eq!(found.total, value);
        println!(
            "frequencies: {} edges in {:.3} s",
            found.through.len(),
            start.elapsed().as_secs_f64()
        );
    }

    if flag("--bareiss") {
        let start = Instant::now();
        let det = bareiss_banded(&matrix);
        assert_eq!(det.magnitude(), &value.to_biguint());
        println!(
            "Bareiss over big integers: {:.3} s",
            start.elapsed().as_secs_f64()
        );
    }
}

/// The Aztec diamond of order `n` as board art.
fn aztec(n: usize) -> String {
    (0..2 * n)
        .map(|r| {
            let half = if r < n { r + 1 } else { 2 * n - r };
            format!("{}{}\n", ".".repeat(n - half), "#".repeat(2 * half))
        })
        .collect()
}

/// The honeycomb of the regular hexagon of side `n` of the triangular
/// lattice, all signs +1 (see `dlx_core::dimers`): rows the up triangles,
/// columns the down ones, both by rows of the lattice.
fn hexagon(n: i64) -> Matrix {
    let (a, b, c) = (n, n, n);
    let left = |y: i64| if y <= c { c - y } else { 0 };
    let right = |y: i64| if y <= b { c + a } else { c + a - (y - b) };
    let inside = |x: i64, y: i64| (0..=b + c).contains(&y) && (left(y)..=right(y)).contains(&x);
    let (mut ups, mut downs) = (Vec::new(), Vec::new());
    for y in 0..b + c {
        for x in 0..=a + c {
            if inside(x, y) && inside(x + 1, y) && inside(x, y + 1) {
                downs.push((x, y));
            }
            if inside(x, y + 1) && inside(x + 1, y + 1) && inside(x + 1, y) {
                ups.push((x, y));
            }
        }
    }
    let column: std::collections::HashMap<_, _> =
        downs.iter().enumerate().map(|(j, &t)| (t, j)).collect();
    let mut edges = Vec::new();
    for (i, &(x, y)) in ups.iter().enumerate() {
        for down in [(x, y), (x + 1, y), (x, y + 1)] {
            if let Some(&j) = column.get(&down) {
                edges.push((i, j, 1));
            }
        }
    }
    Matrix::new(ups.len(), downs.len(), edges).expect("a hexagon")
}

/// The determinant by Bareiss's fraction-free elimination over big
/// integers, within the band of the matrix as numbered (rows in the band
/// below the pivot updated; a row entering the band is first multiplied
/// by the last pivot, as the rows below would have been), without
/// pivoting: it panics at a leading minor of 0, which the boards measured
/// here do not have.
fn bareiss_banded(matrix: &Matrix) -> BigInt {
    let n = matrix.size();
    let (mut lower, mut upper) = (0usize, 0usize);
    for e in matrix.edges() {
        lower = lower.max(e.row().saturating_sub(e.column()));
        upper = upper.max(e.column().saturating_sub(e.row()));
    }
    let width = lower + upper + 1;
    // Row i holds columns i - lower ..= i + upper, column j at j + lower - i.
    let at = |i: usize, j: usize| j + lower - i;
    let mut rows: Vec<Vec<BigInt>> = vec![vec![BigInt::ZERO; width]; n];
    for e in matrix.edges() {
        rows[e.row()][at(e.row(), e.column())] = BigInt::from(e.weight());
    }
    let mut previous = BigInt::from(1);
    for k in 0..n {
        let pivot = rows[k][at(k, k)].clone();
        assert!(pivot != BigInt::ZERO, "a leading minor of 0 at {k}");
        let (top, rest) = rows.split_at_mut(k + 1);
        let pivot_row = &top[k];
        for (offset, row) in rest.iter_mut().take(lower).enumerate() {
            let i = k + 1 + offset;
            if i == k + lower && k > 0 {
                for value in row.iter_mut() {
                    *value *= &previous;
                }
            }
            let factor = row[at(i, k)].clone();
            for j in k + 1..=(i + upper).min(n - 1) {
                let value = if j <= k + upper {
                    (&pivot * &row[at(i, j)] - &factor * &pivot_row[at(k, j)]) / &previous
                } else {
                    &pivot * &row[at(i, j)] / &previous
                };
                row[at(i, j)] = value;
            }
            row[at(i, k)] = BigInt::ZERO;
        }
        previous = pivot;
    }
    previous
}
