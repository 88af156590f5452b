//! `dlx matrix`: 0/1 matrices, and whether some of their rows have exactly one 1 in every column.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use dlx_core::{write_dlx, Count, Solver};
use dlx_models::matrix::{parse, Format};

use crate::shared::cases::answer_cases;
use crate::shared::cases::{emit_dlx, until_error};
use crate::shared::{
    encoded, fields, finish_run, out, read_text, Line, Output, ResultExt as _, SearchArgs,
    COUNT_HELP, LIMIT_HELP,
};

/// Find rows of a 0/1 matrix with exactly one 1 in every column.
///
/// The file holds any number of matrices, one after another. Each gets one
/// answer: with the POJ 3740 form `Yes, I found it` or `It is impossible`; with
/// the HUST 1017 form the number of rows chosen and then the rows (from 1), or `NO`.
/// These are the forms' answers, so a matrix without exact cover gets one on
/// standard output too (with `--json`, a `no_solution` line). `--limit N`
/// gives the first N exact covers: N lines of rows (POJ 3740 with `--rows`,
/// after `Yes, I found it`; HUST 1017), or with `--count` counts at most N.
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
    #[arg(long, conflicts_with = "rows", help = COUNT_HELP)]
    count: bool,
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), help = LIMIT_HELP)]
    limit: Option<u64>,
    /// Print each matrix as a problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["rows", "count", "limit", "json", "stats"])]
    emit_dlx: bool,
    #[command(flatten)]
    search: SearchArgs,
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
    // The cases before a bad one are answered, then its error is reported.
    let (cases, bad) = until_error(parse(text, format));
    if cases.is_empty() && bad.is_none() {
        // An empty input answered nothing and exited 0 (issue 20).
        return Err(anyhow::anyhow!("the input holds no matrix")).bad_input_in(&name);
    }
    if args.emit_dlx {
        emit_dlx(&name, "matrix", &cases, |case| {
            let text = case.matrix.encode().map(|e| write_dlx(e.problem()));
            (case.line, text)
        })?;
        return bad.map_or(Ok(()), |err| Err(err).bad_input_in(&name));
    }
    let mut output = Output::new();
    let report = args.search.report;
    let mut run = args.search.start()?;
    let mut answered = 0u64;
    answer_cases(
        &mut run,
        &cases,
        |case, search| {
            let encoding = encoded(case.matrix.encode(), &name, "matrix", case.line)?;
            let solver = Solver::new(encoding.problem());
            if args.count {
                return Ok(Answer::Count(search.count(solver, args.limit)?));
            }
            let limit = args.limit.unwrap_or(1);
            let mut covers = Vec::new();
            search.drive(solver, Some(limit), |solution| {
                if covers.len() as u64 >= limit {
                    return ControlFlow::Break(());
                }
                covers.push(encoding.decode(solution));
                if covers.len() as u64 >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            for rows in &covers {
                case.matrix
                    .check(rows)
                    .context("internal error: the rows found are not an exact cover")?;
            }
            Ok(Answer::Covers(covers))
        },
        |index, answer| {
            answered += 1;
            match answer {
                Answer::Count(count) => report.count(&mut output, Some(index), count, args.limit),
                Answer::Covers(covers) if report.json => {
                    if covers.is_empty() {
                        let what = format!("the matrix of line {} of {name}", cases[index].line);
                        return report.no_solution(&mut output, Some((index, &what)));
                    }
                    for (solution, rows) in (0u64..).zip(&covers) {
                        output.json(&Line::Solution {
                            case: Some(index),
                            solution,
                            answer: fields(serde_json::json!({ "rows": rows })),
                        })?;
                    }
                    Ok(())
                }
                Answer::Covers(covers) => {
                    // The forms' own answers, also for a matrix without exact cover.
                    match format {
                        Format::Hust1017 if covers.is_empty() => {
                            out!(output, "{}", format.answer(None))?;
                        }
                        Format::Hust1017 => {
                            for rows in &covers {
                                out!(output, "{}", format.answer(Some(rows)))?;
                            }
                        }
                        _ => {
                            // POJ 3740's: `Yes, I found it` (with --rows, the rows).
                            out!(
                                output,
                                "{}",
                                format.answer(covers.first().map(Vec::as_slice))
                            )?;
                            let rows = args.rows && format == Format::Poj3740;
                            for rows in covers.iter().filter(|_| rows) {
                                let numbers: Vec<String> =
                                    rows.iter().map(|r| (r + 1).to_string()).collect();
                                out!(output, "{}", numbers.join(" "))?;
                            }
                        }
                    }
                    Ok(())
                }
            }
        },
    )?;
    output.flush()?;
    let matrices = [("matrices", answered.into())];
    finish_run(&run, &report, &mut output, start, &matrices, "the output")?;
    bad.map_or(Ok(()), |err| Err(err).bad_input_in(&name))
}

/// One matrix's answer.
enum Answer {
    /// `--count`.
    Count(Count),
    /// The rows of the first exact covers (up to `--limit`, 1 by default).
    Covers(Vec<Vec<usize>>),
}
