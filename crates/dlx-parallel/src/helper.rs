//! A thread of the pool kept waiting, spinning, through a stretch of runs of layers made by halves, so that each half starts and ends at once.
//!
//! A run by halves ([`dlx_core::Layers::split_run`]) of the Aztec diamond
//! of order 12 takes about 250 µs. Handed to rayon's `join`, its second
//! half started 30 to 40 µs late (a sleeping thread woken) and the join
//! saw it end 30 to 50 µs late (the waiting thread asleep in turn):
//! measured with a timer in each half, on this 2-core machine, a quarter
//! of each run. The helper spins instead (yielding its core after a
//! while), for a stretch of runs, and takes each half by value ([`Half`]),
//! so nothing it runs borrows from the caller and no `unsafe` is needed.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};

use dlx_core::Half;

/// No stretch is open ([`Helper::open`]), or it is over: the helper leaves.
const CLOSED: u8 = 0;
/// No half posted.
const IDLE: u8 = 1;
/// A half waits in the slot for the helper.
const POSTED: u8 = 2;
/// The half posted is run, and back in the slot (or its panic is).
const DONE: u8 = 3;

/// The helper has not come to this stretch yet.
const NOT_YET: u8 = 0;
/// The helper serves the stretch: a half posted is run.
const SERVES: u8 = 1;
/// The stretch closed before the helper came: it must not serve it.
const NEVER: u8 = 2;

/// A thread kept ready to run halves ([`Helper::serve`]) while another
/// posts them ([`Helper::run_beside`]).
#[derive(Debug, Default)]
pub(crate) struct Helper {
    state: AtomicU8,
    /// Whether the helper came to the stretch: [`NOT_YET`], [`SERVES`] or [`NEVER`].
    serving: AtomicU8,
    slot: Mutex<Option<Result<Half, Panic>>>,
}

/// A panic of a half, sent back to the thread that posted it.
struct Panic(Box<dyn Any + Send>);

impl std::fmt::Debug for Panic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Panic")
    }
}

impl Helper {
    /// Runs the halves posted until the stretch is closed; on the thread
    /// that serves, beside the one that posts. A helper closed before it
    /// serves returns at once.
    pub(crate) fn serve(&self) {
        if self
            .serving
            .compare_exchange(NOT_YET, SERVES, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            return;
        }
        let mut waited = 0u32;
        loop {
            match self.state.load(Ordering::Acquire) {
                POSTED => {
                    let mut slot = self.slot.lock().unwrap_or_else(PoisonError::into_inner);
                    let posted = slot.take();
                    let ran = panic::catch_unwind(AssertUnwindSafe(|| {
                        let Some(Ok(mut half)) = posted else {
                            unreachable!("a half is posted");
                        };
                        half.run();
                        half
                    }));
                    *slot = Some(ran.map_err(Panic));
                    drop(slot);
                    self.state.store(DONE, Ordering::Release);
                    waited = 0;
                }
                CLOSED => return,
                _ => pause(&mut waited),
            }
        }
    }

    /// Whether a half posted now is run by the helper: it serves, and the
    /// stretch is not closed.
    pub(crate) fn serving(&self) -> bool {
        self.serving.load(Ordering::Acquire) == SERVES && self.state.load(Ordering::Acquire) == IDLE
    }

    /// Whether a stretch is open, the helper serving it or still to come.
    pub(crate) fn is_open(&self) -> bool {
        self.state.load(Ordering::Acquire) != CLOSED
    }

    /// Runs `here` on this thread and `half` on the helper's, and gives
    /// `half` back, run; only when [`Helper::serving`].
    pub(crate) fn run_beside(&self, half: Half, here: &mut (dyn FnMut() + Send)) -> Half {
        debug_assert!(self.serving(), "a helper serves");
        *self.slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(Ok(half));
        self.state.store(POSTED, Ordering::Release);
        // The half is the helper's now: a panic here leaves it running on
        // what it owns, and the stretch's `Closing` closes it.
        here();
        let mut waited = 0;
        while self.state.load(Ordering::Acquire) != DONE {
            pause(&mut waited);
        }
        let ran = self
            .slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        self.state.store(IDLE, Ordering::Release);
        match ran {
            Some(Ok(half)) => half,
            Some(Err(Panic(payload))) => panic::resume_unwind(payload),
            None => unreachable!("the helper gives the half back"),
        }
    }

    /// Readies the helper for a new stretch; only when no thread serves it
    /// (the stretch before is over).
    pub(crate) fn open(&self) {
        self.state.store(IDLE, Ordering::Release);
        self.serving.store(NOT_YET, Ordering::Release);
    }

    /// Closes the stretch when dropped, however it ends (a panic too), so
    /// that the helper leaves.
    pub(crate) fn closing(&self) -> Closing<'_> {
        Closing(self)
    }
}

/// Closes a [`Helper`]'s stretch when dropped.
pub(crate) struct Closing<'h>(&'h Helper);

impl Drop for Closing<'_> {
    fn drop(&mut self) {
        let helper = self.0;
        // A half posted is run to its end first: the poster waits for it.
        let mut waited = 0;
        while helper.state.load(Ordering::Acquire) == POSTED {
            pause(&mut waited);
        }
        helper.state.store(CLOSED, Ordering::Release);
        // Closed before it served: it must not serve later.
        let _ =
            helper
                .serving
                .compare_exchange(NOT_YET, NEVER, Ordering::AcqRel, Ordering::Acquire);
    }
}

/// Spins before a thread waiting for the other one starts yielding its core.
const SPINS: u32 = 1 << 10;

/// One wait of a thread spinning for the other: a pause at first, then a
/// yield of the core, in case the other thread waits for it on the same
/// one (a thread woken from sleep may run on its waker's core for a
/// while). Counts of the Aztec diamond of order 12 on a pool of two,
/// each 20 ms after the last, took a median of 16.0 ms and 16.3 ms with a
/// bare spin, and 6.8 ms and 6.9 ms with the yield; back to back, 3.7 ms
/// either way.
fn pause(waited: &mut u32) {
    if *waited < SPINS {
        *waited += 1;
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}
