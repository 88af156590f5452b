//! The matchings through each edge: the adjugate's entries at the edges, modulo primes by selected inversion of the elimination's factors, combined exactly.
//!
//! For a Kasteleyn matrix `K` every perfect matching is a term of
//! `det K` with the same sign, and the terms through an edge `e = (b, w)`
//! sum to `K[b][w] * C[b][w]`, its weight times its cofactor (Laplace's
//! expansion along row `b`). So `|K[b][w] * C[b][w]|` is the number of
//! matchings through `e` when the weights are signs, and
//! `C[b][w] = adj(K)[w][b] = det K * inverse(K)[w][b]`.
//!
//! The entries of the inverse at the edges come from the factors of the
//! elimination, `A = L U` (`A` the lines in pivot order), by the
//! recurrences of Takahashi, Fagan and Chin (1973) and Erisman and
//! Tinney (1975), `Z = inverse(A)`:
//! `Z[i][j] = (delta(i, j) - sum over k > i of U[i][k] Z[k][j]) / U[i][i]` for
//! `i <= j`, and `Z[i][j] = -sum over k > j of Z[i][k] L[k][j]` for `i > j`,
//! computed for `j` from the last step down to the first, within the
//! band of width `w`, the farthest a line waits in the front or a pivot
//! reaches past its step: the entries these sums read are all within it,
//! and so is every edge. That costs about `2 n w` dot products of length
//! at most `w`, a few times an elimination; a prime that divides the
//! determinant has no inverse and is passed over for another.
//!
//! Every `|K[b][w] * C[b][w]|` is below Hadamard's bound on `det K` (the
//! weight is at most the norm of its row, which the cofactor's bound
//! leaves out), so the plan's number of primes suffices for them as for
//! the determinant.

use num_bigint::BigUint;

use super::crt::{Crt, PRIME_BITS};
use super::eliminate::{Front, Record};
use super::field::{primes_below, Field, Prime};
use super::matrix::{to_usize, Matrix, Sweep};
use crate::{Answer, Budget, Count, Outcome, Stop};

/// Dot products and updates between two looks at the budget.
const CHECK_EVERY: u64 = 1 << 22;

/// The number of perfect matchings, and of those through each edge: for
/// Kasteleyn's signs, the frequency of each edge (a domino, a lozenge) in
/// a uniformly random tiling is `through[e] / total`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Frequencies {
    /// `|det|`, the number of perfect matchings.
    pub total: Count,
    /// For each edge, in the order of [`Matrix::edges`], `|weight * cofactor|`:
    /// the number of perfect matchings through it.
    pub through: Vec<Count>,
}

/// The residues of one prime for [`frequencies`]: the determinant, and
/// `weight * cofactor` of each edge when the prime does not divide the
/// determinant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cofactors {
    /// The determinant modulo the prime.
    pub det: u32,
    /// For each edge, in the order of [`Matrix::edges`], its weight times
    /// its cofactor modulo the prime; `None` when the determinant is 0
    /// modulo the prime (the inverse the computation goes through does not
    /// exist).
    pub edges: Option<Vec<u32>>,
}

impl Matrix {
    /// The determinant and the edges' cofactors modulo `p`: the step that
    /// [`frequencies`] runs for each prime, public for a caller that runs
    /// primes on threads.
    ///
    /// Holds the elimination's factors, about `n * w` words for a front
    /// `w` wide, besides the front: `Err(Stop::Memory)` before allocating
    /// them if the budget's memory is smaller than their estimate
    /// [`Matrix::cofactor_bytes`].
    pub fn cofactors_mod(&self, p: Prime, budget: &Budget) -> Result<Cofactors, Stop> {
        let sweep = &self.sweep;
        let n = self.size();
        if sweep.empty {
            return Ok(Cofactors {
                det: 0,
                edges: None,
            });
        }
        if budget
            .memory()
            .is_some_and(|memory| self.cofactor_bytes() > memory)
        {
            return Err(Stop::Memory);
        }
        budget.check()?;
        let field = Field::new(p);
        let mut factors = Factors::new(n);
        let det = Front::new(sweep, field).eliminate(n, budget, &mut factors)?;
        let edges = if det == 0 {
            None
        } else {
            Some(factors.edge_cofactors(sweep, field, det, self.edges().len(), budget)?)
        };
        Ok(Cofactors {
            det: det as u32,
            edges,
        })
    }

