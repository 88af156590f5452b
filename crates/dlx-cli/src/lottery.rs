//! `dlx lottery`: a minimum lottery covering design C(v,k,t) and its tickets.

use std::time::Instant;

use clap::Args;
use dlx_core::{write_dlx, Answer};
use dlx_models::lottery::Design;

use crate::shared::cases::answer_cases;
use crate::shared::{finish_run, minimum, out, Output, ReportArgs, ResultExt as _, Run, RunArgs};

/// Find the fewest lottery tickets of K numbers out of 1..V such that every T numbers lie on one ticket.
///
/// This is the covering number C(V,K,T): whoever holds the tickets and sees T
/// of the numbers drawn has them all on one ticket. The first line is the
/// minimum, proven by iterative deepening; then one ticket a line, numbers
/// ascending. By symmetry the first ticket is always 1..K, and the second is
/// taken up to the renumberings that keep the first (see the model docs).
///
/// It is a minimum repeated cover, searched by iterative deepening on every
/// core (the same tickets on any number): the time grows steeply with V and T
/// (C(12,6,2) takes about a second, C(8,5,4) several, C(9,4,3) more than a
/// minute); bound it with
/// --max-nodes or --time-limit, and watch it with --progress.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx lottery 7 3 2\n  dlx lottery --stats 9 3 2\n  dlx lottery --emit-dlx 7 3 2 | dlx cover"
)]
pub(crate) struct LotteryArgs {
    /// The numbers in all (1..V).
    #[arg(value_name = "V")]
    v: usize,
    /// The numbers on a ticket.
    #[arg(value_name = "K")]
    k: usize,
    /// The numbers that must lie on one ticket.
    #[arg(value_name = "T")]
    t: usize,
    #[command(flatten)]
    report: ReportArgs,
    /// Print the repeated cover problem in Knuth's DLX format instead of
    /// solving it: an item per T-subset not on the ticket 1..K (fixed, by
    /// symmetry), an option per other ticket. `dlx cover` finds its minimum,
    /// which is C(V,K,T) less that one ticket.
    #[arg(long, conflicts_with_all = ["json", "stats"])]
    emit_dlx: bool,
    #[command(flatten)]
    run: RunArgs,
}

pub(crate) fn run(args: LotteryArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let design = Design::new(args.v, args.k, args.t).bad_input()?;
    let report = args.report;
    let mut run = Run::new(&args.run, &report)?;
    run.check_memory(
        &format!("C({},{},{})", args.v, args.k, args.t),
        design.footprint().total(1),
    )?;
    let mut output = Output::new();
    if args.emit_dlx {
        let encoding = design.encode().bad_input()?;
        out!(
            output,
            "| C({v},{k},{t}) with the ticket 1..{k} fixed: a minimum repeated cover of these items, plus that ticket, is a minimum design",
            v = args.v,
            k = args.k,
            t = args.t
        )?;
        out!(output, "{}", write_dlx(encoding.problem()).trim_end())?;
        return output.flush();
    }
    answer_cases(
        &mut run,
        std::slice::from_ref(&design),
        |design, search| {
            let setup = search.cover_setup();
            let solved = search.search(true, |budget| {
                let solved = design.solve_by(budget, setup).bad_input()?;
                Ok((Answer::new(solved.tickets, solved.outcome), solved.stats))
            })?;
            Ok(solved)
        },
        |_, tickets| {
            // A stopped search is not emitted: the run says it stopped.
            if let (Some(tickets), true) = (&tickets, report.json) {
                let answer = serde_json::json!({ "tickets": tickets });
                output.json(&minimum(None, "tickets", tickets.len(), answer))?;
            } else if let Some(tickets) = tickets {
                out!(output, "{}", tickets.len())?;
                for ticket in &tickets {
                    let numbers: Vec<String> = ticket.iter().map(ToString::to_string).collect();
                    out!(output, "{}", numbers.join(" "))?;
                }
            }
            Ok(())
        },
    )?;
    output.flush()?;
    finish_run(&run, &report, &mut output, start, &[], "the output")
}
