//! The exact cover problem of a board and a piece set: placements, items, counts.

use std::collections::HashMap;
use std::ops::ControlFlow;

pub use crate::tilings::Counts;
use dlx_core::{
    BuildError, Count, Footprint, ItemId, MemoCounter, MemoError, MemoSettings, OptionId, Problem,
    ProblemBuilder, Solver, Stats,
};

use super::board::Board;
use super::pieces::PieceSet;
use super::shape::{Shape, Transform};
use super::tiling::{PlacedPiece, Tiling};

/// A board and a piece set, encoded as an exact cover problem.
#[derive(Debug, Clone)]
pub struct Polyomino {
    board: Board,
    pub(super) pieces: PieceSet,
    one_sided: bool,
    /// The board's cells `(row, column)`, row-major; a cell's index is its position here.
    pub(super) cells: Vec<(usize, usize)>,
    /// Every placement of every piece, grouped by piece.
    pub(super) placements: Vec<Placement>,
    /// For each piece, its placements by their sorted cells.
    pub(super) lookup: Vec<HashMap<Vec<u32>, usize>>,
    /// The symmetries of the board that map each piece's placements onto
    /// that piece's placements, identity first, as cell maps.
    pub(super) group: Vec<Vec<u32>>,
    transforms: Vec<Transform>,
    /// The piece with several copies that needs no item (see the module docs).
    itemless: Option<usize>,
    /// The product of `count!` over the pieces listed as copies.
    pub(super) copies_factor: u64,
    pub(super) problem: Problem,
    /// For each option of `problem`, its placement and which copy of the piece it is (0 for the first or only one).
    pub(super) option_placement: Vec<(usize, u32)>,
}

