//! Python bindings of the dlx workspace: the extension module `dlx_rs._dlx`.
//!
//! The package `dlx-rs` (imported as `dlx_rs`) is a face over the
//! workspace's crates: each method converts its arguments, calls one
//! function below it (`dlx_core`, `dlx_models`, `dlx_parallel`) and
//! converts the answer. Nothing here searches, encodes, draws or decides a
//! method, a thread count or a puzzle's policy on its own.
//!
//! # Brief overview
//! - `problem`: `Problem`, a `dlx_core::Problem` and every
//!   search of it; `build` makes one from Python's input (lists, a 0/1
//!   matrix, Knuth's text, a file read within a size limit); `searches`
//!   runs the searches under a call's limits; `solutions`: the lazy
//!   iterator, on a `dlx_parallel::Listing` when on threads.
//! - `sudoku`, `queens`, `polyomino`: the puzzles of `dlx_models`;
//!   `polyform`: `Polycube`, `Polyiamond` and `Polyhex`, one face over
//!   the family, whose count (shared with `polyomino`) is the models' one
//!   policy, `dlx_models::tilings::count_tilings`.
//! - `answers`: counts, solutions, `Stats` and `Estimate` as Python sees
//!   them; `args`: arguments converted (each named when out of range) into
//!   a call's `Limits` (its budget and threads); `errors`: the exceptions.
//! - `run`: how a search runs with the GIL released and Ctrl-C let through.
//!
//! # Design
//! - **The GIL is released** for every search, and the search is
//!   interruptible: it runs in slices on the calling thread, or on threads
//!   beside a caller that wakes every few tens of milliseconds to ask
//!   Python whether a signal (Ctrl-C) is pending; a pending signal raises
//!   the search's cancel flag, and its exception (`KeyboardInterrupt`) is
//!   what the call raises.
//! - **Never a short answer that looks whole.** A search the caller's
//!   budget stopped raises `SearchStopped`, which carries the partial
//!   answer and the reason; the Python layer has no other way to end early.
//! - **Errors name the place.** Knuth's text, a matrix, a sudoku or a board
//!   that cannot be read raise an `InputError` subclass whose message is the
//!   Rust error's (the line, the item, what was expected) and whose
//!   attributes give the line and column where the error knows them; an
//!   argument out of range raises `ArgumentError` naming it.
//! - **Exceptions are Python classes** (`python/dlx_rs/_errors.py`), so
//!   that `InputError` can be a `ValueError` too; this crate looks them up.
#![allow(
    unsafe_code,
    reason = "the code PyO3's #[pymodule], #[pyclass] and #[pymethods] generate"
)]

mod answers;
mod args;
mod build;
mod errors;
mod polyform;
mod polyomino;
mod problem;
mod queens;
mod run;
mod searches;
mod solutions;
mod sudoku;

use pyo3::prelude::*;

/// Adds each class to the module `$m`.
macro_rules! add_classes {
    ($m:ident, $($class:path),+ $(,)?) => {
        $($m.add_class::<$class>()?;)+
    };
}

/// The native part of `dlx_rs`: import `dlx_rs`, not this.
#[pymodule]
fn _dlx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // Every class of the package, each added once.
    add_classes!(
        m,
        problem::Problem,
        solutions::Solutions,
        answers::Stats,
        answers::Estimate,
        sudoku::Sudoku,
        queens::Queens,
        queens::QueensBoard,
        polyomino::Polyomino,
        polyomino::Tiling,
        polyform::Polycube,
        polyform::Polyiamond,
        polyform::Polyhex,
        polyform::Packing,
    );
    m.add_function(wrap_pyfunction!(polyomino::piece_sets, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::solve_sudokus, m)?)?;
    Ok(())
}
