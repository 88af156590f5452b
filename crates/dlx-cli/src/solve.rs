//! `dlx solve`: a problem in Knuth's DLX format, its solutions on standard output.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use dlx_core::format::format_option_bytes;
use dlx_core::{format_option, Count, Objective, OptionId, Problem, Solver};
use dlx_models::picture;

use crate::shared::{
    emit_problem, fields, out, print_counted, print_frequencies, read_problem, with_note, Line,
    MemoArgs, Output, Pictures, ReportArgs, ResultExt as _, Run, SearchArgs, COUNT_HELP,
    LIMIT_HELP,
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
/// `--unordered` prints them as the threads find them instead. A problem
/// without solutions prints nothing, and says `no solution` on standard error.
///
/// A count caches the count of every subproblem it finishes, and multiplies
/// the counts of parts that no option joins, when a short probe finds that
/// this pays (`--memo` and `--no-memo` force either way): then counts far
/// beyond what visiting solutions one by one can reach come out exactly,
/// such as the 2.4e30 domino tilings of a 16 x 16 board. Stopped early, such
/// a count prints nothing: it has no partial value.
///
/// Every search runs on all cores unless told (`--threads`), with the
/// progress on standard error (`--progress`); Ctrl-C, SIGTERM, `--max-nodes`
/// and `--time-limit` stop it with what it found so far, marked partial.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx solve --count --stats data/pentomino-6x10.dlx\n  dlx solve --min-cost --best 3 data/solve/costs.dlx\n  dlx solve --min-options data/solve/costs.dlx\n  dlx solve --count --threads 1 data/pentomino-6x10.dlx\n  dlx polyomino --board 16x16 --pieces domino --emit-dlx | dlx solve --count --stats\n  dlx solve --limit 1 data/pentomino-6x10.dlx\n  dlx solve --limit 1 --svg solution.svg data/solve/costs.dlx\n  dlx solve --unordered --json data/pentomino-6x10.dlx\n  dlx solve --count --time-limit 10s --progress always problem.dlx\n  dlx polyomino --board 8x8 --pieces domino --emit-dlx | dlx solve --frequencies\n  printf 'a b\\na\\nb\\na b\\n' | dlx solve"
)]
pub(crate) struct SolveArgs {
    /// The problem file; standard input when absent or `-`.
    file: Option<PathBuf>,
    #[arg(long, help = COUNT_HELP)]
    count: bool,
    #[arg(long, value_name = "N", conflicts_with = "memo", value_parser = clap::value_parser!(u64).range(1..), help = LIMIT_HELP)]
    limit: Option<u64>,
    /// Print the problem back in Knuth's format as it was read, instead of
    /// solving it: comments and spacing dropped, names byte for byte, options
    /// without a primary item left out (as Knuth's programs leave them out),
    /// to normalise a file or check what the reader understood.
    #[arg(long, conflicts_with_all = ["count", "json", "limit", "min_options", "min_cost", "frequencies"])]
    emit_dlx: bool,
    /// Print solutions in the order of the sequential search, whatever the threads (the default).
    #[arg(long, overrides_with = "unordered")]
    ordered: bool,
    /// Print solutions in the order the threads find them (the order may change from run to run).
    #[arg(long, overrides_with = "ordered")]
    unordered: bool,
    /// Print only a solution with the fewest options, proven minimal (branch and bound; threads share the bound).
    #[arg(long, conflicts_with_all = ["count", "min_cost"])]
    min_options: bool,
    /// Print only the cheapest solution under the options' DLX5 costs (`|n` after an option), proven.
    #[arg(long, conflicts_with = "count")]
    min_cost: bool,
    /// Print, for each option, the number of solutions that contain it
    /// (the count, a tab, the option; in input order), then the number of
    /// solutions alone on the last line: an option in every solution is
    /// forced, one in none can never be placed. Computed in one pass over
    /// the memoised count's subproblems, not by visiting solutions, so any
    /// count the memoised count reaches has its frequencies.
    #[arg(long, conflicts_with_all = ["limit", "min_options", "min_cost", "memo", "no_memo", "unordered"])]
    frequencies: bool,
    /// With --frequencies, leave out the options in no solution (those that
    /// can never be placed): a large problem's list is then the options that
    /// matter.
    #[arg(long, requires = "frequencies")]
    nonzero: bool,
    /// With --frequencies, list the options from the most frequent to the
    /// least (ties in input order) instead of in input order.
    #[arg(long, requires = "frequencies")]
    sort: bool,
    /// With --min-cost, print the K cheapest solutions, cheapest first (K from 1).
    // `--best 0` asked for nothing and answered "no solution" for a problem
    // that has solutions: refused, as `--limit 0` is (issue 20).
    #[arg(long, value_name = "K", requires = "min_cost", default_value_t = 1,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    best: usize,
    /// Print only every M-th solution found (the M-th, the 2M-th, ...), as
    /// Knuth's `m` does, while finding them all; with --count, the count of
    /// all follows. With --json, a solution's index is its place among all.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..),
        conflicts_with_all = ["min_options", "min_cost", "frequencies", "memo"],
        help_heading = "Knuth's options")]
    every: Option<u64>,
    /// Show the search's steps on standard error down to level LEVEL, as
    /// Knuth's programs do with `v` and `l`: at each level the item chosen
    /// and its number of options, each option tried (k of d), each solution
    /// and each backtrack, indented by level (a solution is shown when its
    /// level, its number of options, is at most LEVEL). Runs on one thread.
    #[arg(long, value_name = "LEVEL", help_heading = "Knuth's options",
        conflicts_with_all = ["min_options", "min_cost", "frequencies", "memo", "unordered"])]
    trace: Option<usize>,
    /// Break ties at random with seed S (Knuth's `s`): which of the items
    /// with the fewest options to branch on, and the order of an item's
    /// options. The same solutions (as a set) and count; a different tree,
    /// so other nodes, updates and order. Runs on one thread.
    #[arg(long, value_name = "S", help_heading = "Knuth's options",
        conflicts_with_all = ["min_options", "min_cost", "frequencies", "memo", "unordered"])]
    seed: Option<u64>,
    /// Print, with --stats, Knuth's profile of the search tree (the nodes
    /// at each level) and the item totals (how many times each primary item
    /// was chosen to branch on, and how many of its options were tried).
    /// Runs on one thread.
    #[arg(long, requires = "stats", help_heading = "Knuth's options",
        conflicts_with_all = ["min_options", "min_cost", "frequencies", "memo", "unordered"])]
    profile: bool,
    /// Also draw each solution printed as an SVG picture of the problem:
    /// its options against its items, as Knuth draws the matrix, the
    /// solution's options marked (at most 256 options are drawn: with more,
    /// the solution's own). PATH is the file of the one solution of
    /// `--limit 1`, `--min-options` or `--min-cost`; otherwise the pictures
    /// are PATH-1.svg, PATH-2.svg, ... (a folder, an existing one or PATH
    /// ending with `/`, gets solution.svg or solution-1.svg, ...). A problem
    /// without a solution is drawn with none marked, and says so.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["count", "frequencies", "emit_dlx"])]
    svg: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs<MemoArgs>,
}

