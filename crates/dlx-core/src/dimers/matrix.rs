//! [`Matrix`], a square sparse signed biadjacency matrix checked when built, and what the elimination plans from its shape: the sweep, the front and the cost.

use num_bigint::BigUint;

/// One nonzero entry of a [`Matrix`]: an edge of the bipartite graph
/// between a row and a column, with its sign (or weight).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    row: u32,
    column: u32,
    weight: i32,
}

impl Edge {
    /// The edge's row.
    pub fn row(self) -> usize {
        to_usize(self.row)
    }

    /// The edge's column.
    pub fn column(self) -> usize {
        to_usize(self.column)
    }

    /// The edge's weight: `+1` or `-1` for Kasteleyn's signs.
    pub fn weight(self) -> i32 {
        self.weight
    }
}

/// Why a list of edges makes no [`Matrix`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatrixError {
    /// A determinant needs as many rows as columns (a bipartite graph
    /// whose sides differ has no perfect matching: a caller counts 0).
    #[error("the matrix has {rows} rows and {columns} columns, not as many of each")]
    NotSquare {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        columns: usize,
    },
    /// An edge names a row or a column past the matrix.
    #[error("edge {edge} joins row {row} and column {column}, outside the {size} x {size} matrix")]
    OutOfRange {
        /// The edge's position in the list.
        edge: usize,
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
        /// The matrix's rows (and columns).
        size: usize,
    },
    /// Two edges join the same row and column.
    #[error("edge {edge} repeats edge {first}: row {row}, column {column}")]
    RepeatedEdge {
        /// The second edge's position in the list.
        edge: usize,
        /// The first edge's position.
        first: usize,
        /// Their row.
        row: usize,
        /// Their column.
        column: usize,
    },
    /// An edge of weight 0, which is no edge.
    #[error("edge {edge} (row {row}, column {column}) has weight 0")]
    ZeroWeight {
        /// The edge's position in the list.
        edge: usize,
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
    },
    /// More rows or edges than a `u32` counts.
    #[error("{value} {what} are more than the {limit} a matrix holds")]
    TooLarge {
        /// `rows` or `edges`.
        what: &'static str,
        /// How many were asked for.
        value: usize,
        /// The most there may be.
        limit: usize,
    },
}

/// A square sparse matrix of small signed integers: the biadjacency
/// matrix of a bipartite graph (rows one side, columns the other, an
/// entry per edge), signed by the caller; with Kasteleyn's signs its
/// determinant is, up to sign, the number of perfect matchings.
///
/// The rows and columns keep the caller's numbering and the edges the
/// caller's order ([`Matrix::edges`]), so that a model reads its answers
/// back by edge. The order matters for speed only: the elimination sweeps
/// the columns in their order (or the rows in theirs, whichever
/// [`Matrix::cost`] finds cheaper), so a caller numbers both along its
/// board (see the module's docs).
///
/// ```
/// use dlx_core::dimers::Matrix;
///
/// // The 2 x 2 board: cells 0 and 3 are black, 1 and 2 white; rows are
/// // the black cells, columns the white ones, the vertical dominoes signed
/// // (-1)^column.
/// let matrix = Matrix::new(2, 2, [(0, 0, 1), (0, 1, 1), (1, 0, -1), (1, 1, 1)])?;
/// assert_eq!((matrix.size(), matrix.edges().len()), (2, 4));
/// # Ok::<(), dlx_core::dimers::MatrixError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Matrix {
    size: u32,
    edges: Vec<Edge>,
    /// The elimination's view: the sweep's lines (columns, or rows if
    /// transposed), each with its entries, and the plan of the front.
    pub(crate) sweep: Sweep,
}

/// The matrix as the elimination sees it: `lines` enter the front in
/// order of their first entry and leave as pivots; the `positions` (the
/// other side) are swept in order.
#[derive(Clone, Debug)]
pub(crate) struct Sweep {
    /// The entries of each line, `(position, weight)` sorted by position.
    pub(crate) line_start: Vec<u32>,
    pub(crate) entries: Vec<(u32, i32)>,
    /// The edge of each entry (its index in [`Matrix::edges`]).
    pub(crate) entry_edge: Vec<u32>,
    /// The lines in order of entry: by first position, then last, then index.
    pub(crate) order: Vec<u32>,
    /// The front's size: lines at once, and positions from the current one
    /// to the last any line in the front reaches.
    pub(crate) front_lines: usize,
    pub(crate) front_width: usize,
    /// A line or a position without entries (the determinant is 0).
    pub(crate) empty: bool,
    /// The updates of one elimination, and the lines updated, as
    /// [`Matrix::cost`] estimates them.
    pub(crate) updates: u64,
    pub(crate) line_updates: u64,
}

/// What a determinant of a [`Matrix`] costs, known from its shape before
/// any arithmetic: for comparing the dimer method with others, and for a
/// memory budget.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cost {
    /// Multiply-adds of one elimination modulo a prime (an estimate: the
    /// fill of a band, every row of the front updated at every step).
    pub updates_per_prime: u64,
    /// Rows updated in one elimination (each costs about as much as a
    /// dozen multiply-adds besides them: its pivot test, its multiplier,
    /// the ends of its loop).
    pub row_updates_per_prime: u64,
    /// The primes the exact determinant takes ([`Matrix::primes`]).
    pub primes: usize,
    /// The bytes one elimination holds (its front), on each thread.
    pub front_bytes: usize,
}

