//! `MinCover`'s deepening on threads: each round's branches handed out one at a time, the first cover in their order kept.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use dlx_core::subtree::{Round, RoundEnd, RoundSearch};
use dlx_core::{Answer, Budget, MinCover, OptionId, Outcome, Problem, Stats};

use crate::pool::{ParallelError, Pool};

/// How many branches per thread [`ParallelRounds`] cuts a round into.
///
/// A round's branches differ in size by orders of magnitude; with a few
/// dozen per thread, handed out one at a time, no thread waits long for
/// the last one. Cutting costs a lower bound per node expanded, a small
/// part of a round that has that many branches.
pub(crate) const ROUND_BRANCHES_PER_THREAD: usize = 32;

/// Searches the rounds of a [`MinCover`] on the threads of a rayon pool:
/// the same minimum cover as the search on one thread, and the same
/// statistics.
///
/// Each round of the deepening is cut into branches, in the order the
/// sequential search visits them ([`RoundSearch`]). The threads take them
/// one at a time; once a branch holds a cover, no branch after it is
/// started and those running are given up, while the branches before it
/// are searched to their end: the first cover in the sequential order is
/// the answer. The search's budget ([`MinCover::set_budget`]) is every
/// thread's: its nodes are one pool, its deadline and cancel flags stop
/// them all.
///
/// ```
/// use dlx_core::parse_dlx;
/// use dlx_core::MinCover;
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
    pool: Pool,
}

impl ParallelRounds {
    /// Searches on a pool of its own with `threads` threads (0: one per core).
    pub fn with_threads(threads: usize) -> Result<ParallelRounds, ParallelError> {
        Ok(ParallelRounds {
            pool: Pool::new(threads)?,
        })
    }

    /// Searches on the threads of `pool`, shared with the caller's other searches.
    pub fn with_pool(pool: &Pool) -> ParallelRounds {
        ParallelRounds { pool: pool.clone() }
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.pool.threads()
    }
}

/// A cover, or none, and how the search for it ended.
type Cover = Answer<Option<Vec<OptionId>>>;

/// How one branch's search ended.
type Ended = (usize, Cover, Stats);

impl RoundSearch for ParallelRounds {
    fn branches_wanted(&self) -> usize {
        self.threads().saturating_mul(ROUND_BRANCHES_PER_THREAD)
    }

    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        let next = AtomicUsize::new(0);
        // The first branch, in their order, known to hold a cover.
        let first_cover = AtomicUsize::new(usize::MAX);
        let per_thread: Vec<Vec<Ended>> = self.pool.broadcast(|_| {
            // A copy of the round's root, with the search's budget: the
            // threads draw their nodes from its one pool.
            let mut worker = round.worker();
            let mut ended = Vec::new();
            loop {
                let branch = next.fetch_add(1, Ordering::Relaxed);
                if branch >= round.len() || branch > first_cover.load(Ordering::Relaxed) {
                    break;
                }
                // A branch after a cover cannot change the answer.
                let mut give_up = |_: &Stats| branch > first_cover.load(Ordering::Relaxed);
                let (answer, stats) = round.search_branch(&mut worker, branch, &mut give_up);
                let stopped = !answer.is_complete();
                if answer.value.is_some() {
                    first_cover.fetch_min(branch, Ordering::Relaxed);
                }
                ended.push((branch, answer, stats));
                // Stopped by the budget, every branch would be; given up for
                // a cover before it, every later branch is too.
                if stopped {
                    break;
                }
            }
            ended
        });
        let mut ends: Vec<Option<Ended>> = vec![None; round.len()];
        let mut all_work = Stats::default();
        for end in per_thread.into_iter().flatten() {
            all_work += end.2;
            let branch = end.0;
            ends[branch] = Some(end);
        }
        // The branches in their order: the first cover counts if every
        // branch before it was searched to its end.
        let mut stats = Stats::default();
        for (branch, end) in ends.into_iter().enumerate() {
            let Some((_, answer, branch_stats)) = end else {
                // Not searched: only a stop keeps a branch before the first cover from being searched.
                return RoundEnd::Stopped {
                    stop: dlx_core::Stop::Cancelled,
                    stats: all_work,
                };
            };
            match (answer.value, answer.outcome) {
                (Some(cover), _) => {
                    stats += branch_stats;
                    return RoundEnd::Found {
                        branch,
                        cover,
                        stats,
                    };
                }
                (None, Outcome::Stopped(stop)) => {
                    return RoundEnd::Stopped {
                        stop,
                        stats: all_work,
                    }
                }
                (None, _) => stats += branch_stats,
            }
        }
        RoundEnd::NoCover { stats }
    }
}

/// A minimum repeated cover of `problem` ([`MinCover::solve`]) on `threads`
/// threads (0: one per core) within `budget`, and its statistics: the same
/// as on one thread.
///
/// ```
/// use dlx_core::{parse_dlx, Budget};
///
/// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
/// let (cover, _stats) = dlx_parallel::min_cover(&problem, 2, &Budget::new())?;
/// assert!(cover.is_complete());
/// assert_eq!(cover.value.map(|c| c.len()), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_cover(
    problem: &Problem,
    threads: usize,
    budget: &Budget,
) -> Result<(Cover, Stats), ParallelError> {
    let mut search = MinCover::new(problem);
    search
        .set_budget(budget.clone())
        .set_round_search(Some(Arc::new(ParallelRounds::with_threads(threads)?)));
    let cover = search.solve();
    Ok((cover, *search.stats()))
}
