//! `cargo xtask slurm-check`: the dlx-parallel README's Slurm array job, run on a one-node cluster of this machine.
//!
//! The two shell blocks of the README marked `<!-- slurm-check: ... -->` (the
//! batch script `count.sh` and the commands that submit it) are read from the
//! README and run as written, with the shard count, the pieces and the CPUs
//! per task scaled down to this machine, so the recipe and the check cannot
//! drift apart. On a bundled problem with more shards than cores, the check:
//!
//! 1. counts the problem in one process (`dlx solve --count`);
//! 2. submits the array job and the merge job after it, as the README does;
//! 3. requeues one task part-way (`scontrol requeue`, what preemption does),
//!    once it has written some of its pieces and before it has written all,
//!    and lets it run again at once (Slurm holds a requeued job for two
//!    minutes): the script resumes from its part file;
//! 4. waits for every job, and checks that the merged total equals the
//!    one-process count and that the requeued task's part file holds each of
//!    its pieces once.
//!
//! The cluster is Slurm's daemons started here on a private `slurm.conf` in
//! a temporary folder (the system's configuration is left alone), with
//! munge's daemon if none answers; the check stops every daemon it started.
//! It installs the Debian packages with apt-get when they are missing. When
//! the machine does not allow it (not root, no apt-get, packages out of
//! reach, daemons that do not start) it says why and skips, exiting 0; when
//! it runs and the merged count is wrong, it fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context as _};

use crate::say;
use crate::tools::{build_dlx, on_path, succeeds};

/// The bundled problem counted: 9356 tilings, a few seconds on one core.
const PROBLEM: &str = "data/pentomino-6x10.dlx";

/// Shards per core: more shards than cores, so that tasks wait for a core.
const SHARDS_PER_CORE: usize = 4;

/// Pieces per shard asked of the split (it makes at least as many): enough
/// that a task writes its part a line at a time.
const PIECES_PER_SHARD: usize = 64;

/// The array task that is requeued part-way.
const PREEMPTED: usize = 0;

/// The Debian packages of a one-node cluster.
const PACKAGES: [&str; 4] = ["slurmctld", "slurmd", "slurm-client", "munge"];

/// The programs the check runs, from those packages.
const PROGRAMS: [&str; 8] = [
    "slurmctld",
    "slurmd",
    "sbatch",
    "squeue",
    "scontrol",
    "munged",
    "munge",
    "unmunge",
];

/// The README that holds the recipe.
const README: &str = "crates/dlx-parallel/README.md";

pub(crate) fn run(root: &Path) -> anyhow::Result<()> {
    // The recipe first: a README that lost its marked blocks is a failure, not a skip.
    let recipe = Recipe::read(&root.join(README))?;
    let dlx = build_dlx(root)?;
    let mut cluster = match Cluster::start()? {
        Ok(cluster) => cluster,
        Err(why) => {
            say(&format!("slurm-check: skipped: {why}"));
            return Ok(());
        }
    };
    let result = check(root, &recipe, &dlx, &cluster);
    if let Err(err) = &result {
        say(&format!("slurm-check: FAILED: {err:#}"));
        cluster.show_logs();
    }
    // A failure's files are kept to look at.
    cluster.stop(result.is_err());
    result
}

/// The README's two marked blocks.
struct Recipe {
    count_sh: String,
    submit: String,
}

impl Recipe {
    fn read(path: &Path) -> anyhow::Result<Recipe> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Ok(Recipe {
            count_sh: marked_block(&text, "count.sh").with_context(|| {
                format!("{}: no block marked slurm-check: count.sh", path.display())
            })?,
            submit: marked_block(&text, "submit").with_context(|| {
                format!("{}: no block marked slurm-check: submit", path.display())
            })?,
        })
    }

    /// `count.sh` for `shards` shards of `pieces` pieces, one CPU each.
    fn count_sh(&self, shards: usize, pieces: usize) -> anyhow::Result<String> {
        let mut script = self.count_sh.clone();
        for (from, to) in [
            ("--array=0-63", format!("--array=0-{}", shards - 1)),
            ("/64\"", format!("/{shards}\"")),
            ("--pieces 16384", format!("--pieces {pieces}")),
            ("--cpus-per-task=8", "--cpus-per-task=1".to_owned()),
        ] {
            ensure!(
                script.matches(from).count() == 1,
                "the README's count.sh no longer has `{from}` once: update the scaling in xtask/src/slurm.rs"
            );
            script = script.replace(from, &to);
        }
        Ok(script)
    }
}

