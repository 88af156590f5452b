//! `cargo xtask house-check`: the house's limits, checked by CI so that they cannot be broken again unseen.
//!
//! Each review of this workspace found the same limits broken again, each time by code that was fine on its own: files that grew past what one can read, a crate root that collected every hook, modules that came to need each other, an ARCHITECTURE.md that doubled, a changelog nobody could scan, code written twice.
//! A limit that no tool keeps is kept only until the next busy week, so each is a constant here and a step of `.ci/run`.
//!
//! The limits (issue 33), each in a function of this module over the parsing in its children:
//! - no product source file (`crates/*/src/**/*.rs`, `xtask/src/**/*.rs`; not tests, benches or fuzz targets) over [`MAX_FILE_LINES`] lines;
//! - at most [`MAX_ROOT_NAMES`] names at `dlx-core`'s root ([`exports`]);
//! - no import circle between the modules of a crate ([`circles`]);
//! - `ARCHITECTURE.md` at most [`MAX_ARCHITECTURE_BYTES`] bytes;
//! - `CHANGELOG.md` in Keep a Changelog's form, no line over [`MAX_CHANGELOG_LINE`] characters ([`changelog`](mod@changelog));
//! - at most [`MAX_DUPLICATE_PAIRS`] pairs of repeated runs of six or more lines in product code, as the `duplicates` command counts them ([`duplicates`]; skipped, and said, where the command is missing).
//!
//! A broken limit names each file and its figure (`crates/dlx-python/src/problem.rs: 1317 lines (limit 700)`).
//! `--report` prints the same figures and exits 0, for reports on the way back within the limits.

mod changelog;
mod circles;
mod duplicates;
mod exports;
mod lexer;
mod paths;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _};

use crate::flags::Flags;
use crate::say;

/// The most lines a product source file may have.
const MAX_FILE_LINES: usize = 700;

/// The most names `dlx-core` may show at its root.
const MAX_ROOT_NAMES: usize = 60;

/// The most bytes `ARCHITECTURE.md` may have: a bird's-eye view and a code map, not a second copy of the module docs.
const MAX_ARCHITECTURE_BYTES: usize = 22_000;

/// The most characters a line of `CHANGELOG.md` may have.
const MAX_CHANGELOG_LINE: usize = 400;

/// The most pairs of repeated runs in product code.
const MAX_DUPLICATE_PAIRS: usize = 20;

/// What one limit's check found.
#[derive(Debug, Default)]
struct Check {
    /// What is limited (`product files`, `dlx-core's root`).
    name: &'static str,
    /// The figure, with the limit.
    figure: String,
    /// Each place over the limit, naming its file and its figure; empty when the limit holds.
    over: Vec<String>,
    /// What else the reader should know (a partial count).
    notes: Vec<String>,
    /// Why the check did not run, where it did not.
    skipped: Option<String>,
}

/// Runs `cargo xtask house-check [--report]`.
pub(crate) fn run(root: &Path, args: &[String]) -> anyhow::Result<()> {
    let mut report_only = false;
    let mut flags = Flags::new("house-check", args);
    while let Some(flag) = flags.next_flag() {
        match flag {
            "--report" => report_only = true,
            other => return Err(flags.unknown(other)),
        }
    }
    let sources = product_sources(root)?;
    let checks = [
        file_lengths(root, &sources)?,
        root_names(root)?,
        import_circles(root, &sources)?,
        architecture(root)?,
        changelog(root)?,
        repeated_runs(root)?,
    ];
    let mut broken = Vec::new();
    for check in &checks {
        let mark = match (&check.skipped, check.over.is_empty()) {
            (Some(_), _) => "skip",
            (None, true) => "ok  ",
            (None, false) => "OVER",
        };
        say(&format!("{mark} {}: {}", check.name, check.figure));
        // A limit of one figure names its file in the figure already.
        let places = check.over.iter().filter(|line| **line != check.figure);
        for line in places.chain(&check.notes) {
            say(&format!("       {line}"));
        }
        if let Some(why) = &check.skipped {
            say(&format!("       skipped: {why}"));
        }
        if !check.over.is_empty() {
            broken.push(check.name);
        }
    }
    match (broken.len(), report_only) {
        (0, _) => say("house-check: every limit holds"),
        (n, true) => say(&format!(
            "house-check: {n} of {} limits broken ({}); --report, so not a failure",
            checks.len(),
            broken.join(", ")
        )),
        (n, false) => bail!(
            "{n} of the house's {} limits broken: {}",
            checks.len(),
            broken.join(", ")
        ),
    }
    Ok(())
}

