//! Tests of `dlx solve`.
