//! The search: Knuth's Algorithm X (and C, with colors) as one resumable loop.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crate::index::{to_u32, to_u64, to_usize, ItemId, OptionId};

/// Taxes are kept as integers: the cost of an option times this, divided by its number of primary items.
const TAX_SCALE: u64 = 232_792_560; // lcm(1, ..., 20)

use crate::links::{LinkError, Links};
use crate::problem::Problem;

/// Statistics of a search, counted as Knuth counts them in DLX1 and DLX2.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Branch points entered: how many times step C3 chose an item (including
    /// items with no options left, where the search backs up at once).
    pub nodes: u64,
    /// Link changes made while covering: one per item removed from the item
    /// list and one per node removed from a vertical list (undoing is not counted).
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// The deepest level entered (Knuth's `maxl`): at level `l` the search has
    /// made `l` choices (counting those fixed by [`Solver::choose`]), so a
    /// problem solved by a single option has `max_level` 0.
    pub max_level: usize,
}

impl std::ops::AddAssign for Stats {
    /// Adds the counts of two searches (as the parts of a split search); the
    /// maximum level is the larger of the two.
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
        self.max_level = self.max_level.max(other.max_level);
    }
}

/// Where a call to [`Solver::run`] stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution was found; read it with [`Solver::solution`]. Calling `run` again goes on.
    Solution,
    /// The node budget of this call ran out; calling `run` again goes on.
    Paused,
    /// The stop flag was raised; calling `run` again goes on (if the flag is lowered).
    Stopped,
    /// The search is over: the whole tree was explored, or the solution limit was reached.
    Done,
}

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
}

/// A solution and its total cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costed {
    /// The sum of the costs of its options.
    pub cost: u64,
    /// The options, in the order chosen.
    pub options: Vec<OptionId>,
}

/// The cheapest solutions found by [`Solver::min_cost`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// At most `k` solutions, cheapest first (ties in the order found).
    pub solutions: Vec<Costed>,
    /// Whether the search ran to the end, so that no cheaper solution exists;
    /// `false` when the stop flag ended it early.
    pub proven: bool,
}

/// What an optimising search minimises.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Objective {
    Options,
    Cost,
}

/// What an optimising search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimum {
    /// The best solution, proven optimal, as options in the order chosen.
    Found(Vec<OptionId>),
    /// No solution exists; for [`MinCover::solve_within`](crate::MinCover::solve_within),
    /// none within the bound it was given.
    NoSolution,
    /// The stop flag was raised before the search could prove anything.
    Stopped,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Next {
    /// Step C2: enter a new level.
    Forward,
    /// Step C6: undo the choice at the current level and try the next one.
    Recover,
    /// Nothing left to do.
    Done,
}

/// A search over one problem: the link arrays and the choice stack.
///
/// One resumable loop, [`Solver::run`], serves every way of asking for
/// solutions: [`next_solution`](Solver::next_solution) (a lending iterator),
/// [`visit`](Solver::visit), [`count`](Solver::count), [`first`](Solver::first)
/// and [`solutions`](Solver::solutions). Solutions are reported as slices of
/// [`OptionId`]s in the order the options were chosen.
///
/// ```
/// use dlx_core::{parse_dlx, Solver};
///
/// // Two ways to tile a 1x2 strip: one domino, or two single cells.
/// let problem = parse_dlx("c1 c2\nc1 c2\nc1\nc2\n")?;
/// let mut solver = Solver::new(&problem);
/// let mut sizes = Vec::new();
/// while let Some(solution) = solver.next_solution() {
///     sizes.push(solution.len());
/// }
/// sizes.sort();
/// assert_eq!(sizes, [1, 2]);
/// assert_eq!(solver.stats().solutions, 2);
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    links: Links,
    /// `choice[l]` is the node chosen at level `l` (Knuth's `x_l`).
    choice: Vec<u32>,
    level: usize,
    /// Levels below `base` hold the choices made by [`Solver::choose`].
    base: usize,
    next: Next,
    stats: Stats,
    colors: bool,
    limit: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    solution: Vec<OptionId>,
    n_options: usize,
    /// In bounded mode, what is minimised.
    objective: Objective,
    /// In bounded mode, the largest value of the objective a solution may still have.
    bound_limit: u64,
    /// A limit shared with other searches of the same problem (the parts of a split search).
    shared_bound: Option<Arc<AtomicU64>>,
    /// The cost of every option, and its tax: the cost shared among its
    /// primary items, scaled by `TAX_SCALE` (empty until a cost search runs).
    option_cost: Vec<u64>,
    option_tax: Vec<u64>,
    /// Algorithm M (problems with multiplicities): the item branched on at
    /// each level, whether it was left uncovered while its options were tried
    /// ("partial"), where the level's excluded options start on `excluded`,
    /// and that trail of options taken out of every list. Empty otherwise.
    multiplicities: bool,
    m_item: Vec<u32>,
    m_partial: Vec<bool>,
    m_excluded: Vec<u32>,
    excluded: Vec<u32>,
    /// Algorithm M, for the progress estimate: how many alternatives each
    /// level has tried (the current one included) and its branching degree
    /// when it was entered. A level's choice may be an item's header ("leave
    /// it as it is"), so the estimate cannot walk the lists as Algorithm X's does.
    m_tried: Vec<u32>,
    m_degree: Vec<u32>,
    /// Marks of the lower bound, by generation (allocated by the first bounded search).
    marks: Vec<u32>,
    generation: u32,
}

