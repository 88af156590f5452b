//! The depth-first memoised count in pieces: the count split by the memoised counter's own branching, each piece counted on a thread, the threads sharing one cache.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use dlx_core::memo::{MemoStats, MemoStep};
use dlx_core::{Budget, Count, MemoCounter, MemoError, OptionId, Outcome, Stop};
use rayon::prelude::*;

use super::ParallelMemoCounter;
use crate::progress::Progress;
use crate::steal::{Halt, Why};

/// Nodes a piece's count runs between two looks at the node budget and
/// two reports to the progress.
const SLICE: u64 = 1 << 12;

impl ParallelMemoCounter {
    /// The pieces: paths of choices from the root, in the order of the
    /// sequential search, with their shares of the tree, and the number of
    /// nodes expanded to make them.
    /// Each expansion is a node of the count's budget, and the budget's
    /// deadline and flags are read at each (a forced chain is walked to
    /// its end here).
    pub(super) fn split(&self, goal: usize) -> Result<(Vec<Piece>, u64), Stop> {
        // Each piece: its path, its share of the tree, whether it can be expanded.
        let mut pieces: Vec<(Vec<OptionId>, f64, bool)> = vec![(Vec::new(), 1.0, true)];
        let mut expanded = 0;
        // The piece expanded last when it had a single option, and its
        // counter: its only child takes its place with the same share, so
        // it is the next piece expanded, and it goes on from that counter
        // with one more choice. Replaying each piece's path from the root
        // made a forced chain of n levels cost n^2 / 2 choices and n clones
        // of the counter (40,000 levels took 27 s).
        let mut last: Option<(usize, MemoCounter)> = None;
        while pieces.len() < goal {
            let Some(k) = pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.2)
                .max_by(|a, b| a.1 .1.total_cmp(&b.1 .1).then(b.0.cmp(&a.0)))
                .map(|(k, _)| k)
            else {
                break;
            };
            let counter = match last.take() {
                Some((only_child, mut counter)) if only_child == k => {
                    let option = *pieces[k]
                        .0
                        .last()
                        .expect("a child's path ends in its option");
                    counter
                        .choose(option)
                        .expect("a path of the split chooses options the counter branched on");
                    counter
                }
                _ => at(&self.root, &pieces[k].0),
            };
            match counter.branch() {
                // Nothing left to cover: the path is a solution, counted as a piece.
                None => pieces[k].2 = false,
                Some(branch) => {
                    self.budget.spend(1)?;
                    expanded += 1;
                    let (mut path, weight, _) = std::mem::take(&mut pieces[k]);
                    let share = weight / branch.options.len().max(1) as f64;
                    if let [only] = branch.options[..] {
                        // The path grows in place: copied, a chain's paths
                        // would cost the square of its length too.
                        path.push(only);
                        pieces[k] = (path, share, true);
                        last = Some((k, counter));
                        continue;
                    }
                    let children = branch.options.iter().map(|&o| {
                        let mut child = path.clone();
                        child.push(o);
                        (child, share, true)
                    });
                    pieces.splice(k..=k, children);
                }
            }
        }
        Ok((pieces.into_iter().map(|p| (p.0, p.1)).collect(), expanded))
    }
}

/// One piece's memoised count, from [`ParallelMemoCounter::count_ways`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MemoPiece {
    /// The index the caller gave the piece.
    pub index: usize,
    /// Its number of solutions.
    pub count: Count,
    /// The statistics of its count.
    pub stats: MemoStats,
    /// Seconds its count took.
    pub seconds: f64,
}

