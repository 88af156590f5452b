//! The counting table of `cargo xtask bench`: our default count on one and two threads against Knuth's DLX6, with the plain count as a reference, and the memoising Python peers.
//!
//! Every run is a process of its own on the same instance file, under a
//! time limit and a limit on its resident size (polled every 10 ms); a run
//! that exceeds either is killed and reported as "over limit". The peak
//! resident size of each run is read from the kernel when it is reaped
//! (`wait4`). The peers are Knuth's DLX6 (built by the user from his CWEB
//! source and named by its path, never committed) and the Python packages
//! `dxz` and `xcover` through the wrappers in the peers' folder
//! (`$DLX_PEERS`, by default `/work/peers/bin`); those not there are
//! reported as not installed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context as _;

use crate::figures::{format_ratio, format_time};
use crate::gen_data::{langford, queens, tiling, Board, Pieces};
use crate::say;

/// One counting workload: a name, how its file is made, its known count.
#[derive(Debug, Clone, Copy)]
struct Case {
    name: &'static str,
    source: Source,
    /// The published count in decimal (many exceed `u128`), compared with
    /// the text a runner prints.
    count: &'static str,
    /// Small enough for `--quick`.
    quick: bool,
    /// The budget of a row that needs more memory and time than the
    /// table's limits; such a row runs one round.
    heavy: Option<Heavy>,
}

/// The budget of a heavy row.
#[derive(Debug, Clone, Copy)]
struct Heavy {
    /// Our `--memo-mem`.
    memo_mem: &'static str,
    /// Our `--max-memory`.
    max_memory: &'static str,
    /// The resident size past which any run of the row is killed, in GiB.
    rss_gib: u64,
    /// The time limit of any run of the row.
    seconds: u64,
}

/// The budget of the 30x30 square, which no count here finishes: its
/// layers would hold hundreds of millions of states (the Aztec diamond of
/// order 20 needed it before the layered count, 83 s and 8 GB; it now
/// takes seconds and tens of megabytes).
const HEAVY: Heavy = Heavy {
    memo_mem: "8G",
    max_memory: "10G",
    rss_gib: 11,
    seconds: 60,
};

