//! The parallel search: the work-stealing engine on the threads of a rayon pool.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};

use dlx_core::subtree::{Subtree, SubtreeSearch as _};
use dlx_core::{Answer, Budget, Count, Objective, OptionId, Outcome, Problem, Solver, Stats};

use crate::pool::Pool;
use crate::progress::Progress;
use crate::split::{Split, SplitGoal};
use crate::steal::{Balance, Engine, Event, Halt, Slices, Task, Why};

mod listing;
mod optimise;
mod pull;

pub use pull::{Listing, Pulled};

/// How many pieces per thread [`ParallelSolver::split`] aims at by default,
/// for a count split into shards ([`ParallelSolver::count_each`]).
///
/// The searches themselves need no split: idle threads take work from busy
/// ones as they go. A shard's pieces are searched the same way.
pub(crate) const PIECES_PER_THREAD: usize = 32;

/// Each task's bound in an optimising search, by task id
/// ([`SubtreeSearch::set_shared_bound`](dlx_core::subtree::SubtreeSearch::set_shared_bound)).
type BoundOf<'a> = dyn Fn(usize) -> Arc<AtomicU64> + Sync + 'a;

/// How many solutions a worker may send ahead of the caller before it waits.
const CHANNEL: usize = 1024;

/// The count of one piece of a split, from [`ParallelSolver::count_each`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SubCount {
    /// The piece's index in the split.
    pub index: usize,
    /// Its number of solutions (up to the limit, if one was set).
    ///
    /// A `u64`, as [`Stats::solutions`] is, and not the
    /// [`Count`] of every other count: the threads add to it one found
    /// solution at a time, which no search can do 2^64 times; a shard's
    /// line (`PartLine`, feature `shard`) holds it as a [`Count`].
    pub count: u64,
    /// Its search statistics.
    pub stats: Stats,
    /// Seconds the threads spent on it, all together.
    pub seconds: f64,
    /// Whether it was searched to the end (false if a limit or a stop cut it short).
    pub complete: bool,
}

/// An exact cover search on the threads of a rayon pool, with the answers of
/// the sequential search: the same count, the same solutions (in ordered
/// mode, in the same order), the same statistics.
///
/// The counterpart of [`dlx_core::Solver`] for many threads: [`count`](Self::count),
/// [`first`](Self::first), [`visit`](Self::visit), [`min_options`](Self::min_options),
/// [`min_cost`](Self::min_cost) and [`stats`](Self::stats), with a solution
/// limit, a budget ([`dlx_core::Budget`]) and an ordered mode. Each call runs a whole search
/// from the start.
///
/// ```
/// use dlx_core::{parse_dlx, Solver};
/// use dlx_parallel::ParallelSolver;
///
/// let problem = parse_dlx("a b c\na b\nc\na\nb c\nb\n")?;
/// let mut parallel = ParallelSolver::new(&problem).with_threads(2)?;
/// assert_eq!(parallel.count(), Solver::new(&problem).count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelSolver {
    root: Solver,
    pool: Pool,
    goal: Option<SplitGoal>,
    /// The split of a sharded count, and the goal it was made for (`None`: given by the caller).
    split: Option<(Option<SplitGoal>, Split)>,
    pub(crate) progress: Option<Arc<Progress>>,
    limit: Option<u64>,
    ordered: bool,
    budget: Budget,
    stats: Stats,
    balance: Balance,
    slices: Slices,
}

on_pool!(ParallelSolver);

impl ParallelSolver {
    /// A parallel search of `problem` on rayon's global pool (one thread per core).
    pub fn new(problem: &Problem) -> ParallelSolver {
        ParallelSolver::from_solver(Solver::new(problem))
    }

    /// A parallel search below the choices already made in `root` (a solver
    /// that has not started searching), on rayon's global pool.
    pub fn from_solver(root: Solver) -> ParallelSolver {
        ParallelSolver {
            root,
            pool: Pool::global(),
            goal: None,
            split: None,
            progress: None,
            limit: None,
            ordered: false,
            budget: Budget::new(),
            stats: Stats::default(),
            balance: Balance::default(),
            slices: Slices::default(),
        }
    }

    /// The number of threads the searches run on.
    pub fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// How to split the search into pieces for [`count_each`](Self::count_each)
    /// (default: 32 pieces per thread).
    pub fn set_split(&mut self, goal: SplitGoal) -> &mut Self {
        self.goal = Some(goal);
        if matches!(self.split, Some((None, _))) {
            self.split = None;
        }
        self
    }

