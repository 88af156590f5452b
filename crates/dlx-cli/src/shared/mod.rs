//! What the subcommands share: input, output, answers case by case, exit codes, threads, statistics, the progress bar and the memoised count.
//!
//! Each subcommand's file holds only its subcommand; anything two of them need lives here.

mod cases;
mod exit;
mod input;
mod memo;
mod output;
mod progress;
mod search;

pub(crate) use cases::answer_each;
pub(crate) use exit::{report, ResultExt, EXIT_CODES};
pub(crate) use input::{parse_problem, read_input, read_text};
pub(crate) use memo::{count_memoised, print_memo_stats, MemoArgs, Memoised};
pub(crate) use output::{out, Output, OutputError};
pub(crate) use progress::Bar;
pub(crate) use search::{print_stats, thread_count};
