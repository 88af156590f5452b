//! Exit codes, one meaning each, and the marker that tells bad input from every other failure.

use std::io::Write as _;
use std::process::ExitCode;

use crate::shared::{OutputError, Partial};

/// The exit codes, as `dlx --help` prints them after the subcommands (and the README lists them).
pub(crate) const EXIT_CODES: &str = "\
Exit codes:
  0    success, also for a problem without solutions (`dlx: no solution` on standard error; with --json a no_solution line) and for a closed pipe (`dlx ... | head`)
  1    the output cannot be written, or an internal failure (threads that cannot start, a result that fails its check)
  2    bad input or usage: an input that cannot be read or parsed, an argument out of range; the message names what is wrong
  3    stopped by --max-nodes, --time-limit or --max-memory before the search ended: what was printed is partial
  130  interrupted by SIGINT (Ctrl-C): what was printed is partial
  143  terminated by SIGTERM: what was printed is partial";

/// An error that is the user's to fix, bad input or usage: exit code 2.
///
/// It wraps the error transparently, so the message reads the same; every
/// error not marked this way (nor a closed pipe) exits with 1.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub(crate) struct BadInput(anyhow::Error);

/// Marks the error of a result as bad input or usage: `parse(text).bad_input()?`.
pub(crate) trait ResultExt<T> {
    /// The error, if any, is bad input or usage (exit code 2).
    fn bad_input(self) -> anyhow::Result<T>;

    /// The error, if any, is bad input found in the input named `name`:
    /// its message starts `in NAME: `.
    fn bad_input_in(self, name: &str) -> anyhow::Result<T>;
}

impl<T, E: Into<anyhow::Error>> ResultExt<T> for Result<T, E> {
    fn bad_input(self) -> anyhow::Result<T> {
        self.map_err(|err| BadInput(err.into()).into())
    }

    fn bad_input_in(self, name: &str) -> anyhow::Result<T> {
        self.map_err(|err| BadInput(err.into().context(format!("in {name}"))).into())
    }
}

/// Reports an error on standard error (`dlx: error: ...`, causes chained
/// with `{:#}`) and returns its exit code: 1, or 2 for [`BadInput`]; a
/// closed pipe on our output ends quietly with 0.
pub(crate) fn report(err: &anyhow::Error) -> ExitCode {
    let output = err
        .chain()
        .find_map(|cause| cause.downcast_ref::<OutputError>());
    if output.is_some_and(|OutputError(io)| io.kind() == std::io::ErrorKind::BrokenPipe) {
        return ExitCode::SUCCESS;
    }
    // A search ended early: its note, and its own exit code.
    if let Some(partial) = err.downcast_ref::<Partial>() {
        let _ = writeln!(std::io::stderr(), "dlx: {}", partial.message);
        return ExitCode::from(partial.code);
    }
    // Nothing is left to tell the user if standard error is gone too.
    let _ = writeln!(std::io::stderr(), "dlx: error: {err:#}");
    if output.is_none() && err.chain().any(|cause| cause.is::<BadInput>()) {
        ExitCode::from(2)
    } else {
        ExitCode::from(1)
    }
}
