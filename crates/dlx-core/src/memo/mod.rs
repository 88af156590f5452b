//! Memoised counting: the count of every finished subproblem cached under the state that determines it, and independent parts multiplied.
//!
//! [`MemoCounter`] counts the solutions of a [`Problem`] without visiting
//! them one by one. It searches like Algorithm X (or C, with colors), but
//! when it finishes a subproblem it stores the subproblem's count in a
//! [`MemoCache`], under a key that determines the count; meeting the same
//! subproblem again (by another path of choices) costs one lookup. When no
//! live option joins two groups of the items left, the count is the
//! product of the groups' counts, each counted (and cached) once. This is
//! Nishino, Yasuda, Minato and Nagata's DXZ ("Dancing with Decision
//! Diagrams", AAAI 2017), with the colors of Knuth's DLX6 and the
//! decomposition of Fang et al.'s DXD; it builds no diagram, only counts.
//! [`CountJob`] chooses between it and the plain count
//! ([`crate::Solver::count`]) by the rule of [`Decision`].
//!
//! # The key, and why it determines the count
//! A subproblem is a state of the search: the primary items still to cover,
//! and the options still *live* (none of their primary items covered, none
//! of their secondary items taken, and each secondary item they color free
//! or already of that color). Its count is the number of sets of live
//! options that cover each primary item left exactly once and agree on
//! their secondary items. The key is a bitset over the items, of
//! - the primary items still to cover, and
//! - the secondary items some live option names,
//!
//! followed, for each of those secondary items that an option colors, by
//! its color so far (0 while free). Two states with the same key have the
//! same live options: an option live in the first has all its primary
//! items left to cover, and each of its secondary items named by a live
//! option (itself), so in the key with the same color; in the second state
//! it therefore finds every item in the same condition, and is live too.
//! Same live options and same items to cover, same count. A secondary item
//! that no live option names cannot change the count and is left out, as
//! in Knuth's DLX6; so the key is exact, and the cache compares whole keys
//! (a hash alone, as in one ZDD package's 32-bit key, gives wrong counts
//! when two keys collide).
//!
//! # Eviction keeps the count exact
//! An entry only ever holds the exact count of a finished subproblem; a
//! lookup that finds nothing, because the entry was never stored or was
//! evicted, counts the subproblem again. So the cache may drop any entry at
//! any time, and the memory the caller grants ([`MemoSettings::memory`])
//! bounds it without ever stopping the count: the tables grow by doubling
//! while they fit, and then a new entry replaces the entry of its bucket
//! (four ways) that stands for the fewest search nodes (a 16-bit
//! logarithm of the nodes a search without the cache would have entered
//! below it), so the entries that save the most stay.
//!
//! # Parts, and why their product is right
//! Two live items are joined when a live option names both; the *parts*
//! are the classes of that relation over the items left (primary items to
//! cover, secondary items some live option names), found breadth first
//! through the live options. Every live option lies inside one part, since
//! its items are all live and joined by it. A solution of the subproblem
//! therefore falls apart into one solution of each part, and conversely a
//! solution of each part, taken together, is a solution: the parts share
//! no item, so the options chosen in different parts cannot clash. The
//! count is the product of the parts' counts. Each part is counted as a
//! subproblem of its own, restricted to its items, and cached under the key
//! restricted to them, which determines its count by the argument above;
//! the product is cached under the whole key too. More than eight parts are
//! dealt into eight groups (a group's count is the product of its parts'
//! too), each split again when it is counted, so a split appends at most
//! eight bitsets. A product with a part of no solution is 0 at once.
//! Looking for parts costs a walk over the live options, so it stops while
//! walks that found a single part have cost more than 1/16 of the updates.
//!
//! # The branching rule
//! A count does not depend on the item the search branches on, so the rule
//! ([`Rule`]) is free to make subproblems repeat. The default,
//! [`Rule::Frontier`], takes an item with a single option at once, else
//! the fewest options among the items already *touched* (some of whose
//! options the choices so far have excluded: the border of the covered
//! region), ties to the first in a *sweep* of the items computed from the
//! options alone (breadth first from an item at the edge of the problem, as
//! Cuthill and McKee order a sparse matrix). On a board, the covered region
//! then grows from a corner along diagonals, its border stays as short as
//! the board's shorter side, and the states are few: the 12 x 12 board's
//! 5.3e16 domino tilings take 33 thousand nodes, whatever order the problem
//! lists its items in. Measured on boards, pentominoes, queens and Langford
//! pairs, it enters as few nodes as the best of Knuth's fewest-options rule
//! and the first-item rule everywhere;
//! the first-item rule depends on the problem's order (a shuffled 8 x 8
//! board needs 6.7 million nodes with it, 1446 with the sweep), and the
//! fewest-options rule lets the covered region grow in several places.
//! **Its limit:** where subproblems rarely repeat (queens, Langford pairs,
//! pentominoes on a wide board), no rule helps, and the plain count is
//! faster; the rule of [`Decision`] detects that.
//!
//! # Narrow problems: layer by layer
//! With the default rule, a problem whose sweep is narrow, whose options
//! name primary items only and color nothing, is counted layer by layer
//! along its sweep instead (the module `sweep.rs`, [`Layers`]): each
//! subproblem is a bitset of the sweep's window (two words) met once in its
//! layer, only two layers are held, and a layer is a merge of sorted runs,
//! on several threads when large. [`MemoCounter::sweeps`] says which count
//! runs; when the layers pass the memory granted, the counter goes on
//! depth first from the start ([`MemoCounter::leave_layers`]), with its cache.
//! A [`Diagram`] of such a problem keeps the layers (the module
//! `layered.rs`), to draw solutions backward from the end and to weigh the
//! options by a backward pass.
//!
//! # The search
//! One loop over an explicit stack of frames, allocated once: a *sum* (the
//! live options of the branching item, tried in turn) or a *product* (the
//! parts of a subproblem, counted in turn). Nothing recurses, so a deep
//! problem cannot overflow the call stack. Each item keeps its options in
//! an array whose live ones come first (Knuth's "dancing cells"): hiding an
//! option swaps it past the end of the live prefix, and undoing in the
//! reverse order only moves the end back. The state also keeps the key's
//! bitset up to date, so making a key is a pass over a few words.
//! Counts are exact however large ([`crate::Count`]): the loop carries them in a
//! `u128` word while they are below 2^127, which is nearly always, and as
//! the index of a big integer beyond (`count.rs`), so no count overflows.
//!
//! # Multiplicities
//! Problems that need Algorithm M are refused ([`MemoError::Multiplicities`]):
//! their subproblems would have to record how often each item with bounds
//! has been covered so far, and the branching step (which may also leave
//! an item as it is) differs. Items that may be covered at most once
//! (`0:1`) beside items covered exactly once, with such an item in every
//! option, are secondary items to the search (`Problem::needs_algorithm_m`)
//! and are counted.
//!
//! # Threads
//! [`MemoCache`] is `Sync`: 64 shards, each behind a mutex, chosen by the
//! high bits of a key's hash. Clones of a [`MemoCounter`] share its cache;
//! a counter that holds the only reference to its cache skips the locks.
//! `dlx-parallel` splits a count with [`MemoCounter::branch`] and
//! [`MemoCounter::choose`] and counts the pieces on rayon threads.

