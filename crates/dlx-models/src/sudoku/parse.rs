//! Reading puzzles: one-line and multi-line grids, many to a text, read one at a time, with what a collection says of their answers.
//!
//! The forms are those of the big public collections: one puzzle a line
//! (`.sdm`, Norvig's and magictour's lists, any of `.`, `0`, `*`, `-`, `_`
//! for a blank, a `# comment` after it), tdoku's `puzzle:count:solution`,
//! CSV with a header (Kaggle's `quizzes,solutions`), `.sdk` (SadMan and
//! SudoCue: nine rows, `#` metadata lines, an optional `[Puzzle]` header),
//! and grids with box lines as people draw them.

use std::iter::Enumerate;

use super::{check, find_clash, Cell, Grid, RuleError, Shape, ShapeError, Variant, MAX_SIZE};
use dlx_core::Count;

/// The symbols a puzzle was written in, so answers can be written the same way.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// One character a cell: `1`-`9`, then `A`-`Z` for 10 to 35 (`1-9A-G` for
    /// 16x16); `.`, `0`, `*`, `-` or `_` for a blank.
    #[default]
    Digits,
    /// One letter a cell: `A` for 1 up to `Z` for 26 (`A-P` for 16x16, `A-Y`
    /// for 25x25); `.`, `0`, `*`, `-` or `_` for a blank.
    Letters,
    /// Whitespace-separated decimal numbers, `0` (or `.`) for a blank.
    Numbers,
}

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

/// What a collection says of a puzzle's answer, beside the puzzle: tdoku's
/// `puzzle:count:solution`, the solution column of a CSV file.
///
/// [`Puzzle::check_solution`] and [`Puzzle::check_count`] hold it against
/// the rules and against a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Claim {
    /// The number of solutions the file gives.
    pub count: Option<u64>,
    /// The cap of that count, when the file says its counts stop there (a
    /// CSV header `solution_count(capped at 2)`): a count equal to the cap
    /// means that many or more.
    pub cap: Option<u64>,
    /// The solution the file gives, complete or not, as written.
    pub solution: Option<Grid>,
    /// The character column where the solution starts on its line, from 1.
    pub solution_column: usize,
}

/// A puzzle whose answer is not what its file says.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Mismatch {
    /// The solution the file gives breaks the rules or the puzzle's givens.
    #[error(
        "line {line}, column {column}: the solution the file gives is not a solution of the puzzle"
    )]
    Solution {
        /// The line of the puzzle.
        line: usize,
        /// The character column where the solution starts, from 1.
        column: usize,
        /// How it fails.
        #[source]
        source: RuleError,
    },
    /// The number of solutions the file gives is not the number the search finds.
    #[error("line {line}: the file gives {given} solution{s}{capped}, the search finds {found}", s = if *.given == 1 { "" } else { "s" }, capped = if *.capped { " or more" } else { "" })]
    Count {
        /// The line of the puzzle.
        line: usize,
        /// The count the file gives.
        given: u64,
        /// Whether the file's count is its cap, so means at least that many.
        capped: bool,
        /// What the search found, in words (`2`, `at least 3`).
        found: String,
    },
}

/// A puzzle read from a text: its grid of givens, the alphabet it was written
/// in, and the line it started on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    grid: Grid,
    alphabet: Alphabet,
    line: usize,
    claim: Claim,
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

/// The columns of a CSV file, from its header line.
#[derive(Clone, Debug)]
struct Columns {
    /// The header's line.
    line: usize,
    puzzle: usize,
    count: Option<usize>,
    solution: Option<usize>,
    cap: Option<u64>,
}

/// A field of a line and the character column where it starts, from 1.
type Field<'a> = (usize, &'a str);

/// A one-line puzzle with what its line says of its answer.
struct Annotated<'a> {
    puzzle: Field<'a>,
    count: Option<Field<'a>>,
    solution: Option<Field<'a>>,
    cap: Option<u64>,
}

/// One line's cells, before the alphabet of its puzzle is known.
#[derive(Clone, Debug)]
enum Row {
    /// One character a cell.
    Chars(Vec<char>),
    /// Whitespace-separated numbers (`.` read as 0); a number past
    /// `u32::MAX` is kept as `u32::MAX`, and the first such token as written.
    Numbers(Vec<u32>, Option<String>),
}

