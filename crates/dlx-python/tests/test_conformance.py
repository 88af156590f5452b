"""The conformance table (`conformance/cases.json`) through dlx_rs: the same
answers, error kinds, line numbers and partial outcomes as the dlx binary
and the page give for the same rows (see `conformance/README.md`)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Dict, List

import pytest

import dlx_rs

ROOT = Path(__file__).resolve().parents[3]
TABLE = json.loads((ROOT / "conformance" / "cases.json").read_text())
CASES = [
    case
    for case in TABLE["cases"]
    if "faces" not in case or "python" in case["faces"]
]


def subject(case: Dict[str, Any]) -> Any:
    """The row's input as dlx_rs makes it: a Problem, or a model."""
    given = case["input"]
    model = given.get("model")
    boards = {
        "polyomino": dlx_rs.Polyomino,
        "polycube": dlx_rs.Polycube,
        "polyiamond": dlx_rs.Polyiamond,
        "polyhex": dlx_rs.Polyhex,
    }
    if model in boards:
        return boards[model](given["board"], given["pieces"])
    if model == "queens":
        return dlx_rs.Queens(given["n"])
    if "dlx" in given:
        return dlx_rs.Problem.from_dlx(given["dlx"])
    path = Path(given["dlx_file"])
    return dlx_rs.Problem.read(path if path.is_absolute() else ROOT / path)


def budget(with_: Dict[str, Any]) -> Dict[str, Any]:
    """The keyword arguments of the row's threads and budget."""
    keywords: Dict[str, Any] = {}
    for key in ("threads", "max_nodes", "max_memory"):
        if key in with_:
            keywords[key] = with_[key]
    return keywords


def answer(case: Dict[str, Any]) -> Dict[str, Any]:
    """Runs the row; what it gave, in the table's words."""
    with_ = case.get("with", {})
    op = case["do"]
    made = subject(case)
    problem = made if isinstance(made, dlx_rs.Problem) else made.problem()
    if op == "count":
        method = {"method": with_["method"]} if "method" in with_ else {}
        keywords = {"threads": 1, **budget(with_), **method}
        if isinstance(made, dlx_rs.Problem):
            return {"count": str(made.count(**keywords))}
        got = {"count": str(made.count(**keywords))}
        if with_.get("distinct"):
            got["distinct"] = str(made.count(distinct=True, **keywords))
        return got
    if op == "list":
        limit = with_.get("limit")
        keywords = {"threads": 1, **budget(with_)}
        solutions: List[List[int]] = list(problem.solutions(limit=limit, **keywords))
        return {"solutions": solutions, "outcome": "limit" if limit is not None else "finished"}
    if op == "sample":
        drawn = problem.sample(with_["k"], seed=with_["seed"], **budget(with_))
        return {"solutions": drawn}
    if op == "estimate":
        estimate = problem.estimate(with_["probes"], seed=with_["seed"])
        return {"nodes": estimate.nodes, "solutions": estimate.solutions}
    raise AssertionError(f"no `do` {op} in the Python runner")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_conformance(case: Dict[str, Any]) -> None:
    expect = case["expect"]
    outcome = expect.get("outcome", "finished")
    if "error" in expect:
        assert expect["error"] == "input"
        with pytest.raises(dlx_rs.InputError) as caught:
            answer(case)
        if "line" in expect:
            assert caught.value.line == expect["line"], str(caught.value)
        return
    if outcome.startswith("stopped:"):
        with pytest.raises(dlx_rs.SearchStopped) as stopped:
            answer(case)
        assert stopped.value.reason == outcome.split(":", 1)[1]
        return
    got = answer(case)
    if outcome == "limit":
        assert got.get("outcome") == "limit"
    for key in ("count", "distinct", "solutions"):
        if key in expect and not (key == "solutions" and case["do"] == "estimate"):
            assert got[key] == expect[key], key
    if case["do"] == "estimate":
        for key in ("nodes", "solutions"):
            assert math.isclose(got[key], expect[key], rel_tol=1e-9), (key, got[key])


def test_the_table_is_run_whole() -> None:
    assert len(CASES) >= 20
