//! `cargo xtask python [--bench]`: the Python package `dlx-rs` built as a
//! wheel, installed in a fresh virtual environment and tested there; with
//! `--bench`, timed against the Python exact cover packages.
//!
//! The steps of the test run:
//! 1. A tools environment (maturin, pytest, mypy, numpy) is made once in
//!    `~/.cache/dlx-ci/python-tools` (`$DLX_PYTHON_TOOLS` to move it), so a
//!    second run on the same machine installs nothing.
//! 2. `maturin build --release` writes the wheel into `target/wheels/`.
//! 3. A fresh environment (`target/python/venv`, cleared first) gets the
//!    wheel, pytest, mypy and numpy with pip; the pytest suite of
//!    `crates/dlx-python/tests` runs in it beside the `dlx` binary
//!    (`DLX_BIN`), `mypy --strict` checks `examples/typed.py`
//!    against the installed stubs, and `fuzz/fuzz_entry_points.py` fuzzes
//!    the readers and the model constructors for 5 s (with atheris when it
//!    installs).
//! 4. A second fresh environment installs the package the way its README
//!    says, `pip install ./crates/dlx-python` (maturin as the build
//!    backend; the build reuses the workspace's target directory), and
//!    counts the 8-queens solutions with it.
//!
//! Without `python3` (3.9 or later) with `venv` and `pip`, the run says so
//! and skips.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context as _};

use crate::tools::succeeds;
use crate::{say, tell};

/// The Python packages of the tools environment.
const TOOLS: &[&str] = &["maturin>=1.7,<2", "pytest>=7", "mypy>=1.8", "numpy"];

/// The peers the benchmark times (the ones that install here).
const PEERS: &[&str] = &[
    "exact-cover",
    "xcover",
    "dxz",
    "miniexact",
    "exact-cover-py",
    "polyomino",
];

/// The import names of `PEERS`: the bench environment is ready when all
/// import.
const PEER_MODULES: &[&str] = &[
    "exact_cover",
    "xcover",
    "dxz",
    "miniexact",
    "exact_cover_py",
    "polyomino",
];

pub(crate) fn run(root: &Path, args: &[String]) -> anyhow::Result<()> {
    let bench = match args {
        [] => false,
        [flag] if flag == "--bench" => true,
        _ => bail!("usage: cargo xtask python [--bench]"),
    };
    let Some(python) = find_python() else {
        say("skipped: no python3 (3.9 or later) with venv and pip");
        return Ok(());
    };
    let tools = tools_env(&python)?;
    let wheel = build_wheel(root, &tools)?;
    if bench {
        return run_bench(root, &python, &wheel);
    }
    test_wheel(root, &python, &wheel)?;
    install_from_source(root, &python)?;
    say("python: the wheel's tests, mypy --strict and pip install ./crates/dlx-python passed");
    Ok(())
}

/// `python3` if it is 3.9 or later and has venv.
fn find_python() -> Option<String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let check = "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 9))";
    succeeds(Command::new(&python).args(["-c", check])).then_some(python)
}

/// A virtual environment kept between runs: `$VAR` if set, else
/// `~/.cache/dlx-ci/NAME`.
fn cached_env(var: &str, name: &str) -> anyhow::Result<PathBuf> {
    if let Some(path) = std::env::var_os(var) {
        return Ok(PathBuf::from(path));
    }
    let home = std::env::var_os("HOME").context("HOME is not set")?;
    Ok(PathBuf::from(home).join(".cache/dlx-ci").join(name))
}

/// The interpreter of the virtual environment at `env`.
fn bin(env: &Path, program: &str) -> PathBuf {
    env.join("bin").join(program)
}

/// Runs `command`, failing with `what` when it fails.
fn run_step(command: &mut Command, what: &str) -> anyhow::Result<()> {
    tell(&format!("python: {what}"));
    let status = command
        .status()
        .with_context(|| format!("cannot run {command:?}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// `pip install --quiet` in the environment `env`, its arguments to follow.
fn pip_install(env: &Path) -> Command {
    let mut command = Command::new(bin(env, "pip"));
    command.args(["install", "--quiet", "--disable-pip-version-check"]);
    command
}

/// Makes a fresh virtual environment at `env` (cleared if it exists).
fn fresh_env(python: &str, env: &Path) -> anyhow::Result<()> {
    run_step(
        Command::new(python)
            .args(["-m", "venv", "--clear"])
            .arg(env),
        &format!("a fresh environment at {}", env.display()),
    )
}

/// The tools environment, made and filled once.
fn tools_env(python: &str) -> anyhow::Result<PathBuf> {
    let env = cached_env("DLX_PYTHON_TOOLS", "python-tools")?;
    let ready = bin(&env, "maturin").exists()
        && succeeds(Command::new(bin(&env, "python")).args(["-c", "import pytest, mypy, numpy"]));
    if ready {
        tell(&format!("python: tools ready in {}", env.display()));
        return Ok(env);
    }
    fresh_env(python, &env)?;
    run_step(
        pip_install(&env).args(TOOLS),
        "installing the tools (maturin, pytest, mypy, numpy)",
    )?;
    Ok(env)
}

/// `maturin build --release`: the wheel's path.
fn build_wheel(root: &Path, tools: &Path) -> anyhow::Result<PathBuf> {
    let out = root.join("target/wheels");
    if out.exists() {
        for entry in std::fs::read_dir(&out)? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "whl") {
                std::fs::remove_file(path)?;
            }
        }
    }
    run_step(
        Command::new(bin(tools, "maturin"))
            .args(["build", "--release", "--quiet", "--out"])
            .arg(&out)
            .arg("--manifest-path")
            .arg(root.join("crates/dlx-python/Cargo.toml")),
        "maturin build --release",
    )?;
    let wheel = std::fs::read_dir(&out)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|e| e == "whl"))
        .context("maturin wrote no wheel")?;
    Ok(wheel)
}

