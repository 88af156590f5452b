//! The count on threads by the method the core's rule decides: the memoised count where it pays, else the plain count.

use std::sync::Arc;

use dlx_core::{
    count_solutions, decide_method, decide_method_fresh, Budget, CacheStats, Count, CountMode,
    Counted, Decision, MemoCounter, MemoError, MemoSettings, MemoStats, Method, Outcome, Problem,
    Solver, Stats, Step,
};
use rayon::ThreadPool;

use super::{CountError, ParallelMemoCounter, Threads};
use crate::progress::Progress;
use crate::search::{pool_of, ParallelError, ParallelSolver};
use crate::steal::Balance;

/// A count on the threads of a rayon pool, by the method the core's rule
/// chooses ([`decide_method`], the one place that decides): the memoised
/// count where a short probe finds that it pays, else the plain count;
/// within a [`Budget`], with a live [`Progress`].
///
/// On one thread the plain count goes on from where the probe left it (its
/// work is not lost); on more it starts over on the threads, whose speed
/// soon makes up for the probe's few thousand nodes.
///
/// ```
/// use dlx_core::{parse_dlx, Count, CountMode, MemoSettings, Outcome};
/// use dlx_parallel::ParallelCount;
///
/// // The 2 x 8 board has 34 domino tilings (a Fibonacci number).
/// let mut text = (0..8).map(|c| format!("a{c} b{c} ")).collect::<String>() + "\n";
/// for c in 0..8 {
///     text += &format!("a{c} b{c}\n");
///     if c < 7 {
///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
///     }
/// }
/// let problem = parse_dlx(&text)?;
/// let mut count = ParallelCount::new(&MemoSettings::new(), CountMode::Auto).with_threads(2)?;
/// let counted = count.count(&problem)?;
/// assert_eq!(
///     (counted.count, counted.outcome),
///     (Some(Count::from(34u64)), Outcome::Finished)
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelCount<'p> {
    pool: Threads<'p>,
    settings: MemoSettings,
    mode: CountMode,
    budget: Budget,
    progress: Option<Arc<Progress>>,
    memo_threads: Option<usize>,
    balance: Balance,
}

impl ParallelCount<'static> {
    /// A count with `settings` (the memoised count's) and `mode` (the
    /// method, or the automatic choice), on rayon's global pool.
    pub fn new(settings: &MemoSettings, mode: CountMode) -> ParallelCount<'static> {
        ParallelCount {
            pool: Threads::Global,
            settings: settings.clone(),
            mode,
            budget: Budget::new(),
            progress: None,
            memo_threads: None,
            balance: Balance::default(),
        }
    }

    /// Runs on a pool of its own of `threads` threads (0: one per core).
    pub fn with_threads(mut self, threads: usize) -> Result<Self, ParallelError> {
        self.pool = Threads::Owned(pool_of(threads)?);
        self.progress = None;
        Ok(self)
    }
}

