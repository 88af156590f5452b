//! Tests of the queens model.

use std::ops::ControlFlow;

use dlx_core::{parse_dlx, verify, write_dlx, Solver};
use dlx_models::queens::{
    parse_spoj, Board, BoardError, Line, Queens, QueensError, Square, Symmetry,
};

/// Counts the solutions of a puzzle, checking every one with `verify` and with
/// the board rules, and counts them up to symmetry too.
#[track_caller]
fn check(puzzle: &Queens, all: u64, distinct: u64) {
    let encoding = puzzle.encode().expect("encodes");
    let problem = encoding.problem();
    let mut solver = Solver::new(problem);
    let mut seen = 0u64;
    let _ = solver.visit(|solution| {
        verify(problem, solution).expect("a valid exact cover");
        let board = encoding.decode(solution);
        puzzle.check(&board).expect("a valid board");
        seen += 1;
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(seen, all, "all solutions of {}", puzzle.n());
    assert_eq!(puzzle.count().expect("counts"), all);
    assert_eq!(
        puzzle.count_distinct().expect("counts"),
        distinct,
        "distinct solutions of {}",
        puzzle.n()
    );
}

fn squares(list: &[(usize, usize)]) -> Vec<Square> {
    list.iter().map(|&(r, c)| Square::new(r, c)).collect()
}

/// OEIS A000170 and A002562 for n = 1..12 (13 and 14 belong to the benches).
#[test]
fn known_counts() {
    let all = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    let distinct = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];
    for n in 1..=12 {
        check(&Queens::new(n).unwrap(), all[n - 1], distinct[n - 1]);
    }
}

/// Every board of side `n` with one queen per row, its rules checked by brute force.
fn brute_force(puzzle: &Queens) -> Vec<Vec<usize>> {
    let n = puzzle.n();
    let mut found = Vec::new();
    let mut cols: Vec<usize> = Vec::with_capacity(n);
    fn extend(n: usize, cols: &mut Vec<usize>, puzzle: &Queens, found: &mut Vec<Vec<usize>>) {
        let row = cols.len();
        if row == n {
            found.push(cols.clone());
            return;
        }
        for col in 0..n {
            if let Some(given) = puzzle.placed().columns()[row] {
                if given != col {
                    continue;
                }
            }
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &c)| c != col && r + c != row + col && r + n - c != row + n - col);
            if safe {
                cols.push(col);
                extend(n, cols, puzzle, found);
                cols.pop();
            }
        }
    }
    extend(n, &mut cols, puzzle, &mut found);
    found
}

/// Burnside's lemma, an independent way to count orbits: the average number
/// of solutions each symmetry leaves unchanged.
fn burnside(puzzle: &Queens, solutions: &[Vec<usize>]) -> u64 {
    let group = puzzle.symmetries();
    let mut fixed = 0;
    for cols in solutions {
        let board = Board::from_columns(cols.iter().map(|&c| Some(c)).collect()).unwrap();
        fixed += group
            .iter()
            .filter(|&&s| board.transform(s) == board)
            .count();
    }
    assert_eq!(fixed % group.len(), 0, "Burnside's sum divides evenly");
    (fixed / group.len()) as u64
}

/// Pre-placed queens against brute force, the distinct counts against Burnside's lemma.
#[test]
fn placed_queens_against_brute_force() {
    let cases: &[(usize, &[(usize, usize)])] = &[
        (4, &[(0, 1)]),
        (5, &[(0, 0)]),
        (5, &[(2, 2)]),
        (6, &[(0, 1)]),
        (7, &[(3, 3)]),
        (7, &[(0, 0), (1, 2)]),
        (8, &[(0, 0)]),
        (8, &[(2, 4), (5, 0)]),
        (8, &[(0, 3), (7, 4)]),
        (9, &[(4, 4)]),
        (9, &[(0, 0), (8, 7)]),
        (10, &[(0, 4), (9, 5)]),
    ];
    for &(n, placed) in cases {
        let puzzle = Queens::with_queens(n, squares(placed)).unwrap();
        let solutions = brute_force(&puzzle);
        check(
            &puzzle,
            solutions.len() as u64,
            burnside(&puzzle, &solutions),
        );
    }
    // Without placed queens too, Burnside agrees with A002562.
    for (n, distinct) in [(5, 2), (6, 1), (7, 6), (8, 12)] {
        let puzzle = Queens::new(n).unwrap();
        assert_eq!(burnside(&puzzle, &brute_force(&puzzle)), distinct);
    }
}

