//! Plain 0/1 matrices: is there a set of rows with exactly one 1 in every column?
//!
//! Two classic text forms are read, each holding many matrices one after another:
//! - [`Format::Poj3740`] ("Easy Finding", POJ 3740): a line `M N`, then M lines
//!   of N values 0 or 1. The answer is `Yes, I found it` or `It is impossible`.
//! - [`Format::Hust1017`] ("Exact cover", HUST 1017): a line `N M` (N rows, M
//!   columns), then N lines `C c1 .. cC` listing the columns (from 1) of each
//!   row's ones. The answer is the number of rows chosen then their numbers,
//!   or `NO`.
//!
//! Each column is a primary item (`c1..cN`) and each row with at least one 1
//! is an option; a row of zeros can never matter and is left out.
//! [`Matrix::check`] checks a set of rows against the matrix itself, not the
//! links.
//!
//! ```
//! use dlx_models::matrix::{parse, Format};
//!
//! // Knuth's example from "Dancing Links": rows 2, 4 and 6 are the only cover.
//! let text = "6 7\n3 1 4 7\n2 1 4\n3 4 5 7\n3 3 5 6\n4 2 3 6 7\n2 2 7\n";
//! let case = parse(text, Format::Hust1017).next().expect("one matrix")?;
//! let rows = case.matrix.solve()?.expect("a cover");
//! case.matrix.check(&rows)?;
//! assert_eq!(Format::Hust1017.answer(Some(&rows)), "3 2 4 6");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use dlx_core::{BuildError, Count, OptionId, Problem, ProblemBuilder, Solver};

use crate::encode::row_options;
use crate::text::{numbers, tokens, Lines, TextError};

/// The largest number of columns accepted.
pub const MAX_COLUMNS: usize = 1 << 20;

/// The text form of a matrix file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Format {
    /// POJ 3740 "Easy Finding": `M N`, then M rows of N values 0 or 1.
    #[default]
    Poj3740,
    /// HUST 1017 "Exact cover": `N M`, then N rows `C c1 .. cC` of column numbers from 1.
    Hust1017,
}

/// A 0/1 matrix, stored as the columns of the ones of each row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    n_cols: usize,
    /// The columns (from 0) of the ones of each row, ascending.
    rows: Vec<Vec<usize>>,
}

/// A matrix read from a file, and the line of its header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line of the header, from 1.
    pub line: usize,
    /// The matrix.
    pub matrix: Matrix,
}

/// A matrix encoded as an exact cover problem.
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    /// The row (from 0) of each option.
    rows: Vec<usize>,
}

