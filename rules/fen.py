"""PDN FEN, read and written: `W:W21,22,K5:B1,2,3` (numeric) or `W:Wa1,c1,Kd4:Bb8` (8x8 algebraic).

Reading is lenient with what real PDN files contain (whitespace, a trailing '.', surrounding
quotes, ranges such as `1-12` or `K1-3`, empty piece lists, a trailing comma) and
strict with everything else: each problem raises `InvalidFenError` naming it.
"""

from __future__ import annotations

import re

from rules.errors import InvalidFenError
from rules.geometry import algebraic_to_square, square_to_algebraic
from rules.variants import Variant

__all__ = ["parse_fen", "write_fen"]

_NUMERIC = re.compile(r"\d+")
_ALGEBRAIC = re.compile(r"[a-zA-Z]\d+")


def _square(token: str, fen: str, variant: Variant) -> int:
    """One square of a piece list, numeric or (8x8) algebraic."""
    if _NUMERIC.fullmatch(token):
        # int() refuses a text of thousands of digits with a ValueError of its own.
        square = int(token) if len(token) <= 4 else None
        if square is None or not 1 <= square <= variant.squares:
            raise InvalidFenError(
                fen,
                "square",
                f"square {token if square is None else square} does not exist on the "
                f"{variant.name} board (1-{variant.squares})",
            )
        return square
    if _ALGEBRAIC.fullmatch(token):
        if not variant.algebraic:
            raise InvalidFenError(
                fen,
                "algebraic",
                f"algebraic square {token!r} is not used on the {variant.name} board; "
                f"use 1-{variant.squares}",
            )
        try:
            return algebraic_to_square(token, variant)
        except ValueError as exc:
            raise InvalidFenError(fen, "square", str(exc)) from None
    raise InvalidFenError(fen, "square", f"{token!r} is not a square")


def parse_fen(fen: str, variant: Variant) -> tuple[str, dict[int, tuple[str, bool]]]:
    """Read a FEN: returns the side to move ("W" or "B") and {square: (colour, is_king)}."""
    if not isinstance(fen, str):
        raise InvalidFenError(repr(fen), "empty", "a FEN must be a string")
    text = "".join(fen.split())
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1]
    text = text.rstrip(".")
    if not text:
        raise InvalidFenError(fen, "empty", "the FEN is empty")
    fields = text.split(":")
    turn = fields[0].upper()
    if turn not in ("W", "B"):
        raise InvalidFenError(fen, "turn", f"the side to move must be W or B, found {fields[0]!r}")
    pieces: dict[int, tuple[str, bool]] = {}
    seen_colours: set[str] = set()
    for field in fields[1:]:
        if not field:
            raise InvalidFenError(fen, "syntax", "empty field between ':' separators")
        colour = field[0].upper()
        if colour not in ("W", "B"):
            raise InvalidFenError(
                fen, "colour", f"a piece list must start with W or B, found {field!r}"
            )
        if colour in seen_colours:
            raise InvalidFenError(
                fen, "duplicate-colour", f"the pieces of {colour} are listed twice"
            )
        seen_colours.add(colour)
        for token in field[1:].split(","):
            if not token:
                continue  # "W:W:B1" (no white piece) or a trailing comma
            king = token[0] in "Kk"
            body = token[1:] if king else token
            if "-" in body:
                first, _, last = body.partition("-")
                low, high = _square(first, fen, variant), _square(last, fen, variant)
                if low > high:
                    raise InvalidFenError(fen, "range", f"range {body!r} runs backwards")
                squares = range(low, high + 1)
            else:
                squares = range(_square(body, fen, variant), _square(body, fen, variant) + 1)
            for square in squares:
                if square in pieces:
                    raise InvalidFenError(
                        fen, "duplicate-square", f"square {square} is given twice"
                    )
                pieces[square] = (colour, king)
    if len(fields) == 1:
        raise InvalidFenError(fen, "syntax", "no piece lists: expected e.g. 'W:W21,22:B1,2'")
    return turn, pieces


def write_fen(
    turn: str, pieces: dict[int, tuple[str, bool]], variant: Variant, *, algebraic: bool = False
) -> str:
    """Write a FEN: men first, then kings, each ascending by numeric square."""
    if algebraic and not variant.algebraic:
        raise ValueError(f"{variant.name} squares have no algebraic names")

    def name(square: int) -> str:
        return square_to_algebraic(square, variant) if algebraic else str(square)

    parts = [turn]
    for colour in ("W", "B"):
        men = [name(sq) for sq, (c, king) in sorted(pieces.items()) if c == colour and not king]
        kings = ["K" + name(sq) for sq, (c, king) in sorted(pieces.items()) if c == colour and king]
        parts.append(colour + ",".join(men + kings))
    return ":".join(parts)
