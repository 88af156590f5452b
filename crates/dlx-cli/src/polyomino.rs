//! `dlx polyomino` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct PolyominoArgs {}

pub(crate) fn run(_args: PolyominoArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
