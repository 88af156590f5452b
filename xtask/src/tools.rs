//! Helpers of the tasks that run other programs: running one and checking how it ended, whether one is installed, cargo and the `dlx` binary.
//!
//! Every task runs its programs through these, so that a failure reads the same whichever task met it: what was run, and how it ended.

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

/// Runs a command with its streams inherited; fails, naming `what`, unless it exits 0.
pub(crate) fn run_program(command: &mut Command, what: &str) -> anyhow::Result<()> {
    let status = command
        .status()
        .with_context(|| format!("cannot run {what}"))?;
    ensure!(status.success(), "{what} failed ({status})");
    Ok(())
}

/// Runs a command with its output captured and returns its standard output.
/// It fails unless the command exits 0, naming `what` and quoting the command's standard error.
pub(crate) fn output(command: &mut Command, what: &str) -> anyhow::Result<String> {
    let output = command
        .output()
        .with_context(|| format!("cannot run {what}"))?;
    ensure!(
        output.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Whether `program` is on the PATH (or in /usr/sbin, where Debian puts the daemons).
pub(crate) fn on_path(program: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/sbin")])
        .any(|dir| dir.join(program).is_file())
}

/// Runs `cargo ARGS` in the workspace root, said first (the cargo that runs xtask, where there is one).
pub(crate) fn cargo(root: &Path, args: &[&str]) -> anyhow::Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let what = format!("cargo {}", args.join(" "));
    say(&what);
    run_program(Command::new(&cargo).args(args).current_dir(root), &what)
}

/// The folder cargo builds into: `$CARGO_TARGET_DIR`, else the workspace's `target/`.
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// Builds the `dlx` binary (release) and returns its path.
pub(crate) fn build_dlx(root: &Path) -> anyhow::Result<PathBuf> {
    cargo(
        root,
        &[
            "build",
            "--release",
            "--locked",
            "-p",
            "dlx-cli",
            "--bin",
            "dlx",
        ],
    )?;
    Ok(target_dir(root).join("release").join("dlx"))
}