impl Cost {
    /// What a row update weighs in multiply-adds in [`Cost::work`].
    pub const ROW_WEIGHT: u64 = 64;

    /// Multiply-adds of the whole exact determinant.
    pub fn updates(&self) -> u64 {
        self.updates_per_prime.saturating_mul(self.primes as u64)
    }

    /// The whole exact determinant's work in multiply-adds, a row update
    /// counted as [`Cost::ROW_WEIGHT`] of them: on one thread the time is
    /// about proportional to it (see the module's docs for the figures).
    pub fn work(&self) -> u64 {
        self.row_updates_per_prime
            .saturating_mul(Cost::ROW_WEIGHT)
            .saturating_add(self.updates_per_prime)
            .saturating_mul(self.primes as u64)
    }
}

impl Matrix {
    /// The `rows x columns` matrix with these entries `(row, column, weight)`.
    ///
    /// Refuses a matrix that is not square, an entry out of range, two
    /// entries at one place, a weight of 0, and more rows or entries than a
    /// `u32` counts.
    pub fn new(
        rows: usize,
        columns: usize,
        edges: impl IntoIterator<Item = (usize, usize, i32)>,
    ) -> Result<Matrix, MatrixError> {
        if rows != columns {
            return Err(MatrixError::NotSquare { rows, columns });
        }
        let size = u32::try_from(rows).map_err(|_| MatrixError::TooLarge {
            what: "rows",
            value: rows,
            limit: u32::MAX as usize,
        })?;
        let mut list = Vec::new();
        for (edge, (row, column, weight)) in edges.into_iter().enumerate() {
            if edge >= u32::MAX as usize {
                return Err(MatrixError::TooLarge {
                    what: "edges",
                    value: edge + 1,
                    limit: u32::MAX as usize,
                });
            }
            if row >= rows || column >= rows {
                return Err(MatrixError::OutOfRange {
                    edge,
                    row,
                    column,
                    size: rows,
                });
            }
            if weight == 0 {
                return Err(MatrixError::ZeroWeight { edge, row, column });
            }
            list.push(Edge {
                row: row as u32,
                column: column as u32,
                weight,
            });
        }
        let mut by_place: Vec<u32> = (0..list.len() as u32).collect();
        by_place.sort_unstable_by_key(|&e| {
            let edge = list[to_usize(e)];
            (edge.row, edge.column, e)
        });
        for pair in by_place.windows(2) {
            let (a, b) = (list[to_usize(pair[0])], list[to_usize(pair[1])]);
            if (a.row, a.column) == (b.row, b.column) {
                return Err(MatrixError::RepeatedEdge {
                    edge: to_usize(pair[1]),
                    first: to_usize(pair[0]),
                    row: a.row(),
                    column: a.column(),
                });
            }
        }
        let by_rows = Sweep::new(size, &list, false);
        let by_columns = Sweep::new(size, &list, true);
        // The cheaper sweep; ties to the columns', the caller's.
        let sweep = if by_rows.updates < by_columns.updates {
            by_rows
        } else {
            by_columns
        };
        Ok(Matrix {
            size,
            edges: list,
            sweep,
        })
    }

    /// The number of rows (and of columns).
    pub fn size(&self) -> usize {
        to_usize(self.size)
    }

    /// The entries, in the order given to [`Matrix::new`].
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// What the exact determinant will cost.
    pub fn cost(&self) -> Cost {
        Cost {
            updates_per_prime: self.sweep.updates,
            row_updates_per_prime: self.sweep.line_updates,
            primes: self.primes().len(),
            front_bytes: self.sweep.front_bytes(),
        }
    }

    /// The square of Hadamard's bound on the determinant: the product of
    /// the squared norms of the rows, or of the columns if smaller.
    pub(crate) fn hadamard_squared(&self) -> BigUint {
        let n = self.size();
        let (mut rows, mut columns) = (vec![0u64; n], vec![0u64; n]);
        for edge in &self.edges {
            let w2 = u64::from(edge.weight.unsigned_abs()).pow(2);
            rows[edge.row()] = rows[edge.row()].saturating_add(w2);
            columns[edge.column()] = columns[edge.column()].saturating_add(w2);
        }
        product(&rows).min(product(&columns))
    }
}

