//! Arithmetic modulo a word-size prime: [`Prime`], the field's reduction with lazy sums, and the primes the plans take.
//!
//! The elimination adds products `m * y` (both below `p`) into `u64`
//! sums without reducing them: a sum that was below `p` stays below
//! `2^64` for [`Field::lazy`] more products, after which its row is
//! reduced. The product of two `u32`s is one `pmuludq` lane, so the
//! update loop is a plain multiply-add the compiler vectorises, and the
//! reduction (Barrett's, with a `u128` product) runs once per
//! [`Field::lazy`] updates of an entry.

/// A prime modulus below `2^32`, checked when made.
///
/// ```
/// use dlx_core::dimers::Prime;
///
/// assert_eq!(Prime::new(1_000_000_007).map(Prime::get), Some(1_000_000_007));
/// assert_eq!(Prime::new(1_000_000_001), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Prime(u32);

impl Prime {
    /// `p` when it is a prime (Miller and Rabin's test with the bases 2, 7
    /// and 61, which is exact below 4,759,123,141).
    pub fn new(p: u32) -> Option<Prime> {
        is_prime(p).then_some(Prime(p))
    }

    /// The prime.
    pub fn get(self) -> u32 {
        self.0
    }
}

/// The integers modulo a prime `p`, with what the elimination needs.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Field {
    p: u64,
    /// `floor(2^64 / p)`, Barrett's constant.
    barrett: u64,
    /// How many products `(p - 1)^2` a value below `p` can take before it
    /// could pass `u64::MAX`.
    lazy: u32,
}

impl Field {
    pub(crate) fn new(p: Prime) -> Field {
        let p = u64::from(p.0);
        // p >= 2, so the square is at least 1.
        let square = (p - 1) * (p - 1);
        let lazy = u32::try_from((u64::MAX - (p - 1)) / square).unwrap_or(u32::MAX);
        Field {
            p,
            barrett: u64::MAX / p,
            lazy,
        }
    }

    #[inline]
    pub(crate) fn p(self) -> u64 {
        self.p
    }

    /// How many lazy updates an entry below `p` can take.
    #[inline]
    pub(crate) fn lazy(self) -> u32 {
        self.lazy
    }

    /// `x mod p` for any `x`: Barrett's quotient is at most two short
    /// (`floor(2^64 / p) >= 2^64 / p - 1`, so `q > x / p - 2`), hence the
    /// remainder is below `2p` before the one correction.
    #[inline]
    pub(crate) fn reduce(self, x: u64) -> u64 {
        let q = ((u128::from(x) * u128::from(self.barrett)) >> 64) as u64;
        let r = x - q * self.p;
        if r >= self.p {
            r - self.p
        } else {
            r
        }
    }

    /// `a * b mod p` for `a, b < p`.
    #[inline]
    pub(crate) fn mul(self, a: u64, b: u64) -> u64 {
        self.reduce(a * b)
    }

    /// A signed integer modulo `p`.
    pub(crate) fn of_i64(self, w: i64) -> u64 {
        let r = w.unsigned_abs();
        let r = if r < self.p { r } else { r % self.p };
        if w < 0 && r != 0 {
            self.p - r
        } else {
            r
        }
    }

    /// The inverse of `a`, `0 < a < p`, by Euclid's algorithm on `u32`s
    /// (whose division is the faster one; the coefficients stay below
    /// `p` in absolute value, so they fit an `i64`).
    pub(crate) fn inv(self, a: u64) -> u64 {
        debug_assert!(a != 0 && a < self.p);
        let (mut r0, mut r1) = (self.p as u32, a as u32);
        let (mut t0, mut t1) = (0i64, 1i64);
        while r1 != 0 {
            let q = r0 / r1;
            (r0, r1) = (r1, r0 - q * r1);
            (t0, t1) = (t1, t0 - i64::from(q) * t1);
        }
        debug_assert_eq!(r0, 1, "p is prime");
        self.of_i64(t0)
    }

    pub(crate) fn pow(self, mut base: u64, mut exp: u64) -> u64 {
        let mut acc = 1 % self.p;
        while exp > 0 {
            if exp & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            exp >>= 1;
        }
        acc
    }
}

/// Miller and Rabin's test with the bases 2, 7 and 61: exact for every `u32`.
fn is_prime(n: u32) -> bool {
    if n < 2 {
        return false;
    }
    for small in [2u32, 3, 5, 7, 11, 13, 61] {
        if n % small == 0 {
            return n == small;
        }
    }
    let field = Field::new(Prime(n));
    let n = u64::from(n);
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'bases: for a in [2u64, 7, 61] {
        let mut x = field.pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = field.mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The primes below `2^bits`, largest first.
pub(crate) fn primes_below(bits: u32) -> impl Iterator<Item = Prime> {
    let top = (1u64 << bits) - 1;
    (2..=top)
        .rev()
        .filter_map(|n| u32::try_from(n).ok().and_then(Prime::new))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primality_agrees_with_trial_division_on_small_numbers() {
        let trial = |n: u32| {
            let n = u64::from(n);
            n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0)
        };
        for n in 0..20_000 {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
        // Strong pseudoprimes to some of the bases, and the largest u32 prime.
        for n in [2_047u32, 3_215_031_751, 4_294_967_291] {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
    }

    #[test]
    fn reduction_and_inverse() {
        for p in [2u32, 3, 65_537, (1 << 29) - 3, 4_294_967_291] {
            let field = Field::new(Prime::new(p).expect("prime"));
            for x in [
                0u64,
                1,
                2,
                u64::from(p) - 1,
                u64::from(p),
                u64::MAX,
                u64::MAX - 1,
            ] {
                assert_eq!(field.reduce(x), x % u64::from(p), "{x} mod {p}");
            }
            for a in [1u64, 2, u64::from(p) - 1] {
                let a = a % u64::from(p);
                if a != 0 {
                    assert_eq!(field.mul(a, field.inv(a)), 1, "{a} mod {p}");
                }
            }
            assert_eq!(field.of_i64(-1), u64::from(p) - 1);
            // The lazy sums: a value below p and `lazy` products of (p-1)^2 fit.
            let q = u128::from(p) - 1;
            assert!(q + u128::from(field.lazy()) * q * q <= u128::from(u64::MAX));
        }
    }
}
