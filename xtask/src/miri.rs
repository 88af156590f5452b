//! `cargo xtask miri`: dlx-core's tests under Miri, which checks every memory
//! access of the unchecked link arrays for undefined behaviour.
//!
//! Miri interprets each instruction, so it runs the tests that exercise the
//! links on small problems (the properties scale their cases down under
//! `cfg(miri)`), not the long known-answer enumerations. It needs a nightly
//! toolchain with the `miri` and `rust-src` components: the command installs
//! them with rustup when they are missing, and says it skipped (exiting 0)
//! when it cannot, so that CI on a machine without nightly still passes; a
//! finding of Miri is a failure.

use std::path::Path;
use std::process::Command;

use anyhow::bail;

use crate::say;
use crate::tools::succeeds;

/// The test filters Miri runs: the hand-checked statistics, the format, and
/// the random properties (which cover colors, multiplicities, costs,
/// subtrees and every read-only view), besides the unit tests of the links.
const FILTERS: [&str; 3] = ["stats::", "format::", "properties::"];

pub(crate) fn run(root: &Path) -> anyhow::Result<()> {
    if !succeeds(Command::new("cargo").args(["+nightly", "--version"])) {
        say("miri: skipped: no nightly toolchain (install it with `rustup toolchain install nightly`)");
        return Ok(());
    }
    if !succeeds(Command::new("cargo").args(["+nightly", "miri", "--version"])) {
        say("miri: installing the miri and rust-src components of the nightly toolchain");
        let installed = succeeds(Command::new("rustup").args([
            "component",
            "add",
            "--toolchain",
            "nightly",
            "miri",
            "rust-src",
        ]));
        if !installed {
            say("miri: skipped: rustup could not install the miri component");
            return Ok(());
        }
    }
    if !succeeds(
        Command::new("cargo")
            .args(["+nightly", "miri", "setup"])
            .current_dir(root),
    ) {
        say("miri: skipped: `cargo +nightly miri setup` failed (it needs rust-src)");
        return Ok(());
    }
    let miri_test = |extra: &[&str]| {
        let mut command = Command::new("cargo");
        command
            .args(["+nightly", "miri", "test", "--locked", "-p", "dlx-core"])
            .args(extra)
            .current_dir(root)
            // Proptest reads and writes its regression files.
            .env("MIRIFLAGS", "-Zmiri-disable-isolation");
        command
    };
    say("miri: dlx-core's unit tests");
    if !miri_test(&["--lib"]).status()?.success() {
        bail!("Miri failed on dlx-core's unit tests");
    }
    say(&format!("miri: dlx-core's tests {}", FILTERS.join(" ")));
    let mut args = vec!["--test", "core", "--"];
    args.extend(FILTERS);
    if !miri_test(&args).status()?.success() {
        bail!("Miri failed on dlx-core's tests");
    }
    say("miri: no undefined behaviour found");
    Ok(())
}
