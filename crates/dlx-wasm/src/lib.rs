//! The dlx engine and puzzle models for JavaScript: the ES module behind
//! the web page (`web/`), built by `cargo xtask web` with wasm-bindgen.
//!
//! A thin layer over `dlx-core` and `dlx-models`: nothing here searches,
//! encodes or draws on its own. The browser has one thread per worker, so
//! every long search is a *job* that runs in slices (`step(nodes)`), and the
//! page's Web Worker posts its progress between slices; the page stops a
//! search by ending its worker. Errors are JavaScript `Error`s whose
//! message is the Rust error's (the line, the item, what was expected).
//! Text from the user (item names, piece names) is never markup here: the
//! SVG pictures escape it, and the page shows it with `textContent`.
#![allow(
    unsafe_code,
    reason = "the code wasm-bindgen's #[wasm_bindgen] generates"
)]

use std::sync::Arc;

use dlx_core::{
    format_option, parse_dlx, write_dlx, Budget, Count, CountMode, Diagram, MemoSettings, OptionId,
    Problem as CoreProblem, Sequential, Solver, Step,
};
use dlx_models::polyomino::{Board, PieceSet, Polyomino as Model};
use dlx_models::queens::{Encoding as QueensEncoding, Queens as QueensModel, Square};
use dlx_models::sudoku::{generate_puzzle_within, Encoding, Puzzle, Shape, Variant};
use dlx_models::tilings::count_tilings;
use js_sys::{Array, Uint32Array};
use wasm_bindgen::prelude::*;

fn error(error: &dyn std::error::Error) -> JsError {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !message.contains(&cause_text) {
            message.push_str(": ");
            message.push_str(&cause_text);
        }
        source = cause.source();
    }
    JsError::new(&message)
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

/// An exact cover problem.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Problem {
    inner: Arc<CoreProblem>,
}

