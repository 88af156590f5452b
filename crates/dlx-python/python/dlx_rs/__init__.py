"""Exact cover with Knuth's Dancing Links, from the Rust dlx workspace.

Build a :class:`Problem` from items and options (or read Knuth's text, or a
0/1 matrix), then list its solutions lazily, count them exactly (a Python
``int`` of any size, memoised where it pays, on every core), find the
cheapest or the fewest options, or estimate the search's size first. The
puzzle models (:class:`Sudoku`, :class:`Queens`, :class:`Polyomino`,
:class:`Polycube`, :class:`Polyiamond`, :class:`Polyhex`) give
their answers as their own objects, drawn as SVG (Jupyter shows them).

>>> import dlx_rs
>>> p = dlx_rs.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
>>> sorted(sorted(s) for s in p.solutions())
[[0, 1], [2, 3]]
>>> p.count()
2

Every search runs with the GIL released; Ctrl-C stops it with
``KeyboardInterrupt``. A budget (``max_nodes``, ``time_limit``,
``max_memory``) that stops a search raises :class:`SearchStopped`, which
carries the partial answer: an answer is never short without saying so.
"""

from ._dlx import (
    Estimate,
    Packing,
    Polycube,
    Polyhex,
    Polyiamond,
    Polyomino,
    Problem,
    Queens,
    QueensBoard,
    Solutions,
    Stats,
    Sudoku,
    Tiling,
    __version__,
    piece_sets,
    solve_sudokus,
)
from ._errors import ArgumentError, BuildError, DlxError, InputError, ParseError, SearchStopped

__all__ = [
    "ArgumentError",
    "BuildError",
    "DlxError",
    "Estimate",
    "InputError",
    "Packing",
    "ParseError",
    "Polycube",
    "Polyhex",
    "Polyiamond",
    "Polyomino",
    "Problem",
    "Queens",
    "QueensBoard",
    "SearchStopped",
    "Solutions",
    "Stats",
    "Sudoku",
    "Tiling",
    "__version__",
    "piece_sets",
    "solve_sudokus",
]