impl Puzzle {
    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The givens, owned.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The alphabet the puzzle was written in.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// The (first) line of the puzzle in its text, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// What the file says of the puzzle's answer (nothing, for most forms).
    pub fn claim(&self) -> &Claim {
        &self.claim
    }

    /// Checks the solution the file gives, if any, against the rules and
    /// the puzzle's givens, as [`check`] does: no search is needed.
    pub fn check_solution(&self, variant: Variant) -> Result<(), Mismatch> {
        let Some(solution) = &self.claim.solution else {
            return Ok(());
        };
        check(solution, &self.grid, variant).map_err(|source| Mismatch::Solution {
            line: self.line,
            column: self.claim.solution_column,
            source,
        })
    }

    /// How many solutions a search must be allowed to find to check the
    /// count the file gives (one more than it, or its cap); `None` when the
    /// file gives no count.
    pub fn count_limit(&self) -> Option<u64> {
        let given = self.claim.count?;
        Some(match self.claim.cap {
            Some(cap) => cap,
            None => given.saturating_add(1),
        })
    }

    /// Checks the count the file gives, if any, against `found`, the
    /// solutions a search found when it stopped at `limit` (`None`: it ran
    /// to its end). Both counts are compared as far as both know: a search
    /// that reached its limit found at least that many, and a file whose
    /// counts are capped says only "that many or more" at its cap.
    ///
    /// ```
    /// use dlx_models::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse_one("1...........4...:3", None)?;
    /// assert!(puzzle.check_count(3u64, None).is_ok());
    /// assert!(puzzle.check_count(4u64, Some(4)).is_err());
    /// assert!(puzzle.check_count(2u64, Some(2)).is_ok(), "2 found, and the search stopped there");
    /// assert_eq!(
    ///     puzzle.check_count(2u64, None).unwrap_err().to_string(),
    ///     "line 1: the file gives 3 solutions, the search finds 2"
    /// );
    /// # Ok::<(), dlx_models::sudoku::ParseError>(())
    /// ```
    pub fn check_count(&self, found: impl Into<Count>, limit: Option<u64>) -> Result<(), Mismatch> {
        let Some(given) = self.claim.count else {
            return Ok(());
        };
        let found = found.into();
        let known = match (limit, self.claim.cap) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => u64::MAX,
        };
        // Every bound is a `u64`: a count past it compares as its bound does.
        let small = found.to_u64().unwrap_or(u64::MAX);
        if given.min(known) == small.min(known) {
            return Ok(());
        }
        let reached = limit.is_some_and(|limit| small >= limit);
        Err(Mismatch::Count {
            line: self.line,
            given,
            capped: self.claim.cap == Some(given),
            found: if reached {
                format!("at least {found}")
            } else {
                found.to_string()
            },
        })
    }

    /// Reads exactly one puzzle from a text.
    pub fn parse_one(text: &str, shape: Option<Shape>) -> Result<Puzzle, ParseError> {
        let mut puzzles = parse(text, shape);
        let puzzle = puzzles.next().ok_or(ParseError::Empty)??;
        match puzzles.next() {
            None => Ok(puzzle),
            Some(Ok(second)) => Err(ParseError::SecondPuzzle {
                line: second.line(),
            }),
            Some(Err(err)) => Err(err),
        }
    }
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

impl Columns {
    /// The fields of a record of a CSV file with this header.
    fn record<'a>(
        &self,
        line: usize,
        current: &'a str,
        text: &'a str,
    ) -> Result<Annotated<'a>, ParseError> {
        let fields: Vec<Field<'a>> = text
            .split(',')
            .map(|field| {
                let field = field.trim().trim_matches('"');
                (column_of(current, field), field)
            })
            .collect();
        let needed = 1 + self
            .puzzle
            .max(self.count.unwrap_or(0))
            .max(self.solution.unwrap_or(0));
        if fields.len() < needed {
            return Err(ParseError::BadField {
                line,
                column: current.chars().count() + 1,
                found: format!("the end of the line after {} fields", fields.len()),
                expected: format!(
                    "{needed} fields, as the header at line {} names them",
                    self.line
                ),
            });
        }
        Ok(Annotated {
            puzzle: fields[self.puzzle],
            count: self.count.map(|index| fields[index]),
            solution: self
                .solution
                .map(|index| fields[index])
                .filter(|(_, text)| !text.is_empty()),
            cap: self.cap,
        })
    }
}

