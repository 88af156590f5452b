//! `dlx treasure` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct TreasureArgs {}

pub(crate) fn run(_args: TreasureArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
