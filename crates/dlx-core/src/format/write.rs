//! Writing Knuth's DLX format: [`write_dlx_bytes`], and [`write_dlx`] for text.

use std::io::Write as _;

use crate::index::{ItemId, OptionId};
use crate::problem::{ItemKind, Multiplicity, Problem};

/// Writes an option as a line of Knuth's format (without the newline), its
/// names byte for byte: `a b x:red |3`.
///
/// Unnamed items are written `#index`, colors without a name as their number.
pub fn format_option_bytes(problem: &Problem, option: OptionId) -> Vec<u8> {
    let mut out = Vec::new();
    write_option(problem, option, &mut out);
    out
}

/// [`format_option_bytes`] as text; bytes of names that are not UTF-8
/// become U+FFFD.
pub fn format_option(problem: &Problem, option: OptionId) -> String {
    String::from_utf8_lossy(&format_option_bytes(problem, option)).into_owned()
}

/// Writes a whole problem in Knuth's format, names byte for byte;
/// [`read_dlx`](crate::read_dlx) reads it back to the same problem.
///
/// A problem without primary items cannot be written in Knuth's format (its
/// item line would start with `|`, which makes it a comment), so it is
/// written as comment lines alone, which read back as an error:
///
/// ```
/// use dlx_core::{parse_dlx, write_dlx, ParseError, ProblemBuilder};
///
/// let empty = ProblemBuilder::new().build()?;
/// assert!(write_dlx(&empty).starts_with("| "));
/// assert_eq!(parse_dlx(&write_dlx(&empty)).unwrap_err(), ParseError::MissingHeader);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_dlx_bytes(problem: &Problem) -> Vec<u8> {
    let mut out = Vec::new();
    if problem.n_primary() == 0 {
        out.extend_from_slice(
            b"| A problem without primary items, which Knuth's format cannot express:\n\
              | its one solution is the empty set of options.\n",
        );
        if problem.n_secondary() > 0 {
            out.extend_from_slice(b"| Secondary items:");
            for item in problem.item_ids() {
                out.push(b' ');
                write_label(problem, item, &mut out);
            }
            out.push(b'\n');
        }
        return out;
    }
    let labels = |kind: ItemKind, out: &mut Vec<u8>| {
        let mut first = true;
        for item in problem.item_ids().filter(|&i| problem.item_kind(i) == kind) {
            if !first {
                out.push(b' ');
            }
            first = false;
            let bounds = problem.multiplicity(item);
            // The reader takes an item line that starts with `//` for a
            // comment of another format: a first name that starts so gets
            // its (exact) multiplicity written out, `1|//...`, which reads back.
            let slashes = out.is_empty() && label_starts_with(problem, item, b"//");
            if slashes && bounds == Multiplicity::EXACT {
                out.extend_from_slice(b"1|");
            } else if bounds != Multiplicity::EXACT {
                // Writing into a `Vec` cannot fail.
                let _ = match bounds.max {
                    Some(max) if max == bounds.min => write!(out, "{max}|"),
                    Some(max) if bounds.min == 0 => write!(out, ":{max}|"),
                    _ => write!(out, "{bounds}|"),
                };
            }
            write_label(problem, item, out);
        }
    };
    labels(ItemKind::Primary, &mut out);
    // A file that starts with a byte order mark is read without it, so an
    // item line that would start with one (a first name beginning with
    // U+FEFF) is indented, which the reader skips.
    if out.starts_with(b"\xEF\xBB\xBF") {
        out.insert(0, b' ');
    }
    if problem.n_secondary() > 0 {
        out.extend_from_slice(b" | ");
        labels(ItemKind::Secondary, &mut out);
    }
    out.push(b'\n');
    for option in problem.option_ids() {
        write_option(problem, option, &mut out);
        out.push(b'\n');
    }
    out
}

/// Whether `item`'s name starts with `prefix` (an unnamed item never does).
fn label_starts_with(problem: &Problem, item: ItemId, prefix: &[u8]) -> bool {
    problem
        .item_name_bytes(item)
        .is_some_and(|name| name.starts_with(prefix))
}

/// [`write_dlx_bytes`] as text; bytes of names that are not UTF-8 become
/// U+FFFD, so such a problem does not read back the same (write it with
/// [`write_dlx_bytes`]).
pub fn write_dlx(problem: &Problem) -> String {
    String::from_utf8_lossy(&write_dlx_bytes(problem)).into_owned()
}

/// An item's name, or `#index` when it has none.
fn write_label(problem: &Problem, item: ItemId, out: &mut Vec<u8>) {
    match problem.item_name_bytes(item) {
        Some(name) => out.extend_from_slice(name),
        None => {
            let _ = write!(out, "#{}", item.index());
        }
    }
}

/// One option's line, without its newline.
fn write_option(problem: &Problem, option: OptionId, out: &mut Vec<u8>) {
    for (k, entry) in problem.option(option).iter().enumerate() {
        if k > 0 {
            out.push(b' ');
        }
        write_label(problem, entry.item, out);
        if let Some(color) = entry.color {
            out.push(b':');
            match problem.color_name_bytes(color) {
                Some(name) => out.extend_from_slice(name),
                None => {
                    let _ = write!(out, "{}", color.value());
                }
            }
        }
    }
    if problem.cost(option) > 0 {
        let _ = write!(out, " |{}", problem.cost(option));
    }
}