impl Solver {
    /// Lays out the link arrays of a problem; the problem is not borrowed afterwards.
    pub fn new(problem: &Problem) -> Solver {
        let links = Links::new(problem);
        // Every level covers at least one primary item, so the stack never
        // grows past their number: allocate it once, here. With multiplicities
        // a level chooses an option or closes an item, each at most once.
        // The links keep Algorithm M's counts exactly when it is needed.
        let multiplicities = links.needs_algorithm_m();
        let depth = if multiplicities {
            problem.n_primary() + problem.n_options() + 1
        } else {
            problem.n_primary() + 1
        };
        let m_depth = if multiplicities { depth } else { 0 };
        Solver {
            links,
            choice: vec![0; depth],
            level: 0,
            base: 0,
            next: Next::Forward,
            stats: Stats::default(),
            colors: problem.has_colors(),
            limit: None,
            stop: None,
            solution: Vec::with_capacity(depth),
            n_options: problem.n_options(),
            multiplicities,
            m_item: vec![0; m_depth],
            m_partial: vec![false; m_depth],
            m_excluded: vec![0; m_depth],
            m_tried: vec![0; m_depth],
            m_degree: vec![1; m_depth],
            excluded: Vec::with_capacity(if multiplicities {
                problem.n_options()
            } else {
                0
            }),
            objective: Objective::Options,
            bound_limit: u64::MAX,
            shared_bound: None,
            option_cost: problem.costs.clone(),
            option_tax: Vec::new(),
            marks: Vec::new(),
            generation: 0,
        }
    }

    /// Ends the search after `limit` solutions (`None`: no limit).
    pub fn set_limit(&mut self, limit: Option<u64>) -> &mut Self {
        self.limit = limit;
        self
    }

