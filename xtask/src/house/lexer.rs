//! Rust source as the house's checks read it: words and punctuation with their lines, comments and literals left out.
//!
//! The checks look at paths (`crate::memo::Count`) and items (`pub use`, `pub mod`), never at what a comment or a string says.
//! A doc comment's link or a string that reads like a path must not count, so those are dropped here, once, for every check.
//! This is not a full Rust lexer: it knows what it must to tell code from comments, strings and characters, and no more.

/// One word or punctuation mark of the source, and the line it is on (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token {
    /// An identifier or keyword, `::`, or one punctuation character.
    pub(super) text: String,
    /// The line it starts on, from 1.
    pub(super) line: usize,
}

impl Token {
    /// Whether this token is `text`.
    pub(super) fn is(&self, text: &str) -> bool {
        self.text == text
    }

    /// Whether this token is an identifier or a keyword.
    pub(super) fn is_word(&self) -> bool {
        self.text
            .starts_with(|c: char| c.is_alphabetic() || c == '_')
    }
}

/// The tokens of a Rust source file, without its comments, string literals and character literals.
pub(super) fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let next = chars.get(at + 1).copied();
        let start_line = line;
        if c == '\n' {
            line += 1;
            at += 1;
        } else if c.is_whitespace() {
            at += 1;
        } else if c == '/' && next == Some('/') {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
        } else if c == '/' && next == Some('*') {
            at = skip_block_comment(&chars, at, &mut line);
        } else if let Some(end) = raw_string_end(&chars, at, &mut line) {
            at = end;
        } else if c == '"' || (c == 'b' && next == Some('"')) {
            at = skip_string(&chars, at + usize::from(c == 'b'), &mut line);
        } else if c == '\'' || (c == 'b' && next == Some('\'')) {
            at = skip_char_or_lifetime(&chars, at + usize::from(c == 'b'));
        } else if c.is_alphanumeric() || c == '_' {
            let start = at;
            while at < chars.len() && (chars[at].is_alphanumeric() || chars[at] == '_') {
                at += 1;
            }
            tokens.push(Token {
                text: chars[start..at].iter().collect(),
                line: start_line,
            });
        } else if c == ':' && next == Some(':') {
            tokens.push(Token {
                text: "::".to_owned(),
                line,
            });
            at += 2;
        } else {
            tokens.push(Token {
                text: c.to_string(),
                line,
            });
            at += 1;
        }
    }
    tokens
}

/// Past a block comment that opens at `at` (block comments nest in Rust).
fn skip_block_comment(chars: &[char], mut at: usize, line: &mut usize) -> usize {
    let mut depth = 0;
    while at < chars.len() {
        match (chars[at], chars.get(at + 1)) {
            ('/', Some('*')) => {
                depth += 1;
                at += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                at += 2;
                if depth == 0 {
                    return at;
                }
            }
            (c, _) => {
                *line += usize::from(c == '\n');
                at += 1;
            }
        }
    }
    at
}

/// Past a string literal whose opening quote is at `at`, escapes included.
fn skip_string(chars: &[char], mut at: usize, line: &mut usize) -> usize {
    at += 1;
    while at < chars.len() {
        match chars[at] {
            '\\' => {
                // An escaped line break continues the string on the next line.
                *line += usize::from(chars.get(at + 1) == Some(&'\n'));
                at += 2;
            }
            '"' => return at + 1,
            c => {
                *line += usize::from(c == '\n');
                at += 1;
            }
        }
    }
    at
}

/// Past a raw string (`r"..."`, `r#"..."#`, `br"..."`) that starts at `at`, or `None` if none starts there.
fn raw_string_end(chars: &[char], at: usize, line: &mut usize) -> Option<usize> {
    let mut quote = at + usize::from(chars[at] == 'b');
    if chars.get(quote) != Some(&'r') || (at > 0 && is_word_char(chars[at - 1])) {
        return None;
    }
    quote += 1;
    let mut hashes = 0;
    while chars.get(quote) == Some(&'#') {
        hashes += 1;
        quote += 1;
    }
    if chars.get(quote) != Some(&'"') {
        return None;
    }
    let mut end = quote + 1;
    while end < chars.len() {
        if chars[end] == '"' && (1..=hashes).all(|k| chars.get(end + k) == Some(&'#')) {
            return Some(end + 1 + hashes);
        }
        *line += usize::from(chars[end] == '\n');
        end += 1;
    }
    Some(end)
}

/// Past a character literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a lifetime's quote (`'a`) at `at`.
fn skip_char_or_lifetime(chars: &[char], at: usize) -> usize {
    match (chars.get(at + 1), chars.get(at + 2)) {
        (Some('\\'), _) => {
            // Past the backslash and the character it escapes, to the closing quote.
            let mut end = at + 3;
            while end < chars.len() && chars[end] != '\'' && chars[end] != '\n' {
                end += 1 + usize::from(chars[end] == '\\');
            }
            end + 1
        }
        (Some(_), Some('\'')) => at + 3,
        // A lifetime or a label: the quote alone goes, its name stays a word.
        _ => at + 1,
    }
}

/// Whether `c` can be part of an identifier.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(source: &str, expected: &[&str]) {
        let texts: Vec<String> = tokens(source).into_iter().map(|t| t.text).collect();
        assert_eq!(texts, expected, "{source}");
    }

    #[test]
    fn comments_strings_and_characters_are_left_out() {
        check(
            "use crate::a; // crate::b",
            &["use", "crate", "::", "a", ";"],
        );
        check("/* crate::b /* nested */ still */ x", &["x"]);
        check(
            "let s = \"crate::b \\\" crate::c\";",
            &["let", "s", "=", ";"],
        );
        check("let s = r#\"crate::\"b\"#;", &["let", "s", "=", ";"]);
        check("f(b\"crate::b\", br\"x\")", &["f", "(", ",", ")"]);
        check(
            "let c = '\"'; let d = '\\''; x",
            &["let", "c", "=", ";", "let", "d", "=", ";", "x"],
        );
        check(
            "fn f<'a>(x: &'a str)",
            &[
                "fn", "f", "<", "a", ">", "(", "x", ":", "&", "a", "str", ")",
            ],
        );
        check(
            "//! crate::Solver\n/// [`crate::x`]\nmod y;",
            &["mod", "y", ";"],
        );
    }

    #[test]
    fn lines_are_counted_through_comments_and_strings() {
        let found = tokens("a\n/* one\ntwo */ b\n\"x\ny\" c\nr\"\n\" d");
        let lines: Vec<(String, usize)> = found.into_iter().map(|t| (t.text, t.line)).collect();
        let expected = [("a", 1), ("b", 3), ("c", 5), ("d", 7)];
        let expected: Vec<(String, usize)> =
            expected.iter().map(|&(t, l)| (t.to_owned(), l)).collect();
        assert_eq!(lines, expected);
    }
}
