//! What stops a run: SIGINT and SIGTERM, the budgets of `--max-nodes`, `--time-limit` and `--max-memory`, and the note and exit code of a run that stopped.
//!
//! **Who writes what:** the signal handlers alone raise the run's cancel
//! flag; every search only reads it, through the run's [`Budget`], and
//! says how it ended ([`dlx_core::Outcome`]); the run turns the first stop
//! into the exit code. Nothing else in the binary raises a flag that a
//! search reads: a search's own ends (a limit reached, a visitor's
//! `Break`, an error while printing) are its own.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use dlx_core::{Budget, Stop};

use crate::shared::{Line, Output};
use indicatif::HumanCount;

/// A search that ended early: the output printed is partial. Exit code 130
/// or 143 for a signal, 3 for a budget.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub(crate) struct Partial {
    pub(crate) code: u8,
    /// The `partial` JSON line's `reason`.
    pub(crate) reason: &'static str,
    pub(crate) message: String,
}

/// The signal that arrived, as its exit code (0: none), for the whole process.
static SIGNALLED: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// The cancel flag the signal handlers raise, for the whole process (the
/// handlers are installed once, however many runs a process makes).
static CANCEL: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// When the process started to work, from which `--time-limit` counts.
static STARTED: OnceLock<Instant> = OnceLock::new();

/// Listens for SIGINT and SIGTERM from the start of a command that
/// searches (before it reads its input, which may take a while): the
/// first signal only raises the cancel flag its searches read, so a
/// signal while the input is read is answered as during the search (exit
/// 130 or 143, the note); a second SIGINT ends the process at once. Also
/// starts the clock of `--time-limit`.
pub(crate) fn listen_early() -> anyhow::Result<()> {
    let _ = STARTED.get_or_init(Instant::now);
    listen().map(drop)
}

/// The limits a run was given, and its budget.
#[derive(Debug, Clone)]
pub(crate) struct Stops {
    budget: Budget,
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
    max_memory: Option<usize>,
}

impl Stops {
    /// Listens for SIGINT and SIGTERM (the first raises the cancel flag, a
    /// second SIGINT ends the process at once) and makes the run's budget:
    /// `max_nodes` for all its searches together, `time_limit` from the
    /// start of the command ([`listen_early`]),
    /// `max_memory` for what grows while a search runs.
    pub(crate) fn new(
        max_nodes: Option<u64>,
        time_limit: Option<Duration>,
        max_memory: Option<usize>,
    ) -> anyhow::Result<Stops> {
        let cancel = listen()?;
        let mut budget = Budget::new().with_cancel(cancel);
        if let Some(nodes) = max_nodes {
            budget = budget.with_nodes(nodes);
        }
        // The limit counts from the start of the command, reading the input included.
        let started = *STARTED.get_or_init(Instant::now);
        if let Some(deadline) = time_limit.and_then(|limit| started.checked_add(limit)) {
            budget = budget.with_deadline(deadline);
        }
        if let Some(bytes) = max_memory {
            budget = budget.with_memory(bytes);
        }
        Ok(Stops {
            budget,
            max_nodes,
            time_limit,
            max_memory,
        })
    }

    /// The run's budget, for a search (clones share its nodes).
    pub(crate) fn budget(&self) -> Budget {
        self.budget.clone()
    }

    /// The error that ends a run that `stop` ended after `seconds`: its
    /// note (`outcome` says what the stop means for the output, `detail`
    /// is added after it) and exit code; with `json`, also the `partial`
    /// line, last on standard output.
    pub(crate) fn ended(
        &self,
        stop: Stop,
        seconds: f64,
        outcome: &str,
        detail: &str,
        json: bool,
    ) -> anyhow::Error {
        let mut partial = self.partial(stop, seconds, outcome);
        partial.message += detail;
        if json {
            // The answers before it are flushed: the line comes last.
            let mut output = Output::new();
            let line = Line::Partial {
                reason: partial.reason,
                code: partial.code,
                message: partial.message.clone(),
            };
            if let Err(err) = output.json(&line).and_then(|()| output.flush()) {
                return err;
            }
        }
        partial.into()
    }

    /// The note and exit code of a run that `stop` ended after `seconds`;
    /// `outcome` says what that means for the output.
    fn partial(&self, stop: Stop, seconds: f64, outcome: &str) -> Partial {
        let (code, reason, why) = match stop {
            Stop::Cancelled => match signalled() {
                Some(143) => (143, "terminated", "terminated (SIGTERM)".to_owned()),
                _ => (130, "interrupted", "interrupted (SIGINT)".to_owned()),
            },
            Stop::Nodes => (
                3,
                "max_nodes",
                format!(
                    "stopped by --max-nodes {}",
                    HumanCount(self.max_nodes.unwrap_or(0))
                ),
            ),
            Stop::Time => (
                3,
                "time_limit",
                format!(
                    "stopped by --time-limit {}",
                    humantime::format_duration(self.time_limit.unwrap_or_default())
                ),
            ),
            // `Stop` may grow; a memory stop is the only other a run's budget makes.
            _ => (
                3,
                "max_memory",
                format!(
                    "stopped by --max-memory {}",
                    crate::shared::size::format_size(self.max_memory.unwrap_or(0) as u64)
                ),
            ),
        };
        Partial {
            code,
            reason,
            message: format!("{why} after {seconds:.1} s: {outcome}"),
        }
    }
}

/// The error that ends a command that a signal interrupted while `doing`
/// something before any search (reading its input), if one did: nothing
/// was searched, so nothing is printed.
pub(crate) fn interrupted(doing: &str) -> Option<anyhow::Error> {
    let cancelled = CANCEL.get().is_some_and(|c| c.load(Ordering::Relaxed));
    if !cancelled {
        return None;
    }
    let (code, reason, why) = match signalled() {
        Some(143) => (143, "terminated", "terminated (SIGTERM)"),
        _ => (130, "interrupted", "interrupted (SIGINT)"),
    };
    Some(
        Partial {
            code,
            reason,
            message: format!("{why} while {doing}: nothing was searched, so nothing is printed"),
        }
        .into(),
    )
}

/// The exit code of the signal that arrived, if one did.
fn signalled() -> Option<usize> {
    SIGNALLED
        .get()
        .map(|s| s.load(Ordering::Relaxed))
        .filter(|&code| code != 0)
}

/// Installs the handlers of SIGINT and SIGTERM once for the process, and
/// returns the flag they raise.
fn listen() -> anyhow::Result<Arc<AtomicBool>> {
    if let Some(cancel) = CANCEL.get() {
        return Ok(Arc::clone(cancel));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let signalled = SIGNALLED.get_or_init(|| Arc::new(AtomicUsize::new(0)));
    for (signal, code) in [
        (signal_hook::consts::SIGINT, 130u8),
        (signal_hook::consts::SIGTERM, 143u8),
    ] {
        // A second signal while the first is being handled ends the process.
        signal_hook::flag::register_conditional_shutdown(
            signal,
            i32::from(code),
            Arc::clone(&cancel),
        )
        .context("cannot listen for signals")?;
        // The code before the flag: whoever sees the flag finds the code.
        signal_hook::flag::register_usize(signal, Arc::clone(signalled), usize::from(code))
            .context("cannot listen for signals")?;
        signal_hook::flag::register(signal, Arc::clone(&cancel))
            .context("cannot listen for signals")?;
    }
    Ok(Arc::clone(CANCEL.get_or_init(|| cancel)))
}
