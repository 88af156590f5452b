//! Exact cover with Knuth's Dancing Links.
//!
//! `dlx-core` is the engine of the dlx workspace: it holds a problem's items
//! and options, searches for exact covers with Knuth's Algorithm X (and
//! Algorithm C when secondary items carry colors), and hands the solutions to
//! the caller one at a time. It knows nothing of puzzles, threads or files:
//! `dlx-models` turns puzzles into problems, `dlx-parallel` splits a search
//! over threads, and the `dlx` binary reads files.
//!
//! # Brief overview
//! What a user needs, first:
//! - [`ProblemBuilder`] builds a [`Problem`] from primary and secondary items
//!   and options, checking every input ([`BuildError`]); [`read_dlx`] and
//!   [`parse_dlx`] read Knuth's DLX text format ([`ParseError`] names the
//!   line), [`write_dlx`] and [`format_option`] write it back.
//! - [`Solver`] runs the search: [`Solver::count`], [`Solver::first`],
//!   [`Solver::visit`], [`Solver::next_solution`], [`Solver::solutions`],
//!   with a solution limit and a [`Budget`].
//! - Every search returns how it ended: an [`Answer`] holds its value and
//!   its [`Outcome`] (finished, a limit the caller set reached, or stopped
//!   by the budget for a [`Stop`] reason, the answer then partial).
//! - [`Budget`] is what a search may spend: nodes (one pool that every
//!   search given a clone draws from), time, memory, and cancel flags the
//!   search reads and never writes.
//! - [`verify`] checks a solution from the options alone; [`Stats`] are
//!   Knuth's statistics of a search (nodes, updates).
//!
//! Then the searches beyond the first solutions:
//! - [`Solver::min_options`] and [`Solver::min_cost`] find the best
//!   solutions by branch and bound (fewest options; the `k` cheapest under
//!   Knuth's DLX5 option costs); [`MinCover`] a minimum repeated cover
//!   (every primary item at least once) by iterative deepening.
//! - [`MemoCounter`] counts solutions without visiting them: the count of
//!   every finished subproblem is cached in a [`memo::MemoCache`] (bounded by a
//!   memory budget, `Sync`) under the state that determines it, and parts
//!   that no option joins are counted apart and multiplied. [`count_solutions`]
//!   uses it where the short probe of [`CountJob`] finds that it pays, and
//!   the plain count elsewhere. Every count, plain or memoised, is a
//!   [`Count`]: exact however large.
//! - [`Multiplicity`] lets a primary item be covered between `u` and `v`
//!   times (Knuth's Algorithm M, DLX3's `u:v|name`).
//! - [`Solver::probe`] walks one random path down the search tree: Knuth's
//!   unbiased estimate ([`Probe`]) of the nodes, updates and solutions of a
//!   search before it is run; [`Solver::progress`] estimates how far a
//!   running search is.
//!
//! And, in a module of their own, the hooks a parallel or distributed
//! search uses ([`subtree`]): subtrees of the search given away and
//! entered, and the rounds of a minimum repeated cover searched elsewhere.
//!
//! # Example
//! ```
//! use dlx_core::{parse_dlx, verify, Solver};
//!
//! // The 4-queens problem: rows and columns primary, diagonals secondary.
//! let mut text = String::from("r0 r1 r2 r3 c0 c1 c2 c3 | ");
//! text += &(0..7).map(|d| format!("a{d} b{d}")).collect::<Vec<_>>().join(" ");
//! text.push('\n');
//! for r in 0..4 {
//!     for c in 0..4 {
//!         text += &format!("r{r} c{c} a{} b{}\n", r + c, r + 3 - c);
//!     }
//! }
//! let problem = parse_dlx(&text)?;
//! let mut solver = Solver::new(&problem);
//! let mut n = 0;
//! // Without a budget the search always finishes: `?` never sees a stop.
//! while let Some(solution) = solver.next_solution()? {
//!     assert!(verify(&problem, solution).is_ok());
//!     n += 1;
//! }
//! assert_eq!(n, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design
//! - **Knuth's layout.** Links are `u32` indices into flat arrays; options are
//!   stored one after another with spacer nodes, so an option is walked by
//!   incrementing an index. Nothing is boxed, reference counted or hashed.
//! - **One iterative loop.** The search is a loop over an explicit choice
//!   stack allocated once (its depth is bounded by the number of primary
//!   items), so a deep problem cannot overflow the call stack and the search
//!   never allocates. The loop can stop at a solution or after a node budget
//!   and resume, which is how every way of asking for solutions is served.
//! - **Deterministic branching.** The primary item with the fewest options
//!   is chosen, ties to the leftmost, so every run (and every part of a split
//!   run) explores the same tree.
//! - **Colors, multiplicities and bounds cost nothing when unused.** Problems
//!   without colors run a monomorphised copy of the loop with the color tests
//!   compiled out; problems with multiplicities run Algorithm M's loop, and
//!   the optimising searches a copy with the bound test, so the plain
//!   Algorithm X loop carries none of them.
//! - **One way a search ends.** The caller's cancel flag is a question the
//!   search asks (CaDiCaL's `Terminator`), never a flag it raises; its own
//!   limits are its own state; and it returns how it ended (as ripgrep's
//!   searcher reports to its `Sink`). The loops check only their slice of
//!   nodes: a budget is looked at between slices of a few milliseconds.
//! - **Options need a primary item.** Algorithm X reaches options only
//!   through primary items, so an option of secondary items alone could never
//!   be chosen; the builder refuses it instead of ignoring it silently.
#![warn(missing_docs)]

