//! Tests of `dlx treasure`.

use assert_cmd::Command;

/// The workspace root, so file names in messages read as in the README.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Runs `dlx treasure` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    let output = Command::cargo_bin("dlx")
        .expect("the dlx binary")
        .current_dir(ROOT)
        .arg("treasure")
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("dlx runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8 errors");
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}: stdout {stdout} stderr {stderr}"
    );
    format!("exit: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}")
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
