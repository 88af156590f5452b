//! A problem that is a perfect matching problem, and the Kasteleyn matrix that counts it: [`Problem::with_matchings`].

use std::sync::Arc;

use super::Matrix;
use crate::index::OptionId;
use crate::problem::{ItemKind, Problem};

/// Why a matrix is not the matchings of a problem ([`Problem::with_matchings`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchingError {
    /// The matrix has not one edge per option.
    #[error("the matrix has {edges} edges, but the problem has {options} options")]
    Edges {
        /// The matrix's edges.
        edges: usize,
        /// The problem's options.
        options: usize,
    },
    /// An option does not name exactly two primary items.
    #[error("option {option} does not name exactly two primary items, with no color")]
    NotAnEdge {
        /// The option, from 0.
        option: usize,
    },
    /// The problem has items other than primary ones covered exactly once.
    #[error("item `{item}` is not a primary item covered exactly once")]
    NotExact {
        /// The item's name.
        item: String,
    },
    /// An item is named by no option.
    #[error("item `{item}` is in no option")]
    Unused {
        /// The item's name.
        item: String,
    },
    /// The options' items and the edges' rows and columns do not match one to one.
    #[error("option {option}'s items are not its edge's row and column, one to one with the other options")]
    Mismatch {
        /// The first option found out of step, from 0.
        option: usize,
    },
    /// The matrix has rows or columns that are no item, while both sides
    /// have some: it would count other matchings.
    #[error(
        "the matrix is {size} by {size}, more than the {rows} and {columns} items its edges join"
    )]
    Padded {
        /// The matrix's size.
        size: usize,
        /// The items on the rows' side.
        rows: usize,
        /// The items on the columns' side.
        columns: usize,
    },
}

/// Where an item stands in the matrix: a row or a column, and its index.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Side {
    Row(usize),
    Column(usize),
}

impl Problem {
    /// This problem, known to be the perfect matchings of a planar
    /// bipartite graph: every option names two primary items (an edge), and
    /// `matrix` has one edge per option, in the options' order (edge `k`
    /// joins option `k`'s items: one its row, the other its column), signed
    /// so that the absolute value of its determinant is the number of
    /// perfect matchings (Kasteleyn's condition, which the caller proves
    /// from the graph's drawing in the plane, as `dlx-models` does for its
    /// boards; it cannot be checked here). Its solutions are then counted
    /// in polynomial time ([`crate::dimers::count`]), which the count's
    /// rule chooses ([`crate::CountJob`]).
    ///
    /// Checked here: the problem's options are edges, the matrix's edges
    /// are the options, and its rows and columns are the items one to one
    /// (a matrix padded with empty rows or columns on one side is a board
    /// with more cells of one color: no matching, determinant 0).
    ///
    /// ```
    /// use dlx_core::dimers::Matrix;
    /// use dlx_core::{parse_dlx, CountJob, CountMode, MemoSettings, Method};
    ///
    /// // The 2 x 2 board: a b / c d; black a and d are rows, white b and c columns.
    /// let problem = parse_dlx("a b c d\na b\nc d\na c\nb d\n")?;
    /// let matrix = Matrix::new(2, 2, [(0, 0, 1), (1, 1, 1), (0, 1, 1), (1, 0, -1)])?;
    /// let problem = problem.with_matchings(matrix)?;
    /// assert!(problem.matchings().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_matchings(mut self, matrix: Matrix) -> Result<Problem, MatchingError> {
        check(&self, &matrix)?;
        self.matchings = Some(Arc::new(matrix));
        Ok(self)
    }

    /// The Kasteleyn matrix of a perfect matching problem, when one was given
    /// ([`Problem::with_matchings`]).
    pub fn matchings(&self) -> Option<&Matrix> {
        self.matchings.as_deref()
    }
}

