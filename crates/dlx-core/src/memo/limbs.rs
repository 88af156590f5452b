//! The numbers of the layered count: unsigned integers as 64-bit limbs, low limb first, in slices of flat arrays, so that no number allocates.
//!
//! A layer's numbers of ways all have its width (a [`super::sweep`] chunk's
//! stride), widened by one limb when a sum carries out of the top one; the
//! diagram's backward passes hold theirs in as many limbs as the count.
//! Every function here works on slices of one such array and never
//! allocates, except [`below`], which makes the number it draws.
//! **Invariant:** a slice is as wide as the number it holds may grow in
//! that use; where a result could pass its width, the function says
//! whether it did (a carry), or the caller has proved it cannot, and a
//! `debug_assert!` checks it.

use num_bigint::BigUint;

use super::Count;

/// Adds `value` into `sum`, which may be wider (a number of the layer
/// before a widening adds as it is); whether a carry is left out of the
/// top limb of `sum`.
#[inline]
pub(crate) fn add(sum: &mut [u64], value: &[u64]) -> bool {
    debug_assert!(sum.len() >= value.len(), "a sum as wide as its terms");
    let (low, high) = sum.split_at_mut(value.len());
    let mut carry = false;
    for (s, &v) in low.iter_mut().zip(value) {
        let (a, c1) = s.overflowing_add(v);
        let (b, c2) = a.overflowing_add(u64::from(carry));
        *s = b;
        carry = c1 || c2;
    }
    carry
        && high.iter_mut().all(|limb| {
            let (next, carry) = limb.overflowing_add(1);
            *limb = next;
            carry
        })
}

/// `left -= value`, as wide, with `value <= left`.
#[inline]
pub(crate) fn sub(left: &mut [u64], value: &[u64]) {
    let mut borrow = false;
    for (l, &v) in left.iter_mut().zip(value) {
        let (a, b1) = l.overflowing_sub(v);
        let (b, b2) = a.overflowing_sub(u64::from(borrow));
        *l = b;
        borrow = b1 || b2;
    }
    debug_assert!(!borrow, "a number at most the one it is taken from");
}

/// Whether `a < b`, as wide.
#[inline]
pub(crate) fn less(a: &[u64], b: &[u64]) -> bool {
    debug_assert_eq!(a.len(), b.len(), "numbers as wide");
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        if x != y {
            return x < y;
        }
    }
    false
}

/// `sum += a × b`, the terms past the width of `sum` left out: exact when
/// the true sum fits in `sum` (the caller makes `sum` wide enough, or knows
/// the sum is at most a number that fits), which is debug-checked.
#[inline]
pub(crate) fn mul_add(sum: &mut [u64], a: &[u64], b: &[u64]) {
    let w = sum.len();
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        // Limbs `i + j` past the sum hold 0 in any product that fits.
        let row = b.len().min(w.saturating_sub(i));
        let mut carry = 0u128;
        for (j, &y) in b[..row].iter().enumerate() {
            let t = u128::from(x) * u128::from(y) + u128::from(sum[i + j]) + carry;
            sum[i + j] = t as u64;
            carry = t >> 64;
        }
        let mut k = i + row;
        while carry != 0 && k < w {
            let t = u128::from(sum[k]) + carry;
            sum[k] = t as u64;
            carry = t >> 64;
            k += 1;
        }
        debug_assert!(
            carry == 0 && b[row..].iter().all(|&y| y == 0),
            "a sum that fits its limbs"
        );
    }
}

/// Copies `ways` into `out`, whose width may differ: a number narrower
/// than `out` has its upper limbs 0, and one wider must have 0 in the limbs
/// left out (a state that leads to the end has at most the count).
#[inline]
pub(crate) fn fit(ways: &[u64], out: &mut [u64]) {
    let n = ways.len().min(out.len());
    out[..n].copy_from_slice(&ways[..n]);
    out[n..].fill(0);
    debug_assert!(ways[n..].iter().all(|&limb| limb == 0), "it fits");
}

/// The limbs `count` needs (at least one).
pub(crate) fn width(count: &Count) -> usize {
    (count.to_biguint().bits().div_ceil(64) as usize).max(1)
}

/// `count` in `width` limbs (at least its own [`width`]).
pub(crate) fn of_count(count: &Count, width: usize) -> Vec<u64> {
    let mut limbs = count.to_biguint().to_u64_digits();
    debug_assert!(limbs.len() <= width, "a width the count fits");
    limbs.resize(width, 0);
    limbs
}

/// A number of limbs as a [`Count`].
pub(crate) fn to_count(limbs: &[u64]) -> Count {
    let len = limbs
        .iter()
        .rposition(|&limb| limb != 0)
        .map_or(0, |i| i + 1);
    match limbs[..len] {
        [] => Count::ZERO,
        [low] => Count::from(low),
        [low, high] => Count::from(u128::from(low) | u128::from(high) << 64),
        _ => Count::from(BigUint::new(
            limbs[..len]
                .iter()
                .flat_map(|&limb| [limb as u32, (limb >> 32) as u32])
                .collect(),
        )),
    }
}

