//! Knuth's DLX text format, read and written as DLX1 and DLX2 read it.
//!
//! ```text
//! | A comment: any line that starts with `|`.
//! a b c | x y
//! a x:red
//! b x:red y
//! c y
//! ```
//!
//! The first line that is neither blank nor a comment names the items,
//! separated by whitespace: the primary items, then optionally a `|` and the
//! secondary items. Every later non-blank, non-comment line is one option:
//! its item names separated by whitespace, a secondary item optionally
//! written `name:color`, and optionally costs `|n` (Knuth's DLX5; several add up).
//! A primary item may carry a multiplicity (Knuth's DLX3): `u:v|name` asks
//! that between `u` and `v` options cover it, `v|name` exactly `v`, and
//! `u:|name` at least `u`.
//! Item names are any run of characters other than
//! whitespace, `|` and `:`.
//!
//! A problem with no primary item has no options (every option needs one)
//! and, by Knuth's convention, exactly one solution: the empty one. Its item
//! line is written ` |` followed by its secondary items, if any: a line that
//! is neither blank nor a comment (those start with `|`), so the empty problem
//! is the single line ` |`. Knuth's programs have no such problem; reading it
//! is an extension, and an item line with no primary item followed by an
//! option is still an error ([`ParseError::NoPrimaryItems`]).

use std::fmt::Write as _;

use crate::index::OptionId;
use crate::problem::{BuildError, Entry, ItemKind, Multiplicity, Problem, ProblemBuilder};