/// The columns a CSV header line names, if `text` is one: a line with
/// commas, one of whose fields names the puzzle (`puzzle`, `quizzes`).
fn header(line: usize, text: &str) -> Option<Columns> {
    if !text.contains(',') {
        return None;
    }
    let names: Vec<String> = text
        .split(',')
        .map(|name| name.trim().trim_matches('"').to_ascii_lowercase())
        .collect();
    let find = |wanted: &dyn Fn(&str) -> bool| names.iter().position(|name| wanted(name));
    let puzzle = find(&|name| name.contains("puzzle") || name.contains("quiz"))?;
    let count = find(&|name| name.contains("count"));
    let solution = find(&|name| name.contains("solution") && !name.contains("count"));
    let cap = count.and_then(|index| {
        let (_, after) = names[index].split_once("capped at")?;
        let digits: String = after
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    });
    Some(Columns {
        line,
        puzzle,
        count,
        solution,
        cap,
    })
}

/// A one-line puzzle with fields beside it, if `text` is one (see [`parse`]):
/// `puzzle:count:solution`, `puzzle,solution`, or a long puzzle among
/// whitespace-separated words.
fn annotate<'a>(
    line: usize,
    current: &'a str,
    text: &'a str,
) -> Result<Option<Annotated<'a>>, ParseError> {
    let field = |text: &'a str| (column_of(current, text), text);
    let separator = [':', ','].into_iter().find(|&sep| text.contains(sep));
    let Some(separator) = separator else {
        // Rows have at most 64 cells, so a word of 65 or more is a puzzle.
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(at) = words
            .iter()
            .position(|word| word.chars().count() > MAX_SIZE)
        else {
            return Ok(None);
        };
        if words.len() == 1 {
            return Ok(None);
        }
        let length = words[at].chars().count();
        return Ok(Some(Annotated {
            puzzle: field(words[at]),
            count: None,
            solution: words[at + 1..]
                .iter()
                .find(|word| word.chars().count() == length)
                .map(|word| field(word)),
            cap: None,
        }));
    };
    let mut fields = text.split(separator).map(str::trim);
    let puzzle = fields.next().unwrap_or_default();
    let length = puzzle.chars().count();
    let root = isqrt(length);
    if puzzle.contains(char::is_whitespace) || length < 16 || root * root != length {
        return Ok(None);
    }
    let mut annotated = Annotated {
        puzzle: field(puzzle),
        count: None,
        solution: None,
        cap: None,
    };
    for text in fields {
        let is_count =
            !text.is_empty() && text.len() < length && text.bytes().all(|b| b.is_ascii_digit());
        if is_count && annotated.count.is_none() {
            annotated.count = Some(field(text));
        } else if text.chars().count() == length && annotated.solution.is_none() {
            annotated.solution = Some(field(text));
        } else {
            return Err(ParseError::BadField {
                line,
                column: column_of(current, text),
                found: if text.is_empty() {
                    "an empty field".to_owned()
                } else {
                    format!("`{text}`")
                },
                expected: format!(
                    "a number of solutions and a solution of {length} cells after the puzzle, each once (`puzzle{separator}count{separator}solution`)"
                ),
            });
        }
    }
    Ok(Some(annotated))
}