/// One way to put a piece on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The piece's index in the set.
    pub piece: usize,
    /// The cells covered, as sorted indices into [`Polyomino::cells`].
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
    /// A board cell that no placement of any piece covers.
    #[error("no piece fits on the board cell at row {row}, column {column}")]
    CellUncovered {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
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

impl Polyomino {
    /// The memory [`Polyomino::new`] would take for these arguments, and
    /// each solver of its problem, known before anything is built: an
    /// upper estimate from each orientation's translations inside the
    /// board's bounding box. A small pieces file can describe billions of
    /// placements (one option per placement and copy of a piece).
    pub fn footprint(board: &Board, pieces: &PieceSet, one_sided: bool) -> Footprint {
        let (mut options, mut entries, mut placed) = (0u64, 0u64, 0u64);
        for piece in pieces.pieces() {
            let cells = piece.shape.len() as u64;
            let placements = piece
                .shape
                .orientations(one_sided)
                .iter()
                .map(|shape| {
                    let (h, w) = shape.size();
                    let rows = (board.height() + 1).saturating_sub(h) as u64;
                    let cols = (board.width() + 1).saturating_sub(w) as u64;
                    rows * cols
                })
                .fold(0u64, u64::saturating_add);
            let copies = placements.saturating_mul(piece.count as u64);
            options = options.saturating_add(copies);
            entries = entries.saturating_add(copies.saturating_mul(cells + 1));
            // Each placement's cells, and its entry in the lookup by cells.
            placed = placed.saturating_add(placements.saturating_mul(8 * cells + 96));
        }
        let items =
            (board.n_cells() + pieces.pieces().iter().map(|p| p.count).sum::<usize>()) as u64;
        let mut footprint = Footprint::of_size(items, options, entries);
        footprint.problem = footprint.problem.saturating_add(placed);
        footprint
    }

    /// Encodes the problem of covering `board` exactly with `pieces`, each
    /// used its count of times, in any orientation (rotations only when
    /// `one_sided`).
    ///
    /// A set of one piece used once, smaller than the board, fills it: the
    /// piece is used as many times as the board holds it (so
    /// [`PieceSet::domino`] counts domino tilings); the board's area must be
    /// a multiple of the piece's.
    pub fn new(
        board: Board,
        mut pieces: PieceSet,
        one_sided: bool,
    ) -> Result<Polyomino, SetupError> {
        let board_area = board.n_cells();
        if let [piece] = pieces.pieces() {
            let size = piece.shape.len();
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
        let cells = board.cells();
        let index = board.cell_index();
        let mut placements = Vec::new();
        let mut lookup = Vec::new();
        for (piece_idx, piece) in pieces.pieces().iter().enumerate() {
            let mut map = HashMap::new();
            for shape in piece.shape.orientations(one_sided) {
                place_shape(&board, &index, &shape, |cells| {
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
        let mut covered = vec![false; cells.len()];
        for p in &placements {
            for &c in &p.cells {
                covered[c as usize] = true;
            }
        }
        if let Some(i) = covered.iter().position(|&b| !b) {
            let (row, col) = cells[i];
            return Err(SetupError::CellUncovered {
                row: row + 1,
                column: col + 1,
            });
        }

        // The symmetries that keep every piece's placements among its own.
        let mut group = Vec::new();
        let mut transforms = Vec::new();
        for t in board.symmetries() {
            let Some(map) = board.map_cells(t) else {
                continue;
            };
            let keeps = placements
                .iter()
                .all(|p| lookup[p.piece].contains_key(&map_placement(&map, &p.cells)));
            if keeps {
                group.push(map);
                transforms.push(t);
            }
        }

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

        let mut model = Polyomino {
            board,
            pieces,
            one_sided,
            cells,
            placements,
            lookup,
            group,
            transforms,
            itemless,
            copies_factor,
            problem: ProblemBuilder::new().build().map_err(SetupError::Build)?,
            option_placement: Vec::new(),
        };
        let (problem, option_placement) = model.encode(|_| true)?;
        model.problem = problem;
        model.option_placement = option_placement;
        // Domino boards carry their Kasteleyn matrix: the count's rule
        // counts them by its determinant, in polynomial time.
        if let Some(dimers) = model.dimers() {
            match model
                .problem
                .clone()
                .with_matchings(dimers.matrix().clone())
            {
                Ok(problem) => model.problem = problem,
                Err(err) => debug_assert!(false, "the board's matrix is its problem's: {err}"),
            }
        }
        Ok(model)
    }

    /// The exact cover problem (Knuth's items and options; see the module docs).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// How many solutions of [`Polyomino::problem`] make one tiling: the
    /// product of `k!` over the pieces with `k > 1` copies that have items
    /// (see the module docs); divide a count of the problem's solutions by it.
    pub fn solutions_per_tiling(&self) -> u64 {
        self.copies_factor
    }

    /// The number of tilings by `dlx_core`'s memoised count of
    /// [`Polyomino::problem`] (see [`dlx_core::MemoCounter`]): far beyond
    /// what visiting tilings can reach where subproblems repeat, as for the
    /// domino tilings of a board; no faster than [`Polyomino::count_all`]
    /// where they do not, as for the pentominoes.
    pub fn count_all_memoised(&self, settings: &MemoSettings) -> Result<Count, MemoError> {
        let count = MemoCounter::new(&self.problem, settings)?.count()?;
        Ok(count.div_floor(self.copies_factor))
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces.
    pub fn pieces(&self) -> &PieceSet {
        &self.pieces
    }

    /// Whether pieces may only be rotated, not reflected.
    pub fn one_sided(&self) -> bool {
        self.one_sided
    }

    /// The board's cells `(row, column)`, row-major; [`Placement::cells`] index into it.
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// Every placement of every piece, grouped by piece in the set's order.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The symmetries under which [`Polyomino::count_distinct`] identifies
    /// tilings: those of the board that map every piece's placements to
    /// placements of the same piece (all of the board's for free pieces).
    pub fn symmetries(&self) -> &[Transform] {
        &self.transforms
    }

    /// The placement an option of [`Polyomino::problem`] puts down.
    pub fn option_placement(&self, option: OptionId) -> &Placement {
        &self.placements[self.option_placement[option.index()].0]
    }

    /// The tiling a solution of [`Polyomino::problem`] describes.
    pub fn decode(&self, solution: &[OptionId]) -> Tiling {
        let ids: Vec<usize> = solution
            .iter()
            .map(|o| self.option_placement[o.index()].0)
            .collect();
        self.tiling(&ids)
    }

    /// Calls `visit` with each tiling in the order the search finds them,
    /// each once (of the `k!` solutions that permute the copies of a piece,
    /// only the one with the copies in increasing order of placement),
    /// until it returns `ControlFlow::Break`.
    pub fn visit_tilings<B>(
        &self,
        mut visit: impl FnMut(Tiling) -> ControlFlow<B>,
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

    /// Whether `solution` is the one of its tiling's `k!` solutions that
    /// [`Polyomino::visit_tilings`] lists: the one with the copies of each
    /// piece in increasing order of placement. Listing the solutions that
    /// pass, in any search of [`Polyomino::problem`], lists each tiling once.
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

    /// The first tiling the search finds, if any.
    pub fn first(&self) -> Option<Tiling> {
        crate::whole(Solver::new(&self.problem).first()).map(|s| self.decode(&s))
    }

    /// The number of tilings (a tiling is a set of placed pieces; copies of
    /// one piece are not told apart).
    pub fn count_all(&self) -> Count {
        self.count_all_with_stats().0
    }

    /// [`Polyomino::count_all`] and the statistics of the search.
    pub fn count_all_with_stats(&self) -> (Count, Stats) {
        let mut solver = Solver::new(&self.problem);
        let n = crate::whole(solver.count());
        (n.div_floor(self.copies_factor), *solver.stats())
    }

    /// The number of tilings up to the symmetries of [`Polyomino::symmetries`]:
    /// the number of orbits, exactly, symmetric tilings included (see the module docs).
    pub fn count_distinct(&self) -> Result<Count, SetupError> {
        Ok(self.count_distinct_with_stats()?.0)
    }

    /// [`Polyomino::count_distinct`] and the statistics of the search.
    pub fn count_distinct_with_stats(&self) -> Result<(Count, Stats), SetupError> {
        let (counts, stats) = self.count_by_symmetry()?;
        Ok((counts.distinct, stats))
    }

    /// Both counts from the one search of [`Polyomino::count_distinct`]:
    /// each orbit found adds 1 to `distinct` and its size to `all`
    /// ([`SymmetryCount`](super::SymmetryCount), which runs on any solver, threads included).
    pub fn count_by_symmetry(&self) -> Result<(Counts, Stats), SetupError> {
        let count = self.symmetry_count()?;
        let mut solver = Solver::new(count.problem());
        let counts = count.count(&mut solver);
        Ok((counts, *solver.stats()))
    }

    pub(super) fn labels(&self, ids: &[usize], map: Option<&[u32]>) -> Vec<(usize, u32)> {
        let mut out = vec![(0, 0); self.cells.len()];
        for &p in ids {
            let placement = &self.placements[p];
            let cells: Vec<u32> = match map {
                Some(map) => placement.cells.iter().map(|&c| map[c as usize]).collect(),
                None => placement.cells.clone(),
            };
            let first = cells.iter().copied().min().unwrap_or(0);
            for c in cells {
                out[c as usize] = (placement.piece, first);
            }
        }
        out
    }

    fn tiling(&self, ids: &[usize]) -> Tiling {
        let mut placed: Vec<PlacedPiece> = ids
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
        placed.sort_by(|a, b| a.cells.cmp(&b.cells));
        Tiling::new(&self.board, &self.pieces, placed)
    }

    /// Builds the problem with the placements `keep` accepts; returns it and
    /// each option's placement.
    pub(super) fn encode(
        &self,
        keep: impl Fn(usize) -> bool,
    ) -> Result<(Problem, Vec<(usize, u32)>), SetupError> {
        let mut builder = ProblemBuilder::new();
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
        let cell_items: Vec<ItemId> = self
            .cells
            .iter()
            .map(|&(r, c)| builder.primary(format!("r{r}c{c}")))
            .collect::<Result<_, _>>()
            .map_err(SetupError::Build)?;
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

/// Calls `found` with the sorted cell indices of every translation of `shape` that fits on the board.
fn place_shape(
    board: &Board,
    index: &[Option<u32>],
    shape: &Shape,
    mut found: impl FnMut(Vec<u32>),
) {
    let (h, w) = shape.size();
    if h > board.height() || w > board.width() {
        return;
    }
    for dr in 0..=board.height() - h {
        for dc in 0..=board.width() - w {
            let cells: Option<Vec<u32>> = shape
                .cells()
                .iter()
                .map(|&(r, c)| index[(r + dr) * board.width() + c + dc])
                .collect();
            if let Some(mut cells) = cells {
                cells.sort_unstable();
                found(cells);
            }
        }
    }
}

pub(super) fn map_placement(map: &[u32], cells: &[u32]) -> Vec<u32> {
    let mut out: Vec<u32> = cells.iter().map(|&c| map[c as usize]).collect();
    out.sort_unstable();
    out
}
