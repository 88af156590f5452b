//! The API boundary a parallel search needs: subtrees to give away and to
//! search, the branch the search would take, and choices fixed before it starts.
//!
//! `dlx-parallel` divides a search through these alone. A [`Subtree`] names
//! part of the search tree by the alternatives taken on the way down to it;
//! a running solver gives the second half of the untried alternatives of
//! its shallowest open level away ([`Solver::donate`]), and another solver
//! replays the way down and searches them ([`Solver::enter`]). Nothing of
//! the links is reachable through them.
//!
//! The types, the trait and its hooks are here, with the level a subtree names reached by its way down (`Reached`); the search's levels read as nodes of the tree are in `levels.rs`, below this module, and the divider's walk through a level is in `divide.rs`, above it.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use super::{Next, Range, Solver, Stats};
use crate::index::{to_usize, ItemId, OptionId};

/// The item the search would branch on next, and its options in the order they would be tried.
///
/// This and [`Solver::choose`] are the API boundary a parallel search needs: the
/// options of the branching item split the search into disjoint subproblems whose
/// solutions together are exactly the solutions of the whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The primary item with the fewest options left (ties to the leftmost).
    pub item: ItemId,
    /// Its options, in the order the search would try them.
    pub options: Vec<OptionId>,
}

/// Why an option cannot be chosen by [`Solver::choose`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChooseError {
    /// The option index is not one of the problem's options.
    #[error("option {option} does not exist; the problem has {n_options} options")]
    UnknownOption {
        /// The option asked for.
        option: usize,
        /// How many options the problem has.
        n_options: usize,
    },
    /// The option clashes with a choice already made (an item already covered, or another color).
    #[error("option {option} clashes with the choices already made")]
    Conflict {
        /// The option asked for.
        option: usize,
    },
    /// Problems with multiplicities are not split: their levels may also leave an item as it is.
    #[error("choices cannot be fixed in a problem with multiplicities")]
    Multiplicities,
    /// Choices can only be added before the search starts (or after [`Solver::reset`]).
    #[error("choices can only be made before the search starts")]
    SearchStarted,
    /// A subtree that is not part of this problem's search tree: its path
    /// leads past a solution or a dead end, or names an alternative a level
    /// does not have.
    #[error(
        "the subtree's path does not lead through this problem's search tree (at level {level})"
    )]
    NotInTree {
        /// The level (below the choices fixed by [`Solver::choose`]) where the path fails.
        level: usize,
    },
}

/// Part of a search tree: the alternatives `from..to` of one level, below
/// the alternatives taken on the way down to it.
///
/// A level's alternatives are the options of the item it branches on, in
/// the order the search tries them (under Algorithm M, the alternative of
/// leaving the item as it is comes last). The way down is a `path` of
/// alternative indices, one for each level above that has more than one;
/// levels with a single alternative are taken without an index, so a
/// forced chain costs nothing in a path. Subtrees are made by
/// [`Solver::root_subtree`], [`Solver::donate`] and [`Solver::divide`], and
/// searched by [`Solver::enter`].
///
/// Statistics add up: the node of the subtree's level (its choice of item
/// and cover) is counted by the search that entered it first, so the
/// searches of the parts of a tree count exactly what the search of the
/// whole does.
#[derive(Clone, Debug, PartialEq)]
pub struct Subtree {
    pub(super) depth: usize,
    pub(super) path: Vec<u32>,
    pub(super) from: u32,
    pub(super) to: u32,
    pub(super) counts_node: bool,
    pub(super) start: f64,
    pub(super) end: f64,
}

/// Divides subtrees of one solver one after another, each as
/// [`SubtreeSearch::divide`] would, keeping the levels one's way down shares with
/// the next one's (made by [`SubtreeSearch::divider`]). Dropped, it leaves the
/// solver searching its whole tree again.
#[derive(Debug)]
pub struct Divider<'s> {
    solver: &'s mut Solver,
}

