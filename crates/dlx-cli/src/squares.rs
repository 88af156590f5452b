//! `dlx squares`: the fewest matchsticks to remove so that no square is left (POJ 1084).

use std::path::PathBuf;

use clap::Args;
use dlx_models::squares::parse;

use crate::shared::{answer_each, read_text, Pictures, ResultExt as _};

/// Find the fewest matchsticks to remove so that no square is left (POJ 1084).
///
/// An n x n grid of matchsticks (n at most 8; the problem asks for at most 5)
/// is numbered from 1 row by row: the n horizontal sticks of the top edge,
/// then the n + 1 vertical sticks below them, then the next n horizontal
/// sticks, and so on. The input holds the number of grids, then for each grid
/// `n` and a line `k s1 .. sk` of the sticks already missing. Each grid gets
/// one line: the fewest further sticks whose removal leaves no square of any
/// size, found as a minimum repeated cover and proven minimal.
///
/// `--svg FILE` also draws each grid with every stick numbered: those still
/// there in dark gray, those missing from the start faint and dashed, those
/// to remove in red; in FILE for an input of one grid, in FILE-1.svg,
/// FILE-2.svg, ... (numbered from 1 in input order) for several.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx squares data/squares/sample.txt\n  dlx squares --sticks data/squares/sample.txt\n  printf '1\\n5\\n0\\n' | dlx squares\n  dlx squares data/squares/sample.txt --svg grid.svg"
)]
pub(crate) struct SquaresArgs {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print the sticks to remove (ascending) after the number, on the same line.
    #[arg(long)]
    sticks: bool,
    /// Also draw each grid and the sticks to remove as an SVG picture in FILE
    /// (FILE-1.svg, FILE-2.svg, ... when the input holds several grids).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub(crate) fn run(args: SquaresArgs) -> anyhow::Result<()> {
    let (name, text) = read_text(args.file.as_deref())?;
    let cases = parse(&text)
        .collect::<Result<Vec<_>, _>>()
        .bad_input_in(&name)?;
    // The sticks removed in each grid, for the pictures.
    let mut removed = Vec::new();
    let answered = cases.iter().map(|case| (case.line, &case.grid));
    answer_each(&name, "grid", answered, |grid| {
        let sticks = grid.solve()?;
        let mut line = sticks.len().to_string();
        if args.sticks {
            for stick in &sticks {
                line.push(' ');
                line.push_str(&stick.to_string());
            }
        }
        removed.push(sticks);
        Ok(line)
    })?;
    if let Some(path) = &args.svg {
        let pictures = Pictures::new(path, cases.len() > 1);
        for (index, (case, sticks)) in cases.iter().zip(&removed).enumerate() {
            pictures.write(index, &case.grid.to_svg(sticks))?;
        }
    }
    Ok(())
}
