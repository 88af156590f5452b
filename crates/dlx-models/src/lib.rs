//! Puzzle encoders for dlx: from a puzzle's text to an exact cover problem and back.
//!
//! Each module is one problem: parse its usual text formats, encode it into a
//! [`dlx_core::Problem`], decode a solution back into the puzzle's own terms,
//! check the answer against the puzzle's rules (never against the links), and
//! render it.
#![warn(missing_docs)]

pub mod lottery;
pub mod matrix;
pub mod polyomino;
pub mod queens;
pub mod squares;
pub mod sudoku;
pub mod treasure;
