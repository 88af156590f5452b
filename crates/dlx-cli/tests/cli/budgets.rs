//! Issue 20, "exit 0 means the whole answer": a search stopped by a budget or a signal says that what it printed is partial; one that was not stopped prints the whole answer and nothing more.
//!
//! The table runs every search subcommand under `--max-nodes` at several
//! values, on one and on two threads, with and without `--json`, and each
//! count with the memoised counter as the probe decides, forced and refused.
//! Whether a run finished is decided without trusting its exit code: the
//! same command without a budget prints the whole answer, and a run that
//! exits 0 must have printed exactly that.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{scratch, ROOT};

/// A search subcommand on an input that small budgets stop and large ones do not.
struct Sub {
    /// The command line, without the run flags.
    args: &'static [&'static str],
    stdin: Stdin,
    kind: Kind,
}

/// What a subcommand reads on standard input, made from the bundled data.
#[derive(Debug, Clone, Copy)]
enum Stdin {
    /// Nothing: the input is a file named on the command line.
    Nothing,
    /// The 3x20 pentomino problem, each option with a cost (see [`costed`]).
    CostedStrip,
    /// The 3x20 pentomino problem as a 0/1 matrix in the HUST 1017 form.
    StripMatrix,
    /// A 9x9 sudoku with 1158 solutions: the 17-clue puzzle without its last given.
    Puzzle,
    /// Two 10x10 treasure maps of 667 rectangles each (see [`treasure_map`]).
    Maps,
    /// Three matchstick grids: 4x4 and 5x5 complete, and the 3x3 sample.
    Grids,
}

/// How the printed answer is compared with the whole one.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// Answers in a fixed order: the same text.
    Answers,
    /// Solutions in the order the threads find them: the same set.
    Unordered,
    /// Numbers of solutions: the same text; stopped, each number at most the
    /// whole one. `memo`: the subcommand takes `--memo` and `--no-memo`.
    Count { memo: bool },
    /// The part file of `dlx count --shard`: the same pieces with the same
    /// counts (their times differ, their order may). It takes no `--json`.
    Parts,
}

/// The budgets: values around 4096 and 8192 stop a memoised count inside
/// its probe (4096 plain nodes, then up to 4096 memoised ones); the largest
/// let most of the table's searches finish.
const BUDGETS: [u64; 11] = [
    1, 10, 100, 1000, 4096, 5000, 8192, 12_000, 20_000, 40_000, 100_000,
];

