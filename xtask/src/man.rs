//! `cargo xtask man`: the manual pages of `dlx`, generated from its clap definitions, in `target/man/`.
//!
//! The pages are written by the binary itself (`dlx man --dir DIR`, from
//! its clap definitions), so that they come from the very definitions that parse the
//! command line; this task builds the binary, runs it, and checks that each
//! page reads as a roff manual page and, when `groff` is installed, that
//! groff typesets it without a warning (all warnings on, but `break`: a
//! long word that cannot be hyphenated is layout, not a fault of the page).

use std::path::Path;
use std::process::Command;

use anyhow::{ensure, Context as _};

use crate::say;
use crate::tools::{build_dlx, on_path};

pub(crate) fn run(root: &Path) -> anyhow::Result<()> {
    let dlx = build_dlx(root)?;
    let dir = root.join("target").join("man");
    // Pages of subcommands since removed must not linger.
    let _ = std::fs::remove_dir_all(&dir);
    let status = Command::new(&dlx)
        .arg("man")
        .arg("--dir")
        .arg(&dir)
        .status()
        .with_context(|| format!("cannot run {}", dlx.display()))?;
    ensure!(status.success(), "dlx man --dir {} failed", dir.display());
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    ensure!(
        pages.iter().any(|p| p == "dlx.1"),
        "dlx man wrote no dlx.1 into {}",
        dir.display()
    );
    for page in &pages {
        let text = std::fs::read_to_string(dir.join(page))
            .with_context(|| format!("cannot read {page}"))?;
        let name = page.trim_end_matches(".1");
        // dlx's pages open with roff requests, then the title line `.TH name 1 ...`.
        ensure!(
            text.starts_with('.')
                && text
                    .lines()
                    .any(|l| l.starts_with(&format!(".TH {name} 1"))),
            "{page} does not read as a roff manual page:\n{}",
            text.lines().take(5).collect::<Vec<_>>().join("\n")
        );
    }
    let typeset = if on_path("groff") {
        for page in &pages {
            let output = Command::new("groff")
                .args(["-man", "-Tutf8", "-z", "-ww", "-Wbreak"])
                .arg(dir.join(page))
                .output()
                .context("cannot run groff")?;
            let stderr = String::from_utf8_lossy(&output.stderr);
            ensure!(
                output.status.success() && stderr.trim().is_empty(),
                "groff does not typeset {page} cleanly:\n{stderr}"
            );
        }
        "each typeset by groff without a warning"
    } else {
        "not typeset: no groff here"
    };
    say(&format!(
        "man: {} pages in {} ({typeset}): {}",
        pages.len(),
        dir.display(),
        pages.join(" ")
    ));
    Ok(())
}