#[wasm_bindgen]
impl Problem {
    /// Reads Knuth's text format; throws an `Error` naming the line.
    #[wasm_bindgen(js_name = fromDlx)]
    pub fn from_dlx(text: &str) -> Result<Problem, JsError> {
        let problem = parse_dlx(text).map_err(|e| error(&e))?;
        Ok(Problem {
            inner: Arc::new(problem),
        })
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
    /// core's one count job, its method decided as the CLI's is.
    pub fn count(&self) -> CountJob {
        let job = dlx_core::CountJob::shared(
            Arc::clone(&self.inner),
            &MemoSettings::new(),
            CountMode::Auto,
        );
        CountJob {
            job: job.expect("the automatic count refuses no problem"),
        }
    }

    /// The solutions, in the search's order, found in slices.
    pub fn solutions(&self) -> SolutionsJob {
        SolutionsJob {
            solver: Box::new(Solver::new(&self.inner)),
            done: false,
        }
    }

    /// Knuth's estimate from `probes` random paths (the core's one
    /// estimate): `[nodes, nodes' standard error, solutions, solutions'
    /// standard error, probes that reached a solution]`.
    pub fn estimate(&self, probes: u32, seed: u64) -> Vec<f64> {
        let estimate = Solver::new(&self.inner)
            .estimate(u64::from(probes.max(2)), seed)
            .value;
        let (nodes, solutions) = (estimate.nodes, estimate.solutions);
        vec![
            nodes.mean(),
            nodes.std_error(),
            solutions.mean(),
            solutions.std_error(),
            solutions.hits() as f64,
        ]
    }

    /// The `k` cheapest solutions under the options' costs (Knuth's DLX5
    /// `|cost`), cheapest first, within `max_nodes` nodes: an array of
    /// `[cost as decimal digits, option indices]`; throws when the node
    /// budget stops the search first (the answer would be partial).
    #[wasm_bindgen(js_name = minCost)]
    pub fn min_cost(&self, k: usize, max_nodes: f64) -> Result<Array, JsError> {
        let mut solver = Solver::new(&self.inner);
        solver.set_budget(Budget::new().with_nodes(max_nodes as u64));
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

    /// `k` solutions drawn uniformly at random (seeded), each as option
    /// indices; throws when the diagram would pass `max_nodes` nodes.
    pub fn sample(&self, k: usize, seed: u64, max_nodes: f64) -> Result<Array, JsError> {
        let budget = Budget::new().with_nodes(max_nodes as u64);
        let diagram =
            Diagram::build(&self.inner, &MemoSettings::new(), &budget).map_err(|e| error(&e))?;
        Ok(diagram
            .samples(seed)
            .take(k)
            .map(|s| JsValue::from(option_ids(&s)))
            .collect())
    }
}

/// A count run in slices: the core's [`dlx_core::CountJob`].
#[wasm_bindgen]
#[derive(Debug)]
pub struct CountJob {
    job: dlx_core::CountJob<'static>,
}

#[wasm_bindgen]
impl CountJob {
    /// Runs about `nodes` more nodes; true when the count is done (the
    /// decision, a few thousand nodes, runs whole in the first step).
    pub fn step(&mut self, nodes: f64) -> bool {
        self.job.run((nodes as u64).max(1)).is_some()
    }

    /// The count as decimal digits once done; "" before.
    pub fn count(&self) -> String {
        self.job
            .counted()
            .and_then(|counted| counted.count.as_ref())
            .map(Count::to_string)
            .unwrap_or_default()
    }

    /// The solutions counted so far by a plain count (a partial count).
    #[wasm_bindgen(js_name = countSoFar)]
    pub fn count_so_far(&self) -> String {
        self.job
            .count_so_far()
            .as_ref()
            .map(Count::to_string)
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

    /// Nodes so far.
    pub fn nodes(&self) -> f64 {
        self.job.stats().nodes as f64
    }

    /// Knuth's updates so far (links changed by covering).
    pub fn updates(&self) -> f64 {
        self.job.stats().updates as f64
    }

    /// The deepest level of the search tree reached so far.
    #[wasm_bindgen(js_name = maxLevel)]
    pub fn max_level(&self) -> usize {
        self.job.stats().max_level
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
    done: bool,
}

#[wasm_bindgen]
impl SolutionsJob {
    /// The next solution within about `nodes` nodes: its option indices,
    /// or `undefined` when the slice ran out or the search ended (`done`).
    pub fn next(&mut self, nodes: f64) -> Option<Uint32Array> {
        if self.done {
            return None;
        }
        let mut left = (nodes as u64).max(1);
        loop {
            let before = self.solver.stats().nodes;
            match self.solver.run(left) {
                Step::Solution => return Some(option_ids(self.solver.solution())),
                Step::End(_) => {
                    self.done = true;
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

    /// Whether the search has ended.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.done
    }

    /// Nodes so far.
    pub fn nodes(&self) -> f64 {
        self.solver.stats().nodes as f64
    }

    /// Knuth's updates so far.
    pub fn updates(&self) -> f64 {
        self.solver.stats().updates as f64
    }

    /// The deepest level of the search tree reached so far.
    #[wasm_bindgen(js_name = maxLevel)]
    pub fn max_level(&self) -> usize {
        self.solver.stats().max_level
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

// ------------------------------------------------------------------ sudoku

/// A sudoku puzzle: solve, count to two, draw.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Sudoku {
    puzzle: Puzzle,
    variant: Variant,
}

#[wasm_bindgen]
impl Sudoku {
    /// Reads a puzzle (one line of cells, or the rows on lines; `.` or `0`
    /// a blank; 4x4 to 64x64); throws naming the line and cell.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, diagonal: bool) -> Result<Sudoku, JsError> {
        let puzzle = Puzzle::parse_one(text, None).map_err(|e| error(&e))?;
        Ok(Sudoku {
            puzzle,
            variant: if diagonal {
                Variant::Diagonal
            } else {
                Variant::Plain
            },
        })
    }

    /// A puzzle with one solution made from `seed`, as one line.
    pub fn generate(size: usize, seed: u64, diagonal: bool) -> Result<String, JsError> {
        let shape = Shape::for_size(size).map_err(|e| error(&e))?;
        let variant = if diagonal {
            Variant::Diagonal
        } else {
            Variant::Plain
        };
        let made = generate_puzzle_within(shape, variant, seed, &Budget::new());
        match made.value {
            Some((puzzle, _)) => Ok(puzzle.to_line(dlx_models::sudoku::Alphabet::Digits)),
            None => Err(JsError::new("no grid found for these rules")),
        }
    }

    /// The side of the grid.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.puzzle.grid().size()
    }

    /// The solutions, counted up to 2: 0 none, 1 unique, 2 several; and
    /// the first as one line ("" when none): `[count, line]`.
    pub fn solve(&self) -> Result<Array, JsError> {
        let encoding = Encoding::presolved(self.puzzle.grid(), self.variant)
            .map_err(|clash| JsError::new(&format!("the givens break the rules: {clash}")))?;
        let mut solver = encoding.solver();
        let first = match solver.next_solution() {
            Ok(Some(s)) => Some(encoding.decode(s)),
            Ok(None) => None,
            Err(stop) => return Err(error(&stop)),
        };
        let count = match (&first, solver.next_solution()) {
            (None, _) => 0,
            (Some(_), Ok(None)) => 1,
            (Some(_), _) => 2,
        };
        let line = first
            .as_ref()
            .map(|grid| grid.to_line(self.puzzle.alphabet()))
            .unwrap_or_default();
        Ok([JsValue::from(count), JsValue::from(line)]
            .into_iter()
            .collect())
    }

    /// The puzzle as an SVG picture; with `solution` (one line), the
    /// solution's digits drawn apart from the givens.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self, solution: &str) -> Result<String, JsError> {
        let solved = if solution.is_empty() {
            None
        } else {
            Some(Puzzle::parse_one(solution, None).map_err(|e| error(&e))?)
        };
        Ok(self.puzzle.grid().to_svg(
            solved.as_ref().map(Puzzle::grid),
            self.variant,
            self.puzzle.alphabet(),
        ))
    }
}

// ------------------------------------------------------------------ queens

/// The N-queens puzzle with queens placed already.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Queens {
    model: QueensModel,
    encoding: QueensEncoding,
}

#[wasm_bindgen]
impl Queens {
    /// The board of side `n` with queens at the squares `placed` (pairs
    /// row, column, flattened); throws when two attack each other.
    #[wasm_bindgen(constructor)]
    pub fn new(n: usize, placed: Vec<u32>) -> Result<Queens, JsError> {
        let squares = placed
            .chunks(2)
            .filter(|pair| pair.len() == 2)
            .map(|pair| Square::new(pair[0] as usize, pair[1] as usize));
        let model = QueensModel::with_queens(n, squares).map_err(|e| error(&e))?;
        let encoding = model.encode().map_err(|e| error(&e))?;
        Ok(Queens { model, encoding })
    }

    /// The exact cover problem.
    pub fn problem(&self) -> Problem {
        Problem {
            inner: Arc::new(self.encoding.problem().clone()),
        }
    }

    /// The board a solution makes: the column of each row's queen (-1 for none).
    pub fn columns(&self, solution: Vec<u32>) -> Vec<i32> {
        let options = self.options(&solution);
        self.encoding
            .decode(&options)
            .columns()
            .iter()
            .map(|c| c.map_or(-1, |c| c as i32))
            .collect()
    }

    /// The board of a solution (or the placed queens alone, for an empty
    /// solution) as an SVG picture.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self, solution: Vec<u32>) -> String {
        if solution.is_empty() {
            return self.model.to_svg(None);
        }
        let options = self.options(&solution);
        self.model.to_svg(Some(&self.encoding.decode(&options)))
    }
}

impl Queens {
    fn options(&self, solution: &[u32]) -> Vec<OptionId> {
        options_of(self.encoding.problem(), solution)
    }
}

// --------------------------------------------------------------- polyomino

/// The tilings of a board by polyominoes.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Polyomino {
    model: Model,
}

#[wasm_bindgen]
impl Polyomino {
    /// A board drawn as text (`#` a cell, `.` a hole, a line a row), and
    /// pieces by a set's name (`pentominoes`, `tetrominoes`, `hexominoes`,
    /// `domino`) or as the piece text the CLI reads.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, pieces: &str, one_sided: bool) -> Result<Polyomino, JsError> {
        let board = Board::parse(board).map_err(|e| error(&e))?;
        let pieces = if pieces.contains('\n') || pieces.contains('#') {
            PieceSet::parse(pieces)
        } else {
            PieceSet::builtin(pieces.trim())
        }
        .map_err(|e| error(&e))?;
        let needs = Model::footprint(&board, &pieces, one_sided).total(2);
        if needs > 512 << 20 {
            return Err(JsError::new(&format!(
                "the tiling problem would take about {} MiB, more than a page may hold",
                needs >> 20
            )));
        }
        let model = Model::new(board, pieces, one_sided).map_err(|e| error(&e))?;
        Ok(Polyomino { model })
    }

    /// The exact cover problem.
    pub fn problem(&self) -> Problem {
        Problem {
            inner: Arc::new(self.model.problem().clone()),
        }
    }

    /// The tilings counted by the models' one policy, as the CLI counts
    /// them (memoised where regions repeat, else one search by symmetry
    /// that gives both counts), on this thread, `progress(nodes)` called
    /// between slices: `[all, up to symmetry ("" unless asked), method]`.
    pub fn count(
        &self,
        distinct: bool,
        progress: &js_sys::Function,
    ) -> Result<Vec<String>, JsError> {
        let mut searcher = Sequential::new().with_hook(1 << 16, |report| {
            let _ = progress.call1(&JsValue::NULL, &JsValue::from(report.nodes as f64));
        });
        let counted = count_tilings(&self.model, distinct, CountMode::Auto, &mut searcher)
            .map_err(|e| error(&e))?;
        let method = counted
            .counted
            .as_ref()
            .map_or("plain", |counted| counted.method.name());
        Ok(vec![
            counted
                .all
                .as_ref()
                .map(Count::to_string)
                .unwrap_or_default(),
            counted
                .distinct
                .as_ref()
                .map(Count::to_string)
                .unwrap_or_default(),
            method.to_owned(),
        ])
    }

    /// Whether a solution is the one listed for its tiling (copies of a
    /// piece taken in one order).
    pub fn lists(&self, solution: Vec<u32>) -> bool {
        self.model.lists(&self.options(&solution))
    }

    /// The tiling of a solution as an SVG picture.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self, solution: Vec<u32>) -> String {
        self.model.decode(&self.options(&solution)).to_svg()
    }

    /// The tiling of a solution as text, a letter a piece.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, solution: Vec<u32>) -> String {
        self.model.decode(&self.options(&solution)).to_string()
    }
}

impl Polyomino {
    fn options(&self, solution: &[u32]) -> Vec<OptionId> {
        options_of(self.model.problem(), solution)
    }
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