/// Checks that `matrix`'s edges are `problem`'s options and its rows and
/// columns its items, one to one.
fn check(problem: &Problem, matrix: &Matrix) -> Result<(), MatchingError> {
    let n_options = problem.n_options();
    let edges = matrix.edges();
    if edges.len() != n_options {
        return Err(MatchingError::Edges {
            edges: edges.len(),
            options: n_options,
        });
    }
    for item in problem.item_ids() {
        if problem.item_kind(item) != ItemKind::Primary || problem.needs_algorithm_m() {
            return Err(MatchingError::NotExact {
                item: problem.item_label(item),
            });
        }
    }
    let mut pairs = Vec::with_capacity(n_options);
    for k in 0..n_options {
        let option = problem.option(OptionId::new(k));
        match option {
            [a, b] if a.color.is_none() && b.color.is_none() => {
                pairs.push((a.item.index(), b.item.index()));
            }
            _ => return Err(MatchingError::NotAnEdge { option: k }),
        }
    }
    // Each item's side, found by walking the edges from an item placed:
    // an edge's row is one of its option's items, its column the other.
    let mut side: Vec<Option<Side>> = vec![None; problem.n_items()];
    let mut by_item: Vec<Vec<usize>> = vec![Vec::new(); problem.n_items()];
    for (k, &(a, b)) in pairs.iter().enumerate() {
        by_item[a].push(k);
        by_item[b].push(k);
    }
    for start in 0..n_options {
        let (a, b) = pairs[start];
        if side[a].is_some() || side[b].is_some() {
            continue;
        }
        // A component not yet placed: its first edge's row is one of its
        // items, tried in turn.
        let edge = edges[start];
        let first = place(&mut side, &pairs, &by_item, edges, a, Side::Row(edge.row()));
        if first.is_err() {
            place(
                &mut side,
                &pairs,
                &by_item,
                edges,
                a,
                Side::Column(edge.column()),
            )?;
        }
    }
    // One to one: no row or column stands for two items.
    let size = matrix.size();
    let (mut rows, mut columns) = (vec![false; size], vec![false; size]);
    for (item, place) in side.iter().enumerate() {
        let taken = match place {
            None => {
                return Err(MatchingError::Unused {
                    item: problem.item_label(crate::ItemId::new(item)),
                })
            }
            Some(Side::Row(r)) => &mut rows[*r],
            Some(Side::Column(c)) => &mut columns[*c],
        };
        if *taken {
            let option = by_item[item].first().copied().unwrap_or(0);
            return Err(MatchingError::Mismatch { option });
        }
        *taken = true;
    }
    let (n_rows, n_columns) = (
        rows.iter().filter(|&&r| r).count(),
        columns.iter().filter(|&&c| c).count(),
    );
    if n_rows.max(n_columns) != size {
        return Err(MatchingError::Padded {
            size,
            rows: n_rows,
            columns: n_columns,
        });
    }
    Ok(())
}

/// Places `start` at `at` and every item joined to it by the edges: each
/// edge's other item on the other side. On a contradiction the items placed
/// are taken off again, and the option that showed it is the error.
fn place(
    side: &mut [Option<Side>],
    pairs: &[(usize, usize)],
    by_item: &[Vec<usize>],
    edges: &[super::Edge],
    start: usize,
    at: Side,
) -> Result<(), MatchingError> {
    let mut placed = vec![start];
    side[start] = Some(at);
    let mut next = 0;
    while next < placed.len() {
        let item = placed[next];
        next += 1;
        for &k in &by_item[item] {
            let (a, b) = pairs[k];
            let other = if a == item { b } else { a };
            let edge = edges[k];
            let want = match side[item] {
                Some(Side::Row(r)) if r == edge.row() => Some(Side::Column(edge.column())),
                Some(Side::Column(c)) if c == edge.column() => Some(Side::Row(edge.row())),
                _ => None,
            };
            let fits = match (want, side[other]) {
                (Some(want), None) => {
                    side[other] = Some(want);
                    placed.push(other);
                    true
                }
                (Some(want), Some(found)) => found == want,
                (None, _) => false,
            };
            if !fits {
                for &item in &placed {
                    side[item] = None;
                }
                return Err(MatchingError::Mismatch { option: k });
            }
        }
    }
    Ok(())
}
