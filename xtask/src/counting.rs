//! The counting table of `cargo xtask bench`: the plain count, the memoised count and the default choice, against the memoising peers.
//!
//! Every run is a process of its own on the same instance file, under a
//! time limit and a limit on its resident size (polled every 10 ms); a run
//! that exceeds either is killed and reported as "over limit". The peak
//! resident size of each run is read from the kernel when it is reaped
//! (`wait4`). The peers are Knuth's DLX6 (built beside the project from his
//! CWEB sources, never committed) and the Python packages `dxz` and
//! `xcover` through the wrappers in the peers' folder (`$DLX_PEERS`, by
//! default `/work/peers/bin`); those not there are skipped with a note.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{ensure, Context as _};

use crate::gen_data::{langford, queens};
use crate::say;

/// One counting workload: a name, how its file is made, its known count.
#[derive(Debug, Clone, Copy)]
struct Case {
    name: &'static str,
    source: Source,
    count: u128,
    /// Small enough for `--quick`.
    quick: bool,
    /// Our plain and default counts get five times the time limit (the
    /// plain count of Langford-15 takes minutes; the table needs its ratio).
    long: bool,
}

/// How a workload's file is made.
#[derive(Debug, Clone, Copy)]
enum Source {
    /// `dlx polyomino --board WxH --pieces domino --emit-dlx`.
    Domino(&'static str),
    /// The Langford pairs of `gen-data`.
    Langford(usize),
    /// The N-queens problem of `gen-data`.
    Queens(usize),
    /// A file of the repository.
    File(&'static str),
}

/// The workloads, with their published counts: OEIS A004003 and A099390
/// (domino tilings), twice OEIS A014552 (Langford pairs, mirror images
/// counted), Knuth 2000 (pentominoes), OEIS A000170 (queens).
const CASES: [Case; 10] = [
    Case {
        name: "domino-8x8",
        source: Source::Domino("8x8"),
        count: 12_988_816,
        quick: true,
        long: false,
    },
    Case {
        name: "domino-10x10",
        source: Source::Domino("10x10"),
        count: 258_584_046_368,
        quick: false,
        long: false,
    },
    Case {
        name: "domino-12x12",
        source: Source::Domino("12x12"),
        count: 53_060_477_521_960_000,
        quick: false,
        long: false,
    },
    Case {
        name: "domino-6x13",
        source: Source::Domino("6x13"),
        count: 536_948_224,
        quick: true,
        long: false,
    },
    Case {
        name: "langford-12",
        source: Source::Langford(12),
        count: 216_288,
        quick: false,
        long: false,
    },
    Case {
        name: "langford-15",
        source: Source::Langford(15),
        count: 79_619_280,
        quick: false,
        long: true,
    },
    Case {
        name: "pentomino-6x10",
        source: Source::File("data/pentomino-6x10.dlx"),
        count: 9356,
        quick: false,
        long: false,
    },
    Case {
        name: "pentomino-3x20",
        source: Source::File("data/pentomino-3x20.dlx"),
        count: 8,
        quick: true,
        long: false,
    },
    Case {
        name: "queens-12",
        source: Source::Queens(12),
        count: 14200,
        quick: true,
        long: false,
    },
    Case {
        name: "queens-13",
        source: Source::Queens(13),
        count: 73712,
        quick: false,
        long: false,
    },
];

/// The limits every run of the table gets.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// Wall-clock time.
    pub(crate) time: Duration,
    /// Resident size, in KiB.
    pub(crate) rss_kib: u64,
}

impl Limits {
    /// The default limits: 60 s and 8 GiB (the machine has 24 GiB, shared).
    pub(crate) const DEFAULT: Limits = Limits {
        time: Duration::from_secs(60),
        rss_kib: 8 << 20,
    };
}

/// A solver in the counting table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Runner {
    /// `dlx solve --count --no-memo --threads 1`.
    Plain,
    /// `dlx solve --count --memo --threads 1`.
    Memo,
    /// `dlx solve --count --memo --threads 2`.
    MemoTwo,
    /// `dlx solve --count --threads 1`: the default choice.
    Default,
    /// Knuth's DLX6: `dlx6 < FILE`.
    Dlx6,
    /// `run-dxz FILE`.
    Dxz,
    /// `run-xcover-zdd FILE`: xcover's ZDD with its memo (a 32-bit hash as the key).
    Xcover,
    /// `run-xcover-zdd FILE --no-memo`.
    XcoverNoMemo,
    /// `run-xcover-zdd FILE --hash64`: the memo with a 64-bit key (a patched copy).
    XcoverHash64,
}

