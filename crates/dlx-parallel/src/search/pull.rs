//! A listing the caller pulls from, one solution at a time, as an iterator: the search runs on threads of its own beside the caller, bounded, and is stopped when the listing is dropped.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use dlx_core::{Budget, OptionId, Outcome, Problem, Stats};

use super::ParallelSolver;
use crate::pool::{ParallelError, Pool};

/// Solutions a listing may hold ready before the caller takes them.
const READY: usize = 256;

/// What the search's thread sends.
enum Message {
    Solution(Vec<OptionId>),
    End(Outcome, Stats),
}

/// What [`Listing::pull`] got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pulled {
    /// The next solution, in the sequential search's order.
    Solution(Vec<OptionId>),
    /// No solution came within the wait: pull again.
    Waiting,
    /// The search ended, and how (a stop by the budget: the solutions
    /// pulled were all there were up to the stop); every pull after says
    /// the same.
    End(Outcome, Stats),
}

/// The solutions of a problem on threads, in the sequential search's order,
/// pulled one at a time by the caller ([`Listing::pull`], or as an
/// [`Iterator`] that waits as long as it takes).
///
/// The search runs on a pool of the listing's own (so that a listing left
/// paused holds no thread another search needs) and a thread that drives
/// it; it finds at most a few hundred solutions ahead of the caller (then
/// it waits), so a listing never holds more than that in memory, however
/// many solutions there are. Dropping the listing stops the search and
/// waits for its threads, within a slice of the search (a few
/// milliseconds).
///
/// ```
/// use dlx_core::{parse_dlx, Budget, Solver};
/// use dlx_parallel::Listing;
///
/// let problem = parse_dlx("a b c\na b\nc\na\nb c\nb\n")?;
/// let listed: Vec<_> = Listing::new(&problem, 2, Budget::new())?.collect();
/// let sequential = Solver::new(&problem).solutions().collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(listed, sequential);
/// // Two solutions pulled, then dropped: the search stops.
/// let mut listing = Listing::new(&problem, 2, Budget::new())?;
/// assert!(listing.next().is_some());
/// drop(listing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Listing {
    receiver: Option<Receiver<Message>>,
    thread: Option<JoinHandle<()>>,
    /// The listing's own stop, raised when it is dropped.
    stop: Arc<AtomicBool>,
    ended: Option<(Outcome, Stats)>,
}

impl Listing {
    /// Starts listing the solutions of `problem` on `threads` threads (0:
    /// one per core) within `budget` (whose cancel flags stop it too).
    pub fn new(
        problem: &Problem,
        threads: usize,
        budget: Budget,
    ) -> Result<Listing, ParallelError> {
        let pool = Pool::new(threads)?;
        let stop = Arc::new(AtomicBool::new(false));
        let budget = budget.with_cancel(Arc::clone(&stop));
        let mut solver = ParallelSolver::new(problem).with_pool(&pool);
        solver.set_ordered(true).set_budget(budget);
        let (sender, receiver) = mpsc::sync_channel(READY);
        let thread = std::thread::Builder::new()
            .name("dlx-listing".into())
            .spawn(move || {
                let ended = solver.visit(|solution| {
                    match sender.send(Message::Solution(solution.to_vec())) {
                        Ok(()) => ControlFlow::Continue(()),
                        // The listing was dropped.
                        Err(_) => ControlFlow::Break(()),
                    }
                });
                if let ControlFlow::Continue(outcome) = ended {
                    let _ = sender.send(Message::End(outcome, *solver.stats()));
                }
            })
            .map_err(|error| ParallelError::Pool {
                threads: 1,
                reason: error.to_string(),
            })?;
        Ok(Listing {
            receiver: Some(receiver),
            thread: Some(thread),
            stop,
            ended: None,
        })
    }

    /// The next solution, waiting at most `wait` for it.
    pub fn pull(&mut self, wait: Duration) -> Pulled {
        if let Some((outcome, stats)) = self.ended {
            return Pulled::End(outcome, stats);
        }
        let Some(receiver) = &self.receiver else {
            return Pulled::End(Outcome::LimitReached, Stats::default());
        };
        match receiver.recv_timeout(wait) {
            Ok(Message::Solution(solution)) => Pulled::Solution(solution),
            Ok(Message::End(outcome, stats)) => {
                self.ended = Some((outcome, stats));
                self.close();
                Pulled::End(outcome, stats)
            }
            Err(RecvTimeoutError::Timeout) => Pulled::Waiting,
            Err(RecvTimeoutError::Disconnected) => {
                // The thread ended without an end: only a panic does that.
                self.close();
                panic!("the listing's search thread ended without an end");
            }
        }
    }

    /// How the search ended, once a pull said so.
    pub fn ended(&self) -> Option<(Outcome, Stats)> {
        self.ended
    }

    /// Stops the search and waits for its threads (as dropping does); the
    /// listing then ends.
    pub fn close(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Dropping the receiver ends a thread blocked on a full channel.
        self.receiver = None;
        if let Some(thread) = self.thread.take() {
            if let Err(panic) = thread.join() {
                std::panic::resume_unwind(panic);
            }
        }
        if self.ended.is_none() {
            self.ended = Some((Outcome::LimitReached, Stats::default()));
        }
    }
}

impl Iterator for Listing {
    type Item = Vec<OptionId>;

    /// The next solution, waiting as long as it takes; `None` at the end
    /// (see [`Listing::ended`] for how it ended).
    fn next(&mut self) -> Option<Vec<OptionId>> {
        loop {
            match self.pull(Duration::from_secs(3600)) {
                Pulled::Solution(solution) => return Some(solution),
                Pulled::Waiting => {}
                Pulled::End(..) => return None,
            }
        }
    }
}

impl Drop for Listing {
    fn drop(&mut self) {
        self.close();
    }
}
