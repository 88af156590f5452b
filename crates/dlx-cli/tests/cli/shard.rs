//! Tests of `dlx split`, `dlx count --shard`, `dlx merge`, and of `dlx solve --threads`.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use assert_cmd::Command;

/// A problem file from the workspace's `data/` folder.
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(name)
}

/// A scratch folder of its own for each test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("shard")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// N-queens in Knuth's format (rows and columns primary, diagonals secondary), written to `dir`.
fn queens_file(dir: &Path, n: usize) -> PathBuf {
    let mut text = String::new();
    for r in 0..n {
        text += &format!("r{r} c{r} ");
    }
    text += "|";
    for d in 0..2 * n - 1 {
        text += &format!(" a{d} b{d}");
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    let path = dir.join(format!("queens-{n}.dlx"));
    std::fs::write(&path, text).unwrap();
    path
}

/// A command that must fail with exit code 2, nothing on standard output, and `message` in its error.
trait Refused {
    fn refused(&mut self, message: &str);
}

impl Refused for Command {
    #[track_caller]
    fn refused(&mut self, message: &str) {
        let out = self.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr.contains(message),
            "expected {message:?} in {stderr:?}"
        );
    }
}

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// `solve --count --stats --no-memo --threads 1`: the count, and the node
/// and update counts of the plain search, which the shards divide.
fn sequential(file: &Path) -> (String, String, String) {
    let out = dlx()
        .args(["solve", "--count", "--stats", "--no-memo", "--threads", "1"])
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success());
    (
        String::from_utf8(out.stdout).unwrap(),
        stat_line(&out.stderr, "nodes"),
        stat_line(&out.stderr, "updates"),
    )
}

fn stat_line(stderr: &[u8], name: &str) -> String {
    let text = String::from_utf8_lossy(stderr);
    text.lines()
        .find(|l| l.starts_with(&format!("{name}:")))
        .unwrap_or_else(|| panic!("no {name} in {text}"))
        .to_owned()
}

/// Runs `n_shards` shards of `file` as separate processes at once, one part
/// file each, and checks that merging them gives the sequential count, nodes and updates.
#[track_caller]
fn check(dir: &Path, file: &Path, split: &[&str], n_shards: usize, expected: &str) -> Vec<PathBuf> {
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    let mut children = Vec::new();
    let mut parts = Vec::new();
    for i in 0..n_shards {
        let part = dir.join(format!("part-{i}-of-{n_shards}.jsonl"));
        let child = std::process::Command::new(&bin)
            .args([
                "count",
                "--threads",
                "1",
                "--shard",
                &format!("{i}/{n_shards}"),
            ])
            .args(split)
            .arg(file)
            .stdout(std::fs::File::create(&part).unwrap())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        children.push(child);
        parts.push(part);
    }
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let out = dlx()
        .arg("merge")
        .arg("--stats")
        .args(&parts)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (count, nodes, updates) = sequential(file);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), count);
    assert_eq!(count.trim(), expected);
    assert_eq!(stat_line(&out.stderr, "nodes"), nodes);
    assert_eq!(stat_line(&out.stderr, "updates"), updates);
    parts
}

#[test]
fn shards_merge_to_the_sequential_count() {
    let dir = scratch("merge");
    let queens = queens_file(&dir, 8);
    // Problems whose subproblems rarely repeat, which every shard counts
    // plainly whatever the load: where they repeat (the 3x20 pentominoes),
    // the count's rule may memoise, and then the nodes are the memoised
    // search's (issue 36).
    let ten = queens_file(&dir, 10);
    check(&dir, &ten, &["--pieces", "40"], 3, "724");
    check(&dir, &ten, &["--depth", "2"], 4, "724");
    check(&dir, &queens, &[], 5, "92");
    check(&dir, &queens, &["--depth", "1"], 1, "92");
    // More shards than subproblems: some shards are empty.
    check(&dir, &queens, &["--depth", "1"], 11, "92");
}

