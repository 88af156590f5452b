//! The loop of Knuth's Algorithm M (primary items with multiplicities), resumable at steps M2 and M7.
//!
//! At each level the item with the smallest branching degree is chosen.
//! If one more option completes it, it is covered and its options are tried
//! as in Algorithm X; otherwise it stays in place ("partial") and its options
//! are tried in order, each taken out of every list once tried, so that a
//! multiset of options is found once, in one order (Knuth's tweak). When the
//! item has been covered often enough, a last alternative leaves it as it
//! is; that level's choice is then the item's header. A level tries exactly
//! as many alternatives as its branching degree.

use super::{Inner, Next, Solver};
use crate::index::{to_u32, to_usize};
use crate::links::Dance;

/// Algorithm M's state of each level, beside the choice stack.
#[derive(Clone, Debug, Default)]
pub(super) struct Multiplicities {
    /// The item branched on at each level.
    item: Vec<u32>,
    /// Whether the level left its item in place while trying its options.
    partial: Vec<bool>,
    /// Where each level's excluded options start on `excluded`.
    excluded_from: Vec<u32>,
    /// The trail of options taken out of every list by the partial levels.
    excluded: Vec<u32>,
    /// How many alternatives each level has tried, its current one included.
    pub(super) tried: Vec<u32>,
    /// Each level's branching degree when it was entered: the number of
    /// alternatives it tries.
    pub(super) degree: Vec<u32>,
    /// The alternative at which each level stops (`u32::MAX`: after its last),
    /// less when the level's last alternatives were given to another search.
    pub(super) limit: Vec<u32>,
}

/// Which alternative comes next at a level of Algorithm M (steps M5 and M6).
enum Alternative {
    /// The option of this node.
    Option,
    /// Leave the item as it is.
    Leave,
    /// None left.
    Done,
}

impl Multiplicities {
    /// The state of `depth` levels (none for a problem without
    /// multiplicities) of a problem with `n_options` options.
    pub(super) fn new(depth: usize, n_options: usize) -> Multiplicities {
        Multiplicities {
            item: vec![0; depth],
            partial: vec![false; depth],
            excluded_from: vec![0; depth],
            excluded: Vec::with_capacity(if depth > 0 { n_options } else { 0 }),
            tried: vec![0; depth],
            degree: vec![1; depth],
            limit: vec![u32::MAX; depth],
        }
    }

    /// Steps M3 and M4 at level `l`: chooses the item, covers it when one
    /// more option completes it. Returns the item, its degree and the
    /// updates made.
    #[inline(always)]
    fn enter_level<const COLORS: bool>(
        &mut self,
        links: &mut Dance<'_>,
        l: usize,
        updates: &mut u64,
    ) -> (u32, i64) {
        let (i, degree) = links.choose_item_m();
        self.item[l] = i;
        self.excluded_from[l] = to_u32(self.excluded.len());
        self.tried[l] = 0;
        self.degree[l] = u32::try_from(degree.max(1)).unwrap_or(u32::MAX);
        self.limit[l] = u32::MAX;
        let (times, _, most) = links.tally(i);
        self.partial[l] = times.saturating_add(1) < most;
        if !self.partial[l] {
            links.cover::<COLORS>(i, updates);
        }
        (i, degree)
    }

    /// Whether `x`, the next node of level `l`'s list (its header when the
    /// list is done), is an option to try, or the item is to be left as it
    /// is, or the level is done (steps M5 and M6, and the level's limit).
    #[inline(always)]
    fn next_alternative(&self, links: &Dance<'_>, l: usize, x: u32) -> Alternative {
        if self.tried[l] >= self.limit[l] {
            return Alternative::Done;
        }
        let i = self.item[l];
        let (times, least, _) = links.tally(i);
        if x != i && (!self.partial[l] || links.len(i) >= least.saturating_sub(times)) {
            Alternative::Option
        } else if times >= least {
            Alternative::Leave
        } else {
            Alternative::Done
        }
    }

    /// Takes alternative `x` at level `l`, as `next_alternative` found it;
    /// returns the level's choice (the item's header when it is left as it is).
    #[inline(always)]
    fn take<const COLORS: bool>(
        &mut self,
        links: &mut Dance<'_>,
        l: usize,
        x: u32,
        leave: bool,
        updates: &mut u64,
    ) -> u32 {
        let i = self.item[l];
        self.tried[l] += 1;
        if leave {
            if self.partial[l] {
                links.unlink_item(i);
            }
            return i;
        }
        if self.partial[l] {
            links.exclude_option::<COLORS>(x, updates);
            self.excluded.push(x);
            links.apply_tally::<COLORS>(x, updates);
        } else {
            links.commit_tally::<COLORS>(x, updates);
        }
        x
    }