/// The wheel installed in a fresh environment: pytest and mypy --strict.
fn test_wheel(root: &Path, python: &str, wheel: &Path) -> anyhow::Result<()> {
    let env = root.join("target/python/venv");
    fresh_env(python, &env)?;
    run_step(
        pip_install(&env)
            .arg(wheel)
            .args(["pytest>=7", "mypy>=1.8", "numpy"]),
        "pip install the wheel, pytest, mypy, numpy",
    )?;
    let dlx = crate::tools::build_dlx(root)?;
    let package = root.join("crates/dlx-python");
    // From outside the source tree, so that `import dlx_rs` finds the
    // installed package, not `python/dlx_rs` without its native module.
    run_step(
        Command::new(bin(&env, "python"))
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(package.join("tests"))
            .env("DLX_BIN", &dlx)
            .current_dir(root.join("target/python")),
        "pytest",
    )?;
    run_step(
        Command::new(bin(&env, "python"))
            .args(["-m", "mypy", "--strict", "--no-incremental"])
            .arg(package.join("examples/typed.py"))
            .current_dir(root.join("target/python")),
        "mypy --strict examples/typed.py",
    )?;
    // atheris (libFuzzer for Python) where a wheel installs; without it the
    // harness makes its own random inputs.
    let _ = succeeds(Command::new(bin(&env, "pip")).args([
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "atheris",
    ]));
    run_step(
        Command::new(bin(&env, "python"))
            .arg(package.join("fuzz/fuzz_entry_points.py"))
            .args(["--seconds", "5"])
            .current_dir(root.join("target/python")),
        "fuzz the entry points for 5 s (fuzz/fuzz_entry_points.py)",
    )
}

/// `pip install ./crates/dlx-python`, as the README says, in a fresh
/// environment: the 8-queens count from it.
fn install_from_source(root: &Path, python: &str) -> anyhow::Result<()> {
    let env = root.join("target/python/venv-source");
    fresh_env(python, &env)?;
    run_step(
        pip_install(&env)
            .arg("./crates/dlx-python")
            .env("CARGO_TARGET_DIR", root.join("target"))
            .current_dir(root),
        "pip install ./crates/dlx-python",
    )?;
    run_step(
        Command::new(bin(&env, "python"))
            .args(["-c", "import dlx_rs; assert dlx_rs.Queens(8).count() == 92"])
            .current_dir(root.join("target/python")),
        "the 8-queens count from the source install",
    )
}

/// `--bench`: the wheel and the peers in the bench environment, then
/// `benches/python/bench.py`, whose table goes to
/// `target/python-bench.md`.
///
/// The bench has an environment of its own, made once in
/// `~/.cache/dlx-ci/python-bench` (`$DLX_PYTHON_BENCH` to move it), because
/// `exact-cover` (a C extension built against NumPy 1) fails to import with
/// NumPy 2, which the tools environment of the test run gets.
fn run_bench(root: &Path, python: &str, wheel: &Path) -> anyhow::Result<()> {
    let env = bench_env(python)?;
    run_step(
        pip_install(&env)
            .args(["--force-reinstall", "--no-deps"])
            .arg(wheel),
        "pip install the wheel into the bench environment",
    )?;
    let out = root.join("target/python-bench.md");
    run_step(
        Command::new(bin(&env, "python"))
            .arg(root.join("benches/python/bench.py"))
            .arg("--output")
            .arg(&out)
            .current_dir(root.join("data")),
        "benches/python/bench.py",
    )?;
    say(&format!("python: the table is in {}", out.display()));
    Ok(())
}

/// The bench environment (NumPy 1 and the peers), made and filled once.
fn bench_env(python: &str) -> anyhow::Result<PathBuf> {
    let env = cached_env("DLX_PYTHON_BENCH", "python-bench")?;
    let check = format!("import numpy, {}", PEER_MODULES.join(", "));
    if succeeds(Command::new(bin(&env, "python")).args(["-c", &check])) {
        tell(&format!(
            "python: bench environment ready in {}",
            env.display()
        ));
        return Ok(env);
    }
    fresh_env(python, &env)?;
    run_step(
        pip_install(&env).arg("numpy<2"),
        "installing numpy<2 into the bench environment",
    )?;
    for peer in PEERS {
        // A peer that does not install here is left out of the table, and said.
        let installed = succeeds(pip_install(&env).args([peer, "numpy<2"]));
        if !installed {
            tell(&format!("python: {peer} does not install here; left out"));
        }
    }
    Ok(env)
}
