//! Knuth's `polyomino-dlx` input: a board and its pieces as lists of cells in base-62 coordinates.
//!
//! The form, as Knuth's program `polyomino-dlx` reads it (his literate
//! source describes it; the page "polyomino-dlx" of his programs):
//! - a line that begins with `|` is a comment;
//! - the first other line lists the cells of the board, each cell `xy`: two
//!   coordinates from 0 to 61, each one "digit" `0`-`9`, `a`-`z` (10 to 35),
//!   `A`-`Z` (36 to 61), or a set of them in brackets with ranges, so that
//!   `[0-9][0-5]` is the 10 x 6 rectangle and `[123]2 2[123]` a cross of
//!   five cells;
//! - every later line is a piece: its name, then its cells in the same form
//!   (a "typical" placement; every rotation and reflection is used); a name
//!   `K*NAME` asks for K copies, K one base-62 digit.
//!
//! Here `x` is the column and `y` the row, so `[0-9][0-5]` is a board 10
//! wide and 6 tall, as `--board 10x6`. Blank lines are skipped.
//! What `polyomino-dlx` accepts and `dlx polyomino` does not say so with the
//! line and column: a suffix after a cell (which makes a secondary item:
//! give Knuth's program's output to `dlx solve`), a piece given on two lines
//! (Knuth combines their placements; here a piece has one shape), and names
//! other than letters, digits, `_` and `-`.

use super::board::{Board, BoardError};
use super::pieces::{valid_name, Piece, PieceError, PieceSet};
use super::shape::Shape;

/// A board, and maybe pieces, read from the input of Knuth's `polyomino-dlx`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnuthSpec {
    /// The board, from the first line that is not a comment.
    pub board: Board,
    /// The pieces of the lines after it; `None` when there are none.
    pub pieces: Option<PieceSet>,
}

/// What is wrong with an input of `polyomino-dlx`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KnuthError {
    /// Text that is not what its place asks for.
    #[error("line {line}, column {column}: found {shown_found}, expected {expected}", shown_found = crate::text::shown(&.found))]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// The character column, from 1.
        column: usize,
        /// What was found, in words (text in backticks).
        found: String,
        /// What was expected there.
        expected: String,
    },
    /// A piece named on two lines.
    #[error("line {line}: piece `{shown_name}` was given at line {first} already; here a piece has one shape (polyomino-dlx would combine the placements of both lines)", shown_name = crate::text::shown(&.name))]
    PieceTwice {
        /// The second line.
        line: usize,
        /// The first line that named it.
        first: usize,
        /// The piece.
        name: String,
    },
    /// No line but comments.
    #[error("the input holds no board line (the first line that is not a `|` comment)")]
    NoBoard,
    /// The cells of the board make no board.
    #[error("line {line}: the board")]
    Board {
        /// The board's line.
        line: usize,
        /// Why.
        #[source]
        source: BoardError,
    },
    /// The pieces make no piece set.
    #[error("the pieces")]
    Pieces(#[source] PieceError),
}

impl KnuthSpec {
    /// Reads an input of `polyomino-dlx` (see the module's documentation).
    ///
    /// ```
    /// use dlx_models::polyomino::{KnuthSpec, Polyomino};
    ///
    /// let text = "| the 3 x 2 box and two trominoes\n[0-2][01]\nL 00 01 10\n2*I 00 10 20\n";
    /// let spec = KnuthSpec::parse(text)?;
    /// assert_eq!((spec.board.width(), spec.board.height()), (3, 2));
    /// let pieces = spec.pieces.expect("two piece lines");
    /// assert_eq!(pieces.names(), ["L", "I"]);
    /// let only_l = KnuthSpec::parse("[0-2][01]\nL 00 01 10\n")?;
    /// let model = Polyomino::new(only_l.board, only_l.pieces.unwrap().times(2), false)?;
    /// assert_eq!(model.count_all(), 2u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<KnuthSpec, KnuthError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line))
            .filter(|(_, line)| !line.starts_with('|') && !line.trim().is_empty());
        let (board_line, board_text) = lines.next().ok_or(KnuthError::NoBoard)?;
        let board_cells = cells(board_line, board_text, 0)?;
        let board = Board::from_cells(&board_cells).map_err(|source| KnuthError::Board {
            line: board_line,
            source,
        })?;
        let mut pieces: Vec<Piece> = Vec::new();
        let mut first_lines: Vec<usize> = Vec::new();
        for (line, text) in lines {
            let start = text.len() - text.trim_start().len();
            let rest = &text[start..];
            let name_end = start + rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &text[start..name_end];
            let name_column = text[..start].chars().count() + 1;
            let (count, name) = match word.split_once('*') {
                Some((k, name)) if k.chars().count() == 1 => {
                    let k = k.chars().next().and_then(digit).filter(|&k| k > 0);
                    let k = k.ok_or_else(|| KnuthError::Syntax {
                        line,
                        column: name_column,
                        found: format!("`{word}`"),
                        expected: "a multiplicity of one base-62 digit from 1 (`4*Z`)".to_owned(),
                    })?;
                    (k, name)
                }
                _ => (1, word),
            };
            if !valid_name(name) {
                return Err(KnuthError::Syntax {
                    line,
                    column: name_column,
                    found: format!("`{word}`"),
                    expected:
                        "a piece name of letters, digits, `_` and `-` (`K*NAME` for K copies)"
                            .to_owned(),
                });
            }
            if let Some(at) = pieces.iter().position(|p| p.name == name) {
                return Err(KnuthError::PieceTwice {
                    line,
                    first: first_lines[at],
                    name: name.to_owned(),
                });
            }
            let typical = cells(line, text, name_end)?;
            if typical.is_empty() {
                return Err(KnuthError::Syntax {
                    line,
                    column: text.chars().count() + 1,
                    found: "the end of the line".to_owned(),
                    expected: format!("the cells of piece `{name}`"),
                });
            }
            let mut piece = Piece::new(name, Shape::new(typical));
            piece.count = count;
            pieces.push(piece);
            first_lines.push(line);
        }
        let pieces = if pieces.is_empty() {
            None
        } else {
            Some(PieceSet::new(pieces).map_err(KnuthError::Pieces)?)
        };
        Ok(KnuthSpec { board, pieces })
    }
}

