//! One workload of the exact cover table measured: the solvers, the statistics run of ours and the timed rounds of each.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{ensure, Context as _};
use dlx_benches::{Kind, Workload};

use crate::figures::median;
use crate::tools;

/// A solver in the comparison, in column order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Solver {
    /// Our `dlx solve --count FILE`.
    Ours,
    /// `miniexact -x -e -D FILE`, output to a sink.
    Miniexact,
    /// The `dlx` crate through the runner.
    DlxCrate,
    /// The `xcov` crate through the runner.
    Xcov,
    /// The physical reference through the runner: the bitboard counter for
    /// queens, plain backtracking for sudoku (on the first puzzles of the set).
    Reference,
    /// Ours on the reference's sample of a sudoku set, for a fair ratio.
    OursSample,
}

pub(super) const PEERS: [Solver; 4] = [
    Solver::Miniexact,
    Solver::DlxCrate,
    Solver::Xcov,
    Solver::Reference,
];

impl Solver {
    pub(super) fn label(self) -> &'static str {
        match self {
            Solver::Ours => "ours",
            Solver::Miniexact => "miniexact",
            Solver::DlxCrate => "dlx crate",
            Solver::Xcov => "xcov",
            Solver::Reference => "reference",
            Solver::OursSample => "ours (sample)",
        }
    }
}

/// The programs the run uses, found or built once.
#[derive(Debug)]
pub(super) struct Tools {
    pub(super) dlx: PathBuf,
    runner: PathBuf,
    xtask: PathBuf,
    pub(super) miniexact: Option<PathBuf>,
    pub(super) threads: bool,
}

impl Tools {
    /// The arguments that keep `dlx solve` on one thread: it searches on
    /// every core by default once it has `--threads`.
    pub(super) fn one_thread(&self) -> &'static [&'static str] {
        if self.threads {
            &["--threads", "1"]
        } else {
            &[]
        }
    }
}

/// What one workload measured.
#[derive(Debug, Default)]
pub(super) struct Row {
    pub(super) name: &'static str,
    pub(super) kind: Option<Kind>,
    pub(super) solutions: u64,
    pub(super) nodes: Option<u64>,
    pub(super) updates: Option<u64>,
    pub(super) peak_rss_kib: Option<u64>,
    /// Median seconds per solver, `None` where it did not run.
    pub(super) times: Vec<(Solver, f64)>,
    /// Median seconds of the plain file, then of each variant of [`FEATURES`](super::features::FEATURES).
    pub(super) features: Option<Vec<f64>>,
}

impl Row {
    pub(super) fn time(&self, solver: Solver) -> Option<f64> {
        self.times
            .iter()
            .find(|(s, _)| *s == solver)
            .map(|&(_, t)| t)
    }
}

/// Builds our binary and the runner, and looks for the optional peers.
pub(super) fn prepare(root: &Path, build: bool) -> anyhow::Result<Tools> {
    let builds: [&[&str]; 2] = [
        &["build", "--release", "-p", "dlx-cli", "--bin", "dlx"],
        &[
            "build",
            "--release",
            "-p",
            "dlx-benches",
            "--example",
            "runner",
        ],
    ];
    for args in builds.into_iter().filter(|_| build) {
        tools::cargo(root, args)?;
    }
    let target = tools::target_dir(root).join("release");
    let dlx = target.join("dlx");
    let help = Command::new(&dlx)
        .args(["solve", "--help"])
        .output()
        .with_context(|| format!("cannot run {}", dlx.display()))?;
    let threads = String::from_utf8_lossy(&help.stdout).contains("--threads");
    let miniexact = dlx_benches::miniexact();
    Ok(Tools {
        dlx,
        runner: target.join("examples").join("runner"),
        xtask: std::env::current_exe().context("cannot find the xtask binary")?,
        miniexact,
        threads,
    })
}

/// How many puzzles of a sudoku set the plain backtracking reference solves.
pub(super) const REFERENCE_SAMPLE: usize = 100;

/// The solvers that run a workload, ours first.
fn solvers(tools: &Tools, workload: &Workload, quick: bool) -> Vec<Solver> {
    let sudoku = matches!(workload.kind, Kind::Sudoku { .. });
    let mut solvers = vec![Solver::Ours];
    if tools.miniexact.is_some() && !sudoku {
        solvers.push(Solver::Miniexact);
    }
    solvers.extend([Solver::DlxCrate, Solver::Xcov]);
    match workload.kind {
        Kind::Queens(_) => solvers.push(Solver::Reference),
        Kind::Sudoku { .. } if !quick && !workload.name.contains("17clue") => {
            solvers.extend([Solver::OursSample, Solver::Reference]);
        }
        _ => {}
    }
    solvers
}

