//! `dlx estimate`: Knuth's random-probe estimate of a search before it is run, the method the count will use, and the shards it suggests.
//!
//! It is not a search command and takes none of [`RunArgs`](crate::shared::RunArgs):
//! its work is bounded by `--probes`, a 0.2 s calibration on one thread,
//! the count's decision (a few thousand nodes) and `--memo-time`, so
//! threads, progress and node budgets would have nothing to act on. It
//! listens for Ctrl-C and SIGTERM all the same (many probes of a large
//! problem take a while): stopped, it prints the estimate of the probes
//! made, marked partial.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use clap::Args;
use dlx_core::memo::SweepStats;
use dlx_core::{
    Budget, Count, CountJob, CountMode, Mean, Method, Problem, Solver, Step, Stop, Why,
};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::shared::{
    default_memo_settings, fields, out, parse_problem, read_input, Output, ResultExt as _, Stops,
    JSON_HELP,
};

/// Estimate how long a search will take, before running it.
///
/// Knuth's random probes (TAOCP 7.2.2, Theorem E): each probe walks from the
/// root of the search tree to a leaf, taking one of each node's d
/// alternatives at random, and estimates the tree's nodes as
/// 1 + d1 + d1 d2 + ..., and its updates and solutions likewise. The mean
/// over the probes is unbiased; the interval printed is the mean ± 1.96
/// standard errors of the probes (95% if their spread is representative: a
/// lopsided tree can hide a large subtree from every probe, so prefer many
/// probes). The time is the estimated updates at the rate of this machine,
/// measured by running the real search for a moment on one thread (updates,
/// not nodes: a node near the root costs far more than one near the leaves,
/// and the moment of measurement sees only the first). The
/// shards are what `dlx count --shard I/N` would need for each to take about
/// `--shard-time` on one thread.
///
/// The probes walk the plain search's tree, but a count may memoise: it
/// then counts far faster than these figures say (the 12,988,816 domino
/// tilings of an 8 x 8 board in milliseconds, not seconds). So the
/// estimate decides, as `dlx solve --count` does and by the same rule (a
/// short count of each kind, and the memoised probe's leverage), which
/// method the count will use, and says which (`--memo` and `--no-memo`
/// force either way, as they do there). When it memoises, the figures above
/// are labelled the plain search's, and the memoised count runs for
/// `--memo-time` on one thread: the exact count and its time if it
/// finishes, else the time it ran, which the count exceeds; no shards are
/// suggested then, as `dlx count --shard` searches plainly.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx estimate data/pentomino-6x10.dlx\n  dlx polyomino --board 8x8 --pieces domino --emit-dlx | dlx estimate\n  dlx estimate --probes 100000 --seed 7 data/bench/queens-13.dlx\n  dlx estimate --shard-time 1h problem.dlx"
)]
pub(crate) struct EstimateArgs {
    /// The problem file (Knuth's DLX format); standard input when absent or `-`.
    file: Option<PathBuf>,
    /// How many random probes to average.
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(2..))]
    probes: u32,
    /// The seed of the probes' random choices: the same seed gives the same estimate.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The time each shard of a cluster count should take on one thread.
    #[arg(long, value_name = "DURATION", default_value = "10m", value_parser = humantime::parse_duration)]
    shard_time: Duration,
    /// Take the memoised count as the count's method, as `dlx solve --count
    /// --memo` does, whether or not it pays.
    #[arg(long, conflicts_with = "no_memo")]
    memo: bool,
    /// Take the plain search as the count's method, as `dlx solve --count
    /// --no-memo` does: no decision, no memoised count.
    #[arg(long)]
    no_memo: bool,
    /// How long the memoised count may run, when it is the count's method,
    /// to find its count and time (or that it takes more).
    #[arg(long, value_name = "DURATION", default_value = "1s", value_parser = humantime::parse_duration)]
    memo_time: Duration,
    #[arg(long, help = JSON_HELP)]
    json: bool,
}

/// How long the real search runs to measure this machine's rate.
const CALIBRATION: Duration = Duration::from_millis(200);

/// The subproblems `dlx count` should split into per shard, so that the
/// shards' work evens out (the dlx-parallel README asks for 16 to 64 per thread).
const PIECES_PER_SHARD: u64 = 64;

