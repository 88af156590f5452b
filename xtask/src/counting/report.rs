//! The counting table's markdown section: our counts, the plain count and DLX6 in one table, the Python peers in another.

use std::fmt::Write as _;

use crate::figures::{format_ratio, format_time};

use super::cases::{CASES, HEAVY, PLAIN_DIGITS};
use super::runner::{Outcome, Runner, PEERS};
use super::{Limits, Row, REFERENCE_RATIO};

/// The markdown section.
pub(super) fn render(rows: &[Row], limits: Limits, rounds: usize) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "\n## Counting\n");
    let _ = writeln!(
        md,
        "`dlx solve --count --stats -j 1 FILE` and `-j 2` (the default method: a probe chooses \
         the memoised count or Knuth's search, `method` says which), each with its peak RSS; \
         the plain count `--no-memo -j 1` (every solution visited) as the reference, run only \
         where the count has at most {PLAIN_DIGITS} digits; the memoised count `--memo -j 1` \
         (layered where the problem is narrow), the default's other method, given {REFERENCE_RATIO} \
         times the default's time (at least 1 s) so that \"over limit\" says the default is that \
         much faster; \"best\" is the faster of these two; and Knuth's DLX6 (`dlx6 < FILE`, \
         counting only) beside where it is installed."
    );
    let _ = writeln!(
        md,
        "Times are wall-clock, whole process, medians of {rounds} interleaved round(s) \
         (one for the heavy rows); peak RSS is the largest of the rounds (`wait4`)."
    );
    let _ = writeln!(
        md,
        "Every run, peers included, is a process of its own on the same file, killed past {} s \
         or {} GiB resident (\"over limit\").",
        limits.time.as_secs(),
        limits.rss_kib >> 20,
    );
    let _ = writeln!(
        md,
        "The heavy rows ({}) run with `--memo-mem {} --max-memory {}`, killed past {} s or {} GiB.",
        CASES
            .iter()
            .filter(|c| c.heavy.is_some())
            .map(|c| format!("`{}`", c.name))
            .collect::<Vec<_>>()
            .join(", "),
        HEAVY.memo_mem,
        HEAVY.max_memory,
        HEAVY.seconds,
        HEAVY.rss_gib,
    );
    let _ = writeln!(
        md,
        "The speed-up is the time on 1 thread over 2; the other ratios are the time on 1 thread \
         over the reference measured in the same run (below 1: ours is faster).\n"
    );
    let _ = writeln!(
        md,
        "| workload | count | 1 thread | peak RSS | method | 2 threads | peak RSS | speed-up | plain | 1 thread / plain | memo | 1 thread / best | DLX6 | peak RSS | 1 thread / DLX6 |\n\
         | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for row in rows {
        let one = row.seconds(Runner::One);
        let ratio = |a: Option<f64>, b: Option<f64>| {
            a.zip(b)
                .map_or_else(|| "-".to_owned(), |(a, b)| format_ratio(a / b))
        };
        // The faster of the default's two other methods, where either finished.
        let best = [Runner::Plain, Runner::Memo]
            .into_iter()
            .filter_map(|runner| row.seconds(runner))
            .reduce(f64::min);
        let method = match row.get(Runner::One) {
            Outcome::Ok { method, .. } => method.unwrap_or("-"),
            _ => "-",
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.case.name,
            short_count(row.case.count),
            cell(row.get(Runner::One)),
            rss(row.get(Runner::One)),
            method,
            cell(row.get(Runner::Two)),
            rss(row.get(Runner::Two)),
            ratio(one, row.seconds(Runner::Two)),
            cell(row.get(Runner::Plain)),
            ratio(one, row.seconds(Runner::Plain)),
            cell(row.get(Runner::Memo)),
            ratio(one, best),
            cell(row.get(Runner::Dlx6)),
            rss(row.get(Runner::Dlx6)),
            ratio(one, row.seconds(Runner::Dlx6)),
        );
    }
    let long: Vec<&Row> = rows
        .iter()
        .filter(|r| short_count(r.case.count) != r.case.count)
        .collect();
    if !long.is_empty() {
        let _ = writeln!(
            md,
            "\nThe counts in full, each compared with the text a run prints:\n"
        );
        for row in long {
            let _ = writeln!(md, "- {}: {}", row.case.name, row.case.count);
        }
    }
    let peers: Vec<Runner> = PEERS[1..]
        .iter()
        .copied()
        .filter(|&p| {
            rows.iter()
                .any(|r| !matches!(r.get(p), Outcome::Skipped { .. }))
        })
        .collect();
    if !peers.is_empty() {
        let _ = writeln!(
            md,
            "\nThe memoising Python peers on the same files, under the same limits, against our \
             default on 1 thread (time, then peak RSS); dxz and xcover run through the Python \
             wrappers of the peers' folder.\n"
        );
        let mut header = "| workload | 1 thread | RSS |".to_owned();
        let mut rule = "| --- | ---: | ---: |".to_owned();
        for peer in &peers {
            let _ = write!(header, " {} | RSS |", peer.label());
            rule.push_str(" ---: | ---: |");
        }
        let _ = writeln!(md, "{header}\n{rule}");
        for row in rows {
            let mut line = format!(
                "| {} | {} | {} |",
                row.case.name,
                cell(row.get(Runner::One)),
                rss(row.get(Runner::One))
            );
            for &peer in &peers {
                let _ = write!(line, " {} | {} |", cell(row.get(peer)), rss(row.get(peer)));
            }
            let _ = writeln!(md, "{line}");
        }
    }
    md
}

/// A count as the table shows it: in full up to 20 digits, else its
/// leading digits and its size (the counts in full follow the table).
fn short_count(count: &'static str) -> String {
    if count.len() <= 20 {
        return count.to_owned();
    }
    format!("{}.{}e{}", &count[..1], &count[1..4], count.len() - 1)
}

/// A time, or what happened instead.
fn cell(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok { seconds, .. } => format_time(*seconds),
        Outcome::Wrong { found } => format!("WRONG ({})", short_count_of(found)),
        Outcome::OverLimit { what } => format!("over limit ({what})"),
        Outcome::Failed { status } => format!("failed ({status})"),
        Outcome::Skipped { why } => (*why).to_owned(),
    }
}

/// What a run printed instead of the count, cut to fit a cell.
fn short_count_of(found: &str) -> String {
    if found.chars().count() <= 24 {
        found.to_owned()
    } else {
        format!("{}...", found.chars().take(20).collect::<String>())
    }
}

/// A peak resident size in MiB, where the run finished.
fn rss(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok { peak_kib, .. } => format!("{:.1} MiB", *peak_kib as f64 / 1024.0),
        _ => "-".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_counts_are_shortened_in_the_table() {
        assert_eq!(short_count("53060477521960000"), "53060477521960000");
        assert_eq!(
            short_count("1269984011256235834242602753102293934298576249856"),
            "1.269e48"
        );
    }
}
