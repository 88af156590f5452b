//! `dlx squares`: the fewest matchsticks to remove so that no square is left (POJ 1084).

use std::path::PathBuf;

use clap::Args;
use dlx_models::squares::parse;

use crate::shared::{answer_each, read_text, ResultExt as _};

/// Find the fewest matchsticks to remove so that no square is left (POJ 1084).
///
/// An n x n grid of matchsticks (n at most 8; the problem asks for at most 5)
/// is numbered from 1 row by row: the n horizontal sticks of the top edge,
/// then the n + 1 vertical sticks below them, then the next n horizontal
/// sticks, and so on. The input holds the number of grids, then for each grid
/// `n` and a line `k s1 .. sk` of the sticks already missing. Each grid gets
/// one line: the fewest further sticks whose removal leaves no square of any
/// size, found as a minimum repeated cover and proven minimal.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx squares data/squares/sample.txt\n  dlx squares --sticks data/squares/sample.txt\n  printf '1\\n5\\n0\\n' | dlx squares"
)]
pub(crate) struct SquaresArgs {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print the sticks to remove (ascending) after the number, on the same line.
    #[arg(long)]
    sticks: bool,
}

pub(crate) fn run(args: SquaresArgs) -> anyhow::Result<()> {
    let (name, text) = read_text(args.file.as_deref())?;
    let cases = parse(&text)
        .collect::<Result<Vec<_>, _>>()
        .bad_input_in(&name)?;
    let cases = cases.iter().map(|case| (case.line, &case.grid));
    answer_each(&name, "grid", cases, |grid| {
        let sticks = grid.solve()?;
        let mut line = sticks.len().to_string();
        if args.sticks {
            for stick in &sticks {
                line.push(' ');
                line.push_str(&stick.to_string());
            }
        }
        Ok(line)
    })
}
