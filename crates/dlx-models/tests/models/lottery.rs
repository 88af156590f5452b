//! Tests of the lottery model.

use dlx_models::lottery::{binomial, Design, DesignError, LotteryError};

/// Solves C(v,k,t), checks the tickets against the definition, and compares the size.
#[track_caller]
fn check(v: usize, k: usize, t: usize, expected: usize) {
    let design = Design::new(v, k, t).expect("valid sizes");
    let tickets = design.solve().expect("an encodable design");
    design.check(&tickets).expect("a covering design");
    assert_eq!(tickets.len(), expected, "C({v},{k},{t})");
    assert_eq!(
        tickets[0],
        (1..=k).collect::<Vec<_>>(),
        "the fixed first ticket"
    );
    assert!(
        tickets.len() as u64 >= design.schonheim_bound(),
        "C({v},{k},{t}) below the Schonheim bound"
    );
    // The encoding leaves out the t-subsets of the fixed ticket {1..k}.
    let encoding = design.encode().unwrap();
    assert_eq!(
        encoding.problem().n_primary() as u64,
        binomial(v, t) - binomial(k, t)
    );
}

/// Known covering numbers (shared/known-answers.md, section 5) that finish in well under a second.
#[test]
fn known_values() {
    check(7, 3, 2, 7); // the Fano plane
    check(8, 3, 2, 11);
    check(8, 4, 3, 14); // the Steiner quadruple system SQS(8)
    check(6, 3, 2, 6);
    check(7, 4, 3, 12);
    check(9, 3, 2, 12); // the affine plane of order 3, STS(9)
    check(10, 4, 2, 9);
    check(11, 5, 2, 7);
}

#[test]
fn trivial_values() {
    // C(v,k,1) = ceil(v/k).
    for (v, k) in [(7, 3), (9, 3), (10, 4), (12, 5), (5, 5), (6, 1)] {
        check(v, k, 1, v.div_ceil(k));
    }
    // C(v,k,k) = binomial(v,k); C(k,k,t) = 1.
    check(5, 2, 2, 10);
    check(6, 3, 3, 20);
    check(5, 5, 3, 1);
    check(4, 3, 1, 2);
}

#[test]
fn schonheim_bound() {
    let bound = |v, k, t| Design::new(v, k, t).unwrap().schonheim_bound();
    assert_eq!(bound(7, 3, 2), 7);
    assert_eq!(bound(8, 3, 2), 11);
    assert_eq!(bound(10, 4, 2), 8);
    assert_eq!(bound(12, 5, 2), 8);
    assert_eq!(bound(9, 4, 3), 25);
    assert_eq!(bound(10, 4, 3), 30);
    // The open case C(13,6,3) is known to be at least 20; Schonheim gives 18.
    assert_eq!(bound(13, 6, 3), 18);
    assert_eq!(bound(11, 4, 1), 3);
}

#[test]
fn designs_are_checked_against_the_definition() {
    let design = Design::new(4, 2, 2).unwrap();
    let all = vec![
        vec![1, 2],
        vec![1, 3],
        vec![1, 4],
        vec![2, 3],
        vec![2, 4],
        vec![3, 4],
    ];
    assert_eq!(design.check(&all), Ok(()));
    assert_eq!(
        design.check(&all[..5]),
        Err(DesignError::Uncovered { subset: vec![3, 4] })
    );
    assert_eq!(
        design.check(&[vec![2, 1]]),
        Err(DesignError::BadTicket {
            index: 0,
            ticket: vec![2, 1],
            k: 2,
            v: 4
        })
    );
    assert_eq!(
        design.check(&[vec![1, 5]]),
        Err(DesignError::BadTicket {
            index: 0,
            ticket: vec![1, 5],
            k: 2,
            v: 4
        })
    );
}

#[test]
fn errors() {
    assert_eq!(
        Design::new(3, 4, 2),
        Err(LotteryError::KAboveV { k: 4, v: 3 })
    );
    assert_eq!(
        Design::new(7, 3, 4),
        Err(LotteryError::TAboveK { t: 4, k: 3 })
    );
    assert_eq!(Design::new(7, 3, 0), Err(LotteryError::ZeroT));
    assert_eq!(
        Design::new(65, 3, 2),
        Err(LotteryError::TooManyNumbers { v: 65, limit: 64 })
    );
    assert_eq!(
        Design::new(64, 32, 2).unwrap_err().to_string(),
        "C(64,32) = 1832624140942590534 subsets is more than the limit of 2097152"
    );
    assert_eq!(
        Design::new(3, 4, 2).unwrap_err().to_string(),
        "k = 4 is more than v = 3: a ticket cannot hold more numbers than there are"
    );
    assert_eq!(
        Design::new(7, 3, 4).unwrap_err().to_string(),
        "t = 4 is more than k = 3: a ticket of 3 numbers cannot hold 4 of them"
    );
    // Never expected from `solve` (a design always exists), but an error rather than a panic.
    assert_eq!(
        LotteryError::NoDesign { v: 7, k: 3, t: 2 }.to_string(),
        "the search for C(7,3,2) ended without a covering design"
    );
}

#[test]
fn an_unstopped_search_always_finds_a_design() {
    // The invariant behind `Design::solve` returning `Ok`: without a budget, every case finishes.
    for (v, k, t) in [
        (1, 1, 1),
        (5, 1, 1),
        (6, 6, 2),
        (7, 3, 2),
        (8, 4, 3),
        (9, 8, 7),
    ] {
        let design = Design::new(v, k, t).unwrap();
        let solved = design.solve_within(&dlx_core::Budget::new()).unwrap();
        let tickets = solved.tickets.expect("a design");
        design.check(&tickets).unwrap();
        assert_eq!(Ok(tickets), design.solve(), "C({v},{k},{t})");
    }
}

/// Small designs against brute force: the fewest k-subsets covering every t-subset.
#[test]
fn small_designs_equal_brute_force() {
    for v in 1..=6 {
        for k in 1..=v {
            for t in 1..=k {
                let design = Design::new(v, k, t).unwrap();
                let tickets = design.solve().unwrap();
                design.check(&tickets).unwrap();
                assert_eq!(tickets.len(), brute_force(v, k, t), "C({v},{k},{t})");
            }
        }
    }
}

/// The fewest k-subsets of 1..v covering every t-subset, over every set of k-subsets by size.
fn brute_force(v: usize, k: usize, t: usize) -> usize {
    let blocks: Vec<u32> = (0u32..1 << v)
        .filter(|b| b.count_ones() as usize == k)
        .collect();
    let subsets: Vec<u32> = (0u32..1 << v)
        .filter(|s| s.count_ones() as usize == t)
        .collect();
    let covers = |chosen: &[u32]| subsets.iter().all(|&s| chosen.iter().any(|&b| s & !b == 0));
    (1..=blocks.len())
        .find(|&size| {
            let mut chosen = Vec::new();
            any_subset(&blocks, size, &mut chosen, &covers)
        })
        .expect("all blocks cover everything")
}

fn any_subset(
    items: &[u32],
    size: usize,
    chosen: &mut Vec<u32>,
    f: &dyn Fn(&[u32]) -> bool,
) -> bool {
    if chosen.len() == size {
        return f(chosen);
    }
    for (i, &item) in items.iter().enumerate() {
        if items.len() - i < size - chosen.len() {
            break;
        }
        chosen.push(item);
        let found = any_subset(&items[i + 1..], size, chosen, f);
        chosen.pop();
        if found {
            return true;
        }
    }
    false
}
