//! `cargo xtask`: the workspace's chores, written in Rust rather than shell.
//!
//! - `cargo xtask gen-data` writes the generated benchmark instances into `data/bench/`.
//! - `cargo xtask bench [--quick] [--filter NAME] [--counting]` times our engine
//!   against its peers and writes the tables to `BENCHMARKS.md`, the counting
//!   table (our counts on one and two threads against DLX6, dxz and xcover) included.
//! - `cargo xtask pictures` writes every model's SVG picture of the bundled
//!   inputs into `target/pictures/` and renders each to PNG with `rsvg-convert`;
//!   the README's pictures also into `docs/pictures/`.
//! - `cargo xtask miri` runs dlx-core's tests under Miri (skipped, and said,
//!   without a nightly toolchain).
//! - `cargo xtask fuzz [--seconds N] [--target NAME]` runs the cargo-fuzz
//!   targets in `fuzz/` (nightly) and reports executions per target.
//! - `cargo xtask rss -- COMMAND...` runs a command and prints its peak resident
//!   size (the bench uses it for the memory column).
//! - `cargo xtask man` writes the manual pages of `dlx` into `target/man/`.
//! - `cargo xtask package-check` runs `cargo publish --dry-run` on the four
//!   published crates and fails on any warning.
//! - `cargo xtask msrv` checks the workspace with its declared `rust-version`.
//! - `cargo xtask python [--bench]` builds the Python package's wheel, tests it
//!   in a fresh virtual environment (pytest, mypy --strict) and installs it
//!   from source as its README says; `--bench` times it against the Python
//!   exact cover packages.
//! - `cargo xtask web [--serve [PORT]] [--test]` builds the web page into
//!   `target/web/`, serves it on localhost, runs its browser tests.
//! - `cargo xtask slurm-check` runs the Slurm recipe of the dlx-parallel
//!   README on a one-node cluster of this machine.
//! - `cargo xtask house-check [--report]` checks the house's limits (file
//!   lengths, dlx-core's root, import circles, ARCHITECTURE.md's size, the
//!   changelog's form, repeated code) and fails on any broken one.

mod bench;
mod counting;
mod figures;
mod flags;
mod fuzz;
mod gen_data;
mod house;
mod man;
mod miri;
mod msrv;
mod package;
mod pictures;
mod python;
mod rss;
mod scaling;
mod slurm;
mod tools;
mod web;

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::bail;

pub(crate) const USAGE: &str = "usage: cargo xtask <command>

commands:
  gen-data            write the generated instances into data/bench/
  bench [options]     time our engine against its peers; write BENCHMARKS.md
      --quick             one round of the fast workloads (well under a minute);
                          writes target/benchmarks-partial.md
      --filter NAME       only the workloads whose name contains NAME
                          (e.g. queens, pentomino-6x10); writes target/benchmarks-partial.md
      --rounds N          runs per solver, median taken (default 3, or 1 with --quick)
      --output FILE       write the report there instead
      --no-build          use the dlx and runner binaries already in target/release
      --counting          only the counting table (our default count on 1 and 2
                          threads and the plain count, against DLX6, dxz and
                          xcover from $DLX_PEERS, default /work/peers/bin; with
                          --quick, the light rows only); writes
                          target/benchmarks-partial.md
      --count-seconds N   the time limit of each run of the counting table (default
                          60; the heavy rows, Aztec 20 and the 30x30 square, 180)
  pictures            write every model's SVG picture of the bundled inputs into
                      target/pictures/ and render each to PNG (needs rsvg-convert,
                      Debian package librsvg2-bin); the README's also into
                      docs/pictures/
  miri                run dlx-core's tests under Miri (installs the nightly
                      miri component if needed; says so and skips without nightly)
  fuzz [options]      run every cargo-fuzz target in fuzz/ (needs nightly and
                      cargo-fuzz; skipped with a message when nightly is missing)
      --seconds N         seconds per target (default 60)
      --target NAME       only this target (e.g. search, shard_merge)
  rss -- COMMAND...   run COMMAND and print its peak resident size in KiB
  man                 write the manual pages of dlx (dlx.1 and one per
                      subcommand) into target/man/
  package-check       cargo publish --dry-run the four published crates together
                      (packaged and verified in dependency order); fail on any
                      warning, a missing license file, or dlx-core's test
                      fixtures in its package
  msrv                cargo check the workspace with its rust-version toolchain
                      (installs it with rustup; says so and skips if it cannot)
  python [--bench]    build the Python package (crates/dlx-python) as a wheel with
                      maturin, install it in a fresh venv and run its pytest
                      suite and mypy --strict, then pip install it from source;
                      --bench times it against the Python exact cover packages
                      (table in target/python-bench.md); skipped without python3
  web [--serve [PORT]] [--test]
                      build the web page (crates/dlx-wasm with wasm-bindgen, and
                      web/) into target/web/; --serve serves it on localhost
                      (port 8000 by default), --test runs the browser tests in
                      headless Chromium (installs what it needs, or skips)
  slurm-check         run the dlx-parallel README's Slurm array job on a
                      one-node cluster started here (installs slurm and munge
                      with apt-get if needed; says why and skips if it cannot)
  house-check [--report]
                      check the house's limits: no product source file over 700
                      lines, at most 60 names at dlx-core's root, no import
                      circle between a crate's modules, ARCHITECTURE.md at most
                      22,000 bytes, CHANGELOG.md in Keep a Changelog's form with
                      no line over 400 characters, at most 20 pairs of repeated
                      runs in product code (with the duplicates command, where
                      installed); fail naming each file over a limit;
                      --report prints the figures and exits 0
";

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen-data") => gen_data::run(&workspace_root()),
        Some("bench") => bench::run(&bench::Options::parse(&args[1..])?),
        Some("pictures") => pictures::run(&workspace_root()),
        Some("miri") => miri::run(&workspace_root()),
        Some("fuzz") => fuzz::run(&fuzz::Options::parse(&args[1..])?),
        Some("man") => man::run(&workspace_root()),
        Some("package-check") => package::run(&workspace_root()),
        Some("msrv") => msrv::run(&workspace_root()),
        Some("slurm-check") => slurm::run(&workspace_root()),
        Some("house-check") => house::run(&workspace_root(), &args[1..]),
        Some("web") => web::run(&workspace_root(), &args[1..]),
        Some("python") => python::run(&workspace_root(), &args[1..]),
        Some("rss") => {
            let command = args[1..]
                .strip_prefix(&["--".to_owned()])
                .unwrap_or(&args[1..]);
            rss::run(command)
        }
        Some("help" | "--help" | "-h") | None => {
            say(USAGE);
            Ok(())
        }
        Some(other) => bail!("unknown command {other:?}\n\n{USAGE}"),
    }
}

/// The workspace root: the parent of this package's manifest directory.
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map_or(manifest.clone(), PathBuf::from)
}

/// Prints a line of progress or of the report on standard output.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// Prints a line on standard error, apart from a child's standard output.
fn tell(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}
