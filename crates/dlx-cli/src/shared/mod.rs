//! What the subcommands share: input, output, pictures, answers case by case, exit codes, how a search runs (threads, progress, budgets, signals) and its statistics.
//!
//! Each subcommand's file holds only its subcommand; anything two of them need lives here.

pub(crate) mod cases;
mod exit;
mod input;
mod output;
mod picture;
mod progress;
pub(crate) mod run;
mod search;

pub(crate) use exit::{report, ResultExt, EXIT_CODES};
pub(crate) use input::{parse_problem, read_input, read_text};
pub(crate) use output::{out, Output, OutputError};
pub(crate) use picture::{write_svg, Pictures};
pub(crate) use run::{note, Partial, Run, RunArgs};
pub(crate) use search::{print_stats, thread_count};