impl SolveArgs {
    /// The printer of the solutions, drawing them too with `--svg`.
    fn printer<'a>(&self, problem: &'a Problem, input_options: &'a [usize]) -> Printer<'a> {
        let mut printer = Printer::new(problem, input_options, self.report().json);
        if let Some(path) = &self.svg {
            let one =
                self.limit == Some(1) || self.min_options || (self.min_cost && self.best == 1);
            printer.pictures = Some(Pictures::new(path, !one, "solution"));
        }
        printer
    }

    /// With `--svg`, the picture of a problem without a solution: none marked, and a note.
    fn draw_no_solution(&self, problem: &Problem) -> anyhow::Result<()> {
        match &self.svg {
            Some(path) => Pictures::new(path, false, "solution").write(
                0,
                &with_note(&picture::to_svg(problem, None), "no solution"),
            ),
            None => Ok(()),
        }
    }

    /// `--json` and `--stats`.
    fn report(&self) -> &ReportArgs {
        &self.search.report
    }

    /// Whether the search is watched (`--trace`, `--seed`, `--profile`): it
    /// then runs through the core's exploring driver, on one thread.
    fn explores(&self) -> bool {
        self.trace.is_some() || self.seed.is_some() || self.profile
    }
}

pub(crate) fn run(args: SolveArgs) -> anyhow::Result<()> {
    let (problem, input_options, start) = read_problem(args.file.as_deref())?;
    if args.emit_dlx {
        return emit_problem(&problem);
    }
    let report = args.report();
    let mut run = args.search.start()?;
    // One solver per thread, and the root the threads start from.
    let solvers = run.threads()? as u64 + 1;
    run.check_memory("the problem", problem.footprint().total(solvers))?;
    let mut output = Output::new();
    if args.frequencies {
        return solve_frequencies(
            &args,
            &problem,
            &input_options,
            &mut run,
            &mut output,
            start,
        );
    }
    if args.explores() {
        let profile = solve_explored(&args, &problem, &input_options, &mut run, &mut output)?;
        output.flush()?;
        let seconds = start.elapsed().as_secs_f64();
        if report.json {
            let extra = crate::knuth::profile_fields(&problem, &profile);
            let extra = if args.profile { &extra[..] } else { &[] };
            report.stats(&mut output, &run.stats(), seconds, extra)?;
        } else {
            report.stats(&mut output, &run.stats(), seconds, &[])?;
            if args.profile {
                crate::knuth::print_profile(&problem, &profile);
            }
        }
        return run.finish(if args.count {
            "the count"
        } else {
            "the listing"
        });
    }
    if args.count && args.limit.is_none() && args.every.is_none() {
        let counted = run.count_solutions(&problem, &args.search.memo)?;
        return print_counted(
            &run,
            &counted,
            &mut output,
            report,
            1,
            start.elapsed().as_secs_f64(),
        );
    }
    let what = if args.min_options || args.min_cost {
        solve_optimum(&args, &problem, &input_options, &mut run, &mut output)?;
        "the best found"
    } else if args.count && args.every.is_none() {
        solve_count(&args, &problem, &mut run, &mut output)?;
        "the count"
    } else if args.count {
        // `--every M --count`: every M-th solution, then the count of all.
        let found = solve_listing(&args, &problem, &input_options, &mut run, &mut output)?;
        report.count(&mut output, None, u128::from(found), args.limit)?;
        "the count"
    } else {
        solve_listing(&args, &problem, &input_options, &mut run, &mut output)?;
        "the listing"
    };
    output.flush()?;
    let seconds = start.elapsed().as_secs_f64();
    if report.json {
        report.stats(&mut output, &run.stats(), seconds, &run.balance())?;
    } else {
        report.stats(&mut output, &run.stats(), seconds, &[])?;
        if report.stats {
            run.print_balance();
        }
    }
    run.finish(what)
}

