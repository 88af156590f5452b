//! The search: Knuth's Algorithms X, C and M as resumable loops over an explicit choice stack.
//!
//! [`Solver`] owns the link arrays and the choice stack, and serves every
//! way of asking for solutions through one resumable loop per algorithm.
//! The files hold one concern each:
//!
//! - here: the solver, its state, and the one place that picks the loop for
//!   a problem's features (`Solver::search`);
//! - `algorithm_x`: the loop of Algorithms X and C;
//! - `algorithm_m`: the loop of Algorithm M (multiplicities) and its state;
//! - `optimise`: branch and bound (`min_options`, `min_cost`);
//! - `boundary`: the API a parallel search needs (`branch`, `choose`);
//! - `progress`: Knuth's estimate of the fraction done;
//! - `stats`: [`Stats`].

mod algorithm_m;
mod algorithm_x;
mod boundary;
mod estimate;
mod optimise;
mod progress;
mod stats;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use boundary::{Branch, ChooseError, Division, Subtree};
pub use estimate::Probe;
pub use optimise::{Costed, Objective, Optimum, Ranked};
pub use stats::Stats;

use crate::index::OptionId;
use crate::links::{LinkError, Links};
use crate::problem::Problem;
use algorithm_m::Multiplicities;
use optimise::Optimiser;

/// Where a call to [`Solver::run`] stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution was found; read it with [`Solver::solution`]. Calling `run` again goes on.
    Solution,
    /// The node budget of this call ran out; calling `run` again goes on.
    Paused,
    /// The stop flag was raised, or the node limit ([`Solver::set_node_limit`])
    /// reached; calling `run` again goes on if the flag is lowered (or the
    /// limit raised).
    Stopped,
    /// The search is over: the whole tree was explored, or the solution limit was reached.
    Done,
}

/// What the loop does when it is called again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Next {
    /// Step C2 (M2): enter the level `level`.
    Forward,
    /// Step C6 (M7): undo the choice at level `level` and try the next one.
    Recover,
    /// Enter level `base`, the first level of a [`Subtree`], and try the
    /// alternatives of its range.
    Range,
    /// Nothing left to do.
    Done,
}

/// The alternatives of a subtree's first level that it holds, and whether
/// the node of that level (its choice of item and cover, steps C3 and C4) is
/// the subtree's to count, or was counted by the search it came from.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Range {
    from: u32,
    /// `u32::MAX`: to the level's last alternative.
    to: u32,
    counts_node: bool,
}

/// Where the search is: the choice stack and the level.
///
/// **Invariant:** levels `0..fixed` hold the choices fixed by
/// [`Solver::choose`]; levels `fixed..base` the path of the [`Subtree`] the
/// solver searches ([`Solver::enter`]), replayed; the search makes and
/// undoes the choices of levels `base..`. The levels with a choice in
/// progress are `base..level`, and `level` itself too when `next` is
/// [`Next::Recover`].
#[derive(Clone, Debug)]
struct Stack {
    /// `choice[l]` is the node chosen at level `l` (Knuth's `x_l`): an option
    /// node, or under Algorithm M an item's header for "leave it as it is".
    choice: Vec<u32>,
    /// Algorithm X: the node at which level `l`'s walk of its item's list
    /// stops (the header, unless the level's last options were given away).
    ends: Vec<u32>,
    level: usize,
    fixed: usize,
    base: usize,
    next: Next,
    /// The alternatives of level `base` the search tries, when it searches a subtree.
    range: Option<Range>,
    /// Where the subtree lies in Knuth's estimate of the whole tree (`(0, 1)`
    /// for the whole tree).
    span: (f64, f64),
}

impl Stack {
    /// The levels with a choice in progress end here.
    fn top(&self) -> usize {
        match self.next {
            Next::Recover => self.level + 1,
            Next::Forward => self.level,
            Next::Range | Next::Done => self.base,
        }
    }

    /// Where a search of the same tree starts over: at C2, or with the
    /// range of the subtree's first level.
    fn restart(&mut self) {
        self.level = self.base;
        self.next = if self.range.is_some() {
            Next::Range
        } else {
            Next::Forward
        };
    }
}

