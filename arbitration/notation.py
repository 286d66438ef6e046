"""Which notation a score sheet is written in, read from its moves.

The paste form's "Notation" only chooses how moves are shown (the engine reads both), so it need
not be asked: the text says it. Messages about a move quote it as the player wrote it, with the
other notation beside it, so the arbiter finds it on the paper sheet.
"""

from __future__ import annotations

import re

from arbitration.models import Notation
from arbitration.sheets import write_squares
from rules.errors import InvalidMoveError
from rules.notation import parse_squares
from rules.variants import Variant

_TAG = re.compile(r"\[[^\]]*\]")
_COMMENT = re.compile(r"\{[^}]*\}|\([^)]*\)|;[^\n]*")
_ALGEBRAIC_MOVE = re.compile(r"\b[a-h][1-8]\s*[-x:]\s*[a-h][1-8]", re.IGNORECASE)
_NUMERIC_MOVE = re.compile(r"\b\d{1,2}\s*[-x:]\s*\d{1,2}\b")


def detect_notation(text: str, board: int, default: str) -> str:
    """The notation most of the text's moves are written in; `default` when it has none.

    On 100 squares only the numeric notation exists (RULES.md).
    """
    if int(board) != 64:
        return Notation.NUMERIC
    body = _COMMENT.sub(" ", _TAG.sub(" ", text or ""))
    # Move numbers ("12.") are not moves; results ("1-0", "2-0") are not either, but they
    # count once at most and a sheet has many moves.
    algebraic = len(_ALGEBRAIC_MOVE.findall(body))
    numeric = len(_NUMERIC_MOVE.findall(body))
    if algebraic == numeric == 0:
        return default
    return Notation.ALGEBRAIC if algebraic > numeric else Notation.NUMERIC


def is_algebraic(written: str) -> bool:
    """Whether one move is written with letters (c3-d4) rather than numbers (22-18)."""
    return any(char.isalpha() and char.lower() not in "x" for char in written)


def as_written(written: str, variant: Variant) -> str:
    """ "18-13 (d4-a5)": the move as the player wrote it, then in the other notation (only the
    64-square board has two); the text alone when it cannot be read."""
    try:
        squares, capture = parse_squares(written, variant)
    except InvalidMoveError:
        return written
    if not variant.algebraic:
        return written
    other = write_squares(squares, capture, variant, not is_algebraic(written))
    return f"{written} ({other})"
