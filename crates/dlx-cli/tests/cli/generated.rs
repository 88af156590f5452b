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

/// Issue 21: the pages read like ripgrep's: its sections in order, every
/// option with its value in SYNOPSIS, the exit codes one `.TP` each, and
/// neither clap_mangen's `EXTRA` heading, nor a page for `help`, nor a
/// backtick left for the reader.
#[test]
fn the_manual_pages_read_like_ripgreps_issue_21() {
    let dir = scratch("man-21");
    run(&["man", "--dir", dir.to_str().unwrap()], "", 0);
    let names = file_names(&dir);
    assert!(!names.contains(&"dlx-help.1".to_owned()), "{names:?}");
    for name in &names {
        let page = std::fs::read_to_string(dir.join(name)).unwrap();
        let sections: Vec<&str> = page
            .lines()
            .filter_map(|l| l.strip_prefix(".SH "))
            .map(|s| s.trim_matches('"'))
            .collect();
        let wanted = [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "OPTIONS",
            "EXIT STATUS",
            "EXAMPLES",
            "SEE ALSO",
        ];
        let in_order: Vec<&str> = sections
            .iter()
            .copied()
            .filter(|s| wanted.contains(s))
            .collect();
        assert_eq!(in_order, wanted, "{name}: {sections:?}");
        assert!(!page.contains("EXTRA"), "{name}");
        assert!(!page.contains('`'), "{name}: a backtick");
        assert!(!page.contains("dlx\\-help"), "{name}");
        for code in ["0", "1", "2", "3", "130", "143"] {
            assert!(
                page.contains(&format!(".TP\n\\fB{code}\\fR\n")),
                "{name}: {code}"
            );
        }
    }
    let solve = std::fs::read_to_string(dir.join("dlx-solve.1")).unwrap();
    let synopsis = solve.split(".SH \"SYNOPSIS\"").nth(1).unwrap();
    let synopsis = synopsis.split(".SH").next().unwrap();
    for flag in [
        "[\\fB\\-\\-limit\\fR\\ \\fIN\\fR]",
        "[\\fB\\-j\\fR|\\fB\\-\\-threads\\fR\\ \\fIN\\fR]",
        "[\\fB\\-\\-time\\-limit\\fR\\ \\fIDURATION\\fR]",
        "[\\fB\\-\\-count\\fR]",
        "[\\fIFILE\\fR]",
    ] {
        assert!(synopsis.contains(flag), "{flag} not in {synopsis}");
    }
    let lottery = std::fs::read_to_string(dir.join("dlx-lottery.1")).unwrap();
    insta::assert_snapshot!(lottery);
}

/// Issue 21: `--pieces` completes the built-in piece sets, and still file
/// names (a piece file is read the same), in the scripts bash runs and fish
/// reads (zsh, elvish and PowerShell below); every set it offers is one
/// `dlx polyomino` reads.
#[test]
fn pieces_complete_the_piece_sets_and_files_issue_21() {
    let (bash, _) = run(&["completions", "bash"], "", 0);
    let sets = "pentominoes tetrominoes hexominoes domino";
    assert!(
        bash.contains(&format!(
            "COMPREPLY=($(compgen -W \"{sets}\" -- \"${{cur}}\") $(compgen -f \"${{cur}}\"))"
        )),
        "bash: no sets for --pieces"
    );
    let (fish, _) = run(&["completions", "fish"], "", 0);
    let pieces: Vec<&str> = fish
        .lines()
        .filter(|l| l.contains(" -l pieces ") && l.contains("pentominoes\\t"))
        .collect();
    assert!(
        pieces.len() >= 2,
        "polyomino and its alias pentomino: {pieces:?}"
    );
    for line in pieces {
        assert!(line.contains("-r -F -a \"pentominoes\\t"), "{line}");
    }
    // The script itself, run by bash where there is one: the sets, then the files.
    let script = scratch("completion").join("dlx.bash");
    std::fs::create_dir_all(script.parent().unwrap()).unwrap();
    std::fs::write(&script, &bash).unwrap();
    let complete = |word: &str| {
        let out = std::process::Command::new("bash")
            .current_dir(crate::support::ROOT)
            .arg("-c")
            .arg(format!(
                "source {}; COMP_WORDS=(dlx polyomino --pieces {word}); COMP_CWORD=3; \
                 _dlx dlx {word} --pieces; echo \"${{COMPREPLY[@]}}\"",
                script.display()
            ))
            .output()
            .ok()?;
        Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    };
    if let Some(tetro) = complete("te") {
        assert_eq!(tetro, "tetrominoes");
        assert_eq!(
            complete("data/polyomino/tetr").unwrap(),
            "data/polyomino/tetrominoes-twice.txt"
        );
    }
    for set in sets.split(' ') {
        run(&["polyomino", "--pieces", set, "--list-pieces"], "", 0);
    }
}

/// Issue 21: `--pieces` completes the piece sets and file names in zsh,
/// elvish and PowerShell too. zsh's action is `_alternative` of both, and
/// the script still parses (`zsh -n`, where zsh is installed); elvish's and
/// PowerShell's scripts, which complete no value of their own, check for
/// the word after `--pieces` before anything else (checked as text: elvish
/// completes only in an interactive shell, and the test machines have no
/// PowerShell).
#[test]
fn pieces_complete_files_in_zsh_elvish_and_powershell_issue_21() {
    let (zsh, _) = run(&["completions", "zsh"], "", 0);
    let action =
        r#":SET|FILE:_alternative '\''sets\:piece set\:((pentominoes\:"the 12 pentominoes""#;
    let files = r#"domino\:"the domino, as many as fill the board"))'\'' '\''files\:piece file\:_files'\'''"#;
    // polyomino and its alias pentomino.
    assert_eq!(zsh.matches(action).count(), 2, "zsh: {action}");
    assert_eq!(zsh.matches(files).count(), 2, "zsh: {files}");
    assert!(
        !zsh.contains(":SET|FILE:(("),
        "zsh: the sets alone are left"
    );
    let script = scratch("completion-zsh").join("_dlx");
    std::fs::write(&script, &zsh).unwrap();
    if let Ok(out) = std::process::Command::new("zsh")
        .arg("-n")
        .arg(&script)
        .output()
    {
        assert!(
            out.status.success(),
            "zsh -n: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    let (elvish, _) = run(&["completions", "elvish"], "", 0);
    let check = "    if (and (has-value ['dlx;polyomino' 'dlx;pentomino'] $command) (eq $words[-2] --pieces)) {\n        cand pentominoes 'the 12 pentominoes'\n        cand tetrominoes 'the 5 tetrominoes'\n        cand hexominoes 'the 35 hexominoes'\n        cand domino 'the domino, as many as fill the board'\n        edit:complete-filename $words[-1]\n        return\n    }\n    var completions = [\n";
    assert!(elvish.contains(check), "elvish: {elvish}");

    let (powershell, _) = run(&["completions", "powershell"], "", 0);
    let check = "\"$previous\" -eq '--pieces') {\n        $sets = @(\n            [CompletionResult]::new('pentominoes', 'pentominoes', [CompletionResultType]::ParameterValue, 'the 12 pentominoes')\n";
    assert!(powershell.contains(check), "powershell: {powershell}");
    let files = "        return @($sets.Where{ $_.CompletionText -like \"$wordToComplete*\" }) + @([CompletionCompleters]::CompleteFilename($wordToComplete))\n    }\n\n    $completions = @(switch ($command) {\n";
    assert!(powershell.contains(files), "powershell: {powershell}");
}