/// The character column, from 1, where `field` (a slice of `line`) starts.
fn column_of(line: &str, field: &str) -> usize {
    let byte = (field.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
    line.get(..byte).map_or(0, |before| before.chars().count()) + 1
}

/// Reads the solution a file gives beside a puzzle of this shape: one
/// character a cell, blanks allowed (a check finds them).
fn read_solution(shape: Shape, line: usize, column: usize, text: &str) -> Result<Grid, ParseError> {
    let size = shape.size();
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != shape.n_cells() {
        return Err(ParseError::BadField {
            line,
            column,
            found: format!("{} characters", chars.len()),
            expected: format!(
                "a solution of {} cells, one character a cell",
                shape.n_cells()
            ),
        });
    }
    let alphabet = char_alphabet(chars.iter());
    let cells = chars
        .iter()
        .enumerate()
        .map(|(index, &ch)| match char_value(alphabet, ch) {
            Some(v) if v <= size => Ok(v as u8),
            _ => Err(ParseError::BadField {
                line,
                column: column + index,
                found: format!("`{ch}` in the solution"),
                expected: format!(
                    "a digit of a {size}x{size} grid ({})",
                    expected_symbols(alphabet)
                ),
            }),
        })
        .collect::<Result<Vec<u8>, ParseError>>()?;
    Ok(Grid { shape, cells })
}

impl Row {
    fn len(&self) -> usize {
        match self {
            Row::Chars(cells) => cells.len(),
            Row::Numbers(cells, _) => cells.len(),
        }
    }

    /// The row one character a cell, if it is numbers from 0 to 9 (0 written `.`); otherwise unchanged.
    fn into_chars(self) -> Row {
        match self {
            Row::Numbers(values, _) if values.iter().all(|&v| v <= 9) => Row::Chars(
                values
                    .iter()
                    .map(|&v| char::from_digit(v, 10).filter(|_| v != 0).unwrap_or('.'))
                    .collect(),
            ),
            row => row,
        }
    }

    /// Whether every symbol is a blank or a digit of a grid of this size (in
    /// the alphabet this row alone suggests).
    fn fits(&self, size: usize) -> bool {
        match self {
            Row::Numbers(cells, _) => cells.iter().all(|&v| v as usize <= size),
            Row::Chars(cells) => {
                let alphabet = char_alphabet(cells.iter());
                cells
                    .iter()
                    .all(|&ch| matches!(char_value(alphabet, ch), Some(v) if v <= size))
            }
        }
    }
}

/// Whether a line only separates boxes: `---+---`, `===`, `|---|`.
fn is_separator(text: &str) -> bool {
    text.chars()
        .all(|ch| matches!(ch, '-' | '+' | '=' | '|') || ch.is_whitespace())
        && text.chars().any(|ch| matches!(ch, '-' | '+' | '='))
}

/// Splits a line into cells: whitespace-separated numbers when every token is
/// a number (or `.`) and their count fits a grid, else one cell a character
/// (whitespace and `|` dropped).
fn split_row(text: &str, shape: Option<Shape>) -> Row {
    let tokens = text
        .split(|ch: char| ch.is_whitespace() || ch == '|')
        .filter(|t| !t.is_empty());
    let mut numbers = Vec::new();
    let mut too_large = None;
    let mut all_numbers = true;
    for token in tokens {
        if token == "." {
            numbers.push(0);
        } else if let Ok(v) = token.parse::<u32>() {
            numbers.push(v);
        } else if token.bytes().all(|b| b.is_ascii_digit()) {
            // A number past `u32::MAX` is still one cell (which no grid
            // allows, and which the error names), not a run of digits.
            numbers.push(u32::MAX);
            too_large.get_or_insert_with(|| token.to_owned());
        } else {
            all_numbers = false;
            break;
        }
    }
    let chars: Vec<char> = text
        .chars()
        .filter(|&ch| !ch.is_whitespace() && ch != '|')
        .collect();
    if all_numbers && numbers.len() > 1 && text.contains(char::is_whitespace) {
        let k = numbers.len();
        let fits = match shape {
            Some(shape) => k == shape.size() || k == shape.n_cells(),
            None => {
                let root = isqrt(k);
                Shape::for_size(k).is_ok() || (root * root == k && Shape::for_size(root).is_ok())
            }
        };
        if fits {
            return Row::Numbers(numbers, too_large);
        }
    }
    Row::Chars(chars)
}

/// The alphabet of a puzzle written one character a cell: digits as soon as
/// one of `1`-`9` appears, else letters as soon as a letter appears.
fn char_alphabet<'a>(cells: impl Iterator<Item = &'a char>) -> Alphabet {
    let mut letters = false;
    for &ch in cells {
        if ('1'..='9').contains(&ch) {
            return Alphabet::Digits;
        }
        letters |= ch.is_ascii_alphabetic();
    }
    if letters {
        Alphabet::Letters
    } else {
        Alphabet::Digits
    }
}