    /// A flag checked at every node: raise it (from any thread) to stop the search with [`Step::Stopped`].
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) -> &mut Self {
        self.stop = Some(flag);
        self
    }

    /// Shares the limit of [`Solver::min_options`] and of [`Solver::min_cost`]
    /// with `k = 1` with other searches of the same problem, such as the
    /// parts of a split search on other threads: each prunes with the best
    /// value any of them has found, and lowers it when it finds better.
    /// The value is the largest objective still worth reaching (one less than
    /// the best found); start it at `u64::MAX`. A part whose branches are all
    /// pruned reports no solution, so the best of all parts' answers is the optimum.
    pub fn set_shared_bound(&mut self, bound: Arc<AtomicU64>) -> &mut Self {
        self.shared_bound = Some(bound);
        self
    }

    /// Lowers this search's limit, and the shared one with it.
    fn lower_limit(&mut self, limit: u64) {
        self.bound_limit = self.bound_limit.min(limit);
        if let Some(shared) = &self.shared_bound {
            shared.fetch_min(limit, Ordering::Relaxed);
        }
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The solution found by the last [`Step::Solution`], as options in the order chosen.
    pub fn solution(&self) -> &[OptionId] {
        &self.solution
    }

    /// Whether the search is over: the tree is explored or the solution limit reached.
    pub fn is_done(&self) -> bool {
        self.next == Next::Done || self.limit_reached()
    }

    fn limit_reached(&self) -> bool {
        self.limit
            .is_some_and(|limit| self.stats.solutions >= limit)
    }

    /// The next solution, or `None` when there are no more.
    ///
    /// A stop flag raised during the call also ends it with `None`; check
    /// [`Solver::is_done`] to tell the two apart.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        loop {
            match self.run(u64::MAX) {
                Step::Solution => return Some(&self.solution),
                Step::Paused => continue,
                Step::Stopped | Step::Done => return None,
            }
        }
    }

    /// Calls `visit` with every solution until it returns `ControlFlow::Break`,
    /// the search ends, or the stop flag is raised.
    pub fn visit<B, F>(&mut self, mut visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<B>,
    {
        while let Some(solution) = self.next_solution() {
            visit(solution)?;
        }
        ControlFlow::Continue(())
    }

    /// Counts the solutions from here to the end of the search (or the limit).
    pub fn count(&mut self) -> u64 {
        let before = self.stats.solutions;
        while !matches!(self.run_counting(u64::MAX), Step::Done | Step::Stopped) {}
        self.stats.solutions - before
    }

    /// The first solution, if any.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.next_solution().map(<[OptionId]>::to_vec)
    }

    /// An iterator over the remaining solutions, each as an owned `Vec`.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions { solver: self }
    }

    /// Knuth's estimate of the fraction of the search tree already explored, in `[0, 1]`.
    ///
    /// At each level the current choice is the `k`-th of the `d` options of
    /// its item; the estimate is the sum over levels of `(k - 1) / (d_1 ... d_l)`,
    /// the share of the tree that lies wholly to the left of the current path
    /// if every subtree of a node were the same size. Knuth adds half the share
    /// of the current node; leaving it out makes the estimate never decrease,
    /// which is what a progress bar needs. It costs a walk down each chosen
    /// item's list, so call it a few times a second, not at every node.
    pub fn progress(&self) -> f64 {
        if self.next == Next::Done {
            return 1.0;
        }
        let top = match self.next {
            Next::Recover => self.level + 1,
            _ => self.level,
        };
        let (mut fraction, mut share) = (0.0f64, 1.0f64);
        if self.multiplicities {
            // Algorithm M: a level's choice may be a header, not an option
            // node (issue 10), so read the counts the loop keeps instead.
            for l in self.base..top {
                let (k, d) = (self.m_tried[l].max(1), self.m_degree[l].max(1));
                share /= f64::from(d);
                fraction += f64::from(k.min(d) - 1) * share;
            }
            return fraction.clamp(0.0, 1.0);
        }
        for &x in &self.choice[self.base..top] {
            let item = self.links.top(x);
            // The chosen item's own list is never changed below it, so `len` is still `d`.
            let d = self.links.len(item).max(1);
            let mut k = 1u32;
            let mut p = self.links.down(item);
            while p != x && p != item {
                k += 1;
                p = self.links.down(p);
            }
            share /= f64::from(d);
            fraction += f64::from(k - 1) * share;
        }
        fraction.clamp(0.0, 1.0)
    }

    /// The item the search would branch on next and its options, or `None` when
    /// every primary item is covered (the choices made so far are a solution)
    /// or when the problem has multiplicities (such a search is not split:
    /// a level may also leave its item as it is, which no option stands for).
    pub fn branch(&self) -> Option<Branch> {
        if self.multiplicities {
            return None;
        }
        let item = self.links.choose_item();
        if item == 0 {
            return None;
        }
        let mut options = Vec::with_capacity(to_usize(self.links.len(item)));
        let mut p = self.links.down(item);
        while p != item {
            options.push(OptionId(self.links.option_of_node[to_usize(p)]));
            p = self.links.down(p);
        }
        Some(Branch {
            item: ItemId(self.links.item_of_header[to_usize(item)]),
            options,
        })
    }

    /// The updates the search makes at the node [`Solver::branch`] describes:
    /// covering its item once and committing each of its options in turn,
    /// as [`Stats::updates`] counts them. A split search adds these for the
    /// nodes it expands itself, so that its totals equal the sequential ones.
    pub fn branch_updates(&self) -> u64 {
        if self.multiplicities {
            return 0;
        }
        let item = self.links.choose_item();
        if item == 0 {
            return 0;
        }
        let mut links = self.links.clone();
        let mut updates = 0;
        if self.colors {
            count_branch::<true>(&mut links, item, &mut updates);
        } else {
            count_branch::<false>(&mut links, item, &mut updates);
        }
        updates
    }

    /// Fixes `option` as part of every solution before the search starts: the
    /// search then runs only below this choice, and the solutions it reports
    /// include it. Choices made this way are not counted in the statistics.
    pub fn choose(&mut self, option: OptionId) -> Result<(), ChooseError> {
        if self.multiplicities {
            return Err(ChooseError::Multiplicities);
        }
        if self.stats.nodes > 0 || self.next != Next::Forward || self.level != self.base {
            return Err(ChooseError::SearchStarted);
        }
        let k = option.index();
        if k >= self.n_options {
            return Err(ChooseError::UnknownOption {
                option: k,
                n_options: self.n_options,
            });
        }
        let first = self.links.first_node[k];
        if !self.option_available(first) {
            return Err(ChooseError::Conflict { option: k });
        }
        // Cover the option's first primary item, then commit the rest, exactly
        // as steps C4 and C5 would have done had the search chosen it.
        let mut x = first;
        while self.links.top(x) > self.links.n_primary {
            x += 1;
        }
        let mut updates = 0;
        let item = self.links.top(x);
        if self.colors {
            self.links.cover::<true>(item, &mut updates);
            self.links.commit_option::<true>(x, &mut updates);
        } else {
            self.links.cover::<false>(item, &mut updates);
            self.links.commit_option::<false>(x, &mut updates);
        }
        self.choice[self.level] = x;
        self.level += 1;
        self.base = self.level;
        Ok(())
    }

    /// The choices fixed by [`Solver::choose`], in order.
    pub fn prefix(&self) -> Vec<OptionId> {
        self.choice[..self.base]
            .iter()
            .map(|&x| OptionId(self.links.option_of_node[to_usize(x)]))
            .collect()
    }

    /// Whether the option starting at node `first` could still be chosen.
    ///
    /// A hidden option has lost the nodes of its primary items from their
    /// lists (every option has one), so a primary node must be active and
    /// linked. A secondary node must find its item neither covered nor
    /// purified to a color, unless a purify already found its color compatible.
    fn option_available(&self, first: u32) -> bool {
        let mut x = first;
        loop {
            let node = self.links.node(x);
            if node.top == 0 {
                return true;
            }
            let ok = if node.top <= self.links.n_primary {
                self.links.is_active(node.top) && self.links.down(node.up) == x
            } else {
                node.color < 0
                    || (self.links.is_active(node.top) && self.links.color(node.top) == 0)
            };
            if !ok {
                return false;
            }
            x += 1;
        }
    }

    /// Undoes every choice made by the search (not those made by [`Solver::choose`])
    /// and starts over with fresh statistics.
    pub fn reset(&mut self) {
        self.rewind();
        self.stats = Stats::default();
    }

    /// Undoes every choice made by the search, keeping the statistics.
    fn rewind(&mut self) {
        if self.multiplicities {
            if self.colors {
                self.rewind_counting::<true>();
            } else {
                self.rewind_counting::<false>();
            }
            return;
        }
        let top = match self.next {
            Next::Recover => self.level + 1,
            Next::Forward => self.level,
            Next::Done => self.base,
        };
        for l in (self.base..top).rev() {
            let x = self.choice[l];
            let item = self.links.top(x);
            if self.colors {
                self.links.uncommit_option::<true>(x);
                self.links.uncover::<true>(item);
            } else {
                self.links.uncommit_option::<false>(x);
                self.links.uncover::<false>(item);
            }
        }
        self.level = self.base;
        self.next = Next::Forward;
        self.solution.clear();
    }

    /// A solution with the fewest options, proven minimal, by branch and bound.
    ///
    /// The search runs once: each solution found lowers the limit to one
    /// option fewer than it has, and a branch is pruned when its options so
    /// far plus a lower bound on the options still needed exceed the limit.
    /// The bound takes an uncovered primary item, counts one, marks every item
    /// of every option still available that covers it, and repeats with an
    /// unmarked item: no option covers two counted items, so it is admissible.
    /// Choices made with [`Solver::choose`] are part of the solution and count
    /// toward its size; the solution limit is ignored.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Optimum, Solver};
    ///
    /// let problem = parse_dlx("a b c d\na\nb\nc\nd\na b\nc d\n")?;
    /// let mut solver = Solver::new(&problem);
    /// assert!(matches!(solver.min_options(), Optimum::Found(s) if s.len() == 2));
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn min_options(&mut self) -> Optimum {
        self.rewind();
        if self.marks.is_empty() {
            self.marks = vec![0; self.links.items.len()];
        }
        let saved_limit = self.limit.take();
        self.objective = Objective::Options;
        self.bound_limit = u64::MAX;
        let mut best: Option<Vec<OptionId>> = None;
        let outcome = loop {
            let step = self.bounded_step();
            match step {
                Step::Solution => {
                    let size = to_u64(self.solution.len());
                    if best.as_ref().is_none_or(|b| self.solution.len() < b.len()) {
                        best = Some(self.solution.clone());
                    }
                    self.lower_limit(size.saturating_sub(1));
                }
                Step::Paused => {}
                Step::Stopped => break Optimum::Stopped,
                Step::Done => {
                    break match best.take() {
                        Some(solution) => Optimum::Found(solution),
                        None => Optimum::NoSolution,
                    }
                }
            }
        };
        self.rewind();
        self.bound_limit = u64::MAX;
        self.limit = saved_limit;
        outcome
    }

    /// The `k` solutions of least total cost (Knuth's DLX5 costs), cheapest
    /// first, proven by branch and bound.
    ///
    /// A branch is pruned when the cost of its choices plus a lower bound on
    /// the cost still to pay cannot beat the `k`-th best solution found so
    /// far. The bound taxes every uncovered primary item with the cheapest
    /// share it could be given: each option still available pays its cost
    /// shared equally among its primary items, and the options of any
    /// solution share out exactly their cost. Costs of choices made with
    /// [`Solver::choose`] count. The solution limit is ignored.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Solver};
    ///
    /// // Cover a and b: {a b} costs 5, {a} + {b} cost 2 + 2.
    /// let problem = parse_dlx("a b\na b |5\na |2\nb |2\n")?;
    /// let ranked = Solver::new(&problem).min_cost(2);
    /// assert!(ranked.proven);
    /// let costs: Vec<u64> = ranked.solutions.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [4, 5]);
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn min_cost(&mut self, k: usize) -> Ranked {
        self.rewind();
        if self.marks.is_empty() {
            self.marks = vec![0; self.links.items.len()];
        }
        if self.option_tax.is_empty() {
            self.option_tax = self.links.option_taxes(&self.option_cost, TAX_SCALE);
        }
        let saved_limit = self.limit.take();
        self.objective = Objective::Cost;
        self.bound_limit = u64::MAX;
        let mut ranked = Ranked {
            solutions: Vec::new(),
            proven: true,
        };
        if k > 0 {
            loop {
                let step = self.bounded_step();
                match step {
                    Step::Solution => {
                        let cost = self.solution.iter().fold(0u64, |sum, &o| {
                            sum.saturating_add(self.option_cost[o.index()])
                        });
                        let at = ranked.solutions.partition_point(|s| s.cost <= cost);
                        if at < k {
                            ranked.solutions.insert(
                                at,
                                Costed {
                                    cost,
                                    options: self.solution.clone(),
                                },
                            );
                            ranked.solutions.truncate(k);
                        }
                        if ranked.solutions.len() == k {
                            // Only a strictly cheaper solution can still enter the list.
                            match ranked.solutions[k - 1].cost.checked_sub(1) {
                                // Only the best single solution is shared: a k-th best is not global.
                                Some(limit) if k == 1 => self.lower_limit(limit),
                                Some(limit) => self.bound_limit = limit,
                                None => break,
                            }
                        }
                    }
                    Step::Paused => {}
                    Step::Stopped => {
                        ranked.proven = false;
                        break;
                    }
                    Step::Done => break,
                }
            }
        }
        self.rewind();
        self.bound_limit = u64::MAX;
        self.limit = saved_limit;
        ranked
    }

    /// Knuth's link sanity check, for tests and debugging.
    pub fn check_links(&self) -> Result<(), LinkError> {
        self.links.check()
    }

    /// Runs the search until a solution is found, `node_budget` more nodes have
    /// been entered, the stop flag is raised, or the search ends.
    pub fn run(&mut self, node_budget: u64) -> Step {
        if self.multiplicities {
            return if self.colors {
                self.search_counting::<true, true, false>(node_budget)
            } else {
                self.search_counting::<false, true, false>(node_budget)
            };
        }
        if self.colors {
            self.search::<true, true, false>(node_budget)
        } else {
            self.search::<false, true, false>(node_budget)
        }
    }

    /// Like [`Solver::run`], but counts solutions without stopping at each one.
    pub fn run_counting(&mut self, node_budget: u64) -> Step {
        if self.multiplicities {
            return if self.colors {
                self.search_counting::<true, false, false>(node_budget)
            } else {
                self.search_counting::<false, false, false>(node_budget)
            };
        }
        if self.colors {
            self.search::<true, false, false>(node_budget)
        } else {
            self.search::<false, false, false>(node_budget)
        }
    }

    fn load_solution(&mut self, top: usize) {
        self.solution.clear();
        for &x in &self.choice[..top] {
            // With multiplicities a level may close an item instead of choosing an option.
            if x > self.links.n_items {
                self.solution
                    .push(OptionId(self.links.option_of_node[to_usize(x)]));
            }
        }
    }

    /// The loop of Algorithm X (C when `COLORS`), resumable at steps C2 and C6.
    ///
    /// When `REPORT` is false solutions are only counted, so the loop never
    /// returns for them.
    fn search<const COLORS: bool, const REPORT: bool, const BOUND: bool>(
        &mut self,
        node_budget: u64,
    ) -> Step {
        if self.next == Next::Done || self.limit_reached() {
            // The links stay as they are, so that `reset` can still unwind them.
            return Step::Done;
        }
        let node_stop = self.stats.nodes.saturating_add(node_budget);
        let limit = self.limit.unwrap_or(u64::MAX);
        let stop = self.stop.clone();
        let links = &mut self.links;
        let choice = &mut self.choice[..];
        let marks = &mut self.marks;
        let mut generation = self.generation;
        let mut level = self.level;
        let mut stats = self.stats;
        let mut item: u32;
        let next = self.next;

        // Every exit saves the loop's registers back into `self`.
        macro_rules! save {
            ($next:expr) => {{
                self.level = level;
                self.next = $next;
                self.stats = stats;
                self.generation = generation;
            }};
        }

        if next == Next::Forward && level == self.base && links.item(0).right == 0 {
            // No primary item is left before any choice: the prefix alone is the one solution.
            stats.solutions += 1;
            save!(Next::Done);
            if REPORT {
                self.load_solution(level);
                return Step::Solution;
            }
            return Step::Done;
        }

        // C6: [Try again.] Undo the choice at this level and move to the next option.
        macro_rules! try_again {
            ($x:ident) => {{
                $x = choice[level];
                links.uncommit_option::<COLORS>($x);
                item = links.top($x);
                $x = links.down($x);
                choice[level] = $x;
            }};
        }

        // A search resumed at C6 enters the loop over its level's options
        // directly; afterwards backtracking stays inside that loop, so no
        // branch has to guess between going forward and going back.
        let mut resume = next == Next::Recover;
        'forward: loop {
            let mut x: u32;
            if resume {
                resume = false;
                try_again!(x);
            } else {
                // C2: [Enter level l.] Solutions are caught in C5, so here some primary item is uncovered.
                if let Some(flag) = &stop {
                    if flag.load(Ordering::Relaxed) {
                        save!(Next::Forward);
                        return Step::Stopped;
                    }
                }
                if stats.nodes >= node_stop {
                    save!(Next::Forward);
                    return Step::Paused;
                }
                if BOUND {
                    // Branch and bound: prune when the choices so far and a lower
                    // bound on what remains exceed the limit.
                    let bound = Bound {
                        objective: self.objective,
                        limit: effective_limit(self.bound_limit, &self.shared_bound),
                        option_cost: &self.option_cost,
                        option_tax: &self.option_tax,
                    };
                    if bound.exceeded(links, &choice[..level], marks, &mut generation) {
                        if level == self.base {
                            save!(Next::Done);
                            return Step::Done;
                        }
                        level -= 1;
                        resume = true;
                        continue 'forward;
                    }
                }
                stats.nodes += 1;
                // C3: [Choose i.]
                item = links.choose_item();
                // C4: [Cover i.]
                links.cover::<COLORS>(item, &mut stats.updates);
                x = links.down(item);
                choice[level] = x;
            }
            loop {
                // C5: [Try x_l.]
                if x == item {
                    // C7: [Backtrack.] C8: [Leave level l.]
                    links.uncover::<COLORS>(item);
                    if level == self.base {
                        save!(Next::Done);
                        return Step::Done;
                    }
                    level -= 1;
                    try_again!(x);
                    continue;
                }
                links.commit_option::<COLORS>(x, &mut stats.updates);
                if links.item(0).right != 0 {
                    level += 1;
                    if level > stats.max_level {
                        stats.max_level = level;
                    }
                    continue 'forward;
                }
                // C2 for level l + 1: every primary item is covered, a solution.
                stats.solutions += 1;
                if REPORT {
                    save!(Next::Recover);
                    self.load_solution(level + 1);
                    return Step::Solution;
                }
                if stats.solutions >= limit {
                    save!(Next::Recover);
                    return Step::Done;
                }
                // C6 inline: undo and try the next option at this level.
                links.uncommit_option::<COLORS>(x);
                x = links.down(x);
                choice[level] = x;
            }
        }
    }
}

