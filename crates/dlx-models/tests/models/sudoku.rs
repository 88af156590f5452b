//! Tests of the sudoku model.