/// A number below `bound` (not 0) drawn uniformly from the 64-bit words of
/// `random`, as wide as `bound`: as many words as `bound` has limbs up to
/// its top non-zero one, low first, the top one masked to its bits, drawn
/// again when not below (fewer than half the draws); no word for a bound
/// of 1.
pub(crate) fn below(bound: &[u64], random: &mut impl FnMut() -> u64) -> Vec<u64> {
    let words = bound
        .iter()
        .rposition(|&limb| limb != 0)
        .map_or(0, |i| i + 1);
    debug_assert!(words > 0, "a number below 0");
    let mut n = vec![0u64; bound.len()];
    if words == 1 && bound[0] == 1 {
        return n;
    }
    let top = 64 - bound[words - 1].leading_zeros();
    let mask = if top == 64 { u64::MAX } else { (1 << top) - 1 };
    loop {
        for limb in &mut n[..words] {
            *limb = random();
        }
        n[words - 1] &= mask;
        if less(&n, bound) {
            return n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::WyRand;
    use proptest::prelude::*;

    fn big(limbs: &[u64]) -> BigUint {
        to_count(limbs).to_biguint()
    }

    #[test]
    fn carries_run_into_the_upper_limbs() {
        let mut sum = vec![u64::MAX, u64::MAX];
        assert!(add(&mut sum, &[1, 0]));
        assert_eq!(sum, [0, 0]);
        // A narrower number carries into the wider sum's upper limbs.
        let mut sum = vec![u64::MAX, u64::MAX, 7];
        assert!(!add(&mut sum, &[1]));
        assert_eq!(sum, [0, 0, 8]);
        let mut sum = vec![u64::MAX, u64::MAX];
        assert!(add(&mut sum, &[1]));
        assert_eq!(sum, [0, 0]);
        assert_eq!(
            to_count(&[u64::MAX, 1, 1]),
            Count::from(u128::MAX) + Count::from(1u128 << 65)
        );
        assert_eq!(to_count(&[0, 0, 0]), Count::ZERO);
    }

    #[test]
    fn limbs_multiply_and_compare() {
        let mut sum = vec![5u64, 0, 0];
        mul_add(&mut sum, &[u64::MAX, 0, 0], &[u64::MAX, 1, 0]);
        let expected = Count::from(5u64)
            + Count::from(u64::MAX) * (Count::from(u64::MAX) + Count::from(1u128 << 64));
        assert_eq!(to_count(&sum), expected);
        assert!(less(&[1, 2], &[0, 3]));
        assert!(!less(&[1, 3], &[1, 3]));
        let mut left = vec![0u64, 1];
        sub(&mut left, &[1, 0]);
        assert_eq!(left, [u64::MAX, 0]);
    }

    #[test]
    fn draws_below_a_bound_of_two_limbs() {
        let mut words = WyRand::new(3);
        let mut random = || words.next_u64();
        for _ in 0..100 {
            let n = below(&[7, 1], &mut random);
            assert!(less(&n, &[7, 1]));
        }
        assert_eq!(below(&[1, 0], &mut random), [0, 0]);
    }

    /// A number of one to four limbs, its limbs often 0 or all ones (where carries start).
    fn number() -> impl Strategy<Value = Vec<u64>> {
        let limb = prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()];
        proptest::collection::vec(limb, 1..=4)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 4 } else { 256 }, ..ProptestConfig::default() })]

        #[test]
        fn add_is_num_bigints(a in number(), b in number()) {
            let (mut sum, value) = if a.len() >= b.len() { (a, b) } else { (b, a) };
            let expected = big(&sum) + big(&value);
            let carry = add(&mut sum, &value);
            let wrapped = BigUint::from(u8::from(carry)) << (64 * sum.len());
            prop_assert_eq!(big(&sum) + wrapped, expected);
        }

        #[test]
        fn sub_and_less_are_num_bigints(a in number(), b in number()) {
            let w = a.len().max(b.len());
            let (mut a, mut b) = (a, b);
            a.resize(w, 0);
            b.resize(w, 0);
            prop_assert_eq!(less(&a, &b), big(&a) < big(&b));
            let (mut left, value) = if less(&a, &b) { (b, a) } else { (a, b) };
            let expected = big(&left) - big(&value);
            sub(&mut left, &value);
            prop_assert_eq!(big(&left), expected);
        }

        #[test]
        fn mul_add_is_num_bigints(s in number(), a in number(), b in number()) {
            // Wide enough for the product and the sum.
            let mut sum = s.clone();
            sum.resize(s.len().max(a.len() + b.len()) + 1, 0);
            mul_add(&mut sum, &a, &b);
            prop_assert_eq!(big(&sum), big(&s) + big(&a) * big(&b));
        }

        #[test]
        fn counts_go_to_limbs_and_back(a in number()) {
            let count = to_count(&a);
            prop_assert_eq!(count.to_biguint(), BigUint::from_slice(
                &a.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect::<Vec<_>>()
            ));
            let w = width(&count);
            prop_assert_eq!(to_count(&of_count(&count, w)), count.clone());
            let mut out = vec![0u64; w];
            fit(&a, &mut out);
            prop_assert_eq!(to_count(&out), count);
        }

        #[test]
        fn draws_are_below_their_bound(bound in number(), seed in any::<u64>()) {
            prop_assume!(bound.iter().any(|&l| l != 0));
            let mut words = WyRand::new(seed);
            let n = below(&bound, &mut || words.next_u64());
            prop_assert_eq!(n.len(), bound.len());
            prop_assert!(big(&n) < big(&bound));
        }
    }
}
