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
//! - `replay`: the ways down that `boundary` replays, each keeping what it
//!   shares with the last;
//! - `explore`: a second driver of the same steps, for Knuth's trace,
//!   profile, item totals and random seed, which the loops never test for;
//! - `progress`: Knuth's estimate of the fraction done;
//! - `stats`: [`Stats`].

mod algorithm_m;
mod algorithm_x;
mod boundary;
mod divide;
mod estimate;
mod explore;
mod levels;
mod optimise;
mod progress;
mod replay;
mod stats;

use crate::time::Instant;
use std::ops::ControlFlow;

pub use boundary::{Branch, ChooseError, Divider, Division, Subtree, SubtreeSearch};
pub use estimate::{Estimate, Mean, Probe};
pub use explore::{Event, ExploreError, Profile};
pub use optimise::{Costed, Objective};
pub use stats::Stats;

use crate::budget::{Answer, Budget, Outcome, Pace, Stop};
use crate::count::Count;
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
    /// The slice of this call ran out; calling `run` again goes on.
    Paused,
    /// The search ended, and how: [`Outcome::Finished`] (the whole tree
    /// explored) and [`Outcome::LimitReached`] (the solution limit reached)
    /// for good, so calling `run` again ends at once; [`Outcome::Stopped`]
    /// by the budget or the cancel flag, and calling `run` again goes on if
    /// the budget allows it then (a new budget, the flag lowered).
    End(Outcome),
}

/// Where a call of an inner loop stopped (the loops know nothing of budgets
/// beyond their slice; [`Solver::search`] does).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Inner {
    Solution,
    Paused,
    /// The tree is explored, the solution limit reached, or (branch and
    /// bound) nothing left can beat the limit.
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
    /// What the levels `fixed..base` took, for the next subtree to keep.
    replayed: replay::Replayed,
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

/// What the caller asked of the search: a solution limit and a budget.
#[derive(Clone, Debug, Default)]
struct Settings {
    limit: Option<u64>,
    budget: Budget,
    /// The size of the next slice of a metered budget.
    pace: Pace,
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
/// while let Some(solution) = solver.next_solution()? {
///     sizes.push(solution.len());
/// }
/// sizes.sort();
/// assert_eq!(sizes, [1, 2]);
/// assert_eq!(solver.stats().solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
                replayed: replay::Replayed::default(),
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

