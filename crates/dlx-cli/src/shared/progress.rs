//! The progress display of long searches: a bar on a terminal, a plain line every few seconds in a log, drawn by a watcher thread that only reads.
//!
//! The watcher reads what a search shows of itself ([`Watched`]) and writes
//! nothing a search reads: the budgets are the searches' own
//! ([`dlx_core::Budget`]), so a display that lags stops nothing late.

use std::io::{IsTerminal as _, Write as _};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_parallel::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What the progress display reads while a search runs.
pub(crate) trait Watched: Sync {
    /// The fraction of the work done, in `[0, 1]`.
    fn fraction(&self) -> f64;
    /// Solutions found so far.
    fn solutions(&self) -> u64;
    /// Nodes searched so far (Knuth's nodes, all threads together).
    fn nodes(&self) -> u64;
}

impl Watched for Progress {
    fn fraction(&self) -> f64 {
        Progress::fraction(self)
    }
    fn solutions(&self) -> u64 {
        Progress::solutions(self)
    }
    fn nodes(&self) -> u64 {
        Progress::nodes(self)
    }
}

impl<W: Watched + Send + ?Sized> Watched for Arc<W> {
    fn fraction(&self) -> f64 {
        (**self).fraction()
    }
    fn solutions(&self) -> u64 {
        (**self).solutions()
    }
    fn nodes(&self) -> u64 {
        (**self).nodes()
    }
}

/// Runs `work` on this thread while a watcher thread draws `progress` (when
/// `shows`; without it, no thread is started); the display is cleared
/// before this returns. Returns the work's
/// result and the fraction done the watcher last saw (for the note of a
/// stopped run).
pub(crate) fn watch<T>(
    shows: bool,
    progress: &(impl Watched + ?Sized),
    work: impl FnOnce() -> T,
) -> (T, f64) {
    if !shows {
        // Nothing to draw: no watcher thread (a file of 49,158 sudokus
        // searched one after the other would start one for each).
        let result = work();
        return (result, progress.fraction());
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut display = Display::new(std::io::stderr().is_terminal());
            while !done.load(Ordering::Relaxed) {
                display.show(progress.fraction(), progress.solutions(), progress.nodes());
                std::thread::park_timeout(Duration::from_millis(10));
            }
            display.clear();
        });
        let result = work();
        done.store(true, Ordering::Relaxed);
        // Woken, the watcher ends now, not at its next look (up to 10 ms
        // more on every command).
        watcher.thread().unpark();
        let _ = watcher.join();
        (result, progress.fraction())
    })
}

/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// How often a log line is written when standard error is not a terminal.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// Steps of the bar: the fraction done in hundredths of a percent.
const STEPS: u64 = 10_000;

/// Solutions, nodes per second, the estimated fraction done and the time
/// left it implies, as an indicatif bar (fits 80 columns) or as log lines.
pub(crate) struct Display {
    bar: Option<ProgressBar>,
    start: Instant,
    last: Option<Instant>,
}

impl Display {
    /// A bar when `terminal`, log lines otherwise.
    pub(crate) fn new(terminal: bool) -> Display {
        let bar = terminal.then(|| {
            let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr());
            let style =
                ProgressStyle::with_template("{elapsed_precise} [{bar:20}] {percent:>3}% {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style.progress_chars("=> "));
            bar
        });
        Display {
            bar,
            start: Instant::now(),
            last: None,
        }
    }

    /// Shows the figures, if the last showing is old enough.
    pub(crate) fn show(&mut self, fraction: f64, solutions: u64, nodes: u64) {
        let now = Instant::now();
        let every = if self.bar.is_some() { TICK } else { LOG_EVERY };
        let due = self
            .last
            .map_or(now.duration_since(self.start) >= every, |last| {
                now.duration_since(last) >= every
            });
        if !due {
            return;
        }
        self.last = Some(now);
        let seconds = now.duration_since(self.start).as_secs_f64();
        #[allow(clippy::cast_precision_loss, reason = "a rate for people to read")]
        let rate = if seconds > 0.0 {
            nodes as f64 / seconds
        } else {
            0.0
        };
        let fraction = fraction.clamp(0.0, 1.0);
        let eta = eta(seconds, fraction);
        match &self.bar {
            Some(bar) => {
                bar.set_message(format!(
                    "eta {eta} | {} sol | {} nodes/s",
                    group(solutions),
                    human(rate)
                ));
                // The estimate is in [0, 1]; the cast drops the fraction of a step.
                #[allow(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a position in 0..=STEPS"
                )]
                bar.set_position((fraction * STEPS as f64) as u64);
            }
            None => {
                let _ = writeln!(
                    std::io::stderr(),
                    "dlx: {:.1} s, {:.2}% done (estimate), eta {eta}, {} solutions, {} nodes, {} nodes/s",
                    seconds,
                    fraction * 100.0,
                    group(solutions),
                    group(nodes),
                    human(rate)
                );
            }
        }
    }

    /// Removes the bar from the terminal.
    pub(crate) fn clear(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The time left if the rest of the tree goes as fast as the part done:
/// `1h02m`, `3m20s`, `45s`, or `?` before any estimate.
fn eta(seconds: f64, fraction: f64) -> String {
    if fraction <= 1e-9 || seconds <= 0.0 {
        return "?".into();
    }
    let left = seconds * (1.0 - fraction) / fraction;
    if !left.is_finite() || left > 1e9 {
        return "?".into();
    }
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "whole seconds, checked finite and below 1e9"
    )]
    let left = left.round() as u64;
    match left {
        s if s >= 3600 => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
        s if s >= 60 => format!("{}m{:02}s", s / 60, s % 60),
        s => format!("{s}s"),
    }
}

/// A number with its thousands grouped: `12,345,678`.
pub(crate) fn group(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rate with a metric suffix: `1.25M`.
fn human(rate: f64) -> String {
    match rate {
        r if r >= 1e9 => format!("{:.2}G", r / 1e9),
        r if r >= 1e6 => format!("{:.2}M", r / 1e6),
        r if r >= 1e3 => format!("{:.1}k", r / 1e3),
        r => format!("{r:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{eta, group};

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(group(0u64), "0");
        assert_eq!(group(999u64), "999");
        assert_eq!(group(1000u64), "1,000");
        assert_eq!(group(12_345_678u64), "12,345,678");
        assert_eq!(eta(10.0, 0.5), "10s");
        assert_eq!(eta(100.0, 0.25), "5m00s");
        assert_eq!(eta(10.0, 0.0), "?");
    }
}
