//! `dlx split`, `dlx count` and `dlx merge`: one count cut into shards for many machines, and summed again.

use std::path::{Path, PathBuf};

use anyhow::{bail, ensure, Context as _};
use clap::{Args, Subcommand};
use dlx_core::{Problem, Solver};
use dlx_parallel::{
    counts_in_layers, read_split, Fingerprint, Merge, PartLine, PieceCount, SplitGoal, SplitLine,
};

use crate::shared::{
    note, out, parse_problem, read_input, read_text, Output, ReportArgs, ResultExt as _, Run,
    RunArgs,
};

/// The sharding subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum ShardCommand {
    /// Split a problem's search into pieces, written as JSON lines.
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
    /// Split every branch until it fixes D levels with more than one alternative.
    #[arg(long, value_name = "D")]
    depth: Option<usize>,
    /// Split the largest pieces until there are at least K (default 256; for
    /// a problem counted layer by layer, one a shard).
    #[arg(long, value_name = "K")]
    pieces: Option<usize>,
}

impl SplitChoice {
    /// The goal given; else, for `shards` shards of a problem counted layer
    /// by layer (where a piece costs about a whole count), one piece a
    /// shard; else [`dlx_parallel::DEFAULT_PIECES`].
    fn goal(&self, problem: &Problem, shards: Option<usize>) -> SplitGoal {
        match (self.depth, self.pieces) {
            (Some(d), _) => SplitGoal::Depth(d),
            (None, Some(k)) => SplitGoal::Pieces(k),
            (None, None) => SplitGoal::default_for(problem, shards),
        }
    }

    /// Whether neither a depth nor a number of pieces was given.
    fn is_default(&self) -> bool {
        self.depth.is_none() && self.pieces.is_none()
    }
}

/// Write the pieces of a split search as JSON lines.
///
/// Each line names the problem by its fingerprint, the split by its own, and
/// gives the piece's index, the number of pieces, its level, the way down to
/// it (the alternative taken at each level with more than one, from 0) and
/// the alternatives of its level it holds. Taken in index order the pieces
/// enumerate the solutions in the sequential order. The same problem and
/// options give the same split on every machine, and a forced chain is
/// followed down, not split.
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  dlx split --depth 2 data/pentomino-6x10.dlx > split.jsonl")]
pub(crate) struct SplitArgs {
    /// The problem file (Knuth's DLX format); standard input when absent or `-`.
    file: Option<PathBuf>,
    #[command(flatten)]
    choice: SplitChoice,
    #[command(flatten)]
    run: RunArgs,
}

/// Count the solutions of shard I of N, one JSON line per piece.
///
/// Shard I takes pieces I, I+N, I+2N, ... of the split, which is recomputed
/// from the file (the same options give the same split on every machine) or
/// read from `--split`; its threads share the pieces as they go. Each piece's
/// line is written (and flushed) as soon as the piece is counted, so a shard
/// that is stopped keeps what it finished: run it again with `--resume` on
/// its part file and it counts only the pieces that file lacks. Written
/// `--shard /N`, the index comes from `SLURM_ARRAY_TASK_ID` or
/// `JOB_COMPLETION_INDEX` (Kubernetes indexed jobs).
///
/// Each piece is counted as `dlx solve --count` would count the whole
/// problem: with the memoised count where a short probe finds that it pays
/// (a board's tilings), its pieces then sharing one cache on the shard's
/// threads; otherwise by Knuth's search. Counts are exact however large, in
/// the part files and in `dlx merge`. A narrow problem, counted layer by
/// layer, is split into N pieces unless told otherwise, one a shard: each
/// piece costs about a whole count there, so N shards do N times the work
/// of one machine, which is faster (`dlx solve --count` on all its cores).
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
    /// Skip the pieces this part file (written by an earlier, stopped run of
    /// the same shard) has counted already; write only the others.
    #[arg(long, value_name = "PART")]
    resume: Option<PathBuf>,
    #[command(flatten)]
    run: RunArgs,
}

