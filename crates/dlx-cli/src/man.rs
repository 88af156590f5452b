//! `dlx man`: the manual pages, generated from the command line's own definitions.
//!
//! The pages are written here rather than by `clap_mangen`'s whole-page
//! renderer, so that they read like ripgrep's: NAME, SYNOPSIS (every option
//! with its value, `--limit N`), DESCRIPTION, POSITIONAL ARGUMENTS, OPTIONS
//! (grouped under the help's headings), COMMANDS (for `dlx` itself), EXIT
//! STATUS (a `.TP` list, so the table is never reflowed), EXAMPLES and SEE
//! ALSO. Everything comes from the clap definitions that parse the command
//! line: the help texts, the `Examples:` of each subcommand's `after_help`,
//! and [`EXIT_CODES`]. Code spans written with backticks in the help become
//! bold, as a manual page shows what one types.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::{ArgAction, Args, Command, CommandFactory as _};

use crate::shared::{note, OutputError, EXIT_CODES};

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
    let pages = pages();
    let Some(dir) = args.dir else {
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(pages[0].text.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|err| OutputError(err).into());
    };
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot make the folder `{}`", dir.display()))?;
    for page in &pages {
        let path = dir.join(format!("{}.1", page.name));
        std::fs::write(&path, &page.text)
            .with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    note(&format!("dlx: manual pages written into {}", dir.display()));
    Ok(())
}

/// One manual page: its name (`dlx`, `dlx-solve`, `dlx-sudoku-generate`) and its roff text.
pub(crate) struct Page {
    name: String,
    text: String,
}

/// Every page: `dlx` first, then one per subcommand, depth first.
pub(crate) fn pages() -> Vec<Page> {
    let mut root = crate::Cli::command();
    root.build();
    let mut pages = vec![Page {
        name: "dlx".to_owned(),
        text: root_page(&root),
    }];
    let mut stack: Vec<(Vec<String>, &Command)> = shown(&root)
        .rev()
        .map(|sub| (vec!["dlx".to_owned(), sub.get_name().to_owned()], sub))
        .collect();
    while let Some((path, command)) = stack.pop() {
        pages.push(Page {
            name: path.join("-"),
            text: subcommand_page(&path, command),
        });
        for sub in shown(command).rev() {
            let mut path = path.clone();
            path.push(sub.get_name().to_owned());
            stack.push((path, sub));
        }
    }
    pages
}

/// The subcommands a page lists: not hidden, and not clap's `help`, which has no page.
fn shown(command: &Command) -> std::vec::IntoIter<&Command> {
    command
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
        .collect::<Vec<_>>()
        .into_iter()
}

/// The page of `dlx` itself: its commands, what they share, the exit status.
fn root_page(root: &Command) -> String {
    let mut page = title("dlx");
    section(&mut page, "NAME");
    let _ = writeln!(page, "dlx \\- {}", escape(ROOT_NAME));
    section(&mut page, "SYNOPSIS");
    page.push_str("\\fBdlx\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n.br\n");
    page.push_str("\\fBdlx\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR\n.br\n");
    page.push_str("\\fBdlx\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n");
    section(&mut page, "DESCRIPTION");
    paragraphs(&mut page, ROOT_DESCRIPTION);
    section(&mut page, "COMMANDS");
    for sub in shown(root) {
        let _ = writeln!(page, ".TP\n\\fBdlx {}\\fR", escape(sub.get_name()));
        let _ = writeln!(page, "{}", sentence(sub));
        for alias in sub.get_visible_aliases() {
            let _ = writeln!(page, "Also \\fBdlx {}\\fR.", escape(alias));
        }
        let _ = writeln!(page, "See \\fBdlx\\-{}\\fR(1).", escape(sub.get_name()));
    }
    options(&mut page, root);
    exit_status(&mut page);
    section(&mut page, "EXAMPLES");
    examples(&mut page, ROOT_EXAMPLES.iter().copied());
    section(&mut page, "SEE ALSO");
    let see: Vec<String> = shown(root)
        .map(|sub| format!("\\fBdlx\\-{}\\fR(1)", escape(sub.get_name())))
        .collect();
    let _ = writeln!(page, "{}", see.join(", "));
    homepage(&mut page);
    page
}

