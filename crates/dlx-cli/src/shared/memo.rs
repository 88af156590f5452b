//! Counting with the memoised counter where it pays: `--memo`, `--no-memo`, `--memo-mem`, and its statistics.

use std::io::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{
    decide_method, Counted, Decision, MemoCounter, MemoError, MemoSettings, MemoStats, Method,
    Problem, Solver, Stats, Step, MIN_LEVERAGE,
};
use dlx_parallel::ParallelMemoCounter;

use crate::shared::run::Watched;
use crate::shared::size::parse_size;
use crate::shared::{fields, note, Line, Output, ReportArgs, ResultExt as _, Run};

/// The context of a memoised count's error.
const FAILED: &str = "the memoised count failed";

/// The memoised count's options, shared by the subcommands that count.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Counting")]
pub(crate) struct MemoArgs {
    /// With --count: count with the memoised counter, whether or not it pays
    /// (by default it is used when a short probe finds that it does). It
    /// runs on one thread unless --threads is given: its threads would
    /// recompute each other's subproblems, and two measured slower than one.
    #[arg(long, requires = "count", conflicts_with = "no_memo")]
    memo: bool,
    /// With --count: never memoise; visit every solution (Knuth's search).
    #[arg(long)]
    no_memo: bool,
    /// The most memory the memoised count's cache may hold, in bytes or with
    /// a binary unit: 512M, 4G (K, M, G, T; KiB, MB and so on are read the same).
    ///
    /// When the cache is full it forgets the subproblems that saved the
    /// least and goes on: the count stays exact, it only takes longer. The
    /// default, 512M, holds some 10 million subproblems of a problem with up
    /// to 128 items (a 16 x 16 board's domino tilings need 52 MiB) and stays
    /// within --max-memory's default of 1G; the process needs a few MiB more
    /// than the cache.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "512M")]
    memo_mem: usize,
}

impl MemoArgs {
    fn settings(&self) -> MemoSettings {
        MemoSettings::new().with_memory(self.memo_mem)
    }
}

