//! The text reading the models share: lines and tokens with their line and column, numbers, and [`TextError`].
//!
//! The contest formats (SPOJ queens, the matrix forms, treasure maps,
//! square destroyers) are whitespace-separated decimal numbers.
//! Two models read them line by line ([`Lines`], [`numbers`]), because a
//! line break ends a case or a row; two read them as one stream of numbers
//! ([`Tokens`], [`Counted`]), because their cases are counted, not lined.
//! Every fault found in the tokens themselves is a [`TextError`], which each
//! model's parse error wraps, so the messages read the same in every model.

use std::iter::Enumerate;

/// What is wrong with the tokens of a puzzle file, and where.
///
/// Each model's parse error wraps it (a `Text` variant), so that a token
/// that is not a number, an input that ends early and tokens after the last
/// case read the same in every model.
/// Lines and columns count from 1; columns count characters, not bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TextError {
    /// A token that is not a number from 0 up (decimal digits only, no sign).
    #[error("line {line}, column {column}: `{shown_token}` is not a number", shown_token = crate::text::shown(&.token))]
    NotANumber {
        /// The line, from 1.
        line: usize,
        /// The character column where the token starts, from 1.
        column: usize,
        /// The token.
        token: String,
    },
    /// The input ends before a number it needs.
    #[error("line {line}: the input ends before {what}")]
    UnexpectedEnd {
        /// The last line of the input, from 1.
        line: usize,
        /// What was expected next.
        what: String,
    },
    /// Tokens left after the last of the cases the input announced.
    #[error("line {line}: `{shown_token}` after the last of the {cases} cases", shown_token = crate::text::shown(&.token))]
    TrailingInput {
        /// The line, from 1.
        line: usize,
        /// The first extra token.
        token: String,
        /// The number of cases announced.
        cases: usize,
    },
}

/// A whitespace-separated token and where it starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    /// The line, from 1.
    pub(crate) line: usize,
    /// The character column where the token starts, from 1.
    pub(crate) column: usize,
    /// The token.
    pub(crate) text: &'a str,
}

/// The whitespace-separated tokens of one line, in order (see [`tokens`]).
#[derive(Clone, Debug)]
pub(crate) struct LineTokens<'a> {
    line: usize,
    text: &'a str,
    /// The byte offset and the character column (from 0) where the search resumes.
    byte: usize,
    column: usize,
}

/// The non-blank lines of a text with their numbers, from 1.
#[derive(Clone, Debug)]
pub(crate) struct Lines<'a> {
    lines: Enumerate<std::str::Lines<'a>>,
}

/// The whitespace-separated tokens of a whole text, across its lines.
#[derive(Clone, Debug)]
pub(crate) struct Tokens<'a> {
    lines: Enumerate<std::str::Lines<'a>>,
    current: LineTokens<'a>,
    /// The last line read, from 1 (1 for an empty text): where the input ends.
    last_line: usize,
}

/// The cases of an input that gives their number first (`T`, then the
/// cases), read one at a time from a stream of tokens by a model's reader:
/// an iterator of `Result<T, E>`, in input order.
///
/// [`treasure::Cases`](crate::treasure::Cases) and
/// [`squares::Cases`](crate::squares::Cases) are this iterator; the models'
/// `parse` functions make them.
/// After the last case, any token left is an error
/// ([`TextError::TrailingInput`]); after an error there is nothing more,
/// since a count read wrong or a case cut short leaves no place to start the
/// next case from.
#[derive(Clone, Debug)]
pub struct Counted<'a, T, E> {
    tokens: Tokens<'a>,
    /// Reads one case, given its number from 1.
    read: fn(&mut Tokens<'a>, usize) -> Result<T, E>,
    /// The number of cases, once read.
    n_cases: Option<usize>,
    /// The cases read so far.
    n_read: usize,
    done: bool,
}

impl Token<'_> {
    /// The token as a number from 0 up, written in decimal digits only (no
    /// sign: `+5` and `-1` are not numbers here, nor is a value beyond `usize`).
    pub(crate) fn number(&self) -> Result<usize, TextError> {
        self.text
            .parse()
            .ok()
            .filter(|_| self.text.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| TextError::NotANumber {
                line: self.line,
                column: self.column,
                token: self.text.to_owned(),
            })
    }
}

