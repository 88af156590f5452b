//! Tests of `dlx completions` and `dlx man`: shell completions and manual pages generated from the clap definitions.

use crate::support::{file_names, run, scratch};

/// Every subcommand of `dlx`, as its help lists them: what every generated file must know.
fn subcommands() -> Vec<String> {
    let (help, _) = run(&["--help"], "", 0);
    let names: Vec<String> = help
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect();
    assert!(names.len() >= 10, "{help}");
    names
}

/// How a completion script names a subcommand.
type Entry = fn(&str) -> String;

#[test]
fn each_shell_gets_a_script_that_knows_the_subcommands() {
    let subcommands = subcommands();
    // Each shell, the opening of its script, and the way it names a subcommand.
    let shells: [(&str, &str, Entry); 5] = [
        ("bash", "_dlx() {", |name| format!("dlx,{name})")),
        ("zsh", "#compdef dlx", |name| format!("'{name}:")),
        ("fish", "complete -c dlx", |name| {
            format!("__fish_dlx_needs_command\" -f -a \"{name}\"")
        }),
        ("elvish", "set edit:completion:arg-completer[dlx]", |name| {
            format!("cand {name} '")
        }),
        ("powershell", "Register-ArgumentCompleter", |name| {
            format!("[CompletionResult]::new('{name}', '{name}'")
        }),
    ];
    for (shell, opening, entry) in shells {
        let (script, stderr) = run(&["completions", shell], "", 0);
        assert_eq!(stderr, "", "{shell}");
        assert!(script.contains(opening), "{shell}: no {opening:?}");
        for subcommand in &subcommands {
            let entry = entry(subcommand);
            assert!(script.contains(&entry), "{shell}: no {entry:?}");
        }
    }
    let (_, stderr) = run(&["completions", "tcsh"], "", 2);
    assert!(stderr.contains("invalid value 'tcsh'"), "{stderr}");
}

/// Checks that `page` reads as the roff manual page of `name`.
#[track_caller]
fn check_page(name: &str, page: &str) {
    assert!(
        page.starts_with('.'),
        "{name}: {}",
        &page[..page.len().min(80)]
    );
    assert!(
        page.lines()
            .any(|l| l.starts_with(&format!(".TH {name} 1"))),
        "{name}: no title line"
    );
}

#[test]
fn the_manual_pages_are_roff() {
    let subcommands = subcommands();
    let (page, _) = run(&["man"], "", 0);
    check_page("dlx", &page);
    for subcommand in &subcommands {
        assert!(
            page.contains(subcommand.as_str()),
            "dlx.1 lacks {subcommand}"
        );
    }
    let dir = scratch("man");
    let (stdout, stderr) = run(&["man", "--dir", dir.to_str().unwrap()], "", 0);
    assert_eq!(stdout, "");
    assert!(stderr.contains("manual pages written into"), "{stderr}");
    let names = file_names(&dir);
    for subcommand in &subcommands {
        assert!(names.contains(&format!("dlx-{subcommand}.1")), "{names:?}");
    }
    for name in &names {
        let page = std::fs::read_to_string(dir.join(name)).unwrap();
        check_page(name.trim_end_matches(".1"), &page);
    }
}
