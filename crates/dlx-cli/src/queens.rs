//! `dlx queens`: n queens on an n x n board, no two attacking each other.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Count, Solver};
use dlx_models::queens::{parse_spoj, Board, Queens, Square};

use crate::shared::cases::answer_cases;
use crate::shared::cases::{until_error, Case};
use crate::shared::{
    fields, finish_run, out, print_counted, read_text, Line, MemoArgs, Output, Pictures,
    ReportArgs, ResultExt as _, SearchArgs, COUNT_HELP, LIMIT_HELP,
};

/// Place n queens on an n x n board so that no two share a row, a column or a diagonal.
///
/// Prints one solution as a board (`Q` a queen, `.` an empty square), the
/// first N with `--limit N` (a blank line between two), or with `--count` or
/// `--distinct` the number of solutions alone on the last line. A board
/// without solution prints nothing and says `no solution` on standard error.
/// The encoding is Knuth's: rows and columns are primary items, diagonals
/// secondary; pre-placed queens take their lines out of the problem.
///
/// `--svg PATH` also draws the board as an SVG picture: a checkerboard with
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
    #[arg(long, help = COUNT_HELP)]
    count: bool,
    /// Print the number of solutions distinct up to rotations and reflections
    /// of the board (those that keep the `--place` queens in place); with
    /// `--count`, the number of all solutions comes first.
    #[arg(long, conflicts_with_all = ["memo", "limit"])]
    distinct: bool,
    #[arg(long, value_name = "N", conflicts_with = "memo", value_parser = clap::value_parser!(u64).range(1..), help = LIMIT_HELP)]
    limit: Option<u64>,
    /// A queen already on the board, as ROW:COL counted from 1 (repeatable).
    #[arg(long = "place", value_name = "R:C", value_parser = parse_square)]
    place: Vec<Square>,
    /// Print the problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "json", "stats"])]
    emit_dlx: bool,
    /// Complete every case of a SPOJ NQUEEN file (`-` for standard input):
    /// each line is n, then the column (from 1) of the queen in each row, 0
    /// for none. Prints one line per case: the column of each row's queen, or
    /// `no solution`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["n", "count", "distinct", "limit", "place", "emit_dlx", "svg"])]
    spoj: Option<PathBuf>,
    /// Also draw the board and its solution as an SVG picture in PATH (a
    /// folder, an existing one or PATH ending with `/`, gets queens.svg).
    #[arg(long, value_name = "PATH", conflicts_with_all = ["count", "distinct", "emit_dlx"])]
    svg: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs<MemoArgs>,
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
    let report = args.search.report;
    let mut run = args.search.start()?;
    if args.count || args.distinct {
        let encoding = puzzle.encode().bad_input()?;
        // Queens' subproblems rarely repeat, so the probe mostly leaves the
        // count to the plain search; with many queens placed they may.
        if !args.distinct && args.limit.is_none() {
            let counted = run.count_solutions(encoding.problem(), &args.search.memo)?;
            return print_counted(
                &run,
                &counted,
                &mut output,
                &report,
                1,
                start.elapsed().as_secs_f64(),
            );
        }
        let root = Solver::new(encoding.problem());
        if args.distinct {
            let symmetries = puzzle.symmetries();
            // Each thread tests the solutions it finds with a test of its own.
            let (_, all, distinct) = run
                .fold(
                    root,
                    || (encoding.canonical(&symmetries), 0u64, 0u64),
                    |(canonical, all, distinct), solution| {
                        *all += 1;
                        *distinct += u64::from(canonical.is_canonical(solution));
                    },
                    |a, b| (a.0, a.1 + b.1, a.2 + b.2),
                )?
                .value;
            if report.json {
                output.json(&Line::count(
                    None,
                    Count::from(all),
                    Some(Count::from(distinct)),
                    None,
                    None,
                ))?;
            } else {
                if args.count {
                    out!(output, "{all}")?;
                }
                out!(output, "{distinct}")?;
            }
        } else {
            let count = run.count(root, args.limit)?;
            report.count(&mut output, None, count.value, args.limit)?;
        }
        output.flush()?;
        return finish_run(&run, &report, &mut output, start, &[], "the count");
    }
    let mut first = None;
    if let Some(limit) = args.limit {
        // The first N boards, in the order of the sequential search.
        let encoding = puzzle.encode().bad_input()?;
        let mut printed = 0;
        let flow = run.visit(
            Solver::new(encoding.problem()),
            true,
            Some(limit),
            |solution| {
                let board = encoding.decode(solution);
                let shown = puzzle
                    .check(&board)
                    .context("internal error: the solution breaks the rules")
                    .and_then(|()| write_board(&mut output, &report, printed, &board));
                printed += 1;
                first.get_or_insert(board);
                match shown {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(err) => ControlFlow::Break(err),
                }
            },
        )?;
        match flow {
            ControlFlow::Break(err) => return Err(err),
            ControlFlow::Continue(outcome) if printed == 0 && outcome.is_complete() => {
                report.no_solution(&mut output, None)?;
            }
            ControlFlow::Continue(_) => {}
        }
    } else {
        answer_cases(
            &mut run,
            std::slice::from_ref(&puzzle),
            first_board,
            |_, board| {
                match &board {
                    Some(board) => write_board(&mut output, &report, 0, board)?,
                    None => report.no_solution(&mut output, None)?,
                }
                first = board;
                Ok(())
            },
        )?;
    }
    output.flush()?;
    if let (Some(path), false) = (&args.svg, run.stopped()) {
        let mut svg = puzzle.to_svg(first.as_ref());
        if first.is_none() {
            // A blank board would say nothing: say that no placement exists.
            svg = crate::shared::with_note(&svg, "no solution");
        }
        Pictures::new(path, false, "queens").write(0, &svg)?;
    }
    finish_run(&run, &report, &mut output, start, &[], "the output")
}

