//! The sudoku model (work in progress).
