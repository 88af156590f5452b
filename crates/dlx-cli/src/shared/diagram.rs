//! What the commands that build a decision diagram share (`dlx sample`, `dlx solve --frequencies`, the board subcommands' `--sample` and `--frequencies`): solutions drawn from it, with a seed when none is given, the frequencies of the options (from the diagram, or from Kasteleyn's determinant where the count takes it), and the diagram's statistics.

use std::time::Instant;

use dlx_core::{Count, Counted, Diagram, Method, OptionId, Outcome, Problem};
use dlx_parallel::{CountedBy, OptionCounts};

use crate::shared::{
    fields, layered_fields, note, print_count_stats, Line, Output, ReportArgs, Run,
};

/// A seed for a draw that was given none: the clock's nanoseconds and the
/// process id, mixed.
fn seed_from_clock() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // The low bits move fastest; the process id separates runs started together.
    let mixed = (nanos as u64) ^ ((nanos >> 64) as u64) ^ (u64::from(std::process::id()) << 40);
    dlx_core::WyRand::new(mixed).next_u64() >> 11
}

/// A draw of solutions from a diagram, as the flags ask for it.
pub(crate) struct Draw<'a> {
    /// The command or flag that asks for it, for a refusal (`dlx sample`, `--sample`).
    pub(crate) what: &'static str,
    /// `--seed`, if given.
    pub(crate) seed: Option<u64>,
    /// How many to draw.
    pub(crate) samples: u64,
    /// What the answers drawn are called, in the plural (`solutions`, `packings`).
    pub(crate) answers: &'a str,
    /// The solutions of the problem that make one answer.
    pub(crate) per_answer: u64,
    /// `--json` and `--stats`.
    pub(crate) report: &'a ReportArgs,
}

/// Draws solutions of `problem` uniformly at random from its diagram: the
/// seed said (in a `sampling` JSON line with the number of answers, or on
/// standard error when it was picked from the clock), `no solution` said
/// when there is none, and each solution drawn handed to `each` with its
/// index; then the diagram's statistics, and the run ends.
pub(crate) fn draw_samples(
    run: &mut Run,
    problem: &Problem,
    draw: &Draw<'_>,
    output: &mut Output,
    start: Instant,
    mut each: impl FnMut(&mut Output, usize, Vec<OptionId>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let seed = draw.seed.unwrap_or_else(seed_from_clock);
    let Some(diagram) = run.diagram(problem, draw.what)? else {
        return run.finish_unprinted(if problem.matchings().is_some() {
            "the diagram to draw from (samples come from the memoised count's diagram, \
             which grows exponentially with the board's width; Kasteleyn's determinant, which \
             counts this board, draws no samples yet)"
        } else {
            "the diagram to draw from"
        });
    };
    let count = diagram.count().div_floor(draw.per_answer.max(1));
    if draw.report.json {
        output.json(&Line::Sampling {
            seed,
            count_decimal: count.to_string(),
            count: count.clone(),
        })?;
    } else if draw.seed.is_none() {
        let answers = draw.answers;
        note(&format!(
            "dlx: seed {seed} (--seed {seed} draws these {answers} again)"
        ));
    }
    if count.is_zero() {
        draw.report.no_solution(output, None)?;
    }
    // Beyond `usize`, as many as `usize` holds: the output would fill any disk first.
    let draws = usize::try_from(draw.samples).unwrap_or(usize::MAX);
    for (index, solution) in diagram.samples(seed).take(draws).enumerate() {
        each(output, index, solution)?;
    }
    finish(run, draw.report, &diagram, output, start, "the sample")
}

/// `--frequencies`: each option's number of solutions of `problem` (by
/// the count's method, [`Run::frequencies`]) given to `each`, in the
/// problem's order, then the number of answers (the solutions,
/// `per_answer` to an answer) printed; then the method's statistics (the
/// diagram's, or the determinant's as a count by it says them), and the
/// run ends.
pub(crate) fn print_frequencies(
    run: &mut Run,
    problem: &Problem,
    per_answer: u64,
    report: &ReportArgs,
    output: &mut Output,
    start: Instant,
    each: impl FnOnce(&mut Output, Vec<Count>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let Some(counts) = run.frequencies(problem, "--frequencies")? else {
        return run.finish_unprinted("the frequencies' count");
    };
    let OptionCounts {
        total,
        each: options,
        by,
        ..
    } = counts;
    each(output, options)?;
    let answers = total.div_floor(per_answer.max(1));
    report.count(output, None, answers, None)?;
    match by {
        CountedBy::Diagram(diagram) => {
            finish(run, report, &diagram, output, start, "the frequencies")
        }
        CountedBy::Dimers(why) => {
            output.flush()?;
            let counted = Counted::new(Some(total), Outcome::Finished, Method::Dimers, why);
            print_count_stats(&counted, start.elapsed().as_secs_f64(), output, report)?;
            run.finish("the frequencies")
        }
    }
}

/// Ends a run that built a diagram: the output flushed, the diagram's
/// statistics (`--stats`), then an error saying that `what` is partial if
/// the run stopped.
fn finish(
    run: &Run,
    report: &ReportArgs,
    diagram: &Diagram,
    output: &mut Output,
    start: Instant,
    what: &str,
) -> anyhow::Result<()> {
    output.flush()?;
    print_diagram_stats(report, diagram, output, start)?;
    run.finish(what)
}

/// `--stats` of a run that built a diagram: the memoised count's nodes and
/// updates, the diagram's size and the time, and for a diagram built layer
/// by layer its layers, window, states and the layers kept; on standard
/// error, or as a `stats` line with `--json`.
fn print_diagram_stats(
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
    let sweep = diagram.sweep_stats();
    if report.json {
        let extra = match &sweep {
            Some(sweep) => {
                let mut extra = layered_fields(sweep, &memo);
                extra.extend(fields(serde_json::json!({
                    "kept_layers": sweep.kept_layers,
                    "kept_bytes": sweep.kept_bytes,
                    "checkpoint_interval": sweep.checkpoint_interval,
                })));
                extra
            }
            None => fields(serde_json::json!({
                "method": "memo",
                "diagram_nodes": diagram.len(),
                "parts": memo.parts,
                "splits": memo.splits,
            })),
        };
        output.json(&Line::Stats {
            solutions: Some(diagram.count().clone()),
            nodes: memo.nodes,
            updates: memo.updates,
            max_level: memo.max_level,
            seconds,
            extra,
        })?;
        return output.flush();
    }
    let Some(sweep) = sweep else {
        note(&format!(
            "method: memoised, every subproblem kept\nsolutions: {}\nnodes: {}\nupdates: {}\ndiagram nodes: {}\nparts: {} in {} splits\ntime: {seconds:.3} s",
            diagram.count(),
            memo.nodes,
            memo.updates,
            diagram.len(),
            memo.parts,
            memo.splits,
        ));
        return Ok(());
    };
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
