//! Tests of `dlx estimate`: Knuth's probes hold the true figures of the bundled problems in their intervals, and the count's method is the one `dlx solve --count` decides.

use dlx_core::{parse_dlx, CountJob, CountMode, MemoSettings, Method, Solver, Why};
use serde_json::Value;

use crate::memo::{dominoes, dominoes_depth_first};
use crate::support::{check_error, run, ROOT};

/// The rows of the estimate: name, and its interval (`None` when no probe reached one).
fn intervals(stdout: &str) -> Vec<(String, Option<(f64, f64)>)> {
    let number = |s: &str| s.replace(',', "").parse::<f64>().expect("a number");
    stdout
        .lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [name @ ("nodes" | "updates" | "solutions"), "?", "unknown:", ..] => {
                    Some((name.to_string(), None))
                }
                [name @ ("nodes" | "updates" | "solutions"), _, low, "to", high] => {
                    Some((name.to_string(), Some((number(low), number(high)))))
                }
                _ => None,
            }
        })
        .collect()
}

/// Runs `dlx estimate` on a bundled problem with a fixed seed and checks that
/// each interval holds the search's figure, and that the solutions are
/// estimated exactly when `solutions_reached` says a probe reaches one.
#[track_caller]
fn check(file: &str, solutions_reached: bool) {
    let (stdout, _) = run(
        &["estimate", "--probes", "10000", "--seed", "1", file],
        "",
        0,
    );
    let problem = parse_dlx(&std::fs::read_to_string(format!("{ROOT}/{file}")).unwrap()).unwrap();
    let mut solver = Solver::new(&problem);
    let _ = solver.count();
    let stats = solver.stats();
    let rows = intervals(&stdout);
    let names: Vec<&str> = rows.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["nodes", "updates", "solutions"], "{stdout}");
    for ((name, interval), truth) in rows
        .iter()
        .zip([stats.nodes, stats.updates, stats.solutions])
    {
        match interval {
            Some((low, high)) => assert!(
                (*low..=*high).contains(&(truth as f64)),
                "{file}: {name} {truth} outside {low} to {high}\n{stdout}"
            ),
            None => assert!(
                name == "solutions" && !solutions_reached,
                "{file}: {name} not estimated\n{stdout}"
            ),
        }
    }
    if solutions_reached {
        assert!(
            rows[2].1.is_some(),
            "{file}: no probe reached a solution\n{stdout}"
        );
    }
    assert!(
        stdout.starts_with("Knuth's estimate from 10000 random probes (seed 1)"),
        "{stdout}"
    );
    assert!(stdout.lines().any(|l| l.starts_with("time ")), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("rate: ")), "{stdout}");
}

#[test]
fn the_intervals_hold_the_true_figures() {
    // The 3x20 board's 8 tilings lie too deep for 10,000 probes to meet one
    // (2 seeds in 100 do): the output says so instead of estimating 0.
    check("data/pentomino-3x20.dlx", false);
    check("data/bench/queens-10.dlx", true);
    check("data/bench/langford-11.dlx", true);
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let args = [
        "estimate",
        "--probes",
        "2000",
        "--seed",
        "7",
        "data/bench/queens-10.dlx",
    ];
    let rows = |stdout: &str| -> Vec<String> {
        // The time and rate lines depend on the machine; the estimates do not.
        stdout
            .lines()
            .filter(|l| {
                ["nodes", "updates", "solutions"]
                    .iter()
                    .any(|n| l.starts_with(n))
            })
            .map(str::to_owned)
            .collect()
    };
    let (first, _) = run(&args, "", 0);
    let (second, _) = run(&args, "", 0);
    assert_eq!(rows(&first), rows(&second));
    assert_eq!(rows(&first).len(), 3);
}

#[test]
fn a_long_search_is_cut_into_shards() {
    // Langford pairs take well over a millisecond: shards of 1 ms each.
    let (stdout, _) = run(
        &[
            "estimate",
            "--probes",
            "100",
            "--shard-time",
            "1ms",
            "data/bench/langford-11.dlx",
        ],
        "",
        0,
    );
    let shards = stdout
        .lines()
        .find(|l| l.starts_with("shards: "))
        .expect("a shards line");
    assert!(
        shards.contains(" each on one thread: dlx count --pieces ")
            && shards.ends_with(" data/bench/langford-11.dlx"),
        "{shards}"
    );
    let (stdout, _) = run(
        &["estimate", "--probes", "100", "data/bench/queens-10.dlx"],
        "",
        0,
    );
    assert!(
        stdout.contains("shards: one process is enough (under 10m on one thread)"),
        "{stdout}"
    );
}

