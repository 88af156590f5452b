//! Reading the input file (or standard input) and writing to standard output.

use std::io::{BufWriter, Read, StdoutLock, Write};
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::OutputError;

/// Reads a whole input: the file, or standard input for `-` or no file.
pub(crate) fn read_input(path: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match path {
        None => read_stdin(&mut bytes)?,
        Some(p) if p == Path::new("-") => read_stdin(&mut bytes)?,
        Some(p) => {
            bytes = std::fs::read(p).with_context(|| format!("cannot read `{}`", p.display()))?;
        }
    }
    Ok(bytes)
}

fn read_stdin(bytes: &mut Vec<u8>) -> anyhow::Result<()> {
    std::io::stdin()
        .lock()
        .read_to_end(bytes)
        .context("cannot read standard input")?;
    Ok(())
}

/// Reads a whole input that must be UTF-8 text; returns its name for messages and the text.
pub(crate) fn read_text(path: Option<&Path>) -> anyhow::Result<(String, String)> {
    let bytes = read_input(path)?;
    let name = input_name(path.map(Path::to_path_buf).as_ref());
    let text = String::from_utf8(bytes).with_context(|| format!("{name} is not UTF-8 text"))?;
    Ok((name, text))
}

/// How to name the input in messages.
pub(crate) fn input_name(path: Option<&PathBuf>) -> String {
    match path {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "<stdin>".to_owned(),
    }
}

/// Buffered standard output whose errors are marked as ours (exit code 1, or quiet on a broken pipe).
pub(crate) struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

impl Output {
    pub(crate) fn new() -> Output {
        Output {
            out: BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
        }
    }

    pub(crate) fn line(&mut self, text: std::fmt::Arguments<'_>) -> anyhow::Result<()> {
        self.out
            .write_fmt(text)
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(|e| OutputError(e).into())
    }

    pub(crate) fn flush(&mut self) -> anyhow::Result<()> {
        self.out.flush().map_err(|e| OutputError(e).into())
    }
}

/// Writes one line to our output: `out!(output, "{}", x)?`.
#[macro_export]
macro_rules! out {
    ($output:expr, $($arg:tt)*) => {
        $output.line(format_args!($($arg)*))
    };
}
