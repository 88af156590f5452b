#!/usr/bin/env python3
"""dlx_rs against the Python exact cover packages, timed inside Python.

Run by `cargo xtask python --bench` from the workspace's `data/` folder:

    bench.py --output target/python-bench.md [--rounds 3] [--cap 60] [--only ROW]

Each row is one problem; each package gets the same problem in the input it
takes (Knuth's text for dlx_rs, lists of item names for xcover, a 0/1 matrix
for exact-cover, exact-cover-py and dxz, item and option calls for
miniexact, a board and a tileset for polyomino), built before the clock
starts. Every package's answer is checked: the count against the known
count, a single solution by an exact cover check, a sudoku's solution
against dlx_rs's.

Each (row, package) runs in a child process (`--worker ROW PACKAGE`), so a
slow package is stopped at the cap and reported as "> CAP s", and numba's
compilation or a crash stays in its own process. The packages of a row
take turns: `--rounds` rounds, each a fresh worker per package, so that
they all meet the same drift of the machine's speed. A worker times one
call, or more while they add up to under half a second (as `timeit` ranges
its loops; at most 200), so that a call of milliseconds is not measured by
a cold first call. The time of a cell is the median of its calls, each
timed with `time.perf_counter`.

The sudoku fixture `sudokus-1000.txt` beside this file was written by
`bench.py --write-sudokus` (dlx_rs.Sudoku.generate(9, seed=i), i < 1000).
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
SUDOKUS = HERE / "sudokus-1000.txt"

# The packages, in the table's order: the two dlx_rs columns, then the peers
# (distribution names, as pip knows them).
DLX_DEFAULT = "dlx_rs"
DLX_ONE = "dlx_rs-1"
PEERS = ["xcover", "exact-cover", "exact-cover-py", "dxz", "miniexact", "polyomino"]
PACKAGES = [DLX_DEFAULT, DLX_ONE] + PEERS


class Row:
    """A problem of the table: what it is, its input and its known answer."""

    def __init__(self, key, title, kind, source, answer, note):
        self.key = key
        self.title = title
        # "count": every solution counted; "first": one solution found;
        # "sudokus-loop" and "sudokus-batch": the 1,000 sudokus.
        self.kind = kind
        self.source = source
        self.answer = answer
        self.note = note


ROWS = [
    Row("pentominoes", "6x10 pentominoes, all tilings", "count",
        "pentomino-6x10.dlx", 9356, "2339 up to symmetry, times 4"),
    Row("queens", "13-queens, all solutions", "count",
        "bench/queens-13.dlx", 73712, "OEIS A000170"),
    Row("langford", "Langford pairs n = 11, all solutions", "count",
        "bench/langford-11.dlx", 35584, "17792 pairings up to reversal (OEIS A014552), times 2"),
    Row("scott-count", "Scott's 8x8 board less its centre, pentominoes, all tilings", "count",
        "polyomino/8x8-centre-hole.txt", 520, "65 up to the square's 8 symmetries"),
    Row("scott-first", "Scott's board, one tiling", "first",
        "polyomino/8x8-centre-hole.txt", None, "checked as an exact cover"),
    Row("sudokus-loop", "1,000 9x9 sudokus, one call each", "sudokus-loop",
        str(SUDOKUS), 1000, "each solution equal to dlx_rs's"),
    Row("sudokus-batch", "1,000 9x9 sudokus, dlx_rs in one batch call", "sudokus-batch",
        str(SUDOKUS), 1000, "each solution equal to dlx_rs's"),
]
ROW_BY_KEY = {row.key: row for row in ROWS}


# --- Inputs -----------------------------------------------------------------


def read_sudokus():
    lines = SUDOKUS.read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def write_sudokus():
    import dlx_rs

    lines = ["# 1,000 9x9 sudokus, each with one solution: dlx_rs.Sudoku.generate(9, seed=i) for i in 0..999"]
    for seed in range(1000):
        grid = dlx_rs.Sudoku.generate(9, seed=seed)
        lines.append("".join(str(v) if v else "." for row in grid.rows for v in row))
    SUDOKUS.write_text("\n".join(lines) + "\n")
    print(f"wrote {SUDOKUS}")


def board_cells(path):
    """The cells (row, column) of a board picture (`|` lines are comments)."""
    art = [line for line in Path(path).read_text().splitlines() if not line.startswith("|")]
    return [(r, c) for r, line in enumerate(art) for c, ch in enumerate(line) if ch not in ". "]


def board_text(path):
    return "\n".join(line for line in Path(path).read_text().splitlines() if not line.startswith("|"))


def dlx_problem(row):
    """The row's problem as a dlx_rs.Problem."""
    import dlx_rs

    if row.source.endswith(".dlx"):
        return dlx_rs.Problem.read(row.source)
    return dlx_rs.Polyomino(board_text(row.source), "pentominoes").problem()


