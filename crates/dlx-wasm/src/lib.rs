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

use std::rc::Rc;

use dlx_core::{
    decide_method, format_option, parse_dlx, write_dlx, Budget, Count, Decision, Diagram,
    MemoCounter, MemoSettings, MemoStep, OptionId, Problem as CoreProblem, Solver, Step, WyRand,
};
use dlx_models::polyomino::{Board, PieceSet, Polyomino as Model};
use dlx_models::queens::{Encoding as QueensEncoding, Queens as QueensModel, Square};
use dlx_models::sudoku::{generate_puzzle_within, Encoding, Puzzle, Shape, Variant};
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
    inner: Rc<CoreProblem>,
}

#[wasm_bindgen]
impl Problem {
    /// Reads Knuth's text format; throws an `Error` naming the line.
    #[wasm_bindgen(js_name = fromDlx)]
    pub fn from_dlx(text: &str) -> Result<Problem, JsError> {
        let problem = parse_dlx(text).map_err(|e| error(&e))?;
        Ok(Problem {
            inner: Rc::new(problem),
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

    /// A count of the solutions, run in slices (`CountJob.step`).
    pub fn count(&self) -> CountJob {
        CountJob {
            problem: Rc::clone(&self.inner),
            state: CountState::Start,
            nodes: 0,
            updates: 0,
            max_level: 0,
        }
    }

    /// The solutions, in the search's order, found in slices.
    pub fn solutions(&self) -> SolutionsJob {
        SolutionsJob {
            solver: Box::new(Solver::new(&self.inner)),
            done: false,
        }
    }

    /// Knuth's estimate from `probes` random paths: `[nodes, solutions]`.
    pub fn estimate(&self, probes: u32, seed: u64) -> Vec<f64> {
        let mut solver = Solver::new(&self.inner);
        let mut random = WyRand::new(seed);
        let (mut nodes, mut solutions) = (0.0, 0.0);
        let probes = probes.max(1);
        for _ in 0..probes {
            let probe = solver.probe(|d| random.below(d));
            nodes += probe.nodes;
            solutions += probe.solutions;
        }
        vec![nodes / f64::from(probes), solutions / f64::from(probes)]
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

enum CountState {
    Start,
    Plain(Box<Solver>),
    Memo(Box<MemoCounter>),
    Done(Count, &'static str),
}

/// A count run in slices.
#[wasm_bindgen]
pub struct CountJob {
    problem: Rc<CoreProblem>,
    state: CountState,
    nodes: u64,
    updates: u64,
    max_level: usize,
}

impl std::fmt::Debug for CountJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CountJob")
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl CountJob {
    /// Runs about `nodes` more nodes; true when the count is done.
    pub fn step(&mut self, nodes: f64) -> bool {
        let slice = (nodes as u64).max(1);
        match &mut self.state {
            CountState::Start => {
                // The core's decision: a short plain count, then a probe of
                // the memoised count where the plain one does not finish.
                let decision = decide_method(&self.problem, &MemoSettings::new(), &Budget::new());
                self.state = match decision {
                    Decision::Done {
                        count,
                        method,
                        plain,
                        memo,
                        ..
                    } => {
                        self.nodes = plain.nodes + memo.nodes;
                        self.updates = plain.updates + memo.updates;
                        self.max_level = plain.max_level.max(memo.max_level);
                        CountState::Done(count, method_name(method))
                    }
                    Decision::Memo { counter, plain, .. } => {
                        self.nodes = plain.nodes;
                        self.updates = plain.updates;
                        self.max_level = plain.max_level;
                        CountState::Memo(counter)
                    }
                    Decision::Plain { solver, .. } => CountState::Plain(solver),
                };
                matches!(self.state, CountState::Done(..))
            }
            CountState::Plain(solver) => {
                let step = solver.run_counting(slice);
                self.nodes = solver.stats().nodes;
                self.updates = solver.stats().updates;
                self.max_level = solver.stats().max_level;
                if let Step::End(_) = step {
                    let count = Count::from(solver.stats().solutions);
                    self.state = CountState::Done(count, "plain");
                    true
                } else {
                    false
                }
            }
            CountState::Memo(counter) => {
                let step = counter.run(slice);
                let memo = counter.stats();
                self.nodes = memo.nodes;
                self.updates = memo.updates;
                self.max_level = self.max_level.max(memo.max_level);
                match step {
                    MemoStep::Done(count) => {
                        self.state = CountState::Done(count, "memo");
                        true
                    }
                    _ => false,
                }
            }
            CountState::Done(..) => true,
        }
    }

    /// The count as decimal digits once done; "" before.
    pub fn count(&self) -> String {
        match &self.state {
            CountState::Done(count, _) => count.to_string(),
            _ => String::new(),
        }
    }

    /// The solutions counted so far by a plain count (a partial count).
    #[wasm_bindgen(js_name = countSoFar)]
    pub fn count_so_far(&self) -> String {
        match &self.state {
            CountState::Plain(solver) => solver.stats().solutions.to_string(),
            CountState::Done(count, _) => count.to_string(),
            _ => String::new(),
        }
    }

    /// "plain" or "memo" (the search that counts), "" before the decision.
    pub fn method(&self) -> String {
        match &self.state {
            CountState::Start => String::new(),
            CountState::Plain(_) => "plain".into(),
            CountState::Memo(_) => "memo".into(),
            CountState::Done(_, method) => (*method).into(),
        }
    }

    /// Nodes so far.
    pub fn nodes(&self) -> f64 {
        self.nodes as f64
    }

    /// Knuth's updates so far (links changed by covering).
    pub fn updates(&self) -> f64 {
        self.updates as f64
    }

    /// The deepest level of the search tree reached so far.
    #[wasm_bindgen(js_name = maxLevel)]
    pub fn max_level(&self) -> usize {
        self.max_level
    }

    /// Knuth's estimate of the fraction done (plain count only; -1 when unknown).
    pub fn fraction(&self) -> f64 {
        match &self.state {
            CountState::Plain(solver) => solver.progress(),
            CountState::Done(..) => 1.0,
            _ => -1.0,
        }
    }
}

fn method_name(method: dlx_core::Method) -> &'static str {
    match method {
        dlx_core::Method::Memo => "memo",
        _ => "plain",
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
            inner: Rc::new(self.encoding.problem().clone()),
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
            inner: Rc::new(self.model.problem().clone()),
        }
    }

    /// How many solutions of the problem make one tiling (orders of copies).
    #[wasm_bindgen(js_name = solutionsPerTiling)]
    pub fn solutions_per_tiling(&self) -> f64 {
        self.model.solutions_per_tiling() as f64
    }

    /// Tilings from a count of the problem's solutions (decimal digits).
    pub fn tilings(&self, solutions: &str) -> Result<String, JsError> {
        let count: Count = solutions
            .parse()
            .map_err(|e: dlx_core::ParseCountError| error(&e))?;
        Ok(count
            .div_floor(self.model.solutions_per_tiling())
            .to_string())
    }

    /// The tilings counted by one search that also finds their orbits
    /// under the board's symmetries, as the CLI counts them where the
    /// memoised count does not pay: `[all, up to symmetry]`, as decimal
    /// digits.
    #[wasm_bindgen(js_name = countBySymmetry)]
    pub fn count_by_symmetry(&self) -> Result<Vec<String>, JsError> {
        let (counts, _) = self.model.count_by_symmetry().map_err(|e| error(&e))?;
        Ok(vec![counts.all.to_string(), counts.distinct.to_string()])
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
