"""The exceptions of dlx_rs."""

from __future__ import annotations

from typing import Any, Optional


class DlxError(Exception):
    """The base of every error dlx_rs raises."""


class InputError(DlxError, ValueError):
    """An input that cannot be read or built: the message names the place.

    ``line`` and ``column`` (1-based) are set where the error knows them.
    """

    def __init__(
        self, message: str, *, line: Optional[int] = None, column: Optional[int] = None
    ) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class ParseError(InputError):
    """A text (Knuth's DLX format, a sudoku) that cannot be read."""


class BuildError(InputError):
    """Items and options that make no problem (an unknown item, a name twice...)."""


class ArgumentError(InputError, OverflowError):
    """An argument out of its range (a negative thread count, too many
    probes, a board side past the limit): the message names the argument.

    It is an ``InputError`` (so a ``ValueError``) and an ``OverflowError``,
    the error Python raises for an int too large for its place.
    """


class SearchStopped(DlxError):
    """A search stopped by its budget before the end: its answer is partial.

    ``reason`` is ``"nodes"``, ``"time"``, ``"memory"`` or ``"cancelled"``;
    ``partial`` is what was found before the stop (the count so far, the
    best solutions so far, the number of solutions listed or drawn, the
    estimate of the probes made; None when the search has no partial
    answer); ``stats`` the search's statistics.
    """

    def __init__(
        self,
        message: str,
        *,
        reason: str = "stopped",
        partial: Any = None,
        stats: Any = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.partial = partial
        self.stats = stats
