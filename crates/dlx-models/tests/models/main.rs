//! The integration tests of dlx-models, one module per model.

mod lottery;
mod matrix;
mod pictures;
mod polyforms;
mod polyomino;
mod queens;
mod squares;
mod sudoku;
mod treasure;
