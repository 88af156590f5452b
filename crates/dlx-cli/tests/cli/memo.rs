//! Tests of the memoised count in the subcommands that count: `--memo`, `--no-memo`, `--memo-mem` and its statistics.

use crate::support::{check_error, run};

/// The m x n board's domino tilings in Knuth's format.
pub(crate) fn dominoes(m: usize, n: usize) -> String {
    let cell = |r: usize, c: usize| format!("r{r}c{c}");
    let mut text: Vec<String> = vec![(0..m * n)
        .map(|k| cell(k / n, k % n))
        .collect::<Vec<_>>()
        .join(" ")];
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                text.push(format!("{} {}", cell(r, c), cell(r, c + 1)));
            }
            if r + 1 < m {
                text.push(format!("{} {}", cell(r, c), cell(r + 1, c)));
            }
        }
    }
    text.join("\n") + "\n"
}

/// The `m x n` board of [`dominoes`] with one secondary item, named by the
/// first domino: the same tilings, but no longer counted layer by layer
/// (the layered count takes primary items only), so the depth-first
/// memoised count and its probe decide.
pub(crate) fn dominoes_depth_first(m: usize, n: usize) -> String {
    let board = dominoes(m, n);
    let mut lines: Vec<String> = board.lines().map(str::to_owned).collect();
    lines[0] += " | s";
    lines[1] += " s";
    lines.join("\n") + "\n"
}

/// Checks that `dlx ARGS` prints `count` alone.
#[track_caller]
fn check(args: &[&str], stdin: &str, count: &str) {
    let (stdout, _) = run(args, stdin, 0);
    assert_eq!(stdout, format!("{count}\n"), "{args:?}");
}

#[test]
fn counts_by_every_method_agree() {
    let board = dominoes(6, 7);
    for extra in [
        &[][..],
        &["--memo"],
        &["--no-memo"],
        &["--memo", "--threads", "2"],
    ] {
        let mut args = vec!["solve", "--count"];
        args.extend_from_slice(extra);
        check(&args, &board, "31529");
    }
    check(
        &["solve", "--count", "--memo", "data/pentomino-3x20.dlx"],
        "",
        "8",
    );
    check(&["queens", "8", "--count", "--memo"], "", "92");
    check(&["queens", "8", "--count"], "", "92");
}

#[test]
fn domino_tilings_beyond_enumeration() {
    // OEIS A004003.
    check(
        &[
            "polyomino",
            "--board",
            "12x12",
            "--pieces",
            "domino",
            "--count",
        ],
        "",
        "53060477521960000",
    );
    check(
        &["solve", "--count", "--threads", "2"],
        &dominoes(12, 12),
        "53060477521960000",
    );
}

