//! How a long command runs: its threads, its progress display, its budgets, and what ends it early.
//!
//! Every search command flattens [`RunArgs`] into its arguments, so the same
//! flags mean the same everywhere: `--threads`/`-j`, `--quiet`, `--progress`,
//! `--max-nodes` and `--time-limit`. [`Run`] starts the threads, draws the
//! progress from a thread of its own while the search runs, stops the search
//! on SIGINT or SIGTERM or when a budget runs out, and turns such an end into
//! the partial result's note and exit code.

use std::io::{IsTerminal as _, Write as _};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use dlx_core::{Solver, Stats};
use dlx_parallel::{Balance, ParallelSolver, Progress};

use crate::shared::progress::{group, Display};
use crate::shared::size::{format_size, parse_size, size_above};
use crate::shared::{Line, Output, ReportArgs, ResultExt as _};

/// The flags of every search command.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Running")]
pub(crate) struct RunArgs {
    /// Threads to search on: 0 (the default) for one per core, 1 for the
    /// sequential search, at most 1024. Any number gives the same answers.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS))]
    pub(crate) threads: u16,
    /// Show no progress (as --progress never).
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Progress on standard error: a bar on a terminal (auto, the default),
    /// also a plain line every few seconds when standard error is not a
    /// terminal, for a batch job's log (always), or none (never).
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub(crate) progress: ProgressMode,
    /// Stop after about N nodes of search (Knuth's nodes, all threads
    /// together), print what was found as partial and exit with 3.
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// Stop after this long (`90s`, `10m`, `1h30m`), print what was found as
    /// partial and exit with 3.
    #[arg(long, value_name = "DURATION", value_parser = humantime::parse_duration)]
    pub(crate) time_limit: Option<Duration>,
    /// The most memory the problems and their searches may take (`512M`,
    /// `4G`): a problem that would need more is refused before it is built,
    /// with exit code 2 and the size it would need.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "1G")]
    pub(crate) max_memory: usize,
}

/// When to show progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ProgressMode {
    /// A bar when standard error is a terminal.
    Auto,
    /// A bar on a terminal, otherwise a line every few seconds.
    Always,
    /// No progress.
    Never,
}

/// Why a search ended before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// SIGINT (Ctrl-C): exit code 130.
    Interrupted,
    /// SIGTERM: exit code 143.
    Terminated,
    /// `--max-nodes`: exit code 3.
    Nodes(u64),
    /// `--time-limit`: exit code 3.
    Time(Duration),
}

/// A search that ended early: the output printed is partial. Exit code 130
/// or 143 for a signal, 3 for a budget.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub(crate) struct Partial {
    pub(crate) code: u8,
    pub(crate) message: String,
}

/// The signal that arrived, as its exit code (0: none), for the whole process.
static SIGNALLED: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// The most threads `--threads` takes: far more than any machine's cores,
/// and few enough that starting them is quick.
const MAX_THREADS: i64 = 1024;

/// A command's run: its threads, its stop flag and what raised it.
pub(crate) struct Run {
    args: RunArgs,
    threads: usize,
    stop: Arc<AtomicBool>,
    started: Instant,
    budget: Option<Stop>,
    fraction: f64,
    /// Nodes searched by the searches watched so far, for `--max-nodes`
    /// over a run of several searches.
    spent: u64,
    /// How the parallel searches recorded by [`Run::searched`] balanced
    /// their load, all together.
    balance: Balance,
    /// `--json`: a stop also writes a `partial` line on standard output.
    json: bool,
}

impl Run {
    /// Reads the flags and listens for SIGINT and SIGTERM: the first raises
    /// the stop flag, a second SIGINT ends the process at once.
    pub(crate) fn new(args: &RunArgs, report: &ReportArgs) -> anyhow::Result<Run> {
        let threads = if args.threads > 0 {
            usize::from(args.threads)
        } else {
            std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
        };
        let stop = Arc::new(AtomicBool::new(false));
        let signalled = SIGNALLED.get_or_init(|| Arc::new(AtomicUsize::new(0)));
        for (signal, code) in [
            (signal_hook::consts::SIGINT, 130u8),
            (signal_hook::consts::SIGTERM, 143u8),
        ] {
            // A second signal while the first is being handled ends the process.
            signal_hook::flag::register_conditional_shutdown(
                signal,
                i32::from(code),
                Arc::clone(&stop),
            )
            .context("cannot listen for signals")?;
            signal_hook::flag::register_usize(signal, Arc::clone(signalled), usize::from(code))
                .context("cannot listen for signals")?;
            signal_hook::flag::register(signal, Arc::clone(&stop))
                .context("cannot listen for signals")?;
        }
        Ok(Run {
            args: args.clone(),
            threads,
            stop,
            started: Instant::now(),
            budget: None,
            fraction: 0.0,
            spent: 0,
            balance: Balance::default(),
            json: report.json,
        })
    }

