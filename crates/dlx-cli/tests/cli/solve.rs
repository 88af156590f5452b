//! Tests of `dlx solve`.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use assert_cmd::Command;

const KNUTH: &str = "| Knuth's example from \"Dancing Links\"\na b c d e f g\nc e f\na d g\nb c f\na d\nb g\nd e g\n";
const TWO: &str = "a b | x\na x:red\nb x:red\na b\n";

/// Runs `dlx` with `args` and `stdin`; returns the exit code, stdout and stderr.
#[track_caller]
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let output = Command::cargo_bin("dlx")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        output.status.code().unwrap_or(-1),
        text(output.stdout),
        text(output.stderr),
    )
}

#[track_caller]
fn check(args: &[&str], stdin: &str, expected_code: i32) -> String {
    let (code, stdout, stderr) = run(args, stdin);
    assert_eq!(code, expected_code, "stdout: {stdout}\nstderr: {stderr}");
    format!("exit: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}")
}

#[test]
fn prints_each_solution_as_its_options() {
    insta::assert_snapshot!(check(&["solve", "--threads", "1"], KNUTH, 0));
    insta::assert_snapshot!(check(&["solve", "--threads", "1", "-"], TWO, 0));
}

#[test]
fn counts_and_limits() {
    assert_eq!(run(&["solve", "--count"], TWO,).1, "2\n");
    assert_eq!(run(&["solve", "--count", "--limit", "1"], TWO).1, "1\n");
    let (_, stdout, _) = run(&["solve", "--limit", "1"], TWO);
    assert_eq!(
        stdout.lines().filter(|l| l.is_empty()).count(),
        0,
        "one solution, no separator"
    );
}

#[test]
fn json_lines() {
    insta::assert_snapshot!(check(&["solve", "--json", "--ordered"], TWO, 0));
}

#[test]
fn stats_go_to_stderr() {
    let (code, stdout, stderr) = run(&["solve", "--count", "--stats", "--threads", "1"], KNUTH);
    assert_eq!((code, stdout.as_str()), (0, "1\n"));
    // Knuth's DLX1 prints the same: 6 nodes (the solution is one), 30 updates.
    for line in ["solutions: 1", "nodes: 6", "updates: 30", "max level: 3"] {
        assert!(
            stderr.lines().any(|l| l == line),
            "{line} missing in\n{stderr}"
        );
    }
    assert!(stderr.contains("time: "), "{stderr}");
}

#[test]
fn no_solution_is_success() {
    // Issue 15: stdout stays clean for pipes; standard error says it.
    assert_eq!(
        run(&["solve"], "a b\na\n"),
        (0, String::new(), "dlx: no solution\n".into())
    );
    assert_eq!(run(&["solve", "--count"], "a b\na\n").1, "0\n");
}

#[test]
fn bad_input_names_the_line_and_exits_2() {
    insta::assert_snapshot!(check(&["solve"], "a b\na c\n", 2));
    insta::assert_snapshot!(check(&["solve"], "a b a\n", 2));
    insta::assert_snapshot!(check(&["solve"], "a | x\na:1 x\n", 2));
    insta::assert_snapshot!(check(&["solve"], "| nothing here\n", 2));
    insta::assert_snapshot!(check(&["solve", "no/such/file.dlx"], "", 2));
    let (code, _, stderr) = run(&["solve"], "a b\n\u{0}\n");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("line 2") && stderr.contains("NUL"),
        "{stderr}"
    );
}

#[test]
fn the_bundled_example_counts_its_tilings() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/pentomino-3x20.dlx");
    assert_eq!(run(&["solve", "--count", path], "").1, "8\n");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // As `dlx solve data/pentomino-6x10.dlx | head -1`: read one line, close the pipe.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/pentomino-6x10.dlx");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["solve", path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn optimising_searches_print_the_best_with_a_heading() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/solve/costs.dlx");
    insta::assert_snapshot!(check(&["solve", "--min-cost", "--best", "3", path], "", 0));
    insta::assert_snapshot!(check(&["solve", "--min-options", path], "", 0));
    insta::assert_snapshot!(check(&["solve", "--min-cost", "--json", path], "", 0));
    assert_eq!(run(&["solve", "--count", path], "").1, "8\n");
    assert_eq!(
        check(&["solve", "--min-options"], "a b\na\n", 0),
        "exit: 0\n--- stdout\n--- stderr\ndlx: no solution\n",
        "no solution: nothing on standard output, a note on standard error"
    );
}

