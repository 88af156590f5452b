//! `dlx polycube`: pack a box (or a solid drawn in layers) with polycubes such as the Soma pieces, count the packings, draw one.

use dlx_models::polycube::{Cell, Cubic, KnuthSpec, Packing};
use dlx_models::polyform::Family as _;
use serde_json::Value;

use crate::polyform::{Face, KnuthReader};
use crate::shared::boards::Words;

/// The built-in piece sets, by the names `--pieces` completes.
pub(crate) const PIECE_SETS: [(&str, &str); 4] = [
    ("soma", "the 7 Soma pieces"),
    ("tetracubes", "the 8 tetracubes"),
    ("pentacubes", "the 29 pentacubes"),
    ("planar-pentacubes", "the 12 pentominoes as solid pieces"),
];

impl Face for Cubic {
    const WORDS: Words = Words {
        name: Cubic::FAMILY,
        about: "Pack a box with polycubes (the 7 Soma pieces unless told otherwise)",
        drawn: "its layers side by side (`z=0` first, each cube the letter of its piece)",
        solid: Some((
            "Pieces rotate but are not reflected (no solid piece can be turned into its mirror \
             image)",
            "the box's symmetries that map the piece set onto itself: its rotations, and its \
             reflections too when the set is its own mirror image, as Soma is",
        )),
        board: (
            "The box, XxYxZ (X columns, Y lines, Z layers)",
            "XxYxZ",
            Some("box"),
        ),
        default_board: "3x3x3",
        board_file: "A solid drawn in layers of ASCII art (`#` a cube, `.` or space a \
                     hole, a blank line between two layers; `-` for standard input)",
        knuth: Some(
            "The board, and the pieces if it lists them, in the input form of \
             Knuth's polycube-dlx (`[0-2][0-2][0-2]`, then `NAME xyz xyz ...` a \
             piece; `-` for standard input)",
        ),
        pieces: (
            "soma, tetracubes, pentacubes, planar-pentacubes, polycubes:N",
            &PIECE_SETS,
        ),
        default_pieces: "soma",
        only: "V,L*2,T",
        layers: Some(
            "With --svg: draw the layers side by side, each cube a square with \
             the letter of its piece, instead of the isometric view",
        ),
        after_help: "\
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
  dlx polycube --box 2x3x10 --pieces planar-pentacubes --emit-dlx | dlx solve --count",
    };
    const KNUTH: Option<KnuthReader<Self>> = Some(KnuthSpec::parse);

    fn cell_json(cell: Cell) -> Value {
        serde_json::json!({ "x": cell.x, "y": cell.y, "z": cell.z })
    }

    fn draw(packing: &Packing, layers: bool) -> String {
        if layers {
            packing.to_svg_layers()
        } else {
            packing.to_svg()
        }
    }
}
