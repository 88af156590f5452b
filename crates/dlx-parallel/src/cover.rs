//! `MinCover`'s deepening on threads: each round's branches handed out one at a time, the first cover in their order kept.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use dlx_core::{MinCover, Optimum, Problem, Round, RoundEnd, RoundSearch, Stats};
use rayon::ThreadPool;

use crate::search::{pool_of, ParallelError};

/// How many branches per thread [`ParallelRounds`] cuts a round into.
///
/// A round's branches differ in size by orders of magnitude; with a few
/// dozen per thread, handed out one at a time, no thread waits long for
/// the last one. Cutting costs a lower bound per node expanded, a small
/// part of a round that has that many branches.
pub const ROUND_BRANCHES_PER_THREAD: usize = 32;

/// Searches the rounds of a [`MinCover`] on the threads of a rayon pool:
/// the same minimum cover as the search on one thread, and the same
/// statistics.
///
/// Each round of the deepening is cut into branches, in the order the
/// sequential search visits them ([`RoundSearch`]). The threads take them
/// one at a time; once a branch holds a cover, no branch after it is
/// started and those running are given up, while the branches before it
/// are searched to their end: the first cover in the sequential order is
/// the answer. A node limit ([`MinCover::set_node_limit`]) counts the nodes
/// of every thread together, and the search's stop flag stops them all.
///
/// ```
/// use dlx_core::{parse_dlx, MinCover, Optimum};
/// use dlx_parallel::ParallelRounds;
/// use std::sync::Arc;
///
/// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
/// let mut search = MinCover::new(&problem);
/// search.set_round_search(Some(Arc::new(ParallelRounds::with_threads(2)?)));
/// let mut alone = MinCover::new(&problem);
/// assert_eq!(search.solve(), alone.solve());
/// assert_eq!(search.stats(), alone.stats());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelRounds {
    pool: ThreadPool,
}

impl ParallelRounds {
    /// Searches on a pool of its own with `threads` threads (0: one per core).
    pub fn with_threads(threads: usize) -> Result<ParallelRounds, ParallelError> {
        Ok(ParallelRounds {
            pool: pool_of(threads)?,
        })
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }
}

/// How one branch's search ended.
type Ended = (usize, Optimum, Stats);

impl RoundSearch for ParallelRounds {
    fn branches_wanted(&self) -> usize {
        self.threads().saturating_mul(ROUND_BRANCHES_PER_THREAD)
    }

    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        let next = AtomicUsize::new(0);
        // The first branch, in their order, known to hold a cover.
        let first_cover = AtomicUsize::new(usize::MAX);
        // The nodes of every thread's branches, for the round's node budget.
        let spent = AtomicU64::new(0);
        let budget = round.nodes_left();
        let per_thread: Vec<Vec<Ended>> = self.pool.broadcast(|_| {
            let mut worker = round.worker();
            let mut ended = Vec::new();
            loop {
                let branch = next.fetch_add(1, Ordering::Relaxed);
                if branch >= round.len() || branch > first_cover.load(Ordering::Relaxed) {
                    break;
                }
                let mut counted = 0;
                let mut give_up = |stats: &Stats| {
                    // A node costs a lower bound: one atomic add per node is nothing beside it.
                    let over_budget = budget.is_some_and(|budget| {
                        let total = spent.fetch_add(stats.nodes - counted, Ordering::Relaxed)
                            + stats.nodes
                            - counted;
                        counted = stats.nodes;
                        total >= budget
                    });
                    over_budget || branch > first_cover.load(Ordering::Relaxed)
                };
                let (optimum, stats) = round.search_branch(&mut worker, branch, &mut give_up);
                spent.fetch_add(stats.nodes - counted, Ordering::Relaxed);
                let stopped = optimum == Optimum::Stopped;
                if let Optimum::Found(_) = optimum {
                    first_cover.fetch_min(branch, Ordering::Relaxed);
                }
                ended.push((branch, optimum, stats));
                // Stopped by the flag or the budget, every branch would be:
                // given up for a cover before it, every later branch is too.
                if stopped {
                    break;
                }
            }
            ended
        });
        let mut ends: Vec<Option<(Optimum, Stats)>> = vec![None; round.len()];
        let mut all_work = Stats::default();
        for (branch, optimum, stats) in per_thread.into_iter().flatten() {
            all_work += stats;
            ends[branch] = Some((optimum, stats));
        }
        // The branches in their order: the first cover counts if every
        // branch before it was searched to its end.
        let mut stats = Stats::default();
        for (branch, end) in ends.into_iter().enumerate() {
            match end {
                Some((Optimum::Found(cover), branch_stats)) => {
                    stats += branch_stats;
                    return RoundEnd::Found {
                        branch,
                        cover,
                        stats,
                    };
                }
                Some((Optimum::NoSolution, branch_stats)) => stats += branch_stats,
                Some((Optimum::Stopped, _)) | None => return RoundEnd::Stopped { stats: all_work },
            }
        }
        RoundEnd::NoCover { stats }
    }
}

/// A minimum repeated cover of `problem` ([`MinCover::solve`]) on `threads`
/// threads (0: one per core), and its statistics: the same as on one thread.
///
/// ```
/// use dlx_core::{parse_dlx, Optimum};
///
/// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
/// let (optimum, _stats) = dlx_parallel::min_cover(&problem, 2)?;
/// assert!(matches!(optimum, Optimum::Found(cover) if cover.len() == 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_cover(problem: &Problem, threads: usize) -> Result<(Optimum, Stats), ParallelError> {
    let mut search = MinCover::new(problem);
    search.set_round_search(Some(Arc::new(ParallelRounds::with_threads(threads)?)));
    let optimum = search.solve();
    Ok((optimum, *search.stats()))
}
