//! `dlx cover`: a minimum repeated cover of a problem in Knuth's DLX format.

use std::path::PathBuf;

use clap::Args;
use dlx_core::format::format_option_bytes;
use dlx_core::{format_option, MinCover};

use crate::shared::cases::answer_cases;
use crate::shared::{emit_problem, finish_run, minimum, out, read_problem, Output, SearchArgs};

/// Find the fewest options that cover every primary item at least once.
///
/// The problem is read in Knuth's DLX format, as by `dlx solve`; secondary
/// items and colors play no part. Unlike an exact cover, an item may be
/// covered several times (a set cover, the "repeated cover" of the
/// competitive-programming literature). The search is iterative deepening on
/// the number of options with an admissible lower bound, so the cover printed
/// is a proven minimum: its size on the first line, then its options, one a
/// line. Each round of the deepening is shared by the threads (--threads):
/// the cover printed and the statistics are the same on any number. A problem where some primary item is in no option has no cover:
/// standard output is then empty, and `no solution` is said on standard error.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx cover --stats data/cover/queens-domination-8.dlx\n  printf 'a b c d\\na b\\nb c\\nc d\\na\\nd\\n' | dlx cover"
)]
pub(crate) struct CoverArgs {
    /// The problem file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print the problem back in Knuth's format as it was read, instead of
    /// solving it (as `dlx solve --emit-dlx` does).
    #[arg(long, conflicts_with_all = ["json", "stats"])]
    emit_dlx: bool,
    #[command(flatten)]
    search: SearchArgs,
}

pub(crate) fn run(args: CoverArgs) -> anyhow::Result<()> {
    let (problem, input_options, start) = read_problem(args.file.as_deref())?;
    if args.emit_dlx {
        return emit_problem(&problem);
    }
    let report = args.search.report;
    let mut run = args.search.start()?;
    run.check_memory("the problem", problem.footprint().total(1))?;
    let mut output = Output::new();
    answer_cases(
        &mut run,
        std::slice::from_ref(&problem),
        |problem, search| search.min_cover(MinCover::new(problem)),
        |_, cover| {
            // A stopped search is not emitted: the run says it stopped.
            match cover {
                Some(cover) if report.json => {
                    // By index in the input, options left out counted (issue 20).
                    let options: Vec<usize> =
                        cover.iter().map(|o| input_options[o.index()]).collect();
                    let lines: Vec<String> =
                        cover.iter().map(|&o| format_option(&problem, o)).collect();
                    let answer = serde_json::json!({ "options": options, "lines": lines });
                    output.json(&minimum(None, "options", cover.len(), answer))?;
                }
                Some(cover) => {
                    out!(output, "{}", cover.len())?;
                    for option in cover {
                        output.bytes_line(&format_option_bytes(&problem, option))?;
                    }
                }
                None => report.no_solution(&mut output, None)?,
            }
            Ok(())
        },
    )?;
    output.flush()?;
    finish_run(&run, &report, &mut output, start, &[], "the output")
}