/// What is wrong with a DLX text, and on which line (1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The bytes of a line are not UTF-8.
    #[error("line {line}: the input is not valid UTF-8 text")]
    NotUtf8 {
        /// The line.
        line: usize,
    },
    /// A NUL byte: the input is a binary file, not text.
    #[error("line {line}: the input holds a NUL byte; is it a binary file?")]
    Binary {
        /// The line.
        line: usize,
    },
    /// Nothing but comments and blank lines.
    ///
    /// The problem with no items is not an empty text but the item line ` |`.
    #[error("no item line: the input holds only comments and blank lines")]
    MissingHeader,
    /// The item line names no primary item, and an option follows it.
    ///
    /// Without options, such an item line is a problem with one solution, the empty one.
    #[error(
        "line {line}: the item line names no primary item (expected names, then optionally `|` and secondary names)"
    )]
    NoPrimaryItems {
        /// The line.
        line: usize,
    },
    /// `|` twice in the item line.
    #[error("line {line}: the item line has a second `|`; only one separates primary from secondary items")]
    SecondSeparator {
        /// The line.
        line: usize,
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
    /// A cost that is not `|` followed by a nonnegative integer, or costs that overflow.
    #[error("line {line}: `{text}` is not a cost (DLX5 costs are `|` followed by a nonnegative integer)")]
    InvalidCost {
        /// The line.
        line: usize,
        /// The text in question.
        text: String,
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
    /// An option with only secondary items, which no search could choose.
    #[error("line {line}: the option has no primary item, so no search could ever choose it")]
    NoPrimaryItem {
        /// The line.
        line: usize,
    },
    /// Any other failure to build the problem (for instance too many nodes).
    #[error("line {line}: the problem cannot be built")]
    Build {
        /// The line.
        line: usize,
        /// What the builder refused.
        #[source]
        source: BuildError,
    },
}

/// Reads a problem in Knuth's DLX format from text.
///
/// ```
/// let problem = dlx_core::parse_dlx("| two items\na b | x\na x:1\nb x:1\n")?;
/// assert_eq!((problem.n_primary(), problem.n_secondary(), problem.n_options()), (2, 1, 2));
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
pub fn parse_dlx(text: &str) -> Result<Problem, ParseError> {
    parse_dlx_bytes(text.as_bytes())
}

/// Reads a problem in Knuth's DLX format from bytes, which must be UTF-8 text.
pub fn parse_dlx_bytes(input: &[u8]) -> Result<Problem, ParseError> {
    let mut builder = ProblemBuilder::new();
    let mut header_seen = false;
    // The line of an item line that names no primary item: no option may follow it.
    let mut no_primary = None;
    let mut entries = Vec::new();
    for (index, raw) in input.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        if raw.contains(&0) {
            return Err(ParseError::Binary { line });
        }
        let text = std::str::from_utf8(raw).map_err(|_| ParseError::NotUtf8 { line })?;
        let text = text.strip_suffix('\r').unwrap_or(text);
        if text.starts_with('|') || text.trim().is_empty() {
            continue;
        }
        if !header_seen {
            header_seen = true;
            if parse_item_line(&mut builder, text, line)? == 0 {
                no_primary = Some(line);
            }
            continue;
        }
        if let Some(line) = no_primary {
            return Err(ParseError::NoPrimaryItems { line });
        }
        entries.clear();
        let mut cost: u64 = 0;
        for token in text.split_whitespace() {
            if let Some(number) = token.strip_prefix('|') {
                // DLX5: `|n` gives the option a cost; several add up.
                let value: u64 = number.parse().map_err(|_| ParseError::InvalidCost {
                    line,
                    text: token.to_owned(),
                })?;
                cost = cost
                    .checked_add(value)
                    .ok_or_else(|| ParseError::InvalidCost {
                        line,
                        text: token.to_owned(),
                    })?;
                continue;
            }
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            if token.contains('|') {
                return Err(ParseError::InvalidCost {
                    line,
                    text: token.to_owned(),
                });
            }
            let item = builder
                .item_by_name(name)
                .ok_or_else(|| ParseError::UnknownItem {
                    line,
                    name: name.to_owned(),
                })?;
            let color = match color {
                None => None,
                Some("") => {
                    return Err(ParseError::EmptyColor {
                        line,
                        name: name.to_owned(),
                    })
                }
                Some(color) => Some(builder.color(color)),
            };
            entries.push(Entry { item, color });
        }
        let option =
            builder
                .colored_option(entries.iter().copied())
                .map_err(|source| match source {
                    BuildError::RepeatedItem { item, .. } => {
                        ParseError::RepeatedItem { line, name: item }
                    }
                    BuildError::ColorOnPrimary { item, .. } => {
                        ParseError::ColorOnPrimary { line, name: item }
                    }
                    BuildError::NoPrimaryItem { .. } => ParseError::NoPrimaryItem { line },
                    source => ParseError::Build { line, source },
                })?;
        if cost > 0 {
            builder
                .set_cost(option, cost)
                .map_err(|source| ParseError::Build { line, source })?;
        }
    }
    if !header_seen {
        return Err(ParseError::MissingHeader);
    }
    builder
        .build()
        .map_err(|source| ParseError::Build { line: 0, source })
}

/// Reads the item line into `builder`; returns the number of primary items.
fn parse_item_line(
    builder: &mut ProblemBuilder,
    text: &str,
    line: usize,
) -> Result<usize, ParseError> {
    let mut kind = ItemKind::Primary;
    let mut n_primary = 0;
    for token in text.split_whitespace() {
        if token == "|" {
            if kind == ItemKind::Secondary {
                return Err(ParseError::SecondSeparator { line });
            }
            kind = ItemKind::Secondary;
            continue;
        }
        // DLX3: `u:v|name`, `v|name` (u = v) or `u:|name` (no upper bound).
        let (bounds, name) = match token.split_once('|') {
            None => (None, token),
            Some((spec, name)) => {
                if kind == ItemKind::Secondary {
                    return Err(ParseError::InvalidMultiplicity {
                        line,
                        text: token.to_owned(),
                        reason: "only primary items take multiplicities",
                    });
                }
                (Some(parse_multiplicity(spec, token, line)?), name)
            }
        };
        let result = match kind {
            ItemKind::Primary => builder.primary(name),
            ItemKind::Secondary => builder.secondary(name),
        };
        let item = result.map_err(|err| match err {
            BuildError::DuplicateItemName { name } => ParseError::DuplicateItem { line, name },
            BuildError::InvalidItemName { name, reason } => {
                ParseError::InvalidName { line, name, reason }
            }
            source => ParseError::Build { line, source },
        })?;
        if let Some(bounds) = bounds {
            builder
                .set_multiplicity(item, bounds)
                .map_err(|source| match source {
                    BuildError::InvalidMultiplicity { reason, .. } => {
                        ParseError::InvalidMultiplicity {
                            line,
                            text: token.to_owned(),
                            reason,
                        }
                    }
                    source => ParseError::Build { line, source },
                })?;
        }
        if kind == ItemKind::Primary {
            n_primary += 1;
        }
    }
    Ok(n_primary)
}