impl Sweep {
    /// The lines are the matrix's rows (its columns if `transposed`), each
    /// entering the front at its first entry; sweeping the positions in
    /// order, the front holds the lines entered and not yet pivots.
    fn new(size: u32, edges: &[Edge], transposed: bool) -> Sweep {
        let n = to_usize(size);
        let key = |e: &Edge| {
            if transposed {
                (e.column, e.row)
            } else {
                (e.row, e.column)
            }
        };
        let mut line_start = vec![0u32; n + 1];
        for e in edges {
            line_start[to_usize(key(e).0) + 1] += 1;
        }
        for i in 0..n {
            line_start[i + 1] += line_start[i];
        }
        let mut next = line_start.clone();
        let mut placed = vec![(0u32, 0i32, 0u32); edges.len()];
        let mut position_used = vec![false; n];
        for (edge, e) in edges.iter().enumerate() {
            let (line, position) = key(e);
            let at = &mut next[to_usize(line)];
            placed[to_usize(*at)] = (position, e.weight, edge as u32);
            *at += 1;
            position_used[to_usize(position)] = true;
        }
        for i in 0..n {
            placed[to_usize(line_start[i])..to_usize(line_start[i + 1])]
                .sort_unstable_by_key(|&(position, _, _)| position);
        }
        let entries: Vec<(u32, i32)> = placed.iter().map(|&(p, w, _)| (p, w)).collect();
        let entry_edge: Vec<u32> = placed.iter().map(|&(_, _, e)| e).collect();
        let spans: Vec<Option<(u32, u32)>> = (0..n)
            .map(|line| {
                let first = to_usize(line_start[line]);
                let last = to_usize(line_start[line + 1]);
                (first < last).then(|| (entries[first].0, entries[last - 1].0))
            })
            .collect();
        let span = |line: usize| spans[line].expect("no empty line");
        let empty = spans.contains(&None) || position_used.contains(&false);
        let mut sweep = Sweep {
            line_start,
            entries,
            entry_edge,
            order: Vec::new(),
            front_lines: 0,
            front_width: 0,
            empty,
            updates: 0,
            line_updates: 0,
        };
        if empty {
            return sweep;
        }
        let mut order: Vec<u32> = (0..size).collect();
        order.sort_unstable_by_key(|&line| {
            let (first, last) = span(to_usize(line));
            (first, last, line)
        });
        // Step k: the lines whose first entry is at most k have entered,
        // k of them have left as pivots. The pivot is the line of the
        // front that reaches least far (among those nonzero at k), and
        // adding it into another line never reaches past that line's own
        // last entry, so in the band's model (every entry between a line's
        // first and last nonzero after fill) the lines keep their reach:
        // the front is as wide as the farthest reach of a line entered, and
        // a step updates every other line of the front over the pivot's reach.
        let mut reach = std::collections::BinaryHeap::new();
        let (mut entered, mut farthest, mut updates, mut line_updates) = (0usize, 0u32, 0u64, 0u64);
        for k in 0..size {
            while entered < n {
                let line = to_usize(order[entered]);
                let (first, last) = span(line);
                if first > k {
                    break;
                }
                reach.push(std::cmp::Reverse(last));
                farthest = farthest.max(last);
                entered += 1;
            }
            sweep.front_lines = sweep.front_lines.max(reach.len());
            sweep.front_width = sweep
                .front_width
                .max(to_usize(farthest.saturating_sub(k)) + 1);
            let pivot_last = match reach.pop() {
                Some(std::cmp::Reverse(last)) if last >= k => last,
                // No line of the front reaches position k. Taking the line
                // of least reach at each step is earliest-deadline-first,
                // which matches every position to a line whose span holds
                // it whenever any such matching exists; it failed, so none
                // exists, let alone one along entries, and the determinant
                // is 0 (every term of its expansion is a perfect matching).
                _ => {
                    sweep.empty = true;
                    break;
                }
            };
            let span = u64::from(pivot_last - k);
            updates = updates.saturating_add(span * reach.len() as u64);
            line_updates += reach.len() as u64;
        }
        sweep.order = order;
        sweep.updates = updates;
        sweep.line_updates = line_updates;
        sweep
    }

    /// The entries of a line.
    pub(crate) fn line(&self, line: u32) -> &[(u32, i32)] {
        &self.entries[self.range(line)]
    }

    /// The edges of a line's entries, in the same order.
    pub(crate) fn line_edges(&self, line: u32) -> &[u32] {
        &self.entry_edge[self.range(line)]
    }

    fn range(&self, line: u32) -> std::ops::Range<usize> {
        let line = to_usize(line);
        to_usize(self.line_start[line])..to_usize(self.line_start[line + 1])
    }

    /// The bytes of an elimination's front: the entries, one line of
    /// reduced values, the lines' bookkeeping and the pivots' order.
    pub(crate) fn front_bytes(&self) -> usize {
        let lines = self.front_lines;
        let width = self.front_width;
        (lines * width * 8)
            .saturating_add(width * 4)
            .saturating_add(lines * 12)
            .saturating_add((self.line_start.len().saturating_sub(1)) * 4)
    }
}

/// The product of the numbers (a number 0 makes 0), by halves so that the
/// big numbers multiplied are of like sizes.
fn product(factors: &[u64]) -> BigUint {
    match factors {
        [] => BigUint::from(1u32),
        [one] => BigUint::from(*one),
        _ => {
            let (left, right) = factors.split_at(factors.len() / 2);
            product(left) * product(right)
        }
    }
}

/// The one place where this module's `u32` indices become `usize`.
#[inline]
pub(crate) fn to_usize(index: u32) -> usize {
    index as usize
}
