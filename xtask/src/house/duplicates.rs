//! Repeated runs of six or more lines in product code, as the `duplicates` command on the developers' machines counts them.
//!
//! The command is not part of the repository and must not be copied into it: it is called, and where it is missing the check says so and is skipped.
//! It lists pairs of places that share runs of lines (`D1 a.rs:10-24 ~ b.rs:40-54`); a pair counts here when both its places are product sources ([`super::is_product`]).
//! Its rows are places to look, not a verdict; the limit bounds how many there may be, not which.

use std::path::Path;
use std::process::Command;

use anyhow::Context as _;

use super::is_product;

/// The command's arguments: as many rows as it gives, and time enough for the whole tree.
pub(super) const ARGS: [&str; 4] = ["--most", "200", "--seconds", "120"];

/// What one run of the command said.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Report {
    /// The rows whose both places are product sources, as the command wrote them.
    pub(super) product_pairs: Vec<String>,
    /// All the pairs the command listed.
    pub(super) listed: usize,
    /// The pairs it found but did not list (its `(+N more pairs)`), which could not be classed.
    pub(super) unlisted: usize,
    /// Its `incomplete:` lines: what it could not read or pair in time.
    pub(super) incomplete: Vec<String>,
}

/// Runs `duplicates` over the tree at `root`, or says why it cannot (`Ok(None)`: not installed).
pub(super) fn run(root: &Path) -> anyhow::Result<Option<Report>> {
    if !crate::tools::on_path("duplicates") {
        return Ok(None);
    }
    let output = Command::new("duplicates")
        .args(ARGS)
        .current_dir(root)
        .output()
        .context("cannot run duplicates")?;
    Ok(Some(read(&String::from_utf8_lossy(&output.stdout))))
}

/// Reads the command's output.
pub(super) fn read(text: &str) -> Report {
    let mut report = Report::default();
    for line in text.lines() {
        if let Some((left, right)) = pair(line) {
            report.listed += 1;
            if is_product(left) && is_product(right) {
                report.product_pairs.push(line.to_owned());
            }
        } else if let Some(more) = line
            .trim()
            .strip_prefix("(+")
            .and_then(|rest| rest.strip_suffix(" more pairs)"))
        {
            report.unlisted += more.parse::<usize>().unwrap_or(0);
        } else if line.starts_with("incomplete:") {
            report.incomplete.push(line.to_owned());
        }
    }
    report
}

/// The two files of a row `D12 a.rs:10-24 ~ b.rs:40-54 ...`.
fn pair(line: &str) -> Option<(&str, &str)> {
    let mut words = line.split_whitespace();
    let number = words.next()?.strip_prefix('D')?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let left = words.next()?;
    if words.next()? != "~" {
        return None;
    }
    let right = words.next()?;
    Some((place_file(left)?, place_file(right)?))
}

/// The file of a place `path:10-24`.
fn place_file(place: &str) -> Option<&str> {
    place.rsplit_once(':').map(|(file, _)| file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_of_product_sources_are_counted_and_the_rest_listed() {
        let text = "\
9 pairs of places (236 files read), each sharing runs of 6 or more identical or same-shape lines
D1 crates/dlx-python/python/dlx_rs/_dlx.pyi:224-236 ~ crates/dlx-python/python/dlx_rs/_dlx.pyi:266-278 (+12 more runs)
D2 crates/dlx-python/src/problem.rs:192-202 ~ crates/dlx-python/src/problem.rs:212-222 (+8 more runs)
D3 crates/dlx-core/tests/core/properties.rs:345-365 ~ crates/dlx-core/tests/core/properties.rs:377-395
D4 crates/dlx-core/src/memo/auto.rs:351-368 ~ crates/dlx-parallel/src/memo.rs:969-986 (+1 more run)
D5 crates/dlx-cli/tests/cli/shard.rs:27-38 ~ fuzz/src/lib.rs:71-82
D6 xtask/src/slurm.rs:192-197 ~ xtask/src/slurm.rs:198-203 shape boilerplate
D7 benches/benches/layered.rs:36-46 ~ crates/dlx-core/src/memo/sweep.rs:17-27 shape
(+2 more pairs)
left out: 2 runs of 6 lines that stand in more than 8 places each (too common to list)
incomplete: time: 12 files not paired
";
        let report = read(text);
        assert_eq!(report.listed, 7);
        assert_eq!(report.unlisted, 2);
        assert_eq!(
            report.product_pairs,
            [
                "D2 crates/dlx-python/src/problem.rs:192-202 ~ crates/dlx-python/src/problem.rs:212-222 (+8 more runs)",
                "D4 crates/dlx-core/src/memo/auto.rs:351-368 ~ crates/dlx-parallel/src/memo.rs:969-986 (+1 more run)",
                "D6 xtask/src/slurm.rs:192-197 ~ xtask/src/slurm.rs:198-203 shape boilerplate",
            ]
        );
        assert_eq!(report.incomplete, ["incomplete: time: 12 files not paired"]);
    }

    #[test]
    fn no_duplicates_is_no_pair() {
        assert_eq!(read("no duplicates (26 files read)\n"), Report::default());
    }
}
