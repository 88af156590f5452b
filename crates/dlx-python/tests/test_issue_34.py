"""Regression tests of issue 34 (each Python defect it found), named after it.

The reproducers of the issue run as written, each in a child process with a
timeout where a defect was a hang, so that a regression fails instead of
hanging the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from conftest import interrupted

import dlx_rs
from dlx_rs import ArgumentError, InputError, Polyomino, Problem, Queens, SearchStopped

DATA = Path(__file__).resolve().parents[3] / "data"


def run_child(script: str, timeout: float = 60.0) -> str:
    """Runs `script` in a fresh interpreter from `data/`; its standard output."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=DATA,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# 1: a paused listing on threads held the shared pool's threads for ever.


def test_issue_34_1_paused_listing_blocks_no_later_search():
    out = run_child(
        """
        import dlx_rs
        p = dlx_rs.Problem.read("pentomino-6x10.dlx"); g = p.solutions(threads=2); next(g)
        print(dlx_rs.Problem.read("pentomino-3x20.dlx").count(threads=2))
        g0 = p.solutions(threads=0); next(g0)
        print(dlx_rs.Problem.read("pentomino-3x20.dlx").count())
        q = dlx_rs.Queens(8).problem()
        print(len(list(q.solutions(threads=2))))
        puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        print(dlx_rs.solve_sudokus([puzzle])[0][:9])
        """,
        timeout=30,
    )
    assert out.split() == ["8", "8", "92", "417369825"]


# 4: Queens(100).solve() had not the model's strategy, nor a budget.


def test_issue_34_4_queens_solve_has_the_models_strategy():
    started = time.perf_counter()
    board = Queens(100).solve()
    assert time.perf_counter() - started < 10  # minutes before; 0.01 s for `dlx queens 100`
    assert board is not None and len(set(board.columns)) == 100
    diagonals = {r - c for r, c in board.queens} | {r + c + 1000 for r, c in board.queens}
    assert len(diagonals) == 200
    with pytest.raises(SearchStopped) as caught:
        Queens(200).solve(max_nodes=10)
    assert caught.value.reason == "nodes"


# 5: sample(k) drew without bound.


def test_issue_34_5_sample_keeps_to_the_memory_budget():
    p = Problem.read(DATA / "pentomino-3x20.dlx")
    started = time.perf_counter()
    with pytest.raises(SearchStopped) as caught:
        p.sample(10**8, max_memory=100_000_000)
    assert caught.value.reason == "memory"
    assert time.perf_counter() - started < 10
    # Within the budget, the draws are made.
    assert len(p.sample(1000, seed=1, max_memory=100_000_000)) == 1000


def test_issue_34_5_sample_stops_at_ctrl_c():
    script = """
import dlx_rs
p = dlx_rs.Problem.read("pentomino-3x20.dlx")
print("ready", flush=True)
try:
    p.sample(10**7)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""
    started = time.perf_counter()
    assert interrupted(script, cwd=DATA, wait=1.0).strip() == "interrupted"
    assert time.perf_counter() - started < 1.0 + 5  # 8.9 s after Ctrl-C before


# 6: endless inputs were read until memory ran out, deaf to SIGINT.


def test_issue_34_6_endless_input_is_refused_at_the_limit():
    with pytest.raises(InputError, match="max_bytes"):
        Problem.read("/dev/zero")
    with pytest.raises(InputError, match="more than 100 bytes"):
        Problem.read("/dev/zero", max_bytes=100)
    assert Problem.read(DATA / "pentomino-3x20.dlx", max_bytes=10**6).count() == 8


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_issue_34_6_reading_stops_at_ctrl_c(tmp_path):
    fifo = tmp_path / "never-written"
    os.mkfifo(fifo)
    script = f"""
import dlx_rs
print("ready", flush=True)
try:
    dlx_rs.Problem.read({str(fifo)!r})
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""
    assert interrupted(script).strip() == "interrupted"


