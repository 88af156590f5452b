//! Exit codes, one meaning each (issue 11): 0 success, 1 output or internal failure, 2 bad input or usage; 130 and 143 are listed for interruption.

use std::process::{Command, Stdio};

use crate::support::ROOT;

/// `dlx` with `args`, run from the workspace root with nothing on standard input.
fn dlx(args: &[&str]) -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("dlx"));
    command.current_dir(ROOT).args(args).stdin(Stdio::null());
    command
}

/// A file of this text in a scratch folder of the tests.
fn file(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("exit");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Runs the command, expecting exit code `code` and `message` in standard error
/// (nothing there when `message` is empty).
#[track_caller]
fn check(command: &mut Command, code: i32, message: &str) {
    let out = command.output().expect("dlx runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{command:?}: {stderr}");
    if message.is_empty() {
        assert_eq!(stderr, "", "{command:?}");
    } else {
        assert!(
            stderr.contains(message),
            "{command:?}: expected {message:?} in {stderr:?}"
        );
    }
}

#[test]
fn success_is_0() {
    // A problem without solutions is a success.
    let none = file("none.dlx", "a b\na\n");
    check(&mut dlx(&["solve", "--count", &none]), 0, "");
    check(&mut dlx(&["queens", "3"]), 0, "dlx: no solution");
    check(&mut dlx(&["--help"]), 0, "");
    check(&mut dlx(&["--version"]), 0, "");
}

#[test]
fn bad_input_and_usage_are_2() {
    // Input that cannot be read or parsed.
    let missing = "dlx: error: cannot read `no-such-file.dlx`";
    check(&mut dlx(&["solve", "no-such-file.dlx"]), 2, missing);
    let bad = file("bad.dlx", "a b\na c\n");
    check(&mut dlx(&["solve", &bad]), 2, "line 2: ");
    // Usage errors found by clap, and arguments out of range found by dlx.
    check(
        &mut dlx(&["solve", "--no-such-flag"]),
        2,
        "unexpected argument",
    );
    check(&mut dlx(&["lottery", "3", "4", "2"]), 2, "is more than v");
    let shard = "--shard 3/3: I must be from 0 to 2";
    check(&mut dlx(&["count", "--shard", "3/3", &bad]), 2, shard);
    check(
        &mut dlx(&["sudoku", "generate", "--size", "7"]),
        2,
        "dlx: error: --size",
    );
}

/// Issue 34: every reader has a limit, 256M by default, set by
/// `--max-input` (on any subcommand) or by `DLX_MAX_INPUT`; an input over
/// it is bad input that says how to read it.
#[test]
fn issue_34_inputs_have_a_limit_that_a_flag_raises() {
    let problem = file(
        "limit.dlx",
        &format!("a b\n{}a b\n", "| a comment\n".repeat(200)),
    );
    let over = "holds more than 1024 bytes, the limit of an input (--max-input SIZE";
    check(&mut dlx(&["solve", "--max-input", "1K", &problem]), 2, over);
    check(&mut dlx(&["--max-input", "1K", "solve", &problem]), 2, over);
    check(
        &mut dlx(&["solve", "--max-input", "1M", "--count", &problem]),
        0,
        "",
    );
    check(
        dlx(&["solve", &problem]).env("DLX_MAX_INPUT", "1K"),
        2,
        over,
    );
    // The flag before the environment.
    check(
        dlx(&["solve", "--max-input", "4K", "--count", &problem]).env("DLX_MAX_INPUT", "1K"),
        0,
        "",
    );
    let polyomino = file("limit-board.txt", &"#####\n".repeat(400));
    check(
        &mut dlx(&["polyomino", "--max-input", "1K", "--board-file", &polyomino]),
        2,
        over,
    );
    check(
        &mut dlx(&["solve", "--max-input", "1Q", &problem]),
        2,
        "expected a size such as 512M",
    );
}

/// Issue 21: the argument parser's errors and the tool's own start alike,
/// `dlx: error: `, as every error of ripgrep starts `rg: `.
#[test]
fn every_error_has_one_prefix_issue_21() {
    let bad = file("prefix.dlx", "a b\na c\n");
    for args in [
        &["solve", "--no-such-flag"][..],
        &["solve", "--limit", "0"],
        &["queens"],
        &["no-such-command"],
        &["solve", &bad],
        &["solve", "no-such-file.dlx"],
    ] {
        let out = dlx(args).output().expect("dlx runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("dlx: error: ") && !stderr[1..].contains("\nerror: "),
            "{args:?}: {stderr:?}"
        );
    }
    // `dlx` alone shows the help on standard error, exit 2, without a prefix.
    let out = dlx(&[]).output().expect("dlx runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage: dlx"));
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_1() {
    let mut full = dlx(&["queens", "8"]);
    full.stdout(std::fs::File::create("/dev/full").unwrap());
    check(&mut full, 1, "dlx: error: cannot write the output");
}

#[test]
fn issue_11_an_svg_that_cannot_be_written_is_1() {
    // It was 2, as if the board were wrong.
    let mut svg = dlx(&["pentomino", "--board", "10x6", "--svg", "no-such-dir/x.svg"]);
    check(&mut svg, 1, "dlx: error: cannot write `no-such-dir/x.svg`");
}

#[test]
fn every_svg_that_cannot_be_written_is_1() {
    // The picture is output, like standard output: a path that cannot be
    // written is not bad input. Inputs of several cases write numbered files,
    // and the first that fails is named.
    for (args, file) in [
        (&["sudoku", "data/sudoku/17-clue.txt"][..], "x.svg"),
        (&["sudoku", "data/sudoku/9x9.txt"], "x-1.svg"),
        (&["sudoku", "generate", "--seed", "1"], "x.svg"),
        (&["queens", "8"], "x.svg"),
        (&["treasure", "data/treasure/sample.txt"], "x-1.svg"),
        (&["squares", "data/squares/sample.txt"], "x-1.svg"),
    ] {
        let mut command = dlx(args);
        command.args(["--svg", "no-such-dir/x.svg"]);
        check(
            &mut command,
            1,
            &format!("dlx: error: cannot write `no-such-dir/{file}`"),
        );
    }
}

#[test]
fn issue_11_threads_that_cannot_start_are_1() {
    // It was 2, as if the input were wrong. No thread can get a stack this
    // large. (`--no-memo`: the memoised count's probe may finish so small a
    // count before any thread starts.)
    let mut threads = dlx(&[
        "solve",
        "--count",
        "--no-memo",
        "--threads",
        "2",
        "data/pentomino-3x20.dlx",
    ]);
    threads.env("RUST_MIN_STACK", (1u64 << 62).to_string());
    check(&mut threads, 1, "dlx: error: cannot start the threads");
}

#[test]
fn help_lists_the_exit_codes() {
    let out = dlx(&["--help"]).output().expect("dlx runs");
    let help = String::from_utf8(out.stdout).expect("UTF-8 help");
    for line in [
        "Exit codes:",
        "  0    success",
        "  1    the output cannot be written, or an internal failure",
        "  2    bad input or usage",
        "  130  interrupted by SIGINT (Ctrl-C)",
        "  143  terminated by SIGTERM",
    ] {
        assert!(
            help.lines().any(|l| l.starts_with(line)),
            "no {line:?} in {help}"
        );
    }
}

/// Issue 13: inputs of a few bytes that describe problems of gigabytes are
/// refused before anything is built, with the size, the limit and how to
/// raise it (they aborted at 3.8 to 4.8 GB).
#[test]
fn issue_13_problems_beyond_the_memory_limit_are_refused_before_they_are_built() {
    let monominoes =
        std::env::temp_dir().join(format!("dlx-monominoes-{}.txt", std::process::id()));
    std::fs::write(&monominoes, "X*65536:\n#\n").unwrap();
    let monominoes = monominoes.to_str().unwrap();
    let mut map = "1\n1024 1024 100\n".to_owned();
    for _ in 0..100 {
        map += "0 0 1024 1024\n";
    }
    for (args, stdin) in [
        (vec!["treasure", "-"], map.as_str()),
        (vec!["treasure", "--emit-dlx", "-"], map.as_str()),
        (vec!["lottery", "22", "11", "5"], ""),
        (vec!["lottery", "23", "11", "3"], ""),
        (
            vec!["polyomino", "--board", "256x256", "--pieces", monominoes],
            "",
        ),
    ] {
        let (stdout, stderr) = crate::support::run(&args, stdin, 2);
        assert_eq!(stdout, "", "{args:?}");
        assert!(
            stderr.contains(
                "of memory, more than --max-memory 1.0 GiB; raise the limit (--max-memory "
            ),
            "{args:?}: {stderr}"
        );
    }
    // The limit is the user's: a small one refuses a small problem, and says so.
    let (_, stderr) = crate::support::run(
        &["solve", "--max-memory", "1K", "data/pentomino-3x20.dlx"],
        "",
        2,
    );
    assert!(stderr.contains("the problem would take about"), "{stderr}");
    let (_, stderr) = crate::support::run(&["queens", "8", "--max-memory", "lots"], "", 2);
    assert!(
        stderr.contains("expected a size such as 512M or 4G"),
        "{stderr}"
    );
}
