//! The optimising searches: branch and bound for the fewest options and for the cheapest solutions.
//!
//! Both run the ordinary loops in their `BOUND` copy, which prunes a branch
//! when the choices so far plus an admissible lower bound on what remains
//! exceed the limit; each solution found lowers the limit.
//!
//! Costs are summed in `u128`: an option costs at most `u64::MAX` and a
//! problem has fewer than 2^32 options, so the cost of any set of options,
//! and every bound, is exact there. A `u64` sum would have to saturate, and
//! solutions that all cost more than `u64::MAX` would then tie at the cap
//! and be ranked in the order found, not by cost (issue 20).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::{Solver, Step};
use crate::budget::{Answer, Outcome};
use crate::index::{to_u64, to_usize, OptionId};
use crate::links::{Dance, Links};

/// Taxes are kept as integers: the cost of an option times this, divided by its number of primary items.
const TAX_SCALE: u64 = 232_792_560; // lcm(1, ..., 20)

/// A solution and its total cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costed {
    /// The sum of the costs of its options, exact (it may exceed `u64::MAX`).
    pub cost: u128,
    /// The options, in the order chosen.
    pub options: Vec<OptionId>,
}

/// What an optimising search minimises ([`Solver::set_objective`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Objective {
    /// The number of options of a solution.
    Options,
    /// The total cost of its options (Knuth's DLX5 costs).
    Cost,
}

/// The state of the optimising searches: what is minimised, the limit, and the bounds' scratch.
#[derive(Clone, Debug)]
pub(super) struct Optimiser {
    /// What is minimised; `None` for a plain search.
    pub(super) active: Option<Objective>,
    objective: Objective,
    /// The largest value of the objective a solution may still have
    /// (`u128::MAX`: no limit).
    limit: u128,
    /// A limit shared with other searches of the same problem (the parts of
    /// a split search); `u64::MAX` there means no limit, see [`shared_limit`].
    pub(super) shared: Option<Arc<AtomicU64>>,
    /// The cost of every option, and its tax: the cost shared among its
    /// primary items, scaled by `TAX_SCALE` (empty until a cost search runs).
    option_cost: Vec<u64>,
    option_tax: Vec<u128>,
    /// Marks of the options bound, by generation (allocated by the first bounded search).
    marks: Vec<u32>,
    generation: u32,
}

impl Optimiser {
    pub(super) fn new(option_cost: Vec<u64>) -> Optimiser {
        Optimiser {
            active: None,
            objective: Objective::Options,
            limit: u128::MAX,
            shared: None,
            option_cost,
            option_tax: Vec::new(),
            marks: Vec::new(),
            generation: 0,
        }
    }

    /// Gets ready to minimise `objective` over the problem laid out in `links`.
    fn start(&mut self, objective: Objective, links: &Links) {
        self.active = Some(objective);
        self.objective = objective;
        self.limit = u128::MAX;
        if self.marks.is_empty() {
            // One mark per item header.
            self.marks = vec![0; to_usize(links.n_items()) + 2];
        }
        if objective == Objective::Cost && self.option_tax.is_empty() {
            self.option_tax = links.option_taxes(&self.option_cost, TAX_SCALE);
        }
    }

    /// Lowers this search's limit, and the shared one with it.
    fn lower_limit(&mut self, limit: u128) {
        self.limit = self.limit.min(limit);
        if let Some(shared) = &self.shared {
            // A limit past what the shared `u64` holds leaves it as it is:
            // a higher limit only prunes less.
            if let Ok(limit) = u64::try_from(limit) {
                shared.fetch_min(limit, Ordering::Relaxed);
            }
        }
    }

    /// Whether the choices so far (option nodes; Algorithm M's headers, for
    /// levels that chose no option, count nothing) plus a lower bound on what
    /// remains exceed the limit in force: this search's own, or a lower one
    /// shared with others.
    pub(super) fn exceeded<const SHORT: bool>(
        &mut self,
        links: &Dance<'_, SHORT>,
        chosen: &[u32],
    ) -> bool {
        let limit = match &self.shared {
            Some(shared) => self.limit.min(shared_limit(shared.load(Ordering::Relaxed))),
            None => self.limit,
        };
        let options = chosen.iter().filter(|&&x| links.is_option_node(x));
        let (so_far, needed) = match self.objective {
            Objective::Options => {
                self.generation = self.generation.wrapping_add(1);
                if self.generation == 0 {
                    self.marks.fill(0);
                    self.generation = 1;
                }
                (
                    u128::from(to_u64(options.count())),
                    u128::from(links.lower_bound(&mut self.marks, self.generation)),
                )
            }
            Objective::Cost => {
                // Exact: fewer than 2^32 options of at most 2^64 - 1 each.
                let so_far = options.fold(0u128, |sum, &x| {
                    sum + u128::from(self.option_cost[links.option_index(x)])
                });
                let needed = match links.cost_lower_bound(&self.option_tax) {
                    Some(taxes) => taxes.div_ceil(u128::from(TAX_SCALE)),
                    // No solution below: pruned by any limit at all.
                    None => u128::MAX,
                };
                (so_far, needed)
            }
        };
        so_far.saturating_add(needed) > limit
    }
}

