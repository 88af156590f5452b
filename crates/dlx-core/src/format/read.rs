//! Reading Knuth's DLX format: [`read_dlx`], and [`parse_dlx`] for text.

use super::{ParseError, ParseWarning};
use crate::problem::{
    display_name, BuildError, Entry, ItemKind, Multiplicity, Problem, ProblemBuilder,
};

/// A problem read from Knuth's DLX format, and what the reader skipped on the way.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// What Knuth's programs would warn about, in the order of the lines.
    pub warnings: Vec<ParseWarning>,
    /// For each option of `problem`, its index among the option lines of
    /// the input, from 0, counting the options left out with a warning:
    /// where a program that reads the input finds the option.
    pub input_options: Vec<usize>,
}

/// Reads a problem in Knuth's DLX format from text; see the module docs for the format.
///
/// Options without a primary item are left out silently; [`read_dlx`]
/// reports them.
///
/// ```
/// let problem = dlx_core::parse_dlx("| two items\na b | x\na x:1\nb x:1\n")?;
/// assert_eq!((problem.n_primary(), problem.n_secondary(), problem.n_options()), (2, 1, 2));
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
pub fn parse_dlx(text: &str) -> Result<Problem, ParseError> {
    read_dlx(text.as_bytes()).map(|parsed| parsed.problem)
}

/// Reads a problem in Knuth's DLX format from bytes (names need not be UTF-8).
///
/// Options without a primary item are left out silently; [`read_dlx`]
/// reports them.
pub fn parse_dlx_bytes(input: &[u8]) -> Result<Problem, ParseError> {
    read_dlx(input).map(|parsed| parsed.problem)
}

/// Reads a problem in Knuth's DLX format from bytes, with the warnings
/// Knuth's programs would give (options with no primary item, left out).
///
/// ```
/// use dlx_core::format::ParseWarning;
/// use dlx_core::read_dlx;
///
/// let parsed = read_dlx(b"a | x\na x\nx\n")?;
/// assert_eq!(parsed.problem.n_options(), 1);
/// // The option kept is the input's first option line.
/// assert_eq!(parsed.input_options, [0]);
/// assert_eq!(
///     parsed.warnings,
///     [ParseWarning::OptionWithoutPrimary { line: 3, text: "x".into() }]
/// );
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
pub fn read_dlx(input: &[u8]) -> Result<Parsed, ParseError> {
    // Editors on Windows may start UTF-8 text with a byte-order mark.
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut builder = ProblemBuilder::new();
    let mut warnings = Vec::new();
    let mut header_seen = false;
    let mut entries = Vec::new();
    // Option lines read so far, and the index of each one kept.
    let mut n_option_lines = 0;
    let mut input_options = Vec::new();
    for (index, raw) in input.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        if raw.contains(&0) {
            return Err(ParseError::Binary { line });
        }
        let text = raw.strip_suffix(b"\r").unwrap_or(raw);
        if text.contains(&b'\r') {
            return Err(ParseError::LoneCarriageReturn { line });
        }
        // Knuth: skip the leading blanks; `|` then, or nothing, is a comment or a blank line.
        match text.iter().find(|&&b| !is_blank(b)) {
            None | Some(b'|') => continue,
            Some(_) => {}
        }
        if !header_seen {
            header_seen = true;
            read_item_line(&mut builder, text, line)?;
            continue;
        }
        entries.clear();
        let cost = read_option_line(&mut builder, text, line, &mut entries)?;
        n_option_lines += 1;
        match builder.colored_option(entries.iter().copied()) {
            Ok(option) => {
                input_options.push(n_option_lines - 1);
                if cost > 0 {
                    builder
                        .set_cost(option, cost)
                        .map_err(|source| ParseError::Build { line, source })?;
                }
            }
            Err(BuildError::NoPrimaryItem { .. }) => {
                warnings.push(ParseWarning::OptionWithoutPrimary {
                    line,
                    text: display_name(trim_blanks(text)).into_owned(),
                });
            }
            Err(source) => {
                return Err(match source {
                    BuildError::RepeatedItem { item, .. } => {
                        ParseError::RepeatedItem { line, name: item }
                    }
                    BuildError::ColorOnPrimary { item, .. } => {
                        ParseError::ColorOnPrimary { line, name: item }
                    }
                    source => ParseError::Build { line, source },
                })
            }
        }
    }
    if !header_seen {
        return Err(ParseError::MissingHeader);
    }
    let problem = builder
        .build()
        .map_err(|source| ParseError::Build { line: 0, source })?;
    Ok(Parsed {
        problem,
        warnings,
        input_options,
    })
}

