//! `cargo xtask fuzz`: runs every cargo-fuzz target in `fuzz/` for a while and reports what each did.
//!
//! Each target runs as `cargo +nightly fuzz run TARGET WORK SEEDS --
//! -max_total_time=N`: new inputs go to a working corpus under
//! `target/fuzz/corpus/TARGET` (kept between runs, never committed), and the
//! committed seeds in `fuzz/corpus/TARGET` are only read. libFuzzer's final
//! statistics give the executions and the peak resident size; its output
//! goes to `target/fuzz/logs/TARGET.log`. Every target gets the dictionary
//! `fuzz/numbers.dict` (numbers at the edges of the integer types).
//!
//! A missing nightly toolchain is not a failure: the pass is skipped with a
//! message saying so (and how to install it). A missing cargo-fuzz is
//! installed with `cargo install cargo-fuzz --locked`; when that fails too
//! (no network), the pass is skipped the same way. A target that finds a
//! crash, a timeout or an out-of-memory input fails the command, naming the
//! input libFuzzer saved and how to reproduce it.

use std::fmt::Write as _;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{ensure, Context as _};

use crate::flags::Flags;
use crate::{say, workspace_root};

/// Seconds per target when `--seconds` is not given.
const DEFAULT_SECONDS: u64 = 60;

/// libFuzzer's limit on one input's run, in seconds: an input slower than
/// this is a finding (every target bounds its work to milliseconds).
const INPUT_TIMEOUT_SECONDS: u64 = 10;

/// libFuzzer's limit on the resident size, in MiB: an input that makes a
/// target use more is a finding (issue 13: no small input may make the tool
/// allocate gigabytes).
const RSS_LIMIT_MB: u64 = 2048;

/// The command line of `cargo xtask fuzz`.
#[derive(Debug)]
pub(crate) struct Options {
    /// Seconds each target runs.
    seconds: u64,
    /// Only this target.
    target: Option<String>,
}

/// What one target's run did.
#[derive(Debug)]
struct Outcome {
    target: String,
    /// Wall-clock seconds of the run, build check included.
    seconds: f64,
    /// Inputs run (libFuzzer's `number_of_executed_units`).
    executions: Option<u64>,
    /// Peak resident size in MiB (libFuzzer's `peak_rss_mb`).
    peak_rss_mb: Option<u64>,
    /// `None` when the run ended cleanly, else what went wrong.
    failure: Option<String>,
}

impl Options {
    /// Reads the arguments after `fuzz`.
    pub(crate) fn parse(args: &[String]) -> anyhow::Result<Options> {
        let mut options = Options {
            seconds: DEFAULT_SECONDS,
            target: None,
        };
        let mut flags = Flags::new("fuzz", args);
        while let Some(flag) = flags.next_flag() {
            match flag {
                "--seconds" => {
                    options.seconds = flags.number(flag)?;
                    ensure!(options.seconds > 0, "--seconds must be at least 1");
                }
                "--target" => options.target = Some(flags.value(flag)?),
                other => return Err(flags.unknown(other)),
            }
        }
        Ok(options)
    }
}

/// Runs the targets and prints a table of what each did; an error when a target found something.
pub(crate) fn run(options: &Options) -> anyhow::Result<()> {
    let root = workspace_root();
    let mut targets = list_targets(&root.join("fuzz"))?;
    if let Some(only) = &options.target {
        ensure!(
            targets.contains(only),
            "no fuzz target {only:?}; the targets are {}",
            targets.join(", ")
        );
        targets.retain(|t| t == only);
    }
    if !succeeds(cargo_nightly(&root).arg("--version")) {
        say("fuzz: skipped: no nightly toolchain (cargo-fuzz needs one: `rustup toolchain install nightly`)");
        return Ok(());
    }
    if !succeeds(cargo_nightly(&root).args(["fuzz", "--version"])) {
        say("fuzz: cargo-fuzz is missing; installing it: cargo install cargo-fuzz --locked");
        let installed = cargo(&root)
            .args(["install", "cargo-fuzz", "--locked"])
            .status()
            .is_ok_and(|status| status.success());
        if !installed || !succeeds(cargo_nightly(&root).args(["fuzz", "--version"])) {
            say("fuzz: skipped: cargo-fuzz is not installed and `cargo install cargo-fuzz --locked` failed (is crates.io reachable?); install it, then run `cargo xtask fuzz` again");
            return Ok(());
        }
    }

    say("fuzz: cargo +nightly fuzz build");
    let status = cargo_nightly(&root)
        .args(["fuzz", "build"])
        .status()
        .context("cannot run cargo +nightly fuzz build")?;
    ensure!(status.success(), "cargo +nightly fuzz build failed");

    let work = root.join("target").join("fuzz");
    let mut outcomes = Vec::new();
    for target in &targets {
        say(&format!("fuzz: {target} for {} s", options.seconds));
        let outcome = run_target(&root, &work, target, options.seconds)?;
        if let Some(failure) = &outcome.failure {
            say(&format!("fuzz: {target}: {failure}"));
        }
        outcomes.push(outcome);
    }
    say(&report(&outcomes));
    let failed: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.failure.is_some())
        .map(|o| o.target.as_str())
        .collect();
    ensure!(
        failed.is_empty(),
        "{} of {} fuzz targets found something: {}",
        failed.len(),
        outcomes.len(),
        failed.join(", ")
    );
    Ok(())
}