#[test]
fn multiplicities_are_read_and_solved() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/solve/multiplicities.dlx"
    );
    insta::assert_snapshot!(check(&["solve", "--threads", "1", path], "", 0));
    for threads in ["1", "2"] {
        assert_eq!(
            run(&["solve", "--count", "--threads", threads, path], "").1,
            "1\n"
        );
    }
    insta::assert_snapshot!(check(&["solve"], "3:2|a\na\n", 2));
}

#[test]
fn listings_on_threads_are_the_sequential_listing_by_default() {
    // People diff listings: without `--unordered`, two runs on two threads print the same bytes,
    // those of one thread.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/bench/queens-10.dlx"
    );
    let listing = |args: &[&str]| {
        let (code, stdout, stderr) = run(&[&["solve", path], args].concat(), "");
        assert_eq!((code, stderr.as_str()), (0, ""), "{args:?}");
        stdout
    };
    let sequential = listing(&["--threads", "1"]);
    assert_eq!(sequential.split("\n\n").count(), 724, "10-queens");
    for args in [
        &["--threads", "2"][..],
        &["--threads", "2"],
        &["--threads", "2", "--ordered"],
        &["--threads", "2", "--unordered", "--ordered"],
    ] {
        assert!(
            listing(args) == sequential,
            "{args:?}: not the sequential listing"
        );
    }
    let json = listing(&["--threads", "2", "--json", "--limit", "50"]);
    assert_eq!(
        json,
        listing(&["--threads", "2", "--json", "--limit", "50"])
    );
    assert_eq!(
        json,
        listing(&["--threads", "1", "--json", "--limit", "50"])
    );
    // `--unordered` prints the same solutions, in whatever order the threads find them.
    let unordered = listing(&["--threads", "2", "--ordered", "--unordered"]);
    let sorted = |text: &str| {
        let mut solutions: Vec<String> = text
            .split("\n\n")
            .map(|s| s.trim_end().to_owned())
            .collect();
        solutions.sort_unstable();
        solutions
    };
    assert_eq!(sorted(&unordered), sorted(&sequential));
}

/// Issue 10: ranged multiplicities (Knuth's REDRECT-DLX files) crashed every
/// multi-threaded command with a segmentation fault.
#[test]
fn issue_10_multiplicities_on_threads() {
    let file = "data/solve/redrect-2x5.dlx";
    for threads in ["1", "2", "8"] {
        let args = ["solve", "--count", "-q", "--threads", threads, file];
        assert_eq!(crate::support::run(&args, "", 0).0, "5843\n", "{threads}");
        let args = ["solve", "--count", "--threads", threads, file];
        assert_eq!(crate::support::run(&args, "", 0).0, "5843\n", "{threads}");
        let args = [
            "solve",
            "--limit",
            "3",
            "--json",
            "--threads",
            threads,
            file,
        ];
        assert_eq!(crate::support::run(&args, "", 0).0.lines().count(), 3);
        let args = ["solve", "--unordered", "--threads", threads, file];
        let (stdout, _) = crate::support::run(&args, "", 0);
        assert_eq!(stdout.split("\n\n").count(), 5843, "{threads}");
    }
}

/// Issue 10: an option with no primary item is left out with a warning that
/// names its line, as Knuth's programs leave it out.
#[test]
fn issue_10_options_without_primary_items_warn() {
    let (stdout, stderr) =
        crate::support::run(&["solve", "--count"], "a b | x y\na x\nb y\n x y\n", 0);
    assert_eq!(stdout, "1\n");
    assert_eq!(
        stderr,
        "dlx: warning: in <stdin>: line 4: option ignored (no primary items): x y\n"
    );
}

/// Issue 10: names are bytes, printed back as the same bytes.
#[test]
fn issue_10_names_that_are_not_utf8() {
    let output = Command::cargo_bin("dlx")
        .unwrap()
        .args(["solve", "--threads", "1"])
        .write_stdin(&b"\xa1 \xa2 | \xff\n\xa1 \xff:\xfe\n\xa2\n"[..])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"\xa1 \xff:\xfe\n\xa2\n");
}

