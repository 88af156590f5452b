//! Counting packings up to the board's symmetries: one search with a piece restricted, each orbit found once, its size from its stabilizer.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::ControlFlow;

use dlx_core::{Count, OptionId, Problem, Solver};

use super::lattice::Lattice;
use super::model::{map_placement, Polyform};
use crate::polyomino::Counts;
use crate::tilings::{OrbitCount, Tilings};

/// The search behind [`Polyform::count_by_symmetry`], split from its solver
/// so that any search of [`SymmetryCount::problem`] can run it, on one
/// thread or many: every solution goes to [`SymmetryCount::orbit`], which
/// says whether it stands for its orbit and how many packings that orbit
/// holds, and [`SymmetryCount::counts`] turns the sums into [`Counts`].
///
/// `orbit` reads the model only, so threads may share one `SymmetryCount`.
///
/// ```
/// use dlx_core::Solver;
/// use dlx_models::polycube::{Board, Motions, PieceSet, Polycube};
///
/// let soma = PieceSet::builtin("soma")?;
/// let model = Polycube::new(Board::parse("3x3x3")?, soma, Motions::Rotations)?;
/// let count = model.symmetry_count();
/// let (mut orbits, mut packings) = (0, 0);
/// let _ = Solver::new(count.problem()).visit(|solution| {
///     if let Some(size) = count.orbit(solution) {
///         orbits += 1;
///         packings += size;
///     }
///     std::ops::ControlFlow::<()>::Continue(())
/// });
/// let counts = count.counts(orbits, packings);
/// assert_eq!((counts.all, counts.distinct), (11520u64.into(), 240u64.into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SymmetryCount<'a, L: Lattice> {
    model: &'a Polyform<L>,
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

impl<L: Lattice> Polyform<L> {
    /// The count up to symmetry, ready to run on any solver: see [`SymmetryCount`].
    ///
    /// The restricted piece is one used once that every symmetry of the
    /// group maps to itself (not a solid piece a reflection turns into its
    /// mirror image), the one whose placements make the largest orbits
    /// (see the comment in the code); without one, every packing is
    /// compared with all its images.
    pub fn symmetry_count(&self) -> SymmetryCount<'_, L> {
        let borrowed = |kind| SymmetryCount {
            model: self,
            kind,
            problem: Cow::Borrowed(&self.problem),
            option_placement: Cow::Borrowed(&self.option_placement),
        };
        if self.group.len() == 1 {
            return borrowed(Kind::Trivial);
        }
        // Restricting a piece divides the search by the mean size of the
        // orbits of its placements (the group's order when no placement is
        // symmetric; about half of it for the X pentomino in a box of odd
        // width, which fixes every X on its middle plane), so the piece with
        // the largest mean orbit is taken; among those within 5% of it, the
        // one with the fewest placements (Knuth's X: the piece hardest to
        // place, whose item the search branches on first).
        let candidates: Vec<(usize, HashMap<usize, Vec<usize>>)> = self
            .pieces
            .pieces()
            .iter()
            .enumerate()
            .filter(|&(i, p)| p.count == 1 && self.group.iter().all(|g| g.pieces[i] == i))
            .map(|(i, _)| (i, self.orbit_representatives(i)))
            .collect();
        let ratio = |(i, reps): &(usize, HashMap<usize, Vec<usize>>)| {
            reps.len() as f64 / self.lookup[*i].len() as f64
        };
        let least = candidates.iter().map(ratio).fold(f64::INFINITY, f64::min);
        let best = candidates
            .into_iter()
            .filter(|c| ratio(c) <= least * 1.05)
            .min_by_key(|(i, _)| (self.lookup[*i].len(), *i));
        let Some((piece, stabilizer)) = best else {
            return borrowed(Kind::Full((1..self.group.len()).collect()));
        };
        let built =
            self.encode(|p| self.placements[p].piece != piece || stabilizer.contains_key(&p));
        let Ok((problem, option_placement)) = built else {
            // A subset of the model's options always builds; should it not,
            // the unrestricted search gives the same counts.
            return borrowed(Kind::Full((1..self.group.len()).collect()));
        };
        SymmetryCount {
            model: self,
            kind: Kind::Restricted { piece, stabilizer },
            problem: Cow::Owned(problem),
            option_placement: Cow::Owned(option_placement),
        }
    }
}