mod auto;
mod cache;
mod count;
mod diagram;
mod job;
mod layered;
mod layout;
mod limbs;
mod parts;
mod search;
mod state;
pub(crate) mod sweep;

use crate::time::Instant;
use std::sync::Arc;

pub use auto::{counts_by_determinant, CountMode, Decision, Method, Why};
/// The constants of the memoised count's rule ([`Decision`]), for the
/// workspace's tests (feature `test-support`): the rule is documented, its
/// tuning is not part of the API.
#[cfg(feature = "test-support")]
pub use auto::{MIN_LEVERAGE, PLAIN_FIRST_NODES, PROBE_NODES};
pub use cache::{CacheStats, MemoCache};
pub use diagram::{Diagram, Samples};
pub use job::{count_solutions, CountJob, Counted};
pub use layered::KEPT_MEMORY;
pub use sweep::SweepStats;
use sweep::{LayerEnd, Layers};

use crate::budget::{Budget, Pace, Stop};
use crate::count::Count;
use crate::index::{to_u32, OptionId};
use crate::problem::Problem;
use crate::search::{Branch, ChooseError};
use cache::{Exclusive, Shared};
use layout::Layout;
use search::{End, Search};
use sweep::Plan;

/// The cache budget a counter gets unless told otherwise: 2 GiB.
pub const DEFAULT_MEMORY: usize = 2 << 30;

