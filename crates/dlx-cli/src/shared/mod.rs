//! What the subcommands share: input, output, the JSON lines and statistics (`report`), pictures, answers case by case (`cases`), exit codes, how a search runs (`run`: the flags resolved once, the threads, the one call per kind of search), what stops it (`stops`: signals, budgets), the progress display (`progress`), what the commands that build a decision diagram share (`diagram`), the board subcommands' flags and reading (`boards`) and their verbs on the packings (`packings`), and the count by the memoised counter or plainly (`memo`).
//!
//! Each subcommand's file holds only its subcommand; anything two of them need lives here.

pub(crate) mod boards;
pub(crate) mod cases;
mod diagram;
mod exit;
mod input;
mod ledger;
mod memo;
mod output;
pub(crate) mod packings;
mod picture;
pub(crate) mod progress;
mod report;
pub(crate) mod run;
mod search;
mod size;
pub(crate) use size::parse_size;
mod stops;
mod subcommand;

pub(crate) use diagram::{draw_samples, print_frequencies, Draw};
pub(crate) use exit::{report, ResultExt, EXIT_CODES};
pub(crate) use input::{
    emit_problem, parse_problem, read_cases, read_input, read_problem, read_text, set_max_input,
};
pub(crate) use memo::{
    default_settings as default_memo_settings, layered_fields, print_count_stats, print_counted,
    MemoArgs,
};
pub(crate) use output::{out, Output, OutputError};
pub(crate) use picture::{with_note, Pictures};
pub(crate) use report::{exact_some, fields, Line, Other, ReportArgs, JSON_HELP};
pub(crate) use run::{note, Run, RunArgs, SearchArgs};
pub(crate) use search::{COUNT_HELP, LIMIT_HELP};
pub(crate) use stops::{listen_early, Partial, Stops};
pub(crate) use subcommand::{encoded, finish_run, minimum};
