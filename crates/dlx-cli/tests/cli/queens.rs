//! Tests of `dlx queens`.

use crate::support::{check_error, read_svg, run, scratch, ROOT};
use dlx_models::queens::{parse_spoj, Board, Queens, Square};

/// Checks that a command succeeds and prints `expected` on standard output.
#[track_caller]
fn check(args: &[&str], expected: &str) {
    let (stdout, _) = run(args, "", 0);
    assert_eq!(stdout, expected, "{args:?}");
}

/// Reads a board printed by `dlx queens` back, for an independent check.
fn read_board(text: &str) -> Board {
    let cols: Vec<Option<usize>> = text
        .lines()
        .map(|line| line.split(' ').position(|cell| cell == "Q"))
        .collect();
    Board::from_columns(cols).expect("a square board")
}

/// Solves a puzzle on the command line and checks the board printed against the rules.
#[track_caller]
fn check_board(args: &[&str], puzzle: &Queens) -> String {
    let (stdout, _) = run(args, "", 0);
    let board = read_board(&stdout);
    puzzle.check(&board).expect("a valid board");
    stdout
}

#[test]
fn counts() {
    let all = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    let distinct = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];
    for n in 1..=12 {
        let size = n.to_string();
        check(&["queens", &size, "--count"], &format!("{}\n", all[n - 1]));
        check(
            &["queens", &size, "--distinct"],
            &format!("{}\n", distinct[n - 1]),
        );
    }
    // A corner queen: 4 of the 92; the reflection in the diagonal through it is
    // the only symmetry left, and it pairs them up.
    check(&["queens", "8", "--place", "1:1", "--count"], "4\n");
    check(&["queens", "8", "--place", "1:1", "--distinct"], "2\n");
    check(&["queens", "10", "--count", "--distinct"], "724\n92\n");
}

#[test]
fn boards() {
    let eight = check_board(&["queens", "8"], &Queens::new(8).unwrap());
    insta::assert_snapshot!("queens_8", eight);
    let placed = Queens::with_queens(8, [Square::new(0, 0), Square::new(7, 3)]).unwrap();
    let board = check_board(
        &["queens", "8", "--place", "1:1", "--place", "8:4"],
        &placed,
    );
    insta::assert_snapshot!("queens_8_placed", board);
    let (stdout, stderr) = run(&["queens", "3"], "", 0);
    assert_eq!(
        (stdout.as_str(), stderr.as_str()),
        ("", "dlx: no solution\n")
    );
    check(&["queens", "1"], "Q\n");
}

/// n = 100 and 200 finish in well under a second (restarts on shuffled options).
#[test]
fn large_boards() {
    for n in [100, 200] {
        check_board(&["queens", &n.to_string()], &Queens::new(n).unwrap());
    }
}

#[test]
fn knuth_format() {
    let (text, _) = run(&["queens", "6", "--emit-dlx"], "", 0);
    insta::assert_snapshot!("queens_6_dlx", text);
    let (count, _) = run(&["solve", "--count"], &text, 0);
    assert_eq!(count, "4\n");
}

#[test]
fn spoj() {
    let (stdout, _) = run(&["queens", "--spoj", "data/queens/spoj.txt"], "", 0);
    let input = std::fs::read_to_string(format!("{ROOT}/data/queens/spoj.txt")).unwrap();
    let cases: Vec<_> = parse_spoj(&input).collect::<Result<_, _>>().unwrap();
    assert_eq!(stdout.lines().count(), cases.len());
    for (case, line) in cases.iter().zip(stdout.lines()) {
        let cols = line
            .split(' ')
            .map(|c| c.parse::<usize>().ok().and_then(|c| c.checked_sub(1)))
            .collect();
        let board = Board::from_columns(cols).expect("columns on the board");
        case.puzzle.check(&board).expect("a valid completion");
    }
    insta::assert_snapshot!("queens_spoj", stdout);
    // Standard input, and a case without a completion.
    let (stdout, stderr) = run(&["queens", "--spoj", "-"], "4 1 0 0 0\n1 0\n", 0);
    assert_eq!(stdout, "1\n");
    assert_eq!(stderr, "dlx: no solution: the case at line 1 of <stdin>\n");
}