impl Subtree {
    /// A subtree read back from its parts (as a split file holds them): the
    /// level (counted from the solver's root, below the choices of
    /// [`Solver::choose`]), the path of alternatives, and the alternatives
    /// `from..to` of its level (`to` of `None`: to the last). Its level's
    /// node is counted by whoever divided the tree, not by its search.
    pub fn from_parts(depth: usize, path: Vec<u32>, from: u32, to: Option<u32>) -> Subtree {
        Subtree {
            depth,
            path,
            from,
            to: to.unwrap_or(u32::MAX),
            counts_node: false,
            start: 0.0,
            end: 1.0,
        }
    }

    /// The subtree's level, below the solver's root.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The alternatives taken on the way down, at the levels with more than one.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The alternatives of the subtree's level it holds: `from..to`, `to` of
    /// `None` meaning to the last.
    pub fn alternatives(&self) -> (u32, Option<u32>) {
        (self.from, (self.to != u32::MAX).then_some(self.to))
    }

    /// Where the subtree lies in Knuth's estimate of the whole tree: the
    /// fraction of the tree before it and the fraction up to its end, as the
    /// search that made it saw them (for a subtree made by
    /// [`Subtree::from_parts`], `(0, 1)` until [`Solver::enter`] finds out).
    pub fn estimate(&self) -> (f64, f64) {
        (self.start, self.end)
    }
}

/// The parts a subtree divides into ([`Solver::divide`]), and what the search
/// of the subtree does above them.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Division {
    /// The parts, in the order of the search.
    pub parts: Vec<Subtree>,
    /// The nodes and updates the subtree's search makes above its parts (and
    /// the deepest level it reaches there), so that with the parts' own
    /// statistics they add up to the subtree's exactly.
    pub stats: Stats,
}

/// What a parallel or distributed search needs of a [`Solver`]: the
/// branch it would take, the whole tree as a [`Subtree`], a subtree
/// entered on another solver, half of a running search's untried
/// alternatives given away, a subtree divided the same way on every
/// machine, and a bound shared by the threads of an optimising search.
///
/// This is the **API boundary** of `dlx-parallel`: nothing else of the
/// links is reachable, and none of these changes the tree the search
/// explores. Bring it into scope with `use dlx_core::subtree::SubtreeSearch`.
pub trait SubtreeSearch {
    /// The item the search would branch on next and its options, or `None`
    /// when every primary item is covered or the problem has multiplicities.
    fn branch(&self) -> Option<Branch>;
    /// The updates the search makes at the node [`SubtreeSearch::branch`] describes.
    fn branch_updates(&self) -> u64;
    /// The whole search tree below the choices fixed by [`Solver::choose`], as a subtree.
    fn root_subtree(&self) -> Subtree;
    /// Gets ready to search `subtree` alone, replaying the way down to it.
    fn enter(&mut self, subtree: &Subtree) -> Result<(), ChooseError>;
    /// Gives away the second half of the untried alternatives of the
    /// shallowest open level, between two slices of a running search.
    fn donate(&mut self) -> Option<Subtree>;
    /// Cuts a subtree at its first level with several alternatives.
    fn divide(&mut self, subtree: &Subtree) -> Result<Option<Division>, ChooseError>;
    /// Divides subtrees one after another, keeping the levels their ways down share.
    fn divider(&mut self) -> Divider<'_>;
    /// Shares the limit of the optimising searches with other searches of the same problem.
    fn set_shared_bound(&mut self, bound: Arc<AtomicU64>) -> &mut Self;
}

