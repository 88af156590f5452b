//! The integration tests of dlx-parallel: parallel equals sequential.

mod problems;
mod search;
mod split;