    /// Passes over an option alternative `x` at level `l` without trying it:
    /// a partial level takes it out of every list, as trying it would have
    /// done. Returns the next node to consider.
    fn skip<const COLORS: bool>(&mut self, links: &mut Dance<'_>, l: usize, x: u32) -> u32 {
        let i = self.item[l];
        self.tried[l] += 1;
        if self.partial[l] {
            let mut updates = 0;
            links.exclude_option::<COLORS>(x, &mut updates);
            self.excluded.push(x);
            links.down(i)
        } else {
            links.down(x)
        }
    }

    /// Undoes alternative `x` tried at level `l` (the undoing half of steps M7 and M8).
    #[inline(always)]
    fn undo_alternative<const COLORS: bool>(&self, links: &mut Dance<'_>, l: usize, x: u32) {
        let i = self.item[l];
        if x == i {
            // The item was left as it is; a partial level had taken it out of the list.
            if self.partial[l] {
                links.relink_item(i);
            }
        } else if self.partial[l] {
            links.unapply_tally::<COLORS>(x);
        } else {
            links.uncommit_tally::<COLORS>(x);
        }
    }

    /// Restores level `l` once every alternative is undone (step M8).
    #[inline(always)]
    fn finish_level<const COLORS: bool>(&mut self, links: &mut Dance<'_>, l: usize) {
        if self.partial[l] {
            let start = to_usize(self.excluded_from[l]);
            while self.excluded.len() > start {
                let x = self.excluded.pop().unwrap_or_default();
                links.include_option::<COLORS>(x);
            }
        } else {
            links.uncover::<COLORS>(self.item[l]);
        }
    }

    /// The next node of level `l`'s list after alternative `old`: a partial
    /// level took `old` out of every list, so the next is the list's first.
    fn after(&self, links: &Dance<'_>, l: usize, old: u32) -> u32 {
        if self.partial[l] {
            links.down(self.item[l])
        } else {
            links.down(old)
        }
    }
}

impl Solver {
    /// Runs Algorithm M (with Algorithm C's colors when `COLORS`) until a
    /// solution (when `REPORT`), the end of its slice of nodes, or the end.
    ///
    /// Written as [`Solver::search_x`] is: the registers are locals, saved
    /// once when the loop stops.
    pub(super) fn search_m<const COLORS: bool, const REPORT: bool, const BOUND: bool>(
        &mut self,
        slice: u64,
    ) -> Inner {
        let Solver {
            links,
            stack,
            m,
            settings,
            optimiser,
            stats: saved,
            ..
        } = self;
        let mut links = links.dance();
        let links = &mut links;
        let node_stop = saved.nodes.saturating_add(slice);
        let limit = settings.limit.unwrap_or(u64::MAX);
        let base = stack.base;
        let range = stack.range;
        let choice = &mut stack.choice[..];
        let mut stats = *saved;
        let mut level = stack.level;
        let mut next = stack.next;
        let mut report = None;
        // Finishes the current level, whose alternatives are all undone, and
        // backs up (M8, M9); true when that ends the search.
        macro_rules! finish_and_back_up {
            () => {{
                m.finish_level::<COLORS>(links, level);
                if level == base {
                    next = Next::Done;
                    true
                } else {
                    level -= 1;
                    next = Next::Recover;
                    false
                }
            }};
        }
        // The first level of a subtree: M3 and M4 (counted only when the
        // level is the subtree's own), then past the alternatives before its range.
        let mut first: Option<u32> = None;
        if next == Next::Range && links.first_active() == 0 {
            // Nothing left to cover: M2 finds the solution.
            next = Next::Forward;
        } else if next == Next::Range
            && range.is_some_and(|range| range.counts_node)
            && saved.nodes >= node_stop
        {
            // The subtree's own level is a node to enter, and the slice has none left.
            return Inner::Paused;
        } else if next == Next::Range {
            let range = range.unwrap_or_default();
            let mut updates = 0;
            let (i, degree) = m.enter_level::<COLORS>(links, level, &mut updates);
            if range.counts_node {
                stats.nodes += 1;
                stats.updates += updates;
            }
            m.limit[level] = range.to;
            let mut x = links.down(i);
            if degree > 0 {
                while m.tried[level] < range.from {
                    match m.next_alternative(links, level, x) {
                        Alternative::Option => x = m.skip::<COLORS>(links, level, x),
                        Alternative::Leave | Alternative::Done => break,
                    }
                }
            } else {
                m.limit[level] = 0;
            }
            next = Next::Forward;
            first = Some(x);
        }
        let step = loop {
            // `x` is the next alternative to try at this level: an option node,
            // or the item's header for "leave it as it is".
            let x: u32;
            if let Some(start) = first.take() {
                x = start;
            } else if next == Next::Forward {
                // M2: [Enter level l.]
                if links.first_active() == 0 {
                    // A solution, which Knuth counts as a node (TAOCP 7.2.2-(4)).
                    stats.solutions += 1;
                    stats.nodes += 1;
                    let at_base = level == base;
                    if REPORT {
                        report = Some(level);
                    }
                    // Resume by trying the next alternative one level up.
                    if at_base {
                        next = Next::Done;
                    } else {
                        level -= 1;
                        next = Next::Recover;
                    }
                    if REPORT {
                        break Inner::Solution;
                    }
                    if at_base || stats.solutions >= limit {
                        break Inner::Done;
                    }
                    continue;
                }
                if BOUND && optimiser.exceeded(links, &choice[..level]) {
                    // Branch and bound: nothing below here can beat the
                    // limit. (Before the end of the slice: a prune enters no node.)
                    if level == base {
                        next = Next::Done;
                        break Inner::Done;
                    }
                    level -= 1;
                    next = Next::Recover;
                    continue;
                }
                if stats.nodes >= node_stop {
                    break Inner::Paused;
                }
                // M3: [Choose i.] M4: [Prepare to branch on i.]
                stats.nodes += 1;
                let (i, degree) = m.enter_level::<COLORS>(links, level, &mut stats.updates);
                if degree <= 0 {
                    // No alternative at all.
                    if finish_and_back_up!() {
                        break Inner::Done;
                    }
                    continue;
                }
                x = links.down(i);
            } else {
                // M7: [Try again.] Undo the alternative at this level and find the next.
                let old = choice[level];
                m.undo_alternative::<COLORS>(links, level, old);
                if old == m.item[level] {
                    // "Leave it as it is" was the last alternative.
                    if finish_and_back_up!() {
                        break Inner::Done;
                    }
                    continue;
                }
                x = m.after(links, level, old);
            }
            // M5, M6: [Try x_l.]
            let leave = match m.next_alternative(links, level, x) {
                Alternative::Option => false,
                Alternative::Leave => true,
                Alternative::Done => {
                    if finish_and_back_up!() {
                        break Inner::Done;
                    }
                    continue;
                }
            };
            choice[level] = m.take::<COLORS>(links, level, x, leave, &mut stats.updates);
            level += 1;
            stats.max_level = stats.max_level.max(level);
            next = Next::Forward;
        };
        stack.level = level;
        stack.next = next;
        *saved = stats;
        if let Some(top) = report {
            self.load_solution(top);
        }
        step
    }

