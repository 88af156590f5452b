//! The loop of Knuth's Algorithm X (Algorithm C with colors), resumable at steps C2 and C6.
//!
//! One loop over the explicit choice stack, each block labelled with its
//! step. It is compiled in copies (ARCHITECTURE.md): with the color tests or
//! without (`COLORS`), returning at each solution or only counting
//! (`REPORT`), with the bound test of the optimising searches or without
//! (`BOUND`); the plain copy carries none of the others' tests.
//!
//! Each level walks its item's list from its first option to the node
//! `ends[level]`: the item's header, unless the level's last options were
//! given to another search ([`Solver::donate`]), or the level is the first of
//! a [`Subtree`](super::Subtree) that holds only some of its options.

use super::{Inner, Next, Solver};

impl Solver {
    /// Runs Algorithm X (C when `COLORS`) until a solution (when `REPORT`),
    /// the end of its slice of nodes, or the end of the search.
    ///
    /// The loop's registers (`level`, `x`, `item`, the statistics) are
    /// locals, written back once when it stops: kept in `self`, the
    /// compiler would reload them after every store into the link arrays.
    pub(super) fn search_x<
        const COLORS: bool,
        const REPORT: bool,
        const BOUND: bool,
        const SHORT: bool,
    >(
        &mut self,
        slice: u64,
    ) -> Inner {
        let Solver {
            links,
            stack,
            settings,
            optimiser,
            stats: saved,
            ..
        } = self;
        // The arrays as slices held here, in registers (`Dance`).
        let mut links = links.dance_with::<SHORT>();
        let node_stop = saved.nodes.saturating_add(slice);
        let limit = settings.limit.unwrap_or(u64::MAX);
        let base = stack.base;
        let range = stack.range;
        let choice = &mut stack.choice[..];
        let ends = &mut stack.ends[..];
        let mut stats = *saved;
        let mut level = stack.level;
        // `x` is the option tried at `level`, `item` the item covered there,
        // and `end` the node at which the level's walk stops.
        let (mut x, mut item, mut end): (u32, u32, u32) = (0, 0, 0);
        // A call that resumes at C6 enters the loop over its level's options
        // directly; afterwards backtracking stays inside that loop, so no
        // branch has to guess between going forward and going back.
        let mut resume = stack.next == Next::Recover;
        // The first level of a subtree starts at C5, with its first option.
        let mut at_c5 = false;
        if stack.next == Next::Range
            && links.first_active() != 0
            && range.is_some_and(|range| range.counts_node)
            && saved.nodes >= node_stop
        {
            // The subtree's own level is a node to enter, and the slice has none left.
            return Inner::Paused;
        }
        if stack.next == Next::Range && links.first_active() != 0 {
            let range = range.unwrap_or_default();
            // C3 and C4, counted only when the subtree's level is its own.
            let mut updates = 0;
            item = links.choose_item();
            x = links.cover_and_first::<COLORS>(item, &mut updates);
            if range.counts_node {
                stats.nodes += 1;
                stats.updates += updates;
            }
            for _ in 0..range.from {
                if x != item {
                    x = links.down(x);
                }
            }
            end = item;
            if range.to != u32::MAX {
                end = x;
                for _ in range.from..range.to {
                    if end != item {
                        end = links.down(end);
                    }
                }
            }
            choice[level] = x;
            ends[level] = end;
            at_c5 = true;
        } else if !resume && level == base && links.first_active() == 0 {
            // (A subtree's level with nothing left to cover comes here too.)
            // No primary item is left before any choice: the choices fixed
            // by `choose` alone are the one solution. (Later solutions are
            // caught in C5, so C2 below always finds an uncovered item.)
            // A solution is a node of its own, as Knuth counts.
            stats.solutions += 1;
            stats.nodes += 1;
            stats.max_level = stats.max_level.max(level);
            *saved = stats;
            stack.next = Next::Done;
            if REPORT {
                self.load_solution(level);
                return Inner::Solution;
            }
            return Inner::Done;
        }
        let (step, next, report) = 'forward: loop {
            if at_c5 {
                at_c5 = false;
            } else if resume {
                resume = false;
                // C6: [Try again.] Undo the choice at this level and move to the next option.
                (item, x) = links.uncommit_and_next_of_item::<COLORS>(choice[level]);
                end = ends[level];
                choice[level] = x;
            } else {
                // C2: [Enter level l.] Solutions are caught in C5, so here some primary item is uncovered.
                // Branch and bound: prune when the choices so far and a lower
                // bound on what remains exceed the limit. (Before the end of
                // the slice: a prune enters no node, so a search whose
                // budget is spent may still end by pruning.)
                if BOUND && optimiser.exceeded(&links, &choice[..level]) {
                    if level == base {
                        break (Inner::Done, Next::Done, None);
                    }
                    level -= 1;
                    resume = true;
                    continue 'forward;
                }
                if stats.nodes >= node_stop {
                    break (Inner::Paused, Next::Forward, None);
                }
                stats.nodes += 1;
                // C3: [Choose i.]
                item = links.choose_item();
                // C4: [Cover i.]
                x = links.cover_and_first::<COLORS>(item, &mut stats.updates);
                end = item;
                choice[level] = x;
                ends[level] = end;
            }
            loop {
                // C5: [Try x_l.]
                if x == end {
                    // C7: [Backtrack.] C8: [Leave level l.]
                    links.uncover::<COLORS>(item);
                    if level == base {
                        break 'forward (Inner::Done, Next::Done, None);
                    }
                    level -= 1;
                    // C6 for the level above.
                    (item, x) = links.uncommit_and_next_of_item::<COLORS>(choice[level]);
                    end = ends[level];
                    choice[level] = x;
                    continue;
                }
                links.commit_option::<COLORS>(x, &mut stats.updates);
                if links.first_active() != 0 {
                    level += 1;
                    if level > stats.max_level {
                        stats.max_level = level;
                    }
                    continue 'forward;
                }
                // C2 for level l + 1: every primary item is covered, a solution,
                // which Knuth counts as a node of level l + 1 (TAOCP 7.2.2-(4)).
                stats.solutions += 1;
                stats.nodes += 1;
                if level + 1 > stats.max_level {
                    stats.max_level = level + 1;
                }
                if REPORT {
                    break 'forward (Inner::Solution, Next::Recover, Some(level + 1));
                }
                if stats.solutions >= limit {
                    break 'forward (Inner::Done, Next::Recover, None);
                }
                // C6 inline: undo and try the next option at this level.
                x = links.uncommit_and_next::<COLORS>(x);
                choice[level] = x;
            }
        };
        stack.level = level;
        stack.next = next;
        *saved = stats;
        if let Some(top) = report {
            self.load_solution(top);
        }
        step
    }
}