/// Counts the solutions (at most `--limit`) on the run's threads.
fn solve_count(
    args: &SolveArgs,
    problem: &Problem,
    run: &mut Run,
    output: &mut Output,
) -> anyhow::Result<()> {
    let count = run.count(Solver::new(problem), args.limit)?;
    args.report().count(output, None, count.value, args.limit)
}

/// `--frequencies`: each option's number of solutions, then the count, by
/// the count's method ([`Run::frequencies`]): for a problem read as text,
/// which carries no Kasteleyn matrix, the diagram of the memoised count.
fn solve_frequencies(
    args: &SolveArgs,
    problem: &Problem,
    input_options: &[usize],
    run: &mut Run,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let report = args.report();
    print_frequencies(
        run,
        problem,
        1,
        report,
        output,
        start,
        |output, frequencies| {
            let mut frequencies: Vec<(usize, Count)> = frequencies
                .into_iter()
                .enumerate()
                .filter(|(_, frequency)| !(args.nonzero && frequency.is_zero()))
                .collect();
            if args.sort {
                // Stable: ties stay in input order.
                frequencies.sort_by(|a, b| b.1.cmp(&a.1));
            }
            for (k, frequency) in frequencies {
                let option = OptionId::new(k);
                if report.json {
                    output.json(&Line::Frequency {
                        option: input_options[k],
                        line: format_option(problem, option),
                        count_decimal: frequency.to_string(),
                        count: frequency,
                    })?;
                } else {
                    let mut line = format!("{frequency}\t").into_bytes();
                    line.extend_from_slice(&format_option_bytes(problem, option));
                    output.bytes_line(&line)?;
                }
            }
            Ok(())
        },
    )
}

