//! The item choice (Knuth's step C3): the active primary item with the fewest options, ties to the leftmost.
//!
//! Algorithm M chooses by branching degree instead (its step M3). Both scans
//! read the dense `tops` array by the bits of the active set, or, from
//! [`DENSE_CHOICE`] primary items on, take the least length of whole blocks
//! of 64 headers with vector instructions (AVX2 when the processor has it).
//!
//! A scan reads every active block, so a search `n` levels deep over `n`
//! primary items takes time quadratic in `n` (a forced chain of a million
//! items took 55 s). From [`HUGE_CHOICE`] primary items on, the links keep
//! [`Short`] counts: how many active primary items have no option left and
//! how many have one, and which words of the active set are non-zero. The
//! choice then knows the least length before it scans, stops at the first
//! block that holds it, and skips empty words 64 at a time: on forced moves
//! (lengths 0 and 1) it reads a few words whatever `n` is. It is the same
//! choice, leftmost of the fewest, so the search tree and Knuth's node and
//! update counts do not change.

#![allow(
    unsafe_code,
    reason = "the scalar scan reads `tops` unchecked at positions the active set bounds (M6)"
)]

use super::raw::get;
use super::{Links, OUT_OF_LIST};
use crate::index::{to_u32, to_usize};

/// From this many primary items on, the item choice reads the lengths of
/// whole blocks with vector instructions; below, it reads the active items'
/// one at a time. Vector loads that overlap the length updates just stored
/// wait for those stores to reach the cache (scalar loads take the value
/// from the store), which costs more than it saves when there are few items
/// and few updates per node (`perf stat` cycles, vector against scalar):
/// 13-queens (26 primary items) +5%, Langford n = 11 (33) +6%, pentomino
/// 6x10 (72) -2.5%, sudoku (about 210) -15%.
const DENSE_CHOICE: u32 = 64;

/// From this many primary items on (and without multiplicities: Algorithm
/// M chooses by branching degree), the links keep [`Short`] counts for the
/// item choice. Keeping them costs a test and a count on every length
/// change, which the benchmark workloads (at most a few thousand primary
/// items) do not pay: they run the search compiled without the counts.
pub(crate) const HUGE_CHOICE: u32 = 1 << 13;

/// What the item choice of a problem with very many primary items keeps
/// beside the lengths (module docs): how many active primary items have
/// 0 and 1 options left, and a summary of the active set.
#[derive(Clone, Debug, Default)]
pub(crate) struct Short {
    /// Whether the counts are kept (and the search runs the copy that keeps them).
    pub(super) on: bool,
    /// `lens[k]`: the active primary items with exactly `k` options left.
    pub(super) lens: [u32; 2],
    /// Bit `w` is set while word `w` of the active set is not zero.
    pub(super) summary: Vec<u64>,
}

impl Short {
    /// The counts of the lengths `tops` and the active set `active`, kept
    /// when `on`, empty otherwise.
    pub(super) fn new(on: bool, tops: &[u32], active: &[u64]) -> Short {
        if !on {
            return Short::default();
        }
        let mut short = Short {
            on,
            lens: [0; 2],
            summary: vec![0; active.len().div_ceil(64)],
        };
        for (w, &word) in active.iter().enumerate() {
            if word != 0 {
                short.summary[w / 64] |= 1 << (w % 64);
            }
            let mut bits = word;
            while bits != 0 {
                let p = w * 64 + to_usize(bits.trailing_zeros());
                bits &= bits - 1;
                if let Some(count) = short.lens.get_mut(to_usize(tops[p] & !OUT_OF_LIST)) {
                    *count += 1;
                }
            }
        }
        short
    }

    /// A length at or below which a block holds the least length of an
    /// active primary item, so that the scan may stop there: 1 when some
    /// item has one option and none has none, else 0 (when no item has
    /// none, no block reaches it and every block is read).
    #[inline(always)]
    fn least_known(&self) -> u32 {
        u32::from(self.lens[0] == 0 && self.lens[1] > 0)
    }
}

/// Whether the processor running us has AVX2.
pub(super) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl Links {
    /// Knuth's step C3: the active primary item with the fewest options, ties
    /// to the leftmost; `0` when no primary item is active.
    pub(crate) fn choose_item(&self) -> u32 {
        if self.short.on {
            return choose_item_short(&self.tops, &self.active, self.n_primary, &self.short);
        }
        choose_item(&self.tops, &self.active, self.n_primary, self.avx2)
    }
}

