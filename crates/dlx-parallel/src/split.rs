//! Splitting a search into pieces, the same on every machine: subtrees in the sequential search order.

use dlx_core::subtree::{Subtree, SubtreeSearch as _};
use dlx_core::{Budget, MemoCounter, MemoSettings, Problem, Solver, Stats, Stop};

/// How far to split a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SplitGoal {
    /// Divide the largest piece (by its share of the tree, as Knuth's
    /// estimate sees it; the earliest on ties) until there are at least this
    /// many pieces, or nothing is left to divide; then also divide the other
    /// pieces as large as the last one divided, so that no level is left
    /// half divided.
    Pieces(usize),
    /// Divide every piece until it fixes the alternatives of this many levels
    /// with more than one (fewer where the search ends sooner): the pieces of
    /// `Depth(1)` are the alternatives of the first level that has several.
    Depth(usize),
}

/// The pieces of a split when the caller names neither a depth nor a number.
pub const DEFAULT_PIECES: usize = 256;

impl SplitGoal {
    /// The split of `problem` when the caller names none: [`DEFAULT_PIECES`]
    /// pieces, except for the shards of a count (`shards`: their number)
    /// of a problem counted layer by layer ([`counts_in_layers`]), which
    /// is cut into one piece a shard: each piece costs about a whole count
    /// there (its layers are the whole problem's), so the default 256
    /// pieces made each of 4 shards of the 16 x 16 board take 28 times
    /// the whole count. It depends on the problem alone, never on a budget
    /// or the clock, so every shard makes the same split.
    pub fn default_for(problem: &Problem, shards: Option<usize>) -> SplitGoal {
        match shards {
            Some(n) if counts_in_layers(problem) => SplitGoal::Pieces(n),
            _ => SplitGoal::Pieces(DEFAULT_PIECES),
        }
    }
}

/// Whether a count of `problem` runs layer by layer, where a piece of a
/// split costs about as much as the whole count.
pub fn counts_in_layers(problem: &Problem) -> bool {
    MemoCounter::new(problem, &MemoSettings::new()).is_ok_and(|counter| counter.sweeps())
}

/// A search divided into pieces whose solutions, taken in order, are
/// exactly the solutions of the sequential search in its order.
///
/// **Invariant:** the pieces are the leaves of a tree of
/// [`Solver::divide`]s of the root, in the search's order; every solution
/// lies in exactly one piece. Dividing follows the levels with a single
/// alternative without making pieces of them, so a forced chain costs one
/// walk down, never a piece (or a clone) per level.
#[derive(Clone, Debug)]
pub struct Split {
    pieces: Vec<Subtree>,
    stats: Stats,
}

/// Why a list of subtrees is not a split of a problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    /// A subtree whose path does not lead through the problem's tree.
    #[error("piece {index}: its path does not lead through this problem's search tree")]
    NotInTree {
        /// The piece's index.
        index: usize,
    },
    /// The subtrees do not cover the search tree exactly once, in order.
    #[error("piece {index}: expected {expected}, found {found}")]
    NotASplit {
        /// The index of the first piece out of place (the number of pieces if one is missing at the end).
        index: usize,
        /// The piece the split needs there, described.
        expected: String,
        /// The piece found there, described (`nothing` if none is left).
        found: String,
    },
}

impl Split {
    /// Splits the search of `root` (a solver that has not started; it may
    /// have choices of its own) as far as `goal` asks.
    pub fn new(root: &Solver, goal: SplitGoal) -> Split {
        match Split::within(root, goal, &Budget::new()) {
            Ok(split) => split,
            Err(_) => unreachable!("a split without a budget never stops"),
        }
    }