const SUBS: &[Sub] = &[
    // solve: a listing, the same unordered, counts, the two optimisers.
    sub(&["solve", "data/pentomino-3x20.dlx"], Kind::Answers),
    sub(
        &["solve", "--unordered", "data/pentomino-3x20.dlx"],
        Kind::Unordered,
    ),
    sub(
        &["solve", "--limit", "5", "data/pentomino-5x12.dlx"],
        Kind::Answers,
    ),
    sub(
        &["solve", "--count", "data/pentomino-3x20.dlx"],
        Kind::Count { memo: true },
    ),
    sub(
        &["solve", "--count", "data/bench/queens-10.dlx"],
        Kind::Count { memo: true },
    ),
    input(&["solve", "--min-cost"], Stdin::CostedStrip, Kind::Answers),
    input(
        &["solve", "--min-cost", "--best", "3"],
        Stdin::CostedStrip,
        Kind::Answers,
    ),
    sub(
        &["solve", "--min-options", "data/pentomino-5x12.dlx"],
        Kind::Answers,
    ),
    // sudoku: each way of answering, on one puzzle and on a file of puzzles.
    input(&["sudoku", "--line"], Stdin::Puzzle, Kind::Answers),
    sub(
        &["sudoku", "--line", "data/sudoku/top95.txt"],
        Kind::Answers,
    ),
    input(
        &["sudoku", "--count"],
        Stdin::Puzzle,
        Kind::Count { memo: false },
    ),
    sub(
        &["sudoku", "--count", "data/sudoku/top95.txt"],
        Kind::Count { memo: false },
    ),
    input(&["sudoku", "--unique"], Stdin::Puzzle, Kind::Answers),
    sub(
        &["sudoku", "--unique", "data/sudoku/top95.txt"],
        Kind::Answers,
    ),
    input(&["sudoku", "--all", "--line"], Stdin::Puzzle, Kind::Answers),
    sub(
        &["sudoku", "--all", "--line", "data/sudoku/9x9.txt"],
        Kind::Answers,
    ),
    input(&["sudoku", "--target"], Stdin::Puzzle, Kind::Answers),
    sub(
        &["sudoku", "--target", "data/sudoku/top95.txt"],
        Kind::Answers,
    ),
    input(
        &["sudoku", "--limit", "100", "--line"],
        Stdin::Puzzle,
        Kind::Answers,
    ),
    // queens: the first solution, counts, distinct, a listing, SPOJ cases.
    sub(&["queens", "10"], Kind::Answers),
    sub(&["queens", "10", "--count"], Kind::Count { memo: true }),
    sub(&["queens", "12", "--count"], Kind::Count { memo: true }),
    sub(&["queens", "11", "--distinct"], Kind::Count { memo: false }),
    sub(
        &["queens", "10", "--count", "--distinct"],
        Kind::Count { memo: false },
    ),
    sub(&["queens", "10", "--limit", "100"], Kind::Answers),
    sub(&["queens", "--spoj", "data/queens/spoj.txt"], Kind::Answers),
    // polyomino (and its alias): the first tiling, counts, distinct, a listing.
    sub(&["polyomino", "--board", "10x6"], Kind::Answers),
    sub(
        &["pentomino", "--board", "20x3", "--count"],
        Kind::Count { memo: true },
    ),
    // Domino tilings: the probe finds that memoising pays.
    sub(
        &[
            "polyomino",
            "--board",
            "8x7",
            "--pieces",
            "domino",
            "--count",
        ],
        Kind::Count { memo: true },
    ),
    sub(
        &["polyomino", "--board", "20x3", "--distinct"],
        Kind::Count { memo: false },
    ),
    sub(
        &[
            "polyomino",
            "--board-file",
            "data/polyomino/8x8-centre-hole.txt",
            "--count",
            "--distinct",
        ],
        Kind::Count { memo: false },
    ),
    sub(
        &["polyomino", "--board", "12x5", "--limit", "10"],
        Kind::Answers,
    ),
    // The polyforms: a packing, counts (by symmetry, and by the count's rule), a listing.
    sub(&["polycube"], Kind::Answers),
    sub(
        &["polycube", "--count", "--distinct"],
        Kind::Count { memo: false },
    ),
    sub(
        &["polyiamond", "--board", "parallelogram:4x9", "--count"],
        Kind::Count { memo: true },
    ),
    sub(&["polyhex", "--limit", "10"], Kind::Answers),
    // matrix: the sample, and a matrix with 8 exact covers.
    sub(
        &["matrix", "--rows", "data/matrix/poj3740.txt"],
        Kind::Answers,
    ),
    input(
        &["matrix", "--format", "hust1017"],
        Stdin::StripMatrix,
        Kind::Answers,
    ),
    input(
        &["matrix", "--format", "hust1017", "--count"],
        Stdin::StripMatrix,
        Kind::Count { memo: false },
    ),
    input(
        &["matrix", "--format", "hust1017", "--limit", "5"],
        Stdin::StripMatrix,
        Kind::Answers,
    ),
    // The optimisers.
    sub(&["cover", "data/solve/squares-5.dlx"], Kind::Answers),
    sub(
        &["cover", "data/cover/queens-domination-8.dlx"],
        Kind::Answers,
    ),
    input(&["treasure"], Stdin::Maps, Kind::Answers),
    input(&["squares", "--sticks"], Stdin::Grids, Kind::Answers),
    sub(&["lottery", "9", "4", "2"], Kind::Answers),
    sub(&["lottery", "10", "4", "2"], Kind::Answers),
    // The sharded count.
    sub(
        &["count", "--shard", "0/1", "data/pentomino-3x20.dlx"],
        Kind::Parts,
    ),
    sub(
        &["count", "--shard", "1/3", "data/bench/queens-10.dlx"],
        Kind::Parts,
    ),
];

/// A subcommand that reads a file named in `args`.
const fn sub(args: &'static [&'static str], kind: Kind) -> Sub {
    input(args, Stdin::Nothing, kind)
}

/// A subcommand that reads `stdin`.
const fn input(args: &'static [&'static str], stdin: Stdin, kind: Kind) -> Sub {
    Sub { args, stdin, kind }
}

