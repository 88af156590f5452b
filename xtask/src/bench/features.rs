//! The table of features switched on but unused: variants of a workload's file that switch a feature on without using it, timed against the plain file.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{ensure, Context as _};
use dlx_benches::Workload;

use crate::figures::median;

use super::measure::Tools;

/// The features a problem can switch on without using them, as variants of
/// a workload's file: a name for the table and how the variant is made.
pub(super) const FEATURES: [(&str, Variant); 4] = [
    ("a colored item", Variant::Color),
    ("a cost", Variant::Cost),
    ("a 0:1 item", Variant::AtMostOnce),
    ("a 0:2 item (Algorithm M)", Variant::Multiplicity),
];

/// How a variant differs from the plain file.
#[derive(Copy, Clone, Debug)]
pub(super) enum Variant {
    /// A new secondary item, with a color, in the first option only.
    Color,
    /// A cost of 1 on the first option.
    Cost,
    /// A new primary item that may be covered at most once, in no option.
    AtMostOnce,
    /// A new primary item that may be covered at most twice, in no option:
    /// the search has to run Algorithm M.
    Multiplicity,
}

/// Writes the variant of a Knuth DLX file (the same solutions).
fn make_variant(text: &str, variant: Variant) -> anyhow::Result<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let is_data = |line: &String| !line.trim().is_empty() && !line.starts_with('|');
    let header = lines.iter().position(is_data).context("no item line")?;
    let first = header
        + 1
        + lines[header + 1..]
            .iter()
            .position(is_data)
            .context("no option")?;
    let add_item = |line: &mut String, item: &str, primary: bool| {
        match (line.find('|'), primary) {
            // A primary item goes before the bar, a secondary one after it.
            (Some(bar), true) => line.insert_str(bar, &format!("{item} ")),
            (Some(_), false) | (None, true) => line.push_str(&format!(" {item}")),
            (None, false) => line.push_str(&format!(" | {item}")),
        }
    };
    match variant {
        Variant::Color => {
            add_item(&mut lines[header], "unused.color", false);
            lines[first].push_str(" unused.color:A");
        }
        Variant::Cost => lines[first].push_str(" |1"),
        Variant::AtMostOnce => add_item(&mut lines[header], "0:1|unused.item", true),
        Variant::Multiplicity => add_item(&mut lines[header], "0:2|unused.item", true),
    }
    Ok(lines.join("\n") + "\n")
}

/// Medians of `dlx solve --count --threads 1` on the plain file and on each
/// variant of [`FEATURES`], run in turn in every round.
pub(super) fn measure_features(
    root: &Path,
    tools: &Tools,
    workload: &Workload,
    rounds: usize,
) -> anyhow::Result<Vec<f64>> {
    let text = std::fs::read_to_string(workload.path())
        .with_context(|| format!("cannot read {}", workload.path().display()))?;
    let dir = root.join("target").join("bench-variants");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut files = vec![workload.path()];
    for (k, &(_, variant)) in FEATURES.iter().enumerate() {
        let path = dir.join(format!("{}-{k}.dlx", workload.name));
        std::fs::write(&path, make_variant(&text, variant)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
        files.push(path);
    }
    let mut times = vec![Vec::new(); files.len()];
    for _ in 0..rounds {
        for (file, times) in files.iter().zip(&mut times) {
            let start = Instant::now();
            let output = Command::new(&tools.dlx)
                .args(["solve", "--count"])
                .args(tools.one_thread())
                .arg(file)
                .output()
                .context("cannot run dlx solve")?;
            times.push(start.elapsed().as_secs_f64());
            let count: Option<u64> = String::from_utf8_lossy(&output.stdout).trim().parse().ok();
            ensure!(
                output.status.success() && count == Some(workload.solutions),
                "dlx solve found {count:?} solutions in {}, expected {}",
                file.display(),
                workload.solutions
            );
        }
    }
    Ok(times.into_iter().map(median).collect())
}