/// The item a memoised count branches on at each subproblem.
///
/// The count does not depend on the rule, only the time and memory it takes
/// do: a rule that keeps the covered items together makes subproblems repeat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Rule {
    /// Knuth's rule: the primary item with the fewest live options, ties to the first in order.
    FewestOptions,
    /// The first primary item in the problem's order that is still to be
    /// covered, as a transfer-matrix count sweeps a board.
    FirstItem,
    /// The fewest live options among the primary items some of whose
    /// options the choices so far have excluded (the border of the covered
    /// region), ties to the first in a sweep of the items that the counter
    /// computes from the options alone (breadth first from an item at the
    /// edge of the problem); when no item is touched, the first in the sweep.
    /// A narrow problem is counted layer by layer along the sweep instead
    /// (see the module's documentation); the other rules never are.
    #[default]
    Frontier,
}

/// How a memoised count runs: the cache budget, the branching rule, and whether to look for parts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoSettings {
    /// The most bytes the cache's tables may hold (see [`MemoCache`]).
    pub memory: usize,
    /// The branching rule.
    pub rule: Rule,
    /// Whether to split subproblems into parts that no live option joins.
    pub parts: bool,
}

impl Default for MemoSettings {
    fn default() -> Self {
        MemoSettings {
            memory: DEFAULT_MEMORY,
            rule: Rule::default(),
            parts: true,
        }
    }
}

impl MemoSettings {
    /// The default settings.
    pub fn new() -> Self {
        Self::default()
    }

    /// With a cache budget of `bytes`.
    pub fn with_memory(mut self, bytes: usize) -> Self {
        self.memory = bytes;
        self
    }

    /// The settings with the cache's memory capped by `budget`'s memory
    /// ([`Budget::with_memory`]), as every count made under a budget has it.
    pub(crate) fn within(&self, budget: &Budget) -> MemoSettings {
        let mut settings = self.clone();
        if let Some(memory) = budget.memory() {
            settings.memory = settings.memory.min(memory);
        }
        settings
    }

    /// With branching rule `rule`.
    pub fn with_rule(mut self, rule: Rule) -> Self {
        self.rule = rule;
        self
    }

    /// Looking for parts or not.
    pub fn with_parts(mut self, parts: bool) -> Self {
        self.parts = parts;
        self
    }
}

/// Why a memoised count could not be made or finished.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MemoError {
    /// The problem needs Knuth's Algorithm M, which the memoised count does not run.
    #[error(
        "item `{item}` has bounds {bounds}: the memoised count handles only items covered exactly once, and beside them items covered at most once (0:1)"
    )]
    Multiplicities {
        /// The first item with such bounds.
        item: String,
        /// Its bounds, in DLX3 notation.
        bounds: String,
    },
    /// The budget or the caller's cancel stopped the count before it was
    /// finished (a memoised count has no partial value: the counts of the
    /// subproblems finished are not a count of anything).
    #[error("the count was stopped before it finished: {0}")]
    Stopped(Stop),
    /// A cache made for another problem was handed to a counter.
    #[error(
        "the cache holds keys of {cache_words} words, but this problem's keys have {problem_words}"
    )]
    CacheMismatch {
        /// The key size of the cache.
        cache_words: usize,
        /// The key size of the problem.
        problem_words: usize,
    },
}

/// Statistics of a memoised count.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// Subproblems entered: the whole problem, one per option tried, one
    /// per part; those the cache answered included.
    pub nodes: u64,
    /// Knuth's updates: one per entry of an option made not live.
    pub updates: u64,
    /// Subproblems the cache answered.
    pub hits: u64,
    /// Subproblems looked up in vain (then counted and stored).
    pub misses: u64,
    /// Subproblems split into parts.
    pub splits: u64,
    /// Parts they were split into.
    pub parts: u64,
    /// The deepest stack of open subproblems.
    pub max_level: usize,
}

impl std::ops::AddAssign for MemoStats {
    fn add_assign(&mut self, other: MemoStats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.hits += other.hits;
        self.misses += other.misses;
        self.splits += other.splits;
        self.parts += other.parts;
        self.max_level = self.max_level.max(other.max_level);
    }
}

