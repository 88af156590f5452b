"""Counts against published answers (sources named) and brute force, at 1 and 2 threads."""

from __future__ import annotations

import itertools
import random

import pytest

from dlx_rs import Polyomino, Problem, Queens


@pytest.mark.parametrize("threads", [1, 2])
def test_queens_oeis_a000170(threads):
    # OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, ..., 14200 (n=12).
    want = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 12: 14200}
    for n, count in want.items():
        assert Queens(n).count(threads=threads) == count, n


def test_queens_13_from_the_bundled_file(data):
    # OEIS A000170: 73712 for n = 13.
    assert Problem.read(data / "bench" / "queens-13.dlx").count() == 73712


@pytest.mark.parametrize("threads", [1, 2])
def test_langford_11(data, threads):
    # OEIS A014552: 17792 Langford pairings for n = 11, each counted with its mirror image here.
    assert Problem.read(data / "bench" / "langford-11.dlx").count(threads=threads) == 2 * 17792


@pytest.mark.parametrize("threads", [1, 2])
def test_pentominoes_6x10(threads):
    # 2339 tilings up to symmetry (de Bruijn; Haselgrove 1960), 4 x 2339 = 9356 in all.
    assert Polyomino("6x10", "pentominoes").count(threads=threads) == 9356


def test_domino_tilings_oeis_a004003():
    # OEIS A004003 (Kasteleyn 1961): 2n x 2n squares.
    assert Polyomino("8x8", "domino").count() == 12988816
    assert Polyomino("16x16", "domino").count() == 2444888770250892795802079170816


def test_domino_tilings_past_2_128():
    # OEIS A004003, 20 x 20: an exact Python int past 2^128.
    count = Polyomino("20x20", "domino").count(threads=1)
    assert count == 1269984011256235834242602753102293934298576249856
    assert count > 2**128


def aztec(n: int) -> str:
    rows = []
    widths = list(range(2, 2 * n + 1, 2)) + list(range(2 * n, 0, -2))
    for width in widths:
        pad = (2 * n - width) // 2
        rows.append("." * pad + "#" * width + "." * pad)
    return "\n".join(rows) + "\n"


def test_aztec_diamond():
    # Elkies, Kuperberg, Larsen and Propp (1992): 2^(n(n+1)/2) tilings of order n.
    for n in (1, 2, 3, 6, 10):
        assert Polyomino(aztec(n), "domino").count() == 2 ** (n * (n + 1) // 2), n


def test_methods_agree():
    p = Polyomino("6x6", "domino")
    counts = {p.count(method=m) for m in ("auto", "plain", "memo")}
    assert counts == {6728}  # OEIS A004003


def brute_force(n_items: int, options: list) -> set:
    found = set()
    for r in range(len(options) + 1):
        for subset in itertools.combinations(range(len(options)), r):
            covered = sorted(i for o in subset for i in options[o])
            if covered == list(range(n_items)):
                found.add(subset)
    return found


def test_random_problems_against_brute_force():
    rng = random.Random(2026)
    for case in range(150):
        n_items = rng.randrange(1, 7)
        options = []
        for _ in range(rng.randrange(1, 11)):
            size = rng.randrange(1, n_items + 1)
            options.append(sorted(rng.sample(range(n_items), size)))
        want = brute_force(n_items, options)
        names = [f"i{i}" for i in range(n_items)]
        p = Problem(names, [[names[i] for i in o] for o in options])
        for threads in (1, 2):
            got = {tuple(sorted(s)) for s in p.solutions(threads=threads)}
            assert got == want, (case, threads)
            assert p.count(threads=threads) == len(want)
            assert p.count(method="memo") == len(want)
        first = p.solve()
        assert (first is None) == (not want)
        if first is not None:
            p.verify(first)


def test_sample_is_a_solution():
    p = Polyomino("4x4", "domino").problem()
    drawn = p.sample(20, seed=3)
    assert len(drawn) == 20
    for solution in drawn:
        p.verify(solution)
    assert drawn == p.sample(20, seed=3)
    # The same draws whoever makes the diagram's layers: a board whose
    # widest layer (3,432 states) is cut over the threads.
    board = Polyomino("14x14", "domino").problem()
    one = board.sample(3, seed=5, threads=1)
    assert one == board.sample(3, seed=5, threads=2)
    assert one == board.sample(3, seed=5)
    for solution in one:
        board.verify(solution)


def test_estimate():
    p = Queens(8).problem()
    estimate = p.estimate(2000, seed=1)
    # Unbiased: the estimate of the solutions is near 92 (within a few standard errors).
    assert 30 < estimate.solutions < 250
    assert estimate.nodes > 0 and estimate.probes == 2000
