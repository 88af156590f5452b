//! Tests of the polyform models (polycubes, polyiamonds, polyhexes) and the machinery they share: known counts with their sources, counts up to symmetry against an independent orbit count, Knuth's inputs, art, pictures and errors.

mod polycube;
mod polyhex;
mod polyiamond;

use std::collections::{BTreeSet, HashMap};
use std::ops::ControlFlow;

use dlx_core::{verify, Solver};
use dlx_models::polyform::{Board, Family, Lattice, PieceSet, Polyform, Shape};

/// Builds the model of `board` and `pieces` with the family's motions.
#[track_caller]
pub(crate) fn model<F: Family>(board: &str, pieces: &str) -> Polyform<F> {
    let board = Board::<F>::parse(board).expect("a valid board");
    let pieces = PieceSet::<F>::builtin(pieces)
        .or_else(|_| PieceSet::<F>::parse(pieces))
        .expect("valid pieces");
    Polyform::new(board, pieces, F::MOTIONS).expect("a valid puzzle")
}

/// Both counts from the symmetry count, the size of the group, and (when
/// `enumerate`) the count of all packings by a plain search, every
/// solution passing `verify` and every packing the puzzle's own check.
#[track_caller]
pub(crate) fn check<F: Family>(
    model: &Polyform<F>,
    group: usize,
    all: u64,
    distinct: u64,
    enumerate: bool,
) {
    assert_eq!(model.symmetries().len(), group, "the group");
    let (counts, _) = model.count_by_symmetry();
    assert_eq!(
        (counts.all, counts.distinct),
        (all.into(), distinct.into()),
        "all and distinct"
    );
    if enumerate {
        let problem = model.problem();
        let mut n = 0u64;
        let _ = Solver::new(problem).visit(|solution| {
            verify(problem, solution).expect("a valid exact cover");
            if model.lists(solution) {
                let packing = model.decode(solution);
                packing
                    .check(model.board(), model.pieces(), model.motions())
                    .expect("a valid packing");
                n += 1;
            }
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(n, all, "all packings by enumeration");
        assert_eq!(model.count_all(), all, "count_all");
    }
}

/// A point symmetry of a lattice, written out by a test.
pub(crate) type Map<L> = Box<dyn Fn(<L as Lattice>::Cell) -> <L as Lattice>::Cell>;

/// An independent count of all packings and of their orbits: every packing
/// enumerated, mapped by each of `maps` (the lattice's point symmetries,
/// written out by the test, not the library's), translated back onto the
/// board when the image is the board, its pieces named again by their
/// shapes; an orbit is named by the smallest of its members.
///
/// Pieces are told apart by their shapes, so no two pieces of the set may
/// have the same shape up to the motions.
pub(crate) fn orbits<L: Lattice>(
    model: &Polyform<L>,
    maps: &[Map<L>],
    offset: fn(L::Cell) -> [i32; 3],
    translate: fn(L::Cell, [i32; 3]) -> L::Cell,
) -> (u64, u64) {
    let board: BTreeSet<L::Cell> = model.board().cells().iter().copied().collect();
    let low = |cells: &mut dyn Iterator<Item = L::Cell>| {
        cells.map(offset).fold([i32::MAX; 3], |m, o| {
            [m[0].min(o[0]), m[1].min(o[1]), m[2].min(o[2])]
        })
    };
    let board_low = low(&mut board.iter().copied());
    // The maps that send the board onto itself, with the shift back.
    let symmetries: Vec<(&Map<L>, [i32; 3])> = maps
        .iter()
        .filter_map(|f| {
            let image_low = low(&mut board.iter().map(|&c| f(c)));
            let shift = [0, 1, 2].map(|k| board_low[k] - image_low[k]);
            let image: BTreeSet<L::Cell> = board.iter().map(|&c| translate(f(c), shift)).collect();
            (image == board).then_some((f, shift))
        })
        .collect();
    let forms: Vec<(Shape<L>, usize)> = model
        .pieces()
        .pieces()
        .iter()
        .enumerate()
        .map(|(i, p)| (p.shape.canonical(model.motions()), i))
        .collect();
    let mut names: HashMap<Vec<L::Cell>, Option<usize>> = HashMap::new();
    let mut name = |cells: &[L::Cell]| -> Option<usize> {
        *names.entry(cells.to_vec()).or_insert_with(|| {
            let form = Shape::<L>::new(cells.iter().copied()).canonical(model.motions());
            forms.iter().find(|(f, _)| *f == form).map(|&(_, i)| i)
        })
    };
    let mut all = BTreeSet::new();
    let mut orbits = BTreeSet::new();
    let _ = model.visit_packings(|packing| {
        let mut images = Vec::new();
        'maps: for (f, shift) in &symmetries {
            let mut image: Vec<(usize, Vec<L::Cell>)> = Vec::new();
            for p in packing.placed() {
                let mut cells: Vec<L::Cell> =
                    p.cells.iter().map(|&c| translate(f(c), *shift)).collect();
                cells.sort();
                // A reflection may turn a solid piece into none of the set.
                let Some(piece) = name(&cells) else {
                    continue 'maps;
                };
                image.push((piece, cells));
            }
            image.sort();
            images.push(image);
        }
        orbits.insert(images.iter().min().cloned().expect("the identity"));
        all.insert(images[0].clone());
        ControlFlow::<()>::Continue(())
    });
    (all.len() as u64, orbits.len() as u64)
}

/// Reads `svg` back as XML: an `<svg>` root in the SVG namespace with a
/// `viewBox` of four positive sizes; returns how many elements of `name` it holds.
#[track_caller]
pub(crate) fn svg_elements(svg: &str, name: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .expect("a viewBox")
        .split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect();
    assert!(view_box.len() == 4 && view_box[2] > 0.0 && view_box[3] > 0.0);
    doc.descendants()
        .filter(|n| n.tag_name().name() == name)
        .count()
}