/// The page of a subcommand (`path` is `["dlx", "sudoku", "generate"]` for `dlx sudoku generate`).
fn subcommand_page(path: &[String], command: &Command) -> String {
    let name = path.join("-");
    let mut page = title(&name);
    section(&mut page, "NAME");
    let _ = writeln!(page, "{} \\- {}", escape(&name), inline(&summary(command)));
    section(&mut page, "SYNOPSIS");
    synopsis(&mut page, &path.join(" "), command);
    section(&mut page, "DESCRIPTION");
    let long = command
        .get_long_about()
        .or(command.get_about())
        .map(ToString::to_string)
        .unwrap_or_default();
    paragraphs(&mut page, &long);
    let (before, lines) = split_after_help(command);
    paragraphs(&mut page, &before);
    let positionals: Vec<_> = command
        .get_positionals()
        .filter(|a| !a.is_hide_set())
        .collect();
    if !positionals.is_empty() {
        section(&mut page, "POSITIONAL ARGUMENTS");
        for arg in positionals {
            let _ = writeln!(page, ".TP\n{}", value_names(arg));
            describe(&mut page, arg);
        }
    }
    options(&mut page, command);
    let subs: Vec<_> = shown(command).collect();
    if !subs.is_empty() {
        section(&mut page, "COMMANDS");
        for sub in &subs {
            let _ = writeln!(
                page,
                ".TP\n\\fB{} {}\\fR\n{}\nSee \\fB{}\\-{}\\fR(1).",
                escape(&path.join(" ")),
                escape(sub.get_name()),
                sentence(sub),
                escape(&name),
                escape(sub.get_name())
            );
        }
    }
    exit_status(&mut page);
    if !lines.is_empty() {
        section(&mut page, "EXAMPLES");
        examples(&mut page, lines.iter().map(String::as_str));
    }
    section(&mut page, "SEE ALSO");
    let mut see = vec![format!(
        "\\fB{}\\fR(1)",
        escape(&path[..path.len() - 1].join("-"))
    )];
    see.extend(
        subs.iter()
            .map(|sub| format!("\\fB{}\\-{}\\fR(1)", escape(&name), escape(sub.get_name()))),
    );
    let _ = writeln!(page, "{}", see.join(", "));
    homepage(&mut page);
    page
}

/// What `dlx` is, for the NAME of its page (its `about` is the package's description).
const ROOT_NAME: &str =
    "exact cover problems and the puzzles built on them, solved with Knuth's Dancing Links";

/// What `dlx` is, for the DESCRIPTION of its page.
const ROOT_DESCRIPTION: &str = "\
dlx finds exact covers with Knuth's Dancing Links: given items and options, each option a set of items, it finds the sets of options that cover every primary item exactly once and every secondary item at most once. \
It reads problems in Knuth's DLX format (`dlx solve`), and puzzles built on exact covers in their own formats: sudoku, n queens, polyomino tilings, 0/1 matrices, treasure maps, matchstick squares and lottery designs.

Each command has a page of its own (`dlx-solve`(1), ...) and its own `--help`. \
The commands that search share their flags (`--json`, `--stats`, `--threads`, `--progress`, `--max-nodes`, `--time-limit`, `--max-memory`), and every search runs on all cores with the same answers as on one. \
Answers go to standard output; notes, statistics and progress to standard error.";

/// The examples of `dlx`'s own page: one per kind of use.
const ROOT_EXAMPLES: &[&str] = &[
    "dlx solve --count --stats data/pentomino-6x10.dlx",
    "dlx sudoku data/sudoku/17-clue.txt",
    "dlx queens 12 --count --distinct",
    "dlx polyomino --board 16x16 --pieces domino --count",
    "dlx estimate data/pentomino-6x10.dlx",
    "dlx man --dir ~/.local/share/man/man1",
];

/// The title line, after the string that prints an apostrophe in groff and elsewhere.
fn title(name: &str) -> String {
    format!(
        ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.TH {name} 1 \"\" \"dlx {}\" \"User Commands\"\n",
        env!("CARGO_PKG_VERSION")
    )
}

fn section(page: &mut String, name: &str) {
    let _ = writeln!(page, ".SH \"{name}\"");
}

/// A command's one-line help, trimmed, without its final period.
fn about(command: &Command) -> String {
    let about = command
        .get_about()
        .map(ToString::to_string)
        .unwrap_or_default();
    about.trim().trim_end_matches('.').to_owned()
}

/// A command's one-line summary, without its final period and starting lowercase, as NAME lines do.
fn summary(command: &Command) -> String {
    let about = about(command);
    let mut chars = about.chars();
    match chars.next() {
        // Only a capital followed by a lowercase letter is a sentence's capital (not `DLX`).
        Some(first) if chars.clone().next().is_some_and(char::is_lowercase) => {
            first.to_lowercase().chain(chars).collect()
        }
        _ => about.to_owned(),
    }
}

