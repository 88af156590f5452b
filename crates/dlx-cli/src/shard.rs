//! `dlx split`, `dlx count` and `dlx merge`: one count cut into shards for many machines, and summed again.

use std::path::{Path, PathBuf};

use anyhow::{bail, ensure, Context as _};
use clap::{Args, Subcommand};
use dlx_core::{Problem, Solver};
use dlx_parallel::{read_split, Merge, ParallelSolver, PartLine, Split, SplitGoal, SplitLine};

use crate::shared::{
    out, parse_problem, print_stats, read_input, read_text, thread_count, Output, ResultExt as _,
};

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
    /// Print the solutions, nodes, updates, maximum level and the parts' summed time to standard error.
    #[arg(long)]
    stats: bool,
}

pub(crate) fn run(command: ShardCommand) -> anyhow::Result<()> {
    match command {
        ShardCommand::Split(args) => split(&args),
        ShardCommand::Count(args) => count(&args),
        ShardCommand::Merge(args) => merge(&args),
    }
}

fn split(args: &SplitArgs) -> anyhow::Result<()> {
    let problem = read_problem(args.file.as_deref())?;
    let split = Split::new(&Solver::new(&problem), args.choice.goal());
    let mut output = Output::new();
    for line in SplitLine::of_split(&problem, &split) {
        out!(output, "{line}")?;
    }
    output.flush()
}

fn count(args: &CountArgs) -> anyhow::Result<()> {
    let (shard, n_shards) =
        parse_shard(&args.shard, |name| std::env::var(name).ok()).bad_input()?;
    let problem = read_problem(args.file.as_deref())?;
    let root = Solver::new(&problem);
    let split = match &args.split {
        Some(path) => {
            let (name, text) = read_text(Some(path))?;
            read_split(&name, &text, &problem).bad_input()?
        }
        None => Split::new(&root, args.choice.goal()),
    };
    let mine: Vec<usize> = (shard..split.len()).step_by(n_shards).collect();
    let mut solver = ParallelSolver::from_solver(root)
        .with_threads(thread_count(args.threads))
        .context("cannot start the threads")?;
    solver.set_split_to(split);
    let counts = solver.count_each(&mine);
    let mut output = Output::new();
    for line in PartLine::of_counts(&problem, solver.split(), &counts) {
        out!(output, "{line}")?;
    }
    output.flush()
}

fn merge(args: &MergeArgs) -> anyhow::Result<()> {
    let mut merge = Merge::new();
    for path in &args.parts {
        let (name, text) = read_text(Some(path))?;
        merge.add(&name, &text).bad_input()?;
    }
    let merged = merge.finish().bad_input()?;
    let mut output = Output::new();
    out!(output, "{}", merged.stats.solutions)?;
    output.flush()?;
    if args.stats {
        print_stats(&merged.stats, merged.seconds);
    }
    Ok(())
}

/// Reads and parses the problem.
fn read_problem(file: Option<&Path>) -> anyhow::Result<Problem> {
    parse_problem(&read_input(file)?, file)
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
