//! Puzzle encoders for dlx: from a puzzle's text to an exact cover problem and back.
//!
//! Each public module is one problem.
//! It reads the problem's usual text formats, encodes a puzzle into a [`dlx_core::Problem`], decodes a solution back into the puzzle's own terms, checks the answer against the puzzle's rules (never against the links), and renders it.
//!
//! # Brief overview
//! - [`sudoku`]: a [`sudoku::Grid`] of any box shape from 4x4 to 64x64, diagonal sudoku, counts and uniqueness, target (archery) scoring, and seeded generation of unique puzzles.
//! - [`queens`]: [`queens::Queens`], N-queens in Knuth's encoding, distinct solutions up to the board's symmetries, pre-placed queens.
//! - [`polyomino`]: [`polyomino::Polyomino`], the tilings of a [`polyomino::Board`] by a [`polyomino::PieceSet`] (built in or ASCII art), exact counts up to the board's symmetries, text and SVG; a [`polyform::Polyform`] on the square grid ([`polyomino::Square`]), with its own cells, shapes and boards.
//! - [`polycube`], [`polyiamond`], [`polyhex`]: packings of solid pieces in a box or drawn layers (the Soma cube, the solid pentominoes), of polyiamonds and of polyhexes, read from names, art or Knuth's generators' inputs, counted up to the board's symmetries, drawn as text and SVG; all three are one [`polyform::Polyform`] over a [`polyform::Lattice`], the machinery of [`polyform`].
//! - [`matrix`]: a [`matrix::Matrix`] of 0s and 1s, in the POJ 3740 and HUST 1017 forms.
//! - [`treasure`], [`squares`], [`lottery`]: the optimising exercises, a [`treasure::Map`] (fewest rectangles), a [`squares::Grid`] (fewest matchsticks) and a [`lottery::Design`] (fewest tickets), on dlx-core's fewest-options search and its minimum repeated cover.
//! - [`tilings`]: the one policy that counts a board's tilings, all of them and up to symmetry ([`tilings::count_tilings`]), on this thread or a pool's ([`dlx_core::Searcher`]), for every board model.
//! - [`TextError`] and [`Counted`]: what the file readers share (below).
//! - Pictures: every board draws itself as an SVG picture, its puzzle and its answer told apart: [`sudoku::Grid::to_svg`] (printable on A4), [`queens::Queens::to_svg`], [`treasure::Map::to_svg`], [`squares::Grid::to_svg`] and [`polyomino::Tiling::to_svg`], [`polyform::Packing::to_svg`] (polycubes in an isometric view, triangles and hexagons as they are); and any problem at all, as its matrix of options and items with a solution marked, by [`picture::to_svg`].
//!
//! Every model but `polyomino` and the polyforms (whose [`polyomino::Polyomino`] and [`polyform::Polyform`] are their own encodings) has an `Encoding`: the problem, and the map from its options back to the puzzle.
//! Errors are `#[non_exhaustive]` enums that carry the input as context: one for reading or building a puzzle, another for an answer that breaks the puzzle's rules.
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
//! A file of puzzles is read the same way in every model that reads one.
//! A `parse` function takes the whole text (and the format's options, if any) and returns a lazy iterator over it, whose items are `Result<Case, Error>` in input order:
//!
//! | model | function | iterator | item | error |
//! | --- | --- | --- | --- | --- |
//! | [`sudoku`] | [`sudoku::parse`]`(text, shape)` | [`sudoku::Puzzles`] | [`sudoku::Puzzle`] | [`sudoku::ParseError`] |
//! | [`queens`] | [`queens::parse_spoj`]`(text)` | [`queens::SpojCases`] | [`queens::SpojCase`] | [`queens::SpojError`] |
//! | [`matrix`] | [`matrix::parse`]`(text, format)` | [`matrix::Cases`] | [`matrix::Case`] | [`matrix::MatrixError`] |
//! | [`treasure`] | [`treasure::parse`]`(text)` | [`treasure::Cases`] | [`treasure::Case`] | [`treasure::TreasureError`] |
//! | [`squares`] | [`squares::parse`]`(text)` | [`squares::Cases`] | [`squares::Case`] | [`squares::SquaresError`] |
//!
//! Why this shape:
//! - **Lazy.** A case is read when the next one is asked for, so a large file is answered case by case, and a caller that stops at the first error stops reading there.
//! - **Owned cases that know their line.** A case borrows nothing from the text, so it can go to another thread; numbering the items with `enumerate` is enough to print answers computed on many threads back in input order, and each case knows the line it starts on for the messages about it.
//! - **Errors name the place.** Every error names its line, and the column (or the cell) where one token is at fault, with the token or value.
//!   The faults of the tokens themselves (not a number, an input that ends early, tokens after the last case) are one [`TextError`], which each model's error wraps, so they read the same in every model.
//! - **After an error.** Where each case has a line of its own (sudoku, SPOJ queens), the next item is the next case.
//!   Where a header or a count decides where the next case starts (matrix, treasure, squares), the iterator ends.
//!
//! Treasure maps and square destroyers give their number of cases first; both read it with [`Counted`], which their `Cases` name.
//! A text that describes one thing rather than a list of cases (a polyomino board or piece set, a single sudoku) is read by a function that returns `Result<T, Error>`: [`polyomino::Board::parse`], [`polyomino::PieceSet::parse`], [`sudoku::Puzzle::parse_one`], and `str::parse` for a [`sudoku::Grid`].
//!
//! # Design
//! - **Lean encodings.** Givens, pre-placed queens and other fixed choices never become items or options: the search sees only what is left.
//! - **Independent checks.** Every model checks a decoded answer against the puzzle's own rules, so a wrong encoding cannot pass as a right answer.
//! - **No links, no threads.** Models use dlx-core's public API for building and searching problems (`ProblemBuilder`, `Problem`, `ItemId`, `ItemKind`, `OptionId`, `BuildError`, `MAX_NODES`, `Solver`, `MinCover`, `Step`, `Optimum`, `Stats`); the link arrays are not part of it, and parallel search is the caller's choice: a policy that searches takes a [`dlx_core::Searcher`], which `dlx-parallel` implements on a pool.
//! - **Shared parts have a home of their own.** Four private modules serve every model and belong to none: `text` (tokens with their line and column, numbers, [`Counted`] and [`TextError`]), `encode` (one option per candidate that names an item), `rng` (the seeded generator) and `svg` (what the pictures share: their opening, the piece colors, numbers).
//! - **Pictures are text.** Each `to_svg` writes its SVG by hand, as plain text with a `viewBox`, without a dependency: what a picture holds is reviewed line by line in its snapshot, and `cargo xtask pictures` renders each to PNG for a person to look at.
//! - **Seeds, not generators.** The sudoku generator and the queens restarts draw from dlx-core's `WyRand`, the workspace's one hand-written generator, through the private `rng`, so a seed gives the same answer on every machine and with every version of every dependency; callers pass a seed.
#![warn(missing_docs)]

mod encode;
pub mod lottery;
pub mod matrix;
pub mod picture;
pub mod polycube;
pub mod polyform;
pub mod polyhex;
pub mod polyiamond;
pub mod polyomino;
pub mod queens;
mod rng;
pub mod squares;
pub mod sudoku;
mod svg;
mod text;
pub mod tilings;
pub mod treasure;

/// The value of an answer from a search run without a budget, which always
/// runs to its end (the models' plain `solve`, `count` and `first` run so;
/// those that take a [`dlx_core::Budget`] return the [`dlx_core::Answer`]).
fn whole<T>(answer: dlx_core::Answer<T>) -> T {
    debug_assert!(answer.is_complete(), "a search without a budget finishes");
    answer.value
}

/// The next solution of a search run without a budget, which never stops early.
fn next_whole(
    next: Result<Option<&[dlx_core::OptionId]>, dlx_core::Stop>,
) -> Option<&[dlx_core::OptionId]> {
    debug_assert!(next.is_ok(), "a search without a budget never stops early");
    next.ok().flatten()
}

pub use text::{Counted, TextError};
