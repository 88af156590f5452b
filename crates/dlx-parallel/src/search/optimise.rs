//! The optimising searches on every thread, with one bound shared by all.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use dlx_core::subtree::SubtreeSearch as _;

use dlx_core::{Answer, Costed, Objective, OptionId, Outcome, Stats};

use super::{lock, ParallelSolver};
use crate::steal::{Event, Halt, Why};

impl ParallelSolver {
    /// A solution with the fewest options, proven minimal: the threads run
    /// the branch and bound search ([`dlx_core::Solver::set_objective`]),
    /// each task pruning with the best size found so far. The answer is the
    /// sequential one at any thread count: among several smallest
    /// solutions, the first in the order of the sequential search.
    /// Stopped by the budget, the smallest found so far, not proven.
    pub fn min_options(&mut self) -> Answer<Option<Vec<OptionId>>> {
        self.best(Objective::Options, 1)
            .map(|best| best.into_iter().next().map(|c| c.options))
    }

    /// The `k` cheapest solutions (DLX5 costs), proven, the same as the
    /// sequential search's at any thread count ([`ParallelSolver::best`]).
    /// Stopped by the budget, the cheapest found so far, not proven.
    pub fn min_cost(&mut self, k: usize) -> Answer<Vec<Costed>> {
        self.best(Objective::Cost, k)
    }

    /// The `k` best solutions under `objective` (cheapest first), found by the
    /// branch and bound search on every thread. The outcome is complete when
    /// they are proven the best; when the budget stopped the search, they
    /// are the best found so far.
    ///
    /// The answer is the sequential search's, whatever the threads' timing:
    /// solutions are ranked by value, and tied ones by the order of the
    /// sequential search, which finds the first of them. So each task has
    /// its own bound. A task that comes before the `k`-th best solution in
    /// that order still looks for solutions as good as it (they would rank
    /// before it); one that comes after looks only for strictly better ones.
    pub fn best(&mut self, objective: Objective, k: usize) -> Answer<Vec<Costed>> {
        if k == 0 {
            self.stats = Stats::default();
            return Answer::new(Vec::new(), Outcome::LimitReached);
        }
        let halt = Halt::default();
        let race = Mutex::new(Race::new(k));
        let seeds = vec![self.root.root_subtree()];
        let root = self.root.clone();
        let bound_of = |task: usize| lock(&race).bound(task);
        let (stats, outcome, ()) = self.run(
            seeds,
            &halt,
            true,
            Some((objective, &bound_of)),
            |task, event| {
                let mut race = lock(&race);
                match event {
                    Event::Solution(solution) => {
                        let value = root.objective_of(objective, solution);
                        race.found(task.id, value, solution);
                    }
                    Event::Gave { child } => race.gave(task.id, child),
                    Event::Finished { complete, .. } => race.finished(task.id, complete),
                    Event::Found(_) => {}
                }
                if race.proven() {
                    // Nothing ranks before the k-th best: the rest cannot change the answer.
                    halt.raise(Why::Proven);
                }
            },
            || {},
            || {},
        );
        self.stats = stats;
        let race = race.into_inner().unwrap_or_else(PoisonError::into_inner);
        Answer::new(race.into_best(), outcome)
    }
}

/// A solution among the best found, and where it stands in the order of
/// the sequential search: its task, and how many solutions the run had
/// found before it (a task finds its own in that order).
struct Ranked {
    costed: Costed,
    task: usize,
    seq: u64,
}

/// The state of an optimising search on threads: the tasks in the order of
/// the sequential search, each task's bound, and the best solutions found,
/// ranked by value and then by that order.
struct Race {
    k: usize,
    /// Task ids, in the order of the sequential search.
    order: Vec<usize>,
    /// Each task's bound, by id: the largest value still worth finding
    /// there (`u64::MAX`: no limit).
    bounds: Vec<Arc<AtomicU64>>,
    /// Whether each task has searched its whole subtree, by id.
    done: Vec<bool>,
    /// The best found, at most `k`, best first.
    best: Vec<Ranked>,
    /// Solutions found so far.
    seq: u64,
}

