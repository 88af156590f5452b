//! `Problem`: an exact cover problem read from Knuth's text, and every search of it the page runs (each one core call).

use std::sync::Arc;

use dlx_core::{
    format_option, parse_dlx, write_dlx, Budget, Diagram, OptionId, Problem as CoreProblem, Solver,
};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::explore::{ExploreJob, EXPLORE_EVENTS, MAX_EXPLORE_EVENTS};
use crate::jobs::{count_mode, CountJob, SolutionsJob};
use crate::{
    budget, check_size, error, memo_settings, option_ids, whole, BATCH_NODES, ESTIMATE_PROBES,
    ESTIMATE_SEED, MAX_BATCH, MAX_PROBES, MAX_TEXT_BYTES,
};

/// An exact cover problem.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Problem {
    pub(crate) inner: Arc<CoreProblem>,
}

impl Problem {
    pub(crate) fn new(problem: CoreProblem) -> Problem {
        Problem {
            inner: Arc::new(problem),
        }
    }
}

#[wasm_bindgen]
impl Problem {
    /// Reads Knuth's text format; throws an `Error` naming the line. A
    /// text longer than `maxBytes` (16 MiB unless given) is refused
    /// before it is read.
    #[wasm_bindgen(js_name = fromDlx)]
    pub fn from_dlx(text: &str, max_bytes: Option<f64>) -> Result<Problem, JsError> {
        let limit = match max_bytes {
            Some(bytes) => usize::try_from(whole(bytes, "maxBytes")?).unwrap_or(usize::MAX),
            None => MAX_TEXT_BYTES,
        };
        check_size(text, "the problem", limit)?;
        parse_dlx(text).map(Problem::new).map_err(|e| error(&e))
    }

    /// The problem in Knuth's text format.
    #[wasm_bindgen(js_name = toDlx)]
    pub fn to_dlx(&self) -> String {
        write_dlx(&self.inner)
    }

    /// The names of the items (primary first).
    pub fn items(&self) -> Vec<String> {
        self.inner
            .item_ids()
            .map(|item| self.inner.item_label(item))
            .collect()
    }

    /// The number of primary items.
    #[wasm_bindgen(getter, js_name = primaryCount)]
    pub fn primary_count(&self) -> usize {
        self.inner.n_primary()
    }

    /// The number of options.
    #[wasm_bindgen(getter, js_name = optionCount)]
    pub fn option_count(&self) -> usize {
        self.inner.n_options()
    }

    /// Option `index` as Knuth's text writes it ("" past the last).
    #[wasm_bindgen(js_name = optionText)]
    pub fn option_text(&self, index: usize) -> String {
        if index < self.inner.n_options() {
            format_option(&self.inner, OptionId::new(index))
        } else {
            String::new()
        }
    }

    /// The items of option `index`, as item indices.
    #[wasm_bindgen(js_name = optionItems)]
    pub fn option_items(&self, index: usize) -> Vec<u32> {
        if index >= self.inner.n_options() {
            return Vec::new();
        }
        self.inner
            .option(OptionId::new(index))
            .iter()
            .map(|entry| entry.item.index() as u32)
            .collect()
    }

    /// A count of the solutions, run in slices (`CountJob.step`): the
    /// core's one count job. `method` is `auto` (the default: the core's
    /// rule decides, as the CLI's does), `memo` or `plain`; `maxNodes` a
    /// node budget (none unless given). Throws when `memo` cannot count
    /// this problem (multiplicities).
    pub fn count(
        &self,
        method: Option<String>,
        max_nodes: Option<f64>,
    ) -> Result<CountJob, JsError> {
        let mode = count_mode(method.as_deref())?;
        CountJob::new(Arc::clone(&self.inner), mode, budget(max_nodes)?)
    }

    /// The solutions, in the search's order, found in slices: at most
    /// `limit` of them (all unless given), within `maxNodes` nodes (no
    /// budget unless given).
    pub fn solutions(
        &self,
        limit: Option<f64>,
        max_nodes: Option<f64>,
    ) -> Result<SolutionsJob, JsError> {
        let mut solver = Solver::new(&self.inner);
        solver.set_budget(budget(max_nodes)?);
        if let Some(limit) = limit {
            solver.set_limit(Some(whole(limit, "limit")?));
        }
        Ok(SolutionsJob::new(solver))
    }

