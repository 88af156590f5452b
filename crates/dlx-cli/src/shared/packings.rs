//! What the board subcommands share (`dlx polyomino`, `dlx polycube`, `dlx polyiamond`, `dlx polyhex`): the verbs on a board's packings, written once over [`Packings`].
//!
//! A board subcommand reads its board and pieces, builds its model
//! (`shared::boards`), and hands it to [`run`] with the verbs' flags
//! ([`PackingArgs`]): one packing
//! drawn, the first N listed, the count (all, and up to symmetry) by the
//! models' one policy ([`Run::count_tilings`]), K packings drawn uniformly at
//! random, the frequency of each placement, or the exact cover problem in
//! Knuth's format. What differs between the models is said by [`Packings`]:
//! how a solution decodes, how a packing is checked, drawn and written as
//! JSON.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Count, OptionId, Solver};
use dlx_models::tilings::Tilings;
use serde_json::Value;

use crate::shared::{
    fields, out, print_counted, print_diagram_stats, seed_from_clock, Line, MemoArgs, Output,
    Pictures, ReportArgs, Run, RunArgs, COUNT_HELP, LIMIT_HELP,
};

/// The verbs of a board subcommand, flattened after its board and pieces.
#[derive(Debug, Args)]
pub(crate) struct PackingArgs {
    #[arg(long, help = COUNT_HELP)]
    pub(crate) count: bool,
    /// Print the number of packings up to the board's symmetries that map
    /// the piece set onto itself (visiting every packing, whatever --memo
    /// says).
    #[arg(long, conflicts_with = "memo")]
    pub(crate) distinct: bool,
    #[arg(long, value_name = "N", conflicts_with_all = ["distinct", "memo"], value_parser = clap::value_parser!(u64).range(1..), help = LIMIT_HELP)]
    pub(crate) limit: Option<u64>,
    /// Also draw the first packing as an SVG picture in PATH (a folder, an
    /// existing one or PATH ending with `/`, gets tiling.svg or packing.svg);
    /// with --sample K, each packing drawn (PATH-1.svg, ..., or
    /// packing-1.svg, ... in a folder).
    #[arg(long, value_name = "PATH", conflicts_with_all = ["count", "distinct"])]
    pub(crate) svg: Option<PathBuf>,
    /// Draw K packings uniformly at random instead (independently: one may
    /// come twice), each with exactly the same chance, as `dlx sample` draws
    /// solutions; with --svg, each is drawn in PATH (packing-1.svg, ...).
    #[arg(long, value_name = "K", conflicts_with_all = ["count", "distinct", "limit"],
        value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) sample: Option<u64>,
    /// The seed of --sample: the same seed draws the same packings [default:
    /// picked from the clock, and said on standard error].
    #[arg(long, value_name = "S", requires = "sample")]
    pub(crate) seed: Option<u64>,
    /// Print the exact cover problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg", "json", "stats", "sample"])]
    pub(crate) emit_dlx: bool,
    /// Print the pieces (name, count, shape) instead of solving.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg", "emit_dlx"])]
    pub(crate) list_pieces: bool,
    /// Print, for each placement of each piece, the number of packings that
    /// use it (a tab, then the piece and its cells), then the number of
    /// packings; from the diagram of the memoised count, as `dlx solve
    /// --frequencies` counts each option.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg", "sample", "emit_dlx", "list_pieces"])]
    pub(crate) frequencies: bool,
    #[command(flatten)]
    pub(crate) report: ReportArgs,
    #[command(flatten)]
    pub(crate) memo: MemoArgs,
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

/// A board model as the board subcommands show it: the tilings policy's
/// model ([`Tilings`]), whose solutions decode into packings that are
/// checked, drawn and written as JSON.
pub(crate) trait Packings: Tilings {
    /// A decoded packing.
    type Packing;
    /// What a packing is called in file names (`tiling`, `packing`).
    const NOUN: &'static str;
    /// The first line of `--emit-dlx`, after `| `: the pieces and the board.
    fn summary(&self) -> String;
    /// Whether `solution` is the one of its packing's solutions (copies of
    /// a piece permuted) that stands for it in a listing.
    fn lists(&self, solution: &[OptionId]) -> bool;
    /// The packing a solution describes.
    fn decode(&self, solution: &[OptionId]) -> Self::Packing;
    /// Checks a packing against the puzzle's rules alone.
    fn check(&self, packing: &Self::Packing) -> anyhow::Result<()>;
    /// The packing drawn as text.
    fn text(&self, packing: &Self::Packing) -> String;
    /// The pieces placed, as JSON objects (`piece`, `name`, `cells`).
    fn placed_json(&self, packing: &Self::Packing) -> Vec<Value>;
    /// The piece an option places, and the cells it covers (indices of the
    /// board's cells): the options of one placement (one per copy of its
    /// piece) come one after another.
    fn placement(&self, option: OptionId) -> (usize, &[u32]);
    /// A placement in words: the piece's name, then the item names of its cells.
    fn placement_line(&self, piece: usize, cells: &[u32]) -> String;
}

