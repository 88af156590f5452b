//! A second driver of Algorithm X (and C), for watching a search rather than running it fast: Knuth's trace, profile, item totals and random seed.
//!
//! Knuth's DLX1 shows its choices (`v2`, `v4` with `c`, `C`, `l`), the
//! profile of the tree (`v128`) and the totals of each item (`v512`), and
//! breaks ties at random with a seed (`s`). Each of these costs a test at
//! every node; kept out of the loop of `algorithm_x.rs`, they cost the
//! ordinary search nothing. This driver walks the same tree with the same
//! steps (cover, commit, uncommit, uncover on the same links) and counts
//! `nodes`, `updates`, `solutions` and `max_level` as the loop does, so an
//! unseeded exploration agrees with [`Solver::run`] figure for figure; it
//! is slower, as each event goes to the caller.
//!
//! With a seed, step C3 takes one of the items with the fewest options at
//! random, and step C5 tries the item's options in a random order: the same
//! exact covers are found (an exact cover is found whichever item is
//! branched on first), so the set of solutions and their count are those
//! of the ordinary search; the tree, and so `nodes` and `updates`, may not be.

use std::ops::ControlFlow;

use super::{Next, Solver};
use crate::budget::{Answer, Meter, Outcome};
use crate::index::{to_usize, ItemId, OptionId};
use crate::random::WyRand;

/// What [`Solver::explore`] shows of the search as it goes, in the order of its steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event<'a> {
    /// Step C3: at `level`, `item` is chosen to branch on, with `options` options left.
    Choose {
        /// The level, from 0.
        level: usize,
        /// The item chosen.
        item: ItemId,
        /// How many options it has left (0: the search backs up at once).
        options: u32,
    },
    /// Step C5: at `level`, the option `option` is tried, the `k`-th (from
    /// 1) of the `of` options of the level's item.
    Try {
        /// The level, from 0.
        level: usize,
        /// The option tried.
        option: OptionId,
        /// Which of the level's options it is, from 1.
        k: u32,
        /// How many options the level has.
        of: u32,
    },
    /// Step C8: every option of `level`'s item is tried; the search backs up.
    Backtrack {
        /// The level left.
        level: usize,
        /// The item uncovered.
        item: ItemId,
    },
    /// Every primary item is covered: a solution, at `level` (its number of options).
    Solution {
        /// The level of the solution's node: the number of options chosen.
        level: usize,
        /// The solution's options, in the order chosen.
        options: &'a [OptionId],
    },
}

/// What an exploration measured beside [`Stats`](super::Stats): Knuth's
/// profile of the tree and the totals of each item.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// `levels[l]`: the nodes entered at level `l` (Knuth's profile, `v128`),
    /// a solution's node counted on the level below its last choice; they
    /// add up to the exploration's `nodes`.
    pub levels: Vec<u64>,
    /// `chosen[i]`: how many times item `i` (by [`ItemId`] index) was the
    /// item branched on (step C3).
    pub chosen: Vec<u64>,
    /// `tried[i]`: how many of item `i`'s options were tried while it was
    /// the item branched on (step C5; Knuth's item totals, `v512`).
    pub tried: Vec<u64>,
}

/// Why [`Solver::explore`] cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExploreError {
    /// Problems with multiplicities are searched by Algorithm M, which this driver does not run.
    #[error("a search with multiplicities cannot be traced, profiled or seeded")]
    Multiplicities,
    /// The solver has started searching, or searches a subtree, or has choices fixed.
    #[error("an exploration starts from a fresh solver (no search begun, no choice fixed)")]
    NotFresh,
}

