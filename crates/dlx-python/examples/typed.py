"""An example that uses the type stubs: `mypy --strict` checks it in CI."""

from __future__ import annotations

from typing import List, Optional

import dlx_rs


def main() -> None:
    problem = dlx_rs.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
    count: int = problem.count(threads=2)
    first: Optional[List[int]] = problem.solve()
    named: Optional[List[List[str]]] = problem.solve(names=True)
    every: List[List[int]] = [list(s) for s in problem.solutions(limit=10)]
    cheapest = problem.min_cost(1)
    estimate: float = problem.estimate(100, seed=1).nodes
    boards: List[dlx_rs.QueensBoard] = list(dlx_rs.Queens(6).solutions())
    tiling: Optional[dlx_rs.Tiling] = dlx_rs.Polyomino("6x10").solve()
    sudoku = dlx_rs.Sudoku.generate(9, seed=1)
    solved: Optional[dlx_rs.Sudoku] = sudoku.solve()
    try:
        problem.count(max_nodes=1, method="plain")
    except dlx_rs.SearchStopped as stopped:
        reason: str = stopped.reason
        print(reason, stopped.partial)
    except dlx_rs.InputError as error:
        line: Optional[int] = error.line
        print(line)
    print(count, first, named, every, cheapest, estimate, len(boards), tiling, solved)


if __name__ == "__main__":
    main()
