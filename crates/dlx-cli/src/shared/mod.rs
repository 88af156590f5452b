//! What the subcommands share: input, output, pictures, answers case by case, exit codes, threads, statistics and the progress bar.
//!
//! Each subcommand's file holds only its subcommand; anything two of them need lives here.

mod cases;
mod exit;
mod input;
mod output;
mod picture;
mod progress;
mod search;

pub(crate) use cases::answer_each;
pub(crate) use exit::{report, ResultExt, EXIT_CODES};
pub(crate) use input::{parse_problem, read_input, read_text};
pub(crate) use output::{out, Output, OutputError};
pub(crate) use picture::{write_svg, Pictures};
pub(crate) use progress::Bar;
pub(crate) use search::{print_stats, thread_count};