/// Where a call to [`MemoCounter::run`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemoStep {
    /// The count is finished.
    Done(Count),
    /// The slice of the call ran out; calling `run` again goes on.
    Paused,
    /// The budget or the cancel flag stopped the count; calling `run` again
    /// goes on if the budget allows it then.
    Stopped(Stop),
}

/// A memoised count of the solutions of one problem.
///
/// Clones share the cache (and the problem's layout) and copy the search
/// state, so several counters may count parts of one problem on several
/// threads (see `dlx-parallel`).
///
/// ```
/// use dlx_core::{parse_dlx, MemoCounter, MemoSettings};
///
/// // The 2 x 4 strip has 5 domino tilings.
/// let mut text = String::from("a0 a1 a2 a3 b0 b1 b2 b3\n");
/// for c in 0..4 {
///     text += &format!("a{c} b{c}\n");
///     if c < 3 {
///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
///     }
/// }
/// let problem = parse_dlx(&text)?;
/// let mut counter = MemoCounter::new(&problem, &MemoSettings::new())?;
/// assert_eq!(counter.count()?, 5u64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MemoCounter {
    cache: Arc<MemoCache>,
    search: Search,
    budget: Budget,
    pace: Pace,
    /// The plan of the layered count, while it applies: the problem is
    /// narrow (see `sweep.rs`) and the rule is the default.
    plan: Option<Arc<Plan>>,
    /// The places of the sweep the choices fixed so far cover, a bit each,
    /// for the layered count (empty while none is fixed).
    covered: Vec<u64>,
    /// The layered count, once started.
    sweeper: Option<Box<Layers>>,
    /// The memory the layered count may hold.
    memory: usize,
}

impl MemoCache {
    /// An empty cache for the subproblems of `problem`, within `memory` bytes.
    pub fn new(problem: &Problem, memory: usize) -> Result<MemoCache, MemoError> {
        Ok(MemoCache::with_layout(&Layout::new(problem)?, memory))
    }
}

impl MemoCounter {
    /// A counter of `problem` with a cache of its own.
    pub fn new(problem: &Problem, settings: &MemoSettings) -> Result<MemoCounter, MemoError> {
        let layout = Arc::new(Layout::new(problem)?);
        let cache = Arc::new(MemoCache::with_layout(&layout, settings.memory));
        Ok(Self::with_layout(layout, settings, cache))
    }

    /// A counter of `problem` that uses (and fills) `cache`, which must have
    /// been made for the same problem; `settings.memory` is then unused.
    pub fn with_cache(
        problem: &Problem,
        settings: &MemoSettings,
        cache: Arc<MemoCache>,
    ) -> Result<MemoCounter, MemoError> {
        let layout = Arc::new(Layout::new(problem)?);
        if !cache.fits(&layout) {
            return Err(MemoError::CacheMismatch {
                cache_words: cache.key_words(),
                problem_words: layout.key_words,
            });
        }
        Ok(Self::with_layout(layout, settings, cache))
    }

    /// A counter of the problem laid out as `layout`, with `cache`.
    fn with_layout(layout: Arc<Layout>, settings: &MemoSettings, cache: Arc<MemoCache>) -> Self {
        MemoCounter {
            cache,
            plan: Self::plan_of(&layout, settings),
            search: Search::new(layout, settings.rule, settings.parts),
            budget: Budget::new(),
            pace: Pace::new(),
            sweeper: None,
            memory: settings.memory,
            covered: Vec::new(),
        }
    }

    /// The plan of the layered count of `layout`, if it applies with `settings`.
    pub(crate) fn plan_of(layout: &Layout, settings: &MemoSettings) -> Option<Arc<Plan>> {
        (settings.rule == Rule::Frontier)
            .then(|| Plan::new(layout))
            .flatten()
            .map(Arc::new)
    }

    /// Whether the count runs layer by layer along the sweep (a narrow
    /// problem with no secondary item named by an option and no color,
    /// counted with the default rule; the places of the options fixed by
    /// [`MemoCounter::choose`] start covered), rather than depth first with
    /// the cache: see the module's documentation.
    pub fn sweeps(&self) -> bool {
        self.plan.is_some()
    }

