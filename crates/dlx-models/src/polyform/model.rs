//! The exact cover problem of a board and a piece set on any grid: placements, the symmetry group, items and options, counts.

use std::collections::HashMap;
use std::fmt::Debug;
use std::ops::ControlFlow;

use dlx_core::{
    BuildError, Count, Footprint, ItemId, MemoCounter, MemoError, MemoSettings, OptionId, Problem,
    ProblemBuilder, Solver, Stats,
};

use super::board::Board;
use super::grid::Grid;
use super::lattice::{Lattice, Motions};
use super::packing::{Packing, PlacedPiece};
use super::pieces::PieceSet;

/// A board and a piece set of grid `G`, encoded as an exact cover problem
/// (see the module docs for the items and options).
#[derive(Debug, Clone)]
pub struct Polyform<G: Encoding> {
    board: G::Board,
    pub(super) pieces: PieceSet<G>,
    motions: Motions,
    /// The board's cells, in order; a cell's index is its position here.
    cells: Vec<G::Cell>,
    /// Every placement of every piece, grouped by piece.
    pub(super) placements: Vec<Placement>,
    /// For each piece, its placements by their sorted cells.
    pub(super) lookup: Vec<HashMap<Vec<u32>, usize>>,
    /// The symmetries counted up to, identity first, as maps of cells and pieces.
    pub(super) group: Vec<Image>,
    symmetries: Vec<G::Symmetry>,
    /// The piece with several copies that needs no item (see the module docs).
    itemless: Option<usize>,
    /// The product of `count!` over the pieces listed as copies.
    pub(super) copies_factor: u64,
    pub(super) problem: Problem,
    /// For each option of `problem`, its placement and which copy of the
    /// piece it is (0 for the first or only one).
    pub(crate) option_placement: Vec<(usize, u32)>,
}

/// How the problem of a grid's board and pieces is encoded and decoded,
/// beyond the grid's geometry: the conventions of the lattices (Knuth's
/// `polycube-dlx` and `polyiamond-dlx`, and the choices of the module
/// docs), and those the polyominoes keep (his `polyomino-dlx`).
pub trait Encoding: Grid {
    /// What a solution decodes to: a [`Packing`], or a polyomino tiling.
    type Packing;

    /// How a model is told the motions its pieces may make: [`Motions`] on
    /// a lattice; on the square grid, whether the pieces are one-sided.
    type Moves: Copy + Debug + Send + Sync;

    /// Whether the cell items come before the piece items, as in Knuth's
    /// `polycube-dlx` and `polyiamond-dlx`; his `polyomino-dlx` lists the
    /// pieces first.
    const CELLS_FIRST: bool;

    /// Whether a symmetry of the board may map the placements of one piece
    /// onto those of another with the same count (a solid piece onto its
    /// mirror image), renaming the pieces; otherwise each piece's
    /// placements must map onto its own.
    const RENAMES: bool;

    /// Whether the count up to symmetry restricts the piece whose
    /// placements make the largest orbits (see the module docs); otherwise
    /// the one with the fewest placements, as Knuth restricts the X pentomino.
    const LARGEST_ORBITS: bool;

    /// The packing these placed pieces of `pieces` make on `board`.
    fn packing(
        board: &Self::Board,
        pieces: &PieceSet<Self>,
        placed: Vec<PlacedPiece<Self>>,
    ) -> Self::Packing;

    /// Why a board cell that no placement covers makes no problem.
    fn uncovered(cell: Self::Cell) -> SetupError;

    /// The motions that `moves` allow.
    fn motions(moves: Self::Moves) -> Motions;
}

/// One way to put a piece on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The piece's index in the set.
    pub piece: usize,
    /// The cells covered, as sorted indices into [`Polyform::cells`].
    pub cells: Vec<u32>,
}

/// Why a board and a piece set make no problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The pieces cannot cover the board exactly, whatever their placement.
    #[error("the pieces cover {pieces} cells (counting copies) but the board has {board} cells")]
    AreaMismatch {
        /// Cells of all copies of all pieces.
        pieces: usize,
        /// Cells of the board.
        board: usize,
    },
    /// A piece that fits nowhere on the board.
    #[error("piece `{name}` fits nowhere on the board")]
    PieceFitsNowhere {
        /// The piece.
        name: String,
    },
    /// A cell of a polyomino board that no placement of any piece covers.
    #[error("no piece fits on the board cell at row {row}, column {column}")]
    CellUncovered {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
    },
    /// A cell of a lattice's board that no placement of any piece covers.
    #[error("no piece fits on the board cell {cell}")]
    Uncovered {
        /// The cell's item name.
        cell: String,
    },
    /// Too many copies to count (the number of orderings of the copies overflows `u64`).
    #[error("piece `{name}` has {count} copies; at most 20 copies per piece are supported when other pieces have copies too")]
    TooManyCopies {
        /// The piece.
        name: String,
        /// Its count.
        count: usize,
    },
    /// The engine refused the problem (too large).
    #[error("cannot build the exact cover problem")]
    Build(#[source] BuildError),
}