#[test]
fn stats_report_the_cache_next_to_nodes_and_updates() {
    let (_, stderr) = run(
        &["solve", "--count", "--stats", "--memo"],
        &dominoes_depth_first(8, 8),
        0,
    );
    // Issue 21: what was done, in plain words, first.
    assert!(
        stderr.starts_with("Counted 12988816 solutions without visiting them one by one;"),
        "{stderr}"
    );
    let keys: Vec<&str> = stderr
        .lines()
        .filter_map(|line| line.split_once(':').map(|(key, _)| key))
        .collect();
    assert_eq!(
        keys,
        [
            "method",
            "solutions",
            "nodes",
            "updates",
            "cache hits",
            "cache misses",
            "cache evictions",
            "cache peak",
            "parts",
            "time",
            "nodes/s"
        ]
    );
    assert!(stderr.contains("solutions: 12988816\n"), "{stderr}");
    // Issue 24: the board alone is counted layer by layer, and says so.
    let (_, stderr) = run(
        &["solve", "--count", "--stats", "--memo"],
        &dominoes(8, 8),
        0,
    );
    assert!(
        stderr.starts_with(
            "Counted 12988816 solutions layer by layer along a sweep of the items, without visiting them one by one: "
        ),
        "{stderr}"
    );
    let keys: Vec<&str> = stderr
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(':').map(|(key, _)| key))
        .collect();
    assert_eq!(
        keys,
        [
            "method",
            "solutions",
            "nodes",
            "layers",
            "window",
            "widest layer",
            "states",
            "states met again",
            "peak",
            "time",
            "nodes/s"
        ]
    );
    assert!(
        stderr.contains("\nlayers: 64\nwindow: 9 items\n"),
        "{stderr}"
    );
    // A count where memoisation does not pay says so, then counts plainly.
    // A small count finishes during the probe; a larger one goes on
    // plainly. Either way the statistics are the plain search's.
    let (stdout, stderr) = run(&["queens", "10", "--count", "--stats"], "", 0);
    assert_eq!(stdout, "724\n");
    // Whether 10-queens finishes during the probe depends on the machine's
    // load (the probe and the plain count race): either reason is right.
    // What was done comes first, in plain words (issue 21), then the reason.
    assert!(
        stderr.starts_with("Found 724 solutions, entering "),
        "{stderr}"
    );
    assert!(
        stderr.contains("\nmemo: plain count (it finished during the probe, ")
            || stderr.contains("\nmemo: plain count (the probe's leverage "),
        "{stderr}"
    );
    assert!(stderr.contains("\nsolutions: 724\n"), "{stderr}");
    let (stdout, stderr) = run(&["queens", "13", "--count", "--stats", "-j", "1"], "", 0);
    assert_eq!(stdout, "73712\n");
    assert!(
        stderr.starts_with("Found 73,712 solutions, entering "),
        "{stderr}"
    );
    assert!(
        stderr.contains("\nmemo: plain count (the probe's leverage "),
        "{stderr}"
    );
    assert!(stderr.contains("\nsolutions: 73712\n"), "{stderr}");
}

#[test]
fn a_tiny_cache_evicts_and_still_counts_exactly() {
    let (stdout, stderr) = run(
        &["solve", "--count", "--stats", "--memo", "--memo-mem", "64K"],
        &dominoes_depth_first(10, 10),
        0,
    );
    assert_eq!(stdout, "258584046368\n");
    let evictions: u64 = stderr
        .lines()
        .find_map(|l| l.strip_prefix("cache evictions: "))
        .and_then(|n| n.parse().ok())
        .expect("an evictions line");
    assert!(evictions > 0, "{stderr}");
}