/// The fenced block after the line `<!-- slurm-check: NAME ...`.
fn marked_block(text: &str, name: &str) -> Option<String> {
    let marker = format!("<!-- slurm-check: {name} ");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&marker)).skip(1);
    if !lines.next()?.starts_with("```") {
        return None;
    }
    let block: Vec<&str> = lines.take_while(|l| !l.starts_with("```")).collect();
    Some(block.join("\n") + "\n")
}

fn check(root: &Path, recipe: &Recipe, dlx: &Path, cluster: &Cluster) -> anyhow::Result<()> {
    let shards = cluster.cpus * SHARDS_PER_CORE;
    let pieces = shards * PIECES_PER_SHARD;
    let work = cluster.dir.join("work");
    std::fs::create_dir_all(&work).context("cannot make the work folder")?;
    std::fs::copy(root.join(PROBLEM), work.join("problem.dlx"))
        .with_context(|| format!("cannot copy {PROBLEM}"))?;
    std::fs::write(work.join("count.sh"), recipe.count_sh(shards, pieces)?)
        .context("cannot write count.sh")?;

    // 1. The one-process count.
    let start = Instant::now();
    let output = Command::new(dlx)
        .args(["solve", "--count", "problem.dlx"])
        .current_dir(&work)
        .output()
        .context("cannot run dlx solve")?;
    ensure!(
        output.status.success(),
        "dlx solve --count failed: {}",
        text(&output.stderr)
    );
    let expected: u64 = text(&output.stdout)
        .trim()
        .parse()
        .context("dlx solve --count printed no number")?;
    say(&format!(
        "slurm-check: one-process count of {PROBLEM}: {expected} (dlx solve --count, {:.1} s)",
        start.elapsed().as_secs_f64()
    ));

    // 2. The README's submission, with `dlx` on the PATH the jobs inherit.
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![dlx.parent().map(Path::to_path_buf).unwrap_or_default()];
    paths.extend(std::env::split_paths(&path));
    let path = std::env::join_paths(paths).context("a PATH with dlx")?;
    let submit = format!(
        "set -e\n{}printf 'slurm-check-jobid %s\\n' \"$jobid\"\n",
        recipe.submit
    );
    let output = cluster
        .command("bash")
        .args(["-c", &submit])
        .current_dir(&work)
        .env("PATH", &path)
        .output()
        .context("cannot run bash")?;
    ensure!(
        output.status.success(),
        "the README's submit block failed: {}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    let stdout = text(&output.stdout);
    // The array job's id as the README's block echoes it, then the merge
    // job's as sbatch says it.
    let after = |prefix: &str| {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .map(|rest| rest.trim().to_owned())
    };
    let job = after("slurm-check-jobid ").context("no job id from sbatch --parsable")?;
    let merge_job = after("Submitted batch job ").context("no merge job submitted")?;
    let started = Instant::now();
    say(&format!(
        "slurm-check: submitted array job {job} ({shards} tasks on {} cores, {pieces} pieces, 1 CPU each) and merge job {merge_job} after it",
        cluster.cpus
    ));

    // 3. Preemption: requeue one task once it has written a piece, before it has written all.
    let task = format!("{job}_{PREEMPTED}");
    let part = work.join(format!("parts/part-{PREEMPTED}.jsonl"));
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let state = cluster.squeue(&task, "%T")?;
        let written = complete_lines(&part);
        if state == "RUNNING" && written >= 1 {
            break;
        }
        ensure!(
            state == "PENDING" || state == "RUNNING" || state == "CONFIGURING",
            "task {task} is {state:?} with {written} pieces written before it could be requeued"
        );
        ensure!(
            Instant::now() < deadline,
            "task {task} did not start within 10 minutes"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    cluster.run("scontrol", &["requeue", &task])?;
    let deadline = Instant::now() + Duration::from_secs(120);
    while cluster.squeue(&task, "%T")? != "PENDING" {
        ensure!(
            Instant::now() < deadline,
            "task {task} was not requeued within 2 minutes"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let written = complete_lines(&part);
    // The split has at least the pieces asked for; each line says how many.
    let n_pieces =
        pieces_of(&part).context("the part file says not how many pieces the split has")?;
    let share = (PREEMPTED..n_pieces).step_by(shards).count();
    ensure!(
        written < share,
        "task {task} had written all {share} of its pieces before the requeue stopped it: nothing was left to resume"
    );
    say(&format!(
        "slurm-check: requeued task {task} part-way: Slurm stopped it with {written} of its {share} pieces written"
    ));
    // Slurm holds a requeued job for two minutes; let it run again now.
    cluster.run(
        "scontrol",
        &["update", &format!("JobId={task}"), "StartTime=now"],
    )?;

    // 4. Every job done, the merge job's total right.
    let deadline = Instant::now() + Duration::from_secs(1800);
    loop {
        let queued = cluster.squeue(&format!("{job},{merge_job}"), "%i %T %r")?;
        if queued.is_empty() {
            break;
        }
        ensure!(
            !queued.contains("DependencyNeverSatisfied"),
            "the merge job can never run: a task failed:\n{queued}"
        );
        ensure!(
            Instant::now() < deadline,
            "jobs still queued after 30 minutes:\n{queued}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let after = complete_lines(&part);
    ensure!(
        after == share,
        "the requeued task's part file holds {after} lines, not its {share} pieces"
    );
    let log = std::fs::read_to_string(work.join(format!("logs/count-{PREEMPTED}.err")))
        .unwrap_or_default();
    for line in log.lines().filter(|l| !l.trim().is_empty()) {
        say(&format!("slurm-check: logs/count-{PREEMPTED}.err: {line}"));
    }
    say(&format!(
        "slurm-check: task {task} ran again with --resume and appended its other {} pieces",
        after - written
    ));
    let total = std::fs::read_to_string(work.join("total.txt"))
        .context("the merge job wrote no total.txt")?;
    let total: u64 = total
        .trim()
        .parse()
        .with_context(|| format!("total.txt holds {total:?}, not a count"))?;
    say(&format!(
        "slurm-check: every job done in {:.1} s; the merge job's total.txt: {total}",
        started.elapsed().as_secs_f64()
    ));
    if total != expected {
        bail!("the merged total {total} differs from the one-process count {expected}");
    }
    say(&format!(
        "slurm-check: ok: merged total {total} = one-process count {expected}"
    ));
    Ok(())
}

/// The number of pieces of the split, from the first line of a part file (its `"of"`).
fn pieces_of(path: &Path) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    let (_, after) = text.lines().next()?.split_once("\"of\":")?;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The lines of a part file that end with a newline (a piece is written whole, or not at all).
fn complete_lines(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| {
            t.split_inclusive('\n')
                .filter(|l| l.ends_with('\n') && l.len() > 1)
                .count()
        })
        .unwrap_or(0)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A one-node Slurm cluster started here, and what was started for it.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    cpus: usize,
    /// Daemons started here (name, pid file), stopped in reverse order.
    started: Vec<(&'static str, PathBuf)>,
}

impl Cluster {
    /// Starts the cluster, or says why it cannot (`Ok(Err(why))`: skip).
    fn start() -> anyhow::Result<Result<Cluster, String>> {
        if let Err(why) = install() {
            return Ok(Err(why));
        }
        let dir = std::env::temp_dir().join(format!("dlx-slurm-check-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["state", "spool"] {
            std::fs::create_dir_all(dir.join(sub)).context("cannot make the cluster's folder")?;
        }
        let cpus = std::thread::available_parallelism().map_or(1, usize::from);
        let mut cluster = Cluster {
            conf: dir.join("slurm.conf"),
            dir,
            cpus,
            started: Vec::new(),
        };
        match cluster.start_daemons() {
            Ok(()) => Ok(Ok(cluster)),
            Err(why) => {
                cluster.show_logs();
                cluster.stop(false);
                Ok(Err(why))
            }
        }
    }

    fn start_daemons(&mut self) -> Result<(), String> {
        // munge: the one that answers, or one started here.
        if munge_answers() {
            say("slurm-check: munged answers already; using it");
        } else {
            let pid_file = PathBuf::from("/run/munge/munged.pid");
            let prepared = std::fs::create_dir_all("/run/munge").is_ok()
                && succeeds(Command::new("chown").args(["munge:munge", "/run/munge"]));
            if !prepared || !succeeds(Command::new("runuser").args(["-u", "munge", "--", "munged"]))
            {
                return Err("munged does not start (runuser -u munge -- munged)".to_owned());
            }
            self.started.push(("munged", pid_file));
            if !wait_for(Duration::from_secs(10), munge_answers) {
                return Err("munged started but does not answer (munge -n | unmunge)".to_owned());
            }
            say("slurm-check: started munged");
        }
        let host = Command::new("hostname")
            .arg("-s")
            .output()
            .ok()
            .map(|o| text(&o.stdout).trim().to_owned())
            .filter(|h| !h.is_empty())
            .ok_or("hostname -s names no host")?;
        let port = free_ports().ok_or("no two free TCP ports for slurmctld and slurmd")?;
        std::fs::write(&self.conf, self.slurm_conf(&host, port))
            .map_err(|e| format!("cannot write slurm.conf: {e}"))?;
        let conf = self.conf.display().to_string();
        for daemon in ["slurmctld", "slurmd"] {
            if !succeeds(Command::new(daemon).args(["-f", &conf])) {
                return Err(format!("{daemon} does not start (its log follows)"));
            }
            self.started
                .push((daemon, self.dir.join(format!("{daemon}.pid"))));
        }
        let idle = wait_for(Duration::from_secs(30), || {
            self.node_state().is_some_and(|s| s.starts_with("idle"))
        });
        if !idle {
            return Err(format!(
                "the node did not come up idle (sinfo: {:?})",
                self.node_state().unwrap_or_default()
            ));
        }
        say(&format!(
            "slurm-check: started slurmctld and slurmd: one node, {host}, {} CPUs (ports {port} and {}, {})",
            self.cpus,
            port + 1,
            self.conf.display()
        ));
        Ok(())
    }

    /// The few lines of a one-node cluster, everything in the cluster's folder.
    fn slurm_conf(&self, host: &str, port: u16) -> String {
        let dir = self.dir.display();
        format!(
            "ClusterName=dlxcheck\n\
             SlurmctldHost={host}\n\
             SlurmctldPort={port}\n\
             SlurmdPort={}\n\
             AuthType=auth/munge\n\
             SlurmUser=root\n\
             StateSaveLocation={dir}/state\n\
             SlurmdSpoolDir={dir}/spool\n\
             SlurmctldPidFile={dir}/slurmctld.pid\n\
             SlurmdPidFile={dir}/slurmd.pid\n\
             SlurmctldLogFile={dir}/slurmctld.log\n\
             SlurmdLogFile={dir}/slurmd.log\n\
             ProctrackType=proctrack/linuxproc\n\
             TaskPlugin=task/none\n\
             JobAcctGatherType=jobacct_gather/none\n\
             MpiDefault=none\n\
             ReturnToService=2\n\
             SelectType=select/cons_tres\n\
             SelectTypeParameters=CR_Core\n\
             NodeName={host} CPUs={} State=UNKNOWN\n\
             PartitionName=check Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n",
            port + 1,
            self.cpus
        )
    }

    /// A command of the cluster: its `SLURM_CONF`.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.conf);
        command
    }

    /// Runs a Slurm command; fails with its message.
    fn run(&self, program: &str, args: &[&str]) -> anyhow::Result<String> {
        let what = format!("{program} {}", args.join(" "));
        crate::tools::output(self.command(program).args(args), &what)
    }

    /// `squeue -h -j JOBS -o FORMAT`, trimmed: empty once the jobs have left the queue.
    fn squeue(&self, jobs: &str, format: &str) -> anyhow::Result<String> {
        let output = self
            .command("squeue")
            .args(["-h", "-j", jobs, "-o", format])
            .output()
            .context("cannot run squeue")?;
        // squeue fails on a job id it no longer knows: the job has left the queue.
        Ok(if output.status.success() {
            text(&output.stdout).trim().to_owned()
        } else {
            String::new()
        })
    }

    /// The node's state, as sinfo says it.
    fn node_state(&self) -> Option<String> {
        let output = self
            .command("sinfo")
            .args(["-h", "-o", "%T"])
            .output()
            .ok()?;
        output
            .status
            .success()
            .then(|| text(&output.stdout).trim().to_owned())
    }

    /// The last lines of the daemons' logs, to see why something failed.
    fn show_logs(&self) {
        for log in ["slurmctld.log", "slurmd.log"] {
            let text = std::fs::read_to_string(self.dir.join(log)).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            for line in &lines[lines.len().saturating_sub(10)..] {
                say(&format!("slurm-check: {log}: {line}"));
            }
        }
    }

    /// Stops the daemons started here, the last started first, and waits for
    /// each to end; removes the cluster's folder unless told to `keep` it.
    fn stop(&mut self, keep: bool) {
        let mut stopped = Vec::new();
        while let Some((name, pid_file)) = self.started.pop() {
            let pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
            let pid = pid.trim();
            if pid.is_empty() || !succeeds(Command::new("kill").args(["-TERM", pid])) {
                say(&format!(
                    "slurm-check: could not stop {name} (pid file {})",
                    pid_file.display()
                ));
                continue;
            }
            let proc = PathBuf::from("/proc").join(pid);
            if !wait_for(Duration::from_secs(30), || !proc.exists()) {
                say(&format!(
                    "slurm-check: {name} (pid {pid}) still runs 30 s after SIGTERM"
                ));
            }
            stopped.push(name);
        }
        if !stopped.is_empty() {
            say(&format!("slurm-check: stopped {}", stopped.join(", ")));
        }
        if keep {
            say(&format!(
                "slurm-check: the cluster's files are kept in {}",
                self.dir.display()
            ));
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Installs the packages when a program is missing; `Err(why)` to skip.
fn install() -> Result<(), String> {
    let missing: Vec<&str> = PROGRAMS.iter().copied().filter(|p| !on_path(p)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| text(&o.stdout).trim() == "0");
    if !root {
        return Err(format!(
            "{} not installed, and installing them (and starting the daemons) needs root",
            missing.join(", ")
        ));
    }
    if !on_path("apt-get") {
        return Err(format!(
            "{} not installed, and there is no apt-get",
            missing.join(", ")
        ));
    }
    say(&format!(
        "slurm-check: {} missing: apt-get install {}",
        missing.join(", "),
        PACKAGES.join(" ")
    ));
    let apt_install = || {
        Command::new("apt-get")
            .args(["install", "-y", "--no-install-recommends"])
            .args(PACKAGES)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdout(Stdio::null())
            .output()
    };
    let mut output = apt_install();
    if !output.as_ref().is_ok_and(|o| o.status.success()) {
        // The package lists may be stale or absent.
        let _ = succeeds(Command::new("apt-get").arg("update"));
        output = apt_install();
    }
    match output {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(format!(
            "apt-get could not install {}: {}",
            PACKAGES.join(" "),
            text(&o.stderr).lines().last().unwrap_or("")
        )),
        Err(e) => Err(format!("cannot run apt-get: {e}")),
    }
}

/// Whether a munge credential made here decodes: a munged answers.
fn munge_answers() -> bool {
    succeeds(Command::new("sh").args(["-c", "munge -n | unmunge"]))
}

/// Two free consecutive TCP ports for slurmctld and slurmd, from Slurm's own 6817.
fn free_ports() -> Option<u16> {
    let free = |port: u16| std::net::TcpListener::bind(("0.0.0.0", port)).is_ok();
    (6817..6917)
        .step_by(2)
        .find(|&port| free(port) && free(port + 1))
}

/// Polls `ready` until it holds or `timeout` passes; whether it held.
fn wait_for(timeout: Duration, mut ready: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        if ready() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}
