//! Reading puzzles: one-line and multi-line grids, many to a text, read one at a time, with what a collection says of their answers.
//!
//! The forms are those of the big public collections: one puzzle a line
//! (`.sdm`, Norvig's and magictour's lists, any of `.`, `0`, `*`, `-`, `_`
//! for a blank, a `# comment` after it), tdoku's `puzzle:count:solution`,
//! CSV with a header (Kaggle's `quizzes,solutions`), `.sdk` (SadMan and
//! SudoCue: nine rows, `#` metadata lines, an optional `[Puzzle]` header),
//! and grids with box lines as people draw them.
//!
//! This module reads the lines and finds the puzzles in them ([`parse`], [`Puzzles`]); its children hold the rest of the job.
//! - `puzzle`: what a puzzle read is and what its file claims of its answer ([`Puzzle`], [`Claim`], [`Mismatch`]).
//! - `fields`: the fields a collection writes beside a one-line puzzle (tdoku's, CSV columns).
//! - `cells`: a line's cells, and the rows of one puzzle turned into a checked grid.

mod cells;
mod fields;
mod puzzle;

use std::iter::Enumerate;

use super::{Cell, Shape, ShapeError, MAX_SIZE};

use cells::{decode, is_separator, isqrt, split_row, Row};
use fields::{annotate, header, read_solution, Annotated, Columns};
pub use puzzle::{Alphabet, Claim, Mismatch, Puzzle};

/// What is wrong with a puzzle text; `line` is 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A line whose number of cells fits no grid.
    #[error("line {line}: {found} cells, but {expected}")]
    WrongLength {
        /// The line.
        line: usize,
        /// Cells found on the line.
        found: usize,
        /// What would have fitted.
        expected: String,
    },
    /// A symbol outside the puzzle's alphabet.
    #[error("line {line}: {cell} holds `{shown_symbol}`, which is not a digit of a {size}x{size} grid ({expected})", shown_symbol = crate::text::shown(&.symbol))]
    UnknownSymbol {
        /// The line.
        line: usize,
        /// The cell.
        cell: Cell,
        /// The symbol as written.
        symbol: String,
        /// The grid size.
        size: usize,
        /// The symbols allowed.
        expected: &'static str,
    },
    /// A multi-line grid that stopped before its last row.
    #[error("line {line}: the grid that starts here has {rows} of its {size} rows")]
    UnfinishedGrid {
        /// The first line of the grid.
        line: usize,
        /// The rows read.
        rows: usize,
        /// The rows needed.
        size: usize,
    },
    /// Two givens in one row, column or box hold the same digit.
    #[error("line {line}: {first} and {second} both hold {symbol}")]
    Clash {
        /// The (first) line of the puzzle.
        line: usize,
        /// The first cell in reading order.
        first: Cell,
        /// The second cell.
        second: Cell,
        /// The digit, in the puzzle's alphabet.
        symbol: String,
    },
    /// The size of the grid has no usable box shape.
    #[error("line {line}: no box shape")]
    Shape {
        /// The (first) line of the puzzle.
        line: usize,
        /// Why.
        #[source]
        source: ShapeError,
    },
    /// No puzzle at all where exactly one was expected.
    #[error("the text holds no puzzle")]
    Empty,
    /// More than one puzzle where exactly one was expected.
    #[error("line {line}: a second puzzle, where one was expected")]
    SecondPuzzle {
        /// The first line of the second puzzle.
        line: usize,
    },
    /// A field beside a one-line puzzle (a count, a solution, a CSV column)
    /// that is not what its place asks for.
    #[error("line {line}, column {column}: found {shown_found}, expected {expected}", shown_found = crate::text::shown(&.found))]
    BadField {
        /// The line.
        line: usize,
        /// The character column where the fault starts, from 1.
        column: usize,
        /// What was found there, in words (a field or a character in backticks).
        found: String,
        /// What was expected.
        expected: String,
    },
}

/// The puzzles of a text, in order, read one at a time (see [`parse`]).
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    lines: Enumerate<std::str::Lines<'a>>,
    shape: Option<Shape>,
    /// The last line read, as written.
    current: &'a str,
    /// The columns a CSV header named, once read.
    columns: Option<Columns>,
    /// Whether a line with cells was read yet (a CSV header is the first).
    started: bool,
    /// Inside a `[Section]` of an `.sdk` file other than `[Puzzle]`.
    skipping: bool,
}

