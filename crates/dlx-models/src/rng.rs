//! The seeded generator the models share, written out so that a seed means the same numbers everywhere.

/// Sebastiano Vigna's SplitMix64 generator (the seeding generator of
/// xoshiro, after Steele, Lea and Flood 2014).
///
/// It is written out rather than taken from a crate so that a seed means the
/// same numbers on every machine and with every version of every dependency:
/// the sudoku generator's puzzles and the queens restarts' boards are
/// reproducible from their seeds alone.
/// It is crate-private: callers give a model a seed, never a generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose outputs depend on `seed` alone.
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift: the bias is
    /// below `n / 2^64`, and the result is the same everywhere.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles a slice in place (Fisher-Yates, from the end, each index drawn by [`SplitMix64::below`]).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// Shuffles a slice in place like [`SplitMix64::shuffle`], but draws each
    /// index as the remainder of the next output by `i + 1`.
    ///
    /// The queens restarts were measured with this order (the figures in the
    /// `queens` module documentation), and a seed must keep giving the same
    /// board, so they keep it; the remainder's bias is below 2^-40 for any
    /// board accepted, and it only shapes the order.
    pub(crate) fn shuffle_by_remainder<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

// A unit test, not an integration test: the generator is crate-private, and
// its outputs are pinned here against the reference implementation.
#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn reference_outputs() {
        let mut rng = SplitMix64::new(1234567);
        // The first outputs of the reference implementation for seed 1234567.
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
    }
}