impl Solver {
    /// Fixes `option` as part of every solution before the search starts: the
    /// search then runs only below this choice, and the solutions it reports
    /// include it. Choices made this way are not counted in the statistics.
    pub fn choose(&mut self, option: OptionId) -> Result<(), ChooseError> {
        if self.links.algorithm_m() {
            return Err(ChooseError::Multiplicities);
        }
        let stack = &self.stack;
        if self.stats.nodes > 0
            || stack.next != Next::Forward
            || stack.level != stack.base
            || stack.base != stack.fixed
        {
            return Err(ChooseError::SearchStarted);
        }
        let Some(first) = self.links.first_node(option) else {
            return Err(ChooseError::UnknownOption {
                option: option.index(),
                n_options: self.n_options,
            });
        };
        if !self.option_available(first) {
            return Err(ChooseError::Conflict {
                option: option.index(),
            });
        }
        // Cover the option's first primary item, then commit the rest, exactly
        // as steps C4 and C5 would have done had the search chosen it.
        let (start, end) = self.links.span(first);
        let n_primary = self.links.n_primary();
        let Some(x) = (start..end).find(|&x| self.links.top(x) <= n_primary) else {
            // Every option has a primary item; an option without one would be unreachable.
            return Err(ChooseError::Conflict {
                option: option.index(),
            });
        };
        let mut updates = 0;
        self.links.cover::<true>(self.links.top(x), &mut updates);
        self.links.commit_option::<true>(x, &mut updates);
        let level = self.stack.level;
        self.stack.choice[level] = x;
        self.stack.ends[level] = self.links.top(x);
        self.stack.level += 1;
        self.stack.base = self.stack.level;
        self.stack.fixed = self.stack.level;
        Ok(())
    }

    /// The choices fixed by [`Solver::choose`], in order.
    pub fn prefix(&self) -> Vec<OptionId> {
        self.stack.choice[..self.stack.fixed]
            .iter()
            .map(|&x| self.links.option_of(x))
            .collect()
    }

    /// The options that every solution of the subtree just entered
    /// ([`SubtreeSearch::enter`]) shares, below those fixed by
    /// [`Solver::choose`]: the way down to it and the alternative of its
    /// level, when it holds that one alone (as every piece of a split does),
    /// in the order of the levels. `None` when it holds several, or when the
    /// search has run since. With them, another search (the memoised count)
    /// can count the same piece: its solutions are the solutions of the
    /// problem with these options chosen.
    ///
    /// ```
    /// use dlx_core::subtree::SubtreeSearch;
    /// use dlx_core::{parse_dlx, OptionId, Solver};
    ///
    /// // Item a has two options; the split's second piece takes `a c`.
    /// let problem = parse_dlx("a b c\na b\na c\nb\nc\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let pieces = solver.divide(&solver.root_subtree())?.expect("two alternatives").parts;
    /// solver.enter(&pieces[1])?;
    /// assert_eq!(solver.entered_way(), Some(vec![OptionId::new(1)]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn entered_way(&self) -> Option<Vec<OptionId>> {
        if self.links.algorithm_m() || self.stats.nodes > 0 {
            return None;
        }
        debug_assert!(
            self.stack.base >= self.stack.fixed,
            "the entered level is below the fixed ones"
        );
        let mut way: Vec<OptionId> = self.stack.choice[self.stack.fixed..self.stack.base]
            .iter()
            .map(|&x| self.links.option_of(x))
            .collect();
        if self.took_entered() {
            // `enter` took the alternative: it is the last level's.
            return Some(way);
        }
        // The subtree's level is left for its search (a subtree that counts
        // its level's node leaves the cover to the search): its alternative
        // is the option the search would try in its place.
        let range = self.stack.range?;
        if self.stack.next != Next::Range || range.to != range.from.saturating_add(1) {
            return None;
        }
        way.push(*self.branch()?.options.get(range.from as usize)?);
        Some(way)
    }

    /// Whether the option starting at node `first` could still be chosen.
    ///
    /// A hidden option has lost the nodes of its primary items from their
    /// lists (every option has one), so a primary node must be active and
    /// linked. A secondary node must find its item neither covered nor
    /// purified to a color, unless a purify already found its color compatible.
    fn option_available(&self, first: u32) -> bool {
        let links = &self.links;
        let (start, end) = links.span(first);
        (start..end).all(|x| {
            let item = links.top(x);
            if item <= links.n_primary() {
                links.is_active(item) && links.down(links.up(x)) == x
            } else {
                links.color(x) < 0 || (links.is_active(item) && links.color(item) == 0)
            }
        })
    }
}