/// Why a matrix could not be read or built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatrixError {
    /// A token that is not a number (it names the line and the column).
    #[error(transparent)]
    Text(#[from] TextError),
    /// A header line without exactly two numbers.
    #[error(
        "line {line}: expected a header of two numbers (rows and columns), found {found} values"
    )]
    BadHeader {
        /// The line, from 1.
        line: usize,
        /// How many values it has.
        found: usize,
    },
    /// More columns than [`MAX_COLUMNS`].
    #[error("line {line}: {n_cols} columns is more than the limit of {limit}")]
    TooManyColumns {
        /// The line, from 1.
        line: usize,
        /// The number of columns given.
        n_cols: usize,
        /// The largest number allowed.
        limit: usize,
    },
    /// The input ends before every row of a matrix is read.
    #[error("line {line}: the header announces {expected} rows but the input ends after {found}")]
    MissingRows {
        /// The line of the header, from 1.
        line: usize,
        /// The rows announced.
        expected: usize,
        /// The rows read.
        found: usize,
    },
    /// A value other than 0 or 1 in a 0/1 matrix.
    #[error("line {line}, column {column}: `{shown_token}` is not 0 or 1", shown_token = crate::text::shown(&.token))]
    NotBinary {
        /// The line, from 1.
        line: usize,
        /// The character column where the value starts, from 1.
        column: usize,
        /// The value.
        token: String,
    },
    /// A row of a 0/1 matrix that does not have one value per column.
    #[error("line {line}: the row has {found} values but the matrix has {expected} columns")]
    RowLength {
        /// The line, from 1.
        line: usize,
        /// The number of columns.
        expected: usize,
        /// The values on the line.
        found: usize,
    },
    /// A row whose count of columns does not match the columns listed.
    #[error("line {line}: the row announces {expected} columns but lists {found}")]
    CountMismatch {
        /// The line, from 1.
        line: usize,
        /// The count at the start of the row.
        expected: usize,
        /// The columns listed after it.
        found: usize,
    },
    /// A column number outside the matrix.
    #[error("line {line}, column {column}: column {value} is not between 1 and {n_cols}")]
    ColumnOutOfRange {
        /// The line, from 1 (0 for a matrix built in code).
        line: usize,
        /// The character column of the value, from 1 (0 for a matrix built in code).
        column: usize,
        /// The column number given, from 1.
        value: usize,
        /// The number of columns.
        n_cols: usize,
    },
    /// The same column twice in one row.
    #[error("line {line}, column {column}: column {value} is listed twice in this row")]
    RepeatedColumn {
        /// The line, from 1 (0 for a matrix built in code).
        line: usize,
        /// The character column of the value, from 1 (0 for a matrix built in code).
        column: usize,
        /// The column number, from 1.
        value: usize,
    },
    /// The engine refused the problem (a limit of `dlx-core`).
    #[error("cannot build the exact cover problem")]
    Build(#[source] BuildError),
}

/// Why a set of rows is not an exact cover of a matrix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoverError {
    /// A row number beyond the matrix.
    #[error("row {} does not exist; the matrix has {n_rows} rows", .row + 1)]
    UnknownRow {
        /// The row, from 0.
        row: usize,
        /// The number of rows.
        n_rows: usize,
    },
    /// The same row twice.
    #[error("row {} is chosen twice", .row + 1)]
    RepeatedRow {
        /// The row, from 0.
        row: usize,
    },
    /// A column without a 1 in the chosen rows.
    #[error("column {} has no 1 in the chosen rows", .col + 1)]
    Uncovered {
        /// The column, from 0.
        col: usize,
    },
    /// A column with a 1 in two chosen rows.
    #[error("column {} has a 1 in both row {} and row {}", .col + 1, .first + 1, .second + 1)]
    CoveredTwice {
        /// The column, from 0.
        col: usize,
        /// One row, from 0.
        first: usize,
        /// Another, from 0.
        second: usize,
    },
}

/// The error of [`Format::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown matrix format `{shown_0}`; expected `poj3740` or `hust1017`", shown_0 = crate::text::shown(&.0))]
pub struct UnknownFormat(pub String);

impl Format {
    /// The answer line(s) for a matrix: the rows found (from 0), or `None` when there is no cover.
    ///
    /// POJ 3740 answers `Yes, I found it` or `It is impossible`; HUST 1017
    /// answers the number of rows and then the rows, from 1, or `NO`.
    pub fn answer(self, rows: Option<&[usize]>) -> String {
        match (self, rows) {
            (Format::Poj3740, Some(_)) => "Yes, I found it".to_owned(),
            (Format::Poj3740, None) => "It is impossible".to_owned(),
            (Format::Hust1017, Some(rows)) => {
                let mut text = rows.len().to_string();
                for row in rows {
                    text.push(' ');
                    text.push_str(&(row + 1).to_string());
                }
                text
            }
            (Format::Hust1017, None) => "NO".to_owned(),
        }
    }
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(text: &str) -> Result<Format, UnknownFormat> {
        match text {
            "poj3740" => Ok(Format::Poj3740),
            "hust1017" => Ok(Format::Hust1017),
            _ => Err(UnknownFormat(text.to_owned())),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Poj3740 => "poj3740",
            Format::Hust1017 => "hust1017",
        })
    }
}