impl Solver {
    /// One call of the bounded search loop, to the next solution.
    fn bounded_step(&mut self) -> Step {
        match (self.multiplicities, self.colors) {
            (true, true) => self.search_counting::<true, true, true>(u64::MAX),
            (true, false) => self.search_counting::<false, true, true>(u64::MAX),
            (false, true) => self.search::<true, true, true>(u64::MAX),
            (false, false) => self.search::<false, true, true>(u64::MAX),
        }
    }

    /// Undoes the alternative tried at level `l` (the undoing half of steps M7 and M8).
    #[inline(always)]
    fn undo_alternative<const COLORS: bool>(&mut self, l: usize) {
        let (i, x) = (self.m_item[l], self.choice[l]);
        if x == i {
            // The item was left as it is; a partial level had taken it out of the list.
            if self.m_partial[l] {
                self.links.relink_item(i);
            }
        } else if self.m_partial[l] {
            self.links.unapply_counting::<COLORS>(x);
        } else {
            self.links.uncommit_counting::<COLORS>(x);
        }
    }

    /// Restores level `l` once every alternative is done (step M8).
    #[inline(always)]
    fn finish_level<const COLORS: bool>(&mut self, l: usize) {
        if self.m_partial[l] {
            let start = to_usize(self.m_excluded[l]);
            while self.excluded.len() > start {
                let x = self.excluded.pop().unwrap_or_default();
                self.links.include_option::<COLORS>(x);
            }
        } else {
            self.links.uncover::<COLORS>(self.m_item[l]);
        }
    }

