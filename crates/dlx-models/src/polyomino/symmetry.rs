//! Counting tilings up to the board's symmetries: one restricted search, each
//! orbit found once, its size from its stabilizer (see the module docs).

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::ControlFlow;

use dlx_core::{Count, OptionId, Problem, Solver};

use super::model::{map_placement, Counts, Polyomino, SetupError};
use crate::tilings::{OrbitCount, Tilings};

/// The search behind [`Polyomino::count_by_symmetry`], split from its solver
/// so that any search of [`SymmetryCount::problem`] can run it, on one thread
/// or many: every solution goes to [`SymmetryCount::orbit`], which says
/// whether it stands for its orbit and how many tilings that orbit holds,
/// and [`SymmetryCount::counts`] turns the sums into [`Counts`].
///
/// `orbit` reads the model only, so threads may share one `SymmetryCount`.
///
/// ```
/// use dlx_core::Solver;
/// use dlx_models::polyomino::{Board, PieceSet, Polyomino};
///
/// let board = Board::parse_size("5x4")?;
/// let model = Polyomino::new(board, PieceSet::builtin("tetrominoes")?, false)?;
/// let count = model.symmetry_count()?;
/// let (mut orbits, mut tilings) = (0, 0);
/// let _ = Solver::new(count.problem()).visit(|solution| {
///     if let Some(size) = count.orbit(solution) {
///         orbits += 1;
///         tilings += size;
///     }
///     std::ops::ControlFlow::<()>::Continue(())
/// });
/// let counts = count.counts(orbits, tilings);
/// assert_eq!(counts, model.count_by_symmetry()?.0);
/// assert_eq!(counts.all, model.count_all());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SymmetryCount<'a> {
    model: &'a Polyomino,
    kind: Kind,
    /// The problem searched: the model's own, or with one piece restricted.
    problem: Cow<'a, Problem>,
    /// For each option of `problem`, its placement and copy.
    option_placement: Cow<'a, [(usize, u32)]>,
}

#[derive(Debug)]
enum Kind {
    /// No symmetry: every solution is its own orbit.
    Trivial,
    /// No piece can be restricted: each solution is compared with all its images.
    Full(Vec<usize>),
    /// `piece` keeps one placement per orbit of its placements; for each
    /// kept placement, the symmetries (not the identity) that fix it.
    Restricted {
        piece: usize,
        stabilizer: HashMap<usize, Vec<usize>>,
    },
}

impl Polyomino {
    /// The count up to symmetry, ready to run on any solver: see
    /// [`SymmetryCount`].
    pub fn symmetry_count(&self) -> Result<SymmetryCount<'_>, SetupError> {
        let borrowed = |kind| SymmetryCount {
            model: self,
            kind,
            problem: Cow::Borrowed(&self.problem),
            option_placement: Cow::Borrowed(&self.option_placement),
        };
        if self.group.len() == 1 {
            return Ok(borrowed(Kind::Trivial));
        }
        // The piece used once with the fewest placements.
        let restricted = self
            .pieces
            .pieces()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.count == 1)
            .min_by_key(|&(i, _)| self.lookup[i].len())
            .map(|(i, _)| i);
        let Some(piece) = restricted else {
            return Ok(borrowed(Kind::Full((1..self.group.len()).collect())));
        };
        // One placement per orbit of the piece's placements, with its stabilizer.
        let mut seen = vec![false; self.placements.len()];
        let mut stabilizer: HashMap<usize, Vec<usize>> = HashMap::new();
        let mut ids: Vec<usize> = self.lookup[piece].values().copied().collect();
        ids.sort_unstable();
        for p in ids {
            if seen[p] {
                continue;
            }
            let mut stab = Vec::new();
            for (g, map) in self.group.iter().enumerate() {
                let image = self.lookup[piece][&map_placement(map, &self.placements[p].cells)];
                seen[image] = true;
                if image == p && g > 0 {
                    stab.push(g);
                }
            }
            stabilizer.insert(p, stab);
        }
        let (problem, option_placement) =
            self.encode(|p| self.placements[p].piece != piece || stabilizer.contains_key(&p))?;
        Ok(SymmetryCount {
            model: self,
            kind: Kind::Restricted { piece, stabilizer },
            problem: Cow::Owned(problem),
            option_placement: Cow::Owned(option_placement),
        })
    }
}