    /// [`Split::new`] within `budget`: the nodes the division enters draw
    /// on it, its deadline and cancel flags are read at every division, and
    /// the pieces held count against its memory. A split cut short is no
    /// split (its pieces would not cover the search), so a stop is an
    /// error, the reason.
    pub fn within(root: &Solver, goal: SplitGoal, budget: &Budget) -> Result<Split, Stop> {
        let memory = budget.memory().unwrap_or(usize::MAX);
        let mut solver = root.clone();
        // Each piece, and whether it can be divided further.
        let mut pieces = vec![(solver.root_subtree(), true)];
        // The pieces are divided in the order of the search, so that each
        // way down keeps what it shares with the last.
        let mut divider = solver.divider();
        let mut stats = Stats::default();
        let weight = |s: &Subtree| s.estimate().1 - s.estimate().0;
        // The alternatives a piece fixes at levels with more than one: those
        // of its path, and its own when it holds one alternative of its level
        // (only the root holds a whole level without saying where it ends).
        let branching = |s: &Subtree| s.path().len() + usize::from(s.alternatives().1.is_some());
        // The weight of the last piece divided: once there are enough pieces,
        // the others of the same weight are still divided, so that a level is
        // never left half divided (its undivided half would be the largest
        // pieces, and the last to be searched).
        let mut last_weight = f64::INFINITY;
        loop {
            let targets: Vec<usize> = match goal {
                SplitGoal::Pieces(k) => {
                    let open = || pieces.iter().filter(|(_, open)| *open);
                    let max = open().map(|(s, _)| weight(s)).fold(0.0, f64::max);
                    if max <= 0.0 || (pieces.len() >= k && max < last_weight * (1.0 - 1e-9)) {
                        break;
                    }
                    last_weight = max;
                    (0..pieces.len())
                        .filter(|&i| pieces[i].1 && weight(&pieces[i].0) >= max * (1.0 - 1e-9))
                        .collect()
                }
                SplitGoal::Depth(d) => (0..pieces.len())
                    .filter(|&i| pieces[i].1 && branching(&pieces[i].0) < d)
                    .collect(),
            };
            if targets.is_empty() {
                break;
            }
            // A new list, the targets replaced by their parts: splicing the
            // parts in one target at a time moved the pieces after it each
            // time, quadratic in a level's width.
            let mut next = Vec::with_capacity(pieces.len() + targets.len());
            let mut targets = targets.into_iter().peekable();
            for (at, (piece, open)) in pieces.into_iter().enumerate() {
                if targets.next_if_eq(&at).is_none() {
                    next.push((piece, open));
                    continue;
                }
                // The clock and the flags, at every division (a leaf costs a
                // replay of its way down, and a level may have 200,000).
                budget.spend(0)?;
                match divider.divide(&piece) {
                    Ok(Some(division)) => {
                        budget.spend(division.stats.nodes)?;
                        stats += division.stats;
                        next.extend(division.parts.into_iter().map(|p| (p, true)));
                    }
                    // A leaf (a solution or a dead end), searched as it is.
                    Ok(None) | Err(_) => next.push((piece, false)),
                }
            }
            pieces = next;
            let held: usize = pieces
                .iter()
                .map(|(piece, _)| size_of::<(Subtree, bool)>() + size_of_val(piece.path()))
                .sum();
            if held > memory {
                return Err(Stop::Memory);
            }
        }
        Ok(Split {
            pieces: pieces.into_iter().map(|(p, _)| p).collect(),
            stats,
        })
    }

    /// Rebuilds a split from its pieces (as a split file holds them, read
    /// with [`Subtree::from_parts`]), checking that they are the pieces of a
    /// split of `root`'s search, complete and in order.
    pub fn from_pieces(root: &Solver, pieces: &[Subtree]) -> Result<Split, SplitError> {
        let mut solver = root.clone();
        let mut divider = solver.divider();
        let mut found = Vec::with_capacity(pieces.len());
        let mut stats = Stats::default();
        // Walk the division tree depth first, in search order: each piece
        // must be the next leaf, or lie inside the next subtree, which is
        // then divided.
        let mut stack = vec![root.root_subtree()];
        let same = |a: &Subtree, b: &Subtree| {
            a.depth() == b.depth() && a.path() == b.path() && a.alternatives() == b.alternatives()
        };
        while let Some(top) = stack.pop() {
            let index = found.len();
            let Some(piece) = pieces.get(index) else {
                return Err(not_a_split(index, &top, None));
            };
            if same(&top, piece) {
                found.push(top);
                continue;
            }
            let inside = piece.depth() >= top.depth() && piece.path().starts_with(top.path());
            let division = if inside {
                divider
                    .divide(&top)
                    .map_err(|_| SplitError::NotInTree { index })?
            } else {
                None
            };
            let Some(division) = division else {
                return Err(not_a_split(index, &top, Some(piece)));
            };
            stats += division.stats;
            stack.extend(division.parts.into_iter().rev());
        }
        if found.len() != pieces.len() {
            let index = found.len();
            return Err(SplitError::NotASplit {
                index,
                expected: "nothing".into(),
                found: describe(&pieces[index]),
            });
        }
        Ok(Split {
            pieces: found,
            stats,
        })
    }

    /// The pieces, in the order of the sequential search.
    pub fn pieces(&self) -> &[Subtree] {
        &self.pieces
    }

    /// The number of pieces.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether there are no pieces (never: an undivided search is one piece).
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// What the sequential search spends above the pieces: the nodes and
    /// updates of the levels the division walked down (and the deepest of
    /// them). With the pieces' statistics it adds up to the sequential
    /// search's exactly.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
}

fn not_a_split(index: usize, expected: &Subtree, found: Option<&Subtree>) -> SplitError {
    SplitError::NotASplit {
        index,
        expected: describe(expected),
        found: found.map_or_else(|| "nothing".into(), describe),
    }
}

/// A piece for a message: its level, its path (cut when long) and its alternatives.
fn describe(piece: &Subtree) -> String {
    let path = piece.path();
    let shown: Vec<String> = path.iter().take(8).map(u32::to_string).collect();
    let more = if path.len() > 8 {
        format!(" and {} more", path.len() - 8)
    } else {
        String::new()
    };
    let (from, to) = piece.alternatives();
    let to = to.map_or_else(|| "end".into(), |t| t.to_string());
    format!(
        "(level {}, path [{}{more}], alternatives {from}..{to})",
        piece.depth(),
        shown.join(" ")
    )
}
