//! The loop of Knuth's Algorithm X (Algorithm C with colors), resumable at steps C2 and C6.
//!
//! One loop over the explicit choice stack, each block labelled with its
//! step. It is compiled in copies (ARCHITECTURE.md): with the color tests or
//! without (`COLORS`), returning at each solution or only counting
//! (`REPORT`), with the bound test of the optimising searches or without
//! (`BOUND`); the plain copy carries none of the others' tests.

use super::{Next, Solver, Step};

impl Solver {
    /// Runs Algorithm X (C when `COLORS`) until a solution (when `REPORT`),
    /// the node budget, the stop flag or the end of the search.
    ///
    /// The loop's registers (`level`, `x`, `item`, the statistics) are
    /// locals, written back once when it stops: kept in `self`, the
    /// compiler would reload them after every store into the link arrays.
    pub(super) fn search_x<const COLORS: bool, const REPORT: bool, const BOUND: bool>(
        &mut self,
        node_budget: u64,
        stop: impl Fn() -> bool,
    ) -> Step {
        let Solver {
            links,
            stack,
            settings,
            optimiser,
            stats: saved,
            ..
        } = self;
        // The arrays as slices held here, in registers (`Dance`).
        let mut links = links.dance();
        let node_stop = saved.nodes.saturating_add(node_budget);
        let limit = settings.limit.unwrap_or(u64::MAX);
        let base = stack.base;
        let choice = &mut stack.choice[..];
        let mut stats = *saved;
        let mut level = stack.level;
        // `x` is the option tried at `level`, and `item` the item covered there.
        let (mut x, mut item): (u32, u32);
        // A call that resumes at C6 enters the loop over its level's options
        // directly; afterwards backtracking stays inside that loop, so no
        // branch has to guess between going forward and going back.
        let mut resume = stack.next == Next::Recover;
        if !resume && level == base && links.first_active() == 0 {
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
                return Step::Solution;
            }
            return Step::Done;
        }
        let (step, next, report) = 'forward: loop {
            if resume {
                resume = false;
                // C6: [Try again.] Undo the choice at this level and move to the next option.
                (item, x) = links.uncommit_and_next_of_item::<COLORS>(choice[level]);
                choice[level] = x;
            } else {
                // C2: [Enter level l.]
                if stop() {
                    break (Step::Stopped, Next::Forward, None);
                }
                if stats.nodes >= node_stop {
                    break (Step::Paused, Next::Forward, None);
                }
                // Branch and bound: prune when the choices so far and a lower
                // bound on what remains exceed the limit.
                if BOUND && optimiser.exceeded(&links, &choice[..level]) {
                    if level == base {
                        break (Step::Done, Next::Done, None);
                    }
                    level -= 1;
                    resume = true;
                    continue 'forward;
                }
                stats.nodes += 1;
                // C3: [Choose i.]
                item = links.choose_item();
                // C4: [Cover i.]
                x = links.cover_and_first::<COLORS>(item, &mut stats.updates);
                choice[level] = x;
            }
            loop {
                // C5: [Try x_l.]
                if x == item {
                    // C7: [Backtrack.] C8: [Leave level l.]
                    links.uncover::<COLORS>(item);
                    if level == base {
                        break 'forward (Step::Done, Next::Done, None);
                    }
                    level -= 1;
                    // C6 for the level above.
                    (item, x) = links.uncommit_and_next_of_item::<COLORS>(choice[level]);
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
                    break 'forward (Step::Solution, Next::Recover, Some(level + 1));
                }
                if stats.solutions >= limit {
                    break 'forward (Step::Done, Next::Recover, None);
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
