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
//!
//! The command is in this module; its parts are in its children: the solvers and how one workload is measured ([`measure`](mod@measure)), the unused features' variants ([`features`]), where and when the figures were made ([`machine`]) and the markdown report ([`report`]).
//! The threads table ([`crate::scaling`]) and the counting table ([`crate::counting`]) are modules of their own, which this one calls.

mod features;
mod machine;
mod measure;
mod report;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{ensure, Context as _};
use dlx_benches::{Kind, Workload, WORKLOADS};

use crate::flags::Flags;
use crate::{say, workspace_root};

use features::measure_features;
use machine::{load_average, Machine};
use measure::{measure, prepare, REFERENCE_SAMPLE};
use report::{kept_sections, render};

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
        let mut flags = Flags::new("bench", args);
        while let Some(flag) = flags.next_flag() {
            match flag {
                "--quick" => options.quick = true,
                "--filter" => options.filter = Some(flags.value(flag)?),
                "--rounds" => {
                    let rounds: usize = flags.number(flag)?;
                    ensure!(rounds > 0, "--rounds must be at least 1");
                    options.rounds = Some(rounds);
                }
                "--output" => options.output = Some(PathBuf::from(flags.value(flag)?)),
                "--no-build" => options.no_build = true,
                "--counting" => options.counting = true,
                "--count-seconds" => options.count_seconds = Some(flags.number(flag)?),
                other => return Err(flags.unknown(other)),
            }
        }
        Ok(options)
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
