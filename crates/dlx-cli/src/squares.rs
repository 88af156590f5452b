//! `dlx squares` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct SquaresArgs {}

pub(crate) fn run(_args: SquaresArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
