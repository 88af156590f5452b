//! Tests of `dlx polyomino`.
