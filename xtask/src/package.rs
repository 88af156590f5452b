//! `cargo xtask package-check`: `cargo publish --dry-run` of the four published crates, without a warning.
//!
//! `cargo publish --dry-run` on the four crates together (cargo 1.90 and
//! later) packages them in dependency order, verifies each (unpacks and
//! builds it) against the others' fresh packages through a temporary local
//! registry, and resolves every other dependency against the crates.io
//! index, stopping before the upload. One crate alone cannot be checked
//! this way while its workspace dependencies are unpublished
//! (`cargo publish --dry-run -p dlx-models`: "no matching package named
//! `dlx-core` found"), so the four go together. Any `warning:` from cargo
//! fails the check (but the dry run's own "aborting upload"), as does a
//! package without both license files, or dlx-core's with its test fixtures
//! (CC-BY-NC-4.0, which the crates' license cannot pass on).

use std::path::Path;
use std::process::Command;

use anyhow::{ensure, Context as _};

use crate::say;

/// The crates published to crates.io, in dependency order.
const PUBLISHED: [&str; 4] = ["dlx-core", "dlx-models", "dlx-parallel", "dlx-cli"];

/// The one warning of a dry run that is no fault of the packages.
const DRY_RUN: &str = "warning: aborting upload due to dry run";

/// Files every package must hold.
const LICENSES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

pub(crate) fn run(root: &Path) -> anyhow::Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // `--allow-dirty`: the check is of what would be packaged, committed or not.
    let mut args = vec!["publish", "--dry-run", "--locked", "--allow-dirty"];
    for name in PUBLISHED {
        args.extend(["-p", name]);
    }
    say(&format!("package-check: cargo {}", args.join(" ")));
    let output = Command::new(&cargo)
        .args(&args)
        .current_dir(root)
        .output()
        .context("cannot run cargo")?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    for line in stderr.lines().filter(|l| {
        l.trim_start().starts_with("Packaged") || l.trim_start().starts_with("Packaging")
    }) {
        say(&format!("package-check: {}", line.trim()));
    }
    ensure!(
        output.status.success(),
        "cargo publish --dry-run failed:\n{stderr}"
    );
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:") && *l != DRY_RUN)
        .collect();
    ensure!(
        warnings.is_empty(),
        "cargo publish --dry-run warned:\n{}",
        warnings.join("\n")
    );
    for name in PUBLISHED {
        let files = list(&cargo, root, name)?;
        for license in LICENSES {
            ensure!(
                files.iter().any(|f| f == license),
                "the {name} package lacks {license}"
            );
        }
        if name == "dlx-core" {
            let fixtures: Vec<&String> = files
                .iter()
                .filter(|f| f.starts_with("tests/core/data/"))
                .collect();
            ensure!(
                fixtures.is_empty(),
                "the dlx-core package holds the test fixtures: {fixtures:?}"
            );
        }
        // xtask takes its version from the workspace, as the crates do.
        let version = env!("CARGO_PKG_VERSION");
        let crate_file = root
            .join("target/package")
            .join(format!("{name}-{version}.crate"));
        let size = std::fs::metadata(&crate_file)
            .with_context(|| format!("no {}", crate_file.display()))?
            .len();
        say(&format!(
            "package-check: {name}: {} files, {:.1} KiB compressed, both licenses",
            files.len(),
            size as f64 / 1024.0
        ));
    }
    say("package-check: ok, no warning");
    Ok(())
}

/// The files `cargo package` puts in the package of `name`.
fn list(cargo: &std::ffi::OsStr, root: &Path, name: &str) -> anyhow::Result<Vec<String>> {
    let output = Command::new(cargo)
        .args(["package", "--list", "--locked", "--allow-dirty", "-p", name])
        .current_dir(root)
        .output()
        .context("cannot run cargo")?;
    ensure!(
        output.status.success(),
        "cargo package --list -p {name} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect())
}
