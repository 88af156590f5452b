//! How a long command runs: its flags resolved once, its threads and their policy, its one pool, and the one way it runs a search (under the run's budget, with the progress display, its outcome recorded).
//!
//! Every search command flattens [`RunArgs`] into its arguments, so the same
//! flags mean the same everywhere: `--threads`/`-j`, `--quiet`,
//! `--progress`, `--max-nodes`, `--time-limit` and `--max-memory`.
//! [`Run::new`] resolves them once (as ripgrep turns its low-level arguments
//! into one resolved set): the number of threads and the policy of each
//! kind of search, whether progress is shown, and the budget every search
//! of the run draws on ([`Stops`]). A subcommand then hands its searches to
//! the run ([`Run::count`], [`Run::visit`], [`Run::fold`], [`Run::best`],
//! [`Run::count_solutions`], [`Run::count_tilings`], [`Run::count_shard`],
//! [`Run::diagram`], [`Run::frequencies`], and the cases of an input through
//! [`answer_cases`](crate::shared::cases::answer_cases)) and never touches a flag, a
//! budget or a pool; the run keeps how each search ended in its [`Ledger`]
//! (a case keeps one too), and [`Run::finish`] turns the first stop into
//! the note and exit code of a partial output. Every `impl Run` is here.

use std::io::{IsTerminal as _, Write as _};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use dlx_core::{
    Answer, Budget, Costed, Count, CountMode, Counted, Diagram, MemoError, MemoSettings, Objective,
    OptionId, Outcome, Problem, Solver, Stats,
};
use dlx_models::tilings::{count_tilings, CountError as TilingsError, TilingCount, Tilings};
use dlx_parallel::{
    CountError, OptionCounts, ParallelCount, ParallelSolver, PieceCount, Pool, Searches, Split,
    SplitGoal, MAX_THREADS,
};

use crate::shared::ledger::Ledger;
use crate::shared::memo::{default_settings, MemoArgs};
use crate::shared::progress::{watch, Watched};
use crate::shared::size::{format_size, parse_size, size_above};
use crate::shared::stops::Stops;
use crate::shared::{ReportArgs, ResultExt as _};

/// The flags every search command ends with: what it reports besides its
/// answers, the memoised count's flags for a command that counts
/// (`SearchArgs<MemoArgs>`), and how it runs; in that order in the help.
#[derive(Debug, Clone, Args)]
pub(crate) struct SearchArgs<M: Args = NoCount> {
    #[command(flatten)]
    pub(crate) report: ReportArgs,
    #[command(flatten)]
    pub(crate) memo: M,
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

/// The memoised count's flags of a command that does not count: none.
#[derive(Debug, Clone, Args)]
pub(crate) struct NoCount {}

impl<M: Args> SearchArgs<M> {
    /// The run the flags ask for ([`Run::new`]).
    pub(crate) fn start(&self) -> anyhow::Result<Run> {
        Run::new(&self.run, &self.report)
    }
}

/// The flags of every search command.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Running")]
pub(crate) struct RunArgs {
    /// Threads to search on: 0 (the default) for one per core, 1 for the
    /// sequential search, at most 1024. Any number gives the same answers.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=THREADS_FLAG_MAX))]
    pub(crate) threads: u16,
    /// Show no progress (as --progress never).
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Progress on standard error: a bar on a terminal (auto, the default),
    /// also a plain line every few seconds when standard error is not a
    /// terminal, for a batch job's log (always), or none (never).
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub(crate) progress: ProgressMode,
    /// How often a progress line is written when standard error is not a
    /// terminal (`1s`, `30s`, `10m`; Knuth's `d`). Each line has the time,
    /// the estimated fraction done with Knuth's progress string (the choice
    /// at each of the first levels, k of d), the time left, solutions and
    /// nodes; a minimum repeated cover's has its deepening round instead.
    #[arg(long, value_name = "DURATION", default_value = "5s",
          value_parser = parse_interval)]
    pub(crate) progress_interval: Duration,
    /// Stop after about N nodes of search (Knuth's nodes, all threads and
    /// all searches of the command together), print what was found as
    /// partial and exit with 3.
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// Stop after this long (`90s`, `10m`, `1h30m`), print what was found as
    /// partial and exit with 3.
    #[arg(long, value_name = "DURATION", value_parser = humantime::parse_duration)]
    pub(crate) time_limit: Option<Duration>,
    /// The most memory the problems and their searches may take (`512M`,
    /// `4G`): a problem that would need more is refused before it is built,
    /// with exit code 2 and the size it would need; a search that would
    /// grow past it (the solutions an ordered listing on threads holds
    /// back, a memoised count's cache) stops as --max-nodes does, or keeps
    /// within it.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "1G")]
    pub(crate) max_memory: usize,
}

