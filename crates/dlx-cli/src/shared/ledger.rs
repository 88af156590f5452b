//! How searches ended, added up: the first stop, Knuth's statistics and the threads' balance; one ledger that a run keeps, and each case of an input too.

use dlx_core::{Outcome, Stats};
use dlx_parallel::{Balance, ParallelSolver};

/// The searches' ending, added up: the first stop (else complete), their
/// statistics, and how their threads balanced the load.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ledger {
    outcome: Outcome,
    stats: Stats,
    balance: Balance,
}

impl Default for Ledger {
    fn default() -> Ledger {
        Ledger {
            outcome: Outcome::Finished,
            stats: Stats::default(),
            balance: Balance::default(),
        }
    }
}

impl Ledger {
    /// Records how a search ended: the first stop is the ledger's.
    pub(crate) fn record(&mut self, outcome: Outcome) {
        if self.outcome.is_complete() && !outcome.is_complete() {
            self.outcome = outcome;
        }
    }

    /// Adds a search's statistics.
    pub(crate) fn add_stats(&mut self, stats: &Stats) {
        self.stats += *stats;
    }

    /// Adds how a parallel search balanced its load.
    pub(crate) fn add_balance(&mut self, balance: Balance) {
        self.balance.steals += balance.steals;
        self.balance.idle_seconds += balance.idle_seconds;
    }

    /// Records a parallel search: its statistics, balance and outcome.
    pub(crate) fn searched(&mut self, parallel: &ParallelSolver, outcome: Outcome) {
        self.add_balance(parallel.balance());
        self.add_stats(parallel.stats());
        self.record(outcome);
    }

    /// Adds another ledger (a case's, to its run's).
    pub(crate) fn absorb(&mut self, other: &Ledger) {
        self.add_stats(&other.stats);
        self.add_balance(other.balance);
        self.record(other.outcome);
    }

    /// Whether a search has stopped: nothing more is to be started, and an
    /// answer it cut short is not printed.
    pub(crate) fn stopped(&self) -> bool {
        !self.outcome.is_complete()
    }

    /// The first stop, else complete.
    pub(crate) fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The statistics so far.
    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// The threads' balance so far.
    pub(crate) fn balance(&self) -> Balance {
        self.balance
    }
}