impl Solver {
    /// Replays a level of a subtree's path: steps C3, C4 and the commit of
    /// alternative `k`, or of the only option when the level has one (`k`
    /// is then not used). Returns whether `k` was used, the updates of C4 and
    /// those of the commit (counted by nobody here), or `None` when the
    /// level has no such alternative.
    pub(super) fn replay_x(&mut self, k: Option<u32>) -> Option<(bool, u64, u64)> {
        if self.links.short_counts() {
            self.replay_x_with::<true>(k)
        } else {
            self.replay_x_with::<false>(k)
        }
    }

    /// [`Solver::replay_x`] on links that keep the short counts or not (`SHORT`).
    fn replay_x_with<const SHORT: bool>(&mut self, k: Option<u32>) -> Option<(bool, u64, u64)> {
        let Solver { links, stack, .. } = self;
        let mut links = links.dance_with::<SHORT>();
        let item = links.choose_item();
        if item == 0 {
            // No item is left: the path runs past a solution.
            return None;
        }
        let (k, used) = match (links.len(item), k) {
            (1, _) => (0, false),
            (d @ 2.., Some(k)) if k < d => (k, true),
            _ => return None,
        };
        let mut cover = 0;
        let mut x = links.cover_and_first::<true>(item, &mut cover);
        for _ in 0..k {
            x = links.down(x);
        }
        let mut commit = 0;
        links.commit_option::<true>(x, &mut commit);
        let level = stack.level;
        stack.choice[level] = x;
        stack.ends[level] = item;
        stack.level += 1;
        Some((used, cover, commit))
    }
}