impl Solver {
    /// Explores the whole search tree (to the solution limit, the budget,
    /// or `visit`'s `Break`), telling `visit` of each step: the item
    /// chosen at each level, each option tried, each backtrack and each
    /// solution. With `seed`, ties in the item choice and the order of
    /// options are broken at random (the same solutions, as a set, and the
    /// same count; a different tree).
    ///
    /// Returns the profile of the tree and the totals of each item, with
    /// how the search ended ([`Outcome::LimitReached`] for the limit or a
    /// `Break`); the solver's [`stats`](Solver::stats) are counted as
    /// [`Solver::run`] counts them. Afterwards every link is back and the
    /// solver is done (call [`Solver::reset`] to search again).
    ///
    /// ```
    /// use dlx_core::explore::Event;
    /// use dlx_core::{parse_dlx, Solver};
    /// use std::ops::ControlFlow;
    ///
    /// let problem = parse_dlx("a b\na b\na\nb\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let mut solutions = 0;
    /// let answer = solver.explore(None, |event| {
    ///     if let Event::Solution { .. } = event {
    ///         solutions += 1;
    ///     }
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(solutions, 2);
    /// // The profile adds up to Knuth's nodes: the root, `b` below `a`, two solutions.
    /// assert_eq!(answer.value.levels, [1, 2, 1]);
    /// assert_eq!(answer.value.levels.iter().sum::<u64>(), solver.stats().nodes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explore(
        &mut self,
        seed: Option<u64>,
        visit: impl FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Result<Answer<Profile>, ExploreError> {
        if self.links.algorithm_m() {
            return Err(ExploreError::Multiplicities);
        }
        let stack = &self.stack;
        if stack.fixed != 0
            || stack.base != 0
            || stack.level != 0
            || stack.range.is_some()
            || stack.next != Next::Forward
        {
            return Err(ExploreError::NotFresh);
        }
        let answer = if self.colors {
            self.explore_with::<true>(seed, visit)
        } else {
            self.explore_with::<false>(seed, visit)
        };
        self.stack.next = Next::Done;
        Ok(answer)
    }

