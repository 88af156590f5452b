//! Tests of `dlx sudoku`.
