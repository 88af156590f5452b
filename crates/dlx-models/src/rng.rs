//! The draws the models make (a number below `n`, a shuffle) from dlx-core's seeded generator, so that a seed means the same numbers everywhere.

use dlx_core::WyRand;

/// dlx-core's [`WyRand`] with the draws the models need.
///
/// The workspace has one hand-written generator, dlx-core's, written out so
/// that a seed gives the same numbers on every machine and with every
/// version of every dependency; the models take it rather than a second
/// one of their own (they drew from SplitMix64 before issue 21), so the
/// sudoku generator's puzzles and the queens restarts' boards are
/// reproducible from their seeds alone, as `dlx sample`'s draws are.
/// It is crate-private: callers give a model a seed, never a generator.
#[derive(Clone, Debug)]
pub(crate) struct Rng(WyRand);

impl Rng {
    /// A generator whose outputs depend on `seed` alone.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(WyRand::new(seed))
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift on all 64
    /// bits of an output: the bias is below `n / 2^64` (dlx-core's
    /// [`WyRand::below`] takes 32 bits, enough for a probe but not for the
    /// shuffles of a large grid's 262,144 options), and the result is the
    /// same everywhere.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0, "a number below 0");
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles a slice in place (Fisher-Yates, from the end, each index drawn by [`Rng::below`]).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

// A unit test, not an integration test: the generator is crate-private.
#[cfg(test)]
mod tests {
    use super::Rng;

    /// A seed's shuffle is pinned: a change here changes every generated
    /// puzzle and restart, and must be made knowingly.
    #[test]
    fn a_seed_shuffles_the_same_way_everywhere() {
        let mut items: Vec<u32> = (0..10).collect();
        Rng::new(1).shuffle(&mut items);
        assert_eq!(items, PINNED);
        let mut rng = Rng::new(7);
        let draws: Vec<usize> = (0..5).map(|_| rng.below(1000)).collect();
        assert_eq!(draws, DRAWS);
    }

    const PINNED: [u32; 10] = [1, 2, 5, 9, 7, 6, 0, 4, 3, 8];
    const DRAWS: [usize; 5] = [883, 855, 385, 245, 754];
}