#[test]
fn split_file_feeds_the_shards() {
    let dir = scratch("split-file");
    let file = queens_file(&dir, 7);
    let split = dlx()
        .args(["split", "--pieces", "30"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(split.status.success());
    let text = String::from_utf8(split.stdout).unwrap();
    assert!(text.lines().count() >= 30);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["index"], 0);
    assert!(first["path"].is_array());
    let split_path = dir.join("split.jsonl");
    std::fs::write(&split_path, &text).unwrap();
    let arg = split_path.to_str().unwrap();
    check(&dir, &file, &["--split", arg], 3, "40");
    // A split through an alternative the problem does not have is refused.
    let bad = dir.join("bad-split.jsonl");
    let first_line = text.lines().next().unwrap().to_owned();
    let mut value: serde_json::Value = serde_json::from_str(&first_line).unwrap();
    value["path"] = serde_json::json!([99999]);
    std::fs::write(&bad, format!("{value}\n")).unwrap();
    dlx()
        .args(["count", "--shard", "0/1", "--split", bad.to_str().unwrap()])
        .arg(&file)
        .refused("is not a split of this problem");
    // A split of another problem is refused.
    let other = queens_file(&dir, 6);
    dlx()
        .args(["count", "--shard", "0/2", "--split", arg])
        .arg(&other)
        .refused("splits another problem");
}

#[test]
fn shard_index_from_the_environment() {
    let dir = scratch("env");
    let file = queens_file(&dir, 6);
    let run = |var: &str, value: &str| {
        let out = dlx()
            .args(["count", "--shard", "/3", "--depth", "1"])
            .arg(&file)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX")
            .env(var, value)
            .output()
            .unwrap();
        assert!(out.status.success());
        let indices = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                    .as_u64()
                    .unwrap()
            })
            .collect::<Vec<u64>>();
        // Each piece's line is written as soon as it is counted, so the
        // threads decide their order.
        let mut indices = indices;
        indices.sort_unstable();
        indices
    };
    assert_eq!(run("SLURM_ARRAY_TASK_ID", "1"), [1, 4]);
    assert_eq!(run("JOB_COMPLETION_INDEX", "2"), [2, 5]);
}

#[test]
fn bad_shards_are_refused() {
    let file = data("pentomino-3x20.dlx");
    for (shard, message) in [
        ("3/3", "I must be from 0 to 2"),
        ("0/0", "N must be at least 1"),
        ("1", "expected I/N"),
        ("x/2", "I is not a number"),
        (
            "/2",
            "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set",
        ),
    ] {
        dlx()
            .args(["count", "--shard", shard])
            .arg(&file)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX")
            .refused(message);
    }
}

/// Every check of the merge is tested in dlx-parallel (`tests/parallel/shard.rs`);
/// here, that its refusals name the files and exit with code 2.
#[test]
fn merge_refuses_missing_and_foreign_parts() {
    let dir = scratch("refuse");
    let queens = queens_file(&dir, 6);
    let parts = check(&dir, &queens, &["--depth", "1"], 2, "4");
    let other = queens_file(&dir, 5);
    let foreign = dir.join("foreign.jsonl");
    let out = dlx()
        .args(["count", "--shard", "0/1", "--depth", "1"])
        .arg(&other)
        .output()
        .unwrap();
    std::fs::write(&foreign, out.stdout).unwrap();
    let garbage = dir.join("garbage.jsonl");
    std::fs::write(&garbage, "{\"count\": 3}\n").unwrap();
    let name = |p: &Path| p.file_name().unwrap().to_str().unwrap().to_owned();
    let cases: Vec<(Vec<&PathBuf>, String)> = vec![
        (vec![&parts[0]], "3 of 6 pieces missing: 1, 3, 5".to_owned()),
        (
            vec![&parts[0], &foreign],
            format!("{}:1 counts another problem", name(&foreign)),
        ),
        (
            vec![&garbage],
            format!("{}:1: not a line written by `dlx count`", name(&garbage)),
        ),
    ];
    for (files, message) in cases {
        dlx()
            .current_dir(&dir)
            .arg("merge")
            .args(files.iter().map(|p| name(p)))
            .refused(&message);
    }
}

#[test]
fn solve_threads_agree_with_the_sequential_solver() {
    let dir = scratch("threads");
    let file = queens_file(&dir, 7);
    let run = |args: &[&str]| {
        let out = dlx().arg("solve").args(args).arg(&file).output().unwrap();
        assert!(out.status.success());
        (String::from_utf8(out.stdout).unwrap(), out.stderr)
    };
    let (sequential, _) = run(&["--threads", "1"]);
    for threads in ["2", "3"] {
        let (count, stderr) = run(&["--count", "--threads", threads]);
        assert_eq!(count, "40\n");
        // Standard error is not a terminal here: no progress bar.
        assert!(stderr.is_empty());
        let (ordered, _) = run(&["--ordered", "--threads", threads]);
        assert_eq!(ordered, sequential);
        let (unordered, _) = run(&["--threads", threads]);
        let mut a: Vec<&str> = unordered.split("\n\n").collect();
        let mut b: Vec<&str> = sequential.split("\n\n").collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        let (limited, _) = run(&["--limit", "5", "--ordered", "--json", "--threads", threads]);
        let (first5, _) = run(&["--limit", "5", "--json", "--threads", "1"]);
        assert_eq!(limited, first5);
        let (count, _) = run(&["--count", "--quiet", "--limit", "7", "--threads", threads]);
        assert_eq!(count, "7\n");
    }
}

