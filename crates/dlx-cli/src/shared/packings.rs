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

use std::fmt::Display;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Count, OptionId, Solver};
use dlx_models::tilings::Tilings;
use serde_json::Value;

use crate::shared::{
    draw_samples, fields, finish_run, out, print_counted, print_frequencies, Draw, Line, MemoArgs,
    Output, Pictures, ReportArgs, Run, SearchArgs, COUNT_HELP, LIMIT_HELP,
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
    /// packings; by the method --count takes: Kasteleyn's determinant for
    /// dominoes or lozenges on a board wider than a narrow strip (exact on
    /// a 40x40 board in well under a second), else the diagram of the
    /// memoised count, as `dlx solve --frequencies` counts each option.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg", "sample", "emit_dlx", "list_pieces"])]
    pub(crate) frequencies: bool,
    #[command(flatten)]
    pub(crate) search: SearchArgs<MemoArgs>,
}

/// A board model as the board subcommands show it: the tilings policy's
/// model ([`Tilings`]), whose solutions decode into packings that are
/// checked, drawn and written as JSON.
pub(crate) trait Packings: Tilings {
    /// A decoded packing, drawn as text by `Display`.
    type Packing: Display;
    /// What a packing is called in file names (`tiling`, `packing`).
    const NOUN: &'static str;
    /// The numbers of pieces and of the board's cells, which the first
    /// line of `--emit-dlx` says.
    fn size(&self) -> (usize, usize);
    /// Whether `solution` is the one of its packing's solutions (copies of
    /// a piece permuted) that stands for it in a listing.
    fn lists(&self, solution: &[OptionId]) -> bool;
    /// The packing a solution describes, checked against the puzzle's rules alone.
    fn decode(&self, solution: &[OptionId]) -> anyhow::Result<Self::Packing>;
    /// The pieces placed, as JSON objects (`piece`, `name`, `cells`).
    fn placed_json(&self, packing: &Self::Packing) -> Vec<Value>;
    /// The placement an option makes, in words: the piece's name, then the
    /// item names of the cells it covers. The options of one placement (one
    /// per copy of its piece) come one after another, in the same words.
    fn placement_line(&self, option: OptionId) -> String;
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
    let verb = Verb {
        args,
        model,
        draw,
        run,
        output: Output::new(),
        start,
    };
    if args.emit_dlx {
        return verb.emit();
    }
    if let Some(samples) = args.sample {
        return verb.sample(samples);
    }
    if args.frequencies {
        return verb.frequencies();
    }
    if (args.count && args.limit.is_none()) || args.distinct {
        return verb.count();
    }
    verb.list()
}

/// What every verb works with: the flags, the model and its pictures, the
/// run, standard output, and when the work began.
struct Verb<'a, M: Packings> {
    args: &'a PackingArgs,
    model: &'a M,
    draw: &'a dyn Fn(&M::Packing) -> String,
    run: &'a mut Run,
    output: Output,
    start: Instant,
}

