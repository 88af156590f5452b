//! 0/1 matrices (`dlx_models::matrix::parse`, both formats): any text is read
//! or refused; every matrix read writes back as text that reads as the same
//! matrix; small matrices are searched, and every cover passes `Matrix::check`.
#![no_main]

use dlx_fuzz::{bounded_solutions, selector, text, NODE_BUDGET};
use dlx_models::matrix::{parse, Format, Matrix};
use libfuzzer_sys::fuzz_target;

/// The most columns (and the most rows) of a matrix that is searched here.
const MAX_SEARCHED: usize = 64;

/// The matrix in `format`, as the parser reads it.
fn write(matrix: &Matrix, format: Format) -> String {
    let mut text = format!("{} {}\n", matrix.n_rows(), matrix.n_cols());
    for row in 0..matrix.n_rows() {
        let ones = matrix.row(row);
        let values: Vec<String> = match format {
            Format::Hust1017 => std::iter::once(ones.len())
                .chain(ones.iter().map(|col| col + 1))
                .map(|v| v.to_string())
                .collect(),
            _ => (0..matrix.n_cols())
                .map(|col| if ones.contains(&col) { "1" } else { "0" }.to_owned())
                .collect(),
        };
        text += &values.join(" ");
        text.push('\n');
    }
    text
}

fn check_matrix(matrix: &Matrix, format: Format) {
    let rows: Vec<Vec<usize>> = (0..matrix.n_rows())
        .map(|r| matrix.row(r).to_vec())
        .collect();
    assert_eq!(Matrix::new(matrix.n_cols(), rows).as_ref(), Ok(matrix));
    if matrix.n_cols() > MAX_SEARCHED || matrix.n_rows() > MAX_SEARCHED {
        return;
    }
    // A row of zeros is left out of the problem, so it is written back only
    // in POJ 3740 form (HUST 1017 writes it as `0`, which reads the same).
    let written = write(matrix, format);
    let mut again = parse(&written, format);
    match again.next() {
        Some(Ok(case)) => assert_eq!(&case.matrix, matrix, "written as\n{written}"),
        other => panic!("a matrix written back does not read ({other:?}):\n{written}"),
    }
    assert!(again.next().is_none());

    let encoding = matrix.encode().expect("a small matrix encodes");
    let Some(solutions) = bounded_solutions(encoding.problem(), NODE_BUDGET) else {
        return;
    };
    for solution in &solutions {
        let rows = encoding.decode(solution);
        if let Err(err) = matrix.check(&rows) {
            panic!("cover {rows:?} fails its check: {err}");
        }
        let _ = format.answer(Some(&rows));
    }
}

fuzz_target!(|data: &[u8]| {
    let (pick, rest) = selector(data);
    let format = if pick & 1 == 0 {
        Format::Poj3740
    } else {
        Format::Hust1017
    };
    let text = text(rest);
    for case in parse(&text, format) {
        match case {
            Ok(case) => check_matrix(&case.matrix, format),
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
});