    /// The statistics of the layered count, when the count runs layer by
    /// layer (before it starts: the layers and the window only).
    pub fn sweep_stats(&self) -> Option<SweepStats> {
        match (&self.sweeper, &self.plan) {
            (Some(sweeper), _) => Some(sweeper.stats()),
            (None, Some(plan)) => Some(plan.stats()),
            (None, None) => None,
        }
    }

    /// The layered count (started, if it has not), for a driver that runs
    /// its layers on threads (see [`Layers`]); `None` when the count does
    /// not run layer by layer ([`MemoCounter::sweeps`]).
    pub fn layers(&mut self) -> Option<&mut Layers> {
        self.plan.as_ref()?;
        Some(self.sweeper())
    }

    /// The layered count, started if it has not been; only while it applies.
    fn sweeper(&mut self) -> &mut Layers {
        let (plan, memory, covered) = (&self.plan, self.memory, &self.covered);
        self.sweeper.get_or_insert_with(|| {
            let plan = plan.as_ref().expect("the layered count applies");
            Box::new(Layers::with_covered(
                Arc::clone(plan),
                memory,
                Arc::from(covered.as_slice()),
            ))
        })
    }

    /// Leaves the layered count (its layers passed the memory granted) for
    /// the depth-first count with its cache, which evicts, from the start.
    pub fn leave_layers(&mut self) {
        self.plan = None;
        self.sweeper = None;
    }

    /// A counter of the same problem from the start (no choice fixed), with
    /// the same settings, sharing this one's cache.
    pub fn fresh(&self) -> MemoCounter {
        MemoCounter {
            cache: Arc::clone(&self.cache),
            search: self.search.fresh(),
            budget: self.budget.clone(),
            pace: Pace::new(),
            plan: self.plan.clone(),
            sweeper: None,
            memory: self.memory,
            covered: Vec::new(),
        }
    }

    /// Counts the solutions (those below the choices fixed by
    /// [`MemoCounter::choose`]), from where the search stands to its end.
    ///
    /// A count the budget stops is [`MemoError::Stopped`].
    pub fn count(&mut self) -> Result<Count, MemoError> {
        loop {
            match self.run(u64::MAX) {
                MemoStep::Done(count) => return Ok(count),
                MemoStep::Stopped(stop) => return Err(MemoError::Stopped(stop)),
                MemoStep::Paused => {}
            }
        }
    }

