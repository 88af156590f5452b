"""Fuzzes the entry points of dlx_rs that read text or build a model.

The readers (`Problem.from_dlx`, `Problem.from_matrix`, `Problem(...)`,
the sudoku readers) and the model constructors (`Polyomino(board, pieces)`,
`Queens(n, placed)`) get random input, and each input that builds is then
searched under a small budget. A crash is any exception but the documented
ones (`InputError` and its subclasses, `SearchStopped`, `IndexError` for a
secondary column past the matrix), a Rust panic (pyo3's `PanicException`),
an abort, or a hang (libFuzzer's `-timeout`).

With atheris (`pip install atheris`, libFuzzer for Python) the inputs are
libFuzzer's; without it, a seeded random generator makes them (the same
harness, without coverage guidance), so that the check runs everywhere:

    python fuzz_entry_points.py --seconds 5          # as `cargo xtask python` runs it
    python fuzz_entry_points.py --seconds 5 --random # without atheris
    python fuzz_entry_points.py -max_total_time=60   # atheris's own flags
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable, List

try:
    import atheris  # type: ignore[import-not-found]
except ImportError:  # the fallback below
    atheris = None

if atheris is not None:
    with atheris.instrument_imports():
        import dlx_rs
else:
    import dlx_rs

# What an entry point may raise on bad input: the documented errors.
EXPECTED = (dlx_rs.InputError, dlx_rs.SearchStopped, IndexError)

# Each input is searched within this many nodes, on the calling thread.
NODES = 20_000


class Source:
    """The bytes of one input, taken a piece at a time (as atheris's
    FuzzedDataProvider does, so the same harness runs on both)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            return 0
        self.at += 1
        return self.data[self.at - 1]

    def int_in(self, low: int, high: int) -> int:
        return low + (self.byte() * 256 + self.byte()) % (high - low + 1)

    def text(self, alphabet: str, most: int) -> str:
        n = self.int_in(0, most)
        return "".join(alphabet[self.byte() % len(alphabet)] for _ in range(n))


DLX_ALPHABET = "abcxyz|: \n\r\t#0123456789\x00é"
BOARD_ALPHABET = "#. x\nX*0123456789abcABC|"
SUDOKU_ALPHABET = ".0123456789ABCDEFG \n|-+"


def from_dlx(source: Source) -> None:
    problem = dlx_rs.Problem.from_dlx(source.text(DLX_ALPHABET, 200))
    again = dlx_rs.Problem.from_dlx(problem.to_dlx())
    assert again.to_dlx() == problem.to_dlx()
    problem.count(threads=1, max_nodes=NODES, method="plain")
    for solution in problem.solutions(limit=3, max_nodes=NODES):
        problem.verify(solution)


def built(source: Source) -> None:
    names = [source.text("abc:| ", 3) for _ in range(source.int_in(0, 5))]
    items = [(name, source.int_in(-1, 3), source.int_in(-1, 3)) if source.byte() % 4 == 0 else name for name in names]
    options = [source.text("abc:| ", 8) for _ in range(source.int_in(0, 6))]
    problem = dlx_rs.Problem(items, options, [source.text("xyz", 2)])
    problem.count(threads=1, max_nodes=NODES, method="plain")


def from_matrix(source: Source) -> None:
    width = source.int_in(0, 6)
    rows: List[object] = []
    for _ in range(source.int_in(0, 6)):
        row = [source.int_in(-1, 2) for _ in range(width + (source.byte() % 5 == 0))]
        rows.append("".join(str(c) for c in row) if source.byte() % 3 == 0 else row)
    secondary = [source.int_in(0, 7) for _ in range(source.int_in(0, 2))]
    problem = dlx_rs.Problem.from_matrix(rows, secondary=secondary)
    problem.count(threads=1, max_nodes=NODES)


def polyomino(source: Source) -> None:
    board = source.text(BOARD_ALPHABET, 40)
    sets = dlx_rs.piece_sets() + ["##\n#.", "A:\n###\n\nB*2:\n#", "nonominoes"]
    pieces = sets[source.byte() % len(sets)]
    model = dlx_rs.Polyomino(board, pieces, one_sided=source.byte() % 2 == 0, max_memory=1 << 26)
    model.count(threads=1, max_nodes=NODES)
    model.count(threads=1, max_nodes=NODES, distinct=True)
    for tiling in model.tilings(limit=2, max_nodes=NODES):
        str(tiling)


def queens(source: Source) -> None:
    n = source.int_in(-2, 40)
    placed = [(source.int_in(-1, 41), source.int_in(-1, 41)) for _ in range(source.int_in(0, 4))]
    model = dlx_rs.Queens(n, placed)
    model.solve(max_nodes=NODES)
    model.count(threads=1, max_nodes=NODES)


def sudoku(source: Source) -> None:
    text = source.text(SUDOKU_ALPHABET, 120)
    if source.byte() % 2 == 0:
        size = [4, 9][source.byte() % 2]
        rows = [[source.int_in(0, size + 1) for _ in range(size)] for _ in range(size)]
        grid = dlx_rs.Sudoku(rows)
    else:
        grid = dlx_rs.Sudoku(text)
    if grid.size <= 9:
        grid.solve()
    dlx_rs.solve_sudokus([text], threads=1)


ENTRY_POINTS: List[Callable[[Source], None]] = [from_dlx, built, from_matrix, polyomino, queens, sudoku]


def one_input(data: bytes) -> None:
    """One input: an entry point chosen by its first byte, fed the rest."""
    source = Source(data)
    entry = ENTRY_POINTS[source.byte() % len(ENTRY_POINTS)]
    try:
        entry(source)
    except EXPECTED:
        pass


def without_atheris(seconds: float) -> int:
    """Random inputs for `seconds`, from a seed said on the way out."""
    seed = random.randrange(1 << 32)
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    runs = 0
    while time.monotonic() < deadline:
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
        try:
            one_input(data)
        except BaseException:
            print(f"crash on input {data!r} (seed {seed})", file=sys.stderr)
            raise
        runs += 1
    print(f"fuzz_entry_points: {runs} inputs in {seconds:g} s without a crash (random, seed {seed})")
    return 0


def main() -> int:
    args = sys.argv[1:]
    seconds = 5.0
    if "--seconds" in args:
        at = args.index("--seconds")
        seconds = float(args[at + 1])
        del args[at : at + 2]
    if atheris is None or "--random" in args:
        return without_atheris(seconds)
    atheris.Setup([sys.argv[0], f"-max_total_time={int(seconds)}", "-timeout=20", *args], one_input)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main())