impl Matrix {
    /// A matrix with `n_cols` columns whose rows list the columns (from 0) of their ones.
    ///
    /// A column beyond the matrix or repeated in a row is an error (with line 0).
    pub fn new(n_cols: usize, rows: Vec<Vec<usize>>) -> Result<Matrix, MatrixError> {
        if n_cols > MAX_COLUMNS {
            return Err(MatrixError::TooManyColumns {
                line: 0,
                n_cols,
                limit: MAX_COLUMNS,
            });
        }
        let mut seen = vec![usize::MAX; n_cols];
        let mut sorted = Vec::with_capacity(rows.len());
        for (row_idx, mut row) in rows.into_iter().enumerate() {
            for &col in &row {
                if col >= n_cols {
                    return Err(MatrixError::ColumnOutOfRange {
                        line: 0,
                        column: 0,
                        value: col + 1,
                        n_cols,
                    });
                }
                if std::mem::replace(&mut seen[col], row_idx) == row_idx {
                    return Err(MatrixError::RepeatedColumn {
                        line: 0,
                        column: 0,
                        value: col + 1,
                    });
                }
            }
            row.sort_unstable();
            sorted.push(row);
        }
        Ok(Matrix {
            n_cols,
            rows: sorted,
        })
    }

    /// The number of rows.
    pub fn n_rows(&self) -> usize {
        self.rows.len()
    }

    /// The number of columns.
    pub fn n_cols(&self) -> usize {
        self.n_cols
    }

    /// The columns (from 0) of the ones of a row, ascending.
    pub fn row(&self, row: usize) -> &[usize] {
        &self.rows[row]
    }

    /// Encodes the matrix: one primary item per column, one option per row that has a 1.
    pub fn encode(&self) -> Result<Encoding, MatrixError> {
        let mut builder = ProblemBuilder::new();
        let mut items = Vec::with_capacity(self.n_cols);
        for col in 0..self.n_cols {
            items.push(
                builder
                    .primary(format!("c{}", col + 1))
                    .map_err(MatrixError::Build)?,
            );
        }
        let rows = row_options(&mut builder, &items, &self.rows).map_err(MatrixError::Build)?;
        let problem = builder.build().map_err(MatrixError::Build)?;
        Ok(Encoding { problem, rows })
    }

    /// The first exact cover the search finds, as rows (from 0) in ascending order.
    pub fn solve(&self) -> Result<Option<Vec<usize>>, MatrixError> {
        let encoding = self.encode()?;
        let mut solver = Solver::new(encoding.problem());
        Ok(crate::whole(solver.first()).map(|solution| encoding.decode(&solution)))
    }

    /// The number of exact covers.
    pub fn count(&self) -> Result<Count, MatrixError> {
        let encoding = self.encode()?;
        Ok(crate::whole(Solver::new(encoding.problem()).count()))
    }

    /// Checks that `rows` (from 0) have exactly one 1 in every column, from the matrix alone.
    pub fn check(&self, rows: &[usize]) -> Result<(), CoverError> {
        let mut chosen = vec![false; self.n_rows()];
        let mut owner: Vec<Option<usize>> = vec![None; self.n_cols];
        for &row in rows {
            if row >= self.n_rows() {
                return Err(CoverError::UnknownRow {
                    row,
                    n_rows: self.n_rows(),
                });
            }
            if std::mem::replace(&mut chosen[row], true) {
                return Err(CoverError::RepeatedRow { row });
            }
            for &col in &self.rows[row] {
                if let Some(first) = owner[col].replace(row) {
                    return Err(CoverError::CoveredTwice {
                        col,
                        first,
                        second: row,
                    });
                }
            }
        }
        match owner.iter().position(Option::is_none) {
            Some(col) => Err(CoverError::Uncovered { col }),
            None => Ok(()),
        }
    }
}

impl Encoding {
    /// The exact cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The row (from 0) an option stands for.
    pub fn row(&self, option: OptionId) -> usize {
        self.rows[option.index()]
    }