/// Counts `problem` with the memoised counter on the run's threads when
/// `--memo` asks for it or a probe finds that it pays ([`decide_method`]),
/// prints the count divided by `per_answer` (the solutions of `problem`
/// that make one answer), the statistics with `--stats`, and ends the run.
///
/// Returns `Ok(false)` when the caller is to count plainly, its own way
/// (`--no-memo`, or memoisation does not pay; with `--stats`, the reason is
/// said on standard error). When memoisation does not pay on one thread and
/// the caller has no plain count of its own (`own_plain`: one faster than
/// counting `problem`'s solutions, as a count by symmetry is), the plain
/// count the probe began goes on here instead, so that its work is not lost. A count stopped by a signal or a budget prints
/// no number: a memoised count has no partial value (the counts of the
/// subproblems finished are not a count of anything), so the run ends with
/// the partial result's error and exit code, and standard output is empty.
pub(crate) fn count_memoised(
    problem: &Problem,
    args: &MemoArgs,
    run: &mut Run,
    output: &mut Output,
    report: &ReportArgs,
    per_answer: u64,
    own_plain: bool,
) -> anyhow::Result<bool> {
    // The reasons for the choice are notes for people: a JSON stats line says `method`.
    let stats = report.stats && !report.json;
    if args.no_memo {
        return Ok(false);
    }
    let start = Instant::now();
    let settings = args.settings();
    // The probe is at most a few thousand nodes of each search: it runs
    // outside the budgets and the stop flag.
    let (counter, plain, probe, leverage) = if args.memo {
        let counter = MemoCounter::new(problem, &settings)
            .context("--memo cannot count this problem")
            .bad_input()?;
        (counter, Stats::default(), MemoStats::default(), 0.0)
    } else {
        match decide_method(problem, &settings) {
            Decision::Plain {
                solver, leverage, ..
            } => {
                if stats {
                    note(&format!(
                        "memo: plain count (the probe's leverage {leverage:.2} is below {MIN_LEVERAGE})"
                    ));
                }
                // On one thread the plain count the probe began goes on: its
                // work is not lost. On more, the caller's parallel count
                // starts over, which its threads soon make up for.
                if !own_plain && run.threads() == 1 {
                    go_on_plainly(*solver, run, output, report, per_answer, start)?;
                    return Ok(true);
                }
                return Ok(false);
            }
            // Small enough for the plain count to finish before the probe
            // began: the caller counts it again its own way, which costs as
            // little (and reports it as every plain count does).
            Decision::Done {
                method: Method::Plain,
                memo,
                ..
            } if memo.nodes == 0 => return Ok(false),
            // The plain count finished while the probe ran beside it: its
            // statistics are Knuth's, as any plain count's.
            Decision::Done {
                count,
                method: Method::Plain,
                plain,
                memo,
                ..
            } => {
                if stats {
                    note(&format!(
                        "memo: plain count (it finished during the probe, {} memoised nodes)",
                        memo.nodes
                    ));
                }
                report.count(output, None, count / u128::from(per_answer.max(1)), None)?;
                output.flush()?;
                let method = [("method", "plain".into())];
                report.stats(output, &plain, start.elapsed().as_secs_f64(), &method)?;
                return Ok(true);
            }
            Decision::Done {
                count,
                method,
                plain,
                memo,
                cache,
            } => {
                let counted = Counted {
                    count,
                    method,
                    plain,
                    memo,
                    cache,
                    leverage: 0.0,
                };
                return print_count(&counted, output, report, per_answer, start);
            }
            Decision::Memo {
                counter,
                plain,
                leverage,
            } => {
                let probe = counter.stats();
                (*counter, plain, probe, leverage)
            }
        }
    };
    // One thread unless `--threads` says otherwise: the threads share the
    // cache but recompute the subproblems they reach at the same time, and
    // on this project's 2-core machine two were slower than one (16 x 16
    // dominoes: 0.49 s on one thread, 0.86 s on two, interleaved medians).
    let threads = run.threads_asked().unwrap_or(1);
    let mut parallel = ParallelMemoCounter::from_counter(&counter)
        .with_threads(threads)
        .context("cannot start the threads")?;
    parallel
        .set_stop_flag(run.stop_flag())
        .set_node_budget(run.nodes_left());
    let progress = parallel.progress();
    let result = run.watch(&progress, || parallel.count());
    let mut memo = probe;
    memo += parallel.stats();
    let mut counted = Counted {
        count: 0,
        method: Method::Memo,
        plain,
        memo,
        cache: parallel.cache().stats(),
        leverage,
    };
    match result {
        Ok(count) => {
            counted.count = count;
            print_count(&counted, output, report, per_answer, start)
        }
        Err(MemoError::Stopped) => {
            print_memo_stats(
                &counted,
                false,
                start.elapsed().as_secs_f64(),
                output,
                report,
            )?;
            run.finish_unprinted("the memoised count")?;
            // Only the run raises the flag it gave: this is not reached.
            Err(anyhow::anyhow!("the memoised count was stopped"))
        }
        Err(err) => Err(err).context(FAILED),
    }
}

/// Goes on with the plain count of `solver` on this thread until its end or
/// the run's stop, prints its count (partial if stopped) divided by
/// `per_answer`, its statistics with `--stats`, and ends the run.
fn go_on_plainly(
    mut solver: Solver,
    run: &mut Run,
    output: &mut Output,
    report: &ReportArgs,
    per_answer: u64,
    start: Instant,
) -> anyhow::Result<()> {
    let done = solver.stats().nodes;
    solver
        .set_stop_flag(run.stop_flag())
        .set_node_limit(run.nodes_left().map(|left| left.saturating_add(done)));
    let progress = Solo::default();
    run.watch(&progress, || loop {
        let step = solver.run_counting(PLAIN_SLICE);
        progress.update(&solver);
        match step {
            Step::Done | Step::Stopped => break,
            Step::Solution | Step::Paused => {}
        }
    });
    if solver.node_limit_reached() {
        // The watcher then records the budget as the reason.
        run.stop_flag().store(true, Ordering::Relaxed);
    }
    let count = solver.stats().solutions / per_answer.max(1);
    report.count(output, None, u128::from(count), None)?;
    output.flush()?;
    let method = [("method", "plain".into())];
    report.stats(
        output,
        solver.stats(),
        start.elapsed().as_secs_f64(),
        &method,
    )?;
    run.finish("the count")
}