/// Lists the solutions, in the sequential order unless `--unordered`.
fn solve_listing(
    args: &SolveArgs,
    problem: &Problem,
    input_options: &[usize],
    run: &mut Run,
    output: &mut Output,
) -> anyhow::Result<u64> {
    // Listings are deterministic unless asked otherwise: people diff them.
    // `--ordered` is the default, still accepted so that older scripts run;
    // of `--ordered` and `--unordered`, the last given wins.
    let ordered = args.ordered || !args.unordered;
    let mut printer = args.printer(problem, input_options);
    let every = args.every.unwrap_or(1);
    let mut found = 0u64;
    let flow = run.visit(Solver::new(problem), ordered, args.limit, |solution| {
        found += 1;
        if found % every != 0 {
            return ControlFlow::Continue(());
        }
        printer.number = Some(found - 1);
        match printer.print(output, solution) {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => ControlFlow::Break(err),
        }
    })?;
    match flow {
        ControlFlow::Break(err) => Err(err),
        // No solution, and the search says so for certain.
        ControlFlow::Continue(outcome) if found == 0 && outcome.is_complete() => {
            args.report().no_solution(output, None)?;
            args.draw_no_solution(problem)?;
            Ok(found)
        }
        ControlFlow::Continue(_) => Ok(found),
    }
}

/// `--trace`, `--seed`, `--profile`: the search through the core's
/// exploring driver, on this thread, under the run's budget; lists (every
/// M-th) or counts the solutions as the ordinary search would, and returns
/// the profile and item totals.
fn solve_explored(
    args: &SolveArgs,
    problem: &Problem,
    input_options: &[usize],
    run: &mut Run,
    output: &mut Output,
) -> anyhow::Result<dlx_core::explore::Profile> {
    let mut solver = Solver::new(problem);
    solver.set_limit(args.limit).set_budget(run.budget());
    let mut printer = args.printer(problem, input_options);
    let mut trace = args
        .trace
        .map(|depth| crate::knuth::Trace::new(problem, depth));
    let every = args.every.unwrap_or(1);
    let lists = !args.count || args.every.is_some();
    let mut found = 0u64;
    let mut failed = None;
    let explored = solver
        .explore(args.seed, |event| {
            if let Some(trace) = &mut trace {
                trace.show(&event);
            }
            if let dlx_core::explore::Event::Solution { options, .. } = event {
                found += 1;
                if lists && found % every == 0 {
                    printer.number = Some(found - 1);
                    if let Err(err) = printer.print(output, options) {
                        failed = Some(err);
                        return ControlFlow::Break(());
                    }
                }
            }
            ControlFlow::Continue(())
        })
        .bad_input()?;
    if let Some(trace) = &mut trace {
        trace.flush();
    }
    if let Some(err) = failed {
        return Err(err);
    }
    run.ledger.add_stats(solver.stats());
    run.record(explored.outcome);
    if args.count {
        args.report()
            .count(output, None, u128::from(found), args.limit)?;
    } else if found == 0 && explored.is_complete() {
        args.report().no_solution(output, None)?;
        args.draw_no_solution(problem)?;
    }
    Ok(explored.value)
}

