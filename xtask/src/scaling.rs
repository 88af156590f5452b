//! The threads table of `cargo xtask bench`: each workload on 1 and 2
//! threads in the same run, the speed-up, and how the load moved (the
//! subtrees given away between threads and the time threads spent idle,
//! from `dlx solve --stats`).
//!
//! The workloads are those of issue 12: the 6x10 pentomino board, 14-queens,
//! Langford pairs of 12, a forced chain of 200,000 levels (one option an
//! item: nothing to share, so the second thread must cost nothing), and the
//! 49,158 17-clue sudokus of the shared data (`dlx sudoku --line`: puzzles
//! spread across threads, skipped when the file is not there); and a
//! minimum repeated cover (`dlx cover`, queens domination of the 12x12
//! board), whose rounds of deepening are cut into branches for the threads.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{ensure, Context as _};

use crate::figures::{format_time, median};
use crate::say;

/// One workload of the table.
struct Workload {
    name: &'static str,
    /// The `dlx` arguments before `--threads N`.
    args: Vec<String>,
    /// What the command must print: its first line, or its number of lines.
    expect: Expect,
    /// Whether `--stats` reports the load balance (a single search does;
    /// a file of puzzles is spread a puzzle at a time).
    balance: bool,
}

enum Expect {
    Count(u64),
    Lines(usize),
}

/// A workload's medians on 1 and 2 threads, and the balance of the 2-thread runs.
pub(crate) struct Row {
    name: &'static str,
    one: f64,
    two: f64,
    steals: Option<u64>,
    idle: Option<f64>,
}

/// Measures the table: `rounds` interleaved runs of each workload on 1 and 2
/// threads. Returns the rows and notes for the report.
pub(crate) fn run(
    root: &Path,
    dlx: &Path,
    shared_data: &Path,
    rounds: usize,
    quick: bool,
) -> anyhow::Result<(Vec<Row>, Vec<String>)> {
    let scratch = root.join("target").join("bench-threads");
    std::fs::create_dir_all(&scratch)
        .with_context(|| format!("cannot create {}", scratch.display()))?;
    let chain = write(&scratch, "chain-200000.dlx", &chain(200_000))?;
    let langford = write(&scratch, "langford-12.dlx", &crate::gen_data::langford(12))?;
    let path = |p: &Path| p.display().to_string();
    let solve = |file: String, count: u64| Workload {
        name: "",
        args: vec![
            "solve".into(),
            "--count".into(),
            "--no-memo".into(),
            "--stats".into(),
            file,
        ],
        expect: Expect::Count(count),
        balance: true,
    };
    let mut workloads = vec![
        Workload {
            name: "pentomino-6x10",
            ..solve(path(&root.join("data/pentomino-6x10.dlx")), 9356)
        },
        Workload {
            name: "queens-14",
            ..solve(path(&root.join("data/queens-14.dlx")), 365_596)
        },
        // Knuth's count (OEIS A014552, 108,144) counts a pair and its mirror once.
        Workload {
            name: "langford-12",
            ..solve(path(&langford), 2 * 108_144)
        },
        Workload {
            name: "chain-200000",
            ..solve(path(&chain), 1)
        },
        // A minimum repeated cover: each round of its deepening cut into
        // branches, searched on the threads (OEIS A075458: 6 queens).
        Workload {
            name: "cover queens-domination-12",
            args: vec![
                "cover".into(),
                "--stats".into(),
                path(&root.join("data/cover/queens-domination-12.dlx")),
            ],
            expect: Expect::Count(6),
            balance: false,
        },
    ];
    let mut notes = Vec::new();
    let sudoku = shared_data.join("sudoku9/17_clue_tdoku_49158.txt");
    if quick {
        workloads.retain(|w| w.name != "pentomino-6x10" && w.name != "langford-12");
    } else if sudoku.exists() {
        workloads.push(Workload {
            name: "17-clue sudokus",
            args: vec![
                "sudoku".into(),
                "--line".into(),
                "--stats".into(),
                path(&sudoku),
            ],
            expect: Expect::Lines(49_158),
            balance: false,
        });
    } else {
        notes.push(format!(
            "The 17-clue sudokus were skipped from the threads table: {} is not there.",
            sudoku.display()
        ));
    }
    let mut rows = Vec::new();
    for workload in &workloads {
        say(&format!(
            "bench: {} on 1 and 2 threads ({rounds} rounds)",
            workload.name
        ));
        let (mut one, mut two) = (Vec::new(), Vec::new());
        let mut balance = (0, 0.0);
        for round in 0..rounds {
            // Alternate which goes first, so that a change of load hits both.
            let order: [(&str, bool); 2] = if round % 2 == 0 {
                [("1", false), ("2", true)]
            } else {
                [("2", true), ("1", false)]
            };
            for (threads, second) in order {
                let (seconds, stderr) = time(dlx, workload, threads)?;
                if second {
                    two.push(seconds);
                    if let (Some(steals), Some(idle)) =
                        (field(&stderr, "steals: "), field(&stderr, "idle: "))
                    {
                        balance.0 += steals as u64;
                        balance.1 += idle;
                    }
                } else {
                    one.push(seconds);
                }
            }
        }
        #[allow(clippy::cast_precision_loss, reason = "a mean over a few rounds")]
        let rounds_f = rounds as f64;
        rows.push(Row {
            name: workload.name,
            one: median(one),
            two: median(two),
            steals: workload.balance.then(|| balance.0 / rounds as u64),
            idle: workload.balance.then(|| balance.1 / rounds_f),
        });
    }
    Ok((rows, notes))
}

