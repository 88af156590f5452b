//! `dlx treasure`: the fewest pieces of a torn treasure map that put it back together (ZOJ 3209).

use std::path::PathBuf;

use clap::Args;
use dlx_models::treasure::{answer, parse};

use crate::shared::{answer_each, read_text, ResultExt as _};

/// Find the fewest map pieces that tile each treasure map exactly (ZOJ 3209).
///
/// The input holds `T`, then for each map a line `n m p` and `p` lines
/// `x1 y1 x2 y2`, the corners of a rectangular piece on the `n x m` map. Each
/// map gets one line: the fewest pieces that cover it without overlap, or -1.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx treasure data/treasure/sample.txt\n  printf '1\\n5 5 1\\n0 0 5 5\\n' | dlx treasure"
)]
pub(crate) struct TreasureArgs {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
}

pub(crate) fn run(args: TreasureArgs) -> anyhow::Result<()> {
    let (name, text) = read_text(args.file.as_deref())?;
    let cases = parse(&text)
        .collect::<Result<Vec<_>, _>>()
        .bad_input_in(&name)?;
    let cases = cases.iter().map(|case| (case.line, &case.map));
    answer_each(&name, "map", cases, |map| {
        Ok(answer(map.solve()?.as_deref()))
    })
}
