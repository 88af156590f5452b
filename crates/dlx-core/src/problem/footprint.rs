//! [`Footprint`]: the memory a problem and its solvers take, known before
//! the problem is built, so that a program can refuse what would not fit
//! instead of aborting when an allocation fails.

use super::Problem;
use crate::index::to_u64;

/// Bytes the stored problem keeps per option entry: the entry (item and
/// color, 8 bytes) and room for the builder's growth.
const PROBLEM_PER_ENTRY: u64 = 16;
/// Per item: kind, name pointer, multiplicity and header bookkeeping.
const PROBLEM_PER_ITEM: u64 = 48;
/// Per option: its start, its cost.
const PROBLEM_PER_OPTION: u64 = 16;
/// Bytes the link arrays keep per node (up and down, top, color, span,
/// option): 28, rounded up.
const SOLVER_PER_NODE: u64 = 32;
/// Per item, beyond its header node: the item list, Algorithm M's tallies,
/// the choice stack.
const SOLVER_PER_ITEM: u64 = 40;

/// The memory a problem takes, and each [`Solver`](crate::Solver) made from
/// it, estimated from its size alone: an upper estimate (a 1024 x 1024
/// map with 10 whole-map pieces, 10.5 million entries, is estimated at
/// 624 MB with one solver and peaks at 465 MB resident).
///
/// ```
/// use dlx_core::{Footprint, ProblemBuilder};
///
/// // A 1024 x 1024 map covered by 100 pieces of 1024 x 1024 cells each:
/// // about 6 GB with one solver, known before a byte of it is allocated.
/// let footprint = Footprint::of_size(1 << 20, 100, 100 << 20);
/// assert!(footprint.total(1) > 5_000_000_000);
///
/// let mut b = ProblemBuilder::new();
/// let [x, y] = [b.primary("x")?, b.primary("y")?];
/// b.option([x, y])?;
/// let problem = b.build()?;
/// assert_eq!(problem.footprint(), Footprint::of_size(2, 1, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// Bytes of the problem itself ([`Problem`]).
    pub problem: u64,
    /// Bytes of each solver laid out from it (its link arrays).
    pub solver: u64,
}

impl Footprint {
    /// The footprint of a problem of `n_items` items and `n_options`
    /// options holding `n_entries` entries (item occurrences) in all.
    /// Saturates at `u64::MAX` for sizes no machine holds.
    pub fn of_size(n_items: u64, n_options: u64, n_entries: u64) -> Footprint {
        let nodes = n_items
            .saturating_add(n_entries)
            .saturating_add(n_options)
            .saturating_add(3);
        let sum = |terms: [(u64, u64); 3]| {
            terms.iter().fold(0u64, |total, &(n, per)| {
                total.saturating_add(n.saturating_mul(per))
            })
        };
        Footprint {
            problem: sum([
                (n_entries, PROBLEM_PER_ENTRY),
                (n_items, PROBLEM_PER_ITEM),
                (n_options, PROBLEM_PER_OPTION),
            ]),
            solver: sum([
                (nodes, SOLVER_PER_NODE),
                (n_items, SOLVER_PER_ITEM),
                (n_options, 4),
            ]),
        }
    }

    /// The problem and `solvers` solvers together (a parallel search has
    /// one solver per thread besides its root), saturating at `u64::MAX`.
    pub fn total(&self, solvers: u64) -> u64 {
        self.problem
            .saturating_add(self.solver.saturating_mul(solvers))
    }
}

impl Problem {
    /// The memory this problem and each solver made from it take
    /// ([`Footprint::of_size`] of its size).
    pub fn footprint(&self) -> Footprint {
        Footprint::of_size(
            to_u64(self.n_items()),
            to_u64(self.n_options()),
            to_u64(self.entries.len()),
        )
    }
}
