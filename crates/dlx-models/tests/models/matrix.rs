//! Tests of the matrix model.

use std::ops::ControlFlow;

use dlx_core::{verify, Solver};
use dlx_models::matrix::{parse, CoverError, Format, Matrix, MatrixError};

/// Reads every matrix of `text`, answers each, and checks every cover found
/// with `verify` and against the matrix itself.
#[track_caller]
fn check(text: &str, format: Format, expected: &[&str]) {
    let mut answers = Vec::new();
    for case in parse(text, format) {
        let matrix = case.expect("parses").matrix;
        let rows = matrix.solve().expect("encodes");
        if let Some(rows) = &rows {
            matrix.check(rows).expect("an exact cover");
        }
        let encoding = matrix.encode().unwrap();
        let mut solver = Solver::new(encoding.problem());
        let _ = solver.visit(|solution| {
            verify(encoding.problem(), solution).expect("a valid exact cover");
            matrix
                .check(&encoding.decode(solution))
                .expect("an exact cover");
            ControlFlow::<()>::Continue(())
        });
        answers.push(format.answer(rows.as_deref()));
    }
    assert_eq!(answers, expected);
}

#[track_caller]
fn check_err(text: &str, format: Format, expected: &str) {
    let err = parse(text, format).find_map(Result::err).expect("an error");
    assert_eq!(err.to_string(), expected);
}

const HUST_SAMPLE: &str = "6 7\n3 1 4 7\n2 1 4\n3 4 5 7\n3 3 5 6\n4 2 3 6 7\n2 2 7\n";
const POJ_SAMPLE: &str = "3 3\n0 1 0\n0 0 1\n1 0 0\n4 4\n0 0 0 1\n1 0 0 0\n1 1 0 1\n0 1 0 0\n";

#[test]
fn samples() {
    check(HUST_SAMPLE, Format::Hust1017, &["3 2 4 6"]);
    check(
        POJ_SAMPLE,
        Format::Poj3740,
        &["Yes, I found it", "It is impossible"],
    );
}

#[test]
fn several_cases_and_blank_lines() {
    // A row of zeros (`0`) is never chosen; the last matrix has two covers.
    let text = "\n2 1\n\n1 1\n\n0\n1 2\n1 2\n3 2\n2 1 2\n1 1\n1 2\n";
    check(text, Format::Hust1017, &["1 1", "NO", "1 1"]);
    // No rows and no columns: the empty set of rows is a cover.
    let text = "0 0\n\n0 3\n2 3\n1 1 0\n0 0 1\n";
    check(
        text,
        Format::Poj3740,
        &["Yes, I found it", "It is impossible", "Yes, I found it"],
    );
}

#[test]
fn covers_are_counted() {
    let case = parse(HUST_SAMPLE, Format::Hust1017)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(case.matrix.count().unwrap(), 1u64);
    // Every row of an identity matrix is needed; two copies double the covers.
    let matrix = Matrix::new(
        3,
        vec![vec![0], vec![1], vec![2], vec![0], vec![1], vec![2]],
    )
    .unwrap();
    assert_eq!(matrix.count().unwrap(), 8u64);
}

/// A small generator of reproducible pseudo-random matrices (a 64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Random matrices against brute force over every subset of rows.
#[test]
fn random_matrices_against_brute_force() {
    let mut rng = Lcg(2026);
    for _ in 0..200 {
        let n_rows = 1 + (rng.next() % 10) as usize;
        let n_cols = 1 + (rng.next() % 6) as usize;
        let rows: Vec<Vec<usize>> = (0..n_rows)
            .map(|_| (0..n_cols).filter(|_| rng.next() % 3 == 0).collect())
            .collect();
        let matrix = Matrix::new(n_cols, rows).unwrap();
        let brute = (0u32..1 << n_rows)
            .filter(|subset| {
                let chosen: Vec<usize> = (0..n_rows).filter(|r| subset >> r & 1 == 1).collect();
                // A row of zeros may be added to any cover; the solver never chooses one.
                chosen.iter().all(|&r| !matrix.row(r).is_empty()) && matrix.check(&chosen).is_ok()
            })
            .count() as u64;
        assert_eq!(matrix.count().unwrap(), brute, "{matrix:?}");
        assert_eq!(matrix.solve().unwrap().is_some(), brute > 0);
    }
}