impl Stdin {
    fn text(self) -> String {
        match self {
            Stdin::Nothing => String::new(),
            Stdin::CostedStrip => costed("data/pentomino-3x20.dlx"),
            Stdin::StripMatrix => hust_matrix("data/pentomino-3x20.dlx"),
            Stdin::Puzzle => PUZZLE.to_owned() + "\n",
            Stdin::Maps => format!(
                "2\n{}{}",
                treasure_map(10, 10, 4, 3),
                treasure_map(10, 10, 3, 4)
            ),
            Stdin::Grids => "3\n4\n0\n5\n0\n3\n3 12 17 23\n".to_owned(),
        }
    }
}

/// The 17-clue puzzle of `data/sudoku/17-clue.txt` without its last given
/// (the 7 in the last row): 1158 solutions.
const PUZZLE: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......";

/// A problem file of `data/` with a cost on each option, `|n` with n = 1 +
/// (its line number mod 17): costs without a pattern the search could use.
fn costed(file: &str) -> String {
    let text = std::fs::read_to_string(format!("{ROOT}/{file}")).expect("a data file");
    let mut items_seen = false;
    let mut out = String::new();
    for (idx, line) in text.lines().enumerate() {
        out += line;
        if !line.starts_with('|') && !line.trim().is_empty() {
            if items_seen {
                out += &format!(" |{}", 1 + (idx + 1) % 17);
            }
            items_seen = true;
        }
        out.push('\n');
    }
    out
}

/// A problem file of `data/` whose items are all primary, as a 0/1 matrix
/// in the HUST 1017 form: `N M`, then each row's columns, counted from 1.
fn hust_matrix(file: &str) -> String {
    let text = std::fs::read_to_string(format!("{ROOT}/{file}")).expect("a data file");
    let mut lines = text
        .lines()
        .filter(|line| !line.starts_with('|') && !line.trim().is_empty());
    let items: Vec<&str> = lines
        .next()
        .expect("the items")
        .split_whitespace()
        .collect();
    let rows: Vec<String> = lines
        .map(|option| {
            let columns: Vec<String> = option
                .split_whitespace()
                .map(|name| {
                    let idx = items.iter().position(|item| *item == name).unwrap();
                    (idx + 1).to_string()
                })
                .collect();
            format!("{} {}", columns.len(), columns.join(" "))
        })
        .collect();
    format!("{} {}\n{}\n", rows.len(), items.len(), rows.join("\n"))
}

/// An n x m treasure map (its line `n m p`, then its pieces) whose pieces
/// are every rectangle of at most `w` x `h` but those of 1 and 4 cells:
/// its fewest pieces take a few thousand nodes to prove.
fn treasure_map(n: usize, m: usize, w: usize, h: usize) -> String {
    let mut pieces = Vec::new();
    for width in 1..=w {
        for height in 1..=h {
            if width * height == 1 || width * height == 4 {
                continue;
            }
            for x in 0..=n - width {
                for y in 0..=m - height {
                    pieces.push(format!("{x} {y} {} {}", x + width, y + height));
                }
            }
        }
    }
    format!("{n} {m} {}\n{}\n", pieces.len(), pieces.join("\n"))
}

/// What a run of `dlx` left.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `dlx ARGS` from the workspace root with `stdin`.
fn dlx(args: &[String], stdin: &str) -> Ran {
    let output = assert_cmd::Command::cargo_bin("dlx")
        .expect("the dlx binary")
        .current_dir(ROOT)
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("dlx runs");
    Ran {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
    }
}

/// The lines of standard error that say the output is partial.
fn notes(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|line| {
            ["dlx: stopped by ", "dlx: interrupted", "dlx: terminated"]
                .iter()
                .any(|start| line.starts_with(start))
        })
        .collect()
}

/// The JSON lines of an output.
#[track_caller]
fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// An output as it is compared: the order of the solutions dropped where
/// the threads decide it, and the times of the pieces of a part file.
fn normalised(stdout: &str, kind: Kind, json: bool) -> Vec<String> {
    let mut parts: Vec<String> = match kind {
        Kind::Answers | Kind::Count { .. } => return vec![stdout.to_owned()],
        Kind::Unordered if json => json_lines(stdout)
            .into_iter()
            .map(|mut line| {
                // The index says in which order the solutions came.
                line.as_object_mut().unwrap().remove("solution");
                line.to_string()
            })
            .collect(),
        Kind::Unordered => stdout
            .split("\n\n")
            .map(|solution| solution.trim_end().to_owned())
            .collect(),
        Kind::Parts => json_lines(stdout)
            .iter()
            .map(|line| format!("{} of {}: {}", line["index"], line["of"], line["count"]))
            .collect(),
    };
    parts.sort();
    parts
}