    /// [`Solver::explore`] with the color tests or without (`COLORS`).
    fn explore_with<const COLORS: bool>(
        &mut self,
        seed: Option<u64>,
        mut visit: impl FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Answer<Profile> {
        let n_items = self.links.n_items();
        // Every array is allocated here, once: nothing allocates in the loop.
        let depth = self.stack.choice.len();
        let mut profile = Profile {
            levels: vec![0; depth],
            chosen: vec![0; to_usize(n_items)],
            tried: vec![0; to_usize(n_items)],
        };
        let mut random = seed.map(WyRand::new);
        let budget = self.settings.budget.clone();
        let limit = self.settings.limit.unwrap_or(u64::MAX);
        let mut meter = Meter::default();
        // Per level: the item covered, its options (in the order tried) as
        // a range of `options`, and the position of the one tried. The
        // options of the items on one path are disjoint (choosing an item
        // hides every other option that holds it), so `options` never
        // holds more than the problem's options.
        let mut items = vec![0u32; depth];
        let mut starts = vec![0usize; depth + 1];
        let mut tried = vec![0usize; depth];
        let mut options: Vec<u32> = Vec::with_capacity(self.n_options);
        let mut solution: Vec<OptionId> = Vec::with_capacity(depth);
        let mut level = 0usize;
        // Whether level `level` has covered its item (it is in its C5 loop).
        let mut covered = false;
        let outcome = 'search: loop {
            // C2: [Enter level l.]
            if self.links.first_active() == 0 {
                // Every primary item covered: a solution, a node of its own.
                self.stats.solutions += 1;
                self.stats.nodes += 1;
                self.stats.max_level = self.stats.max_level.max(level);
                profile.levels[level] += 1;
                solution.clear();
                solution.extend(
                    (0..level).map(|l| self.links.option_of(options[starts[l] + tried[l]])),
                );
                let event = Event::Solution {
                    level,
                    options: &solution,
                };
                if visit(event).is_break() || self.stats.solutions >= limit {
                    break 'search Outcome::LimitReached;
                }
                if level == 0 {
                    // No primary item at all: the empty choice is the one solution.
                    break 'search Outcome::Finished;
                }
                // C6 for the level above.
                level -= 1;
                self.links
                    .uncommit_option::<COLORS>(options[starts[level] + tried[level]]);
                tried[level] += 1;
                covered = true;
            } else {
                if let Err(stop) = meter.node(&budget) {
                    break 'search Outcome::Stopped(stop);
                }
                self.stats.nodes += 1;
                self.stats.max_level = self.stats.max_level.max(level);
                profile.levels[level] += 1;
                // C3: [Choose i.]
                let item = match &mut random {
                    None => self.links.choose_item(),
                    Some(random) => self.random_item(random),
                };
                let d = self.links.len(item);
                let id = self.links.item_of_header(item);
                profile.chosen[id.index()] += 1;
                let event = Event::Choose {
                    level,
                    item: id,
                    options: d,
                };
                if visit(event).is_break() {
                    break 'search Outcome::LimitReached;
                }
                // C4: [Cover i.] Its list stays as it is while the level lasts.
                self.links.cover::<COLORS>(item, &mut self.stats.updates);
                covered = true;
                items[level] = item;
                options.truncate(starts[level]);
                let mut x = self.links.down(item);
                while x != item {
                    options.push(x);
                    x = self.links.down(x);
                }
                if let Some(random) = &mut random {
                    // Fisher and Yates: each order of the options equally likely.
                    let mine = &mut options[starts[level]..];
                    for k in (1..mine.len()).rev() {
                        let j = random.below(u32::try_from(k + 1).unwrap_or(u32::MAX));
                        mine.swap(k, to_usize(j));
                    }
                }
                starts[level + 1] = options.len();
                tried[level] = 0;
            }
            loop {
                debug_assert!(covered);
                // C5: [Try x_l.]
                let (start, end) = (starts[level], starts[level + 1]);
                if start + tried[level] < end {
                    let x = options[start + tried[level]];
                    profile.tried[self.links.item_of_header(items[level]).index()] += 1;
                    let event = Event::Try {
                        level,
                        option: self.links.option_of(x),
                        k: u32::try_from(tried[level] + 1).unwrap_or(u32::MAX),
                        of: u32::try_from(end - start).unwrap_or(u32::MAX),
                    };
                    if visit(event).is_break() {
                        break 'search Outcome::LimitReached;
                    }
                    self.links
                        .commit_option::<COLORS>(x, &mut self.stats.updates);
                    level += 1;
                    covered = false;
                    continue 'search;
                }
                // C7: [Backtrack.] C8: [Leave level l.]
                self.links.uncover::<COLORS>(items[level]);
                covered = false;
                let event = Event::Backtrack {
                    level,
                    item: self.links.item_of_header(items[level]),
                };
                let stop = visit(event).is_break();
                if level == 0 {
                    break 'search if stop {
                        Outcome::LimitReached
                    } else {
                        Outcome::Finished
                    };
                }
                // C6 for the level above.
                level -= 1;
                self.links
                    .uncommit_option::<COLORS>(options[starts[level] + tried[level]]);
                tried[level] += 1;
                covered = true;
                if stop {
                    break 'search Outcome::LimitReached;
                }
            }
        };
        meter.settle(&budget);
        // The levels below the deepest reached were never entered.
        profile.levels.truncate(
            profile
                .levels
                .iter()
                .rposition(|&n| n > 0)
                .map_or(0, |l| l + 1),
        );
        // A search that ended early leaves its levels applied: undo them,
        // in the reverse order, so that every link is back.
        if covered {
            self.links.uncover::<COLORS>(items[level]);
        }
        if outcome != Outcome::Finished {
            for l in (0..level).rev() {
                self.links
                    .uncommit_option::<COLORS>(options[starts[l] + tried[l]]);
                self.links.uncover::<COLORS>(items[l]);
            }
        }
        Answer::new(profile, outcome)
    }

    /// Step C3 with a seed: one of the active primary items with the fewest
    /// options, each as likely (a reservoir of one over the ties).
    fn random_item(&self, random: &mut WyRand) -> u32 {
        let (mut best, mut least, mut ties) = (0u32, u32::MAX, 0u32);
        let mut i = self.links.first_active();
        while i != 0 {
            let len = self.links.len(i);
            if len < least {
                (best, least, ties) = (i, len, 1);
            } else if len == least {
                ties += 1;
                if random.below(ties) == 0 {
                    best = i;
                }
            }
            i = self.links.next_active(i);
        }
        best
    }
}