#[test]
fn symmetries_keep_the_placed_queens() {
    let check_group = |n: usize, placed: &[(usize, usize)], expected: &[Symmetry]| {
        let puzzle = Queens::with_queens(n, squares(placed)).unwrap();
        assert_eq!(puzzle.symmetries(), expected, "{n} {placed:?}");
    };
    check_group(8, &[], &Symmetry::ALL);
    check_group(5, &[(2, 2)], &Symmetry::ALL);
    check_group(5, &[(0, 0)], &[Symmetry::Identity, Symmetry::Transpose]);
    check_group(
        8,
        &[(0, 3), (7, 4)],
        &[Symmetry::Identity, Symmetry::Rotate180],
    );
    check_group(8, &[(0, 2)], &[Symmetry::Identity]);
}

#[test]
fn every_symmetry_is_a_bijection_of_the_board() {
    for n in 1..=5 {
        for s in Symmetry::ALL {
            let mut images: Vec<Square> = (0..n * n)
                .map(|k| s.apply(n, Square::new(k / n, k % n)))
                .collect();
            images.sort();
            images.dedup();
            assert_eq!(images.len(), n * n, "{s:?} on {n}");
        }
    }
}

#[test]
fn fully_placed_boards() {
    check(&Queens::with_queens(1, squares(&[(0, 0)])).unwrap(), 1, 1);
    let full = squares(&[(0, 1), (1, 3), (2, 0), (3, 2)]);
    check(&Queens::with_queens(4, full).unwrap(), 1, 1);
    // A row whose free squares are all attacked: no solution, not an error.
    check(&Queens::with_queens(4, squares(&[(0, 0)])).unwrap(), 0, 0);
}

/// Placed queens' rows, columns and diagonals never become items, nor the squares they attack options.
#[test]
fn lean_encoding() {
    let check_size = |n: usize, placed: &[(usize, usize)], primary: usize, options: usize| {
        let puzzle = Queens::with_queens(n, squares(placed)).unwrap();
        let encoding = puzzle.encode().unwrap();
        let problem = encoding.problem();
        assert_eq!(problem.n_primary(), primary, "{n} {placed:?}");
        assert_eq!(problem.n_options(), options, "{n} {placed:?}");
        for option in problem.option_ids() {
            let square = encoding.square(option);
            for &q in placed {
                assert_eq!(Square::new(q.0, q.1).shared_line(square), None);
            }
        }
        let names: Vec<String> = problem.item_ids().map(|i| problem.item_label(i)).collect();
        for &(r, c) in placed {
            // Knuth's names, from 0: a = row + column, b = n - 1 - row + column.
            assert!(!names.contains(&format!("r{r}")), "{names:?}");
            assert!(!names.contains(&format!("c{c}")), "{names:?}");
            assert!(!names.contains(&format!("a{}", r + c)), "{names:?}");
            assert!(!names.contains(&format!("b{}", n - 1 - r + c)), "{names:?}");
        }
    };
    check_size(8, &[], 16, 64);
    // A corner queen removes its row, column and diagonal: 7 x 7 - 7 squares remain.
    check_size(8, &[(0, 0)], 14, 42);
    check_size(4, &[(0, 1), (1, 3), (2, 0), (3, 2)], 0, 0);
    // Diagonals through a single square are left out: 8 x 8 has 13 of each kind.
    let problem = Queens::new(8).unwrap().encode().unwrap();
    assert_eq!(problem.problem().n_secondary(), 26);
}

#[test]
fn items_from_the_middle_outward() {
    let problem = Queens::new(8).unwrap().encode().unwrap();
    let names: Vec<String> = problem
        .problem()
        .item_ids()
        .take(16)
        .map(|i| problem.problem().item_label(i))
        .collect();
    assert_eq!(
        names.join(" "),
        "r4 c4 r3 c3 r5 c5 r2 c2 r6 c6 r1 c1 r7 c7 r0 c0"
    );
    let problem = Queens::new(5).unwrap().encode().unwrap();
    let names: Vec<String> = problem
        .problem()
        .item_ids()
        .take(10)
        .map(|i| problem.problem().item_label(i))
        .collect();
    assert_eq!(names.join(" "), "r2 c2 r1 c1 r3 c3 r0 c0 r4 c4");
}