/// One workload: the stats run of ours, then `rounds` interleaved rounds of every solver.
pub(super) fn measure(
    tools: &Tools,
    workload: &Workload,
    rounds: usize,
    quick: bool,
    notes: &mut Vec<String>,
) -> anyhow::Result<Row> {
    let mut row = Row {
        name: workload.name,
        kind: Some(workload.kind),
        solutions: workload.solutions,
        ..Row::default()
    };
    stats_run(tools, workload, &mut row)?;
    let mut solvers = solvers(tools, workload, quick);
    if let (Some(program), true) = (&tools.miniexact, solvers.contains(&Solver::Miniexact)) {
        let found = dlx_benches::count_miniexact(program, &workload.path());
        if found != Some(workload.solutions) {
            notes.push(format!(
                "miniexact left out of {}: it found {found:?} solutions, not {}.",
                workload.name, workload.solutions
            ));
            solvers.retain(|&s| s != Solver::Miniexact);
        }
    }
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); solvers.len()];
    let mut failed = vec![false; solvers.len()];
    for _ in 0..rounds {
        for ((solver, times), failed) in solvers.iter().zip(&mut samples).zip(&mut failed) {
            if *failed {
                continue;
            }
            match time_once(tools, *solver, workload) {
                Ok(time) => times.push(time.as_secs_f64()),
                // Ours must work; a peer that fails is reported and left out.
                Err(err) if *solver == Solver::Ours => return Err(err),
                Err(err) => {
                    notes.push(format!(
                        "{} left out of {}: {err:#}.",
                        solver.label(),
                        workload.name
                    ));
                    *failed = true;
                }
            }
        }
    }
    row.times = solvers
        .iter()
        .zip(samples)
        .zip(failed)
        .filter(|(_, failed)| !failed)
        .map(|((&solver, times), _)| (solver, median(times)))
        .collect();
    Ok(row)
}

/// Runs `dlx solve --count --stats FILE` under `xtask rss`: checks the
/// count, reads the nodes and updates, and the peak resident size.
fn stats_run(tools: &Tools, workload: &Workload, row: &mut Row) -> anyhow::Result<()> {
    let mut command = Command::new(&tools.xtask);
    command.arg("rss").arg("--");
    if let Kind::Sudoku { .. } = workload.kind {
        // The runner prints the statistics of ours on a sudoku set.
        command.arg(&tools.runner).args(["ours", workload.name]);
    } else {
        command
            .arg(&tools.dlx)
            .args(["solve", "--count", "--stats"])
            .args(tools.one_thread())
            .arg(workload.path());
    }
    let output = command.output().context("cannot run xtask rss")?;
    ensure!(
        output.status.success(),
        "the statistics run of ours on {} failed: {}",
        workload.name,
        String::from_utf8_lossy(&output.stderr)
    );
    let count: u64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .context("ours printed no count")?;
    ensure!(
        count == workload.solutions,
        "ours found {count} solutions of {}, expected {}",
        workload.name,
        workload.solutions
    );
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        let mut words = line.split_whitespace();
        let key = words.next().unwrap_or("");
        let value = words.next().and_then(|v| v.parse().ok());
        match key {
            "nodes:" => row.nodes = value,
            "updates:" => row.updates = value,
            _ if key == crate::rss::MARKER => row.peak_rss_kib = value,
            _ => {}
        }
    }
    Ok(())
}

/// Times one run of one solver on one workload, checking that it succeeded.
fn time_once(tools: &Tools, solver: Solver, workload: &Workload) -> anyhow::Result<Duration> {
    let path = workload.path();
    let sudoku = matches!(workload.kind, Kind::Sudoku { .. });
    let runner = |name: &str, sample: bool| {
        let mut command = Command::new(&tools.runner);
        command.args([name, workload.name]);
        if sample {
            command.args(["--take", &REFERENCE_SAMPLE.to_string()]);
        }
        command
    };
    let mut command = match solver {
        Solver::Ours if sudoku => runner("ours", false),
        Solver::Ours => {
            let mut command = Command::new(&tools.dlx);
            command
                .args(["solve", "--count"])
                .args(tools.one_thread())
                .arg(&path);
            command
        }
        Solver::OursSample => runner("ours", true),
        Solver::Miniexact => {
            let program = tools
                .miniexact
                .as_ref()
                .expect("miniexact runs only when installed");
            dlx_benches::miniexact_command(program, &path)
        }
        Solver::DlxCrate => runner("dlx-crate", false),
        Solver::Xcov => runner("xcov", false),
        Solver::Reference if sudoku => runner("backtrack", true),
        Solver::Reference => runner("bitboard", false),
    };
    command.stdout(Stdio::null()).stderr(Stdio::null());
    let start = Instant::now();
    let status = command
        .status()
        .with_context(|| format!("cannot run {} on {}", solver.label(), workload.name))?;
    let elapsed = start.elapsed();
    // miniexact exits with 10 (solutions found) or 20 (none) rather than 0.
    let ok = match solver {
        Solver::Miniexact => matches!(status.code(), Some(0 | 10 | 20)),
        _ => status.success(),
    };
    ensure!(
        ok,
        "{} failed on {}: {status}",
        solver.label(),
        workload.name
    );
    Ok(elapsed)
}
