//! Helpers of the tasks that run other programs: whether one succeeds, whether one is installed, and the `dlx` binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{ensure, Context as _};

use crate::say;

/// Whether a command runs and exits 0, its output thrown away.
pub(crate) fn succeeds(command: &mut Command) -> bool {
    command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Whether `program` is on the PATH (or in /usr/sbin, where Debian puts the daemons).
pub(crate) fn on_path(program: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/sbin")])
        .any(|dir| dir.join(program).is_file())
}

/// Builds the `dlx` binary (release) and returns its path.
pub(crate) fn build_dlx(root: &Path) -> anyhow::Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let args = [
        "build",
        "--release",
        "--locked",
        "-p",
        "dlx-cli",
        "--bin",
        "dlx",
    ];
    say(&format!("cargo {}", args.join(" ")));
    let status = Command::new(&cargo)
        .args(args)
        .current_dir(root)
        .status()
        .context("cannot run cargo")?;
    ensure!(status.success(), "cargo {} failed", args.join(" "));
    Ok(std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("release")
        .join("dlx"))
}