class Inputs:
    """One problem in every peer's form. Secondary items (13-queens'
    diagonals) become primary items with one slack option each for the
    packages that take a matrix only; the count is the same."""

    def __init__(self, problem):
        self.primary = problem.primary
        self.secondary = problem.secondary
        self.options = problem.options
        self.n_options = len(self.options)
        self.n_slack = len(self.secondary)
        items = self.primary + self.secondary
        index = {name: i for i, name in enumerate(items)}
        self.rows = [[index[name.split(":")[0]] for name in option] for option in self.options]
        self.rows_slack = self.rows + [[len(self.primary) + i] for i in range(self.n_slack)]
        self.n_items = len(items)

    def matrix(self):
        import numpy as np

        matrix = np.zeros((len(self.rows_slack), self.n_items), dtype=bool)
        for r, row in enumerate(self.rows_slack):
            matrix[r, row] = True
        return matrix


def sudoku_rows(puzzle):
    """A 9x9 sudoku as options over 324 items (cell, row-digit, column-digit,
    box-digit): the 9 digits of an empty cell, the one digit of a given."""
    rows, keys = [], []
    for cell, ch in enumerate(puzzle):
        r, c = divmod(cell, 9)
        b = (r // 3) * 3 + c // 3
        digits = range(1, 10) if ch in ".0" else [int(ch)]
        for d in digits:
            rows.append([cell, 81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1])
            keys.append((cell, d))
    return rows, keys


def sudoku_matrix(rows):
    import numpy as np

    matrix = np.zeros((len(rows), 324), dtype=bool)
    for r, row in enumerate(rows):
        matrix[r, row] = True
    return matrix


def decode_sudoku(keys, chosen):
    grid = [0] * 81
    for option in chosen:
        cell, digit = keys[option]
        grid[cell] = digit
    return "".join(map(str, grid))


# --- The packages' calls -------------------------------------------------------
#
# Each `prepare_*` builds the package's input (untimed) and returns a
# function that makes one timed call and returns its answer: a count, one
# solution as option indices of the dlx_rs problem, or for the sudokus the
# list of solution strings.


def miniexact_solver(primary, secondary, rows):
    import miniexact

    solver = miniexact.miniexacts_x()
    ids = [solver.primary(name) for name in primary] + [solver.secondary(name) for name in secondary]
    for row in rows:
        solver.add([ids[i] for i in row])
    return solver


def prepare(row, package):
    """The timed call of `package` on `row`, or None when it cannot answer
    the row (a package that finds one solution only, on a count)."""
    kind = row.kind
    if kind.startswith("sudokus"):
        return prepare_sudokus(row, package)
    import dlx_rs  # noqa: F401  (reads the problem for the peers too)

    problem = dlx_problem(row)
    if package in (DLX_DEFAULT, DLX_ONE):
        threads = None if package == DLX_DEFAULT else 1
        if kind == "count":
            return lambda: problem.count(threads=threads)
        return lambda: problem.solve(threads=threads)
    inputs = Inputs(problem)
    if package == "xcover":
        import xcover

        primary, secondary, options = inputs.primary, inputs.secondary, inputs.options

        if kind == "count":
            return lambda: sum(1 for _ in xcover.covers(options, primary=primary, secondary=secondary))
        return lambda: next(xcover.covers(options, primary=primary, secondary=secondary))
    if package == "exact-cover":
        if kind == "count":
            return None
        import exact_cover

        matrix = inputs.matrix()
        return lambda: [int(i) for i in exact_cover.get_exact_cover(matrix)]
    if package == "exact-cover-py":
        import exact_cover_py

        matrix = inputs.matrix()
        if kind == "count":
            return lambda: sum(1 for _ in exact_cover_py.exact_covers(matrix))
        return lambda: [int(i) for i in next(exact_cover_py.exact_covers(matrix))]
    if package == "dxz":
        import dxz

        matrix = inputs.matrix()
        n_rows, n_cols = matrix.shape
        flat = [int(v) for v in matrix.ravel()]
        if kind == "count":
            return lambda: dxz.dxz_count(n_rows, n_cols, flat)
        return lambda: dxz.dxz_solve(n_rows, n_cols, flat, 1)[0]
    if package == "miniexact":
        # A solver enumerates once: a fresh one (built untimed) per call.
        solvers = []

        def call():
            solver = solvers.pop()
            if kind == "count":
                n = 0
                while solver.solve() == 10:
                    n += 1
                return n
            assert solver.solve() == 10
            return [i - 1 for i in solver.selected_options()]  # 1-based

        def setup():
            solvers.append(miniexact_solver(inputs.primary, inputs.secondary, inputs.rows))

        call.setup = setup
        return call
    if package == "polyomino":
        if kind == "count":
            return None
        from polyomino.board import Irregular
        from polyomino.constant import ALL_PENTOMINOS
        from polyomino.tileset import exactly

        cells = board_cells(row.source)
        tiling = Irregular(cells).tile_with_set(exactly(ALL_PENTOMINOS).with_reflections())
        tiling.make_problem()  # the matrix, untimed as for the others
        return lambda: ("tiling", tiling.solve().tiling, cells)
    raise ValueError(package)


def prepare_sudokus(row, package):
    import dlx_rs

    puzzles = read_sudokus()
    if package in (DLX_DEFAULT, DLX_ONE):
        threads = None if package == DLX_DEFAULT else 1
        if row.kind == "sudokus-batch":
            return lambda: (None, dlx_rs.solve_sudokus(puzzles, threads=threads))

        def loop():
            total, solved = 0.0, []
            for puzzle in puzzles:
                start = time.perf_counter()
                solution = dlx_rs.Sudoku(puzzle).solve()
                total += time.perf_counter() - start
                solved.append(solution)
            return total, ["".join(map(str, (v for r in s.rows for v in r))) for s in solved]

        return loop
    if package == "polyomino":
        return None
    if row.kind == "sudokus-batch":
        # The peers have no batch call: the same loop as the row above.
        return prepare_sudokus(ROW_BY_KEY["sudokus-loop"], package)
    # Each puzzle's input is built outside the clock, one call timed at a time.
    if package == "xcover":
        import xcover

        def solve(rows):
            return next(xcover.covers(rows))

        build = lambda rows: rows  # noqa: E731
    elif package == "exact-cover":
        import exact_cover

        def solve(matrix):
            return exact_cover.get_exact_cover(matrix)

        build = sudoku_matrix
    elif package == "exact-cover-py":
        import exact_cover_py

        def solve(matrix):
            return next(exact_cover_py.exact_covers(matrix))

        build = sudoku_matrix
    elif package == "dxz":
        import dxz

        def solve(args):
            return dxz.dxz_solve(*args, 1)[0]

        def build(rows):
            matrix = sudoku_matrix(rows)
            return (matrix.shape[0], matrix.shape[1], [int(v) for v in matrix.ravel()])
    elif package == "miniexact":

        def solve(solver):
            assert solver.solve() == 10
            return [i - 1 for i in solver.selected_options()]

        def build(rows):
            return miniexact_solver([str(i) for i in range(324)], [], rows)
    else:
        raise ValueError(package)

    def loop():
        total, solved = 0.0, []
        for puzzle in puzzles:
            rows, keys = sudoku_rows(puzzle)
            arg = build(rows)
            start = time.perf_counter()
            chosen = solve(arg)
            total += time.perf_counter() - start
            solved.append(decode_sudoku(keys, [int(i) for i in chosen]))
        return total, solved

    return loop


def check(row, answer, problem_cache={}):
    """None if `answer` is right for `row`, else what is wrong."""
    if row.kind == "count":
        return None if answer == row.answer else f"counted {answer}, not {row.answer}"
    if row.kind == "first":
        if isinstance(answer, tuple) and answer[0] == "tiling":
            _, pieces, cells = answer
            covered = [tuple(sq) for piece in pieces for sq in piece]
            ok = len(pieces) == 12 and sorted(covered) == sorted(cells)
            return None if ok else "not a tiling"
        if row.key not in problem_cache:
            problem_cache[row.key] = dlx_problem(row)
        problem = problem_cache[row.key]
        options = [i for i in answer if i < problem.n_options]  # slack options dropped
        try:
            problem.verify(options)
        except Exception as error:  # noqa: BLE001  (any failure is reported)
            return f"not an exact cover: {error}"
        return None
    import dlx_rs

    _, solved = answer
    puzzles = read_sudokus()
    broken = sum(1 for p, s in zip(puzzles, solved) if not valid_sudoku(p, s))
    if len(solved) != len(puzzles) or broken:
        return f"{broken} of {len(puzzles)} solutions are not solutions"
    if "reference" not in problem_cache:
        problem_cache["reference"] = dlx_rs.solve_sudokus(read_sudokus(), threads=1)
    reference = problem_cache["reference"]
    wrong = sum(1 for a, b in zip(solved, reference) if a != b)
    if len(solved) != len(reference) or wrong:
        return f"{wrong} of {len(reference)} sudokus differ from dlx_rs's"
    return None


def valid_sudoku(puzzle, solution):
    """`solution` keeps `puzzle`'s givens and has each digit once in every
    row, column and box."""
    if solution is None or len(solution) != 81:
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    digits = set("123456789")
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)]
              for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all({solution[i] for i in unit} == digits for unit in units)


