//! The long searches as jobs run in slices, so that a page's worker posts its progress between them: the core's count job, and a listing of solutions.
//!
//! A job that ended says how (`outcome`): `finished`, `limit` (a limit the
//! caller set was reached: a complete answer) or `stopped:nodes` (the node
//! budget stopped it: the answer is partial). A count's `count()` is the
//! complete count only; what a stopped plain count found is
//! `countSoFar()`, never passed for the whole.

use std::sync::Arc;

use dlx_core::{Budget, Count, CountMode, Outcome, Problem as CoreProblem, Solver, Step};
use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

use crate::{error, memo_settings, option_ids, outcome_name};

/// The count's method named by a page (`auto` when none).
pub(crate) fn count_mode(method: Option<&str>) -> Result<CountMode, JsError> {
    match method.unwrap_or("auto") {
        "auto" => Ok(CountMode::Auto),
        "memo" => Ok(CountMode::Memo),
        "plain" => Ok(CountMode::Plain),
        other => Err(JsError::new(&format!(
            "`{other}` is not a count's method: auto, memo or plain"
        ))),
    }
}

/// The statistics every job shows while it runs, read from `$stats` (an
/// expression of `self`'s [`dlx_core::Stats`]): written once for both jobs.
macro_rules! job_stats {
    ($job:ident, |$this:ident| $stats:expr) => {
        #[wasm_bindgen]
        impl $job {
            /// Nodes so far.
            pub fn nodes(&self) -> f64 {
                let $this = self;
                $stats.nodes as f64
            }

            /// Knuth's updates so far (links changed by covering).
            pub fn updates(&self) -> f64 {
                let $this = self;
                $stats.updates as f64
            }

            /// The deepest level of the search tree reached so far.
            #[wasm_bindgen(js_name = maxLevel)]
            pub fn max_level(&self) -> usize {
                let $this = self;
                $stats.max_level
            }
        }
    };
}

job_stats!(CountJob, |job| job.job.stats());
job_stats!(SolutionsJob, |job| job.solver.stats());

/// A count run in slices: the core's [`dlx_core::CountJob`].
#[wasm_bindgen]
#[derive(Debug)]
pub struct CountJob {
    job: dlx_core::CountJob<'static>,
}

impl CountJob {
    pub(crate) fn new(
        problem: Arc<CoreProblem>,
        mode: CountMode,
        budget: Budget,
    ) -> Result<CountJob, JsError> {
        let mut job =
            dlx_core::CountJob::shared(problem, &memo_settings(), mode).map_err(|e| error(&e))?;
        job.set_budget(budget);
        Ok(CountJob { job })
    }
}

#[wasm_bindgen]
impl CountJob {
    /// Runs about `nodes` more nodes; true when the count ended, finished
    /// or stopped by its budget (the decision, a few thousand nodes, runs
    /// whole in the first step).
    pub fn step(&mut self, nodes: f64) -> bool {
        self.job.run((nodes as u64).max(1)).is_some()
    }

    /// The count as decimal digits once it finished; "" before, and when
    /// the budget stopped it (see `countSoFar`).
    pub fn count(&self) -> String {
        self.job
            .counted()
            .filter(|counted| counted.outcome.is_complete())
            .and_then(|counted| counted.count.as_ref())
            .map(Count::to_string)
            .unwrap_or_default()
    }

    /// The solutions counted so far by a plain count (a partial count; ""
    /// for the memoised count, which has none).
    #[wasm_bindgen(js_name = countSoFar)]
    pub fn count_so_far(&self) -> String {
        self.job
            .count_so_far()
            .as_ref()
            .map(Count::to_string)
            .unwrap_or_default()
    }

    /// How the count ended ("" while it runs): `finished` or `stopped:nodes`.
    pub fn outcome(&self) -> String {
        self.job
            .counted()
            .map(|counted| outcome_name(counted.outcome))
            .unwrap_or_default()
    }

    /// "plain" or "memo" (the search that counts), "" before the decision.
    pub fn method(&self) -> String {
        self.job
            .method()
            .map(|(method, _)| method.name().to_owned())
            .unwrap_or_default()
    }

    /// Why that search, in words ("" before the decision).
    pub fn why(&self) -> String {
        self.job
            .method()
            .map(|(_, why)| why.to_string())
            .unwrap_or_default()
    }

    /// Knuth's estimate of the fraction done (plain count only; -1 when unknown).
    pub fn fraction(&self) -> f64 {
        match (self.job.solver(), self.job.counted()) {
            (_, Some(_)) => 1.0,
            (Some(solver), None) => solver.progress(),
            (None, None) => -1.0,
        }
    }
}

/// The solutions of a problem, found in slices.
#[wasm_bindgen]
#[derive(Debug)]
pub struct SolutionsJob {
    solver: Box<Solver>,
    ended: Option<Outcome>,
}

impl SolutionsJob {
    pub(crate) fn new(solver: Solver) -> SolutionsJob {
        SolutionsJob {
            solver: Box::new(solver),
            ended: None,
        }
    }
}

#[wasm_bindgen]
impl SolutionsJob {
    /// The next solution within about `nodes` nodes: its option indices,
    /// or `undefined` when the slice ran out or the search ended (`done`).
    pub fn next(&mut self, nodes: f64) -> Option<Uint32Array> {
        if self.ended.is_some() {
            return None;
        }
        let mut left = (nodes as u64).max(1);
        loop {
            let before = self.solver.stats().nodes;
            match self.solver.run(left) {
                Step::Solution => return Some(option_ids(self.solver.solution())),
                Step::End(outcome) => {
                    self.ended = Some(outcome);
                    return None;
                }
                Step::Paused => {
                    let used = self.solver.stats().nodes - before;
                    if used >= left {
                        return None;
                    }
                    left -= used;
                }
            }
        }
    }

    /// Whether the search has ended (see `outcome`).
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.ended.is_some()
    }

    /// How the search ended ("" while it runs): `finished` (every solution
    /// listed), `limit` (the limit asked for reached) or `stopped:nodes`
    /// (cut short by the node budget: the listing is partial).
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> String {
        self.ended.map(outcome_name).unwrap_or_default()
    }

    /// Solutions so far.
    pub fn found(&self) -> f64 {
        self.solver.stats().solutions as f64
    }

    /// Knuth's estimate of the fraction done.
    pub fn fraction(&self) -> f64 {
        self.solver.progress()
    }
}
