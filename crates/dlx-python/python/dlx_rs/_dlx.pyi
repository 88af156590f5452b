"""Type stubs of the native module dlx_rs._dlx (see dlx_rs for the docs)."""

from os import PathLike
from typing import Any, Generic, List, Literal, Optional, Sequence, Tuple, TypeVar, Union, overload

__version__: str

Item = Union[str, Tuple[str, int, Optional[int]]]
Option_ = Union[str, Sequence[str]]
Solution = List[int]
NamedSolution = List[List[str]]
Method = Literal["auto", "plain", "memo"]

class Stats:
    """Knuth's statistics of a search."""

    @property
    def nodes(self) -> int: ...
    @property
    def updates(self) -> int: ...
    @property
    def solutions(self) -> int: ...
    @property
    def max_level(self) -> int: ...
    @property
    def method(self) -> Optional[str]: ...

class Estimate:
    """Knuth's estimate of a search's size, from random probes."""

    @property
    def nodes(self) -> float: ...
    @property
    def updates(self) -> float: ...
    @property
    def solutions(self) -> float: ...
    @property
    def nodes_error(self) -> float: ...
    @property
    def probes(self) -> int: ...

_T = TypeVar("_T")

class Solutions(Generic[_T]):
    """The solutions of a search, lazily; `close()` (or leaving a `with`
    block) stops the search."""

    def __iter__(self) -> "Solutions[_T]": ...
    def __next__(self) -> _T: ...
    def close(self) -> None: ...
    @property
    def found(self) -> int: ...
    def __enter__(self) -> "Solutions[_T]": ...
    def __exit__(self, kind: Any, value: Any, traceback: Any) -> bool: ...

class Problem:
    """An exact cover problem: items, and options that cover them."""

    def __init__(
        self,
        primary: Sequence[Item],
        options: Optional[Sequence[Option_]] = None,
        secondary: Optional[Sequence[str]] = None,
        *,
        costs: Optional[Sequence[int]] = None,
    ) -> None: ...
    @staticmethod
    def from_dlx(text: str) -> "Problem": ...
    @staticmethod
    def read(path: Union[str, "PathLike[str]"]) -> "Problem": ...
    @staticmethod
    def from_matrix(
        rows: Any,
        names: Optional[Sequence[str]] = None,
        secondary: Optional[Sequence[int]] = None,
    ) -> "Problem": ...
    def to_dlx(self) -> str: ...
    def to_svg(self, solution: Optional[Sequence[int]] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    @property
    def primary(self) -> List[str]: ...
    @property
    def secondary(self) -> List[str]: ...
    @property
    def n_options(self) -> int: ...
    @property
    def options(self) -> List[List[str]]: ...
    def option(self, index: int) -> List[str]: ...
    def cost(self, index: int) -> int: ...
    @property
    def stats(self) -> Optional[Stats]: ...
    def verify(self, solution: Sequence[int]) -> None: ...
    def solutions(
        self,
        *,
        threads: int = 1,
        limit: Optional[int] = None,
        names: bool = False,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Solutions[Any]: ...
    @overload
    def solve(
        self,
        *,
        threads: Optional[int] = None,
        names: Literal[False] = False,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Optional[Solution]: ...
    @overload
    def solve(
        self,
        *,
        threads: Optional[int] = None,
        names: Literal[True],
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Optional[NamedSolution]: ...
    def count(
        self,
        *,
        method: Method = "auto",
        threads: Optional[int] = None,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> int: ...
    def min_cost(
        self,
        k: int = 1,
        *,
        threads: Optional[int] = None,
        names: bool = False,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> List[Tuple[int, Any]]: ...
    def min_options(
        self,
        *,
        threads: Optional[int] = None,
        names: bool = False,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Optional[Any]: ...
    def min_cover(
        self,
        *,
        threads: Optional[int] = None,
        names: bool = False,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Optional[Any]: ...
    def estimate(self, probes: int = 1000, *, seed: int = 0) -> Estimate: ...
    def sample(
        self,
        k: int = 1,
        *,
        seed: int = 0,
        threads: Optional[int] = None,
        names: bool = False,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> List[Any]: ...

class Sudoku:
    """A sudoku grid (4x4 to 64x64), plain or diagonal."""

    def __init__(
        self, puzzle: Union[str, Sequence[Sequence[int]]], *, diagonal: bool = False
    ) -> None: ...
    @staticmethod
    def generate(
        size: int = 9,
        *,
        seed: int = 0,
        diagonal: bool = False,
        time_limit: Optional[float] = None,
    ) -> "Sudoku": ...
    @property
    def size(self) -> int: ...
    @property
    def diagonal(self) -> bool: ...
    @property
    def rows(self) -> List[List[int]]: ...
    @property
    def givens(self) -> int: ...
    def is_complete(self) -> bool: ...
    def solve(self) -> Optional["Sudoku"]: ...
    def count(self, *, limit: Optional[int] = None) -> int: ...
    def is_unique(self) -> bool: ...
    def problem(self) -> Problem: ...
    def decode(self, solution: Sequence[int]) -> "Sudoku": ...
    def render(self) -> str: ...
    def to_svg(self, solution: Optional["Sudoku"] = None) -> str: ...
    def _repr_svg_(self) -> str: ...

class QueensBoard:
    """A board of queens."""

    @property
    def columns(self) -> List[Optional[int]]: ...
    @property
    def queens(self) -> List[Tuple[int, int]]: ...
    def to_svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

class Queens:
    """The N-queens puzzle, perhaps with queens placed already."""

    def __init__(self, n: int, queens: Sequence[Tuple[int, int]] = ...) -> None: ...
    @property
    def n(self) -> int: ...
    def count(
        self,
        *,
        threads: Optional[int] = None,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> int: ...
    def solve(self) -> Optional[QueensBoard]: ...
    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        threads: int = 1,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> Solutions[QueensBoard]: ...
    def problem(self) -> Problem: ...
    def decode(self, solution: Sequence[int]) -> QueensBoard: ...
    def to_svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

class Tiling:
    """A tiling of a board by polyominoes."""

    @property
    def pieces(self) -> List[Tuple[str, List[Tuple[int, int]]]]: ...
    def to_svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

class Polyomino:
    """The tilings of a board by a set of polyominoes."""

    def __init__(
        self,
        board: str,
        pieces: str = "pentominoes",
        *,
        one_sided: bool = False,
        max_memory: int = 1 << 30,
    ) -> None: ...
    def count(
        self,
        *,
        method: Method = "auto",
        threads: Optional[int] = None,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> int: ...
    def solve(self) -> Optional[Tiling]: ...
    def tilings(
        self,
        *,
        limit: Optional[int] = None,
        threads: int = 1,
        max_nodes: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> Solutions[Tiling]: ...
    def sample(
        self,
        k: int = 1,
        *,
        seed: int = 0,
        threads: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> List[Tiling]: ...
    @property
    def board(self) -> str: ...
    @property
    def pieces(self) -> List[str]: ...
    def problem(self) -> Problem: ...
    def decode(self, solution: Sequence[int]) -> Tiling: ...

def piece_sets() -> List[str]: ...
def solve_sudokus(
    puzzles: Sequence[str], *, threads: Optional[int] = None, diagonal: bool = False
) -> List[Optional[str]]: ...