/// Runs the verb `args` asks for on `model`: the problem emitted, packings
/// sampled, the frequencies, the count, or the first packings listed;
/// `draw` makes the SVG picture of a packing.
pub(crate) fn run<M: Packings>(
    args: &PackingArgs,
    model: &M,
    draw: &dyn Fn(&M::Packing) -> String,
    run: &mut Run,
    start: Instant,
) -> anyhow::Result<()> {
    let mut output = Output::new();
    if args.emit_dlx {
        out!(output, "| {}.", model.summary())?;
        out!(output, "{}", write_dlx(model.problem()).trim_end())?;
        return output.flush();
    }
    if let Some(samples) = args.sample {
        return sample(args, model, draw, samples, run, &mut output, start);
    }
    if args.frequencies {
        return frequencies(args, model, run, &mut output, start);
    }
    if (args.count && args.limit.is_none()) || args.distinct {
        return count(args, model, run, &mut output, start);
    }
    list(args, model, draw, run, &mut output, start)
}

/// `--count` and `--distinct`: the models' one policy, memoised where
/// regions repeat (counts no enumeration reaches), else one search by
/// symmetry for both counts.
fn count<M: Packings>(
    args: &PackingArgs,
    model: &M,
    run: &mut Run,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let counted = run.count_tilings(model, args.distinct, &args.memo)?;
    let seconds = start.elapsed().as_secs_f64();
    if let (Some(inner), false) = (&counted.counted, args.distinct) {
        let mut inner = inner.clone();
        inner.count = counted.all.clone();
        return print_counted(run, &inner, output, &args.report, 1, seconds);
    }
    let all = counted.all.unwrap_or_default();
    let distinct = counted.distinct.filter(|_| args.distinct);
    if args.report.json {
        output.json(&Line::count(None, all, distinct, None, None))?;
    } else {
        if args.count {
            out!(output, "{all}")?;
        }
        if let Some(distinct) = distinct {
            out!(output, "{distinct}")?;
        }
    }
    output.flush()?;
    args.report.stats(output, &run.stats(), seconds, &[])?;
    run.finish("the count")
}

/// Listing (or counting to `--limit`): the first packings in the order of
/// the sequential search, each checked; of the solutions that permute
/// copies of a piece, one is listed.
fn list<M: Packings>(
    args: &PackingArgs,
    model: &M,
    draw: &dyn Fn(&M::Packing) -> String,
    run: &mut Run,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let limit = args.limit.unwrap_or(1);
    let mut printed = 0u64;
    let mut first: Option<M::Packing> = None;
    // Checks and prints one packing (counts it, with `--count`); returns
    // how many are found so far.
    let mut show = |packing: M::Packing| -> anyhow::Result<u64> {
        model
            .check(&packing)
            .context("internal error: the packing found breaks the rules")?;
        if !args.count {
            write_packing(output, &args.report, model, printed, &packing)?;
        }
        printed += 1;
        first.get_or_insert(packing);
        Ok(printed)
    };
    let flow = run.visit(Solver::new(model.problem()), true, None, |solution| {
        if !model.lists(solution) {
            return ControlFlow::Continue(());
        }
        match show(model.decode(solution)) {
            Err(err) => ControlFlow::Break(Some(err)),
            Ok(n) if n >= limit => ControlFlow::Break(None),
            Ok(_) => ControlFlow::Continue(()),
        }
    })?;
    let complete = match flow {
        ControlFlow::Break(Some(err)) => return Err(err),
        ControlFlow::Break(None) => true,
        ControlFlow::Continue(outcome) => outcome.is_complete(),
    };
    if args.count {
        args.report
            .count(output, None, u128::from(printed), args.limit)?;
    } else if printed == 0 && complete {
        args.report.no_solution(output, None)?;
    }
    output.flush()?;
    if let (Some(path), Some(packing)) = (&args.svg, &first) {
        Pictures::new(path, false, M::NOUN).write(0, &draw(packing))?;
    }
    let seconds = start.elapsed().as_secs_f64();
    args.report.stats(output, &run.stats(), seconds, &[])?;
    run.finish("the output")
}