    /// Uses `split` (made from the same root, e.g. by [`Split::from_pieces`])
    /// for [`count_each`](Self::count_each) instead of computing one.
    pub fn set_split_to(&mut self, split: Split) -> &mut Self {
        self.split = Some((None, split));
        self
    }

    /// The split [`count_each`](Self::count_each) uses (computed on first use).
    pub fn split(&mut self) -> &Split {
        let goal = self
            .goal
            .unwrap_or(SplitGoal::Pieces(self.threads() * PIECES_PER_THREAD));
        let stale = match &self.split {
            None => true,
            Some((None, _)) => false,
            Some((Some(made_for), _)) => *made_for != goal,
        };
        if stale {
            self.split = None;
        }
        let root = &self.root;
        &self
            .split
            .get_or_insert_with(|| (Some(goal), Split::new(root, goal)))
            .1
    }

    /// Ends a search after `limit` solutions: exactly `limit` are reported (or
    /// counted) if there are that many. Without ordered mode, which ones is up
    /// to the race between threads.
    pub fn set_limit(&mut self, limit: Option<u64>) -> &mut Self {
        self.limit = limit;
        self
    }

    /// Whether [`visit`](Self::visit) and [`first`](Self::first) report
    /// solutions in the order of the sequential search (default: as found).
    pub fn set_ordered(&mut self, ordered: bool) -> &mut Self {
        self.ordered = ordered;
        self
    }