/// A command's summary as a sentence, with its code spans, for a list of commands.
fn sentence(command: &Command) -> String {
    inline(&format!("{}.", about(command)))
}

/// The SYNOPSIS of a subcommand: every option with its value, then the positionals.
fn synopsis(page: &mut String, invocation: &str, command: &Command) {
    let _ = write!(page, "\\fB{}\\fR", escape(invocation));
    for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
        if arg.is_positional() {
            continue;
        }
        let flag = match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => {
                format!("\\fB\\-{short}\\fR|\\fB\\-\\-{}\\fR", escape(long))
            }
            (Some(short), None) => format!("\\fB\\-{short}\\fR"),
            (None, Some(long)) => format!("\\fB\\-\\-{}\\fR", escape(long)),
            (None, None) => continue,
        };
        let value = if takes_value(arg) {
            // An unbreakable space: a flag and its value stay on one line.
            format!("\\ {}", value_names(arg))
        } else {
            String::new()
        };
        let _ = write!(page, " [{flag}{value}]");
    }
    for arg in command.get_positionals().filter(|a| !a.is_hide_set()) {
        if arg.is_required_set() {
            let _ = write!(page, " {}", value_names(arg));
        } else {
            let _ = write!(page, " [{}]", value_names(arg));
        }
    }
    if command.has_subcommands() {
        page.push_str(" [\\fICOMMAND\\fR]");
    }
    page.push('\n');
}

/// Whether an argument takes a value (as `--limit N` does, and `--count` does not).
fn takes_value(arg: &clap::Arg) -> bool {
    !matches!(
        arg.get_action(),
        ArgAction::SetTrue
            | ArgAction::SetFalse
            | ArgAction::Count
            | ArgAction::Help
            | ArgAction::HelpShort
            | ArgAction::HelpLong
            | ArgAction::Version
    )
}

/// An argument's value names in italics (`N`, `FILE`), repeated ones followed by `...`.
fn value_names(arg: &clap::Arg) -> String {
    let names: Vec<String> = match arg.get_value_names() {
        Some(names) => names.iter().map(ToString::to_string).collect(),
        None => vec![arg.get_id().as_str().to_uppercase()],
    };
    let mut text = names
        .iter()
        .map(|name| format!("\\fI{}\\fR", escape(name)))
        .collect::<Vec<_>>()
        .join(" ");
    if matches!(arg.get_action(), ArgAction::Append)
        || arg.get_num_args().is_some_and(|n| n.max_values() > 1)
    {
        text.push_str("...");
    }
    text
}

/// OPTIONS: each flag with its value and long help, under the headings of `--help`.
fn options(page: &mut String, command: &Command) {
    let mut headings: Vec<Option<&str>> = Vec::new();
    let args: Vec<_> = command
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !a.is_positional())
        .collect();
    for arg in &args {
        if !headings.contains(&arg.get_help_heading()) {
            headings.push(arg.get_help_heading());
        }
    }
    if args.is_empty() {
        return;
    }
    section(page, "OPTIONS");
    for heading in headings {
        if let Some(heading) = heading {
            let _ = writeln!(page, ".SS \"{}\"", escape(heading));
        }
        for arg in args.iter().filter(|a| a.get_help_heading() == heading) {
            let mut flag = Vec::new();
            if let Some(short) = arg.get_short() {
                flag.push(format!("\\fB\\-{short}\\fR"));
            }
            if let Some(long) = arg.get_long() {
                flag.push(format!("\\fB\\-\\-{}\\fR", escape(long)));
            }
            let mut line = flag.join(", ");
            if takes_value(arg) {
                let _ = write!(line, " {}", value_names(arg));
            }
            let _ = writeln!(page, ".TP\n{line}");
            describe(page, arg);
        }
    }
}