    /// Knuth's estimate from `probes` random paths (2 to 10,000,000;
    /// 10,000 unless given) drawn from `seed` (1 unless given), as `dlx
    /// estimate` takes them (the core's one estimate): `[nodes, nodes'
    /// standard error, solutions, solutions' standard error, probes that
    /// reached a solution]`.
    pub fn estimate(&self, probes: Option<f64>, seed: Option<u64>) -> Result<Vec<f64>, JsError> {
        let probes = probes.map_or(Ok(ESTIMATE_PROBES), |n| whole(n, "probes"))?;
        let seed = seed.unwrap_or(ESTIMATE_SEED);
        if !(2..=MAX_PROBES).contains(&probes) {
            return Err(JsError::new(&format!(
                "{probes} probes: the page takes 2 to {MAX_PROBES}"
            )));
        }
        let estimate = Solver::new(&self.inner).estimate(probes, seed).value;
        let (nodes, solutions) = (estimate.nodes, estimate.solutions);
        Ok(vec![
            nodes.mean(),
            nodes.std_error(),
            solutions.mean(),
            solutions.std_error(),
            solutions.hits() as f64,
        ])
    }

    /// The `k` cheapest solutions under the options' costs (Knuth's DLX5
    /// `|cost`), cheapest first, within `maxNodes` nodes (10^9 unless
    /// given): an array of `[cost as decimal digits, option indices]`;
    /// throws when the node budget stops the search first (the answer
    /// would be partial).
    #[wasm_bindgen(js_name = minCost)]
    pub fn min_cost(&self, k: usize, max_nodes: Option<f64>) -> Result<Array, JsError> {
        if k > MAX_BATCH {
            return Err(JsError::new(&format!(
                "{k} cheapest solutions are more than the page lists at once ({MAX_BATCH})"
            )));
        }
        let mut solver = Solver::new(&self.inner);
        solver.set_budget(budget(Some(max_nodes.unwrap_or(BATCH_NODES as f64)))?);
        let best = solver.min_cost(k);
        if let dlx_core::Outcome::Stopped(stop) = best.outcome {
            return Err(JsError::new(&format!(
                "{stop} before the cheapest were proven; raise the node budget"
            )));
        }
        Ok(best
            .value
            .iter()
            .map(|costed| {
                let pair: Array = [
                    JsValue::from(costed.cost.to_string()),
                    JsValue::from(option_ids(&costed.options)),
                ]
                .into_iter()
                .collect();
                JsValue::from(pair)
            })
            .collect())
    }

    /// `k` solutions (at most 10,000) drawn uniformly at random from
    /// `seed`, each as option indices in the order drawn; throws when the
    /// diagram to draw from would pass `maxNodes` nodes (10^9 unless given)
    /// or the page's memory.
    pub fn sample(&self, k: usize, seed: u64, max_nodes: Option<f64>) -> Result<Array, JsError> {
        if k > MAX_BATCH {
            return Err(JsError::new(&format!(
                "{k} draws are more than the page draws at once ({MAX_BATCH})"
            )));
        }
        let budget: Budget = budget(Some(max_nodes.unwrap_or(BATCH_NODES as f64)))?;
        let diagram =
            Diagram::build(&self.inner, &memo_settings(), &budget).map_err(|e| error(&e))?;
        Ok(diagram
            .samples(seed)
            .take(k)
            .map(|s| JsValue::from(option_ids(&s)))
            .collect())
    }

    /// The core's search, step by step (choose, try, backtrack, solution),
    /// each event with the matrix it leaves: at most `maxEvents` events
    /// (500 unless given, at most 100,000). Throws for multiplicities
    /// (Algorithm M is not explored).
    pub fn explore(&self, max_events: Option<f64>) -> Result<ExploreJob, JsError> {
        let events = match max_events {
            Some(n) => usize::try_from(whole(n, "maxEvents")?).unwrap_or(usize::MAX),
            None => EXPLORE_EVENTS,
        };
        ExploreJob::run(Arc::clone(&self.inner), events.clamp(1, MAX_EXPLORE_EVENTS))
    }
}
