//! Replaying ways down the tree one after another, keeping the levels two consecutive ways share (issue 20).
//!
//! A [`Subtree`](super::Subtree)'s path names each alternative by its index
//! in its item's list. Replayed from the root, a path covers the item of
//! every level on the way (Knuth's step C4, as long as the item's list) and
//! walks each list down to the alternative. The pieces of one wide level,
//! entered or divided one after another that way, covered the level's item
//! once per piece and walked the square of its width down its list: a
//! split or a shard of a level of 200,000 alternatives did not finish in a
//! minute. So the solver remembers which alternative each replayed level
//! took, and the next way down keeps the levels the two share; at the first
//! level where they part it moves from the old alternative to the new one
//! as the search's step C6 does (undo the commit, walk the list by the
//! difference, commit), with the item still covered. Pieces taken in the
//! order of the search then cost a walk of each level, once.
//!
//! Algorithm M's levels are always replayed from the root: taking an
//! alternative there excludes the options before it, so moving from one to
//! the next is not a walk down a list.
//!
//! **Invariant:** `Replayed::taken` lists, in level order, the level and the
//! alternative's index of every replayed level (`fixed..base`) that has more
//! than one alternative; the other replayed levels took their only one.
//! Entries at `base` or deeper are left over from an earlier way down and
//! dropped before use. `Replayed::entered` is set only while the level
//! `base - 1` is the one alternative of the subtree [`Solver::enter`]
//! entered (see there).

use super::{ChooseError, Next, Range, Solver};

/// What the replayed levels took, so that the next way down keeps what it shares with them.
#[derive(Clone, Debug, Default)]
pub(super) struct Replayed {
    /// `(level, k)`: level `level` took alternative `k` of several.
    taken: Vec<(usize, u32)>,
    /// The range of the subtree entered last, when it held one alternative
    /// of its level and `enter` took it (as the level `base - 1`): the search
    /// would have taken it with its first step, and gives it back when it
    /// starts over ([`Solver::give_back_entered_level`]).
    entered: Option<Range>,
}

impl Replayed {
    /// Forgets everything: no level is replayed.
    pub(super) fn clear(&mut self) {
        self.taken.clear();
        self.entered = None;
    }

    /// Drops the entries of the levels from `level` on.
    fn keep_below(&mut self, level: usize) {
        let kept = self.taken.partition_point(|&(l, _)| l < level);
        self.taken.truncate(kept);
    }
}

impl Solver {
    /// Brings the replayed levels to the way down to level `fixed + depth`
    /// that `path` names (as [`Subtree`](super::Subtree) paths do), keeping
    /// the levels it shares with the way replayed last, after undoing the
    /// search's own levels. Leaves `base` and `level` at the end of the
    /// replayed levels, the search going forward with no range.
    ///
    /// Returns the alternative the level `fixed + depth` itself has taken
    /// when the last way down went through it the same way (its item stays
    /// covered, and the level is replayed too), for the caller to move or
    /// drop. On failure the solver is back at its root, as it is when a
    /// path leads off the tree.
    pub(super) fn descend(
        &mut self,
        depth: usize,
        path: &[u32],
    ) -> Result<Option<u32>, ChooseError> {
        self.unwind(self.stack.base);
        self.stack.next = Next::Forward;
        self.stack.range = None;
        let (fixed, base) = (self.stack.fixed, self.stack.base);
        let target = fixed + depth;
        let algorithm_m = self.links.algorithm_m();
        let replayed = &mut self.stack.replayed;
        replayed.entered = None;
        replayed.keep_below(base);
        let taken = &replayed.taken;
        // The branching levels the two ways share, by their indices.
        let common = taken
            .iter()
            .zip(path)
            .take_while(|(&(_, k), &p)| k == p)
            .count();
        let shared_in_depth = common == 0 || taken[common - 1].0 < target;
        // The levels `fixed..keep` stay; the level `keep` moves to
        // alternative `moved`; the level `target` is kept when `kept`.
        // Anything that does not fit the tree is replayed from the root,
        // which fails where it failed before.
        let from_root = (fixed, None, None);
        let (keep, moved, kept) = if algorithm_m || !shared_in_depth {
            from_root
        } else {
            match taken.get(common) {
                // The ways part at `level`, above the target.
                Some(&(level, _)) if common < path.len() => {
                    if level < target {
                        (level, Some(path[common]), None)
                    } else {
                        from_root
                    }
                }
                // The new path has no index left, and the old way branches
                // at `level`: above the target it lacks one (the replay
                // from there fails); at the target, the level is kept; below
                // it, the target is a level with one alternative, kept.
                Some(&(level, k)) => match level.cmp(&target) {
                    std::cmp::Ordering::Less => (level, None, None),
                    std::cmp::Ordering::Equal => (target + 1, None, Some(k)),
                    std::cmp::Ordering::Greater => (target + 1, None, Some(0)),
                },
                // Every branching level replayed is shared: go on from the
                // end, or keep down to the target, whose level then has one
                // alternative (the path must have no index left).
                None if base <= target => (base, None, None),
                None if common == path.len() => (target + 1, None, Some(0)),
                None => from_root,
            }
        };
        let moved_from = moved.map(|_| taken[common].1);
        let mut consumed = if keep == fixed { 0 } else { common };
        self.unwind(if moved.is_some() { keep + 1 } else { keep });
        self.stack.replayed.keep_below(keep);
        if let (Some(to), Some(from)) = (moved, moved_from) {
            let item = self.links.top(self.stack.choice[keep]);
            if to < self.links.len(item) {
                self.move_level(keep, from, to);
                self.stack.replayed.taken.push((keep, to));
                consumed += 1;
            } else {
                // No such alternative: the replay below says so, at this level.
                self.unwind(keep);
            }
        }
        for step in self.stack.level - fixed..depth {
            let next = path.get(consumed).copied();
            let replayed = if algorithm_m {
                self.replay_m(next)
            } else {
                self.replay_x(next)
            };
            let Some((used, _, _)) = replayed else {
                self.restart_at_root();
                return Err(ChooseError::NotInTree { level: step });
            };
            if used {
                if let (false, Some(k)) = (algorithm_m, next) {
                    self.stack.replayed.taken.push((fixed + step, k));
                }
                consumed += 1;
            }
        }
        if consumed < path.len() {
            self.restart_at_root();
            return Err(ChooseError::NotInTree { level: depth });
        }
        self.stack.base = self.stack.level;
        Ok(kept)
    }

