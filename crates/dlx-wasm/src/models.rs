//! The puzzle models the page shows: sudoku, N-queens and polyomino boards, each read, searched by the models' own policy and drawn.

use std::sync::Arc;

use dlx_core::{Budget, Count, CountMode, Footprint, OptionId, Sequential};
use dlx_models::polyomino::{Board, PieceSet, Polyomino as Model};
use dlx_models::queens::{Encoding as QueensEncoding, Queens as QueensModel, Square};
use dlx_models::sudoku::{generate_puzzle_within, Encoding, Puzzle, Shape, Variant};
use dlx_models::tilings::{count_tilings, Tilings};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::jobs::count_mode;
use crate::{budget, check_size, error, memo_settings, options_of, outcome_name, Problem};
use crate::{MAX_TEXT_BYTES, PROBLEM_MEMORY};

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
        check_size(text, "the puzzle", MAX_TEXT_BYTES)?;
        let puzzle = Puzzle::parse_one(text, None).map_err(|e| error(&e))?;
        Ok(Sudoku {
            puzzle,
            variant: Variant::with_diagonals(diagonal),
        })
    }

    /// A puzzle with one solution made from `seed`, as one line.
    pub fn generate(size: usize, seed: u64, diagonal: bool) -> Result<String, JsError> {
        let shape = Shape::for_size(size).map_err(|e| error(&e))?;
        let made = generate_puzzle_within(
            shape,
            Variant::with_diagonals(diagonal),
            seed,
            &Budget::new(),
        );
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
            check_size(solution, "the solution", MAX_TEXT_BYTES)?;
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
    /// row, column from 0, flattened); throws for a side that is not a
    /// whole number from 1 to 1000, and when two queens attack each other.
    #[wasm_bindgen(constructor)]
    pub fn new(n: f64, placed: Vec<u32>) -> Result<Queens, JsError> {
        if !(n.is_finite() && n.fract() == 0.0 && n >= 0.0) {
            return Err(JsError::new(&format!(
                "the board side is a whole number of squares, not {n}"
            )));
        }
        let squares = placed
            .chunks(2)
            .filter(|pair| pair.len() == 2)
            .map(|pair| Square::new(pair[0] as usize, pair[1] as usize));
        // Past `usize`, as large as it holds: the model refuses it by name.
        let n = if n > usize::MAX as f64 {
            usize::MAX
        } else {
            n as usize
        };
        let model = QueensModel::with_queens(n, squares).map_err(|e| error(&e))?;
        let encoding = model.encode().map_err(|e| error(&e))?;
        Ok(Queens { model, encoding })
    }

    /// The exact cover problem.
    pub fn problem(&self) -> Problem {
        Problem::new(self.encoding.problem().clone())
    }

    /// The completions up to the board's symmetries (rotations and
    /// reflections that keep the placed queens), counted on this thread.
    #[wasm_bindgen(js_name = countDistinct)]
    pub fn count_distinct(&self) -> Result<String, JsError> {
        self.model
            .count_distinct()
            .map(|count| count.to_string())
            .map_err(|e| error(&e))
    }

    /// The board a solution makes: the column of each row's queen (-1 for none).
    pub fn columns(&self, solution: Vec<u32>) -> Vec<i32> {
        let options = options_of(self.encoding.problem(), &solution);
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
        let options = options_of(self.encoding.problem(), &solution);
        self.model.to_svg(Some(&self.encoding.decode(&options)))
    }
}

// --------------------------------------------------------------- polyomino

/// The tilings of a board by polyominoes.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Polyomino {
    model: Model,
}

impl Polyomino {
    fn build(board: Board, pieces: &str, one_sided: bool) -> Result<Polyomino, JsError> {
        check_size(pieces, "the pieces", MAX_TEXT_BYTES)?;
        let pieces = if pieces.contains('\n') || pieces.contains('#') {
            PieceSet::parse(pieces)
        } else {
            PieceSet::builtin(pieces.trim())
        }
        .map_err(|e| error(&e))?;
        check_footprint(Model::footprint(&board, &pieces, one_sided))?;
        let model = Model::new(board, pieces, one_sided).map_err(|e| error(&e))?;
        Ok(Polyomino { model })
    }

