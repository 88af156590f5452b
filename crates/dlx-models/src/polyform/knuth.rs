//! The input forms of Knuth's generators `polyomino-dlx`, `polycube-dlx` and `polyiamond-dlx`: a board and typical cells of pieces, in base-62 coordinates.
//!
//! All three read the same way (their literate sources describe it):
//! - a line that begins with `|` is a comment;
//! - the first other line lists the cells of the board, each cell a group
//!   of coordinates (`xy` for squares, `x` the column and `y` the row;
//!   `xyz` for cubes; `xy` for the up triangle and `xy'` for the down one
//!   to its right), each coordinate one "digit" `0`-`9`,
//!   `a`-`z` (10 to 35), `A`-`Z` (36 to 61), or a set of them in brackets
//!   with ranges, so that `[0-2][0-3][0-4]` is a 3 x 4 x 5 box and
//!   `[0-5][0-5] [0-5][0-5]'` the 6 x 6 rhombus of 72 triangles;
//! - every later line is a piece: its name, then its cells in the same form
//!   (a "typical" placement; every rotation, for squares and triangles
//!   every rotation and reflection, is used); `K*NAME` asks for K copies,
//!   K one base-62 digit, and `polyiamond-dlx`'s own `K|NAME` (K a
//!   decimal number) is read too.
//!
//! What the generators accept and these readers do not is said with the line
//! and column: a suffix after a cell other than `'` (which makes a secondary
//! item for Knuth: give his program's output to `dlx solve`), a piece given
//! on two lines (Knuth combines their placements; here a piece has one
//! shape), and names other than letters, digits, `_` and `-`.

use super::board::BoardError;
use super::grid::Grid;
use super::pieces::{valid_name, Piece, PieceError, PieceSet};

/// A board, and maybe pieces, read from the input of one of Knuth's generators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnuthSpec<G: Grid> {
    /// The board, from the first line that is not a comment, in Knuth's coordinates.
    pub board: G::Board,
    /// The pieces of the lines after it; `None` when there are none.
    pub pieces: Option<PieceSet<G>>,
}

/// What is wrong with an input of `polyomino-dlx`, `polycube-dlx` or `polyiamond-dlx`.
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
    #[error("line {line}: piece `{shown_name}` was given at line {first} already; here a piece has one shape ({program} would combine the placements of both lines)", shown_name = crate::text::shown(&.name))]
    PieceTwice {
        /// The second line.
        line: usize,
        /// The first line that named it.
        first: usize,
        /// The piece.
        name: String,
        /// The generator whose input it is, in words.
        program: &'static str,
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

/// One of Knuth's generators, whose input a reader reads: what tells
/// their forms apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Program {
    /// `polyomino-dlx`: cells `xy`.
    Polyomino,
    /// `polycube-dlx`: cells `xyz`.
    Polycube,
    /// `polyiamond-dlx`: cells `xy` and `xy'`, and multiplicities `K|NAME`.
    Polyiamond,
}

impl Program {
    /// Coordinates per cell: 3 for cubes, 2 in the plane.
    fn coordinates(self) -> usize {
        match self {
            Program::Polycube => 3,
            Program::Polyomino | Program::Polyiamond => 2,
        }
    }

    /// Whether a `'` may follow the coordinates (the down triangle), and
    /// `K|NAME` give a multiplicity.
    fn polyiamond(self) -> bool {
        self == Program::Polyiamond
    }

    /// The program in messages, and how its secondary items are said.
    fn words(self) -> (&'static str, &'static str) {
        match self {
            Program::Polyomino => ("polyomino-dlx", "in polyomino-dlx"),
            Program::Polycube | Program::Polyiamond => ("Knuth's generators", "for Knuth"),
        }
    }
}