    /// The stop flag: raised by a signal or a budget; give it to every search.
    pub(crate) fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// A parallel search of `root` on this run's threads, stopped by its flag.
    pub(crate) fn parallel(&self, root: Solver) -> anyhow::Result<ParallelSolver<'static>> {
        // A parallel search that ended early by itself (a limit reached, a
        // visitor's `Break`) raised the flag: lowered for this one unless a
        // signal or a budget stopped the run. A signal that lands between the
        // look and the store is seen by the second look (its handler sets
        // `SIGNALLED` before the flag).
        if self.stopped().is_none() {
            self.stop.store(false, Ordering::Relaxed);
            if self.stopped().is_some() {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        let mut parallel = ParallelSolver::from_solver(root)
            .with_threads(self.threads)
            .context("cannot start the threads")?;
        parallel
            .set_stop_flag(self.stop_flag())
            .set_node_budget(self.nodes_left());
        Ok(parallel)
    }

    /// The statistics of a parallel search that has ended, with its load
    /// balance recorded for [`Run::print_balance`].
    pub(crate) fn searched(&mut self, solver: &ParallelSolver<'_>) -> Stats {
        let balance = solver.balance();
        self.balance.steals += balance.steals;
        self.balance.idle_seconds += balance.idle_seconds;
        *solver.stats()
    }

    /// Prints the threads, the subtrees given away between them and their
    /// idle time to standard error, after the statistics (`--stats`).
    pub(crate) fn print_balance(&self) {
        // Statistics are a courtesy: failing to write them is not an error.
        let _ = writeln!(
            std::io::stderr(),
            "threads: {}\nsteals: {}\nidle: {:.3} s",
            self.threads,
            self.balance.steals,
            self.balance.idle_seconds
        );
    }

    /// The same figures as [`Run::print_balance`], as the extra fields of a
    /// JSON `stats` line.
    pub(crate) fn balance(&self) -> [(&'static str, serde_json::Value); 3] {
        [
            ("threads", self.threads.into()),
            ("steals", self.balance.steals.into()),
            ("idle_seconds", self.balance.idle_seconds.into()),
        ]
    }

    /// Refuses, as bad input, what would take more memory than
    /// `--max-memory`: `what` names it for the message (`the map of line 3`),
    /// `bytes` is its estimate ([`dlx_core::Footprint`]).
    pub(crate) fn check_memory(&self, what: &str, bytes: u64) -> anyhow::Result<()> {
        let limit = self.args.max_memory as u64;
        if bytes <= limit {
            return Ok(());
        }
        Err(anyhow::anyhow!(
            "{what} would take about {} of memory, more than --max-memory {}; \
             raise the limit (--max-memory {}) if the machine has it",
            format_size(bytes),
            format_size(limit),
            size_above(bytes)
        ))
        .bad_input()
    }

    /// Whether progress is to be shown at all.
    fn shows_progress(&self) -> bool {
        !self.args.quiet
            && match self.args.progress {
                ProgressMode::Never => false,
                ProgressMode::Auto => std::io::stderr().is_terminal(),
                ProgressMode::Always => true,
            }
    }

    /// What is left of `--max-nodes` after the searches watched so far.
    pub(crate) fn nodes_left(&self) -> Option<u64> {
        self.args
            .max_nodes
            .map(|max| max.saturating_sub(self.spent))
    }

    /// The number of threads to run on.
    pub(crate) fn threads(&self) -> usize {
        self.threads
    }

    /// The number of threads `--threads` asked for, `None` when it was left
    /// at its default (all cores).
    pub(crate) fn threads_asked(&self) -> Option<usize> {
        (self.args.threads > 0).then_some(usize::from(self.args.threads))
    }

    /// Runs `search` on this thread while a watcher draws `progress`, and
    /// raises the stop flag when a budget runs out; the watcher clears its
    /// display before this returns.
    pub(crate) fn watch<T>(
        &mut self,
        progress: &(impl Watched + ?Sized),
        search: impl FnOnce() -> T,
    ) -> T {
        let done = AtomicBool::new(false);
        let shows = self.shows_progress();
        let (max_nodes, time_limit) = (self.nodes_left(), self.args.time_limit);
        let whole = self.args.max_nodes.unwrap_or(0);
        let started = self.started;
        let stop = &self.stop;
        let (result, budget, fraction) = std::thread::scope(|scope| {
            let watcher = scope.spawn(|| {
                let mut display = shows.then(|| Display::new(std::io::stderr().is_terminal()));
                let mut budget = None;
                while !done.load(Ordering::Relaxed) {
                    // The threads keep to `--max-nodes` themselves; this
                    // catches the searches that run outside them.
                    if let Some(max) = max_nodes {
                        if progress.nodes() >= max && budget.is_none() {
                            budget = Some(Stop::Nodes(whole));
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    if let Some(limit) = time_limit {
                        if started.elapsed() >= limit && budget.is_none() {
                            budget = Some(Stop::Time(limit));
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    if let Some(display) = &mut display {
                        display.show(progress.fraction(), progress.solutions(), progress.nodes());
                    }
                    std::thread::park_timeout(Duration::from_millis(10));
                }
                if let Some(display) = &mut display {
                    display.clear();
                }
                (budget, progress.fraction())
            });
            let result = search();
            done.store(true, Ordering::Relaxed);
            // Woken, the watcher ends now, not at its next look (up to 10 ms
            // more on every command).
            watcher.thread().unpark();
            let (budget, fraction) = watcher.join().unwrap_or((None, 0.0));
            (result, budget, fraction)
        });
        // A node budget the threads spent themselves.
        let budget = budget.or_else(|| {
            let spent = max_nodes.is_some_and(|max| progress.nodes() >= max);
            (spent && stop.load(Ordering::Relaxed)).then_some(Stop::Nodes(whole))
        });
        self.spent = self.spent.saturating_add(progress.nodes());
        self.budget = self.budget.or(budget);
        self.fraction = fraction;
        result
    }

    /// Why the search ended early, if it did.
    pub(crate) fn stopped(&self) -> Option<Stop> {
        let signal = SIGNALLED.get().map_or(0, |s| s.load(Ordering::Relaxed));
        match signal {
            130 => Some(Stop::Interrupted),
            143 => Some(Stop::Terminated),
            _ => self.budget,
        }
    }

    /// `Ok` if the search ran to its end; otherwise the [`Partial`] error
    /// that says what ended it, how far it got and that `what` (the output
    /// printed) is partial, with its exit code.
    pub(crate) fn finish(&self, what: &str) -> anyhow::Result<()> {
        self.end(&format!("{what} is partial"))
    }

    /// As [`Run::finish`], for a result that has no partial value, so that
    /// nothing of it was printed (a memoised count).
    pub(crate) fn finish_unprinted(&self, what: &str) -> anyhow::Result<()> {
        self.end(&format!("{what} did not finish, so nothing is printed"))
    }

    /// `Ok` if the search ran to its end; otherwise the [`Partial`] error
    /// that says what ended it, how far it got, then `outcome`.
    fn end(&self, outcome: &str) -> anyhow::Result<()> {
        let Some(stop) = self.stopped() else {
            return Ok(());
        };
        let seconds = self.started.elapsed().as_secs_f64();
        let (code, reason, why) = match stop {
            Stop::Interrupted => (130, "interrupted", "interrupted (SIGINT)".to_owned()),
            Stop::Terminated => (143, "terminated", "terminated (SIGTERM)".to_owned()),
            Stop::Nodes(n) => (
                3,
                "max_nodes",
                format!("stopped by --max-nodes {}", group(n)),
            ),
            Stop::Time(limit) => (
                3,
                "time_limit",
                format!(
                    "stopped by --time-limit {}",
                    humantime::format_duration(limit)
                ),
            ),
        };
        let mut message = format!("{why} after {seconds:.1} s: {outcome}");
        if self.fraction > 0.0 {
            message += &format!(
                " (about {:.1}% of the search tree, by Knuth's estimate)",
                self.fraction * 100.0
            );
        }
        if self.json {
            // The answers before it are flushed: the line comes last.
            let mut output = Output::new();
            output.json(&Line::Partial {
                reason,
                code,
                message: message.clone(),
            })?;
            output.flush()?;
        }
        Err(Partial { code, message }.into())
    }
}

/// What the progress display and the budgets read while a search runs.
pub(crate) trait Watched: Sync {
    /// The fraction of the work done, in `[0, 1]`.
    fn fraction(&self) -> f64;
    /// Solutions found so far.
    fn solutions(&self) -> u64;
    /// Nodes searched so far (Knuth's nodes, all threads together).
    fn nodes(&self) -> u64;
}

impl Watched for Progress {
    fn fraction(&self) -> f64 {
        Progress::fraction(self)
    }
    fn solutions(&self) -> u64 {
        Progress::solutions(self)
    }
    fn nodes(&self) -> u64 {
        Progress::nodes(self)
    }
}

impl<W: Watched + Send + ?Sized> Watched for Arc<W> {
    fn fraction(&self) -> f64 {
        (**self).fraction()
    }
    fn solutions(&self) -> u64 {
        (**self).solutions()
    }
    fn nodes(&self) -> u64 {
        (**self).nodes()
    }
}

/// Writes a line to standard error, ignoring a failure (it is only a courtesy).
pub(crate) fn note(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}
