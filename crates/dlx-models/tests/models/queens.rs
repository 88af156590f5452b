//! Tests of the queens model.