impl Race {
    /// The state of a run that starts with the one task 0, the whole tree.
    fn new(k: usize) -> Race {
        Race {
            k,
            order: vec![0],
            bounds: vec![Arc::new(AtomicU64::new(u64::MAX))],
            done: vec![false],
            best: Vec::new(),
            seq: 0,
        }
    }

    /// Task `task`'s bound, which it prunes with.
    fn bound(&self, task: usize) -> Arc<AtomicU64> {
        debug_assert!(task < self.bounds.len(), "task {task} was never given");
        Arc::clone(&self.bounds[task])
    }

    /// Where `task` stands in the order of the sequential search.
    fn position(&self, task: usize) -> usize {
        let at = self.order.iter().position(|&t| t == task);
        debug_assert!(at.is_some(), "task {task} is not in the order");
        at.unwrap_or(usize::MAX)
    }

    /// Task `parent` gave part of itself away as `child`, which comes right
    /// after it in the order and starts with its bound: each task before
    /// the k-th best is before both, and the parent is not that task unless
    /// the child comes after it.
    fn gave(&mut self, parent: usize, child: usize) {
        let at = self.position(parent) + 1;
        self.order.insert(at, child);
        if self.bounds.len() <= child {
            self.bounds
                .resize_with(child + 1, || Arc::new(AtomicU64::new(u64::MAX)));
            self.done.resize(child + 1, false);
        }
        let limit = self.bounds[parent].load(Ordering::Relaxed);
        self.bounds[child] = Arc::new(AtomicU64::new(limit));
    }

    /// A solution of value `value` found in `task`: ranked among the best,
    /// and the bounds lowered when the k-th best changed.
    fn found(&mut self, task: usize, value: u128, solution: &[OptionId]) {
        let seq = self.seq;
        self.seq += 1;
        let key = (value, self.position(task), seq);
        let at = self
            .best
            .partition_point(|r| (r.costed.cost, self.position(r.task), r.seq) < key);
        if at >= self.k {
            return;
        }
        self.best.insert(
            at,
            Ranked {
                costed: Costed {
                    cost: value,
                    options: solution.to_vec(),
                },
                task,
                seq,
            },
        );
        self.best.truncate(self.k);
        if self.best.len() < self.k {
            return;
        }
        // The tasks before the k-th best's may still find its equal; it and
        // those after it, only better. The bound only ever goes down: the
        // k-th best only moves to a smaller value or to an earlier task. A
        // limit past what a `u64` shares, or below 0, is not shared: the
        // searches then prune less, never wrongly (`proven` ends them at 0).
        let (value, kth) = (
            self.best[self.k - 1].costed.cost,
            self.position(self.best[self.k - 1].task),
        );
        for (at, &t) in self.order.iter().enumerate() {
            let limit = if at < kth {
                Some(value)
            } else {
                value.checked_sub(1)
            };
            if let Some(limit) = limit.and_then(|l| u64::try_from(l).ok()) {
                self.bounds[t].fetch_min(limit, Ordering::Relaxed);
            }
        }
    }

    /// Task `task` is over; `complete`: it searched its whole subtree.
    fn finished(&mut self, task: usize, complete: bool) {
        self.done[task] = complete;
    }

    /// Whether the best are proven before the run ends: the k-th best is of
    /// value 0, which nothing beats, and every task before it is done.
    fn proven(&self) -> bool {
        self.best.len() == self.k
            && self.best[self.k - 1].costed.cost == 0
            && self.order[..self.position(self.best[self.k - 1].task)]
                .iter()
                .all(|&t| self.done[t])
    }

    /// The best found, best first.
    fn into_best(self) -> Vec<Costed> {
        self.best.into_iter().map(|r| r.costed).collect()
    }
}