def test_issue_34_6_cli_refuses_an_endless_input(cli_binary):
    done = subprocess.run(
        [cli_binary, "solve", "--count", "/dev/zero"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2, done.stderr
    assert "bytes" in done.stderr


# 7: Polyomino.count counted the whole problem, not the CLI's way.


def test_issue_34_7_polyomino_count_is_the_clis_policy(cli_binary):
    board = Polyomino("6x10")
    started = time.perf_counter()
    assert board.count(threads=1) == 9356
    ours = time.perf_counter() - started
    assert board.count(threads=1, distinct=True) == 2339
    started = time.perf_counter()
    done = subprocess.run(
        [cli_binary, "polyomino", "--board", "6x10", "--count", "-j", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = time.perf_counter() - started
    assert done.stdout.split()[-1] == "9356"
    # The same search (3.2x the CLI's time before); a loaded machine moves both.
    assert ours < 2.5 * theirs + 1.0, (ours, theirs)


# 8: the small ones.


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: Problem(["a"], [["a"]]).count(threads=-1), "threads=-1"),
        (lambda: Problem(["a"], [["a"]]).solutions(threads=-2), "threads=-2"),
        (lambda: Queens(-1), "n=-1"),
        (lambda: Queens(8).problem().estimate(10**12), "probes=1000000000000"),
        (lambda: Problem([("a", -1, 2)], [["a"]]), "item `a`: lo=-1"),
        (lambda: Problem([("a", 1, -2)], [["a"]]), "item `a`: hi=-2"),
        (lambda: Problem(["a"], [["a"]]).sample(-1), "k=-1"),
        (lambda: Problem(["a"], [["a"]]).count(max_nodes=10**30), "max_nodes=10000"),
    ],
)
def test_issue_34_8_arguments_out_of_range_name_themselves(call, name):
    with pytest.raises(ValueError, match=name) as caught:
        call()
    assert isinstance(caught.value, ArgumentError)
    # Still the OverflowError Python raises for an int too large for its place.
    assert isinstance(caught.value, OverflowError)


def test_issue_34_8_a_board_size_that_is_not_one():
    with pytest.raises(InputError, match="`6y10` is not a board size"):
        Polyomino("6y10")
    assert Polyomino("####\n", "domino").count(threads=1) == 1  # a one-line picture


def test_issue_34_8_help_shows_the_defaults():
    doc = Polyomino.__doc__ or ""
    signature = Polyomino.__text_signature__ or ""
    assert "Ellipsis" not in signature and "..." not in signature
    assert "max_memory=1073741824" in signature
    assert "WxH" in doc and "picture" in doc
    for method in (Problem.solutions, Problem.estimate, Problem.sample, Problem.read):
        assert "..." not in (method.__text_signature__ or "")


def test_issue_34_8_a_matrix_cell_is_shown_as_python_writes_it():
    with pytest.raises(InputError, match=r"not '1'"):
        Problem.from_matrix(["10", "01"])


def test_issue_34_8_queens_count_from_0_in_the_messages_too():
    with pytest.raises(InputError, match=r"queen \(9, 9\) is off the 8x8 board"):
        Queens(8, [(9, 9)])
    with pytest.raises(InputError, match=r"\(0, 0\) and \(1, 1\)"):
        Queens(8, [(0, 0), (1, 1)])
    assert Queens(8, [(7, 7)]).count() == 4


def test_issue_34_8_an_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="count\\(\\) got an unexpected keyword argument 'thread'"):
        Problem(["a"], [["a"]]).count(thread=2)
    assert "**limits" in (Problem.count.__text_signature__ or "")


def test_issue_34_8_solutions_take_threads_none():
    p = Queens(8).problem()
    assert len(list(p.solutions(threads=None))) == 92
    assert len(list(Queens(6).solutions(threads=None))) == 4


def test_issue_34_8_two_threads_on_one_generator():
    p = Polyomino("6x10").problem()
    listing = p.solutions(threads=1, max_nodes=10**9)
    errors = []
    started = threading.Event()

    def pull() -> None:
        started.set()
        try:
            for _ in listing:
                pass
        except ValueError as error:
            errors.append(str(error))
        except SearchStopped:
            pass

    other = threading.Thread(target=pull)
    other.start()
    started.wait()
    deadline = time.monotonic() + 20
    while not errors and other.is_alive() and time.monotonic() < deadline:
        try:
            next(listing)
        except ValueError as error:
            errors.append(str(error))
        except (StopIteration, SearchStopped):
            break
    listing_closed = False
    while not listing_closed:
        try:
            listing.close()
            listing_closed = True
        except ValueError:
            time.sleep(0.01)
    other.join(timeout=30)
    assert errors and errors[0] == "generator already executing"


def test_issue_34_8_the_readme_opens_a_file_that_exists():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    root = Path(__file__).resolve().parents[3]
    import re

    for path in re.findall(r"""(?:open|read)\(["']([^"']+\.dlx)["']""", readme):
        assert (root / path).exists(), path


def test_issue_34_8_estimate_says_when_no_probe_reached_a_solution():
    # A problem whose tree has many dead ends and one solution deep down.
    p = Problem(["a", "b", "c"], [["a"], ["a", "b"], ["c"]])
    estimate = p.estimate(50, seed=1)
    assert estimate.hits + (estimate.probes - estimate.hits) == estimate.probes
    none = Problem(["a", "b"], [["a"]]).estimate(10, seed=1)
    assert none.hits == 0 and "no probe reached one" in repr(none)
