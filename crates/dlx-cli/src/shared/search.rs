//! The words of the flags every search command shares.

/// The help of `--limit`, the same words on every subcommand that lists or counts solutions.
pub(crate) const LIMIT_HELP: &str =
    "Stop after N solutions: list at most N, or with --count count at most N";

/// The help of `--count`, the same words on every subcommand that counts.
pub(crate) const COUNT_HELP: &str = "Print the number of solutions instead of the solutions";
