//! `dlx matrix` (work in progress).

use clap::Args;

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct MatrixArgs {}

pub(crate) fn run(_args: MatrixArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