    /// Finishes the current level, whose alternatives are all undone, and backs up (M8, M9).
    #[inline(always)]
    fn finish_and_back_up<const COLORS: bool>(&mut self) {
        self.finish_level::<COLORS>(self.level);
        if self.level == self.base {
            self.next = Next::Done;
        } else {
            self.level -= 1;
            self.next = Next::Recover;
        }
    }

    /// Whether the choices so far plus a lower bound on what remains exceed the limit.
    fn exceeds_bound(&mut self) -> bool {
        let bound = Bound {
            objective: self.objective,
            limit: effective_limit(self.bound_limit, &self.shared_bound),
            option_cost: &self.option_cost,
            option_tax: &self.option_tax,
        };
        bound.exceeded(
            &self.links,
            &self.choice[..self.level],
            &mut self.marks,
            &mut self.generation,
        )
    }

    fn rewind_counting<const COLORS: bool>(&mut self) {
        // Levels below `top` have an alternative in progress.
        let top = match self.next {
            Next::Recover => self.level + 1,
            Next::Forward => self.level,
            Next::Done => self.base,
        };
        for l in (self.base..top).rev() {
            self.undo_alternative::<COLORS>(l);
            self.finish_level::<COLORS>(l);
        }
        self.level = self.base;
        self.next = Next::Forward;
        self.solution.clear();
    }

