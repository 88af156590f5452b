//! Node and update counts checked against hand traces of Knuth's definitions.
//!
//! Knuth's DLX1 counts a node each time step C3 chooses an item and one for
//! each solution, and an update each time cover removes an item from the item
//! list or a node from a vertical list; undoing is not counted. Every figure
//! below is also what Knuth's DLX2 prints for the same file (built from his
//! CWEB sources beside the project, 2026-11-23).

use dlx_core::{parse_dlx, Solver, Stats};

#[track_caller]
fn check(text: &str, expected: Stats) {
    let problem = parse_dlx(text).expect("test problem parses");
    let mut solver = Solver::new(&problem);
    assert!(solver.count().is_complete());
    assert_eq!(*solver.stats(), expected);
    // The lending iterator runs the same loop, so it counts the same.
    let mut solver = Solver::new(&problem);
    while solver.next_solution() != Ok(None) {}
    assert_eq!(*solver.stats(), expected);
}

#[test]
fn one_item_one_option() {
    // Level 0 chooses `a` (1 node) and covers it (1 update); its only option
    // has no other node to hide, and covers everything: the solution is the
    // node of level 1.
    check(
        "a\na\n",
        Stats {
            nodes: 2,
            updates: 1,
            solutions: 1,
            max_level: 1,
        },
    );
}

#[test]
fn an_item_without_options() {
    // `b` has no option: level 0 chooses it at once (fewest options), covers it and backs up.
    check(
        "a b\na\n",
        Stats {
            nodes: 1,
            updates: 1,
            solutions: 0,
            max_level: 0,
        },
    );
}

#[test]
fn knuths_example_by_hand() {
    // Items a..g; options 1: c e f, 2: a d g, 3: b c f, 4: a d, 5: b g, 6: d e g.
    // Level 0, node 1: choose a (2 options); cover a: 1 + hide {d g} of option 2 + hide {d} of option 4 = 4.
    //   Try option 2: cover d: 1 + hide {e g} of option 6 = 3; cover g: 1 + hide {b} of option 5 = 2. (9)
    //   Level 1, node 2: b, c, e, f are left; b has 1 option; cover b: 1 + hide {c f} of option 3 = 3. (12)
    //     Try option 3: cover c: 1 + hide {e f} of option 1 = 3; cover f: 1. (16)
    //     Level 2, node 3: e has no option left; cover e: 1. (17) Back up to level 0.
    //   Try option 4: cover d: 1 + hide {e g} of option 6 = 3. (20)
    //   Level 1, node 4: b 2, c 2, e 1, f 2, g 1 options: choose e; cover e: 1 + hide {c f} of option 1 = 3. (23)
    //     Try option 1: cover c: 1 + hide {b f} of option 3 = 3; cover f: 1. (27)
    //     Level 2, node 5: b and g have one option each: choose b; cover b: 1 + hide {g} of option 5 = 2. (29)
    //       Try option 5: cover g: 1. (30) Every item is covered: the solution {4, 1, 5},
    //       node 6, at level 3.
    let text = "a b c d e f g\nc e f\na d g\nb c f\na d\nb g\nd e g\n";
    check(
        text,
        Stats {
            nodes: 6,
            updates: 30,
            solutions: 1,
            max_level: 3,
        },
    );
}

#[test]
fn colors_share_a_secondary_item() {
    // Level 0, node 1: choose a (2 options); cover a: 1 + hide {x} of option 0 + hide {x} of option 1 = 3.
    //   Option 0 (a x:red): purify x to red keeps option 2 (b x:red), hides option 3's {b}: 1. (4)
    //   Level 1, node 2: b has 1 option; cover b: 1 + hide {x} of option 2 is skipped (its color matched) = 1. (5)
    //     Option 2: its x node matched red, nothing to commit: a solution.
    //   Option 1 (a x:blue): purify x to blue hides option 2's {b}: 1. (6)
    //   Level 1, node 3: b has option 3 (b x:blue)... which matched blue; cover b: 1. (7) A solution.
    // With the two solutions' nodes, 5 nodes, down to level 2.
    let text = "a b | x\na x:red\na x:blue\nb x:red\nb x:blue\n";
    check(
        text,
        Stats {
            nodes: 5,
            updates: 7,
            solutions: 2,
            max_level: 2,
        },
    );
}

#[test]
fn sums_of_statistics_never_wrap() {
    // Found by the shard_merge fuzz target: parts whose counts pass u64::MAX.
    let big = Stats {
        solutions: u64::MAX,
        nodes: u64::MAX - 1,
        ..Stats::default()
    };
    let one = Stats {
        solutions: 1,
        nodes: 1,
        ..Stats::default()
    };
    assert_eq!(big.checked_add(one), None);
    let mut sum = big;
    sum += one;
    assert_eq!(sum.solutions, u64::MAX);
    assert_eq!(sum.nodes, u64::MAX);
}