impl SubtreeSearch for Solver {
    /// Shares the limit of [`Solver::min_options`] and of [`Solver::min_cost`]
    /// with `k = 1` with other searches of the same problem, such as the
    /// parts of a split search on other threads: each prunes with the best
    /// value any of them has found, and lowers it when it finds better.
    /// The value is the largest objective still worth reaching (one less than
    /// the best found); start it at `u64::MAX`, which means no limit (a
    /// limit beyond `u64::MAX - 1` is not shared: the searches then prune
    /// less, never wrongly). A part whose branches are all
    /// pruned reports no solution, so the best of all parts' answers is the optimum.
    fn set_shared_bound(&mut self, bound: Arc<AtomicU64>) -> &mut Self {
        self.optimiser.shared = Some(bound);
        self
    }

    /// The item the search would branch on next and its options, or `None` when
    /// every primary item is covered (the choices made so far are a solution)
    /// or when the problem has multiplicities (such a search is not split:
    /// a level may also leave its item as it is, which no option stands for).
    fn branch(&self) -> Option<Branch> {
        if self.links.algorithm_m() {
            return None;
        }
        let item = self.links.choose_item();
        if item == 0 {
            return None;
        }
        let mut options = Vec::with_capacity(to_usize(self.links.len(item)));
        let mut p = self.links.down(item);
        while p != item {
            options.push(self.links.option_of(p));
            p = self.links.down(p);
        }
        Some(Branch {
            item: self.links.item_of_header(item),
            options,
        })
    }

    /// The updates the search makes at the node [`Solver::branch`] describes:
    /// covering its item once and committing each of its options in turn,
    /// as [`Stats::updates`](super::Stats::updates) counts them. A split
    /// search adds these for the nodes it expands itself, so that its totals
    /// equal the sequential ones.
    fn branch_updates(&self) -> u64 {
        if self.links.algorithm_m() {
            return 0;
        }
        let item = self.links.choose_item();
        if item == 0 {
            return 0;
        }
        // Cold: a copy of the links, and the copy of the operations that tests
        // colors, which counts the same updates on a problem without colors.
        let mut links = self.links.clone();
        let mut updates = 0;
        links.cover::<true>(item, &mut updates);
        let mut x = links.down(item);
        while x != item {
            links.commit_option::<true>(x, &mut updates);
            links.uncommit_option::<true>(x);
            x = links.down(x);
        }
        updates
    }

    /// The whole search tree below the choices fixed by [`Solver::choose`], as a subtree.
    fn root_subtree(&self) -> Subtree {
        Subtree {
            depth: 0,
            path: Vec::new(),
            from: 0,
            to: u32::MAX,
            counts_node: true,
            start: 0.0,
            end: 1.0,
        }
    }

