//! The encoding step the models share: one option per candidate that covers something.

use dlx_core::{BuildError, ItemId, ProblemBuilder};

/// Adds one option per candidate that names at least one item, in the order
/// given, and returns the labels of those candidates: option `k` (counted
/// from the first option this call adds) is the candidate `labels[k]`.
///
/// A candidate that names no item (a row of zeros, a stick that borders no
/// complete square, a ticket that holds no subset left to cover) can never
/// be part of a cover, and dlx-core refuses an empty option, so it is left out.
pub(crate) fn nonempty_options<L, I>(
    builder: &mut ProblemBuilder,
    candidates: impl IntoIterator<Item = (L, I)>,
) -> Result<Vec<L>, BuildError>
where
    I: IntoIterator<Item = ItemId>,
{
    let mut labels = Vec::new();
    for (label, items) in candidates {
        let mut items = items.into_iter().peekable();
        if items.peek().is_some() {
            builder.option(items)?;
            labels.push(label);
        }
    }
    Ok(labels)
}

/// [`nonempty_options`] for the rows of a sparse 0/1 matrix: each row lists
/// the indices, in `items`, of the items it covers, and the labels returned
/// are the rows' indices.
pub(crate) fn row_options(
    builder: &mut ProblemBuilder,
    items: &[ItemId],
    rows: &[Vec<usize>],
) -> Result<Vec<usize>, BuildError> {
    let rows = rows
        .iter()
        .enumerate()
        .map(|(row_idx, row)| (row_idx, row.iter().map(|&item| items[item])));
    nonempty_options(builder, rows)
}
