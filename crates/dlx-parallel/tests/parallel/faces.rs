//! What the faces use: the pull iterator, the searcher on a pool, the thread rule, the wait.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use dlx_core::{Budget, CountMode, MemoSettings, Outcome, Searcher, Sequential, Solver, Stop};
use dlx_parallel::{wait_for, Job, Listing, ParallelCount, Pool, Pulled, Searches};

use crate::problems::{data, queens};

/// Issue 34: a listing left paused holds threads of its own only, so a
/// later search on as many threads (even on a shared pool) runs.
#[test]
fn issue_34_a_paused_listing_blocks_no_other_search() {
    let board = data("pentomino-6x10.dlx");
    let mut paused = Listing::new(&board, 2, Budget::new()).unwrap();
    assert!(paused.next().is_some());
    let strip = data("pentomino-3x20.dlx");
    let shared = Pool::shared(2).unwrap();
    let mut count = ParallelCount::new(&MemoSettings::new(), CountMode::Plain).with_pool(&shared);
    assert_eq!(count.count(&strip).unwrap().count, Some(8u64.into()));
    // Several listings paused at once, and a count beside them.
    let more: Vec<Listing> = (0..3)
        .map(|_| {
            let mut listing = Listing::new(&board, 2, Budget::new()).unwrap();
            assert!(listing.next().is_some());
            listing
        })
        .collect();
    assert_eq!(count.count(&strip).unwrap().count, Some(8u64.into()));
    drop(more);
    drop(paused);
}

/// A listing gives the sequential solutions in order, ends with how the
/// search ended, and a budget's stop is its end.
#[test]
fn a_listing_is_the_sequential_listing() {
    let problem = queens(7);
    let sequential: Vec<_> = Solver::new(&problem)
        .solutions()
        .collect::<Result<_, _>>()
        .unwrap();
    for threads in [1, 2, 3] {
        let mut listing = Listing::new(&problem, threads, Budget::new()).unwrap();
        let listed: Vec<_> = listing.by_ref().collect();
        assert_eq!(listed, sequential, "{threads} threads");
        assert_eq!(listing.ended().map(|e| e.0), Some(Outcome::Finished));
    }
    let cancel = Arc::new(AtomicBool::new(true));
    let mut stopped = Listing::new(&problem, 2, Budget::new().with_cancel(cancel)).unwrap();
    let end = loop {
        match stopped.pull(Duration::from_secs(10)) {
            Pulled::End(outcome, _) => break outcome,
            Pulled::Solution(_) | Pulled::Waiting => {}
        }
    };
    assert_eq!(end, Outcome::Stopped(Stop::Cancelled));
}

/// The searcher on a pool answers as the one on this thread.
#[test]
fn searches_on_a_pool_answer_as_the_sequential_searcher() {
    for problem in [queens(8), data("pentomino-3x20.dlx")] {
        let mut here = Sequential::new();
        for threads in [1, 2, 3] {
            let pool = Pool::new(threads).unwrap();
            let mut there = Searches::new(&pool, Budget::new(), MemoSettings::new());
            for mode in [CountMode::Auto, CountMode::Plain, CountMode::Memo] {
                let a = here.count(&problem, mode, false).unwrap().unwrap();
                let b = there.count(&problem, mode, false).unwrap().unwrap();
                assert_eq!((a.count, a.outcome), (b.count, b.outcome), "{mode:?}");
            }
            let weigh = |s: &[dlx_core::OptionId]| (s[0].index() % 2 == 0).then_some(3);
            let a = here.weigh(&problem, &weigh);
            let b = there.weigh(&problem, &weigh);
            assert_eq!(
                (a.value.kept, a.value.weight),
                (b.value.kept, b.value.weight)
            );
            assert_eq!(a.value.stats.nodes, b.value.stats.nodes);
        }
    }
}

/// The thread rule: the memoised count takes one thread unless the caller
/// named them; the cases of an input share the threads.
#[test]
fn the_thread_rule() {
    let cores = Pool::new(0).unwrap();
    assert_eq!(cores.threads_for(Job::MemoCount), 1);
    assert_eq!(cores.threads_for(Job::Search), cores.threads());
    let three = Pool::new(3).unwrap();
    assert_eq!(three.threads_for(Job::MemoCount), 3);
    assert_eq!(three.threads_for(Job::Cases(2)), 2);
    assert_eq!(three.threads_for(Job::Cases(0)), 1);
    assert!(Pool::new(dlx_parallel::MAX_THREADS + 1).is_err());
}

/// The wait looks up while the work runs, and gives the work's answer.
#[test]
fn the_wait_looks_up_while_the_work_runs() {
    let cancel = Arc::new(AtomicBool::new(false));
    let problem = queens(13);
    let budget = Budget::new().with_cancel(Arc::clone(&cancel));
    let mut looks = 0;
    let counted = wait_for(
        || {
            let mut solver = Solver::new(&problem);
            solver.set_budget(budget);
            solver.count()
        },
        Duration::from_millis(5),
        || {
            looks += 1;
            if looks == 3 {
                cancel.store(true, Ordering::Relaxed);
            }
        },
    );
    assert_eq!(counted.outcome, Outcome::Stopped(Stop::Cancelled));
    assert!(looks >= 3);
}