    /// Gets ready to search `subtree` (made from this problem, with the same
    /// choices fixed by [`Solver::choose`]): undoes everything the solver has
    /// done since those choices, replays the way down to the subtree's level
    /// without counting it, and leaves the search to start there; the next
    /// [`Solver::run`] searches exactly the subtree. The statistics go on
    /// adding up from where they were.
    ///
    /// The levels the way down shares with the subtree entered last stay as
    /// they are, and a subtree that holds one alternative of its level has
    /// it taken here (its commit counted now rather than by the next run):
    /// the pieces of a level, entered in the order of the search, cost one
    /// walk of the level between them, not a cover and a walk each.
    ///
    /// ```
    /// use dlx_core::subtree::SubtreeSearch;
    /// use dlx_core::{parse_dlx, Solver, Step};
    ///
    /// // 6-queens: run a little, give the rest of a level away, search both halves.
    /// let mut text = String::from("r0 r1 r2 r3 r4 r5 c0 c1 c2 c3 c4 c5 |");
    /// for d in 0..11 { text += &format!(" a{d} b{d}"); }
    /// text.push('\n');
    /// for r in 0..6 { for c in 0..6 { text += &format!("r{r} c{c} a{} b{}\n", r + c, r + 5 - c); } }
    /// let problem = parse_dlx(&text)?;
    /// let mut first = Solver::new(&problem);
    /// assert_eq!(first.run_counting(3), Step::Paused);
    /// let given = first.donate().expect("untried options at the top level");
    /// let mut second = Solver::new(&problem);
    /// second.enter(&given)?;
    /// assert_eq!(first.count().complete()? + second.count().complete()?, 4u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn enter(&mut self, subtree: &Subtree) -> Result<(), ChooseError> {
        let reached = self.reach(subtree)?;
        let (target, from) = (reached.target, reached.from);
        // A subtree that holds one alternative of its level (as every piece
        // of a split does) has it taken here, as the search's first step
        // would: its commit and its level are counted now, and its item
        // stays covered for the next piece of the level, which only moves
        // to its own alternative. The search of a node of its own
        // (`counts_node`, which needs the cover's updates) and Algorithm M
        // take theirs themselves.
        let one = reached.to == from + 1;
        let taken = if !self.links.algorithm_m() && !subtree.counts_node && one {
            self.take_alternative(&reached)
        } else {
            None
        };
        match taken {
            Some(commit) => {
                self.stats.updates += commit;
                self.stats.max_level = self.stats.max_level.max(target + 1);
                self.stack.base = target + 1;
                self.set_entered(Range {
                    from,
                    to: subtree.to,
                    counts_node: false,
                });
            }
            None => {
                if reached.kept.is_some() {
                    self.drop_level(target);
                }
                self.stack.base = target;
                self.stack.range = Some(Range {
                    from,
                    to: subtree.to,
                    counts_node: subtree.counts_node,
                });
                self.stack.next = Next::Range;
            }
        }
        self.stack.level = self.stack.base;
        self.stack.span = reached.span();
        Ok(())
    }

    /// Gives away the second half of the alternatives not yet tried at the
    /// shallowest level that has any, and stops this search before them: the
    /// search of the returned subtree then finds exactly the solutions this
    /// one no longer will. `None` when no level has an untried alternative
    /// (or the search has not started, or is over).
    ///
    /// Call it between two calls of [`Solver::run`] (after a slice of nodes
    /// ran out, or the budget stopped the search); the search goes on with
    /// what it kept.
    fn donate(&mut self) -> Option<Subtree> {
        if matches!(self.stack.next, Next::Range | Next::Done) {
            return None;
        }
        let (mut start, mut share) = (0.0f64, 1.0f64);
        let mut path = Vec::new();
        for l in self.stack.fixed..self.stack.top() {
            let (k, d, e) = self.level_view(l);
            if l >= self.stack.base && e > k + 1 {
                let mid = k + 1 + (e - k - 1) / 2;
                self.stop_level_at(l, mid);
                let share = share / f64::from(d);
                let given = (start + f64::from(mid) * share, start + f64::from(e) * share);
                // What is given away no longer lies in this search's share.
                self.stack.span.1 = self.stack.span.1.min(given.0).max(self.stack.span.0);
                return Some(Subtree {
                    depth: l - self.stack.fixed,
                    path,
                    from: mid,
                    to: if e >= d { u32::MAX } else { e },
                    counts_node: false,
                    start: given.0,
                    end: given.1,
                });
            }
            if d > 1 {
                path.push(k);
            }
            share /= f64::from(d);
            start += f64::from(k) * share;
        }
        None
    }

    /// Divides `subtree` at its first level with more than one alternative:
    /// one part per alternative, each holding one. A subtree that already
    /// holds several alternatives is divided into them; one that holds a
    /// single alternative is followed down, through the levels with one
    /// alternative, to the next level with several. `None` when there is
    /// nothing to divide: the subtree holds no alternative, or its way down
    /// ends in a solution or a dead end before any level with several.
    ///
    /// Deterministic: the same subtree of the same problem divides the same
    /// way on every machine, which is what shards of a count need.
    ///
    /// Afterwards the solver searches its whole tree again; to divide many
    /// subtrees in a row, a [`Divider`] keeps what their ways down share.
    fn divide(&mut self, subtree: &Subtree) -> Result<Option<Division>, ChooseError> {
        self.divider().divide(subtree)
    }

    /// Divides subtrees one after another ([`Divider::divide`]), keeping
    /// the levels one's way down shares with the next one's: the pieces of a
    /// level of `n` alternatives, divided in the order of the search, cost
    /// one walk of the level, where [`SubtreeSearch::divide`] walks it for
    /// each (`n^2 / 2` steps). The solver searches its whole tree again once
    /// the divider is dropped.
    fn divider(&mut self) -> Divider<'_> {
        Divider { solver: self }
    }
}

