//! `Count`, the exact number of solutions: its arithmetic, order, text and conversions against `BigUint` and `u128`, on both sides of 2^128.

use std::cmp::Ordering;

use dlx_core::{
    count_solutions, parse_dlx, BigUint, Budget, Count, CountMode, MemoCounter, MemoSettings,
    Solver,
};
use proptest::prelude::*;

use crate::support::queens;

/// 2^128, the first count that no `u128` holds.
fn two_to_128() -> BigUint {
    BigUint::from(u128::MAX) + 1u32
}

/// A number near one of the edges a count crosses (0, 2^64, 2^127, 2^128,
/// 2^192), or anywhere below 2^256.
fn number() -> impl Strategy<Value = BigUint> {
    let near = (
        prop_oneof![Just(0u32), Just(64), Just(127), Just(128), Just(192)],
        0u32..=16,
        any::<bool>(),
    )
        .prop_map(|(bits, offset, below)| {
            let edge = BigUint::from(1u32) << bits;
            let offset = BigUint::from(offset);
            if below && edge >= offset {
                edge - offset
            } else {
                edge + offset
            }
        });
    let anywhere = proptest::collection::vec(any::<u32>(), 0..=8).prop_map(BigUint::new);
    prop_oneof![
        near,
        anywhere,
        any::<u64>().prop_map(BigUint::from),
        any::<u128>().prop_map(BigUint::from),
    ]
}

/// `n` as a count, made the ways a caller can: from a `u128` where it fits,
/// from its `BigUint`, and from its digits; all three are equal.
#[track_caller]
fn count(n: &BigUint) -> Count {
    let big = Count::from(n.clone());
    let parsed: Count = n.to_string().parse().expect("decimal digits");
    assert_eq!(parsed, big, "{n} parsed");
    if let Ok(small) = u128::try_from(n) {
        assert_eq!(Count::from(small), big, "{n} from a u128");
    }
    big
}

/// Checks that `text` is refused as a count, with the text in the message.
#[track_caller]
fn check_refused(text: &str) {
    let err = text.parse::<Count>().expect_err(text);
    assert_eq!(
        err.to_string(),
        format!("`{text}` is not a count: expected decimal digits")
    );
}

#[test]
fn counts_are_parsed_from_decimal_digits_only() {
    for text in [
        "", " 1", "1 ", "+1", "-1", "1_000", "0x10", "1e3", "1.0", "٣",
    ] {
        check_refused(text);
    }
    let cases = [
        ("0", 0u128),
        ("007", 7),
        ("18446744073709551616", 1 << 64),
        ("340282366920938463463374607431768211455", u128::MAX),
    ];
    for (text, n) in cases {
        let parsed: Count = text.parse().unwrap();
        assert_eq!(parsed, n, "{text}");
        assert_eq!(parsed.to_u128(), Some(n));
    }
    let past: Count = "0340282366920938463463374607431768211456".parse().unwrap();
    assert_eq!(past.to_biguint(), two_to_128());
    assert_eq!(past.to_string(), "340282366920938463463374607431768211456");
}

#[test]
fn the_edges_of_u64_and_u128() {
    let max = Count::from(u128::MAX);
    assert_eq!(max.to_u128(), Some(u128::MAX));
    assert_eq!(max.to_u64(), None);
    assert_eq!(Count::from(u64::MAX).to_u64(), Some(u64::MAX));
    assert_eq!(Count::from(u128::from(u64::MAX) + 1).to_u64(), None);
    let past = max.clone() + Count::from(1u64);
    assert_eq!((past.to_u128(), past.to_u64()), (None, None));
    assert_eq!(past.to_biguint(), two_to_128());
    assert!(past > max);
    assert_ne!(past, 0u128);
    // Multiplying by 0 gives 0 however large the other side.
    assert!((past.clone() * Count::ZERO).is_zero());
    assert!((Count::ZERO * past.clone()).is_zero());
    assert_eq!(past.clone() * Count::from(1u64), past);
    // Dividing a big count can bring it back below 2^128.
    assert_eq!(past.div_floor(2), 1u128 << 127);
    assert_eq!(past.div_floor(1), past);
    assert_eq!(Count::default(), Count::ZERO);
    assert_eq!(format!("{past:?}"), past.to_string());
}

/// Issue 21: one count type. The plain count, the memoised count and
/// `count_solutions` in each mode answer with a `Count`, equal for equal
/// numbers, so that a caller adds and compares them without converting.
#[test]
fn issue_21_every_count_is_a_count() {
    for (n, expected) in [(1, 1u64), (4, 2), (6, 4), (8, 92)] {
        let problem = parse_dlx(&queens(n)).expect("queens parse");
        let plain: Count = Solver::new(&problem).count().complete().expect("no budget");
        let memo: Count = MemoCounter::new(&problem, &MemoSettings::new())
            .expect("no multiplicities")
            .count()
            .expect("no budget");
        let mut counts = vec![plain, memo];
        for mode in [CountMode::Plain, CountMode::Memo, CountMode::Auto] {
            let counted = count_solutions(&problem, &MemoSettings::new(), mode, &Budget::new())
                .expect("no multiplicities");
            counts.push(counted.count.expect("no budget"));
        }
        for count in &counts {
            assert_eq!(*count, expected, "{n} queens");
        }
        let sum: Count = counts.into_iter().sum();
        assert_eq!(sum, 5 * expected, "{n} queens");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arithmetic_matches_biguint(a in number(), b in number()) {
        let (x, y) = (count(&a), count(&b));
        prop_assert_eq!((x.clone() + y.clone()).to_biguint(), &a + &b);
        prop_assert_eq!(x.clone() + y.clone(), count(&(&a + &b)));
        prop_assert_eq!((x.clone() * y.clone()).to_biguint(), &a * &b);
        prop_assert_eq!(x.clone() * y.clone(), count(&(&a * &b)));
        let mut sum = x.clone();
        sum += y.clone();
        prop_assert_eq!(sum.to_biguint(), &a + &b);
        let summed: Count = [x.clone(), y.clone(), x.clone()].into_iter().sum();
        prop_assert_eq!(summed.to_biguint(), &a + &b + &a);
    }

    #[test]
    fn order_matches_the_numbers(a in number(), b in number()) {
        let (x, y) = (count(&a), count(&b));
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x == y, a == b);
        prop_assert_eq!(x.cmp(&y) == Ordering::Equal, x == y);
        if let Ok(small) = u128::try_from(&b) {
            prop_assert_eq!(x.partial_cmp(&small), Some(a.cmp(&b)));
        }
        if let Ok(small) = u64::try_from(&b) {
            prop_assert_eq!(x.partial_cmp(&small), Some(a.cmp(&b)));
        }
    }

    #[test]
    fn text_and_conversions_round_trip(a in number(), d in 1u64..) {
        let x = count(&a);
        prop_assert_eq!(x.to_string(), a.to_string());
        prop_assert_eq!(x.to_string().parse::<Count>(), Ok(x.clone()));
        prop_assert_eq!(x.to_biguint(), a.clone());
        prop_assert_eq!(x.to_u128(), u128::try_from(&a).ok());
        prop_assert_eq!(x.to_u64(), u64::try_from(&a).ok());
        prop_assert_eq!(x.is_zero(), a == BigUint::from(0u32));
        prop_assert_eq!(x.div_floor(d).to_biguint(), &a / d);
        if let Ok(small) = u128::try_from(&a) {
            prop_assert!(x == small);
            prop_assert!(x != small.wrapping_add(1));
        }
        if let Ok(small) = u64::try_from(&a) {
            prop_assert!(x == small);
        }
    }
}
