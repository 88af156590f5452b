//! `dlx split`, `dlx count` and `dlx merge` (work in progress).

use clap::{Args, Subcommand};

/// The sharding subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum ShardCommand {
    /// Not yet available.
    Count(CountArgs),
}

/// Not yet available.
#[derive(Debug, Args)]
pub(crate) struct CountArgs {}

pub(crate) fn run(_command: ShardCommand) -> anyhow::Result<()> {
    anyhow::bail!("not yet available")
}
