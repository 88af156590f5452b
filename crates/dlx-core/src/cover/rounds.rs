//! A round of [`MinCover`]'s deepening cut into branches, for a driver that searches them elsewhere.
//!
//! The round's top levels are expanded breadth first, in place, until there
//! are enough open branches: the list stays in the order the sequential
//! search visits them (the lexicographic order of their paths of option
//! positions). A driver searches the branches, on threads for instance, and
//! reports the first branch in that order that holds a cover: since the
//! sequential search stops at the first cover it meets, that branch's first
//! cover is the sequential answer. The expansion knows, for each branch,
//! the statistics the sequential search has when it gets there, so the
//! statistics come out the same too.
//!
//! **Invariant:** a branch's path is valid from the round's root (each
//! position is within the options of the item the search chooses on its
//! level), and nothing is applied on the root between rounds; a worker is
//! a copy of the root, which every branch search leaves as it found it.

use std::collections::VecDeque;
use std::sync::atomic::Ordering;

use super::MinCover;
use crate::budget::{Answer, Outcome, Stop};
use crate::index::{to_u32, to_usize, OptionId};
use crate::search::Stats;

/// Searches the branches of one round of [`MinCover`]'s deepening, wherever
/// it likes: `dlx-parallel` does it on threads.
///
/// Given to [`MinCover::set_round_search`]. For each round of the deepening
/// the search expands the top of the tree into at least
/// [`branches_wanted`](RoundSearch::branches_wanted) branches (fewer when the
/// tree is smaller), in the order the sequential search visits them, and
/// hands them to [`search_round`](RoundSearch::search_round).
///
/// ```
/// use dlx_core::subtree::{Round, RoundEnd, RoundSearch};
/// use dlx_core::{parse_dlx, MinCover, Outcome, Stats};
/// use std::sync::Arc;
///
/// /// The branches one after the other, on one worker.
/// #[derive(Debug)]
/// struct InTurn;
///
/// impl RoundSearch for InTurn {
///     fn branches_wanted(&self) -> usize {
///         4
///     }
///     fn search_round(&self, round: &Round<'_>) -> RoundEnd {
///         let mut worker = round.worker();
///         let mut stats = Stats::default();
///         for branch in 0..round.len() {
///             let (answer, branch_stats) = round.search_branch(&mut worker, branch, &mut |_| false);
///             stats += branch_stats;
///             match (answer.value, answer.outcome) {
///                 (Some(cover), _) => return RoundEnd::Found { branch, cover, stats },
///                 (None, Outcome::Stopped(stop)) => return RoundEnd::Stopped { stop, stats },
///                 (None, _) => {}
///             }
///         }
///         RoundEnd::NoCover { stats }
///     }
/// }
///
/// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
/// let mut plain = MinCover::new(&problem);
/// let mut in_turn = MinCover::new(&problem);
/// in_turn.set_round_search(Some(Arc::new(InTurn)));
/// assert_eq!(in_turn.solve(), plain.solve());
/// assert_eq!(in_turn.stats(), plain.stats());
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
pub trait RoundSearch: Send + Sync + std::fmt::Debug {
    /// How many branches a round is to be cut into, at least (when the tree
    /// has them): a few dozen per thread balances the load.
    fn branches_wanted(&self) -> usize;

    /// Searches the round's branches and says which is the first, in their
    /// order, to hold a cover.
    ///
    /// The answer is the sequential one when [`RoundEnd::Found`] names the
    /// first branch with a cover and every branch before it was searched to
    /// its end; the statistics are the sequential ones when the `stats` of
    /// [`RoundEnd`] add up those of exactly the branches up to it
    /// ([`RoundEnd::NoCover`]: all of them). Branches after a cover need not
    /// be searched: `search_branch`'s `give_up` may end them.
    fn search_round(&self, round: &Round<'_>) -> RoundEnd;
}

/// How a round of deepening searched by a [`RoundSearch`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundEnd {
    /// Branch `branch` is the first with a cover within the round's bound,
    /// `cover` (as [`Round::search_branch`] gave it); `stats` adds up the
    /// searches of the branches `..=branch`.
    Found {
        /// The branch's index in the round.
        branch: usize,
        /// The cover that branch's search found.
        cover: Vec<OptionId>,
        /// The statistics of the branches up to it.
        stats: Stats,
    },
    /// No branch holds a cover within the bound; `stats` adds up every branch's search.
    NoCover {
        /// The statistics of all the branches.
        stats: Stats,
    },
    /// A branch search stopped (the budget, or its `give_up`) before the
    /// round was decided; `stats` adds up the work done.
    Stopped {
        /// Why the branch search stopped.
        stop: Stop,
        /// The statistics of the work done.
        stats: Stats,
    },
}

