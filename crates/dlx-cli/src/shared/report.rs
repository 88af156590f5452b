//! What a search command reports besides its answers, and how: `--json`, `--stats`, "no solution", and the JSON lines themselves.
//!
//! With `--json` every line on standard output is one JSON object whose
//! first field is `"type"` (the [`Line`] kinds); the schema is
//! `crates/dlx-cli/schema/dlx-output.schema.json`, and a test checks real
//! output against it. Every index in a JSON line counts from 0 (options,
//! solutions, cases, rows, columns, pieces, sticks); values that are the
//! puzzle's own (sudoku digits, lottery numbers) are written as the puzzle
//! writes them. Without `--json`, the statistics and "no solution" go to
//! standard error, so that standard output holds answers alone.

use clap::Args;
use dlx_core::{Count, Stats};
use indicatif::HumanCount;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::shared::{note, Output};

/// The help of `--json`, the same words on every subcommand.
pub(crate) const JSON_HELP: &str = "Print one JSON object a line on standard output, each with a \"type\" (solution, optimum, count, stats, no_solution, partial, ...); indices count from 0 (see the CLI README for the schema)";

/// The help of `--stats`, the same words on every subcommand.
pub(crate) const STATS_HELP: &str = "Print Knuth's statistics (solutions, nodes, updates, max level) and the time: to standard error, or as a \"stats\" line with --json";

/// `--json` and `--stats`, flattened into every search command.
#[derive(Debug, Clone, Copy, Default, Args)]
pub(crate) struct ReportArgs {
    #[arg(long, help = JSON_HELP)]
    pub(crate) json: bool,
    #[arg(long, help = STATS_HELP)]
    pub(crate) stats: bool,
}

/// One line of `--json` output: the `"type"` field names the variant.
///
/// A field that is `None` is left out. `case` is the index (from 0, in input
/// order) of the input's case a line answers, for the commands whose input
/// holds many (sudoku puzzles, matrices, maps, grids, SPOJ lines).
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Line {
    /// A solution, in the model's terms (`answer`'s fields).
    Solution {
        #[serde(skip_serializing_if = "Option::is_none")]
        case: Option<usize>,
        /// The solution's index among those printed (of its case), from 0.
        solution: u64,
        #[serde(flatten)]
        answer: Map<String, Value>,
    },
    /// A best solution of an optimising search, proven best unless a
    /// `partial` line follows; `solution` is its rank, from 0 (best first).
    Optimum {
        #[serde(skip_serializing_if = "Option::is_none")]
        case: Option<usize>,
        solution: u64,
        /// What is optimised: `options`, `cost`, `pieces`, `sticks`, `tickets`, `score`.
        objective: &'static str,
        /// Its value in this solution (a cost may exceed `u64::MAX`).
        value: u128,
        /// `dlx solve --min-cost`: the solution's cost again, the field
        /// lines had before the `optimum` type (a `u128` field here, since
        /// a flattened `Value` holds no number beyond `u64::MAX`).
        #[serde(skip_serializing_if = "Option::is_none")]
        cost: Option<u128>,
        #[serde(flatten)]
        answer: Map<String, Value>,
    },
    /// A number of solutions (exact however large; at most `limit` when given).
    Count {
        #[serde(skip_serializing_if = "Option::is_none")]
        case: Option<usize>,
        /// As a JSON number, all its digits (a reader that holds numbers in
        /// a double, as jq does, rounds beyond 2^53: `count_decimal` is exact).
        #[serde(serialize_with = "exact")]
        count: Count,
        /// The count as a string of decimal digits.
        count_decimal: String,
        /// The number up to the board's symmetries (`--distinct`).
        #[serde(skip_serializing_if = "Option::is_none", serialize_with = "exact_some")]
        distinct: Option<Count>,
        /// `distinct` as a string of decimal digits.
        #[serde(skip_serializing_if = "Option::is_none")]
        distinct_decimal: Option<String>,
        /// The count stopped there (`--limit`, or 2 for `--unique`).
        #[serde(skip_serializing_if = "Option::is_none")]
        limit: Option<u64>,
        /// `--unique`: `unique`, `several` or `none`.
        #[serde(skip_serializing_if = "Option::is_none")]
        verdict: Option<&'static str>,
    },
    /// `dlx sample`, before the solutions drawn: the seed that draws them
    /// again, and the number of solutions each was drawn among.
    Sampling {
        seed: u64,
        /// As a JSON number, all its digits (as a `count` line's).
        #[serde(serialize_with = "exact")]
        count: Count,
        /// The count as a string of decimal digits.
        count_decimal: String,
    },
    /// `--frequencies`: the number of solutions that contain an option.
    Frequency {
        /// The option's index among the input's option lines.
        option: usize,
        /// The option as written in Knuth's format.
        line: String,
        /// As a JSON number, all its digits (as a `count` line's).
        #[serde(serialize_with = "exact")]
        count: Count,
        /// The number as a string of decimal digits.
        count_decimal: String,
    },
    /// The problem (or the case) has no solution.
    NoSolution {
        #[serde(skip_serializing_if = "Option::is_none")]
        case: Option<usize>,
    },
    /// Knuth's statistics of the run (`--stats`), last.
    Stats {
        /// `None` when a memoised count stopped before it knew.
        #[serde(skip_serializing_if = "Option::is_none", serialize_with = "exact_some")]
        solutions: Option<Count>,
        nodes: u64,
        updates: u64,
        max_level: usize,
        seconds: f64,
        /// What else the command measured (cases answered, threads, cache).
        #[serde(flatten)]
        extra: Map<String, Value>,
    },
    /// The run was stopped before its end: what was printed is partial.
    Partial {
        /// `max_nodes`, `time_limit`, `interrupted` or `terminated`.
        reason: &'static str,
        /// The exit code that follows.
        code: u8,
        /// The note also written to standard error.
        message: String,
    },
}