/// Counts past 2^128 are printed with all their digits: as text, in the
/// `count` line's number and its `count_decimal` string, and in the
/// statistics' `solutions`, whichever way the count is asked for.
#[test]
fn a_count_past_u128_is_exact() {
    // 130 items, each covered by either of two identical options: 2^130.
    let mut doubled = (0..130).map(|k| format!("i{k} ")).collect::<String>() + "\n";
    for k in 0..130 {
        doubled += &format!("i{k}\ni{k}\n");
    }
    let table = [
        (doubled, "1361129467683753853853498429727072845824"),
        // The 2 x 200 strip's domino tilings: F(201).
        (
            dominoes(2, 200),
            "453973694165307953197296969697410619233826",
        ),
    ];
    for (text, count) in &table {
        for threads in ["1", "2"] {
            check(&["solve", "--count", "-j", threads], text, count);
            check(&["solve", "--count", "--memo", "-j", threads], text, count);
            let (_, stderr) = run(&["solve", "--count", "--stats", "-j", threads], text, 0);
            assert!(
                stderr.contains(&format!("\nsolutions: {count}\n")),
                "{stderr}"
            );
            let (stdout, _) = run(
                &["solve", "--count", "--stats", "--json", "-j", threads],
                text,
                0,
            );
            let lines: Vec<&str> = stdout.lines().collect();
            assert_eq!(lines.len(), 2, "{stdout}");
            assert_eq!(
                lines[0],
                format!(r#"{{"type":"count","count":{count},"count_decimal":"{count}"}}"#)
            );
            assert!(
                lines[1].starts_with(&format!(r#"{{"type":"stats","solutions":{count},"#)),
                "{stdout}"
            );
        }
    }
    // The same strip as a board to tile, counted by the model.
    let (stdout, _) = run(
        &[
            "polyomino",
            "--board",
            "200x2",
            "--pieces",
            "domino",
            "--count",
            "--json",
        ],
        "",
        0,
    );
    let count = "453973694165307953197296969697410619233826";
    assert_eq!(
        stdout,
        format!(r#"{{"type":"count","count":{count},"count_decimal":"{count}"}}"#) + "\n"
    );
}

#[test]
fn bad_memo_options() {
    let (_, stderr) = run(&["solve", "--count", "--memo-mem", "12X"], "a\na\n", 2);
    assert!(
        stderr.starts_with("dlx: error: invalid value '12X' for '--memo-mem <SIZE>': expected a size such as 512M or 4G"),
        "{stderr}"
    );
    check_error(
        &["solve", "--count", "--memo", "data/solve/multiplicities.dlx"],
        "",
        "--memo cannot count this problem: item `ann` has bounds 2:2: the memoised count handles only items covered exactly once, and beside them items covered at most once (0:1)",
    );
    let (_, stderr) = run(&["solve", "--memo"], "a\na\n", 2);
    assert!(stderr.contains("--count"), "{stderr}");
    let (_, stderr) = run(&["queens", "8", "--count", "--distinct", "--memo"], "", 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

/// A memoised count has no partial value: stopped by a budget on any number
/// of threads, it prints no number, says why, and exits with 3.
#[test]
fn a_stopped_memoised_count_prints_nothing_and_exits_3() {
    let file = "data/pentomino-6x10.dlx";
    for budget in [["--max-nodes", "20000"], ["--time-limit", "200ms"]] {
        for threads in ["1", "2"] {
            let mut args = vec!["solve", "--count", "--memo", "--stats", "-j", threads];
            args.extend_from_slice(&budget);
            args.push(file);
            let (stdout, stderr) = run(&args, "", 3);
            assert_eq!(stdout, "", "{args:?}");
            assert!(
                stderr.contains(&format!("stopped by {}", budget[0]))
                    && stderr.contains("the memoised count did not finish, so nothing is printed"),
                "{args:?}: {stderr}"
            );
            assert!(
                stderr.contains("solutions: unknown (the count did not finish)"),
                "{args:?}: {stderr}"
            );
        }
    }
    // A budget the count stays within changes nothing.
    check(
        &["solve", "--count", "--memo", "--max-nodes", "1000000"],
        &dominoes(8, 8),
        "12988816",
    );
    check(
        &[
            "polyomino",
            "--board",
            "8x8",
            "--pieces",
            "domino",
            "--count",
            "--time-limit",
            "1m",
            "-j",
            "3",
        ],
        "",
        "12988816",
    );
}

/// Issue 20: the memoised count is split into pieces by expanding the
/// largest one; down a forced chain (item `i_k` with the one option `i_k`)
/// every expansion has one child, and each replayed its path from the root
/// on a clone of the counter: 40,000 levels took 45 s, 100,000 would take
/// minutes. The only child now goes on from its parent's counter, and each
/// level is entered once. Since issue 24 the chain is counted layer by
/// layer: 100,000 layers, one option taken in each, 100,000 nodes.
#[test]
fn issue_20_a_memoised_count_of_a_forced_chain_of_100000_levels_is_linear() {
    let n = 100_000;
    let items: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let text = items.join(" ") + "\n" + &items.join("\n") + "\n";
    let (stdout, stderr) = run(
        &["solve", "--count", "--memo", "--threads", "1", "--stats"],
        &text,
        0,
    );
    assert_eq!(stdout, "1\n");
    assert!(stderr.contains("\nnodes: 100000\n"), "{stderr}");
    assert!(stderr.contains("\nlayers: 100000\n"), "{stderr}");
}
