//! The search's levels read as nodes of its tree: the alternatives of a level and of the level the search would enter next, where a level stands among its alternatives, and the way back to the root.
//!
//! The hooks of [`SubtreeSearch`](super::SubtreeSearch), the divider, the progress estimate and Knuth's probe all read the tree this way, so it is written once here; it knows nothing of subtrees.

use super::{Next, Solver};

impl Solver {
    /// The number of alternatives of level `target`, the deepest replayed
    /// one when the way down kept it (`kept`), else the next to enter.
    pub(super) fn degree_at(&mut self, target: usize, kept: Option<u32>) -> u32 {
        match kept {
            Some(_) => self.links.len(self.links.top(self.stack.choice[target])),
            None => self.degree_here(),
        }
    }

    /// Enters the next level as a replayed one, taking its alternative `k` (`None`: its only one), by Algorithm X or M as the problem needs.
    /// Returns what [`Solver::replay_x`] returns, `None` at a dead end.
    pub(super) fn replay_next(&mut self, k: Option<u32>) -> Option<(bool, u64, u64)> {
        if self.links.algorithm_m() {
            self.replay_m(k)
        } else {
            self.replay_x(k)
        }
    }

    /// Undoes everything down to the choices of [`Solver::choose`] and
    /// forgets the subtree: the solver searches its whole tree again.
    pub(super) fn restart_at_root(&mut self) {
        self.unwind(self.stack.fixed);
        self.stack.base = self.stack.fixed;
        self.stack.range = None;
        self.stack.span = (0.0, 1.0);
        self.stack.next = Next::Forward;
        self.stack.replayed.clear();
    }

    /// Whether every primary item is covered at the current level.
    pub(super) fn at_solution(&mut self) -> bool {
        self.links.first_active() == 0
    }

    /// The number of alternatives of the level the search would enter next
    /// (Algorithm X: the options of the item it would choose; M: its degree).
    pub(super) fn degree_here(&mut self) -> u32 {
        if self.links.first_active() == 0 {
            return 0;
        }
        if self.links.algorithm_m() {
            let (_, degree) = self.links.dance().choose_item_m();
            u32::try_from(degree.max(0)).unwrap_or(u32::MAX)
        } else {
            self.links.len(self.links.choose_item())
        }
    }

    /// The updates of steps C4 (M4) at the level the search would enter
    /// next: the cover is made and undone.
    pub(super) fn cover_updates_here(&mut self) -> u64 {
        let mut updates = 0;
        let item = if self.links.algorithm_m() {
            let dance = self.links.dance();
            let (i, _) = dance.choose_item_m();
            let (times, _, most) = dance.tally(i);
            (times.saturating_add(1) >= most).then_some(i)
        } else {
            Some(self.links.choose_item())
        };
        if let Some(i) = item {
            self.links.cover::<true>(i, &mut updates);
            self.links.uncover::<true>(i);
        }
        updates
    }

    /// Level `l` as a node of the tree: the index of its current
    /// alternative, how many it has, and where it stops.
    pub(super) fn level_view(&self, l: usize) -> (u32, u32, u32) {
        if self.links.algorithm_m() {
            return self.level_m(l);
        }
        let x = self.stack.choice[l];
        let item = self.links.top(x);
        let d = self.links.len(item);
        let index_of = |node: u32| {
            let (mut k, mut p) = (0, self.links.down(item));
            while p != node && p != item {
                k += 1;
                p = self.links.down(p);
            }
            k
        };
        // A replayed level's alternative is on record: a walk to find it
        // would cost the width of the level at every call.
        if l < self.stack.base {
            let taken = match self.taken_at(l) {
                Some(k) => Some(k),
                None if d <= 1 => Some(0),
                None => None,
            };
            debug_assert_eq!(taken, Some(index_of(x)), "replayed level {l}");
            if let Some(k) = taken {
                return (k, d.max(1), d);
            }
        }
        let end = self.stack.ends[l];
        let e = if end == item { d } else { index_of(end) };
        (index_of(x), d.max(1), e)
    }

    /// Makes level `l` stop before its alternative `at`.
    pub(super) fn stop_level_at(&mut self, l: usize, at: u32) {
        if self.links.algorithm_m() {
            self.limit_m(l, at);
            return;
        }
        let item = self.links.top(self.stack.choice[l]);
        let mut node = self.links.down(item);
        for _ in 0..at {
            node = self.links.down(node);
        }
        self.stack.ends[l] = node;
    }
}
