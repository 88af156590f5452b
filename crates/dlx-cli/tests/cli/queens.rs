//! Tests of `dlx queens`.
