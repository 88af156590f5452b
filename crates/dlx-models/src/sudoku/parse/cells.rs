//! A line's cells, one character or one number each, and the rows of one puzzle turned into a checked grid in the alphabet they were written in.

use super::{Alphabet, Claim, ParseError, Puzzle};
use crate::sudoku::{find_clash, Grid, Shape, Variant};

/// One line's cells, before the alphabet of its puzzle is known.
#[derive(Clone, Debug)]
pub(super) enum Row {
    /// One character a cell.
    Chars(Vec<char>),
    /// Whitespace-separated numbers (`.` read as 0); a number past
    /// `u32::MAX` is kept as `u32::MAX`, and the first such token as written.
    Numbers(Vec<u32>, Option<String>),
}

impl Row {
    pub(super) fn len(&self) -> usize {
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
    pub(super) fn fits(&self, size: usize) -> bool {
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
pub(super) fn is_separator(text: &str) -> bool {
    text.chars()
        .all(|ch| matches!(ch, '-' | '+' | '=' | '|') || ch.is_whitespace())
        && text.chars().any(|ch| matches!(ch, '-' | '+' | '='))
}

/// Splits a line into cells: whitespace-separated numbers when every token is
/// a number (or `.`) and their count fits a grid, else one cell a character
/// (whitespace and `|` dropped).
pub(super) fn split_row(text: &str, shape: Option<Shape>) -> Row {
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
pub(super) fn char_alphabet<'a>(cells: impl Iterator<Item = &'a char>) -> Alphabet {
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
pub(super) fn char_value(alphabet: Alphabet, ch: char) -> Option<usize> {
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

/// What the symbols of an alphabet are, for a message about one that is not.
pub(super) fn expected_symbols(alphabet: Alphabet) -> &'static str {
    match alphabet {
        Alphabet::Digits => "digits 1-9 then letters A-Z, `.`, `0`, `*`, `-` or `_` for a blank",
        Alphabet::Letters => "letters from A, `.`, `0`, `*`, `-` or `_` for a blank",
        Alphabet::Numbers => "numbers from 1, `0` or `.` for a blank",
    }
}

/// Turns the rows of one puzzle into a checked [`Puzzle`].
pub(super) fn decode(
    shape: Shape,
    line: usize,
    rows: &[(usize, Row)],
) -> Result<Puzzle, ParseError> {
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
            symbol: crate::sudoku::render::symbol(alphabet, size, clash.digit),
        });
    }
    Ok(Puzzle {
        grid,
        alphabet,
        line,
        claim: Claim::default(),
    })
}

/// The integer square root of `k`.
pub(super) fn isqrt(k: usize) -> usize {
    let mut root = (k as f64).sqrt() as usize;
    while root * root > k {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= k {
        root += 1;
    }
    root
}
