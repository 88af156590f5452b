//! `dlx queens`: n queens on an n x n board, no two attacking each other.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Solver, Stats};
use dlx_models::queens::{parse_spoj, Board, Queens, Square};

use crate::shared::cases::{until_error, Case};
use crate::shared::{out, print_stats, read_text, write_svg, Output, ResultExt as _, Run, RunArgs};

/// Place n queens on an n x n board so that no two share a row, a column or a diagonal.
///
/// Prints one solution as a board (`Q` a queen, `.` an empty square), or with
/// `--count` or `--distinct` the number of solutions alone on the last line.
/// The encoding is Knuth's: rows and columns are primary items, diagonals
/// secondary; pre-placed queens take their lines out of the problem.
///
/// `--svg FILE` also draws the board as an SVG picture: a checkerboard with
/// the `--place` queens in black on framed squares and the queens found in
/// blue (the `--place` queens alone when there is no solution).
///
/// Counts run on all cores (`--threads`); SPOJ cases are answered on all
/// cores, in input order.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx queens 8\n  dlx queens 12 --count\n  dlx queens 12 --count --distinct\n  dlx queens 8 --place 1:1 --place 8:4\n  dlx queens 8 --place 1:1 --svg queens.svg\n  dlx queens 200\n  dlx queens 8 --emit-dlx | dlx solve --count\n  dlx queens --spoj data/queens/spoj.txt"
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
    #[arg(long)]
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
    #[arg(long, value_name = "FILE", conflicts_with_all = ["n", "count", "distinct", "place", "emit_dlx", "svg"])]
    spoj: Option<PathBuf>,
    /// Also draw the board and its solution as an SVG picture in FILE.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "distinct", "emit_dlx"])]
    svg: Option<PathBuf>,
    /// Print nodes, updates, solutions and time to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    run: RunArgs,
}

pub(crate) fn run(args: QueensArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let mut output = Output::new();
    if let Some(path) = &args.spoj {
        return run_spoj(&args, path, &mut output, start);
    }
    let n = args.n.context("the board size N is missing").bad_input()?;
    let puzzle = Queens::with_queens(n, args.place.iter().copied()).bad_input()?;
    if args.emit_dlx {
        let text = write_dlx(puzzle.encode().bad_input()?.problem());
        out!(output, "{}", text.trim_end_matches('\n'))?;
        return output.flush();
    }
    let mut run = Run::new(&args.run)?;
    if args.count || args.distinct {
        let encoding = puzzle.encode().bad_input()?;
        let mut solver = run.parallel(Solver::new(encoding.problem()))?;
        let progress = solver.progress();
        if args.distinct {
            let symmetries = puzzle.symmetries();
            // Each thread tests the solutions it finds with a test of its own.
            let (_, all, distinct) = run.watch(&progress, || {
                solver.fold(
                    || (encoding.canonical(&symmetries), 0u64, 0u64),
                    |(canonical, all, distinct), solution| {
                        *all += 1;
                        *distinct += u64::from(canonical.is_canonical(solution));
                    },
                    |a, b| (a.0, a.1 + b.1, a.2 + b.2),
                )
            });
            if args.count {
                out!(output, "{all}")?;
            }
            out!(output, "{distinct}")?;
        } else {
            let count = run.watch(&progress, || solver.count());
            out!(output, "{count}")?;
        }
        output.flush()?;
        if args.stats {
            print_stats(solver.stats(), start.elapsed().as_secs_f64());
        }
        return run.finish("the count");
    }
    let mut first = None;
    let stats = run.cases(std::slice::from_ref(&puzzle), first_board, |_, board| {
        match &board {
            Some(board) => out!(output, "{}", board.render().trim_end_matches('\n'))?,
            None => out!(output, "no solution")?,
        }
        first = Some(board);
        Ok(())
    })?;
    output.flush()?;
    if let (Some(path), Some(board)) = (&args.svg, &first) {
        write_svg(path, &puzzle.to_svg(board.as_ref()))?;
    }
    if args.stats {
        print_stats(&stats, start.elapsed().as_secs_f64());
    }
    run.finish("the output")
}

/// The first solution of one board (restarts on shuffled options when the
/// first search runs long), checked, or `None`.
fn first_board(puzzle: &Queens, search: &mut Case) -> anyhow::Result<Option<Board>> {
    let (board, stats) = puzzle
        .first_with(Some(search.stop_flag()), search.node_limit())
        .bad_input()?;
    let limited = search
        .node_limit()
        .is_some_and(|limit| stats.nodes >= limit);
    search.searched(&stats, limited);
    if let Some(board) = &board {
        puzzle
            .check(board)
            .context("internal error: the solution breaks the rules")?;
    }
    Ok(board)
}

fn run_spoj(
    args: &QueensArgs,
    path: &std::path::Path,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let (name, text) = read_text(Some(path))?;
    let (cases, bad) = until_error(parse_spoj(&text));
    let mut run = Run::new(&args.run)?;
    let stats: Stats = run.cases(
        &cases,
        |case, search| first_board(&case.puzzle, search),
        |_, board| {
            match board {
                Some(board) => out!(output, "{}", board.spoj_line())?,
                None => out!(output, "no solution")?,
            }
            Ok(())
        },
    )?;
    output.flush()?;
    if args.stats {
        print_stats(&stats, start.elapsed().as_secs_f64());
    }
    run.finish("the output")?;
    bad.map_or(Ok(()), |err| Err(err).bad_input_in(&name))
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
