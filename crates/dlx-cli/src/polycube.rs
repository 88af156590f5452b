//! `dlx polycube`: pack a box (or a solid drawn in layers) with polycubes such as the Soma pieces, count the packings, draw one.

use std::path::PathBuf;

use clap::Args;
use dlx_models::polycube::{Cell, Cubic, KnuthSpec, Packing};
use dlx_models::polyform::Family as _;
use serde_json::Value;

use crate::polyform::{Face, Input};
use crate::shared::packings::{PackingArgs, SetOrFile};

/// Pack a box with polycubes (the 7 Soma pieces unless told otherwise).
///
/// Prints one packing by default, its layers side by side (`z=0` first,
/// each cube the letter of its piece), or the first N with `--limit N` (a
/// blank line between two); `--count` and `--distinct` print the number of
/// packings (all, and up to the box's symmetries that map the piece set
/// onto itself: its rotations, and its reflections too when the set is its
/// own mirror image, as Soma is) alone on the last line. A board without
/// packing prints nothing and says `no solution` on standard error. Pieces
/// rotate but are not reflected (no solid piece can be turned into its
/// mirror image); each is used once unless its count says otherwise.
///
/// The search runs on all cores (`--threads`); packings are printed in the
/// order of the sequential search whatever the threads.
#[derive(Debug, Args)]
#[command(after_help = "\
Boards are boxes XxYxZ (X columns, Y lines, Z layers: 2x5x6) or solids drawn
in layers (--board-file): each layer lines of `#` a cube and `.` or space a
hole, from the top, a blank line between two layers, the first drawn z=0;
lines starting with `|` are comments.
Pieces are a built-in set (soma, tetracubes, pentacubes, planar-pentacubes,
or polycubes:N, every polycube of N cubes) or a file of pieces, each drawn
in layers under a header `NAME:` or `NAME*K:`; append `*K` to use each piece
K times; separate several with commas.

`--knuth FILE` reads the input of Knuth's polycube-dlx: lines starting with
`|` are comments; the first other line lists the board's cells `xyz`, each
coordinate a base-62 digit (0-9, a-z for 10-35, A-Z for 36-61) or a set in
brackets with ranges (`[0-2][0-2][0-2]` is the Soma cube's box); each later
line is a piece, its name (`K*NAME` for K copies, K one base-62 digit) and
the cells of one of its placements in the same form (`V 000 100 010`); every
rotation of it is placed. Without piece lines, the pieces are those of
--pieces. `--count` caches the count of every region left to fill where a
short probe finds that regions repeat (`--memo`, `--no-memo` force it).

Examples:
  dlx polycube
  dlx polycube --box 3x3x3 --count --distinct
  dlx polycube --box 2x5x6 --pieces planar-pentacubes --count --distinct
  dlx polycube --board-file data/polyform/soma-steps.txt --svg steps.svg
  dlx polycube --knuth data/polyform/knuth-soma.txt --count
  dlx polycube --box 2x4x4 --pieces tetracubes --count --distinct
  dlx polycube --pieces soma --only V,L,T --list-pieces
  dlx polycube --box 2x2x6 --pieces polycubes:2 --count
  dlx polycube --sample 2 --seed 7 --svg soma/ --layers
  dlx polycube --box 2x3x10 --pieces planar-pentacubes --emit-dlx | dlx solve --count")]
pub(crate) struct PolycubeArgs {
    /// The box, XxYxZ (X columns, Y lines, Z layers) [default: 3x3x3].
    #[arg(long, visible_alias = "box", value_name = "XxYxZ", conflicts_with_all = ["board_file", "knuth"])]
    board: Option<String>,
    /// A solid drawn in layers of ASCII art (`#` a cube, `.` or space a
    /// hole, a blank line between two layers; `-` for standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "knuth")]
    board_file: Option<PathBuf>,
    /// The board, and the pieces if it lists them, in the input form of
    /// Knuth's polycube-dlx (`[0-2][0-2][0-2]`, then `NAME xyz xyz ...` a
    /// piece; `-` for standard input).
    #[arg(long, value_name = "FILE")]
    knuth: Option<PathBuf>,
    /// The pieces: soma, tetracubes, pentacubes, planar-pentacubes,
    /// polycubes:N or a piece FILE, each optionally `*K`; several separated
    /// by commas [default: soma].
    // The sets are the completion's candidates; any other value is read as a file.
    #[arg(long, value_name = "SET|FILE", value_parser = SetOrFile(&PIECE_SETS), hide_possible_values = true)]
    pieces: Option<String>,
    /// Use only these pieces of the set, by name, each optionally `*K` (for
    /// example `--only V,L*2,T`).
    #[arg(long, value_name = "NAMES")]
    only: Option<String>,
    /// With --svg: draw the layers side by side, each cube a square with
    /// the letter of its piece, instead of the isometric view.
    #[arg(long, requires = "svg")]
    layers: bool,
    #[command(flatten)]
    packings: PackingArgs,
}

/// The built-in piece sets, by the names `--pieces` completes.
pub(crate) const PIECE_SETS: [(&str, &str); 4] = [
    ("soma", "the 7 Soma pieces"),
    ("tetracubes", "the 8 tetracubes"),
    ("pentacubes", "the 29 pentacubes"),
    ("planar-pentacubes", "the 12 pentominoes as solid pieces"),
];

impl Face for Cubic {
    fn cell_json(cell: Cell) -> Value {
        serde_json::json!({ "x": cell.x, "y": cell.y, "z": cell.z })
    }
}

pub(crate) fn run(args: PolycubeArgs) -> anyhow::Result<()> {
    let draw: fn(&Packing) -> String = if args.layers {
        Packing::to_svg_layers
    } else {
        Packing::to_svg
    };
    let input = Input {
        board: args.board.as_deref(),
        default_board: "3x3x3",
        board_file: args.board_file.as_deref(),
        knuth: args
            .knuth
            .as_deref()
            .map(|path| (path, KnuthSpec::parse as _)),
        pieces: args.pieces.as_deref(),
        default_pieces: "soma",
        only: args.only.as_deref(),
        motions: Cubic::MOTIONS,
        draw,
    };
    crate::polyform::run(&input, &args.packings)
}