/// Knuth's blanks: the bytes C's `isspace` accepts.
fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The line without its leading and trailing blanks.
fn trim_blanks(text: &[u8]) -> &[u8] {
    let start = text
        .iter()
        .position(|&b| !is_blank(b))
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(start, |e| e + 1);
    &text[start..end]
}

/// The blank-separated tokens of a line.
fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| is_blank(b)).filter(|t| !t.is_empty())
}

/// A name for a message.
fn shown(bytes: &[u8]) -> String {
    display_name(bytes).into_owned()
}

/// Reads the item line into `builder`.
///
/// A token may hold a `|`: a separator that touches the name after it
/// (`|x`) or before it (`b|`), or, among the primary items, a DLX3
/// multiplicity before the name (`u:v|name`).
fn read_item_line(
    builder: &mut ProblemBuilder,
    text: &[u8],
    line: usize,
) -> Result<(), ParseError> {
    if trim_blanks(text).starts_with(b"//") {
        return Err(ParseError::CommentLike { line });
    }
    let mut kind = ItemKind::Primary;
    for token in tokens(text) {
        let mut rest = token;
        while !rest.is_empty() {
            match rest.iter().position(|&b| b == b'|') {
                Some(0) => {
                    // The separator, alone or touching the next name.
                    if kind == ItemKind::Secondary {
                        return Err(ParseError::SecondSeparator { line });
                    }
                    kind = ItemKind::Secondary;
                    rest = &rest[1..];
                }
                Some(at) if kind == ItemKind::Primary && is_bound_spec(&rest[..at]) => {
                    // A multiplicity: `u:v|name`, the name running to the next `|`.
                    let end = rest[at + 1..]
                        .iter()
                        .position(|&b| b == b'|')
                        .map_or(rest.len(), |k| at + 1 + k);
                    let written = shown(&rest[..end]);
                    let bounds = read_multiplicity(&rest[..at], &written, line)?;
                    if end == at + 1 {
                        return Err(ParseError::InvalidMultiplicity {
                            line,
                            text: written,
                            reason: "the name after `|` is missing",
                        });
                    }
                    add_item(
                        builder,
                        &rest[at + 1..end],
                        kind,
                        Some((bounds, &written)),
                        line,
                    )?;
                    rest = &rest[end..];
                }
                Some(at)
                    if kind == ItemKind::Secondary
                        && rest[..at].iter().all(|&b| b.is_ascii_digit() || b == b':')
                        && at + 1 < rest.len() =>
                {
                    // `2|x` among the secondary items: a multiplicity, which
                    // only primary items take (it read as a second `|` once).
                    let end = rest[at + 1..]
                        .iter()
                        .position(|&b| b == b'|')
                        .map_or(rest.len(), |k| at + 1 + k);
                    return Err(ParseError::MultiplicityOnSecondary {
                        line,
                        name: shown(&rest[at + 1..end]),
                        text: shown(&rest[..end]),
                    });
                }
                Some(at) => {
                    // A name touching the separator after it: `b|`, or `b|x`.
                    add_item(builder, &rest[..at], kind, None, line)?;
                    rest = &rest[at..];
                }
                None => {
                    add_item(builder, rest, kind, None, line)?;
                    rest = &[];
                }
            }
        }
    }
    Ok(())
}

/// Whether `spec`, before a `|` among the primary items, is meant as the
/// bounds of a DLX3 multiplicity: digits, or anything with a `:` (which no
/// name holds; `read_multiplicity` then says what is wrong with it).
fn is_bound_spec(spec: &[u8]) -> bool {
    spec.iter().all(u8::is_ascii_digit) || spec.contains(&b':')
}

