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
use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What the progress display reads while a search runs.
pub(crate) trait Watched: Sync {
    /// The fraction of the work done, in `[0, 1]`.
    fn fraction(&self) -> f64;
    /// Solutions found so far.
    fn solutions(&self) -> u64;
    /// Nodes searched so far (Knuth's nodes, all threads together).
    fn nodes(&self) -> u64;
    /// Knuth's progress string: the choice at each of the first levels of
    /// the search's path, `k` of `d` (empty when there is none to show).
    fn choices(&self) -> Vec<(u32, u32)> {
        Vec::new()
    }
    /// The round of an iterative deepening (from 1) and its bound, while
    /// one runs: shown instead of solutions and a time left, which a
    /// deepening does not have until it ends.
    fn deepening(&self) -> Option<(u32, u32)> {
        None
    }
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
    fn choices(&self) -> Vec<(u32, u32)> {
        Progress::choices(self)
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
    fn choices(&self) -> Vec<(u32, u32)> {
        (**self).choices()
    }
    fn deepening(&self) -> Option<(u32, u32)> {
        (**self).deepening()
    }
}

/// Runs `work` on this thread while a watcher thread draws `progress` (when
/// `shows`; without it, no thread is started); the display is cleared
/// before this returns. Returns the work's
/// result and the fraction done the watcher last saw (for the note of a
/// stopped run).
pub(crate) fn watch<T>(
    shows: bool,
    every: Duration,
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
            let mut display = Display::new(std::io::stderr().is_terminal(), every);
            while !done.load(Ordering::Relaxed) {
                display.show(progress);
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

/// Steps of the bar: the fraction done in hundredths of a percent.
const STEPS: u64 = 10_000;

/// The levels of Knuth's progress string a log line shows.
const SHOWN_LEVELS: usize = 8;

/// Solutions, nodes per second, the estimated fraction done and the time
/// left it implies (or a deepening's round and bound), as an indicatif bar
/// (fits 80 columns) or as log lines, which also show Knuth's progress string.
pub(crate) struct Display {
    bar: Option<ProgressBar>,
    /// How often a log line is written.
    every: Duration,
    start: Instant,
    last: Option<Instant>,
}

impl Display {
    /// A bar when `terminal`, log lines every `every` otherwise.
    pub(crate) fn new(terminal: bool, every: Duration) -> Display {
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
            every,
            start: Instant::now(),
            last: None,
        }
    }

    /// Shows the figures, if the last showing is old enough.
    pub(crate) fn show(&mut self, progress: &(impl Watched + ?Sized)) {
        let now = Instant::now();
        let every = if self.bar.is_some() { TICK } else { self.every };
        let due = self
            .last
            .map_or(now.duration_since(self.start) >= every, |last| {
                now.duration_since(last) >= every
            });
        if !due {
            return;
        }
        self.last = Some(now);
        let elapsed = now.duration_since(self.start);
        let line = Line::read(progress, elapsed);
        match &self.bar {
            Some(bar) => {
                bar.set_message(line.short());
                // The estimate is in [0, 1]; the cast drops the fraction of a step.
                #[allow(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a position in 0..=STEPS"
                )]
                bar.set_position((line.fraction * STEPS as f64) as u64);
            }
            None => {
                let _ = writeln!(std::io::stderr(), "{}", line.long());
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

/// What one showing of the display says.
struct Line {
    elapsed: Duration,
    fraction: f64,
    solutions: u64,
    nodes: u64,
    /// Nodes per second, whole.
    rate: u64,
    choices: Vec<(u32, u32)>,
    deepening: Option<(u32, u32)>,
}

impl Line {
    fn read(progress: &(impl Watched + ?Sized), elapsed: Duration) -> Line {
        let nodes = progress.nodes();
        let seconds = elapsed.as_secs_f64();
        #[allow(
            clippy::cast_precision_loss,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a rate for people to read"
        )]
        let rate = if seconds > 0.0 {
            (nodes as f64 / seconds) as u64
        } else {
            0
        };
        Line {
            elapsed,
            fraction: progress.fraction().clamp(0.0, 1.0),
            solutions: progress.solutions(),
            nodes,
            rate,
            choices: progress.choices(),
            deepening: progress.deepening(),
        }
    }

    /// The bar's message: the time left, solutions and rate, or the deepening's round.
    fn short(&self) -> String {
        match self.deepening {
            Some((round, bound)) => format!(
                "round {round}, at most {bound} | {}/s",
                HumanCount(self.rate)
            ),
            None => format!(
                "eta {} | {} sol | {}/s",
                eta(self.elapsed, self.fraction),
                HumanCount(self.solutions),
                HumanCount(self.rate)
            ),
        }
    }

    /// A log line: all the figures, and Knuth's progress string beside the fraction done.
    fn long(&self) -> String {
        let elapsed = format!("{:.1} s", self.elapsed.as_secs_f64());
        let (nodes, rate) = (HumanCount(self.nodes), HumanCount(self.rate));
        if let Some((round, bound)) = self.deepening {
            return format!(
                "dlx: {elapsed}, deepening round {round} (a cover of at most {bound}), {nodes} nodes, {rate} nodes/s"
            );
        }
        let mut done = format!("{:.2}% done", self.fraction * 100.0);
        if !self.choices.is_empty() {
            done.push_str(" (choices ");
            done.push_str(&knuth_string(&self.choices));
            done.push(')');
        }
        format!(
            "dlx: {elapsed}, {done}, eta {}, {} solutions, {nodes} nodes, {rate} nodes/s",
            eta(self.elapsed, self.fraction),
            HumanCount(self.solutions),
        )
    }
}

/// Knuth's progress string, readable: `k/d` for each of the first levels, then `...` if there are more.
fn knuth_string(choices: &[(u32, u32)]) -> String {
    let mut text = choices
        .iter()
        .take(SHOWN_LEVELS)
        .map(|(k, d)| format!("{k}/{d}"))
        .collect::<Vec<_>>()
        .join(" ");
    if choices.len() > SHOWN_LEVELS {
        text.push_str(" ...");
    }
    text
}

/// The time left if the rest of the tree goes as fast as the part done
/// (`3m`, `45s`, as indicatif writes it), or `?` before any estimate.
fn eta(elapsed: Duration, fraction: f64) -> String {
    let seconds = elapsed.as_secs_f64();
    if fraction <= 1e-9 || seconds <= 0.0 {
        return "?".into();
    }
    let left = seconds * (1.0 - fraction) / fraction;
    if !left.is_finite() || left > 1e9 {
        return "?".into();
    }
    format!("{:#}", HumanDuration(Duration::from_secs_f64(left)))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{eta, knuth_string, Line, Watched};

    /// A search seen from outside, with fixed figures.
    struct Fixed {
        choices: Vec<(u32, u32)>,
        deepening: Option<(u32, u32)>,
    }

    impl Watched for Fixed {
        fn fraction(&self) -> f64 {
            0.25
        }
        fn solutions(&self) -> u64 {
            1234
        }
        fn nodes(&self) -> u64 {
            2_000_000
        }
        fn choices(&self) -> Vec<(u32, u32)> {
            self.choices.clone()
        }
        fn deepening(&self) -> Option<(u32, u32)> {
            self.deepening
        }
    }

    #[test]
    fn times_left_and_progress_strings_read_as_people_write_them() {
        assert_eq!(eta(Duration::from_secs(10), 0.5), "10s");
        assert_eq!(eta(Duration::from_secs(100), 0.25), "5m");
        assert_eq!(eta(Duration::from_secs(10), 0.0), "?");
        assert_eq!(knuth_string(&[(1, 3), (2, 2)]), "1/3 2/2");
        let deep: Vec<(u32, u32)> = (1..=10).map(|k| (1, k)).collect();
        assert_eq!(knuth_string(&deep), "1/1 1/2 1/3 1/4 1/5 1/6 1/7 1/8 ...");
    }

    /// Issue 21: the log line shows Knuth's progress string beside the
    /// fraction done, and a deepening shows its round and bound instead of
    /// "0 solutions, eta ?".
    #[test]
    fn log_lines_show_knuths_progress_string_and_the_deepening_issue_21() {
        let elapsed = Duration::from_secs(4);
        let search = Fixed {
            choices: vec![(2, 5), (1, 3), (4, 4)],
            deepening: None,
        };
        let line = Line::read(&search, elapsed);
        assert_eq!(
            line.long(),
            "dlx: 4.0 s, 25.00% done (choices 2/5 1/3 4/4), eta 12s, 1,234 solutions, 2,000,000 nodes, 500,000 nodes/s"
        );
        assert_eq!(line.short(), "eta 12s | 1,234 sol | 500,000/s");
        let cover = Fixed {
            choices: Vec::new(),
            deepening: Some((3, 21)),
        };
        let line = Line::read(&cover, elapsed);
        assert_eq!(
            line.long(),
            "dlx: 4.0 s, deepening round 3 (a cover of at most 21), 2,000,000 nodes, 500,000 nodes/s"
        );
        assert_eq!(line.short(), "round 3, at most 21 | 500,000/s");
    }
}