impl Divider<'_> {
    /// Divides `subtree`: the same parts and statistics as [`SubtreeSearch::divide`].
    pub fn divide(&mut self, subtree: &Subtree) -> Result<Option<Division>, ChooseError> {
        self.solver.divide_keeping(subtree)
    }
}

impl Drop for Divider<'_> {
    fn drop(&mut self) {
        self.solver.restart_at_root();
    }
}

/// A subtree's level, reached by replaying its way down: what [`SubtreeSearch::enter`] and [`Divider::divide`] both start from.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reached {
    /// The alternative the level had taken when the last way down went through it the same way (see `descend`).
    pub(super) kept: Option<u32>,
    /// The level of the subtree's alternatives.
    pub(super) target: usize,
    /// How many alternatives that level has.
    pub(super) degree: u32,
    /// The first of the subtree's alternatives.
    pub(super) from: u32,
    /// The end of the subtree's alternatives, cut to the level's degree.
    pub(super) to: u32,
    /// Where the level's share of the estimate starts, and its width.
    start: f64,
    share: f64,
}

impl Reached {
    /// The subtree's share of the progress estimate, once its level's degree is known.
    pub(super) fn span(&self) -> (f64, f64) {
        let d = f64::from(self.degree.max(1));
        (
            self.start + f64::from(self.from) * self.share / d,
            self.start + f64::from(self.to).max(f64::from(self.from)) * self.share / d,
        )
    }
}

impl Solver {
    /// Clears the solution and replays the way down to `subtree`'s level.
    pub(super) fn reach(&mut self, subtree: &Subtree) -> Result<Reached, ChooseError> {
        self.solution.clear();
        let kept = self.descend(subtree.depth, &subtree.path)?;
        let target = self.stack.fixed + subtree.depth;
        let (start, share) = self.share_above(target);
        let degree = self.degree_at(target, kept);
        Ok(Reached {
            kept,
            target,
            degree,
            from: subtree.from,
            to: subtree.to.min(degree),
            start,
            share,
        })
    }

    /// Takes the first alternative of the subtree's level, `from` of its
    /// `degree`, as a replayed level: moved to it when the way down kept the
    /// level with alternative `kept`, else replayed. Returns the updates of
    /// its commit, or `None` when the level has no such alternative (nothing
    /// is changed then).
    fn take_alternative(&mut self, reached: &Reached) -> Option<u64> {
        let &Reached {
            kept,
            target,
            degree,
            from,
            ..
        } = reached;
        if from >= degree {
            return None;
        }
        let commit = match kept {
            Some(k) => self.move_level(target, k, from),
            None => self.replay_x(Some(from))?.2,
        };
        self.record_taken(target, from, degree);
        Some(commit)
    }
}