def warm_up(package):
    """numba compiles on the first call (and caches on disk): one call on a
    tiny problem before the clock."""
    tiny = [[0, 1], [2], [0], [1, 2]]
    if package == "xcover":
        import xcover

        list(xcover.covers(tiny))
    elif package == "exact-cover-py":
        import exact_cover_py
        import numpy as np

        list(exact_cover_py.exact_covers(np.array([[1, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 1]], dtype=bool)))


# A cell's calls go on past `--rounds` while they add up to less than this
# (seconds), up to MOST_CALLS of them.
SHORT = 0.5
MOST_CALLS = 200


def worker(row_key, package, rounds, cap):
    """One (row, package): `rounds` timed calls or more (see SHORT), as one JSON line."""
    row = ROW_BY_KEY[row_key]
    call = prepare(row, package)
    if call is None:
        print(json.dumps({"skip": True}), flush=True)
        return
    warm_up(package)
    times, error = [], None
    started = time.perf_counter()
    while len(times) < rounds or (sum(times) < SHORT and len(times) < MOST_CALLS):
        if getattr(call, "setup", None):
            call.setup()
        start = time.perf_counter()
        answer = call()
        elapsed = time.perf_counter() - start
        if row.kind.startswith("sudokus") and answer[0] is not None:
            elapsed = answer[0]  # the sum of the timed calls
        times.append(elapsed)
        error = error or check(row, answer)
        spent = time.perf_counter() - started
        if spent + elapsed > cap:
            break
    print(json.dumps({"times": times, "error": error}), flush=True)