/// A symmetry of the board as it acts on a problem: where each cell goes,
/// and which piece each piece's placements become.
#[derive(Debug, Clone)]
pub(super) struct Image {
    pub(super) cells: Vec<u32>,
    pub(super) pieces: Vec<usize>,
}

/// The lattices' conventions (see the module docs).
impl<L: Lattice> Encoding for L {
    type Packing = Packing<L>;
    type Moves = Motions;
    const CELLS_FIRST: bool = true;
    const RENAMES: bool = true;
    const LARGEST_ORBITS: bool = true;

    fn packing(_board: &Board<L>, pieces: &PieceSet<L>, placed: Vec<PlacedPiece<L>>) -> Packing<L> {
        Packing::new(pieces, placed)
    }

    fn uncovered(cell: L::Cell) -> SetupError {
        SetupError::Uncovered {
            cell: L::item_name(cell),
        }
    }

    fn motions(motions: Motions) -> Motions {
        motions
    }
}

impl<G: Encoding> Polyform<G> {
    /// The memory [`Polyform::new`] would take for these arguments, and
    /// each solver of its problem, known before anything is built: an
    /// upper estimate from each orientation's translations
    /// ([`Grid::most_translations`]: on a lattice every orientation
    /// anchored on every cell, on the square grid its positions inside the
    /// board's bounding box). A small pieces file can describe billions of
    /// placements (one option per placement and copy of a piece).
    pub fn footprint(board: &G::Board, pieces: &PieceSet<G>, moves: G::Moves) -> Footprint {
        let motions = G::motions(moves);
        let (mut options, mut entries, mut placed) = (0u64, 0u64, 0u64);
        let n_cells = G::board_cells(board).len();
        for piece in pieces.pieces() {
            let cells = G::area(&piece.shape) as u64;
            let placements = G::orientations(&piece.shape, motions)
                .iter()
                .map(|shape| G::most_translations(board, shape))
                .fold(0u64, u64::saturating_add);
            let copies = placements.saturating_mul(piece.count as u64);
            options = options.saturating_add(copies);
            entries = entries.saturating_add(copies.saturating_mul(cells + 1));
            // Each placement's cells, and its entry in the lookup by cells.
            placed = placed.saturating_add(placements.saturating_mul(8 * cells + 96));
        }
        let items = (n_cells + pieces.pieces().iter().map(|p| p.count).sum::<usize>()) as u64;
        let mut footprint = Footprint::of_size(items, options, entries);
        footprint.problem = footprint.problem.saturating_add(placed);
        footprint
    }

