//! The parallel search: subproblems handed out in order to the threads of a rayon pool.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Instant;

use dlx_core::{Costed, Optimum, OptionId, Problem, Ranked, Solver, Stats, Step};
use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};

use crate::progress::Progress;
use crate::split::{solver_at, Split, SplitGoal};

/// How many subproblems per thread the default split aims at.
///
/// The middle of the usual 16-to-64 rule. Replaying the measured times of
/// the subproblems of 6x10 pentominoes and 14-queens through the scheduler
/// (see the crate README), 32, 64 and 128 per thread all predict 1.99x to
/// 2.00x on 2 threads; more pieces cost more clones and more `choose` calls.
pub const PIECES_PER_THREAD: usize = 32;

/// How many nodes a worker searches between two looks at the progress and the limit.
const SLICE: u64 = 1 << 16;

/// Why a parallel solver could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParallelError {
    /// Rayon could not start the threads asked for.
    #[error("cannot start a pool of {threads} threads")]
    Pool {
        /// The number of threads asked for.
        threads: usize,
        /// What rayon reported.
        #[source]
        source: ThreadPoolBuildError,
    },
}

/// The count of one subproblem, from [`ParallelSolver::count_each`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SubCount {
    /// The subproblem's index in the split.
    pub index: usize,
    /// Its number of solutions (up to the limit, if one was set).
    pub count: u64,
    /// Its search statistics (the chosen path itself is not counted).
    pub stats: Stats,
    /// Wall-clock seconds spent on it.
    pub seconds: f64,
    /// Whether it was searched to the end (false if a limit or the stop flag cut it short).
    pub complete: bool,
}

#[derive(Debug)]
enum Pool<'p> {
    Global,
    Owned(ThreadPool),
    Borrowed(&'p ThreadPool),
}

impl Pool<'_> {
    fn threads(&self) -> usize {
        match self {
            Pool::Global => rayon::current_num_threads(),
            Pool::Owned(pool) => pool.current_num_threads(),
            Pool::Borrowed(pool) => pool.current_num_threads(),
        }
    }

    fn install<R: Send>(&self, op: impl FnOnce() -> R + Send) -> R {
        match self {
            Pool::Global => op(),
            Pool::Owned(pool) => pool.install(op),
            Pool::Borrowed(pool) => pool.install(op),
        }
    }
}

/// An exact cover search split into subproblems searched on the threads of a rayon pool.
///
/// The counterpart of [`dlx_core::Solver`] for many threads: [`count`](Self::count),
/// [`first`](Self::first), [`visit`](Self::visit) and [`stats`](Self::stats),
/// with a solution limit, a stop flag and an ordered mode. Each call runs a
/// whole search from the start.
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
pub struct ParallelSolver<'p> {
    root: Solver,
    pool: Pool<'p>,
    goal: Option<SplitGoal>,
    /// The split, and the goal it was made for (`None`: given by the caller).
    split: Option<(Option<SplitGoal>, Split)>,
    progress: Option<Arc<Progress>>,
    limit: Option<u64>,
    ordered: bool,
    stop: Option<Arc<AtomicBool>>,
    stats: Stats,
}

impl ParallelSolver<'static> {
    /// A parallel search of `problem` on rayon's global pool (one thread per core).
    pub fn new(problem: &Problem) -> ParallelSolver<'static> {
        ParallelSolver::from_solver(Solver::new(problem))
    }

    /// A parallel search below the choices already made in `root` (a solver
    /// that has not started searching), on rayon's global pool.
    pub fn from_solver(root: Solver) -> ParallelSolver<'static> {
        ParallelSolver {
            root,
            pool: Pool::Global,
            goal: None,
            split: None,
            progress: None,
            limit: None,
            ordered: false,
            stop: None,
            stats: Stats::default(),
        }
    }
}