    /// The budget of the searches from now on: nodes (drawn from the
    /// budget's pool, which its clones share), time, memory and the
    /// caller's cancel flag (see [`Budget`]); unlimited by default. A
    /// search the budget stops returns [`Outcome::Stopped`] with what it
    /// found so far.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Budget, Outcome, Solver, Step, Stop};
    ///
    /// // 2^20 ways to cover 20 items each by one of two options: no solution
    /// // limit, but a node budget.
    /// let mut text = (0..20).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" ");
    /// for i in 0..20 {
    ///     text += &format!("\ni{i}\ni{i}");
    /// }
    /// let problem = parse_dlx(&text)?;
    /// let mut solver = Solver::new(&problem);
    /// solver.set_budget(Budget::new().with_nodes(1000));
    /// let count = solver.count();
    /// assert_eq!(count.outcome, Outcome::Stopped(Stop::Nodes));
    /// assert!(count.value < 1u64 << 20);
    /// assert_eq!(solver.stats().nodes, 1000);
    /// assert_eq!(solver.run(1), Step::End(Outcome::Stopped(Stop::Nodes)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.settings.budget = budget;
        self
    }

    /// The budget of the searches ([`Solver::set_budget`]).
    pub fn budget(&self) -> &Budget {
        &self.settings.budget
    }

    /// Makes the item choice keep (or stop keeping) its counts of short item
    /// lists, which the solver turns on by itself for problems of very many
    /// primary items (`links/choose.rs`: 8,192 and more, without
    /// multiplicities). The choice, and so the search, is the same either
    /// way; tests use this to run the counting copy on small problems
    /// (feature `test-support`, for the workspace's test suites only).
    #[cfg(feature = "test-support")]
    pub fn keep_short_counts(&mut self, on: bool) -> &mut Self {
        self.links.keep_short_counts(on);
        self
    }

    /// Whether the item choice keeps its counts of short item lists
    /// (feature `test-support`).
    #[cfg(feature = "test-support")]
    pub fn keeps_short_counts(&self) -> bool {
        self.links.short_counts()
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

    /// The next solution; `Ok(None)` when the search is over (the whole
    /// tree explored, or the solution limit reached); `Err` when the budget
    /// or the cancel flag stopped it first.
    pub fn next_solution(&mut self) -> Result<Option<&[OptionId]>, Stop> {
        loop {
            match self.run(u64::MAX) {
                Step::Solution => return Ok(Some(&self.solution)),
                Step::Paused => continue,
                Step::End(Outcome::Stopped(stop)) => return Err(stop),
                Step::End(_) => return Ok(None),
            }
        }
    }

    /// Calls `visit` with every solution until it returns
    /// `ControlFlow::Break`, which this returns; otherwise returns
    /// `ControlFlow::Continue` with how the search ended.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Outcome, Solver};
    /// use std::ops::ControlFlow;
    ///
    /// let problem = parse_dlx("a b\na b\na\nb\n")?;
    /// let mut n = 0;
    /// let ended = Solver::new(&problem).visit(|_| {
    ///     n += 1;
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!((n, ended), (2, ControlFlow::Continue(Outcome::Finished)));
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn visit<B, F>(&mut self, mut visit: F) -> ControlFlow<B, Outcome>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<B>,
    {
        loop {
            match self.run(u64::MAX) {
                Step::Solution => visit(&self.solution)?,
                Step::Paused => {}
                Step::End(outcome) => return ControlFlow::Continue(outcome),
            }
        }
    }

    /// Counts the solutions from here to the end of the search (or the
    /// limit): the count, and how the search ended (partial when stopped).
    ///
    /// The count is a [`Count`], the workspace's one count type, as the
    /// memoised count's is; the loop itself counts in the `u64` of
    /// [`Stats::solutions`] (a search that visits its solutions one by one
    /// cannot pass it), turned into a [`Count`] once at the end.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Count, Solver};
    ///
    /// let problem = parse_dlx("a b\na b\na\nb\n")?;
    /// assert_eq!(Solver::new(&problem).count().value, Count::from(2u64));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&mut self) -> Answer<Count> {
        let before = self.stats.solutions;
        let outcome = loop {
            if let Step::End(outcome) = self.run_counting(u64::MAX) {
                break outcome;
            }
        };
        Answer::new(Count::from(self.stats.solutions - before), outcome)
    }

    /// The first solution, if any (`None` with a complete outcome: there is
    /// none; with [`Outcome::Stopped`]: none was found before the stop).
    pub fn first(&mut self) -> Answer<Option<Vec<OptionId>>> {
        match self.next_solution() {
            Ok(Some(solution)) => Answer::new(Some(solution.to_vec()), Outcome::LimitReached),
            Ok(None) => Answer::new(None, self.ended()),
            Err(stop) => Answer::new(None, Outcome::Stopped(stop)),
        }
    }

    /// An iterator over the remaining solutions, each as an owned `Vec`;
    /// a stop by the budget or the cancel flag is its last item, an `Err`.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions {
            solver: self,
            stopped: false,
        }
    }

    /// How a search that has ended ended: the whole tree explored, or the
    /// solution limit reached.
    fn ended(&self) -> Outcome {
        if self.stack.next == Next::Done {
            Outcome::Finished
        } else {
            Outcome::LimitReached
        }
    }

    /// Runs the search until a solution is found, `slice` more nodes have
    /// been entered, or the search ends: the whole tree explored, the
    /// solution limit reached, or stopped by the budget.
    /// (With an objective, [`Solver::set_objective`], the branch and bound search.)
    pub fn run(&mut self, slice: u64) -> Step {
        if self.optimiser.active.is_some() {
            self.search::<true, true>(slice)
        } else {
            self.search::<true, false>(slice)
        }
    }

    /// Like [`Solver::run`], but counts solutions without stopping at each one.
    pub fn run_counting(&mut self, slice: u64) -> Step {
        if self.optimiser.active.is_some() {
            self.search::<false, true>(slice)
        } else {
            self.search::<false, false>(slice)
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

    /// Runs the search for `slice` nodes at most, under the budget: in one
    /// call of the loop when the budget has no limit and no cancel flag,
    /// else in paced slices of nodes drawn from the budget's pool, the clock
    /// and the cancel flags read between them.
    fn search<const REPORT: bool, const BOUND: bool>(&mut self, slice: u64) -> Step {
        if self.stack.next == Next::Done || self.limit_reached() {
            // The links stay as they are, so that `reset` can still unwind them.
            return Step::End(self.ended());
        }
        if !self.settings.budget.is_metered() {
            return self.step::<REPORT, BOUND>(slice);
        }
        let mut left = slice;
        loop {
            if let Err(stop) = self.settings.budget.check_clock() {
                return Step::End(Outcome::Stopped(stop));
            }
            let want = left.min(self.settings.pace.slice());
            let granted = self.settings.budget.take_nodes(want);
            let (before, started) = (self.stats.nodes, Instant::now());
            // With the pool empty the loop still runs with no node to
            // enter: what is left may be backtracking alone (the last
            // options of a level tried, a branch pruned), which ends the
            // search; it stops only where it would enter a node.
            let step = self.step::<REPORT, BOUND>(granted);
            let used = self.stats.nodes - before;
            self.settings.budget.settle_nodes(granted, used);
            if granted == 0 && step == Step::Paused {
                return Step::End(Outcome::Stopped(Stop::Nodes));
            }
            self.settings.pace.learn(used, started.elapsed());
            left = left.saturating_sub(used);
            if step != Step::Paused || left == 0 {
                return step;
            }
        }
    }

    /// The one place that picks the loop for the problem's features:
    /// Algorithm X or C (by colors) or M (multiplicities), each compiled with
    /// or without reporting solutions (`REPORT`) and the bound test
    /// (`BOUND`); runs it for `slice` nodes at most.
    fn step<const REPORT: bool, const BOUND: bool>(&mut self, slice: u64) -> Step {
        // Only problems of very many primary items keep the short counts
        // for the item choice (`links/choose.rs`), in copies of their own.
        let short = self.links.short_counts();
        let inner = match (self.links.algorithm_m(), self.colors, short) {
            (false, false, false) => self.search_x::<false, REPORT, BOUND, false>(slice),
            (false, true, false) => self.search_x::<true, REPORT, BOUND, false>(slice),
            (false, false, true) => self.search_x::<false, REPORT, BOUND, true>(slice),
            (false, true, true) => self.search_x::<true, REPORT, BOUND, true>(slice),
            (true, false, _) => self.search_m::<false, REPORT, BOUND>(slice),
            (true, true, _) => self.search_m::<true, REPORT, BOUND>(slice),
        };
        match inner {
            Inner::Solution => Step::Solution,
            Inner::Paused => Step::Paused,
            Inner::Done => Step::End(self.ended()),
        }
    }

    /// Undoes every choice made by the search, keeping the statistics.
    ///
    /// Undoing is cold, so it runs the copy of the operations that tests
    /// colors whatever the problem: without colors it makes the same changes.
    fn rewind(&mut self) {
        self.unwind(self.stack.base);
        self.give_back_entered_level();
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
///
/// A search stopped by its budget or the cancel flag ends with one `Err`.
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
    stopped: bool,
}

impl Iterator for Solutions<'_> {
    type Item = Result<Vec<OptionId>, Stop>;

    fn next(&mut self) -> Option<Result<Vec<OptionId>, Stop>> {
        if self.stopped {
            return None;
        }
        match self.solver.next_solution() {
            Ok(solution) => solution.map(|s| Ok(s.to_vec())),
            Err(stop) => {
                self.stopped = true;
                Some(Err(stop))
            }
        }
    }
}
