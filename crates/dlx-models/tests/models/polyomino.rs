//! Tests of the polyomino model.
