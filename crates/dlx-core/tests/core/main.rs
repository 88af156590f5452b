//! The integration tests of dlx-core: known answers, statistics, the API, budgets and outcomes, exact counts, the format, the estimate, properties and the memoised count's sweep.

mod api;
mod budget;
mod count;
mod cover_within;
mod diagram;
mod dimers;
mod estimate;
mod explore;
mod format;
mod known_answers;
mod memo;
mod properties;
mod rounds;
mod stats;
mod support;
mod sweep;
