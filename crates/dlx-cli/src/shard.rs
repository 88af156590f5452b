//! `dlx split`, `dlx count` and `dlx merge`: one count cut into shards for many machines, and summed again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, ensure, Context as _};
use clap::{Args, Subcommand};
use dlx_core::{write_dlx, OptionId, Problem, Solver};
use dlx_parallel::{ParallelSolver, Split, SplitGoal};
use serde::{Deserialize, Serialize};

use crate::shared::{out, parse_problem, print_stats, read_input, read_text, thread_count, Output};

/// The sharding subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum ShardCommand {
    /// Split a problem's search into subproblems, written as JSON lines.
    Split(SplitArgs),
    /// Count the solutions of one shard of a split search, as JSON lines.
    Count(CountArgs),
    /// Sum the JSON lines of `dlx count` shards into the total count.
    Merge(MergeArgs),
}

/// How to split: by depth or by number of pieces.
#[derive(Debug, Args)]
#[group(multiple = false)]
pub(crate) struct SplitChoice {
    /// Split every branch down to this many choices.
    #[arg(long, value_name = "D")]
    depth: Option<usize>,
    /// Split the largest subproblems until there are at least K (default 256).
    #[arg(long, value_name = "K")]
    pieces: Option<usize>,
}

impl SplitChoice {
    fn goal(&self) -> SplitGoal {
        match (self.depth, self.pieces) {
            (Some(d), _) => SplitGoal::Depth(d),
            (None, Some(k)) => SplitGoal::Pieces(k),
            (None, None) => SplitGoal::Pieces(DEFAULT_PIECES),
        }
    }
}

const DEFAULT_PIECES: usize = 256;

/// Write the subproblems of a split search as JSON lines.
///
/// Each line names the problem by its fingerprint, the split by its own, and
/// gives the subproblem's index, the number of subproblems and the option
/// indices (0-based, in file order) chosen to reach it. Taken in index order
/// the subproblems enumerate the solutions in the sequential order.
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  dlx split --depth 2 data/pentomino-6x10.dlx > split.jsonl")]
pub(crate) struct SplitArgs {
    /// The problem file (Knuth's DLX format); standard input when absent or `-`.
    file: Option<PathBuf>,
    #[command(flatten)]
    choice: SplitChoice,
}