    /// Encodes the problem of covering `board` exactly with `pieces`, each
    /// used its count of times, moved as `moves` allow ([`Motions`] on a
    /// lattice; on the square grid `one_sided`, rotations only when `true`).
    ///
    /// A set of one piece used once, smaller than the board, fills it: the
    /// piece is used as many times as the board holds it (so the domino
    /// alone counts domino tilings, the diamond lozenge tilings); the
    /// board's area must be a multiple of the piece's.
    pub fn new(
        board: G::Board,
        mut pieces: PieceSet<G>,
        moves: G::Moves,
    ) -> Result<Polyform<G>, SetupError> {
        let motions = G::motions(moves);
        let cells = G::board_cells(&board);
        let board_area = cells.len();
        if let [piece] = pieces.pieces() {
            let size = G::area(&piece.shape);
            if piece.count == 1 && size < board_area && board_area % size == 0 {
                let name = piece.name.clone();
                pieces
                    .set_count(&name, board_area / size)
                    .expect("the piece is in the set and its count positive");
            }
        }
        if pieces.area() != board_area {
            return Err(SetupError::AreaMismatch {
                pieces: pieces.area(),
                board: board_area,
            });
        }
        let mut placements = Vec::new();
        let mut lookup = Vec::new();
        for (piece_idx, piece) in pieces.pieces().iter().enumerate() {
            let mut map = HashMap::new();
            for shape in G::orientations(&piece.shape, motions) {
                G::translations(&board, &shape, |cells| {
                    map.insert(cells.clone(), placements.len());
                    placements.push(Placement {
                        piece: piece_idx,
                        cells,
                    });
                });
            }
            if map.is_empty() {
                return Err(SetupError::PieceFitsNowhere {
                    name: piece.name.clone(),
                });
            }
            lookup.push(map);
        }
        let mut covered = vec![false; board_area];
        for p in &placements {
            for &c in &p.cells {
                covered[c as usize] = true;
            }
        }
        if let Some(i) = covered.iter().position(|&b| !b) {
            return Err(G::uncovered(cells[i]));
        }
        let (group, symmetries) = symmetry_group::<G>(&board, &pieces, &placements, &lookup);

        // The piece with the most copies needs no item: the others are each
        // used exactly their count, so the area left is exactly its copies.
        let itemless = pieces
            .pieces()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.count > 1)
            .max_by_key(|&(i, p)| (p.count, std::cmp::Reverse(i)))
            .map(|(i, _)| i);
        let mut copies_factor = 1u64;
        for (i, p) in pieces.pieces().iter().enumerate() {
            if Some(i) != itemless && p.count > 1 {
                copies_factor = (2..=p.count as u64)
                    .try_fold(copies_factor, |f, k| f.checked_mul(k))
                    .ok_or_else(|| SetupError::TooManyCopies {
                        name: p.name.clone(),
                        count: p.count,
                    })?;
            }
        }
        let mut model = Polyform {
            board,
            pieces,
            motions,
            cells,
            placements,
            lookup,
            group,
            symmetries,
            itemless,
            copies_factor,
            problem: ProblemBuilder::new().build().map_err(SetupError::Build)?,
            option_placement: Vec::new(),
        };
        let (problem, option_placement) = model.encode(|_| true)?;
        model.problem = model.with_matchings(problem, &option_placement);
        model.option_placement = option_placement;
        Ok(model)
    }

    /// `problem` with its Kasteleyn matrix ([`Problem::with_matchings`]),
    /// when its options are the pairs of cells of a single piece of two
    /// cells (dominoes, lozenges) and the grid knows signs that make the
    /// determinant count them ([`Grid::kasteleyn`]): the count's rule
    /// then counts it in polynomial time.
    fn with_matchings(&self, problem: Problem, option_placement: &[(usize, u32)]) -> Problem {
        let pairs = match self.pairs(option_placement) {
            Some(pairs) if self.itemless == Some(0) => pairs,
            _ => return problem,
        };
        match G::kasteleyn(&self.board, &self.cells, &pairs) {
            Some(matrix) => match problem.clone().with_matchings(matrix) {
                Ok(problem) => problem,
                Err(err) => {
                    debug_assert!(false, "the grid's matrix is the problem's: {err}");
                    problem
                }
            },
            None => problem,
        }
    }

    /// For a set of a single piece of two cells, the cells of each option
    /// of a problem whose options' placements and copies are
    /// `option_placement`, as pairs of indices into [`Polyform::cells`]:
    /// the edges of a matching problem; `None` for other pieces, or for
    /// copies told apart.
    pub(crate) fn pairs(&self, option_placement: &[(usize, u32)]) -> Option<Vec<(usize, usize)>> {
        let [piece] = self.pieces.pieces() else {
            return None;
        };
        if G::area(&piece.shape) != 2 {
            return None;
        }
        option_placement
            .iter()
            .map(|&(p, copy)| {
                let cells = &self.placements[p].cells;
                (copy == 0).then(|| (cells[0] as usize, cells[1] as usize))
            })
            .collect()
    }

    /// The exact cover problem (Knuth's items and options; see the module docs).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// How many solutions of [`Polyform::problem`] make one packing: the
    /// product of `k!` over the pieces with `k > 1` copies that have items;
    /// divide a count of the problem's solutions by it.
    pub fn solutions_per_packing(&self) -> u64 {
        self.copies_factor
    }

    /// The number of packings by `dlx_core`'s memoised count of
    /// [`Polyform::problem`] (see [`dlx_core::MemoCounter`]): far beyond
    /// enumeration where the regions left repeat, as in domino and lozenge
    /// tilings; no faster than [`Polyform::count_all`] where they do not,
    /// as for the pentominoes.
    pub fn count_all_memoised(&self, settings: &MemoSettings) -> Result<Count, MemoError> {
        let count = MemoCounter::new(&self.problem, settings)?.count()?;
        Ok(count.div_floor(self.copies_factor))
    }

    /// The board.
    pub fn board(&self) -> &G::Board {
        &self.board
    }

    /// The pieces (with the count a lone piece gets when it fills the board).
    pub fn pieces(&self) -> &PieceSet<G> {
        &self.pieces
    }

    /// The motions the pieces may make.
    pub fn motions(&self) -> Motions {
        self.motions
    }

    /// The board's cells, in order; [`Placement::cells`] index into it.
    pub fn cells(&self) -> &[G::Cell] {
        &self.cells
    }

    /// Every placement of every piece, grouped by piece in the set's order.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The symmetries that the count up to symmetry counts up to: those of
    /// the board that map the set of placements of every piece onto the
    /// placements of a piece with the same count (itself, or where
    /// [`Encoding::RENAMES`], its mirror image when a reflection maps one
    /// solid piece to another).
    pub fn symmetries(&self) -> &[G::Symmetry] {
        &self.symmetries
    }

    /// The placement an option of [`Polyform::problem`] puts down.
    pub fn option_placement(&self, option: OptionId) -> &Placement {
        &self.placements[self.option_placement[option.index()].0]
    }

    /// The packing a solution of [`Polyform::problem`] describes.
    pub fn decode(&self, solution: &[OptionId]) -> G::Packing {
        let ids: Vec<usize> = solution
            .iter()
            .map(|o| self.option_placement[o.index()].0)
            .collect();
        self.packing(&ids)
    }

    /// Calls `visit` with each packing in the order the search finds them,
    /// each once (of the `k!` solutions that permute the copies of a piece,
    /// only the one [`Polyform::lists`]), until it returns `Break`.
    pub fn visit_packings<B>(
        &self,
        mut visit: impl FnMut(G::Packing) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        Solver::new(&self.problem)
            .visit(|solution| {
                if self.lists(solution) {
                    visit(self.decode(solution))
                } else {
                    ControlFlow::Continue(())
                }
            })
            .map_continue(|_| ())
    }

    /// Whether `solution` is the one of its packing's `k!` solutions that
    /// stands for it: the one with the copies of each piece in increasing
    /// order of placement. Listing the solutions that pass, in any search
    /// of [`Polyform::problem`], lists each packing once.
    pub fn lists(&self, solution: &[OptionId]) -> bool {
        if self.copies_factor == 1 {
            return true;
        }
        let mut copies: Vec<(usize, u32, usize)> = solution
            .iter()
            .map(|o| {
                let (p, copy) = self.option_placement[o.index()];
                (self.placements[p].piece, copy, p)
            })
            .collect();
        copies.sort_unstable();
        copies
            .windows(2)
            .all(|w| w[0].0 != w[1].0 || w[0].2 <= w[1].2)
    }

    /// The first packing the search finds, if any.
    pub fn first(&self) -> Option<G::Packing> {
        crate::whole(Solver::new(&self.problem).first()).map(|s| self.decode(&s))
    }

    /// The number of packings, by visiting every one (a packing is a set of
    /// placed pieces; copies of a piece are not told apart): the
    /// independent count the symmetry count is tested against.
    pub fn count_all(&self) -> Count {
        self.count_all_with_stats().0
    }

    /// [`Polyform::count_all`] and the statistics of the search.
    pub fn count_all_with_stats(&self) -> (Count, Stats) {
        let mut solver = Solver::new(&self.problem);
        let n = crate::whole(solver.count());
        (n.div_floor(self.copies_factor), *solver.stats())
    }

    /// For each cell, the piece covering it and the first cell of its
    /// placement, after `image` (the identity when `None`): the canonical
    /// form in which packings are compared.
    pub(super) fn labels(&self, ids: &[usize], image: Option<&Image>) -> Vec<(usize, u32)> {
        let mut out = vec![(0, 0); self.cells.len()];
        for &p in ids {
            let placement = &self.placements[p];
            let (piece, cells): (usize, Vec<u32>) = match image {
                Some(g) => (
                    g.pieces[placement.piece],
                    placement
                        .cells
                        .iter()
                        .map(|&c| g.cells[c as usize])
                        .collect(),
                ),
                None => (placement.piece, placement.cells.clone()),
            };
            let first = cells.iter().copied().min().unwrap_or(0);
            for c in cells {
                out[c as usize] = (piece, first);
            }
        }
        out
    }

    fn packing(&self, ids: &[usize]) -> G::Packing {
        let placed = ids
            .iter()
            .map(|&p| PlacedPiece {
                piece: self.placements[p].piece,
                cells: self.placements[p]
                    .cells
                    .iter()
                    .map(|&c| self.cells[c as usize])
                    .collect(),
            })
            .collect();
        G::packing(&self.board, &self.pieces, placed)
    }

    /// Builds the problem with the placements `keep` accepts; returns it and
    /// each option's placement and copy. The cell items come in the
    /// board's order, before or after the piece items
    /// ([`Encoding::CELLS_FIRST`]), as Knuth's generators write them.
    pub(super) fn encode(
        &self,
        keep: impl Fn(usize) -> bool,
    ) -> Result<(Problem, Vec<(usize, u32)>), SetupError> {
        let mut builder = ProblemBuilder::new();
        let mut cell_items: Vec<ItemId> = Vec::new();
        let mut add_cells = |builder: &mut ProblemBuilder| {
            cell_items = self
                .cells
                .iter()
                .map(|&c| builder.primary(G::cell_item(c)))
                .collect::<Result<_, _>>()?;
            Ok(())
        };
        if G::CELLS_FIRST {
            add_cells(&mut builder).map_err(SetupError::Build)?;
        }
        let mut piece_items: Vec<Vec<ItemId>> = Vec::new();
        for (i, piece) in self.pieces.pieces().iter().enumerate() {
            let items = if Some(i) == self.itemless {
                Vec::new()
            } else if piece.count == 1 {
                vec![builder.primary(&piece.name).map_err(SetupError::Build)?]
            } else {
                (1..=piece.count)
                    .map(|k| builder.primary(format!("{}#{k}", piece.name)))
                    .collect::<Result<_, _>>()
                    .map_err(SetupError::Build)?
            };
            piece_items.push(items);
        }
        if !G::CELLS_FIRST {
            add_cells(&mut builder).map_err(SetupError::Build)?;
        }
        let mut option_placement = Vec::new();
        for (p, placement) in self.placements.iter().enumerate() {
            if !keep(p) {
                continue;
            }
            let cells = placement.cells.iter().map(|&c| cell_items[c as usize]);
            let copies = &piece_items[placement.piece];
            if copies.is_empty() {
                builder.option(cells.clone()).map_err(SetupError::Build)?;
                option_placement.push((p, 0));
            }
            for (k, &copy) in copies.iter().enumerate() {
                builder
                    .option(std::iter::once(copy).chain(cells.clone()))
                    .map_err(SetupError::Build)?;
                option_placement.push((p, k as u32));
            }
        }
        let problem = builder.build().map_err(SetupError::Build)?;
        Ok((problem, option_placement))
    }
}

