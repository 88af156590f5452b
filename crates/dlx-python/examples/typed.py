"""An example that uses the type stubs: `mypy --strict` checks it in CI."""

from __future__ import annotations

from typing import List, Optional, Tuple

import dlx_rs


def main() -> None:
    problem = dlx_rs.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
    count: int = problem.count(threads=2)
    first: Optional[List[int]] = problem.solve()
    named: Optional[List[List[str]]] = problem.solve(names=True)
    every: List[List[int]] = [list(s) for s in problem.solutions(limit=10)]
    cheapest = problem.min_cost(1)
    estimate: float = problem.estimate(100, seed=1).nodes
    reached: int = problem.estimate(100, seed=1, time_limit=5.0).hits
    listed: int = len(list(problem.solutions(threads=None, max_nodes=10_000)))
    read = dlx_rs.Problem.read("data/pentomino-3x20.dlx", max_bytes=1 << 20)
    boards: List[dlx_rs.QueensBoard] = list(dlx_rs.Queens(6).solutions())
    tiling: Optional[dlx_rs.Tiling] = dlx_rs.Polyomino("6x10").solve()
    distinct: int = dlx_rs.Polyomino("20x3").count(distinct=True, threads=1)
    soma: int = dlx_rs.Polycube("3x3x3", "soma").count(distinct=True, threads=1)
    packing = dlx_rs.Polyhex("parallelogram:7x4").solve()
    hexagons: List[Tuple[int, int]] = []
    if packing is not None:
        hexagons = [cell for _, cells in packing.pieces for cell in cells]
    drawn: List[dlx_rs.Packing[Tuple[int, int, bool]]] = dlx_rs.Polyiamond("rhombus:6").sample(2)
    queen: Optional[dlx_rs.QueensBoard] = dlx_rs.Queens(100).solve(time_limit=10.0)
    sudoku = dlx_rs.Sudoku.generate(9, seed=1)
    solved: Optional[dlx_rs.Sudoku] = sudoku.solve()
    try:
        problem.count(max_nodes=1, method="plain")
    except dlx_rs.SearchStopped as stopped:
        reason: str = stopped.reason
        print(reason, stopped.partial)
    except dlx_rs.ArgumentError as error:
        print(error)
    except dlx_rs.InputError as error:
        line: Optional[int] = error.line
        print(line)
    print(count, first, named, every, cheapest, estimate, len(boards), tiling, solved)
    print(reached, listed, read.n_options, distinct, queen, soma, len(hexagons), len(drawn))


if __name__ == "__main__":
    main()
