//! `dlx solve`: a problem in Knuth's DLX format, its solutions on standard output.

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{format_option, parse_dlx_bytes, Solver, Stats};

use crate::input::{input_name, read_input, Output};
use crate::out;

/// Solve an exact cover problem written in Knuth's DLX format.
///
/// The first line that is not a comment (`| ...`) names the primary items, then
/// optionally `|` and the secondary items; every later line is one option, a
/// secondary item optionally written `name:color`.
///
/// Each solution is printed as its options, one a line, with a blank line
/// between solutions.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx solve --count --stats data/pentomino-6x10.dlx\n  dlx solve --limit 1 data/pentomino-6x10.dlx\n  printf 'a b\\na\\nb\\na b\\n' | dlx solve"
)]
pub(crate) struct SolveArgs {
    /// The problem file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Print nodes, updates, solutions and time to standard error.
    #[arg(long)]
    stats: bool,
    /// Print one JSON object per solution: its option indices and lines.
    #[arg(long, conflicts_with = "count")]
    json: bool,
}

pub(crate) fn run(args: SolveArgs) -> anyhow::Result<()> {
    let bytes = read_input(args.file.as_deref())?;
    let start = Instant::now();
    let problem = parse_dlx_bytes(&bytes)
        .with_context(|| format!("in {}", input_name(args.file.as_ref())))?;
    let mut solver = Solver::new(&problem);
    solver.set_limit(args.limit);
    let mut output = Output::new();
    if args.count {
        let count = solver.count();
        out!(output, "{count}")?;
    } else {
        let mut index = 0u64;
        while let Some(solution) = solver.next_solution() {
            if args.json {
                let lines: Vec<String> = solution
                    .iter()
                    .map(|&o| format_option(&problem, o))
                    .collect();
                let options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
                let value =
                    serde_json::json!({ "solution": index, "options": options, "lines": lines });
                out!(output, "{value}")?;
            } else {
                if index > 0 {
                    out!(output, "")?;
                }
                for &option in solution {
                    out!(output, "{}", format_option(&problem, option))?;
                }
            }
            index += 1;
        }
    }
    output.flush()?;
    if args.stats {
        print_stats(solver.stats(), start.elapsed().as_secs_f64());
    }
    Ok(())
}

pub(crate) fn print_stats(stats: &Stats, seconds: f64) {
    let rate = if seconds > 0.0 {
        stats.nodes as f64 / seconds
    } else {
        0.0
    };
    let _ = writeln!(
        std::io::stderr(),
        "solutions: {}\nnodes: {}\nupdates: {}\nmax level: {}\ntime: {:.3} s\nnodes/s: {:.0}",
        stats.solutions,
        stats.nodes,
        stats.updates,
        stats.max_level,
        seconds,
        rate
    );
}