impl Line {
    /// A `count` line, its numbers also as decimal strings.
    pub(crate) fn count(
        case: Option<usize>,
        count: Count,
        distinct: Option<Count>,
        limit: Option<u64>,
        verdict: Option<&'static str>,
    ) -> Line {
        Line::Count {
            case,
            count_decimal: count.to_string(),
            count,
            distinct_decimal: distinct.as_ref().map(ToString::to_string),
            distinct,
            limit,
            verdict,
        }
    }
}

/// Writes a count as a JSON number with all its digits, however many
/// (serde_json's own numbers stop at `u128`).
fn exact<S: serde::Serializer>(count: &Count, serializer: S) -> Result<S::Ok, S::Error> {
    let raw = serde_json::value::RawValue::from_string(count.to_string())
        .map_err(serde::ser::Error::custom)?;
    raw.serialize(serializer)
}

/// [`exact`] for an optional count (left out when `None`).
pub(crate) fn exact_some<S: serde::Serializer>(
    count: &Option<Count>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match count {
        Some(count) => exact(count, serializer),
        None => serializer.serialize_none(),
    }
}

/// A line of a kind that only one subcommand prints (a generated puzzle, an
/// estimate, a piece): its type and fields.
#[derive(Debug)]
pub(crate) struct Other {
    pub(crate) kind: &'static str,
    pub(crate) fields: Map<String, Value>,
}

impl Serialize for Other {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(self.fields.len() + 1))?;
        map.serialize_entry("type", self.kind)?;
        for (key, value) in &self.fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The fields of a JSON object, for [`Line`]'s flattened answers: `fields(json!({...}))`.
pub(crate) fn fields(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        // Only object literals are passed: anything else is a field of its own.
        other => Map::from_iter([("value".to_owned(), other)]),
    }
}

impl Output {
    /// Writes one JSON line: a [`Line`] or an [`Other`].
    pub(crate) fn json(&mut self, line: &impl Serialize) -> anyhow::Result<()> {
        // A line holds numbers, strings, lists and maps with string keys,
        // which always serialize.
        let text = serde_json::to_string(line)?;
        crate::shared::out!(self, "{text}")
    }
}