/// The targets: the files of `fuzz/fuzz_targets`, by name, sorted.
fn list_targets(fuzz: &Path) -> anyhow::Result<Vec<String>> {
    let dir = fuzz.join("fuzz_targets");
    let entries =
        std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))?;
    let mut targets = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "rs") {
            if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                targets.push(stem.to_owned());
            }
        }
    }
    targets.sort();
    ensure!(!targets.is_empty(), "no fuzz targets in {}", dir.display());
    Ok(targets)
}

/// Runs one target for `seconds`, its output into `work/logs/TARGET.log`.
fn run_target(root: &Path, work: &Path, target: &str, seconds: u64) -> anyhow::Result<Outcome> {
    let corpus = work.join("corpus").join(target);
    let logs = work.join("logs");
    for dir in [&corpus, &logs] {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let log_path = logs.join(format!("{target}.log"));
    let log =
        File::create(&log_path).with_context(|| format!("cannot write {}", log_path.display()))?;
    let seeds = root.join("fuzz").join("corpus").join(target);
    let dict = root.join("fuzz").join("numbers.dict");
    let start = Instant::now();
    let status = cargo_nightly(root)
        .args(["fuzz", "run", target])
        .arg(&corpus)
        .arg(&seeds)
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!("-timeout={INPUT_TIMEOUT_SECONDS}"))
        .arg(format!("-rss_limit_mb={RSS_LIMIT_MB}"))
        .arg("-print_final_stats=1")
        // LeakSanitizer reports the thread-local destructors that rayon's
        // workers register (the first time one waits on a channel, say) as
        // leaks, since it does not see those threads' TLS: a false positive
        // that would fail CI at random. Safe Rust leaks only on purpose.
        .arg("-detect_leaks=0")
        .arg(format!("-dict={}", dict.display()))
        .stdout(log.try_clone()?)
        .stderr(log)
        .status()
        .context("cannot run cargo +nightly fuzz run")?;
    let elapsed = start.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&log_path)
        .with_context(|| format!("cannot read {}", log_path.display()))?;
    let failure = (!status.success()).then(|| describe_failure(target, &text, &log_path));
    Ok(Outcome {
        target: target.to_owned(),
        seconds: elapsed,
        executions: stat(&text, "stat::number_of_executed_units:"),
        peak_rss_mb: stat(&text, "stat::peak_rss_mb:"),
        failure,
    })
}

/// What a failed run found, from its log: the kind of finding, the input
/// saved, and how to reproduce it.
fn describe_failure(target: &str, log: &str, log_path: &Path) -> String {
    let kind = [
        ("ERROR: libFuzzer: timeout", "a timeout"),
        ("ERROR: libFuzzer: out-of-memory", "an out-of-memory input"),
        ("ERROR: libFuzzer: deadly signal", "a crash"),
        ("ERROR: AddressSanitizer", "a memory error"),
        ("panicked at", "a panic"),
    ]
    .iter()
    .find(|(marker, _)| log.contains(marker))
    .map_or("a failure", |&(_, kind)| kind);
    let artifact = log.lines().find_map(|line| {
        line.split_once("Test unit written to ")
            .map(|(_, path)| path.trim())
    });
    let mut text = format!("found {kind} (log: {})", log_path.display());
    if let Some(panic) = log.lines().find(|line| line.contains("panicked at")) {
        let _ = write!(text, "\n  {}", panic.trim());
        let message = log
            .lines()
            .skip_while(|line| !line.contains("panicked at"))
            .nth(1);
        if let Some(message) = message {
            let _ = write!(text, "\n  {}", message.trim());
        }
    }
    if let Some(artifact) = artifact {
        let _ = write!(
            text,
            "\n  input: {artifact}\n  reproduce: cargo +nightly fuzz run {target} {artifact}"
        );
    }
    text
}

/// The number after `key` on the last line of the log that starts with it.
fn stat(log: &str, key: &str) -> Option<u64> {
    log.lines()
        .filter_map(|line| line.trim().strip_prefix(key))
        .next_back()
        .and_then(|value| value.trim().parse().ok())
}

/// The table of outcomes, in markdown.
fn report(outcomes: &[Outcome]) -> String {
    let mut text = String::from(
        "\n| target | seconds | executions | executions/s | peak RSS (MiB) | result |\n|---|---:|---:|---:|---:|---|\n",
    );
    let show = |value: Option<u64>| value.map_or_else(|| "?".to_owned(), |v| v.to_string());
    for o in outcomes {
        let rate = o.executions.map_or_else(
            || "?".to_owned(),
            |n| format!("{:.0}", n as f64 / o.seconds),
        );
        let result = match &o.failure {
            None => "clean".to_owned(),
            Some(failure) => failure.lines().next().unwrap_or("failed").to_owned(),
        };
        let _ = writeln!(
            text,
            "| {} | {:.0} | {} | {rate} | {} | {result} |",
            o.target,
            o.seconds,
            show(o.executions),
            show(o.peak_rss_mb),
        );
    }
    text
}

/// `cargo` through rustup, in the workspace root, without the variables
/// that `cargo xtask` (a stable cargo) set: they would make cargo-fuzz call
/// the stable cargo and rustc.
fn cargo(root: &Path) -> Command {
    let mut command = Command::new("cargo");
    command.current_dir(root);
    for var in [
        "CARGO",
        "RUSTC",
        "RUSTDOC",
        "RUSTUP_TOOLCHAIN",
        "RUSTC_WRAPPER",
    ] {
        command.env_remove(var);
    }
    command
}

/// `cargo +nightly`, as [`cargo`] makes it.
fn cargo_nightly(root: &Path) -> Command {
    let mut command = cargo(root);
    command.arg("+nightly");
    command
}

/// Whether the command runs and exits 0 (its output discarded).
fn succeeds(command: &mut Command) -> bool {
    command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}
