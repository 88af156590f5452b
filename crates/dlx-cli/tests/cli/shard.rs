//! Tests of `dlx shard`.
