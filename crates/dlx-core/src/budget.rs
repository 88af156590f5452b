//! How a search ends: the caller's [`Budget`] (nodes, time, memory, a cancel flag), and the [`Outcome`] every search returns with its [`Answer`].
//!
//! The model is ripgrep's `Sink` and CaDiCaL's `Terminator`: the search
//! never writes its caller's state; the caller's cancel flag is a question
//! the search asks and never a flag it raises; the search's own limits live
//! in its own state; and every search returns how it ended, so that a
//! partial answer is a value that says it is partial, never a flag someone
//! must remember to look at.
//!
//! **Invariant:** a search returns [`Outcome::Finished`] only when it has
//! explored its whole tree (or proved that the rest cannot change its
//! answer, as a branch and bound search does), [`Outcome::LimitReached`]
//! only when it stopped at a limit the caller set on the answer itself (a
//! number of solutions, the `k` best, a visitor's `Break`), and
//! [`Outcome::Stopped`] otherwise; the first two are complete answers.

use crate::time::{Duration, Instant};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// How a search ended.
///
/// ```
/// use dlx_core::{parse_dlx, Budget, Outcome, Solver, Stop};
///
/// // 2^16 ways to cover 16 items each by one of two options.
/// let mut text = (0..16).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" ");
/// for i in 0..16 {
///     text += &format!("\ni{i}\ni{i}");
/// }
/// let problem = parse_dlx(&text)?;
/// let whole = Solver::new(&problem).count();
/// assert_eq!((whole.value.to_u64(), whole.outcome), (Some(1 << 16), Outcome::Finished));
///
/// let mut solver = Solver::new(&problem);
/// solver.set_budget(Budget::new().with_nodes(1000));
/// let part = solver.count();
/// assert_eq!(part.outcome, Outcome::Stopped(Stop::Nodes));
/// assert!(!part.is_complete() && part.value < whole.value);
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// The search explored its whole tree (or proved that the rest could not
    /// change its answer): the answer is complete.
    Finished,
    /// The search stopped at a limit the caller set on the answer (a number
    /// of solutions, a visitor that said `Break`): the answer is complete for
    /// what was asked.
    LimitReached,
    /// A budget or the caller's cancel stopped the search: the answer is
    /// what was found before, and is partial.
    Stopped(Stop),
}

/// Why a search was cut short: the answer it gives is partial.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Stop {
    /// The node budget ([`Budget::with_nodes`]) is spent.
    #[error("the node budget is spent")]
    Nodes,
    /// The deadline ([`Budget::with_time`], [`Budget::with_deadline`]) has passed.
    #[error("the time limit is reached")]
    Time,
    /// The search would have held more memory than [`Budget::with_memory`] allows.
    #[error("the memory budget is spent")]
    Memory,
    /// The caller raised its cancel flag ([`Budget::with_cancel`]).
    #[error("the search was cancelled")]
    Cancelled,
}

impl Outcome {
    /// Whether the answer is complete: [`Outcome::Finished`] or [`Outcome::LimitReached`].
    pub fn is_complete(self) -> bool {
        !matches!(self, Outcome::Stopped(_))
    }

    /// Why the search was cut short, if it was.
    pub fn stop(self) -> Option<Stop> {
        match self {
            Outcome::Stopped(stop) => Some(stop),
            Outcome::Finished | Outcome::LimitReached => None,
        }
    }
}

impl Stop {
    /// Whether a budget stopped the search (rather than the caller's cancel).
    pub fn is_budget(self) -> bool {
        !matches!(self, Stop::Cancelled)
    }
}

/// A search's answer and how the search ended.
///
/// When the outcome is complete ([`Outcome::is_complete`]) the value is the
/// whole answer; when the search was stopped it is what was found before
/// the stop (a count so far, the best solutions found so far).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[must_use = "a search stopped by its budget gives a partial answer: look at its outcome"]
pub struct Answer<T> {
    /// The answer, complete or partial as the outcome says.
    pub value: T,
    /// How the search ended.
    pub outcome: Outcome,
}

impl<T> Answer<T> {
    /// An answer and its outcome.
    pub fn new(value: T, outcome: Outcome) -> Answer<T> {
        Answer { value, outcome }
    }

    /// Whether the answer is complete.
    pub fn is_complete(&self) -> bool {
        self.outcome.is_complete()
    }

    /// The value when the answer is complete, else why the search stopped
    /// (for `?`).
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Solver};
    ///
    /// let problem = parse_dlx("a b\na b\na\nb\n")?;
    /// assert_eq!(Solver::new(&problem).count().complete()?, 2u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn complete(self) -> Result<T, Stop> {
        match self.outcome {
            Outcome::Stopped(stop) => Err(stop),
            Outcome::Finished | Outcome::LimitReached => Ok(self.value),
        }
    }

    /// The same outcome with the value changed.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Answer<U> {
        Answer {
            value: f(self.value),
            outcome: self.outcome,
        }
    }
}