/// Sum the counts written by `dlx count` shards.
///
/// Refuses (exit code 2) parts from different problems or splits, a
/// piece counted twice, or one missing. The total is exact, however large.
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  dlx merge part-*.jsonl")]
pub(crate) struct MergeArgs {
    /// The files written by `dlx count` (`-` for standard input).
    #[arg(required = true)]
    parts: Vec<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
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
    let mut run = Run::new(&args.run, &ReportArgs::default())?;
    // A split cut short is no split: nothing is printed then.
    if args.choice.is_default() && counts_in_layers(&problem) {
        note("dlx split: this problem is counted layer by layer, where each piece costs about a whole count: split it into as many pieces as shards (--pieces N), or count it whole on one machine (dlx solve --count)");
    }
    let Some(split) = run.split(&Solver::new(&problem), args.choice.goal(&problem, None)) else {
        return run.finish_unprinted("the split");
    };
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
    let mut run = Run::new(&args.run, &ReportArgs::default())?;
    let root = Solver::new(&problem);
    let split = match &args.split {
        Some(path) => {
            let (name, text) = read_text(Some(path))?;
            read_split(&name, &text, &problem).bad_input()?
        }
        // A problem counted layer by layer is split into one piece a
        // shard: each piece costs about a whole count there (its layers
        // are the whole problem's), so the default 256 pieces made each of
        // 4 shards of the 16 x 16 board take 28 times the whole count.
        None => match run.split(&root, args.choice.goal(&problem, Some(n_shards))) {
            Some(split) => split,
            None => return run.finish_unprinted("the shard's part file"),
        },
    };
    let (problem_id, split_id) = (
        Fingerprint::of_problem(&problem),
        Fingerprint::of_split(&split),
    );
    // A resumed shard skips what its part file already counts, after
    // checking that the file counts this problem, split the same way.
    let mut done = std::collections::BTreeSet::new();
    if let Some(path) = &args.resume {
        let (name, text) = read_text(Some(path))?;
        let mut earlier = Merge::new();
        earlier.add(&name, &text).bad_input()?;
        if let Some((problem_found, split_found)) = earlier.fingerprints() {
            // Another problem's part file is the user's mistake, as `dlx
            // merge` says for the same file: bad input, exit 2 (issue 20).
            if problem_found != problem_id || split_found != split_id {
                return Err(anyhow::anyhow!(
                    "{name} counts another problem or another split (fingerprints {problem_found} and {split_found}; this shard's are {problem_id} and {split_id})"
                ))
                .bad_input();
            }
        }
        done.extend(earlier.counted());
    }
    let mine: Vec<usize> = (shard..split.len())
        .step_by(n_shards)
        .filter(|i| !done.contains(i))
        .collect();
    let mut output = Output::new();
    let mut failure = None;
    // Each piece is counted as `dlx solve --count` would count the whole:
    // memoised where that pays (layer by layer, each piece from its
    // options' places covered, where the problem is narrow; else depth
    // first, the pieces sharing one cache), the
    // others by Knuth's search.
    run.count_shard(&problem, &split, &mine, |piece| {
        let line = match &piece {
            PieceCount::Memo(piece) => PartLine::of_memo_count(problem_id, split_id, &split, piece),
            // A piece cut short is not written: a resumed run counts it again.
            PieceCount::Plain(piece) if !piece.complete => return,
            PieceCount::Plain(piece) => PartLine::of_count(problem_id, split_id, &split, piece),
        };
        if failure.is_some() {
            return;
        }
        if let Err(err) = out!(output, "{line}").and_then(|()| output.flush()) {
            failure = Some(err);
        }
    })?;
    if let Some(err) = failure {
        return Err(err);
    }
    output.flush()?;
    run.finish("the shard's part file")
}

fn merge(args: &MergeArgs) -> anyhow::Result<()> {
    let mut merge = Merge::new();
    for path in &args.parts {
        let (name, text) = read_text(Some(path))?;
        merge.add(&name, &text).bad_input()?;
    }
    let merged = merge.finish().bad_input()?;
    let mut output = Output::new();
    args.report.count(&mut output, None, merged.count, None)?;
    output.flush()?;
    // The time is the parts' summed time.
    args.report
        .stats(&mut output, &merged.stats, merged.seconds, &[])
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