const PEERS: [Runner; 5] = [
    Runner::Dlx6,
    Runner::Dxz,
    Runner::Xcover,
    Runner::XcoverNoMemo,
    Runner::XcoverHash64,
];

impl Runner {
    fn label(self) -> &'static str {
        match self {
            Runner::Plain => "plain",
            Runner::Memo => "memo",
            Runner::MemoTwo => "memo, 2 threads",
            Runner::Default => "default",
            Runner::Dlx6 => "DLX6",
            Runner::Dxz => "dxz",
            Runner::Xcover => "xcover ZDD",
            Runner::XcoverNoMemo => "xcover --no-memo",
            Runner::XcoverHash64 => "xcover --hash64",
        }
    }

    /// The program of a peer in the peers' folder.
    fn program(self) -> Option<&'static str> {
        match self {
            Runner::Dlx6 => Some("dlx6"),
            Runner::Dxz => Some("run-dxz"),
            Runner::Xcover | Runner::XcoverNoMemo | Runner::XcoverHash64 => Some("run-xcover-zdd"),
            _ => None,
        }
    }
}

/// How one run ended.
#[derive(Debug, Clone)]
enum Outcome {
    /// It printed the right count.
    Ok {
        seconds: f64,
        /// User and system time, all threads.
        cpu: f64,
        peak_kib: u64,
        /// What `dlx --stats` said the default chose, if it was asked.
        method: Option<&'static str>,
    },
    /// It printed another count.
    Wrong { found: String },
    /// It went over a limit and was killed.
    OverLimit { what: &'static str },
    /// It failed.
    Failed { status: String },
    /// It was not run (the peer is not there, or cannot read the problem).
    Skipped,
}

/// One row: each runner's outcome.
#[derive(Debug)]
struct Row {
    case: Case,
    outcomes: Vec<(Runner, Outcome)>,
}

impl Row {
    fn get(&self, runner: Runner) -> &Outcome {
        self.outcomes
            .iter()
            .find(|(r, _)| *r == runner)
            .map_or(&Outcome::Skipped, |(_, o)| o)
    }

    fn seconds(&self, runner: Runner) -> Option<f64> {
        match self.get(runner) {
            Outcome::Ok { seconds, .. } => Some(*seconds),
            _ => None,
        }
    }

