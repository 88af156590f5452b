//! Counting with the memoised counter where it pays: `--memo`, `--no-memo`, `--memo-mem`, and its statistics.

use clap::Args;
use dlx_core::memo::SweepStats;
use dlx_core::{Count, CountMode, Counted, MemoSettings, Method, Why};
use indicatif::HumanCount;

use crate::shared::report::per_second;
use crate::shared::size::parse_size;
use crate::shared::{fields, note, Line, Output, ReportArgs, Run};

/// The memoised count's options, shared by the subcommands that count.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Counting")]
pub(crate) struct MemoArgs {
    /// With --count: count with the memoised counter, whether or not it pays
    /// (by default it is used when a short probe finds that it does). It
    /// runs on one thread unless --threads is given: its threads would
    /// recompute each other's subproblems, and two measured slower than one.
    #[arg(long, requires = "count", conflicts_with = "no_memo")]
    memo: bool,
    /// With --count: never memoise; visit every solution (Knuth's search).
    #[arg(long)]
    no_memo: bool,
    /// The most memory the memoised count's cache may hold, in bytes or with
    /// a binary unit: 512M, 4G, 1.5G (K, M, G, T, P, E; KiB, MB and so on are
    /// read the same).
    ///
    /// When the cache is full it forgets the subproblems that saved the
    /// least and goes on: the count stays exact, it only takes longer. The
    /// default, 512M, holds some 10 million subproblems of a problem with up
    /// to 128 items (a 16 x 16 board's domino tilings need 52 MiB) and stays
    /// within --max-memory's default of 1G; the process needs a few MiB more
    /// than the cache.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = MEMO_MEM)]
    memo_mem: usize,
}

/// The default of `--memo-mem`: the memoised count's cache, at most.
pub(crate) const MEMO_MEM: &str = "512M";

/// The memoised count's settings when no flag says otherwise, as `dlx
/// solve --count` has them (for `dlx estimate`, which decides as it does).
pub(crate) fn default_settings() -> MemoSettings {
    // The default is a constant that parses.
    let memory = parse_size(MEMO_MEM).unwrap_or(512 << 20);
    MemoSettings::new().with_memory(memory)
}

impl MemoArgs {
    /// The memoised count's settings the flags give.
    pub(crate) fn settings(&self) -> MemoSettings {
        MemoSettings::new().with_memory(self.memo_mem)
    }

    /// The count's method the flags name, or the rule's choice.
    pub(crate) fn mode(&self) -> CountMode {
        if self.no_memo {
            CountMode::Plain
        } else if self.memo {
            CountMode::Memo
        } else {
            CountMode::Auto
        }
    }
}

/// Prints a count divided by `per_answer` (the solutions of the
/// problem that make one answer), unless a stopped memoised count has
/// none, and its statistics with `--stats`: Knuth's for a plain count
/// (with the threads' balance), the cache's too for a memoised one;
/// then ends the run.
pub(crate) fn print_counted(
    run: &Run,
    counted: &Counted,
    output: &mut Output,
    report: &ReportArgs,
    per_answer: u64,
    seconds: f64,
) -> anyhow::Result<()> {
    if let Some(count) = &counted.count {
        report.count(output, None, count.div_floor(per_answer.max(1)), None)?;
    }
    output.flush()?;
    match counted.method {
        Method::Memo | Method::Dimers => print_count_stats(counted, seconds, output, report)?,
        Method::Plain => {
            let mut extra = vec![("method", "plain".into())];
            if report.json {
                extra.extend(run.balance());
            }
            report.stats(output, &counted.plain, seconds, &extra)?;
            if report.stats && !report.json {
                // Why the probe left the count to the plain search.
                if let Why::Leverage(leverage) = counted.why {
                    note(&format!(
                        "memo: plain count (the probe's leverage {leverage:.2} is too low for the memoised count to pay)"
                    ));
                } else if let Why::Projected { .. } = counted.why {
                    note(&format!("memo: plain count ({})", counted.why));
                } else if counted.memo.nodes > 0 {
                    note(&format!(
                        "memo: plain count (it finished during the probe, {} memoised nodes)",
                        counted.memo.nodes
                    ));
                }
                run.print_balance();
            }
        }
    }
    match (&counted.count, counted.method) {
        (Some(_), _) => run.finish("the count"),
        (None, Method::Dimers) => run.finish_unprinted("the determinant"),
        (None, _) => run.finish_unprinted("the memoised count"),
    }
}

