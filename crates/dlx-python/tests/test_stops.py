"""Budgets, Ctrl-C and the partial answers: never a short answer that looks whole."""

from __future__ import annotations

import sys
import textwrap

import pytest

from conftest import interrupted
from dlx_rs import Polyomino, Problem, SearchStopped


def test_count_stopped_by_nodes_raises_with_the_partial_count():
    p = Polyomino("6x10", "pentominoes").problem()
    with pytest.raises(SearchStopped) as caught:
        p.count(max_nodes=20_000, method="plain", threads=1)
    assert caught.value.reason == "nodes"
    assert isinstance(caught.value.partial, int)
    assert 0 <= caught.value.partial < 9356
    assert caught.value.stats.nodes >= 20_000


@pytest.mark.parametrize("threads", [1, 2])
def test_listing_stopped_after_its_solutions(threads):
    p = Polyomino("6x10", "pentominoes").problem()
    got = []
    with pytest.raises(SearchStopped) as caught:
        for s in p.solutions(threads=threads, max_nodes=200_000):
            got.append(s)
    assert caught.value.reason == "nodes"
    assert caught.value.partial == len(got)
    assert len(got) < 9356


def test_time_limit():
    p = Polyomino("20x20", "domino").problem()
    with pytest.raises(SearchStopped) as caught:
        p.count(method="plain", time_limit=0.2)
    assert caught.value.reason == "time"


def test_solve_stopped(data):
    p = Problem.read(data / "bench" / "queens-14.dlx")
    with pytest.raises(SearchStopped):
        p.solve(max_nodes=1, threads=1)


def test_min_cost_stopped_carries_the_best_so_far(data):
    p = Problem.read(data / "solve" / "costs.dlx")
    with pytest.raises(SearchStopped) as caught:
        p.min_cost(3, max_nodes=1)
    assert isinstance(caught.value.partial, list)


def test_bad_budgets():
    p = Problem(["a"], [["a"]])
    with pytest.raises(ValueError):
        p.count(time_limit=-1.0)
    with pytest.raises(ValueError):
        p.count(method="fast")
    with pytest.raises(ValueError):
        p.count(threads=100_000)
    with pytest.raises(OverflowError):
        p.count(max_nodes=-5)


SCRIPT = textwrap.dedent(
    """
    import sys, time
    import dlx_rs
    p = dlx_rs.Polyomino("20x20", "domino").problem()
    mode = sys.argv[1]
    print("ready", flush=True)
    try:
        if mode == "count":
            p.count(method="plain")
        elif mode == "count2":
            p.count(method="plain", threads=2)
        else:
            for s in p.solutions(threads=int(mode[-1])):
                pass
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(0)
    print("finished", flush=True)
    """
)


@pytest.mark.parametrize("mode", ["count", "count2", "list1", "list2"])
def test_ctrl_c_raises_keyboard_interrupt(mode):
    # A hang guard, not a measure of speed: the search stops within a slice.
    out = interrupted(SCRIPT, mode)
    assert out.strip() == "interrupted"
