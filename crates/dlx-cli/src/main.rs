//! The `dlx` command line tool: exact cover problems and puzzles, solved with Dancing Links.

mod cover;
mod lottery;
mod matrix;
mod polyomino;
mod queens;
mod shard;
mod shared;
mod solve;
mod squares;
mod sudoku;
mod treasure;

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::shared::OutputError;

/// Exact cover problems and the puzzles built on them, solved with Knuth's Dancing Links.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Solve(solve::SolveArgs),
    Sudoku(sudoku::SudokuArgs),
    Queens(queens::QueensArgs),
    #[command(alias = "pentomino")]
    Polyomino(polyomino::PolyominoArgs),
    Matrix(matrix::MatrixArgs),
    Cover(cover::CoverArgs),
    Treasure(treasure::TreasureArgs),
    Squares(squares::SquaresArgs),
    Lottery(lottery::LotteryArgs),
    #[command(flatten)]
    Shard(shard::ShardCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Sudoku(args) => sudoku::run(args),
        Command::Queens(args) => queens::run(args),
        Command::Polyomino(args) => polyomino::run(args),
        Command::Matrix(args) => matrix::run(args),
        Command::Cover(args) => cover::run(args),
        Command::Treasure(args) => treasure::run(args),
        Command::Squares(args) => squares::run(args),
        Command::Lottery(args) => lottery::run(args),
        Command::Shard(command) => shard::run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => exit_for(&err),
    }
}

/// Quiet success on a closed pipe (`dlx ... | head`), 1 for our own output
/// failing, 2 for bad input; the message names what was wrong, chained with `{:#}`.
fn exit_for(err: &anyhow::Error) -> ExitCode {
    let broken_pipe = err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    let _ = writeln!(std::io::stderr(), "dlx: error: {err:#}");
    if err.chain().any(|cause| cause.is::<OutputError>()) {
        ExitCode::from(1)
    } else {
        ExitCode::from(2)
    }
}
