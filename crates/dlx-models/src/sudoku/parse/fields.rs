//! The fields a collection writes beside a one-line puzzle: tdoku's `puzzle:count:solution`, `puzzle,solution`, CSV columns named by a header, a long puzzle among ids and ratings.

use super::cells::{char_alphabet, char_value, expected_symbols, isqrt};
use super::ParseError;
use crate::sudoku::{Grid, Shape, MAX_SIZE};

/// The columns of a CSV file, from its header line.
#[derive(Clone, Debug)]
pub(super) struct Columns {
    /// The header's line.
    line: usize,
    puzzle: usize,
    count: Option<usize>,
    solution: Option<usize>,
    cap: Option<u64>,
}

/// A field of a line and the character column where it starts, from 1.
pub(super) type Field<'a> = (usize, &'a str);

/// A one-line puzzle with what its line says of its answer.
pub(super) struct Annotated<'a> {
    pub(super) puzzle: Field<'a>,
    pub(super) count: Option<Field<'a>>,
    pub(super) solution: Option<Field<'a>>,
    pub(super) cap: Option<u64>,
}

impl Columns {
    /// The fields of a record of a CSV file with this header.
    pub(super) fn record<'a>(
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
pub(super) fn header(line: usize, text: &str) -> Option<Columns> {
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
pub(super) fn annotate<'a>(
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
pub(super) fn read_solution(
    shape: Shape,
    line: usize,
    column: usize,
    text: &str,
) -> Result<Grid, ParseError> {
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
