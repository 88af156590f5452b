//! Tests of `dlx matrix`.

use crate::support::{check_error, run, ROOT};
use dlx_models::matrix::{parse, Format};

/// Checks that a command succeeds on `stdin` and prints `expected` on standard output.
#[track_caller]
fn check(args: &[&str], stdin: &str, expected: &str) {
    let (stdout, _) = run(args, stdin, 0);
    assert_eq!(stdout, expected, "{args:?}");
}

#[test]
fn samples() {
    check(
        &["matrix", "data/matrix/poj3740.txt"],
        "",
        "Yes, I found it\nIt is impossible\nYes, I found it\n",
    );
    check(
        &["matrix", "--format", "hust1017", "data/matrix/hust1017.txt"],
        "",
        "3 2 4 6\nNO\n",
    );
    check(
        &["matrix", "--count", "data/matrix/poj3740.txt"],
        "",
        "1\n0\n1\n",
    );
}

/// The rows printed with `--rows` are an exact cover of their matrix.
#[test]
fn rows_are_covers() {
    let (stdout, _) = run(&["matrix", "--rows", "data/matrix/poj3740.txt"], "", 0);
    insta::assert_snapshot!("matrix_poj3740_rows", stdout);
    let input = std::fs::read_to_string(format!("{ROOT}/data/matrix/poj3740.txt")).unwrap();
    let mut lines = stdout.lines();
    for case in parse(&input, Format::Poj3740) {
        let matrix = case.unwrap().matrix;
        if lines.next() == Some("Yes, I found it") {
            let rows: Vec<usize> = lines
                .next()
                .unwrap()
                .split(' ')
                .map(|r| r.parse::<usize>().unwrap() - 1)
                .collect();
            matrix.check(&rows).expect("an exact cover");
        }
    }
    assert_eq!(lines.next(), None);
}

#[test]
fn standard_input() {
    check(&["matrix"], "2 2\n1 0\n0 1\n", "Yes, I found it\n");
    check(
        &["matrix", "-", "--rows"],
        "2 2\n1 0\n1 0\n",
        "It is impossible\n",
    );
    check(
        &["matrix", "--format", "hust1017"],
        "3 2\n2 1 2\n1 1\n1 2\n",
        "1 1\n",
    );
}

#[test]
fn knuth_format() {
    let (text, _) = run(&["matrix", "--emit-dlx", "data/matrix/poj3740.txt"], "", 0);
    insta::assert_snapshot!("matrix_poj3740_dlx", text);
    let (count, _) = run(
        &["matrix", "--format", "hust1017", "--emit-dlx"],
        "6 7\n3 1 4 7\n2 1 4\n3 4 5 7\n3 3 5 6\n4 2 3 6 7\n2 2 7\n",
        0,
    );
    let (count, _) = run(&["solve", "--count"], &count, 0);
    assert_eq!(count, "1\n");
}

#[test]
fn errors() {
    check_error(
        &["matrix"],
        "2 3\n0 1 0\n1 2 0\n",
        "in <stdin>: line 3, column 3: `2` is not 0 or 1",
    );
    check_error(
        &["matrix"],
        "2 3\n0 1 0\n1 0\n",
        "in <stdin>: line 3: the row has 2 values but the matrix has 3 columns",
    );
    check_error(
        &["matrix"],
        "3 2\n0 1\n",
        "in <stdin>: line 1: the header announces 3 rows but the input ends after 1",
    );
    check_error(
        &["matrix", "--format", "hust1017"],
        "2 7\n3 1 4 7\n2 1 9\n",
        "in <stdin>: line 3, column 5: column 9 is not between 1 and 7",
    );
    check_error(
        &["matrix", "--format", "hust1017"],
        "2 7\n3 1 4\n",
        "in <stdin>: line 2: the row announces 3 columns but lists 2",
    );
    check_error(
        &["matrix", "no/such/file.txt"],
        "",
        "cannot read `no/such/file.txt`: No such file or directory (os error 2)",
    );
    let (_, stderr) = run(&["matrix", "--format", "csv"], "", 2);
    assert!(stderr.contains("poj3740"), "{stderr}");
}

/// Answers before an error are printed; the error ends the run.
#[test]
fn answers_before_an_error() {
    let (stdout, stderr) = run(&["matrix"], "1 1\n1\n1 1\n2\n", 2);
    assert_eq!(stdout, "Yes, I found it\n");
    assert_eq!(
        stderr.trim_end(),
        "dlx: error: in <stdin>: line 4, column 1: `2` is not 0 or 1"
    );
}

#[test]
fn help_shows_an_example() {
    let (stdout, _) = run(&["matrix", "--help"], "", 0);
    assert!(
        stdout.contains("dlx matrix data/matrix/poj3740.txt"),
        "{stdout}"
    );
}

/// Issue 20: an empty input answered nothing and exited 0; it is bad input.
#[test]
fn issue_20_an_empty_input_holds_no_matrix() {
    check_error(&["matrix"], "", "in <stdin>: the input holds no matrix");
    check_error(
        &["matrix", "--format", "hust1017"],
        "\n",
        "in <stdin>: the input holds no matrix",
    );
}
