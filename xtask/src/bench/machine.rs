//! Where and when the figures were made: the processor, the commit, the compiler, the date and the load.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Where and when the figures were made.
#[derive(Debug)]
pub(super) struct Machine {
    cpu: String,
    cores: usize,
    commit: String,
    rustc: String,
    date: String,
    load_before: String,
    load_after: String,
    elapsed: Duration,
    /// The rounds of each measurement, which the tables' text states.
    pub(super) rounds: usize,
}

impl Machine {
    pub(super) fn probe(
        root: &Path,
        load_before: String,
        load_after: String,
        elapsed: Duration,
        rounds: usize,
    ) -> Machine {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|info| {
                info.lines()
                    .find_map(|line| line.strip_prefix("model name"))
                    .map(|rest| rest.trim_start_matches([' ', '\t', ':']).trim().to_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let mut commit = capture(root, "git", &["rev-parse", "--short", "HEAD"]);
        let clean = Command::new("git")
            .args([
                "diff",
                "--quiet",
                "HEAD",
                "--",
                "crates",
                "benches",
                "Cargo.lock",
            ])
            .current_dir(root)
            .status()
            .is_ok_and(|s| s.success());
        if !clean {
            commit.push_str(" (with uncommitted changes)");
        }
        Machine {
            cpu,
            cores,
            commit,
            rustc: capture(root, "rustc", &["--version"]),
            date: utc_now(),
            load_before,
            load_after,
            elapsed,
            rounds,
        }
    }

    /// The report's list of where and when: the machine, the commit, the compiler, the date and the load.
    pub(super) fn write_list(&self, md: &mut String) {
        let _ = writeln!(md, "- Machine: {}, {} cores", self.cpu, self.cores);
        let _ = writeln!(md, "- Commit: {}", self.commit);
        let _ = writeln!(md, "- Compiler: {}", self.rustc);
        let _ = writeln!(md, "- Date: {}", self.date);
        let _ = writeln!(
            md,
            "- Load average (1, 5, 15 min): {} before, {} after; the run took {:.0} s\n",
            self.load_before,
            self.load_after,
            self.elapsed.as_secs_f64()
        );
    }
}

/// A command's first line of output, or `unknown`.
fn capture(root: &Path, program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.lines().next().map(str::to_owned))
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The 1, 5 and 15 minute load averages, as `uptime` shows them.
pub(super) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The current UTC time as `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let (hour, minute) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}
