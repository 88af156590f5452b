//! `dlx matrix`: 0/1 matrices, and whether some of their rows have exactly one 1 in every column.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use dlx_core::{write_dlx, Solver};
use dlx_models::matrix::{parse, Format};

use crate::shared::cases::{emit_dlx, until_error};
use crate::shared::{note, out, print_stats, read_text, Output, ResultExt as _, Run, RunArgs};

/// Find rows of a 0/1 matrix with exactly one 1 in every column.
///
/// The file holds any number of matrices, one after another. Each gets one
/// answer: with the POJ 3740 form `Yes, I found it` or `It is impossible`; with
/// the HUST 1017 form the number of rows chosen and then the rows (from 1), or `NO`.
///
/// The matrices are answered on all cores (`--threads`), the answers printed
/// in input order.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx matrix data/matrix/poj3740.txt\n  dlx matrix --rows data/matrix/poj3740.txt\n  dlx matrix --format hust1017 data/matrix/hust1017.txt\n  printf '2 2\\n1 0\\n0 1\\n' | dlx matrix --count"
)]
pub(crate) struct MatrixArgs {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// The form of the input.
    ///
    /// `poj3740`: a line `M N`, then M lines of N values 0 or 1.
    /// `hust1017`: a line `N M` (N rows, M columns), then N lines `C c1 .. cC`,
    /// the columns (from 1) of a row's ones.
    #[arg(long, value_enum, default_value_t = FormatArg::Poj3740)]
    format: FormatArg,
    /// With the POJ 3740 form, print the rows found (from 1) on the line after `Yes, I found it`.
    #[arg(long)]
    rows: bool,
    /// Print the number of exact covers of each matrix, one a line.
    #[arg(long, conflicts_with = "rows")]
    count: bool,
    /// Print each matrix as a problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["rows", "count"])]
    emit_dlx: bool,
    /// Print matrices, nodes, updates, solutions and time (over all matrices) to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    run: RunArgs,
}

/// The `--format` values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// POJ 3740 "Easy Finding".
    Poj3740,
    /// HUST 1017 "Exact cover".
    Hust1017,
}

pub(crate) fn run(args: MatrixArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let (name, text) = read_text(args.file.as_deref())?;
    let text = text.as_str();
    let format = match args.format {
        FormatArg::Poj3740 => Format::Poj3740,
        FormatArg::Hust1017 => Format::Hust1017,
    };
    let mut output = Output::new();
    // The cases before a bad one are answered, then its error is reported.
    let (cases, bad) = until_error(parse(text, format));
    if args.emit_dlx {
        emit_dlx(&mut output, &name, "matrix", &cases, |case| {
            let text = case.matrix.encode().map(|e| write_dlx(e.problem()));
            (case.line, text)
        })?;
        output.flush()?;
        return bad.map_or(Ok(()), |err| Err(err).bad_input_in(&name));
    }
    let mut run = Run::new(&args.run)?;
    let mut answered = 0u64;
    let stats = run.cases(
        &cases,
        |case, search| {
            let encoding = case
                .matrix
                .encode()
                .with_context(|| format!("in {name}, the matrix of line {}", case.line))
                .bad_input()?;
            let mut solver = Solver::new(encoding.problem());
            if args.count {
                return Ok(Answer::Count(search.count(&mut solver)));
            }
            let mut rows = None;
            search.drive(&mut solver, |solution| {
                rows = Some(encoding.decode(solution));
                ControlFlow::Break(())
            });
            if let Some(rows) = &rows {
                case.matrix
                    .check(rows)
                    .context("internal error: the rows found are not an exact cover")?;
            }
            Ok(Answer::Rows(rows))
        },
        |_, answer| {
            answered += 1;
            match answer {
                Answer::Count(count) => out!(output, "{count}"),
                Answer::Rows(rows) => {
                    out!(output, "{}", format.answer(rows.as_deref()))?;
                    if let (true, Format::Poj3740, Some(rows)) = (args.rows, format, &rows) {
                        let numbers: Vec<String> =
                            rows.iter().map(|r| (r + 1).to_string()).collect();
                        out!(output, "{}", numbers.join(" "))?;
                    }
                    Ok(())
                }
            }
        },
    )?;
    output.flush()?;
    if args.stats {
        note(&format!("matrices: {answered}"));
        print_stats(&stats, start.elapsed().as_secs_f64());
    }
    run.finish("the output")?;
    bad.map_or(Ok(()), |err| Err(err).bad_input_in(&name))
}

/// One matrix's answer.
enum Answer {
    /// `--count`.
    Count(u64),
    /// The rows of the first exact cover, if any.
    Rows(Option<Vec<usize>>),
}
