//! The engine's own steps, for the page's teaching view: the events of [`dlx_core::Solver::explore`] (choose, try, backtrack, solution), each with the state of the matrix it leaves.
//!
//! Nothing here searches: the events are the core's, in its order, from
//! its links. What this module adds is the state a drawing needs after
//! each event, said in Knuth's terms from the choices the events made: an
//! item is *covered* when it is the item a level chose (step C4) or an
//! uncolored item of an option tried (C5 commits it); a secondary item an
//! option names with a color is *purified* to that color (Algorithm C); an
//! option is *hidden* when it holds a covered item, or a purified item
//! with another color or none. The options tried on the way down are the
//! partial solution, drawn apart.

use dlx_core::explore::Event;
use dlx_core::{Color, ItemId, Outcome, Problem as CoreProblem, Solver};
use wasm_bindgen::prelude::*;

use crate::{error, outcome_name};

/// The events an exploration records unless told otherwise.
pub const EXPLORE_EVENTS: usize = 500;

/// The most events an exploration records, whatever it is told.
pub const MAX_EXPLORE_EVENTS: usize = 100_000;

/// One level of the path: the item chosen, and the option tried if any.
#[derive(Debug, Clone, Copy)]
struct Level {
    item: u32,
    option: Option<u32>,
}

/// An event as recorded: its kind and figures, and the path it leaves.
#[derive(Debug, Clone)]
struct Recorded {
    kind: &'static str,
    level: usize,
    item: Option<u32>,
    option: Option<u32>,
    k: u32,
    of: u32,
    found: u64,
    /// The levels after the event; for a `choose`, the chosen item's level
    /// comes last, not covered yet (step C3 precedes C4).
    path: Vec<Level>,
}

/// The steps of the core's search of a problem, recorded (at most a number
/// of events), for a page to step through one event at a time.
#[wasm_bindgen]
#[derive(Debug)]
pub struct ExploreJob {
    problem: std::sync::Arc<CoreProblem>,
    events: Vec<Recorded>,
    outcome: Outcome,
    solutions: u64,
    nodes: u64,
    updates: u64,
}

/// One event of an [`ExploreJob`], with the state of the matrix it leaves.
#[wasm_bindgen]
#[derive(Debug)]
pub struct ExploreStep {
    kind: &'static str,
    level: usize,
    item: i32,
    option: i32,
    k: u32,
    of: u32,
    found: f64,
    solution: Vec<u32>,
    covered: Vec<u32>,
    purified: Vec<u32>,
    colors: Vec<String>,
    hidden: Vec<u32>,
}