    /// An estimate of the bytes [`Matrix::cofactors_mod`] holds: the
    /// front, the factors (a row of `U` and a column of `L` a step, each as
    /// long as the front) and the band of the inverse.
    pub fn cofactor_bytes(&self) -> usize {
        let sweep = &self.sweep;
        let n = self.size();
        let factors = n
            .saturating_mul(
                sweep.front_width.saturating_mul(4) + sweep.front_lines.saturating_mul(8),
            )
            .saturating_add(n.saturating_mul(24));
        let band = (sweep.front_width + 1).saturating_mul(2 * sweep.front_width + 1) * 4;
        sweep
            .front_bytes()
            .saturating_add(factors)
            .saturating_add(band)
            .saturating_add(self.edges().len() * 4)
    }
}

/// The number of perfect matchings of the matrix's graph and of those
/// through each edge, exactly, for Kasteleyn's signs.
///
/// For any signs, these are the absolute values of the determinant and
/// of each edge's weight times its cofactor when the determinant is not
/// 0; when it is 0 every edge gets 0, which for Kasteleyn's signs is the
/// count (no matching at all), and for others need not be the cofactor.
///
/// Runs [`Matrix::cofactors_mod`] for the primes of [`Matrix::primes`]
/// (and, for each of them that divides the determinant, one more) and
/// combines the residues. Under a budget as [`count`](super::count) is,
/// with no partial value when stopped.
///
/// ```
/// use dlx_core::dimers::{frequencies, Matrix};
/// use dlx_core::Budget;
///
/// // The 2 x 3 board (see `count`): 3 tilings; the vertical dominoes at
/// // the ends are in 2 of them, every other domino in 1.
/// let edges = [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 0, -1), (2, 1, 1), (2, 2, 1)];
/// let matrix = Matrix::new(3, 3, edges)?;
/// let answer = frequencies(&matrix, &Budget::new()).value.expect("no budget");
/// assert_eq!(answer.total, 3u64);
/// let through: Vec<_> = answer.through.iter().map(|c| c.to_u64().unwrap()).collect();
/// assert_eq!(through, [1, 2, 1, 2, 1, 1, 1]);
/// # Ok::<(), dlx_core::dimers::MatrixError>(())
/// ```
pub fn frequencies(matrix: &Matrix, budget: &Budget) -> Answer<Option<Frequencies>> {
    frequencies_with(matrix, budget, 1, |primes| {
        primes
            .iter()
            .map(|&p| matrix.cofactors_mod(p, budget))
            .collect()
    })
}

