//! Knuth's sanity check of the links: every list doubly linked, every length right.

use super::{Links, Short, OUT_OF_LIST};
use crate::index::to_usize;

/// What a link sanity check found wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("link check failed at node {node}: {what}")]
pub struct LinkError {
    /// The node (or item header) where the check failed.
    pub node: usize,
    /// What was inconsistent.
    pub what: String,
}

impl Links {
    /// Knuth's sanity check: every list is doubly linked, every length is
    /// right, and the active set and the length flags agree with the item list.
    pub(crate) fn check(&self) -> Result<(), LinkError> {
        let fail = |node: usize, what: String| Err(LinkError { node, what });
        for i in 1..=self.n_primary {
            let bit = self.active[to_usize(i / 64)] >> (i % 64) & 1 == 1;
            let flag = self.top(i) & OUT_OF_LIST == 0;
            if flag != bit {
                return fail(
                    to_usize(i),
                    format!("item {i}: the active bit says {bit}, the length's flag does not"),
                );
            }
            if bit != self.is_active(i) {
                return fail(
                    to_usize(i),
                    format!("item {i}: the active bit says {bit}, the item list does not"),
                );
            }
        }
        for head in [0usize, to_usize(self.n_items) + 1] {
            let mut p = head;
            let mut steps = 0usize;
            loop {
                let right = to_usize(self.items[p].right);
                if to_usize(self.items[right].left) != p {
                    return fail(
                        p,
                        format!("item list: right of {p} is {right}, whose left is not {p}"),
                    );
                }
                p = right;
                steps += 1;
                if p == head {
                    break;
                }
                if steps > self.items.len() {
                    return fail(head, "item list does not return to its head".into());
                }
            }
        }
        for i in 1..=self.n_items {
            if !self.is_active(i) {
                continue;
            }
            let mut count = 0u32;
            let mut p = i;
            loop {
                let down = self.down(p);
                if self.up(down) != p {
                    return fail(
                        to_usize(p),
                        format!("down of {p} is {down}, whose up is not {p}"),
                    );
                }
                p = down;
                if p == i {
                    break;
                }
                if self.top(p) != i {
                    return fail(
                        to_usize(p),
                        format!("node in the list of item {i} has top {}", self.top(p)),
                    );
                }
                count += 1;
                if to_usize(count) > self.tops.len() {
                    return fail(
                        to_usize(i),
                        "vertical list does not return to its header".into(),
                    );
                }
            }
            if count != self.len(i) {
                return fail(
                    to_usize(i),
                    format!("item {i} has len {} but {count} nodes", self.len(i)),
                );
            }
        }
        self.check_short_counts()
    }

    /// The short counts of the item choice, when kept, are those of the
    /// lengths and the active set as they are.
    fn check_short_counts(&self) -> Result<(), LinkError> {
        if !self.short.on {
            return Ok(());
        }
        let fresh = Short::new(true, &self.tops, &self.active);
        if fresh.lens != self.short.lens {
            return Err(LinkError {
                node: 0,
                what: format!(
                    "the item choice counts {:?} active items of length 0 and 1, but there are {:?}",
                    self.short.lens, fresh.lens
                ),
            });
        }
        if fresh.summary != self.short.summary {
            return Err(LinkError {
                node: 0,
                what: "the summary of the active set disagrees with it".into(),
            });
        }
        Ok(())
    }
}