/// One round of the deepening, cut into branches: a cover of at most
/// [`bound`](Round::bound) options is looked for below each.
#[derive(Debug)]
pub struct Round<'a> {
    root: &'a MinCover,
    branches: Vec<Branch>,
    bound: u32,
}

/// A branch of a round: the positions of the options chosen from the root,
/// and the statistics of the sequential search when it gets there.
#[derive(Clone, Debug)]
pub(super) struct Branch {
    path: Vec<u32>,
    pub(super) before: Stats,
}

/// A node met while expanding a round's top levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Not expanded: a branch.
    Open,
    /// Expanded: a node of the search, its children in the list.
    Inner,
    /// Cut off by the lower bound: no node, nothing below.
    Pruned,
}

impl<'a> Round<'a> {
    /// The number of branches.
    pub fn len(&self) -> usize {
        self.branches.len()
    }

    /// Whether the round has no branch at all (its root is cut off by the lower bound).
    pub fn is_empty(&self) -> bool {
        self.branches.is_empty()
    }

    /// The most options a cover may have in this round.
    pub fn bound(&self) -> u32 {
        self.bound
    }

    /// A search to run branches on, one per thread: a copy of the round's
    /// root with no statistics and no round search, and the same budget
    /// (whose nodes the workers draw from one pool) and node counter.
    pub fn worker(&self) -> MinCover {
        let mut worker = self.root.clone();
        worker.stats = Stats::default();
        worker.rounds = None;
        worker
    }

    /// Searches branch `branch` on `worker` (from [`Round::worker`]): the
    /// first cover below it with at most [`bound`](Round::bound) options
    /// (all of them, from the round's root), in the sequential order, and the
    /// statistics of that search. `give_up` is asked at every node, with the
    /// statistics of this branch so far, and ends the search with
    /// [`Stop::Cancelled`] when it says so; the worker's budget ends it as
    /// it ends any search.
    ///
    /// `worker` is left as it was given. Given a branch index out of range,
    /// or a worker that is no copy of this round's root, the answer is
    /// meaningless but nothing panics.
    pub fn search_branch(
        &self,
        worker: &mut MinCover,
        branch: usize,
        give_up: &mut dyn FnMut(&Stats) -> bool,
    ) -> (Answer<Option<Vec<OptionId>>>, Stats) {
        let Some(branch) = self.branches.get(branch) else {
            return (Answer::new(None, Outcome::Finished), Stats::default());
        };
        let kept = std::mem::take(&mut worker.stats);
        let answer = match worker.replay(&branch.path) {
            None => Answer::new(None, Outcome::Finished),
            Some(()) => {
                // Applying the path is the expansion's work, counted there.
                worker.stats.updates = 0;
                let base = branch.path.len();
                match worker.search_from(base, self.bound, give_up) {
                    Ok(true) => {
                        let cover = worker.current_cover();
                        worker.unwind(worker.found_depth);
                        Answer::new(Some(cover), Outcome::Finished)
                    }
                    Ok(false) => {
                        worker.unwind(base);
                        Answer::new(None, Outcome::Finished)
                    }
                    Err(stop) => Answer::new(None, Outcome::Stopped(stop)),
                }
            }
        };
        worker.meter.settle(&worker.budget);
        let stats = std::mem::replace(&mut worker.stats, kept);
        worker.stats += stats;
        (answer, stats)
    }
}

impl MinCover {
    /// The deepening with each round searched by `rounds`; the answer and
    /// the statistics are those of the search on its own.
    pub(super) fn deepen_by(
        &mut self,
        max: u32,
        rounds: &dyn RoundSearch,
    ) -> Answer<Option<Vec<OptionId>>> {
        let mut bound = self.lower_bound();
        let first = bound;
        while bound <= max {
            self.enter_round(first, bound);
            let (branches, after, stopped) = self.expand(bound, rounds.branches_wanted().max(1));
            // The workers draw on the same budget: what this search drew goes back.
            self.meter.settle(&self.budget);
            if let Some(stop) = stopped {
                // The expansion itself stops with the budget.
                self.stats = after;
                return Answer::new(None, Outcome::Stopped(stop));
            }
            let round = Round {
                root: self,
                branches,
                bound,
            };
            let end = rounds.search_round(&round);
            let before = |branch: usize| round.branches.get(branch).map_or(after, |b| b.before);
            match end {
                RoundEnd::Found {
                    branch,
                    cover,
                    stats,
                } => {
                    self.stats = before(branch);
                    self.stats += stats;
                    self.stats.solutions = 1;
                    return Answer::new(Some(cover), Outcome::Finished);
                }
                RoundEnd::NoCover { stats } => {
                    self.stats = after;
                    self.stats += stats;
                }
                RoundEnd::Stopped { stop, stats } => {
                    self.stats = after;
                    self.stats += stats;
                    return Answer::new(None, Outcome::Stopped(stop));
                }
            }
            match bound.checked_add(1) {
                Some(next) => bound = next,
                None => break,
            }
        }
        Answer::new(None, Outcome::Finished)
    }

