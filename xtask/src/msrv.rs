//! `cargo xtask msrv`: the workspace checked with the oldest Rust it declares (`rust-version`).
//!
//! Reads `rust-version` from the root `Cargo.toml`, installs that toolchain
//! with rustup (minimal profile) when it is missing, and runs
//! `cargo +VERSION check --workspace --locked` with warnings denied. It
//! checks the libraries and binaries, which are what users build: the test
//! targets are left out because proptest, a dev-dependency, needs a newer
//! Rust (1.88 for proptest 1.12), and the tests run on the stable toolchain
//! anyway. When the toolchain can be neither found nor installed, it says so
//! and skips (exiting 0), as `cargo xtask miri` does without nightly.

use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context as _};

use crate::say;
use crate::tools::succeeds;

pub(crate) fn run(root: &Path) -> anyhow::Result<()> {
    let manifest =
        std::fs::read_to_string(root.join("Cargo.toml")).context("cannot read Cargo.toml")?;
    let version = rust_version(&manifest).context("no rust-version in [workspace.package]")?;
    let toolchain = format!("+{version}");
    if !succeeds(Command::new("cargo").args([toolchain.as_str(), "--version"])) {
        say(&format!("msrv: installing Rust {version} (rustup toolchain install {version} --profile minimal)"));
        let installed = succeeds(Command::new("rustup").args([
            "toolchain",
            "install",
            &version,
            "--profile",
            "minimal",
        ]));
        if !installed {
            say(&format!(
                "msrv: skipped: Rust {version} is not installed and rustup could not install it"
            ));
            return Ok(());
        }
    }
    say(&format!(
        "msrv: cargo +{version} check --workspace --locked (warnings denied)"
    ));
    let status = Command::new("cargo")
        .args([toolchain.as_str(), "check", "--workspace", "--locked"])
        .current_dir(root)
        .env("RUSTFLAGS", "-D warnings")
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("the workspace does not build with Rust {version}, its declared rust-version");
    }
    say(&format!(
        "msrv: ok, the workspace builds with Rust {version}"
    ));
    Ok(())
}

/// The `rust-version = "..."` of the manifest's `[workspace.package]`.
fn rust_version(manifest: &str) -> Option<String> {
    manifest
        .lines()
        .skip_while(|line| line.trim() != "[workspace.package]")
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "rust-version").then(|| value.trim().trim_matches('"').to_owned())
        })
}
