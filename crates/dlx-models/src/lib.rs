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
//! # Reading files: one shape for every model
//! A file of puzzles is read the same way in every model that reads one:
//! a `parse` function takes the whole text (and the format's options, if
//! any) and returns a lazy iterator over it, whose items are
//! `Result<Case, Error>` in input order:
//!
//! | model | function | iterator | item | error |
//! | --- | --- | --- | --- | --- |
//! | [`sudoku`] | [`sudoku::parse`]`(text, shape)` | [`sudoku::Puzzles`] | [`sudoku::Puzzle`] | [`sudoku::ParseError`] |
//! | [`queens`] | [`queens::parse_spoj`]`(text)` | [`queens::SpojCases`] | [`queens::SpojCase`] | [`queens::SpojError`] |
//! | [`matrix`] | [`matrix::parse`]`(text, format)` | [`matrix::Cases`] | [`matrix::Case`] | [`matrix::MatrixError`] |
//! | [`treasure`] | [`treasure::parse`]`(text)` | [`treasure::Cases`] | [`treasure::Case`] | [`treasure::TreasureError`] |
//! | [`squares`] | [`squares::parse`]`(text)` | [`squares::Cases`] | [`squares::Case`] | [`squares::SquaresError`] |
//!
//! - **Lazy.** A case is parsed when the next one is asked for, so a large
//!   file is answered case by case, and a caller that stops at the first
//!   error stops reading there.
//! - **Owned cases, in order.** Each case owns its puzzle (it borrows
//!   nothing from the text, so it can go to another thread) and knows the
//!   line it starts on; numbering the items with `enumerate` is enough to
//!   print answers computed on many threads back in input order.
//! - **Errors name the place.** Every error names its line, and the column
//!   (or the cell) where one token is at fault, with the token or value.
//!   The faults of the tokens themselves (not a number, an input that ends
//!   early, tokens after the last case) are one [`TextError`], which each
//!   model's error wraps, so they read the same in every model.
//! - **After an error.** Where each case has its own line (sudoku, SPOJ
//!   queens) the next item is the next case; where a header or a count
//!   decides where the next case starts (matrix, treasure, squares) the
//!   iterator ends.
//!
//! A text that describes one thing rather than a list of cases (a polyomino
//! board or piece set, a single sudoku) is read by a constructor that
//! returns `Result<T, Error>`: [`polyomino::Board::parse`],
//! [`polyomino::PieceSet::parse`], [`sudoku::Puzzle::parse_one`] and `str::parse` for a
//! [`sudoku::Grid`].
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

mod encode;
pub mod lottery;
pub mod matrix;
pub mod polyomino;
pub mod queens;
mod rng;
pub mod squares;
pub mod sudoku;
mod text;
pub mod treasure;

pub use text::{Counted, TextError};