mod budget;
mod count;
mod cover;
pub mod dimers;
pub mod format;
mod index;
mod links;
pub mod memo;
mod problem;
mod random;
mod search;
pub mod searcher;
mod time;
mod verify;

pub use budget::{Answer, Budget, Outcome, Stop};
pub use count::{Count, ParseCountError};
pub use cover::{Deepening, MinCover};
pub use format::{format_option, parse_dlx, read_dlx, write_dlx, ParseError};
pub use index::{Color, ItemId, OptionId};
pub use links::LinkError;
pub use memo::{
    count_solutions, CountJob, CountMode, Counted, Diagram, MemoCounter, MemoError, MemoSettings,
    Method, Why,
};
/// The big integers of [`Count`] (`num-bigint`'s), for callers that compute with them.
pub use num_bigint::BigUint;
pub use problem::{
    BuildError, Entry, Footprint, ItemKind, Multiplicity, Problem, ProblemBuilder, MAX_NODES,
};
pub use random::WyRand;
pub use search::{
    ChooseError, Costed, Estimate, Mean, Objective, Probe, Solutions, Solver, Stats, Step,
};
pub use searcher::{Searcher, Sequential};

pub mod explore {
    //! What [`Solver::explore`] reports: the steps of the search as Knuth's
    //! trace shows them, for a caller that draws or teaches the search
    //! (`dlx solve --trace`, the page's teaching view), and the profile of a
    //! run. The loops test for none of it: exploring is a second driver of
    //! the same steps.

    pub use crate::search::{Event, ExploreError, Profile};
    #[allow(unused_imports, reason = "the intra-doc links of the module")]
    use crate::Solver;
}

pub mod layers {
    //! The layered count on threads: what a driver that makes a narrow
    //! problem's layers on threads needs of the count, grouped here so that
    //! the rest of the crate reads as what a user needs.
    //!
    //! [`MemoCounter::layers`] hands a driver the [`Layers`] of a count
    //! that runs layer by layer ([`MemoCounter::sweeps`]). The driver cuts
    //! each large layer into [`Part`]s ([`Layers::split`]), expands each
    //! into a [`Chunk`] of its own on a thread ([`Layers::expand`]) and
    //! takes the chunks in order as the next layer ([`Layers::end`]); or,
    //! on two threads, has the count made from both ends at once
    //! ([`Layers::meet`]). A [`LayerMaker`] makes the layers of a
    //! [`Diagram`] the same way ([`Diagram::build_with`]); [`OnThisThread`]
    //! is the one that has no threads. Every step says how it ended with
    //! one [`LayerEnd`], and the reason when it stopped. The states, and so
    //! the count, are the same on any number of threads. `dlx-parallel`'s
    //! layered count is built on these alone.

    pub use crate::memo::sweep::{Chunk, LayerEnd, LayerMaker, Layers, OnThisThread, Part};
    #[allow(unused_imports, reason = "the intra-doc links of the module")]
    use crate::{Diagram, MemoCounter};
}

pub mod subtree {
    //! Dividing a search: what a parallel or distributed search needs of the
    //! solver, grouped here so that the rest of the crate reads as what a
    //! user needs.
    //!
    //! [`SubtreeSearch`] (implemented by [`Solver`]) names parts of the
    //! search tree as [`Subtree`]s, gives them away from a running search,
    //! enters them on other solvers and divides them the same way on every
    //! machine; [`Branch`] is the branch the search would take next. A
    //! [`MinCover`]'s rounds are cut into branches for a [`RoundSearch`]
    //! (see [`Round`] and [`RoundEnd`]). `dlx-parallel` is built on these
    //! alone.

    pub use crate::cover::{Round, RoundEnd, RoundSearch};
    pub use crate::search::{Branch, Divider, Division, Subtree, SubtreeSearch};
    #[allow(unused_imports, reason = "the intra-doc links of the module")]
    use crate::{MinCover, Solver};
}
pub use verify::{verify, VerifyError};
