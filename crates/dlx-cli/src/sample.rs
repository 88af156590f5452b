//! `dlx sample`: solutions of a problem in Knuth's DLX format drawn uniformly at random.

use std::path::PathBuf;

use clap::Args;

use crate::shared::{draw_samples, read_problem, Draw, Output, SearchArgs};
use crate::solve::Printer;

/// Draw solutions uniformly at random.
///
/// Every solution has exactly the same chance: the memoised count is run
/// once, keeping the count of every subproblem (a decision diagram), and
/// each draw walks down from the whole problem taking a branch with
/// probability its count over the count of the subproblem it leaves, in
/// exact big-integer arithmetic. Draws are independent: with many, the
/// same solution can come twice.
///
/// The same `--seed` draws the same solutions, on any machine and at any
/// thread count; without one, a seed is picked and said on standard error
/// (or in the `sampling` JSON line) so that the draw can be made again.
/// Solutions print as `dlx solve` prints them, their options in input order.
///
/// The diagram keeps every subproblem in memory: `--max-memory` bounds it,
/// and `--max-nodes`, `--time-limit` and Ctrl-C stop it; stopped, nothing is
/// drawn (exit 3). A narrow problem (a board of dominoes, say) is kept
/// layer by layer instead: the layered count's states, each with its number
/// of ways from the start, and each draw walks back from the end; past half
/// of `--max-memory` only checkpoints are kept and the layers between are
/// made again for each batch of draws.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx sample --seed 7 data/pentomino-6x10.dlx\n  dlx sample -n 1000 --seed 1 --json data/pentomino-6x10.dlx\n  dlx polyomino --board 8x8 --pieces domino --emit-dlx | dlx sample -n 3"
)]
pub(crate) struct SampleArgs {
    /// The problem file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// How many solutions to draw (independently, so one may come twice).
    #[arg(short = 'n', long, value_name = "K", default_value_t = 1,
        value_parser = clap::value_parser!(u64).range(1..))]
    samples: u64,
    /// The seed of the draws: the same seed draws the same solutions
    /// [default: picked from the clock, and said on standard error].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    #[command(flatten)]
    search: SearchArgs,
}

pub(crate) fn run(args: SampleArgs) -> anyhow::Result<()> {
    let (problem, input_options, start) = read_problem(args.file.as_deref())?;
    let mut run = args.search.start()?;
    run.check_memory("the problem", problem.footprint().total(1))?;
    let draw = Draw {
        what: "dlx sample",
        seed: args.seed,
        samples: args.samples,
        answers: "solutions",
        per_answer: 1,
        report: &args.search.report,
    };
    let mut printer = Printer::new(&problem, &input_options, args.search.report.json);
    let mut output = Output::new();
    draw_samples(
        &mut run,
        &problem,
        &draw,
        &mut output,
        start,
        |output, _, mut solution| {
            solution.sort_unstable();
            printer.print(output, &solution)
        },
    )
}
