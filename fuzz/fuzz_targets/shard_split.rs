//! Split files (`dlx_parallel::read_split`): any text is read or refused
//! against one of the fixed problems (picked by the first byte); a split that
//! is read counts, subproblem by subproblem, exactly the problem's solutions,
//! and writes back as lines that read as the same split.
#![no_main]

use dlx_core::Count;
use dlx_fuzz::{fixture, pool, selector, text};
use dlx_parallel::{read_split, Fingerprint, ParallelSolver, SplitLine};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (pick, rest) = selector(data);
    let fixture = fixture(pick);
    let problem = &fixture.problem;
    let text = text(rest);
    let split = match read_split("split", &text, problem) {
        Ok(split) => split,
        Err(err) => {
            let _ = err.to_string();
            return;
        }
    };
    // Any split accepted must partition the search: the subproblems'
    // counts add up to the problem's.
    let mut parallel = ParallelSolver::new(problem).with_pool(pool(1));
    parallel.set_split_to(split.clone());
    let counts = parallel.count_each(&(0..split.len()).collect::<Vec<_>>());
    assert!(counts.is_complete(), "{:?}", counts.outcome);
    let total: u64 = counts.value.iter().map(|part| part.count).sum();
    let total = Count::from(total);
    assert_eq!(
        total, fixture.count,
        "an accepted split counts another total"
    );

    // Written back, the split reads as itself.
    let written: String = SplitLine::of_split(problem, &split)
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    match read_split("written", &written, problem) {
        Ok(again) => assert_eq!(Fingerprint::of_split(&again), Fingerprint::of_split(&split)),
        Err(err) => panic!("a split written back does not read ({err}):\n{written}"),
    }
});