/// The numbers in a line, in order.
fn numbers(line: &str) -> Vec<u128> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|word| !word.is_empty())
        .map(|word| word.parse().unwrap())
        .collect()
}

/// Runs `dlx ARGS --max-nodes BUDGET` and checks it against `whole`, the
/// same command without a budget: exit 0 only with the whole answer and no
/// note; exit 3 with the note, and with `--json` the partial line last; a
/// stopped count no larger than the whole one, and none at all from a
/// memoised count.
#[track_caller]
fn check(args: &[String], stdin: Stdin, kind: Kind, budget: u64, whole: &Ran) {
    let mut args = args.to_vec();
    args.extend(["--max-nodes".to_owned(), budget.to_string()]);
    let json = args.iter().any(|arg| arg == "--json");
    let ran = dlx(&args, &stdin.text());
    let command = format!(
        "dlx {} (stdin: {stdin:?})\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        ran.stdout,
        ran.stderr
    );
    let notes = notes(&ran.stderr);
    let lines = if json {
        json_lines(&ran.stdout)
    } else {
        vec![]
    };
    let partial_lines = lines.iter().filter(|l| l["type"] == "partial").count();
    match ran.code {
        Some(0) => {
            assert!(notes.is_empty(), "a note with exit 0: {command}");
            assert_eq!(partial_lines, 0, "a partial line with exit 0: {command}");
            assert_eq!(
                normalised(&ran.stdout, kind, json),
                normalised(&whole.stdout, kind, json),
                "exit 0, but not the whole answer: {command}\n--- the whole answer\n{}",
                whole.stdout
            );
        }
        Some(3) => {
            assert!(
                notes
                    .iter()
                    .any(|note| note.starts_with("dlx: stopped by --max-nodes ")),
                "exit 3 without the note: {command}"
            );
            if json {
                let last = lines.last().expect("a partial line");
                assert_eq!(last["type"], "partial", "{command}");
                assert_eq!(last["code"], 3, "{command}");
                assert_eq!(last["reason"], "max_nodes", "{command}");
                assert_eq!(partial_lines, 1, "{command}");
            }
            // A stopped search has not shown that a case has no solution.
            if !whole.stderr.contains("no solution") {
                assert!(!ran.stderr.contains("no solution"), "{command}");
            }
            if !whole.stdout.contains("\"no_solution\"") {
                assert!(!ran.stdout.contains("\"no_solution\""), "{command}");
            }
            if let Kind::Count { .. } = kind {
                check_partial_count(&args, &ran, whole, &command);
            }
        }
        _ => panic!("neither 0 nor 3: {command}"),
    }
}

/// Checks a stopped count: a memoised one prints no number, a plain one
/// numbers no larger than the whole count's.
#[track_caller]
fn check_partial_count(args: &[String], ran: &Ran, whole: &Ran, command: &str) {
    // Without --json the table asks for the statistics, which name the method.
    let memoised = args.iter().any(|arg| arg == "--memo")
        || ran
            .stderr
            .lines()
            .any(|l| l.starts_with("method: memoised"));
    let counted: Vec<&str> = ran
        .stdout
        .lines()
        .filter(|line| !line.contains("\"type\":\"partial\""))
        .collect();
    if memoised {
        assert!(
            counted.is_empty(),
            "a stopped memoised count printed a number: {command}"
        );
        return;
    }
    let whole: Vec<&str> = whole.stdout.lines().collect();
    assert!(counted.len() <= whole.len(), "{command}");
    for (line, whole) in counted.iter().zip(&whole) {
        let (part, all) = (numbers(line), numbers(whole));
        assert!(
            part.len() == all.len() && part.iter().zip(&all).all(|(p, a)| p <= a),
            "a partial count above the whole one ({whole}): {command}"
        );
    }
}

