//! The ways of asking for solutions: limits, cancel flags, slices of nodes, prefixes, progress.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::subtree::SubtreeSearch;
use dlx_core::{
    parse_dlx, verify, Answer, Budget, BuildError, ChooseError, Color, Count, Entry, ItemKind,
    OptionId, Outcome, ProblemBuilder, Solver, Step, Stop,
};

use crate::support::{all_solutions, count_answer, data, queens};

fn queens_problem(n: usize) -> dlx_core::Problem {
    parse_dlx(&queens(n)).unwrap()
}

#[test]
fn every_way_of_asking_agrees() {
    let problem = queens_problem(6);
    let expected = all_solutions(&problem);
    assert_eq!(expected.len(), 4);

    let mut visited = Vec::new();
    let flow: ControlFlow<(), Outcome> = Solver::new(&problem).visit(|s| {
        visited.push(s.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(flow, ControlFlow::Continue(Outcome::Finished));
    let iterated: Vec<Vec<OptionId>> = Solver::new(&problem)
        .solutions()
        .collect::<Result<_, Stop>>()
        .expect("a search without a budget finishes");
    assert_eq!(
        visited, iterated,
        "visit and the iterator see the same solutions in the same order"
    );
    let first = Solver::new(&problem).first();
    assert_eq!(first.outcome, Outcome::LimitReached);
    assert_eq!(first.value.as_ref(), iterated.first());
    assert_eq!(
        Solver::new(&problem).count(),
        count_answer(4, Outcome::Finished)
    );
}

#[test]
fn visit_stops_when_asked() {
    let problem = queens_problem(8);
    let mut seen = 0;
    let flow = Solver::new(&problem).visit(|_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break("enough")
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((flow, seen), (ControlFlow::Break("enough"), 3));
}

#[test]
fn a_limit_stops_at_exactly_n() {
    let problem = queens_problem(8);
    for limit in [0, 1, 5, 92, 200] {
        // The search stops at its limit, a complete answer to what was
        // asked; past the number of solutions it explores its whole tree.
        let ended = if limit <= 92 {
            Outcome::LimitReached
        } else {
            Outcome::Finished
        };
        let mut solver = Solver::new(&problem);
        solver.set_limit(Some(limit));
        assert_eq!(solver.count(), count_answer(limit.min(92), ended));
        assert!(solver.is_done());
        let mut solver = Solver::new(&problem);
        solver.set_limit(Some(limit));
        let listed: Result<Vec<_>, Stop> = solver.solutions().collect();
        assert_eq!(listed.map(|s| s.len() as u64), Ok(limit.min(92)));
        solver.reset();
        solver.check_links().unwrap();
    }
}

#[test]
fn a_slice_of_nodes_pauses_and_resumes_without_changing_the_answer() {
    let problem = queens_problem(8);
    let mut solver = Solver::new(&problem);
    let (mut pauses, mut solutions) = (0, 0);
    loop {
        match solver.run(7) {
            Step::Solution => solutions += 1,
            Step::Paused => {
                pauses += 1;
                solver
                    .check_links()
                    .expect("the links are consistent in the middle of a search");
                let progress = solver.progress();
                assert!((0.0..=1.0).contains(&progress), "progress {progress}");
            }
            Step::End(Outcome::Finished) => break,
            Step::End(outcome) => panic!("no budget was set, yet the search ended {outcome:?}"),
        }
    }
    assert_eq!(solutions, 92);
    assert!(pauses > 10);
    assert_eq!(solver.progress(), 1.0);
    let mut fresh = Solver::new(&problem);
    assert!(fresh.count().is_complete());
    assert_eq!(solver.stats(), fresh.stats());
}

#[test]
fn progress_grows_as_the_search_goes() {
    let problem = queens_problem(9);
    let mut solver = Solver::new(&problem);
    let mut last = 0.0;
    while solver.run_counting(50) != Step::End(Outcome::Finished) {
        let now = solver.progress();
        assert!(
            now >= last - 1e-12,
            "progress went back from {last} to {now}"
        );
        last = now;
    }
    assert_eq!(solver.stats().solutions, 352);
}

/// Issue 10: under Algorithm M a level may leave its item as it is, and its
/// choice is then the item's header, not an option node; the progress
/// estimate read it as a node and indexed the link arrays with a length.
#[test]
fn issue_10_progress_under_algorithm_m_stays_in_bounds() {
    let problem = data("solve/redrect-2x5.dlx");
    for slice in [1, 3, 17, 1000] {
        let mut solver = Solver::new(&problem);
        let mut last = 0.0;
        loop {
            let step = solver.run_counting(slice);
            let now = solver.progress();
            assert!((0.0..=1.0).contains(&now), "progress {now}");
            assert!(
                now >= last - 1e-12,
                "progress went back from {last} to {now}"
            );
            last = now;
            if step == Step::End(Outcome::Finished) {
                break;
            }
        }
        assert_eq!(solver.stats().solutions, 5843, "Knuth's DLX3 counts 5843");
        assert_eq!(last, 1.0);
        solver.reset();
        solver.check_links().unwrap();
    }
    // Reading it between the solutions of a listing, too.
    let mut solver = Solver::new(&problem);
    let mut n = 0;
    while solver.run(u64::MAX) == Step::Solution {
        assert_eq!(verify(&problem, solver.solution()), Ok(()));
        assert!((0.0..=1.0).contains(&solver.progress()));
        n += 1;
    }
    assert_eq!(n, 5843);
}

#[test]
fn a_raised_cancel_flag_stops_the_search() {
    let problem = queens_problem(10);
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = Solver::new(&problem);
    solver.set_budget(Budget::new().with_cancel(Arc::clone(&flag)));
    assert!(matches!(solver.next_solution(), Ok(Some(_))));
    flag.store(true, Ordering::Relaxed);
    let cancelled = Outcome::Stopped(Stop::Cancelled);
    assert_eq!(solver.run(u64::MAX), Step::End(cancelled));
    assert_eq!(solver.next_solution(), Err(Stop::Cancelled));
    assert_eq!(solver.count(), count_answer(0, cancelled));
    assert!(!solver.is_done());
    assert!(
        flag.load(Ordering::Relaxed),
        "the search never lowers the flag"
    );
    flag.store(false, Ordering::Relaxed);
    assert_eq!(
        solver.count(),
        count_answer(723, Outcome::Finished),
        "lowering the flag resumes where it stopped"
    );
}

#[test]
fn reset_starts_over() {
    let problem = queens_problem(7);
    let mut solver = Solver::new(&problem);
    let first = solver.first();
    assert!(matches!(solver.next_solution(), Ok(Some(_))));
    solver.reset();
    solver.check_links().unwrap();
    assert_eq!(solver.first(), first);
    solver.reset();
    assert_eq!(solver.count(), count_answer(40, Outcome::Finished));
}

#[test]
fn branching_options_split_the_solutions() {
    let problem = queens_problem(8);
    let solver = Solver::new(&problem);
    let branch = solver.branch().expect("8 queens has a branching item");
    assert_eq!(problem.item_kind(branch.item), ItemKind::Primary);
    let mut total = 0;
    for &option in &branch.options {
        let mut part = solver.clone();
        part.choose(option).unwrap();
        assert_eq!(part.prefix(), vec![option]);
        // One level deeper, then count below both choices.
        match part.branch() {
            Some(next) => {
                for &second in &next.options {
                    let mut deeper = part.clone();
                    deeper.choose(second).unwrap();
                    while let Some(solution) = deeper.next_solution().unwrap() {
                        assert_eq!(&solution[..2], &[option, second]);
                        verify(&problem, solution).unwrap();
                        total += 1;
                    }
                }
            }
            None => total += part.count().value.to_u64().expect("92 at most"),
        }
    }
    assert_eq!(total, 92);
}

#[test]
fn a_split_adds_up_to_the_sequential_statistics() {
    for text in [
        queens(8),
        "a b | x\na x:1\nb x:1\na b\nb x:2\na x:2\n".to_owned(),
    ] {
        let problem = parse_dlx(&text).unwrap();
        let mut whole = Solver::new(&problem);
        assert!(whole.count().is_complete());
        let root = Solver::new(&problem);
        let branch = root.branch().unwrap();
        let (mut nodes, mut updates) = (1, root.branch_updates());
        for &option in &branch.options {
            let mut part = root.clone();
            part.choose(option).unwrap();
            assert!(part.count().is_complete());
            nodes += part.stats().nodes;
            updates += part.stats().updates;
        }
        assert_eq!(
            (nodes, updates),
            (whole.stats().nodes, whole.stats().updates),
            "{text}"
        );
    }
}

/// Issue 20: the pieces of a level of 200,000 alternatives (options
/// `a x_k`), and of a level of 3 above one of 100,000, divided two levels
/// deep by one `Divider` and entered one after another by one solver, in
/// the order of the search. Each way down keeps what it shares with the
/// last, so this is linear in the number of pieces; replayed from the
/// root, each piece covered the wide item and walked its list (200,000
/// pieces would take hours). With the divisions', the pieces' counts and
/// statistics are the sequential search's.
#[test]
fn issue_20_the_pieces_of_a_level_of_200000_are_divided_and_entered_in_linear_time() {
    check_pieces(&wide(200_000, 0), 200_000);
    check_pieces(&wide(100_000, 3), 300_000);
}

/// Item `a` with `width` options `a x_k`, and, when `narrow > 0`, item `b`
/// with `narrow` options `b z_i` (the `x_k` and `z_i` secondary): `b` is
/// branched on first.
fn wide(width: usize, narrow: usize) -> dlx_core::Problem {
    let mut b = ProblemBuilder::new();
    let a = b.item(ItemKind::Primary);
    let first = (narrow > 0).then(|| b.item(ItemKind::Primary));
    for x in b.items(ItemKind::Secondary, width) {
        b.option([a, x]).unwrap();
    }
    if let Some(first) = first {
        for z in b.items(ItemKind::Secondary, narrow) {
            b.option([first, z]).unwrap();
        }
    }
    b.build().unwrap()
}

/// Divides the search of `problem` two levels deep with one `Divider`,
/// piece after piece, enters each piece in turn on one solver, and checks
/// the count and the statistics against the sequential search's.
#[track_caller]
fn check_pieces(problem: &dlx_core::Problem, expected: u64) {
    let mut whole = Solver::new(problem);
    assert_eq!(whole.count(), count_answer(expected, Outcome::Finished));
    let mut solver = Solver::new(problem);
    let mut pieces = vec![solver.root_subtree()];
    let mut above = dlx_core::Stats::default();
    let mut divider = solver.divider();
    for _ in 0..2 {
        let mut next = Vec::with_capacity(pieces.len());
        for piece in pieces {
            match divider.divide(&piece).unwrap() {
                Some(division) => {
                    above += division.stats;
                    next.extend(division.parts);
                }
                None => next.push(piece),
            }
        }
        pieces = next;
    }
    drop(divider);
    let (mut count, mut stats) = (Count::ZERO, above);
    for piece in &pieces {
        let before = *solver.stats();
        solver.enter(piece).unwrap();
        let answer = solver.count();
        assert!(answer.is_complete());
        count += answer.value;
        stats.nodes += solver.stats().nodes - before.nodes;
        stats.updates += solver.stats().updates - before.updates;
    }
    assert_eq!(count, expected);
    assert_eq!(
        (stats.nodes, stats.updates),
        (whole.stats().nodes, whole.stats().updates)
    );
    solver.check_links().unwrap();
}

#[test]
fn choose_refuses_what_cannot_be_chosen() {
    let problem = parse_dlx("a b | x\na x:1\nb x:2\nb x:1\na b\n").unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(
        solver.choose(OptionId::new(9)),
        Err(ChooseError::UnknownOption {
            option: 9,
            n_options: 4
        })
    );
    solver.choose(OptionId::new(0)).unwrap();
    assert_eq!(
        solver.choose(OptionId::new(1)),
        Err(ChooseError::Conflict { option: 1 }),
        "x is red already"
    );
    assert_eq!(
        solver.choose(OptionId::new(3)),
        Err(ChooseError::Conflict { option: 3 }),
        "a is covered"
    );
    solver.choose(OptionId::new(2)).unwrap();
    assert_eq!(
        solver.count(),
        count_answer(1, Outcome::Finished),
        "the prefix alone covers every primary item"
    );
    assert_eq!(
        solver.choose(OptionId::new(2)),
        Err(ChooseError::SearchStarted)
    );
}

#[test]
fn builder_errors_name_the_problem() {
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let x = b.secondary("x").unwrap();
    assert_eq!(
        b.primary("a"),
        Err(BuildError::DuplicateItemName { name: "a".into() })
    );
    assert!(matches!(
        b.primary("a b"),
        Err(BuildError::InvalidItemName { .. })
    ));
    assert_eq!(b.option([]), Err(BuildError::EmptyOption { option: 0 }));
    assert_eq!(
        b.option([a, a]),
        Err(BuildError::RepeatedItem {
            option: 0,
            item: "a".into()
        })
    );
    assert_eq!(b.option([x]), Err(BuildError::NoPrimaryItem { option: 0 }));
    assert_eq!(
        b.option([dlx_core::ItemId::new(7)]),
        Err(BuildError::UnknownItem {
            option: 0,
            item: 7,
            n_items: 2
        })
    );
    let red = Some(Color::new(1));
    assert_eq!(
        b.colored_option([Entry {
            item: a,
            color: red
        }]),
        Err(BuildError::ColorOnPrimary {
            option: 0,
            item: "a".into()
        })
    );
    // Failed attempts leave no trace: the next option is still option 0.
    assert_eq!(
        b.colored_option([
            Entry {
                item: a,
                color: None
            },
            Entry {
                item: x,
                color: red
            }
        ]),
        Ok(OptionId::new(0))
    );
    let problem = b.build().unwrap();
    assert_eq!(
        (problem.n_options(), problem.option(OptionId::new(0)).len()),
        (1, 2)
    );
}

#[test]
fn an_empty_problem_has_one_empty_solution() {
    let problem = ProblemBuilder::new().build().unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(
        solver.first(),
        Answer::new(Some(vec![]), Outcome::LimitReached)
    );
    assert_eq!(solver.first(), Answer::new(None, Outcome::Finished));
}

#[test]
fn verify_names_what_is_wrong() {
    use dlx_core::{Multiplicity, VerifyError};
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let m = b.primary("m").unwrap();
    let x = b.secondary("x").unwrap();
    b.set_multiplicity(
        m,
        Multiplicity {
            min: 2,
            max: Some(3),
        },
    )
    .unwrap();
    let red = Some(Color::new(1));
    let blue = Some(Color::new(2));
    let e = |item, color| Entry { item, color };
    let ids: Vec<OptionId> = [
        vec![e(a, None), e(m, None), e(x, red)],
        vec![e(m, None), e(x, red)],
        vec![e(m, None), e(x, blue)],
        vec![e(a, None)],
        vec![e(m, None)],
    ]
    .into_iter()
    .map(|entries| b.colored_option(entries).unwrap())
    .collect();
    let problem = b.build().unwrap();
    let check = |options: &[usize]| {
        verify(
            &problem,
            &options.iter().map(|&k| ids[k]).collect::<Vec<_>>(),
        )
    };
    assert_eq!(check(&[0, 1]), Ok(()));
    assert_eq!(check(&[0, 1, 4]), Ok(()), "m three times is within 2..=3");
    assert_eq!(
        check(&[0, 2]),
        Err(VerifyError::ColorClash {
            item: "x".into(),
            first: 0,
            second: 2
        })
    );
    assert_eq!(
        check(&[0]).unwrap_err().to_string(),
        "primary item `m` needs at least 2 options, but 1 cover it"
    );
    assert_eq!(check(&[3, 4, 1]), Ok(()));
    assert_eq!(
        check(&[0, 3, 1]),
        Err(VerifyError::CoveredTwice {
            item: "a".into(),
            first: 0,
            second: 3
        })
    );
    assert_eq!(
        check(&[1, 4]),
        Err(VerifyError::Uncovered { item: "a".into() })
    );
    assert_eq!(
        check(&[0, 0]),
        Err(VerifyError::RepeatedOption { option: 0 })
    );
    assert!(matches!(
        ProblemBuilder::new().set_multiplicity(x, Multiplicity::EXACT),
        Err(BuildError::UnknownItem { .. })
    ));
}

/// A forced chain: `n` primary items, item `i` with the one option `{i}`
/// (and, when `pairs`, the option `{i, i+1}` as well, so that lists of
/// length 2 shrink to 1 and 0 as the search goes).
fn chain(n: usize, pairs: bool) -> dlx_core::Problem {
    let mut builder = ProblemBuilder::new();
    let items = builder.items(ItemKind::Primary, n);
    for i in 0..n {
        builder.option([items[i]]).unwrap();
        if pairs && i + 1 < n {
            builder.option([items[i], items[i + 1]]).unwrap();
        }
    }
    builder.build().unwrap()
}

/// Issue 13: the item choice of a problem with very many primary items
/// keeps counts of short lists, so that a forced chain is searched in time
/// linear in its length (it was quadratic: 1,000,000 levels took 55 s);
/// the solver turns them on by itself from 8,192 primary items, and the
/// search and Knuth's counts are those of the plain choice.
#[test]
fn issue_13_a_forced_chain_of_300000_levels_is_searched_with_short_list_counts() {
    let n = 300_000;
    let mut solver = Solver::new(&chain(n, false));
    assert!(solver.keeps_short_counts());
    assert_eq!(solver.count(), count_answer(1, Outcome::Finished));
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates), (n as u64 + 1, n as u64));
    assert_eq!(stats.max_level, n);
    solver.check_links().unwrap();
    assert!(!Solver::new(&chain(8191, false)).keeps_short_counts());
    assert!(Solver::new(&chain(8192, false)).keeps_short_counts());
}

/// Issue 13: chains of single options and pairs (Fibonacci many tilings of
/// a strip) count the same, with the same statistics, with the short-list
/// counts on and off.
#[test]
fn issue_13_short_list_counts_give_the_plain_search() {
    for n in [1, 2, 10, 20] {
        let problem = chain(n, true);
        let mut plain = Solver::new(&problem);
        let mut short = Solver::new(&problem);
        short.keep_short_counts(true);
        let count = plain.count();
        assert!(count.is_complete());
        assert_eq!(short.count(), count, "n = {n}");
        assert_eq!(short.stats(), plain.stats(), "n = {n}");
        short.check_links().unwrap();
    }
    // The strip of 20 cells has F(21) = 10,946 tilings by squares and dominoes.
    assert_eq!(
        Solver::new(&chain(20, true)).count(),
        count_answer(10_946, Outcome::Finished)
    );
    let long = chain(20_000, true);
    let mut solver = Solver::new(&long);
    assert!(solver.keeps_short_counts());
    solver.set_limit(Some(1000));
    assert_eq!(solver.count(), count_answer(1000, Outcome::LimitReached));
    solver.check_links().unwrap();
}

/// Issue 13: on a problem of 9,000 primary items with lists of every
/// length (a random one, from a fixed seed), the search with the short-list
/// counts (on by itself there) takes exactly the steps of the plain one.
#[test]
fn issue_13_short_list_counts_follow_the_plain_search_on_a_large_problem() {
    let n = 9000;
    let mut builder = ProblemBuilder::new();
    let items = builder.items(ItemKind::Primary, n);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as usize
    };
    for _ in 0..4 * n {
        let mut option: Vec<_> = (0..3).map(|_| items[next(n)]).collect();
        option.sort();
        option.dedup();
        builder.option(option).unwrap();
    }
    let problem = builder.build().unwrap();
    let mut plain = Solver::new(&problem);
    plain.keep_short_counts(false);
    let mut short = Solver::new(&problem);
    assert!(short.keeps_short_counts());
    for step in 0..3000 {
        let (a, b) = (plain.run(1), short.run(1));
        assert_eq!((a, plain.stats()), (b, short.stats()), "step {step}");
        if step % 500 == 0 {
            short.check_links().unwrap();
        }
    }
}
