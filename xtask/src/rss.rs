//! `xtask rss -- COMMAND...`: runs a command and reports its peak resident size.
//!
//! The wrapper is a process of its own so that its only child is the command:
//! `getrusage(RUSAGE_CHILDREN)` then gives exactly that command's peak
//! (`ru_maxrss`, in KiB on Linux), with no package such as GNU `time` needed.

use std::process::Command;

use anyhow::{bail, Context as _};

/// The line the wrapper adds to standard error, followed by the size in KiB.
pub(crate) const MARKER: &str = "xtask-peak-rss-kib:";

/// Runs `command`, passes its output through, then prints the [`MARKER`] line.
/// Exits with the command's own exit code.
pub(crate) fn run(command: &[String]) -> anyhow::Result<()> {
    let Some((program, args)) = command.split_first() else {
        bail!("usage: cargo xtask rss -- COMMAND [ARGS...]");
    };
    let status = Command::new(program)
        .args(args)
        .status()
        .with_context(|| format!("cannot run {program}"))?;
    match children_maxrss_kib() {
        Some(kib) => crate::tell(&format!("{MARKER} {kib}")),
        None => crate::tell(&format!("{MARKER} unknown")),
    }
    std::process::exit(status.code().unwrap_or(1));
}

/// The largest peak resident size of the waited-for children, in KiB.
#[allow(
    unsafe_code,
    reason = "std has no getrusage; one call on a zeroed struct that the kernel fills"
)]
fn children_maxrss_kib() -> Option<u64> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` points to writable memory of the right type and size;
    // getrusage writes only into it.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) };
    if rc != 0 {
        return None;
    }
    // SAFETY: the struct was zeroed (a valid `rusage`: integers only) and
    // getrusage succeeded, so every field holds a value.
    let usage = unsafe { usage.assume_init() };
    u64::try_from(usage.ru_maxrss).ok()
}