pub(crate) fn run(args: EstimateArgs) -> anyhow::Result<()> {
    let bytes = read_input(args.file.as_deref())?;
    let problem = parse_problem(&bytes, args.file.as_deref())?;
    let start = Instant::now();
    let stops = Stops::new(None, None, None)?;
    let mut solver = Solver::new(&problem);
    solver.set_budget(stops.budget());
    let estimate = solver.estimate(u64::from(args.probes), args.seed);
    let (nodes, updates, solutions) = (
        estimate.value.nodes,
        estimate.value.updates,
        estimate.value.solutions,
    );
    // The probes made: all of them, unless a signal stopped them.
    let made = u32::try_from(estimate.value.probes).unwrap_or(args.probes);
    let stopped = estimate.outcome.stop().map(|stop| (stop, made));
    let probing = start.elapsed();
    if let Some((stop, made @ 0..2)) = stopped {
        // Fewer than two probes make no estimate, nor an interval.
        let seconds = start.elapsed().as_secs_f64();
        let what = format!("{made} probes make no estimate, so nothing is printed");
        return Err(stops.ended(stop, seconds, &what, "", args.json));
    }
    let calibration = calibrate(&problem);
    let method = count_method(&problem, &args, &stops.budget())?;
    // The first stop says what the output lacks.
    let stopped = match (stopped, &method) {
        (Some((stop, made)), _) => Some((
            stop,
            format!("the estimate is from {made} of the {} probes", args.probes),
        )),
        (None, CountMethod::Undecided(stop)) => {
            Some((*stop, "the count's method was not decided".to_owned()))
        }
        (None, CountMethod::Memo(trial)) => {
            trial.stop.filter(|&stop| stop != Stop::Time).map(|stop| {
                (
                    stop,
                    "the memoised count was stopped before its time was up".to_owned(),
                )
            })
        }
        (None, CountMethod::Plain(_)) => None,
    };
    let ended = |output: &mut Output| -> anyhow::Result<()> {
        output.flush()?;
        match &stopped {
            None => Ok(()),
            Some((stop, what)) => {
                Err(stops.ended(*stop, start.elapsed().as_secs_f64(), what, "", args.json))
            }
        }
    };
    let rate = calibration.rate();

    let mut output = Output::new();
    if args.json {
        write_json(
            &mut output,
            &args,
            made,
            [&nodes, &updates, &solutions],
            &calibration,
            &method,
        )?;
        return ended(&mut output);
    }
    let memoised = matches!(method, CountMethod::Memo(_));
    out!(
        output,
        "Knuth's estimate from {} random probes (seed {}), in {:.2} s",
        made,
        args.seed,
        probing.as_secs_f64()
    )?;
    out!(
        output,
        "{:<10} {:>16}   95% interval (mean ± 1.96 standard errors)",
        "",
        "estimate"
    )?;
    for (name, mean) in [
        ("nodes", &nodes),
        ("updates", &updates),
        ("solutions", &solutions),
    ] {
        if mean.hits() == 0 {
            // Solutions can hide deep in a tree that every probe missed:
            // nothing is known then, not even a spread.
            out!(
                output,
                "{name:<10} {:>16}   unknown: none of the probes reached one",
                "?"
            )?;
            continue;
        }
        let (low, high) = mean.interval(Mean::Z95);
        out!(
            output,
            "{name:<10} {:>16}   {} to {}",
            approx(mean.mean(), Round::Nearest),
            approx(low, Round::Down),
            approx(high, Round::Up)
        )?;
    }
    let (low, high) = updates.interval(Mean::Z95);
    let seconds = updates.mean() / rate;
    out!(
        output,
        "{:<10} {:>16}   {} to {}",
        // The probes walk the plain search's tree: when the count is
        // memoised, this is not its time, and the row says whose it is.
        if memoised { "plain time" } else { "time" },
        duration(seconds),
        duration(low / rate),
        duration(high / rate)
    )?;
    out!(
        output,
        "rate: {} updates/s on one thread of this machine, from {} updates searched in {:.2} s",
        approx(rate, Round::Nearest),
        calibration.stats.updates,
        calibration.seconds
    )?;
    if calibration.done {
        let stats = calibration.stats;
        out!(
            output,
            "exact: the search ended within the measurement: {} nodes, {} updates, {} solutions",
            stats.nodes,
            stats.updates,
            stats.solutions
        )?;
    }
    match &method {
        CountMethod::Undecided(_) => out!(
            output,
            "count method: undecided (stopped before the decision)"
        )?,
        CountMethod::Plain(why) => {
            out!(output, "count method: plain search ({})", plain_says(*why))?
        }
        CountMethod::Memo(trial) => {
            out!(
                output,
                "count method: {} ({}); the figures above are the plain search's (--no-memo), not the count's",
                trial.name(),
                trial.says()
            )?;
            let ran = short_duration(trial.seconds);
            match &trial.count {
                Some(count) => out!(
                    output,
                    "{}: exact, {count} solutions in {ran} on one thread",
                    trial.noun()
                )?,
                None => out!(
                    output,
                    "{}: more than {ran} on one thread (not finished when stopped after {ran}; --memo-time gives it longer)",
                    trial.noun()
                )?,
            }
        }
    }
    if let CountMethod::Memo(trial) = &method {
        // The memoised count's time is not known until it finishes, and
        // its shards recount the subproblems they share: no number of
        // shards is advised for a count that memoises.
        match trial.count {
            Some(_) => out!(
                output,
                "shards: one process is enough (the {} took {})",
                trial.noun(),
                short_duration(trial.seconds)
            )?,
            None => out!(
                output,
                "shards: none suggested (the memoised count's time is not known before it finishes; dlx count --shard memoises too)"
            )?,
        }
        return ended(&mut output);
    }
    let shard_seconds = args.shard_time.as_secs_f64().max(1e-3);
    let shards = (seconds / shard_seconds).ceil();
    if shards <= 1.0 {
        out!(
            output,
            "shards: one process is enough (under {} on one thread)",
            humantime::format_duration(args.shard_time)
        )?;
    } else {
        // A float beyond u64 saturates: no cluster has that many machines anyway.
        let shards = shards as u64;
        let file = args
            .file
            .as_ref()
            .map_or_else(|| "FILE".to_owned(), |f| f.display().to_string());
        out!(
            output,
            "shards: {shards} of about {} each on one thread: dlx count --pieces {} --shard I/{shards} {file}",
            duration(seconds / shards as f64),
            shards.saturating_mul(PIECES_PER_SHARD)
        )?;
    }
    ended(&mut output)
}

