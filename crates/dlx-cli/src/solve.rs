//! `dlx solve`: a problem in Knuth's DLX format, its solutions on standard output.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{format_option, Optimum, OptionId, Problem, Solver, Stats, Step};
use dlx_parallel::ParallelSolver;

use crate::shared::{
    count_memoised, out, parse_problem, print_memo_stats, print_stats, read_input, thread_count,
    Bar, MemoArgs, Memoised, Output,
};

/// Solve an exact cover problem written in Knuth's DLX format.
///
/// The first line that is not a comment (`| ...`) names the primary items, then
/// optionally `|` and the secondary items; every later line is one option, a
/// secondary item optionally written `name:color`. A primary item may carry a
/// multiplicity (`u:v|name`: covered between u and v times; `u:|name`: at
/// least u), and an option costs (`|n` after its items).
///
/// Each solution is printed as its options, one a line, with a blank line
/// between solutions. The solutions come in the order of the sequential
/// search whatever the threads, so the same input always prints the same text;
/// `--unordered` prints them as the threads find them instead.
///
/// A count caches the count of every subproblem it finishes, and multiplies
/// the counts of parts that no option joins, when a short probe finds that
/// this pays (`--memo` and `--no-memo` force either way): then counts far
/// beyond what visiting solutions one by one can reach come out exactly,
/// such as the 2.4e30 domino tilings of a 16 x 16 board.
///
/// A count that visits every solution shows a progress bar on standard
/// error on a terminal (solutions, nodes per second and Knuth's estimate of
/// the fraction done).
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx solve --count --stats data/pentomino-6x10.dlx\n  dlx solve --min-cost --best 3 data/solve/costs.dlx\n  dlx solve --min-options data/solve/costs.dlx\n  dlx solve --count --threads 1 data/pentomino-6x10.dlx\n  dlx polyomino --board 16x16 --pieces domino --emit-dlx | dlx solve --count --stats\n  dlx solve --limit 1 data/pentomino-6x10.dlx\n  dlx solve --unordered --json data/pentomino-6x10.dlx\n  printf 'a b\\na\\nb\\na b\\n' | dlx solve"
)]
pub(crate) struct SolveArgs {
    /// The problem file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N", conflicts_with = "memo")]
    limit: Option<u64>,
    /// Print nodes, updates, solutions and time to standard error.
    #[arg(long)]
    stats: bool,
    /// Print one JSON object per solution: its option indices and lines.
    #[arg(long, conflicts_with = "count")]
    json: bool,
    /// Threads to search on (default: one per core; 1: the sequential solver).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print solutions in the order of the sequential search, whatever the threads (the default).
    #[arg(long, overrides_with = "unordered")]
    ordered: bool,
    /// Print solutions in the order the threads find them (the order may change from run to run).
    #[arg(long, overrides_with = "ordered")]
    unordered: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Print only a solution with the fewest options, proven minimal (branch and bound; threads share the bound).
    #[arg(long, conflicts_with_all = ["count", "min_cost"])]
    min_options: bool,
    /// Print only the cheapest solution under the options' DLX5 costs (`|n` after an option), proven.
    #[arg(long, conflicts_with = "count")]
    min_cost: bool,
    /// With --min-cost, print the K cheapest solutions, cheapest first.
    #[arg(long, value_name = "K", requires = "min_cost", default_value_t = 1)]
    best: usize,
    #[command(flatten)]
    memo: MemoArgs,
}

pub(crate) fn run(args: SolveArgs) -> anyhow::Result<()> {
    let bytes = read_input(args.file.as_deref())?;
    let start = Instant::now();
    let problem = parse_problem(&bytes, args.file.as_deref())?;
    let threads = thread_count(args.threads);
    let mut output = Output::new();
    if args.count && args.limit.is_none() {
        if let Memoised::Counted(counted) =
            count_memoised(&problem, &args.memo, threads, args.stats)?
        {
            out!(output, "{}", counted.count)?;
            output.flush()?;
            if args.stats {
                print_memo_stats(&counted, start.elapsed().as_secs_f64());
            }
            return Ok(());
        }
    }
    let stats = if args.min_options || args.min_cost {
        solve_optimum(&args, &problem, threads, &mut output)?
    } else if threads == 1 {
        solve_sequential(&args, &problem, &mut output)?
    } else {
        solve_parallel(&args, &problem, threads, &mut output)?
    };
    output.flush()?;
    if args.stats {
        print_stats(&stats, start.elapsed().as_secs_f64());
    }
    Ok(())
}

