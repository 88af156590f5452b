//! The integration tests of dlx-core: known answers, statistics, the API, the format and properties.

mod api;
mod cover_within;
mod format;
mod known_answers;
mod memo;
mod properties;
mod stats;
mod support;
