//! Tests of `dlx squares`.
