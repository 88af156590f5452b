"""The same answers at any number of threads; a listing left early frees its search."""

from __future__ import annotations

import gc
import threading

from dlx_rs import Polyomino, Problem, Queens


def test_solutions_in_the_sequential_order():
    p = Queens(8).problem()
    one = list(p.solutions(threads=1))
    two = list(p.solutions(threads=2))
    assert len(one) == 92
    assert one == two
    assert list(p.solutions(threads=2, limit=5)) == one[:5]


def test_tilings_in_order_and_limited():
    p = Polyomino("3x20", "pentominoes")
    one = [str(t) for t in p.tilings()]
    two = [str(t) for t in p.tilings(threads=2)]
    assert len(one) == 8  # 2 up to symmetry, 4 x 2 = 8 (known-answers, 3x20)
    assert one == two


def test_break_frees_the_search():
    p = Polyomino("6x10", "pentominoes").problem()
    before = threading.active_count()
    for _ in range(5):
        it = p.solutions(threads=2)
        for n, _solution in enumerate(it):
            if n == 3:
                break
        del it
        gc.collect()
    assert threading.active_count() <= before + 1


def test_close_and_with():
    p = Queens(10).problem()
    with p.solutions(threads=2) as it:
        first = next(it)
    assert it.found == 1
    assert list(it) == []
    assert first == next(iter(p.solutions()))


def test_solve_on_threads_is_a_solution():
    p = Polyomino("6x10", "pentominoes").problem()
    for threads in (1, 2, None):
        s = p.solve(threads=threads)
        assert s is not None
        p.verify(s)