    /// Moves the replayed level `level` from its alternative `from` to
    /// alternative `to`, with its item still covered (steps C6 and C5);
    /// returns the updates of the commit.
    pub(super) fn move_level(&mut self, level: usize, from: u32, to: u32) -> u64 {
        let x = self.stack.choice[level];
        self.links.uncommit_option::<true>(x);
        let mut y = x;
        if to >= from {
            for _ in from..to {
                y = self.links.down(y);
            }
        } else {
            for _ in to..from {
                y = self.links.up(y);
            }
        }
        debug_assert_ne!(y, self.links.top(x), "alternative {to} of level {level}");
        let mut updates = 0;
        self.links.commit_option::<true>(y, &mut updates);
        self.stack.choice[level] = y;
        updates
    }

    /// Undoes the replayed level `level`, the deepest one, and forgets it.
    pub(super) fn drop_level(&mut self, level: usize) {
        debug_assert_eq!(self.stack.level, level + 1);
        self.stack.next = Next::Forward;
        self.unwind(level);
        self.stack.replayed.keep_below(level);
    }

    /// Records that the replayed level `level` (the deepest one) now takes
    /// alternative `k` of `degree`.
    pub(super) fn record_taken(&mut self, level: usize, k: u32, degree: u32) {
        let replayed = &mut self.stack.replayed;
        replayed.keep_below(level);
        if degree >= 2 {
            replayed.taken.push((level, k));
        }
    }

    /// Marks the replayed level `base - 1` as the one alternative of the
    /// subtree entered, whose range was `range`.
    /// Whether the level `base - 1` is the one alternative of the subtree entered last.
    pub(super) fn took_entered(&self) -> bool {
        self.stack.replayed.entered.is_some()
    }

    pub(super) fn set_entered(&mut self, range: Range) {
        self.stack.replayed.entered = Some(range);
    }

    /// Where the replayed levels above `target` lead in Knuth's estimate:
    /// the share of the tree before them and the share of one node at
    /// `target`. Levels with one alternative change neither (a division by
    /// 1 and an addition of 0 are exact), so only the branching ones are read.
    pub(super) fn share_above(&self, target: usize) -> (f64, f64) {
        let (mut start, mut share) = (0.0f64, 1.0f64);
        let mut add = |k: u32, d: u32| {
            share /= f64::from(d);
            start += f64::from(k) * share;
        };
        if self.links.algorithm_m() {
            for l in self.stack.fixed..target {
                let (k, d, _) = self.level_m(l);
                add(k, d);
            }
        } else {
            for &(l, k) in self.stack.replayed.taken.iter() {
                if l >= target {
                    break;
                }
                add(
                    k,
                    self.links.len(self.links.top(self.stack.choice[l])).max(1),
                );
            }
        }
        (start, share)
    }

    /// The alternative a replayed level of Algorithm X took, if it has several.
    pub(super) fn taken_at(&self, l: usize) -> Option<u32> {
        if l >= self.stack.base {
            return None;
        }
        let taken = &self.stack.replayed.taken;
        taken
            .binary_search_by_key(&l, |&(level, _)| level)
            .ok()
            .map(|at| taken[at].1)
    }

    /// When the subtree entered held one alternative that `enter` took,
    /// undoes it and gives the subtree's range back to the search, which
    /// then starts over exactly as it would have without it: counting that
    /// level's commit again. Called once the search's own levels are undone.
    pub(super) fn give_back_entered_level(&mut self) {
        let Some(range) = self.stack.replayed.entered.take() else {
            return;
        };
        debug_assert!(self.stack.base > self.stack.fixed);
        self.stack.level = self.stack.base;
        let level = self.stack.base - 1;
        self.drop_level(level);
        self.stack.base = level;
        self.stack.range = Some(range);
    }
}
