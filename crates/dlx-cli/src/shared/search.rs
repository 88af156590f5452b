//! How the subcommands run a search and report on it: the number of threads, the statistics.

use std::io::Write as _;
use std::num::NonZeroUsize;

use dlx_core::Stats;

/// The number of threads asked for: all cores unless told (0 also means all cores).
pub(crate) fn thread_count(threads: Option<usize>) -> usize {
    match threads {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    }
}

/// Prints Knuth's statistics of a search, its time and its rate to standard error (`--stats`).
pub(crate) fn print_stats(stats: &Stats, seconds: f64) {
    let rate = if seconds > 0.0 {
        stats.nodes as f64 / seconds
    } else {
        0.0
    };
    // Statistics are a courtesy: failing to write them to standard error is not an error.
    let _ = writeln!(
        std::io::stderr(),
        "solutions: {}\nnodes: {}\nupdates: {}\nmax level: {}\ntime: {:.3} s\nnodes/s: {:.0}",
        stats.solutions,
        stats.nodes,
        stats.updates,
        stats.max_level,
        seconds,
        rate
    );
}
