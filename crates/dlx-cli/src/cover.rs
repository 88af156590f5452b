//! `dlx cover` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct CoverArgs {}

pub(crate) fn run(_args: CoverArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
