//! The integration tests of the `dlx` binary, one module per subcommand.

mod matrix;
mod polyomino;
mod queens;
mod shard;
mod solve;
mod sudoku;
