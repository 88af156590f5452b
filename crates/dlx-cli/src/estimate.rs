//! `dlx estimate`: Knuth's random-probe estimate of a search before it is run, and the shards it suggests.
//!
//! It is not a search command and takes none of [`RunArgs`](crate::shared::RunArgs):
//! its work is bounded by `--probes` and a 0.2 s calibration on one thread,
//! so threads, progress and node budgets would have nothing to act on. It
//! listens for Ctrl-C and SIGTERM all the same (many probes of a large
//! problem take a while): stopped, it prints the estimate of the probes
//! made, marked partial.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use dlx_core::{Budget, Problem, Solver, Step, Stop, WyRand};

use crate::shared::{fields, out, parse_problem, read_input, Other, Output, Stops, JSON_HELP};

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
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx estimate data/pentomino-6x10.dlx\n  dlx estimate --probes 100000 --seed 7 data/bench/queens-13.dlx\n  dlx estimate --shard-time 1h problem.dlx"
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
    #[arg(long, help = JSON_HELP)]
    json: bool,
}

/// How long the real search runs to measure this machine's rate.
const CALIBRATION: Duration = Duration::from_millis(200);

/// The z value of a two-sided 95% normal interval.
const Z95: f64 = 1.96;

/// The subproblems `dlx count` should split into per shard, so that the
/// shards' work evens out (the dlx-parallel README asks for 16 to 64 per thread).
const PIECES_PER_SHARD: u64 = 64;

pub(crate) fn run(args: EstimateArgs) -> anyhow::Result<()> {
    let bytes = read_input(args.file.as_deref())?;
    let problem = parse_problem(&bytes, args.file.as_deref())?;
    let start = Instant::now();
    let stops = Stops::new(None, None, None)?;
    let (probes, stopped) = probe(&problem, args.probes, args.seed, &stops.budget());
    let [nodes, updates, solutions] = probes;
    // The probes made: all of them, unless a signal stopped them.
    let made = stopped.map_or(args.probes, |(_, made)| made);
    let probing = start.elapsed();
    if let Some((stop, made @ 0..2)) = stopped {
        // Fewer than two probes make no estimate, nor an interval.
        let seconds = start.elapsed().as_secs_f64();
        let what = format!("{made} probes make no estimate, so nothing is printed");
        return Err(stops.ended(stop, seconds, &what, "", args.json));
    }
    let ended = |output: &mut Output| -> anyhow::Result<()> {
        output.flush()?;
        match stopped {
            None => Ok(()),
            Some((stop, made)) => Err(stops.ended(
                stop,
                start.elapsed().as_secs_f64(),
                &format!("the estimate is from {made} of the {} probes", args.probes),
                "",
                args.json,
            )),
        }
    };
    let calibration = calibrate(&problem);
    let rate = calibration.rate();

    let mut output = Output::new();
    if args.json {
        write_json(
            &mut output,
            &args,
            made,
            [&nodes, &updates, &solutions],
            &calibration,
        )?;
        return ended(&mut output);
    }
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
        if mean.hits == 0.0 {
            // Solutions can hide deep in a tree that every probe missed:
            // nothing is known then, not even a spread.
            out!(
                output,
                "{name:<10} {:>16}   unknown: none of the probes reached one",
                "?"
            )?;
            continue;
        }
        let (low, high) = mean.interval();
        out!(
            output,
            "{name:<10} {:>16}   {} to {}",
            approx(mean.mean(), Round::Nearest),
            approx(low, Round::Down),
            approx(high, Round::Up)
        )?;
    }
    let (low, high) = updates.interval();
    let seconds = updates.mean() / rate;
    out!(
        output,
        "{:<10} {:>16}   {} to {}",
        "time",
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

/// The estimate as one JSON line of type `estimate`: each figure's mean
/// and 95% interval (`null` where no probe reached a solution), the time in
/// seconds, the rate, the exact figures when the calibration finished the
/// search, and the shards suggested.
fn write_json(
    output: &mut Output,
    args: &EstimateArgs,
    made: u32,
    [nodes, updates, solutions]: [&Mean; 3],
    calibration: &Calibration,
) -> anyhow::Result<()> {
    let rate = calibration.rate();
    let figure = |mean: &Mean, scale: f64| {
        if mean.hits == 0.0 {
            return serde_json::Value::Null;
        }
        let (low, high) = mean.interval();
        serde_json::json!({ "estimate": mean.mean() / scale, "low": low / scale, "high": high / scale })
    };
    let seconds = updates.mean() / rate;
    let shards = (seconds / args.shard_time.as_secs_f64().max(1e-3))
        .ceil()
        .max(1.0);
    let mut line = fields(serde_json::json!({
        "probes": made,
        "seed": args.seed,
        "nodes": figure(nodes, 1.0),
        "updates": figure(updates, 1.0),
        "solutions": figure(solutions, 1.0),
        "seconds": figure(updates, rate),
        "updates_per_second": rate,
        // A float beyond u64 saturates: no cluster has that many machines anyway.
        "shards": shards as u64,
    }));
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
    output.json(&Other {
        kind: "estimate",
        fields: line,
    })?;
    output.flush()
}

/// The mean and spread of one estimate over the probes.
#[derive(Debug, Default)]
struct Mean {
    n: f64,
    /// How many probes gave more than 0.
    hits: f64,
    sum: f64,
    sum_of_squares: f64,
}

impl Mean {
    fn add(&mut self, x: f64) {
        self.n += 1.0;
        if x > 0.0 {
            self.hits += 1.0;
        }
        self.sum += x;
        self.sum_of_squares += x * x;
    }

    fn mean(&self) -> f64 {
        self.sum / self.n
    }

    /// The mean ± 1.96 standard errors (the sample's standard deviation over √n), at least 0.
    fn interval(&self) -> (f64, f64) {
        let mean = self.mean();
        let variance = (self.sum_of_squares / self.n - mean * mean).max(0.0) * self.n
            / (self.n - 1.0).max(1.0);
        let half = Z95 * (variance / self.n).sqrt();
        ((mean - half).max(0.0), mean + half)
    }
}

/// Runs `probes` probes from `seed`; the nodes, updates and solutions they
/// estimate, and, if the budget stopped them, why and how many were made.
fn probe(
    problem: &Problem,
    probes: u32,
    seed: u64,
    budget: &Budget,
) -> ([Mean; 3], Option<(Stop, u32)>) {
    let mut solver = Solver::new(problem);
    let mut random = WyRand::new(seed);
    let mut means = [Mean::default(), Mean::default(), Mean::default()];
    for made in 0..probes {
        // A probe is a walk down the tree: the budget is looked at often enough.
        if made % 64 == 0 {
            if let Err(stop) = budget.check() {
                return (means, Some((stop, made)));
            }
        }
        let probe = solver.probe(|d| random.below(d));
        for (mean, x) in means
            .iter_mut()
            .zip([probe.nodes, probe.updates, probe.solutions])
        {
            mean.add(x);
        }
    }
    (means, None)
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
