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
    let script = with_files(args.shell, String::from_utf8_lossy(&script).into_owned());
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(script.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|err| OutputError(err).into())
}

/// The script with file names offered beside the piece sets of `--pieces`
/// (`SET|FILE`), which clap's generators offer alone once a value has
/// possible values: in bash the words and the files together, in fish
/// without `-f` (no files) but with `-F` (files too). zsh, elvish and
/// PowerShell offer the sets only.
fn with_files(shell: Shell, script: String) -> String {
    let words = crate::polyomino::PIECE_SETS
        .iter()
        .map(|(name, _)| *name)
        .collect::<Vec<_>>()
        .join(" ");
    match shell {
        Shell::Bash => {
            let sets = format!("$(compgen -W \"{words}\" -- \"${{cur}}\")");
            script.replace(&sets, &format!("{sets} $(compgen -f \"${{cur}}\")"))
        }
        Shell::Fish => {
            script
                .lines()
                .map(|line| {
                    if line.contains(" -l pieces ") && line.contains(" -a \"pentominoes") {
                        line.replacen(" -r -f -a ", " -r -F -a ", 1)
                    } else {
                        line.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        }
        _ => script,
    }
}
