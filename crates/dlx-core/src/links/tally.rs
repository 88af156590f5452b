//! Algorithm M's operations: tallies of how many chosen options cover each
//! primary item, options taken out of every list, items left as they are.
//!
//! These run only for problems with multiplicities
//! ([`Problem::needs_algorithm_m`]), whose search is less hot than Algorithm
//! X's: the tallies are read with ordinary bounds checks, and only the walks
//! shared with [`dance`](super::dance) go unchecked.

#![allow(
    unsafe_code,
    reason = "the walks call the unchecked node operations of `dance` on option nodes they prove"
)]

use super::dance::Dance;
use super::{ItemLink, Links, PLAIN_OPTION};
use crate::index::to_usize;
use crate::problem::Problem;

impl Links {
    /// Fills the tallies and their bounds (M7: `n_items + 2` entries each).
    pub(super) fn lay_out_multiplicities(&mut self, problem: &Problem) {
        let headers = self.items.len();
        self.times = vec![0; headers];
        self.least = vec![1; headers];
        self.most = vec![1; headers];
        for h in 1..=to_usize(self.n_primary) {
            let bounds = problem.bounds[to_usize(self.item_of_header[h])];
            self.least[h] = bounds.min;
            self.most[h] = bounds.max.unwrap_or(u32::MAX);
        }
    }
}

