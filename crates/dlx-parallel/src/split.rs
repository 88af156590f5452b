//! Splitting a search into subproblems: prefixes of choices, in the sequential search order.

use dlx_core::{OptionId, Solver, Stats};

/// How far to split a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SplitGoal {
    /// Expand the largest subproblem (by its share of the tree, as Knuth's
    /// estimate sees it; the earliest on ties) until there are at least this
    /// many subproblems, or nothing is left to expand; then also expand the
    /// other subproblems as large as the last one expanded, so that no level
    /// is left half split. From 16 pieces on, the last `K/8` subproblems in
    /// search order are then split once more, so that the subproblems the
    /// threads take last are small.
    Pieces(usize),
    /// Expand every subproblem down to this many choices (fewer where the
    /// search ends sooner): the subproblems of a complete level.
    Depth(usize),
}

/// One subproblem: the search below a prefix of choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Subproblem {
    /// The options chosen on the way from the root, in order (each one an
    /// option of the item the search branches on at that point).
    pub path: Vec<OptionId>,
    /// The subproblem's share of the whole tree in Knuth's estimate:
    /// `1 / (d_1 * ... * d_k)` where `d_j` is the number of options of the
    /// item branched on at step `j` of the path.
    pub weight: f64,
}

/// A search split into subproblems whose solutions, taken in order, are
/// exactly the solutions of the sequential search in its order.
///
/// **Invariant:** the subproblems are the leaves of a tree whose inner nodes
/// were each expanded into *all* the options of their branching item, in the
/// search's order; every solution lies below exactly one leaf.
#[derive(Clone, Debug)]
pub struct Split {
    subproblems: Vec<Subproblem>,
    stats: Stats,
}

/// Why a list of paths is not a split of a problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    /// A path chooses an option that cannot be chosen there.
    #[error("subproblem {index}: option {option} cannot be chosen after the options before it")]
    BadChoice {
        /// The subproblem's index.
        index: usize,
        /// The option that could not be chosen.
        option: usize,
    },
    /// The paths do not cover the search tree exactly once, in order.
    #[error("subproblem {index}: expected a path starting {expected:?}, found {found:?}")]
    NotASplit {
        /// The index of the first subproblem out of place (the number of subproblems if one is missing at the end).
        index: usize,
        /// The option indices the next path should start with.
        expected: Vec<usize>,
        /// The option indices of the path found (empty if none is left).
        found: Vec<usize>,
    },
}

impl Split {
    /// Splits the search of `root` (a solver that has not started; it may
    /// have choices of its own) as far as `goal` asks.
    pub fn new(root: &Solver, goal: SplitGoal) -> Split {
        // Each entry: the subproblem, and whether it can be expanded further.
        let mut nodes = vec![(
            Subproblem {
                path: Vec::new(),
                weight: 1.0,
            },
            true,
        )];
        let mut stats = Stats::default();
        // The weight of the last subproblem expanded: once there are enough
        // pieces, the others of the same weight are still expanded, so that a
        // level is never left half split (its unexpanded half would be the
        // largest pieces, and the last to be searched).
        let mut last_weight = f64::INFINITY;
        loop {
            // One round expands every open subproblem of the largest weight
            // (or, by depth, every one not deep enough), back to front so
            // that the indices still to expand stay valid.
            let targets: Vec<usize> = match goal {
                SplitGoal::Pieces(k) => {
                    let open = || nodes.iter().filter(|(_, open)| *open);
                    let max = open().map(|(sub, _)| sub.weight).fold(0.0, f64::max);
                    if max == 0.0 || (nodes.len() >= k && max < last_weight * (1.0 - 1e-9)) {
                        break;
                    }
                    last_weight = max;
                    (0..nodes.len())
                        .filter(|&i| nodes[i].1 && nodes[i].0.weight >= max * (1.0 - 1e-9))
                        .collect()
                }
                SplitGoal::Depth(d) => (0..nodes.len())
                    .filter(|&i| nodes[i].1 && nodes[i].0.path.len() < d)
                    .collect(),
            };
            if targets.is_empty() {
                break;
            }
            for &idx in targets.iter().rev() {
                expand(root, &mut nodes, idx, &mut stats);
            }
        }
        if let SplitGoal::Pieces(k) = goal {
            // The threads take the subproblems in order, so the last ones
            // decide how long the others wait at the end: split the last
            // eighth once more, making the tail finer (a guided schedule).
            if k >= 16 {
                let start = nodes.len().saturating_sub(k / 8);
                for idx in (start..nodes.len()).rev() {
                    expand(root, &mut nodes, idx, &mut stats);
                }
            }
        }
        let subproblems: Vec<Subproblem> = nodes.into_iter().map(|(sub, _)| sub).collect();
        Split { subproblems, stats }
    }