/// The problem in Knuth's format reads back to the same problem.
#[test]
fn knuth_format_round_trip() {
    for (n, placed) in [(4, vec![]), (6, vec![(1, 2)]), (8, vec![])] {
        let puzzle = Queens::with_queens(n, squares(&placed)).unwrap();
        let text = write_dlx(puzzle.encode().unwrap().problem());
        let problem = parse_dlx(&text).unwrap();
        assert_eq!(Solver::new(&problem).count().value, puzzle.count().unwrap());
    }
    insta::assert_snapshot!(
        "queens_4_dlx",
        write_dlx(Queens::new(4).unwrap().encode().unwrap().problem())
    );
}

#[test]
fn rendered_boards() {
    let first = |n: usize, placed: &[(usize, usize)]| {
        let puzzle = Queens::with_queens(n, squares(placed)).unwrap();
        let board = puzzle.first().unwrap().expect("a solution");
        puzzle.check(&board).unwrap();
        board
    };
    insta::assert_snapshot!("queens_1", first(1, &[]).render());
    insta::assert_snapshot!("queens_8", first(8, &[]).render());
    insta::assert_snapshot!("queens_8_placed", first(8, &[(0, 0), (7, 3)]).render());
    insta::assert_snapshot!("queens_12", first(12, &[]).render());
    assert_eq!(first(8, &[]).spoj_line().split(' ').count(), 8);
    assert_eq!(Queens::new(3).unwrap().first().unwrap(), None);
    // A partial board renders its empty rows as dots.
    let partial = Board::from_columns(vec![Some(1), None, Some(0)]).unwrap();
    assert_eq!(partial.render(), ". Q .\n. . .\nQ . .\n");
    assert_eq!(partial.spoj_line(), "2 0 1");
}

/// A first solution for large boards (the times are in the report; this only checks the answers).
#[test]
fn large_boards() {
    for n in [20, 50, 64, 100, 200] {
        let puzzle = Queens::new(n).unwrap();
        let board = puzzle.first().unwrap().expect("a solution");
        puzzle.check(&board).unwrap();
    }
}

#[test]
fn placement_errors() {
    #[track_caller]
    fn check_err(n: usize, placed: &[(usize, usize)], expected: &str) {
        let err = Queens::with_queens(n, squares(placed)).unwrap_err();
        assert_eq!(err.to_string(), expected);
    }
    check_err(
        8,
        &[(0, 0), (3, 0)],
        "pre-placed queens 1:1 and 4:1 attack each other on the same column",
    );
    check_err(
        8,
        &[(2, 1), (2, 5)],
        "pre-placed queens 3:2 and 3:6 attack each other on the same row",
    );
    check_err(
        8,
        &[(0, 0), (4, 1), (7, 7)],
        "pre-placed queens 1:1 and 8:8 attack each other on the same diagonal",
    );
    check_err(
        8,
        &[(0, 7), (7, 0)],
        "pre-placed queens 1:8 and 8:1 attack each other on the same anti-diagonal",
    );
    check_err(4, &[(1, 1), (1, 1)], "queen 2:2 is placed twice");
    check_err(4, &[(4, 0)], "queen 5:1 is off the 4x4 board");
    assert_eq!(Queens::new(0).unwrap_err(), QueensError::EmptyBoard);
    assert_eq!(
        Queens::new(1001).unwrap_err().to_string(),
        "a board of side 1001 is larger than the limit of 1000"
    );
    let err = Queens::with_queens(8, squares(&[(0, 0), (3, 3)])).unwrap_err();
    assert_eq!(
        err,
        QueensError::Clash {
            first: Square::new(0, 0),
            second: Square::new(3, 3),
            line: Line::Diagonal
        }
    );
}

#[test]
fn board_checks() {
    #[track_caller]
    fn check_board(puzzle: &Queens, cols: &[Option<usize>], expected: Result<(), &str>) {
        let board = Board::from_columns(cols.to_vec()).unwrap();
        let result = puzzle.check(&board).map_err(|e| e.to_string());
        assert_eq!(result, expected.map_err(str::to_owned));
    }
    let four = Queens::new(4).unwrap();
    check_board(&four, &[Some(1), Some(3), Some(0), Some(2)], Ok(()));
    check_board(
        &four,
        &[Some(1), Some(3), Some(1), Some(2)],
        Err("queens 1:2 and 3:2 attack each other on the same column"),
    );
    check_board(
        &four,
        &[Some(0), Some(2), Some(3), Some(1)],
        Err("queens 2:3 and 3:4 attack each other on the same diagonal"),
    );
    check_board(
        &four,
        &[Some(1), Some(3), Some(2), Some(0)],
        Err("queens 2:4 and 3:3 attack each other on the same anti-diagonal"),
    );
    check_board(
        &four,
        &[Some(1), None, Some(0), Some(2)],
        Err("row 2 has no queen"),
    );
    check_board(
        &four,
        &[Some(1), Some(2), Some(0)],
        Err("the board is 3x3 but the puzzle is 4x4"),
    );
    let placed = Queens::with_queens(4, [Square::new(0, 2)]).unwrap();
    check_board(
        &placed,
        &[Some(1), Some(3), Some(0), Some(2)],
        Err("the pre-placed queen 1:3 is missing"),
    );
    assert!(matches!(
        Board::from_columns(vec![Some(3), None, None]),
        Err(QueensError::OffBoard { .. })
    ));
    assert_eq!(Board::new(2).check(), Err(BoardError::EmptyRow { row: 0 }));
}

