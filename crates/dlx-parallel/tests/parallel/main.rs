//! The integration tests of dlx-parallel: parallel equals sequential.

mod budget;
mod cover;
mod dimers;
mod faces;
mod memo;
mod problems;
mod properties;
mod search;
mod shard;
mod split;
