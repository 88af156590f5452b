"""The puzzle models: sudoku, N-queens, polyomino boards, and their pictures."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

import dlx_rs
from dlx_rs import InputError, ParseError, Polyomino, Queens, Sudoku

# A 17-clue puzzle with one solution (Gordon Royle's collection, in tdoku's test set).
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def svg_ok(svg: str) -> None:
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")


def test_sudoku_solution_and_uniqueness():
    s = Sudoku(PUZZLE)
    assert s.size == 9 and s.givens == 17
    solved = s.solve()
    assert solved is not None and str(solved) == SOLUTION
    assert solved.is_complete()
    assert s.is_unique()
    assert s.count() == 1
    svg_ok(s.to_svg(solved))
    svg_ok(s._repr_svg_())
    assert "|" in s.render() or "+" in s.render() or "\n" in s.render()


def test_sudoku_from_rows_and_several_solutions():
    rows = [[0] * 4 for _ in range(4)]
    empty = Sudoku(rows)
    assert empty.rows == rows
    assert Sudoku(PUZZLE).rows[0] == [4, 0, 0, 0, 0, 0, 8, 0, 5]
    assert empty.count() == 288  # the 4x4 grids (known-answers, sudoku grid counts)
    assert not empty.is_unique()
    assert Sudoku(rows, diagonal=True).count() == 48
    assert empty.count(limit=10) == 10


def test_sudoku_problem_decode():
    s = Sudoku(PUZZLE)
    p = s.problem()
    solution = p.solve()
    assert solution is not None
    assert str(s.decode(solution)) == SOLUTION


def test_sudoku_generate_is_unique_and_seeded():
    a = Sudoku.generate(9, seed=5)
    assert a.is_unique()
    assert a == Sudoku.generate(9, seed=5)
    b = Sudoku.generate(4, seed=1, diagonal=True)
    assert b.diagonal and b.is_unique()


def test_solve_sudokus_matches_one_by_one():
    puzzles = [PUZZLE, str(Sudoku.generate(9, seed=2)), "11" + "." * 79]
    solved = dlx_rs.solve_sudokus(puzzles[:2])
    assert solved[0] == SOLUTION
    assert solved == dlx_rs.solve_sudokus(puzzles[:2], threads=1)
    with pytest.raises(InputError, match="puzzle 2"):
        dlx_rs.solve_sudokus(puzzles)


def test_sudoku_errors():
    with pytest.raises(ParseError):
        Sudoku("12x" + "." * 78)
    with pytest.raises(ParseError, match="r1c1 and r1c2 both hold 1") as caught:
        Sudoku("11" + "." * 79)
    assert caught.value.line == 1
    with pytest.raises(InputError, match="row 2 has 3 cells"):
        Sudoku([[0, 0, 0, 0], [0, 0, 0], [0] * 4, [0] * 4])
    with pytest.raises(InputError, match="not a digit"):
        Sudoku([[5, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4])


def test_queens():
    q = Queens(8)
    assert q.count() == 92
    boards = list(q.solutions())
    assert len(boards) == 92
    assert all(len(set(b.columns)) == 8 for b in boards)
    first = q.solve()
    assert first is not None and first == boards[0]
    svg_ok(first.to_svg())
    svg_ok(q._repr_svg_())
    assert "Q" in str(first) or "♛" in str(first) or "*" in str(first)


def test_queens_preplaced():
    q = Queens(8, [(0, 0)])
    boards = list(q.solutions())
    assert len(boards) == q.count() == 4  # the 8-queens solutions with a queen in a corner
    assert all(b.columns[0] == 0 for b in boards)
    with pytest.raises(InputError):
        Queens(8, [(0, 0), (1, 1)])
    with pytest.raises(InputError):
        Queens(0)


def test_polyomino():
    p = Polyomino("6x10")
    assert p.pieces == sorted(p.pieces) or len(p.pieces) == 12
    assert p.board.count("#") == 60
    tilings = list(p.tilings(limit=3))
    assert len(tilings) == 3
    for t in tilings:
        assert len(t.pieces) == 12
        svg_ok(t.to_svg())
        svg_ok(t._repr_svg_())
        assert len(str(t).split()) == 10  # "6x10": 6 wide, 10 rows
    assert p.solve() == tilings[0]
    assert "pentominoes" in dlx_rs.piece_sets()


def test_polyomino_board_picture_and_own_pieces():
    board = "###\n#.#\n###\n"
    pieces = "L:\n##\n#.\n\nI:\n###\n"
    # Eight cells: the ring around a hole, by two L trominoes, one I... (count by brute force below).
    p = Polyomino(board, "domino")
    assert p.count() == 2  # a ring of 8 cells has 2 domino tilings
    with pytest.raises(InputError):
        Polyomino(board, pieces)  # 3 + 3 cells cannot cover 8


def test_polyomino_sample_copies_counted_once():
    p = Polyomino("2x4", "domino")
    assert p.count() == 5  # Fibonacci
    assert len(list(p.tilings())) == 5
    drawn = p.sample(50, seed=9)
    assert len(drawn) == 50
    assert len({str(t) for t in drawn}) <= 5


def test_polyomino_errors():
    with pytest.raises(InputError):
        Polyomino("6x10", "nonominoes")
    with pytest.raises(InputError):
        Polyomino("5x5", "pentominoes")  # 25 cells, 60 of pieces
    with pytest.raises(InputError):
        Polyomino("0x3")
    with pytest.raises(InputError, match="max_memory"):
        Polyomino("250x250", "pentominoes")