    fn cpu(&self, runner: Runner) -> Option<f64> {
        match self.get(runner) {
            Outcome::Ok { cpu, .. } => Some(*cpu),
            _ => None,
        }
    }
}

/// Runs the counting table and returns its markdown section and notes.
pub(crate) fn run(
    root: &Path,
    dlx: &Path,
    quick: bool,
    filter: Option<&str>,
    limits: Limits,
    rounds: usize,
) -> anyhow::Result<(String, Vec<String>)> {
    let dir = root.join("target").join("bench-counting");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let peers_dir = std::env::var_os("DLX_PEERS")
        .map_or_else(|| PathBuf::from("/work/peers/bin"), PathBuf::from);
    let mut notes = Vec::new();
    let peers: Vec<Runner> = PEERS
        .into_iter()
        .filter(|peer| {
            let present = peer.program().is_some_and(|p| peers_dir.join(p).is_file());
            if !present {
                notes.push(format!(
                    "{} skipped: `{}` is not in {} (set `$DLX_PEERS`).",
                    peer.label(),
                    peer.program().unwrap_or("?"),
                    peers_dir.display()
                ));
            }
            present
        })
        .collect();
    let mut rows = Vec::new();
    for case in CASES {
        if (quick && !case.quick) || filter.is_some_and(|f| !case.name.contains(f)) {
            continue;
        }
        say(&format!("bench: counting {}", case.name));
        let file = write_case(root, dlx, &dir, case)?;
        // Ours: `rounds` interleaved rounds (one for a long case), medians
        // taken; a run over a limit is not tried again. The peers: once.
        let ours = [
            Runner::Plain,
            Runner::Memo,
            Runner::MemoTwo,
            Runner::Default,
        ];
        let mut samples: Vec<Vec<Outcome>> = vec![Vec::new(); ours.len()];
        for _ in 0..if case.long { 1 } else { rounds } {
            for (&runner, samples) in ours.iter().zip(&mut samples) {
                if samples.iter().any(|o| !matches!(o, Outcome::Ok { .. })) {
                    continue;
                }
                let mut limits = limits;
                if case.long && matches!(runner, Runner::Plain | Runner::Default) {
                    limits.time *= 5;
                }
                samples.push(measure(runner, dlx, &peers_dir, &file, case.count, limits)?);
            }
        }
        let mut outcomes: Vec<(Runner, Outcome)> = ours
            .iter()
            .zip(samples)
            .map(|(&runner, samples)| (runner, median_outcome(samples)))
            .collect();
        for &peer in &peers {
            let outcome = measure(peer, dlx, &peers_dir, &file, case.count, limits)?;
            outcomes.push((peer, outcome));
        }
        rows.push(Row { case, outcomes });
    }
    notes.push(
        "xcover's stock memo (`xcover ZDD`) keys its cache by a 32-bit hash of the state alone, \
         so colliding states share a count: it reports WRONG counts (for instance 14198 of the \
         14200 12-queens solutions); `--hash64` is the peers' patched copy with a 64-bit key, \
         `--no-memo` builds the diagram without a memo."
            .to_owned(),
    );
    notes.push(
        "dxz counts by walking every path of its diagram and returns a C `int`, so its counts \
         above 2^31 - 1 wrap (reported as wrong)."
            .to_owned(),
    );
    Ok((render(&rows, limits, rounds), notes))
}

/// The median of a runner's rounds (wall and CPU time each), or the first
/// outcome that was not a success.
fn median_outcome(samples: Vec<Outcome>) -> Outcome {
    if let Some(failed) = samples.iter().find(|o| !matches!(o, Outcome::Ok { .. })) {
        return failed.clone();
    }
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).copied().unwrap_or(0.0)
    };
    let field = |pick: fn(&Outcome) -> f64| median(samples.iter().map(pick).collect());
    let seconds = field(|o| match o {
        Outcome::Ok { seconds, .. } => *seconds,
        _ => 0.0,
    });
    let cpu = field(|o| match o {
        Outcome::Ok { cpu, .. } => *cpu,
        _ => 0.0,
    });
    match samples.into_iter().next() {
        Some(Outcome::Ok {
            peak_kib, method, ..
        }) => Outcome::Ok {
            seconds,
            cpu,
            peak_kib,
            method,
        },
        _ => Outcome::Skipped,
    }
}

/// Writes a workload's file into `dir` (or finds it in the repository).
fn write_case(root: &Path, dlx: &Path, dir: &Path, case: Case) -> anyhow::Result<PathBuf> {
    let text = match case.source {
        Source::File(file) => return Ok(root.join(file)),
        Source::Langford(n) => langford(n),
        Source::Queens(n) => queens(n),
        Source::Domino(board) => {
            let output = Command::new(dlx)
                .args([
                    "polyomino",
                    "--board",
                    board,
                    "--pieces",
                    "domino",
                    "--emit-dlx",
                ])
                .output()
                .context("cannot run dlx polyomino --emit-dlx")?;
            ensure!(output.status.success(), "dlx polyomino --emit-dlx failed");
            String::from_utf8(output.stdout).context("the problem is not UTF-8")?
        }
    };
    let path = dir.join(format!("{}.dlx", case.name));
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

/// Runs one solver on one file under the limits and checks its count.
fn measure(
    runner: Runner,
    dlx: &Path,
    peers: &Path,
    file: &Path,
    expected: u128,
    limits: Limits,
) -> anyhow::Result<Outcome> {
    let mut command;
    let mut stdin = None;
    match runner {
        Runner::Plain | Runner::Memo | Runner::MemoTwo | Runner::Default => {
            command = Command::new(dlx);
            command.args(["solve", "--count", "--stats"]);
            command.args(match runner {
                Runner::Plain => &["--no-memo", "--threads", "1"][..],
                Runner::Memo => &["--memo", "--threads", "1"],
                Runner::MemoTwo => &["--memo", "--threads", "2"],
                _ => &["--threads", "1"],
            });
            command.arg(file);
        }
        Runner::Dlx6 => {
            command = Command::new(peers.join("dlx6"));
            stdin = Some(file);
        }
        _ => {
            command = Command::new(peers.join(runner.program().unwrap_or("")));
            command.arg(file);
            match runner {
                Runner::XcoverNoMemo => {
                    command.arg("--no-memo");
                }
                Runner::XcoverHash64 => {
                    command.arg("--hash64");
                }
                _ => {}
            }
        }
    }
    let run = run_limited(&mut command, stdin, limits)?;
    if let Some(what) = run.over {
        return Ok(Outcome::OverLimit { what });
    }
    if !run.success {
        return Ok(Outcome::Failed {
            status: run.status.clone(),
        });
    }
    let found = match runner {
        // DLX6 says "Altogether N solutions" on standard error.
        Runner::Dlx6 => run
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix("Altogether "))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or("")
            .to_owned(),
        _ => run.stdout.trim().to_owned(),
    };
    if found.parse::<u128>().ok() != Some(expected) {
        return Ok(Outcome::Wrong { found });
    }
    let method = if run.stderr.contains("method: memoised") {
        Some("memo")
    } else if run.stderr.contains("method: plain") || run.stderr.contains("memo: plain count") {
        Some("plain")
    } else {
        None
    };
    Ok(Outcome::Ok {
        seconds: run.seconds,
        cpu: run.cpu,
        peak_kib: run.peak_kib,
        method: if runner == Runner::Default {
            method.or(Some("plain"))
        } else {
            None
        },
    })
}

