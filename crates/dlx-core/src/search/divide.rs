//! Subtrees divided one after another ([`Divider`](super::Divider)), the levels one's way down shares with the next kept replayed.
//!
//! `dlx split` and `dlx count --shard` divide the pieces of a level of `n` alternatives in the order of the search: kept, the way down costs one walk of the level instead of one for each piece.

use super::boundary::{ChooseError, Division, Reached, Subtree};
use super::{Solver, Stats};

impl Solver {
    /// [`Divider::divide`](super::Divider::divide): leaves the levels of the way down replayed, as
    /// if `enter` had entered the whole level at their end.
    pub(super) fn divide_keeping(
        &mut self,
        subtree: &Subtree,
    ) -> Result<Option<Division>, ChooseError> {
        let reached = self.reach(subtree)?;
        let Reached {
            kept,
            target,
            degree,
            from,
            to,
            ..
        } = reached;
        let mut stats = Stats::default();
        if to <= from {
            return Ok(None);
        }
        // The subtree's share of the estimate, as `enter` finds it.
        let (start, end) = reached.span();
        if to - from >= 2 {
            let width = (end - start) / f64::from(to - from);
            let parts = (from..to)
                .map(|k| Subtree {
                    depth: subtree.depth,
                    path: subtree.path.clone(),
                    from: k,
                    to: k + 1,
                    counts_node: subtree.counts_node && k == from,
                    start: start + f64::from(k - from) * width,
                    end: start + f64::from(k - from + 1) * width,
                })
                .collect();
            return Ok(Some(Division { parts, stats }));
        }
        // One alternative: take it, counting what its search counts, and go
        // down through the levels with one alternative. A level kept from
        // the last way down moves to it (its node and cover were counted
        // where the level was first divided); a level that counts its own
        // node is covered again, to count the cover's updates.
        let mut path = subtree.path.clone();
        if degree >= 2 {
            path.push(from);
        }
        match kept {
            Some(k) if !subtree.counts_node => {
                stats.updates += self.move_level(target, k, from);
                self.record_taken(target, from, degree);
            }
            _ => {
                if kept.is_some() {
                    self.drop_level(target);
                }
                let replayed = self.replay_next(Some(from));
                let Some((_, cover, commit)) = replayed else {
                    self.stack.base = self.stack.level;
                    return Ok(None);
                };
                if !self.links.algorithm_m() {
                    self.record_taken(target, from, degree);
                }
                if subtree.counts_node {
                    stats.nodes += 1;
                    stats.updates += cover;
                    stats.max_level = stats.max_level.max(target);
                }
                stats.updates += commit;
            }
        }
        // The levels below are new to this way down: the ways down kept
        // nothing below the target.
        loop {
            let level = self.stack.level;
            if self.at_solution() {
                break;
            }
            let d = self.degree_here();
            if d >= 2 {
                // The next level with several alternatives: its node is counted
                // here, and its alternatives are the parts.
                stats.nodes += 1;
                stats.updates += self.cover_updates_here();
                stats.max_level = stats.max_level.max(level);
                // Levels with one alternative keep the estimate's share.
                let width = (end - start) / f64::from(d);
                let parts = (0..d)
                    .map(|j| Subtree {
                        depth: level - self.stack.fixed,
                        path: path.clone(),
                        from: j,
                        to: j + 1,
                        counts_node: false,
                        start: start + f64::from(j) * width,
                        end: start + f64::from(j + 1) * width,
                    })
                    .collect();
                self.stack.base = self.stack.level;
                return Ok(Some(Division { parts, stats }));
            }
            if d == 0 {
                break;
            }
            let replayed = self.replay_next(None);
            let Some((_, cover, commit)) = replayed else {
                break;
            };
            stats.nodes += 1;
            stats.updates += cover + commit;
            stats.max_level = stats.max_level.max(level);
        }
        self.stack.base = self.stack.level;
        Ok(None)
    }
}
