//! Writing to standard output, with the errors marked as ours.

use std::io::{BufWriter, StdoutLock, Write};

/// Writing our own output failed (exit code 1, or quiet success on a broken pipe).
#[derive(Debug, thiserror::Error)]
#[error("cannot write the output")]
pub(crate) struct OutputError(#[source] pub(crate) std::io::Error);

/// Buffered standard output whose errors are [`OutputError`]s.
pub(crate) struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

impl Output {
    pub(crate) fn new() -> Output {
        Output {
            out: BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
        }
    }

    /// Writes `text` and a newline; [`out!`] is the short way to call it.
    pub(crate) fn line(&mut self, text: std::fmt::Arguments<'_>) -> anyhow::Result<()> {
        self.out
            .write_fmt(text)
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(|e| OutputError(e).into())
    }

    /// Writes `bytes` as they are and a newline (names need not be UTF-8).
    pub(crate) fn bytes_line(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.out
            .write_all(bytes)
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(|e| OutputError(e).into())
    }

    pub(crate) fn flush(&mut self) -> anyhow::Result<()> {
        self.out.flush().map_err(|e| OutputError(e).into())
    }
}

/// Writes one line to our output: `out!(output, "{}", x)?`.
macro_rules! out {
    ($output:expr, $($arg:tt)*) => {
        $output.line(format_args!($($arg)*))
    };
}

pub(crate) use out;