/// An argument's long help, its possible values and its default.
fn describe(page: &mut String, arg: &clap::Arg) {
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(ToString::to_string)
        .unwrap_or_default();
    let mut first = true;
    for paragraph in help.split("\n\n") {
        if !first {
            page.push_str(".IP\n");
        }
        first = false;
        let mut paragraph = join_lines(paragraph);
        // clap drops the period of a one-line help; the page's are sentences.
        if !paragraph.ends_with(['.', ':']) {
            paragraph.push('.');
        }
        let _ = writeln!(page, "{}", inline(&paragraph));
    }
    let values: Vec<_> = if arg.is_hide_possible_values_set() || !takes_value(arg) {
        Vec::new()
    } else {
        arg.get_possible_values()
            .into_iter()
            .filter(|v| !v.is_hide_set())
            .collect()
    };
    if !values.is_empty() {
        page.push_str(".IP\nValues:\n.RS\n");
        for value in values {
            let _ = writeln!(page, ".TP\n\\fB{}\\fR", escape(value.get_name()));
            if let Some(help) = value.get_help() {
                let _ = writeln!(page, "{}", inline(&help.to_string()));
            }
        }
        page.push_str(".RE\n");
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if takes_value(arg) && !defaults.is_empty() && !arg.is_hide_default_value_set() {
        let _ = writeln!(
            page,
            ".IP\nDefault: \\fB{}\\fR.",
            escape(&defaults.join(","))
        );
    }
}

/// EXIT STATUS: one `.TP` a code, from the table `dlx --help` prints.
fn exit_status(page: &mut String) {
    section(page, "EXIT STATUS");
    for line in EXIT_CODES.lines().skip(1) {
        let line = line.trim();
        let Some((code, meaning)) = line.split_once(char::is_whitespace) else {
            continue;
        };
        let _ = writeln!(page, ".TP\n\\fB{code}\\fR\n{}", inline(meaning.trim()));
    }
}

/// Example command lines, one a line and never filled, each set off from the next.
fn examples<'a>(page: &mut String, lines: impl Iterator<Item = &'a str>) {
    for line in lines {
        let (command, comment) = match line.split_once("  #") {
            Some((command, comment)) => (command.trim_end(), Some(comment.trim())),
            None => (line, None),
        };
        if let Some(comment) = comment {
            let _ = writeln!(page, ".PP\n{}:", inline(&capitalise(comment)));
        } else {
            page.push_str(".PP\n");
        }
        let _ = writeln!(page, ".RS 4\n.nf\n\\fB{}\\fR\n.fi\n.RE", escape(command));
    }
}

/// A comment's first letter as a capital, as it now opens a sentence.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A subcommand's `after_help` cut in two: the paragraphs before its
/// `Examples:` (or `Example:`), and the example lines after it.
fn split_after_help(command: &Command) -> (String, Vec<String>) {
    let text = command
        .get_after_help()
        .map(ToString::to_string)
        .unwrap_or_default();
    let mut before = Vec::new();
    let mut lines = Vec::new();
    let mut in_examples = false;
    for line in text.lines() {
        if matches!(line.trim(), "Examples:" | "Example:") {
            in_examples = true;
        } else if in_examples {
            if !line.trim().is_empty() {
                lines.push(line.trim().to_owned());
            }
        } else {
            before.push(line);
        }
    }
    (before.join("\n"), lines)
}

/// Paragraphs separated by blank lines, each filled as one (`.PP` between them).
fn paragraphs(page: &mut String, text: &str) {
    for paragraph in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        page.push_str(".PP\n");
        let _ = writeln!(page, "{}", inline(&join_lines(paragraph)));
    }
}

/// The lines of a paragraph joined into one, for the page to fill.
fn join_lines(text: &str) -> String {
    text.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

/// The repository, where the README and the rest of the documentation are.
fn homepage(page: &mut String) {
    let repository = env!("CARGO_PKG_REPOSITORY");
    if !repository.is_empty() {
        let _ = writeln!(
            page,
            ".PP\nThe README of the repository, {}, has the formats, the JSON lines and measured figures.",
            escape(repository)
        );
    }
}

/// Help text for roff: escaped, and each code span in backticks in bold.
fn inline(text: &str) -> String {
    let mut out = String::new();
    for (k, piece) in text.split('`').enumerate() {
        // An odd number of backticks leaves the last one as it is.
        if k % 2 == 1 && !piece.is_empty() {
            let _ = write!(out, "\\fB{}\\fR", escape(piece));
        } else {
            out.push_str(&escape(piece));
        }
    }
    // A text line that starts with a control character would be a request.
    let mut lines: Vec<String> = Vec::new();
    for line in out.lines() {
        if line.starts_with(['.', '\'']) {
            lines.push(format!("\\&{line}"));
        } else {
            lines.push(line.to_owned());
        }
    }
    lines.join("\n")
}

/// Text escaped for roff: backslashes, hyphens (which would be typeset as
/// hyphens, not the minus of an option), apostrophes, and a leading period.
fn escape(text: &str) -> String {
    // The backslashes first: the escapes put in after them are not escaped again.
    let out = text
        .replace('\\', "\\e")
        .replace('-', "\\-")
        .replace('\'', "\\*(Aq");
    if out.starts_with('.') {
        format!("\\&{out}")
    } else {
        out
    }
}
