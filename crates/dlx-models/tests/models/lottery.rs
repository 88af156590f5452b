//! Tests of the lottery model.