impl ExploreJob {
    /// Explores `problem` with the core's [`Solver::explore`], recording at
    /// most `max_events` events.
    pub(crate) fn run(
        problem: std::sync::Arc<CoreProblem>,
        max_events: usize,
    ) -> Result<ExploreJob, JsError> {
        let mut solver = Solver::new(&problem);
        let mut events = Vec::new();
        let mut path: Vec<Level> = Vec::new();
        let mut found = 0u64;
        let answer = solver
            .explore(None, |event| {
                let index = |id: ItemId| id.index() as u32;
                let (kind, level, item, option, k, of) = match event {
                    Event::Choose {
                        level,
                        item,
                        options,
                    } => {
                        path.truncate(level);
                        path.push(Level {
                            item: index(item),
                            option: None,
                        });
                        ("choose", level, Some(index(item)), None, 0, options)
                    }
                    Event::Try {
                        level,
                        option,
                        k,
                        of,
                    } => {
                        path.truncate(level + 1);
                        let tried = option.index() as u32;
                        if let Some(at) = path.get_mut(level) {
                            at.option = Some(tried);
                        }
                        let item = path.get(level).map(|at| at.item);
                        ("try", level, item, Some(tried), k, of)
                    }
                    Event::Backtrack { level, item } => {
                        path.truncate(level);
                        ("backtrack", level, Some(index(item)), None, 0, 0)
                    }
                    Event::Solution { level, .. } => {
                        found += 1;
                        ("solution", level, None, None, 0, 0)
                    }
                    _ => ("other", 0, None, None, 0, 0),
                };
                events.push(Recorded {
                    kind,
                    level,
                    item,
                    option,
                    k,
                    of,
                    found,
                    path: path.clone(),
                });
                if events.len() >= max_events {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
            .map_err(|e| error(&e))?;
        let stats = *solver.stats();
        Ok(ExploreJob {
            problem,
            events,
            outcome: answer.outcome,
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
        })
    }
}

#[wasm_bindgen]
impl ExploreJob {
    /// The number of events recorded.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.events.len()
    }

    /// Event `index` (from 0) with the state it leaves; `undefined` past the last.
    pub fn step(&self, index: usize) -> Option<ExploreStep> {
        let event = self.events.get(index)?;
        let problem = &*self.problem;
        let n_items = problem.n_items();
        let mut covered = vec![false; n_items];
        let mut colors: Vec<Option<Color>> = vec![None; n_items];
        let mut solution = Vec::new();
        for at in &event.path {
            let choosing = event.kind == "choose" && at.option.is_none();
            if !choosing {
                covered[at.item as usize] = true;
            }
            if let Some(option) = at.option {
                solution.push(option);
                for entry in problem.option(dlx_core::OptionId::new(option as usize)) {
                    match entry.color {
                        None => covered[entry.item.index()] = true,
                        Some(color) => colors[entry.item.index()] = Some(color),
                    }
                }
            }
        }
        let hidden = problem
            .option_ids()
            .filter(|&option| !solution.contains(&(option.index() as u32)))
            .filter(|&option| {
                problem.option(option).iter().any(|entry| {
                    let item = entry.item.index();
                    covered[item] || colors[item].is_some_and(|c| entry.color != Some(c))
                })
            })
            .map(|option| option.index() as u32)
            .collect();
        let purified: Vec<u32> = (0..n_items)
            .filter(|&i| colors[i].is_some() && !covered[i])
            .map(|i| i as u32)
            .collect();
        let color_names = purified
            .iter()
            .map(|&i| {
                colors[i as usize]
                    .and_then(|c| problem.color_name(c))
                    .unwrap_or("")
                    .to_owned()
            })
            .collect();
        Some(ExploreStep {
            kind: event.kind,
            level: event.level,
            item: event.item.map_or(-1, |i| i as i32),
            option: event.option.map_or(-1, |o| o as i32),
            k: event.k,
            of: event.of,
            found: event.found as f64,
            solution,
            covered: (0..n_items)
                .filter(|&i| covered[i])
                .map(|i| i as u32)
                .collect(),
            purified,
            colors: color_names,
            hidden,
        })
    }

    /// How the exploration ended: `finished`, or `limit` when the events
    /// recorded reached their number (the rest of the search not shown).
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> String {
        outcome_name(self.outcome)
    }

    /// The solutions found by the events recorded.
    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        self.solutions as f64
    }

    /// Knuth's nodes of the events recorded.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.nodes as f64
    }

    /// Knuth's updates of the events recorded.
    #[wasm_bindgen(getter)]
    pub fn updates(&self) -> f64 {
        self.updates as f64
    }
}

#[wasm_bindgen]
impl ExploreStep {
    /// `choose` (step C3: the item with the fewest options), `try` (C5: an
    /// option of the level's item, its items covered), `backtrack` (C8:
    /// every option of the level's item tried), or `solution`.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.kind.to_owned()
    }

    /// The level, from 0 (for a solution, the number of options in it).
    #[wasm_bindgen(getter)]
    pub fn level(&self) -> usize {
        self.level
    }

    /// The item chosen, tried or uncovered (-1 for a solution).
    #[wasm_bindgen(getter)]
    pub fn item(&self) -> i32 {
        self.item
    }

    /// The option tried (-1 unless `try`).
    #[wasm_bindgen(getter)]
    pub fn option(&self) -> i32 {
        self.option
    }

    /// For `try`: which of the level's options, from 1.
    #[wasm_bindgen(getter)]
    pub fn k(&self) -> u32 {
        self.k
    }

    /// For `try`: how many options the level's item has; for `choose`, how
    /// many options the chosen item has left (0: the search backs up).
    #[wasm_bindgen(getter)]
    pub fn of(&self) -> u32 {
        self.of
    }

    /// The solutions found so far, this one included.
    #[wasm_bindgen(getter)]
    pub fn found(&self) -> f64 {
        self.found
    }

    /// The options tried on the way down (the partial solution), by level.
    #[wasm_bindgen(getter)]
    pub fn solution(&self) -> Vec<u32> {
        self.solution.clone()
    }

    /// The items covered, as item indices.
    #[wasm_bindgen(getter)]
    pub fn covered(&self) -> Vec<u32> {
        self.covered.clone()
    }

    /// The secondary items purified to a color (Algorithm C), as item indices.
    #[wasm_bindgen(getter)]
    pub fn purified(&self) -> Vec<u32> {
        self.purified.clone()
    }

    /// The color of each purified item, in the order of `purified`.
    #[wasm_bindgen(getter)]
    pub fn colors(&self) -> Vec<String> {
        self.colors.clone()
    }

    /// The options out of the matrix (not counting the partial solution's).
    #[wasm_bindgen(getter)]
    pub fn hidden(&self) -> Vec<u32> {
        self.hidden.clone()
    }
}
