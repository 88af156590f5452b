//! Knuth's DLX text format, read as his programs DLX1, DLX2, DLX3 and DLX5 read it, and written back.
//!
//! ```text
//! | A comment: any line whose first non-blank character is `|`.
//! a b c | x y
//! a x:red
//! b x:red y
//! c y
//! ```
//!
//! - Lines end at a newline (a carriage return before it is dropped). Blank
//!   lines, and comment lines, whose first non-blank character is `|`, are
//!   skipped wherever they are. A UTF-8 byte-order mark at the start is skipped.
//! - The first other line names the items, separated by blanks: the primary
//!   items, then optionally `|` and the secondary items. The `|` may touch the
//!   name after it (`a b |x y`), as in Knuth's programs.
//! - A primary item may carry a multiplicity (Knuth's DLX3): `u:v|name` asks
//!   that between `u` and `v` options cover it, `v|name` exactly `v`,
//!   `:v|name` at most `v`.
//! - Every later line is one option: its item names separated by blanks, a
//!   secondary item optionally written `name:color`, and optionally costs
//!   `|n` (Knuth's DLX5; several add up, as there: `a b |1 |2` costs 3).
//! - A name is any nonempty run of bytes other than blanks, control
//!   characters, `|` and `:`. It need not be UTF-8: Knuth's programs read
//!   names as bytes, and some of his generators write labels from 0xA1 to
//!   0xFF. [`write_dlx_bytes`] writes such names back byte for byte.
//! - An option with no primary item could never be chosen. Knuth's programs
//!   skip it with a warning ("Option ignored (no primary items)"), and so does
//!   [`read_dlx`], which returns the warning ([`ParseWarning`]) beside the problem.
//!
//! Beyond Knuth's programs, names may be longer than 8 bytes, a color may be
//! longer than one character, and `u:|name` asks that at least `u` options
//! cover an item, with no upper bound. Everything else they refuse is refused
//! here too, with the line and what was wrong: an unknown or repeated item,
//! a color on a primary item or two colors on one item (`c:red:blue`), a
//! malformed cost or multiplicity, a second `|` in the item line.
//!
//! Knuth's format cannot express a problem without primary items: an item
//! line that starts with `|` is a comment. [`write_dlx`] writes such a
//! problem as comment lines only, which reads back as an error.
//!
//! The faces that show an error as one line of text (Python's exceptions,
//! the page's) write it and its causes by [`error_line`].

mod read;
mod write;

pub use read::{parse_dlx, parse_dlx_bytes, read_dlx, Parsed};
pub use write::{format_option, format_option_bytes, write_dlx, write_dlx_bytes};

use crate::problem::BuildError;

/// An error and its causes as one line, `what: because why`, each cause
/// left out whose text the line already holds (an error that repeats its
/// source's message in its own).
///
/// ```
/// let error = dlx_core::parse_dlx("a b\nc").unwrap_err();
/// assert!(dlx_core::format::error_line(&error).starts_with("line 2"));
/// ```
pub fn error_line(error: &dyn std::error::Error) -> String {
    let mut line = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !line.contains(&text) {
            line.push_str(": ");
            line.push_str(&text);
        }
        source = cause.source();
    }
    line
}