/// The value of a character in an alphabet: `0` for a blank, `None` if it is no symbol at all.
fn char_value(alphabet: Alphabet, ch: char) -> Option<usize> {
    if matches!(ch, '.' | '0' | '_' | '*' | '-') {
        return Some(0);
    }
    let upper = ch.to_ascii_uppercase();
    match alphabet {
        Alphabet::Digits | Alphabet::Numbers => match upper {
            '1'..='9' => Some(upper as usize - '0' as usize),
            'A'..='Z' => Some(upper as usize - 'A' as usize + 10),
            _ => None,
        },
        Alphabet::Letters => match upper {
            'A'..='Z' => Some(upper as usize - 'A' as usize + 1),
            _ => None,
        },
    }
}

fn expected_symbols(alphabet: Alphabet) -> &'static str {
    match alphabet {
        Alphabet::Digits => "digits 1-9 then letters A-Z, `.`, `0`, `*`, `-` or `_` for a blank",
        Alphabet::Letters => "letters from A, `.`, `0`, `*`, `-` or `_` for a blank",
        Alphabet::Numbers => "numbers from 1, `0` or `.` for a blank",
    }
}

/// Turns the rows of one puzzle into a checked [`Puzzle`].
fn decode(shape: Shape, line: usize, rows: &[(usize, Row)]) -> Result<Puzzle, ParseError> {
    let size = shape.size();
    // A row of blanks and single digits with spaces between its cells
    // (`. . | . .`) reads as numbers on its own, but it is the same text one
    // character a cell. When another row of the grid is characters, read it
    // as characters too: otherwise a grid with a blank first row, as
    // `render` writes it, would take its alphabet from that row alone and
    // refuse the letters below it.
    let rows: Vec<(usize, Row)> = if rows.iter().any(|(_, row)| matches!(row, Row::Chars(_))) {
        rows.iter()
            .map(|(row_line, row)| (*row_line, row.clone().into_chars()))
            .collect()
    } else {
        rows.to_vec()
    };
    let alphabet = match &rows[0].1 {
        Row::Numbers(..) => Alphabet::Numbers,
        Row::Chars(_) => char_alphabet(rows.iter().flat_map(|(_, row)| match row {
            Row::Chars(cells) => cells.iter(),
            Row::Numbers(..) => [].iter(),
        })),
    };
    let mut cells = Vec::with_capacity(shape.n_cells());
    for (row_line, row) in &rows {
        let unknown =
            |index: usize, symbol: String, alphabet: Alphabet| ParseError::UnknownSymbol {
                line: *row_line,
                cell: shape.cell(index),
                symbol,
                size,
                expected: expected_symbols(alphabet),
            };
        match row {
            Row::Numbers(values, too_large) => {
                for &v in values {
                    if v as usize > size {
                        let symbol = match too_large {
                            Some(token) if v == u32::MAX => token.clone(),
                            _ => v.to_string(),
                        };
                        return Err(unknown(cells.len(), symbol, Alphabet::Numbers));
                    }
                    cells.push(v as u8);
                }
            }
            Row::Chars(chars) => {
                for &ch in chars {
                    match char_value(alphabet, ch) {
                        Some(v) if v <= size => cells.push(v as u8),
                        _ => return Err(unknown(cells.len(), ch.to_string(), alphabet)),
                    }
                }
            }
        }
    }
    let grid = Grid { shape, cells };
    if let Some(clash) = find_clash(&grid, Variant::Plain) {
        return Err(ParseError::Clash {
            line,
            first: clash.first,
            second: clash.second,
            symbol: super::render::symbol(alphabet, size, clash.digit),
        });
    }
    Ok(Puzzle {
        grid,
        alphabet,
        line,
        claim: Claim::default(),
    })
}

fn isqrt(k: usize) -> usize {
    let mut root = (k as f64).sqrt() as usize;
    while root * root > k {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= k {
        root += 1;
    }
    root
}