# --- The table -------------------------------------------------------------------


def measure(row, package, rounds, cap):
    """Runs the worker: its times, "skip", "cap", or an error string."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", row.key, package,
               "--rounds", str(rounds), "--cap", str(cap)]
    # The cap bounds the timed calls; building the input and numba's first
    # compilation get a few minutes on top.
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=cap + 300)
    except subprocess.TimeoutExpired:
        return "cap"
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"failed: {tail}"
    result = json.loads(lines[-1])
    if result.get("skip"):
        return "skip"
    if result["error"]:
        return f"wrong: {result['error']}"
    if min(result["times"]) > cap:
        return "cap"
    return result["times"]


def seconds(t):
    if t >= 10:
        return f"{t:.1f} s"
    if t >= 1:
        return f"{t:.2f} s"
    return f"{t * 1000:.0f} ms" if t >= 0.01 else f"{t * 1000:.1f} ms"


def cell(result, cap):
    if result == "skip":
        return "-"
    if result == "cap":
        return f"> {cap:g} s"
    if isinstance(result, str):
        return result
    return seconds(statistics.median(result))


def ratio(peer_results, ours, cap):
    """The fastest peer's time over ours ("> x" when every peer hit the cap)."""
    if not isinstance(ours, list):
        return "-"
    mine = statistics.median(ours)
    times = [statistics.median(r) for r in peer_results if isinstance(r, list)]
    capped = any(r == "cap" for r in peer_results)
    if times:
        best = min(times)
        if capped and best > cap:
            return f"> {cap / mine:.1f}"
        return f"{best / mine:.2f}"
    if capped:
        return f"> {cap / mine:.1f}"
    return "-"


