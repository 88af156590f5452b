//! Part files of `dlx count --shard` merged (`Merge::add`, `Merge::finish`,
//! the `PartLine` JSON): the input is cut at NUL bytes into part files;
//! any text is merged or refused, every part line reads back as itself once
//! written, and a merge that succeeds gives the exact sums of the lines.
#![no_main]

use dlx_fuzz::text;
use dlx_parallel::{Merge, PartLine};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let parts: Vec<&str> = text.split('\0').collect();

    // Each line that reads as a part line writes back as the same line.
    let mut lines = Vec::new();
    for line in parts.iter().flat_map(|part| part.lines()) {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<PartLine>(line) {
            Ok(part) => {
                let written = part.to_string();
                let again: PartLine = serde_json::from_str(&written)
                    .unwrap_or_else(|err| panic!("{written} does not read back: {err}"));
                assert_eq!(again, part);
                lines.push(part);
            }
            Err(_) => lines.clear(),
        }
    }

    let mut merge = Merge::new();
    for (i, part) in parts.iter().enumerate() {
        if let Err(err) = merge.add(&format!("part-{i}"), part) {
            let _ = err.to_string();
            return;
        }
    }
    let merged = match merge.finish() {
        Ok(merged) => merged,
        Err(err) => {
            let _ = err.to_string();
            return;
        }
    };
    // Every line was merged: the totals are the exact sums of the lines.
    let sum =
        |field: fn(&PartLine) -> u64| lines.iter().map(|l| u128::from(field(l))).sum::<u128>();
    let first = &lines[0];
    let count = lines
        .iter()
        .fold(dlx_core::Count::ZERO, |total, l| total + l.count.clone());
    assert_eq!(merged.count, count);
    assert_eq!(
        u128::from(merged.stats.nodes),
        u128::from(first.split_nodes) + sum(|l| l.nodes)
    );
    assert_eq!(
        u128::from(merged.stats.updates),
        u128::from(first.split_updates) + sum(|l| l.updates)
    );
});