/// Nodes of the plain count between two reports to the progress display.
const PLAIN_SLICE: u64 = 1 << 16;

/// The progress of one plain count on this thread.
#[derive(Debug, Default)]
struct Solo {
    nodes: AtomicU64,
    solutions: AtomicU64,
    /// Knuth's estimate of the fraction done, as `f64` bits.
    fraction: AtomicU64,
}

impl Solo {
    fn update(&self, solver: &Solver) {
        let stats = solver.stats();
        self.nodes.store(stats.nodes, Ordering::Relaxed);
        self.solutions.store(stats.solutions, Ordering::Relaxed);
        self.fraction
            .store(solver.progress().to_bits(), Ordering::Relaxed);
    }
}

impl Watched for Solo {
    fn fraction(&self) -> f64 {
        f64::from_bits(self.fraction.load(Ordering::Relaxed))
    }
    fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }
    fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

/// Prints a finished count divided by `per_answer`, its statistics with
/// `--stats`, and ends the run.
fn print_count(
    counted: &Counted,
    output: &mut Output,
    report: &ReportArgs,
    per_answer: u64,
    start: Instant,
) -> anyhow::Result<bool> {
    report.count(
        output,
        None,
        counted.count / u128::from(per_answer.max(1)),
        None,
    )?;
    output.flush()?;
    print_memo_stats(counted, true, start.elapsed().as_secs_f64(), output, report)?;
    // A stop that came after the count was finished takes nothing from it:
    // the run ends well.
    Ok(true)
}

/// Prints the statistics of a count (`--stats`): Knuth's nodes and updates
/// (of both searches when a probe ran), and the cache's hits, misses,
/// evictions and peak size; to standard error, or as a JSON line.
fn print_memo_stats(
    counted: &Counted,
    finished: bool,
    seconds: f64,
    output: &mut Output,
    report: &ReportArgs,
) -> anyhow::Result<()> {
    if !report.stats {
        return Ok(());
    }
    let memo = &counted.memo;
    let cache = &counted.cache;
    let nodes = memo.nodes + counted.plain.nodes;
    let method = match counted.method {
        Method::Memo if counted.leverage > 0.0 => {
            format!("memoised (the probe's leverage {:.3e})", counted.leverage)
        }
        Method::Memo => "memoised".to_owned(),
        Method::Plain => "plain".to_owned(),
    };
    let method = if finished {
        method
    } else {
        format!("{method}, stopped before it finished")
    };
    let solutions = if finished {
        counted.count.to_string()
    } else {
        "unknown (the count did not finish)".to_owned()
    };
    let mib = |bytes: u64| bytes as f64 / f64::from(1 << 20);
    let rate = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    if report.json {
        let method = match counted.method {
            Method::Memo => "memo",
            Method::Plain => "plain",
        };
        output.json(&Line::Stats {
            solutions: finished.then_some(counted.count),
            nodes,
            updates: memo.updates + counted.plain.updates,
            max_level: memo.max_level.max(counted.plain.max_level),
            seconds,
            extra: fields(serde_json::json!({
                "method": method,
                "finished": finished,
                "cache_hits": memo.hits,
                "cache_misses": memo.misses,
                "cache_evictions": cache.evictions,
                "cache_peak_bytes": cache.peak_bytes,
                "cache_budget_bytes": cache.budget,
                "cache_peak_entries": cache.peak_entries,
                "parts": memo.parts,
                "splits": memo.splits,
            })),
        })?;
        return output.flush();
    }
    let _ = writeln!(
        std::io::stderr(),
        "method: {method}\nsolutions: {}\nnodes: {nodes}\nupdates: {}\ncache hits: {}\ncache misses: {}\ncache evictions: {}\ncache peak: {:.1} MiB of {:.1} MiB ({} entries)\nparts: {} in {} splits\ntime: {seconds:.3} s\nnodes/s: {rate:.0}",
        solutions,
        memo.updates + counted.plain.updates,
        memo.hits,
        memo.misses,
        cache.evictions,
        mib(cache.peak_bytes),
        mib(cache.budget),
        cache.peak_entries,
        memo.parts,
        memo.splits,
    );
    Ok(())
}