#[test]
fn bad_input_is_refused() {
    check_error(
        &["estimate", "data/no-such-file.dlx"],
        "",
        "cannot read `data/no-such-file.dlx`: No such file or directory (os error 2)",
    );
    let (_, stderr) = run(
        &["estimate", "--probes", "1", "data/bench/queens-10.dlx"],
        "",
        2,
    );
    assert!(stderr.contains("--probes"), "{stderr}");
}

/// The line of `stdout` that starts with `start`.
#[track_caller]
fn line<'a>(stdout: &'a str, start: &str) -> &'a str {
    stdout
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting with {start:?}\n{stdout}"))
}

/// The `estimate` line of `dlx estimate --json`.
#[track_caller]
fn json(args: &[&str], stdin: &str) -> Value {
    let with: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
    let (stdout, _) = run(&with, stdin, 0);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    serde_json::from_str(&stdout).expect("a JSON line")
}

#[test]
fn issue_24_a_domino_board_is_counted_memoised_and_the_estimate_says_so() {
    // The probes predict seconds of the plain search; the count memoises
    // and takes milliseconds, and the estimate gives that count. The board
    // alone is counted layer by layer; with a secondary item, depth first
    // after a probe.
    let (depth_first, _) = run(
        &["estimate", "--probes", "1000"],
        &dominoes_depth_first(8, 8),
        0,
    );
    let method = line(&depth_first, "count method: ");
    assert!(
        method.starts_with("count method: memoised (the probe's leverage ")
            && method.ends_with(
                "); the figures above are the plain search's (--no-memo), not the count's"
            ),
        "{depth_first}"
    );
    let (stdout, _) = run(&["estimate", "--probes", "1000"], &dominoes(8, 8), 0);
    assert_eq!(
        line(&stdout, "count method: "),
        "count method: memoised (layer by layer along the sweep of the items: 64 layers, a window of 9 items); the figures above are the plain search's (--no-memo), not the count's",
        "{stdout}"
    );
    // The plain search's rows stay, its time labelled as its own.
    let names: Vec<String> = intervals(&stdout).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["nodes", "updates", "solutions"], "{stdout}");
    assert!(line(&stdout, "plain time ").contains(" to "), "{stdout}");
    assert!(!stdout.lines().any(|l| l.starts_with("time ")), "{stdout}");
    let count = line(&stdout, "memoised count: ");
    assert!(
        count.starts_with("memoised count: exact, 12988816 solutions in ")
            && count.ends_with(" on one thread"),
        "{stdout}"
    );
    assert!(
        line(&stdout, "shards: ")
            .starts_with("shards: one process is enough (the memoised count took "),
        "{stdout}"
    );
}

#[test]
fn issue_24_the_method_is_the_one_the_count_decides() {
    // Problems whose subproblems rarely repeat: the probe's leverage is low,
    // and the estimate says so as dlx_core's rule decides it.
    for file in ["data/bench/queens-12.dlx", "data/pentomino-6x10.dlx"] {
        let problem =
            parse_dlx(&std::fs::read_to_string(format!("{ROOT}/{file}")).unwrap()).unwrap();
        let settings = MemoSettings::new().with_memory(512 << 20);
        let (stdout, _) = run(&["estimate", "--probes", "100", file], "", 0);
        let said = line(&stdout, "count method: ");
        // The decision depends on the clock (dlx_core::CountJob's rule): the
        // plain count runs beside the probe for as long as the probe takes,
        // so on a loaded machine a small count (12-queens) can finish while
        // deciding. The leverage does not depend on the clock.
        let finished = "count method: plain search (it finished while deciding)";
        let mut job = CountJob::new(&problem, &settings, CountMode::Auto).unwrap();
        let _ = job.run(0);
        match job.method().unwrap() {
            (Method::Plain, Why::Leverage(leverage)) => {
                let reason = format!(
                    "the probe's leverage {leverage:.2} is too low for the memoised count to pay"
                );
                assert!(
                    said == format!("count method: plain search ({reason})") || said == finished,
                    "{file}: {said}"
                );
            }
            (Method::Plain, _) => assert!(
                said.starts_with("count method: plain search ("),
                "{file}: {said}"
            ),
            other => panic!("{file}: {other:?}"),
        }
        // The plain rows are as they were.
        assert!(line(&stdout, "time ").contains(" to "), "{stdout}");
        assert!(
            !stdout.lines().any(|l| l.starts_with("memoised count")),
            "{stdout}"
        );
    }
    // And the count itself says the same.
    let (stdout, _) = run(
        &["estimate", "--probes", "100", "data/bench/queens-12.dlx"],
        "",
        0,
    );
    let (_, stderr) = run(
        &[
            "solve",
            "--count",
            "--stats",
            "-j",
            "1",
            "data/bench/queens-12.dlx",
        ],
        "",
        0,
    );
    let said = line(&stdout, "count method: ")
        .strip_prefix("count method: plain search")
        .unwrap();
    // Each decides on its own clock (see above): the same reason, unless
    // either finished while deciding.
    assert!(
        stderr.contains(&format!("memo: plain count{said}\n"))
            || said.contains("finished while deciding")
            || stderr.contains("finished while deciding"),
        "{stdout}\n{stderr}"
    );
}