    /// The budget of the count from now on (see [`Budget`]): nodes, time
    /// and the caller's cancel flags. Clones and [`MemoCounter::fresh`]
    /// counters share it.
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.budget = budget;
        self
    }

    /// The budget of the count.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Runs the count until it is finished, `slice` more nodes were
    /// entered, or the budget stops it.
    pub fn run(&mut self, slice: u64) -> MemoStep {
        if !self.budget.is_metered() {
            return self.step(slice);
        }
        let mut left = slice;
        loop {
            if let Err(stop) = self.budget.check_clock() {
                return MemoStep::Stopped(stop);
            }
            let granted = self.budget.take_nodes(left.min(self.pace.slice()));
            let (before, started) = (self.nodes(), Instant::now());
            // With the pool empty the loop still runs with no node to enter:
            // what is left may be handing counts back alone, which ends the count.
            let step = self.step(granted);
            let used = self.nodes() - before;
            self.budget.settle_nodes(granted, used);
            if granted == 0 && step == MemoStep::Paused {
                return MemoStep::Stopped(Stop::Nodes);
            }
            self.pace.learn(used, started.elapsed());
            left = left.saturating_sub(used);
            if step != MemoStep::Paused || left == 0 {
                return step;
            }
        }
    }

    /// The nodes entered so far.
    fn nodes(&self) -> u64 {
        match &self.sweeper {
            Some(sweeper) => sweeper.memo_stats().nodes,
            None => self.search.stats.nodes,
        }
    }

    /// Runs the loop for `slice` nodes at most.
    fn step(&mut self, slice: u64) -> MemoStep {
        if self.plan.is_some() {
            let sweeper = self.sweeper();
            return match sweeper.run(slice) {
                LayerEnd::Finished => MemoStep::Done(sweeper.count()),
                LayerEnd::OverMemory => {
                    self.leave_layers();
                    MemoStep::Paused
                }
                _ => MemoStep::Paused,
            };
        }
        let result = match Arc::get_mut(&mut self.cache) {
            Some(cache) => self.search.run(&mut Exclusive(cache), slice),
            None => self.search.run(&mut Shared(&self.cache), slice),
        };
        match result {
            End::Paused => MemoStep::Paused,
            End::Done(count) => MemoStep::Done(self.search.bigs.count(count)),
        }
    }

    /// The statistics of this counter so far (the cache's are [`MemoCounter::cache`]'s).
    pub fn stats(&self) -> MemoStats {
        if let Some(sweeper) = &self.sweeper {
            return sweeper.memo_stats();
        }
        let mut stats = self.search.stats;
        stats.updates = self.search.state.updates;
        stats
    }

    /// The nodes a search without a cache would have entered to get as far
    /// (the nodes entered, plus those each cache hit stood for; within 1%).
    pub fn virtual_nodes(&self) -> u64 {
        self.search.virt
    }

    /// [`MemoCounter::virtual_nodes`] per node entered: how many times
    /// fewer nodes the cache made the search enter so far (1 before any node).
    pub fn leverage(&self) -> f64 {
        let nodes = self.search.stats.nodes;
        if nodes == 0 {
            1.0
        } else {
            self.search.virt as f64 / nodes as f64
        }
    }

    /// The cache, shared by the clones of this counter.
    pub fn cache(&self) -> &MemoCache {
        &self.cache
    }

    /// The cache, to hand to [`MemoCounter::with_cache`].
    pub fn shared_cache(&self) -> Arc<MemoCache> {
        Arc::clone(&self.cache)
    }

    /// The item the count would branch on at its first subproblem and its
    /// live options, in order; `None` when no item is left to cover (the
    /// choices fixed so far are a solution) or when the search has started.
    ///
    /// With [`MemoCounter::choose`], this splits a count into disjoint
    /// subproblems, whose counts add up to the whole.
    pub fn branch(&self) -> Option<Branch> {
        let search = &self.search;
        let layout = search.layout();
        let all = vec![u64::MAX; layout.words];
        if search.started() || self.sweeper.is_some() || !search.state.has_work(layout, &all) {
            return None;
        }
        if search.state.dead > 0 {
            // An item no option can cover: the count is 0, and no option splits it.
            let item = (0..to_u32(layout.n_items()))
                .find(|&i| {
                    layout.is_primary[i as usize]
                        && search.state.live[i as usize / 64] & (1 << (i % 64)) != 0
                        && search.state.len[i as usize] == 0
                })
                .unwrap_or(0);
            return Some(Branch {
                item: Layout::item_id(item),
                options: Vec::new(),
            });
        }
        let item = search.state.choose_item(layout, &all, search.rule());
        Some(Branch {
            item: Layout::item_id(item),
            options: search
                .state
                .cells_of(layout, item)
                .iter()
                .map(|&node| OptionId::new(layout.node_option[node as usize] as usize))
                .collect(),
        })
    }

    /// Fixes `option` as part of every solution counted, before the count starts.
    pub fn choose(&mut self, option: OptionId) -> Result<(), ChooseError> {
        let layout = self.search.layout();
        if self.search.started() || self.sweeper.is_some() {
            return Err(ChooseError::SearchStarted);
        }
        if option.index() >= layout.n_options() {
            return Err(ChooseError::UnknownOption {
                option: option.index(),
                n_options: layout.n_options(),
            });
        }
        let Some(node) = self.search.state.live_node(layout, to_u32(option.index())) else {
            return Err(ChooseError::Conflict {
                option: option.index(),
            });
        };
        self.search.commit_prefix(node);
        if self.plan.is_some() {
            // The layered count starts with the option's places covered
            // (its items are all primary, or there would be no plan).
            let layout = self.search.layout();
            let (start, end) = layout.node_range(to_u32(option.index()));
            let words = layout.n_primary.div_ceil(64);
            self.covered.resize(words, 0);
            for &item in &layout.opt_items[start as usize..end as usize] {
                let place = layout.rank[item as usize] as usize;
                self.covered[place / 64] |= 1 << (place % 64);
            }
        }
        Ok(())
    }
}
