//! Minimum repeated cover: every primary item covered at least once, by as few options as possible.
//!
//! This is the set cover problem that the Chinese competitive-programming
//! literature calls 重复覆盖 (repeated cover). A chosen option removes only
//! the items it covers; the options that touch them stay available. The
//! search is iterative deepening (IDA*) on the number of options: for each
//! bound `D` from a lower bound upwards it looks for a cover of at most `D`
//! options, pruning a branch when its options so far plus the estimate of
//! the options still needed exceed `D`. The first cover found is therefore a
//! proven minimum.
//!
//! The estimate is the larger of two admissible bounds. The usual one: take
//! an uncovered item, count one, mark every item of every option that covers
//! it, and repeat with an unmarked uncovered item; no option covers two
//! counted items, so at least that many more options are needed. And a
//! capacity bound: the uncovered items must be covered by options whose
//! counts of uncovered items add up to at least their number, so at least as
//! many options as it takes when the options that cover most are taken first.
//! The second is what makes covering designs (where any two items share some
//! option, so the first bound is 1) searchable.
//!
//! A round of the deepening can be cut into branches and searched elsewhere
//! (on threads, by `dlx-parallel`): see [`RoundSearch`].

mod rounds;

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

pub use rounds::{Round, RoundEnd, RoundSearch};

use crate::budget::{Answer, Budget, Meter, Outcome, Stop};
use crate::index::{to_u32, to_usize, OptionId};
use crate::problem::{ItemKind, Problem};
use crate::search::Stats;

/// The search for a minimum repeated cover of a problem's primary items.
///
/// Secondary items and colors play no part: only "every primary item at
/// least once" is asked.
///
/// ```
/// use dlx_core::{parse_dlx, MinCover, Outcome};
///
/// // Cover a, b, c, d: {a b} and {c d} do it with two options.
/// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
/// let mut search = MinCover::new(&problem);
/// let cover = search.solve();
/// assert_eq!(cover.outcome, Outcome::Finished);
/// assert_eq!(cover.value.map(|c| c.len()), Some(2));
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MinCover {
    /// The primary items of option `o` are `option_items[option_starts[o]..option_starts[o + 1]]`.
    option_starts: Vec<u32>,
    option_items: Vec<u32>,
    /// The options containing item `i` are `item_options[item_starts[i]..item_starts[i + 1]]`.
    item_starts: Vec<u32>,
    item_options: Vec<u32>,
    /// How many chosen options cover each item.
    covered: Vec<u32>,
    n_uncovered: usize,
    /// Marks of the estimate, by generation, so it never clears an array.
    marks: Vec<u32>,
    /// How many uncovered items each option covers, and `histogram[c]`: how
    /// many options cover exactly `c` of them; both kept up to date as items
    /// are covered and uncovered, for the capacity bound.
    fresh: Vec<u32>,
    histogram: Vec<u32>,
    generation: u32,
    /// `choice[l]` is the position, in its item's option list, of the option chosen at level `l`.
    choice: Vec<u32>,
    item_at: Vec<u32>,
    /// The number of options of the cover the last successful round found.
    found_depth: usize,
    stats: Stats,
    budget: Budget,
    meter: Meter,
    /// Who searches each round's branches, when not this search itself.
    rounds: Option<Arc<dyn RoundSearch>>,
    /// Counts the nodes as they are entered, for a display on another thread.
    node_counter: Option<Arc<AtomicU64>>,
    /// Where the deepening is, for a display on another thread.
    deepening: Option<Arc<Deepening>>,
}

/// Where a [`MinCover`]'s iterative deepening is: its round (from 1) and
/// the bound of that round (the most options a cover may have), written as
/// each round starts and read from another thread, for a progress display
/// ([`MinCover::set_deepening`]). Both are 0 before the first round.
#[derive(Debug, Default)]
pub struct Deepening {
    round: AtomicU32,
    bound: AtomicU32,
}

