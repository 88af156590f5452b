//! Reading puzzles: one-line and multi-line grids, many to a text, read one at a time.

use std::iter::Enumerate;

use super::{find_clash, Cell, Grid, Shape, ShapeError, Variant, MAX_SIZE};

/// The symbols a puzzle was written in, so answers can be written the same way.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// One character a cell: `1`-`9`, then `A`-`Z` for 10 to 35 (`1-9A-G` for
    /// 16x16); `.` or `0` for a blank.
    #[default]
    Digits,
    /// One letter a cell: `A` for 1 up to `Z` for 26 (`A-P` for 16x16, `A-Y`
    /// for 25x25); `.` or `0` for a blank.
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
}

/// A puzzle read from a text: its grid of givens, the alphabet it was written
/// in, and the line it started on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    grid: Grid,
    alphabet: Alphabet,
    line: usize,
}

/// The puzzles of a text, in order, read one at a time (see [`parse`]).
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    lines: Enumerate<std::str::Lines<'a>>,
    shape: Option<Shape>,
    /// The last line read, as written.
    current: &'a str,
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
/// `|` are ignored; lines starting with `#` are comments.
///
/// Without a fixed [`Shape`] the size is read off the line: a line of
/// `s * s` cells is a one-line puzzle of size `s` when its symbols fit that
/// size and it has no spaces or `|` between cells; otherwise a line of `k`
/// cells is the first row of a `k` x `k` grid. Lines of 16, 36 or 64 cells
/// can be either; pass the shape to settle it.
///
/// Every item is a puzzle or an error naming its line (and its cell, where
/// one is at fault); after an error, reading goes on at the next line.
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
/// # Ok::<(), dlx_models::sudoku::ParseError>(())
/// ```
pub fn parse(text: &str, shape: Option<Shape>) -> Puzzles<'_> {
    Puzzles {
        lines: text.lines().enumerate(),
        shape,
        current: "",
    }
}

impl Puzzles<'_> {
    /// The next line that holds cells, with its number (from 1); `None` at
    /// the end. A blank line gives `Some((line, None))`.
    fn next_row(&mut self) -> Option<(usize, Option<Row>)> {
        loop {
            let (index, current) = self.lines.next()?;
            self.current = current;
            let text = current.trim();
            if text.is_empty() {
                return Some((index + 1, None));
            }
            if text.starts_with('#') || is_separator(text) {
                continue;
            }
            return Some((index + 1, Some(split_row(text, self.shape))));
        }
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
            let (line, row) = match self.next_row()? {
                (_, None) => continue,
                (line, Some(row)) => (line, row),
            };
            let k = row.len();
            let spaced = matches!(row, Row::Numbers(..)) || self.current.contains('|');
            let root = isqrt(k);
            return Some(match self.shape {
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
            });
        }
    }
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
    if ch == '.' || ch == '0' || ch == '_' {
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
        Alphabet::Digits => "digits 1-9 then letters A-Z, `.` or `0` for a blank",
        Alphabet::Letters => "letters from A, `.` or `0` for a blank",
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
