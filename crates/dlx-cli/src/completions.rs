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
    after_help = "Examples:\n  dlx completions bash > ~/.local/share/bash-completion/completions/dlx\n  dlx completions zsh > ~/.zfunc/_dlx        # with ~/.zfunc in $fpath\n  dlx completions fish > ~/.config/fish/completions/dlx.fish\n  dlx completions elvish > ~/.config/elvish/lib/dlx.elv  # with `use dlx` in rc.elv\n  dlx completions powershell >> $PROFILE"
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

/// A subcommand's names (an alias too) and its piece sets (name, help).
type PieceSets = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// The subcommands whose `--pieces` takes a built-in set or a file: their
/// names and their sets, the polyominoes last.
const PIECES: [PieceSets; 4] = [
    (&["polycube"], &crate::polycube::PIECE_SETS),
    (&["polyiamond"], &crate::polyiamond::PIECE_SETS),
    (&["polyhex"], &crate::polyhex::PIECE_SETS),
    (&["polyomino", "pentomino"], &crate::polyomino::PIECE_SETS),
];

/// The script with file names offered beside the piece sets of `--pieces`
/// (`SET|FILE`), which clap's generators offer alone once a value has
/// possible values:
/// - bash: the words and the files together (`compgen -W` then `compgen -f`);
/// - fish: without `-f` (no files) but with `-F` (files too);
/// - zsh: the value's action becomes `_alternative` of the sets and `_files`;
/// - elvish and PowerShell: clap's scripts complete no value at all (after
///   any word they offer the subcommand's flags), so checks go before
///   them: after `--pieces` of a subcommand of [`PIECES`], its sets and
///   then the file names, by the shell's own file completion
///   (`edit:complete-filename`, `CompletionCompleters::CompleteFilename`).
///   The value is found as the word after `--pieces` only: in the form
///   `--pieces=VALUE` these scripts offer nothing of their own.
fn with_files(shell: Shell, script: String) -> String {
    match shell {
        Shell::Bash => PIECES.iter().fold(script, |script, (_, sets)| {
            let words = sets
                .iter()
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join(" ");
            let sets = format!("$(compgen -W \"{words}\" -- \"${{cur}}\")");
            script.replace(&sets, &format!("{sets} $(compgen -f \"${{cur}}\")"))
        }),
        Shell::Fish => {
            script
                .lines()
                .map(|line| {
                    if line.contains(" -l pieces ") && line.contains(" -r -f -a ") {
                        line.replacen(" -r -f -a ", " -r -F -a ", 1)
                    } else {
                        line.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        }
        Shell::Zsh => zsh_with_files(&script),
        Shell::Elvish => before_line(script, "    var completions = [", &elvish_pieces()),
        Shell::PowerShell => before_line(
            script,
            "    $completions = @(switch ($command) {",
            &powershell_pieces(),
        ),
        _ => script,
    }
}

/// The zsh script with the action of `--pieces` (in its `_arguments`
/// specs, `:SET|FILE:((pentominoes\:"..." ...))`, the sets alone) made
/// `_alternative` of the sets and `_files`. The action sits in the spec's
/// single quotes, hence `'\''` for each quote of its own, and its colons are
/// escaped (`\:`), as `_arguments` reads a bare one as the start of the
/// next argument's spec.
fn zsh_with_files(script: &str) -> String {
    const OPEN: &str = ":SET|FILE:((";
    const CLOSE: &str = "))'";
    let mut out = String::with_capacity(script.len() + 512);
    let mut rest = script;
    while let Some(at) = rest.find(OPEN) {
        let items_at = at + OPEN.len();
        let Some(len) = rest[items_at..].find(CLOSE) else {
            break;
        };
        out.push_str(&rest[..at]);
        out.push_str(r":SET|FILE:_alternative '\''sets\:piece set\:((");
        out.push_str(&rest[items_at..items_at + len]);
        out.push_str(r"))'\'' '\''files\:piece file\:_files'\'''");
        rest = &rest[items_at + len + CLOSE.len()..];
    }
    out.push_str(rest);
    out
}

/// The elvish checks for the value of `--pieces` (see [`with_files`]).
fn elvish_pieces() -> String {
    let mut check = String::from(
        "    # dlx completions: after --pieces, the piece sets, then the file names.\n",
    );
    for (commands, sets) in PIECES {
        let commands: Vec<String> = commands.iter().map(|c| format!("'dlx;{c}'")).collect();
        check += &format!(
            "    if (and (has-value [{}] $command) (eq $words[-2] --pieces)) {{\n",
            commands.join(" ")
        );
        for (name, help) in sets {
            check += &format!("        cand {name} '{}'\n", help.replace('\'', "''"));
        }
        check += "        edit:complete-filename $words[-1]\n        return\n    }\n";
    }
    check
}

/// The PowerShell checks for the value of `--pieces` (see [`with_files`]).
fn powershell_pieces() -> String {
    let mut check = String::from(
        "    # dlx completions: after --pieces, the piece sets, then the file names.\n    \
         $previous = if ($wordToComplete) { $commandElements[-2] } else { $commandElements[-1] }\n",
    );
    for (commands, sets) in PIECES {
        let commands: Vec<String> = commands
            .iter()
            .map(|c| format!("$command -eq 'dlx;{c}'"))
            .collect();
        check += &format!(
            "    if (({}) -and \"$previous\" -eq '--pieces') {{\n        $sets = @(\n",
            commands.join(" -or ")
        );
        for (name, help) in sets {
            check += &format!(
                "            [CompletionResult]::new('{name}', '{name}', \
                 [CompletionResultType]::ParameterValue, '{}')\n",
                help.replace('\'', "''")
            );
        }
        check += "        )\n        \
                  return @($sets.Where{ $_.CompletionText -like \"$wordToComplete*\" }) + \
                  @([CompletionCompleters]::CompleteFilename($wordToComplete))\n    }\n\n";
    }
    check
}

/// `script` with `insert` before its line `line` (unchanged if it has none).
fn before_line(script: String, line: &str, insert: &str) -> String {
    match script.find(&format!("\n{line}\n")) {
        Some(at) => format!("{}{insert}{}", &script[..=at], &script[at + 1..]),
        None => script,
    }
}
