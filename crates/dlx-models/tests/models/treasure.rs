//! Tests of the treasure model.
