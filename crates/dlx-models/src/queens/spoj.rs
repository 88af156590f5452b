//! The SPOJ NQUEEN input: one puzzle a line, read as a lazy iterator of cases.

use super::{Queens, QueensError, Square, MAX_N};
use crate::text::{numbers, Lines, TextError};

/// A problem with one SPOJ NQUEEN line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpojError {
    /// A token that is not a number (it names the line and the column).
    #[error(transparent)]
    Text(#[from] TextError),
    /// A board size of 0 or above [`MAX_N`].
    #[error("line {line}, column {column}: the board size {n} is not between 1 and {limit}")]
    BadSize {
        /// The line, from 1.
        line: usize,
        /// The character column of the size, from 1.
        column: usize,
        /// The size given.
        n: usize,
        /// The largest size allowed.
        limit: usize,
    },
    /// Not one number per row after the size.
    #[error("line {line}: the board size is {n} but {found} rows follow it")]
    WrongLength {
        /// The line, from 1.
        line: usize,
        /// The board size.
        n: usize,
        /// How many numbers follow it.
        found: usize,
    },
    /// A column beyond the board.
    #[error("line {line}, column {column}: row {} has its queen in column {value}, off the {n}x{n} board", .row + 1)]
    OffBoard {
        /// The line, from 1.
        line: usize,
        /// The character column of the value, from 1.
        column: usize,
        /// The row, from 0.
        row: usize,
        /// The value given.
        value: usize,
        /// The board size.
        n: usize,
    },
    /// Pre-placed queens that attack each other.
    #[error("line {line}")]
    Puzzle {
        /// The line, from 1.
        line: usize,
        /// The clash.
        #[source]
        source: QueensError,
    },
}

/// One SPOJ NQUEEN case and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpojCase {
    /// The line, from 1.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Queens,
}

/// The cases of a SPOJ NQUEEN input, one per non-blank line, in order.
#[derive(Clone, Debug)]
pub struct SpojCases<'a> {
    lines: Lines<'a>,
}

/// Reads the classic SPOJ NQUEEN input ("Yet Another N-Queen Problem"): each
/// line is `n` and then n numbers, the column (from 1) of the queen already in
/// row i, or 0 when row i is free.
/// Blank lines are skipped; errors name the line and the character column.
///
/// ```
/// use dlx_models::queens::parse_spoj;
///
/// let cases: Vec<_> = parse_spoj("4 0 0 0 0\n\n4 2 0 0 0\n").collect::<Result<_, _>>()?;
/// assert_eq!(cases.len(), 2);
/// assert_eq!(cases[1].line, 3);
/// let board = cases[1].puzzle.first()?.expect("a solution");
/// assert_eq!(board.spoj_line(), "2 4 1 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_spoj(text: &str) -> SpojCases<'_> {
    SpojCases {
        lines: Lines::new(text),
    }
}

impl Iterator for SpojCases<'_> {
    type Item = Result<SpojCase, SpojError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (line, text) = self.lines.next()?;
        Some(parse_spoj_line(line, text))
    }
}

fn parse_spoj_line(line: usize, text: &str) -> Result<SpojCase, SpojError> {
    let numbers = numbers(line, text)?;
    let (size_column, n) = numbers[0];
    if n == 0 || n > MAX_N {
        return Err(SpojError::BadSize {
            line,
            column: size_column,
            n,
            limit: MAX_N,
        });
    }
    if numbers.len() - 1 != n {
        return Err(SpojError::WrongLength {
            line,
            n,
            found: numbers.len() - 1,
        });
    }
    let mut puzzle = Queens::new(n).map_err(|source| SpojError::Puzzle { line, source })?;
    for (row, &(column, value)) in numbers[1..].iter().enumerate() {
        if value == 0 {
            continue;
        }
        if value > n {
            return Err(SpojError::OffBoard {
                line,
                column,
                row,
                value,
                n,
            });
        }
        puzzle
            .place(Square::new(row, value - 1))
            .map_err(|source| SpojError::Puzzle { line, source })?;
    }
    Ok(SpojCase { line, puzzle })
}
