"""Errors raised by the rules engine.

All are `ValueError` subclasses with structured fields, so the Django layer can translate the
message, and an English `str()` that names the input and the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.move import Move

__all__ = [
    "AmbiguousMoveError",
    "DraughtsError",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
]


class DraughtsError(ValueError):
    """Base class of every error of the rules engine."""


class InvalidFenError(DraughtsError):
    """A FEN string cannot be read.

    `reason` is a short machine code ("empty", "turn", "syntax", "colour", "duplicate-colour",
    "square", "range", "duplicate-square", "algebraic"), `detail` the English explanation.
    """

    def __init__(self, fen: str, reason: str, detail: str) -> None:
        self.fen = fen
        self.reason = reason
        self.detail = detail
        super().__init__(f"invalid FEN {fen!r}: {detail}")


class InvalidMoveError(DraughtsError):
    """The text of a move cannot be read (syntax, or a square that does not exist)."""

    def __init__(self, text: str, detail: str, fen: str | None = None) -> None:
        self.text = text
        self.detail = detail
        self.fen = fen
        where = f" in {fen}" if fen else ""
        super().__init__(f"invalid move {text!r}{where}: {detail}")


class IllegalMoveError(DraughtsError):
    """A well-formed move that is not legal in the position.

    `reason` is a machine code: "capture-compulsory", "majority", "blocked", "not-your-piece",
    "empty-square", "wrong-direction", "occupied", "incomplete-capture", "no-such-move".
    `required` is the number of pieces the majority law requires (only for "majority").
    """

    def __init__(
        self, text: str, fen: str, reason: str, detail: str, required: int | None = None
    ) -> None:
        self.text = text
        self.fen = fen
        self.reason = reason
        self.detail = detail
        self.required = required
        super().__init__(f"illegal move {text!r} in {fen}: {detail}")


class AmbiguousMoveError(DraughtsError):
    """A move text that matches several legal moves; `candidates` lists them."""

    def __init__(
        self, text: str, fen: str, candidates: list[Move], candidate_texts: list[str]
    ) -> None:
        self.text = text
        self.fen = fen
        self.candidates = candidates
        self.candidate_texts = candidate_texts
        super().__init__(
            f"ambiguous move {text!r} in {fen}: it matches {len(candidates)} legal moves: "
            + ", ".join(candidate_texts)
        )