/// Reads an input of `program` (see the module's documentation).
pub(crate) fn parse<G: Grid>(text: &str, program: Program) -> Result<KnuthSpec<G>, KnuthError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line))
        .filter(|(_, line)| !line.starts_with('|') && !line.trim().is_empty());
    let (board_line, board_text) = lines.next().ok_or(KnuthError::NoBoard)?;
    let board_cells = cells::<G>(board_line, board_text, 0, program)?;
    let board = G::board_of(board_cells).map_err(|source| KnuthError::Board {
        line: board_line,
        source,
    })?;
    let mut pieces: Vec<Piece<G>> = Vec::new();
    let mut first_lines: Vec<usize> = Vec::new();
    for (line, text) in lines {
        let start = text.len() - text.trim_start().len();
        let rest = &text[start..];
        let name_end = start + rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &text[start..name_end];
        let name_column = text[..start].chars().count() + 1;
        let syntax = |expected: &str| KnuthError::Syntax {
            line,
            column: name_column,
            found: format!("`{word}`"),
            expected: expected.to_owned(),
        };
        let (count, name) = multiplicity(word, program.polyiamond()).ok_or_else(|| {
            syntax(if program.polyiamond() {
                "a multiplicity from 1 (`4|Z` or `4*Z`)"
            } else {
                "a multiplicity of one base-62 digit from 1 (`4*Z`)"
            })
        })?;
        if !valid_name(name) {
            return Err(syntax(
                "a piece name of letters, digits, `_` and `-` (`K*NAME` for K copies)",
            ));
        }
        if let Some(at) = pieces.iter().position(|p| p.name == name) {
            return Err(KnuthError::PieceTwice {
                line,
                first: first_lines[at],
                name: name.to_owned(),
                program: program.words().0,
            });
        }
        let typical = cells::<G>(line, text, name_end, program)?;
        if typical.is_empty() {
            return Err(KnuthError::Syntax {
                line,
                column: text.chars().count() + 1,
                found: "the end of the line".to_owned(),
                expected: format!("the cells of piece `{name}`"),
            });
        }
        let mut piece = Piece::new(name, G::shape_of(&typical));
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

/// The count and the name of a piece's first word: `K*NAME` with K one
/// base-62 digit, `K|NAME` with K decimal when `bar`, or `NAME` once;
/// `None` for a multiplicity that is not one.
fn multiplicity(word: &str, bar: bool) -> Option<(usize, &str)> {
    if bar {
        if let Some((k, name)) = word.split_once('|') {
            let k: usize = k.parse().ok().filter(|&k| k > 0)?;
            return Some((k, name));
        }
    }
    match word.split_once('*') {
        Some((k, name)) if k.chars().count() == 1 => {
            let k = k.chars().next().and_then(digit).filter(|&k| k > 0)?;
            Some((k, name))
        }
        Some((k, name)) if bar => Some((k.parse().ok().filter(|&k| k > 0)?, name)),
        _ => Some((1, word)),
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

/// The cells of a list of cell specifications, which is the text of line
/// `line` (`text`) from its byte `start` on.
fn cells<G: Grid>(
    line: usize,
    text: &str,
    start: usize,
    program: Program,
) -> Result<Vec<G::Cell>, KnuthError> {
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
        let mut sets = Vec::with_capacity(program.coordinates());
        for _ in 0..program.coordinates() {
            sets.push(coordinates(&chars, &mut at, &syntax)?);
        }
        let primed = program.polyiamond() && chars.get(at).is_some_and(|&(_, ch)| ch == '\'');
        if primed {
            at += 1;
        }
        if at < chars.len() && !chars[at].1.is_whitespace() {
            let secondary = program.words().1;
            return Err(syntax(
                at,
                &format!("a space after the cell (a suffix, which makes a secondary item {secondary}, is not read here)"),
            ));
        }
        // Every combination of the coordinates, the first one slowest.
        let mut combos: Vec<[usize; 3]> = vec![[0; 3]];
        for (k, set) in sets.iter().enumerate() {
            combos = combos
                .into_iter()
                .flat_map(|prefix| {
                    set.iter().map(move |&v| {
                        let mut next = prefix;
                        next[k] = v;
                        next
                    })
                })
                .collect();
        }
        found.extend(combos.iter().map(|&c| G::knuth_cell(c, primed)));
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
