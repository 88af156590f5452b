//! The optimising searches on every thread, with one bound shared by all.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use dlx_core::subtree::SubtreeSearch as _;
use dlx_core::{Answer, Costed, Objective, OptionId, Outcome, Stats};

use super::{lock, ParallelSolver};
use crate::steal::{Event, Halt, Why};

impl ParallelSolver<'_> {
    /// A solution with the fewest options, proven minimal: the threads run
    /// the branch and bound search ([`dlx_core::Solver::set_objective`]) sharing their
    /// best size as the bound. The size is always the sequential answer;
    /// among several smallest solutions the one returned may depend on timing.
    /// Stopped by the budget, the smallest found so far, not proven.
    pub fn min_options(&mut self) -> Answer<Option<Vec<OptionId>>> {
        self.best(Objective::Options, 1)
            .map(|best| best.into_iter().next().map(|c| c.options))
    }

    /// The `k` cheapest solutions (DLX5 costs), proven: the threads run the
    /// branch and bound search, sharing the `k`-th best cost found as the
    /// bound. Stopped by the budget, the cheapest found so far, not proven.
    pub fn min_cost(&mut self, k: usize) -> Answer<Vec<Costed>> {
        self.best(Objective::Cost, k)
    }

    /// The `k` best solutions under `objective` (cheapest first), found by the
    /// branch and bound search on every thread with one bound: the `k`-th
    /// best value found so far, less one. The outcome is complete when they
    /// are proven the best; when the budget stopped the search, they are the
    /// best found so far.
    pub fn best(&mut self, objective: Objective, k: usize) -> Answer<Vec<Costed>> {
        if k == 0 {
            self.stats = Stats::default();
            return Answer::new(Vec::new(), Outcome::LimitReached);
        }
        let halt = Halt::default();
        let bound = Arc::new(AtomicU64::new(u64::MAX));
        let best: Mutex<Vec<Costed>> = Mutex::new(Vec::new());
        let seeds = vec![self.root.root_subtree()];
        let root = self.root.clone();
        let (stats, outcome) =
            self.run(seeds, &halt, true, Some((objective, &bound)), |_, event| {
                if let Event::Solution(solution) = event {
                    let value = root.objective_of(objective, solution);
                    let mut best = lock(&best);
                    // Stable: among equal values, the one found first stays first.
                    let at = best.partition_point(|c| c.cost <= value);
                    if at < k {
                        best.insert(
                            at,
                            Costed {
                                cost: value,
                                options: solution.to_vec(),
                            },
                        );
                        best.truncate(k);
                    }
                    if best.len() == k {
                        // Only strictly better solutions can still enter the list.
                        // The shared bound is a `u64` in which `u64::MAX` means
                        // no limit: a limit beyond it is not shared, which only prunes less.
                        if let Ok(limit) = u64::try_from(best[k - 1].cost.saturating_sub(1)) {
                            bound.fetch_min(limit, Ordering::Relaxed);
                        }
                        if best[k - 1].cost == 0 {
                            // Nothing is cheaper than 0: the rest cannot change the answer.
                            halt.raise(Why::Proven);
                        }
                    }
                }
            });
        self.stats = stats;
        Answer::new(
            best.into_inner().unwrap_or_else(PoisonError::into_inner),
            outcome,
        )
    }
}