/// Issue 12: SIGINT (or SIGTERM) on a running count stops every thread,
/// prints the partial count and says it is partial, and exits with 130 (143).
#[test]
fn issue_12_an_interrupted_count_is_partial() {
    for (signal, code, word) in [
        ("-INT", 130, "interrupted (SIGINT)"),
        ("-TERM", 143, "terminated (SIGTERM)"),
    ] {
        let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
            .current_dir(crate::support::ROOT)
            .args(["solve", "--count", "-q", "--stats", "--threads", "2"])
            .arg("data/pentomino-6x10.dlx")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(400));
        let started = std::time::Instant::now();
        let killed = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let output = child.wait_with_output().unwrap();
        assert!(started.elapsed().as_secs_f64() < 2.0, "stopped promptly");
        assert_eq!(output.status.code(), Some(code), "{signal}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        let count: u64 = stdout.trim().parse().expect("a partial count");
        assert!(count < 9356, "{count}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(&format!("solutions: {count}")), "{stderr}");
        assert!(
            stderr.contains(word) && stderr.contains("the count is partial"),
            "{stderr}"
        );
    }
}

/// Issue 13: `--max-nodes` and `--time-limit` bound every search; what was
/// found is printed, marked partial, with exit code 3.
#[test]
fn issue_13_budgets_end_a_search_with_a_partial_result() {
    let file = "data/pentomino-6x10.dlx";
    for args in [
        vec!["solve", "--count", "--max-nodes", "20000", file],
        vec!["solve", "--count", "--time-limit", "300ms", file],
        vec![
            "solve",
            "--limit",
            "100000",
            "--max-nodes",
            "5000",
            "-j",
            "1",
            file,
        ],
        vec![
            "solve",
            "--min-options",
            "--max-nodes",
            "30",
            "-j",
            "1",
            file,
        ],
    ] {
        let (stdout, stderr) = crate::support::run(&args, "", 3);
        assert!(!stdout.is_empty() || args[1] == "--min-options", "{args:?}");
        assert!(stderr.contains("stopped by --"), "{args:?}: {stderr}");
        assert!(stderr.contains("is partial"), "{args:?}: {stderr}");
    }
    // A budget the search stays within changes nothing.
    let (stdout, _) = crate::support::run(
        &[
            "solve",
            "--count",
            "--max-nodes",
            "100000000",
            "data/pentomino-3x20.dlx",
        ],
        "",
        0,
    );
    assert_eq!(stdout, "8\n");
}

#[test]
fn stats_say_how_the_threads_shared_the_work() {
    // `--no-memo`: a count this small may finish during the default's
    // probe, on one thread.
    let (_, stderr) = crate::support::run(
        &[
            "solve",
            "--count",
            "--no-memo",
            "--stats",
            "--threads",
            "2",
            "data/pentomino-3x20.dlx",
        ],
        "",
        0,
    );
    assert!(stderr.contains("solutions: 8\n"), "{stderr}");
    assert!(stderr.contains("threads: 2\nsteals: "), "{stderr}");
    assert!(stderr.contains("\nidle: "), "{stderr}");
}

/// Issue 15: `--emit-dlx` prints the problem back as it was read (as
/// miniexact's `-P`): solving the normalised text gives the same count, and
/// normalising it again changes nothing.
#[test]
fn issue_15_emit_dlx_normalises_a_file() {
    let (emitted, _) = crate::support::run(&["solve", "--emit-dlx", "data/solve/costs.dlx"], "", 0);
    let (again, _) = crate::support::run(&["solve", "--emit-dlx", "-"], &emitted, 0);
    assert_eq!(again, emitted);
    let (count, _) = crate::support::run(&["solve", "--count", "--no-memo", "-"], &emitted, 0);
    let (original, _) = crate::support::run(
        &["solve", "--count", "--no-memo", "data/solve/costs.dlx"],
        "",
        0,
    );
    assert_eq!(count, original);
    // Comments and spacing are dropped.
    let (tidy, _) = crate::support::run(
        &["solve", "--emit-dlx", "-"],
        "| a comment\n a   b\n\na\n  b\n",
        0,
    );
    assert_eq!(tidy, "a b\na\nb\n");
}

/// Issue 20: `--best 0` asked for no solution and answered "no solution"
/// (exit 0) for a problem that has solutions; it is refused at the
/// arguments, as `--limit 0` is.
#[test]
fn issue_20_best_0_is_refused() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/solve/costs.dlx");
    let (code, stdout, stderr) = run(&["solve", "--min-cost", "--best", "0", path], "");
    assert_eq!((code, stdout.as_str()), (2, ""), "{stderr}");
    assert!(
        stderr.contains("invalid value '0' for '--best <K>'"),
        "{stderr}"
    );
    let (code, stdout, _) = run(&["solve", "--min-cost", "--best", "1", path], "");
    assert_eq!(code, 0);
    assert!(stdout.starts_with("| cost 10\n"), "{stdout}");
}

