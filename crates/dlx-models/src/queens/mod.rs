//! N-queens: n queens on an n x n board, no two in one row, column or diagonal.
//!
//! # Brief overview
//! - [`Queens`] is a puzzle: the board size and the queens already placed
//!   ([`QueensError`] when they clash); [`Queens::first`], [`Queens::count`]
//!   and [`Queens::count_distinct`] search it.
//! - [`Encoding`] is its exact cover problem, and decodes solutions into a
//!   [`Board`] of [`Square`]s, which [`Board::check`] and [`Queens::check`]
//!   test by the rules alone ([`BoardError`]).
//! - [`Symmetry`] is one of the 8 symmetries of the square board.
//! - [`Queens::to_svg`] draws the board, the pre-placed queens apart from those found.
//! - [`parse_spoj`] reads the SPOJ NQUEEN input, one [`SpojCase`] a line.
//!
//! # Encoding
//! Knuth's encoding ("Dancing Links", 2000): one primary item per row
//! (`r1..rn`) and per column (`c1..cn`), one secondary item per diagonal of
//! either direction (`a2..a2n` for the squares with `row + column = s`, `b1..b2n-1`
//! for `row - column + n = d`), and one option per square naming its row, its
//! column and its two diagonals.
//! Rows and columns must each hold exactly one queen, diagonals at most one.
//!
//! The row and column items are listed from the middle of the board outward,
//! interleaved (`r5 c5 r4 c4 r6 c6 r3 c3 r7 c7 r2 c2 r8 c8 r1 c1` for
//! n = 8): the "organ-pipe order" Knuth uses for the queens problem in
//! "Dancing Links" and in his queens generator.
//! The engine breaks ties among the items with the fewest options to the
//! leftmost, so the search starts in the middle of the board, where a queen
//! attacks the most squares and prunes the most.
//!
//! The encoding is lean: the rows, columns and diagonals of pre-placed queens
//! never become items, the squares they attack never become options, and a
//! diagonal that meets at most one free square (it can never hold two queens)
//! is left out too.
//!
//! # First solutions for large boards
//! With the options in plain order (square by square, row by row) the search
//! finds a first solution at once up to n = 50 (10,482 nodes for n = 50), but
//! for n = 64, 100 and 200 it had not found one after 20 million nodes.
//! The search is heavy-tailed: the same regular pattern of first choices
//! (central lines first, then always the first free square of the most
//! constrained line) leads to a dead end deep in the tree (within 5 million
//! nodes it reaches level 61 of 64, 90 of 100, 174 of 200), and the search
//! then exhausts a huge subtree above it before it undoes the early choices
//! that caused it.
//! Shuffling the options (a random but fixed first try at every item)
//! breaks the pattern: with shuffled options (seeds 1 to 20,
//! [`Queens::encode_shuffled`] then [`dlx_core::Solver::first`]) the search
//! reaches a solution for n = 64, 100 and 200 in at most 422 nodes, and
//! most often in n nodes or a few more, with next to no backtracking.
//! So [`Queens::first`] runs the plain search for [`FIRST_BUDGET`] nodes and
//! then restarts on shuffled options ([`Queens::encode_shuffled`], seeds 1,
//! 2, ...) with a budget that doubles at each restart, the classic cure of
//! heavy-tailed backtracking (Gomes, Selman and Kautz, 1998).
//! Small boards keep the plain search's first solution, and the seeds are
//! fixed, so the answer is the same on every run and every machine.
//!
//! # Distinct solutions
//! [`Queens::count_distinct`] counts solutions up to the symmetries of the
//! board (the 8 rotations and reflections, [`Symmetry`]) that keep the
//! pre-placed queens where they are.
//! It is exact by canonical forms: a solution is read as the sequence of its
//! queens' columns, row by row, and it is counted when no symmetry maps it to
//! a lexicographically smaller sequence.
//! Every orbit has exactly one smallest member, so this counts each orbit
//! once, however symmetric its solutions are; no weighting by orbit size is
//! needed.
//!
//! ```
//! use dlx_models::queens::{Queens, Square};
//!
//! let eight = Queens::new(8)?;
//! assert_eq!(eight.count()?, 92u64);
//! assert_eq!(eight.count_distinct()?, 12u64);
//!
//! // A queen in the corner of a 5 x 5 board leaves two solutions.
//! let puzzle = Queens::with_queens(5, [Square::new(0, 0)])?;
//! let board = puzzle.first()?.expect("a solution");
//! puzzle.check(&board)?;
//! assert_eq!(board.render(), "Q . . . .\n. . . Q .\n. Q . . .\n. . . . Q\n. . Q . .\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod model;
mod picture;
mod spoj;

pub use board::{Board, BoardError, Line, Square, Symmetry};
pub use model::{Canonical, Encoding, Queens, QueensError};
pub use spoj::{parse_spoj, SpojCase, SpojCases, SpojError};

/// The largest board side accepted: a 1000 x 1000 board has a million options.
pub const MAX_N: usize = 1000;

/// The nodes [`Queens::first`] lets the search in the plain option order
/// spend before it restarts on shuffled options (the budget then doubles at
/// each restart).
pub const FIRST_BUDGET: u64 = 20_000;
