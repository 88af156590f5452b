//! `dlx man`: the manual pages, generated from the command line's own definitions.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, CommandFactory as _};

use crate::shared::{note, OutputError};

/// Write the manual pages of dlx (roff, section 1).
///
/// Without `--dir`, the page of `dlx` itself goes to standard output. With
/// it, `dlx.1` and one page per subcommand (`dlx-solve.1`, `dlx-sudoku.1`,
/// ...) are written into DIR, which is made if needed; `cargo xtask man`
/// writes them into `target/man/`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  dlx man | man -l -\n  dlx man --dir ~/.local/share/man/man1")]
pub(crate) struct ManArgs {
    /// Write every page into this folder instead.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

pub(crate) fn run(args: ManArgs) -> anyhow::Result<()> {
    let command = crate::Cli::command();
    let Some(dir) = args.dir else {
        let mut page = Vec::new();
        clap_mangen::Man::new(command)
            .render(&mut page)
            .context("cannot render the manual page")?;
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(&page)
            .and_then(|()| stdout.flush())
            .map_err(|err| OutputError(err).into());
    };
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot make the folder `{}`", dir.display()))?;
    clap_mangen::generate_to(command, &dir)
        .with_context(|| format!("cannot write the manual pages into `{}`", dir.display()))?;
    note(&format!("dlx: manual pages written into {}", dir.display()));
    Ok(())
}