    /// Knuth's Algorithm M: primary items with multiplicities, resumable at
    /// step M2 (forward) and M7 (recover).
    ///
    /// At each level the item with the smallest branching degree is chosen.
    /// If one more option completes it, it is covered and its options are
    /// tried as in Algorithm X; otherwise it stays in place and its options
    /// are tried in order, each taken out of every list once tried (so a
    /// multiset of options is found once, in one order). When the item has
    /// been covered often enough, a last alternative leaves it as it is.
    fn search_counting<const COLORS: bool, const REPORT: bool, const BOUND: bool>(
        &mut self,
        node_budget: u64,
    ) -> Step {
        if self.next == Next::Done || self.limit_reached() {
            return Step::Done;
        }
        let node_stop = self.stats.nodes.saturating_add(node_budget);
        let limit = self.limit.unwrap_or(u64::MAX);
        let stop = self.stop.clone();
        let mut updates = self.stats.updates;
        let step = loop {
            // `x` is the next alternative to try at this level: an option node,
            // or the item's header for "leave it as it is".
            let mut x: u32;
            if self.next == Next::Forward {
                // M2: [Enter level l.]
                if self.links.item(0).right == 0 {
                    self.stats.solutions += 1;
                    if REPORT {
                        self.load_solution(self.level);
                    }
                    // Resume by trying the next alternative one level up.
                    let at_base = self.level == self.base;
                    if at_base {
                        self.next = Next::Done;
                    } else {
                        self.level -= 1;
                        self.next = Next::Recover;
                    }
                    if REPORT {
                        break Step::Solution;
                    }
                    if at_base || self.stats.solutions >= limit {
                        break Step::Done;
                    }
                    continue;
                }
                if let Some(flag) = &stop {
                    if flag.load(Ordering::Relaxed) {
                        break Step::Stopped;
                    }
                }
                if self.stats.nodes >= node_stop {
                    break Step::Paused;
                }
                if BOUND && self.exceeds_bound() {
                    // Branch and bound: nothing below here can beat the limit.
                    if self.level == self.base {
                        self.next = Next::Done;
                        break Step::Done;
                    }
                    self.level -= 1;
                    self.next = Next::Recover;
                    continue;
                }
                // M3: [Choose i.]
                self.stats.nodes += 1;
                let (i, degree) = self.links.choose_item_counting();
                let level = self.level;
                self.m_item[level] = i;
                self.m_excluded[level] = to_u32(self.excluded.len());
                self.m_tried[level] = 0;
                self.m_degree[level] = u32::try_from(degree.max(1)).unwrap_or(u32::MAX);
                // M4: [Prepare to branch on i.] Cover it when one more option completes it.
                let (times, most) = (self.links.times[to_usize(i)], self.links.most[to_usize(i)]);
                self.m_partial[level] = times.saturating_add(1) < most;
                if !self.m_partial[level] {
                    self.links.cover::<COLORS>(i, &mut updates);
                }
                if degree <= 0 {
                    // No alternative at all.
                    self.finish_and_back_up::<COLORS>();
                    if self.next == Next::Done {
                        break Step::Done;
                    }
                    continue;
                }
                x = self.links.down(i);
            } else {
                // M7: [Try again.] Undo the alternative at this level and find the next.
                let level = self.level;
                let (i, old) = (self.m_item[level], self.choice[level]);
                self.undo_alternative::<COLORS>(level);
                if old == i {
                    // "Leave it as it is" was the last alternative.
                    self.finish_and_back_up::<COLORS>();
                    if self.next == Next::Done {
                        break Step::Done;
                    }
                    continue;
                }
                // A partial level took `old` out of every list: the next is the list's first.
                x = if self.m_partial[level] {
                    self.links.down(i)
                } else {
                    self.links.down(old)
                };
            }
            // M5, M6: [Try x_l.]
            let level = self.level;
            let i = self.m_item[level];
            let (times, least) = (self.links.times[to_usize(i)], self.links.least[to_usize(i)]);
            let enough = times >= least;
            if x != i
                && (!self.m_partial[level] || self.links.len(i) >= least.saturating_sub(times))
            {
                if self.m_partial[level] {
                    self.links.exclude_option::<COLORS>(x, &mut updates);
                    self.excluded.push(x);
                    self.links.apply_counting::<COLORS>(x, &mut updates);
                } else {
                    self.links.commit_counting::<COLORS>(x, &mut updates);
                }
            } else if enough {
                // The last alternative: leave the item as it is.
                if self.m_partial[level] {
                    self.links.unlink_item(i);
                }
                x = i;
            } else {
                self.finish_and_back_up::<COLORS>();
                if self.next == Next::Done {
                    break Step::Done;
                }
                continue;
            }
            self.choice[level] = x;
            self.m_tried[level] += 1;
            self.level += 1;
            self.stats.max_level = self.stats.max_level.max(self.level);
            self.next = Next::Forward;
        };
        self.stats.updates = updates;
        step
    }
}