impl<'p> ParallelCount<'p> {
    /// Runs on the threads of `pool`.
    pub fn with_pool<'q>(self, pool: &'q ThreadPool) -> ParallelCount<'q> {
        ParallelCount {
            pool: Threads::Borrowed(pool),
            settings: self.settings,
            mode: self.mode,
            budget: self.budget,
            progress: None,
            memo_threads: self.memo_threads,
            balance: self.balance,
        }
    }

    /// The budget of the count (see [`Budget`]): the probe, the plain and
    /// the memoised count all draw on it.
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.budget = budget;
        self
    }

    /// The threads the depth-first memoised count uses, when fewer than the
    /// pool's (`None`: all of them): its threads meet on the same
    /// subproblems and count them twice, so fewer may be faster. The layered
    /// count ([`dlx_core::MemoCounter::sweeps`]) always runs on the whole
    /// pool: its threads take disjoint ranges of each layer's keys and never
    /// meet, and its layers too small to pay run on one thread.
    pub fn set_memo_threads(&mut self, threads: Option<usize>) -> &mut Self {
        self.memo_threads = threads;
        self
    }

    /// The number of threads of the pool.
    pub fn threads(&self) -> usize {
        self.pool
            .pool()
            .map_or_else(rayon::current_num_threads, ThreadPool::current_num_threads)
    }

    /// How the last plain count on threads balanced its load (nothing for
    /// a memoised count, or a plain one on one thread).
    pub fn balance(&self) -> Balance {
        self.balance
    }

    /// A live view of the count, to read from another thread while it runs.
    pub fn progress(&mut self) -> Arc<Progress> {
        let threads = self.threads();
        self.progress
            .get_or_insert_with(|| Arc::new(Progress::new(threads)))
            .clone()
    }

    /// Counts the solutions of `problem`: the method decided (unless the
    /// mode names one), then the count on the threads; its outcome says
    /// whether the budget stopped it.
    pub fn count(&mut self, problem: &Problem) -> Result<Counted, CountError> {
        match self.mode {
            CountMode::Plain => self.plain(problem, None, MemoStats::default(), 0.0),
            CountMode::Memo => {
                let mut counter = MemoCounter::new(problem, &self.settings_within())?;
                counter.set_budget(self.budget.clone());
                self.memo(&counter, Stats::default(), 0.0)
            }
            CountMode::Auto => {
                let decision =
                    decide_method_on(problem, &self.settings, &self.budget, self.threads());
                self.finish(problem, decision)
            }
        }
    }

    /// Goes on with a count whose method the caller decided
    /// ([`decide_method`] with this count's settings and budget), for a
    /// caller that counts plainly in its own way and memoises otherwise.
    pub fn finish(&mut self, problem: &Problem, decision: Decision) -> Result<Counted, CountError> {
        match decision {
            Decision::Done {
                count,
                method,
                plain,
                memo,
                cache,
                sweep,
            } => Ok(Counted {
                count: Some(count),
                outcome: Outcome::Finished,
                method,
                plain,
                memo,
                cache,
                sweep,
                leverage: 0.0,
            }),
            Decision::Memo {
                counter,
                plain,
                leverage,
            } => {
                let mut probe = counter.stats();
                let mut counted = self.memo(&counter, plain, leverage)?;
                probe += counted.memo;
                counted.memo = probe;
                Ok(counted)
            }
            Decision::Plain {
                solver,
                memo,
                leverage,
            } => self.plain(problem, Some(*solver), memo, leverage),
        }
    }

    /// The memoised settings, the cache capped by the budget's memory.
    fn settings_within(&self) -> MemoSettings {
        let mut settings = self.settings.clone();
        if let Some(memory) = self.budget.memory() {
            settings.memory = settings.memory.min(memory);
        }
        settings
    }

    /// The plain count: on one thread from where `begun` stands (the
    /// probe's), else on the threads from the start.
    fn plain(
        &mut self,
        problem: &Problem,
        begun: Option<Solver>,
        memo: MemoStats,
        leverage: f64,
    ) -> Result<Counted, CountError> {
        let progress = self.progress.clone();
        // A decision the budget stopped leaves the count it began: it is the
        // partial count (the threads, starting over, would find none).
        let stopped = begun.is_some() && self.budget.check().is_err();
        if self.threads() == 1 || stopped {
            let mut solver = begun.unwrap_or_else(|| Solver::new(problem));
            solver.set_budget(self.budget.clone());
            if let Some(progress) = &progress {
                progress.reset();
            }
            let mut last = *solver.stats();
            let outcome = loop {
                let step = solver.run_counting(PLAIN_SLICE);
                let now = *solver.stats();
                if let Some(progress) = &progress {
                    let (nodes, found) = (now.nodes - last.nodes, now.solutions - last.solutions);
                    progress.advance(0, 0.0, &solver, nodes, found);
                }
                last = now;
                if let Step::End(outcome) = step {
                    break outcome;
                }
            };
            return Ok(Counted {
                count: Some(Count::from(solver.stats().solutions)),
                outcome,
                method: Method::Plain,
                plain: *solver.stats(),
                memo,
                cache: CacheStats::default(),
                sweep: None,
                leverage,
            });
        }
        let mut parallel = match self.pool.pool() {
            Some(pool) => ParallelSolver::new(problem).with_pool(pool),
            None => ParallelSolver::new(problem),
        };
        parallel.set_budget(self.budget.clone());
        parallel.progress = progress;
        let count = parallel.count();
        self.balance = parallel.balance();
        Ok(Counted {
            count: Some(count.value),
            outcome: count.outcome,
            method: Method::Plain,
            plain: *parallel.stats(),
            memo,
            cache: CacheStats::default(),
            sweep: None,
            leverage,
        })
    }

    /// The memoised count of `counter`'s problem on the memoised count's threads.
    fn memo(
        &mut self,
        counter: &MemoCounter,
        plain: Stats,
        leverage: f64,
    ) -> Result<Counted, CountError> {
        let mut parallel = match self.pool.pool() {
            Some(pool) => ParallelMemoCounter::from_counter(counter).with_pool(pool),
            None => ParallelMemoCounter::from_counter(counter),
        };
        parallel.workers = self.memo_threads;
        parallel.set_budget(self.budget.clone());
        parallel.progress = self.progress.clone();
        let (count, outcome) = match parallel.count() {
            Ok(count) => (Some(count), Outcome::Finished),
            Err(MemoError::Stopped(stop)) => (None, Outcome::Stopped(stop)),
            Err(err) => return Err(err.into()),
        };
        Ok(Counted {
            count,
            outcome,
            method: Method::Memo,
            plain,
            memo: parallel.stats(),
            cache: parallel.cache().stats(),
            sweep: parallel.sweep_stats(),
            leverage,
        })
    }
}

/// Decides how `problem` is counted, for a count that goes on on
/// `threads` threads ([`ParallelCount::finish`]): [`decide_method`] on
/// one thread, which goes on from the decision's plain count, and
/// [`decide_method_fresh`] on more, where the plain count starts over and
/// the plain count the rule runs beside its probe would be thrown away.
pub fn decide_method_on(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    threads: usize,
) -> Decision {
    if threads > 1 {
        decide_method_fresh(problem, settings, budget)
    } else {
        decide_method(problem, settings, budget)
    }
}

/// Nodes of a plain count on one thread between two reports to the progress.
const PLAIN_SLICE: u64 = 1 << 16;

/// Counts the solutions of `problem` on `threads` threads (0: one per core)
/// within `budget`, with the search `mode` asks for ([`ParallelCount`]):
/// the same count on any number of threads.
pub fn count_solutions_on(
    problem: &Problem,
    settings: &MemoSettings,
    mode: CountMode,
    budget: &Budget,
    threads: usize,
) -> Result<Counted, CountError> {
    if threads == 1 {
        return Ok(count_solutions(problem, settings, mode, budget)?);
    }
    let mut count = ParallelCount::new(settings, mode).with_threads(threads)?;
    count.set_budget(budget.clone());
    count.count(problem)
}