/// [`frequencies`], with the primes run by the caller: `run` is handed
/// a batch of primes and returns [`Matrix::cofactors_mod`] of each, in
/// the batch's order (on threads, as `dlx-parallel` runs them), or the
/// first stop. `fronts` is how many eliminations `run` holds at once,
/// each [`Matrix::cofactor_bytes`]: the budget's memory is checked
/// against them and the residues kept before any prime is run.
///
/// The first batch is the primes of [`Matrix::primes`]; a further batch,
/// of as many primes as divided the determinant, follows only when some
/// did (rarely: a prime near `2^29` divides a determinant about once in
/// `2^29`).
/// The residues are combined in the primes' order, so the answer is
/// [`frequencies`]'s whatever order `run` computes them in.
///
/// ```
/// use dlx_core::dimers::{frequencies, frequencies_with, Matrix};
/// use dlx_core::Budget;
///
/// let edges = [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 0, -1), (2, 1, 1), (2, 2, 1)];
/// let matrix = Matrix::new(3, 3, edges)?;
/// let budget = Budget::new();
/// // The primes of a batch from the last to the first, put back in order.
/// let answer = frequencies_with(&matrix, &budget, 1, |primes| {
///     let mut each: Vec<_> = primes.iter().rev().map(|&p| matrix.cofactors_mod(p, &budget)).collect();
///     each.reverse();
///     each.into_iter().collect()
/// });
/// assert_eq!(answer, frequencies(&matrix, &budget));
/// # Ok::<(), dlx_core::dimers::MatrixError>(())
/// ```
pub fn frequencies_with(
    matrix: &Matrix,
    budget: &Budget,
    fronts: usize,
    mut run: impl FnMut(&[Prime]) -> Result<Vec<Cofactors>, Stop>,
) -> Answer<Option<Frequencies>> {
    let stopped = |stop| Answer::new(None, Outcome::Stopped(stop));
    let n_edges = matrix.edges().len();
    let plan = matrix.primes();
    let fronts = fronts.max(1);
    // The residues kept for the edges, a prime's more for each front at
    // work, and the fronts' factors.
    let held = (plan.len() + fronts)
        .saturating_mul(n_edges)
        .saturating_mul(4)
        .saturating_add(matrix.cofactor_bytes().saturating_mul(fronts));
    if budget.memory().is_some_and(|memory| held > memory) {
        return stopped(Stop::Memory);
    }
    let enough = |product: &BigUint| product.bits() > plan.bound_bits() + 1;
    let mut det = Crt::new();
    let mut lucky: Vec<(Prime, Vec<u32>)> = Vec::new();
    let mut product = BigUint::from(1u32);
    let mut batch = plan.as_slice().to_vec();
    let mut next = primes_below(PRIME_BITS).skip(plan.len());
    // The first batch is the plan's: it makes the determinant.
    let mut planned = true;
    loop {
        let cofactors = match run(&batch) {
            Ok(cofactors) => cofactors,
            Err(stop) => return stopped(stop),
        };
        debug_assert_eq!(cofactors.len(), batch.len(), "one answer a prime");
        let mut unlucky = 0;
        for (&p, cofactors) in batch.iter().zip(cofactors) {
            if planned {
                det.add(p, cofactors.det);
            }
            // Past the plan's primes only the edges want more, and the
            // first lucky ones of a batch may be enough.
            match cofactors.edges {
                Some(edges) if !enough(&product) => {
                    product *= p.get();
                    lucky.push((p, edges));
                }
                Some(_) => {}
                None => unlucky += 1,
            }
        }
        if planned && det.magnitude() == BigUint::from(0u32) {
            let zero = Frequencies {
                total: Count::default(),
                through: vec![Count::default(); n_edges],
            };
            return Answer::new(Some(zero), Outcome::Finished);
        }
        if enough(&product) {
            break;
        }
        planned = false;
        batch = next.by_ref().take(unlucky.max(1)).collect();
        if batch.is_empty() {
            break;
        }
    }
    let total = Count::from(det.magnitude());
    let through = combine(&lucky, n_edges);
    Answer::new(Some(Frequencies { total, through }), Outcome::Finished)
}

/// The residues of each edge (`lucky[i].1[e]` modulo `lucky[i].0`)
/// combined by the Chinese remainder theorem, each as the
/// magnitude of the residue nearest 0: `x = sum of r_i * e_i mod M`, with
/// `e_i = (M / p_i) * inverse(M / p_i mod p_i)`, summed word by word in
/// `u128`s and reduced once.
fn combine(lucky: &[(Prime, Vec<u32>)], n_edges: usize) -> Vec<Count> {
    let modulus = lucky
        .iter()
        .fold(BigUint::from(1u32), |m, (p, _)| m * p.get());
    let basis: Vec<Vec<u64>> = lucky
        .iter()
        .map(|&(p, _)| {
            let field = Field::new(p);
            let cofactor = &modulus / p.get();
            let residue = u64::try_from(&cofactor % p.get()).expect("below p");
            (cofactor * field.inv(residue)).to_u64_digits()
        })
        .collect();
    let words = basis.iter().map(Vec::len).max().unwrap_or(0);
    let mut sum = vec![0u128; words + 1];
    (0..n_edges)
        .map(|edge| {
            sum.fill(0);
            for ((_, residues), digits) in lucky.iter().zip(&basis) {
                let r = u128::from(residues[edge]);
                for (acc, &d) in sum.iter_mut().zip(digits) {
                    *acc += u128::from(d) * r;
                }
            }
            let mut digits = Vec::with_capacity(2 * sum.len() + 2);
            let mut carry = 0u128;
            for &acc in &sum {
                let total = acc + carry;
                let low = total as u64;
                digits.push(low as u32);
                digits.push((low >> 32) as u32);
                carry = total >> 64;
            }
            digits.push(carry as u32);
            digits.push((carry >> 32) as u32);
            digits.push((carry >> 64) as u32);
            let x = BigUint::new(digits) % &modulus;
            let other = &modulus - &x;
            Count::from(if other < x { other } else { x })
        })
        .collect()
}