#[test]
fn spoj_cases_are_solved() {
    let text = "4 0 0 0 0\n\n8 1 0 0 0 0 0 0 0\n  5 0 0 0 0 3\n1 1\n10 0 0 0 0 0 0 0 0 0 0\n";
    let cases: Vec<_> = parse_spoj(text).collect::<Result<_, _>>().unwrap();
    let lines: Vec<usize> = cases.iter().map(|c| c.line).collect();
    assert_eq!(lines, [1, 3, 4, 5, 6]);
    for case in &cases {
        let board = case.puzzle.first().unwrap().expect("a solution");
        case.puzzle.check(&board).unwrap();
    }
    assert_eq!(cases[2].puzzle.placed().spoj_line(), "0 0 0 0 3");
}

#[test]
fn spoj_errors() {
    #[track_caller]
    fn check_err(text: &str, expected: &str) {
        let err = parse_spoj(text).find_map(Result::err).expect("an error");
        // The source (a clash) is chained, as the CLI prints it.
        let mut message = err.to_string();
        let mut source = std::error::Error::source(&err);
        while let Some(cause) = source {
            message += &format!(": {cause}");
            source = cause.source();
        }
        assert_eq!(message, expected);
    }
    check_err("4 0 0 x 0\n", "line 1, column 7: `x` is not a number");
    check_err(
        "4 0 0 0 0\n4 0 -1 0 0\n",
        "line 2, column 5: `-1` is not a number",
    );
    check_err(
        "\n\n4 0 0 0\n",
        "line 3: the board size is 4 but 3 rows follow it",
    );
    check_err(
        "4 0 0 0 0 0\n",
        "line 1: the board size is 4 but 5 rows follow it",
    );
    check_err(
        "0\n",
        "line 1, column 1: the board size 0 is not between 1 and 1000",
    );
    check_err(
        "4 0 5 0 0\n",
        "line 1, column 5: row 2 has its queen in column 5, off the 4x4 board",
    );
    check_err(
        "8 1 0 3 0 0 0 0 0\n",
        "line 1: pre-placed queens 1:1 and 3:3 attack each other on the same diagonal",
    );
    check_err(
        "4 0 0 0 0\n6 2 0 0 0 0 2\n",
        "line 2: pre-placed queens 1:2 and 6:2 attack each other on the same column",
    );
}

/// Shuffling the options changes the search, never the solutions.
#[test]
fn shuffled_options_keep_the_counts() {
    for (n, placed, all, distinct) in [
        (6, vec![], 4u64, 1u64),
        (8, vec![], 92, 12),
        (9, vec![], 352, 46),
        (8, vec![(0, 0)], 4, 2),
    ] {
        let puzzle = Queens::with_queens(n, squares(&placed)).unwrap();
        for seed in [1, 2, 2026] {
            let encoding = puzzle.encode_shuffled(seed).unwrap();
            let mut solver = Solver::new(encoding.problem());
            let _ = solver.visit(|solution| {
                verify(encoding.problem(), solution).expect("a valid exact cover");
                puzzle
                    .check(&encoding.decode(solution))
                    .expect("a valid board");
                ControlFlow::<()>::Continue(())
            });
            assert_eq!(solver.stats().solutions, all, "{n} {placed:?} {seed}");
            let mut solver = Solver::new(encoding.problem());
            let found = encoding.count_distinct(&mut solver, &puzzle.symmetries());
            assert_eq!(found, distinct, "{n} {placed:?} {seed}");
        }
    }
}

#[test]
fn puzzles_compare_by_their_queens() {
    let a = Queens::with_queens(8, squares(&[(0, 0), (7, 3)])).unwrap();
    let b = Queens::with_queens(8, squares(&[(7, 3), (0, 0)])).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, Queens::new(8).unwrap());
}
