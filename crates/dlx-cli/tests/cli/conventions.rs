//! Issue 15: the shared flags mean the same on every search subcommand, run as a table of subcommands times flags on small bundled inputs.
//!
//! The subcommands that list or count solutions take `--count` and
//! `--limit N` ("stop after N solutions"); the optimisers (treasure,
//! squares, cover, lottery) print one proven optimum, so they refuse both
//! with exit code 2. Every search subcommand takes `--json`, `--stats`,
//! `--emit-dlx`, `--threads`, `--quiet`, `--progress`, `--max-nodes` and
//! `--time-limit`.

use serde_json::Value;

use crate::support::run;

/// A search subcommand on a small input.
struct Sub {
    args: &'static [&'static str],
    stdin: &'static str,
    /// For those that list and count: what `--count` prints, and the
    /// solutions `--limit 2` lists (all cases together).
    lists: Option<(&'static str, usize)>,
}

const SUBS: &[Sub] = &[
    Sub {
        args: &["solve", "data/pentomino-3x20.dlx"],
        stdin: "",
        lists: Some(("8\n", 2)),
    },
    Sub {
        args: &["queens", "6"],
        stdin: "",
        lists: Some(("4\n", 2)),
    },
    Sub {
        args: &["polyomino", "--board", "20x3"],
        stdin: "",
        lists: Some(("8\n", 2)),
    },
    Sub {
        args: &["sudoku"],
        stdin: "1..4..........3.\n",
        lists: Some(("3\n", 2)),
    },
    // Three matrices, with 1, 0 and 1 exact covers.
    Sub {
        args: &["matrix", "data/matrix/poj3740.txt"],
        stdin: "",
        lists: Some(("1\n0\n1\n", 2)),
    },
    Sub {
        args: &["treasure", "data/treasure/sample.txt"],
        stdin: "",
        lists: None,
    },
    Sub {
        args: &["squares", "data/squares/sample.txt"],
        stdin: "",
        lists: None,
    },
    Sub {
        args: &["cover", "data/solve/squares-5.dlx"],
        stdin: "",
        lists: None,
    },
    Sub {
        args: &["lottery", "7", "3", "2"],
        stdin: "",
        lists: None,
    },
];

impl Sub {
    /// Runs the subcommand with `flags` added, expecting exit code `code`.
    #[track_caller]
    fn run(&self, flags: &[&str], code: i32) -> (String, String) {
        let args: Vec<&str> = self.args.iter().chain(flags).copied().collect();
        run(&args, self.stdin, code)
    }

    /// Checks that `flags` are refused as usage (exit code 2), saying so.
    #[track_caller]
    fn refuses(&self, flags: &[&str], message: &str) {
        let (stdout, stderr) = self.run(flags, 2);
        assert_eq!(stdout, "", "{:?} {flags:?}", self.args);
        assert!(
            stderr.contains(message),
            "{:?} {flags:?}: {stderr}",
            self.args
        );
    }

    fn name(&self) -> &str {
        self.args[0]
    }
}

/// The JSON lines of an output, each checked to be an object with a `type`.
#[track_caller]
fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).expect("a JSON line");
            assert!(value["type"].is_string(), "no type: {line}");
            value
        })
        .collect()
}

#[test]
fn count_prints_the_number_of_solutions_or_is_refused() {
    for sub in SUBS {
        match sub.lists {
            Some((count, _)) => {
                assert_eq!(sub.run(&["--count"], 0).0, count, "{}", sub.name());
                let lines = json_lines(&sub.run(&["--count", "--json"], 0).0);
                let counts: String = lines
                    .iter()
                    .map(|line| {
                        assert_eq!(line["type"], "count");
                        assert_eq!(line["count_decimal"], line["count"].to_string());
                        format!("{}\n", line["count"])
                    })
                    .collect();
                assert_eq!(counts, count, "{}", sub.name());
            }
            None => sub.refuses(&["--count"], "unexpected argument '--count'"),
        }
    }
}