/// [`choose_item`] with the [`Short`] counts: the same item, found by
/// reading only the blocks of non-zero active words, up to the first that
/// holds the least length when the counts know it.
#[inline(always)]
pub(super) fn choose_item_short(
    tops: &[u32],
    active: &[u64],
    n_primary: u32,
    short: &Short,
) -> u32 {
    let lens = &tops[..=to_usize(n_primary)];
    let known = short.least_known();
    let mut best_len = OUT_OF_LIST;
    let mut best_block = 0;
    'scan: for (s, &summary) in short.summary.iter().enumerate() {
        let mut words = summary;
        while words != 0 {
            let w = s * 64 + to_usize(words.trailing_zeros());
            words &= words - 1;
            // A word of the active set is a block of 64 headers; the headers
            // out of the list carry `OUT_OF_LIST` and never win. Block 0
            // starts with the root, which carries it too.
            let block = &lens[w * 64..lens.len().min(w * 64 + 64)];
            let least = least_of(block);
            if least < best_len {
                best_len = least;
                best_block = w;
                if least <= known {
                    break 'scan;
                }
            }
        }
    }
    debug_assert!(
        best_len == OUT_OF_LIST || active[best_block] != 0,
        "the summary names an empty word"
    );
    winner(lens, best_block, best_len)
}

/// Knuth's step C3 over the lengths `tops` and the active set: the active
/// primary item with the fewest options, ties to the leftmost; `0` when no
/// primary item is active.
///
/// On x86-64 processors with AVX2 (`avx2`, checked once, when the links are
/// laid out) the same code runs compiled for AVX2, whose minimum takes
/// eight lengths at once; elsewhere it runs as compiled for the target.
#[inline(always)]
pub(super) fn choose_item(tops: &[u32], active: &[u64], n_primary: u32, avx2: bool) -> u32 {
    if n_primary < DENSE_CHOICE {
        return choose_item_sparse(tops, active);
    }
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        return wide::choose_item_avx2(tops, active, n_primary);
    }
    let _ = avx2;
    choose_item_portable(tops, active, n_primary)
}

/// [`choose_item`] for a few primary items: the active ones only, one at a
/// time, by the bits of the active set.
#[inline(always)]
pub(super) fn choose_item_sparse(tops: &[u32], active: &[u64]) -> u32 {
    // SAFETY: `least_active` passes only positions of set bits of `active`,
    // which are at most `n_primary < n_nodes` (M6).
    least_active(active, |p| i64::from(unsafe { get(tops, p) })).0
}

/// The active primary header of least `score`, ties to the leftmost, and
/// its score; the first with a score of 0 or less at once; `(0, i64::MAX)`
/// when no item is active. The least (score, header) pair is kept with a
/// `min` rather than a branch: which item scores less is what a branch
/// predictor cannot guess. Scores must stay below `2^31`. `score` is called
/// only with positions of set bits of `active`.
#[inline(always)]
pub(super) fn least_active(active: &[u64], score: impl Fn(u32) -> i64) -> (u32, i64) {
    let mut best = u64::MAX;
    for (w, &word) in active.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let p = to_u32(w * 64) + bits.trailing_zeros();
            bits &= bits - 1;
            let value = score(p);
            if value <= 0 {
                return (p, value);
            }
            let value = u64::try_from(value).unwrap_or(u64::MAX >> 32);
            best = best.min(value << 32 | u64::from(p));
        }
    }
    if best == u64::MAX {
        (0, i64::MAX)
    } else {
        // The low half is a header and the high half a score below 2^31.
        #[allow(clippy::cast_possible_truncation, reason = "both halves fit, as said")]
        ((best & 0xffff_ffff) as u32, (best >> 32) as i64)
    }
}

/// [`choose_item`] as compiled for the target.
///
/// Headers in increasing order are the item list's order. The scan takes
/// each 64-header block with an active item and the least `top` in it, a
/// loop without branches that the compiler vectorises; the headers out of
/// the list carry [`OUT_OF_LIST`], so they never win. Only the winning block
/// is searched again for the position of its least `top`.
#[inline(always)]
pub(super) fn choose_item_portable(tops: &[u32], active: &[u64], n_primary: u32) -> u32 {
    let lens = &tops[..=to_usize(n_primary)];
    let mut best_len = OUT_OF_LIST;
    let mut best_block = 0;
    for (w, &word) in active.iter().enumerate() {
        if word == 0 {
            continue;
        }
        // The root's `top` (header 0) carries the flag too, so block 0 starts at 0.
        let block = &lens[w * 64..lens.len().min(w * 64 + 64)];
        let least = least_of(block);
        if least < best_len {
            best_len = least;
            best_block = w;
            if least == 0 {
                break;
            }
        }
    }
    winner(lens, best_block, best_len)
}

/// The first header of block `best_block` whose length is `best_len`, the
/// least found (`0`, no item, when the least is [`OUT_OF_LIST`]).
#[inline(always)]
fn winner(lens: &[u32], best_block: usize, best_len: u32) -> u32 {
    if best_len == OUT_OF_LIST {
        return 0;
    }
    let start = best_block * 64;
    let block = &lens[start..lens.len().min(start + 64)];
    to_u32(start) + first_equal(block, best_len)
}