#[test]
fn parse_errors() {
    check_err(
        "2 3\n0 1 0\n1 2 0\n",
        Format::Poj3740,
        "line 3, column 3: `2` is not 0 or 1",
    );
    check_err(
        "2 3\n0 1 0\n1 0\n",
        Format::Poj3740,
        "line 3: the row has 2 values but the matrix has 3 columns",
    );
    check_err(
        "2 3\n0 1 0 1\n",
        Format::Poj3740,
        "line 2: the row has 4 values but the matrix has 3 columns",
    );
    check_err(
        "3 3\n0 1 0\n1 0 0\n",
        Format::Poj3740,
        "line 1: the header announces 3 rows but the input ends after 2",
    );
    check_err(
        "1 1\n1\n3\n",
        Format::Poj3740,
        "line 3: expected a header of two numbers (rows and columns), found 1 values",
    );
    check_err(
        "2 x\n",
        Format::Poj3740,
        "line 1, column 3: `x` is not a number",
    );
    check_err(
        "6 7\n3 1 4 7\n2 1 8\n",
        Format::Hust1017,
        "line 3, column 5: column 8 is not between 1 and 7",
    );
    check_err(
        "2 7\n3 1 0 7\n",
        Format::Hust1017,
        "line 2, column 5: column 0 is not between 1 and 7",
    );
    check_err(
        "2 7\n3 1 4\n",
        Format::Hust1017,
        "line 2: the row announces 3 columns but lists 2",
    );
    check_err(
        "2 7\n3 1 4 1\n",
        Format::Hust1017,
        "line 2, column 7: column 1 is listed twice in this row",
    );
    check_err(
        "1 9999999\n",
        Format::Hust1017,
        "line 1: 9999999 columns is more than the limit of 1048576",
    );
}

#[test]
fn parsing_stops_after_an_error() {
    let results: Vec<_> = parse("1 1\n2\n1 1\n1\n", Format::Poj3740).collect();
    assert_eq!(results.len(), 1);
    assert!(matches!(
        results[0],
        Err(MatrixError::NotBinary { line: 2, .. })
    ));
}

#[test]
fn cover_checks() {
    let case = parse(HUST_SAMPLE, Format::Hust1017)
        .next()
        .unwrap()
        .unwrap();
    let matrix = case.matrix;
    assert_eq!(matrix.check(&[1, 3, 5]), Ok(()));
    #[track_caller]
    fn check_cover(matrix: &Matrix, rows: &[usize], expected: &str) {
        assert_eq!(matrix.check(rows).unwrap_err().to_string(), expected);
    }
    check_cover(&matrix, &[1, 3], "column 2 has no 1 in the chosen rows");
    check_cover(&matrix, &[0, 1], "column 1 has a 1 in both row 1 and row 2");
    check_cover(&matrix, &[1, 1], "row 2 is chosen twice");
    check_cover(&matrix, &[6], "row 7 does not exist; the matrix has 6 rows");
    assert_eq!(matrix.check(&[]), Err(CoverError::Uncovered { col: 0 }));
    assert!(matches!(
        Matrix::new(2, vec![vec![2]]),
        Err(MatrixError::ColumnOutOfRange { value: 3, .. })
    ));
    assert!(matches!(
        Matrix::new(2, vec![vec![1, 1]]),
        Err(MatrixError::RepeatedColumn { value: 2, .. })
    ));
}

#[test]
fn formats_by_name() {
    for format in [Format::Poj3740, Format::Hust1017] {
        assert_eq!(format.to_string().parse::<Format>(), Ok(format));
    }
    assert_eq!(
        "csv".parse::<Format>().unwrap_err().to_string(),
        "unknown matrix format `csv`; expected `poj3740` or `hust1017`"
    );
}

/// Issue 20: a control byte in a token was quoted raw in messages; it is escaped.
#[test]
fn issue_20_control_bytes_are_escaped_in_messages() {
    check_err(
        "1 2\n1 \x1b[2J\n",
        Format::Poj3740,
        "line 2, column 3: `\\x1b[2J` is not 0 or 1",
    );
    check_err(
        "1 2\n1 \x1b[2J\n",
        Format::Hust1017,
        "line 2, column 3: `\\x1b[2J` is not a number",
    );
}
