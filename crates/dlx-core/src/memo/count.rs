//! The tagged `u128` the memoised search carries, whose large values live in an arena.
//!
//! A memoised count adds and multiplies the counts of subproblems. Nearly
//! all of them fit in a `u128`, and the loop keeps them there, in a `Copy`
//! word: a [`Tally`]. Only counts of 2^127 and more (the top of the tree of
//! a large board) become big integers, held in an arena ([`Bigs`]) and
//! named in the tally by their index, so that the loop's frames stay plain
//! words and a count never overflows.

use num_bigint::BigUint;

use crate::count::Count;

/// A count in the memoised search's frames: the number itself below
/// [`BIG`], or, with that bit set, the index of a big number in the
/// search's [`Bigs`].
///
/// **Invariant:** a tally with the [`BIG`] bit set names a live slot of the
/// arena it was made in; it is consumed exactly once (added into another,
/// stored, or turned into a [`Count`]), which frees the slot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tally(u128);

/// The bit that marks a tally as the index of a big number.
pub(crate) const BIG: u128 = 1 << 127;

impl Tally {
    pub(crate) const ZERO: Tally = Tally(0);
    pub(crate) const ONE: Tally = Tally(1);

    /// A small number (below [`BIG`]).
    #[inline]
    pub(crate) fn small(n: u128) -> Tally {
        debug_assert!(n < BIG, "a small tally is below 2^127");
        Tally(n)
    }

    /// Whether the tally is the number 0.
    #[inline]
    pub(crate) fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The word the cache stores.
    #[inline]
    pub(crate) fn word(self) -> u128 {
        self.0
    }

    /// A tally from a word read back from the cache (a small number).
    #[inline]
    pub(crate) fn from_word(word: u128) -> Tally {
        Tally(word)
    }

    /// Whether the tally names a big number.
    #[inline]
    pub(crate) fn is_big(self) -> bool {
        self.0 & BIG != 0
    }

    fn slot(self) -> usize {
        (self.0 & !BIG) as usize
    }
}

/// The big numbers of a search, by slot; freed slots are reused.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bigs {
    values: Vec<BigUint>,
    free: Vec<usize>,
}

impl Bigs {
    /// A tally for `n`: small when it is below [`BIG`], else a new slot.
    pub(crate) fn tally(&mut self, n: BigUint) -> Tally {
        if let Ok(small) = u128::try_from(&n) {
            if small < BIG {
                return Tally(small);
            }
        }
        let slot = match self.free.pop() {
            Some(slot) => {
                self.values[slot] = n;
                slot
            }
            None => {
                self.values.push(n);
                self.values.len() - 1
            }
        };
        Tally(BIG | slot as u128)
    }

    /// The number of `t`, consuming it (its slot is freed).
    pub(crate) fn take(&mut self, t: Tally) -> BigUint {
        if !t.is_big() {
            return BigUint::from(t.0);
        }
        let slot = t.slot();
        self.free.push(slot);
        std::mem::take(&mut self.values[slot])
    }

    /// The number of `t`, left in place.
    pub(crate) fn get(&self, t: Tally) -> BigUint {
        if t.is_big() {
            self.values[t.slot()].clone()
        } else {
            BigUint::from(t.0)
        }
    }

    /// `a + b`, consuming both.
    #[inline]
    pub(crate) fn add(&mut self, a: Tally, b: Tally) -> Tally {
        if !a.is_big() && !b.is_big() {
            // Both below 2^127: the sum fits in a u128.
            let sum = a.0 + b.0;
            if sum < BIG {
                return Tally(sum);
            }
            return self.tally(BigUint::from(sum));
        }
        self.add_cold(a, b)
    }

    #[cold]
    fn add_cold(&mut self, a: Tally, b: Tally) -> Tally {
        let sum = self.take(a) + self.take(b);
        self.tally(sum)
    }

    /// `a * b`, consuming both; 0 when either is 0.
    #[inline]
    pub(crate) fn mul(&mut self, a: Tally, b: Tally) -> Tally {
        if a.is_zero() || b.is_zero() {
            self.take(a);
            self.take(b);
            return Tally::ZERO;
        }
        if !a.is_big() && !b.is_big() {
            if let Some(product) = a.0.checked_mul(b.0) {
                if product < BIG {
                    return Tally(product);
                }
            }
        }
        self.mul_cold(a, b)
    }

    #[cold]
    fn mul_cold(&mut self, a: Tally, b: Tally) -> Tally {
        let product = self.take(a) * self.take(b);
        self.tally(product)
    }

    /// The count of `t`, left in place (a finished search hands its count
    /// out again if asked).
    pub(crate) fn count(&self, t: Tally) -> Count {
        if t.is_big() {
            Count::from(self.get(t))
        } else {
            Count::from(t.0)
        }
    }
}
