//! The dimer method's primes on threads: the same count and frequencies as on one thread, on any number of threads, and stopped by the budget; each option's solutions counted by the count's method, the same as by the diagram.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx_core::dimers::{count, frequencies, Matrix};
use dlx_core::{parse_dlx, Budget, Count, MemoError, MemoSettings, Outcome, Problem, Stop};
use dlx_parallel::{count_dimers_on, diagram_on, dimer_frequencies_on, frequencies_on, CountedBy};

/// Kasteleyn's matrix of the `width x height` board (black cells the
/// rows, white ones the columns, both row-major; a horizontal domino +1,
/// a vertical one (-1)^column).
fn board(width: usize, height: usize) -> Matrix {
    let (size, edges, _) = board_edges(width, height);
    Matrix::new(size, size, edges).expect("a board's matrix")
}

/// The rows, the edges and the dominoes (each edge's cells, black first)
/// of [`board`]'s matrix.
#[allow(clippy::type_complexity, reason = "a test's tuple, said in its doc")]
fn board_edges(
    width: usize,
    height: usize,
) -> (usize, Vec<(usize, usize, i32)>, Vec<[(usize, usize); 2]>) {
    let cells: Vec<(usize, usize)> = (0..height)
        .flat_map(|r| (0..width).map(move |c| (r, c)))
        .collect();
    let number = |cell: (usize, usize)| {
        cells
            .iter()
            .filter(|&&(r, c)| (r + c) % 2 == (cell.0 + cell.1) % 2 && (r, c) < cell)
            .count()
    };
    let (mut edges, mut dominoes) = (Vec::new(), Vec::new());
    for &(r, c) in cells.iter().filter(|(r, c)| (r + c) % 2 == 0) {
        let mut add = |other: (usize, usize), sign| {
            edges.push((number((r, c)), number(other), sign));
            dominoes.push([(r, c), other]);
        };
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
    (width * height / 2, edges, dominoes)
}

/// The domino tilings of the `width x height` board as an exact cover
/// problem, an option per edge of [`board`] in its order, with the
/// matrix (`with_matrix`) or without it.
fn dominoes(width: usize, height: usize, with_matrix: bool) -> Problem {
    let (_, _, dominoes) = board_edges(width, height);
    let name = |(r, c): (usize, usize)| format!("r{r}c{c}");
    let mut text = String::new();
    for r in 0..height {
        for c in 0..width {
            text += &format!("{} ", name((r, c)));
        }
    }
    text.push('\n');
    for [a, b] in dominoes {
        text += &format!("{} {}\n", name(a), name(b));
    }
    let problem = parse_dlx(&text).expect("a board's problem");
    if with_matrix {
        problem
            .with_matchings(board(width, height))
            .expect("the board's matrix")
    } else {
        problem
    }
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

#[test]
fn threads_find_the_frequencies_one_thread_finds() {
    for matrix in [board(8, 8), board(4, 3), board(6, 5)] {
        let sequential = frequencies(&matrix, &Budget::new());
        assert_eq!(sequential.outcome, Outcome::Finished);
        for threads in [1, 2, 3] {
            let answer = dimer_frequencies_on(&matrix, &Budget::new(), &pool(threads));
            assert_eq!(answer, sequential, "{threads} threads");
        }
    }
    let matrix = board(30, 30);
    let cancel = Arc::new(AtomicBool::new(true));
    let answer = dimer_frequencies_on(&matrix, &Budget::new().with_cancel(cancel), &pool(2));
    assert_eq!(
        (answer.value, answer.outcome),
        (None, Outcome::Stopped(Stop::Cancelled))
    );
    // Two eliminations at once on two threads, each with its factors.
    let factors = 2 * matrix.cofactor_bytes();
    let answer = dimer_frequencies_on(&matrix, &Budget::new().with_memory(factors), &pool(2));
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Memory));
    let answer = dimer_frequencies_on(&matrix, &Budget::new().with_memory(factors), &pool(1));
    assert_eq!(answer.outcome, Outcome::Finished);
}

/// Issue 36: each option's solutions by the count's method, the
/// determinant where the count takes it, are the diagram's.
#[test]
fn issue_36_frequencies_follow_the_counts_method() {
    let settings = MemoSettings::new();
    let budget = Budget::new();
    // 10 x 10 and 8 x 8: the determinant; the 2 x 12 strip: the layers,
    // though it carries its matrix; without the matrix: the diagram.
    for (width, height, by_determinant) in [(10, 10, true), (8, 8, true), (2, 12, false)] {
        let problem = dominoes(width, height, true);
        let diagram = diagram_on(
            &dominoes(width, height, false),
            &settings,
            &budget,
            &pool(1),
        )
        .expect("a small board's diagram");
        for threads in [1, 2] {
            let counts =
                frequencies_on(&problem, &settings, &budget, &pool(threads)).expect("no budget");
            assert_eq!(
                matches!(counts.by, CountedBy::Dimers(_)),
                by_determinant,
                "{width} x {height}"
            );
            assert_eq!(&counts.total, diagram.count());
            assert_eq!(counts.each, diagram.frequencies(), "{width} x {height}");
        }
        let plain = frequencies_on(
            &dominoes(width, height, false),
            &settings,
            &budget,
            &pool(2),
        )
        .expect("no budget");
        assert!(matches!(plain.by, CountedBy::Diagram(_)));
        assert_eq!(plain.each, diagram.frequencies());
    }
    // 8 x 8 is OEIS A004003's 12988816; a stop leaves no value, by either method.
    let problem = dominoes(8, 8, true);
    let counts = frequencies_on(&problem, &settings, &budget, &pool(2)).expect("no budget");
    assert_eq!(counts.total.to_string(), "12988816");
    let cancelled = Budget::new().with_cancel(Arc::new(AtomicBool::new(true)));
    for problem in [problem, dominoes(8, 8, false)] {
        let stopped = frequencies_on(&problem, &settings, &cancelled, &pool(2));
        assert!(
            matches!(stopped, Err(MemoError::Stopped(Stop::Cancelled))),
            "{stopped:?}"
        );
    }
}