/// The `u:v`, `v` or `u:` before the `|` of a DLX3 item.
fn parse_multiplicity(spec: &str, token: &str, line: usize) -> Result<Multiplicity, ParseError> {
    let invalid = |reason| ParseError::InvalidMultiplicity {
        line,
        text: token.to_owned(),
        reason,
    };
    let number = |text: &str| {
        text.parse::<u32>()
            .map_err(|_| invalid("expected `u:v|name` with whole numbers u <= v"))
    };
    match spec.split_once(':') {
        None => {
            let v = number(spec)?;
            Ok(Multiplicity {
                min: v,
                max: Some(v),
            })
        }
        Some((u, "")) => Ok(Multiplicity {
            min: number(u)?,
            max: None,
        }),
        Some((u, v)) => Ok(Multiplicity {
            min: number(u)?,
            max: Some(number(v)?),
        }),
    }
}

/// Writes an option as a line of Knuth's format (without the newline): `a b x:red`.
///
/// Unnamed items are written `#index`, uncolored-name colors as their number.
pub fn format_option(problem: &Problem, option: OptionId) -> String {
    let mut out = String::new();
    for (k, entry) in problem.option(option).iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&problem.item_label(entry.item));
        if let Some(color) = entry.color {
            out.push(':');
            match problem.color_name(color) {
                Some(name) => out.push_str(name),
                None => {
                    let _ = write!(out, "{}", color.value());
                }
            }
        }
    }
    if problem.cost(option) > 0 {
        let _ = write!(out, " |{}", problem.cost(option));
    }
    out
}

/// Writes a whole problem in Knuth's format; [`parse_dlx`] reads it back to the same problem.
///
/// A problem with no primary item gets the item line ` |` (see the module
/// docs), so even the empty problem reads back:
///
/// ```
/// use dlx_core::{parse_dlx, write_dlx, ProblemBuilder, Solver};
///
/// let empty = ProblemBuilder::new().build()?;
/// assert_eq!(write_dlx(&empty), " |\n");
/// let again = parse_dlx(" |\n")?;
/// assert_eq!(again.n_items(), 0);
/// // One solution, the empty one.
/// assert_eq!(Solver::new(&again).count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_dlx(problem: &Problem) -> String {
    let mut out = String::new();
    let labels = |kind: ItemKind, out: &mut String| {
        let mut first = true;
        for item in problem.item_ids().filter(|&i| problem.item_kind(i) == kind) {
            if !first {
                out.push(' ');
            }
            first = false;
            let bounds = problem.multiplicity(item);
            if bounds != Multiplicity::EXACT {
                match bounds.max {
                    Some(max) if max == bounds.min => {
                        let _ = write!(out, "{max}|");
                    }
                    _ => {
                        let _ = write!(out, "{bounds}|");
                    }
                }
            }
            out.push_str(&problem.item_label(item));
        }
    };
    labels(ItemKind::Primary, &mut out);
    // Without primary items the separator keeps the item line from being blank.
    if problem.n_secondary() > 0 || problem.n_primary() == 0 {
        out.push_str(" |");
    }
    if problem.n_secondary() > 0 {
        out.push(' ');
        labels(ItemKind::Secondary, &mut out);
    }
    out.push('\n');
    for option in problem.option_ids() {
        out.push_str(&format_option(problem, option));
        out.push('\n');
    }
    out
}
