//! What the subcommands share: input, output, the JSON lines and statistics (`report`), pictures, answers case by case, exit codes, how a search runs (threads, progress, budgets, signals), its statistics and the memoised count.
//!
//! Each subcommand's file holds only its subcommand; anything two of them need lives here.

pub(crate) mod cases;
mod exit;
mod input;
mod memo;
mod output;
mod picture;
mod progress;
mod report;
pub(crate) mod run;
mod search;
mod size;

pub(crate) use exit::{report, ResultExt, EXIT_CODES};
pub(crate) use input::{emit_problem, parse_problem, parse_problem_indexed, read_input, read_text};
pub(crate) use memo::{count_memoised, MemoArgs};
pub(crate) use output::{out, Output, OutputError};
pub(crate) use picture::Pictures;
pub(crate) use report::{fields, Line, Other, ReportArgs, JSON_HELP};
pub(crate) use run::{note, Partial, Run, RunArgs};
pub(crate) use search::{thread_count, COUNT_HELP, LIMIT_HELP};
