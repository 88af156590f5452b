//! The integration tests of the `dlx` binary, one module per subcommand.

mod cover;
mod lottery;
mod matrix;
mod polyomino;
mod queens;
mod squares;
mod shard;
mod solve;
mod sudoku;
mod treasure;