    /// Expands the top levels of the round of `bound`, breadth first, until
    /// at least `wanted` branches are open (or none can be expanded): the
    /// branches in the sequential order, the statistics of the search once
    /// it has visited every node expanded, and the budget's stop if it
    /// stopped the expansion. `self` is left as it was, statistics included.
    fn expand(&mut self, bound: u32, wanted: usize) -> (Vec<Branch>, Stats, Option<Stop>) {
        struct Entry {
            path: Vec<u32>,
            /// The updates of applying the option that leads here.
            updates: u64,
            kind: Kind,
        }
        let mut entries = vec![Entry {
            path: Vec::new(),
            updates: 0,
            kind: Kind::Open,
        }];
        let mut queue = VecDeque::from([0]);
        let mut open = 1;
        // Each expansion opens at least one branch or closes one: a
        // generous cap keeps a round whose top is mostly pruned from
        // spending long here.
        let mut expansions_left = wanted.saturating_mul(16);
        let kept = self.stats;
        let mut stopped = None;
        while open < wanted && expansions_left > 0 && stopped.is_none() {
            let Some(index) = queue.pop_front() else {
                break;
            };
            expansions_left -= 1;
            let path = std::mem::take(&mut entries[index].path);
            let replayed = self.replay(&path);
            // Invariant: the paths of the expansion are valid from the root.
            debug_assert!(replayed.is_some(), "a path of the expansion is invalid");
            let level = path.len();
            if replayed.is_some() && self.n_uncovered > 0 {
                if to_u32(level).saturating_add(self.lower_bound()) > bound {
                    entries[index].kind = Kind::Pruned;
                    open -= 1;
                } else if let Err(stop) = self.meter.node(&self.budget) {
                    // The node is not entered: the branch stays open.
                    stopped = Some(stop);
                } else {
                    entries[index].kind = Kind::Inner;
                    open -= 1;
                    let item = self.choose_item();
                    let n_options =
                        self.item_starts[to_usize(item) + 1] - self.item_starts[to_usize(item)];
                    for position in 0..n_options {
                        let option = to_usize(self.option_at(item, position));
                        let mut child = path.clone();
                        child.push(position);
                        queue.push_back(entries.len());
                        entries.push(Entry {
                            path: child,
                            updates: u64::from(
                                self.option_starts[option + 1] - self.option_starts[option],
                            ),
                            kind: Kind::Open,
                        });
                        open += 1;
                    }
                }
            }
            // A cover reached is left open: its branch search finds it at once.
            if replayed.is_some() {
                self.unwind(level);
            }
            entries[index].path = path;
        }
        self.stats = kept;
        // The sequential search visits the nodes in the order of their paths
        // (a path before its extensions): it has made a node's updates, and
        // those of every node before it, when it gets there.
        entries.sort_unstable_by(|a, b| a.path.cmp(&b.path));
        let mut stats = kept;
        let mut branches = Vec::new();
        for entry in entries {
            stats.updates = stats.updates.saturating_add(entry.updates);
            match entry.kind {
                Kind::Open => branches.push(Branch {
                    path: entry.path,
                    before: stats,
                }),
                Kind::Inner => {
                    stats.nodes = stats.nodes.saturating_add(1);
                    stats.max_level = stats.max_level.max(entry.path.len());
                }
                Kind::Pruned => {}
            }
        }
        if let Some(counter) = &self.node_counter {
            counter.fetch_add(stats.nodes - kept.nodes, Ordering::Relaxed);
        }
        (branches, stats, stopped)
    }

    /// Applies the options of `path` from the root, level by level, the
    /// items chosen as the search chooses them, without counting updates;
    /// `None` (with nothing applied) when a position is out of range or the
    /// items are covered before the path ends.
    fn replay(&mut self, path: &[u32]) -> Option<()> {
        let updates = self.stats.updates;
        for (level, &position) in path.iter().enumerate() {
            let item = self.choose_item();
            let valid = item != u32::MAX
                && level < self.item_at.len()
                && position
                    < self.item_starts[to_usize(item) + 1] - self.item_starts[to_usize(item)];
            if !valid {
                self.unwind(level);
                self.stats.updates = updates;
                return None;
            }
            self.item_at[level] = item;
            self.choice[level] = position;
            self.apply(self.option_at(item, position));
        }
        self.stats.updates = updates;
        Some(())
    }
}