#[test]
fn split_output() {
    let dir = scratch("split-output");
    let file = queens_file(&dir, 4);
    let out = dlx()
        .args(["split", "--depth", "2"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    insta::assert_snapshot!(
        "split_queens_4_depth_2",
        String::from_utf8(out.stdout).unwrap()
    );
    let parts = check(&dir, &file, &["--depth", "2"], 2, "2");
    let out = dlx()
        .current_dir(&dir)
        .args(["merge", "part-1-of-2.jsonl"])
        .output()
        .unwrap();
    assert_eq!(parts.len(), 2);
    insta::assert_snapshot!("merge_missing", String::from_utf8(out.stderr).unwrap());
}

/// Issue 13: a shard killed part-way (as a preempted cluster job is) keeps
/// the lines of the pieces it finished; run again with `--resume` on its
/// part file, appending, it counts only the rest, and the merge of the file
/// is the full count.
#[test]
fn issue_13_a_killed_shard_resumes_from_its_part_file() {
    let dir = scratch("killed");
    let part = dir.join("part-0.jsonl");
    let file = data("pentomino-6x10.dlx");
    let count = |resume: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_dlx"));
        command.args([
            "count",
            "--shard",
            "0/1",
            "--pieces",
            "64",
            "--threads",
            "1",
        ]);
        if resume {
            command.arg("--resume").arg(&part);
        }
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&part)
            .unwrap();
        command.arg(&file).stdout(out).stderr(Stdio::null());
        command
    };
    let mut first = count(false).spawn().unwrap();
    // Kill it once it has written a few lines, well before its end.
    let started = std::time::Instant::now();
    loop {
        let lines = std::fs::read_to_string(&part)
            .unwrap_or_default()
            .lines()
            .count();
        if lines >= 3 {
            break;
        }
        assert!(
            first.try_wait().unwrap().is_none(),
            "the shard ended before it was killed"
        );
        assert!(started.elapsed().as_secs() < 60, "no line after a minute");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let kept = std::fs::read_to_string(&part).unwrap();
    let kept_lines = kept.lines().count();
    let first_line: serde_json::Value = serde_json::from_str(kept.lines().next().unwrap()).unwrap();
    let pieces = first_line["of"].as_u64().unwrap() as usize;
    assert!(
        kept_lines >= 3 && kept_lines < pieces,
        "{kept_lines} of {pieces} lines kept"
    );
    // A killed process may leave a half-written last line: resuming must
    // refuse it or count past it, never double-count. Keep whole lines only,
    // as a cluster's requeue would see the file.
    let whole: String = kept
        .lines()
        .filter(|l| l.ends_with('}'))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&part, whole).unwrap();
    let status = count(true).status().unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(&part).unwrap();
    assert_eq!(text.lines().count(), pieces, "every piece once");
    let merged = dlx().arg("merge").arg(&part).output().unwrap();
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    assert_eq!(String::from_utf8(merged.stdout).unwrap(), "9356\n");
}

/// Issue 20: `dlx count --resume` with the part file of another problem
/// exited 1, as for an internal failure; it is bad input, exit 2, as `dlx
/// merge` says for the same file.
#[test]
fn issue_20_resume_with_another_problems_part_is_bad_input() {
    let dir = scratch("resume-foreign");
    let queens = queens_file(&dir, 6);
    let other = queens_file(&dir, 5);
    let out = dlx()
        .args(["count", "--shard", "0/1", "--depth", "1"])
        .arg(&other)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let foreign = dir.join("foreign.jsonl");
    std::fs::write(&foreign, out.stdout).unwrap();
    dlx()
        .args(["count", "--shard", "0/1", "--depth", "1", "--resume"])
        .arg(&foreign)
        .arg(&queens)
        .refused("counts another problem or another split");
}

