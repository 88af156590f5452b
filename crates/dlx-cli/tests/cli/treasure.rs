//! Tests of `dlx treasure`.