/// The limit a shared bound holds: `u64::MAX` is no limit, since a limit
/// beyond what a `u64` holds cannot be shared.
fn shared_limit(shared: u64) -> u128 {
    match shared {
        u64::MAX => u128::MAX,
        limit => u128::from(limit),
    }
}

impl Solver {
    /// Makes [`Solver::run`] a branch and bound search for solutions that
    /// minimise `objective` (`None`: the plain search again): a branch is
    /// pruned when its choices so far plus an admissible lower bound on what
    /// it still needs exceed the limit ([`Solver::lower_limit`], and the
    /// shared one of [`SubtreeSearch::set_shared_bound`](crate::subtree::SubtreeSearch::set_shared_bound)), which starts unlimited.
    /// A reported solution may still exceed the limit (the bound is only a
    /// lower bound); lower the limit after each solution, as
    /// [`Solver::min_options`] and [`Solver::min_cost`] do, to find the best.
    /// The search starts over.
    pub fn set_objective(&mut self, objective: Option<Objective>) -> &mut Self {
        self.rewind();
        match objective {
            Some(objective) => self.optimiser.start(objective, &self.links),
            None => {
                self.optimiser.active = None;
                self.optimiser.limit = u128::MAX;
            }
        }
        self
    }

    /// Lowers the limit of the optimising search to `limit`: from now on it
    /// looks only for solutions whose objective is at most `limit` (the
    /// shared limit is lowered too, when there is one).
    pub fn lower_limit(&mut self, limit: u64) -> &mut Self {
        self.optimiser.lower_limit(u128::from(limit));
        self
    }

    /// The value of `objective` for a set of options: their number, or the
    /// sum of their costs (exact: it may exceed `u64::MAX`).
    pub fn objective_of(&self, objective: Objective, options: &[OptionId]) -> u128 {
        match objective {
            Objective::Options => u128::from(to_u64(options.len())),
            Objective::Cost => options.iter().fold(0u128, |sum, &o| {
                sum.saturating_add(u128::from(self.optimiser.option_cost[o.index()]))
            }),
        }
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
    /// The answer is the smallest solution found; with a complete outcome it
    /// is proven minimal (`None`: there is no solution), with
    /// [`Outcome::Stopped`] it is the best found before the stop.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Outcome, Solver};
    ///
    /// let problem = parse_dlx("a b c d\na\nb\nc\nd\na b\nc d\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let best = solver.min_options();
    /// assert_eq!(best.outcome, Outcome::Finished);
    /// assert_eq!(best.value.map(|s| s.len()), Some(2));
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn min_options(&mut self) -> Answer<Option<Vec<OptionId>>> {
        self.set_objective(Some(Objective::Options));
        let saved_limit = self.settings.limit.take();
        let mut best: Option<Vec<OptionId>> = None;
        let outcome = loop {
            match self.run(u64::MAX) {
                Step::Solution => {
                    let size = to_u64(self.solution.len());
                    if best.as_ref().is_none_or(|b| self.solution.len() < b.len()) {
                        best = Some(self.solution.clone());
                    }
                    self.optimiser
                        .lower_limit(u128::from(size.saturating_sub(1)));
                }
                Step::Paused => {}
                Step::End(outcome) => break outcome,
            }
        };
        self.set_objective(None);
        self.settings.limit = saved_limit;
        Answer::new(best, outcome)
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
    /// assert!(ranked.is_complete());
    /// let costs: Vec<u128> = ranked.value.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [4, 5]);
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn min_cost(&mut self, k: usize) -> Answer<Vec<Costed>> {
        self.set_objective(Some(Objective::Cost));
        let saved_limit = self.settings.limit.take();
        let mut ranked: Vec<Costed> = Vec::new();
        if k == 0 {
            // Nothing asked: no search.
            self.set_objective(None);
            self.settings.limit = saved_limit;
            return Answer::new(ranked, Outcome::LimitReached);
        }
        let outcome = loop {
            match self.run(u64::MAX) {
                Step::Solution => {
                    let cost = self.objective_of(Objective::Cost, &self.solution);
                    let at = ranked.partition_point(|s| s.cost <= cost);
                    if at < k {
                        ranked.insert(
                            at,
                            Costed {
                                cost,
                                options: self.solution.clone(),
                            },
                        );
                        ranked.truncate(k);
                    }
                    if ranked.len() == k {
                        // Only a strictly cheaper solution can still enter the list.
                        match ranked[k - 1].cost.checked_sub(1) {
                            // Only the best single solution is shared: a k-th best is not global.
                            Some(limit) if k == 1 => self.optimiser.lower_limit(limit),
                            Some(limit) => self.optimiser.limit = limit,
                            // Nothing is cheaper than 0: proven.
                            None => break Outcome::Finished,
                        }
                    }
                }
                Step::Paused => {}
                // The solution limit does not apply (it is set aside above):
                // a search that ends has explored its tree, or was stopped.
                Step::End(outcome) => break outcome,
            }
        };
        self.set_objective(None);
        self.settings.limit = saved_limit;
        Answer::new(ranked, outcome)
    }
}
