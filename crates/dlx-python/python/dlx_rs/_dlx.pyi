"""Type stubs of the native module dlx_rs._dlx (see dlx_rs for the docs).

The keyword arguments that many searches share are one TypedDict each
(`**limits: Unpack[...]`): `threads` (None or 0 for one per core),
`max_nodes`, `time_limit` (seconds) and `max_memory` (bytes), each None
(no limit) by default; the docstrings of the methods give their defaults.
"""

from os import PathLike
from typing import Any, Generic, List, Literal, Optional, Sequence, Tuple, TypeVar, Union, overload

from typing_extensions import TypedDict, Unpack

__version__: str

Item = Union[str, Tuple[str, int, Optional[int]]]
Option_ = Union[str, Sequence[str]]
Solution = List[int]
NamedSolution = List[List[str]]
Method = Literal["auto", "plain", "memo"]

class Budget(TypedDict, total=False):
    """A search's budget: nodes, seconds."""

    max_nodes: Optional[int]
    time_limit: Optional[float]

class OnThreads(Budget, total=False):
    """A budget and threads (None or 0: one per core)."""

    threads: Optional[int]

class Limits(OnThreads, total=False):
    """A budget with memory, and threads."""

    max_memory: Optional[int]

class Stats:
    """Knuth's statistics of a search (read-only)."""

    nodes: int
    updates: int
    solutions: int
    max_level: int
    method: Optional[str]