/// What `--stats` says of a count that did not visit its solutions:
/// Knuth's figures and the method's own (`extra`) for the `stats` JSON
/// line, and the lines for people.
struct CountStats {
    nodes: u64,
    updates: u64,
    max_level: usize,
    extra: serde_json::Map<String, serde_json::Value>,
    text: String,
}

/// `--stats` of a count by Kasteleyn's determinant or by the memoised
/// counter (all at once or layer by layer): to standard error, or as a
/// JSON line.
pub(crate) fn print_count_stats(
    counted: &Counted,
    seconds: f64,
    output: &mut Output,
    report: &ReportArgs,
) -> anyhow::Result<()> {
    if !report.stats {
        return Ok(());
    }
    let stats = match (counted.method, &counted.sweep) {
        (Method::Dimers, _) => dimer_stats(counted, seconds),
        (Method::Memo, Some(sweep)) => layered_stats(counted, sweep, seconds),
        _ => memo_stats(counted, seconds),
    };
    if report.json {
        output.json(&Line::Stats {
            solutions: counted.count.clone(),
            nodes: stats.nodes,
            updates: stats.updates,
            max_level: stats.max_level,
            seconds,
            extra: stats.extra,
        })?;
        return output.flush();
    }
    note(&stats.text);
    Ok(())
}

/// The statistics of a count by Kasteleyn's determinant: the method and
/// why, the plain search's nodes and updates before it, the time.
fn dimer_stats(counted: &Counted, seconds: f64) -> CountStats {
    let finished = counted.count.is_some();
    let plain = &counted.plain;
    let stopped = if finished {
        ""
    } else {
        ", stopped before it finished"
    };
    CountStats {
        nodes: plain.nodes,
        updates: plain.updates,
        max_level: plain.max_level,
        extra: fields(serde_json::json!({ "method": "dimers", "finished": finished })),
        text: format!(
            "method: Kasteleyn's determinant ({}){stopped}\nsolutions: {}\nnodes: {}\nupdates: {}\ntime: {seconds:.3} s",
            counted.why,
            solutions_text(counted),
            plain.nodes,
            plain.updates,
        ),
    }
}

/// The statistics of a memoised count: Knuth's nodes and updates (of both
/// searches when a probe ran), and the cache's hits, misses, evictions
/// and peak size.
fn memo_stats(counted: &Counted, seconds: f64) -> CountStats {
    let finished = counted.count.is_some();
    let memo = &counted.memo;
    let cache = &counted.cache;
    let nodes = memo.nodes + counted.plain.nodes;
    let updates = memo.updates + counted.plain.updates;
    let method = match (counted.method, counted.why) {
        (Method::Memo, Why::Leverage(leverage)) => {
            format!("memoised (the probe's leverage {leverage:.3e})")
        }
        (Method::Memo, why @ Why::Projected { .. }) => format!("memoised ({why})"),
        (Method::Memo, _) => "memoised".to_owned(),
        (method, _) => method.name().to_owned(),
    };
    let method = if finished {
        method
    } else {
        format!("{method}, stopped before it finished")
    };
    let solutions = solutions_text(counted);
    let mib = |bytes: u64| bytes as f64 / f64::from(1 << 20);
    let rate = per_second(nodes, seconds);
    let opening = match &counted.count {
        Some(count) => format!(
            "Counted {} solutions without visiting them one by one; the memoised count entered {} nodes and met {} subproblems again that it had counted before{}.",
            count,
            HumanCount(nodes),
            HumanCount(memo.hits),
            match counted.why {
                Why::Leverage(leverage) => format!(" (chosen because a short probe found that subproblems repeat, with leverage {leverage:.0})"),
                _ => String::new(),
            }
        ),
        None => format!(
            "The memoised count was stopped after {} nodes, before it finished; it has no partial count.",
            HumanCount(nodes)
        ),
    };
    CountStats {
        nodes,
        updates,
        max_level: memo.max_level.max(counted.plain.max_level),
        extra: fields(serde_json::json!({
            "method": counted.method.name(),
            "finished": finished,
            "cache_hits": memo.hits,
            "cache_misses": memo.misses,
            "cache_evictions": cache.evictions,
            "cache_peak_bytes": cache.peak_bytes,
            "cache_budget_bytes": cache.budget,
            "cache_peak_entries": cache.peak_entries,
            "parts": memo.parts,
            "splits": memo.splits,
        })),
        text: format!(
            "{opening}\nmethod: {method}\nsolutions: {solutions}\nnodes: {nodes}\nupdates: {updates}\ncache hits: {}\ncache misses: {}\ncache evictions: {}\ncache peak: {:.1} MiB of {:.1} MiB ({} entries)\nparts: {} in {} splits\ntime: {seconds:.3} s\nnodes/s: {rate:.0}",
            memo.hits,
            memo.misses,
            cache.evictions,
            mib(cache.peak_bytes),
            mib(cache.budget),
            cache.peak_entries,
            memo.parts,
            memo.splits,
        ),
    }
}

