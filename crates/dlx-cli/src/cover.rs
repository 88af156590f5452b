//! `dlx cover`: a minimum repeated cover of a problem in Knuth's DLX format.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use dlx_core::{format_option_bytes, MinCover, Optimum};

use crate::shared::{out, parse_problem, print_stats, read_input, Output, Run, RunArgs};

/// Find the fewest options that cover every primary item at least once.
///
/// The problem is read in Knuth's DLX format, as by `dlx solve`; secondary
/// items and colors play no part. Unlike an exact cover, an item may be
/// covered several times (a set cover, the "repeated cover" of the
/// competitive-programming literature). The search is iterative deepening on
/// the number of options with an admissible lower bound, so the cover printed
/// is a proven minimum: its size on the first line, then its options, one a
/// line. A problem where some primary item is in no option has no cover: the
/// output is then the single line `no cover`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx cover --stats data/pentomino-3x20.dlx\n  printf 'a b c d\\na b\\nb c\\nc d\\na\\nd\\n' | dlx cover"
)]
pub(crate) struct CoverArgs {
    /// The problem file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print nodes, updates, solutions and time to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    run: RunArgs,
}

pub(crate) fn run(args: CoverArgs) -> anyhow::Result<()> {
    let bytes = read_input(args.file.as_deref())?;
    let start = Instant::now();
    let problem = parse_problem(&bytes, args.file.as_deref())?;
    let mut run = Run::new(&args.run)?;
    let mut output = Output::new();
    let stats = run.cases(
        std::slice::from_ref(&problem),
        |problem, search| {
            let mut cover = MinCover::new(problem);
            cover
                .set_stop_flag(search.stop_flag())
                .set_node_limit(search.node_limit());
            let optimum = cover.solve();
            search.searched(cover.stats(), cover.node_limit_reached());
            Ok(optimum)
        },
        |_, optimum| {
            match optimum {
                Optimum::Found(cover) => {
                    out!(output, "{}", cover.len())?;
                    for option in cover {
                        output.bytes_line(&format_option_bytes(&problem, option))?;
                    }
                }
                Optimum::NoSolution => out!(output, "no cover")?,
                // A stopped search is not emitted.
                Optimum::Stopped => {}
            }
            Ok(())
        },
    )?;
    output.flush()?;
    if args.stats {
        print_stats(&stats, start.elapsed().as_secs_f64());
    }
    run.finish("the output")
}