/// Reads the puzzles of a text one at a time, in order; `shape` fixes the
/// box shape (and so the size) of every puzzle, `None` reads it off each
/// puzzle.
///
/// Each non-blank line is either a whole puzzle (81 characters for a 9x9
/// grid, 256 for 16x16, or size x size whitespace-separated numbers) or one
/// row of a multi-line grid (then the grid is as many rows as the row has
/// cells). `|` between cells and separator lines made of `-`, `+`, `=` and
/// `|` are ignored (so a row of blanks is written with another blank than
/// `-`); `#` starts a comment, on a line of its own (`.sdk` metadata such as
/// `#AAuthor`) or after a puzzle (`... # hard`); a line `[Puzzle]` starts
/// the puzzle of an `.sdk` file, and the lines of any other `[Section]` are
/// skipped. A blank is any of `.`, `0`, `*`, `-` and `_`.
///
/// Without a fixed [`Shape`] the size is read off the line: a line of
/// `s * s` cells is a one-line puzzle of size `s` when its symbols fit that
/// size and it has no spaces or `|` between cells; otherwise a line of `k`
/// cells is the first row of a `k` x `k` grid. Lines of 16, 36 or 64 cells
/// can be either; pass the shape to settle it.
///
/// What a collection writes beside a one-line puzzle is read into its
/// [`Claim`]:
/// - `puzzle:count`, `puzzle:count:solution` (tdoku's test puzzles),
///   `puzzle,solution` and `puzzle,count,solution`: after the puzzle, a
///   field of digits shorter than the puzzle is its number of solutions, a
///   field as long as the puzzle its solution;
/// - CSV with a header line, whose first line names its columns: the puzzle
///   in the first column whose name holds `puzzle` or `quiz` (Kaggle's
///   `quizzes,solutions`, `id,puzzle,solution,clues,difficulty`), the
///   solution in one whose name holds `solution`, the count in one whose
///   name holds `count` (capped when the name says `capped at N`); other
///   columns are skipped;
/// - after a puzzle of 81 cells or more, whitespace-separated words (ids,
///   ratings) are skipped, but for one as long as the puzzle, its solution.
///
/// Every item is a puzzle or an error naming its line (and its cell or
/// column, where one is at fault); after an error, reading goes on at the
/// next line.
///
/// ```
/// use dlx_models::sudoku::{parse, Alphabet};
///
/// let text = "1 . | . 4\n. 4 | 1 .\n----+----\n. 1 | 4 .\n4 . | . 1\n\n12.4..........3.\n";
/// let puzzles: Vec<_> = parse(text, None).collect::<Result<_, _>>()?;
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!(puzzles[0].alphabet(), Alphabet::Numbers);
/// assert_eq!(puzzles[1].line(), 7);
/// assert_eq!(puzzles[1].grid().to_line(Alphabet::Digits), "12.4..........3.");
///
/// // tdoku's form: the count of solutions, and the solution when it is one.
/// let text = "1*3-_4__2-_____1:1:1234341221434321 # the only one\n";
/// let puzzle = parse(text, None).next().unwrap()?;
/// assert_eq!(puzzle.claim().count, Some(1));
/// assert!(puzzle.check_solution(dlx_models::sudoku::Variant::Plain).is_ok());
/// # Ok::<(), dlx_models::sudoku::ParseError>(())
/// ```
pub fn parse(text: &str, shape: Option<Shape>) -> Puzzles<'_> {
    Puzzles {
        lines: text.lines().enumerate(),
        shape,
        current: "",
        columns: None,
        started: false,
        skipping: false,
    }
}

impl<'a> Puzzles<'a> {
    /// The next line that holds cells, with its number (from 1) and its
    /// text without its comment; `None` at the end. A blank line gives
    /// `Some((line, None))`.
    fn next_text(&mut self) -> Option<(usize, Option<&'a str>)> {
        loop {
            let (index, current) = self.lines.next()?;
            self.current = current;
            let text = current.split('#').next().unwrap_or_default().trim();
            if current.trim().is_empty() {
                return Some((index + 1, None));
            }
            if text.starts_with('[') && text.ends_with(']') {
                // A section of an `.sdk` file: only `[Puzzle]` holds the grid.
                self.skipping = !text[1..text.len() - 1]
                    .trim()
                    .eq_ignore_ascii_case("puzzle");
                continue;
            }
            if text.is_empty() || self.skipping || is_separator(text) {
                continue;
            }
            return Some((index + 1, Some(text)));
        }
    }

    /// The next line that holds cells, split into cells.
    fn next_row(&mut self) -> Option<(usize, Option<Row>)> {
        let (line, text) = self.next_text()?;
        Some((line, text.map(|text| split_row(text, self.shape))))
    }