/// A progress interval: a duration of at least 1 ms (a line every moment would flood a log).
fn parse_interval(text: &str) -> Result<Duration, String> {
    let every = humantime::parse_duration(text).map_err(|err| err.to_string())?;
    if every < Duration::from_millis(1) {
        return Err("the interval must be at least 1ms".to_owned());
    }
    Ok(every)
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

/// The most threads `--threads` takes (dlx-parallel's limit).
#[allow(clippy::cast_possible_wrap, reason = "a constant of 1024")]
const THREADS_FLAG_MAX: i64 = MAX_THREADS as i64;

/// A command's run: its resolved flags, its pool, its budget, and how its
/// searches ended.
pub(crate) struct Run {
    /// `--threads`, resolved into the run's one pool when a search first needs it.
    threads_flag: usize,
    shows_progress: bool,
    /// How often a progress line is written in a log.
    progress_every: Duration,
    max_memory: usize,
    stops: Stops,
    /// The one pool of the run, built when a search first needs it.
    pool: Option<Pool>,
    started: Instant,
    /// How the searches ended, their statistics and balance, all together.
    pub(crate) ledger: Ledger,
    /// The fraction done the display last saw, for the note of a stopped run.
    fraction: f64,
    /// `--json`: a stop also writes a `partial` line on standard output.
    json: bool,
}

impl Run {
    /// Resolves the flags, once: the threads, the progress, the budget
    /// (listening for SIGINT and SIGTERM).
    pub(crate) fn new(args: &RunArgs, report: &ReportArgs) -> anyhow::Result<Run> {
        let shows_progress = !args.quiet
            && match args.progress {
                ProgressMode::Never => false,
                ProgressMode::Auto => std::io::stderr().is_terminal(),
                ProgressMode::Always => true,
            };
        let stops = Stops::new(args.max_nodes, args.time_limit, Some(args.max_memory))?;
        Ok(Run {
            threads_flag: usize::from(args.threads),
            shows_progress,
            progress_every: args.progress_interval,
            max_memory: args.max_memory,
            stops,
            pool: None,
            started: Instant::now(),
            ledger: Ledger::default(),
            fraction: 0.0,
            json: report.json,
        })
    }

    /// The number of threads of the run.
    pub(crate) fn threads(&mut self) -> anyhow::Result<usize> {
        Ok(self.pool()?.threads())
    }

    /// The run's budget, for a search (the shared layer's own use; a
    /// subcommand hands its searches to the run instead).
    pub(crate) fn budget(&self) -> Budget {
        self.stops.budget()
    }

    /// The run's one pool, of the threads `--threads` names (0: one per core).
    pub(crate) fn pool(&mut self) -> anyhow::Result<Pool> {
        if let Some(pool) = &self.pool {
            return Ok(pool.clone());
        }
        let pool = Pool::new(self.threads_flag).context("cannot start the threads")?;
        Ok(self.pool.get_or_insert(pool).clone())
    }

    /// Runs `work` while the display shows `progress`, and keeps the last
    /// fraction it saw.
    pub(crate) fn watch<T>(
        &mut self,
        progress: &(impl Watched + ?Sized),
        work: impl FnOnce() -> T,
    ) -> T {
        let (result, fraction) = watch(self.shows_progress, self.progress_every, progress, work);
        self.fraction = fraction;
        result
    }

    /// Records how a search ended: the first stop is the run's.
    pub(crate) fn record(&mut self, outcome: Outcome) {
        self.ledger.record(outcome);
    }

    /// Whether a search of the run has stopped: nothing more is to be started.
    pub(crate) fn stopped(&self) -> bool {
        self.ledger.stopped()
    }

    /// The statistics of the searches run so far.
    pub(crate) fn stats(&self) -> Stats {
        self.ledger.stats()
    }

    /// A parallel search of `root` on the run's pool, within its budget.
    fn parallel(&self, pool: &Pool, root: Solver) -> ParallelSolver {
        let mut parallel = ParallelSolver::from_solver(root).with_pool(pool);
        parallel.set_budget(self.budget());
        parallel
    }

    /// Counts the solutions of `root` (at most `limit`) on the run's threads.
    pub(crate) fn count(
        &mut self,
        root: Solver,
        limit: Option<u64>,
    ) -> anyhow::Result<Answer<Count>> {
        let pool = self.pool()?;
        let mut parallel = self.parallel(&pool, root);
        parallel.set_limit(limit);
        let progress = parallel.progress();
        let count = self.watch(&progress, || parallel.count());
        self.ledger.searched(&parallel, count.outcome);
        Ok(count)
    }

    /// Calls `visit` with the solutions of `root` (at most `limit`), in the
    /// sequential order when `ordered`, until it breaks.
    pub(crate) fn visit<B>(
        &mut self,
        root: Solver,
        ordered: bool,
        limit: Option<u64>,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<B>,
    ) -> anyhow::Result<ControlFlow<B, Outcome>> {
        let pool = self.pool()?;
        let mut parallel = self.parallel(&pool, root);
        parallel.set_limit(limit).set_ordered(ordered);
        let progress = parallel.progress();
        let flow = self.watch(&progress, || parallel.visit(visit));
        // A visitor's `Break` is the caller's own end: complete for what it asked.
        let outcome = match flow {
            ControlFlow::Continue(outcome) => outcome,
            ControlFlow::Break(_) => Outcome::LimitReached,
        };
        self.ledger.searched(&parallel, outcome);
        Ok(flow)
    }

    /// Folds the solutions of `root` on the threads ([`ParallelSolver::fold`]).
    pub(crate) fn fold<A: Send>(
        &mut self,
        root: Solver,
        init: impl Fn() -> A + Sync,
        step: impl Fn(&mut A, &[OptionId]) + Sync,
        merge: impl Fn(A, A) -> A,
    ) -> anyhow::Result<Answer<A>> {
        let pool = self.pool()?;
        let mut parallel = self.parallel(&pool, root);
        let progress = parallel.progress();
        let folded = self.watch(&progress, || parallel.fold(init, step, merge));
        self.ledger.searched(&parallel, folded.outcome);
        Ok(folded)
    }

    /// The `k` best solutions of `root` under `objective`, on the run's threads.
    pub(crate) fn best(
        &mut self,
        root: Solver,
        objective: Objective,
        k: usize,
    ) -> anyhow::Result<Answer<Vec<Costed>>> {
        let pool = self.pool()?;
        let mut parallel = self.parallel(&pool, root);
        let progress = parallel.progress();
        let best = self.watch(&progress, || parallel.best(objective, k));
        self.ledger.searched(&parallel, best.outcome);
        Ok(best)
    }

    /// Splits the search of `root` as far as `goal` asks, within the run's
    /// budget; `None` when a stop cut the split short (recorded: a split
    /// cut short is no split).
    pub(crate) fn split(&mut self, root: &Solver, goal: SplitGoal) -> Option<Split> {
        match Split::within(root, goal, &self.budget()) {
            Ok(split) => Some(split),
            Err(stop) => {
                self.record(Outcome::Stopped(stop));
                None
            }
        }
    }

    /// Counts the solutions of `problem` as the flags ask: memoised with
    /// `--memo`, plainly with `--no-memo`, else by the method the core's
    /// rule decides ([`dlx_core::CountJob`], the one place that decides);
    /// on the run's threads, within the run's budget, with the progress
    /// display. The outcome is recorded; a stopped memoised count has no
    /// value (`count` is `None`).
    pub(crate) fn count_solutions(
        &mut self,
        problem: &Problem,
        memo: &MemoArgs,
    ) -> anyhow::Result<Counted> {
        let pool = self.pool()?;
        let mut count = ParallelCount::new(&memo.settings(), memo.mode()).with_pool(&pool);
        count.set_budget(self.budget());
        let progress = count.progress();
        let counted = self.watch(&progress, || count.count(problem));
        let counted = match counted {
            Err(CountError::Memo(err)) => Err(anyhow::Error::new(err))
                .context("--memo cannot count this problem")
                .bad_input(),
            other => other.context("the count"),
        }?;
        self.record(counted.outcome);
        self.ledger.add_balance(count.balance());
        Ok(counted)
    }

    /// Counts the tilings of a board model, all of them and up to symmetry
    /// with `distinct`, by the models' one policy
    /// ([`dlx_models::tilings::count_tilings`]) on the run's threads, within
    /// its budget, with the display; the outcome recorded.
    pub(crate) fn count_tilings<M: Tilings>(
        &mut self,
        model: &M,
        distinct: bool,
        memo: &MemoArgs,
    ) -> anyhow::Result<TilingCount> {
        let pool = self.pool()?;
        let mut searches = Searches::new(&pool, self.budget(), memo.settings());
        let progress = searches.progress();
        let counted = self.watch(&progress, || {
            count_tilings(model, distinct, memo.mode(), &mut searches)
        });
        let counted = match counted {
            Err(TilingsError::Memo(err)) => Err(anyhow::Error::new(err))
                .context("--memo cannot count this problem")
                .bad_input(),
            other => other.context("the count"),
        }?;
        self.record(counted.outcome);
        self.ledger.add_balance(searches.balance());
        if let Some(weighed) = &counted.weighed {
            self.ledger.add_stats(&weighed.stats);
        }
        Ok(counted)
    }

    /// Counts the pieces `indices` of `split` as a shard does, each as `dlx
    /// solve --count` would count the whole ([`ParallelCount::count_pieces`]),
    /// handing each piece's count to `done` as soon as it is counted.
    pub(crate) fn count_shard(
        &mut self,
        problem: &Problem,
        split: &Split,
        indices: &[usize],
        done: impl FnMut(PieceCount),
    ) -> anyhow::Result<()> {
        let pool = self.pool()?;
        let mut count = ParallelCount::new(&default_settings(), CountMode::Auto).with_pool(&pool);
        count.set_budget(self.budget());
        let progress = count.progress();
        let outcome = self.watch(&progress, || {
            count.count_pieces(problem, split, indices, done)
        });
        let outcome = outcome
            .context("cannot count the shard's pieces")
            .bad_input()?;
        self.ledger.add_balance(count.balance());
        self.record(outcome);
        Ok(())
    }

    /// Builds the decision diagram of `problem`'s solutions (every
    /// subproblem of its memoised count kept, for sampling), its layers on
    /// the run's threads, within the run's budget (its memory bounds the
    /// diagram); `Ok(None)` when the budget stopped it, the stop recorded.
    /// `what` names the job for a refusal ("dlx sample").
    pub(crate) fn diagram(
        &mut self,
        problem: &Problem,
        what: &str,
    ) -> anyhow::Result<Option<Diagram>> {
        let pool = self.pool()?;
        let built = dlx_parallel::diagram_on(problem, &MemoSettings::new(), &self.budget(), &pool);
        self.unless_stopped(built, what)
    }

    /// Counts each option's solutions of `problem` and their total by the
    /// method the count takes ([`dlx_parallel::frequencies_on`], the one
    /// place that decides: Kasteleyn's determinant, or the decision
    /// diagram), on the run's threads, within the run's budget;
    /// `Ok(None)` when the budget stopped it (neither method has a partial
    /// value), the stop recorded. `what` names the job for a refusal
    /// ("--frequencies").
    pub(crate) fn frequencies(
        &mut self,
        problem: &Problem,
        what: &str,
    ) -> anyhow::Result<Option<OptionCounts>> {
        let pool = self.pool()?;
        let counted =
            dlx_parallel::frequencies_on(problem, &MemoSettings::new(), &self.budget(), &pool);
        self.unless_stopped(counted, what)
    }

    /// The value of a job that has no partial value: `Ok(None)` when the
    /// budget stopped it, the stop recorded; a problem the memoised count
    /// cannot take is bad input, refused for `what`.
    fn unless_stopped<T>(
        &mut self,
        result: Result<T, MemoError>,
        what: &str,
    ) -> anyhow::Result<Option<T>> {
        match result {
            Ok(value) => Ok(Some(value)),
            Err(MemoError::Stopped(stop)) => {
                self.record(Outcome::Stopped(stop));
                Ok(None)
            }
            Err(err) => Err(anyhow::Error::new(err))
                .with_context(|| format!("{what} cannot draw on this problem"))
                .bad_input(),
        }
    }

    /// Prints the threads, the subtrees given away between them and their
    /// idle time to standard error, after the statistics (`--stats`).
    pub(crate) fn print_balance(&self) {
        // Statistics are a courtesy: failing to write them is not an error.
        let _ = writeln!(
            std::io::stderr(),
            "threads: {}\nsteals: {}\nidle: {:.3} s",
            self.pool.as_ref().map_or(1, Pool::threads),
            self.ledger.balance().steals,
            self.ledger.balance().idle_seconds
        );
    }

    /// The same figures as [`Run::print_balance`], as the extra fields of a
    /// JSON `stats` line.
    pub(crate) fn balance(&self) -> [(&'static str, serde_json::Value); 3] {
        [
            (
                "threads",
                self.pool.as_ref().map_or(1, Pool::threads).into(),
            ),
            ("steals", self.ledger.balance().steals.into()),
            ("idle_seconds", self.ledger.balance().idle_seconds.into()),
        ]
    }

    /// Refuses, as bad input, what would take more memory than
    /// `--max-memory`: `what` names it for the message (`the map of line 3`),
    /// `bytes` is its estimate ([`dlx_core::Footprint`]).
    pub(crate) fn check_memory(&self, what: &str, bytes: u64) -> anyhow::Result<()> {
        let limit = self.max_memory as u64;
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

    /// `Ok` if every search of the run gave its whole answer; otherwise the
    /// partial result's error: what stopped the run, how far it got, that
    /// `what` (the output printed) is partial, and the exit code.
    pub(crate) fn finish(&self, what: &str) -> anyhow::Result<()> {
        self.end(&format!("{what} is partial"))
    }

    /// As [`Run::finish`], for a result that has no partial value, so that
    /// nothing of it was printed (a memoised count).
    pub(crate) fn finish_unprinted(&self, what: &str) -> anyhow::Result<()> {
        self.end(&format!("{what} did not finish, so nothing is printed"))
    }

    fn end(&self, outcome: &str) -> anyhow::Result<()> {
        let Some(stop) = self.ledger.outcome().stop() else {
            return Ok(());
        };
        let seconds = self.started.elapsed().as_secs_f64();
        let detail = if self.fraction >= 0.0005 {
            format!(
                " (about {:.1}% of the search tree, by Knuth's estimate)",
                self.fraction * 100.0
            )
        } else {
            String::new()
        };
        Err(self.stops.ended(stop, seconds, outcome, &detail, self.json))
    }
}

/// Writes a line to standard error, ignoring a failure (it is only a courtesy).
pub(crate) fn note(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}