/// Runs a workload once on `threads` threads: its seconds and its standard error.
fn time(dlx: &Path, workload: &Workload, threads: &str) -> anyhow::Result<(f64, String)> {
    let start = Instant::now();
    let output = Command::new(dlx)
        .args(&workload.args)
        .args(["--threads", threads, "--quiet"])
        .output()
        .with_context(|| format!("cannot run {}", dlx.display()))?;
    let seconds = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&output.stdout);
    ensure!(
        output.status.success(),
        "dlx {} --threads {threads} failed: {}",
        workload.args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    match workload.expect {
        Expect::Count(count) => ensure!(
            stdout.lines().next().and_then(|l| l.trim().parse().ok()) == Some(count),
            "{} on {threads} threads did not print {count}",
            workload.name
        ),
        Expect::Lines(lines) => ensure!(
            stdout.lines().count() == lines,
            "{} on {threads} threads did not print {lines} lines",
            workload.name
        ),
    }
    Ok((
        seconds,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}

/// The number after `label` on a line of `text` (`steals: 12`, `idle: 0.004 s`).
fn field(text: &str, label: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(label))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
}

/// The markdown section of the table.
pub(crate) fn render(rows: &[Row], rounds: usize) -> String {
    let mut md = String::new();
    if rows.is_empty() {
        return md;
    }
    let _ = writeln!(md, "\n## Threads\n");
    let _ = writeln!(
        md,
        "`dlx solve --count --no-memo --stats --threads N FILE` (the sudokus: `dlx sudoku --line --stats`; \
         the cover: `dlx cover --stats`), \
         1 and 2 threads interleaved, medians of {rounds} round(s). \
         Steals are the subtrees a busy thread gave an idle one, idle the seconds the threads \
         waited for work, both for the 2-thread run (a file of puzzles is shared a puzzle at a time).\n"
    );
    let _ = writeln!(
        md,
        "| workload | 1 thread | 2 threads | speed-up | steals | idle |\n| --- | ---: | ---: | ---: | ---: | ---: |"
    );
    for row in rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.2} | {} | {} |",
            row.name,
            format_time(row.one),
            format_time(row.two),
            row.one / row.two,
            row.steals.map_or("-".to_owned(), |s| s.to_string()),
            row.idle.map_or("-".to_owned(), |i| format!("{i:.3} s")),
        );
    }
    md
}

/// A forced chain of `n` levels: item `i` has one option, `{i}`.
fn chain(n: usize) -> String {
    let mut text = String::with_capacity(n * 16);
    for i in 0..n {
        let _ = write!(text, "i{i} ");
    }
    text.push('\n');
    for i in 0..n {
        let _ = writeln!(text, "i{i}");
    }
    text
}

/// Writes `text` to `dir/name` and returns the path.
fn write(dir: &Path, name: &str, text: &str) -> anyhow::Result<PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}
