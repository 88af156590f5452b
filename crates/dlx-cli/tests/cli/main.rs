//! The integration tests of the `dlx` binary, one module per subcommand.

mod budgets;
mod conformance;
mod conventions;
mod cover;
mod estimate;
mod exit;
mod frequencies;
mod generated;
mod lottery;
mod matrix;
mod memo;
mod polyform;
mod polyomino;
mod queens;
mod sample;
mod schema;
mod shard;
mod solve;
mod squares;
mod sudoku;
mod support;
mod threads;
mod treasure;
