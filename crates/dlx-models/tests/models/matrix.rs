//! Tests of the matrix model.