/// The factors of an elimination modulo `p`, as it tells them.
struct Factors {
    /// Per line, the step it was the pivot of.
    step_of_line: Vec<u32>,
    line_of_step: Vec<u32>,
    /// Row `k` of `U`: its value at `k`, then at `k + 1 ..` from
    /// `u_start[k]` to `u_start[k + 1]` of `u_values`.
    diag: Vec<u32>,
    u_start: Vec<usize>,
    u_values: Vec<u32>,
    /// Column `k` of `L`: `(line, multiplier)` from `l_start[k]` to
    /// `l_start[k + 1]` of `l_entries`.
    l_start: Vec<usize>,
    l_entries: Vec<(u32, u32)>,
}

impl Record for Factors {
    fn pivot(&mut self, line: u32, value: u64, after: &[u32]) {
        self.step_of_line[to_usize(line)] = self.diag.len() as u32;
        self.line_of_step.push(line);
        self.diag.push(value as u32);
        self.u_values.extend_from_slice(after);
        self.u_start.push(self.u_values.len());
        self.l_start.push(self.l_entries.len());
    }

    fn multiplier(&mut self, line: u32, multiplier: u64) {
        self.l_entries.push((line, multiplier as u32));
    }
}

impl Factors {
    fn new(n: usize) -> Factors {
        Factors {
            step_of_line: vec![0; n],
            line_of_step: Vec::with_capacity(n),
            diag: Vec::with_capacity(n),
            u_start: vec![0],
            u_values: Vec::new(),
            l_start: Vec::with_capacity(n + 1),
            l_entries: Vec::new(),
        }
    }

    /// Each edge's weight times its cofactor modulo `p`, from the factors
    /// of a determinant `det` that is not 0 modulo `p`.
    fn edge_cofactors(
        mut self,
        sweep: &Sweep,
        field: Field,
        det: u64,
        n_edges: usize,
        budget: &Budget,
    ) -> Result<Vec<u32>, Stop> {
        let n = self.diag.len();
        self.l_start.push(self.l_entries.len());
        for entry in &mut self.l_entries {
            entry.0 = self.step_of_line[to_usize(entry.0)];
        }
        let len = |i: usize| self.u_start[i + 1] - self.u_start[i];
        let first = |j: usize| to_usize(sweep.line(self.line_of_step[j])[0].0);
        let last = |j: usize| {
            let line = sweep.line(self.line_of_step[j]);
            to_usize(line[line.len() - 1].0)
        };
        // The rows of column j of Z to compute: j - above[j] ..= j + below[j],
        // found in a pass forward (see `bands`).
        let (above, below) = self.bands(n, first, last, len);
        let wait = (0..n).map(|j| j - first(j)).max().unwrap_or(0);
        let height = (0..n).map(|j| above[j] + below[j] + 1).max().unwrap_or(1);
        // Column j at slot j % ring; a column is read back by the columns
        // of the steps its line waited through, at most `wait` before it.
        let ring = wait + 1;
        let mut z = vec![0u32; ring * height];
        let inverse = self.inverse_diagonal(field);
        let p = field.p();
        let negate = |value: u64| if value == 0 { 0 } else { p - value };
        let mut out = vec![0u32; n_edges];
        let mut sums = vec![0u64; height];
        let mut work = 0u64;
        for j in (0..n).rev() {
            let slot = j % ring;
            let column = slot * height;
            // Row i of column j is at column + (i + above[j] - j).
            let (up, down) = (above[j], below[j]);
            // Below the diagonal: Z[i][j] = -sum over L's column j of Z[i][k] L[k][j].
            sums[..down].fill(0);
            let mut lazy = 0;
            let entries = &self.l_entries[self.l_start[j]..self.l_start[j + 1]];
            for &(k, multiplier) in entries {
                let k = to_usize(k);
                // k % ring, from j % ring: k - j is at most the wait, below ring.
                let k_slot = slot + (k - j) - if slot + (k - j) >= ring { ring } else { 0 };
                let from = k_slot * height + (j + 1 + above[k] - k);
                for (sum, &value) in sums[..down].iter_mut().zip(&z[from..from + down]) {
                    *sum += u64::from(multiplier) * u64::from(value);
                }
                lazy += 1;
                if lazy == field.lazy() {
                    for sum in &mut sums[..down] {
                        *sum = field.reduce(*sum);
                    }
                    lazy = 0;
                }
            }
            for (t, &sum) in sums[..down].iter().enumerate() {
                z[column + up + 1 + t] = negate(field.reduce(sum)) as u32;
            }
            // On and above it, from the diagonal up:
            // Z[i][j] = (delta(i, j) - sum over U's row i of U[i][k] Z[k][j]) / U[i][i].
            for i in (j - up..=j).rev() {
                let row = &self.u_values[self.u_start[i]..self.u_start[i + 1]];
                let from = column + (i + 1 + up - j);
                let dot = dot(field, row, &z[from..from + row.len()]);
                let rhs = negate(dot) + u64::from(i == j);
                let rhs = if rhs == p { 0 } else { rhs };
                z[column + (i + up - j)] = field.mul(rhs, inverse[i]) as u32;
            }
            // The edges of the line that was the pivot of step j.
            let line = self.line_of_step[j];
            for (&(position, weight), &edge) in sweep.line(line).iter().zip(sweep.line_edges(line))
            {
                let value = u64::from(z[column + to_usize(position) + up - j]);
                let cofactor = field.mul(det, value);
                out[to_usize(edge)] = field.mul(field.of_i64(i64::from(weight)), cofactor) as u32;
            }
            work += ((down + 64) * entries.len() + (up + 1) * (len(j) + 64)) as u64;
            if work >= CHECK_EVERY {
                budget.check()?;
                work = 0;
            }
        }
        Ok(out)
    }