/// Writes board `index` of a listing: a JSON line, or the board drawn
/// (after a blank line, but for the first).
fn write_board(
    output: &mut Output,
    report: &ReportArgs,
    index: u64,
    board: &Board,
) -> anyhow::Result<()> {
    report.solution(
        output,
        (None, index),
        || board_fields(board),
        || board.render(),
        index > 0,
    )
}

/// The first solution of one board (restarts on shuffled options when the
/// first search runs long), checked, or `None`.
fn first_board(puzzle: &Queens, search: &mut Case) -> anyhow::Result<Option<Board>> {
    let board = search.search(false, |budget| puzzle.first_within(budget).bad_input())?;
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
    if cases.is_empty() && bad.is_none() {
        // An empty input answered nothing and exited 0 (issue 20).
        return Err(anyhow::anyhow!("the input holds no case")).bad_input_in(&name);
    }
    let report = args.search.report;
    let mut run = args.search.start()?;
    answer_cases(
        &mut run,
        &cases,
        |case, search| first_board(&case.puzzle, search),
        |index, board| {
            match board {
                Some(board) => report.solution(
                    output,
                    (Some(index), 0),
                    || board_fields(&board),
                    || board.spoj_line(),
                    false,
                )?,
                None => {
                    let what = format!("the case at line {} of {name}", cases[index].line);
                    report.no_solution(output, Some((index, &what)))?;
                }
            }
            Ok(())
        },
    )?;
    output.flush()?;
    finish_run(&run, &report, output, start, &[], "the output")?;
    bad.map_or(Ok(()), |err| Err(err).bad_input_in(&name))
}

/// A board's JSON fields: its side `n` and its queens' squares, from 0.
fn board_fields(board: &Board) -> serde_json::Map<String, serde_json::Value> {
    let queens: Vec<_> = board
        .queens()
        .map(|square| serde_json::json!({ "row": square.row, "column": square.col }))
        .collect();
    fields(serde_json::json!({ "n": board.n(), "queens": queens }))
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
