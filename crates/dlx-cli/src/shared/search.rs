//! How the subcommands run a search: the number of threads, and the words of the flags every search command shares.

use std::num::NonZeroUsize;

/// The help of `--limit`, the same words on every subcommand that lists or counts solutions.
pub(crate) const LIMIT_HELP: &str =
    "Stop after N solutions: list at most N, or with --count count at most N";

/// The help of `--count`, the same words on every subcommand that counts.
pub(crate) const COUNT_HELP: &str = "Print the number of solutions instead of the solutions";

/// The number of threads asked for: all cores unless told (0 also means all cores).
pub(crate) fn thread_count(threads: Option<usize>) -> usize {
    match threads {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    }
}
