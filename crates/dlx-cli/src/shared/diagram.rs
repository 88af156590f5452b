//! What the commands that build a decision diagram share (`dlx sample`, `dlx solve --frequencies`, `dlx polyomino --sample`): a seed when none is given, and the diagram's statistics.

use std::time::Instant;

use dlx_core::memo::SweepStats;
use dlx_core::Diagram;

use crate::shared::{fields, layered_fields, note, Line, Output, ReportArgs};

/// A seed for a draw that was given none: the clock's nanoseconds and the
/// process id, mixed.
pub(crate) fn seed_from_clock() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // The low bits move fastest; the process id separates runs started together.
    let mixed = (nanos as u64) ^ ((nanos >> 64) as u64) ^ (u64::from(std::process::id()) << 40);
    dlx_core::WyRand::new(mixed).next_u64() >> 11
}

/// `--stats` of a run that built a diagram: the memoised count's nodes and
/// updates, the diagram's size and the time; on standard error, or as a
/// `stats` line with `--json`.
pub(crate) fn print_diagram_stats(
    report: &ReportArgs,
    diagram: &Diagram,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    if !report.stats {
        return Ok(());
    }
    let memo = diagram.stats();
    let seconds = start.elapsed().as_secs_f64();
    if let Some(sweep) = diagram.sweep_stats() {
        return print_layered_stats(report, diagram, &sweep, output, seconds);
    }
    if report.json {
        output.json(&Line::Stats {
            solutions: Some(diagram.count().clone()),
            nodes: memo.nodes,
            updates: memo.updates,
            max_level: memo.max_level,
            seconds,
            extra: fields(serde_json::json!({
                "method": "memo",
                "diagram_nodes": diagram.len(),
                "parts": memo.parts,
                "splits": memo.splits,
            })),
        })?;
        return output.flush();
    }
    note(&format!(
        "method: memoised, every subproblem kept\nsolutions: {}\nnodes: {}\nupdates: {}\ndiagram nodes: {}\nparts: {} in {} splits\ntime: {seconds:.3} s",
        diagram.count(),
        memo.nodes,
        memo.updates,
        diagram.len(),
        memo.parts,
        memo.splits,
    ));
    Ok(())
}

/// `--stats` of a diagram built layer by layer: the layers, the window,
/// the states made, and the layers kept (every one, or checkpoints).
fn print_layered_stats(
    report: &ReportArgs,
    diagram: &Diagram,
    sweep: &SweepStats,
    output: &mut Output,
    seconds: f64,
) -> anyhow::Result<()> {
    let memo = diagram.stats();
    if report.json {
        output.json(&Line::Stats {
            solutions: Some(diagram.count().clone()),
            nodes: memo.nodes,
            updates: memo.updates,
            max_level: memo.max_level,
            seconds,
            extra: {
                let mut extra = layered_fields(sweep, &memo);
                extra.extend(fields(serde_json::json!({
                    "kept_layers": sweep.kept_layers,
                    "kept_bytes": sweep.kept_bytes,
                    "checkpoint_interval": sweep.checkpoint_interval,
                })));
                extra
            },
        })?;
        return output.flush();
    }
    let kept = if sweep.checkpoint_interval > 1 {
        format!(
            "{} (checkpoints every {} layers; the layers between made again for each batch of draws)",
            sweep.kept_layers, sweep.checkpoint_interval
        )
    } else {
        format!("{} (every layer)", sweep.kept_layers)
    };
    note(&format!(
        "method: memoised, layer by layer along the sweep, the layers kept\nsolutions: {}\nnodes: {}\nlayers: {}\nwindow: {} items\nwidest layer: {} states\nstates: {}\nstates met again: {}\nlayers kept: {kept}\nkept: {:.1} MiB\npeak: {:.1} MiB (two layers)\ntime: {seconds:.3} s",
        diagram.count(),
        memo.nodes,
        sweep.layers,
        sweep.window,
        sweep.widest,
        memo.misses,
        memo.hits,
        sweep.kept_bytes as f64 / f64::from(1 << 20),
        sweep.peak_bytes as f64 / f64::from(1 << 20),
    ));
    Ok(())
}
