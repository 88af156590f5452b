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
//!
//! The table is run here; its parts are in this module's children: the workloads and their known counts ([`cases`]), the runners and one measured run ([`runner`]), a process under limits ([`limited`]) and the markdown section ([`report`]).

mod cases;
mod limited;
mod report;
mod runner;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context as _;

use crate::gen_data::{langford, queens, tiling};
use crate::say;

use cases::{Case, Source, CASES, PLAIN_DIGITS};
use report::render;
use runner::{measure, Outcome, Runner, PEERS};

/// How many times the default's time a reference run (the memoised count)
/// is given: "over limit" past it says the default is that much faster.
const REFERENCE_RATIO: f64 = 10.0;

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

    /// The limits of a reference run beside a run of `seconds`: the time
    /// enough to show it [`REFERENCE_RATIO`] times slower (at least 1 s).
    fn reference(self, seconds: f64) -> Limits {
        let enough = Duration::from_secs_f64((seconds * REFERENCE_RATIO).max(1.0));
        Limits {
            time: self.time.min(enough),
            ..self
        }
    }

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
        let file = write_case(root, dlx, &dir, case)?;
        let limits = limits.of(&case);
        // Ours: `rounds` interleaved rounds (one for a heavy row), medians
        // taken; a run over a limit is not tried again. The peers: once.
        let ours = [Runner::Plain, Runner::One, Runner::Two, Runner::Memo];
        let mut samples: Vec<Vec<Outcome>> = vec![Vec::new(); ours.len()];
        let plain = case.count.len() <= PLAIN_DIGITS && !case.source.is_board();
        for _ in 0..if case.heavy.is_some() { 1 } else { rounds } {
            // The default on one thread (the second runner) this round.
            let mut one = None;
            for (&runner, samples) in ours.iter().zip(&mut samples) {
                if samples.iter().any(|o| !matches!(o, Outcome::Ok { .. })) {
                    continue;
                }
                if runner == Runner::Plain && !plain {
                    samples.push(Outcome::Skipped { why: "not run" });
                    continue;
                }
                // The memoised count as a reference needs only show that it is
                // slower (board rows and heavy rows are given the table's limit).
                let limits = match (runner, one) {
                    (Runner::Memo, Some(seconds)) => limits.reference(seconds),
                    _ => limits,
                };
                let outcome = measure(runner, dlx, &peers_dir, &file, &case, limits)?;
                if let (Runner::One, Outcome::Ok { seconds, .. }) = (runner, &outcome) {
                    one = Some(*seconds);
                }
                samples.push(outcome);
            }
        }
        let mut outcomes: Vec<(Runner, Outcome)> = ours
            .iter()
            .zip(samples)
            .map(|(&runner, samples)| (runner, median_outcome(samples)))
            .collect();
        for peer in PEERS {
            let outcome = if case.source.is_board() {
                Outcome::Skipped { why: "not run" }
            } else if installed(peer) {
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
fn write_case(root: &Path, dlx: &Path, dir: &Path, case: Case) -> anyhow::Result<PathBuf> {
    let text = match case.source {
        Source::Polyomino(board, pieces) => {
            let output = std::process::Command::new(dlx)
                .args([
                    "polyomino",
                    "--board",
                    board,
                    "--pieces",
                    pieces,
                    "--emit-dlx",
                ])
                .output()
                .with_context(|| format!("cannot run {}", dlx.display()))?;
            anyhow::ensure!(
                output.status.success(),
                "dlx polyomino --board {board} --pieces {pieces} --emit-dlx failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            String::from_utf8(output.stdout).context("dlx polyomino wrote no UTF-8")?
        }
        Source::File(file) => return Ok(root.join(file)),
        Source::Langford(n) => langford(n),
        Source::Queens(n) => queens(n),
        Source::Tiling(board, pieces) => tiling(board, pieces),
        // A board for `dlx polyomino --board-file`.
        Source::Dominoes(board) => {
            let path = dir.join(format!("{}.txt", case.name));
            std::fs::write(&path, board.art())
                .with_context(|| format!("cannot write {}", path.display()))?;
            return Ok(path);
        }
        // No file: `dlx polyiamond --board hexagon:N`.
        Source::Lozenges(_) => return Ok(PathBuf::new()),
    };
    let path = dir.join(format!("{}.dlx", case.name));
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}