impl Deepening {
    /// The round being searched, from 1 (0 before the first).
    pub fn round(&self) -> u32 {
        self.round.load(Ordering::Relaxed)
    }

    /// The bound of the round being searched: a cover of at most this many options is sought.
    pub fn bound(&self) -> u32 {
        self.bound.load(Ordering::Relaxed)
    }
}

impl MinCover {
    /// Prepares the search; the problem is not borrowed afterwards.
    pub fn new(problem: &Problem) -> MinCover {
        // Primary items are renumbered 0.. in the order they were added.
        let mut primary_index = vec![u32::MAX; problem.n_items()];
        let mut n_primary = 0;
        for item in problem.item_ids() {
            if problem.item_kind(item) == ItemKind::Primary {
                primary_index[item.index()] = to_u32(n_primary);
                n_primary += 1;
            }
        }
        let mut option_starts = vec![0];
        let mut option_items = Vec::new();
        let mut counts = vec![0u32; n_primary];
        for option in problem.option_ids() {
            for entry in problem.option(option) {
                let i = primary_index[entry.item.index()];
                if i != u32::MAX {
                    option_items.push(i);
                    counts[to_usize(i)] += 1;
                }
            }
            option_starts.push(to_u32(option_items.len()));
        }
        let longest = option_starts
            .windows(2)
            .map(|w| to_usize(w[1] - w[0]))
            .max()
            .unwrap_or(0);
        let fresh: Vec<u32> = option_starts.windows(2).map(|w| w[1] - w[0]).collect();
        let mut histogram = vec![0u32; longest + 1];
        for &f in &fresh {
            histogram[to_usize(f)] += 1;
        }
        let mut item_starts = vec![0u32; n_primary + 1];
        for i in 0..n_primary {
            item_starts[i + 1] = item_starts[i] + counts[i];
        }
        let mut fill = item_starts.clone();
        let mut item_options = vec![0u32; option_items.len()];
        for o in 0..problem.n_options() {
            for &i in &option_items[to_usize(option_starts[o])..to_usize(option_starts[o + 1])] {
                item_options[to_usize(fill[to_usize(i)])] = to_u32(o);
                fill[to_usize(i)] += 1;
            }
        }
        MinCover {
            option_starts,
            option_items,
            item_starts,
            item_options,
            covered: vec![0; n_primary],
            n_uncovered: n_primary,
            marks: vec![0; n_primary],
            fresh,
            histogram,
            generation: 0,
            choice: vec![0; n_primary + 1],
            item_at: vec![0; n_primary + 1],
            found_depth: 0,
            stats: Stats::default(),
            budget: Budget::new(),
            meter: Meter::default(),
            rounds: None,
            node_counter: None,
            deepening: None,
        }
    }