    /// Replays a level of a subtree's path: steps M3 to M6 as the search
    /// takes them, with alternative `k`, or the only one when the level has
    /// one (`k` is then not used). Returns whether `k` was used, the updates
    /// of M4 and those of taking the alternative (counted by nobody here),
    /// or `None` when the level has no such alternative.
    pub(super) fn replay_m(&mut self, k: Option<u32>) -> Option<(bool, u64, u64)> {
        let Solver {
            links, stack, m, ..
        } = self;
        let mut links = links.dance();
        let links = &mut links;
        let level = stack.level;
        if links.first_active() == 0 {
            return None;
        }
        let mut cover = 0;
        let (i, degree) = m.enter_level::<true>(links, level, &mut cover);
        let mut updates = 0;
        let (k, used) = match (degree, k) {
            (1, _) => (0, false),
            (2.., Some(k)) if i64::from(k) < degree => (k, true),
            _ => {
                m.finish_level::<true>(links, level);
                return None;
            }
        };
        let mut x = links.down(i);
        loop {
            match m.next_alternative(links, level, x) {
                Alternative::Option if m.tried[level] < k => x = m.skip::<true>(links, level, x),
                Alternative::Option => {
                    stack.choice[level] = m.take::<true>(links, level, x, false, &mut updates);
                    break;
                }
                Alternative::Leave if m.tried[level] == k => {
                    stack.choice[level] = m.take::<true>(links, level, x, true, &mut updates);
                    break;
                }
                Alternative::Leave | Alternative::Done => {
                    // Cannot happen: a level tries exactly `degree` alternatives.
                    m.finish_level::<true>(links, level);
                    return None;
                }
            }
        }
        stack.level += 1;
        Some((used, cover, updates))
    }

    /// Undoes the alternative of levels `from..top` and the levels themselves, deepest first.
    pub(super) fn unwind_m(&mut self, from: usize, top: usize) {
        let mut links = self.links.dance();
        for l in (from..top).rev() {
            let x = self.stack.choice[l];
            self.m.undo_alternative::<true>(&mut links, l, x);
            self.m.finish_level::<true>(&mut links, l);
        }
    }

    /// Algorithm M's view of level `l` for the progress estimate and for
    /// giving work away: the current alternative's index, the number of
    /// alternatives, and where the level stops.
    pub(super) fn level_m(&self, l: usize) -> (u32, u32, u32) {
        let tried = self.m.tried[l].max(1);
        let degree = self.m.degree[l].max(1);
        (tried - 1, degree, self.m.limit[l].min(degree))
    }

    /// Makes level `l` stop before alternative `at`.
    pub(super) fn limit_m(&mut self, l: usize, at: u32) {
        self.m.limit[l] = at;
    }
}
