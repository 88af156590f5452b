//! The loop of Knuth's Algorithm M (primary items with multiplicities), resumable at steps M2 and M7.
//!
//! At each level the item with the smallest branching degree is chosen.
//! If one more option completes it, it is covered and its options are tried
//! as in Algorithm X; otherwise it stays in place ("partial") and its options
//! are tried in order, each taken out of every list once tried, so that a
//! multiset of options is found once, in one order (Knuth's tweak). When the
//! item has been covered often enough, a last alternative leaves it as it
//! is; that level's choice is then the item's header.

use super::{Next, Solver, Step};
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
    /// For the progress estimate: the alternatives each level has tried (its
    /// current one included), and its branching degree when it was entered,
    /// which is the number of alternatives it tries.
    pub(super) tried: Vec<u32>,
    pub(super) degree: Vec<u32>,
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
}

impl Solver {
    /// Runs Algorithm M (with Algorithm C's colors when `COLORS`) until a
    /// solution (when `REPORT`), the node budget, the stop flag or the end.
    ///
    /// Written as [`Solver::search_x`] is: the registers are locals, saved
    /// once when the loop stops.
    pub(super) fn search_m<const COLORS: bool, const REPORT: bool, const BOUND: bool>(
        &mut self,
        node_budget: u64,
        stop: impl Fn() -> bool,
    ) -> Step {
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
        let node_stop = saved.nodes.saturating_add(node_budget);
        let limit = settings.limit.unwrap_or(u64::MAX);
        let base = stack.base;
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
        let step = loop {
            // `x` is the next alternative to try at this level: an option node,
            // or the item's header for "leave it as it is".
            let mut x: u32;
            if next == Next::Forward {
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
                        break Step::Solution;
                    }
                    if at_base || stats.solutions >= limit {
                        break Step::Done;
                    }
                    continue;
                }
                if stop() {
                    break Step::Stopped;
                }
                if stats.nodes >= node_stop {
                    break Step::Paused;
                }
                if BOUND && optimiser.exceeded(links, &choice[..level]) {
                    // Branch and bound: nothing below here can beat the limit.
                    if level == base {
                        next = Next::Done;
                        break Step::Done;
                    }
                    level -= 1;
                    next = Next::Recover;
                    continue;
                }
                // M3: [Choose i.]
                stats.nodes += 1;
                let (i, degree) = links.choose_item_m();
                m.item[level] = i;
                m.excluded_from[level] = to_u32(m.excluded.len());
                m.tried[level] = 0;
                m.degree[level] = u32::try_from(degree.max(1)).unwrap_or(u32::MAX);
                // M4: [Prepare to branch on i.] Cover it when one more option completes it.
                let (times, _, most) = links.tally(i);
                m.partial[level] = times.saturating_add(1) < most;
                if !m.partial[level] {
                    links.cover::<COLORS>(i, &mut stats.updates);
                }
                if degree <= 0 {
                    // No alternative at all.
                    if finish_and_back_up!() {
                        break Step::Done;
                    }
                    continue;
                }
                x = links.down(i);
            } else {
                // M7: [Try again.] Undo the alternative at this level and find the next.
                let (i, old) = (m.item[level], choice[level]);
                m.undo_alternative::<COLORS>(links, level, old);
                if old == i {
                    // "Leave it as it is" was the last alternative.
                    if finish_and_back_up!() {
                        break Step::Done;
                    }
                    continue;
                }
                // A partial level took `old` out of every list: the next is the list's first.
                x = if m.partial[level] {
                    links.down(i)
                } else {
                    links.down(old)
                };
            }
            // M5, M6: [Try x_l.]
            let i = m.item[level];
            let (times, least, _) = links.tally(i);
            let partial = m.partial[level];
            if x != i && (!partial || links.len(i) >= least.saturating_sub(times)) {
                if partial {
                    links.exclude_option::<COLORS>(x, &mut stats.updates);
                    m.excluded.push(x);
                    links.apply_tally::<COLORS>(x, &mut stats.updates);
                } else {
                    links.commit_tally::<COLORS>(x, &mut stats.updates);
                }
            } else if times >= least {
                // The last alternative: leave the item as it is.
                if partial {
                    links.unlink_item(i);
                }
                x = i;
            } else {
                if finish_and_back_up!() {
                    break Step::Done;
                }
                continue;
            }
            choice[level] = x;
            m.tried[level] += 1;
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

    /// Undoes every level's alternative and the level itself, deepest first.
    pub(super) fn rewind_m(&mut self) {
        let mut links = self.links.dance();
        for l in (self.stack.base..self.stack.top()).rev() {
            let x = self.stack.choice[l];
            self.m.undo_alternative::<true>(&mut links, l, x);
            self.m.finish_level::<true>(&mut links, l);
        }
    }
}