    /// Reads the rest of a multi-line grid whose first row is `first`.
    fn finish_grid(&mut self, line: usize, size: usize, first: Row) -> Result<Puzzle, ParseError> {
        let mut rows = vec![(line, first)];
        while rows.len() < size {
            let unfinished = ParseError::UnfinishedGrid {
                line,
                rows: rows.len(),
                size,
            };
            match self.next_row() {
                None | Some((_, None)) => return Err(unfinished),
                Some((row_line, Some(row))) => {
                    if row.len() != size {
                        return Err(ParseError::WrongLength {
                            line: row_line,
                            found: row.len(),
                            expected: format!(
                                "row {} of the grid at line {line} needs {size}",
                                rows.len() + 1
                            ),
                        });
                    }
                    rows.push((row_line, row));
                }
            }
        }
        let shape = match self.shape {
            Some(shape) => shape,
            None => Shape::for_size(size).map_err(|source| ParseError::Shape { line, source })?,
        };
        decode(shape, line, &rows)
    }
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Result<Puzzle, ParseError>> {
        loop {
            let (line, text) = match self.next_text()? {
                (_, None) => continue,
                (line, Some(text)) => (line, text),
            };
            if !std::mem::replace(&mut self.started, true) {
                if let Some(columns) = header(line, text) {
                    self.columns = Some(columns);
                    continue;
                }
            }
            let annotated = match &self.columns {
                Some(columns) => columns.record(line, self.current, text).map(Some),
                None => annotate(line, self.current, text),
            };
            return Some(match annotated {
                Err(err) => Err(err),
                Ok(Some(annotated)) => self.read_annotated(line, annotated),
                Ok(None) => self.read_row(line, split_row(text, self.shape)),
            });
        }
    }
}

impl Puzzles<'_> {
    /// Reads the puzzle that starts with the cells of line `line`: a
    /// one-line puzzle, or the first row of a grid.
    fn read_row(&mut self, line: usize, row: Row) -> Result<Puzzle, ParseError> {
        let k = row.len();
        let spaced = matches!(row, Row::Numbers(..)) || self.current.contains('|');
        let root = isqrt(k);
        match self.shape {
            Some(shape) if k == shape.n_cells() => decode(shape, line, &[(line, row)]),
            Some(shape) if k == shape.size() => self.finish_grid(line, k, row),
            Some(shape) => Err(ParseError::WrongLength {
                line,
                found: k,
                expected: format!(
                    "boxes {shape} need {} for a one-line puzzle or {} for a row",
                    shape.n_cells(),
                    shape.size()
                ),
            }),
            None => {
                let row_ok = (4..=MAX_SIZE).contains(&k) && Shape::for_size(k).is_ok();
                let one_shape = (root * root == k && root >= 4)
                    .then(|| Shape::for_size(root).ok())
                    .flatten();
                match one_shape {
                    Some(shape) if !row_ok || (!spaced && row.fits(root)) => {
                        decode(shape, line, &[(line, row)])
                    }
                    _ if row_ok => self.finish_grid(line, k, row),
                    _ => Err(ParseError::WrongLength {
                        line,
                        found: k,
                        expected: "a one-line puzzle needs size x size cells (81 for 9x9, 256 for 16x16) and a row of a grid 4 to 64 cells".to_owned(),
                    }),
                }
            }
        }
    }

    /// Reads a one-line puzzle and what its line says of its answer.
    fn read_annotated(&self, line: usize, annotated: Annotated<'_>) -> Result<Puzzle, ParseError> {
        let row = split_row(annotated.puzzle.1, self.shape);
        let k = row.len();
        let root = isqrt(k);
        let shape = match self.shape {
            Some(shape) if k == shape.n_cells() => shape,
            Some(shape) => {
                return Err(ParseError::WrongLength {
                    line,
                    found: k,
                    expected: format!(
                        "boxes {shape} need {} for a one-line puzzle",
                        shape.n_cells()
                    ),
                })
            }
            None if root * root == k && k > 1 => {
                Shape::for_size(root).map_err(|source| ParseError::Shape { line, source })?
            }
            None => {
                return Err(ParseError::WrongLength {
                    line,
                    found: k,
                    expected:
                        "a one-line puzzle needs size x size cells (81 for 9x9, 256 for 16x16)"
                            .to_owned(),
                })
            }
        };
        let mut puzzle = decode(shape, line, &[(line, row)])?;
        if let Some((column, text)) = annotated.count {
            let count = text
                .parse::<u64>()
                .ok()
                .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| ParseError::BadField {
                    line,
                    column,
                    found: format!("`{text}`"),
                    expected: "a number of solutions".to_owned(),
                })?;
            puzzle.claim.count = Some(count);
            puzzle.claim.cap = annotated.cap;
        }
        if let Some((column, text)) = annotated.solution {
            puzzle.claim.solution = Some(read_solution(shape, line, column, text)?);
            puzzle.claim.solution_column = column;
        }
        Ok(puzzle)
    }
}