/// What is wrong with a DLX text, and on which line (1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A NUL byte: the input is a binary file, not text.
    #[error("line {line}: the input holds a NUL byte; is it a binary file?")]
    Binary {
        /// The line.
        line: usize,
    },
    /// A carriage return that no newline follows: old Mac line ends, which
    /// would make the whole file one line.
    #[error("line {line}: a carriage return without a newline after it; lines must end with a newline (`\\n` or `\\r\\n`), not a carriage return alone")]
    LoneCarriageReturn {
        /// The line.
        line: usize,
    },
    /// Nothing but comments and blank lines.
    #[error(
        "no item line: the input holds only comments and blank lines (comments start with `|`)"
    )]
    MissingHeader,
    /// An item line that starts like a comment of another language.
    #[error("line {line}: the item line starts with `//`, which looks like a comment; comments in Knuth's format start with `|`")]
    CommentLike {
        /// The line.
        line: usize,
    },
    /// `|` twice in the item line.
    #[error("line {line}: the item line has a second `|`; only one separates primary from secondary items")]
    SecondSeparator {
        /// The line.
        line: usize,
    },
    /// A DLX3 multiplicity `u:v|name` on a secondary item.
    #[error("line {line}: secondary item `{name}` has a multiplicity (`{text}`); only primary items take multiplicities")]
    MultiplicityOnSecondary {
        /// The line.
        line: usize,
        /// The item's name.
        name: String,
        /// The item as written.
        text: String,
    },
    /// The same name twice in the item line.
    #[error("line {line}: item `{name}` is named twice in the item line")]
    DuplicateItem {
        /// The line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A name with a character the format reserves.
    #[error("line {line}: `{name}` is not a valid name: {reason}")]
    InvalidName {
        /// The line.
        line: usize,
        /// The name as written.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A DLX3 multiplicity `u:v|name` that is malformed or cannot be met.
    #[error("line {line}: `{text}` is not a valid multiplicity: {reason}")]
    InvalidMultiplicity {
        /// The line.
        line: usize,
        /// The item as written.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A cost that is not `|` followed by a nonnegative integer below 2^64.
    #[error("line {line}: `{text}` is not a cost (DLX5 costs are `|` followed by a nonnegative integer, at most {max})", max = u64::MAX)]
    InvalidCost {
        /// The line.
        line: usize,
        /// The text in question.
        text: String,
    },
    /// Several costs on one option (`a |5 |2`, which costs 7) whose sum, the
    /// option's cost, is more than an option may cost.
    #[error("line {line}: the costs of this option ({costs}) add up to more than {max}, the most one option may cost", max = u64::MAX)]
    OptionCostOverflow {
        /// The line.
        line: usize,
        /// The option's costs as written, `|n |m`.
        costs: String,
    },
    /// An option names an item the item line does not.
    #[error("line {line}: unknown item `{name}` (not in the item line)")]
    UnknownItem {
        /// The line.
        line: usize,
        /// The name.
        name: String,
    },
    /// An option names an item twice.
    #[error("line {line}: item `{name}` appears twice in this option")]
    RepeatedItem {
        /// The line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A color on a primary item.
    #[error("line {line}: primary item `{name}` has a color; only secondary items take colors")]
    ColorOnPrimary {
        /// The line.
        line: usize,
        /// The name.
        name: String,
    },
    /// `name:` with nothing after the colon.
    #[error("line {line}: item `{name}` has `:` but no color after it")]
    EmptyColor {
        /// The line.
        line: usize,
        /// The name.
        name: String,
    },
    /// `name:red:blue`: a second color on one item.
    #[error("line {line}: `{text}` gives its item two colors; an item takes one (`name:color`)")]
    TwoColors {
        /// The line.
        line: usize,
        /// The item as written.
        text: String,
    },
    /// Any other failure to build the problem (for instance too many nodes).
    #[error("{}the problem cannot be built", if *.line > 0 { format!("line {line}: ") } else { String::new() })]
    Build {
        /// The line, or 0 when no one line is at fault (the whole problem
        /// is too large).
        line: usize,
        /// What the builder refused.
        #[source]
        source: BuildError,
    },
}

impl ParseError {
    /// The line at fault (1-based), when one line is.
    ///
    /// ```
    /// let error = dlx_core::parse_dlx("a b\na c\n").unwrap_err();
    /// assert_eq!(error.line(), Some(2));
    /// ```
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::MissingHeader => None,
            ParseError::Build { line, .. } => (*line > 0).then_some(*line),
            ParseError::Binary { line }
            | ParseError::LoneCarriageReturn { line }
            | ParseError::CommentLike { line }
            | ParseError::SecondSeparator { line }
            | ParseError::MultiplicityOnSecondary { line, .. }
            | ParseError::DuplicateItem { line, .. }
            | ParseError::InvalidName { line, .. }
            | ParseError::InvalidMultiplicity { line, .. }
            | ParseError::InvalidCost { line, .. }
            | ParseError::OptionCostOverflow { line, .. }
            | ParseError::UnknownItem { line, .. }
            | ParseError::RepeatedItem { line, .. }
            | ParseError::ColorOnPrimary { line, .. }
            | ParseError::EmptyColor { line, .. }
            | ParseError::TwoColors { line, .. } => Some(*line),
        }
    }
}

/// Something in a DLX text that Knuth's programs accept and skip: reported
/// beside the problem by [`read_dlx`], not refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseWarning {
    /// An option with no primary item, which no search could choose: it is
    /// left out, as Knuth's DLX1, DLX2 and DLX3 leave it out.
    #[error("line {line}: option ignored (no primary items): {text}")]
    OptionWithoutPrimary {
        /// The line.
        line: usize,
        /// The option as written (bytes that are not UTF-8 shown as `\xNN`).
        text: String,
    },
}
