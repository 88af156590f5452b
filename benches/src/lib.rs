//! Shared helpers of the dlx benches.
