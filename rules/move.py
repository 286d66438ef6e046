"""The `Move` value type: a path of squares and the squares of the pieces it captures."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Move"]


@dataclass(frozen=True, eq=False)
class Move:
    """A move in numeric squares.

    `path` is the start, every landing square of a chain capture, and the end; `captured` the
    squares of the captured pieces, ascending. Two moves with the same start, end and captured
    set are the same move (RULES.md "Capturing", last rule), so `path` takes no part in equality
    or hashing.

    >>> Move((26, 17, 8), (22, 12)) == Move((26, 19, 8), (12, 22))
    True
    >>> Move((22, 18))
    Move(path=(22, 18), captured=())
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        path = tuple(int(sq) for sq in self.path)
        if len(path) < 2:
            raise ValueError(f"a move needs at least a start and an end square, got {path!r}")
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "captured", tuple(sorted(int(sq) for sq in self.captured)))

    @classmethod
    def _trusted(cls, path: tuple[int, ...], captured: tuple[int, ...]) -> Move:
        """A move from the generator: ints already, captured ascending; skips the checks."""
        move = object.__new__(cls)
        object.__setattr__(move, "path", path)
        object.__setattr__(move, "captured", captured)
        return move

    @property
    def start(self) -> int:
        """Square the moving piece leaves."""
        return self.path[0]

    @property
    def end(self) -> int:
        """Square where the moving piece ends (may equal `start` after a round trip capture)."""
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        """Whether the move captures at least one piece."""
        return bool(self.captured)

    def _identity(self) -> tuple[int, int, tuple[int, ...]]:
        return self.path[0], self.path[-1], self.captured

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def __repr__(self) -> str:
        return f"Move(path={self.path!r}, captured={self.captured!r})"

    def __str__(self) -> str:
        """Numeric notation with the whole path: `22-18`, `26x17x8`."""
        return ("x" if self.captured else "-").join(str(sq) for sq in self.path)
