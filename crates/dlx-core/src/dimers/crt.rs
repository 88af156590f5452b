//! The exact determinant from its residues: [`Primes`], as many as Hadamard's bound proves enough, and [`Crt`], which combines the residues.

use num_bigint::BigUint;

use super::field::{primes_below, Field, Prime};
use super::matrix::Matrix;

/// The size of the primes: below `2^29`, so that a sum below `p` takes 63
/// products below `p^2` before it could pass `u64::MAX` (the elimination
/// reduces a line once every 63 updates; see `field.rs`).
pub(crate) const PRIME_BITS: u32 = 29;

/// The primes an exact determinant takes, largest first below `2^29`: as
/// many as make their product `M` more than twice Hadamard's bound on the
/// determinant, so that the residue modulo `M` nearest 0 is the determinant.
///
/// Hadamard's inequality bounds `|det A|` by the product of the Euclidean
/// norms of the rows (and of the columns): `|det A|^2 <= P`, the product of
/// the squared norms, computed exactly. The plan takes primes until
/// `bits(M) - 1 >= ceil(bits(P) / 2) + 1`, which gives
/// `M >= 2^(bits(M) - 1) >= 2 * 2^ceil(bits(P) / 2) > 2 * sqrt(P) >= 2 |det A|`.
/// The number of primes follows from this proof alone, never from
/// residues that stop changing.
///
/// ```
/// use dlx_core::dimers::Matrix;
///
/// // A row of four 1s has norm 2: a bound of 2^1000 for 1000 such rows,
/// // below 2^1001; 35 primes of 29 bits make more than 2^1002.
/// let n = 1000;
/// let edges = (0..n).flat_map(|i| (0..4).map(move |d| (i, (i + d) % n, 1)));
/// let matrix = Matrix::new(n, n, edges)?;
/// let primes = matrix.primes();
/// assert_eq!(primes.bound_bits(), 1001);
/// assert_eq!(primes.len(), 35);
/// # Ok::<(), dlx_core::dimers::MatrixError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Primes {
    primes: Vec<Prime>,
    bound_bits: u64,
}

impl Primes {
    /// The primes, in the order a sequential count runs them.
    pub fn as_slice(&self) -> &[Prime] {
        &self.primes
    }

    /// How many primes.
    pub fn len(&self) -> usize {
        self.primes.len()
    }

    /// Whether no prime is needed (the determinant is 0 for want of entries).
    pub fn is_empty(&self) -> bool {
        self.primes.is_empty()
    }

    /// The bits of Hadamard's bound: `|det| < 2^bound_bits`.
    pub fn bound_bits(&self) -> u64 {
        self.bound_bits
    }
}

impl Matrix {
    /// The primes whose residues make the exact determinant (see [`Primes`]).
    pub fn primes(&self) -> Primes {
        let squared = self.hadamard_squared();
        let square_bits = squared.bits();
        let bound_bits = square_bits.div_ceil(2);
        let mut primes = Vec::new();
        if square_bits > 0 {
            let mut product = BigUint::from(1u32);
            for p in primes_below(PRIME_BITS) {
                product *= p.get();
                primes.push(p);
                if product.bits() > bound_bits + 1 {
                    break;
                }
            }
        }
        Primes { primes, bound_bits }
    }
}

/// Residues modulo distinct primes, combined by the Chinese remainder
/// theorem into one residue modulo their product.
///
/// ```
/// use dlx_core::dimers::{Crt, Prime};
///
/// // -20 is 2 modulo 11 and 6 modulo 13; their product 143 exceeds 2 * 20.
/// let mut crt = Crt::new();
/// crt.add(Prime::new(11).expect("prime"), 2);
/// crt.add(Prime::new(13).expect("prime"), 6);
/// assert_eq!(crt.magnitude(), 20u32.into());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crt {
    modulus: BigUint,
    /// The residue modulo `modulus`, in `0..modulus`.
    value: BigUint,
}

impl Default for Crt {
    fn default() -> Crt {
        Crt::new()
    }
}

impl Crt {
    /// No residue yet: 0 modulo 1.
    pub fn new() -> Crt {
        Crt {
            modulus: BigUint::from(1u32),
            value: BigUint::from(0u32),
        }
    }

    /// Takes the residue `residue` modulo `p` (a prime already taken is
    /// taken once: its residue is already known).
    pub fn add(&mut self, p: Prime, residue: u32) {
        let field = Field::new(p);
        let modulus_mod_p = residue_of(&self.modulus, p);
        if modulus_mod_p == 0 {
            return;
        }
        let value_mod_p = residue_of(&self.value, p);
        let residue = field.reduce(u64::from(residue));
        let difference = (residue + field.p() - value_mod_p) % field.p();
        let step = field.mul(difference, field.inv(modulus_mod_p));
        self.value += &self.modulus * BigUint::from(step);
        self.modulus *= p.get();
    }

    /// The product of the primes taken.
    pub fn modulus(&self) -> &BigUint {
        &self.modulus
    }

    /// The absolute value of the residue nearest 0 (in `(-M/2, M/2]`):
    /// the determinant's, when the product `M` of the primes exceeds twice
    /// a bound on it.
    pub fn magnitude(&self) -> BigUint {
        let other = &self.modulus - &self.value;
        if other < self.value {
            other
        } else {
            self.value.clone()
        }
    }
}

/// `n mod p`.
fn residue_of(n: &BigUint, p: Prime) -> u64 {
    u64::try_from(n % p.get()).expect("a residue is below p")
}
