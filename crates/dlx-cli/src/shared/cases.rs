//! The contest formats: an input of cases, each answered on a line of its own.

use anyhow::Context as _;

use crate::shared::{out, Output, ResultExt as _};

/// Answers each case on a line of its own, in order, then flushes the output.
///
/// `cases` gives each case with the line of the input it starts on; `answer`
/// solves one into its line of output. Its errors are bad input, named
/// `in NAME, the WHAT of line N` (`what` names a case: `grid`, `map`).
pub(crate) fn answer_each<C>(
    name: &str,
    what: &str,
    cases: impl IntoIterator<Item = (usize, C)>,
    mut answer: impl FnMut(C) -> anyhow::Result<String>,
) -> anyhow::Result<()> {
    let mut output = Output::new();
    for (line, case) in cases {
        let text = answer(case)
            .with_context(|| format!("in {name}, the {what} of line {line}"))
            .bad_input()?;
        out!(output, "{text}")?;
    }
    output.flush()
}
