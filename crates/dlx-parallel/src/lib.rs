//! The dlx exact cover search split across the threads of a rayon pool.
//!
//! `dlx-parallel` cuts the search tree of a [`dlx_core::Solver`] into
//! subproblems (prefixes of choices) and searches each with its own clone of
//! the solver on rayon threads. It gives the same answers as the sequential
//! search whatever the number of threads: the same count, the same set of
//! solutions, and in ordered mode the same solutions in the same order.
//! It knows no puzzles; `dlx-cli` uses it for `dlx solve --threads` and for
//! `dlx split`, `dlx count --shard` and `dlx merge`.
//!
//! # Brief overview
//! - [`ParallelSolver`] runs [`count`](ParallelSolver::count),
//!   [`first`](ParallelSolver::first), [`visit`](ParallelSolver::visit),
//!   [`min_options`](ParallelSolver::min_options) and
//!   [`min_cost`](ParallelSolver::min_cost) (the optimising searches, with
//!   one bound shared by the threads),
//!   [`count_each`](ParallelSolver::count_each) (one result per subproblem,
//!   for shards), [`stats`](ParallelSolver::stats), a limit, a stop flag and
//!   an ordered mode; on a pool of its own ([`ParallelSolver::with_threads`])
//!   or the caller's ([`ParallelSolver::with_pool`]).
//! - [`Split`] and [`SplitGoal`] make the subproblems, by count
//!   ([`SplitGoal::Pieces`]) or by depth ([`SplitGoal::Depth`]), each a
//!   [`Subproblem`] with its path of options and its share of the tree.
//! - [`Progress`] shows the solutions, nodes and the estimated fraction done of a
//!   running search, to read from another thread.
//!
//! # Example
//! ```
//! use dlx_core::{parse_dlx, Solver};
//! use dlx_parallel::ParallelSolver;
//!
//! // 6-queens: rows and columns primary, the diagonals secondary.
//! let n = 6;
//! let mut text = String::new();
//! for r in 0..n { text += &format!("r{r} c{r} "); }
//! text += "|";
//! for d in 0..2 * n - 1 { text += &format!(" a{d} b{d}"); }
//! text.push('\n');
//! for r in 0..n {
//!     for c in 0..n {
//!         text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
//!     }
//! }
//! let problem = parse_dlx(&text)?;
//! let mut parallel = ParallelSolver::new(&problem).with_threads(2)?;
//! assert_eq!(parallel.count(), 4);
//!
//! // Ordered mode reports the solutions in the sequential order.
//! parallel.set_ordered(true);
//! let mut found = Vec::new();
//! let _ = parallel.visit(|s| {
//!     found.push(s.to_vec());
//!     std::ops::ControlFlow::<()>::Continue(())
//! });
//! let sequential: Vec<_> = Solver::new(&problem).solutions().collect();
//! assert_eq!(found, sequential);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design
//! - **API boundary.** Only [`Solver::branch`](dlx_core::Solver::branch),
//!   [`Solver::choose`](dlx_core::Solver::choose) and `Clone` are used: the
//!   options of the item the search branches on split it into disjoint
//!   subproblems whose solutions, in order, are the sequential solutions.
//!   Nothing here touches the link arrays.
//! - **Split deep, before the search.** The largest subproblem (by its share
//!   of the tree in Knuth's estimate, `1/(d_1...d_k)`; the earliest on ties)
//!   is expanded into its children, in place, until there are
//!   [`PIECES_PER_THREAD`] (32) subproblems per thread; subproblems of the
//!   same share are expanded together (no level is left half split), and
//!   the last eighth in search order is split once more, since the threads
//!   take those last and they decide how long the others wait at the end. The first branching
//!   item often has only a handful of options, of very unequal sizes, so
//!   splitting only the first level leaves one thread with most of the work.
//!   Splitting by estimated share rather than by depth keeps a lopsided tree
//!   from producing thousands of tiny pieces on one side and one giant on the
//!   other.
//! - **Self-scheduling in order instead of work stealing.** Each worker takes
//!   the next unsearched subproblem from a shared counter. Taking them in
//!   search order keeps ordered mode's buffers small and lets a limit stop
//!   early near the front of the tree. Stealing a branch from a *running*
//!   search would need the core to hand out the untried options of its
//!   lowest open level, which the API boundary does not offer; with 32
//!   pieces per thread and a finer tail, replaying the measured subproblem
//!   times through this scheduler predicts 2.00x on 2 threads and 7.85x on
//!   8 for 6x10 pentominoes (see the crate README), so the simpler scheme stays.
//! - **Solutions come to the caller's thread.** [`ParallelSolver::visit`]
//!   runs the visitor on the calling thread, fed by a bounded channel, so it
//!   may hold a `&mut` writer and needs no `Send`. Counting sends nothing.
//! - **Statistics.** `solutions` is the exact total (or exactly the limit);
//!   `nodes` is the subproblems' nodes plus one per node expanded by the
//!   split, which equals the sequential `nodes` exactly; `max_level` is the
//!   sequential `max_level`, and `updates` adds the split levels' own
//!   ([`Solver::branch_updates`](dlx_core::Solver::branch_updates)), so the
//!   totals equal the sequential ones.
//! - **Stopping.** One `Arc<AtomicBool>` is shared by every solver and
//!   checked at every node: a limit reached, `first` satisfied, or a
//!   visitor's `Break` raises it and every thread stops within a node.
//! - **Optimising modes** (costs, bounds) do not exist in `dlx-core` yet;
//!   when they come, the best bound will have to be shared between the
//!   threads the same way as the stop flag.
#![warn(missing_docs)]

mod memo;
mod progress;
mod search;
mod shard;
mod split;

pub use memo::{count_solutions_on, CountError, ParallelMemoCounter, MEMO_PIECES_PER_THREAD};
pub use progress::Progress;
pub use search::{ParallelError, ParallelSolver, SubCount, PIECES_PER_THREAD};
pub use shard::{read_split, Fingerprint, Merge, Merged, PartLine, Place, ShardError, SplitLine};
pub use split::{Split, SplitError, SplitGoal, Subproblem};
