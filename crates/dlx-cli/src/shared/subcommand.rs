//! The lines every subcommand of cases would write again: a case's encoding or the bad input naming it, the JSON line of a minimum, and the end of a run.
//!
//! Each is a policy of the command line, not of one subcommand: a case that cannot be encoded is bad input named by its file and line, a minimum is an `optimum` line of its first solution, and a run ends with its statistics and how it stopped.

use std::time::Instant;

use anyhow::Context as _;
use serde_json::Value;

use super::{fields, Line, Output, ReportArgs, ResultExt as _, Run};

/// A case's encoding, or bad input (exit 2) naming the case: `in FILE, the matrix of line 3`.
pub(crate) fn encoded<T, E>(
    encoding: Result<T, E>,
    name: &str,
    case: &str,
    line: usize,
) -> anyhow::Result<T>
where
    E: std::error::Error + Send + Sync + 'static,
{
    encoding
        .with_context(|| format!("in {name}, the {case} of line {line}"))
        .bad_input()
}

/// The JSON line of a minimum: the fewest `objective` (options, tickets, pieces, sticks) of case `case`, `size` of them, described by the object `answer`.
pub(crate) fn minimum(
    case: Option<usize>,
    objective: &'static str,
    size: usize,
    answer: Value,
) -> Line {
    Line::Optimum {
        case,
        solution: 0,
        objective,
        value: size as u128,
        cost: None,
        answer: fields(answer),
    }
}

/// Ends a run: its statistics (with the subcommand's `extra` fields, for `--stats`), then an error saying that `what` is partial if the run stopped.
pub(crate) fn finish_run(
    run: &Run,
    report: &ReportArgs,
    output: &mut Output,
    start: Instant,
    extra: &[(&str, Value)],
    what: &str,
) -> anyhow::Result<()> {
    report.stats(output, &run.stats(), start.elapsed().as_secs_f64(), extra)?;
    run.finish(what)
}
