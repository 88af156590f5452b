//! `dlx completions`: the shell completion script, generated from the command line's own definitions.

use std::io::Write as _;

use clap::{Args, CommandFactory as _};
use clap_complete::Shell;

use crate::shared::OutputError;

/// Print the completion script of dlx for a shell.
///
/// The script is generated from the same definitions that parse the command
/// line, so it knows every subcommand and flag of this version.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx completions bash > ~/.local/share/bash-completion/completions/dlx\n  dlx completions zsh > ~/.zfunc/_dlx        # with ~/.zfunc in $fpath\n  dlx completions fish > ~/.config/fish/completions/dlx.fish\n  dlx completions powershell >> $PROFILE"
)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

pub(crate) fn run(args: CompletionsArgs) -> anyhow::Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut crate::Cli::command(), "dlx", &mut script);
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(&script)
        .and_then(|()| stdout.flush())
        .map_err(|err| OutputError(err).into())
}