#[test]
fn issue_20_exit_0_means_the_whole_answer_under_every_budget() {
    for sub in SUBS {
        let memo_flags: &[&[&str]] = match sub.kind {
            Kind::Count { memo: true } => &[&[], &["--memo"], &["--no-memo"]],
            _ => &[&[]],
        };
        let jsons: &[bool] = match sub.kind {
            Kind::Parts => &[false],
            _ => &[false, true],
        };
        for memo in memo_flags {
            for threads in ["1", "2"] {
                let mut plain: Vec<String> = sub.args.iter().map(|&a| a.to_owned()).collect();
                plain.extend(memo.iter().map(|&a| a.to_owned()));
                plain.extend(["-j".to_owned(), threads.to_owned()]);
                // Budgets next to the whole search's nodes, where stopping
                // races finishing (for the searches that take little time).
                let mut budgets = BUDGETS.to_vec();
                if let Some(nodes) = nodes(&plain, sub.stdin).filter(|&n| n <= 250_000) {
                    budgets.extend([nodes.saturating_sub(1).max(1), nodes, nodes + 1]);
                }
                for &json in jsons {
                    let mut args = plain.clone();
                    if json {
                        args.push("--json".to_owned());
                    } else if matches!(sub.kind, Kind::Count { memo: true }) {
                        // The statistics say whether the count was memoised.
                        args.push("--stats".to_owned());
                    }
                    let whole = dlx(&args, &sub.stdin.text());
                    assert_eq!(
                        (whole.code, notes(&whole.stderr)),
                        (Some(0), vec![]),
                        "without a budget: dlx {} {}",
                        args.join(" "),
                        whole.stderr
                    );
                    for &budget in &budgets {
                        check(&args, sub.stdin, sub.kind, budget, &whole);
                    }
                }
            }
        }
    }
}

/// The nodes of the whole search of `dlx ARGS`, from its statistics (`dlx
/// count` has none).
fn nodes(args: &[String], stdin: Stdin) -> Option<u64> {
    if args[0] == "count" {
        return None;
    }
    let mut args = args.to_vec();
    args.push("--stats".to_owned());
    let ran = dlx(&args, &stdin.text());
    let nodes = ran
        .stderr
        .lines()
        .find_map(|line| line.strip_prefix("nodes: "));
    Some(
        nodes
            .expect("the nodes")
            .replace(',', "")
            .parse()
            .expect("a number"),
    )
}

/// Runs `dlx ARGS` (words separated by spaces) on `stdin` and checks that
/// its budget stopped it: exit 3, the note, and no claim that a case has
/// no solution (with `--json`, the partial line last).
#[track_caller]
fn check_stopped(args: &str, stdin: &str) -> Ran {
    let words: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
    let ran = dlx(&words, stdin);
    let command = format!(
        "dlx {args}\n--- stdout\n{}--- stderr\n{}",
        ran.stdout, ran.stderr
    );
    assert_eq!(ran.code, Some(3), "{command}");
    assert!(
        notes(&ran.stderr)
            .iter()
            .any(|note| note.starts_with("dlx: stopped by --max-nodes ")),
        "{command}"
    );
    assert!(!ran.stderr.contains("no solution"), "{command}");
    assert!(!ran.stdout.contains("no_solution"), "{command}");
    if words.iter().any(|word| word == "--json") {
        let lines = json_lines(&ran.stdout);
        let last = lines.last().expect("a partial line");
        assert_eq!(
            (&last["type"], &last["code"]),
            (&Value::from("partial"), &Value::from(3)),
            "{command}"
        );
    }
    ran
}

/// Issue 20's own commands: a budget stopped each, and each exited 0 as if
/// its count were whole.
#[test]
fn issue_20_the_issues_counts_are_stopped() {
    check_stopped("solve --count -j 1 --max-nodes 2000 data/queens-14.dlx", "");
    check_stopped("queens 14 --count -j 1 --max-nodes 2000", "");
    check_stopped(
        "polyomino --board 10x6 --count -q -j 2 --no-memo --max-nodes 50000",
        "",
    );
    // On two threads the stop raced the end of the count: run it often.
    for _ in 0..30 {
        check_stopped("queens 16 --count -q -j 2 --no-memo --max-nodes 100000", "");
    }
}

/// Issue 20: the empty 49x49 grid, stopped, said `no solution` with exit 0.
#[test]
fn issue_20_a_stopped_sudoku_count_never_says_no_solution() {
    let one_line = ".".repeat(49 * 49) + "\n";
    let grid = (".".repeat(49) + "\n").repeat(49);
    for stdin in [&one_line, &grid] {
        for json in ["", " --json"] {
            let args = format!("sudoku --count -q -j 2 --max-nodes 100000 --box 7x7{json}");
            check_stopped(&args, stdin);
        }
    }
}

