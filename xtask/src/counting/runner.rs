//! The solvers of the counting table and one run of one of them, its count checked.

use std::path::Path;
use std::process::Command;

use super::cases::{Case, Source};
use super::limited::run_limited;
use super::Limits;

/// A solver in the counting table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Runner {
    /// `dlx solve --count --no-memo -j 1`: every solution visited, the reference.
    Plain,
    /// `dlx solve --count -j 1`: the default choice on one thread.
    One,
    /// `dlx solve --count -j 2`: the default choice on two threads.
    Two,
    /// `dlx solve --count --memo -j 1`: the memoised count (or the layered
    /// one), the default's other method.
    Memo,
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

/// The peers, in column order: DLX6, then the Python packages.
pub(super) const PEERS: [Runner; 5] = [
    Runner::Dlx6,
    Runner::Dxz,
    Runner::Xcover,
    Runner::XcoverNoMemo,
    Runner::XcoverHash64,
];

impl Runner {
    pub(super) fn label(self) -> &'static str {
        match self {
            Runner::Plain => "plain",
            Runner::One => "1 thread",
            Runner::Two => "2 threads",
            Runner::Memo => "memo",
            Runner::Dlx6 => "DLX6",
            Runner::Dxz => "dxz",
            Runner::Xcover => "xcover ZDD",
            Runner::XcoverNoMemo => "xcover --no-memo",
            Runner::XcoverHash64 => "xcover --hash64",
        }
    }

    /// The program of a peer in the peers' folder.
    pub(super) fn program(self) -> Option<&'static str> {
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
pub(super) enum Outcome {
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

/// Runs one solver on one file under the limits and checks its count.
pub(super) fn measure(
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
        Runner::Plain | Runner::One | Runner::Two | Runner::Memo => {
            command = Command::new(dlx);
            match case.source {
                Source::Dominoes(_) => {
                    command.args(["polyomino", "--pieces", "domino", "--board-file"]);
                    command.arg(file);
                }
                Source::Lozenges(side) => {
                    command.args(["polyiamond", "--pieces", "diamond", "--board"]);
                    command.arg(format!("hexagon:{side}"));
                }
                _ => {
                    command.args(["solve"]);
                    command.arg(file);
                }
            }
            command.args(["--count", "--stats"]);
            command.args(match runner {
                Runner::Plain => &["--no-memo", "-j", "1"][..],
                Runner::One => &["-j", "1"],
                Runner::Memo => &["--memo", "-j", "1"],
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
    } else if run.stderr.contains("method: Kasteleyn's determinant") {
        Some("dimers")
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
