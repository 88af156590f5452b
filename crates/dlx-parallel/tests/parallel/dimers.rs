//! The dimer method's primes on threads: the same count as on one thread, on any number of threads, and stopped by the budget.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx_core::dimers::{count, Matrix};
use dlx_core::{Budget, Count, Outcome, Stop};
use dlx_parallel::count_dimers_on;

/// Kasteleyn's matrix of the `width x height` board (black cells the
/// rows, white ones the columns, both row-major; a horizontal domino +1,
/// a vertical one (-1)^column).
fn board(width: usize, height: usize) -> Matrix {
    let cells: Vec<(usize, usize)> = (0..height)
        .flat_map(|r| (0..width).map(move |c| (r, c)))
        .collect();
    let number = |cell: (usize, usize)| {
        cells
            .iter()
            .filter(|&&(r, c)| (r + c) % 2 == (cell.0 + cell.1) % 2 && (r, c) < cell)
            .count()
    };
    let mut edges = Vec::new();
    for &(r, c) in cells.iter().filter(|(r, c)| (r + c) % 2 == 0) {
        let mut add =
            |other: (usize, usize), sign| edges.push((number((r, c)), number(other), sign));
        if c + 1 < width {
            add((r, c + 1), 1);
        }
        if c > 0 {
            add((r, c - 1), 1);
        }
        let vertical = if c % 2 == 0 { 1 } else { -1 };
        if r + 1 < height {
            add((r + 1, c), vertical);
        }
        if r > 0 {
            add((r - 1, c), vertical);
        }
    }
    let size = width * height / 2;
    Matrix::new(size, size, edges).expect("a board's matrix")
}

fn pool(threads: usize) -> dlx_parallel::Pool {
    dlx_parallel::Pool::new(threads).expect("a pool")
}

/// Checks that the count on 1, 2 and 3 threads is the sequential one, and `expected`.
#[track_caller]
fn check(matrix: &Matrix, expected: &str) {
    let sequential = count(matrix, &Budget::new());
    assert_eq!(
        sequential.value.as_ref().map(Count::to_string).as_deref(),
        Some(expected)
    );
    for threads in [1, 2, 3] {
        let answer = count_dimers_on(matrix, &Budget::new(), &pool(threads));
        assert_eq!(answer, sequential, "{threads} threads");
    }
}

#[test]
fn threads_count_what_one_thread_counts() {
    // OEIS A004003: the 8 x 8 and 20 x 20 boards; Kasteleyn's 3 x 4.
    check(&board(8, 8), "12988816");
    check(
        &board(20, 20),
        "1269984011256235834242602753102293934298576249856",
    );
    check(&board(4, 3), "11");
    check(&Matrix::new(0, 0, []).expect("empty"), "1");
}

#[test]
fn the_budget_stops_every_thread() {
    let matrix = board(30, 30);
    let cancel = Arc::new(AtomicBool::new(true));
    let answer = count_dimers_on(&matrix, &Budget::new().with_cancel(cancel), &pool(2));
    assert_eq!(
        (answer.value, answer.outcome),
        (None, Outcome::Stopped(Stop::Cancelled))
    );
    // Two fronts on two threads: the memory of one is not enough.
    let front = matrix.cost().front_bytes;
    let answer = count_dimers_on(&matrix, &Budget::new().with_memory(2 * front - 1), &pool(2));
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Memory));
    let answer = count_dimers_on(&matrix, &Budget::new().with_memory(2 * front), &pool(2));
    assert_eq!(answer.outcome, Outcome::Finished);
    let answer = count_dimers_on(
        &matrix,
        &Budget::new().with_time(std::time::Duration::ZERO),
        &pool(2),
    );
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Time));
}
