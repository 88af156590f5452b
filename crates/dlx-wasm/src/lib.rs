//! The dlx engine and puzzle models for JavaScript: the ES module behind
//! the web page (`web/`), built by `cargo xtask web` with wasm-bindgen.
//!
//! A thin layer over `dlx-core` and `dlx-models`, as ruff's playground is
//! over ruff: each method converts its input, makes one call below and
//! converts the answer; nothing here searches, decides a method, encodes
//! or draws on its own.
//!
//! # Brief overview
//! - [`Problem`]: Knuth's text read, and its searches: [`CountJob`] (the
//!   core's one count job), [`SolutionsJob`] (a listing), the estimate,
//!   the cheapest solutions, uniform samples, and [`ExploreJob`] (the
//!   engine's own steps, for the teaching view).
//! - [`Sudoku`], [`Queens`], [`Polyomino`]: the models' readers, counts
//!   and pictures; [`Polyform`] the same for polycubes, polyiamonds and
//!   polyhexes, one class over the three families.
//!
//! # Design
//! - **Jobs in slices.** The browser has one thread per worker, so every
//!   long search is a job that runs in slices (`step(nodes)`, `next(nodes)`),
//!   and the page's Web Worker posts its progress between slices; the
//!   page stops a search by ending its worker.
//! - **A partial answer says so.** A job that ended has an `outcome`
//!   (`finished`, `limit`, `stopped:nodes`), and a count stopped by its node
//!   budget has no `count()`, only a `countSoFar()`.
//! - **Bounds.** Every reader refuses a text over [`MAX_TEXT_BYTES`]
//!   (16 MiB; `Problem.fromDlx` takes another limit) before reading it;
//!   every batch (samples, the cheapest solutions) holds at most
//!   [`MAX_BATCH`] results within [`BATCH_NODES`] nodes; the memoised count's cache keeps within
//!   [`CACHE_MEMORY`] and a model's problem within [`PROBLEM_MEMORY`].
//! - **Errors.** Errors are JavaScript `Error`s whose message is the Rust
//!   error's (the line, the item, what was expected).
//! - **Text is never markup.** Text from the user (item names, piece names)
//!   is never markup here: the SVG pictures escape it, and the page shows
//!   it with `textContent`.
#![allow(
    unsafe_code,
    reason = "the code wasm-bindgen's #[wasm_bindgen] generates"
)]

mod explore;
mod jobs;
mod models;
mod polyform;
mod problem;

pub use explore::{ExploreJob, ExploreStep, EXPLORE_EVENTS, MAX_EXPLORE_EVENTS};
pub use jobs::{CountJob, SolutionsJob};
pub use models::{Polyomino, Queens, Sudoku};
pub use polyform::Polyform;
pub use problem::Problem;

use dlx_core::{Budget, MemoSettings, OptionId, Outcome, Problem as CoreProblem, Stop};
use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

/// The longest text a reader takes unless told otherwise: 16 MiB.
pub const MAX_TEXT_BYTES: usize = 16 << 20;

/// The most results of one batch (samples drawn, cheapest solutions).
pub const MAX_BATCH: usize = 10_000;

/// The most probes of one estimate.
pub const MAX_PROBES: u64 = 10_000_000;

/// The probes of an estimate unless told otherwise: `dlx estimate`'s default.
pub const ESTIMATE_PROBES: u64 = 10_000;

/// The seed of an estimate's probes unless told otherwise: `dlx estimate`'s default.
pub const ESTIMATE_SEED: u64 = 1;

/// The node budget of a batch (the cheapest solutions; the diagram that
/// samples are drawn from) unless told otherwise.
pub const BATCH_NODES: u64 = 1_000_000_000;

/// The memory the memoised count's cache may hold in a page: 1 GiB.
pub const CACHE_MEMORY: usize = 1 << 30;

/// The memory a model's problem may take in a page: 512 MiB.
pub const PROBLEM_MEMORY: usize = 512 << 20;

fn error(error: &dyn std::error::Error) -> JsError {
    JsError::new(&dlx_core::format::error_line(error))
}

/// Refuses a text longer than `limit` bytes before it is read.
fn check_size(text: &str, what: &str, limit: usize) -> Result<(), JsError> {
    if text.len() > limit {
        return Err(JsError::new(&format!(
            "{what} is {} bytes, more than the {} bytes the page reads",
            text.len(),
            limit
        )));
    }
    Ok(())
}

/// A whole number from JavaScript, at least 0.
fn whole(value: f64, what: &str) -> Result<u64, JsError> {
    if value.is_finite() && value >= 0.0 && value.fract() == 0.0 {
        // Past 2^64, as many as a u64 holds: no budget reaches it.
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} is a whole number, at least 0, not {value}"
        )))
    }
}

/// A node budget (`maxNodes`), or none.
fn budget(max_nodes: Option<f64>) -> Result<Budget, JsError> {
    let budget = Budget::new().with_memory(CACHE_MEMORY);
    Ok(match max_nodes {
        Some(nodes) => budget.with_nodes(whole(nodes, "maxNodes")?),
        None => budget,
    })
}

/// The memoised count's settings in a page.
fn memo_settings() -> MemoSettings {
    MemoSettings::new().with_memory(CACHE_MEMORY)
}

/// How a search ended, as the conformance table names it.
fn outcome_name(outcome: Outcome) -> String {
    match outcome {
        Outcome::Finished => "finished".into(),
        Outcome::LimitReached => "limit".into(),
        Outcome::Stopped(stop) => format!(
            "stopped:{}",
            match stop {
                Stop::Nodes => "nodes",
                Stop::Time => "time",
                Stop::Memory => "memory",
                Stop::Cancelled => "cancelled",
                _ => "other",
            }
        ),
        _ => "other".into(),
    }
}

/// The options of `problem` a solution from JavaScript names (indices past
/// the last option, which no job of this module gives, are left out).
fn options_of(problem: &CoreProblem, solution: &[u32]) -> Vec<OptionId> {
    let n = problem.n_options();
    solution
        .iter()
        .map(|&o| o as usize)
        .filter(|&o| o < n)
        .map(OptionId::new)
        .collect()
}

fn option_ids(solution: &[OptionId]) -> Uint32Array {
    let indices: Vec<u32> = solution.iter().map(|o| o.index() as u32).collect();
    Uint32Array::from(indices.as_slice())
}

/// The page's limits and defaults: `{maxTextBytes, maxBatch, maxProbes,
/// exploreEvents, estimateProbes, batchNodes}`.
#[wasm_bindgen]
pub fn limits() -> js_sys::Object {
    let limits = js_sys::Object::new();
    for (key, value) in [
        ("maxTextBytes", MAX_TEXT_BYTES as f64),
        ("maxBatch", MAX_BATCH as f64),
        ("maxProbes", MAX_PROBES as f64),
        ("exploreEvents", EXPLORE_EVENTS as f64),
        ("estimateProbes", ESTIMATE_PROBES as f64),
        ("batchNodes", BATCH_NODES as f64),
    ] {
        let _ = js_sys::Reflect::set(&limits, &JsValue::from(key), &JsValue::from(value));
    }
    limits
}

/// The names of the built-in piece sets.
#[wasm_bindgen(js_name = pieceSets)]
pub fn piece_sets() -> Vec<String> {
    ["pentominoes", "tetrominoes", "hexominoes", "domino"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect()
}

/// The crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