/// The search `dlx solve --count` would count with.
#[derive(Debug)]
enum CountMethod {
    /// A signal stopped the run before the decision.
    Undecided(Stop),
    /// Knuth's search, visiting every solution; why.
    Plain(Why),
    /// The memoised count, and what running it for `--memo-time` found.
    Memo(MemoTrial),
}

/// Why the count is plain, in the words of the estimate's report.
fn plain_says(why: Why) -> String {
    match why {
        Why::Asked => "--no-memo".to_owned(),
        Why::Leverage(leverage) => {
            format!("the probe's leverage {leverage:.2} is too low for the memoised count to pay")
        }
        Why::Cannot => "the memoised count cannot count this problem".to_owned(),
        Why::Projected { .. } => why.to_string(),
        _ => "it finished while deciding".to_owned(),
    }
}

/// The memoised count (or the determinant of a planar matching problem),
/// run for at most `--memo-time` after the decision.
#[derive(Debug)]
struct MemoTrial {
    /// The count's method: the memoised count or the determinant.
    method: Method,
    /// Why the count memoises.
    why: Why,
    /// The layers and the window, when it runs layer by layer.
    layered: Option<SweepStats>,
    /// The count, if it finished.
    count: Option<Count>,
    /// The seconds it ran, the decision included: its time if it finished,
    /// else less than its time.
    seconds: f64,
    /// It finished while deciding.
    while_deciding: bool,
    /// What stopped it (the time given, or a signal), if it did not finish.
    stop: Option<Stop>,
}

impl MemoTrial {
    fn says(&self) -> String {
        if let Some(sweep) = self.layered {
            return format!(
                "layer by layer along the sweep of the items: {} layers, a window of {} items",
                sweep.layers, sweep.window
            );
        }
        match self.why {
            Why::Planar | Why::Projected { .. } => self.why.to_string(),
            Why::Leverage(leverage) => format!("the probe's leverage {leverage:.3e}"),
            _ if self.while_deciding => "it finished while deciding".to_owned(),
            _ => "--memo".to_owned(),
        }
    }

    /// The method's name in the report.
    fn name(&self) -> &'static str {
        match self.method {
            Method::Dimers => "Kasteleyn's determinant",
            _ => "memoised",
        }
    }

    /// What ran, in the report.
    fn noun(&self) -> &'static str {
        match self.method {
            Method::Dimers => "determinant",
            _ => "memoised count",
        }
    }

    /// The leverage of the probe that decided (`None` with `--memo`, when
    /// the count finished before the probe could say, or when it runs layer
    /// by layer, which needs no probe).
    fn leverage(&self) -> Option<f64> {
        self.why.leverage().filter(|_| self.layered.is_none())
    }
}

