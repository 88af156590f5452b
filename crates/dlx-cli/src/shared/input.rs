//! Reading the input: a file, or standard input for `-` or no file, and how messages name it.

use std::io::Read;
use std::path::Path;
use std::time::Instant;

use anyhow::Context as _;
use std::io::Write as _;

use dlx_core::format::write_dlx_bytes;
use dlx_core::{read_dlx, Problem};

use crate::shared::{Output, ResultExt as _};

/// Reads a whole input: the file, or standard input for `-` or no file.
/// A file that cannot be read is bad input, as all the errors of this module.
///
/// The reading runs on a thread of its own while this one waits, looking at
/// the signals: standard input may block for as long as its writer likes,
/// and a blocked read does not end for a signal, so SIGINT or SIGTERM while
/// waiting ends the command at once, as interrupted (exit 130 or 143).
pub(crate) fn read_input(path: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    let owned = path.map(Path::to_path_buf);
    let (sender, receiver) = std::sync::mpsc::channel();
    // Detached: when a signal ends the wait, the process ends with it.
    let reader = std::thread::Builder::new().spawn(move || {
        let _ = sender.send(read_whole(owned.as_deref()));
    });
    if reader.is_err() {
        // No thread to spare: read here, as a plain program would.
        return read_whole(path);
    }
    loop {
        match receiver.recv_timeout(std::time::Duration::from_millis(20)) {
            Ok(read) => return read,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(anyhow::anyhow!("the input could not be read"));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if let Some(interrupted) = crate::shared::stops::interrupted("reading the input") {
                    return Err(interrupted);
                }
            }
        }
    }
}

/// The most bytes an input may hold unless `--max-input` or `DLX_MAX_INPUT`
/// says otherwise (`512M`, `4G`): an input that large is rare, and an
/// endless one (`/dev/zero`, a pipe that never ends) stops there as bad
/// input instead of taking all the memory. The Python package's
/// `Problem.read` has the same default (its `max_bytes`).
const MAX_INPUT: u64 = 256 << 20;

/// The environment variable that raises (or lowers) [`MAX_INPUT`] when no
/// `--max-input` is given.
const MAX_INPUT_VAR: &str = "DLX_MAX_INPUT";

/// `--max-input`, when given.
static MAX_INPUT_FLAG: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Sets the limit of every input of the run to `--max-input`, when given
/// (called once, by `main`, before any input is read).
pub(crate) fn set_max_input(bytes: Option<usize>) {
    if let Some(bytes) = bytes {
        let _ = MAX_INPUT_FLAG.set(bytes as u64);
    }
}

/// The limit of an input: `--max-input`, else `DLX_MAX_INPUT` if set, else
/// [`MAX_INPUT`].
fn input_limit() -> anyhow::Result<u64> {
    if let Some(&bytes) = MAX_INPUT_FLAG.get() {
        return Ok(bytes);
    }
    match std::env::var(MAX_INPUT_VAR) {
        Ok(text) => crate::shared::size::parse_size(&text)
            .map(|bytes| bytes as u64)
            .map_err(|err| anyhow::anyhow!("{MAX_INPUT_VAR}={text}: {err}"))
            .bad_input(),
        Err(_) => Ok(MAX_INPUT),
    }
}

/// [`read_input`]'s reading itself: at most the limit of an input
/// ([`input_limit`]), more being bad input that says how to raise it.
fn read_whole(path: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    let limit = input_limit()?;
    let mut bytes = Vec::new();
    let (read, what) = match path {
        Some(p) if p != Path::new("-") => (
            std::fs::File::open(p)
                .and_then(|file| file.take(limit.saturating_add(1)).read_to_end(&mut bytes)),
            format!("`{}`", p.display()),
        ),
        _ => (
            std::io::stdin()
                .lock()
                .take(limit.saturating_add(1))
                .read_to_end(&mut bytes),
            "standard input".to_owned(),
        ),
    };
    read.with_context(|| format!("cannot read {what}"))
        .bad_input()?;
    if bytes.len() as u64 > limit {
        let name = input_name(path);
        return Err(anyhow::anyhow!(
            "{name} holds more than {limit} bytes, the limit of an input (--max-input SIZE, such as 1G, reads a larger one)"
        ))
        .bad_input();
    }
    Ok(bytes)
}

/// Reads a whole input that must be UTF-8 text; returns its name for messages and the text.
pub(crate) fn read_text(path: Option<&Path>) -> anyhow::Result<(String, String)> {
    let bytes = read_input(path)?;
    let name = input_name(path);
    let text = String::from_utf8(bytes)
        .with_context(|| format!("{name} is not UTF-8 text"))
        .bad_input()?;
    Ok((name, text))
}

/// Reads an input of cases and parses them (`parse`: the model's reader,
/// its cases collected); a bad case is bad input naming the input. Returns
/// the input's name for messages, the cases, and when the parsing began.
pub(crate) fn read_cases<C, E: Into<anyhow::Error>>(
    path: Option<&Path>,
    parse: impl FnOnce(&str) -> Result<Vec<C>, E>,
) -> anyhow::Result<(String, Vec<C>, Instant)> {
    let (name, text) = read_text(path)?;
    let start = Instant::now();
    let cases = parse(&text).bad_input_in(&name)?;
    Ok((name, cases, start))
}

/// Parses a problem in Knuth's DLX format read from `path`; errors name the
/// input, and what Knuth's programs would warn about (options without a
/// primary item, left out) is said on standard error.
pub(crate) fn parse_problem(bytes: &[u8], path: Option<&Path>) -> anyhow::Result<Problem> {
    parse_problem_indexed(bytes, path).map(|(problem, _)| problem)
}

/// [`parse_problem`], with the index of each option among the input's
/// option lines (the options left out with a warning count too), which
/// `--json` prints: a program that maps it back to the input finds the
/// option there.
pub(crate) fn parse_problem_indexed(
    bytes: &[u8],
    path: Option<&Path>,
) -> anyhow::Result<(Problem, Vec<usize>)> {
    let name = input_name(path);
    let parsed = read_dlx(bytes).bad_input_in(&name)?;
    let mut stderr = std::io::stderr().lock();
    for warning in &parsed.warnings {
        // A warning that cannot be written is no reason to stop.
        let _ = writeln!(stderr, "dlx: warning: in {name}: {warning}");
    }
    Ok((parsed.problem, parsed.input_options))
}

/// Reads a problem in Knuth's DLX format from `path` (standard input for
/// `-` or none) and parses it ([`parse_problem_indexed`]); returns it, the
/// index of each option among the input's option lines, and when the
/// parsing began: a run's time leaves out the wait for its input.
pub(crate) fn read_problem(path: Option<&Path>) -> anyhow::Result<(Problem, Vec<usize>, Instant)> {
    let bytes = read_input(path)?;
    let start = Instant::now();
    let (problem, input_options) = parse_problem_indexed(&bytes, path)?;
    Ok((problem, input_options, start))
}

/// `--emit-dlx` of a problem read in Knuth's format: the problem written back
/// as read (comments and spacing dropped, names byte for byte), on standard output.
pub(crate) fn emit_problem(problem: &Problem) -> anyhow::Result<()> {
    let mut output = Output::new();
    let text = write_dlx_bytes(problem);
    output.bytes_line(text.strip_suffix(b"\n").unwrap_or(&text))?;
    output.flush()
}

/// How to name the input in messages: its path, or `<stdin>`.
pub(crate) fn input_name(path: Option<&Path>) -> String {
    match path {
        Some(p) if p != Path::new("-") => p.display().to_string(),
        _ => "<stdin>".to_owned(),
    }
}