/// Text of the input for a message, its control characters (all but the
/// tab) escaped as `\xNN`: quoted raw, `\x1b` would be obeyed by the
/// terminal, not shown (issue 20).
pub(crate) fn shown(text: &impl std::fmt::Display) -> String {
    let text = text.to_string();
    if !text.chars().any(|c| c.is_control() && c != '\t') {
        return text;
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() && c != '\t' {
            for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                shown.push_str(&format!("\\x{byte:02x}"));
            }
        } else {
            shown.push(c);
        }
    }
    shown
}

/// The whitespace-separated tokens of `text`, which is line `line` of its input.
pub(crate) fn tokens(line: usize, text: &str) -> LineTokens<'_> {
    LineTokens {
        line,
        text,
        byte: 0,
        column: 0,
    }
}

/// The numbers of line `line`, each with the character column where it starts.
pub(crate) fn numbers(line: usize, text: &str) -> Result<Vec<(usize, usize)>, TextError> {
    tokens(line, text)
        .map(|token| Ok((token.column, token.number()?)))
        .collect()
}

impl<'a> Iterator for LineTokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let mut start = None;
        for (byte, ch) in self.text[self.byte..].char_indices() {
            let byte = self.byte + byte;
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some((byte, self.column)),
                (true, Some((from, column))) => {
                    self.byte = byte;
                    return Some(self.token(from, byte, column));
                }
                _ => {}
            }
            self.column += 1;
        }
        self.byte = self.text.len();
        start.map(|(from, column)| self.token(from, self.text.len(), column))
    }
}

impl<'a> LineTokens<'a> {
    fn token(&self, from: usize, to: usize, column: usize) -> Token<'a> {
        Token {
            line: self.line,
            column: column + 1,
            text: &self.text[from..to],
        }
    }
}

impl<'a> Lines<'a> {
    /// The non-blank lines of `text`.
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        Lines {
            lines: text.lines().enumerate(),
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    /// The line's number, from 1, and its text.
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        self.lines
            .by_ref()
            .find(|(_, text)| !text.trim().is_empty())
            .map(|(index, text)| (index + 1, text))
    }
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`, from its first line.
    pub(crate) fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            lines: text.lines().enumerate(),
            current: tokens(1, ""),
            last_line: 1,
        }
    }

    /// The next number as (line, value); at the end of the input, an error
    /// saying that `what` was expected.
    pub(crate) fn number(
        &mut self,
        what: impl FnOnce() -> String,
    ) -> Result<(usize, usize), TextError> {
        let token = self.next().ok_or_else(|| TextError::UnexpectedEnd {
            line: self.last_line,
            what: what(),
        })?;
        Ok((token.line, token.number()?))
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            if let Some(token) = self.current.next() {
                return Some(token);
            }
            let (index, text) = self.lines.next()?;
            self.last_line = index + 1;
            self.current = tokens(index + 1, text);
        }
    }
}

impl<'a, T, E: From<TextError>> Counted<'a, T, E> {
    /// The cases of `text`, whose first token is their number, each read by `read`.
    pub(crate) fn new(
        text: &'a str,
        read: fn(&mut Tokens<'a>, usize) -> Result<T, E>,
    ) -> Counted<'a, T, E> {
        Counted {
            tokens: Tokens::new(text),
            read,
            n_cases: None,
            n_read: 0,
            done: false,
        }
    }

    fn step(&mut self) -> Option<Result<T, E>> {
        let n_cases = match self.n_cases {
            Some(n_cases) => n_cases,
            None => match self.tokens.number(|| "the number of cases".to_owned()) {
                Ok((_, n_cases)) => *self.n_cases.insert(n_cases),
                Err(err) => return Some(Err(err.into())),
            },
        };
        if self.n_read == n_cases {
            let token = self.tokens.next()?;
            return Some(Err(TextError::TrailingInput {
                line: token.line,
                token: token.text.to_owned(),
                cases: n_cases,
            }
            .into()));
        }
        self.n_read += 1;
        Some((self.read)(&mut self.tokens, self.n_read))
    }
}

impl<T, E: From<TextError>> Iterator for Counted<'_, T, E> {
    type Item = Result<T, E>;

    fn next(&mut self) -> Option<Result<T, E>> {
        if self.done {
            return None;
        }
        let next = self.step();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}