/// The limit in force: a search's own, or a lower one shared with others.
fn effective_limit(own: u64, shared: &Option<Arc<AtomicU64>>) -> u64 {
    match shared {
        Some(shared) => own.min(shared.load(Ordering::Relaxed)),
        None => own,
    }
}

/// Branch and bound's test, shared by the loops of Algorithms X/C and M.
struct Bound<'a> {
    objective: Objective,
    limit: u64,
    option_cost: &'a [u64],
    option_tax: &'a [u64],
}

impl Bound<'_> {
    /// Whether the choices so far (option nodes; Algorithm M's headers, for
    /// levels that chose no option, count nothing) plus a lower bound on what
    /// remains exceed the limit. `marks` and `generation` are the scratch of
    /// the options bound.
    fn exceeded(
        &self,
        links: &Links,
        chosen: &[u32],
        marks: &mut [u32],
        generation: &mut u32,
    ) -> bool {
        let options = chosen.iter().filter(|&&x| x > links.n_items);
        let (so_far, needed) = match self.objective {
            Objective::Options => {
                *generation = generation.wrapping_add(1);
                if *generation == 0 {
                    marks.fill(0);
                    *generation = 1;
                }
                (
                    to_u64(options.count()),
                    u64::from(links.lower_bound(marks, *generation)),
                )
            }
            Objective::Cost => {
                let so_far = options.fold(0u64, |sum, &x| {
                    sum.saturating_add(
                        self.option_cost[to_usize(links.option_of_node[to_usize(x)])],
                    )
                });
                (
                    so_far,
                    links.cost_lower_bound(self.option_tax).div_ceil(TAX_SCALE),
                )
            }
        };
        so_far.saturating_add(needed) > self.limit
    }
}

/// Covers `item`, then commits and uncommits each of its options, adding up the updates.
fn count_branch<const COLORS: bool>(links: &mut Links, item: u32, updates: &mut u64) {
    links.cover::<COLORS>(item, updates);
    let mut x = links.down(item);
    while x != item {
        links.commit_option::<COLORS>(x, updates);
        links.uncommit_option::<COLORS>(x);
        x = links.down(x);
    }
}

/// An iterator over the solutions of a [`Solver`], made by [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.solver.first()
    }
}
