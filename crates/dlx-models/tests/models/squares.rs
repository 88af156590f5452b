//! Tests of the squares model.