/// Decides the count's method as `dlx solve --count` would, with the same
/// rule ([`CountJob`]) and settings, within its own bounds (some 8192
/// nodes of the two searches, a few milliseconds); when the count is
/// memoised and unfinished, runs it on for `--memo-time`. Only a signal
/// stops it early.
fn count_method(
    problem: &Problem,
    args: &EstimateArgs,
    budget: &Budget,
) -> anyhow::Result<CountMethod> {
    if args.no_memo {
        return Ok(CountMethod::Plain(Why::Asked));
    }
    if let Err(stop) = budget.check() {
        return Ok(CountMethod::Undecided(stop));
    }
    let mode = if args.memo {
        CountMode::Memo
    } else {
        CountMode::Auto
    };
    let started = Instant::now();
    let mut job = CountJob::new(problem, &default_memo_settings(), mode)
        .context("--memo cannot count this problem")
        .bad_input()?;
    job.set_budget(budget.clone());
    // The decision (or the start of the count --memo names).
    let decided = job.run(0).cloned();
    let (method, why) = job
        .method()
        .context("internal error: the count is undecided")?;
    let trial = |counted: &dlx_core::Counted, while_deciding| MemoTrial {
        method,
        why,
        layered: counted.sweep,
        count: counted.count.clone(),
        seconds: started.elapsed().as_secs_f64(),
        while_deciding,
        stop: counted.outcome.stop(),
    };
    if let Some(counted) = decided {
        return Ok(match counted.method {
            Method::Plain => CountMethod::Plain(why),
            _ => CountMethod::Memo(trial(&counted, true)),
        });
    }
    if method == Method::Plain {
        // A stopped decision is plain: the stop is the signal's.
        if let Err(stop) = budget.check() {
            return Ok(CountMethod::Undecided(stop));
        }
        return Ok(CountMethod::Plain(why));
    }
    let deadline = Instant::now().checked_add(args.memo_time);
    job.set_budget(deadline.map_or_else(|| budget.clone(), |d| budget.clone().with_deadline(d)));
    let counted = job.finish();
    Ok(CountMethod::Memo(trial(&counted, false)))
}

/// The `estimate` JSON line: [`write_json`]'s fields, and the memoised
/// count's when it is the count's method.
#[derive(Serialize)]
struct EstimateLine {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    fields: Map<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    memo: Option<MemoLine>,
}

/// The `memo` field of the `estimate` line.
#[derive(Serialize)]
struct MemoLine {
    finished: bool,
    layered: bool,
    seconds: f64,
    #[serde(
        serialize_with = "crate::shared::exact_some",
        skip_serializing_if = "Option::is_none"
    )]
    count: Option<Count>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_decimal: Option<String>,
}

/// The estimate as one JSON line of type `estimate`: each figure's mean
/// and 95% interval (`null` where no probe reached a solution), the time in
/// seconds, the rate, the exact figures when the calibration finished the
/// search, the shards suggested, the count's method, and what the
/// memoised count's run found when it is the method.
fn write_json(
    output: &mut Output,
    args: &EstimateArgs,
    made: u32,
    [nodes, updates, solutions]: [&Mean; 3],
    calibration: &Calibration,
    method: &CountMethod,
) -> anyhow::Result<()> {
    let rate = calibration.rate();
    let figure = |mean: &Mean, scale: f64| {
        if mean.hits() == 0 {
            return Value::Null;
        }
        let (low, high) = mean.interval(Mean::Z95);
        serde_json::json!({ "estimate": mean.mean() / scale, "low": low / scale, "high": high / scale })
    };
    let seconds = updates.mean() / rate;
    let shards = match method {
        // A finished memoised count needs no shards, an unfinished one has
        // none to suggest (the shards search plainly).
        CountMethod::Memo(MemoTrial { count: Some(_), .. }) => Value::from(1),
        CountMethod::Memo(_) => Value::Null,
        // A float beyond u64 saturates: no cluster has that many machines anyway.
        _ => Value::from(
            (seconds / args.shard_time.as_secs_f64().max(1e-3))
                .ceil()
                .max(1.0) as u64,
        ),
    };
    let count_method = match method {
        CountMethod::Undecided(_) => Value::Null,
        CountMethod::Plain(_) => "plain".into(),
        CountMethod::Memo(trial) => trial.method.name().into(),
    };
    let mut line = fields(serde_json::json!({
        "probes": made,
        "seed": args.seed,
        "nodes": figure(nodes, 1.0),
        "updates": figure(updates, 1.0),
        "solutions": figure(solutions, 1.0),
        "seconds": figure(updates, rate),
        "updates_per_second": rate,
        "shards": shards,
        "count_method": count_method,
    }));
    let leverage = match method {
        CountMethod::Plain(Why::Leverage(leverage)) => Some(*leverage),
        CountMethod::Memo(trial) => trial.leverage(),
        _ => None,
    };
    if let Some(leverage) = leverage {
        line.insert("leverage".to_owned(), leverage.into());
    }
    if calibration.done {
        let stats = calibration.stats;
        line.insert(
            "exact".to_owned(),
            serde_json::json!({
                "nodes": stats.nodes,
                "updates": stats.updates,
                "solutions": stats.solutions,
            }),
        );
    }
    let memo = match method {
        CountMethod::Memo(trial) => Some(MemoLine {
            finished: trial.count.is_some(),
            layered: trial.layered.is_some(),
            seconds: trial.seconds,
            count: trial.count.clone(),
            count_decimal: trial.count.as_ref().map(Count::to_string),
        }),
        _ => None,
    };
    output.json(&EstimateLine {
        kind: "estimate",
        fields: line,
        memo,
    })?;
    output.flush()
}