/// What [`run_limited`] saw.
#[derive(Debug)]
struct Run {
    success: bool,
    status: String,
    seconds: f64,
    cpu: f64,
    peak_kib: u64,
    stdout: String,
    stderr: String,
    /// The limit it went over, if any.
    over: Option<&'static str>,
}

/// Runs a command with its standard streams captured, polling its resident
/// size and its time every 10 ms, killing it past a limit; the peak resident
/// size comes from the kernel when the child is reaped.
fn run_limited(command: &mut Command, stdin: Option<&Path>, limits: Limits) -> anyhow::Result<Run> {
    let dir = std::env::temp_dir().join(format!("xtask-counting-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let out_path = dir.join("stdout");
    let err_path = dir.join("stderr");
    command
        .stdout(std::fs::File::create(&out_path)?)
        .stderr(std::fs::File::create(&err_path)?);
    match stdin {
        Some(path) => command.stdin(
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
        ),
        None => command.stdin(Stdio::null()),
    };
    let start = Instant::now();
    let mut child = command.spawn().context("cannot start a counting run")?;
    let pid = child.id();
    let mut over = None;
    let (code, peak_kib, cpu) = loop {
        if let Some(done) = reap(pid) {
            break done;
        }
        if over.is_none() {
            if start.elapsed() > limits.time {
                over = Some("time");
            } else if resident_kib(pid).is_some_and(|kib| kib > limits.rss_kib) {
                over = Some("memory");
            }
            if over.is_some() {
                // The process may have ended meanwhile; then there is nothing to kill.
                let _ = child.kill();
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let seconds = start.elapsed().as_secs_f64();
    let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    Ok(Run {
        success: code == Some(0),
        status: code.map_or_else(
            || "killed by a signal".to_owned(),
            |c| format!("exit code {c}"),
        ),
        seconds,
        cpu,
        peak_kib,
        stdout,
        stderr,
        over,
    })
}

/// The resident size of a running process, in KiB (Linux `/proc`).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// Reaps the child `pid` if it has ended: its exit code (`None` after a
/// signal), its peak resident size in KiB and its user and system time.
#[allow(
    unsafe_code,
    reason = "std's Child::wait does not return the child's rusage; one wait4 call on zeroed structs the kernel fills"
)]
fn reap(pid: u32) -> Option<(Option<i32>, u64, f64)> {
    let mut status = 0;
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    let pid = libc::pid_t::try_from(pid).ok()?;
    // SAFETY: `status` and `usage` point to writable memory of the right
    // types; wait4 writes only into them.
    let rc = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, usage.as_mut_ptr()) };
    if rc != pid {
        return None;
    }
    // SAFETY: the struct was zeroed (a valid `rusage`: integers only) and
    // wait4 reaped the child, so every field holds a value.
    let usage = unsafe { usage.assume_init() };
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    Some((code, u64::try_from(usage.ru_maxrss).unwrap_or(0), cpu))
}

/// The markdown section.
fn render(rows: &[Row], limits: Limits, rounds: usize) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "\n## Counting\n");
    let _ = writeln!(
        md,
        "`dlx solve --count --stats FILE`: `--no-memo --threads 1` (plain: every \
         solution visited), `--memo --threads 1` and `--threads 2` (the memoised count, its \
         peak RSS), and `--threads 1` alone (the default: a probe chooses; `method` says which), \
         medians of {rounds} interleaved round(s) (one for Langford-15). \
         Every run, peers included, is a process of its own on the same file, killed past {} s \
         or {} GiB resident (\"over limit\"; our plain and default counts of Langford-15 get \
         {} s). Times are wall-clock, whole process; the CPU columns are user and system time \
         (all threads), steadier than wall-clock on a loaded machine. Ratios are to the plain \
         count; the speed-up is the memoised count's wall-clock time on 1 thread over 2.\n",
        limits.time.as_secs(),
        limits.rss_kib >> 20,
        limits.time.as_secs() * 5
    );
    let _ = writeln!(
        md,
        "| workload | count | plain | memo | memo/plain | peak RSS | 2 threads | speed-up | default | method | default/plain | CPU: plain | CPU: default | CPU ratio |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |"
    );
    for row in rows {
        let plain = row.seconds(Runner::Plain);
        let memo = row.seconds(Runner::Memo);
        let two = row.seconds(Runner::MemoTwo);
        let default = row.seconds(Runner::Default);
        let ratio = |a: Option<f64>, b: Option<f64>| {
            a.zip(b)
                .map_or_else(|| "-".to_owned(), |(a, b)| format!("{:.2}", a / b))
        };
        let method = match row.get(Runner::Default) {
            Outcome::Ok { method, .. } => method.unwrap_or("-"),
            _ => "-",
        };
        let cpu = |runner| {
            row.cpu(runner)
                .map_or_else(|| "-".to_owned(), crate::bench::format_time)
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.case.name,
            row.case.count,
            cell(row.get(Runner::Plain)),
            cell(row.get(Runner::Memo)),
            ratio(memo, plain),
            rss(row.get(Runner::Memo)),
            cell(row.get(Runner::MemoTwo)),
            ratio(memo, two),
            cell(row.get(Runner::Default)),
            method,
            ratio(default, plain),
            cpu(Runner::Plain),
            cpu(Runner::Default),
            ratio(row.cpu(Runner::Default), row.cpu(Runner::Plain)),
        );
    }
    let peers: Vec<Runner> = PEERS
        .into_iter()
        .filter(|&p| rows.iter().any(|r| !matches!(r.get(p), Outcome::Skipped)))
        .collect();
    if !peers.is_empty() {
        let _ = writeln!(
            md,
            "\nThe memoising peers on the same files, under the same limits, against our default \
             (time, then peak RSS). DLX6 is `dlx6 < FILE` (counting only); dxz and xcover run \
             through the Python wrappers of the peers' folder.\n"
        );
        let mut header = "| workload | default | RSS |".to_owned();
        let mut rule = "| --- | ---: | ---: |".to_owned();
        for peer in &peers {
            let _ = write!(header, " {} | RSS |", peer.label());
            rule.push_str(" ---: | ---: |");
        }
        let _ = writeln!(md, "{header}\n{rule}");
        for row in rows {
            let mut line = format!(
                "| {} | {} | {} |",
                row.case.name,
                cell(row.get(Runner::Default)),
                rss(row.get(Runner::Default))
            );
            for &peer in &peers {
                let _ = write!(line, " {} | {} |", cell(row.get(peer)), rss(row.get(peer)));
            }
            let _ = writeln!(md, "{line}");
        }
    }
    md
}

/// A time, or what happened instead.
fn cell(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok { seconds, .. } => crate::bench::format_time(*seconds),
        Outcome::Wrong { found } => format!("WRONG ({found})"),
        Outcome::OverLimit { what } => format!("over limit ({what})"),
        Outcome::Failed { status } => format!("failed ({status})"),
        Outcome::Skipped => "-".to_owned(),
    }
}

/// A peak resident size in MiB, where the run finished.
fn rss(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok { peak_kib, .. } => format!("{:.1} MiB", *peak_kib as f64 / 1024.0),
        _ => "-".to_owned(),
    }
}
