//! The determinant modulo a prime: Gaussian elimination of a [`Matrix`] in a front that slides along its sweep.
//!
//! The positions (columns, or rows when the sweep is transposed) are
//! eliminated in order. A line (a row) enters the front at the step of its
//! first entry and leaves it as the pivot of a later step; the front holds
//! the lines entered and not yet pivots, each as the values of the
//! positions from the current step on, in a ring of [`Sweep::front_width`]
//! slots indexed by position modulo the width (a line of the front has no
//! entry before the current step, and none past the farthest reach of a
//! line entered, which is less than a width ahead).
//!
//! At step `k` the pivot is, among the lines of the front whose value at
//! `k` is not 0 modulo `p`, the one that reaches least far (ties to the
//! first entered): partial pivoting within the band, which keeps the fill
//! inside the band whenever that line is the structural pivot. Every other
//! line with a value at `k` takes the pivot's multiple; the determinant is
//! the product of the pivots and the sign of the order they were taken in.

use super::field::{Field, Prime};
use super::matrix::{to_usize, Matrix, Sweep};
use crate::{Budget, Stop};

/// Work (see [`Cost::work`](super::Cost::work)) between two looks at the
/// budget: about a millisecond.
const CHECK_EVERY: u64 = 1 << 22;

impl Matrix {
    /// The determinant modulo `p`, in `0..p`: the step that
    /// [`count`](super::count) runs for each of its [`Primes`](super::Primes),
    /// public so that a caller can run the primes on threads and combine the
    /// residues with a [`Crt`](super::Crt).
    ///
    /// Holds [`Cost::front_bytes`](super::Cost::front_bytes) while it runs:
    /// `Err(Stop::Memory)` before allocating them if the budget's memory is
    /// smaller; looks at the budget ([`Budget::check`]) every few
    /// milliseconds, and a stopped determinant has no value.
    ///
    /// ```
    /// use dlx_core::dimers::{Matrix, Prime};
    /// use dlx_core::Budget;
    ///
    /// let matrix = Matrix::new(2, 2, [(0, 0, 2), (0, 1, 1), (1, 0, 1), (1, 1, 3)])?;
    /// let p = Prime::new(7).expect("a prime");
    /// assert_eq!(matrix.det_mod(p, &Budget::new()), Ok(5));
    /// # Ok::<(), dlx_core::dimers::MatrixError>(())
    /// ```
    pub fn det_mod(&self, p: Prime, budget: &Budget) -> Result<u32, Stop> {
        let sweep = &self.sweep;
        if sweep.empty {
            return Ok(0);
        }
        if budget
            .memory()
            .is_some_and(|memory| sweep.front_bytes() > memory)
        {
            return Err(Stop::Memory);
        }
        budget.check()?;
        let det = Front::new(sweep, Field::new(p)).eliminate(self.size(), budget, &mut ())?;
        Ok(u32::try_from(det).expect("a residue is below p < 2^32"))
    }
}

/// What an elimination tells of its factors `A = L U`, where row `k` of
/// `A` is the line that was the pivot of step `k`: the adjugate's
/// computation records them, the determinant's records nothing (`()`,
/// which compiles to nothing).
pub(crate) trait Record {
    /// Step `k`'s pivot: its line, its value at `k` and its values at
    /// `k + 1 ..` (row `k` of `U`, reduced).
    fn pivot(&mut self, line: u32, value: u64, after: &[u32]);
    /// The multiple of step `k`'s pivot taken from `line` (its entry in
    /// column `k` of `L`, reduced).
    fn multiplier(&mut self, line: u32, multiplier: u64);
}

impl Record for () {
    #[inline]
    fn pivot(&mut self, _: u32, _: u64, _: &[u32]) {}
    #[inline]
    fn multiplier(&mut self, _: u32, _: u64) {}
}

/// The lines being eliminated, each a ring of values by position.
pub(crate) struct Front<'a> {
    sweep: &'a Sweep,
    field: Field,
    width: usize,
    /// `width` values per slot: the slot's line at the positions from the
    /// current step on, position `j` at `j % width`, as lazy sums.
    values: Vec<u64>,
    /// Per slot: the last position where its line may be nonzero.
    reach: Vec<u32>,
    /// Per slot: the products added since its values were last reduced.
    lazy: Vec<u32>,
    /// Per slot: its line.
    line_of: Vec<u32>,
    /// The slots in use, in order of entry.
    active: Vec<u32>,
    free: Vec<u32>,
    /// The pivot's values after the current step, reduced.
    pivot: Vec<u32>,
}

