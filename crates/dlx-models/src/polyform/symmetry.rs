//! Counting packings up to the board's symmetries: one search with a piece restricted, each orbit found once, its size from its stabilizer.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::ControlFlow;

use dlx_core::{Count, OptionId, Problem, Solver, Stats};

use super::lattice::Lattice;
use super::model::{map_placement, Encoding, Polyform};
use crate::tilings::{Counts, OrbitCount, Tilings};

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
pub struct SymmetryCount<'a, G: Encoding> {
    model: &'a Polyform<G>,
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
        self.orbits()
    }

    /// The number of packings up to [`Polyform::symmetries`], exactly.
    pub fn count_distinct(&self) -> Count {
        self.count_by_symmetry().0.distinct
    }

    /// Both counts from one search with a piece restricted (see
    /// [`SymmetryCount`], which runs on any solver), and its statistics.
    pub fn count_by_symmetry(&self) -> (Counts, Stats) {
        self.counts_by_symmetry()
    }
}

impl<G: Encoding> Polyform<G> {
    /// The count up to symmetry, on any grid (see [`SymmetryCount`]).
    pub(crate) fn orbits(&self) -> SymmetryCount<'_, G> {
        let borrowed = |kind| SymmetryCount {
            model: self,
            kind,
            problem: Cow::Borrowed(&self.problem),
            option_placement: Cow::Borrowed(&self.option_placement),
        };
        if self.group.len() == 1 {
            return borrowed(Kind::Trivial);
        }
        let Some(piece) = self.restricted() else {
            return borrowed(Kind::Full((1..self.group.len()).collect()));
        };
        let stabilizer = self.orbit_representatives(piece);
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

    /// Both counts from the search of [`Polyform::orbits`] on this
    /// thread, and its statistics.
    pub(crate) fn counts_by_symmetry(&self) -> (Counts, Stats) {
        let count = self.orbits();
        let mut solver = Solver::new(count.problem());
        let counts = count.count(&mut solver);
        (counts, *solver.stats())
    }

    /// The piece the count up to symmetry restricts: one used once that
    /// every symmetry of the group maps to itself, chosen as
    /// [`Encoding::LARGEST_ORBITS`] says.
    fn restricted(&self) -> Option<usize> {
        let candidates = self
            .pieces
            .pieces()
            .iter()
            .enumerate()
            .filter(|&(i, p)| p.count == 1 && self.group.iter().all(|g| g.pieces[i] == i))
            .map(|(i, _)| i);
        let placements = |i: usize| self.lookup[i].len();
        if !G::LARGEST_ORBITS {
            return candidates.min_by_key(|&i| placements(i));
        }
        // Restricting a piece divides the search by the mean size of the
        // orbits of its placements (the group's order when no placement is
        // symmetric; about half of it for the X pentomino in a box of odd
        // width, which fixes every X on its middle plane), so the piece with
        // the largest mean orbit is taken; among those within 5% of it, the
        // one with the fewest placements (Knuth's X: the piece hardest to
        // place, whose item the search branches on first).
        let ratios: Vec<(usize, f64)> = candidates
            .map(|i| {
                let orbits = self.orbit_representatives(i).len();
                (i, orbits as f64 / placements(i) as f64)
            })
            .collect();
        let least = ratios.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
        ratios
            .into_iter()
            .filter(|c| c.1 <= least * 1.05)
            .map(|(i, _)| i)
            .min_by_key(|&i| (placements(i), i))
    }
}

impl<G: Encoding> SymmetryCount<'_, G> {
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

impl<G: Encoding> Polyform<G> {
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

impl<G: Encoding> OrbitCount for SymmetryCount<'_, G> {
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

/// A polyform's packings (a polyomino board's tilings among them) are
/// counted by the models' one policy ([`crate::tilings::count_tilings`]).
impl<G: Encoding> Tilings for Polyform<G> {
    type Error = std::convert::Infallible;

    fn problem(&self) -> &Problem {
        Polyform::problem(self)
    }

    fn solutions_per_tiling(&self) -> u64 {
        self.solutions_per_packing()
    }

    fn orbit_count(&self) -> Result<Box<dyn OrbitCount + '_>, Self::Error> {
        Ok(Box::new(self.orbits()))
    }
}
