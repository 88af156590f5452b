//! `cargo xtask bench`: our engine against its peers, measured in one run on one machine.
//!
//! Every solver runs as a process of its own on the same instance file, all
//! solutions, input parsing included, single thread: our `dlx solve --count
//! --threads 1`,
//! `miniexact -x -e -D` (when installed), the `dlx` and `xcov` crates and the
//! bitboard queens counter through the `runner` example of `dlx-benches`.
//! Rounds interleave the solvers, so a change of load on the machine hits
//! them alike; the report gives the median of the rounds. One more run of
//! ours under `xtask rss` gives the nodes, the updates and the peak resident
//! size. The criterion benches (`cargo bench -p dlx-benches`) measure the
//! same workloads in-process, for finer work on one of them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context as _};
use dlx_benches::{Kind, Workload, WORKLOADS};

use crate::figures::{format_count, format_ratio, format_time, median};
use crate::{say, workspace_root};

/// The command line of `cargo xtask bench`.
#[derive(Debug, Default)]
pub(crate) struct Options {
    /// One round of the quick workloads only.
    quick: bool,
    /// Only the workloads whose name contains this.
    filter: Option<String>,
    /// Rounds per solver (median taken); defaults to 1 quick, 3 full.
    rounds: Option<usize>,
    /// Where the markdown report goes.
    output: Option<PathBuf>,
    /// Use the binaries already built (when the tree does not build right now).
    no_build: bool,
    /// Only the counting table.
    counting: bool,
    /// The time limit of each run of the counting table.
    count_seconds: Option<u64>,
}

impl Options {
    /// Reads the arguments after `bench`.
    pub(crate) fn parse(args: &[String]) -> anyhow::Result<Options> {
        let mut options = Options::default();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let mut value = |flag: &str| {
                args.next()
                    .cloned()
                    .with_context(|| format!("{flag} needs a value"))
            };
            match arg.as_str() {
                "--quick" => options.quick = true,
                "--filter" => options.filter = Some(value("--filter")?),
                "--rounds" => {
                    let rounds = value("--rounds")?;
                    let rounds: usize = rounds
                        .parse()
                        .with_context(|| format!("--rounds takes a number, not {rounds:?}"))?;
                    ensure!(rounds > 0, "--rounds must be at least 1");
                    options.rounds = Some(rounds);
                }
                "--output" => options.output = Some(PathBuf::from(value("--output")?)),
                "--no-build" => options.no_build = true,
                "--counting" => options.counting = true,
                "--count-seconds" => {
                    let seconds = value("--count-seconds")?;
                    let seconds: u64 = seconds.parse().with_context(|| {
                        format!("--count-seconds takes a number, not {seconds:?}")
                    })?;
                    options.count_seconds = Some(seconds);
                }
                other => bail!("unknown argument {other:?} to bench\n\n{}", crate::USAGE),
            }
        }
        Ok(options)
    }
}

/// A solver in the comparison, in column order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Solver {
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

const PEERS: [Solver; 4] = [
    Solver::Miniexact,
    Solver::DlxCrate,
    Solver::Xcov,
    Solver::Reference,
];

impl Solver {
    fn label(self) -> &'static str {
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
struct Tools {
    dlx: PathBuf,
    runner: PathBuf,
    xtask: PathBuf,
    miniexact: Option<PathBuf>,
    threads: bool,
}

impl Tools {
    /// The arguments that keep `dlx solve` on one thread: it searches on
    /// every core by default once it has `--threads`.
    fn one_thread(&self) -> &'static [&'static str] {
        if self.threads {
            &["--threads", "1"]
        } else {
            &[]
        }
    }
}

/// What one workload measured.
#[derive(Debug, Default)]
struct Row {
    name: &'static str,
    kind: Option<Kind>,
    solutions: u64,
    nodes: Option<u64>,
    updates: Option<u64>,
    peak_rss_kib: Option<u64>,
    /// Median seconds per solver, `None` where it did not run.
    times: Vec<(Solver, f64)>,
    /// Median seconds of the plain file, then of each variant of [`FEATURES`].
    features: Option<Vec<f64>>,
}

impl Row {
    fn time(&self, solver: Solver) -> Option<f64> {
        self.times
            .iter()
            .find(|(s, _)| *s == solver)
            .map(|&(_, t)| t)
    }
}

