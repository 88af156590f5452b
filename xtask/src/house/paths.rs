//! Paths in Rust source, as `use` trees and as paths in code: `crate::memo::{self, Count as C}` is read as its leaves.
//!
//! The circle check follows each leaf to the module it names; the root check counts the names the leaves bind.
//! Both read one grammar, so it is written once.

use super::lexer::Token;

/// One leaf of a path: the segments from its start to its end, and the name it binds in a `use`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Leaf {
    /// The segments, the tree's prefix included: `crate::memo::{self, Count}` has the leaves `crate memo` and `crate memo Count`.
    pub(super) segments: Vec<String>,
    /// The name a `use` of it binds: its last segment or its alias; `None` for a glob (`*`).
    pub(super) name: Option<String>,
    /// The line of the path's first token.
    pub(super) line: usize,
}

/// Reads a path or a `use` tree that starts at `tokens[at]` with a word (`crate`, `super`, `self`, a module's name).
/// Returns its leaves and the index of the first token after it.
pub(super) fn read_tree(tokens: &[Token], at: usize) -> (Vec<Leaf>, usize) {
    let mut reader = Reader {
        tokens,
        line: tokens.get(at).map_or(0, |t| t.line),
        leaves: Vec::new(),
    };
    let end = reader.subtree(at, &mut Vec::new());
    (reader.leaves, end)
}

/// A tree being read: its tokens, its line, the leaves read so far.
struct Reader<'a> {
    tokens: &'a [Token],
    line: usize,
    leaves: Vec<Leaf>,
}

impl Reader<'_> {
    /// Reads one subtree at `at` below `prefix`, pushing its leaves; returns the index after it.
    /// `prefix` is as it was when this returns.
    fn subtree(&mut self, mut at: usize, prefix: &mut Vec<String>) -> usize {
        let depth = prefix.len();
        let mut name = None;
        while let Some(token) = self.tokens.get(at) {
            if token.is("{") {
                at = self.group(at + 1, prefix);
                prefix.truncate(depth);
                return at;
            }
            if token.is("*") {
                self.push(prefix, None);
                prefix.truncate(depth);
                return at + 1;
            }
            if !token.is_word() {
                break;
            }
            // `self` in a group stands for the group's prefix.
            let group_self = token.is("self") && !prefix.is_empty();
            if !group_self {
                prefix.push(token.text.clone());
            }
            name = prefix.last().cloned();
            at += 1;
            let followed = self.tokens.get(at).is_some_and(|t| t.is("::"));
            let then = self.tokens.get(at + 1);
            if !(followed && then.is_some_and(|t| t.is_word() || t.is("{") || t.is("*"))) {
                break;
            }
            at += 1;
        }
        if self.tokens.get(at).is_some_and(|t| t.is("as")) {
            name = self.tokens.get(at + 1).map(|t| t.text.clone());
            at += 2;
        }
        if !prefix.is_empty() {
            self.push(prefix, name);
        }
        prefix.truncate(depth);
        at
    }

    /// Reads the members of a `{...}` group whose first member is at `at`; returns the index after its `}`.
    fn group(&mut self, mut at: usize, prefix: &mut Vec<String>) -> usize {
        while let Some(token) = self.tokens.get(at) {
            if token.is("}") {
                return at + 1;
            }
            if token.is(",") {
                at += 1;
                continue;
            }
            // A token the grammar does not know is stepped over, so that reading always ends.
            at = self.subtree(at, prefix).max(at + 1);
        }
        at
    }

    fn push(&mut self, segments: &[String], name: Option<String>) {
        self.leaves.push(Leaf {
            segments: segments.to_vec(),
            name,
            line: self.line,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::tokens;
    use super::*;

    #[track_caller]
    fn check(source: &str, expected: &[(&str, Option<&str>)]) {
        let tokens = tokens(source);
        let (leaves, _) = read_tree(&tokens, 0);
        let found: Vec<(String, Option<String>)> = leaves
            .into_iter()
            .map(|leaf| (leaf.segments.join("::"), leaf.name))
            .collect();
        let expected: Vec<(String, Option<String>)> = expected
            .iter()
            .map(|&(path, name)| (path.to_owned(), name.map(str::to_owned)))
            .collect();
        assert_eq!(found, expected, "{source}");
    }

    #[test]
    fn trees_are_read_as_their_leaves() {
        check(
            "crate::memo::Count;",
            &[("crate::memo::Count", Some("Count"))],
        );
        check(
            "crate::memo::{self, Count as C, sweep::{Layers, *}};",
            &[
                ("crate::memo", Some("memo")),
                ("crate::memo::Count", Some("C")),
                ("crate::memo::sweep::Layers", Some("Layers")),
                ("crate::memo::sweep", None),
            ],
        );
        check("super::super::x::*;", &[("super::super::x", None)]);
        check(
            "budget::{Answer, Budget};",
            &[
                ("budget::Answer", Some("Answer")),
                ("budget::Budget", Some("Budget")),
            ],
        );
    }

    #[test]
    fn paths_in_code_end_where_the_path_ends() {
        check(
            "crate::bench::format_ratio(a / b)",
            &[("crate::bench::format_ratio", Some("format_ratio"))],
        );
        check("crate::x::f::<u32>()", &[("crate::x::f", Some("f"))]);
        check("crate::x::Row { a }", &[("crate::x::Row", Some("Row"))]);
        let tokens = tokens("crate::a::b; next");
        assert_eq!(read_tree(&tokens, 0).1, 5);
    }
}
