//! How the tests run the `dlx` binary: one place, so every subcommand's tests read the same.

use assert_cmd::Command;

/// The workspace root, so file names in messages read as in the README.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Runs `dlx` from the workspace root with `args` and `stdin`, expecting exit
/// code `code`; returns stdout and stderr.
#[track_caller]
pub fn run(args: &[&str], stdin: &str, code: i32) -> (String, String) {
    let output = Command::cargo_bin("dlx")
        .expect("the dlx binary")
        .current_dir(ROOT)
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
    (stdout, stderr)
}

/// Like [`run`], but returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
pub fn transcript(args: &[&str], stdin: &str, code: i32) -> String {
    let (stdout, stderr) = run(args, stdin, code);
    format!("exit: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}")
}

/// Checks that a command fails with exit code 2, prints nothing, and says this message.
#[track_caller]
pub fn check_error(args: &[&str], stdin: &str, message: &str) {
    let (stdout, stderr) = run(args, stdin, 2);
    assert_eq!(stdout, "", "{args:?}");
    assert_eq!(
        stderr.trim_end(),
        format!("dlx: error: {message}"),
        "{args:?}"
    );
}

/// An empty scratch folder of the tests, one per name, for the files a command writes.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The names of the files in a folder, sorted.
pub fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Reads a picture a command wrote, checking that it is an SVG document.
#[track_caller]
pub fn read_svg(path: &std::path::Path) -> String {
    let svg = std::fs::read_to_string(path).expect("the SVG file");
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.ends_with("</svg>\n"),
        "{}",
        path.display()
    );
    svg
}