def versions():
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for name in ["dlx-rs"] + PEERS + ["numpy", "numba"]:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, help="the markdown table's file")
    parser.add_argument("--rounds", type=int, default=3, help="timed calls a cell (the median is shown)")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds a cell may spend on its calls")
    parser.add_argument("--only", action="append", choices=[r.key for r in ROWS], help="rows to run")
    parser.add_argument("--write-sudokus", action="store_true", help="write the sudoku fixture")
    parser.add_argument("--worker", nargs=2, metavar=("ROW", "PACKAGE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write_sudokus:
        write_sudokus()
        return
    if args.worker:
        worker(args.worker[0], args.worker[1], args.rounds, args.cap)
        return

    rows = [r for r in ROWS if not args.only or r.key in args.only]
    header = ["problem", "dlx_rs", "dlx_rs 1 thread"] + PEERS + ["fastest peer / dlx_rs", "fastest peer / dlx_rs 1 thread"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    peer_time = {}  # the sudoku peers run once, for both sudoku rows
    for row in rows:
        # The packages take turns, a round at a time, each round a fresh
        # worker: this machine's speed drifts from minute to minute, and a
        # row's packages timed one after the other would each meet another
        # speed; taking turns, they meet the same drift.
        results = {}
        for _ in range(args.rounds):
            for package in PACKAGES:
                if row.kind == "sudokus-batch" and package in PEERS and package in peer_time:
                    results[package] = peer_time[package]
                    continue
                if isinstance(results.get(package), str):
                    continue  # skipped, capped or failed: not again
                result = measure(row, package, 1, args.cap)
                if isinstance(result, str):
                    results[package] = result
                else:
                    results.setdefault(package, []).extend(result)
        for package in PACKAGES:
            if row.kind == "sudokus-loop" and package in PEERS:
                peer_time[package] = results[package]
            print(f"{row.key:14} {package:15} {cell(results[package], args.cap)}", file=sys.stderr, flush=True)
        peers = [results[p] for p in PEERS]
        lines.append("| " + " | ".join(
            [row.title]
            + [cell(results[p], args.cap) for p in PACKAGES]
            + [ratio(peers, results[DLX_DEFAULT], args.cap), ratio(peers, results[DLX_ONE], args.cap)]
        ) + " |")

    found = versions()
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    text = "\n".join([
        f"Measured {when} on {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"median of the calls of {args.rounds} rounds, the packages taking turns, "
        f"cap {args.cap:g} s a call.",
        "Versions: " + ", ".join(f"{k} {v}" for k, v in found.items()) + ".",
        "",
        *lines,
        "",
    ])
    print(text)
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text)


if __name__ == "__main__":
    main()
