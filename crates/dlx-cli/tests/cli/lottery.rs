//! Tests of `dlx lottery`.

use assert_cmd::Command;

/// The workspace root, so file names in messages read as in the README.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Runs `dlx lottery` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    let output = Command::cargo_bin("dlx")
        .expect("the dlx binary")
        .current_dir(ROOT)
        .arg("lottery")
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
fn fano_plane() {
    insta::assert_snapshot!("lottery_7_3_2", check(&["7", "3", "2"], "", 0));
}

#[test]
fn trivial_sizes() {
    insta::assert_snapshot!("lottery_7_3_1", check(&["7", "3", "1"], "", 0));
    assert_eq!(
        check(&["4", "4", "3"], "", 0),
        "exit: 0\n--- stdout\n1\n1 2 3 4\n--- stderr\n"
    );
}

#[test]
fn errors() {
    insta::assert_snapshot!("lottery_k_above_v", check(&["3", "4", "2"], "", 2));
    insta::assert_snapshot!("lottery_t_above_k", check(&["7", "3", "4"], "", 2));
    insta::assert_snapshot!("lottery_t_zero", check(&["7", "3", "0"], "", 2));
}