/// Whether a file, by its path from the workspace root, is a product source: below a crate's `src/` or xtask's, and not a test, bench, fuzz target or Python stub.
fn is_product(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    let below_src = matches!(
        parts.as_slice(),
        ["crates", _, "src", _, ..] | ["xtask", "src", _, ..]
    );
    let not_product = |part: &&str| ["tests", "tests.rs", "benches", "fuzz"].contains(part);
    below_src && !path.ends_with(".pyi") && !parts.iter().any(not_product)
}

/// The product's Rust sources, as paths from the root with `/` between folders, in order.
fn product_sources(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut folders = vec![root.join("xtask/src")];
    let crates = root.join("crates");
    for entry in
        std::fs::read_dir(&crates).with_context(|| format!("cannot read {}", crates.display()))?
    {
        folders.push(entry?.path().join("src"));
    }
    let mut files = Vec::new();
    for folder in folders.into_iter().filter(|f| f.is_dir()) {
        walk(&folder, &mut files)?;
    }
    let mut sources: Vec<String> = files
        .iter()
        .filter_map(|file| file.strip_prefix(root).ok())
        .map(|file| file.to_string_lossy().replace('\\', "/"))
        .filter(|file| file.ends_with(".rs") && is_product(file))
        .collect();
    sources.sort();
    Ok(sources)
}

