//! The arguments of a task's command line, read one flag at a time.
//!
//! The tasks take few flags, so a small reader serves them instead of a parser crate; it says the same thing the same way for every task: a flag without its value, a value that is not a number, an unknown argument.

use std::str::FromStr;

use anyhow::{anyhow, Context as _};

/// The arguments after a task's name, with the task's name for the messages.
#[derive(Debug)]
pub(crate) struct Flags<'a> {
    /// The task, as the user typed it (`bench`, `fuzz`).
    task: &'static str,
    /// The arguments not read yet.
    args: std::slice::Iter<'a, String>,
}

impl<'a> Flags<'a> {
    /// The arguments of `task`.
    pub(crate) fn new(task: &'static str, args: &'a [String]) -> Flags<'a> {
        Flags {
            task,
            args: args.iter(),
        }
    }

    /// The next flag, or `None` at the end.
    pub(crate) fn next_flag(&mut self) -> Option<&'a str> {
        self.args.next().map(String::as_str)
    }

    /// The value after `flag`.
    pub(crate) fn value(&mut self, flag: &str) -> anyhow::Result<String> {
        self.args
            .next()
            .cloned()
            .with_context(|| format!("{flag} needs a value"))
    }

    /// The number after `flag`.
    pub(crate) fn number<T: FromStr>(&mut self, flag: &str) -> anyhow::Result<T> {
        let value = self.value(flag)?;
        value
            .parse()
            .map_err(|_| anyhow!("{flag} takes a number, not {value:?}"))
    }

    /// The error for an argument the task does not take, with the usage.
    pub(crate) fn unknown(&self, arg: &str) -> anyhow::Error {
        anyhow!(
            "unknown argument {arg:?} to {}\n\n{}",
            self.task,
            crate::USAGE
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn flags_values_and_numbers_are_read_in_turn() {
        let list = args(&["--seconds", "5", "--target", "search"]);
        let mut flags = Flags::new("fuzz", &list);
        assert_eq!(flags.next_flag(), Some("--seconds"));
        assert_eq!(flags.number::<u64>("--seconds").expect("a number"), 5);
        assert_eq!(flags.next_flag(), Some("--target"));
        assert_eq!(flags.value("--target").expect("a value"), "search");
        assert_eq!(flags.next_flag(), None);
    }

    #[test]
    fn a_missing_value_a_word_for_a_number_and_an_unknown_flag_are_said() {
        let list = args(&["--rounds", "many"]);
        let mut flags = Flags::new("bench", &list);
        flags.next_flag();
        let err = flags.number::<usize>("--rounds").expect_err("not a number");
        assert_eq!(err.to_string(), "--rounds takes a number, not \"many\"");
        let err = flags.value("--filter").expect_err("no value left");
        assert_eq!(err.to_string(), "--filter needs a value");
        let err = flags.unknown("--fast").to_string();
        assert!(
            err.starts_with("unknown argument \"--fast\" to bench\n\nusage:"),
            "{err}"
        );
    }
}