    /// How far above and below the diagonal each column `j` of `Z` must be
    /// computed: above, to the first entry of step `j`'s line (an edge)
    /// and to the row after each earlier step whose column of `L` holds
    /// `j` (their sums read column `j` from there); below, to the last
    /// entry of the line, to the farthest reach of the rows of `U` that
    /// column `j` is computed from, and as far as those earlier steps read
    /// it. What a step asks of the later ones is known once its own band
    /// is, so one pass forward finds them all.
    fn bands(
        &self,
        n: usize,
        first: impl Fn(usize) -> usize,
        last: impl Fn(usize) -> usize,
        len: impl Fn(usize) -> usize,
    ) -> (Vec<usize>, Vec<usize>) {
        let mut above = vec![0usize; n];
        let mut below = vec![0usize; n];
        for j in 0..n {
            above[j] = above[j].max(j - first(j));
            let reach = (j - above[j]..=j).map(|i| i + len(i)).max().unwrap_or(j);
            below[j] = below[j].max(reach - j).max(last(j) - j);
            for &(k, _) in &self.l_entries[self.l_start[j]..self.l_start[j + 1]] {
                let k = to_usize(k);
                above[k] = above[k].max(k - j - 1);
                below[k] = below[k].max((j + below[j]).saturating_sub(k));
            }
        }
        (above, below)
    }

    /// The inverses of the pivots, by Montgomery's trick: one inversion
    /// and three products each.
    fn inverse_diagonal(&self, field: Field) -> Vec<u64> {
        let mut prefix = Vec::with_capacity(self.diag.len());
        let mut product = 1 % field.p();
        for &d in &self.diag {
            prefix.push(product);
            product = field.mul(product, u64::from(d));
        }
        let mut inverse = vec![0u64; self.diag.len()];
        let mut running = if self.diag.is_empty() {
            0
        } else {
            field.inv(product)
        };
        for i in (0..self.diag.len()).rev() {
            inverse[i] = field.mul(running, prefix[i]);
            running = field.mul(running, u64::from(self.diag[i]));
        }
        inverse
    }
}

/// `sum of a[k] * b[k]` modulo `p`, for values below `p`.
#[inline]
fn dot(field: Field, a: &[u32], b: &[u32]) -> u64 {
    let chunk = to_usize(field.lazy().min(1 << 20)).max(1);
    if a.len() <= chunk {
        let sum: u64 = a
            .iter()
            .zip(b)
            .map(|(&x, &y)| u64::from(x) * u64::from(y))
            .sum();
        return field.reduce(sum);
    }
    let mut total = 0u64;
    for (a, b) in a.chunks(chunk).zip(b.chunks(chunk)) {
        let sum: u64 = a
            .iter()
            .zip(b)
            .map(|(&x, &y)| u64::from(x) * u64::from(y))
            .sum();
        total = field.reduce(total + field.reduce(sum));
    }
    total
}