/// Issue 20 asked whether `dlx split` paths, like `--json` option indices,
/// skip the options left out with a warning: they do not depend on them. A
/// path's alternatives are places in a primary item's list of options, and
/// an option left out has no primary item; the problem (and so its
/// fingerprint) is the same without it.
#[test]
fn issue_20_split_paths_do_not_depend_on_options_left_out() {
    let dir = scratch("split-left-out");
    let queens = queens_file(&dir, 6);
    let text = std::fs::read_to_string(&queens).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(4, "a0 b0");
    lines.insert(20, "a3");
    let with_left_out = dir.join("left-out.dlx");
    std::fs::write(&with_left_out, lines.join("\n") + "\n").unwrap();
    let split = |file: &Path| {
        let out = dlx()
            .args(["split", "--depth", "2"])
            .arg(file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (plain, _) = split(&queens);
    let (left_out, warnings) = split(&with_left_out);
    assert_eq!(
        warnings
            .matches("option ignored (no primary items)")
            .count(),
        2
    );
    assert!(plain.lines().count() > 1);
    assert_eq!(left_out, plain);
}

/// Issue 20: a level of 200,000 alternatives (item `a`, options `a x_k`)
/// is split two levels deep, read back from the split file and counted in
/// two shards in linear time. Dividing its pieces, checking the split file
/// and entering each piece used to replay its way down from the root,
/// covering `a` and walking its list each time: at 200,000 every one of
/// these steps ran past a minute.
#[test]
fn issue_20_a_level_of_200000_alternatives_is_split_and_counted_in_shards() {
    let dir = scratch("wide-level");
    let width = 200_000;
    let mut text = String::from("a |");
    for k in 0..width {
        text += &format!(" x{k}");
    }
    text.push('\n');
    for k in 0..width {
        text += &format!("a x{k}\n");
    }
    let file = dir.join("wide.dlx");
    std::fs::write(&file, text).unwrap();
    let split = dlx()
        .args(["split", "--depth", "2"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(split.status.success());
    assert_eq!(split.stdout.iter().filter(|&&b| b == b'\n').count(), width);
    let split_path = dir.join("split.jsonl");
    std::fs::write(&split_path, &split.stdout).unwrap();
    let arg = split_path.to_str().unwrap();
    check(&dir, &file, &["--split", arg], 2, "200000");
}

/// The domino tilings of the Aztec diamond of order `n` (rows of 2, 4, ...,
/// 2n, 2n, ..., 4, 2 cells, centred), one item a cell, written to `dir`.
fn aztec_file(dir: &Path, n: i32) -> PathBuf {
    let inside = |r: i32, c: i32| {
        (0..2 * n).contains(&r) && (0..2 * n).contains(&c) && {
            let (dr, dc) = (2 * r + 1 - 2 * n, 2 * c + 1 - 2 * n);
            dr.abs() + dc.abs() <= 2 * n
        }
    };
    let cells: Vec<(i32, i32)> = (0..2 * n)
        .flat_map(|r| (0..2 * n).map(move |c| (r, c)))
        .filter(|&(r, c)| inside(r, c))
        .collect();
    let name = |(r, c): (i32, i32)| format!("r{r}c{c}");
    let mut text: String = cells.iter().map(|&cell| name(cell) + " ").collect();
    text.push('\n');
    for &(r, c) in &cells {
        for (dr, dc) in [(0, 1), (1, 0)] {
            if inside(r + dr, c + dc) {
                text += &format!("{} {}\n", name((r, c)), name((r + dr, c + dc)));
            }
        }
    }
    let path = dir.join(format!("aztec-{n}.dlx"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn issue_24_shards_count_memoised_and_merge_counts_of_any_size() {
    // The Aztec diamond of order 12 has 2^78 tilings (Elkies, Kuperberg,
    // Larsen and Propp 1992): the memoised count takes its pieces, whose
    // counts pass 2^64, and the part lines carry all their digits.
    let dir = scratch("memo-shards");
    let file = aztec_file(&dir, 12);
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    let mut parts = Vec::new();
    for i in 0..3 {
        let part = dir.join(format!("part-{i}.jsonl"));
        let status = std::process::Command::new(&bin)
            .args(["count", "--shard", &format!("{i}/3")])
            .arg(&file)
            .stdout(std::fs::File::create(&part).unwrap())
            .status()
            .unwrap();
        assert!(status.success());
        parts.push(part);
    }
    // The largest piece's line (the shards take one piece or two each).
    let text: String = parts
        .iter()
        .map(|part| std::fs::read_to_string(part).unwrap())
        .collect();
    let line: serde_json::Value = text
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .max_by_key(|line| line["count_decimal"].as_str().unwrap().len())
        .unwrap();
    let decimal = line["count_decimal"].as_str().expect("count_decimal");
    assert!(
        decimal.parse::<u128>().unwrap() > u128::from(u64::MAX),
        "{line}"
    );
    assert!(text.contains(&format!("\"count\":{decimal},")), "{text}");
    let out = dlx().arg("merge").args(&parts).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n", 1u128 << 78)
    );
    let out = dlx()
        .args(["merge", "--json"])
        .args(&parts)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"type\":\"count\",\"count\":302231454903657293676544,\"count_decimal\":\"302231454903657293676544\"}\n"
    );
}

#[test]
fn issue_24_merge_reads_counts_past_2_to_the_128() {
    // Two parts whose counts sum past 2^128, one written as a string.
    let dir = scratch("big-merge");
    let file = queens_file(&dir, 4);
    let part = dir.join("part.jsonl");
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["count", "--depth", "1"])
        .arg(&file)
        .stdout(std::fs::File::create(&part).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    // The first part counts 2^128, written as a number, the second 2^128
    // as a string of digits, the others 1 each (`count_decimal` is ignored).
    let text = std::fs::read_to_string(&part).unwrap();
    let big = (dlx_core::BigUint::from(1u8) << 128u32).to_string();
    let mut edited = String::new();
    for (k, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let written = format!("\"count\":{},", value["count_decimal"].as_str().unwrap());
        let new = match k {
            0 => format!("\"count\":{big},"),
            1 => format!("\"count\":\"{big}\","),
            _ => "\"count\":1,".to_owned(),
        };
        assert!(line.contains(&written), "{line}");
        edited += &(line.replace(&written, &new) + "\n");
    }
    std::fs::write(&part, edited).unwrap();
    let out = dlx().arg("merge").arg(&part).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let others = text.lines().count() - 2;
    let expected = (dlx_core::BigUint::from(1u8) << 129u32) + others;
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{expected}\n")
    );
}

#[test]
fn issue_24_a_layered_problem_is_split_one_piece_a_shard() {
    // The Aztec diamond of order 6 is counted layer by layer, where a piece
    // costs about a whole count: `dlx count --shard I/N` splits it into N
    // pieces unless told otherwise, and the N parts merge to 2^21 tilings
    // (Elkies, Kuperberg, Larsen and Propp 1992).
    let dir = scratch("layered-shards");
    let file = aztec_file(&dir, 6);
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    let count_shards = |n: usize, extra: &[&str]| -> Vec<PathBuf> {
        (0..n)
            .map(|i| {
                let part = dir.join(format!("part-{n}-{}-{i}.jsonl", extra.len()));
                let status = std::process::Command::new(&bin)
                    .args(["count", "--shard", &format!("{i}/{n}")])
                    .args(extra)
                    .arg(&file)
                    .stdout(std::fs::File::create(&part).unwrap())
                    .status()
                    .unwrap();
                assert!(status.success());
                part
            })
            .collect()
    };
    for (n, extra, lines) in [
        (4, &[][..], 1),
        (3, &[][..], 1),
        (2, &["--pieces", "8"][..], 4),
    ] {
        let parts = count_shards(n, extra);
        for part in &parts {
            let text = std::fs::read_to_string(part).unwrap();
            assert!(
                text.lines().count() >= lines,
                "{n} shards {extra:?}: {text}"
            );
            let pieces = n * lines;
            for line in text.lines() {
                let line: serde_json::Value = serde_json::from_str(line).unwrap();
                let of = line["of"].as_u64().unwrap() as usize;
                if extra.is_empty() {
                    // At least one piece a shard; a piece whose level has
                    // more alternatives than asked for may bring more.
                    assert!((n..2 * n + 2).contains(&of), "{line}");
                } else {
                    assert!(of >= pieces, "{line}");
                }
            }
        }
        let out = dlx().arg("merge").args(&parts).output().unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "2097152\n");
    }
    // `dlx split` does not know the number of shards: it says what to do.
    let out = dlx().arg("split").arg(&file).output().unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("--pieces N"), "{stderr}");
    let out = dlx()
        .args(["split", "--pieces", "4"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
}
