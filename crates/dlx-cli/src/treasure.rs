//! `dlx treasure`: the fewest pieces of a torn treasure map that put it back together (ZOJ 3209).

use std::path::PathBuf;

use clap::Args;
use dlx_models::treasure::{answer, parse};

use crate::shared::{answer_each, read_text, Pictures, ResultExt as _};

/// Find the fewest map pieces that tile each treasure map exactly (ZOJ 3209).
///
/// The input holds `T`, then for each map a line `n m p` and `p` lines
/// `x1 y1 x2 y2`, the corners of a rectangular piece on the `n x m` map. Each
/// map gets one line: the fewest pieces that cover it without overlap, or -1.
///
/// `--svg FILE` also draws each map with the pieces chosen, each a colored
/// rectangle labelled with its number in the input (from 1), x to the right
/// and y down: in FILE for an input of one map, in FILE-1.svg, FILE-2.svg, ...
/// (numbered from 1 in input order) for several.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx treasure data/treasure/sample.txt\n  printf '1\\n5 5 1\\n0 0 5 5\\n' | dlx treasure\n  dlx treasure data/treasure/sample.txt --svg map.svg"
)]
pub(crate) struct TreasureArgs {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Also draw each map and the pieces chosen as an SVG picture in FILE
    /// (FILE-1.svg, FILE-2.svg, ... when the input holds several maps).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub(crate) fn run(args: TreasureArgs) -> anyhow::Result<()> {
    let (name, text) = read_text(args.file.as_deref())?;
    let cases = parse(&text)
        .collect::<Result<Vec<_>, _>>()
        .bad_input_in(&name)?;
    // The pieces chosen for each map, for the pictures.
    let mut chosen = Vec::new();
    let answered = cases.iter().map(|case| (case.line, &case.map));
    answer_each(&name, "map", answered, |map| {
        let pieces = map.solve()?;
        let line = answer(pieces.as_deref());
        chosen.push(pieces.unwrap_or_default());
        Ok(line)
    })?;
    if let Some(path) = &args.svg {
        let pictures = Pictures::new(path, cases.len() > 1);
        for (index, (case, pieces)) in cases.iter().zip(&chosen).enumerate() {
            pictures.write(index, &case.map.to_svg(pieces))?;
        }
    }
    Ok(())
}
