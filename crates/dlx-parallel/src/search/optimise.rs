//! The optimising searches on every thread, with one bound shared by all.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use dlx_core::{Costed, Objective, Optimum, Ranked, Stats};

use super::{lock, ParallelSolver};
use crate::steal::Event;

impl ParallelSolver<'_> {
    /// A solution with the fewest options, proven minimal: the threads run
    /// the branch and bound search ([`dlx_core::Solver::set_objective`]) sharing their
    /// best size as the bound. The size is always the sequential answer;
    /// among several smallest solutions the one returned may depend on timing.
    pub fn min_options(&mut self) -> Optimum {
        let ranked = self.best(Objective::Options, 1);
        match (ranked.proven, ranked.solutions.into_iter().next()) {
            (true, Some(best)) => Optimum::Found(best.options),
            (true, None) => Optimum::NoSolution,
            (false, _) => Optimum::Stopped,
        }
    }

    /// The `k` cheapest solutions (DLX5 costs), proven: the threads run the
    /// branch and bound search, sharing the `k`-th best cost found as the bound.
    pub fn min_cost(&mut self, k: usize) -> Ranked {
        let ranked = self.best(Objective::Cost, k);
        if ranked.proven {
            ranked
        } else {
            Ranked {
                solutions: Vec::new(),
                proven: false,
            }
        }
    }

    /// The `k` best solutions under `objective` (cheapest first), found by the
    /// branch and bound search on every thread with one bound: the `k`-th
    /// best value found so far, less one. When the stop flag ends the search
    /// early, the best found so far, not `proven`.
    pub fn best(&mut self, objective: Objective, k: usize) -> Ranked {
        if k == 0 {
            self.stats = Stats::default();
            return Ranked {
                solutions: Vec::new(),
                proven: true,
            };
        }
        let (solutions, proven) = self.optimise(objective, k);
        Ranked { solutions, proven }
    }

    /// Runs the branch and bound search for the `k` best solutions under
    /// `objective` on every thread; returns them and whether the search ran
    /// to its end (or stopped itself, having found nothing better is possible).
    fn optimise(&mut self, objective: Objective, k: usize) -> (Vec<Costed>, bool) {
        let stop = self.stop_flag();
        let bound = Arc::new(AtomicU64::new(u64::MAX));
        let best: Mutex<Vec<Costed>> = Mutex::new(Vec::new());
        let seeds = vec![self.root.root_subtree()];
        let root = self.root.clone();
        let stats = self.run(seeds, &stop, true, Some((objective, &bound)), |_, event| {
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
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        });
        let best = best.into_inner().unwrap_or_else(PoisonError::into_inner);
        // A stop the search raised itself (nothing cheaper than 0) is a proof.
        let proven_by_zero = best.len() == k && best.last().is_some_and(|c| c.cost == 0);
        self.stats = stats;
        let proven = !stop.load(Ordering::Relaxed) || proven_by_zero;
        (best, proven)
    }
}
