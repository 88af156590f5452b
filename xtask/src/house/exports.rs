//! The names a crate shows at its root: each `pub use` leaf, `pub mod` and `pub` item of its `lib.rs`, counted once.
//!
//! A root of a few dozen names reads as what a user needs (ripgrep's crates, STYLE.md's "principal types re-exported flat"); driver hooks and tuning belong in a module of their own, like `dlx_core::subtree`.
//! Items behind a `#[cfg(feature = ...)]` count too: they are names at the root whenever the feature is on.
//! Only the top level of the file counts: `pub mod subtree { ... }` is one name, whatever it holds.

use std::collections::BTreeMap;

use super::lexer::{tokens, Token};
use super::paths::read_tree;

/// The keywords that introduce a named item after `pub` (and its qualifiers).
const ITEMS: [&str; 9] = [
    "fn", "struct", "enum", "trait", "type", "const", "static", "union", "mod",
];

/// The qualifiers that may stand between `pub` and an item's keyword.
const QUALIFIERS: [&str; 4] = ["unsafe", "async", "extern", "const"];

/// The names a root file shows, each once, in order; a glob re-export counts as one name, `path::*`.
/// Each name says whether it stands behind a `#[cfg(...)]` (a feature's name, shown only with the feature).
pub(super) fn root_names(source: &str) -> BTreeMap<String, bool> {
    let tokens = tokens(source);
    let mut names = BTreeMap::new();
    let mut depth = 0usize;
    // Whether the item being read follows a `#[cfg(...)]`.
    let mut gated = false;
    let mut at = 0;
    while at < tokens.len() {
        let token = &tokens[at];
        if token.is("{") {
            depth += 1;
        } else if token.is("}") {
            depth = depth.saturating_sub(1);
            gated &= depth > 0;
        } else if depth == 0 && token.is(";") {
            gated = false;
        } else if depth == 0 && token.is("#") && next_is(&tokens, at, "[") {
            gated |= tokens.get(at + 2).is_some_and(|t| t.is("cfg"));
        } else if depth == 0 && token.is("pub") && !next_is(&tokens, at, "(") {
            at += 1;
            if tokens.get(at).is_some_and(|t| t.is("use")) {
                let (leaves, end) = read_tree(&tokens, at + 1);
                for leaf in leaves {
                    let name = leaf
                        .name
                        .unwrap_or_else(|| leaf.segments.join("::") + "::*");
                    // A name shown in every build is not gated, whatever another `use` of it says.
                    *names.entry(name).or_insert(gated) &= gated;
                }
                at = end;
            } else if let Some(name) = item_name(&tokens, at) {
                *names.entry(name).or_insert(gated) &= gated;
            }
            continue;
        }
        at += 1;
    }
    names
}

/// Whether the token after `tokens[at]` is `text`.
fn next_is(tokens: &[Token], at: usize, text: &str) -> bool {
    tokens.get(at + 1).is_some_and(|t| t.is(text))
}

/// The name of the item whose qualifiers or keyword start at `at` (just after `pub`).
fn item_name(tokens: &[Token], mut at: usize) -> Option<String> {
    // `extern "C" fn`: the ABI's string is not a token.
    while tokens
        .get(at)
        .is_some_and(|t| QUALIFIERS.iter().any(|q| t.is(q)))
        && tokens
            .get(at + 1)
            .is_some_and(|t| ITEMS.iter().chain(&QUALIFIERS).any(|k| t.is(k)))
    {
        at += 1;
    }
    let keyword = tokens.get(at)?;
    if !ITEMS.iter().any(|k| keyword.is(k)) {
        return None;
    }
    let name = tokens.get(at + 1)?;
    name.is_word().then(|| name.text.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks the names found, a gated name written with a `?` after it.
    #[track_caller]
    fn check(source: &str, expected: &[&str]) {
        let found: Vec<String> = root_names(source)
            .into_iter()
            .map(|(name, gated)| if gated { name + "?" } else { name })
            .collect();
        assert_eq!(found, expected, "{source}");
    }

    #[test]
    fn re_exports_modules_and_items_count_once_each() {
        check(
            "mod budget;\n\
             pub use budget::{Answer, Budget as Limits, self};\n\
             pub use format::*;\n\
             #[cfg(feature = \"test-support\")]\n\
             pub use memo::{PROBE_NODES, Answer};\n\
             /// The big integers.\n\
             pub use num_bigint::BigUint;\n\
             #[cfg(test)]\n\
             pub mod subtree { pub use crate::search::Branch; pub fn inner() {} }\n\
             pub const fn twice(x: u32) -> u32 { 2 * x }\n\
             pub const LIMIT: usize = 60;\n\
             pub unsafe extern \"C\" fn raw() {}\n\
             pub struct Solver<'a> { pub field: &'a str }\n",
            &[
                "Answer",
                "BigUint",
                "LIMIT",
                "Limits",
                "PROBE_NODES?",
                "Solver",
                "budget",
                "format::*",
                "raw",
                "subtree?",
                "twice",
            ],
        );
    }

    #[test]
    fn restricted_and_private_items_do_not_count() {
        check(
            "pub(crate) use a::B;\nuse c::D;\nfn e() {}\npub(super) struct F;\nmod g { pub fn h() {} }\n// pub use i::J;\n",
            &[],
        );
    }
}
