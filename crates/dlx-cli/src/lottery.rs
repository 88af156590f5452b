//! `dlx lottery` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct LotteryArgs {}

pub(crate) fn run(_args: LotteryArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