/// The sequential solver, counting in slices so that a progress bar can be redrawn between them.
fn solve_sequential(
    args: &SolveArgs,
    problem: &Problem,
    output: &mut Output,
) -> anyhow::Result<Stats> {
    let mut solver = Solver::new(problem);
    solver.set_limit(args.limit);
    if args.count {
        let mut bar = Bar::new(!args.quiet);
        let count = if bar.shown() {
            while !matches!(solver.run_counting(1 << 18), Step::Done | Step::Stopped) {
                let stats = solver.stats();
                bar.tick(solver.progress(), stats.solutions, stats.nodes);
            }
            bar.finish();
            solver.stats().solutions
        } else {
            solver.count()
        };
        out!(output, "{count}")?;
    } else {
        let mut printer = Printer::new(problem, args.json);
        while let Some(solution) = solver.next_solution() {
            printer.print(output, solution)?;
        }
    }
    Ok(*solver.stats())
}

/// The parallel solver; a progress bar watches a count from a thread of its own.
fn solve_parallel(
    args: &SolveArgs,
    problem: &Problem,
    threads: usize,
    output: &mut Output,
) -> anyhow::Result<Stats> {
    let mut solver = ParallelSolver::new(problem)
        .with_threads(threads)
        .context("cannot start the threads")?;
    // Listings are deterministic unless asked otherwise: people diff them.
    // `--ordered` is the default, still accepted so that older scripts run;
    // of `--ordered` and `--unordered`, the last given wins.
    let ordered = args.ordered || !args.unordered;
    solver.set_limit(args.limit).set_ordered(ordered);
    if args.count {
        let progress = solver.progress();
        let mut bar = Bar::new(!args.quiet);
        let done = AtomicBool::new(false);
        let count = std::thread::scope(|scope| {
            scope.spawn(|| bar.watch(&progress, &done));
            let count = solver.count();
            done.store(true, Ordering::Relaxed);
            count
        });
        out!(output, "{count}")?;
    } else {
        let mut printer = Printer::new(problem, args.json);
        let flow = solver.visit(|solution| match printer.print(output, solution) {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => ControlFlow::Break(err),
        });
        if let ControlFlow::Break(err) = flow {
            return Err(err);
        }
    }
    Ok(*solver.stats())
}

/// The optimising searches: the fewest options, or the K cheapest solutions.
///
/// Each solution is headed by a comment line in Knuth's style, `| options N`
/// or `| cost C`, so the output stays readable as DLX text.
fn solve_optimum(
    args: &SolveArgs,
    problem: &Problem,
    threads: usize,
    output: &mut Output,
) -> anyhow::Result<Stats> {
    let mut solver = Solver::new(problem);
    // With threads, the parts of a split search share the best value found as their bound.
    let mut parallel = if threads > 1 {
        let parallel = ParallelSolver::new(problem).with_threads(threads);
        Some(parallel.context("cannot start the threads")?)
    } else {
        None
    };
    let mut printer = Printer::new(problem, args.json);
    if args.min_options {
        let optimum = match &mut parallel {
            Some(parallel) => parallel.min_options(),
            None => solver.min_options(),
        };
        match optimum {
            Optimum::Found(solution) => {
                printer.heading = Some(format!("options {}", solution.len()));
                printer.print(output, &solution)?;
            }
            Optimum::NoSolution => {}
            Optimum::Stopped => {
                anyhow::bail!("the search was stopped before it could prove a minimum")
            }
        }
    } else {
        let ranked = match &mut parallel {
            Some(parallel) => parallel.min_cost(args.best),
            None => solver.min_cost(args.best),
        };
        for costed in &ranked.solutions {
            printer.heading = Some(format!("cost {}", costed.cost));
            printer.cost = Some(costed.cost);
            printer.print(output, &costed.options)?;
        }
    }
    Ok(match &parallel {
        Some(parallel) => *parallel.stats(),
        None => *solver.stats(),
    })
}

/// Prints solutions as option lines separated by blank lines, or as JSON lines.
struct Printer<'a> {
    problem: &'a Problem,
    json: bool,
    index: u64,
    /// A comment line printed before the next solution (`| ...`).
    heading: Option<String>,
    /// The value the JSON object reports as `cost`.
    cost: Option<u64>,
}

impl<'a> Printer<'a> {
    fn new(problem: &'a Problem, json: bool) -> Printer<'a> {
        Printer {
            problem,
            json,
            index: 0,
            heading: None,
            cost: None,
        }
    }

    fn print(&mut self, output: &mut Output, solution: &[OptionId]) -> anyhow::Result<()> {
        let problem = self.problem;
        if self.json {
            let lines: Vec<String> = solution
                .iter()
                .map(|&o| format_option(problem, o))
                .collect();
            let options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
            let mut value =
                serde_json::json!({ "solution": self.index, "options": options, "lines": lines });
            if let Some(cost) = self.cost {
                value["cost"] = cost.into();
            }
            out!(output, "{value}")?;
        } else {
            if self.index > 0 {
                out!(output, "")?;
            }
            if let Some(heading) = &self.heading {
                out!(output, "| {heading}")?;
            }
            for &option in solution {
                out!(output, "{}", format_option(problem, option))?;
            }
        }
        self.index += 1;
        Ok(())
    }
}