impl<'p> ParallelSolver<'p> {
    /// Runs on a pool of its own with `threads` threads (0: one per core).
    pub fn with_threads(mut self, threads: usize) -> Result<Self, ParallelError> {
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|source| ParallelError::Pool { threads, source })?;
        self.pool = Pool::Owned(pool);
        Ok(self)
    }

    /// Runs on the threads of `pool`.
    pub fn with_pool<'q>(self, pool: &'q ThreadPool) -> ParallelSolver<'q> {
        ParallelSolver {
            root: self.root,
            pool: Pool::Borrowed(pool),
            goal: self.goal,
            split: self.split,
            progress: self.progress,
            limit: self.limit,
            ordered: self.ordered,
            stop: self.stop,
            stats: self.stats,
        }
    }

    /// The number of threads the searches run on.
    pub fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// How to split the search (default: [`PIECES_PER_THREAD`] subproblems per thread).
    pub fn set_split(&mut self, goal: SplitGoal) -> &mut Self {
        self.goal = Some(goal);
        if matches!(self.split, Some((None, _))) {
            self.split = None;
        }
        self
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

    /// A flag shared with every thread: raise it to stop the search. The
    /// search raises it itself when it stops early (a limit reached, a
    /// visitor's `Break`), so use a fresh flag for each search.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) -> &mut Self {
        self.stop = Some(flag);
        self
    }

    /// Uses `split` (made from the same root, e.g. by [`Split::from_paths`])
    /// instead of computing one.
    pub fn set_split_to(&mut self, split: Split) -> &mut Self {
        self.split = Some((None, split));
        self.progress = None;
        self
    }

    /// The split the searches use (computed on first use).
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
            self.progress = None;
        }
        let root = &self.root;
        &self
            .split
            .get_or_insert_with(|| (Some(goal), Split::new(root, goal)))
            .1
    }

    /// A live view of the next search, to read from another thread while it runs.
    pub fn progress(&mut self) -> Arc<Progress> {
        let weights: Vec<f64> = self
            .split()
            .subproblems()
            .iter()
            .map(|s| s.weight)
            .collect();
        self.progress
            .get_or_insert_with(|| Arc::new(Progress::new(weights)))
            .clone()
    }

    /// The statistics of the last search: the sum over the subproblems plus
    /// the nodes of the split itself (see the crate docs for what matches the
    /// sequential search exactly).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Counts the solutions (up to the limit).
    pub fn count(&mut self) -> u64 {
        let all: Vec<usize> = (0..self.split().len()).collect();
        let parts = self.count_each(&all);
        let total: u64 = parts.iter().map(|p| p.count).sum();
        let total = self.limit.map_or(total, |limit| total.min(limit));
        self.stats.solutions = total;
        total
    }

    /// Counts the subproblems with the given indices (as a shard of a split
    /// search does), one [`SubCount`] each, in the order given. Indices out
    /// of range are skipped. [`stats`](Self::stats) then holds their sum and
    /// the split's own nodes.
    pub fn count_each(&mut self, indices: &[usize]) -> Vec<SubCount> {
        let n = self.split().len();
        let indices: Vec<usize> = indices.iter().copied().filter(|&i| i < n).collect();
        let progress = self.progress();
        progress.reset();
        let stop = self.stop_flag();
        let limit = self.limit;
        let found = AtomicU64::new(0);
        let results: Mutex<Vec<Option<SubCount>>> = Mutex::new(vec![None; n]);
        self.for_each_subproblem(&indices, &stop, |index, mut solver| {
            let start = Instant::now();
            let depth = solver.prefix().len();
            solver.set_stop_flag(stop.clone());
            solver.set_limit(limit);
            let mut last = Stats::default();
            let complete = loop {
                let step = solver.run_counting(SLICE);
                let now = *solver.stats();
                let new_solutions = now.solutions - last.solutions;
                progress.update(
                    index,
                    solver.progress(),
                    now.nodes - last.nodes,
                    new_solutions,
                );
                last = now;
                if let Some(limit) = limit {
                    if found.fetch_add(new_solutions, Ordering::Relaxed) + new_solutions >= limit {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                match step {
                    Step::Done => break limit.is_none_or(|l| last.solutions < l),
                    Step::Stopped => break false,
                    Step::Paused | Step::Solution => {}
                }
            };
            entered_at(&mut last, depth);
            let result = SubCount {
                index,
                count: last.solutions,
                stats: last,
                seconds: start.elapsed().as_secs_f64(),
                complete,
            };
            lock(&results)[index] = Some(result);
        });
        let results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
        let mut stats = self.split().stats().to_owned();
        for r in results.iter().flatten() {
            stats += r.stats;
        }
        self.stats = stats;
        indices.iter().filter_map(|&i| results[i]).collect()
    }

    /// The first solution found (with [`set_ordered`](Self::set_ordered): the
    /// first of the sequential search); every thread stops as soon as it is found.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        let limit = self.limit;
        self.limit = Some(1);
        let found = self.visit(|solution| ControlFlow::Break(solution.to_vec()));
        self.limit = limit;
        match found {
            ControlFlow::Break(solution) => Some(solution),
            ControlFlow::Continue(()) => None,
        }
    }

    /// Calls `visit` with every solution (up to the limit) until it returns
    /// `ControlFlow::Break`, on the calling thread.
    ///
    /// The workers send their solutions through a bounded channel, so `visit`
    /// needs neither `Send` nor `Sync`, and a slow visitor slows the workers
    /// down rather than filling memory. In ordered mode the solutions of a
    /// subproblem wait until every subproblem before it is finished; the
    /// threads take subproblems in order, so few wait for long.
    pub fn visit<B, F>(&mut self, mut visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<B>,
    {
        enum Message {
            Solution(usize, Vec<OptionId>),
            Finished(usize),
        }
        let n = self.split().len();
        let progress = self.progress();
        progress.reset();
        let stop = self.stop_flag();
        let all: Vec<usize> = (0..n).collect();
        let stats = Mutex::new(self.split().stats().to_owned());
        let (limit, ordered) = (self.limit.unwrap_or(u64::MAX), self.ordered);
        let mut delivered = 0u64;
        let mut outcome = ControlFlow::Continue(());
        if limit == 0 {
            self.stats = Stats::default();
            return outcome;
        }
        let this = &*self;
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::sync_channel::<Message>(1024);
            let stop_workers = &stop;
            let stats_workers = &stats;
            let progress = &progress;
            scope.spawn(move || {
                let sender = &sender;
                this.for_each_subproblem(&all, stop_workers, |index, mut solver| {
                    solver.set_stop_flag(stop_workers.clone());
                    let depth = solver.prefix().len();
                    let mut last = Stats::default();
                    loop {
                        let step = solver.run(SLICE);
                        let now = *solver.stats();
                        let new = now.solutions - last.solutions;
                        progress.update(index, solver.progress(), now.nodes - last.nodes, new);
                        last = now;
                        match step {
                            Step::Solution => {
                                let message = Message::Solution(index, solver.solution().to_vec());
                                if sender.send(message).is_err() {
                                    break;
                                }
                            }
                            Step::Paused => {}
                            Step::Done | Step::Stopped => break,
                        }
                    }
                    entered_at(&mut last, depth);
                    *lock(stats_workers) += last;
                    let _ = sender.send(Message::Finished(index));
                });
            });
            // The visitor runs here, on the calling thread.
            let mut deliver = |solution: &[OptionId]| -> bool {
                delivered += 1;
                if let ControlFlow::Break(b) = visit(solution) {
                    outcome = ControlFlow::Break(b);
                    return false;
                }
                delivered < limit
            };
            let mut waiting: Vec<Vec<Vec<OptionId>>> =
                vec![Vec::new(); if ordered { n } else { 0 }];
            let mut finished = vec![false; if ordered { n } else { 0 }];
            let mut next = 0;
            let mut go_on = true;
            while go_on {
                let Ok(message) = receiver.recv() else { break };
                match message {
                    Message::Solution(index, solution) => {
                        if !ordered || index == next {
                            go_on = deliver(&solution);
                        } else {
                            waiting[index].push(solution);
                        }
                    }
                    Message::Finished(index) if ordered => {
                        finished[index] = true;
                        while go_on && next < n && finished[next] {
                            next += 1;
                            if next < n {
                                for solution in std::mem::take(&mut waiting[next]) {
                                    go_on = deliver(&solution);
                                    if !go_on {
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    Message::Finished(_) => {}
                }
            }
            if !go_on {
                stop.store(true, Ordering::Relaxed);
            }
            // Dropping the receiver wakes any worker blocked on a full channel.
            drop(receiver);
        });
        let mut stats = stats.into_inner().unwrap_or_else(PoisonError::into_inner);
        stats.solutions = delivered;
        self.stats = stats;
        outcome
    }

    /// A solution with the fewest options, proven minimal: the subproblems
    /// run [`Solver::min_options`] on the threads, sharing their best size as
    /// the bound ([`Solver::set_shared_bound`]). The size is always the
    /// sequential answer; among several smallest solutions the one returned
    /// may depend on timing.
    pub fn min_options(&mut self) -> Optimum {
        let results = self.optimise(|solver| match solver.min_options() {
            Optimum::Found(solution) => Ok(vec![Costed {
                cost: solution.len() as u64,
                options: solution,
            }]),
            Optimum::NoSolution => Ok(Vec::new()),
            Optimum::Stopped => Err(()),
        });
        match results {
            Some(mut found) => match found.drain(..).min_by_key(|c| c.cost) {
                Some(best) => Optimum::Found(best.options),
                None => Optimum::NoSolution,
            },
            None => Optimum::Stopped,
        }
    }

    /// The `k` cheapest solutions (DLX5 costs), proven: the subproblems run
    /// [`Solver::min_cost`] on the threads (sharing the best cost as the
    /// bound when `k` is 1) and their lists are merged.
    pub fn min_cost(&mut self, k: usize) -> Ranked {
        let results = self.optimise(|solver| {
            let ranked = solver.min_cost(k);
            if ranked.proven {
                Ok(ranked.solutions)
            } else {
                Err(())
            }
        });
        match results {
            Some(mut found) => {
                // Stable: ties keep the order of the subproblems, then of discovery.
                found.sort_by_key(|c| c.cost);
                found.truncate(k);
                Ranked {
                    solutions: found,
                    proven: true,
                }
            }
            None => Ranked {
                solutions: Vec::new(),
                proven: false,
            },
        }
    }

    /// Runs an optimising search on every subproblem with one shared bound;
    /// returns every subproblem's solutions in subproblem order, or `None` if stopped.
    fn optimise<F>(&mut self, search: F) -> Option<Vec<Costed>>
    where
        F: Fn(&mut Solver) -> PartResult + Sync,
    {
        let n = self.split().len();
        let indices: Vec<usize> = (0..n).collect();
        let stop = self.stop_flag();
        let bound = Arc::new(AtomicU64::new(u64::MAX));
        let results: Mutex<Vec<Option<PartResult>>> = Mutex::new(vec![None; n]);
        let stats = Mutex::new(self.split().stats().to_owned());
        self.for_each_subproblem(&indices, &stop, |index, mut solver| {
            solver.set_stop_flag(stop.clone());
            solver.set_shared_bound(Arc::clone(&bound));
            let result = search(&mut solver);
            *lock(&stats) += *solver.stats();
            lock(&results)[index] = Some(result);
        });
        self.stats = stats.into_inner().unwrap_or_else(PoisonError::into_inner);
        let results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
        let mut found = Vec::new();
        for result in results {
            match result {
                Some(Ok(solutions)) => found.extend(solutions),
                // Stopped, or never started because the stop flag was raised.
                _ => return None,
            }
        }
        Some(found)
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone().unwrap_or_default()
    }

    /// Runs `search` on a fresh solver for each subproblem of `indices`, taken
    /// in order by whichever thread is free, until they are done or `stop` is raised.
    fn for_each_subproblem<F>(&self, indices: &[usize], stop: &AtomicBool, search: F)
    where
        F: Fn(usize, Solver) + Sync,
    {
        let Some((_, split)) = &self.split else {
            return;
        };
        let next = AtomicUsize::new(0);
        let workers = self.threads().min(indices.len()).max(1);
        let work = || {
            (0..workers).into_par_iter().for_each(|_| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= indices.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                let index = indices[k];
                // The split was made from this root, so every path can be chosen.
                if let Some(solver) = solver_at(&self.root, &split.subproblems()[index].path) {
                    search(index, solver);
                }
            });
        };
        self.pool.install(work);
    }
}

/// What an optimising search found in one subproblem: its best solutions, or `Err` if it was stopped.
type PartResult = Result<Vec<Costed>, ()>;

/// A subproblem whose search entered a node (it was neither a solution nor
/// empty) reaches its own level, which its solver does not count in `max_level`.
fn entered_at(stats: &mut Stats, depth: usize) {
    if stats.nodes > 0 {
        stats.max_level = stats.max_level.max(depth);
    }
}

/// Locks a mutex, going on if another thread panicked while holding it (the data is plain sums).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
