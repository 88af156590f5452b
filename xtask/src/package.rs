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
//!
//! Cargo takes a registry's package of a given name and version to be
//! immutable, which the temporary registry's are not: it reuses the copy it
//! unpacked into `$CARGO_HOME/registry/src/-HASH/NAME-VERSION/` last time,
//! and the library it built from it, without looking at the new package. A
//! version not bumped since the last check would be verified against the
//! sources of that check (seen here: dlx-models verified against a dlx-core
//! of three hours before, without a method it calls). So the check builds
//! in a target folder of its own, `target/package-check/` (the workspace's
//! builds are left alone, and its third-party libraries stay built from one
//! check to the next), and first removes from it and from `$CARGO_HOME` what
//! earlier checks left of the four crates.

use std::path::{Path, PathBuf};
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
    let target_dir = root.join("target").join("package-check");
    forget_old_packages(&cargo, root, &target_dir)?;
    // `--allow-dirty`: the check is of what would be packaged, committed or not.
    let target = target_dir.to_string_lossy();
    let mut args = vec![
        "publish",
        "--dry-run",
        "--locked",
        "--allow-dirty",
        "--target-dir",
        &target,
    ];
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
        say(&format!(
            "package-check: {name}: {} files, both licenses",
            files.len()
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

/// Removes what earlier checks left of the four crates (see the module's
/// documentation): their packages and builds in `target_dir`, and the copies
/// cargo unpacked from the temporary registry. The verification must build
/// today's sources.
fn forget_old_packages(
    cargo: &std::ffi::OsStr,
    root: &Path,
    target_dir: &Path,
) -> anyhow::Result<()> {
    let package = target_dir.join("package");
    if package.exists() {
        std::fs::remove_dir_all(&package)
            .with_context(|| format!("cannot remove {}", package.display()))?;
    }
    if target_dir.exists() {
        let mut clean = Command::new(cargo);
        clean.args(["clean", "--quiet", "--target-dir"]);
        clean.arg(target_dir);
        for name in PUBLISHED {
            clean.args(["-p", name]);
        }
        let status = clean
            .current_dir(root)
            .status()
            .context("cannot run cargo clean")?;
        ensure!(
            status.success(),
            "cargo clean -p in {} failed",
            target_dir.display()
        );
    }
    let Some(cargo_home) = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
    else {
        return Ok(());
    };
    let Ok(sources) = std::fs::read_dir(cargo_home.join("registry").join("src")) else {
        return Ok(());
    };
    let version = env!("CARGO_PKG_VERSION");
    for source in sources.filter_map(Result::ok) {
        // A local registry's folder has no host name: `-HASH`; crates.io's
        // is `index.crates.io-HASH`, and is left alone.
        if !source.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        for name in PUBLISHED {
            let unpacked = source.path().join(format!("{name}-{version}"));
            if unpacked.exists() {
                std::fs::remove_dir_all(&unpacked)
                    .with_context(|| format!("cannot remove {}", unpacked.display()))?;
            }
        }
    }
    Ok(())
}
