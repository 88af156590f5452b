//! The dlx exact cover search on every core: idle threads take work from busy ones.
//!
//! `dlx-parallel` runs the search of a [`dlx_core::Solver`] on the threads
//! of a rayon pool. It gives the same answers as the sequential search
//! whatever the number of threads: the same count, the same set of
//! solutions, in ordered mode the same solutions in the same order, and the
//! same statistics (Knuth's nodes and updates add up exactly). It knows no
//! puzzles; the `dlx` binary uses it for every long command, and for
//! `dlx split`, `dlx count --shard` and `dlx merge`. Every search says how
//! it ended: a budget that stops it leaves a partial answer that says so.
//!
//! # Brief overview
//! - [`ParallelSolver`] runs [`count`](ParallelSolver::count),
//!   [`first`](ParallelSolver::first), [`visit`](ParallelSolver::visit),
//!   [`min_options`](ParallelSolver::min_options) and
//!   [`min_cost`](ParallelSolver::min_cost) (the optimising searches, with
//!   one bound shared by the threads), and
//!   [`count_each`](ParallelSolver::count_each) (one count per piece of a
//!   split, for shards), with a limit, a [`dlx_core::Budget`] and an
//!   ordered mode; on a pool of its own ([`ParallelSolver::with_threads`])
//!   or the caller's ([`ParallelSolver::with_pool`]). Each returns its
//!   answer with how the search ended ([`dlx_core::Answer`],
//!   [`dlx_core::Outcome`]). [`Balance`] says how the load moved.
//! - [`ParallelCount`] counts by the method the core's rule decides
//!   ([`dlx_core::CountJob`]: memoised where it pays, else plain), on
//!   threads; [`ParallelMemoCounter`] is the memoised count on threads,
//!   [`count_solutions_on`] the short way; [`sample_on`] draws solutions
//!   uniformly at random from the memoised count's diagram, within a budget;
//!   [`frequencies_on`] counts each option's solutions ([`OptionCounts`]) by
//!   the count's method: Kasteleyn's determinant
//!   ([`dimer_frequencies_on`], its primes on threads as
//!   [`count_dimers_on`]'s) or the diagram.
//! - [`ParallelRounds`] searches the rounds of a [`dlx_core::MinCover`]
//!   (a minimum repeated cover) on threads, with the same answer and
//!   statistics; [`min_cover`] is the short way.
//! - [`Split`] and [`SplitGoal`] divide a search into pieces the same way on
//!   every machine, for the shards of a cluster count.
//! - [`Progress`] shows the solutions, nodes and the estimated fraction done
//!   of a running search, to read from another thread.
//! - The shard format (feature `shard`, which brings serde): `SplitLine`
//!   and `read_split` for the pieces, `PartLine` for a shard's counts,
//!   `Merge` to add them up, `Fingerprint` to tell problems and splits apart.
//!
//! # Example
//! ```
//! use dlx_core::{parse_dlx, Budget, Outcome, Solver, Stop};
//! use dlx_parallel::ParallelSolver;
//! use std::ops::ControlFlow;
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
//! let count = parallel.count();
//! assert_eq!((count.value.to_u64(), count.outcome), (Some(4), Outcome::Finished));
//!
//! // Ordered mode reports the solutions in the sequential order.
//! parallel.set_ordered(true);
//! let mut found = Vec::new();
//! let ended = parallel.visit(|s| {
//!     found.push(s.to_vec());
//!     ControlFlow::<()>::Continue(())
//! });
//! assert_eq!(ended, ControlFlow::Continue(Outcome::Finished));
//! let sequential = Solver::new(&problem).solutions().collect::<Result<Vec<_>, _>>()?;
//! assert_eq!(found, sequential);
//!
//! // A budget stops every thread, and the answer says that it is partial.
//! parallel.set_budget(Budget::new().with_nodes(5));
//! let part = parallel.count();
//! assert_eq!(part.outcome, Outcome::Stopped(Stop::Nodes));
//! assert!(part.value < count.value);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design
//! - **API boundary.** Only the hooks of [`dlx_core::subtree`]
//!   ([`SubtreeSearch`](dlx_core::subtree::SubtreeSearch): `root_subtree`,
//!   `enter`, `donate`, `divide`, `set_shared_bound`; and a
//!   [`RoundSearch`](dlx_core::subtree::RoundSearch) for the rounds of a
//!   repeated cover) are used, with the solver's own loop and its
//!   objective; nothing here touches the link arrays.
//! - **Work stealing, no pre-pass.** One worker per thread, each with one
//!   solver for the whole run, runs the sequential loop in slices of nodes.
//!   Between slices, when a worker is idle and no task waits, a busy worker
//!   gives away the second half of the untried alternatives of its shallowest
//!   open level; the idle worker replays the way down on its own solver (no
//!   clone) and searches them. A forced chain has no untried alternatives,
//!   so it is never split and costs one thread its sequential time; a tiny
//!   problem costs the start of the threads.
//! - **Order.** A given subtree comes right after the rest of the search
//!   it came from, in the sequential order; ordered mode keeps the tasks in
//!   that order and holds a task's solutions back until the tasks before it
//!   are done. Solutions reach the caller's thread through a bounded
//!   channel, so the visitor may hold a `&mut` writer and needs no `Send`.
//! - **Statistics.** A subtree's level is entered by the search that gave it
//!   away, which counts its node and cover; the taker counts the rest, so
//!   the totals equal the sequential ones exactly.
//! - **Stopping.** The caller's [`dlx_core::Budget`] is every thread's:
//!   they draw their nodes from its one pool and read its deadline and
//!   cancel flags between slices of a few milliseconds. A run's own stops
//!   (a limit reached, `first` satisfied, a visitor's `Break`, an optimum
//!   of cost 0) raise a flag of the run's own, which its workers read
//!   beside the caller's; the caller's flags are never written. A run is
//!   complete only when every task was searched to its end (or its limit
//!   was reached), and says so in its outcome.
//! - **Optimising.** Every thread runs the branch and bound search with one
//!   shared bound: the `k`-th best value found so far, less one.
#![warn(missing_docs)]

#[macro_use]
mod pool;
mod cover;
mod dimers;
mod draws;
mod memo;
mod progress;
mod search;
mod searches;
#[cfg(feature = "shard")]
mod shard;
mod split;
mod steal;

pub use cover::{min_cover, ParallelRounds};
pub use dimers::{count_dimers_on, dimer_frequencies_on, frequencies_on, CountedBy, OptionCounts};
pub use draws::sample_on;
pub use memo::{
    count_solutions_on, diagram_on, CountError, MemoPiece, ParallelCount, ParallelMemoCounter,
    PieceCount,
};
pub use pool::{wait_for, Job, ParallelError, Pool, MAX_THREADS};
pub use progress::Progress;
pub use search::{Listing, ParallelSolver, Pulled, SubCount};
pub use searches::Searches;
#[cfg(feature = "shard")]
pub use shard::{read_split, Fingerprint, Merge, Merged, PartLine, Place, ShardError, SplitLine};
pub use split::{counts_in_layers, Split, SplitError, SplitGoal, DEFAULT_PIECES};
pub use steal::Balance;
