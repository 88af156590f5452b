//! `dlx sudoku` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct SudokuArgs {}

pub(crate) fn run(_args: SudokuArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
