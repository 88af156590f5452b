//! Puzzle encoders for dlx: from a puzzle's text to an exact cover problem and back.
//!
//! Each module is one problem: parse its usual text formats, encode it into a
//! [`dlx_core::Problem`], decode a solution back into the puzzle's own terms,
//! check the answer against the puzzle's rules (never against the links), and
//! render it.
//!
//! # Brief overview
//! - [`sudoku`]: any box shape from 4x4 to 64x64, diagonal sudoku, counts and
//!   uniqueness, target (archery) scoring, a seeded generator.
//! - [`queens`]: N-queens (Knuth's encoding), distinct solutions up to the
//!   board's symmetries, pre-placed queens.
//! - [`polyomino`]: tilings by built-in or ASCII-art pieces, exact counts up
//!   to the board's symmetries, text and SVG.
//! - [`matrix`]: 0/1 matrices in the classic contest forms.
//! - [`treasure`], [`squares`], [`lottery`]: the optimising exercises (fewest
//!   rectangles, fewest matchsticks, fewest lottery tickets) on dlx-core's
//!   fewest-options and minimum repeated cover searches.
//!
//! # Example
//! ```
//! use dlx_models::sudoku::{Grid, Variant};
//!
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let solution = puzzle.solve(Variant::Plain)?.expect("a solution");
//! assert!(solution.is_complete());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design
//! - **Lean encodings.** Givens, pre-placed queens and other fixed choices
//!   never become items or options: the search sees only what is left.
//! - **Independent checks.** Every model checks a decoded answer against the
//!   puzzle's own rules, so a wrong encoding cannot pass as a right answer.
//! - **No links, no threads.** Models see dlx-core only through
//!   `ProblemBuilder`, `Solver` and `OptionId`; parallel search is the
//!   caller's choice (`dlx-parallel`).
#![warn(missing_docs)]

pub mod lottery;
pub mod matrix;
pub mod polyomino;
pub mod queens;
mod rng;
pub mod squares;
pub mod sudoku;
mod text;
pub mod treasure;

pub use text::TextError;
