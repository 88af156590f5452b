//! The options of a narrow problem as the layered count reads them: for each place of the sweep, the options whose first item is there, as bitsets relative to it.

use super::SweepStats;
use crate::memo::layout::Layout;

/// The widest window, in places, that a state holds.
const MOST_WIDTH: u32 = 127;

/// The options of a problem as the layered count reads them.
#[derive(Debug)]
pub(crate) struct Plan {
    /// The number of places (primary items).
    pub(super) n: u32,
    /// The options whose first item is at place `p` are `masks[first[p]..first[p + 1]]`.
    first: Vec<u32>,
    /// Each option's items as a bitset relative to its first place.
    masks: Vec<u128>,
    /// Each mask's option, by index in the problem (the count does not read them).
    ids: Vec<u32>,
    /// The most places an option spans.
    pub(super) window: u32,
}

impl Plan {
    /// The plan of `layout`, or `None` when the layered count does not
    /// apply: the sweep is wide, or wider than [`MOST_WIDTH`], an option
    /// names a secondary item or colors one, or an option has no primary item.
    pub(crate) fn new(layout: &Layout) -> Option<Plan> {
        if !layout.narrow || layout.has_colors {
            return None;
        }
        let n = u32::try_from(layout.n_primary).ok()?;
        let mut by_first: Vec<(u32, u128, u32)> = Vec::with_capacity(layout.n_options());
        let mut span_most = 0;
        for o in 0..layout.n_options() {
            let (start, end) = layout.node_range(o as u32);
            let items = &layout.opt_items[start as usize..end as usize];
            if items.is_empty() || items.iter().any(|&i| !layout.is_primary[i as usize]) {
                return None;
            }
            let ranks = items.iter().map(|&i| layout.rank[i as usize]);
            let low = ranks.clone().min()?;
            let high = ranks.clone().max()?;
            if high - low >= MOST_WIDTH || high >= n {
                return None;
            }
            span_most = span_most.max(high - low);
            let mask = ranks.fold(0u128, |mask, r| mask | 1 << (r - low));
            by_first.push((low, mask, o as u32));
        }
        // Stable: the options of one place stay in the problem's order.
        by_first.sort_by_key(|&(low, _, _)| low);
        let mut first = vec![0u32; n as usize + 1];
        for &(low, _, _) in &by_first {
            first[low as usize + 1] += 1;
        }
        for p in 0..n as usize {
            first[p + 1] += first[p];
        }
        Some(Plan {
            n,
            first,
            masks: by_first.iter().map(|&(_, mask, _)| mask).collect(),
            ids: by_first.iter().map(|&(_, _, id)| id).collect(),
            window: span_most + 1,
        })
    }

    /// The statistics of a count not started: its layers and its window.
    pub(crate) fn stats(&self) -> SweepStats {
        SweepStats {
            layers: u64::from(self.n),
            window: self.window,
            ..SweepStats::default()
        }
    }

    /// The options whose first item is at place `p`.
    #[inline]
    pub(crate) fn options_at(&self, p: u32) -> &[u128] {
        &self.masks[self.first[p as usize] as usize..self.first[p as usize + 1] as usize]
    }

    /// The indices in the problem of the options whose first item is at
    /// place `p`, in the order of [`Plan::options_at`].
    #[inline]
    pub(crate) fn ids_at(&self, p: u32) -> &[u32] {
        &self.ids[self.first[p as usize] as usize..self.first[p as usize + 1] as usize]
    }

    /// The number of places (primary items), and so of layers after the first.
    pub(crate) fn places(&self) -> u32 {
        self.n
    }
}
