//! Tests of `dlx cover`.

use crate::support::transcript;

/// Four items: {a b} and {c d} cover them with two options; {b c} is not needed.
const SMALL: &str = "a b c d | x\na b\nb c x\nc d\na\nd\n";

/// Runs `dlx cover` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    transcript(&[&["cover"], args].concat(), stdin, code)
}

#[test]
fn prints_the_size_then_the_options() {
    insta::assert_snapshot!("cover_small", check(&[], SMALL, 0));
    // A repeated cover may cover an item twice: {a b c} and {c d e} beat three disjoint options.
    insta::assert_snapshot!(
        "cover_overlapping",
        check(&["--stats"], "a b c d e\na b c\nc d e\na b\nd e\nc\n", 0)
            .lines()
            .filter(|line| !line.starts_with("time:") && !line.starts_with("nodes/s:"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // An item in no option: no cover, said on standard error (issue 15).
    assert_eq!(
        check(&[], "a b\na\n", 0),
        "exit: 0\n--- stdout\n--- stderr\ndlx: no solution\n"
    );
}

#[test]
fn errors() {
    insta::assert_snapshot!("cover_bad_input", check(&[], "a b\na c\n", 2));
}