impl<const SHORT: bool> Dance<'_, SHORT> {
    /// How many chosen options cover primary header `i`, the least and the
    /// most allowed (`u32::MAX`: no limit).
    pub(crate) fn tally(&self, i: u32) -> (u32, u32, u32) {
        let i = to_usize(i);
        (self.times[i], self.least[i], self.most[i])
    }

    /// Algorithm M's branching degree of header `i`: its options, plus one for
    /// leaving it as it is when it has been covered often enough, less the
    /// options it still needs beyond one (Knuth's θ). It is also the number of
    /// alternatives the level that branches on `i` tries.
    #[inline(always)]
    pub(crate) fn branching_degree(&self, i: u32) -> i64 {
        let (times, least, _) = self.tally(i);
        i64::from(self.len(i)) + 1 - i64::from(least.saturating_sub(times))
    }

    /// Algorithm M's step M3 as Knuth's DLX3 takes it: the smallest
    /// branching degree; among equals the smaller slack `s` (the least of the
    /// item's room above its lower bound and its room left, `min(most - least,
    /// most - times)`), since items with slack are less constrained; among
    /// those the longer list (Knuth: it "tends to reduce the size of the final
    /// search tree"); then the leftmost. Returns the item and its degree, at
    /// once the first with a degree of 0 or less, and `(0, i64::MAX)` when no
    /// item is active.
    pub(crate) fn choose_item_m(&self) -> (u32, i64) {
        // (degree, slack, the list's length negated, header): least wins.
        let mut best: Option<(i64, u32, i64, u32)> = None;
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = crate::index::to_u32(w * 64) + bits.trailing_zeros();
                bits &= bits - 1;
                let degree = self.branching_degree(p);
                if degree <= 0 {
                    return (p, degree);
                }
                let (times, least, most) = self.tally(p);
                let slack = (most - least.min(most)).min(most.saturating_sub(times));
                let key = (degree, slack, -i64::from(self.len(p)), p);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
        }
        best.map_or((0, i64::MAX), |(degree, _, _, p)| (p, degree))
    }

    /// The nodes of the option holding `x`, after checking that it is an option node.
    fn option_span(&self, x: u32) -> (u32, u32) {
        let span = self.spans[to_usize(x)];
        assert!(span.start < span.end, "node {x} is not an option node");
        (span.start, span.end & !PLAIN_OPTION)
    }

    /// Takes the option holding option node `p` out of every list, `p`'s own
    /// included, so that it can be neither chosen nor tallied again (Knuth's tweak).
    pub(crate) fn exclude_option<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        self.option_span(p);
        // SAFETY: `p` is an option node, just checked.
        unsafe {
            self.unlink_node(p);
            *updates += 1;
            self.hide::<COLORS>(p, updates);
        }
    }

    /// Undoes `exclude_option(p)`.
    pub(crate) fn include_option<const COLORS: bool>(&mut self, p: u32) {
        self.option_span(p);
        // SAFETY: `p` is an option node, just checked.
        unsafe {
            self.unhide::<COLORS>(p);
            self.relink_node(p);
        }
    }

    /// One more option covers option node `q`'s item: a primary item is
    /// covered when it reaches its most, a secondary one at once (or purified).
    ///
    /// # Safety
    /// `q` is an option node (M3).
    #[inline(always)]
    unsafe fn tally_node<const COLORS: bool>(&mut self, q: u32, updates: &mut u64) {
        let item = self.top(q);
        if item <= self.n_primary {
            let times = &mut self.times[to_usize(item)];
            *times += 1;
            if *times == self.most[to_usize(item)] {
                self.cover::<COLORS>(item, updates);
            }
        } else {
            // A secondary item: as in `commit_option`.
            // SAFETY: `q` is an option node (the caller).
            unsafe { self.commit_node::<COLORS>(q, updates) };
        }
    }

    /// Undoes `tally_node(q)`.
    ///
    /// # Safety
    /// `q` is an option node (M3).
    #[inline(always)]
    unsafe fn untally_node<const COLORS: bool>(&mut self, q: u32) {
        let item = self.top(q);
        if item <= self.n_primary {
            if self.times[to_usize(item)] == self.most[to_usize(item)] {
                self.uncover::<COLORS>(item);
            }
            self.times[to_usize(item)] -= 1;
        } else {
            // SAFETY: `q` is an option node (the caller).
            unsafe { self.uncommit_node::<COLORS>(q) };
        }
    }

    /// Tallies every item of the option holding `x` but `x`'s own, covering
    /// the items that reach their most (Algorithm M's commit).
    pub(crate) fn commit_tally<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        // By the option's span, as `commit_option`: no spacer test to mispredict.
        let (start, end) = self.option_span(x);
        let mut p = x;
        for _ in 1..end - start {
            p += 1;
            p = if p == end { start } else { p };
            // SAFETY: `p` is a node of the span, an option node (M3).
            unsafe { self.tally_node::<COLORS>(p, updates) };
        }
    }

    /// Undoes `commit_tally(x)` in reverse order.
    pub(crate) fn uncommit_tally<const COLORS: bool>(&mut self, x: u32) {
        let (start, end) = self.option_span(x);
        let mut p = x;
        for _ in 1..end - start {
            p = if p == start { end } else { p };
            p -= 1;
            // SAFETY: `p` is a node of the span, an option node (M3).
            unsafe { self.untally_node::<COLORS>(p) };
        }
    }

    /// Tallies every item of the option holding `x`, `x`'s own first.
    pub(crate) fn apply_tally<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        self.option_span(x);
        // SAFETY: `x` is an option node, just checked.
        unsafe { self.tally_node::<COLORS>(x, updates) };
        self.commit_tally::<COLORS>(x, updates);
    }

    /// Undoes `apply_tally(x)`.
    pub(crate) fn unapply_tally<const COLORS: bool>(&mut self, x: u32) {
        self.uncommit_tally::<COLORS>(x);
        self.option_span(x);
        // SAFETY: `x` is an option node, just checked.
        unsafe { self.untally_node::<COLORS>(x) };
    }

    /// Takes header `i` out of the item list without touching its options.
    pub(crate) fn unlink_item(&mut self, i: u32) {
        let ItemLink { left, right } = self.items[to_usize(i)];
        self.items[to_usize(left)].right = right;
        self.items[to_usize(right)].left = left;
        // SAFETY: `i < items.len()`, checked by the indexing above.
        unsafe { self.set_active(i, false) };
    }

    /// Undoes `unlink_item(i)`.
    pub(crate) fn relink_item(&mut self, i: u32) {
        let ItemLink { left, right } = self.items[to_usize(i)];
        self.items[to_usize(left)].right = i;
        self.items[to_usize(right)].left = i;
        // SAFETY: `i < items.len()`, checked by the indexing above.
        unsafe { self.set_active(i, true) };
    }
}
