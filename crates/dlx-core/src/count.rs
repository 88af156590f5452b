//! Exact counts of any size: [`Count`], the workspace's one count type.
//!
//! Counts up to `u128::MAX` are a machine word; beyond, a big integer.
//! `num-bigint` does the big arithmetic:
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