/// What a search may spend before it stops by itself, and the caller's way
/// to cancel it: nodes, time, memory and a cancel flag, each unlimited
/// unless set.
///
/// One budget serves every search of the workspace ([`Solver`](crate::Solver),
/// [`MinCover`](crate::MinCover), [`MemoCounter`](crate::MemoCounter), the
/// memoised count's probe, and `dlx-parallel`'s searches), and clones of a
/// budget share it: its nodes are one pool that every search given a clone
/// draws from, so a budget of a million nodes handed to a hundred searches
/// on eight threads stops them all after about a million nodes in all. The
/// deadline is a point in time, so searches run one after the other share
/// it too. The search reads the cancel flag and never writes it.
///
/// A search draws its nodes from the pool a slice at a time, and reads the
/// clock and the cancel flags between slices, whose size it keeps to a few
/// milliseconds of work, so a stop lands within milliseconds of its limit
/// and the search loop itself checks nothing but its slice. Nodes are Knuth's nodes ([`Stats::nodes`](crate::Stats::nodes)),
/// so a node budget stops a search at the same place on every machine
/// (give or take the solutions of the last node, which count as nodes).
///
/// ```
/// use dlx_core::{parse_dlx, Budget, Outcome, Solver, Stop};
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::sync::Arc;
/// use std::time::Duration;
///
/// let problem = parse_dlx("a b\na b\na\nb\n")?;
/// let cancel = Arc::new(AtomicBool::new(false));
/// let budget = Budget::new()
///     .with_nodes(1_000_000)
///     .with_time(Duration::from_secs(60))
///     .with_cancel(Arc::clone(&cancel));
/// let mut solver = Solver::new(&problem);
/// solver.set_budget(budget.clone());
/// assert_eq!(solver.count().outcome, Outcome::Finished);
/// // The search drew its nodes from the shared pool.
/// assert_eq!(budget.nodes_left(), Some(1_000_000 - solver.stats().nodes));
///
/// cancel.store(true, Ordering::Relaxed);
/// let mut again = Solver::new(&problem);
/// again.set_budget(budget);
/// assert_eq!(again.count().outcome, Outcome::Stopped(Stop::Cancelled));
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// The nodes left, shared by the clones.
    nodes: Option<Arc<AtomicU64>>,
    deadline: Option<Instant>,
    memory: Option<usize>,
    /// The cancel flags: the caller's, and those of the searches that run
    /// this one as a part of theirs (a parallel search's own stop).
    cancel: Vec<Arc<AtomicBool>>,
}

impl Budget {
    /// No limit and no cancel flag.
    pub fn new() -> Budget {
        Budget::default()
    }

    /// At most `nodes` nodes, for this budget and all its clones together
    /// (a new pool, not shared with the clones made before).
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Budget {
        self.nodes = Some(Arc::new(AtomicU64::new(nodes)));
        self
    }

    /// Until `time` from now (a time too far to represent is no limit).
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Budget {
        self.deadline = Instant::now().checked_add(time);
        self
    }

    /// Until `deadline`.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// At most `bytes` of memory held by a search beyond its problem's
    /// layout: what grows as a search goes (the solutions a parallel
    /// listing holds back to keep them in order, a memoised count's cache,
    /// whose budget this caps).
    #[must_use]
    pub fn with_memory(mut self, bytes: usize) -> Budget {
        self.memory = Some(bytes);
        self
    }

