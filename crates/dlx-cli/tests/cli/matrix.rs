//! Tests of `dlx matrix`.