/// Count the solutions of shard I of N, one JSON line per subproblem.
///
/// Shard I takes subproblems I, I+N, I+2N, ... of the split, which is
/// recomputed from the file (the same options give the same split on every
/// machine) or read from `--split`. Written `--shard /N`, the index comes
/// from `SLURM_ARRAY_TASK_ID` or `JOB_COMPLETION_INDEX` (Kubernetes indexed jobs).
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx count --shard 0/4 data/pentomino-6x10.dlx > part-0.jsonl\n  dlx count --shard /4 --pieces 512 problem.dlx > part-$SLURM_ARRAY_TASK_ID.jsonl\n  dlx merge part-*.jsonl"
)]
pub(crate) struct CountArgs {
    /// The problem file (Knuth's DLX format); standard input when absent or `-`.
    file: Option<PathBuf>,
    /// The shard to count, `I/N` with I from 0 to N-1 (or `/N`: I from the environment).
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    shard: String,
    #[command(flatten)]
    choice: SplitChoice,
    /// Read the split from this file (written by `dlx split`) instead of recomputing it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "pieces"])]
    split: Option<PathBuf>,
    /// Threads to count the shard's subproblems on (default: one per core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

/// Sum the counts written by `dlx count` shards.
///
/// Refuses (exit code 2) parts from different problems or splits, a
/// subproblem counted twice, or one missing.
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  dlx merge part-*.jsonl")]
pub(crate) struct MergeArgs {
    /// The files written by `dlx count` (`-` for standard input).
    #[arg(required = true)]
    parts: Vec<PathBuf>,
    /// Print nodes, updates, subproblems and the summed time to standard error.
    #[arg(long)]
    stats: bool,
}

/// One line of `dlx split`.
#[derive(Debug, Serialize, Deserialize)]
struct SplitLine {
    problem: String,
    split: String,
    index: usize,
    of: usize,
    path: Vec<usize>,
}

/// One line of `dlx count`.
#[derive(Debug, Serialize, Deserialize)]
struct CountLine {
    problem: String,
    split: String,
    index: usize,
    of: usize,
    count: u64,
    nodes: u64,
    updates: u64,
    max_level: usize,
    seconds: f64,
    /// Nodes the sequential search spends above the subproblems (the same on every line).
    split_nodes: u64,
    /// Updates the sequential search makes above the subproblems (the same on every line).
    #[serde(default)]
    split_updates: u64,
}

pub(crate) fn run(command: ShardCommand) -> anyhow::Result<()> {
    match command {
        ShardCommand::Split(args) => split(&args),
        ShardCommand::Count(args) => count(&args),
        ShardCommand::Merge(args) => merge(&args),
    }
}

fn split(args: &SplitArgs) -> anyhow::Result<()> {
    let (problem, fingerprint) = read_problem(args.file.as_ref())?;
    let split = Split::new(&Solver::new(&problem), args.choice.goal());
    let split_id = split_fingerprint(&split);
    let mut output = Output::new();
    for (index, sub) in split.subproblems().iter().enumerate() {
        let line = SplitLine {
            problem: fingerprint.clone(),
            split: split_id.clone(),
            index,
            of: split.len(),
            path: sub.path.iter().map(|o| o.index()).collect(),
        };
        out!(output, "{}", serde_json::to_string(&line)?)?;
    }
    output.flush()
}

fn count(args: &CountArgs) -> anyhow::Result<()> {
    let (shard, n_shards) = parse_shard(&args.shard, |name| std::env::var(name).ok())?;
    let (problem, fingerprint) = read_problem(args.file.as_ref())?;
    let root = Solver::new(&problem);
    let split = match &args.split {
        Some(path) => read_split(path, &root, &fingerprint, problem.n_options())?,
        None => Split::new(&root, args.choice.goal()),
    };
    let split_id = split_fingerprint(&split);
    let (of, split_nodes, split_updates) =
        (split.len(), split.stats().nodes, split.stats().updates);
    let split_level = split.stats().max_level;
    let mut solver = ParallelSolver::from_solver(root)
        .with_threads(thread_count(args.threads))
        .context("cannot start the threads")?;
    solver.set_split_to(split);
    let mine: Vec<usize> = (shard..of).step_by(n_shards).collect();
    let parts = solver.count_each(&mine);
    let mut output = Output::new();
    for part in parts {
        let line = CountLine {
            problem: fingerprint.clone(),
            split: split_id.clone(),
            index: part.index,
            of,
            count: part.count,
            nodes: part.stats.nodes,
            updates: part.stats.updates,
            max_level: part.stats.max_level.max(split_level),
            seconds: part.seconds,
            split_nodes,
            split_updates,
        };
        out!(output, "{}", serde_json::to_string(&line)?)?;
    }
    output.flush()
}

fn merge(args: &MergeArgs) -> anyhow::Result<()> {
    // Every subproblem seen, with where it was read.
    let mut seen: BTreeMap<usize, (CountLine, String)> = BTreeMap::new();
    let mut first: Option<(String, String, usize, String)> = None;
    for path in &args.parts {
        let (name, text) = read_text(Some(path))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{name}:{}", n + 1);
            let part: CountLine = serde_json::from_str(line)
                .with_context(|| format!("{at}: not a line written by `dlx count`"))?;
            match &first {
                None => {
                    first = Some((
                        part.problem.clone(),
                        part.split.clone(),
                        part.of,
                        at.clone(),
                    ))
                }
                Some((problem, split, of, where_first)) => {
                    ensure!(
                        part.problem == *problem,
                        "{at} counts another problem (fingerprint {}) than {where_first} ({problem})",
                        part.problem
                    );
                    ensure!(
                        part.split == *split && part.of == *of,
                        "{at} comes from another split of the problem ({} of {}) than {where_first} ({split} of {of})",
                        part.split,
                        part.of
                    );
                }
            }
            ensure!(
                part.index < part.of,
                "{at}: subproblem {} does not exist (the split has {})",
                part.index,
                part.of
            );
            if let Some((_, before)) = seen.get(&part.index) {
                bail!(
                    "subproblem {} is counted twice: in {before} and {at}",
                    part.index
                );
            }
            seen.insert(part.index, (part, at));
        }
    }
    let Some((_, _, of, _)) = first else {
        bail!("no counts to merge: the parts are empty");
    };
    let missing: Vec<usize> = (0..of).filter(|i| !seen.contains_key(i)).collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).map(usize::to_string).collect();
        let more = if missing.len() > 10 { ", ..." } else { "" };
        bail!(
            "{} of {of} subproblems missing: {}{more}",
            missing.len(),
            shown.join(", ")
        );
    }
    let mut stats = dlx_core::Stats::default();
    let mut seconds = 0.0;
    for (part, _) in seen.values() {
        stats.solutions += part.count;
        stats.nodes += part.nodes;
        stats.updates += part.updates;
        stats.max_level = stats.max_level.max(part.max_level);
        seconds += part.seconds;
    }
    stats.nodes += seen.values().next().map_or(0, |(p, _)| p.split_nodes);
    stats.updates += seen.values().next().map_or(0, |(p, _)| p.split_updates);
    let mut output = Output::new();
    out!(output, "{}", stats.solutions)?;
    output.flush()?;
    if args.stats {
        print_stats(&stats, seconds);
    }
    Ok(())
}