/// What the caller asked of the search: a solution limit and a stop flag.
#[derive(Clone, Debug, Default)]
struct Settings {
    limit: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    /// Stop once `stats.nodes` reaches this.
    node_limit: Option<u64>,
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
    /// Whether the problem has colors: the loops then run their copy with the color tests.
    colors: bool,
    stack: Stack,
    /// Algorithm M's state of each level (empty unless the problem needs Algorithm M).
    m: Multiplicities,
    settings: Settings,
    optimiser: Optimiser,
    stats: Stats,
    /// The last solution reported.
    solution: Vec<OptionId>,
    n_options: usize,
}

impl Solver {
    /// Lays out the link arrays of a problem; the problem is not borrowed afterwards.
    pub fn new(problem: &Problem) -> Solver {
        let links = Links::new(problem);
        // Every level covers at least one primary item, so the stack never
        // grows past their number: allocate it once, here. With multiplicities
        // a level chooses an option or closes an item, each at most once.
        let algorithm_m = links.algorithm_m();
        let depth = if algorithm_m {
            problem.n_primary() + problem.n_options() + 1
        } else {
            problem.n_primary() + 1
        };
        Solver {
            links,
            colors: problem.has_colors(),
            stack: Stack {
                choice: vec![0; depth],
                ends: vec![0; if algorithm_m { 0 } else { depth }],
                level: 0,
                fixed: 0,
                base: 0,
                next: Next::Forward,
                range: None,
                span: (0.0, 1.0),
            },
            m: Multiplicities::new(if algorithm_m { depth } else { 0 }, problem.n_options()),
            settings: Settings::default(),
            optimiser: Optimiser::new(problem.costs.clone()),
            stats: Stats::default(),
            solution: Vec::with_capacity(depth),
            n_options: problem.n_options(),
        }
    }

    /// Ends the search after `limit` solutions (`None`: no limit).
    pub fn set_limit(&mut self, limit: Option<u64>) -> &mut Self {
        self.settings.limit = limit;
        self
    }