/// How a workload's file is made.
#[derive(Debug, Clone, Copy)]
enum Source {
    /// A board covered by pieces, as [`tiling`] writes it.
    Tiling(Board, Pieces),
    /// The Langford pairs of `gen-data`.
    Langford(usize),
    /// The N-queens problem of `gen-data`.
    Queens(usize),
    /// A file of the repository.
    File(&'static str),
}

/// A rectangle of dominoes.
const fn dominoes(rows: usize, columns: usize) -> Source {
    Source::Tiling(Board::Rectangle { rows, columns }, Pieces::Dominoes)
}

/// The Aztec diamond of order `n`, dominoes.
const fn aztec(n: usize) -> Source {
    Source::Tiling(Board::Aztec(n), Pieces::Dominoes)
}

/// The workloads, with their published counts: the Aztec diamond of order n
/// has 2^(n(n+1)/2) domino tilings (Elkies, Kuperberg, Larsen and Propp
/// 1992); OEIS A004003 and A099390 (domino rectangles; the 30x30 square by
/// Kasteleyn's product, computed to 400 digits and rounded, agreeing with
/// A004003 at 8x8, 20x20 and 24x24); the 8x8 board by monominoes, dominoes
/// and trominoes, 92109458286284989468604 (the ZDD example of triska/clpb);
/// twice OEIS A014552 (Langford pairs, mirror images counted); Knuth 2000
/// (pentominoes); OEIS A000170 (queens).
const CASES: [Case; 17] = [
    Case {
        name: "aztec-8",
        source: aztec(8),
        count: "68719476736",
        quick: true,
        heavy: None,
    },
    Case {
        name: "aztec-10",
        source: aztec(10),
        count: "36028797018963968",
        quick: true,
        heavy: None,
    },
    Case {
        name: "aztec-12",
        source: aztec(12),
        count: "302231454903657293676544",
        quick: false,
        heavy: None,
    },
    Case {
        name: "aztec-16",
        source: aztec(16),
        count: "87112285931760246646623899502532662132736",
        quick: false,
        heavy: None,
    },
    Case {
        name: "aztec-20",
        source: aztec(20),
        count: "1645504557321206042154969182557350504982735865633579863348609024",
        quick: false,
        heavy: None,
    },
    Case {
        name: "domino-8x8",
        source: dominoes(8, 8),
        count: "12988816",
        quick: true,
        heavy: None,
    },
    Case {
        name: "domino-12x12",
        source: dominoes(12, 12),
        count: "53060477521960000",
        quick: true,
        heavy: None,
    },
    Case {
        name: "domino-6x13",
        source: dominoes(6, 13),
        count: "536948224",
        quick: true,
        heavy: None,
    },
    Case {
        name: "domino-20x20",
        source: dominoes(20, 20),
        count: "1269984011256235834242602753102293934298576249856",
        quick: false,
        heavy: None,
    },
    Case {
        name: "domino-24x24",
        source: dominoes(24, 24),
        count: "7435775679122922965141930394167684120105535297322308613569173527105536",
        quick: false,
        heavy: None,
    },
    Case {
        name: "domino-30x30",
        source: dominoes(30, 30),
        count: "131841545472244027406496188757912375363891696443221279694626947912188459956437700105571773334900360294912000000",
        quick: false,
        heavy: Some(HEAVY),
    },
    Case {
        name: "mixed-8x8",
        source: Source::Tiling(
            Board::Rectangle {
                rows: 8,
                columns: 8,
            },
            Pieces::UpToTrominoes,
        ),
        count: "92109458286284989468604",
        quick: false,
        heavy: None,
    },
    Case {
        name: "langford-12",
        source: Source::Langford(12),
        count: "216288",
        quick: false,
        heavy: None,
    },
    Case {
        name: "queens-12",
        source: Source::Queens(12),
        count: "14200",
        quick: true,
        heavy: None,
    },
    Case {
        name: "queens-13",
        source: Source::Queens(13),
        count: "73712",
        quick: false,
        heavy: None,
    },
    Case {
        name: "pentomino-6x10",
        source: Source::File("data/pentomino-6x10.dlx"),
        count: "9356",
        quick: false,
        heavy: None,
    },
    Case {
        name: "pentomino-3x20",
        source: Source::File("data/pentomino-3x20.dlx"),
        count: "8",
        quick: true,
        heavy: None,
    },
];

/// The plain count visits every solution one by one, some ten million a
/// second: past this many digits (a hundred million solutions) it is not
/// run, since it would only meet its time limit.
const PLAIN_DIGITS: usize = 8;

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

    /// The limits of a row: the heavy rows' own.
    fn of(self, case: &Case) -> Limits {
        match case.heavy {
            Some(heavy) => Limits {
                time: Duration::from_secs(heavy.seconds),
                rss_kib: heavy.rss_gib << 20,
            },
            None => self,
        }
    }
}