/// The optimising searches: the fewest options, or the K cheapest solutions.
///
/// Each solution is headed by a comment line in Knuth's style, `| options N`
/// or `| cost C`, so the output stays readable as DLX text. A search the
/// budget stopped prints the best found so far, which the run's note says
/// is partial (and not proven).
fn solve_optimum(
    args: &SolveArgs,
    problem: &Problem,
    input_options: &[usize],
    run: &mut Run,
    output: &mut Output,
) -> anyhow::Result<()> {
    let (objective, k, label) = if args.min_options {
        (Objective::Options, 1, "options")
    } else {
        (Objective::Cost, args.best, "cost")
    };
    let ranked = run.best(Solver::new(problem), objective, k)?;
    let mut printer = args.printer(problem, input_options);
    for costed in &ranked.value {
        printer.heading = Some(format!("{label} {}", costed.cost));
        printer.objective = Some((label, costed.cost));
        printer.print(output, &costed.options)?;
    }
    if ranked.value.is_empty() && ranked.is_complete() {
        args.report().no_solution(output, None)?;
        args.draw_no_solution(problem)?;
    }
    Ok(())
}

/// Prints solutions as option lines separated by blank lines, or as JSON lines.
pub(crate) struct Printer<'a> {
    problem: &'a Problem,
    /// Each option's index among the input's option lines, for `--json`.
    input_options: &'a [usize],
    json: bool,
    index: u64,
    /// A comment line printed before the next solution (`| ...`).
    heading: Option<String>,
    /// What an optimising search optimised and its value in the next
    /// solution: the JSON line is then an `optimum`.
    objective: Option<(&'static str, u128)>,
    /// The next solution's index among all found, when not all are
    /// printed (`--every`): its JSON `solution`.
    number: Option<u64>,
    /// Where each solution printed is drawn too (`--svg`), the `index`-th
    /// as the `index`-th picture.
    pictures: Option<Pictures>,
}

impl<'a> Printer<'a> {
    pub(crate) fn new(problem: &'a Problem, input_options: &'a [usize], json: bool) -> Printer<'a> {
        Printer {
            problem,
            input_options,
            json,
            index: 0,
            heading: None,
            objective: None,
            number: None,
            pictures: None,
        }
    }

    pub(crate) fn print(
        &mut self,
        output: &mut Output,
        solution: &[OptionId],
    ) -> anyhow::Result<()> {
        let problem = self.problem;
        if self.json {
            let lines: Vec<String> = solution
                .iter()
                .map(|&o| format_option(problem, o))
                .collect();
            // By index in the input, as the schema says: the options left
            // out with a warning count too (issue 20).
            let options: Vec<usize> = solution
                .iter()
                .map(|o| self.input_options[o.index()])
                .collect();
            let answer = fields(serde_json::json!({ "options": options, "lines": lines }));
            let line = match self.objective {
                None => Line::Solution {
                    case: None,
                    solution: self.number.take().unwrap_or(self.index),
                    answer,
                },
                Some((objective, value)) => Line::Optimum {
                    case: None,
                    solution: self.index,
                    objective,
                    value,
                    // Lines written before the `optimum` type had `cost`: it stays.
                    cost: (objective == "cost").then_some(value),
                    answer,
                },
            };
            output.json(&line)?;
        } else {
            if self.index > 0 {
                out!(output, "")?;
            }
            if let Some(heading) = &self.heading {
                out!(output, "| {heading}")?;
            }
            for &option in solution {
                // Byte for byte: Knuth's names need not be UTF-8.
                output.bytes_line(&format_option_bytes(problem, option))?;
            }
        }
        if let Some(pictures) = &self.pictures {
            let index = usize::try_from(self.index).unwrap_or(usize::MAX);
            pictures.write(index, &picture::to_svg(problem, Some(solution)))?;
        }
        self.index += 1;
        Ok(())
    }
}