    /// The budget of each search (see [`Budget`]): its nodes are drawn by
    /// every thread from one pool (a thread may pass it by the solutions of
    /// its last node), its deadline and cancel flags are read by every
    /// thread between slices of a few milliseconds. The search never writes
    /// the caller's cancel flag: its own stops (a limit reached, a
    /// visitor's `Break`) are its own, and each search returns how it ended.
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.budget = budget;
        self
    }

    /// How many nodes a worker searches between two looks at the board:
    /// `busy` while every worker is busy (default 65,536), `idle` while one
    /// waits for work (default 1,024), each at least 1. Not a tuning knob:
    /// it lets tests make the threads give work away on problems of a few
    /// nodes, where the defaults would search everything in one slice
    /// (feature `test-support`, for the workspace's test suites only).
    #[cfg(feature = "test-support")]
    pub fn set_slices(&mut self, busy: u64, idle: u64) -> &mut Self {
        self.slices = Slices {
            busy: busy.max(1),
            idle: idle.max(1),
        };
        self
    }

    /// A live view of the searches, to read from another thread while one runs.
    pub fn progress(&mut self) -> Arc<Progress> {
        let threads = self.threads();
        Progress::shared(&mut self.progress, threads)
    }

    /// The statistics of the last search: the sum over the threads (and, for
    /// [`count_each`](Self::count_each), the split's own nodes), equal to the
    /// sequential search's when it ran to the end.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// How the last search balanced its load: the subtrees the threads gave
    /// each other, and the time they spent idle.
    pub fn balance(&self) -> Balance {
        self.balance
    }

    /// Runs the engine on `seeds` with a worker per thread, stopped by
    /// `halt` too; `event` hears of every task's events on the worker's
    /// thread, `all_done` is called by the last worker to finish, and
    /// `beside` runs on the calling thread meanwhile (a listing's visitor,
    /// which takes the solutions the workers send; `|| {}` elsewhere).
    /// Returns the threads' statistics, how the run ended and what `beside`
    /// returned.
    #[allow(
        clippy::too_many_arguments,
        reason = "the run's seeds, halt, report and objective, and the two closures of a listing"
    )]
    fn run<E, R>(
        &mut self,
        seeds: Vec<Subtree>,
        halt: &Halt,
        report: bool,
        objective: Option<(Objective, &BoundOf<'_>)>,
        event: E,
        all_done: impl Fn() + Sync,
        beside: impl FnOnce() -> R,
    ) -> (Stats, Outcome, R)
    where
        E: Fn(&Task, Event<'_>) + Sync,
    {
        if let Some(progress) = &self.progress {
            progress.reset();
        }
        let budget = self.budget.clone();
        let engine = Engine::new(
            &self.root,
            seeds,
            &budget,
            halt,
            self.progress.clone(),
            self.slices,
        );
        let totals = Mutex::new(Stats::default());
        let running = AtomicUsize::new(self.pool.threads());
        let beside = self.pool.broadcast_beside(
            |worker| {
                let mut mine = Stats::default();
                engine.work(
                    worker,
                    report,
                    (
                        |solver: &mut Solver| {
                            if let Some((objective, _)) = objective {
                                solver.set_objective(Some(objective));
                            }
                        },
                        |task: &Task, solver: &mut Solver| {
                            if let Some((_, bound_of)) = objective {
                                solver.set_shared_bound(bound_of(task.id));
                            }
                        },
                    ),
                    |task, e| {
                        if let Event::Finished { stats, .. } = &e {
                            mine += *stats;
                        }
                        event(task, e);
                    },
                );
                *lock(&totals) += mine;
                if running.fetch_sub(1, Ordering::AcqRel) == 1 {
                    all_done();
                }
            },
            beside,
        );
        self.balance = engine.balance();
        let outcome = engine.outcome();
        (
            totals.into_inner().unwrap_or_else(PoisonError::into_inner),
            outcome,
            beside,
        )
    }

    /// Counts the solutions (up to the limit), and says how the search
    /// ended: a count the budget stopped is partial. The count is a
    /// [`Count`], as [`Solver::count`]'s is; the threads count in the `u64`
    /// of [`Stats::solutions`], turned into a [`Count`] once at the end.
    pub fn count(&mut self) -> Answer<Count> {
        let halt = Halt::default();
        let limit = self.limit;
        let found = AtomicU64::new(0);
        let seeds = vec![self.root.root_subtree()];
        let event = |_: &Task, event: Event<'_>| {
            if let (Event::Found(more), Some(limit)) = (&event, limit) {
                if found.fetch_add(*more, Ordering::Relaxed) + more >= limit {
                    halt.raise(Why::Limit);
                }
            }
        };
        let (mut stats, outcome, ()) = self.run(seeds, &halt, false, None, event, || {}, || {});
        // The threads may pass the limit before they see the flag: report exactly the limit.
        stats.solutions = limit.map_or(stats.solutions, |l| stats.solutions.min(l));
        self.stats = stats;
        Answer::new(Count::from(stats.solutions), outcome)
    }

    /// Counts the pieces of the split with the given indices (as a shard of a
    /// split search does), one [`SubCount`] each, in the order given. Indices
    /// out of range are skipped. [`stats`](Self::stats) then holds their sum and
    /// the split's own nodes. The outcome is complete when every piece is.
    pub fn count_each(&mut self, indices: &[usize]) -> Answer<Vec<SubCount>> {
        let mut results = Vec::new();
        let outcome = self.count_each_with(indices, |sub| results.push(sub));
        // Each index's first place in `indices`, looked up: searched for
        // each result, the sort was quadratic in the number of pieces.
        let mut place = std::collections::HashMap::with_capacity(indices.len());
        for (at, &i) in indices.iter().enumerate() {
            place.entry(i).or_insert(at);
        }
        results.sort_by_key(|r| place.get(&r.index).copied());
        Answer::new(results, outcome)
    }

    /// [`count_each`](Self::count_each), handing each piece's count to
    /// `done` as soon as its last thread finishes it (so that a shard can
    /// write it at once and survive being stopped); returns how the search
    /// ended (a piece cut short is not handed to `done` as complete).
    pub fn count_each_with(
        &mut self,
        indices: &[usize],
        mut done: impl FnMut(SubCount),
    ) -> Outcome {
        let n = self.split().len();
        let indices: Vec<usize> = indices.iter().copied().filter(|&i| i < n).collect();
        let seeds: Vec<Subtree> = indices
            .iter()
            .map(|&i| self.split().pieces()[i].clone())
            .collect();
        let split_stats = *self.split().stats();
        let halt = Halt::default();
        let limit = self.limit;
        let found = AtomicU64::new(0);
        // Each piece: its count so far, and how many of its tasks are running.
        let pieces: Mutex<Vec<(SubCount, usize)>> = Mutex::new(
            indices
                .iter()
                .map(|&index| {
                    let sub = SubCount {
                        index,
                        count: 0,
                        stats: Stats::default(),
                        seconds: 0.0,
                        complete: true,
                    };
                    (sub, 1)
                })
                .collect(),
        );
        let (sender, receiver) = mpsc::channel::<SubCount>();
        let (stats, outcome) = std::thread::scope(|scope| {
            let this = &mut *self;
            let (halt, pieces, found) = (&halt, &pieces, &found);
            let workers = scope.spawn(move || {
                let sender = Mutex::new(sender);
                let event = |task: &Task, event: Event<'_>| match event {
                    Event::Gave { .. } => lock(pieces)[task.piece].1 += 1,
                    Event::Finished {
                        stats,
                        seconds,
                        complete,
                    } => {
                        let mut pieces = lock(pieces);
                        let (sub, running) = &mut pieces[task.piece];
                        sub.count += stats.solutions;
                        sub.stats += stats;
                        sub.seconds += seconds;
                        // A task of the piece cut short (a limit, a stop): the piece is.
                        if !complete {
                            sub.complete = false;
                        }
                        *running -= 1;
                        if *running == 0 {
                            let _ = lock(&sender).send(*sub);
                        }
                    }
                    Event::Found(more) => {
                        if let Some(limit) = limit {
                            if found.fetch_add(more, Ordering::Relaxed) + more >= limit {
                                halt.raise(Why::Limit);
                            }
                        }
                    }
                    Event::Solution(_) => {}
                };
                let (stats, outcome, ()) = this.run(seeds, halt, false, None, event, || {}, || {});
                (stats, outcome)
            });
            // Each piece's count, on the calling thread, as soon as it is done.
            for sub in receiver {
                done(sub);
            }
            workers.join().unwrap_or((
                Stats::default(),
                Outcome::Stopped(dlx_core::Stop::Cancelled),
            ))
        });
        let mut stats = stats;
        stats += split_stats;
        self.stats = stats;
        outcome
    }

    /// Folds every solution (up to the limit) into an accumulator on the
    /// threads themselves, in no particular order: each thread starts from
    /// `init()` and calls `step` on every solution it finds, and the threads'
    /// accumulators are combined with `merge`. For work per solution that
    /// the threads should share, such as a model's test of whether a
    /// solution is the canonical one of its symmetry class. The outcome says
    /// whether every solution was folded.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Outcome};
    /// use dlx_parallel::ParallelSolver;
    ///
    /// let problem = parse_dlx("a b c\na b\nc\na\nb c\nb\n")?;
    /// let mut parallel = ParallelSolver::new(&problem).with_threads(2)?;
    /// // The number of solutions, and of options in them all.
    /// let folded = parallel.fold(|| (0, 0), |acc, s| { acc.0 += 1; acc.1 += s.len() }, |a, b| (a.0 + b.0, a.1 + b.1));
    /// assert_eq!(folded.value, (3, 7)); // {a b, c}, {a, b c}, {a, b, c}
    /// assert_eq!(folded.outcome, Outcome::Finished);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fold<A, I, S, M>(&mut self, init: I, step: S, merge: M) -> Answer<A>
    where
        A: Send,
        I: Fn() -> A + Sync,
        S: Fn(&mut A, &[OptionId]) + Sync,
        M: Fn(A, A) -> A,
    {
        let halt = Halt::default();
        let limit = self.limit.unwrap_or(u64::MAX);
        let found = AtomicU64::new(0);
        let results: Mutex<Vec<A>> = Mutex::new(Vec::new());
        if let Some(progress) = &self.progress {
            progress.reset();
        }
        let seeds = vec![self.root.root_subtree()];
        let budget = self.budget.clone();
        let engine = Engine::new(
            &self.root,
            seeds,
            &budget,
            &halt,
            self.progress.clone(),
            self.slices,
        );
        let totals = Mutex::new(Stats::default());
        if limit > 0 {
            let _ = self.pool.broadcast(|worker| {
                let mut acc = init();
                let mut mine = Stats::default();
                engine.work(
                    worker,
                    true,
                    (|_: &mut Solver| {}, |_: &Task, _: &mut Solver| {}),
                    |_, event| match event {
                        Event::Solution(solution) => {
                            // Exactly `limit` solutions are folded, whatever the race.
                            let before = found.fetch_add(1, Ordering::Relaxed);
                            if before < limit {
                                step(&mut acc, solution);
                            }
                            if before + 1 >= limit {
                                halt.raise(Why::Limit);
                            }
                        }
                        Event::Finished { stats, .. } => mine += stats,
                        Event::Gave { .. } | Event::Found(_) => {}
                    },
                );
                lock(&results).push(acc);
                *lock(&totals) += mine;
            });
        } else {
            halt.raise(Why::Limit);
        }
        self.balance = engine.balance();
        let outcome = engine.outcome();
        let mut stats = totals.into_inner().unwrap_or_else(PoisonError::into_inner);
        stats.solutions = found.load(Ordering::Relaxed).min(limit);
        self.stats = stats;
        let results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
        Answer::new(results.into_iter().fold(init(), merge), outcome)
    }
}

/// Locks a mutex, going on if another thread panicked while holding it (the data is plain sums).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