#[test]
fn issue_24_memo_and_no_memo_force_the_method() {
    let (stdout, _) = run(
        &["estimate", "--probes", "100", "--no-memo"],
        &dominoes(8, 8),
        0,
    );
    assert_eq!(
        line(&stdout, "count method: "),
        "count method: plain search (--no-memo)"
    );
    assert!(line(&stdout, "time ").contains(" to "), "{stdout}");
    let (stdout, _) = run(
        &[
            "estimate",
            "--probes",
            "100",
            "--memo",
            "data/bench/queens-10.dlx",
        ],
        "",
        0,
    );
    assert!(
        line(&stdout, "count method: ").starts_with("count method: memoised (--memo); "),
        "{stdout}"
    );
    assert!(
        line(&stdout, "memoised count: ").starts_with("memoised count: exact, 724 solutions in "),
        "{stdout}"
    );
    let (_, stderr) = run(
        &[
            "estimate",
            "--memo",
            "--no-memo",
            "data/bench/queens-10.dlx",
        ],
        "",
        2,
    );
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[test]
fn issue_24_a_memoised_count_not_finished_in_time_is_a_lower_bound() {
    // The 16 x 16 board's memoised count takes some 0.5 s: not 1 ms.
    let (stdout, _) = run(
        &["estimate", "--probes", "100", "--memo-time", "1ms"],
        &dominoes(24, 24),
        0,
    );
    let count = line(&stdout, "memoised count: ");
    assert!(
        count.starts_with("memoised count: more than ")
            && count.ends_with("; --memo-time gives it longer)"),
        "{stdout}"
    );
    assert_eq!(
        line(&stdout, "shards: "),
        "shards: none suggested (the memoised count's time is not known before it finishes; dlx count --shard memoises too)"
    );
}

#[test]
fn issue_24_the_json_line_says_the_count_method() {
    let depth_first = json(
        &["estimate", "--probes", "100"],
        &dominoes_depth_first(8, 8),
    );
    assert_eq!(depth_first["count_method"], "memo", "{depth_first}");
    assert!(
        depth_first["leverage"].as_f64().unwrap() >= 8.0,
        "{depth_first}"
    );
    assert_eq!(depth_first["memo"]["layered"], false, "{depth_first}");
    assert_eq!(depth_first["memo"]["count"], 12_988_816u64, "{depth_first}");
    let board = dominoes(8, 8);
    let memo = json(&["estimate", "--probes", "100"], &board);
    assert_eq!(memo["count_method"], "memo", "{memo}");
    assert!(memo.get("leverage").is_none(), "{memo}");
    assert_eq!(memo["memo"]["layered"], true, "{memo}");
    assert_eq!(memo["memo"]["finished"], true, "{memo}");
    assert_eq!(memo["memo"]["count"], 12_988_816u64, "{memo}");
    assert_eq!(memo["memo"]["count_decimal"], "12988816", "{memo}");
    assert!(memo["memo"]["seconds"].as_f64().unwrap() > 0.0, "{memo}");
    assert_eq!(memo["shards"], 1, "{memo}");
    // The plain search's figures are there as before.
    assert!(
        memo["seconds"]["estimate"].as_f64().unwrap() > 0.0,
        "{memo}"
    );

    let unfinished = json(
        &["estimate", "--probes", "100", "--memo-time", "1ms"],
        &dominoes(24, 24),
    );
    assert_eq!(unfinished["count_method"], "memo", "{unfinished}");
    assert_eq!(unfinished["memo"]["finished"], false, "{unfinished}");
    assert!(unfinished["memo"].get("count").is_none(), "{unfinished}");
    assert_eq!(unfinished["shards"], Value::Null, "{unfinished}");

    let plain = json(
        &["estimate", "--probes", "100", "data/bench/queens-12.dlx"],
        "",
    );
    assert_eq!(plain["count_method"], "plain", "{plain}");
    // The plain count runs beside the probe for a share of its time: on a
    // loaded machine it may finish first, and then no leverage decided.
    match plain["leverage"].as_f64() {
        Some(leverage) => assert!(leverage < 8.0, "{plain}"),
        None => assert!(plain["exact"]["solutions"] == 14_200, "{plain}"),
    }
    assert!(plain.get("memo").is_none(), "{plain}");

    let forced = json(&["estimate", "--probes", "100", "--no-memo"], &board);
    assert_eq!(forced["count_method"], "plain", "{forced}");
    assert!(forced.get("leverage").is_none(), "{forced}");
}
