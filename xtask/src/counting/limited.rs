//! A process run under a time limit and a limit on its resident size, its peak resident size read from the kernel.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context as _;

use super::Limits;

/// What [`run_limited`] saw.
#[derive(Debug)]
pub(super) struct Run {
    pub(super) success: bool,
    pub(super) status: String,
    pub(super) seconds: f64,
    pub(super) peak_kib: u64,
    pub(super) stdout: String,
    pub(super) stderr: String,
    /// The limit it went over, if any.
    pub(super) over: Option<&'static str>,
}

/// Runs a command with its standard streams captured, polling its resident
/// size and its time every 10 ms, killing it past a limit; the peak resident
/// size comes from the kernel when the child is reaped.
pub(super) fn run_limited(
    command: &mut Command,
    stdin: Option<&Path>,
    limits: Limits,
) -> anyhow::Result<Run> {
    let dir = std::env::temp_dir().join(format!("xtask-counting-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let out_path = dir.join("stdout");
    let err_path = dir.join("stderr");
    command
        .stdout(std::fs::File::create(&out_path)?)
        .stderr(std::fs::File::create(&err_path)?);
    match stdin {
        Some(path) => command.stdin(
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
        ),
        None => command.stdin(Stdio::null()),
    };
    let start = Instant::now();
    let mut child = command.spawn().context("cannot start a counting run")?;
    let pid = child.id();
    let mut over = None;
    let (code, peak_kib) = loop {
        if let Some(done) = reap(pid) {
            break done;
        }
        if over.is_none() {
            if start.elapsed() > limits.time {
                over = Some("time");
            } else if resident_kib(pid).is_some_and(|kib| kib > limits.rss_kib) {
                over = Some("memory");
            }
            if over.is_some() {
                // The process may have ended meanwhile; then there is nothing to kill.
                let _ = child.kill();
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let seconds = start.elapsed().as_secs_f64();
    let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    Ok(Run {
        success: code == Some(0),
        status: code.map_or_else(
            || "killed by a signal".to_owned(),
            |c| format!("exit code {c}"),
        ),
        seconds,
        peak_kib,
        stdout,
        stderr,
        over,
    })
}

/// The resident size of a running process, in KiB (Linux `/proc`).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// Reaps the child `pid` if it has ended: its exit code (`None` after a
/// signal) and its peak resident size in KiB.
#[allow(
    unsafe_code,
    reason = "std's Child::wait does not return the child's rusage; one wait4 call on zeroed structs the kernel fills"
)]
fn reap(pid: u32) -> Option<(Option<i32>, u64)> {
    let mut status = 0;
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    let pid = libc::pid_t::try_from(pid).ok()?;
    // SAFETY: `status` and `usage` point to writable memory of the right
    // types; wait4 writes only into them.
    let rc = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, usage.as_mut_ptr()) };
    if rc != pid {
        return None;
    }
    // SAFETY: the struct was zeroed (a valid `rusage`: integers only) and
    // wait4 reaped the child, so every field holds a value.
    let usage = unsafe { usage.assume_init() };
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Some((code, u64::try_from(usage.ru_maxrss).unwrap_or(0)))
}