/// Adds one item of the item line, with its multiplicity if it has one.
fn add_item(
    builder: &mut ProblemBuilder,
    name: &[u8],
    kind: ItemKind,
    bounds: Option<(Multiplicity, &str)>,
    line: usize,
) -> Result<(), ParseError> {
    if let Some(colon) = name.iter().position(|&b| b == b':') {
        let reason = if kind == ItemKind::Primary && colon > 0 {
            "`:` belongs in a multiplicity, written `u:v|name`"
        } else {
            "it contains `:`"
        };
        return Err(ParseError::InvalidName {
            line,
            name: shown(name),
            reason,
        });
    }
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
    if let Some((bounds, text)) = bounds {
        builder
            .set_multiplicity(item, bounds)
            .map_err(|source| match source {
                BuildError::InvalidMultiplicity { reason, .. } => ParseError::InvalidMultiplicity {
                    line,
                    text: text.to_owned(),
                    reason,
                },
                source => ParseError::Build { line, source },
            })?;
    }
    Ok(())
}

/// The `u:v`, `v`, `:v` or `u:` before the `|` of a DLX3 item.
fn read_multiplicity(spec: &[u8], text: &str, line: usize) -> Result<Multiplicity, ParseError> {
    let invalid = |reason| ParseError::InvalidMultiplicity {
        line,
        text: text.to_owned(),
        reason,
    };
    let number = |digits: &[u8]| -> Result<u32, ParseError> {
        std::str::from_utf8(digits)
            .ok()
            .and_then(|d| d.parse::<u32>().ok())
            .ok_or_else(|| invalid("expected `u:v|name` with whole numbers u <= v below 2^32"))
    };
    match spec.iter().position(|&b| b == b':') {
        None => {
            let v = number(spec)?;
            Ok(Multiplicity {
                min: v,
                max: Some(v),
            })
        }
        // Knuth's DLX3 reads an empty lower bound as 0: `:v|name` is at most v.
        Some(0) => Ok(Multiplicity {
            min: 0,
            max: Some(number(&spec[1..])?),
        }),
        // An extension: `u:|name`, at least u, no upper bound.
        Some(colon) if colon + 1 == spec.len() => Ok(Multiplicity {
            min: number(&spec[..colon])?,
            max: None,
        }),
        Some(colon) => Ok(Multiplicity {
            min: number(&spec[..colon])?,
            max: Some(number(&spec[colon + 1..])?),
        }),
    }
}

/// Reads the items and costs of an option line into `entries`; returns the cost.
fn read_option_line(
    builder: &mut ProblemBuilder,
    text: &[u8],
    line: usize,
    entries: &mut Vec<Entry>,
) -> Result<u64, ParseError> {
    let mut cost: u64 = 0;
    for token in tokens(text) {
        if let Some(number) = token.strip_prefix(b"|") {
            // DLX5: `|n` gives the option a cost; several add up.
            let invalid = || ParseError::InvalidCost {
                line,
                text: shown(token),
            };
            let value: u64 = std::str::from_utf8(number)
                .ok()
                .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse().ok())
                .ok_or_else(invalid)?;
            // Each `|n` is a cost of its own; it is their sum, the option's
            // cost, that does not fit.
            cost = cost
                .checked_add(value)
                .ok_or_else(|| ParseError::OptionCostOverflow {
                    line,
                    costs: tokens(text)
                        .filter(|t| t.starts_with(b"|"))
                        .map(shown)
                        .collect::<Vec<_>>()
                        .join(" "),
                })?;
            continue;
        }
        if token.contains(&b'|') {
            return Err(ParseError::InvalidName {
                line,
                name: shown(token),
                reason: "item names cannot hold `|`; a cost is written apart, as `|n`",
            });
        }
        let (name, color) = match token.iter().position(|&b| b == b':') {
            Some(colon) => (&token[..colon], Some(&token[colon + 1..])),
            None => (token, None),
        };
        let item = builder
            .item_by_name(name)
            .ok_or_else(|| ParseError::UnknownItem {
                line,
                name: shown(name),
            })?;
        let color = match color {
            None => None,
            Some([]) => {
                return Err(ParseError::EmptyColor {
                    line,
                    name: shown(name),
                })
            }
            Some(color) if color.contains(&b':') => {
                return Err(ParseError::TwoColors {
                    line,
                    text: shown(token),
                })
            }
            Some(color) => Some(builder.color(color)),
        };
        entries.push(Entry { item, color });
    }
    Ok(cost)
}
