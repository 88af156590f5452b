//! Tests of `dlx cover`.