#[test]
fn limit_stops_after_n_solutions_or_is_refused() {
    for sub in SUBS {
        let Some((count, listed)) = sub.lists else {
            sub.refuses(&["--limit", "2"], "unexpected argument '--limit'");
            continue;
        };
        // Stopping before the first solution asks for nothing: refused, and said.
        sub.refuses(&["--limit", "0"], "invalid value '0' for '--limit <N>'");
        // Listing: at most N solutions of each case.
        let lines = json_lines(&sub.run(&["--limit", "2", "--json"], 0).0);
        let solutions = lines.iter().filter(|l| l["type"] == "solution").count();
        assert_eq!(solutions, listed, "{}", sub.name());
        // Counting: at most N, and the count line says where it stopped.
        let capped: String = count
            .lines()
            .map(|n| format!("{}\n", n.parse::<u64>().unwrap().min(1)))
            .collect();
        assert_eq!(
            sub.run(&["--count", "--limit", "1"], 0).0,
            capped,
            "{}",
            sub.name()
        );
        for line in json_lines(&sub.run(&["--count", "--limit", "1", "--json"], 0).0) {
            assert_eq!(line["limit"], 1, "{}", sub.name());
        }
    }
}

#[test]
fn sudoku_all_limit_3_prints_3_solutions() {
    // Issue 15's example: an empty 4 x 4 grid has 288 solutions.
    let (stdout, _) = run(
        &["sudoku", "--all", "--limit", "3", "--line"],
        "0000000000000000\n",
        0,
    );
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    // Without --all, --limit lists as well.
    let (same, _) = run(
        &["sudoku", "--limit", "3", "--line"],
        "0000000000000000\n",
        0,
    );
    assert_eq!(same, stdout);
}

#[test]
fn json_gives_one_object_a_line_with_its_type() {
    for sub in SUBS {
        let (stdout, stderr) = sub.run(&["--json"], 0);
        let lines = json_lines(&stdout);
        assert!(!lines.is_empty(), "{}", sub.name());
        assert_eq!(stderr, "", "{}", sub.name());
    }
}

#[test]
fn stats_go_to_standard_error_or_a_json_line_and_leave_the_answers_alone() {
    for sub in SUBS {
        let (plain, _) = sub.run(&[], 0);
        let (stdout, stderr) = sub.run(&["--stats"], 0);
        assert_eq!(stdout, plain, "{}", sub.name());
        for figure in ["nodes: ", "updates: ", "max level: ", "time: "] {
            assert!(stderr.contains(figure), "{}: {stderr}", sub.name());
        }
        let (stdout, stderr) = sub.run(&["--stats", "--json"], 0);
        assert_eq!(stderr, "", "{}", sub.name());
        let lines = json_lines(&stdout);
        let stats = lines.last().expect("a stats line");
        assert_eq!(stats["type"], "stats", "{}", sub.name());
        for field in ["nodes", "updates", "max_level", "seconds"] {
            assert!(stats[field].is_number(), "{}: {stats}", sub.name());
        }
    }
}

#[test]
fn emit_dlx_writes_knuths_format_and_refuses_json() {
    for sub in SUBS {
        let (stdout, _) = sub.run(&["--emit-dlx"], 0);
        // Inputs of several cases write one problem each, a blank line between two.
        for problem in stdout.split("\n\n") {
            dlx_core::parse_dlx(problem)
                .unwrap_or_else(|e| panic!("{}: {e}\n{problem}", sub.name()));
        }
        // Knuth's format is not JSON: deliberate, and said.
        sub.refuses(&["--emit-dlx", "--json"], "cannot be used with");
    }
}

#[test]
fn any_number_of_threads_prints_the_same() {
    for sub in SUBS {
        let (one, _) = sub.run(&["--threads", "1"], 0);
        let (two, _) = sub.run(&["--threads", "2"], 0);
        assert_eq!(one, two, "{}", sub.name());
        assert!(!one.is_empty(), "{}", sub.name());
    }
}

#[test]
fn quiet_and_progress_never_leave_standard_error_empty() {
    for sub in SUBS {
        let (plain, _) = sub.run(&[], 0);
        for flags in [
            &["--quiet"][..],
            &["--progress", "never"],
            &["-q", "--json"],
        ] {
            let (stdout, stderr) = sub.run(flags, 0);
            if !flags.contains(&"--json") {
                assert_eq!(stdout, plain, "{} {flags:?}", sub.name());
            }
            assert_eq!(stderr, "", "{} {flags:?}", sub.name());
        }
    }
}