/// Every file below `folder`.
fn walk(folder: &Path, files: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in
        std::fs::read_dir(folder).with_context(|| format!("cannot read {}", folder.display()))?
    {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// Reads a file of the workspace.
fn read(root: &Path, file: &str) -> anyhow::Result<String> {
    std::fs::read_to_string(root.join(file)).with_context(|| format!("cannot read {file}"))
}

/// No product source file over [`MAX_FILE_LINES`] lines.
fn file_lengths(root: &Path, sources: &[String]) -> anyhow::Result<Check> {
    let mut lengths = Vec::new();
    for file in sources {
        lengths.push((read(root, file)?.lines().count(), file));
    }
    lengths.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let over: Vec<String> = lengths
        .iter()
        .take_while(|(lines, _)| *lines > MAX_FILE_LINES)
        .map(|(lines, file)| format!("{file}: {lines} lines (limit {MAX_FILE_LINES})"))
        .collect();
    let longest = lengths.first().map_or_else(String::new, |(lines, file)| {
        format!("; the longest, {file}, has {lines}")
    });
    Ok(Check {
        name: "file lengths",
        figure: format!(
            "{} of {} product source files over {MAX_FILE_LINES} lines{longest}",
            over.len(),
            sources.len()
        ),
        over,
        ..Check::default()
    })
}

/// At most [`MAX_ROOT_NAMES`] names at `dlx-core`'s root.
fn root_names(root: &Path) -> anyhow::Result<Check> {
    let file = "crates/dlx-core/src/lib.rs";
    let found = exports::root_names(&read(root, file)?);
    let names = found.len();
    let gated = found.values().filter(|&&gated| gated).count();
    let figure =
        format!("{names} names at the root, {gated} of them behind a cfg (limit {MAX_ROOT_NAMES})");
    Ok(Check {
        name: "dlx-core's root",
        over: if names > MAX_ROOT_NAMES {
            vec![format!("{file}: {figure}")]
        } else {
            Vec::new()
        },
        figure: format!("{file}: {figure}"),
        ..Check::default()
    })
}

/// No import circle between the modules of a crate.
fn import_circles(root: &Path, sources: &[String]) -> anyhow::Result<Check> {
    // Each crate's sources, by the folder of its `src/`.
    let mut crates: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for file in sources {
        let Some((src, below)) = file.split_once("/src/") else {
            continue;
        };
        let src = format!("{src}/src");
        if crates.last().is_none_or(|(last, _)| *last != src) {
            crates.push((src.clone(), Vec::new()));
        }
        if let Some((_, files)) = crates.last_mut() {
            files.push((below.to_owned(), read(root, file)?));
        }
    }
    let mut over = Vec::new();
    for (src, files) in &crates {
        for circle in circles::circles(files) {
            let uses: Vec<String> = circle
                .uses
                .iter()
                .map(|(from, line, to)| format!("{from}:{line} uses {to}"))
                .collect();
            over.push(format!(
                "{src}: a circle of {} ({})",
                circle.files.join(", "),
                uses.join("; ")
            ));
        }
    }
    Ok(Check {
        name: "import circles",
        figure: format!("{} in {} crates (limit 0)", over.len(), crates.len()),
        over,
        ..Check::default()
    })
}

/// `ARCHITECTURE.md` at most [`MAX_ARCHITECTURE_BYTES`] bytes.
fn architecture(root: &Path) -> anyhow::Result<Check> {
    let file = "ARCHITECTURE.md";
    let bytes = read(root, file)?.len();
    let figure = format!("{file}: {bytes} bytes (limit {MAX_ARCHITECTURE_BYTES})");
    Ok(Check {
        name: "architecture",
        over: if bytes > MAX_ARCHITECTURE_BYTES {
            vec![figure.clone()]
        } else {
            Vec::new()
        },
        figure,
        ..Check::default()
    })
}

/// `CHANGELOG.md` in Keep a Changelog's form, no line over [`MAX_CHANGELOG_LINE`] characters.
fn changelog(root: &Path) -> anyhow::Result<Check> {
    let file = "CHANGELOG.md";
    let text = read(root, file)?;
    let over: Vec<String> = changelog::problems(&text, MAX_CHANGELOG_LINE)
        .into_iter()
        .map(|(line, problem)| format!("{file}:{line}: {problem}"))
        .collect();
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    Ok(Check {
        name: "changelog",
        figure: format!(
            "{file}: {} problems of form or length; the longest line {longest} characters (limit {MAX_CHANGELOG_LINE})",
            over.len()
        ),
        over,
        ..Check::default()
    })
}

/// At most [`MAX_DUPLICATE_PAIRS`] pairs of repeated runs in product code.
fn repeated_runs(root: &Path) -> anyhow::Result<Check> {
    let command = format!("duplicates {}", duplicates::ARGS.join(" "));
    let Some(report) = duplicates::run(root)? else {
        return Ok(Check {
            name: "repeated runs",
            figure: "not counted".to_owned(),
            skipped: Some(format!(
                "the `duplicates` command is not on this machine's PATH (`{command}` counts them)"
            )),
            ..Check::default()
        });
    };
    let pairs = report.product_pairs.len();
    let mut notes = report.incomplete.clone();
    if report.unlisted > 0 {
        notes.push(format!(
            "{} more pairs not listed by the command, so not classed",
            report.unlisted
        ));
    }
    let at_least = if notes.is_empty() { "" } else { "at least " };
    Ok(Check {
        name: "repeated runs",
        figure: format!(
            "{at_least}{pairs} pairs in product code (limit {MAX_DUPLICATE_PAIRS}), of {} pairs in the tree (`{command}`)",
            report.listed + report.unlisted
        ),
        over: if pairs > MAX_DUPLICATE_PAIRS { report.product_pairs } else { Vec::new() },
        notes,
        skipped: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_sources_are_the_crates_and_xtask_sources_only() {
        for product in [
            "crates/dlx-core/src/lib.rs",
            "crates/dlx-core/src/memo/sweep/meet.rs",
            "xtask/src/house/mod.rs",
        ] {
            assert!(is_product(product), "{product}");
        }
        for other in [
            "crates/dlx-core/tests/core/main.rs",
            "crates/dlx-core/src/search/tests.rs",
            "crates/dlx-core/src/tests/support.rs",
            "crates/dlx-python/python/dlx_rs/_dlx.pyi",
            "crates/dlx-python/src/stubs.pyi",
            "benches/benches/layered.rs",
            "fuzz/src/lib.rs",
            "web/app.js",
            "xtask/Cargo.toml",
            "crates/dlx-core/Cargo.toml",
        ] {
            assert!(!is_product(other), "{other}");
        }
    }
}
