//! Tests of `dlx lottery`.