    /// A cancel flag: the search stops within a few milliseconds of its
    /// raising, and never raises or lowers it itself. A budget may have
    /// several (each call adds one; any raised stops the search): a search
    /// run as part of another (a thread of a parallel search) reads its
    /// caller's flag and its driver's.
    #[must_use]
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel.push(flag);
        self
    }

    /// The nodes left in the pool (`None`: no node budget).
    pub fn nodes_left(&self) -> Option<u64> {
        self.nodes.as_ref().map(|left| left.load(Ordering::Relaxed))
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The memory budget, if any.
    pub fn memory(&self) -> Option<usize> {
        self.memory
    }

    /// Whether a cancel flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.iter().any(|flag| flag.load(Ordering::Relaxed))
    }

    /// Whether the budget has no limit and no cancel flag.
    pub fn is_unlimited(&self) -> bool {
        !self.is_metered() && self.memory.is_none()
    }

    /// Whether the budget allows more work now: `Err` with the reason when
    /// the flag is raised, the deadline has passed or the nodes are spent.
    pub fn check(&self) -> Result<(), Stop> {
        self.check_clock()?;
        if self.nodes_left() == Some(0) {
            return Err(Stop::Nodes);
        }
        Ok(())
    }

    /// Spends `nodes` nodes that a search built on this crate's hooks
    /// entered itself (a split of a search into pieces, made through
    /// [`crate::subtree`], divides nodes outside any loop here): `Err`,
    /// with none of them spent, when the pool does not hold them all, the
    /// deadline has passed or a flag is raised.
    ///
    /// ```
    /// use dlx_core::{Budget, Stop};
    ///
    /// let budget = Budget::new().with_nodes(10);
    /// assert_eq!(budget.spend(4), Ok(()));
    /// assert_eq!(budget.spend(7), Err(Stop::Nodes));
    /// assert_eq!(budget.nodes_left(), Some(6));
    /// ```
    pub fn spend(&self, nodes: u64) -> Result<(), Stop> {
        self.check_clock()?;
        let taken = self.take_nodes(nodes);
        if taken < nodes {
            self.settle_nodes(taken, 0);
            return Err(Stop::Nodes);
        }
        Ok(())
    }

    /// The cancel flag and the deadline.
    pub(crate) fn check_clock(&self) -> Result<(), Stop> {
        if self.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Stop::Time);
        }
        Ok(())
    }

    /// Whether a search must work in slices, looking at the budget between
    /// them (a node budget, a deadline or a cancel flag); otherwise it runs
    /// in one go.
    pub(crate) fn is_metered(&self) -> bool {
        self.nodes.is_some() || self.deadline.is_some() || !self.cancel.is_empty()
    }

    /// Takes up to `want` nodes from the pool: all of them without a node
    /// budget, 0 when the pool is empty.
    pub(crate) fn take_nodes(&self, want: u64) -> u64 {
        let Some(pool) = &self.nodes else {
            return want;
        };
        let mut left = pool.load(Ordering::Relaxed);
        loop {
            let take = want.min(left);
            if take == 0 {
                return 0;
            }
            match pool.compare_exchange_weak(
                left,
                left - take,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return take,
                Err(now) => left = now,
            }
        }
    }

    /// Settles a draw of `granted` nodes of which `used` were spent: the
    /// unused ones go back to the pool, and a search that went past its draw
    /// (the solutions of its last node count as nodes) pays what it can.
    pub(crate) fn settle_nodes(&self, granted: u64, used: u64) {
        let Some(pool) = &self.nodes else {
            return;
        };
        if used < granted {
            pool.fetch_add(granted - used, Ordering::Relaxed);
        } else if used > granted {
            let over = used - granted;
            let _ = pool.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                Some(left.saturating_sub(over))
            });
        }
    }
}

/// How a search spends a metered budget: the size of its next slice of
/// nodes, kept to a few milliseconds of work so that the clock and the
/// cancel flags are read often enough, whatever a node costs.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Pace {
    slice: u64,
}

impl Pace {
    /// The first slice: small, since nothing is known of a node's cost (a
    /// node of a large problem may take a millisecond); it doubles after
    /// each short slice, so a cheap search reaches the largest soon.
    const FIRST: u64 = 1 << 4;
    /// The largest slice.
    const MOST: u64 = 1 << 16;
    /// A slice shorter than this grows.
    const SHORT: Duration = Duration::from_millis(1);
    /// A slice longer than this shrinks.
    const LONG: Duration = Duration::from_millis(8);

    pub(crate) fn new() -> Pace {
        Pace { slice: Self::FIRST }
    }

    /// The nodes of the next slice.
    pub(crate) fn slice(self) -> u64 {
        self.slice
    }

    /// Learns from a slice of `used` nodes that took `took`.
    pub(crate) fn learn(&mut self, used: u64, took: Duration) {
        if took < Self::SHORT && used >= self.slice {
            self.slice = (self.slice * 2).min(Self::MOST);
        } else if took > Self::LONG {
            self.slice = (self.slice / 2).max(1);
        }
    }
}

impl Default for Pace {
    fn default() -> Pace {
        Pace::new()
    }
}

/// A search's running draw on a budget, for loops that enter their nodes
/// one at a time and ask at each: the nodes drawn and not yet entered, and
/// the pace of the draws.
#[derive(Clone, Debug, Default)]
pub(crate) struct Meter {
    pace: Pace,
    /// Nodes drawn from the pool and not yet entered.
    left: u64,
    /// When the current draw was made, and its size.
    drawn: Option<(Instant, u64)>,
}

impl Meter {
    /// Accounts for one node about to be entered: `Err` when the budget
    /// stops the search here.
    #[inline]
    pub(crate) fn node(&mut self, budget: &Budget) -> Result<(), Stop> {
        if !budget.is_metered() {
            return Ok(());
        }
        if self.left == 0 {
            self.draw(budget)?;
        }
        self.left -= 1;
        Ok(())
    }

    /// Draws the next slice of nodes, reading the clock and the flags first.
    #[cold]
    fn draw(&mut self, budget: &Budget) -> Result<(), Stop> {
        if let Some((at, size)) = self.drawn.take() {
            self.pace.learn(size, at.elapsed());
        }
        budget.check_clock()?;
        let granted = budget.take_nodes(self.pace.slice());
        if granted == 0 {
            return Err(Stop::Nodes);
        }
        self.left = granted;
        self.drawn = Some((Instant::now(), granted));
        Ok(())
    }

    /// Gives the nodes drawn and not entered back to the pool (when a search
    /// returns, so that the searches sharing the pool can have them).
    pub(crate) fn settle(&mut self, budget: &Budget) {
        budget.settle_nodes(self.left, 0);
        self.left = 0;
        self.drawn = None;
    }
}
