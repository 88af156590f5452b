//! `dlx queens` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct QueensArgs {}

pub(crate) fn run(_args: QueensArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