impl<L: Lattice> SymmetryCount<'_, L> {
    /// The problem to search: every solution of it goes to [`SymmetryCount::orbit`].
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// `Some(size)` when `solution` (of [`SymmetryCount::problem`]) is the
    /// one that stands for its orbit, `size` being the number of packings
    /// in that orbit (counting each packing `k!` times for a piece with `k`
    /// copies, as the search does); `None` when another solution stands for it.
    pub fn orbit(&self, solution: &[OptionId]) -> Option<u64> {
        let model = self.model;
        let order = model.group.len() as u64;
        let ids: Vec<usize> = match self.kind {
            Kind::Trivial => return Some(1),
            _ => solution
                .iter()
                .map(|o| self.option_placement[o.index()].0)
                .collect(),
        };
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
    /// of the sizes it returned (each orbit one solution visited; `packings`
    /// at most the group's order, 48, times `orbits`).
    pub fn counts(&self, orbits: u64, packings: u64) -> Counts {
        let copies = self.model.copies_factor;
        Counts {
            all: Count::from(packings / copies),
            distinct: Count::from(orbits / copies),
        }
    }

    /// Runs the whole count on `solver`, a solver of [`SymmetryCount::problem`].
    pub fn count(&self, solver: &mut Solver) -> Counts {
        let (mut orbits, mut packings) = (0u64, 0u64);
        let _ = solver.visit(|solution| {
            if let Some(size) = self.orbit(solution) {
                orbits += 1;
                packings += size;
            }
            ControlFlow::<()>::Continue(())
        });
        self.counts(orbits, packings)
    }
}

impl<L: Lattice> Polyform<L> {
    /// One placement of `piece` per orbit of its placements under the
    /// group (the first in order), with the symmetries other than the
    /// identity that fix it.
    fn orbit_representatives(&self, piece: usize) -> HashMap<usize, Vec<usize>> {
        let mut seen = vec![false; self.placements.len()];
        let mut stabilizer: HashMap<usize, Vec<usize>> = HashMap::new();
        let mut ids: Vec<usize> = self.lookup[piece].values().copied().collect();
        ids.sort_unstable();
        for p in ids {
            if seen[p] {
                continue;
            }
            let mut stab = Vec::new();
            for (g, image) in self.group.iter().enumerate() {
                let cells = map_placement(&image.cells, &self.placements[p].cells);
                let mapped = self.lookup[piece][&cells];
                seen[mapped] = true;
                if mapped == p && g > 0 {
                    stab.push(g);
                }
            }
            stabilizer.insert(p, stab);
        }
        stabilizer
    }

    /// `None` when a symmetry of `elements` (indices into the group) maps
    /// the packing to a smaller one in the canonical form of `labels`;
    /// otherwise the number of symmetries among the identity and
    /// `elements` that fix the packing.
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

impl<L: Lattice> OrbitCount for SymmetryCount<'_, L> {
    fn problem(&self) -> &Problem {
        SymmetryCount::problem(self)
    }

    fn orbit(&self, solution: &[OptionId]) -> Option<u64> {
        SymmetryCount::orbit(self, solution)
    }

    fn counts(&self, orbits: u64, packings: u64) -> Counts {
        SymmetryCount::counts(self, orbits, packings)
    }
}

/// A polyform's packings are counted by the models' one policy
/// ([`crate::tilings::count_tilings`]), as a polyomino board's tilings are.
impl<L: Lattice> Tilings for Polyform<L> {
    type Error = std::convert::Infallible;

    fn problem(&self) -> &Problem {
        Polyform::problem(self)
    }

    fn solutions_per_tiling(&self) -> u64 {
        self.solutions_per_packing()
    }

    fn orbit_count(&self) -> Result<Box<dyn OrbitCount + '_>, Self::Error> {
        Ok(Box::new(self.symmetry_count()))
    }
}