impl ReportArgs {
    /// Reports that the problem, or case `case` (named `what` for people:
    /// `the puzzle at line 3 of FILE`), has no solution: a `no_solution`
    /// line with `--json`, else `dlx: no solution` on standard error.
    pub(crate) fn no_solution(
        &self,
        output: &mut Output,
        case: Option<(usize, &str)>,
    ) -> anyhow::Result<()> {
        if self.json {
            return output.json(&Line::NoSolution {
                case: case.map(|(index, _)| index),
            });
        }
        match case {
            Some((_, what)) => note(&format!("dlx: no solution: {what}")),
            None => note("dlx: no solution"),
        }
        Ok(())
    }

    /// Writes solution `solution` (from 0; of case `case`) of a listing: a
    /// `solution` line of `answer`'s fields with `--json`, else `text`,
    /// after a blank line when `gap`. Only the one asked for is made.
    pub(crate) fn solution(
        &self,
        output: &mut Output,
        (case, solution): (Option<usize>, u64),
        answer: impl FnOnce() -> Map<String, Value>,
        text: impl FnOnce() -> String,
        gap: bool,
    ) -> anyhow::Result<()> {
        if self.json {
            return output.json(&Line::Solution {
                case,
                solution,
                answer: answer(),
            });
        }
        if gap {
            crate::shared::out!(output, "")?;
        }
        crate::shared::out!(output, "{}", text().trim_end_matches('\n'))
    }

    /// Reports a count, as a `count` line with `--json`, else the number alone on a line.
    pub(crate) fn count(
        &self,
        output: &mut Output,
        case: Option<usize>,
        count: impl Into<Count>,
        limit: Option<u64>,
    ) -> anyhow::Result<()> {
        let count = count.into();
        if self.json {
            output.json(&Line::count(case, count, None, limit, None))
        } else {
            crate::shared::out!(output, "{count}")
        }
    }

    /// `--stats`: Knuth's statistics of the run, its time and rate, after
    /// `extra` (what else the command measured, as `name: value`): on
    /// standard error, or as a `stats` line on `output` with `--json`.
    /// Nothing without `--stats`.
    pub(crate) fn stats(
        &self,
        output: &mut Output,
        stats: &Stats,
        seconds: f64,
        extra: &[(&str, Value)],
    ) -> anyhow::Result<()> {
        if !self.stats {
            return Ok(());
        }
        if self.json {
            output.json(&Line::Stats {
                solutions: Some(Count::from(stats.solutions)),
                nodes: stats.nodes,
                updates: stats.updates,
                max_level: stats.max_level,
                seconds,
                extra: extra
                    .iter()
                    .map(|(name, value)| ((*name).to_owned(), value.clone()))
                    .collect(),
            })?;
            return output.flush();
        }
        note(&summary(stats));
        for (name, value) in extra {
            let text = match value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            note(&format!("{name}: {text}"));
        }
        print_stats(stats, seconds);
        Ok(())
    }
}

/// What a search did, in plain words, as `--stats` opens: the solutions
/// found and the nodes of the search tree it entered to find them (the
/// time follows on a line of its own).
pub(crate) fn summary(stats: &Stats) -> String {
    let solutions = match stats.solutions {
        1 => "1 solution".to_owned(),
        n => format!("{} solutions", HumanCount(n)),
    };
    format!(
        "Found {solutions}, entering {} nodes of the search tree ({} updates of the links) down to level {}.",
        HumanCount(stats.nodes),
        HumanCount(stats.updates),
        stats.max_level
    )
}

/// `n` per second over `seconds` (0 for no time at all).
pub(crate) fn per_second(n: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        n as f64 / seconds
    } else {
        0.0
    }
}

/// Prints Knuth's statistics of a search, its time and its rate to standard error.
fn print_stats(stats: &Stats, seconds: f64) {
    let Stats {
        solutions,
        nodes,
        updates,
        max_level,
    } = *stats;
    let rate = per_second(nodes, seconds);
    note(&format!(
        "solutions: {solutions}\nnodes: {nodes}\nupdates: {updates}\nmax level: {max_level}\ntime: {seconds:.3} s\nnodes/s: {rate:.0}"
    ));
}