#[test]
fn svg_pictures() {
    let dir = scratch("queens-svg");
    let path = dir.join("five.svg");
    let (board, _) = run(
        &[
            "queens",
            "5",
            "--place",
            "1:1",
            "--svg",
            path.to_str().unwrap(),
        ],
        "",
        0,
    );
    assert_eq!(board, run(&["queens", "5", "--place", "1:1"], "", 0).0);
    let svg = read_svg(&path);
    // The placed queen in black, the four found in blue.
    assert_eq!(svg.matches("<use ").count(), 5);
    // The model's picture (its snapshot is in dlx-models' tests).
    let puzzle = Queens::with_queens(5, [Square::new(0, 0)]).unwrap();
    assert_eq!(svg, puzzle.to_svg(puzzle.first().unwrap().as_ref()));
    // No solution: the board with the placed queens alone.
    let path = dir.join("three.svg");
    run(&["queens", "3", "--svg", path.to_str().unwrap()], "", 0);
    assert_eq!(read_svg(&path).matches("<use ").count(), 0);
    let (_, stderr) = run(&["queens", "8", "--count", "--svg", "x.svg"], "", 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[test]
fn errors() {
    check_error(
        &["queens", "8", "--place", "1:1", "--place", "3:3"],
        "",
        "pre-placed queens 1:1 and 3:3 attack each other on the same diagonal",
    );
    check_error(
        &["queens", "8", "--place", "2:5", "--place", "2:1"],
        "",
        "pre-placed queens 2:5 and 2:1 attack each other on the same row",
    );
    check_error(
        &["queens", "4", "--place", "5:1"],
        "",
        "queen 5:1 is off the 4x4 board",
    );
    check_error(&["queens", "0"], "", "the board needs at least one row");
    check_error(
        &["queens", "--spoj", "-"],
        "\n\n4 0 x 0 0\n",
        "in <stdin>: line 3, column 5: `x` is not a number",
    );
    check_error(
        &["queens", "--spoj", "-"],
        "\n5 0 0 6 0 0\n",
        "in <stdin>: line 2, column 7: row 3 has its queen in column 6, off the 5x5 board",
    );
    check_error(
        &["queens", "--spoj", "-"],
        "5 1 0 0 0\n",
        "in <stdin>: line 1: the board size is 5 but 4 rows follow it",
    );
    check_error(
        &["queens", "--spoj", "-"],
        "6 0 2 0 0 5 0\n",
        "in <stdin>: line 1: pre-placed queens 2:2 and 5:5 attack each other on the same diagonal",
    );
    // Bad arguments are clap's (exit code 2 too).
    let (_, stderr) = run(&["queens", "8", "--place", "1-1"], "", 2);
    assert!(
        stderr.contains("expected ROW:COL with numbers from 1"),
        "{stderr}"
    );
    let (_, stderr) = run(&["queens"], "", 2);
    assert!(stderr.contains("<N>"), "{stderr}");
}

#[test]
fn help_shows_an_example() {
    let (stdout, _) = run(&["queens", "--help"], "", 0);
    assert!(stdout.contains("dlx queens 12 --count"), "{stdout}");
}

/// Issue 20: an empty SPOJ input answered nothing and exited 0; it is bad input.
#[test]
fn issue_20_an_empty_spoj_input_holds_no_case() {
    check_error(
        &["queens", "--spoj", "-"],
        "",
        "in <stdin>: the input holds no case",
    );
}

/// Issue 21: the picture of a board without solution says so, instead of
/// being a blank board; a board with one has no such note.
#[test]
fn issue_21_a_picture_without_solution_says_so() {
    let dir = scratch("queens-no-solution");
    let none = dir.join("three.svg");
    let (_, stderr) = run(&["queens", "3", "--svg", none.to_str().unwrap()], "", 0);
    assert_eq!(stderr, "dlx: no solution\n");
    assert!(read_svg(&none).contains(">no solution</text>"));
    let some = dir.join("four.svg");
    run(&["queens", "4", "--svg", some.to_str().unwrap()], "", 0);
    assert!(!read_svg(&some).contains("no solution"));
}
