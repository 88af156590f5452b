//! `dlx queens`: n queens on an n x n board, no two attacking each other.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Solver};
use dlx_models::queens::{parse_spoj, Queens, Square};

use crate::shared::{
    count_memoised, out, print_memo_stats, print_stats, read_text, MemoArgs, Memoised, Output,
    ResultExt as _,
};

/// Place n queens on an n x n board so that no two share a row, a column or a diagonal.
///
/// Prints one solution as a board (`Q` a queen, `.` an empty square), or with
/// `--count` or `--distinct` the number of solutions alone on the last line.
/// The encoding is Knuth's: rows and columns are primary items, diagonals
/// secondary; pre-placed queens take their lines out of the problem.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx queens 8\n  dlx queens 12 --count\n  dlx queens 12 --count --distinct\n  dlx queens 8 --place 1:1 --place 8:4\n  dlx queens 200\n  dlx queens 8 --emit-dlx | dlx solve --count\n  dlx queens --spoj data/queens/spoj.txt"
)]
pub(crate) struct QueensArgs {
    /// The side of the board.
    #[arg(required_unless_present = "spoj", value_name = "N")]
    n: Option<usize>,
    /// Print the number of solutions.
    #[arg(long)]
    count: bool,
    /// Print the number of solutions distinct up to rotations and reflections
    /// of the board (those that keep the `--place` queens in place); with
    /// `--count`, the number of all solutions comes first.
    #[arg(long, conflicts_with = "memo")]
    distinct: bool,
    /// A queen already on the board, as ROW:COL counted from 1 (repeatable).
    #[arg(long = "place", value_name = "R:C", value_parser = parse_square)]
    place: Vec<Square>,
    /// Print the problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["count", "distinct"])]
    emit_dlx: bool,
    /// Complete every case of a SPOJ NQUEEN file (`-` for standard input):
    /// each line is n, then the column (from 1) of the queen in each row, 0
    /// for none. Prints one line per case: the column of each row's queen, or
    /// `no solution`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["n", "count", "distinct", "place", "emit_dlx"])]
    spoj: Option<PathBuf>,
    /// Print nodes, updates, solutions and time to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    memo: MemoArgs,
}

pub(crate) fn run(args: QueensArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let mut output = Output::new();
    if let Some(path) = &args.spoj {
        return run_spoj(path, args.stats, &mut output, start);
    }
    let n = args.n.context("the board size N is missing").bad_input()?;
    let puzzle = Queens::with_queens(n, args.place.iter().copied()).bad_input()?;
    if args.emit_dlx {
        let text = write_dlx(puzzle.encode().bad_input()?.problem());
        out!(output, "{}", text.trim_end_matches('\n'))?;
        return output.flush();
    }
    if args.count || args.distinct {
        let encoding = puzzle.encode().bad_input()?;
        // Queens' subproblems rarely repeat, so the probe mostly leaves the
        // count to the plain search; with many queens placed they may.
        if !args.distinct {
            if let Memoised::Counted(counted) =
                count_memoised(encoding.problem(), &args.memo, 1, args.stats)?
            {
                out!(output, "{}", counted.count)?;
                output.flush()?;
                if args.stats {
                    print_memo_stats(&counted, start.elapsed().as_secs_f64());
                }
                return Ok(());
            }
        }
        let mut solver = Solver::new(encoding.problem());
        if args.distinct {
            let distinct = encoding.count_distinct(&mut solver, &puzzle.symmetries());
            if args.count {
                // The distinct count visits every solution, so the statistics hold them all.
                out!(output, "{}", solver.stats().solutions)?;
            }
            out!(output, "{distinct}")?;
        } else {
            out!(output, "{}", solver.count())?;
        }
        output.flush()?;
        if args.stats {
            print_stats(solver.stats(), start.elapsed().as_secs_f64());
        }
        return Ok(());
    }
    let (board, stats) = puzzle.first_with_stats().bad_input()?;
    match board {
        Some(board) => {
            puzzle
                .check(&board)
                .context("internal error: the solution breaks the rules")?;
            out!(output, "{}", board.render().trim_end_matches('\n'))?;
        }
        None => out!(output, "no solution")?,
    }
    output.flush()?;
    if args.stats {
        print_stats(&stats, start.elapsed().as_secs_f64());
    }
    Ok(())
}

fn run_spoj(
    path: &std::path::Path,
    stats: bool,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let (name, text) = read_text(Some(path))?;
    let text = text.as_str();
    let mut total = dlx_core::Stats::default();
    for case in parse_spoj(text) {
        let case = case.bad_input_in(&name)?;
        let (board, case_stats) = case.puzzle.first_with_stats().bad_input()?;
        total += case_stats;
        match board {
            Some(board) => {
                case.puzzle
                    .check(&board)
                    .context("internal error: the solution breaks the rules")?;
                out!(output, "{}", board.spoj_line())?;
            }
            None => out!(output, "no solution")?,
        }
    }
    output.flush()?;
    if stats {
        print_stats(&total, start.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Reads `ROW:COL`, both from 1.
fn parse_square(text: &str) -> Result<Square, String> {
    let parse = |part: &str| part.trim().parse::<usize>().ok().filter(|&v| v >= 1);
    let (row, col) = text
        .split_once(':')
        .and_then(|(row, col)| Some((parse(row)?, parse(col)?)))
        .ok_or_else(|| format!("expected ROW:COL with numbers from 1, like `3:5`, not `{text}`"))?;
    Ok(Square::new(row - 1, col - 1))
}