    /// Rebuilds a split from its paths (as written by `dlx split`), checking
    /// that they are a complete split of `root`'s search, in order.
    pub fn from_paths(root: &Solver, paths: Vec<Vec<OptionId>>) -> Result<Split, SplitError> {
        let mut subproblems = Vec::with_capacity(paths.len());
        let mut stats = Stats::default();
        let mut next = 0;
        let mut stack = vec![(Vec::new(), 1.0f64)];
        // Walk the tree depth first in search order; each path must be the next leaf.
        while let Some((prefix, weight)) = stack.pop() {
            let found = paths.get(next);
            if found == Some(&prefix) {
                subproblems.push(Subproblem {
                    path: prefix,
                    weight,
                });
                next += 1;
                continue;
            }
            let expands = found.is_some_and(|p| p.len() > prefix.len() && p.starts_with(&prefix));
            let branch = if expands {
                let solver = solver_at(root, &prefix).ok_or_else(|| bad_choice(next, &prefix))?;
                solver.branch().filter(|b| !b.options.is_empty())
            } else {
                None
            };
            let Some(branch) = branch else {
                return Err(SplitError::NotASplit {
                    index: next,
                    expected: prefix.iter().map(|o| o.index()).collect(),
                    found: found.map_or_else(Vec::new, |p| p.iter().map(|o| o.index()).collect()),
                });
            };
            stats.nodes += 1;
            stats.updates += solver_at(root, &prefix).map_or(0, |s| s.branch_updates());
            stats.max_level = stats.max_level.max(prefix.len());
            let weight = weight / branch.options.len() as f64;
            for &option in branch.options.iter().rev() {
                let mut path = prefix.clone();
                path.push(option);
                stack.push((path, weight));
            }
        }
        if next != paths.len() {
            return Err(SplitError::NotASplit {
                index: next,
                expected: Vec::new(),
                found: paths[next].iter().map(|o| o.index()).collect(),
            });
        }
        Ok(Split { subproblems, stats })
    }

    /// The subproblems, in the order of the sequential search.
    pub fn subproblems(&self) -> &[Subproblem] {
        &self.subproblems
    }

    /// The number of subproblems.
    pub fn len(&self) -> usize {
        self.subproblems.len()
    }

    /// Whether there are no subproblems (never: an unsplit search is one subproblem).
    pub fn is_empty(&self) -> bool {
        self.subproblems.is_empty()
    }

    /// What the sequential search spends above the subproblems: one node per
    /// expanded node, the updates made there ([`Solver::branch_updates`]),
    /// and the deepest expanded level (the searches of the subproblems add
    /// their own levels). With the subproblems' statistics it adds up to the
    /// sequential search's exactly.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
}

fn bad_choice(index: usize, path: &[OptionId]) -> SplitError {
    SplitError::BadChoice {
        index,
        option: path.last().map_or(0, |o| o.index()),
    }
}

/// Replaces subproblem `idx` by its children, in order, and returns its weight;
/// marks it as a leaf instead if it is a solution or a dead end.
fn expand(
    root: &Solver,
    nodes: &mut Vec<(Subproblem, bool)>,
    idx: usize,
    stats: &mut Stats,
) -> Option<f64> {
    let parent = &nodes[idx].0;
    let solver = solver_at(root, &parent.path);
    let branch = solver.as_ref().and_then(Solver::branch);
    let Some(branch) = branch.filter(|b| !b.options.is_empty()) else {
        // A solution (no item left) or a dead end: a leaf, searched as it is.
        nodes[idx].1 = false;
        return None;
    };
    // The sequential search enters this node: one node, at this level, and
    // the updates of covering its item and committing each option.
    stats.nodes += 1;
    stats.updates += solver.as_ref().map_or(0, Solver::branch_updates);
    stats.max_level = stats.max_level.max(parent.path.len());
    let parent_weight = parent.weight;
    let weight = parent_weight / branch.options.len() as f64;
    let children: Vec<_> = branch
        .options
        .iter()
        .map(|&option| {
            let mut path = parent.path.clone();
            path.push(option);
            (Subproblem { path, weight }, true)
        })
        .collect();
    nodes.splice(idx..=idx, children);
    Some(parent_weight)
}

/// A clone of `root` with the options of `path` chosen, or `None` if one cannot be chosen.
pub(crate) fn solver_at(root: &Solver, path: &[OptionId]) -> Option<Solver> {
    let mut solver = root.clone();
    for &option in path {
        solver.choose(option).ok()?;
    }
    Some(solver)
}