class Estimate:
    """Knuth's estimate of a search's size, from random probes (read-only)."""

    nodes: float
    updates: float
    solutions: float
    nodes_error: float
    updates_error: float
    solutions_error: float
    hits: int
    probes: int

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
    def read(path: Union[str, "PathLike[str]"], *, max_bytes: int = 268435456) -> "Problem": ...
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
        self, *, limit: Optional[int] = None, names: bool = False, **limits: Unpack[Limits]
    ) -> Solutions[Any]: ...
    @overload
    def solve(self, *, names: Literal[False] = False, **limits: Unpack[Limits]) -> Optional[Solution]: ...
    @overload
    def solve(self, *, names: Literal[True], **limits: Unpack[Limits]) -> Optional[NamedSolution]: ...
    def count(self, *, method: Method = "auto", **limits: Unpack[Limits]) -> int: ...
    def min_cost(
        self, k: int = 1, *, names: bool = False, **limits: Unpack[Limits]
    ) -> List[Tuple[int, Any]]: ...
    def min_options(self, *, names: bool = False, **limits: Unpack[Limits]) -> Optional[Any]: ...
    def min_cover(self, *, names: bool = False, **limits: Unpack[Limits]) -> Optional[Any]: ...
    def estimate(
        self, probes: int = 1000, *, seed: int = 0, time_limit: Optional[float] = None
    ) -> Estimate: ...
    def sample(
        self, k: int = 1, *, seed: int = 0, names: bool = False, **limits: Unpack[Limits]
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
    """The N-queens puzzle, perhaps with queens placed already (from 0)."""

    def __init__(self, n: int, queens: Sequence[Tuple[int, int]] = ()) -> None: ...
    @property
    def n(self) -> int: ...
    def count(
        self, *, distinct: bool = False, method: Method = "auto", **limits: Unpack[OnThreads]
    ) -> int: ...
    def solve(self, **budget: Unpack[Budget]) -> Optional[QueensBoard]: ...
    def solutions(
        self, *, limit: Optional[int] = None, **limits: Unpack[OnThreads]
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
    """The tilings of a board (a size "WxH" or a picture) by a set of polyominoes."""

    def __init__(
        self,
        board: str,
        pieces: str = "pentominoes",
        *,
        one_sided: bool = False,
        max_memory: int = 1073741824,
    ) -> None: ...
    def count(
        self, *, distinct: bool = False, method: Method = "auto", **limits: Unpack[Limits]
    ) -> int: ...
    def solve(self) -> Optional[Tiling]: ...
    def tilings(
        self, *, limit: Optional[int] = None, **limits: Unpack[OnThreads]
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

Cube = Tuple[int, int, int]
"""A cube of a polycube board: (x, y, z)."""
Triangle = Tuple[int, int, bool]
"""A triangle of a polyiamond board: (x, y, down), as Knuth's `xy` and `xy'`."""
Hexagon = Tuple[int, int]
"""A hexagon of a polyhex board: (x, y)."""
_C = TypeVar("_C", Cube, Triangle, Hexagon)

class Packing(Generic[_C]):
    """A packing of a board by polycubes, polyiamonds or polyhexes."""

    @property
    def pieces(self) -> List[Tuple[str, List[_C]]]:
        """The pieces placed: (name, cells)."""
    def to_svg(self) -> str:
        """The packing as an SVG picture, each piece in a color of its own."""
    def _repr_svg_(self) -> str: ...

class _Polyform(Generic[_C]):
    """What `Polycube`, `Polyiamond` and `Polyhex` share (a name of the
    stubs alone: the three classes are written once in Rust over the
    family, not derived from a Python base)."""

    def count(
        self, *, distinct: bool = False, method: Method = "auto", **limits: Unpack[Limits]
    ) -> int:
        """The number of packings (a Python int of any size), or with
        `distinct=True` the number up to the board's symmetries, counted as
        the CLI's `--count` and `--distinct` count them. Raises
        `SearchStopped` (with the count so far) when a budget stops it."""
    def solve(self) -> Optional[Packing[_C]]:
        """A packing, or None."""
    def packings(
        self, *, limit: Optional[int] = None, **limits: Unpack[OnThreads]
    ) -> Solutions[Packing[_C]]:
        """The packings, lazily, in the sequential search's order at any
        number of threads (`threads=1` by default)."""
    def sample(
        self,
        k: int = 1,
        *,
        seed: int = 0,
        threads: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> List[Packing[_C]]:
        """`k` packings drawn uniformly at random (with replacement), seeded."""
    @property
    def board(self) -> str:
        """The board drawn as ASCII art."""
    @property
    def pieces(self) -> List[str]:
        """The names of the pieces."""
    def problem(self) -> Problem:
        """The exact cover problem: an item a cell and a piece, an option a placement."""
    def decode(self, solution: Sequence[int]) -> Packing[_C]:
        """The packing a solution of `problem()` makes (its option indices)."""

class Polycube(_Polyform[Cube]):
    """The packings of a box "XxYxZ" (or a solid drawn in layers) by
    polycubes: a built-in set (soma, tetracubes, pentacubes,
    planar-pentacubes, polycubes:N) or piece text. Pieces only rotate."""

    def __init__(
        self, board: str, pieces: str = "soma", *, max_memory: int = 1073741824
    ) -> None:
        """Raises `InputError` for a board or pieces that cannot be read
        (naming the forms expected), or a problem over `max_memory` bytes."""

class Polyiamond(_Polyform[Triangle]):
    """The packings of a board of triangles ("parallelogram:WxH",
    "rhombus:N", "hexagon:N", "triangle:N" or ASCII art) by polyiamonds: a
    built-in set (diamond, triamonds, ..., heptiamonds, polyiamonds:N) or
    piece text."""

    def __init__(
        self,
        board: str,
        pieces: str = "hexiamonds",
        *,
        one_sided: bool = False,
        max_memory: int = 1073741824,
    ) -> None:
        """Raises `InputError` for a board or pieces that cannot be read
        (naming the forms expected), or a problem over `max_memory` bytes."""

class Polyhex(_Polyform[Hexagon]):
    """The packings of a board of hexagons ("parallelogram:WxH",
    "rhombus:N", "hexagon:N", "triangle:N" or ASCII art) by polyhexes: a
    built-in set (dihex, trihexes, tetrahexes, pentahexes, hexahexes,
    polyhexes:N) or piece text."""

    def __init__(
        self,
        board: str,
        pieces: str = "tetrahexes",
        *,
        one_sided: bool = False,
        max_memory: int = 1073741824,
    ) -> None:
        """Raises `InputError` for a board or pieces that cannot be read
        (naming the forms expected), or a problem over `max_memory` bytes."""

def piece_sets() -> List[str]: ...
def solve_sudokus(
    puzzles: Sequence[str], *, threads: Optional[int] = None, diagonal: bool = False
) -> List[Optional[str]]: ...