/// Runs the comparison and writes the report.
pub(crate) fn run(options: &Options) -> anyhow::Result<()> {
    let root = workspace_root();
    let rounds = options.rounds.unwrap_or(if options.quick { 1 } else { 3 });
    let workloads: Vec<&Workload> = WORKLOADS
        .iter()
        .filter(|_| !options.counting)
        .filter(|w| !options.quick || w.quick)
        .filter(|w| {
            options
                .filter
                .as_ref()
                .is_none_or(|f| w.name.contains(f.as_str()))
        })
        .collect();
    ensure!(
        !workloads.is_empty() || options.counting,
        "no workload matches {:?}; the workloads are: {}",
        options.filter.as_deref().unwrap_or(""),
        WORKLOADS
            .iter()
            .map(|w| w.name)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut notes = Vec::new();
    let (workloads, missing): (Vec<&Workload>, Vec<&Workload>) =
        workloads.into_iter().partition(|w| w.is_available());
    for workload in missing {
        ensure!(
            matches!(workload.kind, Kind::Sudoku { .. }),
            "{} is missing: run `cargo xtask gen-data`",
            workload.file
        );
        notes.push(format!(
            "{} skipped: {} is not there (the team's shared data, or `$DLX_SHARED_DATA`).",
            workload.name,
            workload.path().display()
        ));
    }

    let tools = prepare(&root, !options.no_build)?;
    if tools.miniexact.is_none() {
        notes.push(
            "miniexact is not installed, so its columns are empty (`pip install miniexact`)."
                .to_owned(),
        );
    }
    let load_before = load_average();
    let started = Instant::now();

    let mut rows = Vec::new();
    for workload in workloads {
        say(&format!("bench: {} ({rounds} rounds)", workload.name));
        rows.push(measure(
            &tools,
            workload,
            rounds,
            options.quick,
            &mut notes,
        )?);
    }
    let threads = if tools.threads && !options.counting {
        let (rows, threads_notes) = crate::scaling::run(
            &root,
            &tools.dlx,
            &dlx_benches::shared_data(),
            rounds,
            options.quick,
        )?;
        notes.extend(threads_notes);
        crate::scaling::render(&rows, rounds)
    } else if options.counting {
        String::new()
    } else {
        notes.push("`dlx solve` has no `--threads`: the threads table is left out.".to_owned());
        String::new()
    };
    if !options.quick {
        for row in &mut rows {
            if matches!(row.name, "pentomino-5x12" | "queens-13" | "langford-11") {
                let workload = dlx_benches::workload(row.name).expect("a known workload");
                say(&format!("bench: {} with unused features", row.name));
                row.features = Some(measure_features(&root, &tools, workload, rounds)?);
            }
        }
    }
    if rows
        .iter()
        .any(|r| matches!(r.kind, Some(Kind::Sudoku { .. })))
    {
        notes.push(format!(
            "Sudoku: ours is `dlx_models::sudoku` (givens and forced cells never reach the search) \
             through the runner; the `dlx` and `xcov` crates get the textbook 324-item encoding \
             with the options that clash with a given removed (as `xcov`'s own example builds it); \
             `first` stops at the first solution, `unique` looks for a second one. \
             The plain backtracking reference (empty cells in reading order, digits 1 to 9) runs on \
             the first {REFERENCE_SAMPLE} puzzles of a set only, and its ratio compares it with ours \
             on the same puzzles; it is left out of `--quick` and of the 17-clue set, where it \
             needs 28 s for the very first puzzle alone."
        ));
    }

    let mut limits = crate::counting::Limits::DEFAULT;
    if let Some(seconds) = options.count_seconds {
        limits.time = Duration::from_secs(seconds);
    }
    let (counting, counting_notes) = crate::counting::run(
        &root,
        &tools.dlx,
        options.quick,
        options.filter.as_deref(),
        limits,
        rounds,
    )?;
    notes.extend(counting_notes);

    let elapsed = started.elapsed();
    let machine = Machine::probe(&root, load_before, load_average(), elapsed, rounds);
    let report = render(&rows, &machine, &notes, &threads, &counting);
    say("");
    say(&report);
    let full = !options.quick && options.filter.is_none() && !options.counting;
    let output = options.output.clone().unwrap_or_else(|| {
        if full {
            root.join("BENCHMARKS.md")
        } else {
            root.join("target").join("benchmarks-partial.md")
        }
    });
    let mut report = report;
    if full {
        // The Python table and the web page's figures are measured by
        // other commands: kept as they are.
        if let Some(python) = kept_sections(&output) {
            report.push('\n');
            report.push_str(&python);
        }
    }
    std::fs::write(&output, report)
        .with_context(|| format!("cannot write {}", output.display()))?;
    say(&format!("wrote {}", output.display()));
    Ok(())
}

/// Builds our binary and the runner, and looks for the optional peers.
fn prepare(root: &Path, build: bool) -> anyhow::Result<Tools> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
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
        say(&format!("bench: cargo {}", args.join(" ")));
        let status = Command::new(&cargo)
            .args(args)
            .current_dir(root)
            .status()
            .context("cannot run cargo")?;
        ensure!(status.success(), "cargo {} failed", args.join(" "));
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("release");
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
const REFERENCE_SAMPLE: usize = 100;

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
fn measure(
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

/// The features a problem can switch on without using them, as variants of
/// a workload's file: a name for the table and how the variant is made.
const FEATURES: [(&str, Variant); 4] = [
    ("a colored item", Variant::Color),
    ("a cost", Variant::Cost),
    ("a 0:1 item", Variant::AtMostOnce),
    ("a 0:2 item (Algorithm M)", Variant::Multiplicity),
];

#[derive(Copy, Clone, Debug)]
enum Variant {
    /// A new secondary item, with a color, in the first option only.
    Color,
    /// A cost of 1 on the first option.
    Cost,
    /// A new primary item that may be covered at most once, in no option.
    AtMostOnce,
    /// A new primary item that may be covered at most twice, in no option:
    /// the search has to run Algorithm M.
    Multiplicity,
}

/// Writes the variant of a Knuth DLX file (the same solutions).
fn make_variant(text: &str, variant: Variant) -> anyhow::Result<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let is_data = |line: &String| !line.trim().is_empty() && !line.starts_with('|');
    let header = lines.iter().position(is_data).context("no item line")?;
    let first = header
        + 1
        + lines[header + 1..]
            .iter()
            .position(is_data)
            .context("no option")?;
    let add_item = |line: &mut String, item: &str, primary: bool| {
        match (line.find('|'), primary) {
            // A primary item goes before the bar, a secondary one after it.
            (Some(bar), true) => line.insert_str(bar, &format!("{item} ")),
            (Some(_), false) | (None, true) => line.push_str(&format!(" {item}")),
            (None, false) => line.push_str(&format!(" | {item}")),
        }
    };
    match variant {
        Variant::Color => {
            add_item(&mut lines[header], "unused.color", false);
            lines[first].push_str(" unused.color:A");
        }
        Variant::Cost => lines[first].push_str(" |1"),
        Variant::AtMostOnce => add_item(&mut lines[header], "0:1|unused.item", true),
        Variant::Multiplicity => add_item(&mut lines[header], "0:2|unused.item", true),
    }
    Ok(lines.join("\n") + "\n")
}

/// Medians of `dlx solve --count --threads 1` on the plain file and on each
/// variant of [`FEATURES`], run in turn in every round.
fn measure_features(
    root: &Path,
    tools: &Tools,
    workload: &Workload,
    rounds: usize,
) -> anyhow::Result<Vec<f64>> {
    let text = std::fs::read_to_string(workload.path())
        .with_context(|| format!("cannot read {}", workload.path().display()))?;
    let dir = root.join("target").join("bench-variants");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut files = vec![workload.path()];
    for (k, &(_, variant)) in FEATURES.iter().enumerate() {
        let path = dir.join(format!("{}-{k}.dlx", workload.name));
        std::fs::write(&path, make_variant(&text, variant)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
        files.push(path);
    }
    let mut times = vec![Vec::new(); files.len()];
    for _ in 0..rounds {
        for (file, times) in files.iter().zip(&mut times) {
            let start = Instant::now();
            let output = Command::new(&tools.dlx)
                .args(["solve", "--count"])
                .args(tools.one_thread())
                .arg(file)
                .output()
                .context("cannot run dlx solve")?;
            times.push(start.elapsed().as_secs_f64());
            let count: Option<u64> = String::from_utf8_lossy(&output.stdout).trim().parse().ok();
            ensure!(
                output.status.success() && count == Some(workload.solutions),
                "dlx solve found {count:?} solutions in {}, expected {}",
                file.display(),
                workload.solutions
            );
        }
    }
    Ok(times.into_iter().map(median).collect())
}

/// Where and when the figures were made.
#[derive(Debug)]
struct Machine {
    cpu: String,
    cores: usize,
    commit: String,
    rustc: String,
    date: String,
    load_before: String,
    load_after: String,
    elapsed: Duration,
    rounds: usize,
}

impl Machine {
    fn probe(
        root: &Path,
        load_before: String,
        load_after: String,
        elapsed: Duration,
        rounds: usize,
    ) -> Machine {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|info| {
                info.lines()
                    .find_map(|line| line.strip_prefix("model name"))
                    .map(|rest| rest.trim_start_matches([' ', '\t', ':']).trim().to_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let mut commit = capture(root, "git", &["rev-parse", "--short", "HEAD"]);
        let clean = Command::new("git")
            .args([
                "diff",
                "--quiet",
                "HEAD",
                "--",
                "crates",
                "benches",
                "Cargo.lock",
            ])
            .current_dir(root)
            .status()
            .is_ok_and(|s| s.success());
        if !clean {
            commit.push_str(" (with uncommitted changes)");
        }
        Machine {
            cpu,
            cores,
            commit,
            rustc: capture(root, "rustc", &["--version"]),
            date: utc_now(),
            load_before,
            load_after,
            elapsed,
            rounds,
        }
    }
}

/// A command's first line of output, or `unknown`.
fn capture(root: &Path, program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.lines().next().map(str::to_owned))
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The 1, 5 and 15 minute load averages, as `uptime` shows them.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The current UTC time as `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let (hour, minute) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// The markdown report: the machine, the tables (`threads` is the threads
/// table, rendered by [`crate::scaling::render`]; `counting` the counting
/// table, by [`crate::counting::run`]), the notes.
fn render(
    rows: &[Row],
    machine: &Machine,
    notes: &[String],
    threads: &str,
    counting: &str,
) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Benchmarks\n");
    let _ = writeln!(
        md,
        "Generated by `cargo xtask bench` (see `xtask/src/bench.rs`); do not edit by hand.\n"
    );
    let _ = writeln!(
        md,
        "To reproduce: `pip install miniexact` (the only peer installed by hand; \
         the `dlx` and `xcov` crates come with `dlx-benches`), then `cargo xtask bench`; \
         `cargo xtask bench --quick` needs no peer. See `benches/README.md`.\n"
    );
    let _ = writeln!(
        md,
        "Every solver runs as its own process on the same instance file, all solutions, \
         input parsing included, one thread:"
    );
    let _ = writeln!(
        md,
        "ours is `dlx solve --count --threads 1 FILE`, miniexact is `miniexact -x -e -D FILE` with its output \
         sent to a sink, the `dlx` crate (0.8.5, features `32-bit` and `unsafe-fast-index`) \
         and `xcov` (0.3.1) run through `benches/examples/runner.rs`, and the reference is \
         the bitboard counter of `dlx-benches` (N-queens)."
    );
    let _ = writeln!(
        md,
        "Times are medians of {} interleaved round(s); a ratio is ours / peer, so below 1 means ours is faster.",
        machine.rounds
    );
    let _ = writeln!(
        md,
        "Nodes and updates are Knuth's statistics from one more run, `dlx solve --count --stats` \
         (for sudoku, `Solver::stats` summed over the set in the runner); \
         peak RSS is that run's maximum resident size (`getrusage`, `cargo xtask rss`).\n"
    );
    let _ = writeln!(md, "- Machine: {}, {} cores", machine.cpu, machine.cores);
    let _ = writeln!(md, "- Commit: {}", machine.commit);
    let _ = writeln!(md, "- Compiler: {}", machine.rustc);
    let _ = writeln!(md, "- Date: {}", machine.date);
    let _ = writeln!(
        md,
        "- Load average (1, 5, 15 min): {} before, {} after; the run took {:.0} s\n",
        machine.load_before,
        machine.load_after,
        machine.elapsed.as_secs_f64()
    );

    let (sudoku, exact): (Vec<&Row>, Vec<&Row>) = rows
        .iter()
        .partition(|r| matches!(r.kind, Some(Kind::Sudoku { .. })));
    if !exact.is_empty() {
        let _ = writeln!(
            md,
            "## Exact cover, all solutions
"
        );
        render_table(&mut md, &exact, "solutions", &PEERS);
    }
    if !sudoku.is_empty() {
        let _ = writeln!(
            md,
            "
## 9x9 sudoku sets
"
        );
        let _ = writeln!(
            md,
            "A row is a whole set; `per second` counts puzzles. \
             The reference column times plain backtracking on the first {REFERENCE_SAMPLE} puzzles, \
             and its ratio is ours on those same puzzles divided by it.\n"
        );
        render_table(
            &mut md,
            &sudoku,
            "puzzles",
            &[Solver::DlxCrate, Solver::Xcov, Solver::Reference],
        );
    }

    md.push_str(threads);

    let featured: Vec<&Row> = rows.iter().filter(|r| r.features.is_some()).collect();
    if !featured.is_empty() {
        let _ = writeln!(md, "\n## Features switched on but unused\n");
        let _ = writeln!(
            md,
            "`dlx solve --count --threads 1` on the file and on variants of it that switch a feature \
             on without using it (same solutions; the variants are written to \
             `target/bench-variants/`), medians of {} round(s); a ratio is the variant's time over \
             the plain file's. A `0:1` item beside exact items is a secondary item to the search, \
             so it runs Algorithm X; a `0:2` item makes it run Algorithm M.\n",
            machine.rounds
        );
        let mut header = "| workload | plain |".to_owned();
        let mut rule = "| --- | ---: |".to_owned();
        for (name, _) in FEATURES {
            let _ = write!(header, " {name} | ratio |");
            rule.push_str(" ---: | ---: |");
        }
        let _ = writeln!(md, "{header}\n{rule}");
        for row in featured {
            let times = row.features.as_ref().expect("filtered on features");
            let mut line = format!("| {} | {} |", row.name, format_time(times[0]));
            for &time in &times[1..] {
                let _ = write!(line, " {} | {:.2} |", format_time(time), time / times[0]);
            }
            let _ = writeln!(md, "{line}");
        }
    }

    md.push_str(counting);

    if !notes.is_empty() {
        let _ = writeln!(md, "\n## Notes\n");
        for note in notes {
            let _ = writeln!(md, "- {note}");
        }
    }
    md
}

/// The sections of the file at `path` that other commands measure, from
/// the first of [`KEPT_HEADINGS`] to the end: `cargo xtask python --bench`'s
/// table (see `crate::python`) and the web page's figures (`cargo xtask web
/// --test`, see `crate::web`).
pub(crate) fn kept_sections(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let start = KEPT_HEADINGS.iter().filter_map(|h| text.find(h)).min()?;
    Some(text[start..].to_owned())
}

/// The headings of the sections of `BENCHMARKS.md` this bench keeps.
pub(crate) const KEPT_HEADINGS: &[&str] = &["## Python packages\n", "## Web page\n"];

/// One table: a row per workload, our figures, then a time and a ratio per peer.
fn render_table(md: &mut String, rows: &[&Row], unit: &str, peers: &[Solver]) {
    let sudoku = unit == "puzzles";
    let rate = if sudoku { "per second" } else { "nodes/s" };
    let mut header = format!("| workload | {unit} | ours | {rate} | nodes | updates | peak RSS |");
    let mut rule = String::from("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for &peer in peers {
        let _ = write!(header, " {} | ours/{} |", peer.label(), short(peer));
        rule.push_str(" ---: | ---: |");
    }
    let _ = writeln!(md, "{header}\n{rule}");
    let cell = |value: Option<String>| value.unwrap_or_else(|| "-".to_owned());
    for row in rows {
        let ours = row.time(Solver::Ours);
        let per_second = if sudoku {
            ours.map(|t| format_count(row.solutions as f64 / t))
        } else {
            row.nodes.zip(ours).map(|(n, t)| format_count(n as f64 / t))
        };
        let _ = write!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            row.name,
            row.solutions,
            cell(ours.map(format_time)),
            cell(per_second),
            cell(row.nodes.map(|n| format_count(n as f64))),
            cell(row.updates.map(|n| format_count(n as f64))),
            cell(
                row.peak_rss_kib
                    .map(|k| format!("{:.1} MiB", k as f64 / 1024.0))
            ),
        );
        for &peer in peers {
            let time = row.time(peer);
            // The sudoku reference runs on a sample: compare it with ours on the same sample.
            let ours = if sudoku && peer == Solver::Reference {
                row.time(Solver::OursSample)
            } else {
                ours
            };
            let _ = write!(
                md,
                " {} | {} |",
                cell(time.map(format_time)),
                cell(ours.zip(time).map(|(o, p)| format_ratio(o / p)))
            );
        }
        md.push('\n');
    }
}

/// The short name of a peer in a ratio column.
fn short(solver: Solver) -> &'static str {
    match solver {
        Solver::Ours => "ours",
        Solver::Miniexact => "mx",
        Solver::DlxCrate => "dlx",
        Solver::Xcov => "xcov",
        Solver::Reference => "ref",
        Solver::OursSample => "ours",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_refuse_unknown_arguments() {
        let args = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let options = Options::parse(&args(&["--quick", "--filter", "queens"])).expect("valid");
        assert!(options.quick);
        assert_eq!(options.filter.as_deref(), Some("queens"));
        assert!(Options::parse(&args(&["--rounds", "0"])).is_err());
        assert!(Options::parse(&args(&["--filter"])).is_err());
        assert!(Options::parse(&args(&["--fast"])).is_err());
    }
}
