//! Exact counts of any size: [`Count`] for callers, and the tagged `u128` the memoised search carries, whose large values live in an arena.
//!
//! A memoised count adds and multiplies the counts of subproblems. Nearly
//! all of them fit in a `u128`, and the loop keeps them there, in a `Copy`
//! word: a [`Tally`]. Only counts of 2^127 and more (the top of the tree of
//! a large board) become big integers, held in an arena ([`Bigs`]) and
//! named in the tally by their index, so that the loop's frames stay plain
//! words and a count never overflows. `num-bigint` does the big arithmetic:
//! of the big-integer crates measured (num-bigint 0.5, dashu-int 0.6;
//! malachite is LGPL and needs a newer Rust than this workspace's), it
//! adds numbers of 130 to 1,024 bits fastest (5 to 14 ns against 16 to 35;
//! multiplying, dashu is 10 to 25% faster, but a count adds far more than
//! it multiplies), it brings two small crates of the same project
//! (num-integer, num-traits), and PyO3 converts its `BigUint` to a Python
//! `int`.

use std::fmt;
use std::ops::{Add, AddAssign, Mul};
use std::str::FromStr;

use num_bigint::BigUint;

/// A number of solutions, exact however large: the workspace's one count type.
///
/// Every public count of solutions is a `Count`, whichever way it was
/// made: [`Solver::count`](crate::Solver::count) (which counts in a `u64`
/// in its loop and converts once at the end), [`MemoCounter::count`](crate::MemoCounter::count),
/// [`count_solutions`](crate::count_solutions), the parallel searches of
/// `dlx-parallel` and the models' counts in `dlx-models`. A caller
/// compares, adds and prints counts the same way for all of them, and a
/// count that outgrows a machine word stays exact.
///
/// Counts up to `u128::MAX` are held as a `u128`; larger ones as a
/// [`BigUint`]. Two counts of the same number are equal whichever way
/// they were made. [`Count::to_u64`] and [`Count::to_u128`] give the
/// number back as a machine word when it fits.
///
/// ```
/// use dlx_core::Count;
///
/// let big = Count::from(u128::MAX) + Count::from(1u64);
/// assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
/// assert_eq!(big.to_u128(), None);
/// assert_eq!(Count::from(7u64) * Count::from(6u64), Count::from(42u64));
/// assert!(big > u128::MAX && Count::from(41u64) < 42u64);
/// assert_eq!("42".parse::<Count>(), Ok(Count::from(42u64)));
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Count(Repr);

/// A count: small below `u128::MAX` + 1, big only beyond (so that equal
/// numbers have equal representations and the derived order is the
/// numbers' order: every small one is below every big one).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Repr {
    Small(u128),
    Big(BigUint),
}

impl Count {
    /// No solution.
    pub const ZERO: Count = Count(Repr::Small(0));

    /// The count as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Small(n) => Some(*n),
            Repr::Big(_) => None,
        }
    }

    /// The count as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|n| u64::try_from(n).ok())
    }

    /// The count as a [`BigUint`].
    pub fn to_biguint(&self) -> BigUint {
        match &self.0 {
            Repr::Small(n) => BigUint::from(*n),
            Repr::Big(n) => n.clone(),
        }
    }

    /// Whether the count is 0.
    pub fn is_zero(&self) -> bool {
        self.0 == Repr::Small(0)
    }

    /// The count divided by `d` (rounded down), for the solutions that make
    /// one answer (a tiling counted with its copies of a piece told apart).
    ///
    /// # Panics
    /// If `d` is 0.
    #[must_use]
    pub fn div_floor(&self, d: u64) -> Count {
        match &self.0 {
            Repr::Small(n) => Count(Repr::Small(n / u128::from(d))),
            Repr::Big(n) => Count::from(n / BigUint::from(d)),
        }
    }
}

impl Default for Count {
    fn default() -> Count {
        Count::ZERO
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count(Repr::Small(u128::from(n)))
    }
}

impl From<u128> for Count {
    fn from(n: u128) -> Count {
        Count(Repr::Small(n))
    }
}

impl From<BigUint> for Count {
    fn from(n: BigUint) -> Count {
        match u128::try_from(&n) {
            Ok(small) => Count(Repr::Small(small)),
            Err(_) => Count(Repr::Big(n)),
        }
    }
}

impl Add for Count {
    type Output = Count;

    fn add(self, other: Count) -> Count {
        match (self.0, other.0) {
            (Repr::Small(a), Repr::Small(b)) => match a.checked_add(b) {
                Some(sum) => Count(Repr::Small(sum)),
                None => Count(Repr::Big(BigUint::from(a) + b)),
            },
            (Repr::Big(a), Repr::Small(b)) | (Repr::Small(b), Repr::Big(a)) => {
                Count(Repr::Big(a + b))
            }
            (Repr::Big(a), Repr::Big(b)) => Count(Repr::Big(a + b)),
        }
    }
}

impl AddAssign for Count {
    fn add_assign(&mut self, other: Count) {
        *self = std::mem::take(self) + other;
    }
}

impl Mul for Count {
    type Output = Count;

    fn mul(self, other: Count) -> Count {
        match (self.0, other.0) {
            (Repr::Small(a), Repr::Small(b)) => match a.checked_mul(b) {
                Some(product) => Count(Repr::Small(product)),
                None => Count(Repr::Big(BigUint::from(a) * b)),
            },
            // A product with 0 is 0, which is small.
            (Repr::Small(0), _) | (_, Repr::Small(0)) => Count::ZERO,
            (Repr::Big(a), Repr::Small(b)) | (Repr::Small(b), Repr::Big(a)) => {
                Count(Repr::Big(a * b))
            }
            (Repr::Big(a), Repr::Big(b)) => Count(Repr::Big(a * b)),
        }
    }
}

impl std::iter::Sum for Count {
    fn sum<I: Iterator<Item = Count>>(iter: I) -> Count {
        iter.fold(Count::ZERO, |sum, n| sum + n)
    }
}

impl PartialEq<u128> for Count {
    fn eq(&self, other: &u128) -> bool {
        self.0 == Repr::Small(*other)
    }
}

impl PartialEq<u64> for Count {
    fn eq(&self, other: &u64) -> bool {
        self.0 == Repr::Small(u128::from(*other))
    }
}

impl PartialOrd<u128> for Count {
    fn partial_cmp(&self, other: &u128) -> Option<std::cmp::Ordering> {
        Some(match &self.0 {
            Repr::Small(n) => n.cmp(other),
            // Every big count is past `u128::MAX`.
            Repr::Big(_) => std::cmp::Ordering::Greater,
        })
    }
}

impl PartialOrd<u64> for Count {
    fn partial_cmp(&self, other: &u64) -> Option<std::cmp::Ordering> {
        self.partial_cmp(&u128::from(*other))
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(n) => fmt::Display::fmt(n, f),
            Repr::Big(n) => fmt::Display::fmt(n, f),
        }
    }
}

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a count: expected decimal digits")]
pub struct ParseCountError {
    text: String,
}

impl FromStr for Count {
    type Err = ParseCountError;

    /// Decimal digits, as [`Count`]'s `Display` writes them.
    fn from_str(text: &str) -> Result<Count, ParseCountError> {
        let error = || ParseCountError {
            text: text.to_owned(),
        };
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        if let Ok(small) = text.parse::<u128>() {
            return Ok(Count(Repr::Small(small)));
        }
        BigUint::from_str(text)
            .map(Count::from)
            .map_err(|_| error())
    }
}

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