impl<'a> Front<'a> {
    pub(crate) fn new(sweep: &'a Sweep, field: Field) -> Front<'a> {
        let (lines, width) = (sweep.front_lines, sweep.front_width);
        Front {
            sweep,
            field,
            width,
            values: vec![0; lines * width],
            reach: vec![0; lines],
            lazy: vec![0; lines],
            line_of: vec![0; lines],
            active: Vec::with_capacity(lines),
            free: (0..lines as u32).rev().collect(),
            pivot: vec![0; width],
        }
    }

    /// The determinant modulo `p` of the `n x n` matrix, telling `record`
    /// of its factors (all of them when the determinant is not 0 modulo
    /// `p`).
    pub(crate) fn eliminate(
        mut self,
        n: usize,
        budget: &Budget,
        record: &mut impl Record,
    ) -> Result<u64, Stop> {
        let field = self.field;
        let width = self.width;
        let mut det = 1 % field.p();
        let mut pivots = Vec::with_capacity(n);
        let (mut entered, mut work) = (0usize, 0u64);
        // k % width, kept as k grows (a division a step costs).
        let mut at = 0usize;
        for k in 0..n as u32 {
            while entered < n && self.enter(self.sweep.order[entered], k, at) {
                entered += 1;
            }
            // The pivot: the line of least reach with a value at k.
            let mut best: Option<(usize, u32)> = None;
            for (i, &slot) in self.active.iter().enumerate() {
                let slot = to_usize(slot);
                let value = &mut self.values[slot * width + at];
                *value = field.reduce(*value);
                if *value != 0 && best.is_none_or(|(_, reach)| self.reach[slot] < reach) {
                    best = Some((i, self.reach[slot]));
                }
            }
            let Some((i, last)) = best else {
                return Ok(0);
            };
            let pivot_slot = to_usize(self.active.remove(i));
            self.free.push(pivot_slot as u32);
            let pivot_value = self.values[pivot_slot * width + at];
            det = field.mul(det, pivot_value);
            pivots.push(self.line_of[pivot_slot]);
            // The pivot's values at k + 1 ..= last, reduced.
            let len = to_usize(last - k);
            let (head, tail) = ring(width, at + 1, len);
            let row = &self.values[pivot_slot * width..(pivot_slot + 1) * width];
            for (dst, &src) in self.pivot[..len]
                .iter_mut()
                .zip(row[head.clone()].iter().chain(&row[tail.clone()]))
            {
                *dst = field.reduce(src) as u32;
            }
            record.pivot(self.line_of[pivot_slot], pivot_value, &self.pivot[..len]);
            let inverse = field.inv(pivot_value);
            for &slot in &self.active {
                let slot = to_usize(slot);
                let row = &mut self.values[slot * width..(slot + 1) * width];
                let value = std::mem::take(&mut row[at]);
                if value == 0 {
                    continue;
                }
                if self.lazy[slot] >= field.lazy() {
                    // Its values after k: the others are 0.
                    let (head, tail) = ring(width, at + 1, to_usize(self.reach[slot] - k));
                    for range in [head, tail] {
                        for value in &mut row[range] {
                            *value = field.reduce(*value);
                        }
                    }
                    self.lazy[slot] = 0;
                }
                let multiplier = field.mul(value, inverse);
                record.multiplier(self.line_of[slot], multiplier);
                let factor = (field.p() - multiplier) as u32;
                let (first, second) = self.pivot[..len].split_at(head.len());
                add_multiple(&mut row[head.clone()], first, factor);
                add_multiple(&mut row[tail.clone()], second, factor);
                self.lazy[slot] += 1;
                self.reach[slot] = self.reach[slot].max(last);
            }
            // Work as Cost::work weighs it, a row update as 64 values.
            work += ((len + 64) * self.active.len()) as u64;
            if work >= CHECK_EVERY {
                budget.check()?;
                work = 0;
            }
            at = if at + 1 == width { 0 } else { at + 1 };
        }
        if odd_permutation(&pivots) {
            det = (field.p() - det) % field.p();
        }
        Ok(det)
    }

    /// Puts `line` into the front if its first entry is at position `k`
    /// (the lines come in order of their first entry), `at` being
    /// `k % width`: `false` if it is later.
    fn enter(&mut self, line: u32, k: u32, at: usize) -> bool {
        let entries = self.sweep.line(line);
        if entries[0].0 > k {
            return false;
        }
        let slot = to_usize(self.free.pop().expect("the front holds front_lines lines"));
        let width = self.width;
        let row = &mut self.values[slot * width..(slot + 1) * width];
        row.fill(0);
        for &(position, weight) in entries {
            // Less than a width past k (the front's width is the farthest
            // reach of a line entered).
            let slot = at + to_usize(position - k);
            let slot = if slot >= width { slot - width } else { slot };
            row[slot] = self.field.of_i64(i64::from(weight));
        }
        self.reach[slot] = entries[entries.len() - 1].0;
        self.lazy[slot] = 0;
        self.line_of[slot] = line;
        self.active.push(slot as u32);
        true
    }
}

/// The slots of `len` positions from the one at slot `start` (at most
/// `width`) in a ring of `width`: one range, or two when they wrap.
fn ring(
    width: usize,
    start: usize,
    len: usize,
) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
    let start = if start == width { 0 } else { start };
    let head = len.min(width - start);
    (start..start + head, 0..len - head)
}

/// `row[j] += factor * pivot[j]`, in `u64`s without reducing: the loop
/// the compiler turns into vector multiplies of 32-bit lanes.
#[inline]
fn add_multiple(row: &mut [u64], pivot: &[u32], factor: u32) {
    for (value, &p) in row.iter_mut().zip(pivot) {
        *value += u64::from(factor) * u64::from(p);
    }
}

/// Whether the permutation `k -> order[k]` of `0..n` is odd.
fn odd_permutation(order: &[u32]) -> bool {
    let mut seen = vec![false; order.len()];
    let mut transpositions = 0usize;
    for start in 0..order.len() {
        let mut at = start;
        let mut length = 0usize;
        while !seen[at] {
            seen[at] = true;
            at = to_usize(order[at]);
            length += 1;
        }
        transpositions += length.saturating_sub(1);
    }
    transpositions % 2 == 1
}
