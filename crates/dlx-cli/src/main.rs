//! The `dlx` command line tool: exact cover problems and puzzles, solved with Dancing Links.
//!
//! `main` parses the command line with clap and hands it to the module of the
//! subcommand, whose `run` returns an `anyhow::Result`; `shared` holds what the
//! subcommands share, and `shared::report` turns an error into its message and
//! its exit code (the codes are listed in `shared::EXIT_CODES`, which
//! `dlx --help` prints).

mod completions;
mod cover;
mod estimate;
mod knuth;
mod lottery;
mod man;
mod matrix;
mod polycube;
mod polyform;
mod polyhex;
mod polyiamond;
mod polyomino;
mod queens;
mod sample;
mod shard;
mod shared;
mod solve;
mod squares;
mod sudoku;
mod treasure;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use dlx_models::polycube::Polycube;
use dlx_models::polyhex::Polyhex;
use dlx_models::polyiamond::Polyiamond;
use dlx_models::polyomino::Polyomino;

use crate::shared::boards::{self, BoardArgs};

/// Exact cover problems and the puzzles built on them, solved with Knuth's Dancing Links.
#[derive(Debug, Parser)]
#[command(
    name = "dlx",
    version,
    about,
    long_about = None,
    propagate_version = true,
    args_override_self = true,
    after_help = shared::EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The most bytes an input may hold (`512M`, `4G`; default 256M, or the
    /// environment's DLX_MAX_INPUT): a larger input is refused as bad input
    #[arg(long, global = true, value_name = "SIZE", value_parser = shared::parse_size)]
    max_input: Option<usize>,
}

#[derive(Debug, Subcommand)]
enum Command {
    Solve(solve::SolveArgs),
    Sudoku(sudoku::SudokuArgs),
    Queens(queens::QueensArgs),
    #[command(visible_alias = "pentomino")]
    Polyomino(BoardArgs<Polyomino>),
    Polycube(BoardArgs<Polycube>),
    Polyiamond(BoardArgs<Polyiamond>),
    Polyhex(BoardArgs<Polyhex>),
    Matrix(matrix::MatrixArgs),
    Cover(cover::CoverArgs),
    Treasure(treasure::TreasureArgs),
    Squares(squares::SquaresArgs),
    Lottery(lottery::LotteryArgs),
    #[command(flatten)]
    Shard(shard::ShardCommand),
    Sample(sample::SampleArgs),
    Estimate(estimate::EstimateArgs),
    Completions(completions::CompletionsArgs),
    Man(man::ManArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage(&err),
    };
    shared::set_max_input(cli.max_input);
    // The commands that search listen for signals before they read their
    // input; the others (merge, completions, man) end at the first.
    let searches = !matches!(
        cli.command,
        Command::Completions(_) | Command::Man(_) | Command::Shard(shard::ShardCommand::Merge(_))
    );
    if searches {
        if let Err(err) = shared::listen_early() {
            return shared::report(&err);
        }
    }
    let result = match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Sudoku(args) => sudoku::run(args),
        Command::Queens(args) => queens::run(args),
        Command::Polyomino(args) => boards::run(&args),
        Command::Polycube(args) => boards::run(&args),
        Command::Polyiamond(args) => boards::run(&args),
        Command::Polyhex(args) => boards::run(&args),
        Command::Matrix(args) => matrix::run(args),
        Command::Cover(args) => cover::run(args),
        Command::Treasure(args) => treasure::run(args),
        Command::Squares(args) => squares::run(args),
        Command::Lottery(args) => lottery::run(args),
        Command::Shard(command) => shard::run(command),
        Command::Sample(args) => sample::run(args),
        Command::Estimate(args) => estimate::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => shared::report(&err),
    }
}

/// Prints what clap found (help, the version, or a usage error) and
/// returns its exit code: 0 after `--help` or `--version`, 2 for a usage
/// error, as EXIT_CODES says.
///
/// A usage error takes the tool's own prefix, `dlx: error: `, as every other
/// error does (ripgrep's errors all start `rg: `), instead of clap's bare
/// `error: `; the rest of clap's message (the usage line, the tip) follows.
fn usage(err: &clap::Error) -> ExitCode {
    use std::io::Write as _;
    if !err.use_stderr() {
        // `--help` and `--version` go to standard output; a closed pipe ends quietly.
        let _ = err.print();
        return ExitCode::SUCCESS;
    }
    if err.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // `dlx` alone: the help, on standard error, with no prefix to add.
        let _ = err.print();
        return ExitCode::from(2);
    }
    // The message without colors, so that the prefix is found and logs stay plain.
    let message = err.render().to_string();
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let _ = write!(std::io::stderr(), "dlx: error: {message}");
    ExitCode::from(2)
}