impl SymmetryCount<'_> {
    /// The problem to search: every solution of it goes to [`SymmetryCount::orbit`].
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// `Some(size)` when `solution` (of [`SymmetryCount::problem`]) is the
    /// one that stands for its orbit, `size` being the number of tilings in
    /// that orbit (counting each tiling `k!` times for a piece with `k`
    /// copies, as the search does); `None` when another solution stands for it.
    pub fn orbit(&self, solution: &[OptionId]) -> Option<u64> {
        let model = self.model;
        let order = model.group.len() as u64;
        if let Kind::Trivial = self.kind {
            return Some(1);
        }
        let ids: Vec<usize> = solution
            .iter()
            .map(|o| self.option_placement[o.index()].0)
            .collect();
        let fixing = match &self.kind {
            Kind::Trivial => Some(1),
            Kind::Full(all) => model.canonical_stabilizer(&ids, all),
            Kind::Restricted { piece, stabilizer } => {
                let rep = ids
                    .iter()
                    .find(|&&p| model.placements[p].piece == *piece)
                    .and_then(|p| stabilizer.get(p));
                match rep {
                    Some(stab) if stab.is_empty() => Some(1),
                    Some(stab) => model.canonical_stabilizer(&ids, stab),
                    None => None,
                }
            }
        }?;
        Some(order / fixing)
    }

    /// The counts from the number of solutions `orbit` accepted and the sum
    /// of the sizes it returned. The sums are `u64`s, as a search's
    /// [`Stats::solutions`](dlx_core::Stats::solutions) is: each orbit is
    /// one solution visited, and `tilings` is at most the group's order
    /// (8) times `orbits`; the counts are [`Count`]s, as every count is.
    pub fn counts(&self, orbits: u64, tilings: u64) -> Counts {
        let copies = self.model.copies_factor;
        Counts {
            all: Count::from(tilings / copies),
            distinct: Count::from(orbits / copies),
        }
    }

    /// Runs the whole count on `solver`, a solver of [`SymmetryCount::problem`].
    pub fn count(&self, solver: &mut Solver) -> Counts {
        let (mut orbits, mut tilings) = (0u64, 0u64);
        let _ = solver.visit(|solution| {
            if let Some(size) = self.orbit(solution) {
                orbits += 1;
                tilings += size;
            }
            ControlFlow::<()>::Continue(())
        });
        self.counts(orbits, tilings)
    }
}

impl Polyomino {
    /// `None` when a symmetry of `elements` (indices into `group`) maps the
    /// tiling to a smaller one, comparing for each cell in order the piece
    /// covering it and the first cell of that piece's placement; otherwise
    /// the number of symmetries among the identity and `elements` that fix
    /// the tiling.
    fn canonical_stabilizer(&self, ids: &[usize], elements: &[usize]) -> Option<u64> {
        let base = self.labels(ids, None);
        let mut fixing = 1;
        for &g in elements {
            let image = self.labels(ids, Some(&self.group[g]));
            match image.cmp(&base) {
                std::cmp::Ordering::Less => return None,
                std::cmp::Ordering::Equal => fixing += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        Some(fixing)
    }
}

impl OrbitCount for SymmetryCount<'_> {
    fn problem(&self) -> &Problem {
        SymmetryCount::problem(self)
    }

    fn orbit(&self, solution: &[OptionId]) -> Option<u64> {
        SymmetryCount::orbit(self, solution)
    }

    fn counts(&self, orbits: u64, tilings: u64) -> Counts {
        SymmetryCount::counts(self, orbits, tilings)
    }
}

impl Tilings for Polyomino {
    type Error = SetupError;

    fn problem(&self) -> &Problem {
        Polyomino::problem(self)
    }

    fn solutions_per_tiling(&self) -> u64 {
        Polyomino::solutions_per_tiling(self)
    }

    fn orbit_count(&self) -> Result<Box<dyn OrbitCount + '_>, SetupError> {
        Ok(Box::new(self.symmetry_count()?))
    }
}