impl<M: Packings> Verb<'_, M> {
    /// `--emit-dlx`: the problem in Knuth's format, after a comment line
    /// that names the pieces and the board.
    fn emit(mut self) -> anyhow::Result<()> {
        let (pieces, cells) = self.model.size();
        let output = &mut self.output;
        out!(output, "| {pieces} pieces on a board of {cells} cells.")?;
        out!(output, "{}", write_dlx(self.model.problem()).trim_end())?;
        output.flush()
    }

    /// `--count` and `--distinct`: the models' one policy, memoised where
    /// regions repeat (counts no enumeration reaches), else one search by
    /// symmetry for both counts.
    fn count(mut self) -> anyhow::Result<()> {
        let args = self.args;
        let report = &args.search.report;
        let counted = self
            .run
            .count_tilings(self.model, args.distinct, &args.search.memo)?;
        let output = &mut self.output;
        if let (Some(inner), false) = (&counted.counted, args.distinct) {
            let mut inner = inner.clone();
            inner.count = counted.all.clone();
            let seconds = self.start.elapsed().as_secs_f64();
            return print_counted(self.run, &inner, output, report, 1, seconds);
        }
        let all = counted.all.unwrap_or_default();
        let distinct = counted.distinct.filter(|_| args.distinct);
        if report.json {
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
        finish_run(self.run, report, output, self.start, &[], "the count")
    }

    /// Listing (or counting to `--limit`): the first packings in the order
    /// of the sequential search, each checked; of the solutions that
    /// permute copies of a piece, one is listed.
    fn list(mut self) -> anyhow::Result<()> {
        let (args, model) = (self.args, self.model);
        let report = &args.search.report;
        let output = &mut self.output;
        let limit = args.limit.unwrap_or(1);
        let mut printed = 0u64;
        let mut first: Option<M::Packing> = None;
        // Checks and prints one packing (counts it, with `--count`); returns
        // how many are found so far.
        let mut show = |solution: &[OptionId]| -> anyhow::Result<u64> {
            let packing = model
                .decode(solution)
                .context("internal error: the packing found breaks the rules")?;
            if !args.count {
                write_packing(output, report, model, printed, &packing)?;
            }
            printed += 1;
            first.get_or_insert(packing);
            Ok(printed)
        };
        let flow = self
            .run
            .visit(Solver::new(model.problem()), true, None, |solution| {
                if !model.lists(solution) {
                    return ControlFlow::Continue(());
                }
                match show(solution) {
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
            report.count(output, None, u128::from(printed), args.limit)?;
        } else if printed == 0 && complete {
            report.no_solution(output, None)?;
        }
        output.flush()?;
        if let (Some(path), Some(packing)) = (&args.svg, &first) {
            Pictures::new(path, false, M::NOUN).write(0, &(self.draw)(packing))?;
        }
        finish_run(self.run, report, output, self.start, &[], "the output")
    }

    /// `--sample K`: K packings drawn uniformly at random from the diagram
    /// of the memoised count (each packing is the same number of solutions,
    /// one per order of the copies of each piece, so uniform solutions are
    /// uniform packings), printed as a listing prints them.
    fn sample(mut self, samples: u64) -> anyhow::Result<()> {
        let (args, model, draw) = (self.args, self.model, self.draw);
        let report = &args.search.report;
        let pictures = args
            .svg
            .as_ref()
            .map(|path| Pictures::new(path, samples > 1, M::NOUN));
        let answers = format!("{}s", M::NOUN);
        let sampling = Draw {
            what: "--sample",
            seed: args.seed,
            samples,
            answers: &answers,
            per_answer: model.solutions_per_tiling(),
            report,
        };
        let output = &mut self.output;
        draw_samples(
            self.run,
            model.problem(),
            &sampling,
            output,
            self.start,
            |output, index, solution| {
                let packing = model
                    .decode(&solution)
                    .context("internal error: the packing drawn breaks the rules")?;
                write_packing(output, report, model, index as u64, &packing)?;
                if let Some(pictures) = &pictures {
                    output.flush()?;
                    pictures.write(index, &draw(&packing))?;
                }
                Ok(())
            },
        )
    }

    /// `--frequencies`: for each placement, in the order of the problem's
    /// options, the number of packings that use it (the frequencies of its
    /// options, one per copy of its piece, added up and divided by the
    /// solutions per packing), then the number of packings; by the count's
    /// method ([`Run::frequencies`]).
    fn frequencies(mut self) -> anyhow::Result<()> {
        let (report, model) = (&self.args.search.report, self.model);
        let per_packing = model.solutions_per_tiling().max(1);
        let output = &mut self.output;
        print_frequencies(
            self.run,
            model.problem(),
            per_packing,
            report,
            output,
            self.start,
            |output, options| {
                let mut placements: Vec<(String, Count)> = Vec::new();
                for (option, frequency) in options.into_iter().enumerate() {
                    let line = model.placement_line(OptionId::new(option));
                    match placements.last_mut() {
                        Some((last, sum)) if *last == line => *sum += frequency,
                        _ => placements.push((line, frequency)),
                    }
                }
                for (index, (line, frequency)) in placements.into_iter().enumerate() {
                    let frequency = frequency.div_floor(per_packing);
                    if report.json {
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
                Ok(())
            },
        )
    }
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
        || packing.to_string(),
        index > 0,
    )
}
