//! `dlx lottery`: a minimum lottery covering design C(v,k,t) and its tickets.

use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_models::lottery::Design;

use crate::shared::{out, print_stats, Output, ResultExt as _};

/// Find the fewest lottery tickets of K numbers out of 1..V such that every T numbers lie on one ticket.
///
/// This is the covering number C(V,K,T): whoever holds the tickets and sees T
/// of the numbers drawn has them all on one ticket. The first line is the
/// minimum, proven by iterative deepening; then one ticket a line, numbers
/// ascending. By symmetry the first ticket is always 1..K, and the second is
/// taken up to the renumberings that keep the first (see the model docs).
///
/// Times measured (release build, one core): C(v,k,1) and C(v,k,k) at
/// once; C(7,3,2) = 7, C(8,3,2) = 11, C(9,3,2) = 12, C(8,4,3) = 14,
/// C(9,4,2) = 8, C(10,5,2) = 6, C(10,4,2) = 9, C(11,5,2) = 7 and
/// C(13,4,2) = 13 under 0.1 s; C(11,6,2) = 6 in 0.13 s; C(12,6,2) = 6 in
/// 0.6 s; C(8,5,4) = 20 in 7 s. C(9,4,3), C(10,6,4) and C(13,6,2) do not
/// finish in a minute.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  dlx lottery 7 3 2\n  dlx lottery --stats 9 3 2")]
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
    /// Print nodes, updates, solutions and time to standard error.
    #[arg(long)]
    stats: bool,
}

pub(crate) fn run(args: LotteryArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let design = Design::new(args.v, args.k, args.t).bad_input()?;
    let solved = design.solve_with(None).bad_input()?;
    let tickets = solved
        .tickets
        .context("the search stopped before it found a design")?;
    let mut output = Output::new();
    out!(output, "{}", tickets.len())?;
    for ticket in &tickets {
        let numbers: Vec<String> = ticket.iter().map(ToString::to_string).collect();
        out!(output, "{}", numbers.join(" "))?;
    }
    output.flush()?;
    if args.stats {
        print_stats(&solved.stats, start.elapsed().as_secs_f64());
    }
    Ok(())
}