    fn options(&self, solution: &[u32]) -> Vec<OptionId> {
        options_of(self.model.problem(), solution)
    }
}

#[wasm_bindgen]
impl Polyomino {
    /// A board drawn as text (`#` a cell, `.` a hole, a line a row), and
    /// pieces by a set's name (`pentominoes`, `tetrominoes`, `hexominoes`,
    /// `domino`) or as the piece text the CLI reads.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, pieces: &str, one_sided: bool) -> Result<Polyomino, JsError> {
        check_size(board, "the board", MAX_TEXT_BYTES)?;
        Polyomino::build(
            Board::parse(board).map_err(|e| error(&e))?,
            pieces,
            one_sided,
        )
    }

    /// A rectangle given as the CLI's `--board` takes it (`WxH`: `6x10` is
    /// 10 rows of 6), and pieces as for the constructor.
    #[wasm_bindgen(js_name = ofSize)]
    pub fn of_size(size: &str, pieces: &str, one_sided: bool) -> Result<Polyomino, JsError> {
        check_size(size, "the board size", MAX_TEXT_BYTES)?;
        let board = Board::parse_size(size).map_err(|e| error(&e))?;
        Polyomino::build(board, pieces, one_sided)
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
    /// between slices; `method` (`auto`, `memo`, `plain`) and `maxNodes`
    /// as for `Problem.count`: `[all, up to symmetry ("" unless that
    /// search ran), method, outcome]`, the counts "" when the budget
    /// stopped the count (the outcome then `stopped:nodes`).
    pub fn count(
        &self,
        distinct: bool,
        progress: &js_sys::Function,
        method: Option<String>,
        max_nodes: Option<f64>,
    ) -> Result<Vec<String>, JsError> {
        count_board(&self.model, distinct, progress, method, max_nodes)
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

/// Refuses a board model whose problem (and two solvers) would take more
/// memory than a page may hold, before it is built.
pub(crate) fn check_footprint(footprint: Footprint) -> Result<(), JsError> {
    let needs = footprint.total(2);
    if needs > PROBLEM_MEMORY as u64 {
        return Err(JsError::new(&format!(
            "the tiling problem would take about {} MiB, more than a page may hold ({} MiB)",
            needs >> 20,
            PROBLEM_MEMORY >> 20
        )));
    }
    Ok(())
}

/// A board's tilings counted by the models' one policy
/// ([`count_tilings`]), on this thread, for every board model of the page
/// (see `Polyomino.count` for the arguments and the answer).
pub(crate) fn count_board<M: Tilings + ?Sized>(
    model: &M,
    distinct: bool,
    progress: &js_sys::Function,
    method: Option<String>,
    max_nodes: Option<f64>,
) -> Result<Vec<String>, JsError> {
    let mode: CountMode = count_mode(method.as_deref())?;
    let mut searcher = Sequential::new()
        .with_budget(budget(max_nodes)?)
        .with_settings(memo_settings())
        .with_hook(1 << 16, |report| {
            let _ = progress.call1(&JsValue::NULL, &JsValue::from(report.nodes as f64));
        });
    let counted = count_tilings(model, distinct, mode, &mut searcher).map_err(|e| error(&e))?;
    let whole = |count: &Option<Count>| {
        count
            .as_ref()
            .filter(|_| counted.outcome.is_complete())
            .map(Count::to_string)
            .unwrap_or_default()
    };
    let method = counted
        .counted
        .as_ref()
        .map_or("plain", |counted| counted.method.name());
    Ok(vec![
        whole(&counted.all),
        whole(&counted.distinct),
        method.to_owned(),
        outcome_name(counted.outcome),
    ])
}