/// Issue 20: costs that add up past 2^64 over all the options were refused
/// when the problem was read, even by commands that never read a cost; they
/// are read, and `--min-cost` prints exact costs beyond `u64::MAX`.
#[test]
fn issue_20_costs_that_add_up_past_u64_are_read() {
    let max = u64::MAX;
    let text = format!("a b\na |{max}\nb |9\nb |3\na b |{max}\n");
    assert_eq!(run(&["solve", "--count"], &text).1, "3\n");
    assert_eq!(run(&["cover"], &text).1, "1\na b |18446744073709551615\n");
    assert_eq!(run(&["solve", "--emit-dlx"], &text).1, text);
    insta::assert_snapshot!(check(&["solve", "--min-cost", "--best", "3"], &text, 0));
    let (code, stdout, _) = run(&["solve", "--min-cost", "--best", "2", "--json"], &text);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    // 2^64 + 2: beyond what a JSON reader keeps in a `u64`, written exactly.
    assert!(
        stdout.contains("\"value\":18446744073709551618,\"cost\":18446744073709551618"),
        "{stdout}"
    );
    assert_eq!(lines[0]["value"], 18446744073709551615u64);
    assert_eq!(lines[0]["options"], serde_json::json!([3]));
}

/// Issue 20: `--json` gave options by their index among the options kept,
/// so an option after one left out (no primary item) was off by one from
/// the input; the index is the option's among the input's option lines.
#[test]
fn issue_20_json_option_indices_count_the_options_left_out() {
    // Option lines: 0 `x` (left out), 1 `a x`, 2 `y` (left out), 3 `b y`.
    let text = "a b | x y\nx\na x\ny\nb y\n";
    for args in [
        &["solve", "--json"][..],
        &["solve", "--json", "--min-cost"],
        &["solve", "--json", "--min-options"],
        &["cover", "--json"],
    ] {
        let (code, stdout, _) = run(args, text);
        assert_eq!(code, 0, "{args:?}");
        let first: serde_json::Value =
            serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
        let mut options: Vec<u64> = first["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_u64().unwrap())
            .collect();
        options.sort();
        assert_eq!(options, [1, 3], "{args:?}: {stdout}");
        // The indices find the lines printed.
        let option_lines: Vec<&str> = text.lines().skip(1).collect();
        for (index, line) in first["options"]
            .as_array()
            .unwrap()
            .iter()
            .zip(first["lines"].as_array().unwrap())
        {
            assert_eq!(
                option_lines[index.as_u64().unwrap() as usize],
                line.as_str().unwrap()
            );
        }
    }
}

/// Issue 20: a control byte in a name was written raw to the terminal in
/// errors and warnings (`\x1b` starts its escape sequences); it is escaped.
#[test]
fn issue_20_control_bytes_are_escaped_in_messages() {
    let (code, _, stderr) = run(&["solve"], "a b\na \x1b[2J\n");
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "dlx: error: in <stdin>: line 2: unknown item `\\x1b[2J` (not in the item line)\n"
    );
    let (_, _, stderr) = run(&["solve", "--count"], "a | x\x01\na\nx\x01\n");
    assert_eq!(
        stderr,
        "dlx: error: in <stdin>: line 1: `x\\x01` is not a valid name: it contains a control character\n"
    );
    let (code, _, stderr) = run(&["solve", "--count"], "a | x\na\nx:\x1b\n");
    assert_eq!(code, 0);
    assert_eq!(
        stderr,
        "dlx: warning: in <stdin>: line 3: option ignored (no primary items): x:\\x1b\n"
    );
}