/// The real search, run for a moment on one thread to measure this machine's rate.
struct Calibration {
    stats: dlx_core::Stats,
    seconds: f64,
    /// The search ended within the moment: its statistics are exact.
    done: bool,
}

impl Calibration {
    /// Updates per second (for a search too short to time, as if it took a microsecond).
    fn rate(&self) -> f64 {
        self.stats.updates.max(1) as f64 / self.seconds.max(1e-6)
    }
}

fn calibrate(problem: &Problem) -> Calibration {
    let mut solver = Solver::new(problem);
    let start = Instant::now();
    let done = loop {
        // Small budgets keep the run close to the moment asked for.
        match solver.run_counting(4096) {
            Step::End(_) => break true,
            Step::Solution | Step::Paused => {}
        }
        if start.elapsed() >= CALIBRATION {
            break false;
        }
    };
    Calibration {
        stats: *solver.stats(),
        seconds: start.elapsed().as_secs_f64(),
        done,
    }
}

/// Which way to round an estimate for printing: the ends of an interval are
/// rounded outward, so that the printed interval holds the computed one.
#[derive(Copy, Clone, Debug)]
enum Round {
    Nearest,
    Down,
    Up,
}

/// A non-negative estimate to 4 significant digits: `3,627,000`, `1.984`, `2.500e21`.
fn approx(x: f64, round: Round) -> String {
    if !x.is_finite() || x >= 1e18 {
        return format!("{x:.3e}");
    }
    if x <= 0.0 {
        return "0".to_owned();
    }
    let magnitude = x.log10().floor() as i32;
    // Round at the 4th significant digit (or at units for large numbers).
    let unit = 10f64.powi(magnitude - 3);
    let scaled = x / unit;
    let scaled = match round {
        Round::Nearest => scaled.round(),
        Round::Down => scaled.floor(),
        Round::Up => scaled.ceil(),
    };
    let value = scaled * unit;
    if magnitude >= 3 {
        // A whole number below 10^18: exact in u64, and printed with its thousands grouped.
        let digits = (value.round() as u64).to_string();
        let mut grouped = String::with_capacity(digits.len() * 4 / 3);
        for (k, c) in digits.chars().enumerate() {
            if k > 0 && (digits.len() - k) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(c);
        }
        grouped
    } else {
        let decimals = usize::try_from(3 - magnitude).unwrap_or(0);
        format!("{value:.decimals$}")
    }
}

/// A time measured, as people read it: [`duration`], or milliseconds
/// below 10 ms (`0.23 ms`), which a count that memoises often takes.
fn short_duration(seconds: f64) -> String {
    if seconds < 0.01 {
        return format!("{:.2} ms", seconds * 1e3);
    }
    duration(seconds)
}

/// Seconds, as people read them: `0.042 s`, `13.6 s`, `2h 13m`, `41 days`.
fn duration(seconds: f64) -> String {
    if !seconds.is_finite() || seconds > 1e6 * 86_400.0 {
        return format!("{:.3e} days", seconds / 86_400.0);
    }
    if seconds < 10.0 {
        return format!("{seconds:.3} s");
    }
    if seconds < 60.0 {
        return format!("{seconds:.1} s");
    }
    if seconds > 30.0 * 86_400.0 {
        return format!("{:.0} days", seconds / 86_400.0);
    }
    // Whole minutes above an hour, whole seconds below.
    let granularity = if seconds >= 3600.0 { 60 } else { 1 };
    let rounded = (seconds as u64).div_ceil(granularity) * granularity;
    humantime::format_duration(Duration::from_secs(rounded)).to_string()
}