    /// The budget of the search (see [`Budget`]; unlimited by default):
    /// nodes, time and the caller's cancel flag. A search it stops returns
    /// [`Outcome::Stopped`] (and no cover: the first cover the deepening
    /// finds is the minimum, so there is nothing to show before it).
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.budget = budget;
        self
    }

    /// Has each round of the deepening cut into branches and searched by
    /// `rounds` (on threads, for instance), or by this search itself
    /// (`None`, the default). The answer and the statistics are the same
    /// either way (see [`RoundSearch`]); the budget is not: the expansion
    /// of each round and the branches searched beside the first with a
    /// cover are work the search alone does not do, and they draw on it.
    pub fn set_round_search(&mut self, rounds: Option<Arc<dyn RoundSearch>>) -> &mut Self {
        self.rounds = rounds;
        self
    }

    /// Adds one to `counter` at each node entered (by every thread of a
    /// [`RoundSearch`] together): a live count for a progress display on
    /// another thread, which [`MinCover::stats`] gives only at the end.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, MinCover};
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    ///
    /// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
    /// let counter = Arc::new(AtomicU64::new(0));
    /// let mut search = MinCover::new(&problem);
    /// search.set_node_counter(Some(Arc::clone(&counter)));
    /// search.solve();
    /// assert_eq!(counter.load(Ordering::Relaxed), search.stats().nodes);
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn set_node_counter(&mut self, counter: Option<Arc<AtomicU64>>) -> &mut Self {
        self.node_counter = counter;
        self
    }

    /// Writes each round of the deepening, and its bound, into `deepening`
    /// as the round starts: a live view for a progress display on another
    /// thread.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Deepening, MinCover};
    /// use std::sync::Arc;
    ///
    /// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
    /// let deepening = Arc::new(Deepening::default());
    /// let mut search = MinCover::new(&problem);
    /// search.set_deepening(Some(Arc::clone(&deepening)));
    /// let cover = search.solve();
    /// assert_eq!(deepening.bound(), 2);
    /// assert!(deepening.round() >= 1);
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn set_deepening(&mut self, deepening: Option<Arc<Deepening>>) -> &mut Self {
        self.deepening = deepening;
        self
    }

    /// Tells the live view that the round of `bound` starts (the first had `first`).
    pub(crate) fn enter_round(&self, first: u32, bound: u32) {
        if let Some(deepening) = &self.deepening {
            deepening.bound.store(bound, Ordering::Relaxed);
            deepening.round.store(
                bound.saturating_sub(first).saturating_add(1),
                Ordering::Relaxed,
            );
        }
    }

    /// The statistics so far, over every round of deepening: `nodes` counts
    /// branch points, `updates` the changes to the covered counts, and
    /// `solutions` is 1 once the minimum is found.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// An admissible lower bound on the options still needed: the larger of
    /// two bounds (see the module docs).
    pub fn lower_bound(&mut self) -> u32 {
        let disjoint = self.disjoint_bound();
        if disjoint == 0 {
            return 0;
        }
        disjoint.max(self.capacity_bound())
    }

    /// The fewest options whose counts of uncovered items add up to the
    /// number of uncovered items, taking the options that cover most first.
    fn capacity_bound(&self) -> u32 {
        let mut left = to_u32(self.n_uncovered);
        let mut bound = 0;
        for c in (1..self.histogram.len()).rev() {
            let take = self.histogram[c].min(left.div_ceil(to_u32(c)));
            bound += take;
            left = left.saturating_sub(take * to_u32(c));
            if left == 0 {
                break;
            }
        }
        bound
    }

    /// The count of uncovered items no two of which share an option.
    fn disjoint_bound(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        let mut bound = 0;
        for i in 0..self.covered.len() {
            if self.covered[i] > 0 || self.marks[i] == generation {
                continue;
            }
            bound += 1;
            self.marks[i] = generation;
            for &o in
                &self.item_options[to_usize(self.item_starts[i])..to_usize(self.item_starts[i + 1])]
            {
                let (s, e) = (
                    self.option_starts[to_usize(o)],
                    self.option_starts[to_usize(o) + 1],
                );
                for &j in &self.option_items[to_usize(s)..to_usize(e)] {
                    self.marks[to_usize(j)] = generation;
                }
            }
        }
        bound
    }

    /// The uncovered item with the fewest options, ties to the leftmost (`u32::MAX` when all are covered).
    fn choose_item(&self) -> u32 {
        let mut best = (u32::MAX, u32::MAX);
        for (i, &covered) in self.covered.iter().enumerate() {
            if covered == 0 {
                let len = self.item_starts[i + 1] - self.item_starts[i];
                if len < best.0 {
                    best = (len, to_u32(i));
                }
            }
        }
        best.1
    }

    fn apply(&mut self, option: u32) {
        let (s, e) = (
            self.option_starts[to_usize(option)],
            self.option_starts[to_usize(option) + 1],
        );
        for k in s..e {
            let i = to_usize(self.option_items[to_usize(k)]);
            if self.covered[i] == 0 {
                self.n_uncovered -= 1;
                self.shift_fresh(i, false);
            }
            self.covered[i] += 1;
            self.stats.updates += 1;
        }
    }

    fn undo(&mut self, option: u32) {
        let (s, e) = (
            self.option_starts[to_usize(option)],
            self.option_starts[to_usize(option) + 1],
        );
        for k in (s..e).rev() {
            let i = to_usize(self.option_items[to_usize(k)]);
            self.covered[i] -= 1;
            if self.covered[i] == 0 {
                self.n_uncovered += 1;
                self.shift_fresh(i, true);
            }
        }
    }

    /// Item `i` became uncovered (`up`) or covered: every option holding it
    /// covers one uncovered item more or less.
    fn shift_fresh(&mut self, i: usize, up: bool) {
        for &o in
            &self.item_options[to_usize(self.item_starts[i])..to_usize(self.item_starts[i + 1])]
        {
            let fresh = &mut self.fresh[to_usize(o)];
            self.histogram[to_usize(*fresh)] -= 1;
            if up {
                *fresh += 1;
            } else {
                *fresh -= 1;
            }
            self.histogram[to_usize(*fresh)] += 1;
        }
    }

    fn option_at(&self, item: u32, position: u32) -> u32 {
        self.item_options[to_usize(self.item_starts[to_usize(item)] + position)]
    }

    /// Finds a minimum cover: with a complete outcome, a proven minimum
    /// (`None` when some primary item is in no option); with
    /// [`Outcome::Stopped`], `None`.
    pub fn solve(&mut self) -> Answer<Option<Vec<OptionId>>> {
        // Every primary item in some option: all the options cover them all,
        // so deepening stops at a cover of at most `n_primary` options.
        self.solve_within(u32::MAX)
    }

    /// Finds a minimum cover if one has at most `max` options.
    ///
    /// The same deepening as [`solve`](Self::solve), which never goes past
    /// `max`: a cover found has at most `max` options, and it is a proven
    /// minimum of the whole problem, of the size `solve` finds; `None` with a
    /// complete outcome means that no cover has at most `max` options
    /// (perhaps none at all). A bound below the lower bound of the start
    /// answers at once, without a search. With `max` at least the minimum,
    /// the search is exactly that of `solve`, statistics included.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, MinCover, Outcome};
    ///
    /// // Covering a, b, c, d takes two options ({a b} and {c d}).
    /// let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n")?;
    /// let none = MinCover::new(&problem).solve_within(1);
    /// assert_eq!((none.value, none.outcome), (None, Outcome::Finished));
    /// let two = MinCover::new(&problem).solve_within(3);
    /// assert_eq!(two.value.map(|c| c.len()), Some(2));
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn solve_within(&mut self, max: u32) -> Answer<Option<Vec<OptionId>>> {
        if (0..self.covered.len()).any(|i| self.item_starts[i] == self.item_starts[i + 1]) {
            return Answer::new(None, Outcome::Finished);
        }
        // An item in one option only puts that option in every cover: they
        // are taken first, outside the search, which then has only the
        // other items to cover. (Searched, a chain of such items cost a
        // lower bound and an item choice over every item at every level:
        // 80,000 of them took 36 s.)
        let forced = self.forced_options();
        for &o in &forced {
            self.apply(o);
        }
        let answer = match max.checked_sub(to_u32(forced.len())) {
            None => Answer::new(None, Outcome::Finished),
            Some(rest) => {
                let answer = self.deepen(rest);
                self.meter.settle(&self.budget);
                answer.map(|cover| {
                    cover.map(|cover| forced.iter().map(|&o| OptionId(o)).chain(cover).collect())
                })
            }
        };
        for &o in forced.iter().rev() {
            self.undo(o);
        }
        answer
    }

    /// The options that are the only option of some primary item, in order.
    fn forced_options(&self) -> Vec<u32> {
        let mut forced: Vec<u32> = (0..self.covered.len())
            .filter(|&i| self.item_starts[i + 1] - self.item_starts[i] == 1)
            .map(|i| self.item_options[to_usize(self.item_starts[i])])
            .collect();
        forced.sort_unstable();
        forced.dedup();
        forced
    }

    /// The deepening of [`solve_within`](Self::solve_within) once the forced
    /// options are applied: a cover of the rest with at most `max` options.
    fn deepen(&mut self, max: u32) -> Answer<Option<Vec<OptionId>>> {
        if let Some(rounds) = self.rounds.clone() {
            return self.deepen_by(max, &*rounds);
        }
        let mut bound = self.lower_bound();
        let first = bound;
        while bound <= max {
            self.enter_round(first, bound);
            match self.search_from(0, bound, &mut |_| false) {
                Ok(true) => {
                    self.stats.solutions = 1;
                    let cover = self.current_cover();
                    self.unwind(self.found_depth);
                    return Answer::new(Some(cover), Outcome::Finished);
                }
                Ok(false) => match bound.checked_add(1) {
                    Some(next) => bound = next,
                    None => break,
                },
                Err(stop) => return Answer::new(None, Outcome::Stopped(stop)),
            }
        }
        Answer::new(None, Outcome::Finished)
    }

    fn current_cover(&self) -> Vec<OptionId> {
        // After a successful round the chosen options are still applied, levels 0..found_depth.
        (0..self.found_depth)
            .map(|l| OptionId(self.option_at(self.item_at[l], self.choice[l])))
            .collect()
    }

    /// One round of deepening below the options chosen on levels `..base`
    /// (applied, with their items and positions in `item_at` and `choice`):
    /// is there a cover of at most `bound` options in all? `Err` when
    /// stopped (by the budget, or by `give_up` saying so at a node, which
    /// counts as [`Stop::Cancelled`]), with every level undone. On success
    /// the cover stays applied, levels `..found_depth`, for `current_cover`;
    /// on failure levels `..base` stay applied.
    fn search_from(
        &mut self,
        base: usize,
        bound: u32,
        give_up: &mut dyn FnMut(&Stats) -> bool,
    ) -> Result<bool, Stop> {
        let mut level = base;
        'enter: loop {
            // Enter a level: done, pruned, or branch on the item with the fewest options.
            if self.n_uncovered == 0 {
                self.found_depth = level;
                return Ok(true);
            }
            if give_up(&self.stats) || self.budget.is_cancelled() {
                self.unwind(level);
                return Err(Stop::Cancelled);
            }
            let mut next_position = 0u32;
            if to_u32(level) + self.lower_bound() <= bound {
                // Only the nodes counted draw on the budget, so that a node
                // budget of `n` stops the search after `n` nodes.
                if let Err(stop) = self.meter.node(&self.budget) {
                    self.unwind(level);
                    return Err(stop);
                }
                self.stats.nodes += 1;
                if let Some(counter) = &self.node_counter {
                    counter.fetch_add(1, Ordering::Relaxed);
                }
                self.stats.max_level = self.stats.max_level.max(level);
                self.item_at[level] = self.choose_item();
            } else {
                // Pruned: behave as an item whose options are all tried.
                self.item_at[level] = u32::MAX;
            }
            loop {
                let item = self.item_at[level];
                let len = if item == u32::MAX {
                    0
                } else {
                    self.item_starts[to_usize(item) + 1] - self.item_starts[to_usize(item)]
                };
                if next_position < len {
                    self.choice[level] = next_position;
                    self.apply(self.option_at(item, next_position));
                    level += 1;
                    continue 'enter;
                }
                // Every option of this level tried: back up.
                if level == base {
                    return Ok(false);
                }
                level -= 1;
                let position = self.choice[level];
                self.undo(self.option_at(self.item_at[level], position));
                next_position = position + 1;
            }
        }
    }

    fn unwind(&mut self, level: usize) {
        for l in (0..level).rev() {
            self.undo(self.option_at(self.item_at[l], self.choice[l]));
        }
    }
}
