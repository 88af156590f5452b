"""Issue 35: polycubes, polyiamonds and polyhexes, with Polyomino's methods, counted by the models' one policy."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

import dlx_rs
from dlx_rs import InputError, Packing, Polycube, Polyhex, Polyiamond, SearchStopped


@pytest.mark.parametrize(
    "make, all_, distinct",
    [
        (lambda: Polycube("3x3x3", "soma"), 11520, 240),
        (lambda: Polyhex("parallelogram:7x4", "tetrahexes"), 18, 9),
        (lambda: Polyhex("parallelogram:6x3", "trihexes*2"), None, None),
    ],
)
def test_known_counts(make, all_, distinct):
    model = make()
    counted = model.count(threads=1)
    if all_ is None:
        # No known figure: the count is the listing's length, on any threads.
        assert counted == len(list(model.packings())) == model.count(threads=2)
        assert model.count(distinct=True) <= counted
        return
    assert counted == all_
    assert model.count(distinct=True, threads=1) == distinct
    assert model.count(distinct=True, threads=2) == distinct
    assert model.count(method="plain", threads=2) == all_


def test_hexiamonds_in_the_rhombus_up_to_symmetry():
    assert Polyiamond("rhombus:6", "hexiamonds").count(distinct=True) == 156
    assert Polyiamond("parallelogram:6x6").pieces == Polyiamond("rhombus:6").pieces


def test_lozenges_counted_as_macmahon_counts_them():
    # The hexagon of side 2 in lozenges: MacMahon's formula gives 20.
    assert Polyiamond("hexagon:2", "diamond").count() == 20


def test_packings_are_listed_drawn_and_decoded():
    model = Polyhex("parallelogram:7x4")
    packings = list(model.packings(limit=3))
    assert len(packings) == 3
    for packing in packings:
        assert isinstance(packing, Packing)
        pieces = packing.pieces
        assert len(pieces) == 7
        cells = [cell for _, placed in pieces for cell in placed]
        assert len(set(cells)) == 28 and all(len(cell) == 2 for cell in cells)
        for svg in (packing.to_svg(), packing._repr_svg_()):
            assert ElementTree.fromstring(svg).tag.endswith("svg")
        assert str(packing).strip()
        assert repr(packing) == "<dlx_rs.Packing of 7 pieces>"
    assert model.solve() == packings[0]
    assert packings[0] != packings[1]
    first = model.problem().solve()
    assert first is not None
    assert model.decode(first) == packings[0]


def test_cells_are_the_lattices_tuples():
    cube = Polycube("3x3x3").solve()
    assert cube is not None
    assert all(len(c) == 3 for _, cells in cube.pieces for c in cells)
    triangles = Polyiamond("rhombus:6").solve()
    assert triangles is not None
    cells = [c for _, placed in triangles.pieces for c in placed]
    assert len(cells) == 72 and {c[2] for c in cells} == {False, True}


def test_sample_is_seeded():
    model = Polycube("3x3x3")
    drawn = model.sample(3, seed=7, threads=1)
    assert len(drawn) == 3
    assert [str(p) for p in drawn] == [str(p) for p in model.sample(3, seed=7, threads=2)]


def test_board_pieces_repr_and_own_pieces():
    model = Polycube("2x2x2", "A:\n##\n#.\n\n#.\n..\nB:\n##\n#.\n\n.#\n..\n")
    assert model.pieces == ["A", "B"]
    assert model.board.count("#") == 8
    assert repr(model) == "<dlx_rs.Polycube: 8 cells, pieces A B>"
    assert model.count() == len(list(model.packings()))
    # One-sided polyhexes: a piece and its mirror image differ.
    assert Polyhex("parallelogram:7x4", one_sided=True).count() <= 18


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda: Polycube("3x3"), "a box XxYxZ"),
        (lambda: Polyiamond("square:6"), "parallelogram:WxH, rhombus:N"),
        (lambda: Polyhex("parallelogram:7"), "parallelogram:WxH, rhombus:N"),
        (lambda: Polycube("3x3x3", "nonacubes"), "soma"),
        (lambda: Polyiamond("rhombus:6", "pentominoes"), "hexiamonds"),
        (lambda: Polyhex("parallelogram:7x4", "pentahexes"), "cells"),
    ],
)
def test_bad_input_names_what_was_expected(make, expected):
    with pytest.raises(InputError, match=expected):
        make()


def test_max_memory():
    with pytest.raises(InputError, match="max_memory"):
        Polycube("3x3x3", max_memory=1000)


def test_a_budget_stop_raises_with_the_partial_count():
    for distinct in (False, True):
        with pytest.raises(SearchStopped) as caught:
            Polyiamond("rhombus:6").count(
                distinct=distinct, method="plain", max_nodes=1000, threads=1
            )
        assert caught.value.reason == "nodes"
        assert isinstance(caught.value.partial, int)
        assert caught.value.partial < 156
    got = []
    with pytest.raises(SearchStopped):
        for packing in Polyiamond("rhombus:6").packings(max_nodes=1000):
            got.append(packing)


def test_signatures_and_exports():
    for cls in (Polycube, Polyiamond, Polyhex):
        assert cls.__name__ in dlx_rs.__all__
        assert "max_memory=1073741824" in (cls.__text_signature__ or "")
        assert cls.__doc__
    assert "one_sided" not in (Polycube.__text_signature__ or "")
