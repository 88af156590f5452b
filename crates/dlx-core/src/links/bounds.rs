//! Lower bounds for the optimising searches (branch and bound), read from the links as they stand.
//!
//! Both are admissible: they never exceed what any solution below the
//! current node still needs, so pruning with them loses no optimum (tested
//! against brute force).

use super::dance::Dance;
use super::Links;
use crate::index::to_usize;

impl Links {
    /// Every option's cost shared among its primary items, times `scale`,
    /// rounded down (so the sum of the shares never exceeds the cost).
    ///
    /// In `u128`: a cost may be as large as `u64::MAX`, and `scale` is far
    /// above 1, so a share in units of the scale need not fit a `u64`; in
    /// `u128` it is exact (below 2^64 times the scale).
    pub(crate) fn option_taxes(&self, costs: &[u64], scale: u64) -> Vec<u128> {
        self.first_node
            .iter()
            .zip(costs)
            .map(|(&first, &cost)| {
                let (start, end) = self.span(first);
                let n_primary = (start..end)
                    .filter(|&q| self.top(q) <= self.n_primary)
                    .count();
                u128::from(cost) * u128::from(scale)
                    / u128::try_from(n_primary.max(1)).unwrap_or(u128::MAX)
            })
            .collect()
    }
}

impl<const SHORT: bool> Dance<'_, SHORT> {
    /// A lower bound on the options still needed to cover the active primary items.
    ///
    /// Takes an active primary item not yet marked, counts one, and marks
    /// every item of every option still in its list; no option covers two
    /// counted items. `marks` (one entry per header) holds `generation` for
    /// the marked items.
    pub(crate) fn lower_bound(&self, marks: &mut [u32], generation: u32) -> u32 {
        let mut bound = 0;
        let mut i = self.first_active();
        while i != 0 {
            // With multiplicities, an item covered often enough needs nothing more.
            let satisfied = self.algorithm_m() && {
                let (times, least, _) = self.tally(i);
                times >= least
            };
            if !satisfied && marks[to_usize(i)] != generation {
                bound += 1;
                let mut p = self.down(i);
                while p != i {
                    // Mark every item of the option holding p.
                    let (start, end) = self.span(p);
                    for q in start..end {
                        marks[to_usize(self.top(q))] = generation;
                    }
                    p = self.down(p);
                }
            }
            i = self.next_active(i);
        }
        bound
    }

    /// A lower bound on the cost still to pay, in units of the tax scale:
    /// every active primary item pays the smallest tax among its options.
    /// `None` when some item can no longer be covered often enough.
    ///
    /// The sum saturates at `u128::MAX`: a sum cut down stays a lower bound.
    pub(crate) fn cost_lower_bound(&self, taxes: &[u128]) -> Option<u128> {
        let mut bound = 0u128;
        let mut i = self.first_active();
        while i != 0 {
            // With multiplicities, an item needs as many more options as it lacks.
            let deficit = if self.algorithm_m() {
                let (times, least, _) = self.tally(i);
                least.saturating_sub(times)
            } else {
                1
            };
            if deficit == 0 {
                i = self.next_active(i);
                continue;
            }
            if self.len(i) < deficit {
                // Not enough options left: this branch has no solution at all.
                return None;
            }
            let mut cheapest = u128::MAX;
            let mut p = self.down(i);
            while p != i {
                cheapest = cheapest.min(taxes[self.option_index(p)]);
                p = self.down(p);
            }
            bound = bound.saturating_add(cheapest.saturating_mul(u128::from(deficit)));
            i = self.next_active(i);
        }
        Some(bound)
    }
}
