//! The packings of a board by polycubes, polyiamonds or polyhexes: one class over the three families, each method one call of `dlx_models::polyform`.
//!
//! The family is chosen once, by name, when the model is built; every
//! method after that goes through [`each!`], which hands the family's
//! [`Polyform`] to one generic expression, so nothing is written once per
//! family. A polycube packing draws itself in 3D or as its layers.

use dlx_core::OptionId;
use dlx_models::polycube::Cubic;
use dlx_models::polyform::{Board, Family, PieceSet, Polyform as Model};
use dlx_models::polyhex::Hexagonal;
use dlx_models::polyiamond::Triangular;
use wasm_bindgen::prelude::*;

use crate::models::{check_footprint, count_board};
use crate::{check_size, error, options_of, Problem, MAX_TEXT_BYTES};

/// A board and its pieces in one of the three families.
#[derive(Debug)]
enum Packings {
    Cube(Model<Cubic>),
    Iamond(Model<Triangular>),
    Hex(Model<Hexagonal>),
}

/// Runs `$body` with `$model` the family's [`Model`], whichever it is.
macro_rules! each {
    ($packings:expr, $model:ident => $body:expr) => {
        match $packings {
            Packings::Cube($model) => $body,
            Packings::Iamond($model) => $body,
            Packings::Hex($model) => $body,
        }
    };
}

/// Runs `$body` with `$F` the [`Family`] named `$family`, or returns the
/// error that no family has that name.
macro_rules! by_family {
    ($family:expr, $F:ident => $body:expr) => {
        match $family {
            Cubic::FAMILY => {
                type $F = Cubic;
                $body
            }
            Triangular::FAMILY => {
                type $F = Triangular;
                $body
            }
            Hexagonal::FAMILY => {
                type $F = Hexagonal;
                $body
            }
            other => {
                return Err(JsError::new(&format!(
                    "`{other}` is not a family of polyforms: polycube, polyiamond or polyhex"
                )))
            }
        }
    };
}

impl From<Model<Cubic>> for Packings {
    fn from(model: Model<Cubic>) -> Packings {
        Packings::Cube(model)
    }
}

impl From<Model<Triangular>> for Packings {
    fn from(model: Model<Triangular>) -> Packings {
        Packings::Iamond(model)
    }
}

impl From<Model<Hexagonal>> for Packings {
    fn from(model: Model<Hexagonal>) -> Packings {
        Packings::Hex(model)
    }
}

/// The packings of a board by polyforms of one family (polycubes,
/// polyiamonds, polyhexes), counted by the models' one policy and drawn.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Polyform {
    packings: Packings,
}

/// Reads the board and the pieces of family `F` and builds the model.
fn build<F: Family>(board: &str, pieces: &str) -> Result<Model<F>, JsError> {
    let board = Board::<F>::parse(board).map_err(|e| error(&e))?;
    let pieces = if pieces.contains(['\n', '#']) {
        PieceSet::<F>::parse(pieces)
    } else {
        PieceSet::<F>::builtin(pieces.trim())
    }
    .map_err(|e| error(&e))?;
    check_footprint(Model::footprint(&board, &pieces, F::MOTIONS))?;
    Model::new(board, pieces, F::MOTIONS).map_err(|e| error(&e))
}

/// The packing of a solution of `model`'s problem.
fn decoded<F: Family>(model: &Model<F>, solution: &[u32]) -> dlx_models::polyform::Packing<F> {
    let options: Vec<OptionId> = options_of(model.problem(), solution);
    model.decode(&options)
}

#[wasm_bindgen]
impl Polyform {
    /// A board of the family named (`polycube`, `polyiamond`, `polyhex`)
    /// by name or size (`3x3x3`, `rhombus:6`, `parallelogram:7x4`,
    /// `hexagon:3`) or in the family's ASCII art, and its pieces by a
    /// built-in set's name (`soma`, `hexiamonds`, `tetrahexes`, with
    /// `NAME*K` for K copies) or as a piece file; throws naming what is
    /// wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(family: &str, board: &str, pieces: &str) -> Result<Polyform, JsError> {
        check_size(board, "the board", MAX_TEXT_BYTES)?;
        check_size(pieces, "the pieces", MAX_TEXT_BYTES)?;
        let packings = by_family!(family, F => Packings::from(build::<F>(board, pieces)?));
        Ok(Polyform { packings })
    }

    /// The family's name.
    #[wasm_bindgen(getter)]
    pub fn family(&self) -> String {
        fn name<F: Family>(_: &Model<F>) -> &'static str {
            F::FAMILY
        }
        each!(&self.packings, model => name(model)).to_owned()
    }

    /// The number of cells of the board.
    #[wasm_bindgen(getter)]
    pub fn cells(&self) -> usize {
        each!(&self.packings, model => model.board().n_cells())
    }

    /// The number of pieces (each copy counted).
    #[wasm_bindgen(getter)]
    pub fn pieces(&self) -> usize {
        each!(&self.packings, model => model.pieces().pieces().iter().map(|p| p.count).sum())
    }

    /// The exact cover problem.
    pub fn problem(&self) -> Problem {
        Problem::new(each!(&self.packings, model => model.problem().clone()))
    }

    /// The packings counted by the models' one policy, exactly as
    /// `Polyomino.count` counts tilings: `[all, up to symmetry ("" unless
    /// that search ran), method, outcome]`, the counts "" when the budget
    /// stopped the count.
    pub fn count(
        &self,
        distinct: bool,
        progress: &js_sys::Function,
        method: Option<String>,
        max_nodes: Option<f64>,
    ) -> Result<Vec<String>, JsError> {
        each!(&self.packings, model => count_board(model, distinct, progress, method, max_nodes))
    }

    /// Whether a solution is the one listed for its packing (copies of a
    /// piece taken in one order).
    pub fn lists(&self, solution: Vec<u32>) -> bool {
        each!(&self.packings, model => model.lists(&options_of(model.problem(), &solution)))
    }

    /// The packing of a solution as an SVG picture, as its family draws it
    /// (polycubes in 3D).
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self, solution: Vec<u32>) -> String {
        each!(&self.packings, model => decoded(model, &solution).to_svg())
    }

    /// The packing of a polycube solution as an SVG picture of its layers
    /// side by side; throws for the flat families, which have one layer.
    #[wasm_bindgen(js_name = toSvgLayers)]
    pub fn to_svg_layers(&self, solution: Vec<u32>) -> Result<String, JsError> {
        match &self.packings {
            Packings::Cube(model) => Ok(decoded(model, &solution).to_svg_layers()),
            _ => Err(JsError::new("only a polycube packing has layers")),
        }
    }

    /// The packing of a solution as text, a letter a piece.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, solution: Vec<u32>) -> String {
        each!(&self.packings, model => decoded(model, &solution).to_string())
    }

    /// A board of the family named, given as the constructor takes it, in
    /// the family's ASCII art (`#` a cell), as the constructor reads it back.
    #[wasm_bindgen(js_name = boardArt)]
    pub fn board_art(family: &str, board: &str) -> Result<String, JsError> {
        check_size(board, "the board", MAX_TEXT_BYTES)?;
        by_family!(family, F => Board::<F>::parse(board).map(|board| board.to_art()).map_err(|e| error(&e)))
    }
}