/// The board's symmetries that map every piece's placements onto the
/// placements of a piece with the same count (itself, unless
/// [`Encoding::RENAMES`]), with those maps.
fn symmetry_group<G: Encoding>(
    board: &G::Board,
    pieces: &PieceSet<G>,
    placements: &[Placement],
    lookup: &[HashMap<Vec<u32>, usize>],
) -> (Vec<Image>, Vec<G::Symmetry>) {
    let n = pieces.len();
    let mut by_piece: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (p, placement) in placements.iter().enumerate() {
        by_piece[placement.piece].push(p);
    }
    let count = |i: usize| pieces.pieces()[i].count;
    let (mut group, mut symmetries) = (Vec::new(), Vec::new());
    for (s, map) in G::board_symmetries(board) {
        let maps_onto = |i: usize, j: usize| {
            count(i) == count(j)
                && by_piece[i].len() == by_piece[j].len()
                && by_piece[i]
                    .iter()
                    .all(|&p| lookup[j].contains_key(&map_placement(&map, &placements[p].cells)))
        };
        let mut taken = vec![false; n];
        let image: Vec<usize> = (0..n)
            .map_while(|i| {
                // The piece itself first, so that the permutation is the identity where it can be.
                let others = (0..n).filter(|_| G::RENAMES);
                let j = std::iter::once(i)
                    .chain(others)
                    .find(|&j| !taken[j] && maps_onto(i, j))?;
                taken[j] = true;
                Some(j)
            })
            .collect();
        if image.len() == n {
            group.push(Image {
                cells: map,
                pieces: image,
            });
            symmetries.push(s);
        }
    }
    (group, symmetries)
}

pub(super) fn map_placement(map: &[u32], cells: &[u32]) -> Vec<u32> {
    let mut out: Vec<u32> = cells.iter().map(|&c| map[c as usize]).collect();
    out.sort_unstable();
    out
}