    /// The rows (from 0, ascending) of a solution.
    pub fn decode(&self, solution: &[OptionId]) -> Vec<usize> {
        let mut rows: Vec<usize> = solution.iter().map(|&o| self.row(o)).collect();
        rows.sort_unstable();
        rows
    }
}

/// The matrices of a file, in order (see [`parse`]).
#[derive(Clone, Debug)]
pub struct Cases<'a> {
    lines: Lines<'a>,
    format: Format,
    failed: bool,
}

/// Reads the matrices of a text in the given form, one after another to the end.
/// Blank lines are skipped; errors name the line and, where there is one, the value.
/// After an error the iterator ends.
pub fn parse(text: &str, format: Format) -> Cases<'_> {
    Cases {
        lines: Lines::new(text),
        format,
        failed: false,
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Case, MatrixError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let (line, header) = self.lines.next()?;
        let result = self.read_case(line, header);
        self.failed = result.is_err();
        Some(result)
    }
}

impl Cases<'_> {
    fn read_case(&mut self, line: usize, header: &str) -> Result<Case, MatrixError> {
        let values = numbers(line, header)?;
        let [(_, n_rows), (_, n_cols)] = values[..] else {
            return Err(MatrixError::BadHeader {
                line,
                found: values.len(),
            });
        };
        if n_cols > MAX_COLUMNS {
            return Err(MatrixError::TooManyColumns {
                line,
                n_cols,
                limit: MAX_COLUMNS,
            });
        }
        let mut rows = Vec::new();
        // The row that last used each column, to find a column repeated in one row.
        let mut seen = vec![usize::MAX; n_cols];
        while rows.len() < n_rows {
            let Some((row_line, text)) = self.lines.next() else {
                return Err(MatrixError::MissingRows {
                    line,
                    expected: n_rows,
                    found: rows.len(),
                });
            };
            let row = match self.format {
                Format::Poj3740 => poj_row(row_line, text, n_cols)?,
                Format::Hust1017 => hust_row(row_line, text, n_cols, rows.len(), &mut seen)?,
            };
            rows.push(row);
        }
        Ok(Case {
            line,
            matrix: Matrix { n_cols, rows },
        })
    }
}

/// A POJ 3740 row: exactly `n_cols` values, each 0 or 1.
fn poj_row(line: usize, text: &str, n_cols: usize) -> Result<Vec<usize>, MatrixError> {
    let values: Vec<_> = tokens(line, text).collect();
    let mut ones = Vec::new();
    for (col, token) in values.iter().enumerate() {
        match token.text {
            "0" => {}
            "1" => ones.push(col),
            _ => {
                return Err(MatrixError::NotBinary {
                    line,
                    column: token.column,
                    token: token.text.to_owned(),
                })
            }
        }
    }
    if values.len() != n_cols {
        return Err(MatrixError::RowLength {
            line,
            expected: n_cols,
            found: values.len(),
        });
    }
    Ok(ones)
}

/// A HUST 1017 row: a count, then that many distinct column numbers from 1.
fn hust_row(
    line: usize,
    text: &str,
    n_cols: usize,
    row_idx: usize,
    seen: &mut [usize],
) -> Result<Vec<usize>, MatrixError> {
    let values = numbers(line, text)?;
    let (_, count) = values[0];
    if values.len() - 1 != count {
        return Err(MatrixError::CountMismatch {
            line,
            expected: count,
            found: values.len() - 1,
        });
    }
    let mut ones = Vec::with_capacity(count);
    for &(column, value) in &values[1..] {
        if value == 0 || value > n_cols {
            return Err(MatrixError::ColumnOutOfRange {
                line,
                column,
                value,
                n_cols,
            });
        }
        if std::mem::replace(&mut seen[value - 1], row_idx) == row_idx {
            return Err(MatrixError::RepeatedColumn {
                line,
                column,
                value,
            });
        }
        ones.push(value - 1);
    }
    ones.sort_unstable();
    Ok(ones)
}
