"""Problems built in Python, read from Knuth's text or from a 0/1 matrix."""

from __future__ import annotations

import itertools
import json

import pytest

import dlx_rs
from dlx_rs import BuildError, InputError, ParseError, Problem

# Knuth's example of colors (TAOCP 7.2.2.1, the toy problem of (49)): one solution.
COLORS = """\
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
"""


def test_build_and_solve():
    p = Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
    assert p.primary == ["a", "b", "c"]
    assert p.secondary == []
    assert p.n_options == 4
    assert p.option(3) == ["b", "c"]
    assert list(p.solutions()) == [[0, 1], [2, 3]]
    assert p.count() == 2
    assert p.solve(names=True) == [["a", "b"], ["c"]]
    assert p.stats is not None and p.stats.solutions >= 1


def test_options_as_strings_and_colors():
    p = Problem(["p", "q", "r"], ["p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B"], ["x", "y"])
    assert p.to_dlx() == Problem.from_dlx(COLORS).to_dlx()
    assert [sorted(s) for s in p.solutions()] == [[1, 3]]
    assert p.count() == 1


def test_colors_against_cli(cli):
    assert int(cli(["solve", "--count", "-"], stdin=COLORS).split()[-1]) == Problem.from_dlx(COLORS).count()


def test_multiplicities(data, cli):
    p = Problem.read(data / "solve" / "multiplicities.dlx")
    assert p.count() == 1
    assert p.count(threads=2) == 1
    assert int(cli(["solve", "--count", str(data / "solve" / "multiplicities.dlx")]).split()[-1]) == 1


def test_multiplicity_items_built_in_python():
    # Two items each covered exactly twice by options of one or both.
    p = Problem([("a", 2, 2), ("b", 1, 2)], [["a"], ["a", "b"], ["a"], ["b"]])
    solutions = {tuple(sorted(s)) for s in p.solutions()}
    for s in solutions:
        p.verify(list(s))
    # Brute force: subsets covering a exactly twice and b once or twice.
    want = set()
    options = [["a"], ["a", "b"], ["a"], ["b"]]
    for r in range(5):
        for subset in itertools.combinations(range(4), r):
            a = sum("a" in options[i] for i in subset)
            b = sum("b" in options[i] for i in subset)
            if a == 2 and 1 <= b <= 2:
                want.add(subset)
    assert solutions == want
    assert p.count() == len(want)


def test_costs(data, cli):
    p = Problem.read(data / "solve" / "costs.dlx")
    best = p.min_cost(3)
    assert [cost for cost, _ in best] == [10, 10, 10]
    for cost, solution in best:
        p.verify(solution)
        assert sum(p.cost(o) for o in solution) == cost
    assert best[0][0] == p.min_cost(1, threads=1)[0][0]
    out = cli(["solve", "--min-cost", "--best", "3", "--json", str(data / "solve" / "costs.dlx")])
    lines = [json.loads(line) for line in out.splitlines()]
    theirs = [(line["cost"], sorted(line["options"])) for line in lines if line["type"] == "optimum"]
    assert theirs == [(cost, sorted(solution)) for cost, solution in best]


def test_costs_in_python():
    p = Problem(["a", "b"], [["a"], ["b"], ["a", "b"]], costs=[3, 4, 9])
    assert p.min_cost(2) == [(7, [0, 1]), (9, [2])]


def test_min_options_and_min_cover(data):
    p = Problem(["a", "b", "c", "d"], [["a"], ["b"], ["c"], ["d"], ["a", "b", "c", "d"], ["a", "b"]])
    assert p.min_options() == [4]
    squares = Problem.read(data / "solve" / "squares-5.dlx")
    cover = squares.min_cover()
    assert cover is not None and len(cover) == 14


def test_dlx_round_trip(data):
    for path in (data / "solve").glob("*.dlx"):
        p = Problem.read(path)
        again = Problem.from_dlx(p.to_dlx())
        assert again.to_dlx() == p.to_dlx()
        assert again.n_options == p.n_options


def test_from_matrix_lists_and_numpy():
    rows = [
        [0, 0, 1, 0, 1, 1, 0],
        [1, 0, 0, 1, 0, 0, 1],
        [0, 1, 1, 0, 0, 1, 0],
        [1, 0, 0, 1, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 1],
        [0, 0, 0, 1, 1, 0, 1],
    ]
    # Knuth's example (TAOCP 7.2.2.1 (5)): the one solution is rows 0, 3, 4.
    p = Problem.from_matrix(rows)
    assert [sorted(s) for s in p.solutions()] == [[0, 3, 4]]
    assert p.primary == [str(c) for c in range(7)]
    numpy = pytest.importorskip("numpy")
    q = Problem.from_matrix(numpy.array(rows, dtype=numpy.uint8), names=list("abcdefg"))
    assert q.count() == 1
    assert q.primary == list("abcdefg")
    assert Problem.from_matrix(numpy.array(rows, dtype=bool)).count() == 1


def test_from_matrix_secondary_columns():
    p = Problem.from_matrix([[1, 0, 1], [0, 1, 1], [0, 1, 0]], secondary=[2])
    assert p.secondary == ["2"]
    assert [sorted(s) for s in p.solutions()] == [[0, 2]]


def test_errors_name_the_place():
    with pytest.raises(ParseError) as caught:
        Problem.from_dlx("a b\na c\n")
    assert caught.value.line == 2
    assert "unknown item `c`" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(BuildError, match="option 1 .*unknown item `z`"):
        Problem(["a"], [["a"], ["z"]])
    with pytest.raises(BuildError, match="`a` is used twice"):
        Problem(["a", "a"], [])
    with pytest.raises(BuildError, match="not a valid item name"):
        Problem(["a b"], [])
    with pytest.raises(BuildError, match="no color after it"):
        Problem(["a"], [["a", "x:"]], ["x"])
    with pytest.raises(BuildError, match="costs for"):
        Problem(["a"], [["a"]], costs=[1, 2])
    with pytest.raises(InputError, match="row 1, column 0"):
        Problem.from_matrix([[1, 0], [2, 1]])
    with pytest.raises(InputError, match="row 1 has 1 columns"):
        Problem.from_matrix([[1, 0], [1]])
    with pytest.raises(TypeError):
        Problem([3], [])
    with pytest.raises(IndexError):
        Problem(["a"], [["a"]]).option(5)
    with pytest.raises(InputError):
        Problem(["a", "b"], [["a"], ["b"]]).verify([0])
    with pytest.raises(OSError, match="cannot read"):
        Problem.read("/nonexistent/file.dlx")


def test_garbage_never_crashes():
    import random

    rng = random.Random(7)
    alphabet = "ab|: \n\r\x00#123xyz"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(40)))
        try:
            p = Problem.from_dlx(text)
        except ParseError:
            continue
        p.count(max_nodes=10_000)


def test_version():
    assert dlx_rs.__version__


def test_a_problem_draws_itself():
    from xml.etree import ElementTree

    p = Problem.from_dlx(COLORS)
    solution = p.solve()
    assert solution is not None
    for svg in (p.to_svg(), p.to_svg(solution), p._repr_svg_()):
        root = ElementTree.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text for t in ElementTree.fromstring(p.to_svg(solution)).iter("{http://www.w3.org/2000/svg}text")]
    assert texts[:5] == ["p", "q", "r", "x", "y"]
    # The solution's options are drawn in bold.
    assert p.to_svg(solution).count('font-weight="bold"') == len(solution)
    with pytest.raises(IndexError):
        p.to_svg([99])