/// Issue 20: a cost search stopped early printed the best cost it had found
/// as the optimum, with exit 0. The 6x10 pentomino problem with a cost on
/// each option takes some 85,000 nodes to prove its optimum.
#[test]
fn issue_20_a_stopped_cost_search_never_passes_for_the_optimum() {
    let dir = scratch("budgets-costs");
    let file = dir.join("pentomino-6x10-costs.dlx");
    std::fs::write(&file, costed("data/pentomino-6x10.dlx")).unwrap();
    let file = file.to_str().unwrap();
    let words = |args: &str| -> Vec<String> {
        args.split_whitespace()
            .map(str::to_owned)
            .chain([file.to_owned()])
            .collect()
    };
    let whole = dlx(&words("solve --min-cost -q -j 2"), "");
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    let optimum = whole.stdout.lines().next().unwrap().to_owned();
    assert!(optimum.starts_with("| cost "), "{}", whole.stdout);
    for json in ["", "", "", " --json", " --json"] {
        let args = format!("solve --min-cost -q -j 2 --max-nodes 30000{json}");
        let ran = dlx(&words(&args), "");
        let command = format!(
            "dlx {args} {file}\n--- stdout\n{}--- stderr\n{}",
            ran.stdout, ran.stderr
        );
        match ran.code {
            Some(0) if json.is_empty() => assert_eq!(ran.stdout, whole.stdout, "{command}"),
            Some(0) => {
                let cost = json_lines(&ran.stdout)[0]["cost"].to_string();
                assert_eq!(format!("| cost {cost}"), optimum, "{command}");
            }
            Some(3) => {
                check_stopped(&format!("{args} {file}"), "");
            }
            _ => panic!("neither 0 nor 3: {command}"),
        }
    }
}

