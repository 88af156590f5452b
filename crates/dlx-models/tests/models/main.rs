//! The integration tests of dlx-models, one module per model.

mod matrix;
mod polyomino;
mod queens;
mod sudoku;