impl ParallelMemoCounter {
    /// Counts pieces of the problem one by one, each given by its index and
    /// the options all its solutions share (its way down, as
    /// [`Solver::entered_way`](dlx_core::Solver::entered_way) gives it for a piece of a plain split), on
    /// the pool's threads sharing the cache, so that a subproblem two
    /// pieces meet is counted once (on a narrow problem, each piece is
    /// counted layer by layer on its thread instead, its options' places
    /// covered from the start: see [`MemoCounter::sweeps`]). `done` gets each piece's count as soon
    /// as it is counted, in no particular order, on the calling thread.
    ///
    /// Returns how the counts ended: `Finished` when every piece was
    /// counted; when the budget stopped them, the stop, and the pieces cut
    /// short were not given to `done` (a memoised count has no partial
    /// value). A way whose options conflict has no solution: its count is 0.
    ///
    /// ```
    /// use dlx_core::subtree::SubtreeSearch;
    /// use dlx_core::{parse_dlx, MemoSettings, Outcome, Solver};
    /// use dlx_parallel::ParallelMemoCounter;
    ///
    /// // The 2 x 3 board's 3 domino tilings, split at its first choice.
    /// let problem = parse_dlx("a0 a1 a2 b0 b1 b2\na0 b0\na1 b1\na2 b2\na0 a1\na1 a2\nb0 b1\nb1 b2\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let pieces = solver.divide(&solver.root_subtree())?.expect("a choice").parts;
    /// let mut ways = Vec::new();
    /// for (index, piece) in pieces.iter().enumerate() {
    ///     let mut entering = Solver::new(&problem);
    ///     entering.enter(piece)?;
    ///     ways.push((index, entering.entered_way().expect("one alternative")));
    /// }
    /// let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())?.with_threads(2)?;
    /// let mut total = 0u64;
    /// let outcome = counter.count_ways(&ways, |piece| total += piece.count.to_u64().unwrap());
    /// assert_eq!((total, outcome), (3, Outcome::Finished));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_ways(
        &mut self,
        ways: &[(usize, Vec<OptionId>)],
        mut done: impl FnMut(MemoPiece),
    ) -> Outcome {
        let threads = self.threads();
        let next = AtomicUsize::new(0);
        let halt = Halt::default();
        let (root, budget, progress) = (&self.root, &self.budget, self.progress.as_deref());
        let pool = &self.pool;
        let (sender, receiver) = mpsc::channel::<MemoPiece>();
        let stats = std::thread::scope(|scope| {
            let (next, halt) = (&next, &halt);
            let workers = scope.spawn(move || {
                let work = || -> MemoStats {
                    (0..threads)
                        .into_par_iter()
                        .map(|_| {
                            let sender = sender.clone();
                            let mut stats = MemoStats::default();
                            while let Some((index, way)) =
                                ways.get(next.fetch_add(1, Ordering::Relaxed))
                            {
                                if halt.is_raised() {
                                    break;
                                }
                                let started = Instant::now();
                                let Some(mut counter) = try_at(root, way) else {
                                    let piece = MemoPiece {
                                        index: *index,
                                        count: Count::ZERO,
                                        stats: MemoStats::default(),
                                        seconds: started.elapsed().as_secs_f64(),
                                    };
                                    let _ = sender.send(piece);
                                    continue;
                                };
                                counter.set_budget(budget.clone().with_cancel(halt.flag()));
                                let count = run_to_end(&mut counter, progress, halt).ok();
                                stats += counter.stats();
                                let Some(count) = count else { break };
                                let piece = MemoPiece {
                                    index: *index,
                                    count,
                                    stats: counter.stats(),
                                    seconds: started.elapsed().as_secs_f64(),
                                };
                                let _ = sender.send(piece);
                            }
                            stats
                        })
                        .reduce(MemoStats::default, |mut a, b| {
                            a += b;
                            a
                        })
                };
                pool.install(work)
            });
            for piece in receiver {
                done(piece);
            }
            workers
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        self.stats = stats;
        match first_stop(&halt) {
            Some(stop) => Outcome::Stopped(stop),
            None => Outcome::Finished,
        }
    }
}

/// Runs `counter` to its end in slices of [`SLICE`] nodes, adding them to
/// `progress`; a stop (the budget's, or `halt`'s flag) is raised on
/// `halt`, and the run's first stop is returned: a piece stopped because
/// another stopped (`halt`'s flag is a cancel flag of its budget) gives
/// the other's reason, not [`Stop::Cancelled`].
pub(super) fn run_to_end(
    counter: &mut MemoCounter,
    progress: Option<&Progress>,
    halt: &Halt,
) -> Result<Count, Stop> {
    loop {
        let before = counter.stats().nodes;
        let step = counter.run(SLICE);
        if let Some(progress) = progress {
            progress.add_nodes(counter.stats().nodes - before);
        }
        match step {
            MemoStep::Done(count) => return Ok(count),
            MemoStep::Paused => {}
            MemoStep::Stopped(stop) => {
                // The first reason raised wins ([`Halt::raise`]).
                halt.raise(Why::Stop(stop));
                return Err(first_stop(halt).unwrap_or(stop));
            }
        }
    }
}

/// The reason of the first stop raised on `halt`, if one was.
pub(super) fn first_stop(halt: &Halt) -> Option<Stop> {
    match halt.why() {
        Some(Why::Stop(stop)) => Some(stop),
        _ => None,
    }
}

/// A clone of `root` with the choices of `way` fixed, or `None` when they conflict.
fn try_at(root: &MemoCounter, way: &[OptionId]) -> Option<MemoCounter> {
    let mut counter = root.clone();
    for &option in way {
        counter.choose(option).ok()?;
    }
    Some(counter)
}

/// A piece of a memoised count: its path of choices from the root, and its share of the tree.
type Piece = (Vec<OptionId>, f64);

/// A clone of `root` with the choices of `path` fixed.
fn at(root: &MemoCounter, path: &[OptionId]) -> MemoCounter {
    let mut counter = root.clone();
    for &option in path {
        counter
            .choose(option)
            .expect("a path of the split chooses options the counter branched on");
    }
    counter
}

/// What the threads of one count share.
pub(super) struct Job<'a> {
    pub(super) root: &'a MemoCounter,
    /// The pieces and their shares of the tree.
    pub(super) pieces: &'a [(Vec<OptionId>, f64)],
    pub(super) next: AtomicUsize,
    /// The caller's budget, which every piece's count draws on.
    pub(super) budget: &'a Budget,
    /// The count's own stop: the first piece's stop, whose reason is the count's.
    pub(super) halt: Halt,
    pub(super) progress: Option<&'a Progress>,
}

impl Job<'_> {
    /// One thread's share: the next piece not taken, until none is left, or
    /// until the budget or another thread stops the count.
    /// Returns the sum of its pieces' counts and its statistics (of the
    /// pieces finished, and of the one a stop or an error ended).
    pub(super) fn count_pieces(&self, worker: usize) -> (Result<Count, MemoError>, MemoStats) {
        let mut total = Count::ZERO;
        let mut stats = MemoStats::default();
        loop {
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((path, share)) = self.pieces.get(k) else {
                return (Ok(total), stats);
            };
            if let Some(stop) = first_stop(&self.halt) {
                return (Err(MemoError::Stopped(stop)), stats);
            }
            let mut counter = at(self.root, path);
            counter.set_budget(self.budget.clone().with_cancel(self.halt.flag()));
            match run_to_end(&mut counter, self.progress, &self.halt) {
                Ok(count) => total += count,
                Err(stop) => {
                    // Raised on the halt: the other threads need not go on,
                    // the count cannot finish.
                    stats += counter.stats();
                    return (Err(MemoError::Stopped(stop)), stats);
                }
            }
            stats += counter.stats();
            if let Some(progress) = self.progress {
                progress.finish(worker, 0.0, *share);
            }
        }
    }
}
