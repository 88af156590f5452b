//! The searches a model's policy needs ([`dlx_core::Searcher`]) on a pool's threads.

use std::sync::Arc;

use dlx_core::searcher::{Weigh, Weighed};
use dlx_core::{Answer, Budget, CountMode, Counted, MemoError, MemoSettings, Problem, Searcher};

use crate::memo::{CountError, ParallelCount};
use crate::pool::Pool;
use crate::progress::Progress;
use crate::search::ParallelSolver;
use crate::steal::Balance;

/// A [`Searcher`] on the threads of a [`Pool`], within one budget, every
/// search reporting to one [`Progress`]: what a face hands to a model's
/// policy (for instance `dlx_models::tilings::count_tilings`) to run it on
/// threads. The same answers as [`dlx_core::Sequential`].
///
/// ```
/// use dlx_core::{parse_dlx, Budget, CountMode, MemoSettings, Searcher};
/// use dlx_parallel::{Pool, Searches};
///
/// let problem = parse_dlx("a b\na\nb\na b\n")?;
/// let mut searches = Searches::new(&Pool::new(2)?, Budget::new(), MemoSettings::new());
/// let counted = searches.count(&problem, CountMode::Auto, false)?.expect("counted");
/// assert_eq!(counted.count, Some(2u64.into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Searches {
    pool: Pool,
    budget: Budget,
    settings: MemoSettings,
    progress: Arc<Progress>,
    balance: Balance,
}

impl Searches {
    /// Searches on `pool` within `budget`, the memoised count with `settings`.
    pub fn new(pool: &Pool, budget: Budget, settings: MemoSettings) -> Searches {
        Searches {
            pool: pool.clone(),
            budget,
            settings,
            progress: Arc::new(Progress::new(pool.threads())),
            balance: Balance::default(),
        }
    }

    /// The live view of the searches, to read from another thread.
    pub fn progress(&self) -> Arc<Progress> {
        Arc::clone(&self.progress)
    }

    /// How the plain searches on threads balanced their load, all together.
    pub fn balance(&self) -> Balance {
        self.balance
    }

    fn add_balance(&mut self, balance: Balance) {
        self.balance.steals += balance.steals;
        self.balance.idle_seconds += balance.idle_seconds;
    }
}

impl Searcher for Searches {
    fn count(
        &mut self,
        problem: &Problem,
        mode: CountMode,
        own_plain: bool,
    ) -> Result<Option<Counted>, MemoError> {
        let mut count = ParallelCount::new(&self.settings, mode).with_pool(&self.pool);
        count.set_budget(self.budget.clone());
        count.progress = Some(self.progress());
        let counted = count.count_unless_plain(problem, own_plain);
        self.add_balance(count.balance());
        match counted {
            Ok(counted) => Ok(counted),
            Err(CountError::Memo(err)) => Err(err),
            // The pool exists and no split is counted: neither happens here.
            Err(err @ (CountError::Threads(_) | CountError::Split { .. })) => {
                unreachable!("{err}")
            }
        }
    }

    fn weigh(&mut self, problem: &Problem, weigh: &Weigh<'_>) -> Answer<Weighed> {
        let mut parallel = ParallelSolver::new(problem).with_pool(&self.pool);
        parallel.set_budget(self.budget.clone());
        parallel.progress = Some(self.progress());
        let folded = parallel.fold(
            || (0u64, 0u64),
            |(kept, weight), solution| {
                if let Some(w) = weigh(solution) {
                    *kept += 1;
                    *weight = weight.saturating_add(w);
                }
            },
            |a, b| (a.0 + b.0, a.1.saturating_add(b.1)),
        );
        self.add_balance(parallel.balance());
        let (kept, weight) = folded.value;
        Answer::new(
            Weighed::new(kept, weight, *parallel.stats()),
            folded.outcome,
        )
    }
}