/// Issue 20: a multiplicity on a secondary item was reported as "a second
/// `|`"; the message names the item and says why.
#[test]
fn issue_20_a_multiplicity_on_a_secondary_item_is_named() {
    let (code, _, stderr) = run(&["solve"], "a | x 2|y\na\n");
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "dlx: error: in <stdin>: line 1: secondary item `y` has a multiplicity (`2|y`); only primary items take multiplicities\n"
    );
}

/// A small problem with ties and branching: three items, five options, three exact covers.
const SMALL: &str = "a b c\na b\nc\na\nb c\nb\n";

/// `dlx solve` with `args`: the exit code, stdout and stderr.
fn solve(args: &[&str], stdin: &str) -> (i32, String, String) {
    run(&[&["solve"], args].concat(), stdin)
}

/// [`check`] of `dlx solve` with `args`.
#[track_caller]
fn check_solve(args: &[&str], stdin: &str, code: i32) -> String {
    check(&[&["solve"], args].concat(), stdin, code)
}

/// The transcript of a run with the statistics' time lines left out (they vary).
fn untimed(args: &[&str], stdin: &str) -> String {
    check_solve(args, stdin, 0)
        .lines()
        .filter(|line| !line.starts_with("time:") && !line.starts_with("nodes/s:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Issue 21: `--trace LEVEL` shows the steps of the search on standard
/// error, indented by level: the item chosen and its options, each option
/// tried, each solution, each backtrack.
#[test]
fn issue_21_trace_shows_the_choices_down_to_a_level() {
    insta::assert_snapshot!("trace_small", untimed(&["--trace", "9"], SMALL));
    // Down to level 1 only: the deeper steps are left out, the answers are not.
    insta::assert_snapshot!("trace_small_level_1", untimed(&["--trace", "1"], SMALL));
    insta::assert_snapshot!("trace_knuth", untimed(&["--trace", "9", "--count"], KNUTH));
}

/// Issue 21: `--profile` adds Knuth's profile of the tree and the item
/// totals to `--stats`; the profile adds up to the nodes, which are the
/// ordinary search's.
#[test]
fn issue_21_profile_and_item_totals() {
    insta::assert_snapshot!(
        "profile_small",
        untimed(&["--count", "--stats", "--profile"], SMALL)
    );
    let (code, _, plain) = solve(
        &["--count", "--stats", "--threads", "1", "--no-memo"],
        SMALL,
    );
    assert_eq!(code, 0);
    let nodes = |stderr: &str| {
        stderr
            .lines()
            .find_map(|l| l.strip_prefix("nodes: "))
            .map(str::to_owned)
    };
    let (_, _, profiled) = solve(&["--count", "--stats", "--profile"], SMALL);
    assert_eq!(nodes(&plain), nodes(&profiled));
    assert_eq!(nodes(&profiled).as_deref(), Some("7"));
}

/// Issue 21: `--seed S` breaks ties at random: on a problem with ties the
/// same solutions (as a set) and count, and another tree (other nodes).
#[test]
fn issue_21_seed_keeps_the_solutions_and_changes_the_tree() {
    let board = "data/pentomino-3x20.dlx";
    let sorted = |text: String| {
        let mut solutions: Vec<String> = text
            .split("\n\n")
            .map(|solution| {
                let mut lines: Vec<&str> = solution.lines().collect();
                lines.sort_unstable();
                lines.join("\n")
            })
            .collect();
        solutions.sort();
        solutions
    };
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let dlx = |args: &[&str]| {
        let output = Command::cargo_bin("dlx")
            .unwrap()
            .current_dir(root)
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        (
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let nodes = |stderr: &str| -> u64 {
        stderr
            .lines()
            .find_map(|l| l.strip_prefix("nodes: "))
            .unwrap()
            .parse()
            .unwrap()
    };
    let (plain, plain_stats) = dlx(&["solve", "--stats", "-j", "1", board]);
    let mut differs = false;
    for seed in ["1", "2", "3"] {
        let (seeded, seeded_stats) = dlx(&["solve", "--stats", "--seed", seed, board]);
        assert_eq!(sorted(seeded), sorted(plain.clone()), "seed {seed}");
        differs |= nodes(&seeded_stats) != nodes(&plain_stats);
        let (count, _) = dlx(&["solve", "--count", "--seed", seed, board]);
        assert_eq!(count, "8\n");
    }
    assert!(differs, "no seed changed the tree");
    // The same seed, the same run.
    assert_eq!(
        dlx(&["solve", "--seed", "7", board]).0,
        dlx(&["solve", "--seed", "7", board]).0
    );
}

/// Issue 21: `--every M` prints the M-th, 2M-th, ... solutions, as
/// Knuth's `m`, on any number of threads, and with `--count` the count of all.
#[test]
fn issue_21_every_prints_every_mth_solution() {
    let all = check_solve(&["--limit", "100"], KNUTH, 0);
    let (code, every, _) = solve(&["--every", "1"], KNUTH);
    assert_eq!(code, 0);
    assert!(all.contains(&every), "{all}");
    let queens = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/bench/queens-10.dlx"
    );
    let (_, listed, _) = solve(&["-j", "1", queens], "");
    let solutions: Vec<&str> = listed.split("\n\n").map(str::trim_end).collect();
    assert_eq!(solutions.len(), 724);
    for threads in ["1", "2"] {
        let (code, every, _) = solve(&["--every", "100", "--count", "-j", threads, queens], "");
        assert_eq!(code, 0);
        let mut blocks: Vec<&str> = every.split("\n\n").map(str::trim_end).collect();
        let count = blocks.last_mut().map(|last| {
            let (solution, count) = last.rsplit_once('\n').unwrap();
            *last = solution;
            count.to_owned()
        });
        assert_eq!(count.as_deref(), Some("724"));
        let expected: Vec<&str> = (1..=7).map(|k| solutions[k * 100 - 1]).collect();
        assert_eq!(blocks, expected, "-j {threads}");
    }
    // With a seed (on the exploring driver) too: 7 solutions and the count.
    let (_, seeded, _) = solve(&["--every", "100", "--count", "--seed", "1", queens], "");
    assert_eq!(seeded.split("\n\n").count(), 7);
    assert!(seeded.ends_with("\n724\n"), "{seeded}");
}

/// `--svg`: each solution printed is drawn as the problem's matrix with its
/// options marked; one file for one solution, numbered files for several,
/// a note on the picture of a problem without a solution (issue 23).
#[test]
fn svg_draws_each_solution_on_the_matrix() {
    use crate::support::{file_names, read_svg, scratch};
    let dir = scratch("solve-svg");
    let one = dir.join("knuth.svg");
    let (code, stdout, _) = run(
        &["solve", "--limit", "1", "--svg", one.to_str().unwrap()],
        KNUTH,
    );
    assert_eq!(code, 0);
    assert_eq!(stdout, run(&["solve", "--limit", "1"], KNUTH).1);
    let svg = read_svg(&one);
    let problem = dlx_core::parse_dlx(KNUTH).unwrap();
    let solution = dlx_core::Solver::new(&problem).first().value.unwrap();
    assert_eq!(svg, dlx_models::picture::to_svg(&problem, Some(&solution)));
    assert_eq!(svg.matches("font-weight=\"bold\"").count(), 3);

    // Both solutions of TWO, numbered, in a folder.
    let folder = dir.join("two/");
    run(&["solve", "--svg", folder.to_str().unwrap()], TWO);
    assert_eq!(file_names(&folder), ["solution-1.svg", "solution-2.svg"]);
    for name in ["solution-1.svg", "solution-2.svg"] {
        read_svg(&folder.join(name));
    }

    // No solution: the matrix, nothing marked, and a note.
    let none = dir.join("none.svg");
    run(&["solve", "--svg", none.to_str().unwrap()], "a b\na\n");
    let svg = read_svg(&none);
    assert!(
        svg.contains(">no solution<") && !svg.contains("bold"),
        "{svg}"
    );

    let (code, _, stderr) = run(&["solve", "--count", "--svg", "x.svg"], KNUTH);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}
