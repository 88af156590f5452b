//! A small seeded random generator: the same seed gives the same numbers on every machine, from every face of dlx.

/// Wang Yi's wyrand: 64 bits of state, fast, and good enough for drawing
/// solutions and probing search trees (its author reports that it passes
/// BigCrush and PractRand).
///
/// Written out here so that a seed gives the same draws on every machine,
/// with every version of every dependency, and from every face of dlx
/// (the library, the `dlx` command, Python and the browser):
/// `dlx sample --seed 7` and `Diagram::samples(7)` draw the same solutions.
/// Not for anything secret.
///
/// ```
/// use dlx_core::WyRand;
///
/// let mut random = WyRand::new(7);
/// let roll = random.below(6);
/// assert!(roll < 6);
/// assert_eq!(WyRand::new(7).below(6), roll);
/// ```
#[derive(Clone, Debug)]
pub struct WyRand {
    state: u64,
}

impl WyRand {
    /// The generator started from `seed` (any value, 0 included).
    pub fn new(seed: u64) -> WyRand {
        WyRand { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.state) * u128::from(self.state ^ 0xe703_7ed1_a0b4_28db);
        // The high and low halves folded together: the truncation is the point.
        ((t >> 64) as u64) ^ (t as u64)
    }

    /// A number in `0..n` (`n` above 0), by Lemire's multiply-shift on the
    /// top 32 bits (a bias below `n / 2^32`, nothing for a probe's choices).
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "a number below 0");
        let top = self.next_u64() >> 32;
        // `top * n < 2^64`, and shifted down it is below `n`.
        ((top * u64::from(n)) >> 32) as u32
    }
}