/// `--sample K`: K packings drawn uniformly at random from the diagram of
/// the memoised count (each packing is the same number of solutions, one per
/// order of the copies of each piece, so uniform solutions are uniform
/// packings), printed as a listing prints them.
fn sample<M: Packings>(
    args: &PackingArgs,
    model: &M,
    draw: &dyn Fn(&M::Packing) -> String,
    samples: u64,
    run: &mut Run,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let seed = args.seed.unwrap_or_else(seed_from_clock);
    let Some(diagram) = run.diagram(model.problem(), "--sample")? else {
        return run.finish_unprinted("the diagram to draw from");
    };
    let packings = diagram.count().div_floor(model.solutions_per_tiling());
    if args.report.json {
        output.json(&Line::Sampling {
            seed,
            count_decimal: packings.to_string(),
            count: packings.clone(),
        })?;
    } else if args.seed.is_none() {
        crate::shared::note(&format!(
            "dlx: seed {seed} (--seed {seed} draws these {}s again)",
            M::NOUN
        ));
    }
    if packings.is_zero() {
        args.report.no_solution(output, None)?;
    }
    let pictures = args
        .svg
        .as_ref()
        .map(|path| Pictures::new(path, samples > 1, M::NOUN));
    let draws = usize::try_from(samples).unwrap_or(usize::MAX);
    for (index, solution) in diagram.samples(seed).take(draws).enumerate() {
        let packing = model.decode(&solution);
        model
            .check(&packing)
            .context("internal error: the packing drawn breaks the rules")?;
        write_packing(output, &args.report, model, index as u64, &packing)?;
        if let Some(pictures) = &pictures {
            output.flush()?;
            pictures.write(index, &draw(&packing))?;
        }
    }
    output.flush()?;
    print_diagram_stats(&args.report, &diagram, output, start)?;
    run.finish("the sample")
}

/// `--frequencies`: for each placement, in the order of the problem's
/// options, the number of packings that use it (the frequencies of its
/// options, one per copy of its piece, added up and divided by the
/// solutions per packing), then the number of packings.
fn frequencies<M: Packings>(
    args: &PackingArgs,
    model: &M,
    run: &mut Run,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let Some(diagram) = run.diagram(model.problem(), "--frequencies")? else {
        return run.finish_unprinted("the frequencies' count");
    };
    let per_packing = model.solutions_per_tiling().max(1);
    let mut placements: Vec<((usize, &[u32]), Count)> = Vec::new();
    for (option, frequency) in diagram.frequencies().into_iter().enumerate() {
        let placement = model.placement(OptionId::new(option));
        match placements.last_mut() {
            Some((last, sum)) if *last == placement => *sum += frequency,
            _ => placements.push((placement, frequency)),
        }
    }
    for (index, ((piece, cells), frequency)) in placements.into_iter().enumerate() {
        let frequency = frequency.div_floor(per_packing);
        let line = model.placement_line(piece, cells);
        if args.report.json {
            output.json(&Line::Frequency {
                option: index,
                line,
                count_decimal: frequency.to_string(),
                count: frequency,
            })?;
        } else {
            out!(output, "{frequency}\t{line}")?;
        }
    }
    args.report
        .count(output, None, diagram.count().div_floor(per_packing), None)?;
    output.flush()?;
    print_diagram_stats(&args.report, &diagram, output, start)?;
    run.finish("the frequencies")
}

/// Writes packing `index` of a listing: a JSON line, or the board drawn
/// (after a blank line, but for the first).
fn write_packing<M: Packings>(
    output: &mut Output,
    report: &ReportArgs,
    model: &M,
    index: u64,
    packing: &M::Packing,
) -> anyhow::Result<()> {
    report.solution(
        output,
        (None, index),
        || fields(serde_json::json!({ "pieces": model.placed_json(packing) })),
        || model.text(packing),
        index > 0,
    )
}