    /// A flag checked at every node: raise it (from any thread) to stop the search with [`Step::Stopped`].
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) -> &mut Self {
        self.settings.stop = Some(flag);
        self
    }

    /// Stops the search with [`Step::Stopped`] once it has entered `nodes`
    /// nodes in all (Knuth's nodes, [`Stats::nodes`], counted from the start
    /// or the last [`Solver::reset`]); `None`: no limit. A budget for
    /// searches that may not end, as the stop flag is a way to end them
    /// from outside; [`Solver::node_limit_reached`] tells the two apart.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Solver, Step};
    ///
    /// // 2^20 ways to cover 20 items each by one of two options: no solution
    /// // limit, but a node limit.
    /// let mut text = (0..20).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" ");
    /// for i in 0..20 {
    ///     text += &format!("\ni{i}\ni{i}");
    /// }
    /// let problem = parse_dlx(&text)?;
    /// let mut solver = Solver::new(&problem);
    /// solver.set_node_limit(Some(1000));
    /// let count = solver.count();
    /// assert!(count < 1 << 20 && solver.node_limit_reached());
    /// assert_eq!(solver.stats().nodes, 1000);
    /// assert_eq!(solver.run(1), Step::Stopped);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_node_limit(&mut self, nodes: Option<u64>) -> &mut Self {
        self.settings.node_limit = nodes;
        self
    }

    /// Makes the item choice keep (or stop keeping) its counts of short item
    /// lists, which the solver turns on by itself for problems of very many
    /// primary items (`links/choose.rs`: 8,192 and more, without
    /// multiplicities). The choice, and so the search, is the same either
    /// way; tests use this to run the counting copy on small problems.
    #[doc(hidden)]
    pub fn keep_short_counts(&mut self, on: bool) -> &mut Self {
        self.links.keep_short_counts(on);
        self
    }

    /// Whether the item choice keeps its counts of short item lists.
    #[doc(hidden)]
    pub fn keeps_short_counts(&self) -> bool {
        self.links.short_counts()
    }

    /// Whether the search stopped at the limit of [`Solver::set_node_limit`].
    pub fn node_limit_reached(&self) -> bool {
        self.settings
            .node_limit
            .is_some_and(|limit| self.stats.nodes >= limit)
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
        self.stack.next == Next::Done || self.limit_reached()
    }

    fn limit_reached(&self) -> bool {
        self.settings
            .limit
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

    /// Runs the search until a solution is found, `node_budget` more nodes have
    /// been entered, the stop flag is raised, or the search ends.
    /// (With an objective, [`Solver::set_objective`], the branch and bound search.)
    pub fn run(&mut self, node_budget: u64) -> Step {
        if self.optimiser.active.is_some() {
            self.search::<true, true>(node_budget)
        } else {
            self.search::<true, false>(node_budget)
        }
    }

    /// Like [`Solver::run`], but counts solutions without stopping at each one.
    pub fn run_counting(&mut self, node_budget: u64) -> Step {
        if self.optimiser.active.is_some() {
            self.search::<false, true>(node_budget)
        } else {
            self.search::<false, false>(node_budget)
        }
    }

    /// Undoes every choice made by the search (not those made by [`Solver::choose`])
    /// and starts over with fresh statistics.
    pub fn reset(&mut self) {
        self.rewind();
        self.stats = Stats::default();
    }

    /// Knuth's link sanity check, for tests and debugging.
    pub fn check_links(&self) -> Result<(), LinkError> {
        self.links.check()
    }

    /// The one place that picks the loop for the problem's features:
    /// Algorithm X or C (by colors) or M (multiplicities), each compiled with
    /// or without reporting solutions (`REPORT`) and the bound test (`BOUND`).
    fn search<const REPORT: bool, const BOUND: bool>(&mut self, node_budget: u64) -> Step {
        if self.stack.next == Next::Done || self.limit_reached() {
            // The links stay as they are, so that `reset` can still unwind them.
            return Step::Done;
        }
        // The node limit is the budget of the call when it is the smaller.
        let node_budget = match self.settings.node_limit {
            None => node_budget,
            Some(limit) => match limit.saturating_sub(self.stats.nodes) {
                0 => return Step::Stopped,
                left => node_budget.min(left),
            },
        };
        let stop = self.settings.stop.clone();
        let stop = || stop.as_deref().is_some_and(|s| s.load(Ordering::Relaxed));
        // Only problems of very many primary items keep the short counts
        // for the item choice (`links/choose.rs`), in copies of their own.
        let short = self.links.short_counts();
        let step = match (self.links.algorithm_m(), self.colors, short) {
            (false, false, false) => {
                self.search_x::<false, REPORT, BOUND, false>(node_budget, stop)
            }
            (false, true, false) => self.search_x::<true, REPORT, BOUND, false>(node_budget, stop),
            (false, false, true) => self.search_x::<false, REPORT, BOUND, true>(node_budget, stop),
            (false, true, true) => self.search_x::<true, REPORT, BOUND, true>(node_budget, stop),
            (true, false, _) => self.search_m::<false, REPORT, BOUND>(node_budget, stop),
            (true, true, _) => self.search_m::<true, REPORT, BOUND>(node_budget, stop),
        };
        if step == Step::Paused && self.node_limit_reached() {
            Step::Stopped
        } else {
            step
        }
    }

    /// Undoes every choice made by the search, keeping the statistics.
    ///
    /// Undoing is cold, so it runs the copy of the operations that tests
    /// colors whatever the problem: without colors it makes the same changes.
    fn rewind(&mut self) {
        self.unwind(self.stack.base);
        self.stack.restart();
        self.solution.clear();
    }

    /// Undoes the choices of levels `to..`, deepest first, whatever made
    /// them (the search, or the replay of a subtree's path).
    fn unwind(&mut self, to: usize) {
        let top = self.stack.top().max(to);
        if self.links.algorithm_m() {
            self.unwind_m(to, top);
        } else {
            for l in (to..top).rev() {
                let x = self.stack.choice[l];
                let item = self.links.top(x);
                self.links.uncommit_option::<true>(x);
                self.links.uncover::<true>(item);
            }
        }
        self.stack.level = to;
    }

    /// Fills [`Solver::solution`] with the options chosen at levels `0..top`.
    fn load_solution(&mut self, top: usize) {
        self.solution.clear();
        for &x in &self.stack.choice[..top] {
            // Under Algorithm M a level may leave an item as it is instead of choosing an option.
            if self.links.is_option_node(x) {
                self.solution.push(self.links.option_of(x));
            }
        }
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