/// A solver in the counting table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Runner {
    /// `dlx solve --count --no-memo -j 1`: every solution visited, the reference.
    Plain,
    /// `dlx solve --count -j 1`: the default choice on one thread.
    One,
    /// `dlx solve --count -j 2`: the default choice on two threads.
    Two,
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
            Runner::One => "1 thread",
            Runner::Two => "2 threads",
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
        peak_kib: u64,
        /// What `dlx --stats` said the default chose.
        method: Option<&'static str>,
    },
    /// It printed another count.
    Wrong { found: String },
    /// It went over a limit and was killed, or stopped itself at its `--max-memory`.
    OverLimit { what: &'static str },
    /// It failed.
    Failed { status: String },
    /// It was not run, and why ("not installed", "not run").
    Skipped { why: &'static str },
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
            .map_or(&Outcome::Skipped { why: "-" }, |(_, o)| o)
    }

    fn seconds(&self, runner: Runner) -> Option<f64> {
        match self.get(runner) {
            Outcome::Ok { seconds, .. } => Some(*seconds),
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
    let installed = |peer: Runner| peer.program().is_some_and(|p| peers_dir.join(p).is_file());
    let missing: Vec<String> = PEERS
        .into_iter()
        .filter(|&p| !installed(p))
        .map(|p| format!("{} (`{}`)", p.label(), p.program().unwrap_or("?")))
        .collect();
    if !missing.is_empty() {
        notes.push(format!(
            "Not installed in {} (set `$DLX_PEERS`): {}.",
            peers_dir.display(),
            missing.join(", ")
        ));
    }
    if !installed(Runner::Dlx6) {
        notes.push(
            "To build DLX6: fetch Knuth's `dlx6.w` from https://cs.stanford.edu/~knuth/programs.html, \
             run `ctangle dlx6.w` (CWEB; Debian package `texlive-binaries`) and \
             `cc -O3 -o dlx6 dlx6.c`, and put `dlx6` in `$DLX_PEERS`. \
             The issue's figures used its cache table set to 2^23 entries. \
             Its count is a 64-bit integer, so it reports WRONG counts past 2^64 even where it walks the whole tree."
                .to_owned(),
        );
    }
    let mut rows = Vec::new();
    for case in CASES {
        if (quick && !case.quick) || filter.is_some_and(|f| !case.name.contains(f)) {
            continue;
        }
        say(&format!("bench: counting {}", case.name));
        let file = write_case(root, &dir, case)?;
        let limits = limits.of(&case);
        // Ours: `rounds` interleaved rounds (one for a heavy row), medians
        // taken; a run over a limit is not tried again. The peers: once.
        let ours = [Runner::Plain, Runner::One, Runner::Two];
        let mut samples: Vec<Vec<Outcome>> = vec![Vec::new(); ours.len()];
        let plain = case.count.len() <= PLAIN_DIGITS;
        for _ in 0..if case.heavy.is_some() { 1 } else { rounds } {
            for (&runner, samples) in ours.iter().zip(&mut samples) {
                if samples.iter().any(|o| !matches!(o, Outcome::Ok { .. })) {
                    continue;
                }
                if runner == Runner::Plain && !plain {
                    samples.push(Outcome::Skipped { why: "not run" });
                    continue;
                }
                samples.push(measure(runner, dlx, &peers_dir, &file, &case, limits)?);
            }
        }
        let mut outcomes: Vec<(Runner, Outcome)> = ours
            .iter()
            .zip(samples)
            .map(|(&runner, samples)| (runner, median_outcome(samples)))
            .collect();
        for peer in PEERS {
            let outcome = if installed(peer) {
                measure(peer, dlx, &peers_dir, &file, &case, limits)?
            } else {
                Outcome::Skipped {
                    why: "not installed",
                }
            };
            outcomes.push((peer, outcome));
        }
        rows.push(Row { case, outcomes });
    }
    if PEERS[1..].iter().any(|&p| installed(p)) {
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
    }
    Ok((render(&rows, limits, rounds), notes))
}

/// The median of a runner's rounds (wall-clock time), or the first outcome
/// that was not a success.
fn median_outcome(samples: Vec<Outcome>) -> Outcome {
    if let Some(failed) = samples.iter().find(|o| !matches!(o, Outcome::Ok { .. })) {
        return failed.clone();
    }
    let mut seconds: Vec<f64> = samples
        .iter()
        .map(|o| match o {
            Outcome::Ok { seconds, .. } => *seconds,
            _ => 0.0,
        })
        .collect();
    seconds.sort_by(f64::total_cmp);
    let median = seconds.get(seconds.len() / 2).copied().unwrap_or(0.0);
    // The peak resident size is the largest of the rounds.
    let peak = samples
        .iter()
        .map(|o| match o {
            Outcome::Ok { peak_kib, .. } => *peak_kib,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    match samples.into_iter().next() {
        Some(Outcome::Ok { method, .. }) => Outcome::Ok {
            seconds: median,
            peak_kib: peak,
            method,
        },
        _ => Outcome::Skipped { why: "-" },
    }
}

/// Writes a workload's file into `dir` (or finds it in the repository).
fn write_case(root: &Path, dir: &Path, case: Case) -> anyhow::Result<PathBuf> {
    let text = match case.source {
        Source::File(file) => return Ok(root.join(file)),
        Source::Langford(n) => langford(n),
        Source::Queens(n) => queens(n),
        Source::Tiling(board, pieces) => tiling(board, pieces),
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
    case: &Case,
    limits: Limits,
) -> anyhow::Result<Outcome> {
    let mut command;
    let mut stdin = None;
    match runner {
        Runner::Plain | Runner::One | Runner::Two => {
            command = Command::new(dlx);
            command.args(["solve", "--count", "--stats"]);
            command.args(match runner {
                Runner::Plain => &["--no-memo", "-j", "1"][..],
                Runner::One => &["-j", "1"],
                _ => &["-j", "2"],
            });
            if let Some(heavy) = case.heavy {
                command.args([
                    "--memo-mem",
                    heavy.memo_mem,
                    "--max-memory",
                    heavy.max_memory,
                ]);
            }
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
    if run.stderr.contains("stopped by --max-memory") {
        return Ok(Outcome::OverLimit {
            what: "--max-memory",
        });
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
    if found != case.count {
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
        peak_kib: run.peak_kib,
        method: if matches!(runner, Runner::One | Runner::Two) {
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
    let (code, peak_kib) = loop {
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
/// signal) and its peak resident size in KiB.
#[allow(
    unsafe_code,
    reason = "std's Child::wait does not return the child's rusage; one wait4 call on zeroed structs the kernel fills"
)]
fn reap(pid: u32) -> Option<(Option<i32>, u64)> {
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
    Some((code, u64::try_from(usage.ru_maxrss).unwrap_or(0)))
}

/// The markdown section.
fn render(rows: &[Row], limits: Limits, rounds: usize) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "\n## Counting\n");
    let _ = writeln!(
        md,
        "`dlx solve --count --stats -j 1 FILE` and `-j 2` (the default method: a probe chooses \
         the memoised count or Knuth's search, `method` says which), each with its peak RSS; \
         the plain count `--no-memo -j 1` (every solution visited) as the reference, run only \
         where the count has at most {PLAIN_DIGITS} digits; and Knuth's DLX6 (`dlx6 < FILE`, \
         counting only) beside where it is installed."
    );
    let _ = writeln!(
        md,
        "Times are wall-clock, whole process, medians of {rounds} interleaved round(s) \
         (one for the heavy rows); peak RSS is the largest of the rounds (`wait4`)."
    );
    let _ = writeln!(
        md,
        "Every run, peers included, is a process of its own on the same file, killed past {} s \
         or {} GiB resident (\"over limit\").",
        limits.time.as_secs(),
        limits.rss_kib >> 20,
    );
    let _ = writeln!(
        md,
        "The heavy rows ({}) run with `--memo-mem {} --max-memory {}`, killed past {} s or {} GiB.",
        CASES
            .iter()
            .filter(|c| c.heavy.is_some())
            .map(|c| format!("`{}`", c.name))
            .collect::<Vec<_>>()
            .join(", "),
        HEAVY.memo_mem,
        HEAVY.max_memory,
        HEAVY.seconds,
        HEAVY.rss_gib,
    );
    let _ = writeln!(
        md,
        "The speed-up is the time on 1 thread over 2; the other ratios are the time on 1 thread \
         over the reference measured in the same run (below 1: ours is faster).\n"
    );
    let _ = writeln!(
        md,
        "| workload | count | 1 thread | peak RSS | method | 2 threads | peak RSS | speed-up | plain | 1 thread / plain | DLX6 | peak RSS | 1 thread / DLX6 |\n\
         | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for row in rows {
        let one = row.seconds(Runner::One);
        let ratio = |a: Option<f64>, b: Option<f64>| {
            a.zip(b)
                .map_or_else(|| "-".to_owned(), |(a, b)| format_ratio(a / b))
        };
        let method = match row.get(Runner::One) {
            Outcome::Ok { method, .. } => method.unwrap_or("-"),
            _ => "-",
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.case.name,
            short_count(row.case.count),
            cell(row.get(Runner::One)),
            rss(row.get(Runner::One)),
            method,
            cell(row.get(Runner::Two)),
            rss(row.get(Runner::Two)),
            ratio(one, row.seconds(Runner::Two)),
            cell(row.get(Runner::Plain)),
            ratio(one, row.seconds(Runner::Plain)),
            cell(row.get(Runner::Dlx6)),
            rss(row.get(Runner::Dlx6)),
            ratio(one, row.seconds(Runner::Dlx6)),
        );
    }
    let long: Vec<&Row> = rows
        .iter()
        .filter(|r| short_count(r.case.count) != r.case.count)
        .collect();
    if !long.is_empty() {
        let _ = writeln!(
            md,
            "\nThe counts in full, each compared with the text a run prints:\n"
        );
        for row in long {
            let _ = writeln!(md, "- {}: {}", row.case.name, row.case.count);
        }
    }
    let peers: Vec<Runner> = PEERS[1..]
        .iter()
        .copied()
        .filter(|&p| {
            rows.iter()
                .any(|r| !matches!(r.get(p), Outcome::Skipped { .. }))
        })
        .collect();
    if !peers.is_empty() {
        let _ = writeln!(
            md,
            "\nThe memoising Python peers on the same files, under the same limits, against our \
             default on 1 thread (time, then peak RSS); dxz and xcover run through the Python \
             wrappers of the peers' folder.\n"
        );
        let mut header = "| workload | 1 thread | RSS |".to_owned();
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
                cell(row.get(Runner::One)),
                rss(row.get(Runner::One))
            );
            for &peer in &peers {
                let _ = write!(line, " {} | {} |", cell(row.get(peer)), rss(row.get(peer)));
            }
            let _ = writeln!(md, "{line}");
        }
    }
    md
}

/// A count as the table shows it: in full up to 20 digits, else its
/// leading digits and its size (the counts in full follow the table).
fn short_count(count: &'static str) -> String {
    if count.len() <= 20 {
        return count.to_owned();
    }
    format!("{}.{}e{}", &count[..1], &count[1..4], count.len() - 1)
}

/// A time, or what happened instead.
fn cell(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok { seconds, .. } => format_time(*seconds),
        Outcome::Wrong { found } => format!("WRONG ({})", short_count_of(found)),
        Outcome::OverLimit { what } => format!("over limit ({what})"),
        Outcome::Failed { status } => format!("failed ({status})"),
        Outcome::Skipped { why } => (*why).to_owned(),
    }
}

/// What a run printed instead of the count, cut to fit a cell.
fn short_count_of(found: &str) -> String {
    if found.chars().count() <= 24 {
        found.to_owned()
    } else {
        format!("{}...", found.chars().take(20).collect::<String>())
    }
}

/// A peak resident size in MiB, where the run finished.
fn rss(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok { peak_kib, .. } => format!("{:.1} MiB", *peak_kib as f64 / 1024.0),
        _ => "-".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2^k in decimal, by doubling a little-endian vector of digits.
    fn power_of_two(k: usize) -> String {
        let mut digits = vec![1u8];
        for _ in 0..k {
            let mut carry = 0;
            for digit in &mut digits {
                let doubled = *digit * 2 + carry;
                *digit = doubled % 10;
                carry = doubled / 10;
            }
            if carry > 0 {
                digits.push(carry);
            }
        }
        digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
    }

    #[test]
    fn aztec_counts_follow_the_formula() {
        assert_eq!(power_of_two(10), "1024");
        let mut seen = 0;
        for case in CASES {
            if let Source::Tiling(Board::Aztec(n), Pieces::Dominoes) = case.source {
                assert_eq!(case.count, power_of_two(n * (n + 1) / 2), "{}", case.name);
                seen += 1;
            }
        }
        assert_eq!(seen, 5);
    }

    #[test]
    fn long_counts_are_shortened_in_the_table() {
        assert_eq!(short_count("53060477521960000"), "53060477521960000");
        assert_eq!(
            short_count("1269984011256235834242602753102293934298576249856"),
            "1.269e48"
        );
    }
}