/// The least of a block of lengths; a whole block of 64 has a fixed trip
/// count, which the compiler unrolls into a few vector minima.
#[inline(always)]
fn least_of(block: &[u32]) -> u32 {
    match <&[u32; 64]>::try_from(block) {
        Ok(whole) => whole.iter().fold(u32::MAX, |least, &len| least.min(len)),
        Err(_) => block.iter().fold(u32::MAX, |least, &len| least.min(len)),
    }
}

/// The position of the first `value` in a block that holds it; a whole
/// block of 64 is compared at once into a bit mask.
#[inline(always)]
fn first_equal(block: &[u32], value: u32) -> u32 {
    match <&[u32; 64]>::try_from(block) {
        Ok(whole) => {
            let mut mask = 0u64;
            for (k, &len) in whole.iter().enumerate() {
                mask |= u64::from(len == value) << k;
            }
            mask.trailing_zeros()
        }
        Err(_) => to_u32(
            block
                .iter()
                .position(|&len| len == value)
                .unwrap_or_default(),
        ),
    }
}

/// The item choice compiled for wider vectors than the target's baseline.
#[cfg(target_arch = "x86_64")]
mod wide {
    /// [`choose_item`](super::choose_item) on a processor with AVX2.
    #[inline(always)]
    pub(super) fn choose_item_avx2(tops: &[u32], active: &[u64], n_primary: u32) -> u32 {
        debug_assert!(super::has_avx2(), "the AVX2 item choice without AVX2");
        // SAFETY: the caller passes the `avx2` flag of a `Links`, private to
        // the links module and set only by `Links::new` from `has_avx2()`.
        unsafe { choose_item(tops, active, n_primary) }
    }

    /// # Safety
    /// The processor has AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn choose_item(tops: &[u32], active: &[u64], n_primary: u32) -> u32 {
        super::choose_item_portable(tops, active, n_primary)
    }
}

#[cfg(test)]
mod tests {
    use super::Links;
    use crate::problem::{ItemKind, ProblemBuilder};
    use proptest::prelude::*;

    proptest! {
        // Miri interprets every instruction: a few cases there.
        #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 4 } else { 256 }, ..ProptestConfig::default() })]

        /// The AVX2 copy of the item choice (when this processor runs it) and
        /// the portable one agree with a plain scan of the item list, as items
        /// are covered in any order, on problems of up to 400 items (whole
        /// and partial 64-item blocks, lists long and short; 150 under Miri),
        /// with the short list counts and without.
        #[test]
        fn item_choice_is_the_leftmost_shortest(
            n_items in 1usize..if cfg!(miri) { 150 } else { 400 },
            options in prop::collection::vec(prop::collection::vec(0usize..400, 1..6), 0..if cfg!(miri) { 100 } else { 500 }),
            order in prop::collection::vec(0usize..200, 0..60),
        ) {
            let mut builder = ProblemBuilder::new();
            let items = builder.items(ItemKind::Primary, n_items);
            for option in &options {
                let mut chosen: Vec<_> = option.iter().map(|&k| items[k % n_items]).collect();
                chosen.sort();
                chosen.dedup();
                builder.option(chosen).unwrap();
            }
            let mut links = Links::new(&builder.build().unwrap());
            // The same links keeping the short counts, covered alike.
            let mut short = links.clone();
            short.keep_short_counts(true);
            let mut covered = Vec::new();
            let mut updates = 0;
            for k in order {
                let header = u32::try_from(k % n_items + 1).unwrap();
                if links.is_active(header) {
                    links.cover::<false>(header, &mut updates);
                    short.cover::<false>(header, &mut updates);
                    covered.push(header);
                }
                // Knuth's scan: the item list, strictly shorter wins.
                let (mut expected, mut best) = (0, u32::MAX);
                let dance = links.dance();
                let mut i = dance.first_active();
                while i != 0 {
                    if dance.len(i) < best {
                        (expected, best) = (i, dance.len(i));
                    }
                    i = dance.next_active(i);
                }
                prop_assert_eq!(links.choose_item(), expected);
                prop_assert_eq!(short.choose_item(), expected);
                prop_assert_eq!(short.check(), Ok(()));
                prop_assert_eq!(super::choose_item_portable(&links.tops, &links.active, links.n_primary), expected);
                prop_assert_eq!(super::choose_item_sparse(&links.tops, &links.active), expected);
                #[cfg(target_arch = "x86_64")]
                if super::has_avx2() {
                    prop_assert_eq!(super::wide::choose_item_avx2(&links.tops, &links.active, links.n_primary), expected);
                }
            }
            // Uncovered in reverse order, the counts come back with the lengths.
            for &header in covered.iter().rev() {
                links.uncover::<false>(header);
                short.uncover::<false>(header);
                prop_assert_eq!(short.check(), Ok(()));
                prop_assert_eq!(short.choose_item(), links.choose_item());
            }
        }
    }
}
