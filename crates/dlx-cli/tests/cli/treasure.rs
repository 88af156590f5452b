//! Tests of `dlx treasure`.

use crate::support::{transcript, ROOT};

/// Runs `dlx treasure` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    transcript(&[&["treasure"], args].concat(), stdin, code)
}

#[test]
fn sample() {
    insta::assert_snapshot!(
        "treasure_sample",
        check(&["data/treasure/sample.txt"], "", 0)
    );
    let stdin = std::fs::read_to_string(format!("{ROOT}/data/treasure/sample.txt")).unwrap();
    assert_eq!(check(&[], &stdin, 0), check(&["-"], &stdin, 0));
}

#[test]
fn errors() {
    insta::assert_snapshot!("treasure_outside", check(&[], "1\n5 5 1\n0 0 5 6\n", 2));
    insta::assert_snapshot!(
        "treasure_bad_coordinates",
        check(&[], "1\n5 5 1\n0 5 5 0\n", 2)
    );
    insta::assert_snapshot!(
        "treasure_missing_file",
        check(&["data/treasure/no-such-file.txt"], "", 2)
    );
}