/// The keys of a layered count's JSON `stats` line that a count and a
/// diagram share (the schema's `layered` group): the method, the layers,
/// the window, the widest layer, the states made and met again, the peak.
pub(crate) fn layered_fields(
    sweep: &SweepStats,
    memo: &dlx_core::memo::MemoStats,
) -> serde_json::Map<String, serde_json::Value> {
    fields(serde_json::json!({
        "method": "memo",
        "layered": true,
        "layers": sweep.layers,
        "window": sweep.window,
        "widest_layer": sweep.widest,
        "states": memo.misses,
        "states_met_again": memo.hits,
        "peak_bytes": sweep.peak_bytes,
    }))
}

/// The statistics of a memoised count that ran layer by layer: its
/// layers, the widest, the states made and met again, the memory of two
/// layers.
fn layered_stats(counted: &Counted, sweep: &SweepStats, seconds: f64) -> CountStats {
    let finished = counted.count.is_some();
    let memo = &counted.memo;
    let nodes = memo.nodes + counted.plain.nodes;
    let rate = per_second(nodes, seconds);
    let opening = match &counted.count {
        Some(count) => format!(
            "Counted {count} solutions layer by layer along a sweep of the items, without visiting them one by one: {} states in {} layers (the widest {} states); {} more choices led to a state already made, and were added to it.",
            HumanCount(memo.misses),
            HumanCount(sweep.layers),
            HumanCount(sweep.widest),
            HumanCount(memo.hits),
        ),
        None => format!(
            "The layered count was stopped after {} options taken, before it finished; it has no partial count.",
            HumanCount(nodes)
        ),
    };
    let solutions = solutions_text(counted);
    let stopped = if finished {
        ""
    } else {
        ", stopped before it finished"
    };
    let mut extra = layered_fields(sweep, memo);
    extra.insert("finished".to_owned(), finished.into());
    CountStats {
        nodes,
        updates: counted.plain.updates,
        max_level: counted.plain.max_level,
        extra,
        text: format!(
            "{opening}\nmethod: memoised, layer by layer along the sweep{stopped}\nsolutions: {solutions}\nnodes: {nodes}\nlayers: {}\nwindow: {} items\nwidest layer: {} states\nstates: {}\nstates met again: {}\npeak: {:.1} MiB\ntime: {seconds:.3} s\nnodes/s: {rate:.0}",
            sweep.layers,
            sweep.window,
            sweep.widest,
            memo.misses,
            memo.hits,
            sweep.peak_bytes as f64 / f64::from(1 << 20),
        ),
    }
}

/// The `solutions:` line's value: the count, or why there is none.
fn solutions_text(counted: &Counted) -> String {
    counted.count.as_ref().map_or_else(
        || "unknown (the count did not finish)".to_owned(),
        Count::to_string,
    )
}