/// How a run is stopped from outside: the signal as `kill` names it, the
/// exit code, the note, and the `reason` of the partial line.
type Signal = (&'static str, i32, &'static str, &'static str);

const SIGINT: Signal = ("-INT", 130, "dlx: interrupted (SIGINT)", "interrupted");
const SIGTERM: Signal = ("-TERM", 143, "dlx: terminated (SIGTERM)", "terminated");

/// Starts `dlx ARGS`, sends it `signal` after `delay`, and checks that it
/// ended within a second of the signal (the one timing this file asserts:
/// it bounds a stop's latency), with the signal's exit code and note, and
/// with `--json` the partial line last.
#[track_caller]
fn check_signal(args: &[&str], signal: Signal, delay: Duration) {
    let (name, code, note, reason) = signal;
    let command = format!("dlx {} (kill {name} after {delay:?})", args.join(" "));
    let child = Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .current_dir(ROOT)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx starts");
    std::thread::sleep(delay);
    let sent = Instant::now();
    let killed = Command::new("kill")
        .args([name, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success(), "{command}: it ended before the signal");
    let output = child.wait_with_output().expect("dlx ends");
    let latency = sent.elapsed();
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8 errors");
    let command = format!("{command}\n--- stdout\n{stdout}--- stderr\n{stderr}");
    assert_eq!(output.status.code(), Some(code), "{command}");
    assert!(
        stderr.lines().any(|line| line.starts_with(note)),
        "{command}"
    );
    if args.contains(&"--json") {
        let lines = json_lines(&stdout);
        let last = lines.last().expect("a partial line");
        assert_eq!(last["type"], "partial", "{command}");
        assert_eq!(last["code"], code, "{command}");
        assert_eq!(last["reason"], reason, "{command}");
    }
    assert!(
        latency < Duration::from_secs(1),
        "{command}: ended {latency:?} after the signal"
    );
}

/// Inputs of long searches, written to a scratch folder: a file of sudokus
/// whose second (the empty grid) has some 6.7e21 solutions, and the
/// repeated cover problem of the complete 7x7 matchstick grid (seconds).
fn long_inputs(test: &str) -> (String, String) {
    let dir = scratch(test);
    let sudokus = dir.join("sudokus.txt");
    std::fs::write(
        &sudokus,
        format!("{PUZZLE}\n{}\n{PUZZLE}\n", ".".repeat(81)),
    )
    .unwrap();
    let squares = dlx(&["squares".into(), "--emit-dlx".into()], "1\n7\n0\n");
    assert_eq!(squares.code, Some(0), "{}", squares.stderr);
    let cover = dir.join("squares-7.dlx");
    std::fs::write(&cover, squares.stdout).unwrap();
    let path = |p: std::path::PathBuf| p.to_str().unwrap().to_owned();
    (path(sudokus), path(cover))
}

#[test]
fn issue_20_a_signal_stops_every_search_within_a_second() {
    let (sudokus, cover) = long_inputs("budgets-signals");
    let commands: [&[&str]; 5] = [
        &["queens", "16", "--count", "-j", "2", "--no-memo"],
        &["sudoku", "--count", "-j", "2", &sudokus],
        &["cover", "-j", "2", &cover],
        &["sudoku", "generate", "--box", "8x8"],
        &[
            "estimate",
            "--probes",
            "1000000000",
            "data/pentomino-6x10.dlx",
        ],
    ];
    for args in commands {
        let json: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        for signal in [SIGINT, SIGTERM] {
            check_signal(args, signal, Duration::from_millis(300));
            check_signal(&json, signal, Duration::from_millis(300));
        }
    }
}

/// A signal stops `dlx estimate` while its memoised count runs (the 26 x
/// 26 board's takes minutes, given an hour), and it prints what it has.
#[test]
fn issue_24_a_signal_stops_the_estimate_s_memoised_count() {
    let dir = scratch("budgets-estimate-memo");
    let file = dir.join("dominoes-26x26.dlx");
    std::fs::write(&file, crate::memo::dominoes(26, 26)).unwrap();
    let file = file.to_str().unwrap();
    let args = ["estimate", "--probes", "100", "--memo-time", "1h", file];
    let json: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
    for signal in [SIGINT, SIGTERM] {
        check_signal(&args, signal, Duration::from_millis(1000));
        check_signal(&json, signal, Duration::from_millis(1000));
    }
}

/// A signal that arrives while the input is read and parsed (some 70 ms
/// for this file of 2.5 MB) ends the run as one during the search does.
#[test]
fn issue_20_a_signal_while_the_input_is_read_is_noted_too() {
    let dir = scratch("budgets-early-signal");
    let board = "polyomino --board 250x250 --pieces domino --emit-dlx";
    let words: Vec<String> = board.split(' ').map(str::to_owned).collect();
    let dominoes = dlx(&words, "");
    assert_eq!(dominoes.code, Some(0), "{}", dominoes.stderr);
    let file = dir.join("dominoes-250x250.dlx");
    std::fs::write(&file, dominoes.stdout).unwrap();
    let file = file.to_str().unwrap();
    for signal in [SIGINT, SIGTERM] {
        let args = ["solve", "--count", "-j", "2", "--json", file];
        check_signal(&args, signal, Duration::from_millis(30));
    }
}

/// `--time-limit 1s` on searches of seconds to years: each stopped, exit
/// 3, and ended within a second of the limit.
#[test]
fn issue_20_a_time_limit_stops_every_search_within_a_second_of_it() {
    let (sudokus, cover) = long_inputs("budgets-time");
    let commands: [&[&str]; 6] = [
        &["queens", "16", "--count", "-j", "2", "--no-memo"],
        &["solve", "--count", "--no-memo", "data/pentomino-6x10.dlx"],
        &["sudoku", "--count", "-j", "2", &sudokus],
        &["cover", "-j", "2", &cover],
        &["lottery", "10", "3", "2"],
        &["sudoku", "generate", "--box", "8x8"],
    ];
    for args in commands {
        for json in [false, true] {
            let mut args: Vec<String> = args.iter().map(|&a| a.to_owned()).collect();
            args.extend(["--time-limit".to_owned(), "1s".to_owned()]);
            if json {
                args.push("--json".to_owned());
            }
            let started = Instant::now();
            let ran = dlx(&args, "");
            let took = started.elapsed();
            let command = format!(
                "dlx {}\n--- stdout\n{}--- stderr\n{}",
                args.join(" "),
                ran.stdout,
                ran.stderr
            );
            assert_eq!(ran.code, Some(3), "{command}");
            assert!(
                notes(&ran.stderr)
                    .iter()
                    .any(|note| note.starts_with("dlx: stopped by --time-limit 1s ")),
                "{command}"
            );
            if json {
                let last = json_lines(&ran.stdout).pop().expect("a partial line");
                assert_eq!(last["type"], "partial", "{command}");
                assert_eq!(last["reason"], "time_limit", "{command}");
            }
            assert!(
                took < Duration::from_secs(2),
                "{command}: ended {took:?} after it started"
            );
        }
    }
}