#[test]
fn max_nodes_stops_the_search_with_exit_code_3_and_a_partial_line() {
    for sub in SUBS {
        let (_, stderr) = sub.run(&["--max-nodes", "1"], 3);
        assert!(
            stderr.contains("stopped by --max-nodes 1 after"),
            "{}: {stderr}",
            sub.name()
        );
        let (stdout, _) = sub.run(&["--max-nodes", "1", "--json"], 3);
        let lines = json_lines(&stdout);
        let last = lines.last().expect("a partial line");
        assert_eq!(last["type"], "partial", "{}", sub.name());
        assert_eq!(last["reason"], "max_nodes", "{}", sub.name());
        assert_eq!(last["code"], 3, "{}", sub.name());
        // A budget the search stays within changes nothing.
        let (plain, _) = sub.run(&[], 0);
        assert_eq!(sub.run(&["--max-nodes", "100000000"], 0).0, plain);
    }
}

#[test]
fn time_limit_is_taken_everywhere_and_stops_a_long_search() {
    for sub in SUBS {
        let (plain, _) = sub.run(&[], 0);
        assert_eq!(
            sub.run(&["--time-limit", "1h"], 0).0,
            plain,
            "{}",
            sub.name()
        );
    }
    // The listing of the 6 x 10 pentomino tilings takes seconds.
    let (stdout, stderr) = run(
        &[
            "solve",
            "--json",
            "--time-limit",
            "100ms",
            "data/pentomino-6x10.dlx",
        ],
        "",
        3,
    );
    assert!(
        stderr.contains("stopped by --time-limit 100ms after"),
        "{stderr}"
    );
    let lines = json_lines(&stdout);
    assert_eq!(lines.last().unwrap()["reason"], "time_limit");
}

#[test]
fn no_solution_is_said_on_standard_error_with_the_same_words_everywhere() {
    for (args, stdin) in [
        (&["solve"][..], "a b\na\n"),
        (&["queens", "3"], ""),
        (
            &["polyomino", "--board", "5x4", "--pieces", "tetrominoes"],
            "",
        ),
        (&["cover"], "a b\na\n"),
        (
            &["sudoku"],
            "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n",
        ),
    ] {
        let (stdout, stderr) = run(args, stdin, 0);
        assert_eq!(stdout, "", "{args:?}");
        assert!(stderr.starts_with("dlx: no solution"), "{args:?}: {stderr}");
        let with: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        let (stdout, stderr) = run(&with, stdin, 0);
        assert_eq!(stderr, "", "{args:?}");
        assert_eq!(json_lines(&stdout)[0]["type"], "no_solution", "{args:?}");
    }
}

#[test]
fn issue_21_a_flag_given_twice_takes_the_last_value() {
    // Aliases and wrapper scripts add flags before the user's: the last
    // one wins, as in ripgrep and fd, instead of "cannot be used multiple times".
    let (one, _) = run(&["queens", "8", "--limit", "2", "--json"], "", 0);
    let (twice, _) = run(
        &["queens", "8", "--limit", "5", "--limit", "2", "--json"],
        "",
        0,
    );
    assert_eq!(twice, one);
    assert_eq!(one.lines().count(), 2);
    let (count, _) = run(&["queens", "8", "--count", "--count"], "", 0);
    assert_eq!(count, "92\n");
    let (threads, _) = run(
        &[
            "solve",
            "-j",
            "1",
            "-j",
            "2",
            "--count",
            "data/pentomino-3x20.dlx",
        ],
        "",
        0,
    );
    assert_eq!(threads, "8\n");
}

#[test]
fn issue_21_the_pentomino_alias_is_listed() {
    let (help, _) = run(&["--help"], "", 0);
    assert!(help.contains("[alias: pentomino]"), "{help}");
}

/// Issue 21: `--progress-interval` (Knuth's `d`) is taken by every search
/// subcommand; an interval below a millisecond is refused. Whatever lines
/// the display writes in the meantime are progress lines (how many depends
/// on the clock, so only their form is checked).
#[test]
fn issue_21_progress_interval_is_taken_everywhere() {
    for sub in SUBS {
        let (plain, _) = sub.run(&[], 0);
        let flags = ["--progress", "always", "--progress-interval", "1ms"];
        let (stdout, stderr) = sub.run(&flags, 0);
        assert_eq!(stdout, plain, "{}", sub.name());
        for line in stderr.lines() {
            assert!(
                line.starts_with("dlx: ") && !line.starts_with("dlx: error"),
                "{}: {line}",
                sub.name()
            );
        }
        let (_, stderr) = sub.run(&["--progress-interval", "0s"], 2);
        assert!(stderr.contains("at least 1ms"), "{}: {stderr}", sub.name());
    }
}