/// The value of a base-62 digit: `0`-`9`, `a`-`z`, `A`-`Z`.
fn digit(ch: char) -> Option<usize> {
    match ch {
        '0'..='9' => Some(ch as usize - '0' as usize),
        'a'..='z' => Some(ch as usize - 'a' as usize + 10),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 36),
        _ => None,
    }
}

/// The cells `(row, column)` of a list of cell specifications `xy`, which
/// is the text of line `line` (`text`) from its byte `start` on.
fn cells(line: usize, text: &str, start: usize) -> Result<Vec<(usize, usize)>, KnuthError> {
    let chars: Vec<(usize, char)> = text[start..]
        .char_indices()
        .map(|(byte, ch)| (start + byte, ch))
        .collect();
    // The character column, from 1, of the character at `at` in `chars`.
    let column = |at: usize| {
        let byte = chars.get(at).map_or(text.len(), |&(byte, _)| byte);
        text[..byte].chars().count() + 1
    };
    let syntax = |at: usize, expected: &str| KnuthError::Syntax {
        line,
        column: column(at),
        found: chars.get(at).map_or_else(
            || "the end of the line".to_owned(),
            |&(_, ch)| format!("`{ch}`"),
        ),
        expected: expected.to_owned(),
    };
    let mut found = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        if chars[at].1.is_whitespace() {
            at += 1;
            continue;
        }
        let xs = coordinates(&chars, &mut at, &syntax)?;
        let ys = coordinates(&chars, &mut at, &syntax)?;
        if at < chars.len() && !chars[at].1.is_whitespace() {
            return Err(syntax(
                at,
                "a space after the cell (a suffix, which makes a secondary item in polyomino-dlx, is not read here)",
            ));
        }
        for &x in &xs {
            for &y in &ys {
                found.push((y, x));
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    Ok(found)
}

/// One coordinate of a cell: a base-62 digit or a bracketed set with ranges
/// (`[0-2b]`), read from `chars[*at..]`; the values, in increasing order.
fn coordinates(
    chars: &[(usize, char)],
    at: &mut usize,
    syntax: &impl Fn(usize, &str) -> KnuthError,
) -> Result<Vec<usize>, KnuthError> {
    const DIGIT: &str =
        "a coordinate: a base-62 digit (`0`-`9`, `a`-`z`, `A`-`Z`) or a set in brackets (`[0-5]`)";
    let Some(&(_, first)) = chars.get(*at) else {
        return Err(syntax(*at, DIGIT));
    };
    if first != '[' {
        let value = digit(first).ok_or_else(|| syntax(*at, DIGIT))?;
        *at += 1;
        return Ok(vec![value]);
    }
    *at += 1;
    let mut set = [false; 62];
    // The digit before a `-`, waiting for the end of its range.
    let mut from: Option<usize> = None;
    let mut last: Option<usize> = None;
    loop {
        let Some(&(_, ch)) = chars.get(*at) else {
            return Err(syntax(*at, "`]` to close the set"));
        };
        match ch {
            ']' if from.is_none() => {
                *at += 1;
                break;
            }
            '-' if from.is_none() && last.is_some() => {
                from = last.take();
            }
            _ => {
                let value = digit(ch).ok_or_else(|| {
                    syntax(*at, "a base-62 digit, a range `a-b` or `]` in the set")
                })?;
                match from.take() {
                    Some(start) if value < start => {
                        return Err(syntax(*at, "the end of a range at least its start"));
                    }
                    // A range ends a term: `[1-2-3]` is refused, as Knuth does.
                    Some(start) => {
                        set[start..=value].fill(true);
                        last = None;
                    }
                    None => {
                        set[value] = true;
                        last = Some(value);
                    }
                }
            }
        }
        *at += 1;
    }
    Ok((0..62).filter(|&v| set[v]).collect())
}