/// Reads and parses the problem, and its fingerprint.
fn read_problem(file: Option<&PathBuf>) -> anyhow::Result<(Problem, String)> {
    let bytes = read_input(file.map(PathBuf::as_path))?;
    let problem = parse_problem(&bytes, file.map(PathBuf::as_path))?;
    let fingerprint = format!("{:016x}", fnv1a(write_dlx(&problem).as_bytes()));
    Ok((problem, fingerprint))
}

/// Reads a split written by `dlx split`, checking it belongs to this problem and is complete.
fn read_split(
    path: &Path,
    root: &Solver,
    fingerprint: &str,
    n_options: usize,
) -> anyhow::Result<Split> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read `{name}`"))?;
    let mut paths = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{name}:{}", n + 1);
        let sub: SplitLine = serde_json::from_str(line)
            .with_context(|| format!("{at}: not a line written by `dlx split`"))?;
        ensure!(
            sub.problem == fingerprint,
            "{at} splits another problem (fingerprint {}, this one is {fingerprint})",
            sub.problem
        );
        ensure!(
            sub.index == paths.len(),
            "{at}: expected subproblem {}, found {}",
            paths.len(),
            sub.index
        );
        if let Some(bad) = sub.path.iter().find(|&&o| o >= n_options) {
            bail!("{at}: option {bad} does not exist (the problem has {n_options} options)");
        }
        paths.push(sub.path.into_iter().map(OptionId::new).collect());
    }
    Split::from_paths(root, paths).with_context(|| format!("{name} is not a split of this problem"))
}

/// Parses `I/N`, or `/N` with I from `SLURM_ARRAY_TASK_ID` or `JOB_COMPLETION_INDEX`.
fn parse_shard(text: &str, env: impl Fn(&str) -> Option<String>) -> anyhow::Result<(usize, usize)> {
    let Some((index, count)) = text.split_once('/') else {
        bail!("--shard {text}: expected I/N, as 0/4");
    };
    let count: usize = count
        .trim()
        .parse()
        .with_context(|| format!("--shard {text}: N is not a number"))?;
    ensure!(count > 0, "--shard {text}: N must be at least 1");
    let index = if index.trim().is_empty() {
        let (var, value) = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"]
            .iter()
            .find_map(|var| env(var).map(|value| (*var, value)))
            .with_context(|| {
                format!("--shard {text}: no index given, and neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set")
            })?;
        value
            .trim()
            .parse()
            .with_context(|| format!("{var}={value} is not a shard index"))?
    } else {
        index
            .trim()
            .parse()
            .with_context(|| format!("--shard {text}: I is not a number"))?
    };
    ensure!(
        index < count,
        "--shard {text}: I must be from 0 to {}",
        count - 1
    );
    Ok((index, count))
}

/// The fingerprint of a split: its paths, hashed.
fn split_fingerprint(split: &Split) -> String {
    let mut text = String::new();
    for sub in split.subproblems() {
        for option in &sub.path {
            text += &option.index().to_string();
            text.push(' ');
        }
        text.push('\n');
    }
    format!("{:016x}", fnv1a(text.as_bytes()))
}

/// The 64-bit FNV-1a hash: small, stable across platforms and versions, and
/// enough to tell problems apart by accident (not against an adversary).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
