//! The progress bar of long counts: solutions, nodes per second and the fraction done, on standard error.

use std::io::IsTerminal as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dlx_parallel::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(250);

/// Steps of the bar: the fraction done in hundredths of a percent.
const STEPS: u64 = 10_000;

/// An indicatif bar on standard error, or nothing when it is not a terminal or `--quiet` was given.
pub(crate) struct Bar {
    bar: Option<ProgressBar>,
    start: Instant,
    last: Instant,
}

impl Bar {
    /// A bar, shown only if `wanted` and standard error is a terminal.
    pub(crate) fn new(wanted: bool) -> Bar {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {percent:>3}% (estimate) {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style.progress_chars("=> "));
            bar
        });
        let now = Instant::now();
        Bar {
            bar,
            start: now,
            last: now,
        }
    }

    /// Whether a bar is shown.
    pub(crate) fn shown(&self) -> bool {
        self.bar.is_some()
    }

    /// Redraws the bar if the last redraw is older than [`TICK`].
    pub(crate) fn tick(&mut self, fraction: f64, solutions: u64, nodes: u64) {
        let Some(bar) = &self.bar else { return };
        let now = Instant::now();
        if now.duration_since(self.last) < TICK {
            return;
        }
        self.last = now;
        let seconds = now.duration_since(self.start).as_secs_f64();
        let rate = if seconds > 0.0 {
            nodes as f64 / seconds
        } else {
            0.0
        };
        // The estimate is in [0, 1]; the cast only drops the fraction of a step.
        bar.set_message(format!("solutions: {solutions}, nodes/s: {}", human(rate)));
        bar.set_position((fraction.clamp(0.0, 1.0) * STEPS as f64) as u64);
    }

    /// Removes the bar from the terminal.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    /// Redraws the bar from a parallel search's progress until `done` is raised.
    pub(crate) fn watch(&mut self, progress: &Progress, done: &AtomicBool) {
        if !self.shown() {
            return;
        }
        while !done.load(Ordering::Relaxed) {
            self.tick(progress.fraction(), progress.solutions(), progress.nodes());
            std::thread::sleep(TICK / 5);
        }
        self.finish();
    }
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
